//! IDA* on one core with each iteration's subtrees taken nearest the goal first
//! (`IdaStar::ordered`): only the last iteration changes, so the same lengths, thresholds and
//! iterations as the order of the moves, and fewer nodes in all; limits stop it as they stop the
//! textbook's search.

use npuzzle_core::{Generator, Goal, Size};
use npuzzle_heuristic::{LinearConflict, Manhattan};
use npuzzle_search::algorithm::Method;
use npuzzle_search::algorithm::idastar::IdaStar;
use npuzzle_search::{Limit, Limits, Puzzle, SolveError, SplitSearch, Start};

/// Both orders of IDA* from `start`, the moves' first: their solutions, replayed and optimal.
fn both<H: npuzzle_heuristic::Heuristic + Sync>(
    idastar: IdaStar<H>,
    start: &Start,
) -> [npuzzle_search::Solution; 2] {
    [false, true].map(|ordered| {
        let solution = IdaStar { ordered, ..idastar }
            .run(start, &Limits::none())
            .unwrap();
        assert!(solution.optimal, "{}", start.board());
        solution
    })
}

#[test]
fn the_nearest_first_order_keeps_every_iteration_but_shortens_the_last() {
    let (mut plain_nodes, mut ordered_nodes) = (0, 0);
    for (size, walk, samples) in [(3, 60, 40), (4, 100, 40)] {
        let goal = Goal::BlankLast.board(Size::square(size).unwrap()).unwrap();
        let puzzle = Puzzle::new(&goal).unwrap();
        let h = LinearConflict::new(&puzzle);
        let mut generator = Generator::new(67);
        for _ in 0..samples {
            let board = generator.random_walk_position(&goal, walk);
            let start = Start::new(board, goal.clone()).unwrap();
            let [plain, ordered] = both(IdaStar::new(&puzzle, &h), &start);
            let figures =
                |s: &npuzzle_search::Solution| (s.moves.len(), s.lower_bound, s.stats.iterations);
            assert_eq!(figures(&plain), figures(&ordered), "{}", start.board());
            plain_nodes += plain.stats.expanded;
            ordered_nodes += ordered.stats.expanded;
        }
    }
    // 0.73× here (0.55× on Korf's first 25 with linear conflict); the farthest first takes
    // 1.26× here.
    assert!(
        ordered_nodes * 20 < plain_nodes * 17,
        "{ordered_nodes} nodes nearest first, {plain_nodes} in the moves' order"
    );
}

/// Positions a few moves from the goal, where the cut of the first iteration reaches it (or the
/// start is the goal): the shortest solution, as in the moves' order.
#[test]
fn a_goal_above_the_cut_is_found_by_the_cut() {
    let goal = Goal::BlankLast.board(Size::square(4).unwrap()).unwrap();
    let puzzle = Puzzle::new(&goal).unwrap();
    let h = Manhattan::for_puzzle(&puzzle);
    let mut generator = Generator::new(5);
    for walk in 0..6 {
        let board = generator.random_walk_position(&goal, walk);
        let start = Start::new(board, goal.clone()).unwrap();
        let [plain, ordered] = both(IdaStar::new(&puzzle, &h), &start);
        assert_eq!(plain.moves.len(), ordered.moves.len(), "{}", start.board());
        assert!(ordered.moves.len() <= walk);
    }
}

#[test]
fn limits_stop_the_nearest_first_order_with_its_statistics() {
    let goal = Goal::BlankLast.board(Size::square(4).unwrap()).unwrap();
    let puzzle = Puzzle::new(&goal).unwrap();
    let h = Manhattan::for_puzzle(&puzzle);
    let board = Generator::new(11).random_position(&goal);
    let start = Start::new(board, goal.clone()).unwrap();
    let ordered = IdaStar {
        ordered: true,
        ..IdaStar::new(&puzzle, &h)
    };
    // A limit in the cut (the first nodes) and one in a subtree.
    for max in [3, 20_000] {
        match ordered.run(&start, &Limits::none().nodes(max)) {
            Err(SolveError::LimitReached {
                limit: Limit::Nodes(limit),
                stats,
            }) => {
                assert_eq!(limit, max);
                assert!(stats.expanded > max && stats.generated >= stats.expanded);
                assert!(stats.proved_bound >= ordered.first_bound(&start).unwrap());
            }
            other => panic!("expected the node limit, got {other:?}"),
        }
    }
    let cancel = npuzzle_search::Cancel::new();
    cancel.cancel();
    assert!(matches!(
        ordered.run(&start, &Limits::none().cancel(cancel)),
        Err(SolveError::LimitReached {
            limit: Limit::Cancelled,
            ..
        })
    ));
}
