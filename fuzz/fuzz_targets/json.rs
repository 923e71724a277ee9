//! Any text read as a JSON position (rows or a flat array): a board that writes back to itself,
//! or an error.
#![no_main]

use libfuzzer_sys::fuzz_target;
use npuzzle_core::Format;
use npuzzle_fuzz::parse_and_check;

fuzz_target!(|text: &str| {
    parse_and_check(text, Some(Format::Json));
    parse_and_check(text, None);
});
