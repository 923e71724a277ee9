//! Integration tests of npuzzle-core: invariants as property tests, parsers fed arbitrary text, and
//! solvability and generators checked against exhaustive breadth-first search.

use std::collections::{HashMap, VecDeque};

use npuzzle_core::instances::InstanceFile;
use npuzzle_core::{
    Board, Format, Generator, Goal, Move, Notation, PositionSplitter, Size, format_board,
    format_moves, moves, parse_board, parse_moves, parse_runs, solvability, split_positions,
};
use proptest::prelude::*;

/// Any board from 2×2 to 5×5, solvable or not.
fn any_board() -> impl Strategy<Value = Board> {
    (2usize..=5, 2usize..=5).prop_flat_map(|(w, h)| {
        let cells: Vec<u32> = (0..(w * h) as u32).collect();
        Just(cells)
            .prop_shuffle()
            .prop_map(move |cells| Board::new(Size::new(w, h).unwrap(), cells).unwrap())
    })
}

fn any_moves() -> impl Strategy<Value = Vec<Move>> {
    prop::collection::vec(prop::sample::select(Move::ALL.to_vec()), 0..40)
}

fn any_goal() -> impl Strategy<Value = Goal> {
    prop::sample::select(vec![
        Goal::BlankLast,
        Goal::BlankFirst,
        Goal::Snake,
        Goal::Spiral,
    ])
}

/// Plays `moves` on `board`, skipping illegal ones; returns the moves actually made.
fn play_legal(board: &mut Board, moves: &[Move]) -> Vec<Move> {
    moves
        .iter()
        .copied()
        .filter(|&m| board.apply(m).is_ok())
        .collect()
}

proptest! {
    #[test]
    fn parse_after_format_is_identity(board in any_board()) {
        for format in Format::ALL {
            if format == Format::Flat && board.width() != board.height() {
                continue;
            }
            let text = format_board(&board, format);
            prop_assert_eq!(parse_board(&text, Some(format)), Ok(board.clone()), "{}", text);
            prop_assert_eq!(parse_board(&text, None), Ok(board.clone()), "{}", text);
        }
    }

    #[test]
    fn a_move_and_its_inverse_cancel(mut board in any_board(), sequence in any_moves()) {
        let start = board.clone();
        let made = play_legal(&mut board, &sequence);
        board.apply_all(&moves::invert(&made)).unwrap();
        prop_assert_eq!(board, start);
    }

    #[test]
    fn simplify_reaches_the_same_position(mut board in any_board(), sequence in any_moves()) {
        let start = board.clone();
        let made = play_legal(&mut board, &sequence);
        let simple = moves::simplify(&made);
        prop_assert!(simple.windows(2).all(|w| w[1] != w[0].opposite()));
        let mut replay = start;
        replay.apply_all(&simple).unwrap();
        prop_assert_eq!(replay, board);
    }

    #[test]
    fn legal_moves_keep_solvability(mut board in any_board(), goal in any_goal(), sequence in any_moves()) {
        let goal = goal.board(board.size()).unwrap();
        let before = solvability::is_solvable(&board, &goal);
        play_legal(&mut board, &sequence);
        prop_assert_eq!(solvability::is_solvable(&board, &goal), before);
    }

    #[test]
    fn notations_round_trip(mut board in any_board(), sequence in any_moves(), run_length: bool) {
        let start = board.clone();
        let made = play_legal(&mut board, &sequence);
        for notation in [Notation::Tile, Notation::Blank, Notation::Numbers] {
            let text = format_moves(&made, notation, run_length, Some(&start)).unwrap();
            prop_assert_eq!(&parse_moves(&text, Some(notation), Some(&start)).unwrap(), &made);
            if !made.is_empty() {
                prop_assert_eq!(&parse_moves(&text, None, Some(&start)).unwrap(), &made, "{}", text);
            }
        }
        prop_assert!(moves::mtm(&made) <= moves::stm(&made));
    }

    #[test]
    fn parsers_never_panic(text in ".{0,60}", board in any_board()) {
        let _ = parse_board(&text, None);
        for format in Format::ALL {
            let _ = parse_board(&text, Some(format));
        }
        for notation in [None, Some(Notation::Tile), Some(Notation::Blank), Some(Notation::Numbers)] {
            let _ = parse_moves(&text, notation, Some(&board));
            let _ = parse_moves(&text, notation, None);
        }
        let _ = text.parse::<Size>();
        let _ = text.parse::<Goal>();
        let _ = text.parse::<Format>();
        let _ = text.parse::<Notation>();
        let _ = split_positions(&text);
    }

    #[test]
    fn parsers_never_panic_on_near_misses(text in "[0-9 ,/x:\\[\\]_.\\n-]{0,40}") {
        let _ = parse_board(&text, None);
        let _ = split_positions(&text);
        let _ = parse_moves(&text, None, None);
    }

    /// Whatever text is read as a board writes back, in every format, to text read as the
    /// same board.
    #[test]
    fn whatever_parses_formats_back(text in "[0-9 ,/x:\\[\\]_.\n]{0,40}") {
        if let Ok(board) = parse_board(&text, None) {
            for format in Format::ALL {
                if format == Format::Flat && board.width() != board.height() {
                    continue;
                }
                let written = format_board(&board, format);
                prop_assert_eq!(parse_board(&written, None), Ok(board.clone()), "{}", written);
            }
        }
    }

    /// A position's text with one character changed, dropped or doubled, in every format, is
    /// read as a valid board that writes back to itself, or refused with an error.
    #[test]
    fn a_damaged_position_is_read_or_refused(
        board in any_board(),
        format in prop::sample::select(Format::ALL.to_vec()),
        at: prop::sample::Index,
        replacement in prop::sample::select(vec!['0', '1', '9', ' ', ',', '/', ':', '[', ']', 'x', '\n', '_']),
        how in 0..3u8,
    ) {
        let text = format_board(&board, format);
        let mut chars: Vec<char> = text.chars().collect();
        let i = at.index(chars.len());
        match how {
            0 => chars[i] = replacement,
            1 => { chars.remove(i); }
            _ => chars.insert(i, chars[i]),
        }
        let damaged: String = chars.into_iter().collect();
        if let Ok(read) = parse_board(&damaged, None) {
            let mut cells = read.cells().to_vec();
            cells.sort_unstable();
            prop_assert!(cells.iter().copied().eq(0..cells.len() as u32), "{}", damaged);
            let again = format_board(&read, Format::Slash);
            prop_assert_eq!(parse_board(&again, None), Ok(read));
        }
    }

    /// Text fed a line at a time splits into the same positions as the whole text.
    #[test]
    fn the_line_by_line_splitter_agrees_with_the_whole(text in "([0-9 /x:]{0,12}\n){0,12}") {
        let mut splitter = PositionSplitter::default();
        let mut streamed = Vec::new();
        for (i, line) in text.lines().enumerate() {
            splitter.push(i + 1, line, &mut streamed);
        }
        splitter.finish(&mut streamed);
        prop_assert_eq!(streamed, split_positions(&text));
    }

    /// Instance files and run-length moves: any text is read or refused, never a panic, and runs
    /// never expand.
    #[test]
    fn files_and_moves_are_read_or_refused(text in ".{0,80}", board in any_board()) {
        let _ = InstanceFile::parse(&text);
        let _ = InstanceFile::parse(&format!("# GOAL: {text}\n1 2 3 0 10"));
        if let Ok(runs) = parse_runs(&text, None, Some(&board)) {
            let mut end = board.clone();
            let _ = end.apply_runs(&runs);
        }
    }

    #[test]
    fn generated_positions_are_solvable(seed: u64, goal in any_goal(), w in 2usize..=6, h in 2usize..=6) {
        let goal = goal.board(Size::new(w, h).unwrap()).unwrap();
        let board = Generator::new(seed).random_position(&goal);
        prop_assert!(solvability::is_solvable(&board, &goal));
        prop_assert_ne!(board, goal);
    }
}

/// Distances from `goal` to every reachable position, by breadth-first search.
fn bfs(goal: &Board) -> HashMap<Vec<u32>, usize> {
    let mut distance = HashMap::from([(goal.cells().to_vec(), 0)]);
    let mut queue = VecDeque::from([goal.clone()]);
    while let Some(board) = queue.pop_front() {
        let d = distance[board.cells()];
        for m in board.legal_moves().collect::<Vec<_>>() {
            let mut next = board.clone();
            next.apply(m).unwrap();
            if !distance.contains_key(next.cells()) {
                distance.insert(next.cells().to_vec(), d + 1);
                queue.push_back(next);
            }
        }
    }
    distance
}

fn golden_layers(size: &str) -> Vec<usize> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/instances/bfs_layers.txt"
    ))
    .expect("data/instances/bfs_layers.txt in the repository");
    let line = text
        .lines()
        .find(|l| l.split_whitespace().next() == Some(size))
        .expect("a line for this size");
    line.split_whitespace()
        .skip(1)
        .map(|n| n.parse().unwrap())
        .collect()
}

fn layers(distance: &HashMap<Vec<u32>, usize>) -> Vec<usize> {
    let deepest = distance.values().copied().max().unwrap_or(0);
    let mut counts = vec![0; deepest + 1];
    for &d in distance.values() {
        counts[d] += 1;
    }
    counts
}

#[test]
fn bfs_layers_match_the_golden_data() {
    for (w, h) in [(2, 2), (3, 2), (4, 2)] {
        let size = Size::new(w, h).unwrap();
        let distance = bfs(&Goal::BlankLast.board(size).unwrap());
        assert_eq!(
            layers(&distance),
            golden_layers(&size.to_string()),
            "{size}"
        );
    }
}

/// Every arrangement of a small board: solvable exactly when BFS from the goal reaches it.
#[test]
fn solvability_agrees_with_reachability_for_every_goal() {
    for (w, h) in [(2, 2), (3, 2), (2, 3)] {
        let size = Size::new(w, h).unwrap();
        for goal in [Goal::BlankLast, Goal::BlankFirst, Goal::Snake, Goal::Spiral] {
            let goal = goal.board(size).unwrap();
            let reachable = bfs(&goal);
            let mut cells: Vec<u32> = (0..size.cells() as u32).collect();
            let mut count = 0;
            permutations(&mut cells, 0, &mut |cells| {
                let board = Board::new(size, cells.to_vec()).unwrap();
                assert_eq!(
                    solvability::is_solvable(&board, &goal),
                    reachable.contains_key(cells),
                    "{board} toward {goal}"
                );
                count += 1;
            });
            assert_eq!(count, (1..=size.cells()).product::<usize>());
            assert_eq!(reachable.len() * 2, count);
        }
    }
}

fn permutations(cells: &mut [u32], k: usize, visit: &mut impl FnMut(&[u32])) {
    if k == cells.len() {
        visit(cells);
        return;
    }
    for i in k..cells.len() {
        cells.swap(k, i);
        permutations(cells, k + 1, visit);
        cells.swap(k, i);
    }
}

#[test]
fn uniform_generator_covers_every_small_position() {
    let goal = Goal::BlankLast.board(Size::square(2).unwrap()).unwrap();
    let mut generator = Generator::new(11);
    let mut seen = HashMap::new();
    for _ in 0..11_000 {
        *seen
            .entry(generator.random_position(&goal).cells().to_vec())
            .or_insert(0) += 1;
    }
    // 12 solvable 2x2 positions, less the goal; each drawn about 1000 times.
    assert_eq!(seen.len(), 11);
    assert!(seen.values().all(|&n| (800..1200).contains(&n)), "{seen:?}");
}
