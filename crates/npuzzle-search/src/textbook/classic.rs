//! The two searches as the textbook writes them, to recompute its figures: iterative deepening
//! (a depth-first tree search, not even skipping the move back) and A* (a graph search, which
//! keeps every position it reached). Their search cost is the nodes they generate: the root of
//! each iteration and every child of every node expanded, those found again included; a node is
//! tested for the goal when it is expanded. npuzzle's own searches, beside them in the table,
//! count only the children they keep (they never make the move back, and IDA* skips duplicate
//! move sequences).
//!
//! Measured against the book (docs/PERFORMANCE.md), these conventions give its A* figures
//! within a few per cent up to depth 16; A* as a tree search (no list of positions reached)
//! would give fourteen times its h1 figure at depth 12.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

use npuzzle_heuristic::{Heuristic, Puzzle};

/// The most nodes iterative deepening may generate before it is given up (time, not memory:
/// it keeps one path): minutes, far above the 3.5 million of the 8-puzzle at depth 14.
pub const MOST_DEEPENING: u64 = 2_000_000_000;

/// The most nodes the textbook's A* may generate before it is given up: it keeps each position
/// it reached, about 60 bytes with the map, so 600 MB at most; a hundred times the 8-puzzle's
/// whole space.
pub const MOST_ASTAR: u64 = 10_000_000;

/// A search given up past its most nodes ([`MOST_DEEPENING`], [`MOST_ASTAR`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the textbook's search gave up after {0} nodes without reaching the goal")]
pub struct GaveUp(pub u64);

/// A position as the textbook searches keep it: its cells and where the blank is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Node {
    cells: [u8; 16],
    blank: u8,
}

impl Node {
    fn new(cells: &[u8]) -> Node {
        let mut node = Node {
            cells: [0; 16],
            blank: 0,
        };
        node.cells[..cells.len()].copy_from_slice(cells);
        node.blank = cells.iter().position(|&t| t == 0).unwrap_or(0) as u8;
        node
    }

    /// The child where the tile on `cell` slid into the blank, with the tile.
    fn child(&self, cell: u8) -> (Node, u8) {
        let mut child = *self;
        let tile = child.cells[usize::from(cell)];
        child.cells.swap(usize::from(cell), usize::from(self.blank));
        child.blank = cell;
        (child, tile)
    }
}

/// Iterative deepening from `cells` (at most 16 of them) toward `puzzle`'s goal: depth-limited
/// depth-first searches to the limits 0, 1, 2, … until one reaches the goal. Returns the nodes
/// generated over all iterations and the depth of the goal found.
///
/// ```
/// use npuzzle_core::Goal;
/// use npuzzle_search::{Puzzle, textbook::iterative_deepening};
/// let puzzle = Puzzle::new(&Goal::BlankLast.board("3".parse().unwrap()).unwrap()).unwrap();
/// // One move away: the root (limit 0), then the root again and up to its three children.
/// let (generated, depth) = iterative_deepening(&puzzle, &[1, 2, 3, 4, 5, 6, 7, 0, 8]).unwrap();
/// assert_eq!(depth, 1);
/// assert!((3..=5).contains(&generated));
/// ```
pub fn iterative_deepening(puzzle: &Puzzle, cells: &[u8]) -> Result<(u64, u32), GaveUp> {
    let goal = Node::new(puzzle.goal_cells());
    let root = Node::new(cells);
    let mut generated = 0;
    let mut limit = 0;
    loop {
        generated += 1; // the root, again at each iteration
        if limited(puzzle, &goal, &root, limit, &mut generated)? {
            return Ok((generated, limit));
        }
        limit += 1;
    }
}

/// The depth-limited search below `node`, `limit` moves more at most: whether it reached the goal.
fn limited(
    puzzle: &Puzzle,
    goal: &Node,
    node: &Node,
    limit: u32,
    generated: &mut u64,
) -> Result<bool, GaveUp> {
    if node == goal {
        return Ok(true);
    }
    if limit == 0 {
        return Ok(false);
    }
    for &(cell, _) in puzzle.neighbours(usize::from(node.blank)) {
        *generated += 1;
        if *generated > MOST_DEEPENING {
            return Err(GaveUp(MOST_DEEPENING));
        }
        if limited(puzzle, goal, &node.child(cell).0, limit - 1, generated)? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// A* as the textbook's graph search from `cells` toward `puzzle`'s goal with `h`: the open list
/// ordered by f (the deeper node first among equals), each position kept with the least g it
/// was reached by; a child reached before by a path no longer is generated (and counted) but
/// not kept. Returns the nodes generated and the length of the solution found.
///
/// ```
/// use npuzzle_core::Goal;
/// use npuzzle_search::{Puzzle, textbook::astar};
/// use npuzzle_heuristic::Manhattan;
/// let puzzle = Puzzle::new(&Goal::BlankLast.board("3".parse().unwrap()).unwrap()).unwrap();
/// let h = Manhattan::for_puzzle(&puzzle);
/// // Two moves: the root's two children, then the three of the one on the way (one is the root).
/// assert_eq!(astar(&puzzle, &h, &[1, 2, 3, 4, 5, 6, 0, 7, 8]).unwrap(), (1 + 2 + 3, 2));
/// ```
pub fn astar<H: Heuristic>(puzzle: &Puzzle, h: &H, cells: &[u8]) -> Result<(u64, u32), GaveUp> {
    let goal = Node::new(puzzle.goal_cells());
    let n = cells.len();
    let root = Node::new(cells);
    let mut nodes = vec![(root, h.start(cells), 0u32)];
    let mut best = HashMap::from([(root.cells, 0u32)]);
    let mut open = BinaryHeap::from([Reverse((h.value(&nodes[0].1), Reverse(0u32), 0usize))]);
    let mut generated = 1;
    while let Some(Reverse((_, Reverse(g), index))) = open.pop() {
        let (node, state, _) = nodes[index];
        if best.get(&node.cells).is_some_and(|&known| known < g) {
            continue; // reached again by a shorter path since it was put on the list
        }
        if node == goal {
            return Ok((generated, g));
        }
        for &(cell, _) in puzzle.neighbours(usize::from(node.blank)) {
            let (child, tile) = node.child(cell);
            generated += 1;
            if generated > MOST_ASTAR {
                return Err(GaveUp(MOST_ASTAR));
            }
            if best.get(&child.cells).is_some_and(|&known| known <= g + 1) {
                continue;
            }
            best.insert(child.cells, g + 1);
            let from = usize::from(cell);
            let child_state = h.moved(
                &state,
                &child.cells[..n],
                tile,
                from,
                usize::from(node.blank),
            );
            let f = g + 1 + h.value(&child_state);
            nodes.push((child, child_state, g + 1));
            open.push(Reverse((f, Reverse(g + 1), nodes.len() - 1)));
        }
    }
    Err(GaveUp(generated)) // not reached: the goal is reachable from every position searched
}
