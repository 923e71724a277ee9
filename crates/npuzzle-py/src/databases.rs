//! `npuzzle.pdb`: pattern databases from Python, in the same cache folder as the CLI.

use std::path::PathBuf;
use std::sync::Arc;

use npuzzle_heuristic::pdb::{Store, policy};
use npuzzle_search::AnyHeuristic;
use numpy::PyReadonlyArray2;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::batch::{Rows, heuristic};
use crate::board::{goal_board, read_size};
use crate::errors::database_error;

/// Pattern databases for one board size and goal, open in memory: `values(positions)` gives
/// each position's additive lower bound.
#[pyclass(module = "npuzzle", name = "PatternDatabases", frozen)]
pub struct PyDatabases {
    h: Arc<AnyHeuristic>,
    width: usize,
    height: usize,
    partition: String,
}

#[pymethods]
impl PyDatabases {
    /// The board size, `"WxH"`.
    #[getter]
    fn size(&self) -> String {
        format!("{}x{}", self.width, self.height)
    }

    /// The partition (`"663"`, `"78"`, `"6666"`, …).
    #[getter]
    fn partition(&self) -> &str {
        &self.partition
    }

    /// The lower bound of each row of `positions` (an `(n, cells)` `uint8` array).
    fn values<'py>(
        &self,
        py: Python<'py>,
        positions: PyReadonlyArray2<'py, u8>,
    ) -> PyResult<Bound<'py, numpy::PyArray1<u8>>> {
        let batch = Rows::checked(&positions, self.width, self.height)?;
        let mut values = vec![0u32; batch.count];
        py.detach(|| self.h.evaluate_rows(batch.cells, &mut values));
        // Additive databases on boards up to 5x5 stay far below 256.
        Ok(numpy::PyArray1::from_iter(
            py,
            values.into_iter().map(|v| v.min(255) as u8),
        ))
    }

    fn __repr__(&self) -> String {
        format!(
            "PatternDatabases(size={:?}, partition={:?})",
            self.size(),
            self.partition
        )
    }
}

/// The partition asked for, or the one the policy builds when databases are asked for.
fn partition_name(size: npuzzle_core::Size, partition: Option<&str>) -> String {
    partition.map_or_else(|| policy::when_asked(size).to_string(), str::to_string)
}

/// Opens the databases of `partition` for `size` (built and saved first when missing, as `npuzzle
/// pdb build` does; the 7-8 and 6-6-6-6 sets take minutes and hundreds of MB).
#[pyfunction]
#[pyo3(signature = (size, partition=None, goal="blank-last", cache_dir=None))]
pub fn open(
    py: Python<'_>,
    size: &str,
    partition: Option<&str>,
    goal: &str,
    cache_dir: Option<&str>,
) -> PyResult<PyDatabases> {
    let size = read_size(size)?;
    let goal = goal_board(goal, size)?;
    let partition = partition_name(size, partition);
    let h = heuristic(py, &partition, &goal, cache_dir)?;
    Ok(PyDatabases {
        h,
        width: size.width(),
        height: size.height(),
        partition,
    })
}

/// Builds (or checks, when built) the databases of `partition` for `size`: their files.
#[pyfunction]
#[pyo3(signature = (size, partition=None, goal="blank-last", cache_dir=None))]
pub fn build(
    py: Python<'_>,
    size: &str,
    partition: Option<&str>,
    goal: &str,
    cache_dir: Option<&str>,
) -> PyResult<Vec<PathBuf>> {
    open(py, size, partition, goal, cache_dir)?;
    let store = store(cache_dir)?;
    let entries = store.entries().map_err(database_error)?;
    let size = read_size(size)?;
    Ok(entries
        .into_iter()
        .filter(|e| {
            e.header.as_ref().is_ok_and(|h| {
                (h.width as usize, h.height as usize) == (size.width(), size.height())
            })
        })
        .map(|e| e.path)
        .collect())
}

/// The store's folder.
#[pyfunction]
#[pyo3(signature = (cache_dir=None))]
pub fn folder(cache_dir: Option<&str>) -> PyResult<PathBuf> {
    Ok(store(cache_dir)?.dir().to_path_buf())
}

/// Every database file in the store: a dict per file (`path`, `size`, `tiles`, `entries`,
/// `zero_aware`, `layout`: plain, listed or dense; or `error` when it cannot be read).
#[pyfunction]
#[pyo3(signature = (cache_dir=None))]
pub fn list<'py>(py: Python<'py>, cache_dir: Option<&str>) -> PyResult<Vec<Bound<'py, PyDict>>> {
    let entries = store(cache_dir)?.entries().map_err(database_error)?;
    entries
        .into_iter()
        .map(|entry| {
            let item = PyDict::new(py);
            item.set_item("path", entry.path)?;
            match entry.header {
                Ok(header) => {
                    item.set_item("size", format!("{}x{}", header.width, header.height))?;
                    item.set_item("zero_aware", header.zero_aware())?;
                    item.set_item("layout", header.layout.to_string())?;
                    item.set_item("tiles", header.tiles)?;
                    item.set_item("entries", header.entries)?;
                }
                Err(error) => item.set_item("error", error.to_string())?,
            }
            Ok(item)
        })
        .collect()
}

fn store(cache_dir: Option<&str>) -> PyResult<Store> {
    Store::locate(cache_dir.map(std::path::Path::new)).map_err(database_error)
}
