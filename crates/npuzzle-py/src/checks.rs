//! What the package's Python code checks through the library: numbers against the accepted
//! ranges every surface shares, and text made safe to show.

use npuzzle_settings::ranges::Whole;
use pyo3::prelude::*;

use crate::ranges::whole;

/// A whole-number setting of the package's Python code (the cluster's command line), checked
/// against the library's range, shared with the CLI.
#[pyclass(module = "npuzzle", name = "Range", eq, eq_int, frozen)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PyRange {
    /// Positions of one cluster task.
    Chunk,
    /// Subtrees a worker gets in a split search's iteration.
    Subtrees,
    /// Nodes the split search's driver searches alone first.
    LocalNodes,
    /// Threads of a batch.
    Threads,
    /// Steps (or a text puzzle's turns) before an episode is truncated.
    EpisodeSteps,
}

#[pymethods]
impl PyRange {
    /// `value` if it is in range, else `ParseError` naming `name`, the range and the value.
    fn check(&self, name: &str, value: &Bound<'_, PyAny>) -> PyResult<u64> {
        let range = match self {
            PyRange::Chunk => Whole::Chunk,
            PyRange::Subtrees => Whole::Subtrees,
            PyRange::LocalNodes => Whole::LocalNodes,
            PyRange::Threads => Whole::Threads,
            PyRange::EpisodeSteps => Whole::EpisodeSteps,
        };
        whole(name, range, value)
    }
}

/// `text` with control characters shown escaped (`\u{1b}`), as every surface shows user text.
#[pyfunction]
pub fn shown(text: &str) -> String {
    npuzzle_core::shown(text).into_owned()
}
