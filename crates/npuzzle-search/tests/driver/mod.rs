//! The split search's driver, driven by hand: transports that are loops, answering out of
//! order, abandoning, pausing. Whatever they do, the driver answers at the optimum and keeps the
//! node limit a ceiling.

use std::collections::VecDeque;
use std::time::Duration;

use npuzzle_heuristic::WalkingDistance;
use npuzzle_search::algorithm::idastar::IdaStar;
use npuzzle_search::algorithm::idastar::Outcome;
use npuzzle_search::algorithm::idastar::driver::{Driver, Plan, Step, Task};
use npuzzle_search::{Limit, Limits, Puzzle, SolveError, SplitSearch, Start};

use super::korf;

/// Searches `task` of `start` with `idastar`.
fn search(idastar: &IdaStar<'_, WalkingDistance>, start: &Start, task: &Task) -> Outcome {
    let limits = task.limits(&Limits::none());
    idastar
        .subtree(start, &task.path, task.bound, &limits)
        .into()
}

/// Drives `driver` with a transport that takes tasks until told to wait, then answers the last
/// taken first (as a cluster's replies may come), until the driver is done or paused; checks
/// at every hand-out that the shares of the tasks under way, with the nodes spent, stay within
/// `max_nodes`.
fn drive(
    driver: &mut Driver,
    idastar: &IdaStar<'_, WalkingDistance>,
    max_nodes: Option<u64>,
) -> Step {
    let start = driver.start().clone();
    let mut under_way: VecDeque<Task> = VecDeque::new();
    let mut spent = 0;
    loop {
        match driver.poll(idastar) {
            Step::Search(task) => {
                if let Some(max) = max_nodes {
                    let promised: u64 = under_way.iter().map(|t| t.max_nodes.unwrap()).sum();
                    let share = task.max_nodes.expect("a share of the node limit");
                    assert!(
                        spent + promised + share <= max || share == 1,
                        "{share} promised"
                    );
                }
                assert!(under_way.len() < driver.plan().window);
                under_way.push_back(task);
            }
            Step::Wait => {
                let task = under_way.pop_back().expect("waiting on a task under way");
                let outcome = search(idastar, &start, &task);
                if let Outcome::Searched(subtree) = &outcome {
                    spent += subtree.stats.expanded;
                }
                driver.report(task.index, outcome);
            }
            ended => {
                for task in under_way {
                    driver.report(task.index, Outcome::Abandoned(Default::default()));
                }
                return ended;
            }
        }
    }
}

/// IDA* with walking distance on Korf's #44, handed to `test` with its start and optimum.
fn on_korf44(test: impl FnOnce(&IdaStar<'_, WalkingDistance>, Start, usize)) {
    let (start, optimum) = korf(44);
    let puzzle = Puzzle::new(start.goal()).unwrap();
    let h = WalkingDistance::new(&puzzle).unwrap();
    test(&IdaStar::new(&puzzle, &h), start, optimum)
}

#[test]
fn every_plan_answers_at_the_optimum() {
    on_korf44(|idastar, start, optimum| {
        for (aim, window) in [(1, 1), (16, 3), (512, 8)] {
            let plan = Plan { aim, window };
            let mut driver = Driver::open(idastar, &start, Limits::none(), plan).unwrap();
            assert_eq!(drive(&mut driver, idastar, None), Step::Done);
            let solution = driver.outcome(idastar).unwrap();
            assert_eq!(
                (solution.moves.len(), solution.optimal),
                (optimum, true),
                "{plan:?}"
            );
        }
    })
}

#[test]
fn the_node_limit_is_a_ceiling_shared_among_the_tasks_under_way() {
    on_korf44(|idastar, start, _| {
        let max = 300_000;
        let plan = Plan { aim: 64, window: 4 };
        let limits = Limits::none().nodes(max);
        let mut driver = Driver::open(idastar, &start, limits, plan).unwrap();
        assert_eq!(drive(&mut driver, idastar, Some(max)), Step::Done);
        match driver.outcome(idastar) {
            Err(SolveError::LimitReached { limit, stats }) => {
                assert_eq!(limit, Limit::Nodes(max));
                assert!(stats.expanded <= max + 4, "{} nodes", stats.expanded);
                assert!(stats.proved_bound > 0);
            }
            other => panic!("{other:?}"),
        }
    })
}

#[test]
fn a_capped_driver_pauses_and_goes_on_to_the_same_answer() {
    on_korf44(|idastar, start, optimum| {
        let plan = Plan { aim: 64, window: 2 };
        let mut driver = Driver::open(idastar, &start, Limits::none(), plan).unwrap();
        driver.cap(Some(100_000));
        assert_eq!(drive(&mut driver, idastar, None), Step::Paused);
        let (bound, finished, subtrees) = driver.progress();
        assert!(bound > 0 && finished < subtrees, "{:?}", driver.progress());
        driver.cap(None);
        assert_eq!(drive(&mut driver, idastar, None), Step::Done);
        let solution = driver.outcome(idastar).unwrap();
        assert_eq!((solution.moves.len(), solution.optimal), (optimum, true));
    })
}

#[test]
fn a_report_after_the_end_counts_only_its_nodes() {
    on_korf44(|idastar, start, _| {
        let plan = Plan { aim: 64, window: 2 };
        let mut driver = Driver::open(idastar, &start, Limits::none(), plan).unwrap();
        let Step::Search(first) = driver.poll(idastar) else {
            panic!("no task")
        };
        let Step::Search(second) = driver.poll(idastar) else {
            panic!("no second task")
        };
        let spent = Default::default();
        driver.report(
            first.index,
            Outcome::Limited(Limit::Time(Duration::ZERO), spent),
        );
        assert_eq!(driver.poll(idastar), Step::Done);
        let Outcome::Searched(late) = search(idastar, &start, &second) else {
            panic!("the subtree was not searched")
        };
        let before = driver.progress();
        driver.report(second.index, Outcome::Searched(late.clone()));
        assert_eq!(driver.progress(), before);
        match driver.outcome(idastar) {
            Err(SolveError::LimitReached { limit, stats }) => {
                assert_eq!(limit, Limit::Time(Duration::ZERO));
                assert!(stats.expanded >= late.stats.expanded);
            }
            other => panic!("{other:?}"),
        }
    })
}
