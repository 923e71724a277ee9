//! Distances to the goal: one position's from nothing, a neighbour's from the one beside it
//! (consecutive positions of a game differ by one move, so their distances differ by exactly
//! one: one IDA* iteration tells which way), and a game's, along the game.

use npuzzle_core::Board;

use super::Distance;
use crate::error::SolveError;
use crate::limits::Limits;
use crate::prepared::{Prepared, Search};
use crate::solver::Solver;

/// The distance of `board` by `solver` within `limits`, from nothing.
pub(super) fn of(solver: &Solver, board: &Board, limits: &Limits) -> Result<Distance, SolveError> {
    if board == solver.goal() {
        return Ok(Distance::Exact { moves: 0 });
    }
    Ok(Distance::of(&solver.solve_within(board, limits)?))
}

/// The distance of `board`, one move from a position `beside` away. When that is exact and the
/// solver is IDA*, `board` is one nearer or one farther: a single iteration at one nearer tells
/// which (the iterations below it, which a search from nothing repeats, are skipped). Otherwise
/// from nothing.
pub(super) fn beside(
    solver: &Solver,
    board: &Board,
    beside: Distance,
    limits: &Limits,
) -> Result<Distance, SolveError> {
    let idastar = matches!(
        solver.prepared(),
        Prepared::Search {
            search: Search::IdaStar { .. },
            ..
        }
    );
    let nearer = match beside {
        Distance::Exact { moves } if idastar && moves > 0 => moves - 1,
        _ => return of(solver, board, limits),
    };
    if board == solver.goal() {
        return Ok(Distance::Exact { moves: 0 });
    }
    let start = solver.start(board)?;
    let found = solver.split_search(|search| search.subtree(&start, &[], nearer, limits))?;
    let moves = match found.found {
        Some(_) => nearer,
        None => nearer + 2,
    };
    Ok(Distance::Exact { moves })
}

/// The distances of `positions`, consecutive positions of a game: the first from nothing, each
/// other from the one before it.
pub(super) fn along(
    solver: &Solver,
    positions: &[Board],
    limits: &Limits,
) -> Result<Vec<Distance>, SolveError> {
    let mut distances: Vec<Distance> = Vec::with_capacity(positions.len());
    for board in positions {
        let distance = match distances.last() {
            Some(&before) => beside(solver, board, before, limits)?,
            None => of(solver, board, limits)?,
        };
        distances.push(distance);
    }
    Ok(distances)
}

/// The distances of a game's `positions` on every core: the game cut into as many stretches as
/// there are threads, each stretch [`along`].
pub(super) fn of_game(
    solver: &Solver,
    positions: &[Board],
    limits: &Limits,
) -> Result<Vec<Distance>, SolveError> {
    let stretch = positions.len().div_ceil(threads()).max(1);
    let stretches: Vec<&[Board]> = positions.chunks(stretch).collect();
    let distances = each(&stretches, |stretch| along(solver, stretch, limits))?;
    Ok(distances.into_iter().flatten().collect())
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
