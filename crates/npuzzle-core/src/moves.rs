//! Moves and operations on move sequences: inversion, simplification, and the STM and MTM metrics.
//!
//! A [`Move`] names the direction a **tile** slides (the community standard): [`Move::Up`] means
//! the tile below the blank moves up, so the blank moves down.

use std::fmt;

use serde::{Deserialize, Serialize};

/// The direction a tile slides into the blank.
///
/// ```
/// use npuzzle_core::Move;
/// assert_eq!(Move::Up.opposite(), Move::Down);
/// assert_eq!(Move::Up.tile_letter(), 'U');
/// // The blank moves the other way: a tile moving up is the blank moving down.
/// assert_eq!(Move::Up.blank_letter(), 'd');
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Move {
    /// The tile below the blank moves up.
    Up,
    /// The tile above the blank moves down.
    Down,
    /// The tile right of the blank moves left.
    Left,
    /// The tile left of the blank moves right.
    Right,
}

impl Move {
    /// All four moves, in the order `U D L R`.
    pub const ALL: [Move; 4] = [Move::Up, Move::Down, Move::Left, Move::Right];

    /// The move that undoes this one.
    pub fn opposite(self) -> Move {
        match self {
            Move::Up => Move::Down,
            Move::Down => Move::Up,
            Move::Left => Move::Right,
            Move::Right => Move::Left,
        }
    }

    /// The letter in tile notation: `U`, `D`, `L` or `R`.
    pub fn tile_letter(self) -> char {
        match self {
            Move::Up => 'U',
            Move::Down => 'D',
            Move::Left => 'L',
            Move::Right => 'R',
        }
    }

    /// The letter in blank notation (lower case, the direction the blank moves).
    pub fn blank_letter(self) -> char {
        self.opposite().tile_letter().to_ascii_lowercase()
    }

    /// The move a tile-notation letter names (either case).
    pub fn from_tile_letter(letter: char) -> Option<Move> {
        match letter.to_ascii_uppercase() {
            'U' => Some(Move::Up),
            'D' => Some(Move::Down),
            'L' => Some(Move::Left),
            'R' => Some(Move::Right),
            _ => None,
        }
    }

    /// The move a blank-notation letter names (either case): `u` (blank up) is the tile move `D`.
    pub fn from_blank_letter(letter: char) -> Option<Move> {
        Move::from_tile_letter(letter).map(Move::opposite)
    }

    /// Where the moving tile sits relative to the blank, as (row, column) offsets.
    pub fn tile_offset(self) -> (isize, isize) {
        match self {
            Move::Up => (1, 0),
            Move::Down => (-1, 0),
            Move::Left => (0, 1),
            Move::Right => (0, -1),
        }
    }

    /// The move that brings the tile at (row, column) offset `offset` from the blank into it, if
    /// that tile is adjacent to the blank.
    pub fn from_tile_offset(offset: (isize, isize)) -> Option<Move> {
        Move::ALL.into_iter().find(|m| m.tile_offset() == offset)
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.tile_letter())
    }
}

/// The sequence that undoes `moves`: reversed, each move replaced by its opposite.
///
/// ```
/// use npuzzle_core::{moves, Move::*};
/// assert_eq!(moves::invert(&[Up, Up, Left]), vec![Right, Down, Down]);
/// ```
pub fn invert(moves: &[Move]) -> Vec<Move> {
    moves.iter().rev().map(|m| m.opposite()).collect()
}

/// `moves` with every move that is immediately followed by its opposite cancelled, repeatedly,
/// so `R U D L` becomes empty. The result reaches the same position.
///
/// ```
/// use npuzzle_core::{moves, Move::*};
/// assert_eq!(moves::simplify(&[Right, Up, Down, Down, Left]), vec![Right, Down, Left]);
/// assert!(moves::simplify(&[Right, Up, Down, Left]).is_empty());
/// ```
pub fn simplify(moves: &[Move]) -> Vec<Move> {
    let mut kept: Vec<Move> = Vec::with_capacity(moves.len());
    for &m in moves {
        if kept.last() == Some(&m.opposite()) {
            kept.pop();
        } else {
            kept.push(m);
        }
    }
    kept
}

/// Maximal runs of equal moves, as (move, count).
///
/// ```
/// use npuzzle_core::{moves, Move::*};
/// let runs: Vec<_> = moves::runs(&[Right, Right, Up, Right]).collect();
/// assert_eq!(runs, vec![(Right, 2), (Up, 1), (Right, 1)]);
/// ```
pub fn runs(moves: &[Move]) -> impl Iterator<Item = (Move, usize)> + '_ {
    moves.chunk_by(|a, b| a == b).map(|run| (run[0], run.len()))
}

/// The STM and MTM lengths of `runs` (see [`stm`] and [`mtm`]).
///
/// ```
/// use npuzzle_core::{moves, Move::*};
/// assert_eq!(moves::run_lengths(&[(Right, 2), (Right, 1), (Up, 3)]), (6, 2));
/// ```
pub fn run_lengths(runs: &[(Move, usize)]) -> (usize, usize) {
    let runs = runs.iter().filter(|&&(_, count)| count > 0);
    let stm = runs.clone().map(|&(_, count)| count).sum();
    let mut last = None;
    let mtm = runs.filter(|&&(m, _)| last.replace(m) != Some(m)).count();
    (stm, mtm)
}

/// Length in the single-tile metric (STM): every tile slide counts one.
pub fn stm(moves: &[Move]) -> usize {
    moves.len()
}

/// Length in the multi-tile metric (MTM): a run of slides in one direction (which moves a whole
/// line of tiles at once) counts one.
///
/// ```
/// use npuzzle_core::{moves, Move::*};
/// let solution = [Right, Right, Right, Up, Left];
/// assert_eq!((moves::stm(&solution), moves::mtm(&solution)), (5, 3));
/// ```
pub fn mtm(moves: &[Move]) -> usize {
    runs(moves).count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use Move::*;

    #[test]
    fn letters_round_trip() {
        for m in Move::ALL {
            assert_eq!(Move::from_tile_letter(m.tile_letter()), Some(m));
            assert_eq!(Move::from_blank_letter(m.blank_letter()), Some(m));
            assert_eq!(Move::from_tile_offset(m.tile_offset()), Some(m));
            assert_eq!(m.opposite().opposite(), m);
        }
        assert_eq!(Move::from_tile_letter('x'), None);
    }

    #[test]
    fn blank_letters_are_opposite_directions() {
        assert_eq!(Down.blank_letter(), 'u');
        assert_eq!(Right.blank_letter(), 'l');
    }

    #[test]
    fn metrics_of_empty_sequence() {
        assert_eq!((stm(&[]), mtm(&[])), (0, 0));
    }
}
