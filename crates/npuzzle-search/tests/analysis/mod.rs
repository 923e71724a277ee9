//! Issue 65: the analysis of a game against ground truth. On 3×3 every distance, verdict and
//! optimal move equals the complete table's; on 4×4 the games of `data/games/4x4-detours.txt`
//! (an optimal solution with k detours, each one mistake) are found with exactly k mistakes
//! and their start at the published optimum. The labels for learning (issue 68) are checked
//! the same ways.

use npuzzle_core::{Board, Generator, Goal, Move, Size, parse_moves};
use npuzzle_heuristic::pdb;
use npuzzle_search::analysis::{Distance, Verdict, Walk, analyse, label_all, optimal_moves};
use npuzzle_search::{AnyHeuristic, DistanceTable, Limits, Options, Puzzle, Solver, Start};

/// The table's distance of `board`.
fn exact(table: &DistanceTable, board: &Board, goal: &Board) -> u32 {
    u32::from(
        table
            .distance(&Start::new(board.clone(), goal.clone()).unwrap())
            .unwrap(),
    )
}

/// `count` random legal moves from `board` (undoing moves included: players do).
fn wandering(board: &Board, count: usize, generator: &mut Generator) -> Vec<Move> {
    let mut board = board.clone();
    (0..count)
        .map(|_| {
            let legal: Vec<Move> = board.legal_moves().collect();
            let m = legal[generator.index(legal.len())];
            board.apply(m).unwrap();
            m
        })
        .collect()
}

#[test]
fn every_move_of_sampled_3x3_games_is_judged_as_the_table_does() {
    let goal = Goal::BlankLast.board(Size::square(3).unwrap()).unwrap();
    let table = DistanceTable::build(&Puzzle::new(&goal).unwrap(), Limits::default()).unwrap();
    let solver = Solver::new(&goal, Options::default()).unwrap();
    for seed in 0..24 {
        let mut generator = Generator::new(seed);
        let start = generator.random_position(&goal);
        let played = wandering(&start, 40, &mut generator);
        let analysis = analyse(&solver, &start, &played).unwrap();
        let mut board = start.clone();
        let mut mistakes = 0;
        for (step, &m) in analysis.steps.iter().zip(&played) {
            let before = exact(&table, &board, &goal);
            board.apply(m).unwrap();
            let after = exact(&table, &board, &goal);
            assert_eq!(step.before, Distance::Exact { moves: before });
            assert_eq!(step.after, Distance::Exact { moves: after });
            assert_eq!(
                after.abs_diff(before),
                1,
                "each move changes the distance by one"
            );
            let verdict = if after < before {
                Verdict::Optimal
            } else {
                Verdict::Mistake
            };
            assert_eq!(step.verdict, verdict);
            if verdict == Verdict::Mistake {
                mistakes += 1;
                let mut back = board.clone();
                back.apply(m.opposite()).unwrap();
                assert_eq!(step.optimal_moves, table_optimal(&table, &back, &goal));
            } else {
                assert!(step.optimal_moves.is_empty());
            }
        }
        let totals = &analysis.totals;
        assert_eq!((totals.mistakes, totals.optimal), (mistakes, 40 - mistakes));
        assert_eq!(totals.moves_lost, 2 * mistakes);
        assert_eq!(totals.solved, board == goal);
    }
}

/// The moves from `board` to a neighbour one nearer the goal, by the table.
fn table_optimal(table: &DistanceTable, board: &Board, goal: &Board) -> Vec<Move> {
    let here = exact(table, board, goal);
    board
        .legal_moves()
        .filter(|&m| {
            let mut next = board.clone();
            next.apply(m).unwrap();
            exact(table, &next, goal) + 1 == here
        })
        .collect()
}

#[test]
fn all_optimal_moves_of_sampled_3x3_positions_are_the_table_s() {
    let goal = Goal::BlankLast.board(Size::square(3).unwrap()).unwrap();
    let table = DistanceTable::build(&Puzzle::new(&goal).unwrap(), Limits::default()).unwrap();
    let solver = Solver::new(&goal, Options::default()).unwrap();
    let mut generator = Generator::new(65);
    for _ in 0..300 {
        let board = generator.random_position(&goal);
        let (distance, moves) = optimal_moves(&solver, &board).unwrap();
        assert_eq!(
            distance,
            Distance::Exact {
                moves: exact(&table, &board, &goal)
            }
        );
        assert_eq!(moves, table_optimal(&table, &board, &goal), "{board}");
        assert!(!moves.is_empty());
    }
}

#[test]
fn a_move_illegal_where_it_is_played_is_named_by_its_number() {
    let goal = Goal::BlankLast.board(Size::square(3).unwrap()).unwrap();
    let solver = Solver::new(&goal, Options::default()).unwrap();
    let start: Board = "1 2 3/4 5 6/0 7 8".parse().unwrap();
    let played = parse_moves("D U U", None, None).unwrap();
    let error = analyse(&solver, &start, &played).unwrap_err();
    assert_eq!(
        error.to_string(),
        "move 3 (U) cannot be made: no tile slides that way there"
    );
}

#[test]
fn the_4x4_games_with_detours_have_one_mistake_a_detour() {
    let goal = Goal::BlankFirst.board(Size::square(4).unwrap()).unwrap();
    let puzzle = Puzzle::new(&goal).unwrap();
    let h = pdb::build_partition(&puzzle, &"663".parse().unwrap(), &mut |_, _, _| {}).unwrap();
    let options = Options {
        algorithm: npuzzle_search::Algorithm::IdaStar,
        ..Options::default()
    };
    let solver = Solver::with_heuristic(&goal, options, AnyHeuristic::Pdb(h)).unwrap();
    let games = std::fs::read_to_string(format!(
        "{}/../../data/games/4x4-detours.txt",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    // The shortest three, to keep the test quick.
    let mut lines: Vec<&str> = games.lines().filter(|l| !l.starts_with('#')).collect();
    lines.sort_by_key(|l| l.len());
    for line in &lines[..3] {
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        let start: Board = fields[0].parse().unwrap();
        let played = parse_moves(fields[1], None, None).unwrap();
        let (optimum, detours): (u32, usize) =
            (fields[2].parse().unwrap(), fields[3].parse().unwrap());
        let analysis = analyse(&solver, &start, &played).unwrap();
        let totals = &analysis.totals;
        assert_eq!(totals.start, Distance::Exact { moves: optimum }, "{line}");
        assert_eq!((totals.mistakes, totals.unknown), (detours, 0), "{line}");
        assert_eq!(totals.stm, optimum as usize + 2 * detours);
        assert!(totals.solved);
    }
}

#[test]
fn positions_beyond_proof_get_bounds_labelled_as_bounds() {
    // The anytime solver on 6x6: no distance is proved, so no verdict is claimed from them
    // unless the bounds alone tell it.
    let goal = Goal::BlankLast.board(Size::square(6).unwrap()).unwrap();
    let options = Options {
        budget: std::time::Duration::from_millis(50),
        ..Options::default()
    };
    let solver = Solver::new(&goal, options).unwrap();
    let mut generator = Generator::new(6);
    let start = generator.random_position(&goal);
    let played = wandering(&start, 4, &mut generator);
    let analysis = analyse(&solver, &start, &played).unwrap();
    assert!(matches!(analysis.totals.start, Distance::Bounds { .. }));
    for step in &analysis.steps {
        let ((low, high), (after_low, after_high)) = (step.before.range(), step.after.range());
        assert!(low <= high && after_low <= after_high);
        if step.verdict != Verdict::Unknown {
            assert!(after_high < low || after_low > high, "{step:?}");
        }
    }
}

/// IDA* with walking distance on 4×4, as `--algorithm idastar` asks.
fn idastar_4x4() -> (Board, Solver) {
    let goal = Goal::BlankLast.board(Size::square(4).unwrap()).unwrap();
    let options = Options {
        algorithm: npuzzle_search::Algorithm::IdaStar,
        ..Options::default()
    };
    let solver = Solver::new(&goal, options).unwrap();
    (goal, solver)
}

#[test]
fn distances_found_beside_the_position_before_are_idastar_s_optimum_on_4x4() {
    // Each distance of the analysis is one IDA* iteration beside the one before it; every one
    // must be what a search from nothing proves, and the move-at-a-time walk must agree.
    let (goal, solver) = idastar_4x4();
    for seed in 0..6 {
        let mut generator = Generator::new(seed);
        let start = generator.random_walk_position(&goal, 40);
        let played = wandering(&start, 14, &mut generator);
        let analysis = analyse(&solver, &start, &played).unwrap();
        let mut board = start.clone();
        for (step, &m) in analysis.steps.iter().zip(&played) {
            let before = solver.solve(&board).unwrap().moves.len() as u32;
            assert_eq!(step.before, Distance::Exact { moves: before }, "{board}");
            board.apply(m).unwrap();
            let after = solver.solve(&board).unwrap().moves.len() as u32;
            assert_eq!(step.after, Distance::Exact { moves: after }, "{board}");
        }
        let mut walk = Walk::new(&start, &played).unwrap();
        while walk.next_step(&solver, &Limits::none()).unwrap().is_some() {}
        assert_eq!(walk.analysis(&solver).as_ref(), Some(&analysis));
    }
}

/// The moves from `board`, `here` away, to a neighbour `solver` solves in one move fewer.
fn re_solved(solver: &Solver, board: &Board, here: u32) -> Vec<Move> {
    board
        .legal_moves()
        .filter(|&m| {
            let mut next = board.clone();
            next.apply(m).unwrap();
            solver.solve(&next).unwrap().moves.len() as u32 + 1 == here
        })
        .collect()
}

#[test]
fn all_optimal_moves_of_sampled_4x4_positions_are_found_again_by_re_solving() {
    let (goal, solver) = idastar_4x4();
    let mut generator = Generator::new(650);
    for _ in 0..8 {
        let board = generator.random_walk_position(&goal, 36);
        let (distance, moves) = optimal_moves(&solver, &board).unwrap();
        let here = solver.solve(&board).unwrap().moves.len() as u32;
        assert_eq!(distance, Distance::Exact { moves: here });
        assert_eq!(moves, re_solved(&solver, &board, here), "{board}");
    }
}

/// Issue 68: the labels of a batch against the complete table: every distance and every set of
/// optimal moves, labelled by IDA* with Manhattan distance (not the table), on 3×3 and 2×5.
#[test]
fn labels_of_sampled_3x3_and_2x5_positions_are_the_table_s() {
    for (size, count) in [("3", 400), ("5x2", 150)] {
        let goal = Goal::BlankLast.board(size.parse().unwrap()).unwrap();
        let table = DistanceTable::build(&Puzzle::new(&goal).unwrap(), Limits::default()).unwrap();
        let options = Options {
            algorithm: npuzzle_search::Algorithm::IdaStar,
            heuristic: Some(npuzzle_search::HeuristicKind::Manhattan),
            ..Options::default()
        };
        let solver = Solver::new(&goal, options).unwrap();
        let mut generator = Generator::new(68);
        let mut boards: Vec<Board> = (0..count)
            .map(|_| generator.random_position(&goal))
            .collect();
        boards.push(goal.clone());
        for m in goal.legal_moves() {
            let mut near = goal.clone();
            near.apply(m).unwrap();
            boards.push(near);
        }
        let labels = label_all(&solver, &boards, &Limits::default()).unwrap();
        for (board, label) in boards.iter().zip(&labels) {
            let here = exact(&table, board, &goal);
            assert_eq!(
                label.distance,
                Some(Distance::Exact { moves: here }),
                "{board}"
            );
            let moves = label.optimal_moves.as_ref().expect("every move tried");
            assert_eq!(moves, &table_optimal(&table, board, &goal), "{board}");
            assert_eq!(label.solution.len() as u32, here);
            let mut end = board.clone();
            end.apply_all(&label.solution).unwrap();
            assert_eq!(end, goal, "the solution is replayed to the goal");
            assert_eq!(label.expanded > 0, here > 0);
        }
    }
}

#[test]
fn labels_of_sampled_4x4_positions_are_found_again_by_re_solving() {
    let (goal, solver) = idastar_4x4();
    let mut generator = Generator::new(68);
    let boards: Vec<Board> = (0..6)
        .map(|_| generator.random_walk_position(&goal, 40))
        .collect();
    let labels = label_all(&solver, &boards, &Limits::default()).unwrap();
    for (board, label) in boards.iter().zip(&labels) {
        let here = solver.solve(board).unwrap().moves.len() as u32;
        assert_eq!(label.exact(), Some(here), "{board}");
        let solved = re_solved(&solver, board, here);
        assert_eq!(label.optimal_moves.as_ref(), Some(&solved), "{board}");
    }
}

#[test]
fn a_limit_leaves_one_position_unproved_and_cancellation_stops_the_batch() {
    let (goal, solver) = idastar_4x4();
    let hard: Board = "0 12 9 13/15 11 10 14/3 7 2 5/4 8 6 1".parse().unwrap();
    let easy: Board = "1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15".parse().unwrap();
    let limits = Limits::default().nodes(50_000);
    let labels = label_all(&solver, &[hard, easy, goal], &limits).unwrap();
    assert_eq!(labels[0].distance, None);
    assert_eq!(labels[0].optimal_moves, None);
    assert!(labels[0].expanded > 50_000);
    assert_eq!(labels[1].exact(), Some(1));
    assert_eq!(labels[1].optimal_moves, Some(vec![Move::Left]));
    assert_eq!(
        (labels[2].exact(), labels[2].optimal_moves.as_deref()),
        (Some(0), Some(&[][..]))
    );
    let cancel = npuzzle_search::Cancel::new();
    cancel.cancel();
    let stopped = label_all(
        &solver,
        &[labels_board()],
        &Limits::default().cancel(cancel),
    );
    assert!(matches!(
        stopped,
        Err(npuzzle_search::SolveError::LimitReached {
            limit: npuzzle_search::Limit::Cancelled,
            ..
        })
    ));
}

/// A node limit anywhere in a label's search leaves it partial, never wrong: the distance is
/// unknown or exact, and the optimal moves unknown or all of them.
#[test]
fn a_label_cut_short_anywhere_is_partial_and_right() {
    let (_, solver) = idastar_4x4();
    let mut generator = Generator::new(680);
    let mut proved_cut = false;
    for _ in 0..3 {
        let board = generator.random_walk_position(solver.goal(), 30);
        let whole = label_all(&solver, std::slice::from_ref(&board), &Limits::default()).unwrap();
        let whole = &whole[0];
        let mut seen = (false, false);
        for part in 1..=16 {
            let limit = (whole.expanded * part / 17).max(1);
            let limits = Limits::default().nodes(limit);
            let cut = &label_all(&solver, std::slice::from_ref(&board), &limits).unwrap()[0];
            assert_eq!(cut.optimal_moves, None, "{board} cut at {limit}");
            match cut.distance {
                None => seen.0 = true,
                Some(distance) => {
                    seen.1 = true;
                    assert_eq!(Some(distance), whole.distance, "{board} cut at {limit}");
                    assert_eq!(cut.solution, whole.solution);
                }
            }
        }
        assert!(seen.0, "some cut comes before the distance is proved");
        proved_cut |= seen.1;
    }
    assert!(proved_cut, "some cut comes after the distance is proved");
}

/// A 4×4 position some searching away.
fn labels_board() -> Board {
    "5 1 3 4/2 0 7 8/9 6 10 12/13 14 11 15".parse().unwrap()
}
