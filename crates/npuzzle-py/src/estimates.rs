//! The learned estimate of the distance to the goal, for numpy rows of positions: what ranks the
//! anytime solver's beams, for researchers to measure and compare with their own.

use std::path::PathBuf;
use std::sync::Arc;

use npuzzle_heuristic::{Heuristic, LinearConflict};
use npuzzle_learned::{self as learned, Learned, Network};
use npuzzle_search::Puzzle;
use numpy::{PyArray1, PyReadonlyArray2};
use pyo3::prelude::*;
use rayon::prelude::*;

use crate::batch::Rows;
use crate::board::goal_board;
use crate::errors::{model_error, parse_error};

/// Rows per task on the way through a batch.
const CHUNK: usize = 1024;

/// The learned estimate of each row (`float32`, in moves): linear conflict plus the network's
/// residual, never below linear conflict, 0 at the goal. `model` is a file made by
/// `npuzzle-train`; without it, the model shipped for the board and goal.
#[pyfunction]
#[pyo3(signature = (positions, width, height, goal="blank-last", model=None))]
pub fn learned_estimates<'py>(
    py: Python<'py>,
    positions: PyReadonlyArray2<'py, u8>,
    width: usize,
    height: usize,
    goal: &str,
    model: Option<PathBuf>,
) -> PyResult<Bound<'py, PyArray1<f32>>> {
    let batch = Rows::checked(&positions, width, height)?;
    let goal = goal_board(goal, batch.size)?;
    let puzzle = Puzzle::new(&goal).map_err(|e| parse_error(e.to_string()))?;
    let named = |e: String| match &model {
        Some(path) => parse_error(format!("model={}: {e}", path.display())),
        None => parse_error(e),
    };
    let network = match &model {
        Some(path) => py
            .detach(|| Network::load(path))
            .map(Arc::new)
            .map_err(|e| model_error(path, e))?,
        None => learned::builtin(&puzzle).ok_or_else(|| {
            named(format!(
                "no model is shipped for the {} board toward {goal}: pass model=",
                batch.size
            ))
        })?,
    };
    let lc = LinearConflict::new(&puzzle);
    let learned = Learned::new(&puzzle, &lc, &network).map_err(|e| named(e.to_string()))?;
    let cells = batch.size.cells();
    let mut values = vec![0f32; batch.count];
    py.detach(|| {
        values
            .par_chunks_mut(CHUNK)
            .zip(batch.cells.par_chunks(CHUNK * cells))
            .for_each(|(values, rows)| {
                for (value, row) in values.iter_mut().zip(rows.chunks_exact(cells)) {
                    *value = learned.estimate(&learned.start(row));
                }
            });
    });
    Ok(PyArray1::from_vec(py, values))
}
