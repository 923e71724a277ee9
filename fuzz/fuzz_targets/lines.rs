//! Any text split into positions line by line (as `check`, `solve` and `bench` read stdin)
//! gives the same positions as the whole text split at once, each read or refused.
#![no_main]

use libfuzzer_sys::fuzz_target;
use npuzzle_core::{PositionSplitter, split_positions};
use npuzzle_fuzz::parse_and_check;

fuzz_target!(|text: &str| {
    let mut splitter = PositionSplitter::default();
    let mut streamed = Vec::new();
    for (i, line) in text.lines().enumerate() {
        splitter.push(i + 1, line, &mut streamed);
    }
    splitter.finish(&mut streamed);
    let whole = split_positions(text);
    assert_eq!(streamed, whole);
    for (_, position) in &whole {
        parse_and_check(position, None);
    }
});
