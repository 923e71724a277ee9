//! Searches that can be watched: a search reports what it does, event by event, to an
//! [`Observer`] the caller passes (the lab, a trace file, a test). [`Quiet`] watches nothing,
//! and a search given it compiles to the search without observer: every report is behind
//! `if O::WATCHING`, a constant.

use npuzzle_core::Move;
use serde::Serialize;

/// Why a child was not searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "why", rename_all = "lowercase")]
pub enum Pruned {
    /// It undoes the move that led here.
    Parent,
    /// It completes a move sequence that a shorter or equal one does the work of (the
    /// move-pruning machine).
    Machine,
    /// Its f-value passes the threshold (IDA*) or the f-limit (RBFS).
    Bound {
        /// Its f-value, or the part of it a lazy lookup found before it passed.
        f: u32,
    },
    /// Its position was reached before by a path no longer (A* and its kin).
    Duplicate,
}

/// What a watched search did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "lowercase")]
pub enum Event<'a> {
    /// An iteration begins: IDA*'s threshold.
    Iteration {
        /// The threshold.
        bound: u32,
    },
    /// A layer of the complete table's breadth-first search is done: every position `depth`
    /// moves from the goal is found.
    Layer {
        /// The layer's distance from the goal.
        depth: u32,
        /// How many positions it holds.
        positions: u64,
    },
    /// A node is expanded: its children are about to be generated.
    Expanded {
        /// Moves from the start.
        g: u32,
        /// The heuristic's value.
        h: u32,
        /// The position, row by row (0 is the blank).
        cells: &'a [u8],
        /// The moves from the start to it.
        #[serde(serialize_with = "letters")]
        path: &'a [Move],
    },
    /// RBFS's f-limit for the node just expanded: the best f-value of the alternatives left
    /// above it. Its subtree is searched while it stays within; past it, the search backs up.
    Limit {
        /// The f-limit.
        bound: u32,
    },
    /// A child is generated, with its f-value when it was looked up whole.
    Generated {
        /// The move to it.
        #[serde(serialize_with = "letter")]
        played: Move,
        /// Its g.
        g: u32,
    },
    /// A child joins the frontier with its f-value: the open list of A* and its kin (its key
    /// there is the priority; f = g + h is said), a node's children kept by RBFS (a backed-up
    /// value where the node was searched before).
    Opened {
        /// The move to it.
        #[serde(serialize_with = "letter")]
        played: Move,
        /// Its g.
        g: u32,
        /// Its f-value.
        f: u32,
    },
    /// A child is not searched.
    Pruned {
        /// The move to it.
        #[serde(serialize_with = "letter")]
        played: Move,
        /// Why.
        #[serde(flatten)]
        why: Pruned,
    },
    /// RBFS backs up a child's f-value: its subtree was searched up to the f-limit and the
    /// least f-value past it is the child's from now on.
    Backup {
        /// The move to the child.
        #[serde(serialize_with = "letter")]
        played: Move,
        /// Its backed-up f-value.
        f: u32,
    },
    /// The goal is reached, by these moves.
    Solution {
        /// The moves.
        #[serde(serialize_with = "letters")]
        moves: &'a [Move],
    },
}

/// Watches a search.
pub trait Observer {
    /// Whether events are reported at all: false only for [`Quiet`], so that a search without
    /// observer does no work for one.
    const WATCHING: bool = true;

    /// One event, as it happens.
    fn event(&mut self, event: &Event<'_>);
}

/// The observer of a search nobody watches.
#[derive(Clone, Copy, Debug, Default)]
pub struct Quiet;

impl Observer for Quiet {
    const WATCHING: bool = false;

    #[inline(always)]
    fn event(&mut self, _: &Event<'_>) {}
}

/// Any function of the events as an observer: what crosses a boundary that cannot be generic
/// ([`crate::Solver::watch`]).
pub struct Watcher<'a>(pub &'a mut dyn FnMut(&Event<'_>));

impl Observer for Watcher<'_> {
    fn event(&mut self, event: &Event<'_>) {
        (self.0)(event);
    }
}

/// Counts of what a watched search did, by kind: the figures a lab shows as it goes.
///
/// ```
/// use npuzzle_core::Move;
/// use npuzzle_search::algorithm::observe::{Counts, Event, Observer, Pruned};
/// let mut counts = Counts::default();
/// counts.event(&Event::Iteration { bound: 4 });
/// counts.event(&Event::Pruned { played: Move::Up, why: Pruned::Bound { f: 6 } });
/// assert_eq!((counts.iterations, counts.pruned_by_bound), (1, 1));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Counts {
    /// Iterations begun (IDA*'s thresholds, the table's layers).
    pub iterations: u64,
    /// Nodes expanded.
    pub expanded: u64,
    /// Children generated.
    pub generated: u64,
    /// Children not searched because they undo the last move.
    pub pruned_by_parent: u64,
    /// Children not searched because of the move-pruning machine.
    pub pruned_by_machine: u64,
    /// Children not searched because they pass the bound.
    pub pruned_by_bound: u64,
    /// Children not searched because their position was reached before, no longer.
    pub pruned_as_duplicates: u64,
    /// f-values backed up (RBFS).
    pub backups: u64,
}

impl Observer for Counts {
    fn event(&mut self, event: &Event<'_>) {
        match event {
            Event::Iteration { .. } | Event::Layer { .. } => self.iterations += 1,
            Event::Expanded { .. } => self.expanded += 1,
            Event::Generated { .. } => self.generated += 1,
            Event::Pruned { why, .. } => match why {
                Pruned::Parent => self.pruned_by_parent += 1,
                Pruned::Machine => self.pruned_by_machine += 1,
                Pruned::Bound { .. } => self.pruned_by_bound += 1,
                Pruned::Duplicate => self.pruned_as_duplicates += 1,
            },
            Event::Backup { .. } => self.backups += 1,
            Event::Opened { .. } | Event::Limit { .. } | Event::Solution { .. } => {}
        }
    }
}

/// Events written as JSON lines (one object a line) to `out`, at most `cap` of them; past the
/// cap nothing more is written and [`JsonLines::cut`] says so. A write that fails stops the
/// writing and is kept to report.
#[derive(Debug)]
pub struct JsonLines<W> {
    out: W,
    cap: u64,
    written: u64,
    cut: bool,
    error: Option<std::io::Error>,
}

impl<W: std::io::Write> JsonLines<W> {
    /// Lines to `out`, at most `cap`.
    pub fn new(out: W, cap: u64) -> JsonLines<W> {
        JsonLines {
            out,
            cap,
            written: 0,
            cut: false,
            error: None,
        }
    }

    /// Whether events past the cap were left out.
    pub fn cut(&self) -> bool {
        self.cut
    }

    /// How many lines were written.
    pub fn written(&self) -> u64 {
        self.written
    }

    /// The writer back, or the first error a write met.
    pub fn finish(mut self) -> std::io::Result<W> {
        if let Some(error) = self.error {
            return Err(error);
        }
        self.out.flush()?;
        Ok(self.out)
    }
}

impl<W: std::io::Write> Observer for JsonLines<W> {
    fn event(&mut self, event: &Event<'_>) {
        if self.error.is_some() || self.cut {
            return;
        }
        if self.written == self.cap {
            self.cut = true;
            return;
        }
        let line = serde_json::to_vec(event).map_err(std::io::Error::other);
        let written = line.and_then(|mut line| {
            line.push(b'\n');
            self.out.write_all(&line)
        });
        match written {
            Ok(()) => self.written += 1,
            Err(error) => self.error = Some(error),
        }
    }
}

fn letter<S: serde::Serializer>(m: &Move, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_char(m.tile_letter())
}

fn letters<S: serde::Serializer>(moves: &&[Move], serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(&moves.iter().map(|m| m.tile_letter()).collect::<String>())
}
