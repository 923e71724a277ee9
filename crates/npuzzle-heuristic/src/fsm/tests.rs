//! The machine against complete state spaces: breadth-first search in the order of least paths,
//! walking only the moves the machine allows, must reach every position, and reach it first by
//! its least path (the machine never refuses the move that first reaches a position); and no
//! state along a least path may be moribund within the moves that path still has to go.

use super::*;

/// The depth searches build in memory (the search crate's `thresholds::MACHINE_DEPTH`).
const MACHINE: usize = 12;

/// A board of at most 16 cells, four bits a cell.
type Packed = u64;

fn get(board: Packed, cell: usize) -> usize {
    (board >> (4 * cell) & 15) as usize
}

/// The board with the tiles of cells `a` and `b` swapped.
fn swap(board: Packed, a: usize, b: usize) -> Packed {
    let (x, y) = (get(board, a) as u64, get(board, b) as u64);
    let mask = 15 << (4 * a) | 15 << (4 * b);
    board & !mask | x << (4 * b) | y << (4 * a)
}

/// The permutation's rank among all of `cells` tiles (Lehmer code).
fn rank(board: Packed, cells: usize) -> usize {
    let mut used = 0u32;
    let mut rank = 0;
    for cell in 0..cells {
        let tile = get(board, cell);
        let smaller = (!used & ((1 << tile) - 1)).count_ones() as usize;
        rank = rank * (cells - cell) + smaller;
        used |= 1 << tile;
    }
    rank
}

/// A position waiting in the breadth-first search: the board, where the blank is, the state
/// after its least path, and the least `i + k` over the states of that path (the `i`-th being
/// moribund for `k` moves), `u32::MAX` when none is.
#[derive(Clone, Copy)]
struct Reached {
    board: Packed,
    blank: usize,
    state: FsmState,
    reach: u32,
}

/// What the search found: positions, the deepest layer, and the moves the machine refused.
#[derive(Debug, PartialEq, Eq)]
struct Walked {
    positions: u64,
    deepest: usize,
    refused: u64,
}

/// Walks the whole space of `size` from the board whose blank is on `blank` (tiles in order
/// around it), panicking at the first least path the machine refuses.
fn walk(size: Size, blank: usize, fsm: &Fsm) -> Walked {
    let cells = size.cells();
    assert!(cells <= 12, "the seen set is a bit per permutation");
    let start: Packed = (0..cells).map(|c| (c as u64) << (4 * c)).sum();
    let start = swap(start, 0, blank);
    let mut walker = Walker {
        size,
        origin: blank,
        fsm,
        squares: Squares::new(size),
        seen: vec![0u64; (1..=cells).product::<usize>().div_ceil(64)],
        refused: 0,
    };
    walker.mark(start);
    let mut layer = vec![Reached {
        board: start,
        blank,
        state: fsm.start(blank),
        reach: u32::MAX,
    }];
    let (mut positions, mut deepest, mut depth) = (1u64, 0, 0u32);
    while !layer.is_empty() {
        let next = walker.next_layer(&layer, depth);
        depth += 1;
        for node in &next {
            assert!(
                depth < node.reach,
                "{size}, blank on {blank}: a least path of {depth} moves passes a state \
                 moribund within what it has left"
            );
        }
        positions += next.len() as u64;
        if !next.is_empty() {
            deepest = depth as usize;
        }
        layer = next;
    }
    Walked {
        positions,
        deepest,
        refused: walker.refused,
    }
}

/// A breadth-first walk of a whole space with the machine: the positions seen (a bit per
/// permutation) and the moves it refused.
struct Walker<'a> {
    size: Size,
    /// The blank's square at the start, for the messages.
    origin: usize,
    fsm: &'a Fsm,
    squares: Squares,
    seen: Vec<u64>,
    refused: u64,
}

impl Walker<'_> {
    /// Marks `board` seen; whether it was new.
    fn mark(&mut self, board: Packed) -> bool {
        let r = rank(board, self.size.cells());
        let fresh = self.seen[r / 64] & 1 << (r % 64) == 0;
        self.seen[r / 64] |= 1 << (r % 64);
        fresh
    }

    /// The positions first reached from `layer` (at `depth`), each with its machine state;
    /// panics when a move the machine refuses reaches a position first.
    fn next_layer(&mut self, layer: &[Reached], depth: u32) -> Vec<Reached> {
        let mut next = Vec::with_capacity(layer.len() * 2);
        for node in layer {
            for (m, mv) in Move::ALL.into_iter().enumerate() {
                let Some(to) = self.squares.after(node.blank, m) else {
                    continue;
                };
                let board = swap(node.board, node.blank, to);
                let entry = self.fsm.next.entry(node.state, m);
                if entry == DEAD {
                    self.refused += 1;
                    assert!(
                        !self.mark(board),
                        "{}, blank on {}: {mv} refused at depth {} from state {}, but it first \
                         reaches a position",
                        self.size,
                        self.origin,
                        depth + 1,
                        node.state
                    );
                    continue;
                }
                if self.mark(board) {
                    let moribund = entry & ((1 << MORIBUND_BITS) - 1);
                    let reach = match moribund {
                        0 => node.reach,
                        k => node.reach.min(depth + 1 + k),
                    };
                    next.push(Reached {
                        board,
                        blank: to,
                        state: entry >> MORIBUND_BITS,
                        reach,
                    });
                }
            }
        }
        next
    }
}

fn half_factorial(cells: usize) -> u64 {
    (1..=cells as u64).product::<u64>() / 2
}

#[test]
fn small_boards_keep_every_least_path_from_every_square() {
    let cases = [
        ("2x3", 21, 21),
        ("2x4", 24, 36),
        ("3", 24, 31),
        ("3", MACHINE, 31),
    ];
    for (size, depth, deepest) in cases {
        let size: Size = size.parse().unwrap();
        let fsm = Fsm::build(size, depth).unwrap();
        for blank in 0..size.cells() {
            let walked = walk(size, blank, &fsm);
            assert_eq!(
                walked.positions,
                half_factorial(size.cells()),
                "{size} from {blank}"
            );
            assert!(
                walked.deepest <= deepest && walked.refused > 0,
                "{size}: {walked:?}"
            );
        }
    }
}

#[test]
fn the_three_by_four_board_keeps_every_least_path() {
    let size: Size = "3x4".parse().unwrap();
    let fsm = Fsm::build(size, 16).unwrap();
    let walked = walk(size, 11, &fsm);
    assert_eq!(walked.positions, half_factorial(12));
}

#[test]
fn deeper_machines_refuse_more() {
    let size: Size = "3".parse().unwrap();
    let refused: Vec<u64> = [0, 8, 16]
        .map(|d| walk(size, 8, &Fsm::build(size, d).unwrap()).refused)
        .to_vec();
    assert!(
        refused[0] == 0 && refused[0] < refused[1] && refused[1] < refused[2],
        "{refused:?}"
    );
}

#[test]
fn depths_beyond_the_most_are_refused() {
    let size: Size = "4".parse().unwrap();
    assert_eq!(
        Fsm::build(size, MAX_DEPTH + 1).unwrap_err(),
        BuildError::TooDeep(MAX_DEPTH + 1)
    );
    let empty = Fsm::build(size, 0).unwrap();
    assert_eq!((empty.forbidden(), empty.states()), (0, 16));
    assert_eq!(empty.after(5, &[Move::Up, Move::Up]), Some(13));
}

/// Every path of blank moves from `square` of at most `depth` moves that stays on the board, in
/// the order of least paths (by length, then move by move in the order of `Move::ALL`), each
/// with the board it leaves (tiles in order, the blank on `square` first).
fn paths(size: Size, square: usize, depth: usize) -> Vec<(Vec<usize>, Packed)> {
    let squares = Squares::new(size);
    let start: Packed = (0..size.cells()).map(|c| (c as u64) << (4 * c)).sum();
    let start = swap(start, 0, square);
    let mut all = vec![(Vec::new(), start, square)];
    let mut from = 0;
    for _ in 0..depth {
        let end = all.len();
        for i in from..end {
            for m in 0..4 {
                let (path, board, blank) = all[i].clone();
                if let Some(to) = squares.after(blank, m) {
                    let mut longer = path;
                    longer.push(m);
                    all.push((longer, swap(board, blank, to), to));
                }
            }
        }
        from = end;
    }
    all.into_iter()
        .map(|(path, board, _)| (path, board))
        .collect()
}

/// The builder against brute force on small boards: a path is allowed by the machine exactly
/// when no stretch of it (read from the square the blank is on when it begins) is a path that
/// is not the least to the board it leaves, the least found by enumerating every path.
#[test]
fn the_machine_forbids_exactly_the_paths_brute_force_finds_not_least() {
    for (size, depth) in [("2x3", 12), ("2x4", 10), ("3x3", 10)] {
        let size: Size = size.parse().unwrap();
        let fsm = Fsm::build(size, depth).unwrap();
        let mut refused = 0;
        let squares = Squares::new(size);
        // By square: every path of at most `depth` moves from it that is not the least to its
        // board.
        let not_least: Vec<hashbrown::HashSet<Vec<usize>>> = (0..size.cells())
            .map(|square| {
                let mut least = hashbrown::HashSet::new();
                paths(size, square, depth)
                    .into_iter()
                    .filter(|(_, board)| !least.insert(*board))
                    .map(|(path, _)| path)
                    .collect()
            })
            .collect();
        for square in 0..size.cells() {
            for (path, _) in paths(size, square, depth) {
                let mut on = vec![square];
                for &m in &path {
                    on.push(squares.after(*on.last().unwrap(), m).unwrap());
                }
                let forbidden_stretch = (0..path.len())
                    .any(|i| (i + 1..=path.len()).any(|j| not_least[on[i]].contains(&path[i..j])));
                let allowed = path
                    .iter()
                    .try_fold(fsm.start(square), |state, &m| fsm.step(state, Move::ALL[m]))
                    .is_some();
                assert_eq!(
                    allowed, !forbidden_stretch,
                    "{size}, blank on {square}, path {path:?}"
                );
                refused += usize::from(!allowed);
            }
        }
        assert!(refused > 0, "{size}: nothing to refuse at depth {depth}");
    }
}
