//! Integration tests of npuzzle-search against ground truth: complete BFS tables, the golden layer
//! counts and the published optimal lengths in data/instances/.

mod analysis;
mod anytime;
mod observe;
mod ordered;
mod pattern_databases;
mod requests;

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

use npuzzle_core::instances::InstanceFile;
use npuzzle_core::{Board, Generator, Goal, Move, Size};
use npuzzle_heuristic::{Focus, Heuristic, LinearConflict, Manhattan, WalkingDistance, fsm::Fsm};
use npuzzle_search::algorithm::anytime::Anytime;
use npuzzle_search::algorithm::best_first::{BestFirst, Priority};
use npuzzle_search::algorithm::constructive::Constructive;
use npuzzle_search::algorithm::idastar::IdaStar;
use npuzzle_search::algorithm::rbfs::Rbfs;
use npuzzle_search::{
    Algorithm, AnyHeuristic, DistanceTable, HeuristicKind, Limit, Limits, Method, Options, Puzzle,
    Request, SolveError, Solver, Solvers, Start,
};
use proptest::prelude::*;

fn shared(file: &str) -> String {
    let path = format!("{}/../../data/instances/{file}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// (tiles, optimal length) of each position of an instance file with proved optima.
fn instances(file: &str) -> Vec<(Vec<u32>, usize)> {
    InstanceFile::parse(&shared(file))
        .unwrap_or_else(|e| panic!("{file}: {e}"))
        .instances
        .into_iter()
        .map(|i| (i.board.cells().to_vec(), i.optimal.expect("an optimum")))
        .collect()
}

/// `board` checked against `goal`.
fn start(board: &Board, goal: &Board) -> Start {
    Start::new(board.clone(), goal.clone()).unwrap()
}

fn setup(size: &str, goal: Goal) -> (Board, Puzzle) {
    let goal = goal.board(size.parse().unwrap()).unwrap();
    let puzzle = Puzzle::new(&goal).unwrap();
    (goal, puzzle)
}

fn table(size: &str, goal: Goal) -> DistanceTable {
    let (_, puzzle) = setup(size, goal);
    DistanceTable::build(&puzzle, Limits::default()).unwrap()
}

fn golden_layers(size: &str) -> Vec<u64> {
    let text = shared("bfs_layers.txt");
    let line = text
        .lines()
        .find(|l| l.split_whitespace().next() == Some(size))
        .unwrap();
    line.split_whitespace()
        .skip(1)
        .map(|n| n.parse().unwrap())
        .collect()
}

#[test]
fn tables_match_the_golden_layer_counts() {
    for size in ["2x2", "3x2", "4x2", "3x3", "5x2"] {
        let t = table(size, Goal::BlankLast);
        assert_eq!(t.layer_counts(), golden_layers(size).as_slice(), "{size}");
    }
    // Any goal with the blank in a corner has the same layers; the spiral's blank is inside.
    let spiral = table("3x3", Goal::Spiral);
    assert_eq!(spiral.layer_counts().iter().sum::<u64>(), 181_440);
    let first = table("3x3", Goal::BlankFirst);
    assert_eq!(first.layer_counts(), golden_layers("3x3").as_slice());
}

#[test]
fn the_table_solves_the_8_puzzle_set_optimally() {
    let t = table("3x3", Goal::BlankFirst);
    let size = Size::square(3).unwrap();
    for (tiles, optimal) in instances("8puzzle_bfs.txt") {
        let board = Board::new(size, tiles).unwrap();
        assert_eq!(
            t.distance(&start(&board, t.puzzle().goal())).unwrap() as usize,
            optimal
        );
        let solution = t
            .run(&start(&board, t.puzzle().goal()), &Limits::default())
            .unwrap();
        assert_eq!(solution.moves.len(), optimal);
    }
}

/// Every heuristic is at most the true distance on every 8-puzzle state, and Manhattan and
/// walking distance change by at most one per move (consistency).
#[test]
fn heuristics_are_admissible_on_every_8_puzzle_state() {
    for goal in [Goal::BlankLast, Goal::Spiral] {
        let t = table("3x3", goal.clone());
        let puzzle = t.puzzle().clone();
        let heuristics: Vec<AnyHeuristic> = HeuristicKind::ALL
            .iter()
            .map(|&k| AnyHeuristic::new(k, &puzzle).unwrap())
            .collect();
        let mut checked = 0;
        for depth in 0..t.layer_counts().len() as u8 {
            for board in t.positions_at(depth) {
                let cells = puzzle.bytes(&board);
                let values: Vec<u32> = heuristics.iter().map(|h| h.evaluate(&cells)).collect();
                for (h, &v) in HeuristicKind::ALL.iter().zip(&values) {
                    assert!(v <= u32::from(depth), "{h} {v} > {depth} on {board}");
                }
                for m in board.legal_moves() {
                    let mut next = board.clone();
                    next.apply(m).unwrap();
                    let next_cells = puzzle.bytes(&next);
                    for (i, h) in heuristics.iter().enumerate() {
                        if HeuristicKind::ALL[i] != HeuristicKind::LinearConflict {
                            assert!(h.evaluate(&next_cells).abs_diff(values[i]) <= 1);
                        }
                    }
                }
                checked += 1;
            }
        }
        assert_eq!(checked, 181_440);
    }
}

#[test]
fn heuristics_are_admissible_on_rectangular_boards() {
    for size in ["4x2", "2x4"] {
        let t = table(size, Goal::BlankLast);
        let puzzle = t.puzzle().clone();
        for kind in HeuristicKind::ALL {
            let h = AnyHeuristic::new(kind, &puzzle).unwrap();
            for depth in 0..t.layer_counts().len() as u8 {
                for board in t.positions_at(depth) {
                    assert!(h.evaluate(&puzzle.bytes(&board)) <= u32::from(depth));
                }
            }
        }
    }
    // 2x5 and 3x4: sampled positions against a complete table or an optimal search.
    let t = table("5x2", Goal::Snake);
    let puzzle = t.puzzle().clone();
    let mut generator = Generator::new(25);
    for _ in 0..300 {
        let board = generator.random_position(puzzle.goal());
        let distance = u32::from(t.distance(&start(&board, t.puzzle().goal())).unwrap());
        for kind in HeuristicKind::ALL {
            let h = AnyHeuristic::new(kind, &puzzle).unwrap();
            assert!(
                h.evaluate(&puzzle.bytes(&board)) <= distance,
                "{kind} on {board}"
            );
        }
    }
    let (goal, puzzle) = setup("4x3", Goal::BlankLast);
    let wd = WalkingDistance::new(&puzzle).unwrap();
    let mut generator = Generator::new(34);
    for _ in 0..25 {
        let board = generator.random_position(&goal);
        let optimal = IdaStar::new(&puzzle, &wd)
            .run(&start(&board, puzzle.goal()), &Limits::default())
            .unwrap();
        let distance = optimal.moves.len() as u32;
        for kind in HeuristicKind::ALL {
            let h = AnyHeuristic::new(kind, &puzzle).unwrap();
            assert!(
                h.evaluate(&puzzle.bytes(&board)) <= distance,
                "{kind} on {board}"
            );
        }
    }
}

/// Walking distance builds for every board its documentation names (6x2 and 2x6 were refused),
/// stays below linear-conflict-proved optima there, and refuses larger boards clearly.
#[test]
fn walking_distance_covers_the_documented_sizes() {
    for size in ["4x4", "5x3", "3x5", "6x2", "2x6"] {
        let (goal, puzzle) = setup(size, Goal::BlankLast);
        let wd = WalkingDistance::new(&puzzle).unwrap_or_else(|e| panic!("{size}: {e}"));
        let lc = LinearConflict::new(&puzzle);
        let mut generator = Generator::new(5);
        for _ in 0..3 {
            let (board, _) = generator.random_walk(&goal, 40);
            let optimal = IdaStar::new(&puzzle, &lc)
                .run(&start(&board, puzzle.goal()), &Limits::default())
                .unwrap();
            assert!(wd.value(&wd.start(&puzzle.bytes(&board))) as usize <= optimal.moves.len());
        }
    }
    let (_, big) = setup("6x3", Goal::BlankLast);
    let error = WalkingDistance::new(&big).unwrap_err();
    assert!(error.to_string().contains("not 6x3"), "{error}");
}

/// The incremental update of every heuristic equals its value and rank computed from scratch.
fn incremental_matches_scratch<H: Heuristic>(h: &H, puzzle: &Puzzle, walk: &[Move]) {
    let mut board = puzzle.goal().clone();
    let mut state = h.start(&puzzle.bytes(&board));
    for &m in walk {
        if !board.can_move(m) {
            continue;
        }
        let from = board.source(m).unwrap();
        let to = board.blank();
        let tile = board.cells()[from] as u8;
        board.apply(m).unwrap();
        let cells = puzzle.bytes(&board);
        state = h.moved(&state, &cells, tile, from, to);
        let scratch = h.start(&cells);
        assert_eq!(
            (h.value(&state), h.rank(&state)),
            (h.value(&scratch), h.rank(&scratch)),
            "{:?} on {board}",
            h.kind()
        );
    }
}

/// Prepared 3x3 solvers for every algorithm and heuristic, per goal, built once.
type Prepared = (DistanceTable, Vec<(Algorithm, HeuristicKind, Solver)>);
fn prepared(goal: &Goal) -> &'static Prepared {
    static CACHE: OnceLock<Vec<(Goal, Prepared)>> = OnceLock::new();
    let all = CACHE.get_or_init(|| {
        [Goal::BlankLast, Goal::Spiral]
            .into_iter()
            .map(|goal| {
                let t = table("3x3", goal.clone());
                let mut solvers = Vec::new();
                for (algorithm, parallel) in [
                    (Algorithm::AStar, false),
                    (Algorithm::IdaStar, false),
                    (Algorithm::IdaStar, true),
                    (Algorithm::Rbfs, false),
                    (Algorithm::WeightedAStar, false),
                    (Algorithm::Greedy, false),
                    (Algorithm::Constructive, false),
                    (Algorithm::Table, false),
                ] {
                    for heuristic in HeuristicKind::ALL {
                        let options = Options {
                            algorithm,
                            heuristic: Some(heuristic),
                            weight: 1.5,
                            parallel,
                            ..Options::default()
                        };
                        let solver = Solver::new(t.puzzle().goal(), options).unwrap();
                        solvers.push((algorithm, heuristic, solver));
                    }
                }
                (goal, (t, solvers))
            })
            .collect()
    });
    &all.iter().find(|(g, _)| g == goal).unwrap().1
}

/// Prepared heuristics per board shape and goal, built once.
type Heuristics = (Puzzle, Manhattan, LinearConflict, Option<WalkingDistance>);
fn heuristics(shape: &str, goal: &Goal) -> std::sync::Arc<Heuristics> {
    static CACHE: OnceLock<Mutex<HashMap<String, std::sync::Arc<Heuristics>>>> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    let key = format!("{shape} {goal}");
    let mut cache = cache.lock().unwrap();
    cache
        .entry(key)
        .or_insert_with(|| {
            let (_, puzzle) = setup(shape, goal.clone());
            let md = Manhattan::for_puzzle(&puzzle);
            let lc = LinearConflict::new(&puzzle);
            let wd = WalkingDistance::new(&puzzle).ok();
            std::sync::Arc::new((puzzle, md, lc, wd))
        })
        .clone()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn incremental_heuristics_match_recomputation(
        walk in prop::collection::vec(prop::sample::select(Move::ALL.to_vec()), 0..120),
        shape in prop::sample::select(vec!["3x3", "4x4", "5x3", "3x5", "5x5"]),
        goal in prop::sample::select(vec![Goal::BlankLast, Goal::BlankFirst, Goal::Snake, Goal::Spiral]),
    ) {
        let prepared = heuristics(shape, &goal);
        let (puzzle, md, lc, wd) = &*prepared;
        incremental_matches_scratch(md, puzzle, &walk);
        incremental_matches_scratch(lc, puzzle, &walk);
        incremental_matches_scratch(&Focus::new(puzzle, lc), puzzle, &walk);
        if let Some(wd) = wd {
            incremental_matches_scratch(wd, puzzle, &walk);
        }
        prop_assert_eq!(wd.is_some(), shape != "5x5");
    }

    /// Linear conflict on lines too long for its tables (wider than 7), past the longest it
    /// counts (33), and on boards with more lines than that: its update from the two lines a
    /// move changes still equals the whole count.
    #[test]
    fn linear_conflict_updates_on_long_lines(
        walk in prop::collection::vec(prop::sample::select(Move::ALL.to_vec()), 0..300),
        shape in prop::sample::select(vec!["9x4", "4x9", "3x40", "40x3", "33x2", "2x33"]),
        goal in prop::sample::select(vec![Goal::BlankLast, Goal::BlankFirst, Goal::Snake]),
    ) {
        let (_, puzzle) = setup(shape, goal);
        incremental_matches_scratch(&LinearConflict::new(&puzzle), &puzzle, &walk);
    }

    /// Every algorithm's solution replays to the goal; the optimal ones are as long as the
    /// table says, and weighted A* stays within its bound.
    #[test]
    fn algorithms_agree_with_the_table(seed: u64, goal in prop::sample::select(vec![Goal::BlankLast, Goal::Spiral])) {
        let (t, solvers) = prepared(&goal);
        let board = Generator::new(seed).random_position(t.puzzle().goal());
        let optimal = t.distance(&start(&board, t.puzzle().goal())).unwrap() as usize;
        for (algorithm, heuristic, solver) in solvers {
            {
                let solution = solver.solve(&board).unwrap();
                let mut replay = board.clone();
                replay.apply_all(&solution.moves).unwrap();
                prop_assert_eq!(&replay, t.puzzle().goal());
                if solution.optimal {
                    prop_assert_eq!(solution.moves.len(), optimal, "{} {}", algorithm, heuristic);
                }
                if let Some(w) = solution.bound {
                    prop_assert!(solution.moves.len() as f64 <= w * optimal as f64);
                }
                prop_assert!(solution.moves.len() >= optimal);
            }
        }
    }
}

#[test]
fn the_easiest_korf_instances_are_solved_to_their_published_lengths() {
    let (_, puzzle) = setup("4", Goal::BlankFirst);
    let wd = WalkingDistance::new(&puzzle).unwrap();
    let lc = LinearConflict::new(&puzzle);
    let size = Size::square(4).unwrap();
    let all = instances("korf100.txt");
    // The four instances that took Korf's 1985 IDA* the fewest nodes.
    for number in [79, 12, 42, 55] {
        let (tiles, optimal) = &all[number - 1];
        let board = Board::new(size, tiles.clone()).unwrap();
        let solution = IdaStar::new(&puzzle, &wd)
            .run(&start(&board, puzzle.goal()), &Limits::default())
            .unwrap();
        assert_eq!(solution.moves.len(), *optimal, "instance {number}");
        let solution = IdaStar::new(&puzzle, &lc)
            .run(&start(&board, puzzle.goal()), &Limits::default())
            .unwrap();
        assert_eq!(solution.moves.len(), *optimal, "instance {number}");
    }
}

/// The FSM skips duplicate paths only: IDA* with it proves the same published optima, in one
/// thread and on every core, with fewer nodes than with parent pruning alone, and fewer again
/// with a deeper machine.
#[test]
fn the_fsm_prunes_duplicates_and_keeps_optima() {
    let (_, puzzle) = setup("4", Goal::BlankFirst);
    let wd = WalkingDistance::new(&puzzle).unwrap();
    let size = Size::square(4).unwrap();
    let machines = [0, 12, 16].map(|depth| Fsm::build(size, depth).unwrap());
    let all = instances("korf100.txt");
    let mut expanded = [0u64; 3];
    for number in [79, 12, 42, 55, 97, 94] {
        let (tiles, optimal) = &all[number - 1];
        let board = Board::new(size, tiles.clone()).unwrap();
        for (i, fsm) in machines.iter().enumerate() {
            for parallel in [false, true] {
                let idastar = IdaStar {
                    parallel,
                    fsm,
                    ..IdaStar::new(&puzzle, &wd)
                };
                let solution = idastar
                    .run(&start(&board, puzzle.goal()), &Limits::default())
                    .unwrap();
                assert_eq!(solution.moves.len(), *optimal, "instance {number}");
                if !parallel {
                    expanded[i] += solution.stats.expanded;
                }
            }
        }
    }
    assert!(
        expanded[2] < expanded[1] && expanded[1] < expanded[0],
        "nodes with machines of depth 0, 12 and 16: {expanded:?}"
    );
}

/// On sampled 24-puzzles, IDA* with the machine searches build, a deeper one and none (depth 0)
/// finds the same optimal lengths, with fewer nodes the deeper the machine.
#[test]
fn the_machines_keep_the_24_puzzles_optima() {
    let (_, puzzle) = setup("5", Goal::BlankLast);
    let lc = LinearConflict::new(&puzzle);
    let size = Size::square(5).unwrap();
    let machines = [0, 12, 14].map(|depth| Fsm::build(size, depth).unwrap());
    let mut generator = Generator::new(24);
    let mut expanded = [0u64; 3];
    for _ in 0..6 {
        let board = generator.random_walk_position(puzzle.goal(), 60);
        let lengths = machines.each_ref().map(|fsm| {
            let idastar = IdaStar {
                fsm,
                ..IdaStar::new(&puzzle, &lc)
            };
            idastar
                .run(&start(&board, puzzle.goal()), &Limits::default())
                .unwrap()
        });
        for (i, solution) in lengths.iter().enumerate() {
            assert!(solution.optimal);
            assert_eq!(solution.moves.len(), lengths[0].moves.len(), "{board}");
            expanded[i] += solution.stats.expanded;
        }
    }
    assert!(
        expanded[2] <= expanded[1] && expanded[1] < expanded[0],
        "nodes with machines of depth 0, 12 and 14: {expanded:?}"
    );
}

#[test]
fn limits_stop_searches_cleanly_with_their_statistics() {
    let (goal, puzzle) = setup("4", Goal::BlankFirst);
    let h = Manhattan::for_puzzle(&puzzle);
    let (tiles, _) = instances("korf100.txt").swap_remove(0);
    let board = Board::new(goal.size(), tiles).unwrap();
    let limits = Limits::none().nodes(5_000);
    for result in [
        IdaStar::new(&puzzle, &h).run(&start(&board, puzzle.goal()), &limits),
        Rbfs {
            puzzle: &puzzle,
            h: &h,
        }
        .run(&start(&board, puzzle.goal()), &limits),
        BestFirst {
            puzzle: &puzzle,
            h: &h,
            priority: Priority::AStar,
        }
        .run(&start(&board, puzzle.goal()), &limits),
    ] {
        match result {
            Err(SolveError::LimitReached {
                limit: Limit::Nodes(5_000),
                stats,
            }) => {
                assert!(stats.expanded > 5_000 && stats.generated >= stats.expanded);
            }
            other => panic!("expected the node limit, got {other:?}"),
        }
    }
    let memory = BestFirst {
        puzzle: &puzzle,
        h: &h,
        priority: Priority::AStar,
    }
    .run(&start(&board, &goal), &Limits::none().memory(1 << 20));
    assert!(matches!(
        memory,
        Err(SolveError::LimitReached {
            limit: Limit::Memory(_),
            ..
        })
    ));
    let time = IdaStar::new(&puzzle, &h).run(
        &start(&board, &goal),
        &Limits::none().timeout(Duration::from_millis(1)),
    );
    assert!(matches!(
        time,
        Err(SolveError::LimitReached {
            limit: Limit::Time(_),
            ..
        })
    ));
    let table = DistanceTable::build(&puzzle, Limits::default());
    assert!(matches!(
        table,
        Err(SolveError::TooLarge { max_cells: 12, .. })
    ));
}

/// Every way in checks the position once, before anything is prepared or searched; a method
/// only takes a checked start, and refuses one checked against another goal.
#[test]
fn unsolvable_positions_are_refused_before_any_search() {
    let (goal, puzzle) = setup("3", Goal::BlankLast);
    let board: Board = "2 1 3/4 5 6/7 8 0".parse().unwrap();
    let solver = Solver::new(&goal, Options::default()).unwrap();
    let four = Goal::BlankLast.board("4".parse().unwrap()).unwrap();
    let results = [
        Start::new(board.clone(), goal.clone()).map(|_| ()),
        Start::new(board.clone(), four).map(|_| ()),
        solver.solve(&board).map(|_| ()),
        solver.first_move(&board, &Limits::default()).map(|_| ()),
        Request::new(board.clone()).solve().map(|_| ()),
        Solvers::new(Goal::BlankLast, Options::default())
            .solve(&board, &mut |_| {})
            .map(|_| ()),
    ];
    for result in results {
        assert!(
            matches!(result, Err(SolveError::Unsolvable(_))),
            "{result:?}"
        );
    }
    let h = Manhattan::for_puzzle(&puzzle);
    let other = Goal::BlankFirst.board(goal.size()).unwrap();
    let elsewhere = start(&other, &other);
    let methods: [&dyn Method; 5] = [
        &IdaStar::new(&puzzle, &h),
        &Rbfs {
            puzzle: &puzzle,
            h: &h,
        },
        &BestFirst {
            puzzle: &puzzle,
            h: &h,
            priority: Priority::Greedy,
        },
        &Anytime::new(&puzzle, &h, Duration::from_millis(10)),
        &table("3", Goal::BlankLast),
    ];
    for method in methods {
        let result = method.run(&elsewhere, &Limits::default());
        assert!(matches!(result, Err(SolveError::OtherGoal)), "{result:?}");
    }
}

#[test]
fn auto_says_what_it_chose() {
    let pick = |size: &str| {
        let goal = Goal::BlankLast.board(size.parse().unwrap()).unwrap();
        let solver = Solver::new(&goal, Options::default()).unwrap();
        (solver.algorithm(), solver.note().is_some())
    };
    assert_eq!(pick("3"), (Algorithm::Table, false));
    assert_eq!(pick("4"), (Algorithm::IdaStar, false));
    assert_eq!(pick("7x2"), (Algorithm::IdaStar, false)); // with linear conflict
    assert_eq!(pick("5"), (Algorithm::Anytime, true));
    assert_eq!(pick("10"), (Algorithm::Anytime, true));
    assert_eq!(pick("16"), (Algorithm::Anytime, true));
    assert_eq!(pick("17"), (Algorithm::Anytime, true));
    assert_eq!(pick("32"), (Algorithm::Anytime, true));
    assert_eq!(pick("33"), (Algorithm::Constructive, true));
}

/// The 17 positions 80 moves from the goal (`hard17_15puzzle.txt`, proved at 80 by `npuzzle
/// bench` with the 7-8 databases in about 10 s: PERFORMANCE.md): each bound below 80 with 80's
/// parity, and no solution found shorter.
#[test]
fn the_seventeen_hardest_15_puzzles_agree_with_their_80_moves() {
    let (goal, puzzle) = setup("4", Goal::BlankLast);
    let h = LinearConflict::new(&puzzle);
    let hardest = instances("hard17_15puzzle.txt");
    assert_eq!(hardest.len(), 17);
    for (tiles, optimum) in hardest {
        assert_eq!(optimum, 80);
        let board = Board::new(goal.size(), tiles).unwrap();
        let solution = Anytime::new(&puzzle, &h, Duration::from_secs(60))
            .run(
                &start(&board, puzzle.goal()),
                &Limits::none().nodes(100_000),
            )
            .unwrap();
        let bound = solution.lower_bound as usize;
        assert!(
            bound <= 80 && bound.is_multiple_of(2),
            "{board}: bound {bound}"
        );
        assert!(solution.moves.len() >= 80 && solution.moves.len().is_multiple_of(2));
    }
}

/// Cancellation stops every method with the same error, the constructive solver included, and
/// node limits hold for the constructive solver (each move a node).
#[test]
fn cancellation_and_limits_hold_for_every_method() {
    let goal = Goal::BlankLast.board("6".parse().unwrap()).unwrap();
    let board = Generator::new(3).random_position(&goal);
    let token = npuzzle_search::Cancel::new();
    token.cancel();
    for algorithm in [Algorithm::Anytime, Algorithm::IdaStar, Algorithm::AStar] {
        let options = Options {
            algorithm,
            limits: Limits::default().cancel(token.clone()),
            ..Options::default()
        };
        let result = Solver::new(&goal, options).unwrap().solve(&board);
        assert!(
            matches!(
                result,
                Err(SolveError::LimitReached {
                    limit: Limit::Cancelled,
                    ..
                })
            ),
            "{algorithm}: {result:?}"
        );
    }
    let big = Goal::BlankLast.board("40".parse().unwrap()).unwrap();
    let board = Generator::new(3).random_position(&big);
    let cancelled = Limits::default().cancel(token);
    assert!(matches!(
        Constructive.run(&start(&board, &big), &cancelled),
        Err(SolveError::LimitReached {
            limit: Limit::Cancelled,
            ..
        })
    ));
    match Constructive.run(&start(&board, &big), &Limits::none().nodes(100)) {
        Err(SolveError::LimitReached {
            limit: Limit::Nodes(100),
            stats,
        }) => {
            assert_eq!(stats.expanded, 101);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn big_boards_are_solved_constructively() {
    let goal = Goal::BlankLast.board("60x40".parse().unwrap()).unwrap();
    let board = Generator::new(60).random_position(&goal);
    let solution = Constructive
        .run(&start(&board, &goal), &Limits::default())
        .unwrap();
    assert!(solution.moves.len() as u32 >= solution.lower_bound);
    let mut count = 0u64;
    let report = Constructive
        .stream(&start(&board, &goal), &Limits::default(), &mut |_| {
            count += 1;
            std::ops::ControlFlow::Continue(())
        })
        .unwrap();
    // The streamed moves are the collected ones, and the report counts them.
    assert_eq!(report.moves, solution.moves.len() as u64);
    assert_eq!(count, report.moves);
    let stopped = Constructive.stream(&start(&board, &goal), &Limits::default(), &mut |_| {
        std::ops::ControlFlow::Break(())
    });
    assert!(matches!(stopped, Err(SolveError::Stopped)));
}
