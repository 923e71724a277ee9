//! Solver benchmarks: the 3×3 table, IDA* with each heuristic on easy Korf instances, pattern
//! database builds, the constructive solver on a 100×100 board, and the anytime solver's beams
//! on a 6×6 for a fixed number of positions.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use npuzzle_core::instances::InstanceFile;
use npuzzle_core::{Board, Generator, Goal, Size};
use npuzzle_heuristic::{Heuristic, LinearConflict, Manhattan, WalkingDistance, pdb};
use npuzzle_search::algorithm::{anytime::Anytime, constructive::Constructive, idastar::IdaStar};
use npuzzle_search::{DistanceTable, Limits, Method, Puzzle, Start};

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
            let values = pdb::distances(black_box(&puzzle), &six, &mut |_, _| true)?;
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

/// What the beam pays per child on 7×7: linear conflict's update with the focused ranking (the
/// default), and with the learned network's (its sums updated by four columns, two small layers
/// evaluated), one core. The throughput is children per second.
fn learned_children(c: &mut Criterion) {
    use criterion::Throughput;
    use npuzzle_heuristic::Focus;
    use npuzzle_learned::{FloatWeights, HIDDEN, Learned, Network, Provenance, SECOND};
    let goal = Goal::BlankLast
        .board(Size::square(7).expect("size"))
        .expect("goal");
    let puzzle = Puzzle::new(&goal).expect("goal");
    let n = puzzle.cells();
    // Weights do not change the work: a fixed pattern, quantized as training's are.
    let wave = |i: usize, scale: f32| ((i * 7919 % 1000) as f32 / 1000.0 - 0.5) * scale;
    let floats = FloatWeights {
        l1: (0..n * n * HIDDEN).map(|i| wave(i, 0.2)).collect(),
        b1: vec![0.4; HIDDEN],
        l2: (0..SECOND * HIDDEN).map(|i| wave(i, 0.3)).collect(),
        b2: vec![0.0; SECOND],
        l3: (0..SECOND).map(|i| wave(i, 2.0)).collect(),
        b3: 1.0,
    };
    let network = Network::quantize(
        puzzle.size(),
        puzzle.goal_cells(),
        &floats,
        Provenance::default(),
    )
    .expect("quantized");
    let lc = LinearConflict::new(&puzzle);
    let positions: Vec<Vec<u8>> = (0..4096)
        .map(|seed| puzzle.bytes(&Generator::new(seed).random_position(&goal)))
        .collect();
    let children: u64 = positions
        .iter()
        .map(|cells| {
            puzzle
                .neighbours(cells.iter().position(|&t| t == 0).unwrap_or(0))
                .len() as u64
        })
        .sum();
    let mut group = c.benchmark_group("beam children 7x7");
    group.throughput(Throughput::Elements(children));
    let learned = Learned::new(&puzzle, &lc, &network).expect("fits");
    group.bench_function("learned", |b| each_child(b, &puzzle, &learned, &positions));
    let focus = Focus::new(&puzzle, &lc);
    group.bench_function("linear conflict focused", |b| {
        each_child(b, &puzzle, &focus, &positions)
    });
    group.finish();
}

/// Every child of every position evaluated from its parent's state, as a beam's expansion does.
fn each_child<H: Heuristic>(
    b: &mut criterion::Bencher<'_>,
    puzzle: &Puzzle,
    h: &H,
    positions: &[Vec<u8>],
) {
    let states: Vec<H::State> = positions.iter().map(|cells| h.start(cells)).collect();
    let mut work = vec![0u8; puzzle.cells()];
    b.iter(|| {
        let mut sum = 0u64;
        for (cells, state) in positions.iter().zip(&states) {
            work.copy_from_slice(cells);
            let blank = cells.iter().position(|&t| t == 0).unwrap_or(0);
            for &(source, _) in puzzle.neighbours(blank) {
                let source = source as usize;
                let tile = work[source];
                work[blank] = tile;
                work[source] = 0;
                let child = h.moved(state, &work, tile, source, blank);
                sum += u64::from(h.rank(black_box(&child)));
                work[source] = tile;
                work[blank] = 0;
            }
        }
        sum
    });
}

criterion_group!(
    benches,
    learned_children,
    table,
    idastar_by_heuristic,
    pdb_build,
    constructive_100,
    anytime_35
);
criterion_main!(benches);
