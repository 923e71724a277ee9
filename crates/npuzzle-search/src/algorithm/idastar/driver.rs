//! The split search decided in one place: a deterministic state machine with no threads, no
//! clock of its own to wait on and no I/O but its journal, in the shape of quinn-proto. It says
//! which subtree to search next and with what share of the limits ([`Driver::poll`]), takes
//! what each search found ([`Driver::report`]), and answers ([`Driver::outcome`]). Its
//! transports only carry its tasks and their reports: rayon's threads (`threads.rs`, for
//! `npuzzle solve --split` and `--resume`) and the Ray cluster (`npuzzle.cluster.search`).
//!
//! Everything a split search decides is here: the first threshold (the journal's, or the
//! heuristic's value), the cut of each iteration at the plan's aim, the recut of a journal cut
//! coarser, the order of the subtrees (nearest the goal first), the next threshold and the
//! ceiling it may not pass, the node and time accounting of every run, each task's share of the
//! node limit, and the journal's writes.

use std::collections::{HashMap, VecDeque};
use std::time::{Duration, Instant};

use npuzzle_core::Move;

use super::split::{Outcome, SplitSearch, Subtree};
use super::{Ceiling, next_threshold};
use crate::algorithm::journal::Keeper;
use crate::error::SolveError;
use crate::limits::{Limit, Limits};
use crate::solution::{Proof, Solution};
use crate::start::Start;
use crate::stats::Stats;

/// How a split search is shared out: the one parameter set where its transports differ.
///
/// ```
/// use npuzzle_search::algorithm::idastar::driver::Plan;
/// let threads = Plan::threads(2);
/// assert_eq!((threads.aim, threads.window), (4096, 2));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// How many subtrees (at least) each iteration is cut into. A journal read back with a
    /// finer cut keeps its cut for the iteration under way; one with a coarser cut is carried
    /// over to this one.
    pub aim: usize,
    /// How many subtrees are under way at a time (each is given a share of what is left of
    /// the node limit as it starts, so that together they keep it).
    pub window: usize,
}

impl Plan {
    /// The plan of a search on this machine's `threads`: the journal's fine cut
    /// ([`crate::algorithm::journal::SUBTREES`]), one subtree a thread under way.
    pub fn threads(threads: usize) -> Plan {
        Plan {
            aim: crate::algorithm::journal::SUBTREES,
            window: threads.max(1),
        }
    }
}

/// One subtree to search: where it is, its threshold, and its share of the limits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Task {
    /// Its place in the iteration's cut (to report it by).
    pub index: usize,
    /// The moves from the start to the subtree's root.
    pub path: Vec<Move>,
    /// The iteration's threshold.
    pub bound: u32,
    /// The most nodes it may expand: its share of what is left of the node limit.
    pub max_nodes: Option<u64>,
    /// The most time it may take: what is left of the time limit.
    pub timeout: Option<Duration>,
}

impl Task {
    /// The limits to search it with: `base` (the search's memory limit, cancellation) with the
    /// task's share of the nodes and time, and neither journal nor progress (the driver keeps
    /// them).
    pub fn limits(&self, base: &Limits) -> Limits {
        Limits {
            max_nodes: self.max_nodes,
            timeout: self.timeout,
            journal: None,
            progress: None,
            ..base.clone()
        }
    }
}

/// What a transport does next.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// Search this subtree and report it.
    Search(Task),
    /// Wait for a subtree under way to be reported.
    Wait,
    /// The driver's own node cap ([`Driver::cap`]) is spent: stop the subtrees under way and
    /// report them (as abandoned); the search goes on when the cap is lifted.
    Paused,
    /// The search is over: stop the subtrees under way and take [`Driver::outcome`].
    Done,
}

/// How the search ended.
enum End {
    Found(Vec<Move>),
    Stopped(Limit),
    Failed(SolveError),
}

/// The iteration under way: its cut, what is left of it and what it found.
struct Iteration {
    paths: Vec<Vec<Move>>,
    /// The subtrees not yet handed out, in the order to hand them out.
    queue: VecDeque<usize>,
    /// The subtrees under way, with the node share each was given.
    under_way: HashMap<usize, Option<u64>>,
    finished: usize,
    /// The least f-value past the threshold so far.
    next: u32,
}

/// One split search under way. See the module's documentation.
///
/// ```
/// use npuzzle_core::Goal;
/// use npuzzle_search::algorithm::idastar::{IdaStar, driver::{Driver, Plan, Step}};
/// use npuzzle_search::{Limits, Puzzle, SplitSearch, Start};
/// use npuzzle_heuristic::Manhattan;
/// let goal = Goal::BlankLast.board("3".parse().unwrap()).unwrap();
/// let start = Start::new("8 6 7/2 5 4/3 0 1".parse().unwrap(), goal.clone()).unwrap();
/// let puzzle = Puzzle::new(&goal).unwrap();
/// let h = Manhattan::for_puzzle(&puzzle);
/// let idastar = IdaStar::new(&puzzle, &h);
/// let plan = Plan { aim: 16, window: 1 };
/// let mut driver = Driver::open(&idastar, &start, Limits::none(), plan).unwrap();
/// // A transport of one: each task searched where it is asked for.
/// while let Step::Search(task) = driver.poll(&idastar) {
///     let searched = idastar.subtree(&start, &task.path, task.bound, &Limits::none());
///     driver.report(task.index, searched.into());
/// }
/// assert_eq!(driver.outcome(&idastar).unwrap().moves.len(), 31);
/// ```
pub struct Driver {
    start: Start,
    limits: Limits,
    plan: Plan,
    keeper: Keeper,
    /// What earlier runs kept (from the journal).
    prior: Stats,
    /// This run's nodes (every part of it: the cuts, the subtrees, those abandoned).
    stats: Stats,
    began: Instant,
    bound: u32,
    ceiling: Ceiling,
    /// The most nodes this run may expand before it pauses ([`Driver::cap`]).
    cap: Option<u64>,
    paused: bool,
    iteration: Option<Iteration>,
    end: Option<End>,
}

impl Driver {
    /// The split search of `start` with `search` within `limits` (the journal they name read
    /// back, checked, and kept), shared out by `plan`.
    pub fn open(
        search: &dyn SplitSearch,
        start: &Start,
        limits: Limits,
        plan: Plan,
    ) -> Result<Driver, SolveError> {
        let lower_bound = search.first_bound(start)?;
        let keeper = Keeper::open(
            limits.journal.as_deref(),
            start,
            lower_bound,
            &search.identity(),
        )?
        .cutting_at(plan.aim);
        let end = keeper.solution()?.map(End::Found);
        Ok(Driver {
            start: start.clone(),
            plan,
            prior: keeper.prior(),
            bound: keeper.bound(),
            keeper,
            limits,
            stats: Stats::default(),
            began: Instant::now(),
            ceiling: Ceiling::default(),
            cap: None,
            paused: false,
            iteration: None,
            end,
        })
    }

    /// Caps this run's nodes at `nodes` (`None`: lifts the cap): past it the driver pauses
    /// ([`Step::Paused`]) rather than stopping, the subtrees not finished handed out again once
    /// the cap is lifted. How the cluster searches a small search on its own cores first.
    pub fn cap(&mut self, nodes: Option<u64>) {
        self.cap = nodes;
        self.paused = false;
    }

    /// How the search is shared out.
    pub fn plan(&self) -> Plan {
        self.plan
    }

    /// The whole search's limits (a task's are [`Task::limits`] of them).
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The position searched.
    pub fn start(&self) -> &Start {
        &self.start
    }

    /// The threshold of the iteration under way (or next), and how many of its subtrees are
    /// finished out of how many.
    pub fn progress(&self) -> (u32, usize, usize) {
        let (finished, all) = self
            .iteration
            .as_ref()
            .map_or((0, 0), |it| (it.finished, it.paths.len()));
        (self.bound, finished, all)
    }

    /// The cut of the iteration under way: the path to each subtree (none between iterations).
    pub fn paths(&self) -> &[Vec<Move>] {
        self.iteration.as_ref().map_or(&[], |it| &it.paths)
    }

    /// Writes the journal now (at a stop of the transport's own; the driver writes it at each
    /// iteration's end, as subtrees finish, and with the outcome).
    pub fn flush(&mut self) {
        self.keeper.flush();
    }

    /// What to do next: the next subtree to search, or wait, or stop.
    pub fn poll(&mut self, search: &dyn SplitSearch) -> Step {
        loop {
            if self.end.is_some() {
                return Step::Done;
            }
            if self.paused {
                return Step::Paused;
            }
            if let Some(limit) = self.limit_reached() {
                self.end = Some(End::Stopped(limit));
                continue;
            }
            let Some(iteration) = &mut self.iteration else {
                self.begin(search);
                continue;
            };
            if iteration.under_way.len() < self.plan.window
                && let Some(index) = iteration.queue.pop_front()
            {
                return Step::Search(self.task(index));
            }
            if !iteration.under_way.is_empty() {
                return Step::Wait;
            }
            self.end_iteration();
        }
    }

    /// Takes what the search of subtree `index` (handed out by [`Driver::poll`]) came to. A
    /// report after the search is over only counts its nodes.
    pub fn report(&mut self, index: usize, outcome: Outcome) {
        let spent = match &outcome {
            Outcome::Searched(subtree) => subtree.stats.clone(),
            Outcome::Limited(_, stats) | Outcome::Abandoned(stats) => stats.clone(),
            Outcome::Failed(_) => Stats::default(),
        };
        self.count(&spent);
        self.stats.peak_nodes = self.stats.peak_nodes.max(spent.peak_nodes);
        let capped = self.capped();
        let Some(iteration) = self.iteration.as_mut().filter(|_| self.end.is_none()) else {
            return;
        };
        if iteration.under_way.remove(&index).is_none() {
            return;
        }
        match outcome {
            Outcome::Searched(Subtree {
                found: Some(path), ..
            }) => self.end = Some(End::Found(path)),
            Outcome::Searched(subtree) => self.finished(index, &subtree),
            Outcome::Limited(Limit::Nodes(_), _) | Outcome::Abandoned(_) if capped => {
                iteration.queue.push_front(index);
                self.paused = true;
            }
            Outcome::Abandoned(_) => iteration.queue.push_front(index),
            Outcome::Limited(limit, _) => self.end = Some(End::Stopped(self.whole(limit))),
            Outcome::Failed(error) => self.end = Some(End::Failed(error)),
        }
    }

    /// The answer, once [`Driver::poll`] said [`Step::Done`]: the solution, replayed to the
    /// goal, with every run's nodes (the journal told of it), or what stopped the search (the
    /// journal written first).
    pub fn outcome(&mut self, search: &dyn SplitSearch) -> Result<Solution, SolveError> {
        let end = self.end.take();
        if let Some(End::Found(moves)) = end {
            // A journal that holds this solution already is left as it is.
            return self.solved(search, moves);
        }
        self.keeper.flush();
        if let Some(error) = self.keeper.failure() {
            return Err(error);
        }
        Err(match end {
            Some(End::Stopped(limit)) => {
                let mut stats = self.totals();
                stats.proved_bound = self.bound;
                SolveError::LimitReached { limit, stats }
            }
            Some(End::Failed(error)) => error,
            _ => SolveError::Internal(
                "the split search was asked for its answer before it ended".to_string(),
            ),
        })
    }

    /// Cuts the iteration at the threshold (the goal's path if the cut reaches it), carries a
    /// journal cut coarser over to this cut, and queues the subtrees not yet finished, nearest
    /// the goal first.
    fn begin(&mut self, search: &dyn SplitSearch) {
        match self.try_begin(search) {
            Ok(()) => {}
            Err(SolveError::LimitReached { limit, stats }) => {
                // The cut itself ran into what is left of the limits.
                self.count(&stats);
                match limit {
                    Limit::Nodes(_) if self.capped() => self.paused = true,
                    limit => self.end = Some(End::Stopped(self.whole(limit))),
                }
            }
            Err(error) => self.end = Some(End::Failed(error)),
        }
    }

    fn try_begin(&mut self, search: &dyn SplitSearch) -> Result<(), SolveError> {
        let (start, bound) = (&self.start.clone(), self.bound);
        let (max_nodes, timeout) = self.left(0, 1);
        let limits = Limits {
            max_nodes,
            timeout,
            journal: None,
            progress: None,
            ..self.limits.clone()
        };
        let cut = search.split(start, bound, self.keeper.aim(), &limits)?;
        self.count(&cut.stats);
        if let Some(path) = cut.found {
            self.keeper.ended_above_the_cut(bound);
            self.tell(|progress| progress.begin(bound, 0, 0));
            self.end = Some(End::Found(path));
            return Ok(());
        }
        let paths: Vec<&[Move]> = cut.paths.iter().map(Vec::as_slice).collect();
        if let Some(aim) = self.keeper.stale_aim() {
            let old = search.split(start, bound, aim, &Limits::none())?.paths;
            let old: Vec<&[Move]> = old.iter().map(Vec::as_slice).collect();
            self.keeper.recut(bound, &old, &paths)?;
        }
        let (done, next) = self
            .keeper
            .iteration(bound, &paths, cut.next_bound, &cut.stats)?;
        let finished = done.iter().filter(|&&done| done).count();
        self.tell(|progress| progress.begin(bound, done.len(), finished));
        let queue = self.keeper.order().into_iter().filter(|&i| !done[i]);
        self.iteration = Some(Iteration {
            queue: queue.collect(),
            paths: cut.paths,
            under_way: HashMap::new(),
            finished,
            next,
        });
        Ok(())
    }

    /// The next iteration's threshold, once every subtree of this one is finished.
    fn end_iteration(&mut self) {
        let Some(iteration) = self.iteration.take() else {
            return;
        };
        if iteration.next == u32::MAX {
            let error = SolveError::Internal("IDA* exhausted a solvable space".to_string());
            self.end = Some(End::Failed(error));
            return;
        }
        self.bound = next_threshold(self.bound, iteration.next);
        if let Err(error) = self.ceiling.check(&self.start, self.bound) {
            self.end = Some(End::Failed(error));
        }
        self.keeper.flush();
    }

    /// Hands out subtree `index` with its share of what is left of the limits: the node limit
    /// less what this run spent and what the subtrees under way were promised, shared among
    /// the places left in the window.
    fn task(&mut self, index: usize) -> Task {
        let iteration = self.iteration.as_ref().expect("a task is of an iteration");
        let promised: u64 = iteration.under_way.values().flatten().sum();
        let unfinished = iteration.paths.len() - iteration.finished;
        let places = self.plan.window.min(unfinished) - iteration.under_way.len();
        let (max_nodes, timeout) = self.left(promised, places);
        let iteration = self.iteration.as_mut().expect("a task is of an iteration");
        iteration.under_way.insert(index, max_nodes);
        Task {
            index,
            path: iteration.paths[index].clone(),
            bound: self.bound,
            max_nodes,
            timeout,
        }
    }

    /// What is left of the limits for one of `places` pieces of work starting now: the nodes
    /// neither spent nor `promised` to the work under way, shared among them, and the time.
    fn left(&self, promised: u64, places: usize) -> (Option<u64>, Option<Duration>) {
        let max_nodes = self.most_nodes().map(|most| {
            let left = most.saturating_sub(self.stats.expanded + promised);
            (left / places.max(1) as u64).max(1)
        });
        let timeout = (self.limits.timeout).map(|t| {
            t.saturating_sub(self.began.elapsed())
                .max(Duration::from_millis(1))
        });
        (max_nodes, timeout)
    }

    /// Subtree `index` searched whole: the journal told of it.
    fn finished(&mut self, index: usize, subtree: &Subtree) {
        let iteration = self
            .iteration
            .as_mut()
            .expect("a report is of an iteration");
        iteration.finished += 1;
        iteration.next = iteration.next.min(subtree.next_bound);
        let stats = &subtree.stats;
        self.keeper
            .finished(index, subtree.next_bound, subtree.nearest, stats);
        self.tell(|progress| progress.finished(stats.expanded));
        if let Some(error) = self.keeper.failure() {
            self.end = Some(End::Failed(error));
        }
    }

    /// The most nodes this run may expand: the node limit, or the cap where it is lower.
    fn most_nodes(&self) -> Option<u64> {
        match (self.limits.max_nodes, self.cap) {
            (Some(max), Some(cap)) => Some(max.min(cap)),
            (max, cap) => max.or(cap),
        }
    }

    /// Whether the cap, not the node limit, is what this run's nodes run into.
    fn capped(&self) -> bool {
        self.cap
            .is_some_and(|cap| self.limits.max_nodes.is_none_or(|max| cap < max))
    }

    /// The limit of the whole search that has run out, if any (the cap pauses instead).
    fn limit_reached(&mut self) -> Option<Limit> {
        if self.limits.cancelled() {
            return Some(Limit::Cancelled);
        }
        if let Some(max) = self.limits.timeout
            && self.began.elapsed() >= max
        {
            return Some(Limit::Time(max));
        }
        let most = self.most_nodes()?;
        if self.stats.expanded < most {
            return None;
        }
        if self.capped() {
            self.paused = true;
            return None;
        }
        Some(Limit::Nodes(most))
    }

    /// The whole search's limit for a share of it that ran out.
    fn whole(&self, limit: Limit) -> Limit {
        match limit {
            Limit::Nodes(_) => Limit::Nodes(self.limits.max_nodes.unwrap_or_default()),
            Limit::Time(_) => Limit::Time(self.limits.timeout.unwrap_or_default()),
            other => other,
        }
    }

    fn count(&mut self, spent: &Stats) {
        self.stats.expanded += spent.expanded;
        self.stats.generated += spent.generated;
    }

    fn tell(&self, what: impl FnOnce(&crate::limits::Progress)) {
        if let Some(progress) = &self.limits.progress {
            what(progress);
        }
    }

    /// This run's statistics with the earlier runs' added; each iteration counted once,
    /// however many runs it took.
    fn totals(&self) -> Stats {
        Stats {
            expanded: self.prior.expanded + self.stats.expanded,
            generated: self.prior.generated + self.stats.generated,
            iterations: self.keeper.iterations(),
            elapsed: self.prior.elapsed + self.began.elapsed(),
            peak_nodes: self.stats.peak_nodes,
            ..Stats::default()
        }
    }

    /// The goal's path as the solution, the journal told of it.
    fn solved(
        &mut self,
        search: &dyn SplitSearch,
        moves: Vec<Move>,
    ) -> Result<Solution, SolveError> {
        let mut totals = self.totals();
        totals.peak_nodes = totals.peak_nodes.max(moves.len() as u64 + 1);
        self.keeper.found(&moves, &totals);
        let proof = match self.keeper.rests_on_journal() {
            true => Proof::Journal,
            false => Proof::Search,
        };
        let solution = search.solution(&self.start, moves, totals)?;
        Ok(Solution { proof, ..solution })
    }
}
