//! IDA* on every core with its frontier laid out, each position kept once (A*+IDA*'s duplicate
//! detection): the same optimal lengths as IDA* on one core, fewer nodes, and a search stopped
//! again and again resumes from its journal to the same answer.

use npuzzle_core::instances::InstanceFile;
use npuzzle_core::{Board, Generator, Goal, Size};
use npuzzle_search::algorithm::idastar::{IdaStar, Layering};
use npuzzle_search::heuristic::{Heuristic, Manhattan};
use npuzzle_search::{Limit, Limits, Method, Puzzle, SolveError, Start};

/// Laid out in every iteration, as deep as `most` paths allow.
fn always(most: usize) -> Layering {
    Layering {
        after: 0,
        most,
        share: 1,
    }
}

/// Korf's 15-puzzle `number` (from 1) and its optimum.
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

fn search<'a, H: Heuristic>(puzzle: &'a Puzzle, h: &'a H, layering: Layering) -> IdaStar<'a, H> {
    IdaStar {
        parallel: true,
        layering,
        ..IdaStar::new(puzzle, h)
    }
}

#[test]
fn every_8_puzzle_laid_out_whole_or_in_part_is_solved_as_short_as_on_one_core() {
    let goal = Goal::BlankLast.board(Size::square(3).unwrap()).unwrap();
    let puzzle = Puzzle::new(&goal).unwrap();
    let h = Manhattan::for_puzzle(&puzzle);
    let one = IdaStar::new(&puzzle, &h);
    let mut generator = Generator::new(39);
    for _ in 0..60 {
        let board = generator.random_position(&goal);
        let start = Start::new(board, goal.clone()).unwrap();
        let optimum = one.run(&start, &Limits::none()).unwrap().moves.len();
        // 4,096 paths stop the layers a few moves below the cut (of 512 subtrees, or the whole
        // tree if smaller); a million hold whole iterations.
        for most in [1 << 12, 1 << 20] {
            let solution = search(&puzzle, &h, always(most))
                .run(&start, &Limits::none())
                .unwrap();
            assert_eq!(solution.moves.len(), optimum, "{most} paths");
            assert!(solution.optimal);
        }
    }
}

#[test]
fn laid_out_15_puzzles_keep_their_published_optima_with_fewer_nodes() {
    let goal = Goal::BlankFirst.board(Size::square(4).unwrap()).unwrap();
    let puzzle = Puzzle::new(&goal).unwrap();
    let h = Manhattan::for_puzzle(&puzzle);
    let (mut plain, mut laid_out) = (0, 0);
    for number in [7, 8, 12, 42, 79, 95] {
        let (start, optimum) = korf(number);
        let before = search(&puzzle, &h, Layering::NEVER)
            .run(&start, &Limits::none())
            .unwrap();
        let after = search(&puzzle, &h, always(1 << 18))
            .run(&start, &Limits::none())
            .unwrap();
        assert_eq!((before.moves.len(), after.moves.len()), (optimum, optimum));
        plain += before.stats.expanded;
        laid_out += after.stats.expanded;
    }
    // The duplicates the FSM does not know are searched once; the cost is the layers' nodes.
    assert!(
        laid_out < plain,
        "{laid_out} nodes laid out, {plain} without"
    );
}

#[test]
fn a_laid_out_search_stopped_again_and_again_resumes_to_the_same_answer() {
    let (start, optimum) = korf(79);
    let puzzle = Puzzle::new(start.goal()).unwrap();
    let h = Manhattan::for_puzzle(&puzzle);
    // Each run lays out its iteration's frontier again: small beside a run's nodes.
    let idastar = search(&puzzle, &h, always(1 << 10));
    let whole = idastar.run(&start, &Limits::none()).unwrap();
    let dir = std::env::temp_dir().join(format!("npuzzle-layers-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("search.journal");
    let slice = whole.stats.expanded / 6;
    let mut runs = 0;
    let resumed = loop {
        runs += 1;
        assert!(runs < 100, "no progress after {runs} runs");
        match idastar.run(&start, &Limits::none().nodes(slice).keep_journal(&path)) {
            Ok(solution) => break solution,
            Err(SolveError::LimitReached {
                limit: Limit::Nodes(n),
                ..
            }) => assert_eq!(n, slice),
            Err(e) => panic!("{e}"),
        }
    };
    assert!(runs > 2, "{runs} runs");
    assert_eq!((whole.moves.len(), resumed.moves.len()), (optimum, optimum));
    assert_eq!(resumed.stats.iterations, whole.stats.iterations);
    std::fs::remove_dir_all(&dir).unwrap();
}
