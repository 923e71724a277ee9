//! What `solve` and `bench` share: options from the command line, solvers per board size, and a
//! thread pool for batches.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use npuzzle_core::{Board, Goal, Size};
use npuzzle_search::{Limits, Options, Solver};

use crate::cli::SearchArgs;

impl SearchArgs {
    /// The solver options these arguments ask for.
    pub fn options(&self) -> anyhow::Result<Options> {
        let mut limits = Limits::none().memory(self.max_memory.saturating_mul(1 << 20));
        if let Some(nodes) = self.max_nodes {
            limits = limits.nodes(nodes);
        }
        if let Some(seconds) = self.timeout {
            let timeout = Duration::try_from_secs_f64(seconds)
                .with_context(|| format!("--timeout {seconds}: give a number of seconds"))?;
            limits = limits.timeout(timeout);
        }
        Ok(Options {
            algorithm: self.algorithm,
            heuristic: self.heuristic,
            weight: self.weight,
            limits,
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

/// One prepared [`Solver`] per board size, for a goal given by name or layout.
pub struct Solvers {
    goal: Goal,
    options: Options,
    by_size: HashMap<Size, Arc<Solver>>,
}

impl Solvers {
    /// Solvers toward `goal` with `options`, prepared on demand.
    pub fn new(goal: Goal, options: Options) -> Solvers {
        Solvers {
            goal,
            options,
            by_size: HashMap::new(),
        }
    }

    /// The solver for boards of `board`'s size, prepared on first use; tells the user what
    /// `auto` chose when it matters.
    pub fn for_board(&mut self, board: &Board) -> anyhow::Result<Arc<Solver>> {
        let size = board.size();
        if let Some(solver) = self.by_size.get(&size) {
            return Ok(Arc::clone(solver));
        }
        let goal = self.goal.board(size)?;
        let solver = Arc::new(Solver::new(&goal, self.options.clone())?);
        if let Some(note) = solver.note() {
            eprintln!("npuzzle: {note}");
        }
        self.by_size.insert(size, Arc::clone(&solver));
        Ok(solver)
    }
}
