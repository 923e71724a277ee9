//! An experiment for issue 39: IDA* on Korf & Felner's 24-puzzles with the maximum of two 6-6-6-6
//! partitionings (each with its reflection, the second looked up only where the first does not
//! already prune) against the standard one alone, on both cores; for each instance and
//! heuristic, the expansions, the time and the length; with `--count`, also how often the
//! second was looked up and pruned by the slack the first left, for the maximum.
//!
//! ```text
//! cargo run --release -p npuzzle-search --example max_partitions -- [--count] DIR 38,22 [SECOND [FIRST]]
//! ```
//!
//! The counts are atomic counters both cores add to at every second lookup: they cost about a
//! fifth of the maximum's time (measured 2026-11-29), so they are left out of the times unless
//! asked for.
//!
//! SECOND is the second partitioning's tile lists, FIRST the first's (`6666` by default); `z:`
//! before either makes it zero-aware (`z:6666` and `z:1,2,3,6,7,8/…`).
//!
//! DIR holds the databases (the second partitioning is built there on first use, about three
//! minutes; 255 MB plain, 1.3 GB zero-aware). The default second partitioning cuts the board
//! along other lines than the standard one: 1,2,3,6,7,8 / 4,5,9,10,14,15 / 11,12,13,16,17,18 /
//! 19,20,21,22,23,24.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::time::Instant;

use npuzzle_core::{Board, Goal, Size};
use npuzzle_heuristic::{
    Heuristic,
    pdb::{Event, Partition, Store},
};
use npuzzle_search::algorithm::Method;
use npuzzle_search::algorithm::idastar::IdaStar;
use npuzzle_search::{Limits, Puzzle, Start};

const SECOND: &str = "1,2,3,6,7,8/4,5,9,10,14,15/11,12,13,16,17,18/19,20,21,22,23,24";

/// Whether the lookups are counted (`--count`).
static COUNT: AtomicBool = AtomicBool::new(false);
/// How often the second heuristic was looked up, by the slack the first left (the budget less
/// the first's value, 15 for 15 and more).
static LOOKED_UP: [AtomicU64; 16] = [const { AtomicU64::new(0) }; 16];
/// How often, of those, the second pruned the child.
static PRUNED: [AtomicU64; 16] = [const { AtomicU64::new(0) }; 16];

/// The larger of two admissible heuristics' values: admissible too.
struct MaxOf<A, B>(A, B);

impl<A: Heuristic, B: Heuristic> Heuristic for MaxOf<A, B> {
    type State = (A::State, B::State);

    fn start(&self, cells: &[u8]) -> Self::State {
        (self.0.start(cells), self.1.start(cells))
    }

    fn value(&self, (a, b): &Self::State) -> u32 {
        self.0.value(a).max(self.1.value(b))
    }

    fn moved(
        &self,
        (a, b): &Self::State,
        cells: &[u8],
        tile: u8,
        from: usize,
        to: usize,
    ) -> Self::State {
        (
            self.0.moved(a, cells, tile, from, to),
            self.1.moved(b, cells, tile, from, to),
        )
    }

    /// Lazily: the second heuristic is looked up only when the first stays within the budget.
    fn moved_within(
        &self,
        (a, b): &Self::State,
        cells: &[u8],
        tile: u8,
        from: usize,
        to: usize,
        budget: u32,
    ) -> Result<Self::State, u32> {
        let a = self.0.moved_within(a, cells, tile, from, to, budget)?;
        let slack = (budget - self.0.value(&a)).min(15) as usize;
        let b = self.1.moved_within(b, cells, tile, from, to, budget);
        if COUNT.load(Relaxed) {
            LOOKED_UP[slack].fetch_add(1, Relaxed);
            if b.is_err() {
                PRUNED[slack].fetch_add(1, Relaxed);
            }
        }
        Ok((a, b?))
    }

    fn consistent(&self) -> bool {
        false
    }
}

fn instances(wanted: &[usize]) -> Vec<(usize, Board, usize)> {
    let text = include_str!("../../../data/instances/korf24_50.txt");
    let lines = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty());
    lines
        .enumerate()
        .filter(|(i, _)| wanted.contains(&(i + 1)))
        .map(|(i, line)| {
            let numbers: Vec<&str> = line.split_whitespace().collect();
            let board = numbers[..25].join(" ").parse().expect("a 5x5 position");
            (i + 1, board, numbers[25].parse().expect("the optimum"))
        })
        .collect()
}

fn run<H: Heuristic + Sync>(
    name: &str,
    puzzle: &Puzzle,
    h: &H,
    (n, board, optimum): &(usize, Board, usize),
) {
    let start = Start::new(board.clone(), puzzle.goal().clone()).expect("solvable");
    let search = IdaStar {
        parallel: true,
        ..IdaStar::new(puzzle, h)
    };
    let clock = Instant::now();
    let solution = search.run(&start, &Limits::none()).expect("solved");
    assert_eq!(
        solution.moves.len(),
        *optimum,
        "#{n}: the published optimum"
    );
    println!(
        "#{n}\t{name}\t{} moves\t{} expanded\t{:.2} s",
        solution.moves.len(),
        solution.stats.expanded,
        clock.elapsed().as_secs_f64()
    );
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().is_some_and(|a| a == "--count") {
        COUNT.store(true, Relaxed);
        args.remove(0);
    }
    let dir = args
        .first()
        .ok_or("usage: max_partitions [--count] DIR LIST [SECOND [FIRST]]")?;
    let wanted: Vec<usize> = match args.get(1) {
        Some(list) => list.split(',').map(str::parse).collect::<Result<_, _>>()?,
        None => vec![38, 22],
    };
    let second: Partition = args.get(2).map_or(SECOND, String::as_str).parse()?;
    let goal = Goal::BlankFirst.board(Size::square(5)?)?;
    let puzzle = Puzzle::new(&goal)?;
    let store = Store::new(dir.as_str());
    let report = &mut |event: Event<'_>| {
        if let Event::Building { .. } = event {
            eprintln!("building a database of the second partitioning (minutes)");
        }
    };
    let first: Partition = args.get(3).map_or("6666", String::as_str).parse()?;
    let standard = store.open(&puzzle, &first, report)?;
    let other = store.open(&puzzle, &second, report)?;
    for instance in instances(&wanted) {
        run("first", &puzzle, &standard, &instance);
        let both = MaxOf(standard.clone(), other.clone());
        run("max of both", &puzzle, &both, &instance);
        for (slack, (looked_up, pruned)) in LOOKED_UP.iter().zip(&PRUNED).enumerate() {
            let (looked_up, pruned) = (looked_up.swap(0, Relaxed), pruned.swap(0, Relaxed));
            if looked_up > 0 {
                println!("slack {slack}: {looked_up} looked up, {pruned} pruned by the second");
            }
        }
    }
    Ok(())
}
