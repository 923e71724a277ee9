//! The forbidden sequences of one board: for each square the blank can start on, breadth-first
//! search over the blank's paths groups the paths that leave the same arrangement, and every
//! path that is not the least of its group is forbidden.

use hashbrown::HashMap;
use npuzzle_core::{Move, Size};

/// The longest sequence a [`Sequence`] holds: two bits a move in 58 bits, six for the length.
pub(super) const LONGEST: usize = 29;

/// A path of the blank from a square, two bits a move ([`Move::ALL`]'s order), the first move
/// lowest, and its length in the top six bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(super) struct Sequence(u64);

impl Sequence {
    pub(super) const EMPTY: Sequence = Sequence(0);

    pub(super) fn len(self) -> usize {
        (self.0 >> 58) as usize
    }

    /// Move `i` (an index of [`Move::ALL`]).
    pub(super) fn get(self, i: usize) -> usize {
        (self.0 >> (2 * i) & 3) as usize
    }

    pub(super) fn first(self) -> Option<usize> {
        (self.len() > 0).then(|| self.get(0))
    }

    /// The sequence one move longer.
    fn then(self, m: usize) -> Sequence {
        let len = self.len();
        let moves = self.0 & ((1 << 58) - 1);
        Sequence(moves | (m as u64) << (2 * len) | ((len as u64 + 1) << 58))
    }

    pub(super) fn moves(self) -> impl Iterator<Item = usize> {
        (0..self.len()).map(move |i| self.get(i))
    }
}

/// A board's squares and where the blank goes from each by each move.
#[derive(Clone, Debug)]
pub(super) struct Squares {
    /// `to[4 * square + m]`: the blank's square after move `m`, or `NOWHERE` off the board.
    to: Vec<u16>,
    pub(super) cells: usize,
}

pub(super) const NOWHERE: u16 = u16::MAX;

impl Squares {
    pub(super) fn new(size: Size) -> Squares {
        let cells = size.cells();
        let mut to = vec![NOWHERE; 4 * cells];
        for square in 0..cells {
            let (row, column) = size.coords(square);
            for (m, mv) in Move::ALL.into_iter().enumerate() {
                let (dr, dc) = mv.tile_offset();
                let r = row.checked_add_signed(dr).filter(|&r| r < size.height());
                let c = column.checked_add_signed(dc).filter(|&c| c < size.width());
                if let (Some(r), Some(c)) = (r, c) {
                    to[4 * square + m] = size.index(r, c) as u16;
                }
            }
        }
        Squares { to, cells }
    }

    /// The blank's square after move `m` from `square`, if it stays on the board.
    pub(super) fn after(&self, square: usize, m: usize) -> Option<usize> {
        let to = self.to[4 * square + m];
        (to != NOWHERE).then_some(to as usize)
    }
}

/// The board as a search from one square sees it: which tile (named by its first cell) is on
/// each cell, and where the blank is.
struct Arrangement<'a> {
    squares: &'a Squares,
    start: usize,
    tiles: Vec<u16>,
    blank: usize,
}

impl<'a> Arrangement<'a> {
    fn new(squares: &'a Squares, start: usize) -> Self {
        Arrangement {
            squares,
            start,
            tiles: (0..squares.cells as u16).collect(),
            blank: start,
        }
    }

    fn reset(&mut self) {
        for (cell, tile) in self.tiles.iter_mut().enumerate() {
            *tile = cell as u16;
        }
        self.blank = self.start;
    }

    /// Plays `m`, which must stay on the board.
    fn apply(&mut self, m: usize) {
        let to = self.squares.to[4 * self.blank + m] as usize;
        self.tiles.swap(to, self.blank);
        self.blank = to;
    }

    /// The tiles after `sequence` from the start.
    fn after(&mut self, sequence: Sequence) -> Vec<u16> {
        self.reset();
        sequence.moves().for_each(|m| self.apply(m));
        self.tiles.clone()
    }
}

/// Hashes of arrangements: the exclusive or of each tile's share on its cell, none at home.
struct Shares {
    cells: usize,
    table: Vec<u64>,
}

impl Shares {
    fn new(cells: usize) -> Shares {
        let table = (0..cells * cells)
            .map(|i| {
                let (tile, cell) = (i / cells, i % cells);
                if tile == cell { 0 } else { mix(i as u64) }
            })
            .collect();
        Shares { cells, table }
    }

    fn of(&self, tile: u16, cell: usize) -> u64 {
        self.table[tile as usize * self.cells + cell]
    }
}

/// SplitMix64's finaliser: a well-mixed 64 bits of `x`.
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// A hasher for keys that are already well-mixed hashes.
#[derive(Clone, Copy, Default)]
struct Passed(u64);

impl std::hash::Hasher for Passed {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, _: &[u8]) {
        unreachable!("only u64 keys are hashed")
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = x;
    }
}

type Least = HashMap<u64, Sequence, std::hash::BuildHasherDefault<Passed>>;

/// Every forbidden sequence of up to `depth` moves from `start` whose every shorter start is the
/// least of its class and whose least differs from it in the first move (when both begin alike,
/// the rest is a forbidden sequence from the next square, found there). Hashes only propose a
/// pair; each is checked by replaying both, so a collision can hide a forbidden sequence but
/// never forbid a least one.
pub(super) fn forbidden(squares: &Squares, start: usize, depth: usize) -> Vec<Sequence> {
    let shares = Shares::new(squares.cells);
    let mut board = Arrangement::new(squares, start);
    let mut least = Least::default();
    least.insert(0, Sequence::EMPTY);
    let mut layer = vec![(Sequence::EMPTY, 0u64)];
    let mut proposed = Vec::new();
    for _ in 0..depth {
        let mut next = Vec::with_capacity(layer.len() * 3);
        for &(path, hash) in &layer {
            board.reset();
            path.moves().for_each(|m| board.apply(m));
            for m in 0..4 {
                let Some(to) = squares.after(board.blank, m) else {
                    continue;
                };
                let (tile, blank) = (board.tiles[to], board.tiles[board.blank]);
                let hash = hash
                    ^ shares.of(tile, to)
                    ^ shares.of(tile, board.blank)
                    ^ shares.of(blank, board.blank)
                    ^ shares.of(blank, to);
                let longer = path.then(m);
                match least.entry(hash) {
                    hashbrown::hash_map::Entry::Vacant(slot) => {
                        slot.insert(longer);
                        next.push((longer, hash));
                    }
                    hashbrown::hash_map::Entry::Occupied(slot) => {
                        if slot.get().first() != longer.first() {
                            proposed.push((longer, *slot.get()));
                        }
                    }
                }
            }
        }
        layer = next;
    }
    drop(least);
    proposed
        .into_iter()
        .filter(|&(path, least)| board.after(path) == board.after(least))
        .map(|(path, _)| path)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sequence_keeps_its_moves_and_length() {
        let s = Sequence::EMPTY.then(2).then(0).then(3);
        assert_eq!((s.len(), s.moves().collect::<Vec<_>>()), (3, vec![2, 0, 3]));
        assert_eq!(s.first(), Some(2));
        assert_eq!(Sequence::EMPTY.first(), None);
    }

    #[test]
    fn undoing_a_move_is_forbidden_everywhere() {
        let squares = Squares::new("3".parse().unwrap());
        for start in 0..9 {
            let found = forbidden(&squares, start, 2);
            let degree = (0..4)
                .filter(|&m| squares.after(start, m).is_some())
                .count();
            assert_eq!(found.len(), degree, "square {start}");
            assert!(
                found
                    .iter()
                    .all(|s| s.len() == 2 && s.get(0) == s.get(1) ^ 1)
            );
        }
    }
}
