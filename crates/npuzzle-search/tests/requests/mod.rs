//! Requests and batches: each position answered as if alone.

use super::*;
use npuzzle_heuristic::pdb::Store;

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
    use npuzzle_heuristic::pdb::{Partition, PdbError};
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
