//! Solvers for the sliding-tile puzzle: admissible heuristics and search algorithms.
//!
//! ```
//! use npuzzle_core::{Board, Goal};
//! use npuzzle_search::heuristic::Manhattan;
//! let board: Board = "8 6 0/5 4 7/2 3 1".parse().unwrap();
//! let goal = Goal::BlankLast.board(board.size()).unwrap();
//! assert_eq!(Manhattan::new(&goal).distance(&board), 20);
//! ```
#![warn(missing_docs)]

pub mod heuristic;
