//! Any text read as a records file, whole or damaged: the records read (or recovered) summarise
//! and replay (or say why not) without a panic, and a whole file's records are all recovered.
#![no_main]

use libfuzzer_sys::fuzz_target;
use npuzzle_game::records::{self, whole_records};
use npuzzle_game::{Record, Statistics};

fuzz_target!(|text: &str| {
    let recovered = whole_records(text);
    // A record's replay plays, or says why not; one that plays ends where its steps lead.
    for record in &recovered {
        if let Ok(Some(replay)) = record.watch() {
            let _ = replay.ends_solved();
        }
    }
    for size in records::sizes(&recovered) {
        let _ = Statistics::of(&recovered, &size);
    }
    if let Ok(all) = serde_json::from_str::<Vec<Record>>(text) {
        for size in records::sizes(&all) {
            let statistics = Statistics::of(&all, &size);
            assert!(statistics.solves <= all.len());
        }
        let written = serde_json::to_string_pretty(&all).expect("records serialise");
        assert_eq!(whole_records(&written), all);
    }
});
