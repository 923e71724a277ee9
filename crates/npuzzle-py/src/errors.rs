//! The library's errors turned into the package's exceptions ([`crate::exceptions`]) with the
//! library's messages.

use npuzzle_core::shown;
use npuzzle_files::FileError as FilesError;
use npuzzle_heuristic::pdb::PdbError;
use npuzzle_learned::ModelError;
use npuzzle_search::SolveError;
use npuzzle_settings::ranges::OutOfRange;
use pyo3::exceptions::PyKeyboardInterrupt;
use pyo3::prelude::*;
use pyo3::types::PyDict;

pub use crate::exceptions::{DatabaseError, FileError, LimitReached, ParseError, UnsolvableError};

/// A value the user gave that cannot be read, as a [`ParseError`] (control characters shown
/// escaped, as on every surface).
pub fn parse_error(message: impl std::fmt::Display) -> PyErr {
    ParseError::new_err(shown(&message.to_string()).into_owned())
}

/// A number out of its accepted range (the library's, shared with the CLI), as a [`ParseError`]
/// naming the argument.
pub fn range_error(name: &str, error: OutOfRange) -> PyErr {
    parse_error(format!("{name}: {error}"))
}

/// A file that could not be read: `KeyboardInterrupt` when Ctrl-C ended a wait for it, else
/// [`FileError`] naming the file.
pub fn file_error(error: FilesError) -> PyErr {
    match error {
        FilesError::NotText { .. } => ParseError::new_err(shown(&error.to_string()).into_owned()),
        FilesError::Interrupted { .. } => {
            PyKeyboardInterrupt::new_err(shown(&error.to_string()).into_owned())
        }
        other => FileError::new_err(shown(&other.to_string()).into_owned()),
    }
}

/// The library's error as the exception a Python user expects.
pub fn solve_error(py: Python<'_>, error: SolveError) -> PyErr {
    let message = shown(&error.to_string()).into_owned();
    match error {
        SolveError::Unsolvable(_) => UnsolvableError::new_err(message),
        SolveError::Pdb(PdbError::Interrupted) => PyKeyboardInterrupt::new_err(message),
        SolveError::Pdb(_) => DatabaseError::new_err(message),
        SolveError::Journal { .. } => FileError::new_err(message),
        SolveError::LimitReached { limit, stats } => {
            let error = LimitReached::new_err(message);
            let value = error.value(py);
            let details = PyDict::new(py);
            let filled = details
                .set_item("expanded", stats.expanded)
                .and_then(|()| details.set_item("generated", stats.generated))
                .and_then(|()| details.set_item("seconds", stats.elapsed.as_secs_f64()))
                .and_then(|()| details.set_item("proved_bound", stats.proved_bound))
                .and_then(|()| details.set_item("peak_memory", stats.peak_memory))
                .and_then(|()| value.setattr("stats", details))
                .and_then(|()| value.setattr("limit", crate::limit::PyLimit { limit }));
            match filled {
                Ok(()) => error,
                Err(failed) => failed,
            }
        }
        _ => ParseError::new_err(message),
    }
}

/// A model file that cannot be used: [`file_error`] when it could not be read, else a
/// [`ParseError`] naming it and what is wrong.
pub fn model_error(path: &std::path::Path, error: ModelError) -> PyErr {
    match error {
        ModelError::File(error) => file_error(error),
        other => parse_error(format!("model={}: {other}", path.display())),
    }
}

/// A pattern-database error as [`DatabaseError`].
pub fn database_error(error: PdbError) -> PyErr {
    let message = shown(&error.to_string()).into_owned();
    match error {
        PdbError::Interrupted => PyKeyboardInterrupt::new_err(message),
        _ => DatabaseError::new_err(message),
    }
}
