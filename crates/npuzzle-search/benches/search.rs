//! Solver benchmarks: the 3×3 table, IDA* with each heuristic on easy Korf instances, pattern
//! database builds, and the constructive solver on a 100×100 board.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use npuzzle_core::instances::InstanceFile;
use npuzzle_core::{Board, Generator, Goal, Size};
use npuzzle_search::algorithm::{constructive, idastar};
use npuzzle_search::heuristic::{Heuristic, LinearConflict, Manhattan, WalkingDistance};
use npuzzle_search::{DistanceTable, Limits, Puzzle, pdb};

/// Korf's instances 79 and 12 (blank-first goal): the two that took his IDA* fewest nodes.
fn korf_easiest() -> Vec<Board> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/instances/korf100.txt"
    );
    let text = std::fs::read_to_string(path).expect("data/instances/korf100.txt");
    let file = InstanceFile::parse(&text).expect("korf100.txt reads");
    [79, 12]
        .iter()
        .map(|&n| file.instances[n - 1].board.clone())
        .collect()
}

fn table(c: &mut Criterion) {
    let goal = Goal::BlankLast
        .board(Size::square(3).expect("3x3"))
        .expect("goal");
    let puzzle = Puzzle::new(&goal).expect("puzzle");
    c.bench_function("table/build 3x3", |b| {
        b.iter(|| DistanceTable::build(black_box(&puzzle), Limits::default()))
    });
}

fn idastar_by_heuristic(c: &mut Criterion) {
    let goal = Goal::BlankFirst
        .board(Size::square(4).expect("4x4"))
        .expect("goal");
    let puzzle = Puzzle::new(&goal).expect("puzzle");
    let boards = korf_easiest();
    let mut group = c.benchmark_group("idastar/korf 79 and 12");
    group.sample_size(10);
    bench_heuristic(&mut group, &puzzle, &boards, Manhattan::for_puzzle(&puzzle));
    bench_heuristic(&mut group, &puzzle, &boards, LinearConflict::new(&puzzle));
    bench_heuristic(
        &mut group,
        &puzzle,
        &boards,
        WalkingDistance::new(&puzzle).expect("tables"),
    );
    let partition = pdb::Partition::Named("555");
    let databases = pdb::build_partition(&puzzle, &partition, &mut |_, _, _| {}).expect("built");
    bench_heuristic(&mut group, &puzzle, &boards, databases);
    group.finish();
}

fn bench_heuristic<H: Heuristic>(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    puzzle: &Puzzle,
    boards: &[Board],
    h: H,
) {
    group.bench_with_input(
        BenchmarkId::from_parameter(h.name()),
        boards,
        |b, boards| {
            b.iter(|| {
                for board in boards {
                    black_box(idastar::solve(puzzle, &h, board, Limits::none()).expect("solved"));
                }
            })
        },
    );
}

/// Building the 5-5-5 partition and one 6-tile database of the 15-puzzle, packing included.
fn pdb_build(c: &mut Criterion) {
    let goal = Goal::BlankFirst
        .board(Size::square(4).expect("4x4"))
        .expect("goal");
    let puzzle = Puzzle::new(&goal).expect("puzzle");
    let mut group = c.benchmark_group("pdb/build");
    group.sample_size(10);
    group.bench_function("555", |b| {
        b.iter(|| {
            pdb::build_partition(
                black_box(&puzzle),
                &pdb::Partition::Named("555"),
                &mut |_, _, _| {},
            )
        })
    });
    let six = pdb::Pattern::new(&puzzle, &[1, 4, 5, 8, 9, 12]).expect("6 tiles");
    group.bench_function("6 tiles", |b| {
        b.iter(|| {
            let values = pdb::distances(black_box(&puzzle), &six, &mut |_, _| {})?;
            pdb::pack(&puzzle, &six, values)
        })
    });
    group.finish();
}

fn constructive_100(c: &mut Criterion) {
    let goal = Goal::BlankLast
        .board(Size::square(100).expect("100x100"))
        .expect("goal");
    let board = Generator::new(1).random_position(&goal);
    let mut group = c.benchmark_group("constructive");
    group.sample_size(10);
    group.bench_function("100x100", |b| {
        b.iter(|| {
            constructive::solve_streaming(black_box(&board), &goal, &Limits::none(), |_| {
                std::ops::ControlFlow::Continue(())
            })
        })
    });
    group.finish();
}

criterion_group!(
    benches,
    table,
    idastar_by_heuristic,
    pdb_build,
    constructive_100
);
criterion_main!(benches);
