//! A long search's frontier, laid out breadth-first once with each position kept once and kept
//! for the iterations after: the duplicate detection of A*+IDA* (Bu & Korf 2019) in the memory
//! a search may spare.
//!
//! IDA* searches the subtree below every path within the threshold, so a position that two
//! paths reach is searched twice, unless the FSM ([`crate::algorithm::fsm`]) knows one of them
//! for a duplicate, and it knows only the short ones. Laid out from the root at a threshold, a
//! layer (a depth) at a time, a path is dropped when its position was met in a shallower layer
//! or by a lesser path in its own (lesser as the FSM orders them: the moves compared in the order
//! `U D L R`). The frontier is the last layer and the *leaves*: the children past the threshold
//! met above it, each position once too (the shallowest, then the least). An iteration at that
//! threshold or a later one searches below each path of the frontier within its own threshold,
//! grouped by the subtree of its cut the path lies in, so that the cut stays the unit of work of
//! both cores, of the journal and of its order; a subtree below a leaf shallower than the cut is
//! searched as before.
//!
//! Nothing is lost. The least of the shortest paths to the goal passes each layer by the least
//! path to each of its positions (a lesser or shorter one would make a lesser path to the goal),
//! which is kept; its first node past the laying out's threshold, if any, is a leaf kept the same
//! way; and it has no stretch the FSM forbids. In an iteration below the optimum, its first node
//! past that iteration's threshold is met the same way, so the next threshold is never above the
//! optimum.

use std::collections::{HashMap, HashSet};

use npuzzle_core::Move;
use rayon::prelude::*;

use super::layering::MOST_CELLS;
use super::tree::{Cut, Node, Tree};
use crate::algorithm::fsm::FsmState;
use crate::heuristic::Heuristic;
use crate::limits::{Budget, Limit, Limits};
use crate::stats::Stats;

/// The deepest path a layer may hold (two bits a move).
const MOST_DEPTH: u8 = 63;

/// Paths expanded by one task of the layer's work.
const CHUNK: usize = 1 << 12;

/// A path of the frontier, packed.
#[derive(Clone, Copy, Debug)]
struct Packed {
    /// The tiles, five bits a cell, the first cell the most significant.
    cells: u128,
    /// The moves, two bits each, the first the most significant: paths of one length compare
    /// as the FSM orders them.
    path: u128,
    machine: FsmState,
    blank: u8,
    depth: u8,
    /// Its f-value.
    f: u8,
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

    /// The first `depth` moves of the path (at most its own).
    fn prefix(&self, depth: u8) -> u128 {
        self.path >> (2 * u32::from(self.depth.saturating_sub(depth)))
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

fn pack_moves(moves: &[Move]) -> u128 {
    moves.iter().fold(0, |packed, &m| (packed << 2) | m as u128)
}

/// A search's frontier, laid out at one threshold.
pub(super) struct Frontier {
    /// The threshold it was laid out at.
    bound: u32,
    /// The depth of its last layer (`u8::MAX` when the whole tree within `bound` was laid out).
    depth: u8,
    /// The last layer (within `bound`) and the leaves (past it).
    paths: Vec<Packed>,
}

/// The frontier of one iteration, grouped by the subtrees of its cut.
pub(super) struct Units {
    /// Places in the frontier's paths, by subtree.
    order: Vec<u32>,
    /// Subtree `u`'s are `order[starts[u]..starts[u + 1]]`.
    starts: Vec<usize>,
    /// The subtrees below a leaf shallower than the cut, searched from the cut as before.
    plain: Vec<bool>,
    /// The least f-value past the iteration's threshold among the frontier's leaves.
    pub(super) next_bound: u32,
}

/// A path of the frontier, ready to search below.
pub(super) struct Start<S> {
    pub(super) cells: Vec<u8>,
    pub(super) path: Vec<Move>,
    pub(super) node: Node<S>,
}

impl Frontier {
    /// The threshold it was laid out at.
    pub(super) fn bound(&self) -> u32 {
        self.bound
    }

    /// The frontier of the iteration at `bound` (not below the frontier's) cut into `cut`, or
    /// `None` when its last layer is above the cut or a path does not lie in the cut (then the
    /// cut is searched as before).
    pub(super) fn units<S: Sync>(&self, cut: &[Cut<S>], bound: u32) -> Option<Units> {
        let depth = u8::try_from(cut.first()?.path.len()).ok()?;
        if self.depth < depth || bound < self.bound {
            return None;
        }
        let units: HashMap<u128, u32> = (cut.iter().enumerate())
            .map(|(u, c)| (pack_moves(&c.path), u as u32))
            .collect();
        let shallow: HashSet<(u8, u128)> = (self.paths.iter())
            .filter(|p| u32::from(p.f) > self.bound && p.depth < depth)
            .map(|p| (p.depth, p.path))
            .collect();
        let plain = (cut.iter())
            .map(|c| {
                let path = pack_moves(&c.path);
                (1..depth).any(|d| shallow.contains(&(d, path >> (2 * u32::from(depth - d)))))
            })
            .collect();
        let next_bound = (self.paths.par_iter())
            .map(|p| u32::from(p.f))
            .filter(|&f| f > bound)
            .min()
            .unwrap_or(u32::MAX);
        let mut placed: Vec<(u32, u32)> = (self.paths.par_iter().enumerate())
            .filter(|(_, p)| u32::from(p.f) <= bound && p.depth >= depth)
            .map(|(i, p)| units.get(&p.prefix(depth)).map(|&u| (u, i as u32)))
            .collect::<Option<_>>()?;
        placed.par_sort_unstable();
        let mut starts = vec![0; cut.len() + 1];
        for &(u, _) in &placed {
            starts[u as usize + 1] += 1;
        }
        for u in 0..cut.len() {
            starts[u + 1] += starts[u];
        }
        Some(Units {
            order: placed.into_iter().map(|(_, i)| i).collect(),
            starts,
            plain,
            next_bound,
        })
    }

    /// The paths of subtree `unit` of `units`, each ready to search with `tree`.
    pub(super) fn starts<'a, H: Heuristic>(
        &'a self,
        units: &'a Units,
        tree: &'a Tree<'_, H>,
        unit: usize,
    ) -> impl Iterator<Item = Start<H::State>> + 'a {
        let cells = tree.puzzle.cells();
        units.order[units.starts[unit]..units.starts[unit + 1]]
            .iter()
            .map(move |&i| {
                let packed = &self.paths[i as usize];
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
}

impl Units {
    /// Whether subtree `unit` is searched from the cut as before.
    pub(super) fn plain(&self, unit: usize) -> bool {
        self.plain[unit]
    }
}

/// What laying out one layer found.
#[derive(Default)]
struct Expanded {
    deeper: Vec<Packed>,
    leaves: Vec<Packed>,
    generated: u64,
    goal: Option<Vec<Move>>,
}

impl Expanded {
    fn join(mut self, mut other: Expanded) -> Expanded {
        self.deeper.append(&mut other.deeper);
        self.leaves.append(&mut other.leaves);
        self.generated += other.generated;
        self.goal = self.goal.or(other.goal);
        self
    }
}

impl<H: Heuristic + Sync> Tree<'_, H> {
    /// The frontier at `bound` below `root`, its last layer of at most about `aim` paths; `None`
    /// when the board is too large; the goal's path if a layer holds it; the limit that
    /// stopped it.
    pub(super) fn lay_out(
        &self,
        root: &Cut<H::State>,
        bound: u32,
        aim: usize,
        (limits, clock): (&Limits, &Budget),
        stats: &mut Stats,
    ) -> Result<Option<Frontier>, Result<Vec<Move>, Limit>> {
        if self.puzzle.cells() > MOST_CELLS {
            return Ok(None);
        }
        let mut seen = Vec::new();
        let mut layer = dedupe(vec![packed(root, bound)], &mut seen);
        let mut leaves = Vec::new();
        while !layer.is_empty()
            && layer.len().saturating_mul(5) / 2 <= aim
            && layer[0].depth < MOST_DEPTH
        {
            stats.expanded += layer.len() as u64;
            check(limits, clock, stats)?;
            let mut expanded = self.expand(&layer, bound);
            stats.generated += expanded.generated;
            if let Some(goal) = expanded.goal {
                return Err(Ok(goal));
            }
            leaves.append(&mut expanded.leaves);
            layer = dedupe(expanded.deeper, &mut seen);
        }
        leaves.par_sort_unstable_by_key(|p| (p.cells, p.depth, p.path));
        leaves.dedup_by_key(|p| p.cells);
        let mut met = seen.iter().peekable();
        leaves.retain(|p| {
            while met.next_if(|&&before| before < p.cells).is_some() {}
            met.peek() != Some(&&p.cells)
        });
        let depth = layer.first().map_or(u8::MAX, |p| p.depth);
        layer.append(&mut leaves);
        Ok(Some(Frontier {
            bound,
            depth,
            paths: layer,
        }))
    }

    /// The children of every path of `layer` that the FSM allows, within `bound` and past it,
    /// on every core.
    fn expand(&self, layer: &[Packed], bound: u32) -> Expanded {
        layer
            .par_chunks(CHUNK)
            .map(|chunk| {
                let mut expanded = Expanded::default();
                let mut cells = vec![0; self.puzzle.cells()];
                for path in chunk {
                    self.lay_children(path, bound, &mut cells, &mut expanded);
                }
                expanded
            })
            .reduce(Expanded::default, Expanded::join)
    }

    /// Adds the children of `path` to `expanded` (`cells` is room to unpack it).
    fn lay_children(&self, path: &Packed, bound: u32, cells: &mut [u8], expanded: &mut Expanded) {
        unpack(path.cells, cells);
        let state = self.h.start(cells);
        if self.h.value(&state) == 0 && cells == self.puzzle.goal_cells() {
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
            let child = Packed {
                cells: pack(cells),
                path: (path.path << 2) | m as u128,
                machine,
                blank: source as u8,
                depth: path.depth + 1,
                f: u8::try_from(f).unwrap_or(u8::MAX),
            };
            match f <= bound {
                true => expanded.deeper.push(child),
                false => expanded.leaves.push(child),
            }
            cells[source] = tile;
            cells[blank] = 0;
        }
    }
}

/// The root, packed.
fn packed<S>(root: &Cut<S>, bound: u32) -> Packed {
    Packed {
        cells: pack(&root.cells),
        path: pack_moves(&root.path),
        machine: root.machine,
        blank: root.blank as u8,
        depth: root.path.len() as u8,
        f: u8::try_from(bound).unwrap_or(u8::MAX),
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

/// The node, time and cancellation limits, checked between layers.
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
            path: pack_moves(moves),
            machine: 0,
            blank: 0,
            depth: moves.len() as u8,
            f: 0,
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
        assert_eq!(path(&moves, 0).prefix(2), pack_moves(&[Up, Left]));
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
