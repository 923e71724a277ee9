//! The sliding-tile puzzle: boards of any size, goals, moves and their notations, text formats,
//! solvability, seeded generators and benchmark instance files. The game session is the
//! `npuzzle-game` crate.
//!
//! No I/O, no threads, no clock: this crate builds for `wasm32-unknown-unknown`.
//!
//! ```
//! use npuzzle_core::{parse_moves, solvability, Board, Goal};
//! let mut board: Board = "8 6 0/5 4 7/2 3 1".parse()?;
//! let goal = Goal::BlankLast.board(board.size())?;
//! solvability::check(&board, &goal)?;
//! board.apply_all(&parse_moves("R2 U", None, None)?)?;
//! assert_eq!(board.to_string(), "5 8 6/0 4 7/2 3 1");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![warn(missing_docs)]

pub mod board;
pub mod daily;
pub mod format;
pub mod generate;
pub mod geometry;
pub mod goal;
pub mod instances;
pub mod moves;
pub mod notation;
pub mod parse;
pub mod rows;
mod shown;
pub mod solvability;

pub use board::{Board, BoardError, IllegalMove, SequenceError, Tile};
pub use format::{Format, format_board};
pub use generate::{GENERATOR_VERSION, Generator};
pub use geometry::{Size, SizeError};
pub use goal::{Goal, GoalSizeMismatch};
pub use moves::Move;
pub use notation::{MoveWriter, Notation, NotationError, format_moves, parse_moves, parse_runs};
pub use parse::{
    MAX_GRID_ROWS, ParseError, PositionSplitter, detect_format, parse_board, split_positions,
};
pub use shown::shown;
