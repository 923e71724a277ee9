//! What `solve` and `bench` share: options from the command line, solvers per board size, and a
//! thread pool for batches.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use npuzzle_core::{Board, Goal, Size};
use npuzzle_search::heuristic::{AnyHeuristic, HeuristicKind};
use npuzzle_search::{Algorithm, Limits, Options, Puzzle, Solver, pdb};

use crate::databases;

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
        let budget = Duration::try_from_secs_f64(self.time_budget).with_context(|| {
            format!(
                "--time-budget {}: give a number of seconds",
                self.time_budget
            )
        })?;
        Ok(Options {
            budget,
            algorithm: self.algorithm,
            heuristic: self.heuristic,
            weight: self.weight,
            limits,
            parallel: self.split,
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
    partition: Option<String>,
    cache_dir: Option<PathBuf>,
    by_size: HashMap<Size, Arc<Solver>>,
}

/// Partitions of the 4x4 board that `auto` uses when built, fastest first (the last it builds).
const FOURS: [&str; 2] = ["78", "663"];

impl Solvers {
    /// Solvers toward `goal` with the options of `args`, prepared on demand.
    pub fn new(goal: Goal, args: &SearchArgs) -> anyhow::Result<Solvers> {
        Ok(Solvers {
            goal,
            options: args.options()?,
            partition: args.partition.clone(),
            cache_dir: args.cache_dir.clone(),
            by_size: HashMap::new(),
        })
    }

    /// The pattern databases to search with, if any: asked for (`--heuristic pdb`,
    /// `--partition`), or for `auto` and IDA* the best already built, building the 6-6-3
    /// databases of the 4x4 board (seconds) on first use.
    fn databases(&self, goal: &Board) -> anyhow::Result<Option<AnyHeuristic>> {
        let asked = self.options.heuristic == Some(HeuristicKind::Pdb) || self.partition.is_some();
        let searching = matches!(
            self.options.algorithm,
            Algorithm::Auto | Algorithm::IdaStar | Algorithm::Anytime
        );
        let square = (goal.width(), goal.height());
        if !asked
            && (self.options.heuristic.is_some()
                || !searching
                || !matches!(square, (4, 4) | (5, 5)))
        {
            return Ok(None);
        }
        let puzzle = Puzzle::new(goal)?;
        let dir = databases::cache_dir(self.cache_dir.as_deref())?;
        let usable = |name: &str| pdb::partition(&puzzle, name).ok();
        let chosen = match (&self.partition, square) {
            (Some(name), _) => Some(pdb::partition(&puzzle, name)?),
            (None, (4, 4)) => {
                let built = FOURS
                    .iter()
                    .filter_map(|name| usable(name))
                    .find(|groups| databases::built(&dir, &puzzle, groups));
                if built.is_none() {
                    eprintln!(
                        "npuzzle: building the 6-6-3 pattern databases once (seconds); for the \
                         fastest solving: npuzzle pdb build --size 4 --partition 78 (two minutes, 288 MB)"
                    );
                }
                built.or_else(|| usable("663")).or_else(|| usable("auto"))
            }
            // Built on request only: 6-6-6-6 takes minutes and 255 MB.
            (None, (5, 5)) => {
                usable("6666").filter(|groups| asked || databases::built(&dir, &puzzle, groups))
            }
            (None, _) if asked => Some(pdb::partition(&puzzle, "auto")?),
            _ => None,
        };
        let Some(groups) = chosen else {
            return Ok(None);
        };
        Ok(Some(AnyHeuristic::Pdb(databases::open(
            &dir, &puzzle, &groups,
        )?)))
    }

    /// The solver for boards of `board`'s size, prepared on first use; tells the user what
    /// `auto` chose when it matters.
    pub fn for_board(&mut self, board: &Board) -> anyhow::Result<Arc<Solver>> {
        let size = board.size();
        if let Some(solver) = self.by_size.get(&size) {
            return Ok(Arc::clone(solver));
        }
        let goal = self.goal.board(size)?;
        let solver = match self.databases(&goal)? {
            Some(heuristic) => Solver::with_heuristic(&goal, self.options.clone(), heuristic)?,
            None => Solver::new(&goal, self.options.clone())?,
        };
        if let Some(note) = solver.note() {
            let flag = match solver.algorithm() {
                Algorithm::Constructive => "--algorithm anytime",
                _ => "--time-budget SECONDS",
            };
            eprintln!("npuzzle: {note} ({flag})");
            if (goal.width(), goal.height()) == (5, 5) && !solver.optimal_first() {
                eprintln!(
                    "npuzzle: for optimal 24-puzzle solving, build the 6-6-6-6 pattern databases \
                     once (about 3 minutes, 255 MB): npuzzle pdb build --size 5"
                );
            }
        }
        let solver = Arc::new(solver);
        self.by_size.insert(size, Arc::clone(&solver));
        Ok(solver)
    }
}

/// Solves `items` in the pool of `args`: several at once, or with `--split` one after another,
/// each searched on every thread of the pool.
pub fn run_batch<T: Sync, R: Send>(
    args: &SearchArgs,
    items: &[T],
    solve: impl Fn(&T) -> R + Sync + Send,
) -> anyhow::Result<Vec<R>> {
    use rayon::prelude::*;
    Ok(args.pool()?.install(|| {
        if args.split {
            items.iter().map(&solve).collect()
        } else {
            items.par_iter().map(&solve).collect()
        }
    }))
}
