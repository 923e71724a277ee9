//! Training and measuring the learned rankings of npuzzle's anytime solver
//! ([`npuzzle_learned`]): approximate value iteration with candle from random
//! positions, and the estimate's error against known optimal lengths.

pub mod measure;
pub mod net;
pub mod positions;
pub mod targets;
pub mod train;
