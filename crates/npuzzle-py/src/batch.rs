//! Batches for learning, on numpy rows of positions (one position a row of `uint8` cells):
//! heuristic values, solvability, children, random walks, moves applied. Every row is checked
//! to be a position first; a bad one raises, naming its row.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use npuzzle_core::{Board, Generator, Size, rows, solvability};
use npuzzle_heuristic::pdb::{Partition, Store, policy};
use npuzzle_search::{AnyHeuristic, Cancel, DistanceTable, HeuristicKind, Limits, Puzzle};
use npuzzle_settings::ranges::{self, Whole};
use numpy::{
    PyArray1, PyArray2, PyArray3, PyArrayMethods, PyReadonlyArray1, PyReadonlyArray2,
    PyUntypedArrayMethods,
};
use pyo3::prelude::*;

use crate::board::goal_board;
use crate::errors::{database_error, parse_error, range_error, solve_error};
use crate::grid::row_board;
use crate::ranges::{optional_whole, whole};
use crate::solving::interruptible;

/// What a built heuristic is kept under: its name, the goal (and so the size) and the folder.
type Built = (String, Board, Option<String>);

/// Heuristics built for a goal and size, kept between calls (walking distance's tables and
/// pattern databases take a while to make).
static BUILT: Mutex<Option<HashMap<Built, Arc<AnyHeuristic>>>> = Mutex::new(None);

/// The rows of a batch: `(n, cells)` bytes, each row checked to be a position of `size`.
pub struct Rows<'a> {
    pub cells: &'a [u8],
    pub size: Size,
    pub count: usize,
}

impl<'a> Rows<'a> {
    /// The rows of `array`, for boards of `width` × `height`, checked.
    pub fn checked(
        array: &'a PyReadonlyArray2<'_, u8>,
        width: usize,
        height: usize,
    ) -> PyResult<Rows<'a>> {
        let size = Size::new(width, height).map_err(parse_error)?;
        let cells = array
            .as_slice()
            .map_err(|_| parse_error("positions must be a C-ordered array"))?;
        let [count, columns] = array.shape() else {
            return Err(parse_error("positions are a 2-D array"));
        };
        if *columns != size.cells() {
            return Err(parse_error(format!(
                "a {size} board has {} cells, the rows have {columns}",
                size.cells()
            )));
        }
        rows::check(cells, size).map_err(parse_error)?;
        Ok(Rows {
            cells,
            size,
            count: *count,
        })
    }

    fn iter(&self) -> impl Iterator<Item = &'a [u8]> + 'a {
        self.cells.chunks_exact(self.size.cells())
    }
}

/// The heuristic `name` ("misplaced", "manhattan", "linear-conflict", "walking-distance", "pdb" or a
/// partition such as "663", "78", "6666") for `goal` on boards of `size`.
/// Ctrl-C stops a database build (between its layers) and raises `KeyboardInterrupt`.
pub fn heuristic(
    py: Python<'_>,
    name: &str,
    goal: &Board,
    cache_dir: Option<&str>,
) -> PyResult<Arc<AnyHeuristic>> {
    let cancel = Cancel::new();
    interruptible(py, &cancel, || built(name, goal, cache_dir, &cancel))?
}

/// [`heuristic`], on the calling thread; a database build stops once `cancel` is cancelled.
fn built(
    name: &str,
    goal: &Board,
    cache_dir: Option<&str>,
    cancel: &Cancel,
) -> PyResult<Arc<AnyHeuristic>> {
    let key = (
        name.to_string(),
        goal.clone(),
        cache_dir.map(str::to_string),
    );
    let mut built = BUILT.lock().unwrap_or_else(|p| p.into_inner());
    let built = built.get_or_insert_with(HashMap::new);
    if let Some(h) = built.get(&key) {
        return Ok(Arc::clone(h));
    }
    let puzzle = Puzzle::new(goal).map_err(|e| parse_error(e.to_string()))?;
    let h = match name.parse::<HeuristicKind>() {
        Ok(HeuristicKind::Pdb) => {
            let partition = policy::when_asked(goal.size());
            databases(&puzzle, partition, cache_dir, cancel)?
        }
        Ok(kind) => AnyHeuristic::new(kind, &puzzle)
            .map_err(|e| Python::attach(|py| solve_error(py, e.into())))?,
        Err(unknown) => match name.parse::<Partition>() {
            Ok(partition) => databases(&puzzle, partition, cache_dir, cancel)?,
            // Written as a partition: say what is wrong with it, not that it is no heuristic.
            Err(error) if name.starts_with("z:") || name.contains([',', '/']) => {
                return Err(parse_error(error.to_string()));
            }
            Err(_) => return Err(parse_error(unknown)),
        },
    };
    let h = Arc::new(h);
    built.insert(key, Arc::clone(&h));
    Ok(h)
}

/// The pattern databases of `partition`, opened from the store (built and saved first when
/// missing, as `npuzzle pdb build` does).
fn databases(
    puzzle: &Puzzle,
    partition: Partition,
    cache_dir: Option<&str>,
    cancel: &Cancel,
) -> PyResult<AnyHeuristic> {
    let store = Store::locate(cache_dir.map(std::path::Path::new))
        .map_err(database_error)?
        .stopped_by(cancel.clone());
    let pdb = store
        .open(puzzle, &partition, &mut |_| {})
        .map_err(database_error)?;
    Ok(AnyHeuristic::Pdb(pdb))
}

/// The heuristic's value of each row, as `uint8` (or `uint16` past 255).
#[pyfunction]
#[pyo3(signature = (positions, width, height, name, goal="blank-last", cache_dir=None))]
pub fn heuristic_values<'py>(
    py: Python<'py>,
    positions: PyReadonlyArray2<'py, u8>,
    width: usize,
    height: usize,
    name: &str,
    goal: &str,
    cache_dir: Option<&str>,
) -> PyResult<Bound<'py, PyAny>> {
    let batch = Rows::checked(&positions, width, height)?;
    let goal = goal_board(goal, batch.size)?;
    let h = heuristic(py, name, &goal, cache_dir)?;
    let mut values = vec![0u32; batch.count];
    py.detach(|| h.evaluate_rows(batch.cells, &mut values));
    Ok(if values.iter().all(|&v| v <= 255) {
        PyArray1::from_iter(py, values.into_iter().map(|v| v as u8)).into_any()
    } else {
        PyArray1::from_iter(py, values.into_iter().map(|v| v as u16)).into_any()
    })
}

/// For each row, whether it can reach `goal`.
#[pyfunction]
#[pyo3(signature = (positions, width, height, goal="blank-last"))]
pub fn solvable<'py>(
    py: Python<'py>,
    positions: PyReadonlyArray2<'py, u8>,
    width: usize,
    height: usize,
    goal: &str,
) -> PyResult<Bound<'py, PyArray1<bool>>> {
    let batch = Rows::checked(&positions, width, height)?;
    let goal = goal_board(goal, batch.size)?;
    let verdicts: Vec<bool> = py.detach(|| {
        (0..batch.count)
            .map(|at| solvability::is_solvable(&row_board(batch.cells, at, batch.size), &goal))
            .collect()
    });
    Ok(PyArray1::from_vec(py, verdicts))
}

/// For each row, whether it is `goal`.
#[pyfunction]
#[pyo3(signature = (positions, width, height, goal="blank-last"))]
pub fn solved<'py>(
    py: Python<'py>,
    positions: PyReadonlyArray2<'py, u8>,
    width: usize,
    height: usize,
    goal: &str,
) -> PyResult<Bound<'py, PyArray1<bool>>> {
    let batch = Rows::checked(&positions, width, height)?;
    let goal = goal_board(goal, batch.size)?;
    let target: Vec<u8> = goal.cells().iter().map(|&t| t as u8).collect();
    Ok(PyArray1::from_vec(
        py,
        batch.iter().map(|row| row == target).collect(),
    ))
}

/// Every row's four children, in the order of the moves `U D L R`: `(children, legal,
/// undoes)`, shaped `(n, 4, cells)`, `(n, 4)`, `(n, 4)`; a move that leaves the board gives the
/// row itself and `legal` False; `undoes` marks the move that undoes `previous` (a move code per
/// row, -1 for none).
#[pyfunction]
#[pyo3(signature = (positions, width, height, previous=None))]
#[allow(clippy::type_complexity)]
pub fn children<'py>(
    py: Python<'py>,
    positions: PyReadonlyArray2<'py, u8>,
    width: usize,
    height: usize,
    previous: Option<PyReadonlyArray1<'py, i8>>,
) -> PyResult<(
    Bound<'py, PyArray3<u8>>,
    Bound<'py, PyArray2<bool>>,
    Bound<'py, PyArray2<bool>>,
)> {
    let batch = Rows::checked(&positions, width, height)?;
    let previous = match &previous {
        Some(codes) => {
            let codes = codes
                .as_slice()
                .map_err(|_| parse_error("previous must be a C-ordered array"))?;
            if codes.len() != batch.count {
                return Err(parse_error(format!(
                    "previous has {} moves for {} positions",
                    codes.len(),
                    batch.count
                )));
            }
            rows::check_codes(codes).map_err(|e| parse_error(format!("previous: {e}")))?;
            Some(codes)
        }
        None => None,
    };
    let cells = batch.size.cells();
    let mut out = vec![0u8; batch.count * 4 * cells];
    let mut legal = vec![false; batch.count * 4];
    let mut undoes = vec![false; batch.count * 4];
    py.detach(|| {
        rows::children(
            batch.cells,
            batch.size,
            previous,
            &mut out,
            &mut legal,
            &mut undoes,
        )
    });
    let shape = [batch.count, 4];
    Ok((
        PyArray1::from_vec(py, out).reshape([batch.count, 4, cells])?,
        PyArray1::from_vec(py, legal).reshape(shape)?,
        PyArray1::from_vec(py, undoes).reshape(shape)?,
    ))
}

/// Each row after the move of its code (`U D L R` as 0 to 3; -1 leaves it); a move that leaves
/// the board raises, naming the row.
#[pyfunction]
#[pyo3(signature = (positions, width, height, moves))]
pub fn apply_moves<'py>(
    py: Python<'py>,
    positions: PyReadonlyArray2<'py, u8>,
    width: usize,
    height: usize,
    moves: PyReadonlyArray1<'py, i8>,
) -> PyResult<Bound<'py, PyArray2<u8>>> {
    let batch = Rows::checked(&positions, width, height)?;
    let moves = moves
        .as_slice()
        .map_err(|_| parse_error("moves must be a C-ordered array"))?;
    if moves.len() != batch.count {
        return Err(parse_error(format!(
            "{} moves for {} positions",
            moves.len(),
            batch.count
        )));
    }
    let mut out = batch.cells.to_vec();
    py.detach(|| rows::apply(&mut out, batch.size, moves))
        .map_err(parse_error)?;
    let cells = batch.size.cells();
    PyArray1::from_vec(py, out).reshape([batch.count, cells])
}

/// Random walks from `goal`, one per entry of `lengths` (that many moves, never undoing the
/// last: DeepCubeA's scramble), from `seed`. Each length is checked against the CLI's `--walk`
/// range and the batch against the batch cap before anything is allocated; Ctrl-C stops it.
#[pyfunction]
#[pyo3(signature = (width, height, lengths, seed, goal="blank-last"))]
pub fn random_walks<'py>(
    py: Python<'py>,
    width: usize,
    height: usize,
    lengths: PyReadonlyArray1<'py, u64>,
    #[pyo3(from_py_with = seed_argument)] seed: u64,
    goal: &str,
) -> PyResult<Bound<'py, PyArray2<u8>>> {
    let size = Size::new(width, height).map_err(parse_error)?;
    if size.cells() > rows::MAX_CELLS {
        return Err(parse_error(format!(
            "batches take boards of at most {} cells, not {size}",
            rows::MAX_CELLS
        )));
    }
    let lengths = lengths
        .as_slice()
        .map_err(|_| parse_error("lengths must be a C-ordered array"))?;
    let walks: Vec<u32> = lengths
        .iter()
        .map(|&n| Whole::Walk.check(i128::from(n)).map(|n| n as u32))
        .collect::<Result<_, _>>()
        .map_err(|e| range_error("lengths", e))?;
    ranges::batch(walks.len() as u64, size.cells()).map_err(|e| range_error("lengths", e))?;
    let goal: Vec<u8> = goal_board(goal, size)?
        .cells()
        .iter()
        .map(|&t| t as u8)
        .collect();
    let cancel = Cancel::new();
    let out = interruptible(py, &cancel, || {
        let mut generator = Generator::new(seed);
        let mut out = Vec::with_capacity(walks.len() * size.cells());
        // A chunk of walks at a time, Ctrl-C looked at between them.
        for chunk in walks.chunks(WALKS_PER_CHECK) {
            if cancel.is_cancelled() {
                break;
            }
            out.extend(rows::random_walks(&goal, size, chunk, &mut generator));
        }
        out
    })?;
    PyArray1::from_vec(py, out).reshape([walks.len(), size.cells()])
}

/// Walks made between two looks at Ctrl-C.
const WALKS_PER_CHECK: usize = 1024;

/// `count` positions of `size`, as `npuzzle generate --seed` draws them: uniformly random
/// solvable ones (never the goal); with `walk`, the ends of random walks that never undo a move;
/// with `distance`, positions exactly that many moves from the goal (boards of at most 12 cells,
/// from a complete table). `count` and `walk` are checked against the batch cap and the CLI's
/// `--walk` range first; Ctrl-C stops it.
#[pyfunction]
#[pyo3(signature = (width, height, count, seed, walk=None, distance=None, goal="blank-last"))]
#[allow(clippy::too_many_arguments)]
pub fn generate<'py>(
    py: Python<'py>,
    width: usize,
    height: usize,
    #[pyo3(from_py_with = count_argument)] count: u64,
    #[pyo3(from_py_with = seed_argument)] seed: u64,
    #[pyo3(from_py_with = walk_argument)] walk: Option<u64>,
    #[pyo3(from_py_with = distance_argument)] distance: Option<u64>,
    goal: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let size = Size::new(width, height).map_err(parse_error)?;
    let goal = goal_board(goal, size)?;
    // The smallest dtype that holds the tiles.
    let tile_bytes = crate::grid::tile_bytes(size.cells());
    ranges::batch(count, size.cells() * tile_bytes).map_err(|e| range_error("count", e))?;
    let cancel = Cancel::new();
    let draw = Draw {
        goal: &goal,
        count: count as usize,
        seed,
        walk: walk.map(|w| w as usize),
        distance: distance.map(|d| d as u8),
        cancel: &cancel,
    };
    let shape = [count as usize, size.cells()];
    match tile_bytes {
        1 => rows_array(
            py,
            interruptible(py, &cancel, || draw.tiles(|t| t as u8))??,
            shape,
        ),
        2 => rows_array(
            py,
            interruptible(py, &cancel, || draw.tiles(|t| t as u16))??,
            shape,
        ),
        _ => rows_array(
            py,
            interruptible(py, &cancel, || draw.tiles(|t| t))??,
            shape,
        ),
    }
}

/// `tiles` as an array of `shape`, without a copy.
fn rows_array<'py, T: numpy::Element>(
    py: Python<'py>,
    tiles: Vec<T>,
    shape: [usize; 2],
) -> PyResult<Bound<'py, PyAny>> {
    Ok(PyArray1::from_vec(py, tiles).reshape(shape)?.into_any())
}

/// `count=`, checked against the batch range.
fn count_argument(value: &Bound<'_, PyAny>) -> PyResult<u64> {
    whole("count", Whole::Positions, value)
}

/// `seed=`, a seed as the CLI's `--seed` takes it.
fn seed_argument(value: &Bound<'_, PyAny>) -> PyResult<u64> {
    whole("seed", Whole::Seed, value)
}

/// `distance=`, checked against the CLI's `--distance` range.
fn distance_argument(value: &Bound<'_, PyAny>) -> PyResult<Option<u64>> {
    optional_whole("distance", Whole::Distance, Some(value))
}

/// `walk=`, checked against the CLI's `--walk` range.
fn walk_argument(value: &Bound<'_, PyAny>) -> PyResult<Option<u64>> {
    optional_whole("walk", Whole::Walk, Some(value))
}

/// What [`generate`] draws.
struct Draw<'a> {
    goal: &'a Board,
    count: usize,
    seed: u64,
    walk: Option<usize>,
    distance: Option<u8>,
    cancel: &'a Cancel,
}

impl Draw<'_> {
    /// The positions' tiles, row after row, each made a `T` by `tile`; stops early (with what
    /// it has) when cancelled.
    fn tiles<T>(&self, tile: impl Fn(u32) -> T) -> PyResult<Vec<T>> {
        let at_distance = match self.distance {
            Some(distance) => Some(positions_at(self.goal, distance, self.cancel)?),
            None => None,
        };
        let mut generator = Generator::new(self.seed);
        let mut out = Vec::with_capacity(self.count * self.goal.cells().len());
        for at in 0..self.count {
            if at % WALKS_PER_CHECK == 0 && self.cancel.is_cancelled() {
                break;
            }
            let board = match (&at_distance, self.walk) {
                (Some(positions), _) => positions[generator.index(positions.len())].clone(),
                (None, Some(length)) => generator.random_walk_position(self.goal, length),
                (None, None) => generator.random_position(self.goal),
            };
            out.extend(board.cells().iter().map(|&t| tile(t)));
        }
        Ok(out)
    }
}

/// Every position exactly `distance` moves from `goal`, from its complete table.
fn positions_at(goal: &Board, distance: u8, cancel: &Cancel) -> PyResult<Vec<Board>> {
    let solve = |e| Python::attach(|py| solve_error(py, e));
    let puzzle = Puzzle::new(goal).map_err(|e| solve(e.into()))?;
    let limits = Limits::default().cancel(cancel.clone());
    let table = DistanceTable::build(&puzzle, limits).map_err(solve)?;
    let positions: Vec<Board> = table.positions_at(distance).collect();
    if positions.is_empty() {
        return Err(parse_error(format!(
            "no {} position is {distance} moves from the goal: the farthest are {} away",
            goal.size(),
            table.layer_counts().len() - 1
        )));
    }
    Ok(positions)
}
