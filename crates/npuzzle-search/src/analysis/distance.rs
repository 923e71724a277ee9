//! Distances to the goal: one position's from nothing, a neighbour's from the one beside it
//! (consecutive positions of a game differ by one move, so their distances differ by exactly
//! one: one IDA* iteration tells which way), a game's along the game, and a position's optimal
//! moves (its neighbours one nearer).

use npuzzle_core::{Board, Move};

use super::{AnalysisError, Distance, Verdict};
use crate::error::SolveError;
use crate::limits::Limits;
use crate::prepared::{Prepared, Search};
use crate::solver::Solver;

/// The distance of `board` by `solver` within `limits`, from nothing.
pub(super) fn of(solver: &Solver, board: &Board, limits: &Limits) -> Result<Distance, SolveError> {
    Ok(of_counted(solver, board, limits)?.0)
}

/// [`of`], and the nodes it expanded.
fn of_counted(
    solver: &Solver,
    board: &Board,
    limits: &Limits,
) -> Result<(Distance, u64), SolveError> {
    if board == solver.goal() {
        return Ok((Distance::Exact { moves: 0 }, 0));
    }
    let solution = solver.solve_within(board, limits)?;
    Ok((Distance::of(&solution), solution.stats.expanded))
}

/// The distance of `board`, reached by the move `came_by` from a position `beside` away. When
/// that is exact and the solver is IDA*, `board` is one nearer or one farther: a single
/// iteration at one nearer, never undoing `came_by` first, tells which (the iterations below it,
/// which a search from nothing repeats, are skipped; [`crate::SplitSearch::subtree_beside`]).
/// Otherwise from nothing.
pub(super) fn beside(
    solver: &Solver,
    board: &Board,
    beside: (Distance, Move),
    limits: &Limits,
) -> Result<Distance, SolveError> {
    Ok(beside_counted(solver, board, beside, limits)?.0)
}

/// [`beside`], and the nodes it expanded.
fn beside_counted(
    solver: &Solver,
    board: &Board,
    (beside, came_by): (Distance, Move),
    limits: &Limits,
) -> Result<(Distance, u64), SolveError> {
    let nearer = match beside {
        Distance::Exact { moves } if by_idastar(solver) && moves > 0 => moves - 1,
        _ => return of_counted(solver, board, limits),
    };
    if board == solver.goal() {
        return Ok((Distance::Exact { moves: 0 }, 0));
    }
    let start = solver.start(board)?;
    let found =
        solver.split_search(|search| search.subtree_beside(&start, came_by, nearer, limits))?;
    let moves = match found.found {
        Some(_) => nearer,
        None => nearer + 2,
    };
    Ok((Distance::Exact { moves }, found.stats.expanded))
}

/// Whether `solver` searches by IDA* (which a search of one iteration can serve).
pub(super) fn by_idastar(solver: &Solver) -> bool {
    matches!(
        solver.prepared(),
        Prepared::Search {
            search: Search::IdaStar { .. },
            ..
        }
    )
}

/// The distances of `positions`, consecutive positions of a game (`played[k]` leads from
/// position `k` to `k + 1`): the first from nothing, each other beside the one before it.
fn along(
    solver: &Solver,
    positions: &[Board],
    played: &[Move],
    limits: &Limits,
) -> Result<Vec<Distance>, SolveError> {
    let mut distances: Vec<Distance> = Vec::with_capacity(positions.len());
    for (k, board) in positions.iter().enumerate() {
        let distance = match distances.last() {
            Some(&before) => beside(solver, board, (before, played[k - 1]), limits)?,
            None => of(solver, board, limits)?,
        };
        distances.push(distance);
    }
    Ok(distances)
}

/// The distances of a game's `positions` (`played[k]` leads from position `k` to `k + 1`) on
/// every core: the game cut into as many stretches as there are threads, each stretch
/// [`along`].
pub(super) fn of_game(
    solver: &Solver,
    positions: &[Board],
    played: &[Move],
    limits: &Limits,
) -> Result<Vec<Distance>, SolveError> {
    let stretch = positions.len().div_ceil(threads()).max(1);
    let starts: Vec<usize> = (0..positions.len()).step_by(stretch).collect();
    let distances = each(&starts, |&first| {
        let end = (first + stretch).min(positions.len());
        along(
            solver,
            &positions[first..end],
            &played[first..end - 1],
            limits,
        )
    })?;
    Ok(distances.into_iter().flatten().collect())
}

/// Every optimal move from `board`, `here` away: the moves to neighbours one nearer, each
/// neighbour's distance found beside `here` (but `known`'s, a move known to be optimal).
pub(super) fn optimal_moves_at(
    solver: &Solver,
    board: &Board,
    here: Distance,
    known: Option<Move>,
    limits: &Limits,
) -> Result<Vec<Move>, SolveError> {
    Ok(optimal_moves_counted(solver, board, here, known, limits)?.0)
}

/// [`optimal_moves_at`], and the nodes its neighbours' searches expanded.
pub(super) fn optimal_moves_counted(
    solver: &Solver,
    board: &Board,
    here: Distance,
    known: Option<Move>,
    limits: &Limits,
) -> Result<(Vec<Move>, u64), SolveError> {
    let next: Vec<(Move, Board)> = board
        .legal_moves()
        .map(|m| {
            let mut after = board.clone();
            let _ = after.apply(m);
            (m, after)
        })
        .collect();
    let distances = each(&next, |(m, after)| match (known == Some(*m), here) {
        (true, Distance::Exact { moves }) => Ok((Distance::Exact { moves: moves - 1 }, 0)),
        _ => beside_counted(solver, after, (here, *m), limits),
    })?;
    let expanded = distances.iter().map(|(_, nodes)| nodes).sum();
    let moves = next
        .iter()
        .zip(distances)
        .filter(|(_, (after, _))| Verdict::of(here, *after) == Verdict::Optimal)
        .map(|((m, _), _)| *m)
        .collect();
    Ok((moves, expanded))
}

/// The positions of the game: the start, then after each move; an illegal move is named.
pub(super) fn positions(start: &Board, played: &[Move]) -> Result<Vec<Board>, AnalysisError> {
    let mut positions = Vec::with_capacity(played.len() + 1);
    let mut board = start.clone();
    positions.push(board.clone());
    for (k, &m) in played.iter().enumerate() {
        board.apply(m).map_err(|_| AnalysisError::Illegal {
            number: k + 1,
            letter: m.tile_letter(),
        })?;
        positions.push(board.clone());
    }
    Ok(positions)
}

fn threads() -> usize {
    #[cfg(not(target_arch = "wasm32"))]
    return rayon::current_num_threads();
    #[cfg(target_arch = "wasm32")]
    1
}

/// `f` of every item, on every core where there are threads (in order; the first error).
pub(super) fn each<T: Sync, R: Send>(
    items: &[T],
    f: impl Fn(&T) -> Result<R, SolveError> + Sync + Send,
) -> Result<Vec<R>, SolveError> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        use rayon::prelude::*;
        items.par_iter().map(f).collect()
    }
    #[cfg(target_arch = "wasm32")]
    items.iter().map(f).collect()
}
