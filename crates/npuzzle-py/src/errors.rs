//! The package's exceptions, and the library's errors turned into them with the library's
//! messages.

use npuzzle_search::SolveError;
use npuzzle_search::pdb::PdbError;
use pyo3::exceptions::{PyException, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

pyo3::create_exception!(
    npuzzle,
    ParseError,
    PyValueError,
    "A position, size, goal or option that cannot be read (the message says what and where)."
);
pyo3::create_exception!(
    npuzzle,
    UnsolvableError,
    PyValueError,
    "A position that cannot reach its goal (the message says which parity is off)."
);
pyo3::create_exception!(
    npuzzle,
    LimitReached,
    PyException,
    "A search stopped by a limit: `limit` says which, `stats` how far it got."
);
pyo3::create_exception!(
    npuzzle,
    DatabaseError,
    PyException,
    "A pattern database that cannot be chosen, built, read or saved."
);

/// A value the user gave that cannot be read, as a [`ParseError`].
pub fn parse_error(message: impl std::fmt::Display) -> PyErr {
    ParseError::new_err(message.to_string())
}

/// The library's error as the exception a Python user expects.
pub fn solve_error(py: Python<'_>, error: SolveError) -> PyErr {
    let message = error.to_string();
    match error {
        SolveError::Unsolvable(_) => UnsolvableError::new_err(message),
        SolveError::Pdb(_) => DatabaseError::new_err(message),
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
                .and_then(|()| value.setattr("limit", limit.to_string()));
            match filled {
                Ok(()) => error,
                Err(failed) => failed,
            }
        }
        _ => PyValueError::new_err(message),
    }
}

/// A pattern-database error as [`DatabaseError`].
pub fn database_error(error: PdbError) -> PyErr {
    DatabaseError::new_err(error.to_string())
}
