//! Limits on a search (nodes, time, memory) and the budget that enforces them.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::time::Duration;

pub use npuzzle_heuristic::Cancel;

use crate::clock::Stopwatch;
use crate::stats::Stats;

/// How far a search may go. Hitting a limit stops it with [`crate::SolveError::LimitReached`].
///
/// ```
/// use std::time::Duration;
/// use npuzzle_search::Limits;
/// let limits = Limits::default().nodes(1_000_000).timeout(Duration::from_secs(5));
/// assert_eq!(limits.max_nodes, Some(1_000_000));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Most nodes to expand.
    pub max_nodes: Option<u64>,
    /// Most wall time (ignored where there is no clock, as in WebAssembly).
    pub timeout: Option<Duration>,
    /// Most memory for the search's own structures, in bytes. Defaults to 4 GiB.
    pub max_memory: Option<u64>,
    /// Stops the search when cancelled from another thread.
    pub cancel: Option<Cancel>,
    /// Where IDA* keeps what it has finished (its iteration and subtrees), and resumes from:
    /// a search stopped by a limit, a signal or a crash, run again with the same journal,
    /// loses only the subtrees that were under way (see the `journal` module of `algorithm`). Only
    /// IDA* keeps one.
    pub journal: Option<std::path::PathBuf>,
    /// Where IDA* on every core tells how far it has come, for another thread to show.
    pub progress: Option<Progress>,
}

/// The memory a search may hold unless told otherwise: 4 GiB.
pub const DEFAULT_MEMORY: u64 = 4 << 30;

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_nodes: None,
            timeout: None,
            max_memory: Some(DEFAULT_MEMORY),
            cancel: None,
            journal: None,
            progress: None,
        }
    }
}

impl Limits {
    /// No limits at all.
    pub fn none() -> Limits {
        Limits {
            max_nodes: None,
            timeout: None,
            max_memory: None,
            cancel: None,
            journal: None,
            progress: None,
        }
    }

    /// These limits with at most `nodes` expanded.
    pub fn nodes(self, nodes: u64) -> Limits {
        Limits {
            max_nodes: Some(nodes),
            ..self
        }
    }

    /// These limits with at most `timeout` of wall time.
    pub fn timeout(self, timeout: Duration) -> Limits {
        Limits {
            timeout: Some(timeout),
            ..self
        }
    }

    /// These limits with at most `bytes` of memory.
    pub fn memory(self, bytes: u64) -> Limits {
        Limits {
            max_memory: Some(bytes),
            ..self
        }
    }

    /// These limits, with IDA*'s journal kept at `path` (see [`Limits::journal`]).
    pub fn keep_journal(self, path: impl Into<std::path::PathBuf>) -> Limits {
        Limits {
            journal: Some(path.into()),
            ..self
        }
    }

    /// These limits, with the search's progress told to `progress` (see [`Progress`]).
    pub fn report(self, progress: Progress) -> Limits {
        Limits {
            progress: Some(progress),
            ..self
        }
    }

    /// These limits, stopped early when `token` is cancelled.
    pub fn cancel(self, token: Cancel) -> Limits {
        Limits {
            cancel: Some(token),
            ..self
        }
    }

    /// Whether the cancel token, if any, has been cancelled.
    pub fn cancelled(&self) -> bool {
        self.cancel.as_ref().is_some_and(Cancel::is_cancelled)
    }
}

/// How far a long search has come, read from another thread while it runs (for a progress
/// line): IDA* on every core tells it its threshold, how many of the iteration's subtrees are
/// finished (counting those a journal says an earlier run finished), and the nodes of the
/// subtrees finished in this run. Clone it, hand one copy to the search (through
/// [`Limits::report`]) and read the other.
///
/// ```
/// use npuzzle_core::Goal;
/// use npuzzle_search::algorithm::{Method, idastar::IdaStar};
/// use npuzzle_heuristic::Manhattan;
/// use npuzzle_search::{Limits, Progress, Puzzle, Start};
/// let goal = Goal::BlankLast.board("4".parse().unwrap()).unwrap();
/// let start = Start::new("5 1 3 4/2 0 7 8/9 6 10 12/13 14 11 15".parse().unwrap(), goal.clone()).unwrap();
/// let puzzle = Puzzle::new(&goal).unwrap();
/// let h = Manhattan::for_puzzle(&puzzle);
/// let progress = Progress::default();
/// let limits = Limits::default().report(progress.clone());
/// let idastar = IdaStar { parallel: true, ..IdaStar::new(&puzzle, &h) };
/// assert_eq!(idastar.run(&start, &limits).unwrap().moves.len(), 8);
/// assert_eq!(progress.bound(), 8);
/// ```
#[derive(Clone, Debug, Default)]
pub struct Progress(Arc<Counters>);

/// What [`Progress`] shares.
#[derive(Debug, Default)]
struct Counters {
    bound: AtomicU32,
    finished: AtomicU32,
    subtrees: AtomicU32,
    expanded: AtomicU64,
}

impl Progress {
    /// The threshold of the iteration under way (0 before the first).
    pub fn bound(&self) -> u32 {
        self.0.bound.load(Ordering::Relaxed)
    }

    /// How many of the iteration's subtrees are finished, and how many it has.
    pub fn subtrees(&self) -> (u32, u32) {
        let counters = &self.0;
        let all = counters.subtrees.load(Ordering::Relaxed);
        (counters.finished.load(Ordering::Relaxed), all)
    }

    /// The nodes expanded by the subtrees this run has finished, over every iteration.
    pub fn expanded(&self) -> u64 {
        self.0.expanded.load(Ordering::Relaxed)
    }

    /// An iteration at `bound` begins, cut into `subtrees` of which `finished` are done.
    #[cfg(not(target_arch = "wasm32"))]
    pub(crate) fn begin(&self, bound: u32, subtrees: usize, finished: usize) {
        let counters = &self.0;
        counters.bound.store(bound, Ordering::Relaxed);
        counters.subtrees.store(subtrees as u32, Ordering::Relaxed);
        counters.finished.store(finished as u32, Ordering::Relaxed);
    }

    /// One more subtree is finished, having expanded `expanded` nodes.
    #[cfg(not(target_arch = "wasm32"))]
    pub(crate) fn finished(&self, expanded: u64) {
        self.0.finished.fetch_add(1, Ordering::Relaxed);
        self.0.expanded.fetch_add(expanded, Ordering::Relaxed);
    }
}

impl PartialEq for Progress {
    fn eq(&self, other: &Progress) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for Progress {}

/// The limit that stopped a search.
///
/// ```
/// use npuzzle_search::{Limit, Limits, Request, SolveError};
/// let hard = "0 12 9 13/15 11 10 14/3 7 2 5/4 8 6 1".parse().unwrap();
/// let options = npuzzle_search::Options { limits: Limits::default().nodes(1_000), ..Default::default() };
/// let stopped = Request::new(hard).options(options).solve();
/// assert!(matches!(stopped, Err(SolveError::LimitReached { limit: Limit::Nodes(1_000), .. })));
/// assert_eq!(Limit::Nodes(1_000).to_string(), "the node limit (1000 nodes)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// The node limit.
    Nodes(u64),
    /// The time limit.
    Time(Duration),
    /// The memory limit, in bytes.
    Memory(u64),
    /// The caller cancelled the search.
    Cancelled,
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Limit::Nodes(n) => write!(f, "the node limit ({n} nodes)"),
            Limit::Time(t) => write!(f, "the time limit ({:.1} s)", t.as_secs_f64()),
            Limit::Memory(b) => write!(f, "the memory limit ({} MiB)", b >> 20),
            Limit::Cancelled => write!(f, "cancellation"),
        }
    }
}

/// Enforces [`Limits`] during a search; cheap enough to call at every node.
#[derive(Clone, Debug)]
pub struct Budget {
    limits: Limits,
    clock: Stopwatch,
    countdown: u32,
}

/// How many nodes pass between two looks at the clock.
const CLOCK_INTERVAL: u32 = 1 << 14;

impl Budget {
    /// Starts the clock for a search under `limits`.
    pub fn new(limits: Limits) -> Budget {
        Budget {
            limits,
            clock: Stopwatch::start(),
            // The first check looks at the clock: a search of many small budgets (the subtrees
            // of a split iteration) may end each before its 16,384th node.
            countdown: 1,
        }
    }

    /// Time since the search started.
    pub fn elapsed(&self) -> Duration {
        self.clock.elapsed()
    }

    /// Checks the clock and the cancellation.
    fn check_clock(&self) -> Result<(), Limit> {
        if let Some(max) = self.limits.timeout
            && self.clock.elapsed() > max
        {
            return Err(Limit::Time(max));
        }
        if self.limits.cancelled() {
            return Err(Limit::Cancelled);
        }
        Ok(())
    }

    /// Checks the limits against `stats` (expanded nodes and memory every call, the clock at the
    /// first call and every few thousand after).
    #[inline]
    pub fn check(&mut self, stats: &Stats) -> Result<(), Limit> {
        if let Some(max) = self.limits.max_nodes
            && stats.expanded > max
        {
            return Err(Limit::Nodes(max));
        }
        if let Some(max) = self.limits.max_memory
            && stats.peak_memory > max
        {
            return Err(Limit::Memory(max));
        }
        self.countdown -= 1;
        if self.countdown == 0 {
            self.countdown = CLOCK_INTERVAL;
            return self.check_clock();
        }
        Ok(())
    }
}
