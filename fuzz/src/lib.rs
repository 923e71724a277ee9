//! What the fuzz targets share: boards made from fuzz bytes, and the checks every parsed
//! position must pass.

use arbitrary::{Arbitrary, Unstructured};
use npuzzle_core::{Board, Format, Generator, Goal, Size, format_board, parse_board};

/// A board of 2×2 to 6×6 (any goal, any seed) drawn from the fuzzer's bytes.
pub fn any_board(u: &mut Unstructured) -> arbitrary::Result<Board> {
    let size = Size::new(u.int_in_range(2..=6)?, u.int_in_range(2..=6)?).expect("2..=6 fits");
    let goal = match u.int_in_range(0..=3)? {
        0 => Goal::BlankLast,
        1 => Goal::BlankFirst,
        2 => Goal::Snake,
        _ => Goal::Spiral,
    };
    let goal = goal.board(size).expect("named goals fit every size");
    Ok(Generator::new(u64::arbitrary(u)?).random_position(&goal))
}

/// Checks a board that some text was read as: its cells are a permutation of `0..cells`, and
/// it writes back, in every format that can hold it, to text read as the same board.
pub fn check_parsed(board: &Board) {
    let mut cells = board.cells().to_vec();
    cells.sort_unstable();
    assert!(
        cells.iter().copied().eq(0..cells.len() as u32),
        "not a permutation: {board:?}"
    );
    for format in Format::ALL {
        if format == Format::Flat && board.width() != board.height() {
            continue;
        }
        let written = format_board(board, format);
        assert_eq!(
            parse_board(&written, Some(format)).as_ref(),
            Ok(board),
            "{format} writes {written:?}"
        );
        assert_eq!(
            parse_board(&written, None).as_ref(),
            Ok(board),
            "{written:?}"
        );
    }
}

/// Reads `text` in `format` (detected when none) and checks what it read.
pub fn parse_and_check(text: &str, format: Option<Format>) {
    if let Ok(board) = parse_board(text, format) {
        check_parsed(&board);
    }
}
