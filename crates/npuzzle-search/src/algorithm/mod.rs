//! The search algorithms. Each checks solvability first, honours [`crate::Limits`], and returns a
//! [`crate::Solution`] verified by replay.

pub mod best_first;
pub mod constructive;
pub mod idastar;
pub mod rbfs;
pub mod table;
