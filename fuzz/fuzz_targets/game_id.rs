//! Any text after a `WxH:` prefix, read as a game id (Simon Tatham's format): a board that
//! writes back to itself, or an error.
#![no_main]

use libfuzzer_sys::fuzz_target;
use npuzzle_core::Format;
use npuzzle_fuzz::parse_and_check;

fuzz_target!(|input: (u8, u8, &str)| {
    let (width, height, cells) = input;
    parse_and_check(cells, Some(Format::Id));
    let text = format!("{}x{}:{cells}", width % 8, height % 8);
    parse_and_check(&text, Some(Format::Id));
    parse_and_check(&text, None);
});
