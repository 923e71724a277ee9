//! IDA*'s journal: a search stopped at many points (a node limit, a cancellation) and resumed
//! each time from its journal reaches the published optimum with the same number of iterations
//! as one run; a finished journal answers at once; a journal of another search is refused. And
//! the split search's driver, driven by hand (`driver/`).

use std::path::PathBuf;
use std::time::Duration;

use npuzzle_core::instances::InstanceFile;
use npuzzle_core::{Board, Goal, Move, Size};
use npuzzle_heuristic::{Manhattan, WalkingDistance};
use npuzzle_search::algorithm::idastar::IdaStar;
use npuzzle_search::{Cancel, Limit, Limits, Method, Progress, Puzzle, SolveError, Start};

mod driver;

/// Korf's instance `number` (from 1) and its optimum.
fn korf(number: usize) -> (Start, usize) {
    let path = format!(
        "{}/../../data/instances/korf100.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap();
    let instance = InstanceFile::parse(&text).unwrap().instances[number - 1].clone();
    let goal = Goal::BlankFirst.board(Size::square(4).unwrap()).unwrap();
    let board = Board::new(Size::square(4).unwrap(), instance.board.cells().to_vec()).unwrap();
    (Start::new(board, goal).unwrap(), instance.optimal.unwrap())
}

/// Runs `test` with IDA* on both cores, walking distance, on Korf's instance `number`, its start
/// and its optimum.
fn on_both_cores<T>(
    number: usize,
    test: impl FnOnce(&IdaStar<WalkingDistance>, Start, usize) -> T,
) -> T {
    let (start, optimum) = korf(number);
    let puzzle = Puzzle::new(start.goal()).unwrap();
    let h = WalkingDistance::new(&puzzle).unwrap();
    let idastar = IdaStar {
        parallel: true,
        ..IdaStar::new(&puzzle, &h)
    };
    test(&idastar, start, optimum)
}

/// A search identity for journals kept by hand.
fn search() -> npuzzle_search::algorithm::journal::Identity {
    npuzzle_search::algorithm::journal::Identity {
        heuristic: "walking-distance".into(),
        machine: "fsm".into(),
    }
}

/// A fresh journal path for a test.
fn journal(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("npuzzle-journal-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("search.journal")
}

#[test]
fn a_search_stopped_by_node_limits_resumes_to_the_same_answer() {
    on_both_cores(35, |idastar, start, optimum| {
        let whole = idastar.run(&start, &Limits::default()).unwrap();
        let path = journal("nodes");
        let slice = 250_000;
        let mut kept = 0;
        let mut runs = 0;
        let resumed = loop {
            runs += 1;
            assert!(runs < 200, "no progress after {runs} runs");
            let limits = Limits::none().nodes(slice).keep_journal(&path);
            match idastar.run(&start, &limits) {
                Ok(solution) => break solution,
                Err(SolveError::LimitReached {
                    limit: Limit::Nodes(n),
                    stats,
                }) => {
                    assert_eq!(n, slice);
                    // Each run keeps its node limit (the totals count every run).
                    // (A run's totals count the subtrees it left unfinished, the journal does not:
                    // the next run's may be lower.)
                    let run = stats.expanded.saturating_sub(kept);
                    assert!(run <= 2 * slice, "{run} in one run");
                    kept = stats.expanded;
                }
                Err(e) => panic!("{e}"),
            }
        };
        assert!(
            runs > 2,
            "{runs} runs, whole search {}",
            whole.stats.expanded
        );
        assert_eq!((whole.moves.len(), resumed.moves.len()), (optimum, optimum));
        assert_eq!(resumed.stats.iterations, whole.stats.iterations);
        // Finished, the journal answers at once with the same moves, without a node of search,
        // and is left as it was.
        let kept = std::fs::read(&path).unwrap();
        let again = idastar
            .run(&start, &Limits::none().nodes(1).keep_journal(&path))
            .unwrap();
        assert_eq!(again.moves, resumed.moves);
        assert_eq!(again.stats.expanded, resumed.stats.expanded);
        assert!(
            std::fs::read(&path).unwrap() == kept,
            "the journal was rewritten"
        );
    })
}

#[test]
fn a_search_cancelled_again_and_again_resumes_to_the_same_answer() {
    let (start, optimum) = korf(44);
    let puzzle = Puzzle::new(start.goal()).unwrap();
    let h = WalkingDistance::new(&puzzle).unwrap();
    let idastar = IdaStar::new(&puzzle, &h);
    let path = journal("cancel");
    let mut runs = 0;
    let solution = loop {
        runs += 1;
        assert!(runs < 500, "no progress after {runs} runs");
        let token = Cancel::new();
        let limits = Limits::none().cancel(token.clone()).keep_journal(&path);
        let canceller = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(15));
            token.cancel();
        });
        let result = idastar.run(&start, &limits);
        canceller.join().unwrap();
        match result {
            Ok(solution) => break solution,
            Err(SolveError::LimitReached {
                limit: Limit::Cancelled,
                ..
            }) => {}
            Err(e) => panic!("{e}"),
        }
    };
    assert!(runs > 2, "{runs} runs");
    assert_eq!(solution.moves.len(), optimum);
}

#[test]
fn a_journal_of_another_search_is_refused() {
    let (start, _) = korf(79);
    let (other, _) = korf(12);
    let puzzle = Puzzle::new(start.goal()).unwrap();
    let wd = WalkingDistance::new(&puzzle).unwrap();
    let path = journal("other");
    let limits = Limits::none().keep_journal(&path);
    IdaStar::new(&puzzle, &wd).run(&start, &limits).unwrap();
    let refused = |result: Result<_, SolveError>, words: &str| match result {
        Err(SolveError::Journal { reason, .. }) => assert!(reason.contains(words), "{reason}"),
        other => panic!("{other:?}"),
    };
    refused(
        IdaStar::new(&puzzle, &wd).run(&other, &limits),
        "journal of another search",
    );
    // Stopped mid-iteration, then resumed with a heuristic whose cut differs.
    let stopped = Limits::none().nodes(50_000).keep_journal(&path);
    std::fs::remove_file(&path).unwrap();
    let (hard, _) = korf(35);
    assert!(IdaStar::new(&puzzle, &wd).run(&hard, &stopped).is_err());
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(!text.contains("\"subtrees\": 0,"), "{text}");
    let md = Manhattan::for_puzzle(&puzzle);
    let result = IdaStar::new(&puzzle, &md).run(&hard, &limits);
    assert!(
        matches!(result, Err(SolveError::Journal { .. })),
        "{result:?}"
    );
    // Garbage, and a journal of a newer format.
    std::fs::write(&path, b"not json").unwrap();
    refused(
        IdaStar::new(&puzzle, &wd).run(&hard, &limits),
        "not a search journal",
    );
    // A finished journal whose solution was replaced by a longer one is refused, never claimed.
    let finished = journal("forged");
    let limits = Limits::none().keep_journal(&finished);
    let solved = IdaStar::new(&puzzle, &wd).run(&start, &limits).unwrap();
    let letters: String = solved.moves.iter().map(|m| m.tile_letter()).collect();
    let text = std::fs::read_to_string(&finished).unwrap();
    let longer = format!("{letters}{}", "UD");
    std::fs::write(&finished, text.replace(&letters, &longer)).unwrap();
    refused(
        IdaStar::new(&puzzle, &wd).run(&start, &limits),
        "checksum does not match",
    );
    // Even with its checksum made again.
    let mut forged: npuzzle_search::algorithm::journal::Journal =
        serde_json::from_str(&text.replace(&letters, &longer)).unwrap();
    forged.save(&finished).unwrap();
    refused(
        IdaStar::new(&puzzle, &wd).run(&start, &limits),
        "not its threshold",
    );
    let limits = Limits::none().keep_journal(&path);
    let text = r#"{"format": 99}"#;
    std::fs::write(&path, text).unwrap();
    refused(
        IdaStar::new(&puzzle, &wd).run(&hard, &limits),
        "not a search journal",
    );
}

#[test]
fn a_search_cancelled_before_it_begins_searches_nothing_and_writes_no_journal() {
    let (start, _) = korf(79);
    let options = npuzzle_search::Options {
        algorithm: npuzzle_search::Algorithm::IdaStar,
        heuristic: Some(npuzzle_search::HeuristicKind::WalkingDistance),
        ..npuzzle_search::Options::default()
    };
    let solver = npuzzle_search::Solver::new(start.goal(), options).unwrap();
    let path = journal("cancelled");
    let cancel = Cancel::new();
    cancel.cancel();
    let limits = Limits::none().cancel(cancel).keep_journal(&path);
    match solver.run(&start, &limits) {
        Err(SolveError::LimitReached {
            limit: Limit::Cancelled,
            stats,
        }) => assert_eq!(stats.expanded, 0),
        other => panic!("{other:?}"),
    }
    assert!(!path.exists());
}

#[test]
fn progress_tells_the_threshold_and_the_subtrees_finished_with_a_journal() {
    on_both_cores(79, |idastar, start, optimum| {
        let path = journal("progress");
        // Stopped part-way, then resumed: the resumed iteration counts the subtrees kept as done.
        let stopped = Limits::none().nodes(20_000).keep_journal(&path);
        assert!(idastar.run(&start, &stopped).is_err());
        let kept: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let progress = Progress::default();
        let limits = Limits::none().keep_journal(&path).report(progress.clone());
        let solution = idastar.run(&start, &limits).unwrap();
        assert_eq!(
            (solution.moves.len(), progress.bound() as usize),
            (optimum, optimum)
        );
        let (finished, all) = progress.subtrees();
        assert!(all >= 512 && finished <= all, "{finished} of {all}");
        assert!(progress.expanded() > 0 && progress.expanded() <= solution.stats.expanded);
        assert!(kept["bound"].as_u64().unwrap() < optimum as u64, "{kept}");
    })
}

#[test]
fn each_iteration_searches_first_the_subtrees_that_came_nearest_the_goal_in_the_one_before() {
    use npuzzle_core::Move::{Down, Left, Right, Up};
    use npuzzle_search::algorithm::journal::{Journal, Keeper};
    let (start, _) = korf(79);
    let path = journal("order");
    // Every iteration expands nodes (a journal past its first threshold without any is refused).
    let nodes = npuzzle_search::Stats {
        expanded: 1,
        ..npuzzle_search::Stats::default()
    };
    let mut keeper = Keeper::open(Some(&path), &start, 40, &search()).unwrap();
    let first: [&[Move]; 3] = [&[Up], &[Left], &[Down]];
    keeper.iteration(40, &first, 42, &nodes).unwrap();
    assert_eq!(keeper.order(), [0, 1, 2]);
    for (index, nearest) in [(0, Some(30)), (1, Some(21)), (2, None)] {
        keeper.finished(index, 42, nearest, &nodes);
    }
    // One move deeper: each path takes what its old subtree learned; Down's learned nothing.
    let second: [&[Move]; 4] = [&[Up, Left], &[Left, Up], &[Down, Right], &[Up, Right]];
    keeper.iteration(42, &second, 44, &nodes).unwrap();
    assert_eq!(keeper.order(), [1, 0, 3, 2]);
    keeper.finished(1, 44, Some(12), &nodes);
    keeper.flush();
    // A run resumed from the file keeps the order and what the finished subtree learned.
    let mut resumed = Keeper::open(Some(&path), &start, 40, &search()).unwrap();
    let (done, _) = resumed.iteration(42, &second, 44, &nodes).unwrap();
    assert_eq!(
        (done, resumed.order()),
        (vec![false, true, false, false], vec![1, 0, 3, 2])
    );
    let journal: Journal = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    assert_eq!(journal.nearest, [None, Some(12), None, None]);
    // A journal of an older version, without either, resumes in the cut's order.
    let mut older = journal.clone();
    (older.hints, older.nearest) = (Vec::new(), Vec::new());
    older.save(&path).unwrap();
    let mut resumed = Keeper::open(Some(&path), &start, 40, &search()).unwrap();
    resumed.iteration(42, &second, 44, &nodes).unwrap();
    assert_eq!(resumed.order(), [0, 1, 2, 3]);
    // Hints for another cut are refused.
    let mut damaged = journal;
    damaged.hints.push(Some(3));
    damaged.save(&path).unwrap();
    let refused = Keeper::open(Some(&path), &start, 40, &search())
        .err()
        .unwrap();
    assert!(
        refused
            .to_string()
            .contains("hints name 5 subtrees, its cut has 4"),
        "{refused}"
    );
}

#[test]
fn both_cores_take_the_subtrees_in_the_journal_s_order() {
    use npuzzle_search::algorithm::journal::Journal;
    on_both_cores(35, |idastar, start, _| {
        let path = journal("cores");
        // Stopped again and again by a node limit until an iteration with hints is part-way done.
        for _ in 0..200 {
            let limits = Limits::none().nodes(100_000).keep_journal(&path);
            assert!(
                idastar.run(&start, &limits).is_err(),
                "solved before the check"
            );
            let journal: Journal = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
            if journal.hints.is_empty() || journal.finished.len() < 20 {
                continue;
            }
            let order = npuzzle_search::algorithm::order::order(&journal.hints);
            // Every subtree finished was taken before any other, but for those under way at a stop.
            let place = |index: &u32| order.iter().position(|&i| i == *index as usize).unwrap();
            let last = journal.finished.iter().map(place).max().unwrap();
            let threads = rayon::current_num_threads();
            assert!(
                last < journal.finished.len() + threads,
                "{last} {journal:?}"
            );
            return;
        }
        panic!("no iteration with hints was stopped part-way");
    })
}

#[test]
fn a_journal_cut_at_512_by_an_earlier_build_is_carried_over_to_the_finer_cut() {
    use npuzzle_search::SplitSearch;
    use npuzzle_search::algorithm::journal::{Journal, Keeper, SUBTREES};
    on_both_cores(35, |idastar, start, optimum| {
        let whole = idastar.run(&start, &Limits::none()).unwrap();
        let path = journal("recut");
        // An earlier build's journal: an iteration cut at 512, its first half searched (the first
        // iterations' trees are too small to cut).
        let first = idastar.first_bound(&start).unwrap();
        let bound = (first..)
            .step_by(2)
            .find(|&b| {
                idastar
                    .split(&start, b, SUBTREES, &Limits::none())
                    .unwrap()
                    .paths
                    .len()
                    >= SUBTREES
            })
            .unwrap();
        assert!(bound < optimum as u32);
        let old = idastar.split(&start, bound, 512, &Limits::none()).unwrap();
        let old_paths: Vec<&[Move]> = old.paths.iter().map(Vec::as_slice).collect();
        let mut keeper = Keeper::open(Some(&path), &start, first, &idastar.identity()).unwrap();
        keeper
            .iteration(bound, &old_paths, old.next_bound, &old.stats)
            .unwrap();
        let half = old_paths.len() / 2;
        for (index, moves) in old_paths.iter().enumerate().take(half) {
            let subtree = idastar
                .subtree(&start, moves, bound, &Limits::none())
                .unwrap();
            assert!(subtree.found.is_none());
            keeper.finished(index, subtree.next_bound, subtree.nearest, &subtree.stats);
        }
        keeper.flush();
        let mut written: Journal = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
        written.aim = 512;
        written.save(&path).unwrap();
        // Carried over: a subtree of the finer cut is finished where its old subtree was.
        let new = idastar
            .split(&start, bound, SUBTREES, &Limits::none())
            .unwrap();
        let new_paths: Vec<&[Move]> = new.paths.iter().map(Vec::as_slice).collect();
        let mut resumed = Keeper::open(Some(&path), &start, first, &idastar.identity()).unwrap();
        assert_eq!(resumed.stale_aim(), Some(512));
        resumed.recut(bound, &old_paths, &new_paths).unwrap();
        let (done, next) = resumed
            .iteration(bound, &new_paths, new.next_bound, &new.stats)
            .unwrap();
        let depth = old_paths[0].len();
        assert!(new_paths.len() >= SUBTREES && new_paths[0].len() > depth);
        assert_eq!(next, written.next_bound);
        let carried: Journal = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
        // Each new subtree finished, with its old subtree's nearest, where that one was.
        for ((moves, done), nearest) in new_paths.iter().zip(&done).zip(&carried.nearest) {
            let place = old_paths
                .iter()
                .position(|p| *p == &moves[..depth])
                .unwrap();
            assert_eq!(*done, place < half, "{moves:?}");
            assert_eq!(
                *nearest,
                written.nearest[place].filter(|_| *done),
                "{moves:?}"
            );
        }
        assert!(carried.nearest.iter().flatten().count() > 0);
        assert_eq!(
            (carried.aim, carried.expanded),
            (SUBTREES as u32, written.expanded)
        );
        // Its cut at 512 given again is refused: the journal is the finer cut's now.
        let mut again = Keeper::open(Some(&path), &start, first, &idastar.identity()).unwrap();
        assert_eq!((again.aim(), again.stale_aim()), (SUBTREES, None));
        assert!(again.recut(bound, &old_paths, &new_paths).is_err());
        // A search cutting at 512 (the cluster's) keeps the finer cut for the iteration under way,
        // losing nothing, and its own for the next.
        let cluster = Keeper::open(Some(&path), &start, first, &idastar.identity())
            .unwrap()
            .cutting_at(512);
        assert_eq!((cluster.aim(), cluster.stale_aim()), (SUBTREES, None));
        let fresh = Keeper::open(None, &start, first, &idastar.identity())
            .unwrap()
            .cutting_at(512);
        assert_eq!((fresh.aim(), fresh.stale_aim()), (512, None));
        // The search resumed from the earlier build's journal reaches the same answer.
        written.save(&path).unwrap();
        let limits = Limits::none().keep_journal(&path);
        let resumed = idastar.run(&start, &limits).unwrap();
        assert_eq!((resumed.moves.len(), whole.moves.len()), (optimum, optimum));
    })
}

/// Manhattan distance plus two everywhere, the goal included: what a database edited where its
/// checks cannot see would give. IDA* never meets a goal of value 0.
struct Overestimating(Manhattan);

impl npuzzle_heuristic::Heuristic for Overestimating {
    type State = <Manhattan as npuzzle_heuristic::Heuristic>::State;

    fn start(&self, cells: &[u8]) -> Self::State {
        self.0.start(cells)
    }

    fn value(&self, state: &Self::State) -> u32 {
        self.0.value(state) + 2
    }

    fn moved(
        &self,
        state: &Self::State,
        cells: &[u8],
        tile: u8,
        from: usize,
        to: usize,
    ) -> Self::State {
        self.0.moved(state, cells, tile, from, to)
    }

    fn consistent(&self) -> bool {
        true
    }
}

#[test]
fn an_overestimating_heuristic_ends_with_an_error() {
    use npuzzle_heuristic::Heuristic as _;
    let goal = Goal::BlankLast.board(Size::square(3).unwrap()).unwrap();
    let start = Start::new("8 6 7/2 5 4/3 0 1".parse().unwrap(), goal.clone()).unwrap();
    let puzzle = Puzzle::new(&goal).unwrap();
    let h = Overestimating(Manhattan::for_puzzle(&puzzle));
    assert_eq!(h.identity(), "internal");
    for parallel in [false, true] {
        let idastar = IdaStar {
            parallel,
            ..IdaStar::new(&puzzle, &h)
        };
        match idastar.run(&start, &Limits::none()) {
            Err(SolveError::Internal(why)) => assert!(why.contains("overestimates"), "{why}"),
            other => panic!("{other:?}"),
        }
    }
}
