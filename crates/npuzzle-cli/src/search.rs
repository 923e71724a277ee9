//! What `solve` and `bench` share: options from the command line, solvers per board size, and a
//! thread pool for batches.

use std::collections::HashSet;
use std::sync::Arc;

use anyhow::Context;
use npuzzle_core::{Board, Goal, Size};
use npuzzle_search::learned::Network;
use npuzzle_search::pdb::{Store, policy};
use npuzzle_search::{Algorithm, HeuristicKind, Limits, Options, Solver, Start, ranges};

use crate::cli::SearchArgs;
use crate::databases;

impl SearchArgs {
    /// The solver options these arguments ask for.
    pub fn options(&self) -> anyhow::Result<Options> {
        // Ctrl-C stops every search so that what is finished gets written.
        let mut limits = Limits::none()
            .memory(self.max_memory.saturating_mul(1 << 20))
            .cancel(crate::interrupt::token());
        if let Some(nodes) = self.max_nodes {
            limits = limits.nodes(nodes);
        }
        if let Some(seconds) = self.timeout {
            limits = limits.timeout(ranges::duration(seconds).context("--timeout")?);
        }
        let budget = ranges::duration(self.time_budget).context("--time-budget")?;
        // A damaged or foreign file is refused before anything is solved.
        let model = match &self.model {
            Some(path) => Some(Arc::new(
                Network::load(path).with_context(|| format!("--model {}", path.display()))?,
            )),
            None => None,
        };
        Ok(Options {
            budget,
            algorithm: self.algorithm,
            heuristic: self.heuristic,
            weight: self.weight,
            limits,
            parallel: self.split,
            model,
        })
    }

    /// A thread pool of `--jobs` threads (all cores by default).
    pub fn pool(&self) -> anyhow::Result<rayon::ThreadPool> {
        rayon::ThreadPoolBuilder::new()
            .num_threads(self.jobs.unwrap_or(0))
            .build()
            .context("starting the worker threads")
    }
}

/// The library's [`npuzzle_search::Solvers`] for the command line: pattern databases from the
/// cache folder with progress bars, and what `auto` chose told once per board size.
pub struct Prepared {
    inner: npuzzle_search::Solvers,
    noted: HashSet<Size>,
}

impl Prepared {
    /// Solvers toward `goal` with the options of `args`, prepared on demand.
    pub fn new(goal: Goal, args: &SearchArgs) -> anyhow::Result<Prepared> {
        let mut inner = npuzzle_search::Solvers::new(goal, args.options()?);
        // Without a cache folder, solving goes on without databases unless they were asked for.
        match Store::locate(args.cache_dir.as_deref()) {
            Ok(store) => inner = inner.with_store(store, args.partition.clone()),
            Err(error)
                if args.partition.is_some() || args.heuristic == Some(HeuristicKind::Pdb) =>
            {
                return Err(error.into());
            }
            Err(_) => {}
        }
        Ok(Prepared {
            inner,
            noted: HashSet::new(),
        })
    }

    /// `board` checked against the goal (first: nothing is built for a position that cannot be
    /// solved) and the solver for its size, prepared on first use; tells the user what `auto`
    /// chose when it matters.
    pub fn for_board(&mut self, board: &Board) -> anyhow::Result<(Arc<Solver>, Start)> {
        let size = board.size();
        let start = self.inner.start(board)?;
        let solver = databases::with_progress(size, |report| self.inner.for_size(size, report))?;
        if self.noted.insert(size)
            && let Some(note) = solver.note()
        {
            let flag = match solver.algorithm() {
                _ if note.starts_with("learned:") => "--model FILE",
                Algorithm::Constructive => "--algorithm anytime",
                _ => "--time-budget SECONDS",
            };
            eprintln!("npuzzle: {note} ({flag})");
            // Databases the policy does not build on its own, worth building once.
            if !solver.optimal_first()
                && let Some(fastest) = policy::fastest(size)
                && policy::on_demand(size).is_none()
            {
                eprintln!(
                    "npuzzle: for optimal {size} solving, build the {fastest} pattern databases \
                     once (minutes): npuzzle pdb build --size {size}"
                );
            }
        }
        Ok((solver, start))
    }
}

/// The threads a batch is solved on: `--jobs` threads (all cores by default), made once.
pub struct Batch {
    pool: rayon::ThreadPool,
    split: bool,
}

impl Batch {
    /// The pool `args` ask for.
    pub fn new(args: &SearchArgs) -> anyhow::Result<Batch> {
        Ok(Batch {
            pool: args.pool()?,
            split: args.split,
        })
    }

    /// How many threads solve at once.
    pub fn threads(&self) -> usize {
        self.pool.current_num_threads()
    }

    /// Solves `items`: several at once, or with `--split` one after another, each searched on
    /// every thread of the pool.
    pub fn run<T: Sync, R: Send>(
        &self,
        items: &[T],
        solve: impl Fn(&T) -> R + Sync + Send,
    ) -> Vec<R> {
        use rayon::prelude::*;
        self.pool.install(|| {
            if self.split {
                items.iter().map(&solve).collect()
            } else {
                items.par_iter().map(&solve).collect()
            }
        })
    }
}
