//! Value-iteration targets: a position's target is the least, over the paths of a few moves
//! from it, of the moves made plus a frozen network's estimate where the path ends (0 at the
//! goal), and never less than linear conflict, which is admissible. It depends on the position
//! alone, not on how training reached it.

use npuzzle_heuristic::{Heuristic, LinearConflict, LinearConflictState};
use npuzzle_learned::{Accumulator, Network};
use npuzzle_search::Puzzle;
use rayon::prelude::*;

/// Computes targets with a frozen network.
///
/// ```
/// use npuzzle_core::Goal;
/// use npuzzle_search::Puzzle;
/// use npuzzle_learned::Network;
/// use npuzzle_train::targets::Teacher;
/// let puzzle = Puzzle::new(&Goal::BlankLast.board("3".parse().unwrap()).unwrap()).unwrap();
/// let network = Network::zero(puzzle.size(), puzzle.goal_cells());
/// let teacher = Teacher::new(&puzzle, &network, 2);
/// // Two moves from the goal: the look-ahead reaches it.
/// assert_eq!(teacher.target(&[1, 2, 3, 4, 5, 6, 0, 7, 8]), 2.0);
/// assert_eq!(teacher.target(&[1, 2, 3, 4, 5, 6, 7, 8, 0]), 0.0);
/// ```
pub struct Teacher<'a> {
    puzzle: &'a Puzzle,
    conflicts: LinearConflict,
    network: &'a Network,
    depth: u32,
}

/// A position during the look-ahead: linear conflict's state and the network's sums.
#[derive(Clone, Copy)]
struct Node {
    conflicts: LinearConflictState,
    acc: Accumulator,
}

impl<'a> Teacher<'a> {
    /// Targets toward `puzzle`'s goal from `network`'s estimates `depth` moves ahead (at
    /// least 1).
    pub fn new(puzzle: &'a Puzzle, network: &'a Network, depth: u32) -> Teacher<'a> {
        Teacher {
            puzzle,
            conflicts: LinearConflict::new(puzzle),
            network,
            depth: depth.max(1),
        }
    }

    /// Linear conflict of `cells`.
    pub fn bound(&self, cells: &[u8]) -> u32 {
        self.conflicts.value(&self.conflicts.start(cells))
    }

    /// The frozen estimate of `cells`: linear conflict plus the network's residual, at least
    /// linear conflict, 0 at the goal.
    pub fn estimate(&self, cells: &[u8]) -> f32 {
        let node = self.node(cells);
        self.value(&node)
    }

    fn node(&self, cells: &[u8]) -> Node {
        Node {
            conflicts: self.conflicts.start(cells),
            acc: self.network.accumulate(cells),
        }
    }

    fn value(&self, node: &Node) -> f32 {
        let bound = self.conflicts.value(&node.conflicts);
        self.network.estimate(bound, &node.acc)
    }

    /// The target of the position `cells`.
    pub fn target(&self, cells: &[u8]) -> f32 {
        let node = self.node(cells);
        let bound = self.conflicts.value(&node.conflicts);
        if bound == 0 {
            return 0.0;
        }
        let mut work = cells.to_vec();
        let blank = cells.iter().position(|&t| t == 0).unwrap_or(0);
        let ahead = self.ahead(&mut work, blank, usize::MAX, &node, self.depth);
        ahead.max(bound as f32)
    }

    /// The least moves-plus-estimate over the paths of `depth` moves from `cells` (blank at
    /// `blank`, not back to `came_from`), stopping at the goal.
    fn ahead(
        &self,
        cells: &mut [u8],
        blank: usize,
        came_from: usize,
        node: &Node,
        depth: u32,
    ) -> f32 {
        let mut best = f32::INFINITY;
        for &(source, _) in self.puzzle.neighbours(blank) {
            let source = source as usize;
            if source == came_from {
                continue;
            }
            let tile = cells[source];
            cells[blank] = tile;
            cells[source] = 0;
            let child = Node {
                conflicts: self
                    .conflicts
                    .moved(&node.conflicts, cells, tile, source, blank),
                acc: self.network.slide(&node.acc, tile, source, blank),
            };
            let value = if self.conflicts.value(&child.conflicts) == 0 {
                1.0
            } else if depth == 1 {
                1.0 + self.value(&child)
            } else {
                1.0 + self.ahead(cells, source, blank, &child, depth - 1)
            };
            cells[source] = tile;
            cells[blank] = 0;
            best = best.min(value);
        }
        best
    }

    /// The targets of positions `rows` (one after another), on every core.
    pub fn targets(&self, rows: &[u8]) -> Vec<f32> {
        let n = self.puzzle.cells();
        rows.par_chunks_exact(n)
            .map(|cells| self.target(cells))
            .collect()
    }
}
