//! Any bytes read as a pattern database header: refused as damaged, or a header that writes
//! back to exactly the bytes it was read from.
#![no_main]

use std::path::Path;

use libfuzzer_sys::fuzz_target;
use npuzzle_heuristic::pdb::Header;

fuzz_target!(|bytes: &[u8]| {
    if let Ok((header, length)) = Header::parse(bytes, Path::new("fuzz.pdb")) {
        assert_eq!(header.bytes(), bytes[..length]);
    }
});
