//! Solver benchmarks: the 3×3 table, IDA* with each heuristic on easy Korf instances, pattern
//! database builds, the constructive solver on a 100×100 board, and the anytime solver's beams
//! on a 6×6 for a fixed number of positions.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use npuzzle_core::instances::InstanceFile;
use npuzzle_core::{Board, Generator, Goal, Size};
use npuzzle_search::algorithm::{anytime::Anytime, constructive::Constructive, idastar::IdaStar};
use npuzzle_search::heuristic::{Heuristic, LinearConflict, Manhattan, WalkingDistance};
use npuzzle_search::{DistanceTable, Limits, Method, Puzzle, Start, pdb};

/// The instances of `name` in `data/instances/` numbered (from 1) in `numbers`.
fn instances(name: &str, numbers: &[usize]) -> Vec<Board> {
    let path = format!("{}/../../data/instances/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("the instance file reads");
    let file = InstanceFile::parse(&text).expect("the instance file parses");
    numbers
        .iter()
        .map(|&n| file.instances[n - 1].board.clone())
        .collect()
}

/// Korf's instances 79 and 12 (blank-first goal): the two that took his IDA* fewest nodes.
fn korf_easiest() -> Vec<Board> {
    instances("korf100.txt", &[79, 12])
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

fn bench_heuristic<H: Heuristic + Sync>(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    puzzle: &Puzzle,
    boards: &[Board],
    h: H,
) {
    group.bench_with_input(
        BenchmarkId::from_parameter(h.kind().map_or("internal", |k| k.name())),
        boards,
        |b, boards| {
            let starts: Vec<Start> = boards
                .iter()
                .map(|board| Start::new(board.clone(), puzzle.goal().clone()).expect("solvable"))
                .collect();
            let idastar = IdaStar::new(puzzle, &h);
            b.iter(|| {
                for start in &starts {
                    black_box(idastar.run(start, &Limits::none()).expect("solved"));
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
    let start = Start::new(board, goal).expect("solvable");
    let mut group = c.benchmark_group("constructive");
    group.sample_size(10);
    group.bench_function("100x100", |b| {
        b.iter(|| {
            Constructive.stream(black_box(&start), &Limits::none(), &mut |_| {
                std::ops::ControlFlow::Continue(())
            })
        })
    });
    group.finish();
}

/// The anytime solver on DeepCubeA's first 35-puzzle for sixteen million positions (its beams take
/// nearly all of them): the beam's throughput on both cores.
fn anytime_35(c: &mut Criterion) {
    let board = instances("deepcubea35.txt", &[1]).remove(0);
    let goal = Goal::BlankLast.board(board.size()).expect("goal");
    let puzzle = Puzzle::new(&goal).expect("goal");
    let start = Start::new(board, goal).expect("solvable");
    let h = LinearConflict::new(&puzzle);
    let limits = Limits::default().nodes(16_000_000);
    let mut group = c.benchmark_group("anytime");
    group.sample_size(10);
    group.bench_function("6x6 16M positions", |b| {
        b.iter(|| {
            let budget = std::time::Duration::from_secs(600);
            Anytime::new(&puzzle, &h, budget).run(black_box(&start), &limits)
        })
    });
    group.finish();
}

criterion_group!(
    benches,
    table,
    idastar_by_heuristic,
    pdb_build,
    constructive_100,
    anytime_35
);
criterion_main!(benches);
