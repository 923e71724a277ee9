//! An experiment for issue 39: IDA* on Korf & Felner's 24-puzzles with the zero-aware 6-6-6-6
//! databases read as stored (four bits a placement and a regions table, 1.3 GB) against the
//! same distances in one bit a region (`OneBitDb`, Clausecker & Reinefeld's 1-bit compression),
//! alternating, on both cores; for each instance and form, the expansions, the time and the
//! length (checked against the published optimum).
//!
//! ```text
//! cargo run --release -p npuzzle-search --example one_bit -- DIR 38,22 [ROUNDS]
//! ```
//!
//! DIR holds the z:6666 databases; the one-bit tables are built there on first use from the
//! distances by region (about a minute and 3.4 GB a pattern) and kept as `onebit-*.bin`.

use std::time::Instant;

use npuzzle_core::{Board, Goal, Size};
use npuzzle_search::algorithm::Method;
use npuzzle_search::algorithm::idastar::IdaStar;
use npuzzle_search::heuristic::Heuristic;
use npuzzle_search::pdb::{self, AdditivePdb, OneBitDb, Partition, Pattern, Store};
use npuzzle_search::{Limits, Puzzle, Start};

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

/// The one-bit table of `tiles`, from DIR or built and kept there.
fn one_bit(
    dir: &str,
    puzzle: &Puzzle,
    tiles: &[u8],
) -> Result<OneBitDb, Box<dyn std::error::Error>> {
    let pattern = Pattern::new(puzzle, tiles)?;
    let names: Vec<String> = tiles.iter().map(u8::to_string).collect();
    let path = format!("{dir}/onebit-{}.bin", names.join("-"));
    if let Ok(bytes) = std::fs::read(&path) {
        return OneBitDb::from_bits(puzzle, pattern, &bytes)
            .ok_or("a one-bit file of another length".into());
    }
    let clock = Instant::now();
    let by_region = pdb::distances_by_region(puzzle, &pattern, &mut |_, _| true)?;
    let db = OneBitDb::build(puzzle, pattern, &by_region)?;
    eprintln!(
        "built {path}: {} bytes in {:.1} s",
        db.bytes(),
        clock.elapsed().as_secs_f64()
    );
    std::fs::write(&path, db.words_le())?;
    Ok(db)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let dir = args.first().ok_or("usage: one_bit DIR LIST [ROUNDS]")?;
    let wanted: Vec<usize> = match args.get(1) {
        Some(list) => list.split(',').map(str::parse).collect::<Result<_, _>>()?,
        None => vec![38, 22],
    };
    let rounds: usize = args.get(2).map_or(Ok(1), |r| r.parse())?;
    let goal = Goal::BlankFirst.board(Size::square(5)?)?;
    let puzzle = Puzzle::new(&goal)?;
    let partition: Partition = "z:6666".parse()?;
    let stored = Store::new(dir.as_str()).open(&puzzle, &partition, &mut |_| {})?;
    let dbs = partition
        .groups(&puzzle)?
        .iter()
        .map(|tiles| one_bit(dir, &puzzle, tiles))
        .collect::<Result<Vec<_>, _>>()?;
    let bits = AdditivePdb::new(&puzzle, dbs);
    for round in 0..rounds {
        for instance in instances(&wanted) {
            if round % 2 == 0 {
                run("stored", &puzzle, &stored, &instance);
                run("one bit", &puzzle, &bits, &instance);
            } else {
                run("one bit", &puzzle, &bits, &instance);
                run("stored", &puzzle, &stored, &instance);
            }
        }
    }
    Ok(())
}
