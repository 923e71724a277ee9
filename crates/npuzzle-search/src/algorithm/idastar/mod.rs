//! IDA* (Korf 1985): iterative-deepening depth-first search on f = g + h.

#[cfg(not(target_arch = "wasm32"))]
pub mod driver;
mod ordered;
mod split;
#[cfg(not(target_arch = "wasm32"))]
pub mod threads;
mod tree;

pub use split::{Outcome, Split, SplitSearch, Subtree};

use std::sync::atomic::AtomicBool;

use self::tree::{Node, Search, Tree};
use super::constructive::Constructive;
use super::observe::{Event, Observer, Quiet};
use super::{Found, Method, Root, finish, root};
use crate::error::SolveError;
use crate::limits::{Budget, Limit, Limits};
use crate::method::Algorithm;
use crate::solution::Solution;
use crate::start::Start;
use npuzzle_heuristic::{Heuristic, Puzzle, fsm::Fsm};

/// IDA* (optimal) with heuristic `h` (which must be admissible) for the goal of `puzzle`; with
/// `parallel`, each iteration's tree is split a few moves deep into subtrees searched on every
/// core (not in WebAssembly, where it searches on one).
///
/// Depth-first searches with growing thresholds on f = g + h, each threshold the smallest f that
/// exceeded the last. Memory is the path only; moves are applied and undone in place; the move
/// that would undo the previous one is never generated, nor any move that would complete a
/// sequence a smaller one does the work of (its [`Fsm`]). Optimal for any admissible heuristic.
/// In parallel, the first subtree to reach the goal stops the others; the solution is still
/// optimal, since every solution within an iteration's bound has exactly that length, and node
/// and time limits apply to the whole search.
///
/// ```
/// use npuzzle_core::Goal;
/// use npuzzle_search::{algorithm::{Method, idastar::IdaStar}, Limits, Puzzle, Start};
/// use npuzzle_heuristic::Manhattan;
/// let goal = Goal::BlankLast.board("4".parse().unwrap()).unwrap();
/// let start = Start::new("5 1 3 4/2 0 7 8/9 6 10 12/13 14 11 15".parse().unwrap(), goal.clone()).unwrap();
/// let puzzle = Puzzle::new(&goal).unwrap();
/// let h = Manhattan::for_puzzle(&puzzle);
/// let solution = IdaStar::new(&puzzle, &h).run(&start, &Limits::default()).unwrap();
/// assert_eq!((solution.moves.len(), solution.optimal), (8, true));
/// let parallel = IdaStar { parallel: true, ..IdaStar::new(&puzzle, &h) };
/// assert_eq!(parallel.run(&start, &Limits::default()).unwrap().moves.len(), 8);
/// let ordered = IdaStar { ordered: true, ..IdaStar::new(&puzzle, &h) };
/// assert_eq!(ordered.run(&start, &Limits::default()).unwrap().moves.len(), 8);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct IdaStar<'a, H> {
    /// The goal, prepared.
    pub puzzle: &'a Puzzle,
    /// The heuristic (admissible).
    pub h: &'a H,
    /// Whether each iteration is searched on every core.
    pub parallel: bool,
    /// Whether, on one core, each iteration is cut a few moves deep and its subtrees searched
    /// nearest the goal first, by what the iteration before learned (fewer nodes in the last
    /// iteration: a quarter fewer on Korf's 100), rather than in the order of the moves, as the
    /// textbook does and as a watched search always does. On every core the subtrees are always
    /// taken nearest first.
    pub ordered: bool,
    /// The move sequences never searched (duplicates of smaller ones).
    pub fsm: &'a Fsm,
}

impl<'a, H> IdaStar<'a, H> {
    /// IDA* toward `puzzle`'s goal with `h`, on one core, in the order of the moves (the
    /// textbook's), skipping the duplicate paths of [`crate::algorithm::machine`].
    ///
    /// ```
    /// use npuzzle_core::Goal;
    /// use npuzzle_search::{algorithm::idastar::IdaStar, Puzzle};
    /// use npuzzle_heuristic::Manhattan;
    /// let puzzle = Puzzle::new(&Goal::BlankLast.board("3".parse().unwrap()).unwrap()).unwrap();
    /// let h = Manhattan::for_puzzle(&puzzle);
    /// let idastar = IdaStar::new(&puzzle, &h);
    /// assert!(!idastar.parallel && !idastar.ordered);
    /// ```
    pub fn new(puzzle: &'a Puzzle, h: &'a H) -> IdaStar<'a, H> {
        IdaStar {
            puzzle,
            h,
            parallel: false,
            ordered: false,
            fsm: crate::algorithm::machine(puzzle.size()),
        }
    }
}

impl<'a, H> IdaStar<'a, H> {
    /// The tree this search walks.
    fn tree(&self) -> Tree<'a, H> {
        Tree {
            puzzle: self.puzzle,
            h: self.h,
            fsm: self.fsm,
        }
    }
}

impl<H: Heuristic + Sync> Method for IdaStar<'_, H> {
    fn run(&self, start: &Start, limits: &Limits) -> Result<Solution, SolveError> {
        #[cfg(not(target_arch = "wasm32"))]
        if self.parallel || limits.journal.is_some() {
            return threads::solve(self, start, limits.clone());
        }
        if self.ordered {
            return ordered::solve(self, start, limits.clone());
        }
        solve(self, start, limits.clone())
    }
}

/// IDA* on one core.
pub(crate) fn solve<H: Heuristic>(
    idastar: &IdaStar<H>,
    start: &Start,
    limits: Limits,
) -> Result<Solution, SolveError> {
    watched(idastar, start, limits, Quiet).0
}

impl<H: Heuristic> IdaStar<'_, H> {
    /// IDA* on one core, every step reported to `observer` (a new threshold, each node expanded
    /// with its g and h, each child generated or pruned and why, the solution); the observer is
    /// handed back with the answer. The answer and its counts are those of the search unwatched.
    ///
    /// ```
    /// use npuzzle_core::Goal;
    /// use npuzzle_search::algorithm::{Method, idastar::IdaStar, observe::Counts};
    /// use npuzzle_search::{Limits, Puzzle, Start};
    /// use npuzzle_heuristic::Manhattan;
    /// let goal = Goal::BlankLast.board("3".parse().unwrap()).unwrap();
    /// let start = Start::new("8 6 7/2 5 4/3 0 1".parse().unwrap(), goal.clone()).unwrap();
    /// let puzzle = Puzzle::new(&goal).unwrap();
    /// let h = Manhattan::for_puzzle(&puzzle);
    /// let idastar = IdaStar::new(&puzzle, &h);
    /// let (solution, counts) = idastar.watch(&start, &Limits::none(), Counts::default());
    /// let solution = solution.unwrap();
    /// assert_eq!(solution.moves.len(), 31);
    /// assert_eq!(counts.expanded, solution.stats.expanded);
    /// assert_eq!(counts.iterations, u64::from(solution.stats.iterations));
    /// let unwatched = idastar.run(&start, &Limits::none()).unwrap();
    /// assert_eq!((solution.moves, solution.stats.generated), (unwatched.moves, unwatched.stats.generated));
    /// ```
    pub fn watch<O: Observer>(
        &self,
        start: &Start,
        limits: &Limits,
        observer: O,
    ) -> (Result<Solution, SolveError>, O) {
        watched(self, start, limits.clone(), observer)
    }
}

/// IDA* on one core, watched by `observer`.
fn watched<H: Heuristic, O: Observer>(
    idastar: &IdaStar<H>,
    start: &Start,
    limits: Limits,
    observer: O,
) -> (Result<Solution, SolveError>, O) {
    let IdaStar { puzzle, h, .. } = *idastar;
    let Root {
        cells,
        state,
        lower_bound,
    } = match root(puzzle, h, start) {
        Ok(root) => root,
        Err(error) => return (Err(error), observer),
    };
    let never = AtomicBool::new(false);
    let budget = Budget::new(limits);
    let mut search = Search::watched(&idastar.tree(), cells, Vec::new(), budget, &never, observer);
    let mut bound = lower_bound;
    let mut ceiling = Ceiling::default();
    let ended = loop {
        search.walk.stats.iterations += 1;
        search.next_bound = u32::MAX;
        if O::WATCHING {
            search.observer.event(&Event::Iteration { bound });
        }
        let node = Node {
            blank: start.board().blank(),
            g: 0,
            state,
            machine: search.fsm.start(start.board().blank()),
        };
        match search.dfs(&node, bound, None) {
            Ok(true) => break Ok(()),
            Ok(false) if search.next_bound == u32::MAX => {
                break Err(SolveError::Internal(
                    "IDA* exhausted a solvable space".to_string(),
                ));
            }
            Ok(false) => {
                bound = next_threshold(bound, search.next_bound);
                if let Err(error) = ceiling.check(start, bound) {
                    break Err(error);
                }
            }
            Err(limit) => break Err(stopped(&mut search, limit, bound)),
        }
    };
    let answer = ended.and_then(|()| {
        let moves = std::mem::take(&mut search.walk.path);
        solved(&mut search, start, moves, lower_bound, 0)
    });
    (answer, search.observer)
}

/// What a search stopped by `limit` in the iteration of threshold `bound` gives: the limit and
/// the statistics so far.
fn stopped<H: Heuristic, O>(search: &mut Search<H, O>, limit: Limit, bound: u32) -> SolveError {
    let stats = &mut search.walk.stats;
    stats.elapsed = search.walk.budget.elapsed();
    stats.proved_bound = bound;
    let stats = std::mem::take(stats);
    SolveError::LimitReached { limit, stats }
}

/// The solution `moves` that `search` found from `start`, replayed, with its statistics; `held`
/// is what it kept in memory beside its path.
fn solved<H: Heuristic, O>(
    search: &mut Search<H, O>,
    start: &Start,
    moves: Vec<npuzzle_core::Move>,
    lower_bound: u32,
    held: u64,
) -> Result<Solution, SolveError> {
    let stats = &mut search.walk.stats;
    stats.elapsed = search.walk.budget.elapsed();
    stats.peak_nodes = moves.len() as u64 + 1;
    stats.peak_memory = (moves.len() * std::mem::size_of::<H::State>()) as u64 + held;
    let found = Found {
        moves,
        optimal: true,
        bound: None,
        algorithm: Algorithm::IdaStar,
        lower_bound,
    };
    finish(search.walk.h, start, found, std::mem::take(stats))
}

/// The threshold after the iteration at `bound`, whose least f-value past it was `least`
/// (`u32::MAX`: none): `least` rounded up to `bound`'s parity. Every solution has the parity of
/// the blank's distance from its goal cell, and so has the first threshold (the heuristic's
/// value rounded up to it), so no solution lies between; a value a lazy lookup stopped at, or
/// of a heuristic without that parity (misplaced tiles), can be off it.
///
/// ```
/// use npuzzle_search::algorithm::idastar::next_threshold;
/// assert_eq!(next_threshold(40, 42), 42);
/// assert_eq!(next_threshold(40, 41), 42);
/// assert_eq!(next_threshold(40, u32::MAX), u32::MAX);
/// ```
pub fn next_threshold(bound: u32, least: u32) -> u32 {
    if least == u32::MAX {
        return least;
    }
    least.saturating_add((least ^ bound) & 1)
}

/// The most an IDA* threshold may reach: [`most_moves`] of the start (found the first time a
/// threshold is raised). No threshold of an admissible heuristic passes the optimum; one past it
/// means the heuristic overestimates (a database damaged in a way its checks cannot see), and the
/// search would never end.
#[derive(Default)]
pub(crate) struct Ceiling {
    most: Option<usize>,
}

impl Ceiling {
    /// Refuses a threshold `bound` past a solution of `start`.
    pub(crate) fn check(&mut self, start: &Start, bound: u32) -> Result<(), SolveError> {
        let most = match self.most {
            Some(most) => most,
            None => *self.most.insert(most_moves(start)?),
        };
        if bound as usize > most {
            return Err(SolveError::Internal(format!(
                "the heuristic overestimates: IDA*'s threshold reached {bound}, past a solution \
                 of {most} moves (a damaged pattern database?)"
            )));
        }
        Ok(())
    }
}

/// A length no optimal solution of `start` exceeds: the most any position of its board needs
/// where that is known (31 within 3×3, the 8-puzzle's; 80 on the 4×4, the 15-puzzle's, by the
/// complete breadth-first search of Brüngger, Marzetta, Fukuda and Nievergelt, 1999), elsewhere
/// the length of the constructive solver's solution, found at once.
pub(crate) fn most_moves(start: &Start) -> Result<usize, SolveError> {
    let board = start.board();
    match (board.width(), board.height()) {
        (..=3, ..=3) => Ok(31),
        (4, 4) => Ok(80),
        _ => Ok(Constructive.run(start, &Limits::none())?.moves.len()),
    }
}
