//! The split search on this machine's cores: rayon's threads as a transport of its
//! [`Driver`]. Each thread asks the driver for a subtree, searches it, and reports it; nothing
//! is decided here.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

use npuzzle_heuristic::Heuristic;

use super::IdaStar;
use super::driver::{Driver, Plan, Step};
use super::split::{Outcome, SplitSearch};
use crate::error::SolveError;
use crate::limits::Limits;
use crate::solution::Solution;
use crate::start::Start;
use crate::stats::Stats;

/// IDA* on every core, from where its journal (if `limits` name one) says a previous run
/// stopped; the journal is kept as subtrees finish.
pub(super) fn solve<H: Heuristic + Sync>(
    idastar: &IdaStar<H>,
    start: &Start,
    limits: Limits,
) -> Result<Solution, SolveError> {
    let plan = Plan::threads(rayon::current_num_threads());
    let mut driver = Driver::open(idastar, start, limits, plan)?;
    on_threads(&mut driver, idastar);
    driver.outcome(idastar)
}

/// Drives `driver` with `search` on rayon's threads (one a place in its plan's window) until
/// it says the search is over or paused; the subtrees under way then are given up and
/// reported as such.
pub fn on_threads(driver: &mut Driver, search: &(dyn SplitSearch + Sync)) {
    let threads = driver.plan().window;
    let base = driver.limits().clone();
    let start = driver.start().clone();
    let shared = Shared {
        driver: Mutex::new(driver),
        woken: Condvar::new(),
        stop: AtomicBool::new(false),
    };
    rayon::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|_| shared.work(search, &start, &base));
        }
    });
}

/// What the threads share: the driver, a wake-up for those waiting on it, and the flag that
/// stops the subtrees under way.
struct Shared<'a> {
    driver: Mutex<&'a mut Driver>,
    woken: Condvar,
    stop: AtomicBool,
}

impl<'a> Shared<'a> {
    fn lock(&self) -> MutexGuard<'_, &'a mut Driver> {
        self.driver.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// One thread's loop: a task searched and reported at a time, until the driver is done.
    fn work(&self, search: &(dyn SplitSearch + Sync), start: &Start, base: &Limits) {
        let mut driver = self.lock();
        loop {
            match driver.poll(search) {
                Step::Search(task) => {
                    drop(driver);
                    let outcome = match self.stop.load(Ordering::Relaxed) {
                        true => Outcome::Abandoned(Stats::default()),
                        false => search.stoppable_subtree(
                            start,
                            &task.path,
                            task.bound,
                            &task.limits(base),
                            &self.stop,
                        ),
                    };
                    driver = self.lock();
                    driver.report(task.index, outcome);
                    self.woken.notify_all();
                }
                Step::Wait => {
                    driver = self
                        .woken
                        .wait(driver)
                        .unwrap_or_else(PoisonError::into_inner);
                }
                Step::Paused | Step::Done => {
                    self.stop.store(true, Ordering::Relaxed);
                    self.woken.notify_all();
                    return;
                }
            }
        }
    }
}
