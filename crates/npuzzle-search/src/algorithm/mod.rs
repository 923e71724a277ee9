//! The methods. Each is a value holding what it was prepared with (a puzzle and a heuristic, a
//! table, a time budget) and is called the same way, [`Method::run`], on a checked [`Start`]; each
//! honours [`Limits`] and returns a [`Solution`] verified by replay.

pub mod anytime;
pub mod best_first;
pub mod constructive;
pub mod idastar;
#[cfg(not(target_arch = "wasm32"))]
pub mod journal;
pub mod observe;
pub mod order;
mod parallel;
pub mod rbfs;
pub mod table;

use std::ops::ControlFlow;

use npuzzle_core::Size;
use npuzzle_heuristic::{Heuristic, Puzzle, fsm::Fsm};

use npuzzle_core::Move;

pub use self::constructive::Streamed;
use crate::error::SolveError;
use crate::limits::{Budget, Limits};
use crate::method::Algorithm;
use crate::solution::{self, Solution};
use crate::start::Start;
use crate::stats::Stats;

/// The move-pruning machine searches build in memory for a board of `size`, once per process, to
/// [`crate::thresholds::MACHINE_DEPTH`] (the store keeps the deeper ones long searches use).
///
/// ```
/// use npuzzle_search::algorithm::machine;
/// let size = "4".parse().unwrap();
/// assert!(std::ptr::eq(machine(size), machine(size)));
/// assert!(machine(size).identity().starts_with("fsm 4x4 depth 12"));
/// ```
pub fn machine(size: Size) -> &'static Fsm {
    let depth = crate::thresholds::MACHINE_DEPTH;
    Fsm::shared(size, depth, || Fsm::build(size, depth))
        .unwrap_or_else(|e| unreachable!("the depth of the table builds: {e}"))
}

/// Where a streamed solve hands its moves, one at a time; returning [`ControlFlow::Break`] stops
/// the solve.
pub type Sink<'a> = &'a mut dyn FnMut(Move) -> ControlFlow<()>;

/// A way to solve: every method is called the same way, on a checked [`Start`] within
/// [`Limits`], and hands its moves over whole ([`Method::run`]) or to a [`Sink`]
/// ([`Method::stream`]: as they come for the constructive solver, at once for the others).
///
/// ```
/// use npuzzle_core::Goal;
/// use npuzzle_search::algorithm::{Method, constructive::Constructive, idastar::IdaStar};
/// use npuzzle_search::{Limits, Puzzle, Start};
/// use npuzzle_heuristic::Manhattan;
/// let goal = Goal::BlankLast.board("3".parse().unwrap()).unwrap();
/// let start = Start::new("8 6 7/2 5 4/3 0 1".parse().unwrap(), goal.clone()).unwrap();
/// let puzzle = Puzzle::new(&goal).unwrap();
/// let h = Manhattan::for_puzzle(&puzzle);
/// let methods: [&dyn Method; 2] = [&IdaStar::new(&puzzle, &h), &Constructive];
/// for method in methods {
///     let solution = method.run(&start, &Limits::default()).unwrap();
///     assert!(solution.moves.len() >= 31);
/// }
/// ```
pub trait Method {
    /// Solves `start` within `limits`; the solution has been replayed to the goal.
    ///
    /// ```
    /// use npuzzle_core::Goal;
    /// use npuzzle_search::{algorithm::Method, Limits, Options, Solver, SolveError};
    /// let goal = Goal::BlankLast.board("4".parse().unwrap()).unwrap();
    /// let solver = Solver::new(&goal, Options::default()).unwrap(); // a Solver is a Method too
    /// let start = solver.start(&"0 12 9 13/15 11 10 14/3 7 2 5/4 8 6 1".parse().unwrap()).unwrap();
    /// let stopped = solver.run(&start, &Limits::none().nodes(1000));
    /// assert!(matches!(stopped, Err(SolveError::LimitReached { .. })));
    /// ```
    fn run(&self, start: &Start, limits: &Limits) -> Result<Solution, SolveError>;

    /// Solves `start` within `limits`, handing each move to `sink`, which stops the solve by
    /// returning [`ControlFlow::Break`] (it then ends with [`SolveError::Stopped`]). By default
    /// the moves of [`Method::run`]'s solution, once it is found.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use npuzzle_core::Goal;
    /// use npuzzle_search::algorithm::{Method, constructive::Constructive};
    /// use npuzzle_search::{Limits, Start};
    /// let goal = Goal::BlankLast.board("3".parse().unwrap()).unwrap();
    /// let start = Start::new("1 2 3/4 5 6/0 7 8".parse().unwrap(), goal).unwrap();
    /// let mut moves = Vec::new();
    /// let streamed = Constructive.stream(&start, &Limits::default(), &mut |m| {
    ///     moves.push(m);
    ///     ControlFlow::Continue(())
    /// }).unwrap();
    /// assert_eq!((streamed.moves, moves.len()), (2, 2));
    /// ```
    fn stream(&self, start: &Start, limits: &Limits, sink: Sink) -> Result<Streamed, SolveError> {
        let solution = self.run(start, limits)?;
        if solution.moves.iter().any(|&m| sink(m).is_break()) {
            return Err(SolveError::Stopped);
        }
        Ok(Streamed {
            moves: solution.moves.len() as u64,
            lower_bound: solution.lower_bound.into(),
            stats: solution.stats,
        })
    }
}

/// What a depth-first search (IDA*, RBFS) carries down the tree: the position, changed in place
/// move by move, the path to it, its statistics and its limits.
pub(crate) struct Walk<'a, H: Heuristic> {
    pub(crate) puzzle: &'a Puzzle,
    pub(crate) h: &'a H,
    pub(crate) cells: Vec<u8>,
    pub(crate) path: Vec<Move>,
    pub(crate) stats: Stats,
    pub(crate) budget: Budget,
}

impl<'a, H: Heuristic> Walk<'a, H> {
    /// A walk from `cells`, reached by `path`, within `budget`.
    pub(crate) fn new(
        puzzle: &'a Puzzle,
        h: &'a H,
        cells: Vec<u8>,
        path: Vec<Move>,
        budget: Budget,
    ) -> Self {
        Walk {
            puzzle,
            h,
            cells,
            path,
            stats: Stats::default(),
            budget,
        }
    }
}

/// Where every heuristic search starts: the position as bytes, its heuristic state, and the
/// heuristic's lower bound rounded up to the parity every solution has.
pub(crate) struct Root<S> {
    cells: Vec<u8>,
    state: S,
    lower_bound: u32,
}

/// The root of a search of `start` prepared as `puzzle` with heuristic `h` (refused if `start`
/// was checked against another goal).
pub(crate) fn root<H: Heuristic>(
    puzzle: &Puzzle,
    h: &H,
    start: &Start,
) -> Result<Root<H::State>, SolveError> {
    same_goal(puzzle, start)?;
    let cells = puzzle.bytes(start.board());
    let state = h.start(&cells);
    let value = h.value(&state);
    let lower_bound = value + ((value ^ solution_parity(start)) & 1);
    Ok(Root {
        cells,
        state,
        lower_bound,
    })
}

/// The parity of every solution of `start`: each move takes the blank one cell, so a solution's
/// length has the parity of the blank's distance from its cell in the goal. (A heuristic need not
/// have it: misplaced tiles does not. IDA*'s thresholds keep the first one's parity, and a deep
/// machine's moribund states are skipped only where a solution must have exactly the
/// threshold's length.)
fn solution_parity(start: &Start) -> u32 {
    let ((r, c), (gr, gc)) = (start.board().blank_coords(), start.goal().blank_coords());
    (r.abs_diff(gr) + c.abs_diff(gc)) as u32 & 1
}

/// Refuses a start checked against another goal than the one `puzzle` was prepared for.
pub(crate) fn same_goal(puzzle: &Puzzle, start: &Start) -> Result<(), SolveError> {
    if start.goal() != puzzle.goal() {
        return Err(SolveError::OtherGoal);
    }
    Ok(())
}

/// The solution a search found, replayed from the start to the goal before it is returned.
pub(crate) fn finish<H: Heuristic>(
    h: &H,
    start: &Start,
    found: Found,
    stats: Stats,
) -> Result<Solution, SolveError> {
    solution::verify(
        start.board(),
        start.goal(),
        Solution {
            moves: found.moves,
            optimal: found.optimal,
            bound: found.bound,
            algorithm: found.algorithm,
            heuristic: h.kind(),
            ranking: None,
            lower_bound: found.lower_bound,
            stats,
            stopped: None,
            proof: crate::solution::Proof::Search,
        },
    )
}

/// What a heuristic search found, before it is checked.
pub(crate) struct Found {
    moves: Vec<Move>,
    optimal: bool,
    bound: Option<f64>,
    algorithm: Algorithm,
    lower_bound: u32,
}
