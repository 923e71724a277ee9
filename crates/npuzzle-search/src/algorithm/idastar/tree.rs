//! The tree IDA* searches: the depth-first search below a node within a threshold, and the cut
//! of an iteration's tree into subtrees a few moves deep.

use std::sync::atomic::{AtomicBool, Ordering};

use npuzzle_core::Move;

use crate::algorithm::Walk;
use crate::algorithm::observe::{Event, Observer, Pruned, Quiet};
use crate::limits::{Budget, Limit, Limits};
use crate::stats::Stats;
use npuzzle_heuristic::{
    Heuristic, Puzzle,
    fsm::{Fsm, FsmState},
};

/// What decides the tree: the goal, the heuristic and the move sequences skipped.
pub(super) struct Tree<'a, H> {
    pub(super) puzzle: &'a Puzzle,
    pub(super) h: &'a H,
    pub(super) fsm: &'a Fsm,
}

/// A depth-first search of the tree within a threshold, watched by `O` ([`Quiet`]: by nobody).
pub(super) struct Search<'a, H: Heuristic, O = Quiet> {
    pub(super) walk: Walk<'a, H>,
    pub(super) fsm: &'a Fsm,
    pub(super) next_bound: u32,
    /// Set when another thread has found the goal or hit a limit: this search may stop.
    stop: &'a AtomicBool,
    /// Whether this search stopped because `stop` was set (its subtree is then not finished).
    pub(super) abandoned: bool,
    /// The least heuristic value among the nodes expanded (`u32::MAX`: none): how near the goal
    /// the search came, which orders the next iteration's subtrees ([`crate::algorithm::order`]).
    nearest: u32,
    /// Who watches.
    pub(super) observer: O,
}

/// A node of the search: where the blank is, how far from the start, the heuristic's state and
/// what the FSM has read of the path.
#[derive(Clone, Copy)]
pub(super) struct Node<S> {
    pub(super) blank: usize,
    pub(super) g: u32,
    pub(super) state: S,
    pub(super) machine: FsmState,
}

impl<'a, H: Heuristic> Search<'a, H> {
    /// A search of `tree` from `cells`, reached by `path`, within `budget`, that gives up when
    /// `stop` is set.
    pub(super) fn new(
        tree: &Tree<'a, H>,
        cells: Vec<u8>,
        path: Vec<Move>,
        budget: Budget,
        stop: &'a AtomicBool,
    ) -> Self {
        Search::watched(tree, cells, path, budget, stop, Quiet)
    }
}

impl<'a, H: Heuristic, O: Observer> Search<'a, H, O> {
    /// [`Search::new`], reporting to `observer`.
    pub(super) fn watched(
        tree: &Tree<'a, H>,
        cells: Vec<u8>,
        path: Vec<Move>,
        budget: Budget,
        stop: &'a AtomicBool,
        observer: O,
    ) -> Self {
        Search {
            walk: Walk::new(tree.puzzle, tree.h, cells, path, budget),
            fsm: tree.fsm,
            next_bound: u32::MAX,
            stop,
            abandoned: false,
            nearest: u32::MAX,
            observer,
        }
    }

    /// The least heuristic value among the nodes expanded so far (`None`: none).
    pub(super) fn nearest(&self) -> Option<u32> {
        (self.nearest != u32::MAX).then_some(self.nearest)
    }

    /// The walk moved to `cut` and its nearest forgotten, to search the subtree below it:
    /// the node to search from.
    pub(super) fn enter(&mut self, cut: &Cut<H::State>) -> Node<H::State> {
        self.walk.cells.clone_from(&cut.cells);
        self.walk.path.clone_from(&cut.path);
        self.nearest = u32::MAX;
        Node {
            blank: cut.blank,
            g: cut.path.len() as u32,
            state: cut.state,
            machine: cut.machine,
        }
    }

    /// Searches below `node`, whose f is within `bound`. True when the goal was found (the path
    /// then holds the solution); [`Limit::Cancelled`] with [`Search::abandoned`] set when `stop`
    /// was.
    pub(super) fn dfs(
        &mut self,
        node: &Node<H::State>,
        bound: u32,
        previous: Option<Move>,
    ) -> Result<bool, Limit> {
        let (blank, g) = (node.blank, node.g);
        let h = self.walk.h.value(&node.state);
        if h == 0 && self.walk.cells == self.walk.puzzle.goal_cells() {
            if O::WATCHING {
                let moves = &self.walk.path;
                self.observer.event(&Event::Solution { moves });
            }
            return Ok(true);
        }
        self.nearest = self.nearest.min(h);
        self.walk.stats.expanded += 1;
        if O::WATCHING {
            let (cells, path) = (&self.walk.cells, &self.walk.path);
            self.observer.event(&Event::Expanded { g, h, cells, path });
        }
        self.walk.budget.check(&self.walk.stats)?;
        if self.walk.stats.expanded.is_multiple_of(4096) && self.stop.load(Ordering::Relaxed) {
            self.abandoned = true;
            return Err(Limit::Cancelled);
        }
        // What a child's bound may be: looked up lazily, a heuristic may stop as soon as a
        // child is past it.
        let budget = bound.saturating_sub(g + 1);
        for &(source, m) in self.walk.puzzle.neighbours(blank) {
            if previous == Some(m.opposite()) {
                self.pruned(m, Pruned::Parent);
                continue;
            }
            let Some(machine) = self.fsm.step_within(node.machine, m, budget) else {
                self.pruned(m, Pruned::Machine);
                continue;
            };
            self.fsm.prefetch(machine);
            let source = source as usize;
            let tile = self.walk.cells[source];
            self.walk.cells[blank] = tile;
            self.walk.cells[source] = 0;
            self.walk.stats.generated += 1;
            if O::WATCHING {
                let g = g + 1;
                self.observer.event(&Event::Generated { played: m, g });
            }
            let child = (self.walk.h)
                .moved_within(&node.state, &self.walk.cells, tile, source, blank, budget)
                .map(|state| (g + 1 + self.walk.h.value(&state), state));
            match child {
                Ok((f, state)) if f <= bound => {
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
                }
                Ok((f, _)) => {
                    self.next_bound = self.next_bound.min(f);
                    self.pruned(m, Pruned::Bound { f });
                }
                Err(h) => {
                    self.next_bound = self.next_bound.min(g + 1 + h);
                    self.pruned(m, Pruned::Bound { f: g + 1 + h });
                }
            }
            self.walk.cells[source] = tile;
            self.walk.cells[blank] = 0;
        }
        Ok(false)
    }

    /// Reports that the move `m` was not searched, and why.
    #[inline(always)]
    fn pruned(&mut self, played: Move, why: Pruned) {
        if O::WATCHING {
            self.observer.event(&Event::Pruned { played, why });
        }
    }
}

/// A node where a split iteration divides the tree.
#[derive(Clone)]
pub(super) struct Cut<S> {
    pub(super) cells: Vec<u8>,
    pub(super) blank: usize,
    pub(super) path: Vec<Move>,
    pub(super) state: S,
    pub(super) machine: FsmState,
}

/// The nodes an iteration splits into, and the least f-value past its bound among the others.
pub(super) type Frontier<S> = (Vec<Cut<S>>, u32);

impl<H: Heuristic> Tree<'_, H> {
    /// The search this tree's journal belongs to: its heuristic and machine.
    #[cfg(not(target_arch = "wasm32"))]
    pub(super) fn identity(&self) -> crate::algorithm::journal::Identity {
        crate::algorithm::journal::Identity {
            heuristic: self.h.identity(),
            machine: self.fsm.identity(),
        }
    }

    /// Every path of an iteration's tree a few moves deep, within `bound` (at least `aim` of
    /// them, unless the tree is smaller), and the least f-value that passed the bound; or the
    /// goal's path, if it lies shallower; or the node limit, if it comes first.
    pub(super) fn frontier(
        &self,
        root: Cut<H::State>,
        bound: u32,
        aim: usize,
        limits: &Limits,
        stats: &mut Stats,
    ) -> Result<Frontier<H::State>, Result<Vec<Move>, Limit>> {
        let mut splits = vec![root];
        let mut next_bound = u32::MAX;
        while splits.len() < aim && !splits.is_empty() {
            if limits.cancelled() {
                return Err(Err(Limit::Cancelled));
            }
            if let Some(goal) = splits
                .iter()
                .find(|s| self.h.value(&s.state) == 0 && s.cells == self.puzzle.goal_cells())
            {
                return Err(Ok(goal.path.clone()));
            }
            let mut deeper = Vec::with_capacity(splits.len() * 3);
            for split in &splits {
                stats.expanded += 1;
                if let Some(max) = limits.max_nodes.filter(|&max| stats.expanded > max) {
                    return Err(Err(Limit::Nodes(max)));
                }
                self.children(split, bound, &mut deeper, &mut next_bound, stats);
            }
            splits = deeper;
        }
        Ok((splits, next_bound))
    }

    /// Adds the children of `split` within `bound` to `deeper`, and lowers `next_bound` to the
    /// f-values of the others.
    fn children(
        &self,
        split: &Cut<H::State>,
        bound: u32,
        deeper: &mut Vec<Cut<H::State>>,
        next_bound: &mut u32,
        stats: &mut Stats,
    ) {
        for &(source, m) in self.puzzle.neighbours(split.blank) {
            if split.path.last() == Some(&m.opposite()) {
                continue;
            }
            let Some(machine) = self.fsm.step(split.machine, m) else {
                continue;
            };
            let mut cells = split.cells.clone();
            let tile = cells[source as usize];
            cells[split.blank] = tile;
            cells[source as usize] = 0;
            stats.generated += 1;
            let child = self
                .h
                .moved(&split.state, &cells, tile, source as usize, split.blank);
            let f = split.path.len() as u32 + 1 + self.h.value(&child);
            if f > bound {
                *next_bound = (*next_bound).min(f);
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
}
