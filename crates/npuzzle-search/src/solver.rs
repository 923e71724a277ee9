//! Choosing and running an algorithm: [`Solver`] prepares a goal once (tables, heuristics) and
//! solves any number of positions with it.

use std::ops::ControlFlow;

use npuzzle_core::{Board, Goal, Move, Size};

use crate::algorithm::constructive::Streamed;
use crate::algorithm::idastar::{IdaStar, SplitSearch};
use crate::algorithm::{Method, Sink};
use crate::error::{SolveError, Unsupported};
use crate::limits::Limits;
use crate::method::{Algorithm, RankingKind};
use crate::options::Options;
use crate::plan::{Note, Plan, plan};
use crate::prepared::Prepared;
use crate::solution::Solution;
use crate::start::Start;
use crate::thresholds::{self, AUTO_OPTIMAL_CELLS};
use npuzzle_heuristic::{AnyHeuristic, Puzzle, dispatch, fsm::Fsm};

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

/// A goal prepared for solving: the plan decided ([`plan`] for `auto`) and prepared
/// ([`Prepared`]: its table or heuristic built, its ranking chosen).
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
    goal: Board,
    /// The method and its stages ([`plan`] for `auto`).
    plan: Plan,
    /// The plan, ready to run.
    prepared: Prepared,
    options: Options,
    note: Option<Note>,
}

impl Solver {
    /// Prepares `goal` for `options`: resolves `auto` ([`plan`]), builds a distance table or the
    /// heuristic the method uses.
    pub fn new(goal: &Board, options: Options) -> Result<Solver, SolveError> {
        Solver::prepare(goal, options, None, None)
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
        Solver::prepare(goal, options, Some(heuristic), None)
    }

    /// [`Solver::with_heuristic`], IDA* pruning with `machine` (the store's deeper machine,
    /// [`npuzzle_heuristic::pdb::Store::machine`]) in place of the board's in memory.
    pub fn with_databases(
        goal: &Board,
        options: Options,
        heuristic: AnyHeuristic,
        machine: &'static Fsm,
    ) -> Result<Solver, SolveError> {
        if matches!(
            options.algorithm,
            Algorithm::Table | Algorithm::Constructive
        ) {
            return Err(Unsupported::NoHeuristic(options.algorithm).into());
        }
        if machine.size() != goal.size() {
            return Err(SolveError::Internal(format!(
                "a machine for {} on a {} board",
                machine.size(),
                goal.size()
            )));
        }
        Solver::prepare(goal, options, Some(heuristic), Some(machine))
    }

    /// Settings to plan, plan to prepared method: the one road every solve takes.
    fn prepare(
        goal: &Board,
        options: Options,
        given: Option<AnyHeuristic>,
        machine: Option<&'static Fsm>,
    ) -> Result<Solver, SolveError> {
        let options = options.unaliased()?;
        let size = goal.size();
        let plan = match options.algorithm {
            Algorithm::Auto => plan(size, given.is_some()),
            method => Plan::of(method, size, given.is_some(), false),
        };
        let prepared = Prepared::new(goal, &plan, &options, given, machine)?;
        let note = Solver::note_of(goal, &options, &plan, &prepared);
        Ok(Solver {
            goal: goal.clone(),
            plan,
            prepared,
            options,
            note,
        })
    }

    /// What the user should know: why the learned ranking asked for cannot rank (which takes
    /// precedence), or why `auto` chose its method on a large board.
    fn note_of(goal: &Board, options: &Options, plan: &Plan, prepared: &Prepared) -> Option<Note> {
        let size = goal.size();
        if options.ranking == Some(RankingKind::Learned)
            && let Some(why) = Solver::unranked(goal, options, prepared)
        {
            return Some(Note::NoModel { size, why });
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

    /// Why no network ranks what the prepared plan ranks (a reduction's last region where the
    /// board is reduced, else the whole board), if none can: the method has no beams, the model
    /// given was made for another board or goal, or none ships for it.
    fn unranked(goal: &Board, options: &Options, prepared: &Prepared) -> Option<String> {
        let whole = match prepared {
            Prepared::Search { puzzle, .. } if prepared.rank().is_some() => Some(puzzle),
            Prepared::LinesFirst { .. } => None,
            _ => return Some("no board of it is searched with a network".into()),
        };
        let region = thresholds::reduces(goal.size().cells())
            .then(|| last_region(goal))
            .flatten();
        let Some(ranked) = region.as_ref().or(whole) else {
            return Some("no board of it is searched with a network".into());
        };
        match options.model.as_deref() {
            Some(model) => model.fits(ranked).err().map(|foreign| foreign.to_string()),
            None => npuzzle_learned::builtin(ranked)
                .is_none()
                .then(|| format!("no model ships for {}", ranked.size())),
        }
    }

    /// The algorithm that runs (what `auto` chose; with [`Solver::optimal_first`], the anytime
    /// solver takes over from it when half the budget is spent).
    pub fn algorithm(&self) -> Algorithm {
        self.plan.first_method()
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
    /// use npuzzle_search::{Algorithm, Limits, Options, Solver};
    /// let goal = Goal::BlankLast.board("4".parse().unwrap()).unwrap();
    /// let solver = Solver::new(&goal, Options { algorithm: Algorithm::IdaStar, ..Options::default() }).unwrap();
    /// let start = solver.start(&"1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15".parse().unwrap()).unwrap();
    /// let bound = solver.split_search(|idastar| idastar.first_bound(&start)).unwrap();
    /// let split = solver.split_search(|idastar| idastar.split(&start, bound, 4, &Limits::none())).unwrap();
    /// assert_eq!(split.found.map(|path| path.len()), Some(1));
    /// ```
    pub fn split_search<R>(
        &self,
        run: impl FnOnce(&(dyn SplitSearch + Sync)) -> Result<R, SolveError>,
    ) -> Result<R, SolveError> {
        let Prepared::Search {
            puzzle,
            heuristic,
            machine,
            ..
        } = &self.prepared
        else {
            return Err(Unsupported::NoSplit(self.algorithm()).into());
        };
        let fsm = *machine;
        dispatch!(heuristic, |h| run(&IdaStar {
            puzzle,
            h,
            parallel: false,
            ordered: false,
            fsm
        }))
    }

    /// Solves `board` on one core, every step of the search reported to `watch` as it happens
    /// ([`crate::algorithm::observe::Event`]); the answer and its counts are those of the
    /// search unwatched on one core, IDA* in the order of the moves, as the textbook has it
    /// ([`IdaStar::new`]; [`Solver::solve`] takes each iteration's subtrees nearest the goal
    /// first, which may expand fewer nodes and find another solution of the same length).
    /// IDA*, RBFS, A*, weighted A* and greedy search, and the complete table (built again, each
    /// layer of its breadth-first search reported); the constructive and the anytime solvers are
    /// refused.
    ///
    /// ```
    /// use npuzzle_core::Goal;
    /// use npuzzle_search::{Algorithm, Limits, Options, Solver};
    /// let goal = Goal::BlankLast.board("3".parse().unwrap()).unwrap();
    /// let solver = Solver::new(&goal, Options { algorithm: Algorithm::IdaStar, ..Options::default() }).unwrap();
    /// let mut events = 0;
    /// let solution = solver.watch(&"1 2 3/0 4 6/7 5 8".parse().unwrap(), &Limits::none(), &mut |_| events += 1).unwrap();
    /// assert_eq!((solution.moves.len(), events), (3, 13));
    /// ```
    pub fn watch(
        &self,
        board: &Board,
        limits: &Limits,
        watch: &mut dyn FnMut(&crate::algorithm::observe::Event<'_>),
    ) -> Result<Solution, SolveError> {
        use crate::algorithm::best_first::BestFirst;
        use crate::algorithm::observe::{Event, Observer, Watcher};
        use crate::algorithm::rbfs::Rbfs;
        use crate::prepared::Search;
        if let Prepared::Table(table) = &self.prepared {
            // The table's search is its build: watched, it is built again, layer by layer.
            let start = self.start(board)?;
            let mut watcher = Watcher(watch);
            let built =
                crate::DistanceTable::build_watched(table.puzzle(), limits.clone(), &mut watcher)?;
            let solution = built.run(&start, limits)?;
            watcher.event(&Event::Solution {
                moves: &solution.moves,
            });
            return Ok(solution);
        }
        let Prepared::Search {
            puzzle,
            heuristic,
            search,
            machine,
        } = &self.prepared
        else {
            return Err(Unsupported::NotWatched(self.algorithm()).into());
        };
        let fsm = *machine;
        let start = self.start(board)?;
        let watcher = Watcher(watch);
        dispatch!(heuristic, |h| match *search {
            Search::IdaStar { .. } => {
                let idastar = IdaStar {
                    puzzle,
                    h,
                    parallel: false,
                    ordered: false,
                    fsm,
                };
                idastar.watch(&start, limits, watcher).0
            }
            Search::Rbfs => Rbfs { puzzle, h }.watch(&start, limits, watcher).0,
            Search::BestFirst(priority) =>
                BestFirst {
                    puzzle,
                    h,
                    priority
                }
                .watch(&start, limits, watcher)
                .0,
            _ => Err(Unsupported::NotWatched(self.algorithm()).into()),
        })
    }

    /// The plan prepared: what runs, with what it was prepared with.
    pub fn prepared(&self) -> &Prepared {
        &self.prepared
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
        self.prepared.run(start, limits)
    }

    fn stream(&self, start: &Start, limits: &Limits, sink: Sink) -> Result<Streamed, SolveError> {
        self.prepared.stream(start, limits, sink)
    }
}
