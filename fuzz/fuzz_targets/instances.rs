//! Any text read as an instance file (the benchmark sets' format, with its `GOAL` and column
//! header lines): every position it holds is a board of the declared size, or the file is
//! refused.
#![no_main]

use libfuzzer_sys::fuzz_target;
use npuzzle_core::instances::InstanceFile;
use npuzzle_fuzz::check_parsed;

fuzz_target!(|text: &str| {
    if let Ok(file) = InstanceFile::parse(text) {
        for instance in &file.instances {
            check_parsed(&instance.board);
        }
    }
});
