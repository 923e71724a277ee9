//! The package's exceptions: `npuzzle.ParseError`, `UnsolvableError`, `LimitReached`,
//! `DatabaseError`, `FileError` and `ActionError`.

use pyo3::exceptions::{PyException, PyOSError, PyValueError};

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
    "A search stopped by a limit: `limit` (an `npuzzle.Limit`) says which, `stats` how far it got."
);
pyo3::create_exception!(
    npuzzle,
    DatabaseError,
    PyException,
    "A pattern database that cannot be chosen, built, read or saved."
);

pyo3::create_exception!(
    npuzzle,
    FileError,
    PyOSError,
    "A file that cannot be read or written: not a regular file where one is needed, over the \
     size read from such a file, or failing to read (the message names the file)."
);
pyo3::create_exception!(
    npuzzle,
    ActionError,
    PyValueError,
    "An action an environment cannot take: not 0 to 3, too many or too few for the boards, or \
     (with illegal=\"error\") off the board; the message names the board."
);
