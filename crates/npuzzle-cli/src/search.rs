//! What `solve` and `bench` share: options from the command line, solvers per board size, and a
//! thread pool for batches.

use std::collections::HashSet;
use std::sync::Arc;

use anyhow::Context;
use npuzzle_core::{Board, Goal, Size};
use npuzzle_heuristic::pdb::policy;
use npuzzle_search::{Note, Options, Solver, Start};
use npuzzle_settings::Settings;

use crate::cli::SearchArgs;
use crate::databases;

impl SearchArgs {
    /// The settings these arguments give, toward `goal` (the library checks their ranges).
    pub fn settings(&self, goal: Goal) -> Settings {
        Settings {
            algorithm: self.algorithm,
            heuristic: self.heuristic,
            ranking: self.ranking,
            goal,
            time_budget: self.time_budget,
            timeout: self.timeout,
            max_nodes: self.max_nodes,
            max_memory: self.max_memory,
            weight: self.weight,
            parallel: self.split,
            cache_dir: self.cache_dir.clone(),
            partition: self.partition.clone(),
            model: self.model.clone(),
        }
    }

    /// The solver options these arguments ask for, every search stopped by Ctrl-C (so that
    /// what is finished gets written); a damaged or foreign model file is refused before
    /// anything is solved.
    pub fn options(&self, settings: &Settings) -> anyhow::Result<Options> {
        let model = settings.load_model().with_context(|| match &self.model {
            Some(path) => format!("--model {}", path.display()),
            None => "--model".to_string(),
        })?;
        let limits = settings.limits(Some(crate::interrupt::token()));
        Ok(settings.options(limits, model))
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
        let settings = args.settings(goal).checked()?;
        let inner = settings.solvers(args.options(&settings)?)?;
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
            let flag = match note {
                Note::NoModel { .. } => "--model FILE",
                Note::Constructive { .. } => "--algorithm anytime",
                Note::OptimalFirst { .. } | Note::Anytime { .. } => "--time-budget SECONDS",
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
