//! `npuzzle.Solution`: the library's one report of a solution, the CLI's `--json` line.

use npuzzle_core::{Board, Notation};
use npuzzle_search::{Report, Solution};
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use serde_json::{Map, Value};

use crate::board::PyBoard;
use crate::errors::parse_error;

/// A solution and what finding it took: the fields of the CLI's `--json` line.
#[pyclass(module = "npuzzle", name = "Solution", frozen, eq)]
#[derive(Clone, PartialEq)]
pub struct PySolution {
    fields: Map<String, Value>,
}

/// The fields every report has (the CLI's `--json` line), with the JSON type each holds.
const FIELDS: [(&str, &str); 9] = [
    ("position", "string"),
    ("solution", "string"),
    ("length", "integer"),
    ("optimal", "boolean"),
    ("algorithm", "string"),
    ("lower_bound", "integer"),
    ("expanded", "integer"),
    ("generated", "integer"),
    ("seconds", "number"),
];

impl PySolution {
    /// The report of `solution` from `start`, its moves in tile notation.
    pub fn of(start: &Board, solution: &Solution) -> PyResult<PySolution> {
        let report = Report::new(start, solution, Notation::Tile, false)
            .map_err(|e| pyo3::exceptions::PyRuntimeError::new_err(e.to_string()))?;
        match serde_json::to_value(report) {
            Ok(Value::Object(fields)) => Ok(PySolution { fields }),
            _ => Err(pyo3::exceptions::PyRuntimeError::new_err(
                "internal error: a report is not a JSON object",
            )),
        }
    }

    fn text(&self, name: &str) -> &str {
        self.fields.get(name).and_then(Value::as_str).unwrap_or("")
    }

    fn integer(&self, name: &str) -> u64 {
        self.fields.get(name).and_then(Value::as_u64).unwrap_or(0)
    }
}

#[pymethods]
impl PySolution {
    /// A solution from one JSON line of the CLI's `solve --json` (or `to_json`).
    #[staticmethod]
    fn from_json(line: &str) -> PyResult<PySolution> {
        let fields = match serde_json::from_str(line) {
            Ok(Value::Object(fields)) => fields,
            Ok(_) => return Err(parse_error("a solution's JSON is an object")),
            Err(e) => return Err(parse_error(format!("a solution's JSON: {e}"))),
        };
        for (name, kind) in FIELDS {
            let fits = match (kind, fields.get(name)) {
                ("string", Some(Value::String(_))) | ("boolean", Some(Value::Bool(_))) => true,
                ("integer", Some(v)) => v.is_u64(),
                ("number", Some(v)) => v.is_number(),
                _ => false,
            };
            if !fits {
                return Err(parse_error(format!(
                    "a solution's JSON needs \"{name}\" ({kind})"
                )));
            }
        }
        Ok(PySolution { fields })
    }

    /// The moves in tile notation (`"U"`: the tile below the blank moves up).
    #[getter]
    fn moves(&self) -> &str {
        self.text("solution")
    }

    /// The position solved.
    #[getter]
    fn position(&self) -> PyResult<PyBoard> {
        Ok(PyBoard {
            board: self.text("position").parse().map_err(parse_error)?,
        })
    }

    /// The number of moves (single-tile moves).
    #[getter]
    fn length(&self) -> u64 {
        self.integer("length")
    }

    /// Moves counting a run of tiles moved in one direction as one.
    #[getter]
    fn mtm(&self) -> u64 {
        self.integer("mtm")
    }

    /// Whether the length is proved optimal.
    #[getter]
    fn optimal(&self) -> bool {
        self.fields.get("optimal").and_then(Value::as_bool) == Some(true)
    }

    /// No solution is shorter than this.
    #[getter]
    fn lower_bound(&self) -> u64 {
        self.integer("lower_bound")
    }

    /// The length above the lower bound.
    #[getter]
    fn gap(&self) -> u64 {
        self.length().saturating_sub(self.lower_bound())
    }

    /// Weighted A*'s bound on the length as a multiple of the optimum, if any.
    #[getter]
    fn bound(&self) -> Option<f64> {
        self.fields.get("bound").and_then(Value::as_f64)
    }

    /// The method that found it.
    #[getter]
    fn algorithm(&self) -> &str {
        self.text("algorithm")
    }

    /// The heuristic it searched with, if any.
    #[getter]
    fn heuristic(&self) -> Option<&str> {
        self.fields.get("heuristic").and_then(Value::as_str)
    }

    /// Positions expanded.
    #[getter]
    fn expanded(&self) -> u64 {
        self.integer("expanded")
    }

    /// Positions generated.
    #[getter]
    fn generated(&self) -> u64 {
        self.integer("generated")
    }

    /// Seconds the search took.
    #[getter]
    fn seconds(&self) -> f64 {
        self.fields
            .get("seconds")
            .and_then(Value::as_f64)
            .unwrap_or(0.0)
    }

    /// What stopped the anytime solver before its budget was spent, if anything.
    #[getter]
    fn stopped(&self) -> Option<&str> {
        self.fields.get("stopped").and_then(Value::as_str)
    }

    /// The CLI's `--json` line for this solution.
    fn to_json(&self) -> String {
        Value::Object(self.fields.clone()).to_string()
    }

    fn __len__(&self) -> usize {
        self.length() as usize
    }

    fn __repr__(&self) -> String {
        format!(
            "Solution(length={}, optimal={}, algorithm='{}', moves='{}')",
            self.length(),
            if self.optimal() { "True" } else { "False" },
            self.algorithm(),
            self.moves()
        )
    }

    /// For pickle: rebuilt from its JSON.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let from_json = slf.get_type().getattr("from_json")?;
        let args = PyTuple::new(py, [slf.get().to_json()])?;
        Ok((from_json, args))
    }
}
