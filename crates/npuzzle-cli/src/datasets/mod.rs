//! Files for other people's tools: optimal labels (`npuzzle label`) as numpy's `.npz` or in
//! DeepCubeA's layout, and a benchmark's per-state results (`npuzzle bench --export`) in
//! DeepCubeA's result layout and in PuXle's (the benchmark library of JAxtar). Every one of them
//! is toward the blank-last goal, as those tools are: a blank-first board (Korf's sets) is turned
//! a half turn and relabelled (tile t becomes n − t), its moves reversed, which keeps every
//! length.

mod npz;
mod pickle;

use npuzzle_core::{Board, Goal, Move, Tile};

pub use npz::Npz;
pub use pickle::{Layout, Results, deepcubea_labels, results};

/// DeepCubeA's action number of `m`: the tile moves `U D L R` are 0 to 3, as [`Move::ALL`].
pub fn action(m: Move) -> u8 {
    Move::ALL.iter().position(|&a| a == m).unwrap_or(0) as u8
}

/// How the boards of a goal are written for tools whose goal is blank-last.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Frame {
    /// Toward blank-last already: written as they are.
    AsIs,
    /// Toward blank-first: turned a half turn and relabelled, moves reversed.
    HalfTurn,
}

impl Frame {
    /// The frame of `goal`, or why those tools cannot take it.
    pub fn of(goal: &Goal) -> anyhow::Result<Frame> {
        match goal {
            Goal::BlankLast => Ok(Frame::AsIs),
            Goal::BlankFirst => Ok(Frame::HalfTurn),
            other => anyhow::bail!(
                "these layouts are toward the blank-last goal (or blank-first, turned a half \
                 turn): not '{other}'"
            ),
        }
    }

    /// `board`'s tiles, row-major, as those tools see them.
    pub fn tiles(self, board: &Board) -> Vec<Tile> {
        let cells = board.cells();
        match self {
            Frame::AsIs => cells.to_vec(),
            Frame::HalfTurn => {
                let n = cells.len() as Tile;
                let relabel = |t: Tile| if t == 0 { 0 } else { n - t };
                cells.iter().rev().map(|&t| relabel(t)).collect()
            }
        }
    }

    /// `m` as those tools see it.
    pub fn shown(self, m: Move) -> Move {
        match self {
            Frame::AsIs => m,
            Frame::HalfTurn => m.opposite(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_half_turn_takes_blank_first_to_blank_last_and_reverses_the_moves() {
        let size = "4".parse().unwrap();
        let first = Goal::BlankFirst.board(size).unwrap();
        let last = Goal::BlankLast.board(size).unwrap();
        let turned = Frame::HalfTurn.tiles(&first);
        assert_eq!(turned, Frame::AsIs.tiles(&last));
        // A board one move from the blank-first goal, turned, is one move from blank-last: the
        // move reversed.
        let m = first.legal_moves().next().unwrap();
        let mut near = first.clone();
        near.apply(m).unwrap();
        let mut turned = Board::new(size, Frame::HalfTurn.tiles(&near)).unwrap();
        turned.apply(Frame::HalfTurn.shown(m.opposite())).unwrap();
        assert_eq!(turned, last);
        assert_eq!(action(Move::Left), 2);
        assert!(Frame::of(&Goal::Spiral).is_err());
    }
}
