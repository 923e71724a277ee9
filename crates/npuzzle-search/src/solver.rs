//! Choosing and running an algorithm: [`Solver`] prepares a goal once (tables, heuristics) and
//! solves any number of positions with it.

use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::Duration;

use npuzzle_core::{Board, Goal, Move, Size};

use crate::algorithm::anytime::{self, Anytime, LinesFirst};
use crate::algorithm::best_first::{BestFirst, Priority};
use crate::algorithm::constructive::{Constructive, Streamed};
use crate::algorithm::idastar::{IdaStar, SplitSearch};
use crate::algorithm::rbfs::Rbfs;
use crate::algorithm::table::DistanceTable;
use crate::algorithm::{Method, Sink};
use crate::any_heuristic::{AnyHeuristic, HeuristicKind, dispatch};
use crate::error::{SolveError, Unsupported};
use crate::heuristic::Heuristic;
use crate::learned::{Network, Ranking};
use crate::limits::{Limit, Limits};
use crate::method::Algorithm;
use crate::puzzle::Puzzle;
use crate::solution::Solution;
use crate::start::Start;
use crate::thresholds::{self, AUTO_ANYTIME_CELLS, AUTO_OPTIMAL_CELLS, AUTO_TABLE_CELLS};

/// What to run: algorithm, heuristic, weight and limits.
///
/// ```
/// use std::time::Duration;
/// use npuzzle_search::{Algorithm, HeuristicKind, Limits, Options};
/// let options = Options {
///     algorithm: Algorithm::IdaStar,
///     heuristic: Some(HeuristicKind::LinearConflict),
///     limits: Limits::default().timeout(Duration::from_secs(10)),
///     ..Options::default()
/// };
/// assert_eq!(options.budget, npuzzle_search::DEFAULT_BUDGET);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// The algorithm ([`Algorithm::Auto`] by default).
    pub algorithm: Algorithm,
    /// The heuristic (the best one for the board when `None`).
    pub heuristic: Option<HeuristicKind>,
    /// The weight of weighted A* (2 by default).
    pub weight: f64,
    /// Node, time and memory limits.
    pub limits: Limits,
    /// Search one position on every core (IDA*; not in WebAssembly). For batches, leave it off
    /// and solve several positions at once instead.
    pub parallel: bool,
    /// The time the anytime solver spends shortening its solution (10 s by default).
    pub budget: Duration,
    /// The trained network that ranks the anytime solver's beams with
    /// [`HeuristicKind::Learned`] (or `auto` where it ranks), instead of the shipped one for the
    /// board ([`crate::learned::builtin`]); boards it was not trained for are ranked by linear
    /// conflict, and their solutions say so.
    pub model: Option<Arc<Network>>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            algorithm: Algorithm::Auto,
            heuristic: None,
            weight: DEFAULT_WEIGHT,
            limits: Limits::default(),
            parallel: false,
            budget: DEFAULT_BUDGET,
            model: None,
        }
    }
}

/// The anytime solver's default time budget.
pub const DEFAULT_BUDGET: Duration = Duration::from_secs(10);

/// Weighted A*'s default weight.
pub const DEFAULT_WEIGHT: f64 = 2.0;

/// How the positions of one board size are solved: the method that gives the answer and every
/// stage it runs, in order, each with the reason it runs ([`Stage::reason`]).
///
/// ```
/// use npuzzle_search::{plan, Stage};
/// for stage in &plan("6".parse().unwrap(), false).stages {
///     println!("{stage:?}: {}", stage.reason());
/// }
/// assert_eq!(plan("4".parse().unwrap(), true).stages, [Stage::IdaStar { databases: true, half_budget: false }]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The method that gives the answer.
    pub method: Algorithm,
    /// Whether optimal IDA* is tried first for half the time budget (easy positions are then
    /// proved optimal); the anytime solver takes over when it runs out.
    pub optimal_first: bool,
    /// The stages, in the order they run.
    pub stages: Vec<Stage>,
}

/// A stage of a [`Plan`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// The complete distance table, built once per goal.
    Table,
    /// IDA*, optimal; with pattern databases or not; for half the time budget when the anytime
    /// solver takes over after it.
    IdaStar {
        /// Whether it searches with pattern databases.
        databases: bool,
        /// Whether it gets half the time budget only.
        half_budget: bool,
    },
    /// Another best-first or depth-first search named by the caller (A*, RBFS, weighted A*,
    /// greedy).
    Search(Algorithm),
    /// The constructive solver: a first solution at once (or the answer, past 32×32).
    Constructive,
    /// The constructive solver's lines until a 16×16 region remains, which the stages after
    /// it search.
    Lines,
    /// Reduction: the top row and left column placed by beams, down to 6×6.
    Reduction,
    /// Beam searches of growing width, in one view or shared among views of the problem.
    Beams {
        /// Whether the time is shared among views (backward, mirrored).
        views: bool,
    },
    /// Optimal endings and window shortening of the best path.
    Shortening,
}

impl Stage {
    /// Why the stage runs (the thresholds are in [`crate::thresholds`]).
    ///
    /// ```
    /// use npuzzle_search::{plan, Stage};
    /// let ten = plan("10".parse().unwrap(), false);
    /// assert!(ten.stages.contains(&Stage::Reduction));
    /// assert!(Stage::Reduction.reason().contains("7x7"));
    /// ```
    pub fn reason(self) -> &'static str {
        match self {
            Stage::Table => "at most 9 cells: every position is answered from a complete table",
            Stage::IdaStar {
                half_budget: true, ..
            } => "pattern databases are at hand: optimal search first, for half the time budget",
            Stage::IdaStar { .. } => "optimal search is within reach on a board this size",
            Stage::Search(_) => "the method asked for",
            Stage::Constructive => "a first solution at once, of any size",
            Stage::Lines => "past 16x16: lines placed first, the last 16x16 region searched",
            Stage::Reduction => "larger than 7x7: lines placed by beams beat whole-board beams",
            Stage::Beams { views: true } => {
                "up to 6x6: beams in four views of the problem, each wrong in other places"
            }
            Stage::Beams { views: false } => "beams of growing width within the time budget",
            Stage::Shortening => "the time left shortens the best path",
        }
    }
}

impl Plan {
    /// The plan of `method` (not `auto`: see [`plan`]) for boards of `size`, with or without
    /// pattern databases.
    ///
    /// ```
    /// use npuzzle_search::{Algorithm, Plan, Stage};
    /// let plan = Plan::of(Algorithm::Anytime, "5".parse().unwrap(), false, false);
    /// assert_eq!(plan.stages.first(), Some(&Stage::Constructive));
    /// assert!(plan.stages.contains(&Stage::Beams { views: true }));
    /// ```
    pub fn of(method: Algorithm, size: Size, databases: bool, optimal_first: bool) -> Plan {
        let cells = size.cells();
        let mut stages = Vec::new();
        if optimal_first {
            stages.push(Stage::IdaStar {
                databases,
                half_budget: true,
            });
        }
        match method {
            Algorithm::Table => stages.push(Stage::Table),
            Algorithm::IdaStar => stages.push(Stage::IdaStar {
                databases,
                half_budget: false,
            }),
            Algorithm::Constructive | Algorithm::Auto => stages.push(Stage::Constructive),
            Algorithm::Anytime => {
                stages.push(Stage::Constructive);
                let region = if thresholds::places_lines_first(cells) {
                    stages.push(Stage::Lines);
                    thresholds::LARGE_REGION * thresholds::LARGE_REGION
                } else {
                    cells
                };
                if thresholds::reduces(region) {
                    stages.push(Stage::Reduction);
                }
                stages.push(Stage::Beams {
                    views: thresholds::shares_views(region),
                });
                stages.push(Stage::Shortening);
            }
            other => stages.push(Stage::Search(other)),
        }
        Plan {
            method,
            optimal_first,
            stages,
        }
    }
}

/// What `auto` does with a position of `size`, given whether pattern databases are at hand for
/// it: the one place this choice is made (the command line, the games, the web page and the
/// benchmark all reach it through [`Solver`]).
///
/// - with databases: IDA* (optimal); on boards above 16 cells it gets half the time budget
///   before the anytime solver takes over;
/// - at most [`AUTO_TABLE_CELLS`]: the complete distance table (optimal, instant);
/// - at most [`AUTO_OPTIMAL_CELLS`]: IDA* with walking distance (optimal);
/// - at most [`AUTO_ANYTIME_CELLS`]: the anytime solver within the time budget;
/// - larger: the constructive solver (streamed, any size).
///
/// ```
/// use npuzzle_search::{plan, Algorithm, Stage};
/// assert_eq!(plan("3".parse().unwrap(), false).method, Algorithm::Table);
/// assert_eq!(plan("5".parse().unwrap(), false).method, Algorithm::Anytime);
/// assert!(plan("5".parse().unwrap(), true).optimal_first);
/// assert_eq!(plan("16".parse().unwrap(), false).method, Algorithm::Anytime);
/// let large = plan("32".parse().unwrap(), false);
/// assert_eq!(large.method, Algorithm::Anytime);
/// assert_eq!(&large.stages[..3], &[Stage::Constructive, Stage::Lines, Stage::Reduction]);
/// assert_eq!(plan("33".parse().unwrap(), false).method, Algorithm::Constructive);
/// ```
pub fn plan(size: Size, databases: bool) -> Plan {
    let cells = size.cells();
    let (method, optimal_first) = match cells {
        _ if databases && cells <= AUTO_OPTIMAL_CELLS => (Algorithm::IdaStar, false),
        _ if databases => (Algorithm::Anytime, true),
        _ if cells <= AUTO_TABLE_CELLS => (Algorithm::Table, false),
        _ if cells <= AUTO_OPTIMAL_CELLS => (Algorithm::IdaStar, false),
        _ if cells <= AUTO_ANYTIME_CELLS => (Algorithm::Anytime, false),
        _ => (Algorithm::Constructive, false),
    };
    Plan::of(method, size, databases, optimal_first)
}

/// What the user should know about how a board size is solved, as data; its text is its
/// `Display`.
///
/// ```
/// use npuzzle_core::Goal;
/// use npuzzle_search::{Note, Options, Solver};
/// let goal = Goal::BlankLast.board("6".parse().unwrap()).unwrap();
/// let note = Solver::new(&goal, Options::default()).unwrap().note().cloned();
/// assert!(matches!(note, Some(Note::Anytime { .. })));
/// assert!(note.unwrap().to_string().starts_with("auto: optimal solving of a 6x6 board"));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum Note {
    /// `auto` searches optimally with pattern databases for half the time budget, then hands
    /// over to the anytime solver.
    OptimalFirst {
        /// The time budget.
        budget: Duration,
    },
    /// `auto` gives a board optimal search cannot reach to the anytime solver.
    Anytime {
        /// The board's size.
        size: Size,
        /// The time budget.
        budget: Duration,
    },
    /// `auto` gives a board past the anytime solver's reach to the constructive solver.
    Constructive {
        /// The board's size.
        size: Size,
    },
    /// The learned ranking was asked for, but no model fits the board: linear conflict ranks.
    NoModel {
        /// The board's size.
        size: Size,
        /// Why no model fits (none ships for it, or the one given is for another board or goal).
        why: String,
    },
}

impl std::fmt::Display for Note {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Note::OptimalFirst { budget } => write!(
                f,
                "auto: optimal search with pattern databases for half of the {:.0} s time \
                 budget, then the anytime solver",
                budget.as_secs_f64()
            ),
            Note::Anytime { size, budget } => write!(
                f,
                "auto: optimal solving of a {size} board is out of reach here: the anytime \
                 solver shortens its solution for the {:.0} s time budget",
                budget.as_secs_f64()
            ),
            Note::Constructive { size } => write!(
                f,
                "auto: the constructive solver for a {size} board; the anytime solver gives \
                 shorter solutions up to 32x32"
            ),
            Note::NoModel { size, why } => write!(
                f,
                "learned: {why}, so the {size} board's beams are ranked by linear conflict"
            ),
        }
    }
}

/// The last region a reduction of `goal`'s board leaves (lines first, then reduction, past
/// 16x16), as a puzzle: what a network ranks there. `None` for goals reduction does not take.
fn last_region(goal: &Board) -> Option<Puzzle> {
    let size = goal.size();
    if Goal::BlankLast.board(size).as_ref() != Ok(goal) {
        return None;
    }
    let side = thresholds::REDUCE_FINAL_SIDE;
    let region = Size::new(size.width().min(side), size.height().min(side)).ok()?;
    Puzzle::new(&Goal::BlankLast.board(region).ok()?).ok()
}

/// Why no network can rank `ranked` (the board, or a reduction's last region), if none can: the
/// model given was made for another board or goal, or none ships for it.
fn unranked(model: Option<&Network>, ranked: Option<&Puzzle>) -> Option<String> {
    let Some(ranked) = ranked else {
        return Some("no board of it is searched with a network".into());
    };
    match model {
        Some(model) => model.fits(ranked).err().map(|foreign| foreign.to_string()),
        None => crate::learned::builtin(ranked)
            .is_none()
            .then(|| format!("no model ships for {}", ranked.size())),
    }
}

/// A goal prepared for solving: the algorithm resolved, its tables built.
///
/// ```
/// use npuzzle_core::{Board, Goal};
/// use npuzzle_search::{Algorithm, Options, Solver};
/// let goal = Goal::BlankLast.board("3".parse().unwrap()).unwrap();
/// let solver = Solver::new(&goal, Options::default()).unwrap();
/// assert_eq!(solver.algorithm(), Algorithm::Table);
/// let solution = solver.solve(&"8 6 7/2 5 4/3 0 1".parse().unwrap()).unwrap();
/// assert_eq!((solution.moves.len(), solution.optimal), (31, true));
/// ```
#[derive(Debug)]
pub struct Solver {
    puzzle: Option<Puzzle>,
    goal: Board,
    algorithm: Algorithm,
    /// The method and its stages ([`plan`] for `auto`).
    plan: Plan,
    heuristic: Option<AnyHeuristic>,
    /// Whether the anytime solver's beams are ranked by learned networks where they fit.
    learned: bool,
    options: Options,
    table: Option<DistanceTable>,
    note: Option<Note>,
}

impl Solver {
    /// Prepares `goal` for `options`: resolves `auto` ([`plan`]), builds a distance table or the
    /// heuristic the method uses.
    pub fn new(goal: &Board, options: Options) -> Result<Solver, SolveError> {
        Solver::prepare(goal, options, None)
    }

    /// Prepares `goal` with a heuristic the caller built (pattern databases from files), for
    /// IDA*, RBFS, the A* family or the anytime solver (`auto` follows [`plan`] with databases).
    pub fn with_heuristic(
        goal: &Board,
        options: Options,
        heuristic: AnyHeuristic,
    ) -> Result<Solver, SolveError> {
        if matches!(
            options.algorithm,
            Algorithm::Table | Algorithm::Constructive
        ) {
            return Err(Unsupported::NoHeuristic(options.algorithm).into());
        }
        Solver::prepare(goal, options, Some(heuristic))
    }

    fn prepare(
        goal: &Board,
        options: Options,
        given: Option<AnyHeuristic>,
    ) -> Result<Solver, SolveError> {
        let size = goal.size();
        let chosen = match options.algorithm {
            Algorithm::Auto => plan(size, given.is_some()),
            method => Plan::of(method, size, given.is_some(), false),
        };
        let algorithm = match chosen.method {
            Algorithm::Anytime if chosen.optimal_first => Algorithm::IdaStar,
            method => method,
        };
        if options.heuristic == Some(HeuristicKind::Learned)
            && !matches!(options.algorithm, Algorithm::Auto | Algorithm::Anytime)
        {
            return Err(Unsupported::LearnedRanking.into());
        }
        let puzzle = Solver::puzzle(goal, algorithm, &chosen)?;
        let (table, heuristic) = match (&puzzle, algorithm) {
            (Some(puzzle), Algorithm::Table) => (
                Some(DistanceTable::build(puzzle, options.limits.clone())?),
                None,
            ),
            (Some(_), _) if given.is_some() => (None, given),
            (Some(puzzle), _) => (None, Some(Solver::heuristic(puzzle, &options)?)),
            (None, _) => (None, None),
        };
        let learned = chosen.method == Algorithm::Anytime
            && (options.heuristic == Some(HeuristicKind::Learned)
                || (options.heuristic.is_none()
                    && !chosen.optimal_first
                    && thresholds::learned_ranks(size.cells())));
        let note = Solver::note_of(goal, &options, &chosen, puzzle.as_ref(), learned);
        Ok(Solver {
            puzzle,
            goal: goal.clone(),
            algorithm,
            plan: chosen,
            heuristic,
            learned,
            options,
            table,
            note,
        })
    }

    /// The puzzle the method searches (none for the constructive solver, nor past 16x16, where
    /// the anytime solver places lines first and prepares its region itself).
    fn puzzle(
        goal: &Board,
        algorithm: Algorithm,
        plan: &Plan,
    ) -> Result<Option<Puzzle>, SolveError> {
        let size = goal.size();
        match algorithm {
            Algorithm::Constructive => Ok(None),
            Algorithm::Anytime if size.cells() > anytime::MAX_CELLS => Err(SolveError::TooLarge {
                size,
                max_cells: anytime::MAX_CELLS,
            }),
            Algorithm::Anytime if plan.stages.contains(&Stage::Lines) => Ok(None),
            _ => Ok(Some(Puzzle::new(goal)?)),
        }
    }

    /// What the user should know: why `auto` chose its method on a large board, or why the
    /// learned ranking asked for cannot rank (which takes precedence).
    fn note_of(
        goal: &Board,
        options: &Options,
        plan: &Plan,
        puzzle: Option<&Puzzle>,
        learned: bool,
    ) -> Option<Note> {
        let size = goal.size();
        if options.heuristic == Some(HeuristicKind::Learned) {
            // A reduction's last region where the board is reduced, else the whole board.
            let ranked = (learned && thresholds::reduces(size.cells()))
                .then(|| last_region(goal))
                .flatten()
                .or_else(|| puzzle.cloned());
            if let Some(why) = unranked(options.model.as_deref(), ranked.as_ref()) {
                return Some(Note::NoModel { size, why });
            }
        }
        if options.algorithm != Algorithm::Auto || size.cells() <= AUTO_OPTIMAL_CELLS {
            return None;
        }
        let budget = options.budget;
        Some(match plan {
            Plan {
                optimal_first: true,
                ..
            } => Note::OptimalFirst { budget },
            Plan {
                method: Algorithm::Anytime,
                ..
            } => Note::Anytime { size, budget },
            _ => Note::Constructive { size },
        })
    }

    /// The heuristic `options` ask for, or the best for the board: walking distance where its
    /// tables stay small, else linear conflict (the bound beside a learned ranking too).
    fn heuristic(puzzle: &Puzzle, options: &Options) -> Result<AnyHeuristic, SolveError> {
        let kind = match options.heuristic {
            Some(HeuristicKind::Learned) => Some(HeuristicKind::LinearConflict),
            kind => kind,
        };
        let kind = kind.unwrap_or(if puzzle.cells() <= AUTO_OPTIMAL_CELLS {
            HeuristicKind::WalkingDistance
        } else {
            HeuristicKind::LinearConflict
        });
        match AnyHeuristic::new(kind, puzzle) {
            Err(SolveError::Unsupported(_)) if options.heuristic.is_none() => {
                AnyHeuristic::new(HeuristicKind::LinearConflict, puzzle)
            }
            built => built,
        }
    }

    /// The algorithm that runs (what `auto` chose; with [`Solver::optimal_first`], the anytime
    /// solver takes over from it when half the budget is spent).
    pub fn algorithm(&self) -> Algorithm {
        self.algorithm
    }

    /// Whether optimal search is tried first, then the anytime solver.
    pub fn optimal_first(&self) -> bool {
        self.plan.optimal_first
    }

    /// The plan: the method and every stage it runs, each with its reason.
    ///
    /// ```
    /// use npuzzle_core::Goal;
    /// use npuzzle_search::{Options, Solver, Stage};
    /// let goal = Goal::BlankLast.board("3".parse().unwrap()).unwrap();
    /// assert_eq!(Solver::new(&goal, Options::default()).unwrap().plan().stages, [Stage::Table]);
    /// ```
    pub fn plan(&self) -> &Plan {
        &self.plan
    }

    /// Why `auto` chose what it did, or why a ranking asked for is not used, when the user
    /// should know.
    pub fn note(&self) -> Option<&Note> {
        self.note.as_ref()
    }

    /// The goal.
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// The options it was prepared with.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Solves `board`; the solution has been replayed to the goal.
    pub fn solve(&self, board: &Board) -> Result<Solution, SolveError> {
        self.solve_within(board, &self.options.limits)
    }

    /// Solves `board` within `limits` instead of the options' own: one prepared solver can
    /// serve requests that are each cancelled on their own (a game's hints, superseded by the
    /// next move).
    ///
    /// ```
    /// use npuzzle_core::Goal;
    /// use npuzzle_search::{Cancel, Limits, Options, Solver, SolveError};
    /// let goal = Goal::BlankLast.board("4".parse().unwrap()).unwrap();
    /// let solver = Solver::new(&goal, Options::default()).unwrap();
    /// let board = "0 12 9 13/15 11 10 14/3 7 2 5/4 8 6 1".parse().unwrap();
    /// let cancel = Cancel::new();
    /// cancel.cancel();
    /// let stopped = solver.solve_within(&board, &Limits::none().cancel(cancel));
    /// assert!(matches!(stopped, Err(SolveError::LimitReached { .. })));
    /// ```
    pub fn solve_within(&self, board: &Board, limits: &Limits) -> Result<Solution, SolveError> {
        self.run(&self.start(board)?, limits)
    }

    /// `board` checked against the goal: what [`Method::run`] takes.
    ///
    /// ```
    /// use npuzzle_core::Goal;
    /// use npuzzle_search::{algorithm::Method, Options, Solver};
    /// let goal = Goal::BlankLast.board("3".parse().unwrap()).unwrap();
    /// let solver = Solver::new(&goal, Options::default()).unwrap();
    /// let start = solver.start(&"1 2 3/4 5 6/7 0 8".parse().unwrap()).unwrap();
    /// assert_eq!(solver.run(&start, &solver.options().limits).unwrap().moves.len(), 1);
    /// assert!(solver.start(&"2 1 3/4 5 6/7 8 0".parse().unwrap()).is_err());
    /// ```
    pub fn start(&self, board: &Board) -> Result<Start, SolveError> {
        Start::new(board.clone(), self.goal.clone())
    }

    /// The first move of a solution from `board` (`None` when it is solved): a hint. The
    /// constructive solver stops after its first move, so a hint on any board, 1000×1000
    /// included, takes a moment.
    ///
    /// ```
    /// use npuzzle_core::{Generator, Goal};
    /// use npuzzle_search::{Limits, Options, Solver};
    /// let goal = Goal::BlankLast.board("200".parse().unwrap()).unwrap();
    /// let solver = Solver::new(&goal, Options::default()).unwrap();
    /// let board = Generator::new(1).random_position(&goal);
    /// let first = solver.first_move(&board, &Limits::default()).unwrap().unwrap();
    /// assert!(board.clone().apply(first).is_ok());
    /// assert_eq!(solver.first_move(&goal, &Limits::default()).unwrap(), None);
    /// ```
    pub fn first_move(&self, board: &Board, limits: &Limits) -> Result<Option<Move>, SolveError> {
        let mut first = None;
        let streamed = self.stream(&self.start(board)?, limits, &mut |m| {
            first = Some(m);
            ControlFlow::Break(())
        });
        match (streamed, first) {
            (_, Some(m)) => Ok(Some(m)),
            (Ok(_), None) => Ok(None),
            (Err(error), None) => Err(error),
        }
    }

    /// IDA* with this solver's heuristic, for a search split across processes or machines
    /// ([`SplitSearch`]); refused for the methods without one (the
    /// table, the constructive solver).
    ///
    /// ```
    /// use npuzzle_core::Goal;
    /// use npuzzle_search::{Algorithm, Options, Solver};
    /// let goal = Goal::BlankLast.board("4".parse().unwrap()).unwrap();
    /// let solver = Solver::new(&goal, Options { algorithm: Algorithm::IdaStar, ..Options::default() }).unwrap();
    /// let start = solver.start(&"1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15".parse().unwrap()).unwrap();
    /// let bound = solver.split_search(|idastar| idastar.first_bound(&start)).unwrap();
    /// let split = solver.split_search(|idastar| idastar.split(&start, bound, 4)).unwrap();
    /// assert_eq!(split.found.map(|path| path.len()), Some(1));
    /// ```
    pub fn split_search<R>(
        &self,
        run: impl FnOnce(&dyn SplitSearch) -> Result<R, SolveError>,
    ) -> Result<R, SolveError> {
        let (Some(puzzle), Some(heuristic)) = (&self.puzzle, &self.heuristic) else {
            return Err(Unsupported::NoSplit(self.algorithm).into());
        };
        dispatch!(heuristic, |h| run(&IdaStar::new(puzzle, h)))
    }

    /// What ranks the anytime solver's beams.
    fn ranking(&self) -> Ranking<'_> {
        match self.learned {
            true => Ranking::Learned(self.options.model.as_deref()),
            false => Ranking::Heuristic,
        }
    }

    /// Calls `call` with the method prepared: the one place a [`Solver`]'s plan becomes a
    /// [`Method`].
    fn with_method<R>(&self, call: impl FnOnce(&dyn Method) -> R) -> R {
        if let Some(table) = &self.table {
            return call(table);
        }
        let budget = self.options.budget;
        let (Some(puzzle), Some(heuristic)) = (&self.puzzle, &self.heuristic) else {
            return match self.algorithm {
                Algorithm::Anytime => call(&LinesFirst {
                    budget,
                    ranking: self.ranking(),
                }),
                _ => call(&Constructive),
            };
        };
        let parallel = self.options.parallel;
        dispatch!(heuristic, |h| {
            let idastar = IdaStar {
                puzzle,
                h,
                parallel,
            };
            let priority = match self.algorithm {
                Algorithm::WeightedAStar => Priority::Weighted(self.options.weight),
                Algorithm::Greedy => Priority::Greedy,
                _ => Priority::AStar,
            };
            match self.algorithm {
                _ if self.plan.optimal_first => call(&OptimalFirst {
                    idastar,
                    budget,
                    ranking: self.ranking(),
                }),
                Algorithm::IdaStar => call(&idastar),
                Algorithm::Rbfs => call(&Rbfs { puzzle, h }),
                Algorithm::AStar | Algorithm::WeightedAStar | Algorithm::Greedy => {
                    call(&BestFirst {
                        puzzle,
                        h,
                        priority,
                    })
                }
                // The anytime solver: the table and the constructive solver, which have no
                // heuristic, were called above.
                _ => call(&Anytime {
                    ranking: self.ranking(),
                    ..Anytime::new(puzzle, h, budget)
                }),
            }
        })
    }
}

/// The solver's plan, run: its method on a checked start. Streamed, the constructive solver's
/// moves go to the sink as they are made (a 1000×1000 solution is never held in memory), the
/// other methods' once their search is done.
///
/// ```
/// use std::ops::ControlFlow;
/// use npuzzle_core::{Generator, Goal};
/// use npuzzle_search::{Limits, Method, Options, Solver};
/// let goal = Goal::BlankLast.board("40".parse().unwrap()).unwrap();
/// let solver = Solver::new(&goal, Options::default()).unwrap(); // auto: constructive
/// let board = Generator::new(3).random_position(&goal);
/// let mut end = board.clone();
/// let streamed = solver.stream(&solver.start(&board).unwrap(), &Limits::default(), &mut |m| {
///     end.apply(m).unwrap();
///     ControlFlow::Continue(())
/// }).unwrap();
/// assert_eq!(end, goal);
/// assert!(streamed.moves >= streamed.lower_bound);
/// ```
impl Method for Solver {
    fn run(&self, start: &Start, limits: &Limits) -> Result<Solution, SolveError> {
        self.with_method(|method| method.run(start, limits))
    }

    fn stream(&self, start: &Start, limits: &Limits, sink: Sink) -> Result<Streamed, SolveError> {
        self.with_method(|method| method.stream(start, limits, sink))
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
