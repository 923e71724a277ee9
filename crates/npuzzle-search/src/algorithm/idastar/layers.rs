//! An iteration's frontier laid out breadth-first below its cut, each position kept once: the
//! duplicate detection of A*+IDA* (Bu & Korf 2019) in the memory a search may spare.
//!
//! IDA* searches the subtree below every path within the threshold, so a position that two
//! paths reach is searched twice, unless the FSM ([`crate::algorithm::fsm`]) knows one of them
//! for a duplicate, and it knows only the short ones. Laid out a layer (a depth) at a time, a
//! path is dropped when its position was met in a shallower layer or by a lesser path in its own
//! (lesser as the FSM orders them: the moves compared in the order `U D L R`); IDA* then searches
//! below each path of the last layer, grouped by the subtree of the cut it lies in, so that the
//! cut stays the unit of work of both cores, of the journal and of its order.
//!
//! Nothing is lost. The least of the shortest paths to the goal passes each layer by the least
//! path to each of its positions (a lesser or shorter one would make a lesser path to the goal),
//! which is kept, and it has no stretch the FSM forbids; every node on it is within any
//! threshold from the optimum up. In an iteration below the optimum, the first node on that path
//! past the threshold is met the same way, so the next threshold is never above the optimum.
//!
//! On Korf & Felner's 24-puzzles (docs/EXPERIMENTS.md, "What would A*+IDA*'s frontier save?")
//! the layers' duplicates grow with depth: #15's threshold-101 iteration has 1.19 paths a
//! position at depth 20 (14 million paths) and 1.25 at depth 21.

use std::sync::atomic::{AtomicU32, Ordering};

use npuzzle_core::Move;
use rayon::prelude::*;

use super::layering::MOST_CELLS;
use super::tree::{Cut, Node, Tree};
use crate::algorithm::fsm::FsmState;
use crate::heuristic::Heuristic;
use crate::limits::{Budget, Limit, Limits};
use crate::stats::Stats;

/// The deepest path a layer may hold (two bits a move).
const MOST_DEPTH: u8 = 64;

/// Paths expanded by one task of the layer's work.
const CHUNK: usize = 1 << 12;

/// A path of a layer, packed.
#[derive(Clone, Copy, Debug)]
struct Packed {
    /// The tiles, five bits a cell, the first cell the most significant.
    cells: u128,
    /// The moves, two bits each, the first the most significant: paths of one length compare
    /// as the FSM orders them.
    path: u128,
    /// The subtree of the cut it lies in.
    unit: u32,
    machine: FsmState,
    blank: u8,
    depth: u8,
}

impl Packed {
    fn last(&self) -> Option<Move> {
        (self.depth > 0).then(|| Move::ALL[(self.path & 3) as usize])
    }

    fn moves(&self) -> Vec<Move> {
        (0..self.depth)
            .rev()
            .map(|i| Move::ALL[((self.path >> (2 * u32::from(i))) & 3) as usize])
            .collect()
    }
}

fn pack(cells: &[u8]) -> u128 {
    cells
        .iter()
        .fold(0, |packed, &tile| (packed << 5) | u128::from(tile))
}

fn unpack(mut packed: u128, cells: &mut [u8]) {
    for cell in cells.iter_mut().rev() {
        *cell = (packed & 31) as u8;
        packed >>= 5;
    }
}

/// The frontier of an iteration: for each subtree of the cut, the paths below it left to
/// search, and how near the goal the layers above them came.
pub(super) struct Layers {
    /// The paths, by subtree.
    paths: Vec<Packed>,
    /// Subtree `u`'s paths are `paths[starts[u]..starts[u + 1]]`.
    starts: Vec<usize>,
    /// The least heuristic value each subtree's layers expanded (`u32::MAX`: none).
    nearest: Vec<u32>,
}

/// A path of the frontier, ready to search below.
pub(super) struct Start<S> {
    pub(super) cells: Vec<u8>,
    pub(super) path: Vec<Move>,
    pub(super) node: Node<S>,
}

impl Layers {
    /// The paths below subtree `unit`, each ready to search with `tree`.
    pub(super) fn starts<'a, H: Heuristic>(
        &'a self,
        tree: &'a Tree<'_, H>,
        unit: usize,
    ) -> impl Iterator<Item = Start<H::State>> + 'a {
        let cells = tree.puzzle.cells();
        self.paths[self.starts[unit]..self.starts[unit + 1]]
            .iter()
            .map(move |packed| {
                let mut tiles = vec![0; cells];
                unpack(packed.cells, &mut tiles);
                let node = Node {
                    blank: usize::from(packed.blank),
                    g: u32::from(packed.depth),
                    state: tree.h.start(&tiles),
                    machine: packed.machine,
                };
                Start {
                    cells: tiles,
                    path: packed.moves(),
                    node,
                }
            })
    }

    /// The least heuristic value the layers expanded in subtree `unit`, if any.
    pub(super) fn nearest(&self, unit: usize) -> Option<u32> {
        Some(self.nearest[unit]).filter(|&h| h != u32::MAX)
    }
}

/// What laying out one layer found.
#[derive(Default)]
struct Expanded {
    deeper: Vec<Packed>,
    next_bound: u32,
    generated: u64,
    goal: Option<Vec<Move>>,
}

impl<H: Heuristic + Sync> Tree<'_, H> {
    /// The frontier of the iteration at `bound` below `cut`, of at most about `aim` paths, each
    /// position kept once; lowers `next_bound` to the f-values past `bound` met. `None` when
    /// the board is too large or the frontier would be no deeper than the cut; the goal's path
    /// if a layer holds it; the limit that stopped it.
    pub(super) fn lay_out(
        &self,
        cut: &[Cut<H::State>],
        bound: u32,
        aim: usize,
        (limits, clock): (&Limits, &Budget),
        stats: &mut Stats,
        next_bound: &mut u32,
    ) -> Result<Option<Layers>, Result<Vec<Move>, Limit>> {
        let depth = cut.first().map_or(0, |c| c.path.len());
        if self.puzzle.cells() > MOST_CELLS || depth >= usize::from(MOST_DEPTH) {
            return Ok(None);
        }
        let nearest: Vec<AtomicU32> = cut.iter().map(|_| AtomicU32::new(u32::MAX)).collect();
        let mut seen = Vec::new();
        let mut layer = dedupe(cut.iter().enumerate().map(packed).collect(), &mut seen);
        let mut deeper = false;
        while !layer.is_empty()
            && layer.len().saturating_mul(5) / 2 <= aim
            && layer[0].depth < MOST_DEPTH - 1
        {
            stats.expanded += layer.len() as u64;
            check(limits, clock, stats)?;
            let expanded = self.expand(&layer, bound, &nearest);
            stats.generated += expanded.generated;
            *next_bound = (*next_bound).min(expanded.next_bound);
            if let Some(goal) = expanded.goal {
                return Err(Ok(goal));
            }
            layer = dedupe(expanded.deeper, &mut seen);
            deeper = true;
        }
        if !deeper {
            return Ok(None);
        }
        layer.par_sort_unstable_by_key(|p| p.unit);
        let mut starts = vec![0; cut.len() + 1];
        for p in &layer {
            starts[p.unit as usize + 1] += 1;
        }
        for u in 0..cut.len() {
            starts[u + 1] += starts[u];
        }
        let nearest = nearest.into_iter().map(AtomicU32::into_inner).collect();
        Ok(Some(Layers {
            paths: layer,
            starts,
            nearest,
        }))
    }

    /// The children within `bound` of every path of `layer` that the FSM allows, on every core.
    fn expand(&self, layer: &[Packed], bound: u32, nearest: &[AtomicU32]) -> Expanded {
        layer
            .par_chunks(CHUNK)
            .map(|chunk| {
                let mut expanded = Expanded {
                    next_bound: u32::MAX,
                    ..Expanded::default()
                };
                let mut cells = vec![0; self.puzzle.cells()];
                for path in chunk {
                    self.lay_children(path, bound, &mut cells, nearest, &mut expanded);
                }
                expanded
            })
            .reduce(
                || Expanded {
                    next_bound: u32::MAX,
                    ..Expanded::default()
                },
                |mut a, mut b| {
                    a.deeper.append(&mut b.deeper);
                    a.next_bound = a.next_bound.min(b.next_bound);
                    a.generated += b.generated;
                    a.goal = a.goal.or(b.goal);
                    a
                },
            )
    }

    /// Adds the children of `path` within `bound` to `expanded` (`cells` is room to unpack it).
    fn lay_children(
        &self,
        path: &Packed,
        bound: u32,
        cells: &mut [u8],
        nearest: &[AtomicU32],
        expanded: &mut Expanded,
    ) {
        unpack(path.cells, cells);
        let state = self.h.start(cells);
        let h = self.h.value(&state);
        nearest[path.unit as usize].fetch_min(h, Ordering::Relaxed);
        if h == 0 && cells == self.puzzle.goal_cells() {
            expanded.goal = Some(path.moves());
            return;
        }
        let (blank, g) = (usize::from(path.blank), u32::from(path.depth));
        for &(source, m) in self.puzzle.neighbours(blank) {
            if path.last() == Some(m.opposite()) {
                continue;
            }
            let Some(machine) = self.fsm.step(path.machine, m) else {
                continue;
            };
            let source = usize::from(source);
            let tile = cells[source];
            cells[blank] = tile;
            cells[source] = 0;
            expanded.generated += 1;
            let f = g
                + 1
                + self
                    .h
                    .value(&self.h.moved(&state, cells, tile, source, blank));
            if f <= bound {
                expanded.deeper.push(Packed {
                    cells: pack(cells),
                    path: (path.path << 2) | m as u128,
                    unit: path.unit,
                    machine,
                    blank: source as u8,
                    depth: path.depth + 1,
                });
            } else {
                expanded.next_bound = expanded.next_bound.min(f);
            }
            cells[source] = tile;
            cells[blank] = 0;
        }
    }
}

/// The cut's subtree `unit`, packed.
fn packed<S>((unit, cut): (usize, &Cut<S>)) -> Packed {
    Packed {
        cells: pack(&cut.cells),
        path: cut
            .path
            .iter()
            .fold(0, |packed, &m| (packed << 2) | m as u128),
        unit: unit as u32,
        machine: cut.machine,
        blank: cut.blank as u8,
        depth: cut.path.len() as u8,
    }
}

/// `layer` with each position once, by its least path, and without the positions `seen` in the
/// layers before, which it joins.
fn dedupe(mut layer: Vec<Packed>, seen: &mut Vec<u128>) -> Vec<Packed> {
    layer.par_sort_unstable_by_key(|p| (p.cells, p.path));
    layer.dedup_by_key(|p| p.cells);
    // Both sorted: one pass over each.
    let mut old = seen.iter().peekable();
    layer.retain(|p| {
        while old.next_if(|&&before| before < p.cells).is_some() {}
        old.peek() != Some(&&p.cells)
    });
    *seen = merged(seen, layer.iter().map(|p| p.cells));
    layer
}

/// The sorted positions of `seen` and `more` (sorted) together.
fn merged(seen: &[u128], more: impl ExactSizeIterator<Item = u128>) -> Vec<u128> {
    let mut all = Vec::with_capacity(seen.len() + more.len());
    let mut old = seen.iter().copied().peekable();
    for cells in more {
        while let Some(before) = old.next_if(|&before| before < cells) {
            all.push(before);
        }
        all.push(cells);
    }
    all.extend(old);
    all
}

/// The node, memory, time and cancellation limits, checked between layers.
fn check(limits: &Limits, clock: &Budget, stats: &Stats) -> Result<(), Result<Vec<Move>, Limit>> {
    let hit = if let Some(max) = limits.max_nodes.filter(|&max| stats.expanded > max) {
        Some(Limit::Nodes(max))
    } else if let Some(max) = limits.timeout.filter(|&max| clock.elapsed() > max) {
        Some(Limit::Time(max))
    } else if limits.cancelled() {
        Some(Limit::Cancelled)
    } else {
        None
    };
    hit.map_or(Ok(()), |limit| Err(Err(limit)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use npuzzle_core::Move::{Down, Left, Right, Up};

    fn path(moves: &[Move], cells: u128) -> Packed {
        Packed {
            cells,
            path: moves.iter().fold(0, |packed, &m| (packed << 2) | m as u128),
            unit: 0,
            machine: 0,
            blank: 0,
            depth: moves.len() as u8,
        }
    }

    #[test]
    fn a_position_and_its_path_unpack_as_they_were_packed() {
        let cells: Vec<u8> = (0..25).rev().collect();
        let mut back = vec![0; 25];
        unpack(pack(&cells), &mut back);
        assert_eq!(back, cells);
        let moves = [Up, Left, Left, Down, Right, Up];
        assert_eq!(path(&moves, 0).moves(), moves);
        assert_eq!(path(&moves, 0).last(), Some(Up));
        assert_eq!(path(&[], 0).last(), None);
    }

    #[test]
    fn paths_of_one_length_compare_as_their_moves_do() {
        let all = [Up, Down, Left, Right];
        for a in all {
            for b in all {
                for c in all {
                    let (x, y) = ([a, b, c], [c, a, b]);
                    let packed = path(&x, 0).path.cmp(&path(&y, 0).path);
                    assert_eq!(packed, x.cmp(&y), "{x:?} {y:?}");
                }
            }
        }
    }

    #[test]
    fn a_layer_keeps_each_position_once_by_its_least_path_and_drops_those_met_before() {
        let mut seen = vec![5];
        let layer = vec![
            path(&[Left, Up], 7),
            path(&[Up, Right], 7),
            path(&[Down, Down], 5),
            path(&[Right, Left], 3),
        ];
        let kept = dedupe(layer, &mut seen);
        let kept: Vec<(u128, Vec<Move>)> = kept.iter().map(|p| (p.cells, p.moves())).collect();
        assert_eq!(kept, [(3, vec![Right, Left]), (7, vec![Up, Right])]);
        assert_eq!(seen, [3, 5, 7]);
    }
}
