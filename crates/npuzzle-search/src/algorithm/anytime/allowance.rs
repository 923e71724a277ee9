//! The time and effort an anytime search may spend, and the shortening passes it pays for.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use npuzzle_core::{Board, Move};
use npuzzle_heuristic::{Heuristic, Puzzle};

use super::shorten::{self, Effort};
use super::{NODES_PER_SECOND, SUFFIX_NODES};
use crate::clock::Stopwatch;
use crate::limits::{Limit, Limits};
use crate::stats::Stats;

/// The time and effort an anytime search may spend.
pub(super) struct Allowance<'a> {
    clock: Stopwatch,
    /// Seconds the search may take (the budget or the time limit, whichever is smaller).
    pub(super) budget: f64,
    /// Nodes it may expand (the node limit, or the budget in nodes where there is no clock).
    pub(super) nodes: u64,
    /// The time budget asked for, in seconds (`budget` is less when a time limit cuts it).
    requested: f64,
    pub(super) limits: &'a Limits,
}

impl<'a> Allowance<'a> {
    pub(super) fn new(budget: Duration, limits: &'a Limits, clock: Stopwatch) -> Allowance<'a> {
        let mut seconds = budget.as_secs_f64();
        if let Some(timeout) = limits.timeout {
            seconds = seconds.min(timeout.as_secs_f64());
        }
        let mut nodes = limits.max_nodes.unwrap_or(u64::MAX);
        if cfg!(target_arch = "wasm32") {
            nodes = nodes.min((seconds * NODES_PER_SECOND) as u64);
        }
        Allowance {
            clock,
            budget: seconds,
            nodes,
            requested: budget.as_secs_f64(),
            limits,
        }
    }

    /// The same allowance ending at `seconds` from the start (and at as large a share of the
    /// nodes).
    pub(super) fn until(&self, seconds: f64) -> Allowance<'a> {
        let share = (seconds / self.budget).clamp(0.0, 1.0);
        Allowance {
            budget: seconds.min(self.budget),
            nodes: (self.nodes as f64 * share) as u64,
            ..*self
        }
    }

    pub(super) fn elapsed(&self) -> f64 {
        self.clock.elapsed().as_secs_f64()
    }

    /// The limit that ended the search before its time budget, if one did: the node limit
    /// once `expanded` reached it, or a time limit shorter than the budget once it passed.
    pub(super) fn stopped(&self, expanded: u64) -> Option<Limit> {
        let limits = self.limits;
        match (limits.max_nodes, limits.timeout) {
            (Some(max), _) if expanded >= max => Some(Limit::Nodes(max)),
            (_, Some(timeout)) if self.budget < self.requested && self.elapsed() >= self.budget => {
                Some(Limit::Time(timeout))
            }
            _ => None,
        }
    }

    /// Whether a search that has expanded `expanded` positions so far may expand `next` more:
    /// within the node limit, the time and no cancellation.
    pub(super) fn allows(&self, expanded: u64, next: u64) -> bool {
        expanded.saturating_add(next) <= self.nodes
            && self.elapsed() < self.budget
            && !self.limits.cancelled()
    }

    /// Whether a search that has expanded `expanded` positions so far has used up the allowance.
    pub(super) fn over(&self, expanded: u64) -> bool {
        expanded >= self.nodes || self.elapsed() >= self.budget || self.limits.cancelled()
    }

    /// Replaces the end of `moves` by an optimal one, as far back as searches stay quick.
    pub(super) fn optimal_suffix<H: Heuristic>(
        &self,
        puzzle: &Puzzle,
        h: &H,
        board: &Board,
        moves: Vec<Move>,
        stats: &mut Stats,
    ) -> Vec<Move> {
        let spent = stats.expanded;
        let inner = AtomicU64::new(0);
        let stop = || self.over(spent + inner.load(Ordering::Relaxed));
        let effort = Effort {
            nodes: SUFFIX_NODES,
            total: self.nodes.saturating_sub(spent),
            stop: &stop,
            spent: &inner,
        };
        let (moves, expanded) = shorten::suffix(puzzle, h, board, &moves, effort);
        stats.expanded += expanded;
        moves
    }

    /// Shortens `moves` with windows of `window` moves until a pass finds nothing.
    pub(super) fn shorten(
        &self,
        board: &Board,
        mut moves: Vec<Move>,
        window: usize,
        stats: &mut Stats,
    ) -> Vec<Move> {
        loop {
            let spent = stats.expanded;
            let inner = AtomicU64::new(0);
            let stop = || self.over(spent + inner.load(Ordering::Relaxed));
            let effort = Effort {
                nodes: (1u64 << 14) * window as u64,
                total: self.nodes.saturating_sub(spent),
                stop: &stop,
                spent: &inner,
            };
            let before = moves.len();
            let (shorter, expanded) = shorten::pass(board, &moves, window, effort);
            stats.expanded += expanded;
            moves = shorter;
            if moves.len() == before || self.over(stats.expanded) {
                return moves;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A part of an allowance ends at its time and at as large a share of the nodes.
    #[test]
    fn a_part_of_an_allowance_ends_early() {
        let limits = Limits::none().nodes(1_000);
        let whole = Allowance::new(Duration::from_secs(10), &limits, Stopwatch::start());
        let part = whole.until(2.5);
        assert_eq!((part.budget, part.nodes), (2.5, 250));
        assert!(part.over(250) && !part.over(249) && !whole.over(250));
        assert_eq!(whole.until(20.0).nodes, 1_000);
    }
}
