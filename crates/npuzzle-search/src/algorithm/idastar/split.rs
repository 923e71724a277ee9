//! IDA* as a split search: an iteration cut into subtrees, one subtree searched, the goal's path
//! made a solution: what the split search's driver (`driver.rs`) asks of the search it shares out.

use std::sync::atomic::AtomicBool;

use npuzzle_core::Move;

use super::IdaStar;
use super::tree::{Cut, Node, Search};
use crate::algorithm::{Found, Root, finish, root};
use crate::error::SolveError;
use crate::limits::{Budget, Limit, Limits};
use crate::method::Algorithm;
use crate::solution::Solution;
use crate::start::Start;
use crate::stats::Stats;
use npuzzle_heuristic::Heuristic;

/// One IDA* iteration cut into subtrees, for a search shared out across processes or machines
/// ([`SplitSearch::split`]): the goal's path if it lies above the cut, else the paths to every
/// subtree within the threshold, and the least f-value past it among the rest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Split {
    /// The goal's path, when the cut reached it.
    pub found: Option<Vec<Move>>,
    /// The moves from the start to each subtree's root.
    pub paths: Vec<Vec<Move>>,
    /// The least f-value past the threshold among the nodes above the cut (`u32::MAX`: none).
    pub next_bound: u32,
    /// The nodes the cut expanded.
    pub stats: Stats,
}

/// What searching one subtree with a threshold found ([`SplitSearch::subtree`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subtree {
    /// The goal's path from the start, when it lies in the subtree within the threshold.
    pub found: Option<Vec<Move>>,
    /// The least f-value past the threshold in the subtree (`u32::MAX`: none).
    pub next_bound: u32,
    /// The least heuristic value among the nodes the search expanded (`None`: it expanded
    /// none), for [`crate::algorithm::journal::Keeper::finished`].
    pub nearest: Option<u32>,
    /// The nodes the search expanded.
    pub stats: Stats,
}

/// How the search of one subtree ended.
#[derive(Clone, Debug)]
pub enum Outcome {
    /// Searched whole, or the goal reached in it.
    Searched(Subtree),
    /// Its share of a limit ran out (or the search was cancelled) with these nodes spent.
    Limited(Limit, Stats),
    /// Stopped by its transport because the driver said the search is over or paused:
    /// not finished, these nodes spent.
    Abandoned(Stats),
    /// Not searched: what went wrong.
    Failed(SolveError),
}

impl From<Result<Subtree, SolveError>> for Outcome {
    fn from(result: Result<Subtree, SolveError>) -> Outcome {
        match result {
            Ok(subtree) => Outcome::Searched(subtree),
            Err(SolveError::LimitReached { limit, stats }) => Outcome::Limited(limit, stats),
            Err(error) => Outcome::Failed(error),
        }
    }
}

/// An IDA* search to share out across processes or machines: its first threshold, an
/// iteration cut into subtrees, one subtree searched, and the goal's path made a solution.
/// [`crate::Solver::split_search`] gives one for a prepared solver.
pub trait SplitSearch {
    /// The first threshold of a search of `start`: the heuristic's value there.
    fn first_bound(&self, start: &Start) -> Result<u32, SolveError>;

    /// The search a journal of it belongs to (its heuristic and move-pruning machine).
    #[cfg(not(target_arch = "wasm32"))]
    fn identity(&self) -> crate::algorithm::journal::Identity;

    /// The iteration of threshold `bound` from `start`, cut a few moves deep into at least
    /// `subtrees` subtrees (fewer when the tree is smaller). Searching every subtree with
    /// [`SplitSearch::subtree`] is the iteration: the first goal found is optimal when the
    /// bound is raised each time to the least f-value that passed the last.
    ///
    /// ```
    /// use npuzzle_core::Goal;
    /// use npuzzle_search::{algorithm::idastar::IdaStar, Limits, Puzzle, SplitSearch, Start};
    /// use npuzzle_heuristic::Manhattan;
    /// let goal = Goal::BlankLast.board("3".parse().unwrap()).unwrap();
    /// let start = Start::new("8 6 7/2 5 4/3 0 1".parse().unwrap(), goal.clone()).unwrap();
    /// let puzzle = Puzzle::new(&goal).unwrap();
    /// let h = Manhattan::for_puzzle(&puzzle);
    /// let idastar = IdaStar::new(&puzzle, &h);
    /// let mut bound = idastar.first_bound(&start).unwrap();
    /// let length = loop {
    ///     let split = idastar.split(&start, bound, 16, &Limits::none()).unwrap();
    ///     if let Some(path) = split.found { break path.len(); }
    ///     let mut next = split.next_bound;
    ///     let mut found = None;
    ///     for path in &split.paths {
    ///         let subtree = idastar.subtree(&start, path, bound, &Limits::none()).unwrap();
    ///         next = next.min(subtree.next_bound);
    ///         found = found.or(subtree.found);
    ///     }
    ///     if let Some(path) = found { break path.len(); }
    ///     bound = next;
    /// };
    /// assert_eq!(length, 31);
    /// ```
    fn split(
        &self,
        start: &Start,
        bound: u32,
        subtrees: usize,
        limits: &Limits,
    ) -> Result<Split, SolveError>;

    /// Searches the subtree at the end of `path` (from [`SplitSearch::split`]) with threshold
    /// `bound`, within `limits`.
    fn subtree(
        &self,
        start: &Start,
        path: &[Move],
        bound: u32,
        limits: &Limits,
    ) -> Result<Subtree, SolveError>;

    /// Searches below `start`, a position one move (`came_by`) from another, with threshold
    /// `bound`, never undoing `came_by` first, and with a move-pruning machine started afresh:
    /// whether a neighbour of a position `d` away is `d − 1` away (a goal within `d − 1`) or
    /// `d + 1`. A path from the neighbour that undoes `came_by` first is two moves longer
    /// than one from the other position, so no path of `d − 1` is lost.
    ///
    /// ```
    /// use npuzzle_core::{Goal, Move};
    /// use npuzzle_search::{algorithm::idastar::IdaStar, Limits, Puzzle, SplitSearch, Start};
    /// use npuzzle_heuristic::Manhattan;
    /// let goal = Goal::BlankLast.board("3".parse().unwrap()).unwrap();
    /// let puzzle = Puzzle::new(&goal).unwrap();
    /// let h = Manhattan::for_puzzle(&puzzle);
    /// let idastar = IdaStar::new(&puzzle, &h);
    /// // Two moves from the goal; one of its neighbours is one move away, reached by Up.
    /// let mut near: npuzzle_core::Board = "1 2 3/4 0 6/7 5 8".parse().unwrap();
    /// near.apply(Move::Up).unwrap();
    /// let start = Start::new(near, goal).unwrap();
    /// let subtree = idastar.subtree_beside(&start, Move::Up, 1, &Limits::none()).unwrap();
    /// assert_eq!(subtree.found.map(|path| path.len()), Some(1));
    /// ```
    fn subtree_beside(
        &self,
        start: &Start,
        came_by: Move,
        bound: u32,
        limits: &Limits,
    ) -> Result<Subtree, SolveError>;

    /// [`SplitSearch::subtree`], given up as soon as `stop` is set
    /// ([`Outcome::Abandoned`]): how a transport stops the subtrees under way once the
    /// driver says the search is over.
    fn stoppable_subtree(
        &self,
        start: &Start,
        path: &[Move],
        bound: u32,
        limits: &Limits,
        stop: &AtomicBool,
    ) -> Outcome;

    /// The goal's path a split search found (the first at the least threshold, so optimal) as
    /// a solution, replayed to the goal, with the statistics of every part of the search.
    fn solution(
        &self,
        start: &Start,
        path: Vec<Move>,
        stats: Stats,
    ) -> Result<Solution, SolveError>;
}

impl<H: Heuristic> SplitSearch for IdaStar<'_, H> {
    fn first_bound(&self, start: &Start) -> Result<u32, SolveError> {
        Ok(root(self.puzzle, self.h, start)?.lower_bound)
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn identity(&self) -> crate::algorithm::journal::Identity {
        self.tree().identity()
    }

    fn split(
        &self,
        start: &Start,
        bound: u32,
        subtrees: usize,
        limits: &Limits,
    ) -> Result<Split, SolveError> {
        let begin = root(self.puzzle, self.h, start)?;
        let top = Cut {
            cells: begin.cells,
            blank: start.board().blank(),
            path: Vec::new(),
            state: begin.state,
            machine: self.fsm.start(start.board().blank()),
        };
        let mut stats = Stats::default();
        let cut = self
            .tree()
            .frontier(top, bound, subtrees.max(1), limits, &mut stats);
        Ok(match cut {
            Ok((splits, next_bound)) => Split {
                found: None,
                paths: splits.into_iter().map(|s| s.path).collect(),
                next_bound,
                stats,
            },
            Err(Ok(path)) => Split {
                found: Some(path),
                paths: Vec::new(),
                next_bound: u32::MAX,
                stats,
            },
            Err(Err(limit)) => return Err(SolveError::LimitReached { limit, stats }),
        })
    }

    fn solution(
        &self,
        start: &Start,
        path: Vec<Move>,
        stats: Stats,
    ) -> Result<Solution, SolveError> {
        let lower_bound = self.first_bound(start)?;
        let found = Found {
            moves: path,
            optimal: true,
            bound: None,
            algorithm: Algorithm::IdaStar,
            lower_bound,
        };
        finish(self.h, start, found, stats)
    }

    fn subtree(
        &self,
        start: &Start,
        path: &[Move],
        bound: u32,
        limits: &Limits,
    ) -> Result<Subtree, SolveError> {
        let never = AtomicBool::new(false);
        unstoppable(self.stoppable_subtree(start, path, bound, limits, &never))
    }

    fn subtree_beside(
        &self,
        start: &Start,
        came_by: Move,
        bound: u32,
        limits: &Limits,
    ) -> Result<Subtree, SolveError> {
        let never = AtomicBool::new(false);
        let from = Below {
            path: &[],
            came_by: Some(came_by),
        };
        unstoppable(self.subtree_within(start, from, bound, limits, &never)?)
    }

    fn stoppable_subtree(
        &self,
        start: &Start,
        path: &[Move],
        bound: u32,
        limits: &Limits,
        stop: &AtomicBool,
    ) -> Outcome {
        let from = Below {
            path,
            came_by: None,
        };
        match self.subtree_within(start, from, bound, limits, stop) {
            Ok(outcome) => outcome,
            Err(error) => Outcome::Failed(error),
        }
    }
}

/// The outcome of a search nothing stopped, as a result.
fn unstoppable(outcome: Outcome) -> Result<Subtree, SolveError> {
    match outcome {
        Outcome::Searched(subtree) => Ok(subtree),
        Outcome::Limited(limit, stats) => Err(SolveError::LimitReached { limit, stats }),
        Outcome::Failed(error) => Err(error),
        Outcome::Abandoned(_) => unreachable!("nothing sets the flag"),
    }
}

/// Where a subtree's search begins: at the end of `path` from the start, the start itself
/// reached by the move `came_by` when the path is empty.
#[derive(Clone, Copy)]
struct Below<'p> {
    path: &'p [Move],
    came_by: Option<Move>,
}

impl<H: Heuristic> IdaStar<'_, H> {
    /// The subtree at the end of `from`'s path searched within `bound` and `limits`, given up
    /// when `stop` is set.
    fn subtree_within(
        &self,
        start: &Start,
        from: Below,
        bound: u32,
        limits: &Limits,
        stop: &AtomicBool,
    ) -> Result<Outcome, SolveError> {
        let Root {
            mut cells,
            mut state,
            ..
        } = root(self.puzzle, self.h, start)?;
        let (path, previous) = (from.path, from.path.last().copied().or(from.came_by));
        let mut blank = start.board().blank();
        let Some(machine) = self.fsm.after(start.board().blank(), path) else {
            // A duplicate of a smaller path, which the split never hands out: nothing to search.
            return Ok(Outcome::Searched(Subtree {
                found: None,
                next_bound: u32::MAX,
                nearest: None,
                stats: Stats::default(),
            }));
        };
        for &m in path {
            let (source, _) = *self
                .puzzle
                .neighbours(blank)
                .iter()
                .find(|&&(_, n)| n == m)
                .ok_or_else(|| {
                    SolveError::Internal(format!("{} leaves the board", m.tile_letter()))
                })?;
            let (source, tile) = (source as usize, cells[source as usize]);
            cells[blank] = tile;
            cells[source] = 0;
            state = self.h.moved(&state, &cells, tile, source, blank);
            blank = source;
        }
        let g = path.len() as u32;
        let f = g + self.h.value(&state);
        if f > bound {
            return Ok(Outcome::Searched(Subtree {
                found: None,
                next_bound: f,
                nearest: None,
                stats: Stats::default(),
            }));
        }
        let budget = Budget::new(limits.clone());
        let tree = self.tree();
        let mut search = Search::new(&tree, cells, path.to_vec(), budget, stop);
        let node = Node {
            blank,
            g,
            state,
            machine,
        };
        let result = search.dfs(&node, bound, previous);
        search.walk.stats.elapsed = search.walk.budget.elapsed();
        let stats = std::mem::take(&mut search.walk.stats);
        Ok(match result {
            Ok(true) => Outcome::Searched(Subtree {
                found: Some(std::mem::take(&mut search.walk.path)),
                next_bound: u32::MAX,
                nearest: Some(0),
                stats,
            }),
            Ok(false) => Outcome::Searched(Subtree {
                found: None,
                next_bound: search.next_bound,
                nearest: search.nearest(),
                stats,
            }),
            Err(_) if search.abandoned => Outcome::Abandoned(stats),
            Err(limit) => Outcome::Limited(limit, stats),
        })
    }
}
