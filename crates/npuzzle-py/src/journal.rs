//! The journal of a long IDA* search, as Python sets one aside (the library keeps it: the
//! split-search driver of `npuzzle.cluster.search`, and `npuzzle.solve(journal=)`).

use std::path::PathBuf;

use pyo3::prelude::*;

/// Sets the journal at `path` aside (renamed `NAME.refused-SECONDS`) for a search begun afresh
/// (`npuzzle.solve(journal=…, fresh=True)`): the new name, or None when there was no file.
#[pyfunction]
pub fn set_aside_journal(path: PathBuf) -> PyResult<Option<PathBuf>> {
    npuzzle_search::algorithm::journal::set_aside(&path).map_err(|e| {
        crate::errors::FileError::new_err(format!(
            "the journal {} could not be set aside: {e}",
            path.display()
        ))
    })
}
