//! `npuzzle.Limit`: the limit that stopped a search, as data (its kind and value) with the
//! library's words for it; what `LimitReached.limit` holds on every road (a solve, a batch, a
//! cluster task, the split search).

use std::time::Duration;

use npuzzle_search::Limit;
use pyo3::prelude::*;
use pyo3::types::{PyTuple, PyType};

use crate::exceptions::ParseError;

/// The limit that stopped a search: `kind` is "nodes", "time", "memory" or "cancelled", and
/// `value` the limit (nodes, seconds, bytes; None for a cancellation). `str()` gives the
/// library's words ("the node limit (1000 nodes)").
#[pyclass(module = "npuzzle", name = "Limit", frozen, eq)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PyLimit {
    pub limit: Limit,
}

#[pymethods]
impl PyLimit {
    /// A limit of `kind` ("nodes", "time", "memory", "cancelled") and `value`.
    #[new]
    #[pyo3(signature = (kind, value=None))]
    fn new(kind: &str, value: Option<&Bound<'_, PyAny>>) -> PyResult<PyLimit> {
        let whole = value.and_then(|v| v.extract::<u64>().ok());
        let limit = match (kind, value, whole) {
            ("nodes", _, Some(n)) => Limit::Nodes(n),
            ("memory", _, Some(b)) => Limit::Memory(b),
            ("time", Some(s), _) => {
                let seconds: f64 = s
                    .extract()
                    .map_err(|_| ParseError::new_err("time: give seconds"))?;
                Limit::Time(Duration::try_from_secs_f64(seconds).map_err(|_| {
                    ParseError::new_err(format!("time: {seconds} is not a number of seconds"))
                })?)
            }
            ("cancelled", None, _) => Limit::Cancelled,
            _ => {
                return Err(ParseError::new_err(format!(
                    "a limit is 'nodes', 'time' or 'memory' with its value, or 'cancelled'; \
                     not '{}'",
                    npuzzle_core::shown(kind)
                )));
            }
        };
        Ok(PyLimit { limit })
    }

    /// "nodes", "time", "memory" or "cancelled".
    #[getter]
    fn kind(&self) -> &'static str {
        match self.limit {
            Limit::Nodes(_) => "nodes",
            Limit::Time(_) => "time",
            Limit::Memory(_) => "memory",
            Limit::Cancelled => "cancelled",
        }
    }

    /// The limit: nodes or bytes (an int), seconds (a float); None for a cancellation.
    #[getter]
    fn value(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        Ok(match self.limit {
            Limit::Nodes(n) | Limit::Memory(n) => Some(n.into_pyobject(py)?.into_any().unbind()),
            Limit::Time(t) => Some(t.as_secs_f64().into_pyobject(py)?.into_any().unbind()),
            Limit::Cancelled => None,
        })
    }

    fn __str__(&self) -> String {
        self.limit.to_string()
    }

    fn __repr__(&self) -> String {
        match self.limit {
            Limit::Nodes(n) | Limit::Memory(n) => format!("Limit('{}', {n})", self.kind()),
            Limit::Time(t) => format!("Limit('time', {:?})", t.as_secs_f64()),
            Limit::Cancelled => "Limit('cancelled')".to_string(),
        }
    }

    /// For pickle (and Ray): rebuilt from its kind and value.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyType>, Bound<'py, PyTuple>)> {
        let this = slf.get();
        let args = (this.kind(), this.value(slf.py())?).into_pyobject(slf.py())?;
        Ok((slf.get_type(), args))
    }
}
