//! `npuzzle.Solution`: the library's one report of a solution, the CLI's `--json` line.

use npuzzle_core::{Board, Notation};
use npuzzle_search::{Report, Solution};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::board::{PyBoard, goal_board};
use crate::errors::parse_error;

/// A solution and what finding it took: the fields of the CLI's `--json` line.
#[pyclass(module = "npuzzle", name = "Solution", frozen, eq)]
#[derive(Clone, PartialEq)]
pub struct PySolution {
    report: Report,
}

impl PySolution {
    /// The position solved.
    fn start(&self) -> PyResult<Board> {
        self.report.position.parse().map_err(parse_error)
    }

    /// The report of `solution` from `start`, its moves in tile notation.
    pub fn of(start: &Board, solution: &Solution) -> PyResult<PySolution> {
        let report = Report::new(start, solution, Notation::Tile, false)
            .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
        Ok(PySolution { report })
    }
}

#[pymethods]
impl PySolution {
    /// A solution from one JSON line of the CLI's `solve --json` (or `to_json`), checked: its
    /// moves are replayed from its position to `goal` (to one of the named goals when None),
    /// and its figures must fit them.
    #[staticmethod]
    #[pyo3(signature = (line, goal=None))]
    fn from_json(line: &str, goal: Option<&str>) -> PyResult<PySolution> {
        let solution = PySolution::_restore(line)?;
        let goal = match goal {
            Some(goal) => Some(goal_board(goal, solution.start()?.size())?),
            None => None,
        };
        solution
            .report
            .check(goal.as_ref())
            .map_err(|why| parse_error(format!("a solution's JSON line: {why}")))?;
        Ok(solution)
    }

    /// A solution from its own `to_json`, as pickle restores it (the process that pickled it
    /// made it).
    #[staticmethod]
    fn _restore(line: &str) -> PyResult<PySolution> {
        let report: Report = serde_json::from_str(line)
            .map_err(|e| parse_error(format!("a solution's JSON line: {e}")))?;
        Ok(PySolution { report })
    }

    /// The moves in tile notation (`"U"`: the tile below the blank moves up).
    #[getter]
    fn moves(&self) -> &str {
        &self.report.solution
    }

    /// The position solved.
    #[getter]
    fn position(&self) -> PyResult<PyBoard> {
        Ok(PyBoard {
            board: self.report.position.parse().map_err(parse_error)?,
        })
    }

    /// The number of moves (single-tile moves).
    #[getter]
    fn length(&self) -> u64 {
        self.report.figures.length
    }

    /// Moves counting a run of tiles moved in one direction as one.
    #[getter]
    fn mtm(&self) -> u64 {
        self.report.figures.mtm
    }

    /// Whether the length is proved optimal.
    #[getter]
    fn optimal(&self) -> bool {
        self.report.figures.optimal
    }

    /// What the proof of optimality rests on: `"search"`, `"journal"` (partly a journal an
    /// earlier run kept), or None when the length is not proved optimal.
    #[getter]
    fn proof(&self) -> Option<&'static str> {
        self.report.figures.proof.map(|proof| match proof {
            npuzzle_search::Proof::Search => "search",
            npuzzle_search::Proof::Journal => "journal",
        })
    }

    /// No solution is shorter than this.
    #[getter]
    fn lower_bound(&self) -> u64 {
        self.report.figures.lower_bound
    }

    /// The length above the lower bound.
    #[getter]
    fn gap(&self) -> u64 {
        self.report.figures.gap
    }

    /// Weighted A*'s bound on the length as a multiple of the optimum, if any.
    #[getter]
    fn bound(&self) -> Option<f64> {
        self.report.figures.bound
    }

    /// The method that found it.
    #[getter]
    fn algorithm(&self) -> String {
        self.report.figures.algorithm.to_string()
    }

    /// The heuristic it searched with, if any.
    #[getter]
    fn heuristic(&self) -> Option<String> {
        self.report.figures.heuristic.map(|h| h.to_string())
    }

    /// What ranked the anytime solver's beams: "learned" where a trained network did, else
    /// "heuristic" (the bound heuristic, `heuristic`, focused); None for the other methods.
    #[getter]
    fn ranking(&self) -> Option<String> {
        self.report.figures.ranking.map(|r| r.to_string())
    }

    /// Positions expanded.
    #[getter]
    fn expanded(&self) -> u64 {
        self.report.figures.expanded
    }

    /// Positions generated.
    #[getter]
    fn generated(&self) -> u64 {
        self.report.figures.generated
    }

    /// Seconds the search took.
    #[getter]
    fn seconds(&self) -> f64 {
        self.report.figures.seconds
    }

    /// What stopped the anytime solver before its budget was spent, if anything.
    #[getter]
    fn stopped(&self) -> Option<&str> {
        self.report.figures.stopped.as_deref()
    }

    /// The CLI's `--json` line for this solution.
    fn to_json(&self) -> PyResult<String> {
        serde_json::to_string(&self.report).map_err(|e| PyRuntimeError::new_err(e.to_string()))
    }

    /// The CLI's text for this solution (with `batch`, the position first and a blank line
    /// after, as for several positions).
    #[pyo3(signature = (batch=false))]
    fn to_text(&self, batch: bool) -> String {
        self.report.text(batch)
    }

    fn __len__(&self) -> usize {
        self.report.figures.length as usize
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
        let from_json = slf.get_type().getattr("_restore")?;
        let args = PyTuple::new(slf.py(), [slf.get().to_json()?])?;
        Ok((from_json, args))
    }
}
