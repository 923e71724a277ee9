//! Best-first searches over an explicit graph: A*, weighted A* and greedy best-first.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::hash::{BuildHasher, Hasher};

use hashbrown::HashTable;
use npuzzle_core::Move;

use super::observe::{Event, Observer, Pruned, Quiet};
use super::{Found, Method, Root, finish, root};
use crate::error::{SolveError, Unsupported};
use crate::limits::{Budget, Limits};
use crate::method::Algorithm;
use crate::solution::Solution;
use crate::start::Start;
use crate::stats::Stats;
use npuzzle_heuristic::{Heuristic, Puzzle};

/// How a best-first search orders its open list.
///
/// ```
/// use npuzzle_search::algorithm::best_first::Priority;
/// let quick = Priority::Weighted(2.0); // solutions at most twice the optimum
/// assert_ne!(quick, Priority::AStar);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Priority {
    /// A*: f = g + h. Optimal with an admissible heuristic.
    AStar,
    /// Weighted A*: f = g + w·h, with w ≥ 1. Solutions are at most w times the optimum.
    Weighted(f64),
    /// Greedy best-first: h alone. Fast, no bound on length.
    Greedy,
}

/// The largest weight weighted A* takes: beyond it the search is greedy in all but name, and
/// f-values lose their precision.
pub const MAX_WEIGHT: f64 = 100.0;

/// A best-first search ordered by `priority` with heuristic `h`, for the goal of `puzzle`.
///
/// Every generated state is kept (in one flat arena of bytes, found again through a hash table
/// of indices, so no allocation per node beyond the arena's growth); a state reached again by a
/// shorter path is updated and queued again, so inconsistent heuristics stay correct. Among equal
/// priorities the deeper node goes first. The goal is recognised when it is expanded, which makes
/// A* optimal and weighted A* bounded. Memory grows with every state: `limits.max_memory` (4 GiB
/// by default) stops it cleanly.
///
/// ```
/// use npuzzle_core::Goal;
/// use npuzzle_search::algorithm::{Method, best_first::{BestFirst, Priority}};
/// use npuzzle_search::{Limits, Puzzle, Start};
/// use npuzzle_heuristic::Manhattan;
/// let goal = Goal::BlankLast.board("3".parse().unwrap()).unwrap();
/// let start = Start::new("8 6 7/2 5 4/3 0 1".parse().unwrap(), goal.clone()).unwrap();
/// let puzzle = Puzzle::new(&goal).unwrap();
/// let h = Manhattan::for_puzzle(&puzzle);
/// let optimal = BestFirst { puzzle: &puzzle, h: &h, priority: Priority::AStar };
/// assert_eq!(optimal.run(&start, &Limits::default()).unwrap().moves.len(), 31);
/// let quick = BestFirst { priority: Priority::Weighted(2.0), ..optimal };
/// let solution = quick.run(&start, &Limits::default()).unwrap();
/// assert!(solution.moves.len() <= 62 && solution.bound == Some(2.0));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct BestFirst<'a, H> {
    /// The goal, prepared.
    pub puzzle: &'a Puzzle,
    /// The heuristic.
    pub h: &'a H,
    /// How the open list is ordered.
    pub priority: Priority,
}

impl<H: Heuristic> Method for BestFirst<'_, H> {
    fn run(&self, start: &Start, limits: &Limits) -> Result<Solution, SolveError> {
        solve(self, start, limits.clone(), &mut Quiet)
    }
}

impl<H: Heuristic> BestFirst<'_, H> {
    /// The search, every step reported to `observer` (each node expanded with its g, h and
    /// path, each child generated or pruned and why, the solution); the observer is handed back
    /// with the answer, which is the search's unwatched.
    ///
    /// ```
    /// use npuzzle_core::Goal;
    /// use npuzzle_search::algorithm::{Method, best_first::{BestFirst, Priority}, observe::Counts};
    /// use npuzzle_search::{Limits, Puzzle, Start};
    /// use npuzzle_heuristic::Manhattan;
    /// let goal = Goal::BlankLast.board("3".parse().unwrap()).unwrap();
    /// let start = Start::new("8 6 7/2 5 4/3 0 1".parse().unwrap(), goal.clone()).unwrap();
    /// let puzzle = Puzzle::new(&goal).unwrap();
    /// let h = Manhattan::for_puzzle(&puzzle);
    /// let astar = BestFirst { puzzle: &puzzle, h: &h, priority: Priority::AStar };
    /// let (solution, counts) = astar.watch(&start, &Limits::none(), Counts::default());
    /// let solution = solution.unwrap();
    /// assert_eq!((solution.moves.len() as u64, counts.expanded), (31, solution.stats.expanded));
    /// ```
    pub fn watch<O: Observer>(
        &self,
        start: &Start,
        limits: &Limits,
        mut observer: O,
    ) -> (Result<Solution, SolveError>, O) {
        let solution = solve(self, start, limits.clone(), &mut observer);
        (solution, observer)
    }
}

fn solve<H: Heuristic, O: Observer>(
    search: &BestFirst<'_, H>,
    begin: &Start,
    limits: Limits,
    observer: &mut O,
) -> Result<Solution, SolveError> {
    let BestFirst {
        puzzle,
        h,
        priority,
    } = *search;
    check_weight(priority)?;
    let mut budget = Budget::new(limits);
    let Root {
        cells: start_cells,
        state: start_state,
        lower_bound,
    } = root(puzzle, h, begin)?;
    let mut frontier = Frontier::new(puzzle.cells());
    let blank = begin.board().blank() as u8;
    let start = frontier
        .graph
        .insert(&start_cells, blank, start_state, None, 0, u32::MAX);
    frontier.push(key(priority, 0, lower_bound), 0, start);
    let mut stats = Stats::default();
    let mut cells = vec![0u8; puzzle.cells()];
    let found = loop {
        let Some((index, node)) = frontier.pop() else {
            return Err(SolveError::Internal(
                "best-first search exhausted a solvable space".to_string(),
            ));
        };
        cells.copy_from_slice(frontier.graph.cells(index));
        if h.value(&node.state) == 0 && cells == puzzle.goal_cells() {
            if O::WATCHING {
                let moves = &frontier.graph.path_to(index);
                observer.event(&Event::Solution { moves });
            }
            break index;
        }
        stats.expanded += 1;
        if O::WATCHING {
            let (h, path) = (h.value(&node.state), &frontier.graph.path_to(index));
            let (g, cells) = (node.g, &cells);
            observer.event(&Event::Expanded { g, h, cells, path });
        }
        stats.peak_nodes = stats.peak_nodes.max(frontier.graph.nodes.len() as u64);
        stats.peak_memory = frontier.memory();
        if let Err(limit) = budget.check(&stats) {
            stats.elapsed = budget.elapsed();
            return Err(SolveError::LimitReached { limit, stats });
        }
        let parent = (index, &node);
        expand(
            search,
            &mut frontier,
            &mut cells,
            parent,
            &mut stats,
            observer,
        );
    };
    stats.elapsed = budget.elapsed();
    let moves = frontier.graph.path_to(found);
    let (optimal, bound, algorithm) = match priority {
        Priority::AStar => (true, None, Algorithm::AStar),
        Priority::Weighted(w) => (w == 1.0, Some(w), Algorithm::WeightedAStar),
        Priority::Greedy => (false, None, Algorithm::Greedy),
    };
    let found = Found {
        moves,
        optimal,
        bound,
        algorithm,
        lower_bound,
    };
    finish(h, begin, found, stats)
}

/// Refuses a weight outside 1 to [`MAX_WEIGHT`].
fn check_weight(priority: Priority) -> Result<(), SolveError> {
    match priority {
        Priority::Weighted(w) if !(1.0..=MAX_WEIGHT).contains(&w) => Err(Unsupported::Weight {
            weight: w,
            max: MAX_WEIGHT,
        }
        .into()),
        _ => Ok(()),
    }
}

/// Generates the children of the node at `index` (whose cells are `cells`, given back as they
/// were): each new state, or one reached by a shorter path, is stored and queued.
#[inline]
fn expand<H: Heuristic, O: Observer>(
    search: &BestFirst<'_, H>,
    frontier: &mut Frontier<H::State>,
    cells: &mut [u8],
    (index, node): (u32, &Node<H::State>),
    stats: &mut Stats,
    observer: &mut O,
) {
    let (puzzle, h) = (search.puzzle, search.h);
    let blank = node.blank as usize;
    for &(source, m) in puzzle.neighbours(blank) {
        if node.last == Some(m.opposite()) {
            if O::WATCHING {
                let why = Pruned::Parent;
                observer.event(&Event::Pruned { played: m, why });
            }
            continue;
        }
        let source_cell = source as usize;
        let tile = cells[source_cell];
        cells[blank] = tile;
        cells[source_cell] = 0;
        stats.generated += 1;
        let g = node.g + 1;
        if O::WATCHING {
            observer.event(&Event::Generated { played: m, g });
        }
        let graph = &mut frontier.graph;
        let (child, is_new) = graph.find_or_reserve(cells);
        if is_new || g < graph.nodes[child as usize].g {
            let state = h.moved(&node.state, cells, tile, source_cell, blank);
            let last = Some(m);
            let entry = Node {
                parent: index,
                g,
                blank: source,
                last,
                state,
            };
            if is_new {
                graph.nodes.push(entry);
            } else {
                graph.nodes[child as usize] = entry;
            }
            if O::WATCHING {
                let f = g + h.value(&state);
                observer.event(&Event::Opened { played: m, g, f });
            }
            frontier.push(key(search.priority, g, h.value(&state)), g, child);
        } else if O::WATCHING {
            let why = Pruned::Duplicate;
            observer.event(&Event::Pruned { played: m, why });
        }
        cells[source_cell] = tile;
        cells[blank] = 0;
    }
}

/// A best-first search's memory: every state seen, and the open list of (key, deeper first,
/// index).
struct Frontier<S> {
    graph: Graph<S>,
    open: BinaryHeap<Reverse<(u64, Reverse<u32>, u32)>>,
}

impl<S: Copy> Frontier<S> {
    fn new(cells: usize) -> Frontier<S> {
        let (graph, open) = (Graph::new(cells), BinaryHeap::new());
        Frontier { graph, open }
    }

    /// Queues the node at `index`, reached at depth `g`, with open-list key `key`.
    fn push(&mut self, key: u64, g: u32, index: u32) {
        self.open.push(Reverse((key, Reverse(g), index)));
    }

    /// The open node of least key (the deeper among equals), passing over stale entries (states
    /// reached again more cheaply since they were queued); `None` once the list is empty.
    fn pop(&mut self) -> Option<(u32, Node<S>)> {
        loop {
            let Reverse((_, Reverse(g), index)) = self.open.pop()?;
            let node = self.graph.nodes[index as usize];
            if g == node.g {
                return Some((index, node));
            }
        }
    }

    fn memory(&self) -> u64 {
        self.graph.memory() + (self.open.len() * 24) as u64
    }
}

/// The open-list key (smaller first): f scaled to an integer so weights compare exactly enough.
fn key(priority: Priority, g: u32, h: u32) -> u64 {
    match priority {
        Priority::AStar => u64::from(g + h),
        Priority::Weighted(w) => ((f64::from(g) + w * f64::from(h)) * 1024.0) as u64,
        Priority::Greedy => u64::from(h),
    }
}

#[derive(Clone, Copy)]
struct Node<S> {
    parent: u32,
    g: u32,
    blank: u8,
    last: Option<Move>,
    state: S,
}

/// Every state seen: cells in one arena, nodes beside them, and a hash table of indices.
struct Graph<S> {
    n: usize,
    arena: Vec<u8>,
    nodes: Vec<Node<S>>,
    index: HashTable<u32>,
    hasher: hashbrown::DefaultHashBuilder,
}

impl<S: Copy> Graph<S> {
    fn new(n: usize) -> Graph<S> {
        Graph {
            n,
            arena: Vec::new(),
            nodes: Vec::new(),
            index: HashTable::new(),
            hasher: hashbrown::DefaultHashBuilder::default(),
        }
    }

    fn cells(&self, index: u32) -> &[u8] {
        let at = index as usize * self.n;
        &self.arena[at..at + self.n]
    }

    fn hash(&self, cells: &[u8]) -> u64 {
        let mut hasher = self.hasher.build_hasher();
        hasher.write(cells);
        hasher.finish()
    }

    /// The index of `cells`; if it is new, its cells are stored and its node must be pushed next.
    fn find_or_reserve(&mut self, cells: &[u8]) -> (u32, bool) {
        let hash = self.hash(cells);
        let (n, arena) = (self.n, &self.arena);
        let same = |&i: &u32| &arena[i as usize * n..(i as usize + 1) * n] == cells;
        if let Some(&i) = self.index.find(hash, same) {
            return (i, false);
        }
        let i = self.nodes.len() as u32;
        self.arena.extend_from_slice(cells);
        let (n, arena, hasher) = (self.n, &self.arena, &self.hasher);
        self.index.insert_unique(hash, i, |&j| {
            let mut h = hasher.build_hasher();
            h.write(&arena[j as usize * n..(j as usize + 1) * n]);
            h.finish()
        });
        (i, true)
    }

    fn insert(
        &mut self,
        cells: &[u8],
        blank: u8,
        state: S,
        last: Option<Move>,
        g: u32,
        parent: u32,
    ) -> u32 {
        let (i, _) = self.find_or_reserve(cells);
        self.nodes.push(Node {
            parent,
            g,
            blank,
            last,
            state,
        });
        i
    }

    fn path_to(&self, mut index: u32) -> Vec<Move> {
        let mut moves = Vec::new();
        while let Some(m) = self.nodes[index as usize].last {
            moves.push(m);
            index = self.nodes[index as usize].parent;
        }
        moves.reverse();
        moves
    }

    fn memory(&self) -> u64 {
        (self.arena.capacity()
            + self.nodes.capacity() * size_of::<Node<S>>()
            + self.index.capacity() * 5) as u64
    }
}
