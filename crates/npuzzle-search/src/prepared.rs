//! A [`Plan`] prepared: [`Prepared`] holds, for the method the plan names, exactly what that
//! method needs (a table; a puzzle and its heuristic; a time budget and a ranking), so a
//! combination the plan cannot run cannot be built. [`crate::Solver`] makes one per goal and runs
//! it; nothing downstream decides again.

use std::sync::Arc;
use std::time::Duration;

use npuzzle_core::{Board, Size};

use crate::algorithm::anytime::{self, Anytime, LinesFirst};
use crate::algorithm::best_first::{BestFirst, Priority};
use crate::algorithm::constructive::{Constructive, Streamed};
use crate::algorithm::idastar::IdaStar;
use crate::algorithm::rbfs::Rbfs;
use crate::algorithm::table::DistanceTable;
use crate::algorithm::{Method, Sink};
use crate::error::{SolveError, Unsupported};
use crate::limits::{Limit, Limits};
use crate::method::{Algorithm, RankingKind};
use crate::options::Options;
use crate::plan::{Plan, Stage};
use crate::solution::Solution;
use crate::start::Start;
use crate::stats::Stats;
use crate::thresholds::{self, AUTO_OPTIMAL_CELLS};
use npuzzle_heuristic::{AnyHeuristic, Heuristic, HeuristicKind, Puzzle, dispatch, fsm::Fsm};
use npuzzle_learned::{Network, Ranking};

/// A plan ready to run: the method with what it was prepared with.
///
/// ```
/// use npuzzle_core::Goal;
/// use npuzzle_search::{Options, Prepared, Solver};
/// let goal = Goal::BlankLast.board("3".parse().unwrap()).unwrap();
/// let solver = Solver::new(&goal, Options::default()).unwrap();
/// assert!(matches!(solver.prepared(), Prepared::Table(_)));
/// ```
#[derive(Debug)]
// One per goal, made once and never moved in a loop: boxing the heuristic would only add a
// pointer to follow at every node.
#[allow(clippy::large_enum_variant)]
pub enum Prepared {
    /// The complete distance table.
    Table(DistanceTable),
    /// The constructive solver (no search, any size).
    Constructive,
    /// Past 16×16: lines placed first, the region they leave given to the anytime solver.
    LinesFirst {
        /// The anytime solver's time budget.
        budget: Duration,
        /// What ranks the region's beams.
        rank: Rank,
    },
    /// A search of the goal's puzzle with a heuristic.
    Search {
        /// The goal, prepared.
        puzzle: Puzzle,
        /// The heuristic: the lower bound, and the ranking where [`Rank::Heuristic`] ranks.
        heuristic: AnyHeuristic,
        /// Which search.
        search: Search,
        /// The move-pruning machine IDA* walks with (the store's deeper one beside databases).
        machine: &'static Fsm,
    },
}

/// The searches a [`Prepared::Search`] runs.
#[derive(Debug)]
pub enum Search {
    /// IDA*, on one core or every core.
    IdaStar {
        /// Whether one position is searched on every core.
        parallel: bool,
    },
    /// Recursive best-first search.
    Rbfs,
    /// A*, weighted A* or greedy best-first search.
    BestFirst(Priority),
    /// The anytime solver.
    Anytime {
        /// Its time budget.
        budget: Duration,
        /// What ranks its beams.
        rank: Rank,
    },
    /// IDA* for half the time budget, then the anytime solver from the bound it proved.
    OptimalFirst {
        /// Whether IDA* searches on every core.
        parallel: bool,
        /// The whole time budget.
        budget: Duration,
        /// What ranks the anytime solver's beams.
        rank: Rank,
    },
}

/// What ranks the anytime solver's beams, owned (the borrowed form each run takes is
/// [`Ranking`]).
#[derive(Clone, Debug, Default)]
pub enum Rank {
    /// The heuristic, focused.
    #[default]
    Heuristic,
    /// Learned networks: the one given, else the shipped one for the board (and for a
    /// reduction's last region).
    Learned(Option<Arc<Network>>),
}

impl Rank {
    fn ranking(&self) -> Ranking<'_> {
        match self {
            Rank::Heuristic => Ranking::Heuristic,
            Rank::Learned(model) => Ranking::Learned(model.as_deref()),
        }
    }

    /// What `options` ask to rank `plan`'s beams with: the learned ranking when asked for, or
    /// by default where the plan's beams have no optimal search before them and the board is
    /// one [`thresholds::learned_ranks`] names.
    pub(crate) fn of(options: &Options, plan: &Plan, size: Size) -> Rank {
        let learned = match options.ranking {
            Some(kind) => kind == RankingKind::Learned,
            None => {
                options.heuristic.is_none()
                    && !plan.optimal_first
                    && thresholds::learned_ranks(size.cells())
            }
        };
        match learned {
            true => Rank::Learned(options.model.clone()),
            false => Rank::Heuristic,
        }
    }
}

impl Prepared {
    /// `plan` prepared toward `goal` with `options`: the table built, or the heuristic (`given`,
    /// else the one `options` ask for) and the machine (`machine`, else the board's in memory),
    /// for the method the plan names.
    pub(crate) fn new(
        goal: &Board,
        plan: &Plan,
        options: &Options,
        given: Option<AnyHeuristic>,
        machine: Option<&'static Fsm>,
    ) -> Result<Prepared, SolveError> {
        let (budget, parallel) = (options.budget, options.parallel);
        let rank = || Rank::of(options, plan, goal.size());
        let search = match plan.method {
            Algorithm::Table => {
                let puzzle = Puzzle::new(goal)?;
                return Ok(Prepared::Table(DistanceTable::build(
                    &puzzle,
                    options.limits.clone(),
                )?));
            }
            Algorithm::Constructive | Algorithm::Auto => return Ok(Prepared::Constructive),
            Algorithm::Anytime if goal.size().cells() > anytime::MAX_CELLS => {
                return Err(SolveError::TooLarge {
                    size: goal.size(),
                    max_cells: anytime::MAX_CELLS,
                });
            }
            Algorithm::Anytime if plan.stages.contains(&Stage::Lines) => {
                let rank = rank();
                return Ok(Prepared::LinesFirst { budget, rank });
            }
            Algorithm::Anytime if plan.optimal_first => Search::OptimalFirst {
                parallel,
                budget,
                rank: rank(),
            },
            Algorithm::Anytime => Search::Anytime {
                budget,
                rank: rank(),
            },
            Algorithm::IdaStar => Search::IdaStar { parallel },
            Algorithm::Rbfs => Search::Rbfs,
            Algorithm::AStar => Search::BestFirst(Priority::AStar),
            Algorithm::WeightedAStar => Search::BestFirst(Priority::Weighted(options.weight)),
            Algorithm::Greedy => Search::BestFirst(Priority::Greedy),
        };
        let puzzle = Puzzle::new(goal)?;
        let heuristic = match given {
            Some(given) => given,
            None => heuristic(&puzzle, options)?,
        };
        let machine = machine.unwrap_or_else(|| crate::algorithm::machine(goal.size()));
        Ok(Prepared::Search {
            puzzle,
            heuristic,
            search,
            machine,
        })
    }

    /// The ranking the beams get, if the prepared method has beams.
    pub fn rank(&self) -> Option<&Rank> {
        match self {
            Prepared::LinesFirst { rank, .. }
            | Prepared::Search {
                search: Search::Anytime { rank, .. } | Search::OptimalFirst { rank, .. },
                ..
            } => Some(rank),
            _ => None,
        }
    }

    /// Calls `call` with the method prepared: the one place a plan becomes a [`Method`].
    fn with_method<R>(&self, call: impl FnOnce(&dyn Method) -> R) -> R {
        let (puzzle, heuristic, search, fsm) = match self {
            Prepared::Table(table) => return call(table),
            Prepared::Constructive => return call(&Constructive),
            Prepared::LinesFirst { budget, rank } => {
                let ranking = rank.ranking();
                return call(&LinesFirst {
                    budget: *budget,
                    ranking,
                });
            }
            Prepared::Search {
                puzzle,
                heuristic,
                search,
                machine,
            } => (puzzle, heuristic, search, *machine),
        };
        dispatch!(heuristic, |h| match search {
            Search::IdaStar { parallel } => call(&IdaStar {
                puzzle,
                h,
                parallel: *parallel,
                ordered: true,
                fsm,
            }),
            Search::Rbfs => call(&Rbfs { puzzle, h }),
            Search::BestFirst(priority) => call(&BestFirst {
                puzzle,
                h,
                priority: *priority,
            }),
            Search::Anytime { budget, rank } => call(&Anytime {
                ranking: rank.ranking(),
                ..Anytime::new(puzzle, h, *budget)
            }),
            Search::OptimalFirst {
                parallel,
                budget,
                rank,
            } => call(&OptimalFirst {
                idastar: IdaStar {
                    puzzle,
                    h,
                    parallel: *parallel,
                    ordered: true,
                    fsm,
                },
                budget: *budget,
                ranking: rank.ranking(),
            }),
        })
    }
}

/// The heuristic `options` ask for, or the best for the board: walking distance where its
/// tables stay small, else linear conflict (the bound beside a learned ranking too).
fn heuristic(puzzle: &Puzzle, options: &Options) -> Result<AnyHeuristic, SolveError> {
    let kind = options
        .heuristic
        .unwrap_or(if puzzle.cells() <= AUTO_OPTIMAL_CELLS {
            HeuristicKind::WalkingDistance
        } else {
            HeuristicKind::LinearConflict
        });
    match AnyHeuristic::new(kind, puzzle) {
        Err(_) if options.heuristic.is_none() => {
            Ok(AnyHeuristic::new(HeuristicKind::LinearConflict, puzzle)?)
        }
        built => Ok(built?),
    }
}

/// The prepared plan, run: its method on a checked start (see [`crate::Solver`]'s own `Method`).
impl Method for Prepared {
    fn run(&self, start: &Start, limits: &Limits) -> Result<Solution, SolveError> {
        self.may_begin(limits)?;
        self.with_method(|method| method.run(start, limits))
    }

    fn stream(&self, start: &Start, limits: &Limits, sink: Sink) -> Result<Streamed, SolveError> {
        self.may_begin(limits)?;
        self.with_method(|method| method.stream(start, limits, sink))
    }
}

impl Prepared {
    /// Whether a search with `limits` may begin: not when it is cancelled already (a batch
    /// stopped by Ctrl-C starts none of the positions left, and writes none of their journals),
    /// nor when it names a journal the plan cannot keep.
    fn may_begin(&self, limits: &Limits) -> Result<(), SolveError> {
        if limits.cancelled() {
            return Err(SolveError::LimitReached {
                limit: Limit::Cancelled,
                stats: Stats::default(),
            });
        }
        self.keeps(limits)
    }

    /// Refuses a journal (see [`Limits::journal`]) unless the plan is IDA* alone, the only
    /// method that keeps one.
    fn keeps(&self, limits: &Limits) -> Result<(), SolveError> {
        match self {
            _ if limits.journal.is_none() => Ok(()),
            Prepared::Search {
                search: Search::IdaStar { .. },
                ..
            } => Ok(()),
            _ => Err(Unsupported::Journal.into()),
        }
    }
}

/// IDA* for half the budget; if it runs out, the anytime solver for the rest, starting from the
/// lower bound IDA* proved.
struct OptimalFirst<'a, H> {
    idastar: IdaStar<'a, H>,
    budget: Duration,
    ranking: Ranking<'a>,
}

impl<H: Heuristic + Sync> Method for OptimalFirst<'_, H> {
    fn run(&self, start: &Start, limits: &Limits) -> Result<Solution, SolveError> {
        let half = self.budget / 2;
        let optimal_limits = limits
            .clone()
            .timeout(limits.timeout.map_or(half, |t| t.min(half)));
        let spent = match self.idastar.run(start, &optimal_limits) {
            Err(SolveError::LimitReached {
                limit: Limit::Time(_),
                stats,
            }) if limits.timeout.is_none_or(|t| t > half) => stats,
            finished => return finished,
        };
        let mut rest = limits.clone();
        rest.timeout = limits.timeout.map(|t| t.saturating_sub(spent.elapsed));
        rest.max_nodes = limits.max_nodes.map(|n| n.saturating_sub(spent.expanded));
        let IdaStar { puzzle, h, .. } = self.idastar;
        let anytime = Anytime {
            known_bound: spent.proved_bound,
            ranking: self.ranking,
            ..Anytime::new(puzzle, h, self.budget.saturating_sub(spent.elapsed))
        };
        let mut solution = anytime.run(start, &rest)?;
        solution.stats.expanded += spent.expanded;
        solution.stats.generated += spent.generated;
        solution.stats.elapsed += spent.elapsed;
        Ok(solution)
    }
}
