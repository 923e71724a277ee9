//! Integration tests of npuzzle-search against ground truth: complete BFS tables, the golden layer
//! counts and the published optimal lengths in data/instances/.

mod analysis;
mod observe;

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

use npuzzle_core::instances::InstanceFile;
use npuzzle_core::{Board, Generator, Goal, Move, Size};
use npuzzle_search::algorithm::anytime::Anytime;
use npuzzle_search::algorithm::best_first::{BestFirst, Priority};
use npuzzle_search::algorithm::constructive::Constructive;
use npuzzle_search::algorithm::fsm::Fsm;
use npuzzle_search::algorithm::idastar::IdaStar;
use npuzzle_search::algorithm::rbfs::Rbfs;
use npuzzle_search::heuristic::{Focus, Heuristic, LinearConflict, Manhattan, WalkingDistance};
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

/// Anytime solutions on 3x3 against the complete table: never shorter than the optimum, the
/// lower bound never above it, and optimality claimed only when the length is the optimum. With
/// a long budget cut short by a node limit, the beams search every view of the problem
/// (backward, mirrored), whose solutions must map back to this one.
#[test]
fn anytime_agrees_with_the_table() {
    let t = table("3", Goal::BlankLast);
    let h = LinearConflict::new(t.puzzle());
    let runs = [
        (Duration::from_millis(5), Limits::default()),
        (Duration::from_secs(60), Limits::none().nodes(4_000)),
    ];
    for distance in (0..=31u8).step_by(3) {
        for (board, (budget, limits)) in t.positions_at(distance).take(4).zip(runs.iter().cycle()) {
            let solution = Anytime::new(t.puzzle(), &h, *budget)
                .run(&start(&board, t.puzzle().goal()), limits)
                .unwrap();
            let (length, distance) = (solution.moves.len(), usize::from(distance));
            assert!(length >= distance, "{board}: {length} < {distance}");
            assert!(solution.lower_bound as usize <= distance, "{board}");
            assert_eq!(solution.optimal, length == solution.lower_bound as usize);
            assert_eq!((length - distance) % 2, 0);
            let mut replay = board.clone();
            replay.apply_all(&solution.moves).unwrap();
            assert_eq!(&replay, t.puzzle().goal());
        }
    }
}

/// On 5x5 (DeepCubeA's set and the C solver's example, with their proved optima): no shorter than
/// the optimum, no longer than the constructive solution, the lower bound below the optimum.
#[test]
fn anytime_on_the_24_puzzle_is_bounded_by_the_optimum_and_the_constructive_solver() {
    let (goal, puzzle) = setup("5", Goal::BlankLast);
    let h = LinearConflict::new(&puzzle);
    let mut cases: Vec<(Vec<u32>, usize)> =
        instances("deepcubea24.txt").into_iter().take(2).collect();
    // The C solver's 5x5 example: the third line of its file (the others are 3x3, 4x4, 6x6).
    let seed: Vec<u32> = shared("seed_examples.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .nth(2)
        .unwrap()
        .split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    cases.push((seed[..25].to_vec(), seed[25] as usize));
    let solver = Solver::new(
        &goal,
        Options {
            budget: Duration::from_millis(300),
            ..Options::default()
        },
    )
    .unwrap();
    assert_eq!(solver.algorithm(), Algorithm::Anytime);
    for (tiles, optimum) in cases {
        let board = Board::new(goal.size(), tiles).unwrap();
        let constructive = Constructive
            .run(&start(&board, &goal), &Limits::default())
            .unwrap();
        let solution = solver.solve(&board).unwrap();
        let length = solution.moves.len();
        assert!(
            length >= optimum,
            "{board}: {length} moves, optimum {optimum}"
        );
        assert!(length <= constructive.moves.len());
        assert!(solution.lower_bound as usize <= optimum);
        assert_eq!(
            solution.lower_bound,
            h.value(&h.start(&puzzle.bytes(&board)))
        );
        assert_eq!(solution.gap(), length - solution.lower_bound as usize);
        let mut replay = board.clone();
        replay.apply_all(&solution.moves).unwrap();
        assert_eq!(replay, goal);
    }
}

/// A memory limit holds in every phase of the anytime solver, the reduction of large boards
/// included: with 256 KiB it still answers (with the beams that fit) and says it stayed within.
#[test]
fn anytime_keeps_to_the_memory_limit_on_large_boards() {
    let (goal, puzzle) = setup("10", Goal::BlankLast);
    let board = Generator::new(3).random_position(&goal);
    let h = LinearConflict::new(&puzzle);
    let limit = 256 << 10;
    let limits = Limits::default().memory(limit);
    let solution = Anytime::new(&puzzle, &h, Duration::from_millis(500))
        .run(&start(&board, puzzle.goal()), &limits)
        .unwrap();
    assert!(
        solution.stats.peak_memory <= limit,
        "{} bytes",
        solution.stats.peak_memory
    );
    let mut replay = board.clone();
    replay.apply_all(&solution.moves).unwrap();
    assert_eq!(replay, goal);
}

/// A node limit is a ceiling for the anytime solver, in every phase (beams, their endings,
/// shortening, the reduction of large boards): never passed, not even by one beam layer (20,000
/// gave 20,015 once).
#[test]
fn anytime_never_passes_a_node_limit() {
    for (size, limit) in [("4", 3_000), ("5", 20_000), ("6", 20_000), ("10", 50_000)] {
        let (goal, puzzle) = setup(size, Goal::BlankLast);
        let h = LinearConflict::new(&puzzle);
        for seed in 1..4 {
            let board = Generator::new(seed).random_position(&goal);
            let limits = Limits::default().nodes(limit);
            let solution = Anytime::new(&puzzle, &h, Duration::from_secs(60))
                .run(&start(&board, puzzle.goal()), &limits)
                .unwrap();
            let expanded = solution.stats.expanded;
            assert!(
                expanded <= limit,
                "{size} seed {seed}: {expanded} > {limit}"
            );
            let mut replay = board.clone();
            replay.apply_all(&solution.moves).unwrap();
            assert_eq!(replay, goal);
        }
    }
}

/// The lower bounds the anytime solver reports on Korf's 15-puzzles stay below the optima.
#[test]
fn anytime_lower_bounds_hold_on_korf_instances() {
    let (goal, puzzle) = setup("4", Goal::BlankFirst);
    let h = LinearConflict::new(&puzzle);
    for (tiles, optimum) in instances("korf100.txt").into_iter().step_by(20) {
        let board = Board::new(goal.size(), tiles).unwrap();
        let limits = Limits::none().nodes(200_000);
        let solution = Anytime::new(&puzzle, &h, Duration::from_secs(60))
            .run(&start(&board, puzzle.goal()), &limits)
            .unwrap();
        assert!(solution.lower_bound as usize <= optimum);
        assert!(solution.moves.len() >= optimum);
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

mod pattern_databases {
    use super::*;
    use npuzzle_search::pdb::{self, Event, Partition, Pattern, PdbError, Store};

    fn temp_dir(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("npuzzle-pdb-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    /// One pattern holding every tile is exact: the database is the distance table itself.
    #[test]
    fn a_pattern_of_every_tile_equals_the_bfs_distances() {
        for goal in [Goal::BlankLast, Goal::Spiral] {
            let t = table("3x3", goal);
            let puzzle = t.puzzle().clone();
            let all = Partition::Tiles(vec![(1..=8).collect()]);
            let h = pdb::build_partition(&puzzle, &all, &mut |_, _, _| {}).unwrap();
            for depth in 0..t.layer_counts().len() as u8 {
                for board in t.positions_at(depth) {
                    assert_eq!(
                        h.value(&h.start(&puzzle.bytes(&board))),
                        u32::from(depth),
                        "{board}"
                    );
                }
            }
        }
    }

    /// The distances of every placement by a plain 0-1 breadth-first search over (placement,
    /// blank cell): the blank moves for free, except into a pattern tile's cell.
    fn reference_distances(puzzle: &Puzzle, pattern: &Pattern) -> Vec<u8> {
        reference_by_blank(puzzle, pattern)
            .chunks(puzzle.cells())
            .map(|blanks| *blanks.iter().min().unwrap())
            .collect()
    }

    /// The distance of every (placement, blank cell), at `rank * cells + blank`; `u8::MAX` where
    /// the blank would be on a pattern tile.
    fn reference_by_blank(puzzle: &Puzzle, pattern: &Pattern) -> Vec<u8> {
        let n = puzzle.cells();
        let k = pattern.tiles().len();
        let target = puzzle.target();
        let home: Vec<u8> = pattern
            .tiles()
            .iter()
            .map(|&t| target[t as usize])
            .collect();
        let mut best = vec![u8::MAX; (pattern.placements() * n as u64) as usize];
        let mut queue = std::collections::VecDeque::new();
        let start = pattern.rank(home.iter().copied()) as usize * n + target[0] as usize;
        best[start] = 0;
        queue.push_back(start);
        let mut at = vec![0u8; k];
        while let Some(state) = queue.pop_front() {
            let (rank, blank) = (state / n, state % n);
            let d = best[state];
            pattern.unrank(rank as u64, &mut at);
            for &(cell, _) in puzzle.neighbours(blank) {
                let mut next_at = at.clone();
                let (cost, next_rank) = match at.iter().position(|&c| c == cell) {
                    Some(i) => {
                        next_at[i] = blank as u8;
                        (1, pattern.rank(next_at.iter().copied()) as usize)
                    }
                    None => (0, rank),
                };
                let next = next_rank * n + cell as usize;
                if d + cost < best[next] {
                    best[next] = d + cost;
                    if cost == 0 {
                        queue.push_front(next);
                    } else {
                        queue.push_back(next);
                    }
                }
            }
        }
        best
    }

    /// The regions of free cells beside the tiles on `at`, each in cell order.
    fn regions(puzzle: &Puzzle, at: &[u8]) -> Vec<Vec<u8>> {
        let mut seen: Vec<bool> = (0..puzzle.cells() as u8).map(|c| at.contains(&c)).collect();
        let mut regions = Vec::new();
        for first in 0..puzzle.cells() {
            if seen[first] {
                continue;
            }
            seen[first] = true;
            let mut region = vec![first as u8];
            let mut i = 0;
            while let Some(&cell) = region.get(i) {
                for &(next, _) in puzzle.neighbours(cell as usize) {
                    if !std::mem::replace(&mut seen[next as usize], true) {
                        region.push(next);
                    }
                }
                i += 1;
            }
            region.sort_unstable();
            regions.push(region);
        }
        regions
    }

    /// A zero-aware database gives every (placement, blank cell) its exact distance where its
    /// record lists the blank's region (always, with up to three regions above the least), and
    /// never more than it or less than the plain database.
    #[test]
    fn zero_aware_databases_give_each_region_its_own_distance() {
        let cases: [(&str, Goal, &[u8]); 5] = [
            ("3", Goal::BlankLast, &[1, 2, 4, 5]),
            ("3", Goal::Snake, &[4, 5, 6]),
            ("2x4", Goal::Spiral, &[1, 2, 3, 4]),
            ("4x3", Goal::BlankFirst, &[1, 2, 5, 6, 9]),
            ("4", Goal::BlankLast, &[1, 2, 5, 6, 7]),
        ];
        for (size, goal, tiles) in cases {
            let (_, puzzle) = setup(size, goal.clone());
            let n = puzzle.cells();
            let pattern = Pattern::new(&puzzle, tiles).unwrap();
            let by_region = pdb::distances_by_region(&puzzle, &pattern, &mut |_, _| true).unwrap();
            assert_eq!(by_region.least(), reference_distances(&puzzle, &pattern));
            let packed = pdb::pack_zero_aware(&puzzle, &pattern, by_region).unwrap();
            assert!(
                packed.listed > 0,
                "{size} {tiles:?}: no placement walls the blank in"
            );
            let db = pdb::PatternDb::zero_aware_from(
                &puzzle,
                pattern.clone(),
                std::sync::Arc::new(packed.entries),
                std::sync::Arc::new(packed.regions),
            )
            .unwrap();
            let least = pdb::distances(&puzzle, &pattern, &mut |_, _| true).unwrap();
            let (entries, _) = pdb::pack(&puzzle, &pattern, least).unwrap();
            let plain = pdb::PatternDb::new(&puzzle, pattern.clone(), std::sync::Arc::new(entries));
            let exact = reference_by_blank(&puzzle, &pattern);
            let mut at = vec![0u8; tiles.len()];
            let mut stronger = 0;
            for rank in 0..pattern.placements() {
                pattern.unrank(rank, &mut at);
                let truths = &exact[rank as usize * n..][..n];
                let least = plain.value(at.iter().copied(), 0);
                // The regions above the least, each counted once (by its first cell).
                let above = regions(&puzzle, &at)
                    .iter()
                    .filter(|region| truths[region[0] as usize] > least)
                    .count();
                for blank in (0..n as u8).filter(|b| !at.contains(b)) {
                    let value = db.value(at.iter().copied(), blank);
                    let truth = truths[blank as usize];
                    let place = format!("{size} {tiles:?} {at:?}, blank on {blank}");
                    assert!(least <= value && value <= truth, "{place}: {value}");
                    if above <= 3 {
                        assert_eq!(value, truth, "{place}");
                    }
                    stronger += u32::from(value > least);
                }
            }
            assert!(stronger > 0, "{size} {tiles:?}");
        }
    }

    /// The sweeping builder agrees exactly with a plain search, on boards, goals and pattern
    /// sizes that exercise both word widths; packed lookups give back every distance.
    #[test]
    fn distances_match_a_plain_search_and_survive_packing() {
        let cases: [(&str, Goal, &[u8]); 8] = [
            ("3", Goal::BlankLast, &[1, 2, 3]),
            ("3", Goal::Snake, &[4, 5, 6, 7]),
            ("3", Goal::BlankFirst, &[8]),
            ("2x4", Goal::Spiral, &[1, 2, 3, 4]),
            ("4x3", Goal::BlankLast, &[1, 2, 5, 6, 9]),
            ("3x4", Goal::BlankFirst, &[3, 7, 11]),
            ("4", Goal::BlankLast, &[1, 2]),
            ("4", Goal::BlankFirst, &[6, 9, 10]),
        ];
        for (size, goal, tiles) in cases {
            let (_, puzzle) = setup(size, goal.clone());
            let pattern = Pattern::new(&puzzle, tiles).unwrap();
            let values = pdb::distances(&puzzle, &pattern, &mut |_, _| true).unwrap();
            assert_eq!(
                values,
                reference_distances(&puzzle, &pattern),
                "{size} {tiles:?}"
            );
            let (entries, capped) = pdb::pack(&puzzle, &pattern, values.clone()).unwrap();
            assert_eq!(capped, 0);
            let db = pdb::PatternDb::new(&puzzle, pattern.clone(), std::sync::Arc::new(entries));
            let mut at = vec![0u8; tiles.len()];
            for (rank, &value) in values.iter().enumerate() {
                pattern.unrank(rank as u64, &mut at);
                assert_eq!(
                    db.value(at.iter().copied(), 0),
                    value,
                    "{size} {tiles:?} {at:?}"
                );
            }
        }
        // 29 free cells: the blank's region is not tracked, and one tile alone slides home in
        // exactly its Manhattan distance.
        let (_, wide) = setup("6x5", Goal::BlankLast);
        let lonely = Pattern::new(&wide, &[1]).unwrap();
        let values = pdb::distances(&wide, &lonely, &mut |_, _| true).unwrap();
        for (cell, &value) in values.iter().enumerate() {
            assert_eq!(
                u32::from(value),
                (cell / 6 + cell % 6) as u32,
                "cell {cell}"
            );
        }
        let (_, four) = setup("4", Goal::BlankLast);
        let huge = Pattern::new(&four, &[1, 2, 3, 4, 5, 6, 7, 8, 9]).unwrap();
        let error = pdb::distances(&four, &huge, &mut |_, _| true).unwrap_err();
        assert!(error.to_string().contains("GB to build"), "{error}");
    }

    /// Disjoint patterns add up without overestimating, with and without the mirror lookup.
    #[test]
    fn additive_databases_are_admissible_on_every_8_puzzle_state() {
        for goal in [Goal::BlankLast, Goal::BlankFirst, Goal::Snake] {
            let t = table("3x3", goal);
            let puzzle = t.puzzle().clone();
            let halves = "1,2,3,4/5,6,7,8".parse().unwrap();
            let h = pdb::build_partition(&puzzle, &halves, &mut |_, _, _| {}).unwrap();
            let mut exact = 0;
            for depth in 0..t.layer_counts().len() as u8 {
                for board in t.positions_at(depth) {
                    let v = h.value(&h.start(&puzzle.bytes(&board)));
                    assert!(v <= u32::from(depth), "{v} > {depth} on {board}");
                    exact += usize::from(v == u32::from(depth));
                }
            }
            assert!(exact > 10_000, "the bound is informative: {exact} exact");
        }
    }

    /// Zero-aware databases never overestimate any 8-puzzle state, never give less than the
    /// plain ones, and give more on many; looked up move by move they match a fresh start.
    #[test]
    fn zero_aware_databases_are_admissible_and_never_weaker() {
        for goal in [Goal::BlankLast, Goal::BlankFirst, Goal::Snake] {
            let t = table("3x3", goal);
            let puzzle = t.puzzle().clone();
            let build = |text: &str| {
                pdb::build_partition(&puzzle, &text.parse().unwrap(), &mut |_, _, _| {}).unwrap()
            };
            let (plain, zero) = (build("1,2,3,4/5,6,7,8"), build("z:1,2,3,4/5,6,7,8"));
            let mut stronger = 0;
            for depth in 0..t.layer_counts().len() as u8 {
                for board in t.positions_at(depth) {
                    let cells = puzzle.bytes(&board);
                    let (p, z) = (
                        plain.value(&plain.start(&cells)),
                        zero.value(&zero.start(&cells)),
                    );
                    assert!(
                        p <= z && z <= u32::from(depth),
                        "{p} {z} {depth} on {board}"
                    );
                    stronger += usize::from(z > p);
                }
            }
            assert!(stronger > 1_000, "only {stronger} states gain");
            let (_, walk) = Generator::new(3).random_walk(puzzle.goal(), 300);
            incremental_matches_scratch(&zero, &puzzle, &walk);
        }
    }

    /// Korf's 100 with zero-aware 5-5-5 databases kept in a store: every start's bound at most
    /// its optimum and at least the plain bound; IDA* finds the optimum on one core and on all.
    #[test]
    fn korf_instances_with_zero_aware_databases() {
        let store = Store::new(temp_dir("korf-zero"));
        let (_, puzzle) = setup("4", Goal::BlankFirst);
        let plain =
            pdb::build_partition(&puzzle, &Partition::Named("555"), &mut |_, _, _| {}).unwrap();
        let zero: Partition = "z:555".parse().unwrap();
        let h = store.open(&puzzle, &zero, &mut |_| {}).unwrap();
        assert!(store.is_built(&puzzle, &zero) && h.databases()[0].zero_aware());
        let size = Size::square(4).unwrap();
        let all = instances("korf100.txt");
        let mut stronger = 0;
        for (tiles, optimal) in &all {
            let cells = puzzle.bytes(&Board::new(size, tiles.clone()).unwrap());
            let (p, z) = (plain.value(&plain.start(&cells)), h.value(&h.start(&cells)));
            assert!(p <= z && z as usize <= *optimal, "{p} {z} {optimal}");
            stronger += usize::from(z > p);
        }
        assert!(stronger > 0);
        for number in [79, 12, 42] {
            let (tiles, optimal) = &all[number - 1];
            let board = Board::new(size, tiles.clone()).unwrap();
            for parallel in [false, true] {
                let solution = IdaStar {
                    parallel,
                    ..IdaStar::new(&puzzle, &h)
                }
                .run(&start(&board, puzzle.goal()), &Limits::default())
                .unwrap();
                assert_eq!(solution.moves.len(), *optimal, "instance {number}");
            }
        }
        std::fs::remove_dir_all(store.dir()).unwrap();
    }

    /// Zero-aware files have their own names beside the plain ones; a damaged regions table
    /// and a plain file under a zero-aware name are found and rebuilt.
    #[test]
    fn the_store_keeps_zero_aware_databases_apart_and_checks_them() {
        let store = Store::new(temp_dir("zero"));
        let (_, puzzle) = setup("3", Goal::BlankLast);
        let (plain, zero): (Partition, Partition) = (
            "1,2,4,5/3,6,7,8".parse().unwrap(),
            "z:1,2,4,5/3,6,7,8".parse().unwrap(),
        );
        let reasons = |partition: &Partition| {
            let mut reasons = Vec::new();
            store
                .open(&puzzle, partition, &mut |event| {
                    if let Event::Building { reason, .. } = event {
                        reasons.push(reason);
                    }
                })
                .unwrap();
            reasons
        };
        assert_eq!(reasons(&plain).len(), 2);
        assert!(!store.is_built(&puzzle, &zero));
        assert_eq!(reasons(&zero).len(), 2);
        assert!(
            reasons(&zero).is_empty() && reasons(&plain).is_empty(),
            "both kept"
        );
        let pattern = Pattern::new(&puzzle, &[1, 2, 4, 5]).unwrap();
        let path = store.path(&puzzle, &pattern, true);
        assert!(store.verify(&path).unwrap().zero_aware());
        let built = std::fs::read(&path).unwrap();

        // A bit flipped in the regions table (the file's end) is a checksum error.
        let mut bytes = built.clone();
        let last = bytes.len() - 1;
        bytes[last] ^= 1;
        std::fs::write(&path, &bytes).unwrap();
        assert!(
            store
                .verify(&path)
                .unwrap_err()
                .to_string()
                .contains("checksum")
        );
        let again = reasons(&zero);
        assert!(
            again.len() == 1 && again[0].contains("damaged"),
            "{again:?}"
        );
        assert_eq!(std::fs::read(&path).unwrap(), built);

        // A plain database under the zero-aware name is not used as one.
        std::fs::copy(store.path(&puzzle, &pattern, false), &path).unwrap();
        assert!(matches!(
            store.verify(&path),
            Err(PdbError::Mismatch { .. })
        ));
        let again = reasons(&zero);
        assert!(
            again.len() == 1 && again[0].contains("zero-aware"),
            "{again:?}"
        );
        assert_eq!(std::fs::read(&path).unwrap(), built);
        std::fs::remove_dir_all(store.dir()).unwrap();
    }

    /// Beyond 5x6 the blank's region is not tracked (small patterns leave too many free cells):
    /// the bound still never exceeds a walk's length, covers Manhattan, and updates in place.
    #[test]
    fn databases_of_small_patterns_work_on_a_7x7_board() {
        let (_, puzzle) = setup("7", Goal::BlankLast);
        let groups: Vec<Vec<u8>> = (1..49u8)
            .collect::<Vec<_>>()
            .chunks(3)
            .map(<[u8]>::to_vec)
            .collect();
        assert_eq!(groups.len(), pdb::MAX_PATTERNS);
        let h =
            pdb::build_partition(&puzzle, &Partition::Tiles(groups), &mut |_, _, _| {}).unwrap();
        let manhattan = Manhattan::for_puzzle(&puzzle);
        assert_eq!(h.value(&h.start(puzzle.goal_cells())), 0);
        let mut generator = Generator::new(49);
        for length in [10, 30, 60, 200] {
            let (board, walk) = generator.random_walk(puzzle.goal(), length);
            let cells = puzzle.bytes(&board);
            let v = h.value(&h.start(&cells));
            assert!(v <= walk.len() as u32, "{v} > {} on {board}", walk.len());
            assert!(v >= manhattan.value(&manhattan.start(&cells)), "{board}");
        }
        let (_, walk) = generator.random_walk(puzzle.goal(), 300);
        incremental_matches_scratch(&h, &puzzle, &walk);
    }

    #[test]
    fn incremental_lookups_match_recomputation() {
        let (_, puzzle) = setup("4", Goal::BlankLast);
        let h = pdb::build_partition(&puzzle, &Partition::Named("555"), &mut |_, _, _| {}).unwrap();
        assert!(h.mirrored());
        let (_, walk) = Generator::new(8).random_walk(puzzle.goal(), 300);
        incremental_matches_scratch(&h, &puzzle, &walk);
    }

    /// Builds the 1,2,3 / 4..8 partition of the 3x3 board in `store`, returning the reasons.
    fn open_reasons(store: &Store, puzzle: &Puzzle, force: bool) -> Vec<String> {
        let partition: Partition = "1,2,3/4,5,6,7,8".parse().unwrap();
        let mut reasons = Vec::new();
        let mut report = |event: Event| {
            if let Event::Building { reason, .. } = event {
                reasons.push(reason);
            }
        };
        if force {
            store.rebuild(puzzle, &partition, &mut report).unwrap();
        } else {
            store.open(puzzle, &partition, &mut report).unwrap();
        }
        reasons
    }

    #[test]
    fn the_store_builds_once_and_rebuilds_what_is_damaged() {
        let store = Store::new(temp_dir("files"));
        let (_, puzzle) = setup("3", Goal::BlankLast);
        let pattern = Pattern::new(&puzzle, &[1, 2, 3]).unwrap();
        let path = store.path(&puzzle, &pattern, false);
        let halves: Partition = "1,2,3/4,5,6,7,8".parse().unwrap();
        assert!(!store.is_built(&puzzle, &halves));
        assert_eq!(open_reasons(&store, &puzzle, false).len(), 2);
        assert!(store.is_built(&puzzle, &halves));
        assert!(open_reasons(&store, &puzzle, false).is_empty(), "kept");
        assert_eq!(store.verify(&path).unwrap().tiles, [1, 2, 3]);
        let built = std::fs::read(&path).unwrap();

        // Damage of every kind is found by verify and rebuilt by open, saying why.
        let mut bytes = built.clone();
        let last = bytes.len() - 1;
        bytes[last] ^= 1;
        std::fs::write(&path, &bytes).unwrap();
        let error = store.verify(&path).unwrap_err();
        assert!(error.to_string().contains("checksum"), "{error}");
        for damaged in [&bytes[..100], b"not a database".as_slice()] {
            std::fs::write(&path, damaged).unwrap();
            assert!(matches!(store.verify(&path), Err(PdbError::Damaged { .. })));
            let reasons = open_reasons(&store, &puzzle, false);
            assert!(
                reasons.len() == 1 && reasons[0].contains("damaged"),
                "{reasons:?}"
            );
            assert_eq!(std::fs::read(&path).unwrap(), built);
        }

        // A sound file under another database's name is reported, not trusted.
        let other = store.path(&puzzle, &Pattern::new(&puzzle, &[1, 2, 4]).unwrap(), false);
        std::fs::copy(&path, &other).unwrap();
        assert!(matches!(
            store.verify(&other),
            Err(PdbError::Mismatch { .. })
        ));

        // A forced rebuild builds both anew and leaves sound files.
        assert_eq!(open_reasons(&store, &puzzle, true).len(), 2);
        assert!(store.verify(&path).is_ok());
        std::fs::remove_dir_all(store.dir()).unwrap();
    }

    #[test]
    fn the_store_removes_only_what_it_wrote_and_cleans_dead_temporaries() {
        let store = Store::new(temp_dir("remove"));
        let (_, puzzle) = setup("3", Goal::BlankLast);
        open_reasons(&store, &puzzle, false);
        let foreign = store.dir().join("mine.pdb");
        std::fs::write(&foreign, b"somebody else's file").unwrap();
        // A temporary of a process that no longer exists, and one of this process, both with
        // our marker; the user's files with names like old temporaries, or with the marker but
        // not a database's start, are never touched.
        let dead =
            npuzzle_files::temporary(&store.dir().join("3x3-g0-1-2-3.pdb"), 4_000_000_000, 0);
        let live =
            npuzzle_files::temporary(&store.dir().join("3x3-g0-1-2-3.pdb"), std::process::id(), 0);
        std::fs::write(&dead, b"NPUZZ").unwrap();
        std::fs::write(&live, b"NPUZZ").unwrap();
        let theirs = [
            store.dir().join("thesis.tmp999999"),
            store.dir().join("backup.tmp4000000"),
            npuzzle_files::temporary(&store.dir().join("notes.txt"), 4_000_000_000, 1),
        ];
        for file in &theirs {
            std::fs::write(file, b"the user's words").unwrap();
        }
        if cfg!(target_os = "linux") {
            assert_eq!(store.clean(), std::slice::from_ref(&dead));
            assert!(live.exists());
        }
        assert!(theirs.iter().all(|file| file.exists()));
        assert!(matches!(
            store.remove("mine.pdb"),
            Err(PdbError::Damaged { .. })
        ));
        assert!(matches!(
            store.remove("../x.pdb"),
            Err(PdbError::Missing(_))
        ));
        let (removed, left) = store.remove_all().unwrap();
        assert_eq!(removed.len(), 2);
        assert_eq!(left.len(), 1);
        assert!(foreign.exists() && live.exists());
        std::fs::remove_dir_all(store.dir()).unwrap();
    }

    /// With nothing built, `auto` gets 6-6-3 on 4x4 (built in seconds) and nothing elsewhere;
    /// once 7-8 is built (here: files named like it), it is preferred.
    #[test]
    fn the_store_chooses_the_fastest_databases_built() {
        let store = Store::new(temp_dir("choose"));
        let (_, four) = setup("4", Goal::BlankLast);
        let (_, five) = setup("5", Goal::BlankLast);
        let (_, three) = setup("3", Goal::BlankLast);
        assert_eq!(store.choose(&four), Some(Partition::Named("663")));
        assert_eq!(store.choose(&five), None);
        assert_eq!(store.choose(&three), None);
        std::fs::create_dir_all(store.dir()).unwrap();
        for tiles in Partition::Named("78").groups(&four).unwrap() {
            let path = store.path(&four, &Pattern::new(&four, &tiles).unwrap(), false);
            std::fs::write(path, b"placeholder").unwrap();
        }
        assert_eq!(store.choose(&four), Some(Partition::Named("78")));
        std::fs::remove_dir_all(store.dir()).unwrap();
    }

    /// A FIFO named like a database is never opened (opening one blocks until a writer comes).
    #[cfg(unix)]
    #[test]
    fn the_store_never_opens_what_is_not_a_regular_file() {
        let store = Store::new(temp_dir("fifo"));
        std::fs::create_dir_all(store.dir()).unwrap();
        let fifo = store.dir().join("3x3-g0-1.pdb");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if !made.is_ok_and(|s| s.success()) {
            return; // no mkfifo here: nothing to check
        }
        let entries = store.entries().unwrap();
        assert!(matches!(entries[0].header, Err(PdbError::NotAFile(_))));
        assert!(matches!(store.verify(&fifo), Err(PdbError::NotAFile(_))));
        std::fs::remove_dir_all(store.dir()).unwrap();
    }

    /// A link named like a database is never followed (its target could be any file) and never
    /// replaced: listed, verified, removed and opened, it stays a link to an untouched target.
    #[cfg(unix)]
    #[test]
    fn the_store_never_follows_nor_replaces_a_link() {
        let store = Store::new(temp_dir("link"));
        let (_, puzzle) = setup("3", Goal::BlankLast);
        open_reasons(&store, &puzzle, false);
        let target = store.dir().join("target.txt");
        std::fs::write(&target, b"not a database").unwrap();
        let pattern = Pattern::new(&puzzle, &[1, 2, 3]).unwrap();
        let path = store.path(&puzzle, &pattern, false);
        std::fs::remove_file(&path).unwrap();
        std::os::unix::fs::symlink(&target, &path).unwrap();
        let entry = store
            .entries()
            .unwrap()
            .into_iter()
            .find(|e| e.path == path)
            .unwrap();
        assert!(matches!(entry.header, Err(PdbError::NotAFile(_))));
        assert!(matches!(store.verify(&path), Err(PdbError::NotAFile(_))));
        assert!(
            store
                .remove(path.file_name().unwrap().to_str().unwrap())
                .is_err()
        );
        let mut unsaved = 0;
        store
            .open(&puzzle, &"1,2,3/4,5,6,7,8".parse().unwrap(), &mut |event| {
                unsaved += usize::from(matches!(event, Event::NotSaved { .. }));
            })
            .unwrap();
        assert_eq!(unsaved, 1, "built in memory, the link left in place");
        assert!(
            std::fs::symlink_metadata(&path)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(std::fs::read(&target).unwrap(), b"not a database");
        std::fs::remove_dir_all(store.dir()).unwrap();
    }

    /// A database file copied over or cut short while a search holds it open changes nothing
    /// for that search (it was read, checked, into memory): no bus error, the same answers.
    #[test]
    fn a_database_changed_in_place_does_not_reach_a_running_search() {
        let store = Store::new(temp_dir("inplace"));
        let (_, puzzle) = setup("3", Goal::BlankLast);
        let partition: Partition = "1,2,3,4/5,6,7,8".parse().unwrap();
        let h = store.open(&puzzle, &partition, &mut |_| {}).unwrap();
        let board: Board = "8 6 7/2 5 4/3 0 1".parse().unwrap();
        let before = h.value(&h.start(&puzzle.bytes(&board)));
        for db in Partition::groups(&partition, &puzzle).unwrap() {
            let path = store.path(&puzzle, &Pattern::new(&puzzle, &db).unwrap(), false);
            // In place, as `truncate` and `cp` do: the same file, cut short.
            std::fs::OpenOptions::new()
                .write(true)
                .open(&path)
                .unwrap()
                .set_len(10)
                .unwrap();
        }
        assert_eq!(h.value(&h.start(&puzzle.bytes(&board))), before);
        let solution = IdaStar::new(&puzzle, &h)
            .run(&start(&board, puzzle.goal()), &Limits::default())
            .unwrap();
        assert_eq!(solution.moves.len(), 31);
        std::fs::remove_dir_all(store.dir()).unwrap();
    }

    /// A folder that cannot be written still gives databases, from memory, and says so.
    #[test]
    fn an_unwritable_store_builds_in_memory() {
        let blocker = temp_dir("blocked");
        std::fs::write(&blocker, b"a file where the folder should be").unwrap();
        let store = Store::new(blocker.join("pdb"));
        let (_, puzzle) = setup("3", Goal::BlankLast);
        let mut unsaved = 0;
        let h = store
            .open(&puzzle, &"1,2,3/4,5,6,7,8".parse().unwrap(), &mut |event| {
                unsaved += usize::from(matches!(event, Event::NotSaved { .. }));
            })
            .unwrap();
        assert_eq!(unsaved, 2);
        assert_eq!(h.databases().len(), 2);
        std::fs::remove_file(&blocker).unwrap();
    }

    #[test]
    fn korf_instances_with_5_5_5_databases() {
        let store = Store::new(temp_dir("korf"));
        let (_, puzzle) = setup("4", Goal::BlankFirst);
        let h = store
            .open(&puzzle, &Partition::Named("555"), &mut |_| {})
            .unwrap();
        let size = Size::square(4).unwrap();
        let all = instances("korf100.txt");
        for (tiles, optimal) in &all {
            let board = Board::new(size, tiles.clone()).unwrap();
            assert!(h.value(&h.start(&puzzle.bytes(&board))) as usize <= *optimal);
        }
        for number in [79, 12, 42, 55, 1] {
            let (tiles, optimal) = &all[number - 1];
            let board = Board::new(size, tiles.clone()).unwrap();
            let solution = IdaStar::new(&puzzle, &h)
                .run(&start(&board, puzzle.goal()), &Limits::default())
                .unwrap();
            assert_eq!(solution.moves.len(), *optimal, "instance {number}");
            let parallel = IdaStar {
                parallel: true,
                ..IdaStar::new(&puzzle, &h)
            }
            .run(&start(&board, puzzle.goal()), &Limits::default())
            .unwrap();
            assert_eq!(
                parallel.moves.len(),
                *optimal,
                "instance {number} on every core"
            );
        }
        // The anytime solver with databases: its other views (backward, mirrored) rank by
        // linear conflict, and what they find maps back to a solution no shorter than optimal.
        for number in [3, 17] {
            let (tiles, optimal) = &all[number - 1];
            let board = Board::new(size, tiles.clone()).unwrap();
            let limits = Limits::none().nodes(400_000);
            let solution = Anytime::new(&puzzle, &h, Duration::from_secs(60))
                .run(&start(&board, puzzle.goal()), &limits)
                .unwrap();
            assert!(solution.moves.len() >= *optimal, "instance {number}");
            assert!(solution.lower_bound as usize <= *optimal);
            let mut replay = board.clone();
            replay.apply_all(&solution.moves).unwrap();
            assert_eq!(&replay, puzzle.goal());
        }
        let (tiles, _) = &all[0];
        let board = Board::new(size, tiles.clone()).unwrap();
        let limited = IdaStar {
            parallel: true,
            ..IdaStar::new(&puzzle, &h)
        }
        .run(&start(&board, puzzle.goal()), &Limits::none().nodes(2_000));
        assert!(
            matches!(
                limited,
                Err(SolveError::LimitReached {
                    limit: Limit::Nodes(_),
                    ..
                })
            ),
            "{limited:?}"
        );
        std::fs::remove_dir_all(store.dir()).unwrap();
    }

    #[test]
    fn partitions_by_name_and_by_tiles() {
        let groups = |puzzle: &Puzzle, text: &str| text.parse::<Partition>()?.groups(puzzle);
        let (_, four) = setup("4", Goal::BlankLast);
        for name in ["555", "663", "78"] {
            assert_eq!(name.parse::<Partition>().unwrap().to_string(), name);
            let mut all: Vec<u8> = groups(&four, name).unwrap().concat();
            all.sort_unstable();
            assert_eq!(all, (1..16).collect::<Vec<u8>>(), "{name}");
        }
        let (_, spiral) = setup("4", Goal::Spiral);
        assert!(groups(&spiral, "663").is_err());
        let sizes: Vec<usize> = groups(&spiral, "auto")
            .unwrap()
            .iter()
            .map(Vec::len)
            .collect();
        assert_eq!(sizes, [6, 6, 3]);
        assert!(groups(&four, "1,2/3").is_err());
        assert!(groups(&four, "6666").is_err());
        for bad in ["", "66", "1,2/x", "1,,2", "0,1"] {
            assert!(
                matches!(bad.parse::<Partition>(), Err(PdbError::Partition(_))),
                "{bad:?}"
            );
        }
        let (_, five) = setup("5", Goal::BlankFirst);
        assert_eq!(groups(&five, "6666").unwrap().len(), 4);
    }
}

mod requests {
    use super::*;
    use npuzzle_search::pdb::Store;

    /// A request solves like a solver prepared by hand, and a batch of mixed sizes gives each
    /// position the answer it gets alone.
    #[test]
    fn requests_and_batches_solve_each_position_as_alone() {
        let positions: Vec<Board> = [
            "8 6 7/2 5 4/3 0 1",
            "1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 0",
            "1 2 3/4 5 6/0 7 8",
        ]
        .iter()
        .map(|t| t.parse().unwrap())
        .collect();
        let options = Options {
            algorithm: Algorithm::IdaStar,
            ..Options::default()
        };
        let mut batch = Solvers::new(Goal::BlankLast, options.clone());
        for board in &positions {
            let alone = Request::new(board.clone()).options(options.clone()).solve();
            let batched = batch.solve(board, &mut |_| {});
            match (alone, batched) {
                (Ok(a), Ok(b)) => {
                    assert_eq!(a.moves, b.moves, "{board}");
                    assert_eq!(a.algorithm, Algorithm::IdaStar);
                }
                (Err(SolveError::Unsolvable(_)), Err(SolveError::Unsolvable(_))) => {
                    assert_eq!(board.size().cells(), 16, "{board}");
                }
                other => panic!("{board}: {other:?}"),
            }
        }
        let wrong = Request::new(positions[0].clone())
            .goal(Goal::Custom(
                "1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 0".parse().unwrap(),
            ))
            .solve();
        assert!(matches!(wrong, Err(SolveError::Goal(_))), "{wrong:?}");
    }

    /// Databases that would take longer to build than the time limit are never started: refused
    /// when asked for (with the estimate), done without under `auto`.
    #[test]
    fn builds_beyond_the_limits_are_not_started() {
        use npuzzle_search::pdb::{Partition, PdbError};
        let dir = std::env::temp_dir().join(format!("npuzzle-costly-{}", std::process::id()));
        let options = Options {
            limits: Limits::none().timeout(Duration::from_millis(100)),
            ..Options::default()
        };
        let board: Board = "1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15".parse().unwrap();
        let mut asked = Solvers::new(Goal::BlankLast, options.clone())
            .with_store(Store::new(&dir), Some(Partition::Named("78")));
        let mut events = 0;
        let refused = asked.solve(&board, &mut |_| events += 1);
        match refused {
            Err(SolveError::Pdb(PdbError::TooCostly {
                seconds, megabytes, ..
            })) => {
                assert!(
                    seconds > 60.0 && megabytes > 1000,
                    "{seconds} s, {megabytes} MB"
                );
            }
            other => panic!("{other:?}"),
        }
        let mut auto = Solvers::new(Goal::BlankLast, options).with_store(Store::new(&dir), None);
        let solution = auto.solve(&board, &mut |_| events += 1).unwrap();
        assert_eq!(
            (solution.moves.len(), solution.heuristic),
            (1, Some(HeuristicKind::WalkingDistance))
        );
        assert_eq!(events, 0);
        assert!(!dir.exists(), "nothing built");
    }

    /// Solvability is checked before any database is chosen or built.
    #[test]
    fn an_unsolvable_position_builds_nothing() {
        let dir = std::env::temp_dir().join(format!("npuzzle-unsolvable-{}", std::process::id()));
        let mut solvers =
            Solvers::new(Goal::BlankLast, Options::default()).with_store(Store::new(&dir), None);
        let swapped: Board = "2 1 3 4/5 6 7 8/9 10 11 12/13 14 15 0".parse().unwrap();
        let mut builds = 0;
        let result = solvers.solve(&swapped, &mut |_| builds += 1);
        assert!(
            matches!(result, Err(SolveError::Unsolvable(_))),
            "{result:?}"
        );
        assert_eq!(builds, 0);
        assert!(!dir.exists());
    }
}
