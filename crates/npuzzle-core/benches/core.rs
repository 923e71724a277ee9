//! Move application and solvability on a 4×4 and a 1000×1000 board.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use npuzzle_core::{Board, Generator, Goal, Size, moves, solvability};

fn boards() -> Vec<(Board, Board)> {
    ["4x4", "1000x1000"]
        .iter()
        .map(|size| {
            let size: Size = size.parse().expect("a valid size");
            let goal = Goal::BlankLast.board(size).expect("a goal");
            (Generator::new(1).random_position(&goal), goal)
        })
        .collect()
}

fn moves(c: &mut Criterion) {
    let mut group = c.benchmark_group("apply 1000 moves and undo them");
    for (board, _) in boards() {
        let (_, walk) = Generator::new(2).random_walk(&board, 1000);
        let undo = moves::invert(&walk);
        group.bench_with_input(
            BenchmarkId::from_parameter(board.size()),
            &board,
            |b, board| {
                let mut board = board.clone();
                b.iter(|| {
                    board.apply_all(black_box(&walk)).expect("a legal walk");
                    board.apply_all(&undo).expect("its inverse");
                    black_box(board.blank())
                });
            },
        );
    }
    group.finish();
}

fn solvability(c: &mut Criterion) {
    let mut group = c.benchmark_group("solvability");
    for (board, goal) in boards() {
        group.bench_with_input(
            BenchmarkId::from_parameter(board.size()),
            &(board, goal),
            |b, (board, goal)| b.iter(|| solvability::is_solvable(black_box(board), goal)),
        );
    }
    group.finish();
}

criterion_group!(benches, moves, solvability);
criterion_main!(benches);
