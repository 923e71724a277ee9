//! One module per subcommand; each writes its results to `out` and returns a [`Status`].
//!
//! [`Status`]: crate::status::Status

pub mod analyse;
pub mod apply;
pub mod bench;
pub mod check;
pub mod convert;
pub mod daily;
pub mod generate;
pub mod lab;
pub mod label;
pub mod pdb;
pub mod solve;
pub mod table;
pub mod trace;
pub mod trainer;
pub mod verify;
