//! How large the move-pruning machine of a board is at each depth, and how long it takes to
//! build.
//!
//! ```text
//! cargo run --release -p npuzzle-heuristic --example fsm_depths -- SIZE DEPTHS...
//! ```

use std::time::Instant;

use npuzzle_heuristic::fsm::Fsm;

fn main() {
    let mut args = std::env::args().skip(1);
    let size = args
        .next()
        .unwrap_or_else(|| "5".into())
        .parse()
        .expect("a size");
    let depths: Vec<usize> = args.map(|d| d.parse().expect("a depth")).collect();
    println!("| depth | forbidden | states | moribund | MB | built in |");
    println!("|---|---|---|---|---|---|");
    for depth in depths {
        let t = Instant::now();
        let fsm = Fsm::build(size, depth).expect("a machine");
        println!(
            "| {depth} | {} | {} | {} | {:.1} | {:.2} s |",
            fsm.forbidden(),
            fsm.states(),
            fsm.moribund(),
            fsm.states() as f64 * 16.0 / 1e6,
            t.elapsed().as_secs_f64()
        );
    }
}
