//! Any text read as moves in every notation (run lengths included): refused, or read as runs
//! that apply one move at a time (never expanded) and, when legal, write back to the same moves.
#![no_main]

use arbitrary::Unstructured;
use libfuzzer_sys::fuzz_target;
use npuzzle_core::{Notation, format_moves, moves, parse_moves, parse_runs};
use npuzzle_fuzz::any_board;

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let Ok(board) = any_board(&mut u) else { return };
    let Ok(text) = std::str::from_utf8(u.take_rest()) else {
        return;
    };
    for notation in [
        None,
        Some(Notation::Tile),
        Some(Notation::Blank),
        Some(Notation::Numbers),
    ] {
        let Ok(runs) = parse_runs(text, notation, Some(&board)) else {
            continue;
        };
        let (stm, mtm) = moves::run_lengths(&runs);
        assert!(mtm <= stm);
        let mut end = board.clone();
        if end.apply_runs(&runs).is_ok() && stm <= 10_000 {
            let expanded = parse_moves(text, notation, Some(&board)).expect("runs expand");
            assert_eq!(expanded.len(), stm);
            for notation in [Notation::Tile, Notation::Blank, Notation::Numbers] {
                for run_length in [false, true] {
                    let written = format_moves(&expanded, notation, run_length, Some(&board))
                        .expect("legal moves write in every notation");
                    let read = parse_moves(&written, Some(notation), Some(&board));
                    assert_eq!(read.as_ref(), Ok(&expanded), "{written:?}");
                }
            }
        }
    }
    let _ = parse_runs(text, None, None);
});
