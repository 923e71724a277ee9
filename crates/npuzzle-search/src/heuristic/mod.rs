//! Admissible heuristics: lower bounds on the number of moves to the goal.

mod manhattan;

pub use manhattan::Manhattan;
