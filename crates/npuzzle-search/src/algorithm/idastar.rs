//! IDA* (Korf 1985): iterative-deepening depth-first search on f = g + h.

use std::sync::atomic::{AtomicBool, Ordering};

use npuzzle_core::Move;

use super::fsm::{Fsm, FsmState};
use super::{Found, Method, Root, Walk, finish, root};
use crate::error::SolveError;
use crate::heuristic::Heuristic;
use crate::limits::{Budget, Limit, Limits};
use crate::method::Algorithm;
use crate::puzzle::Puzzle;
use crate::solution::Solution;
use crate::start::Start;
use crate::stats::Stats;

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
/// use npuzzle_search::{algorithm::{Method, idastar::IdaStar}, heuristic::Manhattan, Limits, Puzzle, Start};
/// let goal = Goal::BlankLast.board("4".parse().unwrap()).unwrap();
/// let start = Start::new("5 1 3 4/2 0 7 8/9 6 10 12/13 14 11 15".parse().unwrap(), goal.clone()).unwrap();
/// let puzzle = Puzzle::new(&goal).unwrap();
/// let h = Manhattan::for_puzzle(&puzzle);
/// let solution = IdaStar::new(&puzzle, &h).run(&start, &Limits::default()).unwrap();
/// assert_eq!((solution.moves.len(), solution.optimal), (8, true));
/// let parallel = IdaStar { parallel: true, ..IdaStar::new(&puzzle, &h) };
/// assert_eq!(parallel.run(&start, &Limits::default()).unwrap().moves.len(), 8);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct IdaStar<'a, H> {
    /// The goal, prepared.
    pub puzzle: &'a Puzzle,
    /// The heuristic (admissible).
    pub h: &'a H,
    /// Whether each iteration is searched on every core.
    pub parallel: bool,
    /// The move sequences never searched (duplicates of smaller ones).
    pub fsm: &'a Fsm,
}

impl<'a, H> IdaStar<'a, H> {
    /// IDA* toward `puzzle`'s goal with `h`, on one core, skipping the duplicate paths of
    /// [`Fsm::for_cells`].
    ///
    /// ```
    /// use npuzzle_core::Goal;
    /// use npuzzle_search::{algorithm::idastar::IdaStar, heuristic::Manhattan, Puzzle};
    /// let puzzle = Puzzle::new(&Goal::BlankLast.board("3".parse().unwrap()).unwrap()).unwrap();
    /// let h = Manhattan::for_puzzle(&puzzle);
    /// assert!(!IdaStar::new(&puzzle, &h).parallel);
    /// ```
    pub fn new(puzzle: &'a Puzzle, h: &'a H) -> IdaStar<'a, H> {
        IdaStar {
            puzzle,
            h,
            parallel: false,
            fsm: Fsm::for_cells(puzzle.cells()),
        }
    }
}

impl<H: Heuristic + Sync> Method for IdaStar<'_, H> {
    fn run(&self, start: &Start, limits: &Limits) -> Result<Solution, SolveError> {
        #[cfg(not(target_arch = "wasm32"))]
        if self.parallel {
            return solve_parallel(self, start, limits.clone());
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
    let IdaStar { puzzle, h, .. } = *idastar;
    let Root {
        cells,
        state,
        lower_bound,
    } = root(puzzle, h, start)?;
    let never = AtomicBool::new(false);
    let budget = Budget::new(limits);
    let mut search = Search::new(idastar, cells, Vec::new(), budget, &never);
    let mut bound = lower_bound;
    loop {
        search.walk.stats.iterations += 1;
        search.next_bound = u32::MAX;
        let node = Node {
            blank: start.board().blank(),
            g: 0,
            state,
            machine: Fsm::START,
        };
        match search.dfs(&node, bound, None) {
            Ok(true) => break,
            Ok(false) if search.next_bound == u32::MAX => {
                return Err(SolveError::Internal(
                    "IDA* exhausted a solvable space".to_string(),
                ));
            }
            Ok(false) => bound = search.next_bound,
            Err(limit) => {
                search.walk.stats.elapsed = search.walk.budget.elapsed();
                search.walk.stats.proved_bound = bound;
                return Err(SolveError::LimitReached {
                    limit,
                    stats: search.walk.stats,
                });
            }
        }
    }
    search.walk.stats.elapsed = search.walk.budget.elapsed();
    search.walk.stats.peak_nodes = search.walk.path.len() as u64 + 1;
    search.walk.stats.peak_memory =
        (search.walk.path.len() * std::mem::size_of::<H::State>()) as u64;
    let found = Found {
        moves: search.walk.path,
        optimal: true,
        bound: None,
        algorithm: Algorithm::IdaStar,
        lower_bound,
    };
    finish(h, start, found, search.walk.stats)
}

struct Search<'a, H: Heuristic> {
    walk: Walk<'a, H>,
    fsm: &'a Fsm,
    next_bound: u32,
    /// Set when another thread has found the goal: this search may stop.
    stop: &'a AtomicBool,
}

/// A node of the search: where the blank is, how far from the start, the heuristic's state and
/// what the FSM has read of the path.
#[derive(Clone, Copy)]
struct Node<S> {
    blank: usize,
    g: u32,
    state: S,
    machine: FsmState,
}

impl<'a, H: Heuristic> Search<'a, H> {
    /// A search from `cells`, reached by `path`, within `budget`, that gives up when `stop` is
    /// set.
    fn new(
        idastar: &IdaStar<'a, H>,
        cells: Vec<u8>,
        path: Vec<Move>,
        budget: Budget,
        stop: &'a AtomicBool,
    ) -> Self {
        Search {
            walk: Walk::new(idastar.puzzle, idastar.h, cells, path, budget),
            fsm: idastar.fsm,
            next_bound: u32::MAX,
            stop,
        }
    }

    /// Searches below `node`, whose f is within `bound`. True when the goal was found (the path
    /// then holds the solution).
    fn dfs(
        &mut self,
        node: &Node<H::State>,
        bound: u32,
        previous: Option<Move>,
    ) -> Result<bool, Limit> {
        let (blank, g) = (node.blank, node.g);
        if self.walk.h.value(&node.state) == 0 && self.walk.cells == self.walk.puzzle.goal_cells() {
            return Ok(true);
        }
        self.walk.stats.expanded += 1;
        self.walk.budget.check(&self.walk.stats)?;
        if self.walk.stats.expanded.is_multiple_of(4096) && self.stop.load(Ordering::Relaxed) {
            return Ok(false);
        }
        for &(source, m) in self.walk.puzzle.neighbours(blank) {
            if previous == Some(m.opposite()) {
                continue;
            }
            let Some(machine) = self.fsm.step(node.machine, m) else {
                continue;
            };
            let source = source as usize;
            let tile = self.walk.cells[source];
            self.walk.cells[blank] = tile;
            self.walk.cells[source] = 0;
            self.walk.stats.generated += 1;
            let state = self
                .walk
                .h
                .moved(&node.state, &self.walk.cells, tile, source, blank);
            let f = g + 1 + self.walk.h.value(&state);
            if f <= bound {
                self.walk.path.push(m);
                let child = Node {
                    blank: source,
                    g: g + 1,
                    state,
                    machine,
                };
                if self.dfs(&child, bound, Some(m))? {
                    return Ok(true);
                }
                self.walk.path.pop();
            } else if f < self.next_bound {
                self.next_bound = f;
            }
            self.walk.cells[source] = tile;
            self.walk.cells[blank] = 0;
        }
        Ok(false)
    }
}

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
    /// The nodes the search expanded.
    pub stats: Stats,
}

/// An IDA* search to share out across processes or machines: its first threshold, an
/// iteration cut into subtrees, one subtree searched, and the goal's path made a solution.
/// [`crate::Solver::split_search`] gives one for a prepared solver.
pub trait SplitSearch {
    /// The first threshold of a search of `start`: the heuristic's value there.
    fn first_bound(&self, start: &Start) -> Result<u32, SolveError>;

    /// The iteration of threshold `bound` from `start`, cut a few moves deep into at least
    /// `subtrees` subtrees (fewer when the tree is smaller). Searching every subtree with
    /// [`SplitSearch::subtree`] is the iteration: the first goal found is optimal when the
    /// bound is raised each time to the least f-value that passed the last.
    ///
    /// ```
    /// use npuzzle_core::Goal;
    /// use npuzzle_search::{algorithm::idastar::IdaStar, heuristic::Manhattan, Limits, Puzzle, SplitSearch, Start};
    /// let goal = Goal::BlankLast.board("3".parse().unwrap()).unwrap();
    /// let start = Start::new("8 6 7/2 5 4/3 0 1".parse().unwrap(), goal.clone()).unwrap();
    /// let puzzle = Puzzle::new(&goal).unwrap();
    /// let h = Manhattan::for_puzzle(&puzzle);
    /// let idastar = IdaStar::new(&puzzle, &h);
    /// let mut bound = idastar.first_bound(&start).unwrap();
    /// let length = loop {
    ///     let split = idastar.split(&start, bound, 16).unwrap();
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
    fn split(&self, start: &Start, bound: u32, subtrees: usize) -> Result<Split, SolveError>;

    /// Searches the subtree at the end of `path` (from [`SplitSearch::split`]) with threshold
    /// `bound`, within `limits`.
    fn subtree(
        &self,
        start: &Start,
        path: &[Move],
        bound: u32,
        limits: &Limits,
    ) -> Result<Subtree, SolveError>;

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

    fn split(&self, start: &Start, bound: u32, subtrees: usize) -> Result<Split, SolveError> {
        let begin = root(self.puzzle, self.h, start)?;
        let top = Cut {
            cells: begin.cells,
            blank: start.board().blank(),
            path: Vec::new(),
            state: begin.state,
            machine: Fsm::START,
        };
        let mut stats = Stats::default();
        let cut = frontier(
            self,
            top,
            bound,
            subtrees.max(1),
            &Limits::none(),
            &mut stats,
        );
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
        let Root {
            mut cells,
            mut state,
            ..
        } = root(self.puzzle, self.h, start)?;
        let mut blank = start.board().blank();
        let Some(machine) = self.fsm.after(path) else {
            // A duplicate of a smaller path, which the split never hands out: nothing to search.
            return Ok(Subtree {
                found: None,
                next_bound: u32::MAX,
                stats: Stats::default(),
            });
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
            return Ok(Subtree {
                found: None,
                next_bound: f,
                stats: Stats::default(),
            });
        }
        let never = AtomicBool::new(false);
        let budget = Budget::new(limits.clone());
        let mut search = Search::new(self, cells, path.to_vec(), budget, &never);
        let node = Node {
            blank,
            g,
            state,
            machine,
        };
        let result = search.dfs(&node, bound, path.last().copied());
        search.walk.stats.elapsed = search.walk.budget.elapsed();
        match result {
            Ok(true) => Ok(Subtree {
                found: Some(search.walk.path),
                next_bound: u32::MAX,
                stats: search.walk.stats,
            }),
            Ok(false) => Ok(Subtree {
                found: None,
                next_bound: search.next_bound,
                stats: search.walk.stats,
            }),
            Err(limit) => Err(SolveError::LimitReached {
                limit,
                stats: search.walk.stats,
            }),
        }
    }
}

/// A node where a split iteration divides the tree.
struct Cut<S> {
    cells: Vec<u8>,
    blank: usize,
    path: Vec<Move>,
    state: S,
    machine: FsmState,
}

/// How many subtrees a parallel iteration aims for (many per core, for balance).
#[cfg(not(target_arch = "wasm32"))]
const SUBTREES: usize = 512;

/// IDA* on every core.
#[cfg(not(target_arch = "wasm32"))]
fn solve_parallel<H: Heuristic + Sync>(
    idastar: &IdaStar<H>,
    start: &Start,
    limits: Limits,
) -> Result<Solution, SolveError> {
    let IdaStar { puzzle, h, .. } = *idastar;
    let begin: Root<H::State> = root(puzzle, h, start)?;
    let lower_bound = begin.lower_bound;
    let clock = Budget::new(limits.clone());
    let mut stats = Stats::default();
    let mut bound = lower_bound;
    let solved = |moves: Vec<Move>, mut stats: Stats| {
        stats.elapsed = clock.elapsed();
        let found = Found {
            moves,
            optimal: true,
            bound: None,
            algorithm: Algorithm::IdaStar,
            lower_bound,
        };
        finish(h, start, found, stats)
    };
    loop {
        stats.iterations += 1;
        let root = Cut {
            cells: begin.cells.clone(),
            blank: start.board().blank(),
            path: Vec::new(),
            state: begin.state,
            machine: Fsm::START,
        };
        let (splits, frontier_bound) =
            match frontier(idastar, root, bound, SUBTREES, &limits, &mut stats) {
                Ok(frontier) => frontier,
                Err(Ok(moves)) => return solved(moves, stats),
                Err(Err(limit)) => {
                    stats.elapsed = clock.elapsed();
                    stats.proved_bound = bound;
                    return Err(SolveError::LimitReached { limit, stats });
                }
            };
        let subtrees = search_subtrees(idastar, &splits, bound, &limits, &clock, &mut stats);
        if let Some(moves) = subtrees.found {
            stats.peak_nodes = moves.len() as u64 + 1;
            return solved(moves, stats);
        }
        stats.elapsed = clock.elapsed();
        if let Some(limit) = subtrees.hit {
            // Report the whole search's limit, not what was left of it for one subtree.
            let limit = match limit {
                Limit::Nodes(_) => Limit::Nodes(limits.max_nodes.unwrap_or_default()),
                Limit::Time(_) => Limit::Time(limits.timeout.unwrap_or_default()),
                memory => memory,
            };
            stats.proved_bound = bound;
            return Err(SolveError::LimitReached { limit, stats });
        }
        match frontier_bound.min(subtrees.next_bound) {
            u32::MAX => {
                return Err(SolveError::Internal(
                    "IDA* exhausted a solvable space".to_string(),
                ));
            }
            next => bound = next,
        }
    }
}

/// The nodes an iteration splits into, and the least f-value past its bound among the others.
type Frontier<S> = (Vec<Cut<S>>, u32);

/// Every path of an iteration's tree a few moves deep, within `bound` (at least `aim` of them,
/// unless the tree is smaller), and the least f-value that passed the bound; or the goal's path,
/// if it lies shallower; or the node limit, if it comes first.
fn frontier<H: Heuristic>(
    idastar: &IdaStar<H>,
    root: Cut<H::State>,
    bound: u32,
    aim: usize,
    limits: &Limits,
    stats: &mut Stats,
) -> Result<Frontier<H::State>, Result<Vec<Move>, Limit>> {
    let IdaStar { puzzle, h, fsm, .. } = *idastar;
    let mut splits = vec![root];
    let mut next_bound = u32::MAX;
    while splits.len() < aim && !splits.is_empty() {
        if let Some(goal) = splits
            .iter()
            .find(|s| h.value(&s.state) == 0 && s.cells == puzzle.goal_cells())
        {
            return Err(Ok(goal.path.clone()));
        }
        let mut deeper = Vec::with_capacity(splits.len() * 3);
        for split in &splits {
            stats.expanded += 1;
            if let Some(max) = limits.max_nodes.filter(|&max| stats.expanded > max) {
                return Err(Err(Limit::Nodes(max)));
            }
            for &(source, m) in puzzle.neighbours(split.blank) {
                if split.path.last() == Some(&m.opposite()) {
                    continue;
                }
                let Some(machine) = fsm.step(split.machine, m) else {
                    continue;
                };
                let mut cells = split.cells.clone();
                let tile = cells[source as usize];
                cells[split.blank] = tile;
                cells[source as usize] = 0;
                stats.generated += 1;
                let child = h.moved(&split.state, &cells, tile, source as usize, split.blank);
                let f = split.path.len() as u32 + 1 + h.value(&child);
                if f > bound {
                    next_bound = next_bound.min(f);
                    continue;
                }
                let mut path = split.path.clone();
                path.push(m);
                deeper.push(Cut {
                    cells,
                    blank: source as usize,
                    path,
                    state: child,
                    machine,
                });
            }
        }
        splits = deeper;
    }
    Ok((splits, next_bound))
}

/// What the subtrees of one iteration found.
#[cfg(not(target_arch = "wasm32"))]
struct Subtrees {
    /// The goal's path, if one subtree reached it.
    found: Option<Vec<Move>>,
    /// The least f-value past the bound over all subtrees.
    next_bound: u32,
    /// A limit one subtree hit (the others then stop).
    hit: Option<Limit>,
}

/// Searches every subtree within `bound` on all cores, each with what is left of `limits`;
/// the first to reach the goal or a limit stops the others. Adds their statistics to `stats`.
#[cfg(not(target_arch = "wasm32"))]
fn search_subtrees<H: Heuristic + Sync>(
    idastar: &IdaStar<H>,
    splits: &[Cut<H::State>],
    bound: u32,
    limits: &Limits,
    clock: &Budget,
    stats: &mut Stats,
) -> Subtrees {
    use rayon::prelude::*;
    use std::sync::atomic::AtomicU64;
    use std::sync::{Arc, Mutex};

    let stop = AtomicBool::new(false);
    let found: Mutex<Option<Vec<Move>>> = Mutex::new(None);
    // Every subtree counts its nodes here, so that together they keep the node limit.
    let spent = Arc::new(AtomicU64::new(stats.expanded));
    let results: Vec<_> = splits
        .par_iter()
        .map(|split| {
            // What is left of the whole search's time when this subtree starts.
            let remaining = Limits {
                timeout: limits.timeout.map(|t| t.saturating_sub(clock.elapsed())),
                ..limits.clone()
            };
            let (cells, path) = (split.cells.clone(), split.path.clone());
            let budget = Budget::sharing_nodes(remaining, Arc::clone(&spent));
            let mut search = Search::new(idastar, cells, path, budget, &stop);
            if stop.load(Ordering::Relaxed) {
                return (Ok(u32::MAX), search.walk.stats);
            }
            let node = Node {
                blank: split.blank,
                g: split.path.len() as u32,
                state: split.state,
                machine: split.machine,
            };
            match search.dfs(&node, bound, split.path.last().copied()) {
                Ok(true) => {
                    stop.store(true, Ordering::Relaxed);
                    if let Ok(mut slot) = found.lock() {
                        slot.get_or_insert(search.walk.path);
                    }
                    (Ok(u32::MAX), search.walk.stats)
                }
                Ok(false) => (Ok(search.next_bound), search.walk.stats),
                Err(limit) => {
                    stop.store(true, Ordering::Relaxed);
                    (Err(limit), search.walk.stats)
                }
            }
        })
        .collect();
    let mut subtrees = Subtrees {
        found: None,
        next_bound: u32::MAX,
        hit: None,
    };
    for (result, subtree) in results {
        match result {
            Ok(next) => subtrees.next_bound = subtrees.next_bound.min(next),
            Err(limit) => subtrees.hit = Some(limit),
        }
        stats.expanded += subtree.expanded;
        stats.generated += subtree.generated;
        stats.peak_nodes = stats.peak_nodes.max(subtree.peak_nodes);
    }
    subtrees.found = found.into_inner().ok().flatten();
    subtrees
}
