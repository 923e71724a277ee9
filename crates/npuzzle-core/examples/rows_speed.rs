//! The batch loops of `npuzzle_core::rows` timed from Rust, for the Python package's benchmark
//! (`crates/npuzzle-py/benches/speed.py` runs this and the same work from Python in one run):
//! children of `COUNT` random 5×5 positions, and `COUNT` random walks of 0 to 99 moves.
//!
//! `cargo run --release -p npuzzle-core --example rows_speed -- COUNT` prints one JSON line.

use std::time::Instant;

use npuzzle_core::{Generator, Goal, Size, rows};

fn main() {
    let count: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100_000);
    let size = Size::square(5).expect("5x5");
    let goal: Vec<u8> = Goal::BlankLast
        .board(size)
        .expect("a goal")
        .cells()
        .iter()
        .map(|&t| t as u8)
        .collect();
    let cells = size.cells();
    // The same inputs as the Python side draws: walks of 100 moves from seed 1.
    let positions = rows::random_walks(&goal, size, &vec![100; count], &mut Generator::new(1));
    let lengths: Vec<u32> = (0..count).map(|k| (k % 100) as u32).collect();

    let best = |work: &mut dyn FnMut()| {
        (0..5)
            .map(|_| {
                let clock = Instant::now();
                work();
                clock.elapsed().as_secs_f64()
            })
            .fold(f64::INFINITY, f64::min)
    };
    let children = best(&mut || {
        rows::check(&positions, size).expect("positions");
        let mut out = vec![0u8; count * 4 * cells];
        let (mut legal, mut undoes) = (vec![false; count * 4], vec![false; count * 4]);
        rows::children(&positions, size, None, &mut out, &mut legal, &mut undoes);
        std::hint::black_box((out, legal, undoes));
    });
    let walks = best(&mut || {
        std::hint::black_box(rows::random_walks(
            &goal,
            size,
            &lengths,
            &mut Generator::new(2),
        ));
    });
    println!("{{\"count\":{count},\"children_seconds\":{children},\"walks_seconds\":{walks}}}");
}
