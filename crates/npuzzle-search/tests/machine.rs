//! The move-pruning machines the store keeps: saved whole, read back checked, and a damaged,
//! truncated, stale or foreign file refused with a clear reason and built again.

use std::path::PathBuf;

use npuzzle_core::{Goal, Size};
use npuzzle_heuristic::{
    fsm::{Fsm, Refused},
    pdb::{Event, Partition, Store},
};
use npuzzle_search::{Options, Prepared, Solvers};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("npuzzle-machine-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// What a store's `machine` call reported: the reasons of its builds and the files saved.
fn open(store: &Store, size: Size, depth: usize) -> (Vec<String>, Vec<PathBuf>, &'static Fsm) {
    let (mut reasons, mut saved) = (Vec::new(), Vec::new());
    let fsm = store
        .machine(size, depth, &mut |event| match event {
            Event::BuildingMachine { reason, cost, .. } => {
                assert!(cost.seconds > 0.0 && cost.bytes > 0);
                reasons.push(reason);
            }
            Event::Saved { path, .. } => saved.push(path.to_path_buf()),
            _ => {}
        })
        .unwrap();
    (reasons, saved, fsm)
}

#[test]
fn a_machine_reads_back_as_it_was_saved() {
    let size: Size = "3".parse().unwrap();
    let fsm = Fsm::build(size, 14).unwrap();
    let bytes = fsm.to_bytes();
    let back = Fsm::from_bytes(&bytes, size, 14).unwrap();
    assert_eq!(back.to_bytes(), bytes);
    assert_eq!(
        (back.states(), back.forbidden(), back.depth()),
        (fsm.states(), fsm.forbidden(), 14)
    );
}

#[test]
fn damaged_truncated_stale_and_foreign_bytes_are_refused() {
    let size: Size = "3".parse().unwrap();
    let bytes = Fsm::build(size, 10).unwrap().to_bytes();
    let refused =
        |bytes: &[u8], size: Size, depth: usize| Fsm::from_bytes(bytes, size, depth).unwrap_err();
    let damaged = |r: Refused| match r {
        Refused::Damaged(reason) => reason,
        other => panic!("{other:?} should be damage"),
    };
    let other = |r: Refused| match r {
        Refused::Other(reason) => reason,
        damaged => panic!("{damaged:?} should be another machine"),
    };
    let mut flipped = bytes.clone();
    *flipped.last_mut().unwrap() ^= 1;
    assert!(damaged(refused(&flipped, size, 10)).contains("checksum"));
    assert!(
        damaged(refused(&bytes[..bytes.len() - 16], size, 10)).contains("bytes of transitions")
    );
    assert!(damaged(refused(&bytes[..20], size, 10)).contains("shorter than a header"));
    assert!(
        damaged(refused(
            b"not a machine at all, but long enough for a header!",
            size,
            10
        ))
        .contains("not a move-pruning")
    );
    assert!(other(refused(&bytes, "4".parse().unwrap(), 10)).contains("for 3x3, not 4x4"));
    assert!(other(refused(&bytes, size, 12)).contains("of depth 10, not 12"));
    let mut stale = bytes.clone();
    stale[8] = 99;
    let mut count = bytes.clone();
    count[28] ^= 1;
    assert!(
        damaged(refused(&count, size, 10)).contains("checksum"),
        "the header is summed too"
    );
    assert!(other(refused(&stale, size, 10)).contains("format 99"));
}

#[test]
fn the_store_builds_saves_and_rebuilds_what_it_cannot_trust() {
    let dir = temp_dir("store");
    let store = Store::new(&dir);
    // Each case its own depth: a process holds one machine per board and depth.
    let size: Size = "2x4".parse().unwrap();
    let (reasons, saved, fsm) = open(&store, size, 11);
    assert_eq!(
        (reasons, saved.clone()),
        (
            vec!["not built yet".to_string()],
            vec![store.machine_path(size, 11)]
        )
    );
    let good = std::fs::read(&saved[0]).unwrap();
    assert_eq!(
        Fsm::from_bytes(&good, size, 11).unwrap().states(),
        fsm.states()
    );

    // The same bytes under other names: a truncated copy, a flipped bit, another depth's.
    let cases: [(usize, Vec<u8>, &str); 3] = [
        (12, good[..good.len() / 2].to_vec(), "is damaged"),
        (
            13,
            {
                let mut b = good.clone();
                b[60] ^= 4;
                b
            },
            "checksum",
        ),
        (14, good.clone(), "of depth 11, not 14"),
    ];
    for (depth, bytes, why) in cases {
        std::fs::write(store.machine_path(size, depth), bytes).unwrap();
        let (reasons, saved, fsm) = open(&store, size, depth);
        assert!(
            reasons.len() == 1 && reasons[0].contains(why),
            "{reasons:?}"
        );
        assert_eq!(saved, vec![store.machine_path(size, depth)]);
        assert_eq!(fsm.depth(), depth);
        let rebuilt = std::fs::read(store.machine_path(size, depth)).unwrap();
        assert!(Fsm::from_bytes(&rebuilt, size, depth).is_ok());
    }
    // A file that is not ours is set aside, never written over.
    std::fs::write(store.machine_path(size, 15), "someone's notes").unwrap();
    let (reasons, _, _) = open(&store, size, 15);
    assert!(
        reasons[0].contains("not a machine of npuzzle's"),
        "{reasons:?}"
    );
    let kept = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().contains("not-ours"))
        .count();
    assert_eq!(kept, 1);
    // A sound file is read back, not built (a depth this process has not held yet).
    let sound = Fsm::build(size, 16).unwrap();
    std::fs::write(store.machine_path(size, 16), sound.to_bytes()).unwrap();
    let (reasons, saved, fsm) = open(&store, size, 16);
    assert!(reasons.is_empty() && saved.is_empty(), "{reasons:?}");
    assert_eq!(fsm.identity(), sound.identity());
    // Listed, verified by name and removed with the databases.
    let machines = store.machines().unwrap();
    assert_eq!(machines.len(), 6);
    assert!(
        machines
            .iter()
            .all(|path| store.verify_machine(path).is_ok())
    );
    let misnamed = dir.join("2x4-fsm-17.fsm");
    std::fs::copy(&machines[0], &misnamed).unwrap();
    assert!(
        store
            .verify_machine(&misnamed)
            .unwrap_err()
            .to_string()
            .contains("of depth")
    );
    let (removed, left) = store.remove_all().unwrap();
    assert_eq!((removed.len(), left.len()), (7, 0));
    assert!(store.machines().unwrap().is_empty());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn solves_with_databases_prune_with_the_stores_deeper_machine() {
    let dir = temp_dir("solve");
    let mut solvers = Solvers::new(Goal::BlankLast, Options::default())
        .with_store(Store::new(&dir), Some(Partition::Named("555")));
    let mut built = Vec::new();
    let board = "5 1 3 4/2 0 7 8/9 6 10 12/13 14 11 15".parse().unwrap();
    let solution = solvers
        .solve(&board, &mut |event| {
            if let Event::BuildingMachine { depth, .. } = event {
                built.push(depth);
            }
        })
        .unwrap();
    assert_eq!(solution.moves.len(), 8);
    let depth = npuzzle_search::thresholds::stored_machine_depth(16).unwrap();
    assert_eq!(built, vec![depth]);
    assert!(Store::new(&dir).has_machine("4".parse().unwrap(), depth));
    let solver = solvers.for_size("4".parse().unwrap(), &mut |_| {}).unwrap();
    match solver.prepared() {
        Prepared::Search { machine, .. } => assert_eq!(machine.depth(), depth),
        other => panic!("{other:?}"),
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// IDA* with every heuristic, on one core and on both, with the machine searches build and a
/// deep one, finds the complete table's distance: a machine skips moribund states only where a
/// solution must be exactly the threshold long, so every threshold must have the solutions'
/// parity, also for a heuristic that has not (misplaced tiles).
#[test]
fn idastar_with_the_machines_keeps_the_tables_distances() {
    use npuzzle_heuristic::{LinearConflict, Manhattan, Misplaced};
    use npuzzle_search::{DistanceTable, Limits, Puzzle};
    for (size, goal, every) in [("2x3", Goal::BlankLast, 1), ("3", Goal::BlankFirst, 401)] {
        let size: Size = size.parse().unwrap();
        let goal = goal.board(size).unwrap();
        let puzzle = Puzzle::new(&goal).unwrap();
        let table = DistanceTable::build(&puzzle, Limits::none()).unwrap();
        let deep = Fsm::build(size, 20).unwrap();
        let machines = [npuzzle_search::algorithm::machine(size), &deep];
        let deepest = table.layer_counts().len() as u8 - 1;
        for distance in 0..=deepest {
            for board in table.positions_at(distance).step_by(every) {
                let start = npuzzle_search::Start::new(board, goal.clone()).unwrap();
                for fsm in machines {
                    let solve = |h: &dyn Fn(&IdaStarOf) -> usize| {
                        h(&IdaStarOf {
                            puzzle: &puzzle,
                            fsm,
                            start: &start,
                        })
                    };
                    let lengths = [
                        solve(&|s| s.length(&Misplaced::new(&puzzle))),
                        solve(&|s| s.length(&Manhattan::for_puzzle(&puzzle))),
                        solve(&|s| s.length(&LinearConflict::new(&puzzle))),
                    ];
                    let d = distance as usize;
                    assert_eq!(
                        lengths,
                        [2 * d; 3].map(|x| x / 2),
                        "{}, depth {}",
                        start.board(),
                        fsm.depth()
                    );
                }
            }
        }
    }
}

/// What a check of one start needs.
struct IdaStarOf<'a> {
    puzzle: &'a npuzzle_search::Puzzle,
    fsm: &'a Fsm,
    start: &'a npuzzle_search::Start,
}

impl IdaStarOf<'_> {
    /// The length IDA* finds with `h`, on one core in the order of the moves and nearest
    /// first, and on both (which must agree).
    fn length<H: npuzzle_heuristic::Heuristic + Sync>(&self, h: &H) -> usize {
        use npuzzle_search::algorithm::idastar::IdaStar;
        use npuzzle_search::{Limits, Method};
        let ways = [(false, false), (false, true), (true, false)];
        let [plain, ordered, both] = ways.map(|(parallel, ordered)| {
            let idastar = IdaStar {
                puzzle: self.puzzle,
                h,
                parallel,
                ordered,
                fsm: self.fsm,
            };
            idastar
                .run(self.start, &Limits::none())
                .unwrap()
                .moves
                .len()
        });
        assert_eq!((plain, plain), (ordered, both), "{}", self.start.board());
        plain
    }
}

/// The 5×5's machine takes minutes to build: a search never starts that on its own (only
/// `npuzzle pdb build` does), and prunes with the machine in memory until it is there.
#[test]
fn a_machine_that_takes_minutes_is_not_built_by_a_search() {
    let dir = temp_dir("five");
    let partition =
        Partition::Named("1,2,3,4/5,6,7,8/9,10,11,12/13,14,15,16/17,18,19,20/21,22,23,24");
    let partition = partition.to_string().parse().unwrap();
    let mut solvers = Solvers::new(Goal::BlankLast, Options::default())
        .with_store(Store::new(&dir), Some(partition));
    let board = "1 2 3 4 5/6 7 8 9 10/11 12 13 14 15/16 17 18 19 20/21 22 23 0 24"
        .parse()
        .unwrap();
    let mut machines = 0;
    let solution = solvers
        .solve(&board, &mut |event| {
            machines += usize::from(matches!(event, Event::BuildingMachine { .. }))
        })
        .unwrap();
    assert_eq!((solution.moves.len(), machines), (1, 0));
    let solver = solvers.for_size("5".parse().unwrap(), &mut |_| {}).unwrap();
    match solver.prepared() {
        Prepared::Search { machine, .. } => {
            assert_eq!(machine.depth(), npuzzle_search::thresholds::MACHINE_DEPTH)
        }
        other => panic!("{other:?}"),
    }
    assert!(Store::new(&dir).machines().unwrap().is_empty());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A journal belongs to the machine its search pruned with: a changed machine changes the
/// search (its cut, its subtrees' nodes), so a journal kept with another is refused, naming the
/// machine, and the search it was kept by goes on from it.
#[test]
fn a_journal_kept_with_another_machine_is_refused_by_name() {
    use npuzzle_heuristic::Manhattan;
    use npuzzle_search::algorithm::idastar::IdaStar;
    use npuzzle_search::{Limit, Limits, Method, Puzzle, SolveError, Start};
    let size: Size = "4".parse().unwrap();
    let goal = Goal::BlankLast.board(size).unwrap();
    let puzzle = Puzzle::new(&goal).unwrap();
    let h = Manhattan::for_puzzle(&puzzle);
    let start = Start::new(
        "0 12 9 13/15 11 10 14/3 7 2 5/4 8 6 1".parse().unwrap(),
        goal.clone(),
    )
    .unwrap();
    let dir = temp_dir("journal");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("search.journal");
    let limits = Limits::none().nodes(20_000).keep_journal(&path);
    let kept = IdaStar::new(&puzzle, &h);
    assert!(matches!(
        kept.run(&start, &limits),
        Err(SolveError::LimitReached {
            limit: Limit::Nodes(_),
            ..
        })
    ));
    let deep = Fsm::build(size, 14).unwrap();
    let other = IdaStar {
        fsm: &deep,
        ..IdaStar::new(&puzzle, &h)
    };
    match other.run(&start, &limits) {
        Err(SolveError::Journal {
            path: named,
            reason,
        }) => {
            assert_eq!(named, path);
            assert!(reason.contains("move-pruning machine"), "{reason}");
            assert!(reason.contains("depth 14"), "{reason}");
        }
        other => panic!("resumed with another machine: {other:?}"),
    }
    assert!(matches!(
        kept.run(&start, &limits),
        Err(SolveError::LimitReached { .. }) | Ok(_)
    ));
    let _ = std::fs::remove_dir_all(&dir);
}
