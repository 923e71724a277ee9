//! `npuzzle._native.Boards`: the native core of `npuzzle.env`, stepping every board of a batch in
//! one call with the GIL released, writing into arrays the Python side allocated once.

mod deal;
mod engine;
mod settings;

pub use settings::PyEnvSettings;

use npuzzle_search::{Algorithm, Cancel, DistanceTable, Limits, Options, Puzzle, Solver};
use numpy::{PyReadonlyArray1, PyReadwriteArrayDyn};
use pyo3::prelude::*;

use self::deal::{Deal, Dealer, Need};
use self::engine::{Engine, StepOut};
use crate::batch::heuristic;
use crate::board::goal_board;
use crate::errors::{parse_error, solve_error};
use crate::exceptions::ActionError;
use crate::ranges::whole;
use crate::solving::interruptible;
use npuzzle_settings::ranges::Whole;

/// Why an environment cannot do what it was asked.
#[derive(Debug, thiserror::Error)]
pub enum EnvError {
    /// An argument out of what the environment takes.
    #[error("{0}")]
    Argument(String),
    /// An action that is not 0 to 3.
    #[error("board {board}: action {action} is not 0 (up), 1 (down), 2 (left) or 3 (right)")]
    Action {
        /// The board.
        board: usize,
        /// The action given.
        action: i64,
    },
    /// An action off the board, refused (`illegal="error"`).
    #[error("board {board}: action {action} moves off the board (see the action mask)")]
    Illegal {
        /// The board.
        board: usize,
        /// The action.
        action: usize,
    },
    /// A board that could not be dealt.
    #[error("{0}")]
    Deal(String),
}

impl From<EnvError> for PyErr {
    fn from(error: EnvError) -> PyErr {
        match error {
            EnvError::Action { .. } | EnvError::Illegal { .. } => {
                ActionError::new_err(error.to_string())
            }
            other => parse_error(other),
        }
    }
}

/// Boards of at most this many cells get their complete table when made, so that every board
/// dealt comes with its optimal distance: those `auto` answers from a table (3x3, built in
/// hundredths of a second).
const TABLE_CELLS: usize = npuzzle_search::thresholds::AUTO_TABLE_CELLS;

/// A batch of boards stepped together (the state beside the boards array the caller holds).
#[pyclass(module = "npuzzle._native", name = "Boards")]
pub struct PyBoards {
    engine: Engine,
    cells: usize,
}

/// A mutable array's elements as one slice of `len`, or an error naming it.
fn slice_mut<'a, T: numpy::Element>(
    array: &'a mut PyReadwriteArrayDyn<'_, T>,
    name: &str,
    len: usize,
) -> PyResult<&'a mut [T]> {
    let slice = array
        .as_slice_mut()
        .map_err(|_| parse_error(format!("{name}: a contiguous array is needed")))?;
    if slice.len() != len {
        return Err(parse_error(format!(
            "{name}: {} elements where {len} are needed",
            slice.len()
        )));
    }
    Ok(slice)
}

#[pymethods]
impl PyBoards {
    /// The boards `settings` describe, dealt uniformly at random until told otherwise
    /// ([`PyBoards::set_deal`]).
    #[new]
    fn new(settings: &PyEnvSettings) -> PyResult<PyBoards> {
        let size = settings.size;
        let mut dealer = Dealer::new(goal_board(&settings.goal, size)?);
        if size.cells() <= TABLE_CELLS {
            // Small enough to know every board's distance from the start (3x3: 181,440).
            let puzzle = Puzzle::new(dealer.goal()).map_err(parse_error)?;
            let table = DistanceTable::build(&puzzle, Limits::default()).map_err(parse_error)?;
            dealer.give_table(table);
        }
        let engine = Engine::new(settings.count, settings.config, dealer)?;
        Ok(PyBoards {
            engine,
            cells: size.cells(),
        })
    }

    /// The goal's tiles, row after row.
    #[getter]
    fn goal(&mut self) -> Vec<u8> {
        let goal = self.engine.dealer_mut().goal();
        goal.cells().iter().map(|&t| t as u8).collect()
    }

    /// Deals `kind` from the next reset on: `"uniform"`, `"walk"` (`value` moves) or
    /// `"distance"` (`value` moves exactly); builds the table or opens the databases it needs
    /// first. Returns how it samples: `(kind, uniform, words)`.
    #[pyo3(signature = (kind, value=None, cache_dir=None))]
    fn set_deal(
        &mut self,
        py: Python<'_>,
        kind: &str,
        value: Option<&Bound<'_, PyAny>>,
        cache_dir: Option<&str>,
    ) -> PyResult<(&'static str, bool, String)> {
        // The library's accepted ranges (the CLI's `--walk` and `--distance`), never clamped.
        let value = |name: &str, range: Whole| {
            let value =
                value.ok_or_else(|| parse_error(format!("{name} needs a number of moves")))?;
            whole(name, range, value)
        };
        let deal = match kind {
            "uniform" => Deal::Uniform,
            "walk" => Deal::Walk(value("walk", Whole::Walk)? as usize),
            "distance" => Deal::Distance(value("distance", Whole::Distance)? as u8),
            other => {
                return Err(parse_error(format!(
                    "deal {other:?}: uniform, walk or distance"
                )));
            }
        };
        // Refused before a table is built or databases are opened for it.
        Dealer::refuse_zero(deal)?;
        self.prepare(py, deal, cache_dir)?;
        let dealer = self.engine.dealer_mut();
        dealer.set(deal)?;
        let sampling = dealer.sampling();
        Ok((sampling.kind, sampling.uniform, sampling.words))
    }

    /// Deals the boards `mask` names (all when None) into `boards`, seeded `seed + i` when a
    /// seed is given, writing their masks and optimal distances (−1 where unknown).
    #[pyo3(signature = (boards, masks, distances, seed=None, mask=None))]
    fn reset(
        &mut self,
        py: Python<'_>,
        mut boards: PyReadwriteArrayDyn<'_, u8>,
        mut masks: PyReadwriteArrayDyn<'_, bool>,
        mut distances: PyReadwriteArrayDyn<'_, i32>,
        seed: Option<u64>,
        mask: Option<PyReadonlyArray1<'_, bool>>,
    ) -> PyResult<()> {
        let n = self.engine.count();
        let boards = slice_mut(&mut boards, "boards", n * self.cells)?;
        let masks = slice_mut(&mut masks, "masks", n * 4)?;
        let distances = slice_mut(&mut distances, "distances", n)?;
        let mask = mask.as_ref().map(|m| m.as_slice()).transpose()?;
        if mask.is_some_and(|m| m.len() != n) {
            return Err(parse_error(format!("reset_mask: {n} booleans are needed")));
        }
        let cancel = Cancel::new();
        self.engine.dealer_mut().watch(cancel.clone());
        let engine = &mut self.engine;
        interruptible(py, &cancel, || {
            engine.reset(seed, mask, boards, masks, distances)
        })??;
        Ok(())
    }

    /// Steps every board by its action, writing boards, rewards, flags, masks and distances in
    /// place (and, in same-step mode, the boards episodes ended on with their flags).
    #[pyo3(signature = (actions, boards, rewards, terminated, truncated, masks, distances, finals=None, final_flags=None))]
    #[allow(clippy::too_many_arguments)]
    fn step(
        &mut self,
        py: Python<'_>,
        actions: PyReadonlyArray1<'_, i64>,
        mut boards: PyReadwriteArrayDyn<'_, u8>,
        mut rewards: PyReadwriteArrayDyn<'_, f32>,
        mut terminated: PyReadwriteArrayDyn<'_, bool>,
        mut truncated: PyReadwriteArrayDyn<'_, bool>,
        mut masks: PyReadwriteArrayDyn<'_, bool>,
        mut distances: PyReadwriteArrayDyn<'_, i32>,
        mut finals: Option<PyReadwriteArrayDyn<'_, u8>>,
        mut final_flags: Option<PyReadwriteArrayDyn<'_, bool>>,
    ) -> PyResult<()> {
        let n = self.engine.count();
        let actions = actions.as_slice()?;
        if actions.len() != n {
            return Err(ActionError::new_err(format!(
                "{} actions for {n} boards",
                actions.len()
            )));
        }
        let boards = slice_mut(&mut boards, "boards", n * self.cells)?;
        let finals = match (&mut finals, &mut final_flags) {
            (Some(f), Some(flags)) => Some((
                slice_mut(f, "finals", n * self.cells)?,
                slice_mut(flags, "final_flags", n)?,
            )),
            _ => None,
        };
        let out = StepOut {
            rewards: slice_mut(&mut rewards, "rewards", n)?,
            terminated: slice_mut(&mut terminated, "terminated", n)?,
            truncated: slice_mut(&mut truncated, "truncated", n)?,
            masks: slice_mut(&mut masks, "masks", n * 4)?,
            distances: slice_mut(&mut distances, "distances", n)?,
            finals,
        };
        if !self.engine.dealer().searches() {
            let engine = &mut self.engine;
            return Ok(py.detach(|| engine.step(actions, boards, out))?);
        }
        // A board dealt again may be searched for: Ctrl-C can stop that.
        let cancel = Cancel::new();
        self.engine.dealer_mut().watch(cancel.clone());
        let engine = &mut self.engine;
        interruptible(py, &cancel, || engine.step(actions, boards, out))??;
        Ok(())
    }
}

/// Says, as a `ResourceWarning`, what the complete table of a board of more than a million
/// positions takes before it is built (a 12-cell board: 239,500,800 positions, a byte each).
fn say_table_cost(py: Python<'_>, puzzle: &Puzzle) -> PyResult<()> {
    let positions: u64 = (3..=puzzle.cells() as u64).product();
    if positions < 1 << 20 {
        return Ok(());
    }
    let message = std::ffi::CString::new(format!(
        "building the complete distance table of {}: {positions} positions, {} MiB, about a \
         minute on one core (Ctrl-C stops it)",
        puzzle.size(),
        positions.div_ceil(1 << 20)
    ))
    .unwrap_or_default();
    let category = py.get_type::<pyo3::exceptions::PyResourceWarning>();
    PyErr::warn(py, &category, &message, 1)
}

impl PyBoards {
    /// Gives the dealer what dealing `deal` needs: the complete table (boards of at most 12
    /// cells), or IDA* with the pattern databases of the policy, opened from `cache_dir` or
    /// built there first (4x4).
    fn prepare(&mut self, py: Python<'_>, deal: Deal, cache_dir: Option<&str>) -> PyResult<()> {
        let dealer = self.engine.dealer_mut();
        match dealer.needs(deal)? {
            Need::Nothing => {}
            Need::Table => {
                let puzzle = Puzzle::new(dealer.goal()).map_err(parse_error)?;
                say_table_cost(py, &puzzle)?;
                // Ctrl-C stops the build (a 12-cell table takes a minute).
                let cancel = Cancel::new();
                let limits = Limits::default().cancel(cancel.clone());
                let table = interruptible(py, &cancel, || DistanceTable::build(&puzzle, limits))?
                    .map_err(|e| solve_error(py, e))?;
                dealer.give_table(table);
            }
            Need::Databases => {
                let goal = dealer.goal().clone();
                let h = heuristic(py, "pdb", &goal, cache_dir)?;
                let options = Options {
                    algorithm: Algorithm::IdaStar,
                    ..Options::default()
                };
                let solver = Solver::with_heuristic(&goal, options, (*h).clone())
                    .map_err(|e| solve_error(py, e))?;
                dealer.give_solver(solver);
            }
        }
        Ok(())
    }
}
