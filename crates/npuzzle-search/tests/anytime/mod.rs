//! The anytime solver against ground truth: the complete 3x3 table, the published optima of
//! DeepCubeA's 24-puzzles and Korf's 15-puzzles, and its limits (memory, nodes) in every phase.

use std::time::Duration;

use npuzzle_core::{Board, Generator, Goal};
use npuzzle_heuristic::{Heuristic, LinearConflict};
use npuzzle_search::algorithm::anytime::Anytime;
use npuzzle_search::algorithm::constructive::Constructive;
use npuzzle_search::{Algorithm, Limits, Method, Options, Solver};

use super::{instances, setup, shared, start, table};

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
