//! IDA* on every core: each iteration cut into subtrees searched in parallel, its progress kept
//! in a journal where the limits name one.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use npuzzle_core::Move;

use super::tree::{Cut, Search, Tree};
use super::{Ceiling, next_threshold};
use crate::algorithm::journal::Keeper;
use crate::algorithm::{Found, Root, finish, root};
use crate::error::SolveError;
use crate::limits::{Budget, Limit, Limits, Progress};
use crate::method::Algorithm;
use crate::solution::{Proof, Solution};
use crate::start::Start;
use crate::stats::Stats;
use npuzzle_heuristic::Heuristic;

/// IDA* on every core, from where its journal (if `limits` name one) says a previous run
/// stopped; the journal is kept as subtrees finish.
pub(super) fn solve<H: Heuristic + Sync>(
    tree: &Tree<H>,
    start: &Start,
    limits: Limits,
) -> Result<Solution, SolveError> {
    let begin: Root<H::State> = root(tree.puzzle, tree.h, start)?;
    let keeper = Keeper::open(
        limits.journal.as_deref(),
        start,
        begin.lower_bound,
        &tree.identity(),
    )?;
    let run = Run {
        tree,
        start,
        clock: Budget::new(limits.clone()),
        prior: keeper.prior(),
        keeper: Mutex::new(keeper),
        lower_bound: begin.lower_bound,
        limits,
    };
    // Read first: the guard must not live into `solved`, which takes the journal again.
    let previous = run.keeper().solution()?;
    if let Some(moves) = previous {
        return run.solved(moves, Stats::default());
    }
    let mut stats = Stats::default();
    let mut bound = run.keeper().bound();
    let mut ceiling = Ceiling::default();
    loop {
        let top = Cut {
            cells: begin.cells.clone(),
            blank: start.board().blank(),
            path: Vec::new(),
            state: begin.state,
            machine: tree.fsm.start(start.board().blank()),
        };
        match run.iteration(top, bound, &mut stats)? {
            Ended::Found(moves) => return run.solved(moves, stats),
            Ended::Next(u32::MAX) => {
                return Err(SolveError::Internal(
                    "IDA* exhausted a solvable space".to_string(),
                ));
            }
            Ended::Next(next) => {
                bound = next_threshold(bound, next);
                ceiling.check(start, bound)?;
            }
        }
    }
}

/// One run of a parallel search: what it searches and what it keeps.
struct Run<'a, 'b, H: Heuristic> {
    tree: &'a Tree<'b, H>,
    start: &'a Start,
    limits: Limits,
    clock: Budget,
    /// What previous runs kept (from the journal).
    prior: Stats,
    keeper: Mutex<Keeper>,
    lower_bound: u32,
}

impl<H: Heuristic + Sync> Run<'_, '_, H> {
    fn keeper(&self) -> std::sync::MutexGuard<'_, Keeper> {
        self.keeper.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The iteration at `bound` from the root `top`, its statistics added to `stats`: the goal's
    /// path, or the next threshold, or the limit that stopped it (the journal then written).
    fn iteration(
        &self,
        top: Cut<H::State>,
        bound: u32,
        stats: &mut Stats,
    ) -> Result<Ended, SolveError> {
        stats.iterations += 1;
        // The cut counts into the run's nodes, so that the node limit holds across iterations.
        let before = stats.clone();
        let aim = self.keeper().aim();
        let found = self
            .tree
            .frontier(top.clone(), bound, aim, &self.limits, stats);
        let cut = Stats {
            expanded: stats.expanded - before.expanded,
            generated: stats.generated - before.generated,
            ..Stats::default()
        };
        let (splits, cut_next) = match found {
            Ok(frontier) => frontier,
            Err(Ok(moves)) => {
                self.keeper().ended_above_the_cut(bound);
                self.tell(|progress| progress.begin(bound, 0, 0));
                return Ok(Ended::Found(moves));
            }
            Err(Err(limit)) => return Err(self.stopped(limit, bound, stats)),
        };
        let paths: Vec<&[Move]> = splits.iter().map(|s| s.path.as_slice()).collect();
        self.recut(top, bound, &paths)?;
        let (done, next) = self.keeper().iteration(bound, &paths, cut_next, &cut)?;
        let finished = done.iter().filter(|&&done| done).count();
        self.tell(|progress| progress.begin(bound, splits.len(), finished));
        let subtrees = self.subtrees(&splits, &done, bound, stats);
        if let Some(error) = self.keeper().failure() {
            return Err(error);
        }
        if let Some(moves) = subtrees.found {
            stats.peak_nodes = moves.len() as u64 + 1;
            return Ok(Ended::Found(moves));
        }
        if let Some(limit) = subtrees.hit {
            return Err(self.stopped(limit, bound, stats));
        }
        self.keeper().flush();
        Ok(Ended::Next(next.min(subtrees.next_bound)))
    }

    /// Carries a journal written with another cut of the iteration at `bound` over to this
    /// one, `paths` ([`Keeper::recut`]).
    fn recut(&self, top: Cut<H::State>, bound: u32, paths: &[&[Move]]) -> Result<(), SolveError> {
        let Some(aim) = self.keeper().stale_aim() else {
            return Ok(());
        };
        let old = self
            .tree
            .frontier(top, bound, aim, &Limits::none(), &mut Stats::default())
            .map(|(splits, _)| splits)
            .unwrap_or_default();
        let old: Vec<&[Move]> = old.iter().map(|s| s.path.as_slice()).collect();
        self.keeper().recut(bound, &old, paths)
    }

    /// Tells the search's progress, if the limits ask for it.
    fn tell(&self, what: impl FnOnce(&Progress)) {
        if let Some(progress) = &self.limits.progress {
            what(progress);
        }
    }

    /// The solution from the goal's path, the journal told of it.
    fn solved(&self, moves: Vec<Move>, stats: Stats) -> Result<Solution, SolveError> {
        let totals = {
            let mut keeper = self.keeper();
            let totals = self.total(stats, keeper.iterations());
            keeper.found(&moves, &totals);
            totals
        };
        let found = Found {
            moves,
            optimal: true,
            bound: None,
            algorithm: Algorithm::IdaStar,
            lower_bound: self.lower_bound,
        };
        let proof = match self.keeper().rests_on_journal() {
            true => Proof::Journal,
            false => Proof::Search,
        };
        finish(self.tree.h, self.start, found, totals)
            .map(|solution| Solution { proof, ..solution })
    }

    /// The error for a search stopped by `limit` in the iteration at `bound`, the journal
    /// written first. The whole search's limit is reported, not what was left of it for one
    /// subtree.
    fn stopped(&self, limit: Limit, bound: u32, stats: &Stats) -> SolveError {
        let limit = match limit {
            Limit::Nodes(_) => Limit::Nodes(self.limits.max_nodes.unwrap_or_default()),
            Limit::Time(_) => Limit::Time(self.limits.timeout.unwrap_or_default()),
            other => other,
        };
        let mut keeper = self.keeper();
        keeper.flush();
        if let Some(error) = keeper.failure() {
            return error;
        }
        let mut stats = self.total(stats.clone(), keeper.iterations());
        stats.proved_bound = bound;
        SolveError::LimitReached { limit, stats }
    }

    /// This run's statistics with the previous runs' added; `iterations` counts each iteration
    /// once, however many runs it took.
    fn total(&self, mut stats: Stats, iterations: u32) -> Stats {
        add(&mut stats, &self.prior);
        stats.iterations = iterations;
        stats.elapsed = self.prior.elapsed + self.clock.elapsed();
        stats
    }

    /// Searches every subtree within `bound` not yet `done` on all cores, in the journal's order
    /// ([`Keeper::order`]), each with what is left of the limits; the first to reach the goal or
    /// a limit stops the others. Adds their statistics to `stats`, and tells the journal of each
    /// subtree finished.
    fn subtrees(
        &self,
        splits: &[Cut<H::State>],
        done: &[bool],
        bound: u32,
        stats: &mut Stats,
    ) -> Subtrees {
        use rayon::prelude::*;
        let stop = AtomicBool::new(false);
        // Every subtree counts its nodes here, so that together they keep the node limit.
        let spent = Arc::new(AtomicU64::new(stats.expanded));
        // Taken one at a time in the journal's order, as each core comes free.
        let order = self.keeper().order();
        let results: Vec<_> = order
            .into_iter()
            .filter(|&index| !done[index])
            .par_bridge()
            .map(|index| self.subtree(index, &splits[index], bound, &stop, &spent))
            .collect();
        let mut subtrees = Subtrees {
            found: None,
            next_bound: u32::MAX,
            hit: None,
        };
        for (outcome, subtree) in results {
            match outcome {
                Outcome::Finished(next) => {
                    subtrees.next_bound = subtrees.next_bound.min(next);
                }
                Outcome::Found(path) => subtrees.found = subtrees.found.or(Some(path)),
                Outcome::Hit(limit) => subtrees.hit = Some(limit),
                Outcome::Abandoned => {}
            }
            add(stats, &subtree);
            stats.peak_nodes = stats.peak_nodes.max(subtree.peak_nodes);
        }
        subtrees
    }

    /// Searches subtree `index`, at `split`, within `bound`, unless `stop` is set; sets `stop`
    /// when it reaches the goal or a limit, or the journal cannot be written.
    fn subtree(
        &self,
        index: usize,
        split: &Cut<H::State>,
        bound: u32,
        stop: &AtomicBool,
        spent: &Arc<AtomicU64>,
    ) -> (Outcome, Stats) {
        // What is left of the whole search's time when this subtree starts.
        let remaining = Limits {
            timeout: self
                .limits
                .timeout
                .map(|t| t.saturating_sub(self.clock.elapsed())),
            ..self.limits.clone()
        };
        let budget = Budget::sharing_nodes(remaining, Arc::clone(spent));
        if stop.load(Ordering::Relaxed) {
            return (Outcome::Abandoned, Stats::default());
        }
        let (cells, path) = (split.cells.clone(), split.path.clone());
        let mut search = Search::new(self.tree, cells, path, budget, stop);
        let outcome = match search.dfs(&split.node(), bound, split.path.last().copied()) {
            Ok(true) => Outcome::Found(std::mem::take(&mut search.walk.path)),
            Ok(false) => {
                self.tell(|progress| progress.finished(search.walk.stats.expanded));
                let mut keeper = self.keeper();
                keeper.finished(
                    index,
                    search.next_bound,
                    search.nearest(),
                    &search.walk.stats,
                );
                if keeper.failed() {
                    stop.store(true, Ordering::Relaxed);
                }
                return (Outcome::Finished(search.next_bound), search.walk.stats);
            }
            Err(_) if search.abandoned => Outcome::Abandoned,
            Err(limit) => Outcome::Hit(limit),
        };
        if !matches!(outcome, Outcome::Abandoned) {
            stop.store(true, Ordering::Relaxed);
        }
        (outcome, search.walk.stats)
    }
}

/// How an iteration ended, when no limit stopped it.
enum Ended {
    /// The goal's path.
    Found(Vec<Move>),
    /// The next threshold: the least f-value past this one (`u32::MAX`: none).
    Next(u32),
}

/// How the search of one subtree ended.
enum Outcome {
    /// Searched whole: the least f-value past the bound in it.
    Finished(u32),
    /// The goal's path.
    Found(Vec<Move>),
    /// A limit of the whole search.
    Hit(Limit),
    /// Stopped because another subtree ended the iteration: not finished.
    Abandoned,
}

/// What the subtrees of one iteration found.
struct Subtrees {
    /// The goal's path, if one subtree reached it.
    found: Option<Vec<Move>>,
    /// The least f-value past the bound over the subtrees finished.
    next_bound: u32,
    /// A limit one subtree hit (the others then stop).
    hit: Option<Limit>,
}

/// Adds the nodes of `more` to `stats`.
fn add(stats: &mut Stats, more: &Stats) {
    stats.expanded += more.expanded;
    stats.generated += more.generated;
}
