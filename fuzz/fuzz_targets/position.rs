//! Any text, read as a position in every format (slash rows, grid, flat) and by detection:
//! a board that writes back to itself, or an error.
#![no_main]

use libfuzzer_sys::fuzz_target;
use npuzzle_core::{Format, Goal, Size};
use npuzzle_fuzz::parse_and_check;

fuzz_target!(|text: &str| {
    parse_and_check(text, None);
    for format in [Format::Slash, Format::Grid, Format::Flat] {
        parse_and_check(text, Some(format));
    }
    let _ = text.parse::<Size>();
    let _ = text.parse::<Format>();
    let _ = text.parse::<Goal>();
});
