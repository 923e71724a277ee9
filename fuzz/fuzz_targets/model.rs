//! Any bytes read as a learned model file (what `--model` and `model=` read): refused with a
//! reason, or a network that writes back to exactly the bytes it was read from.
#![no_main]

use libfuzzer_sys::fuzz_target;
use npuzzle_learned::Network;

fuzz_target!(|bytes: &[u8]| {
    if let Ok(network) = Network::from_bytes(bytes) {
        assert_eq!(network.to_bytes(), bytes);
    }
});
