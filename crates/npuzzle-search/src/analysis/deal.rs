//! Dealing positions at an exact distance from the goal: what the trainer and the
//! environments deal.

use npuzzle_core::Board;

use super::Distance;
use crate::error::SolveError;
use crate::limits::Limits;
use crate::solver::Solver;

/// On 4×4, the distance from which uniformly random positions are drawn and kept when dealing
/// at an exact distance (about one in twenty random positions is 48 moves from the goal; one
/// in a thousand is 40); below it, the ends of random walks are drawn.
pub const UNIFORM_FROM: u8 = 48;

/// A position exactly `d` moves from `solver`'s goal, drawn by `generator` and proved by
/// `solver` within `limits`, or `None` after `draws` draws without one: from [`UNIFORM_FROM`]
/// moves on, uniformly random positions kept when they are `d` away (uniform among those);
/// below it, the ends of random walks of `d` to `1.5 d` moves (not uniform). A draw whose blank
/// is off `d`'s parity or whose Manhattan distance passes `d` is refused without a search. What
/// the trainer deals and the environments deal on 4×4 (boards of at most 12 cells deal from
/// their complete table, uniformly).
///
/// ```
/// use npuzzle_core::{Generator, Goal};
/// use npuzzle_search::analysis::deal_at_distance;
/// use npuzzle_search::{Options, Solver};
/// let goal = Goal::BlankLast.board("3".parse().unwrap()).unwrap();
/// let solver = Solver::new(&goal, Options::default()).unwrap();
/// let mut generator = Generator::new(1);
/// let limits = solver.options().limits.clone();
/// let board = deal_at_distance(&solver, 12, &mut generator, &limits, 1000).unwrap().unwrap();
/// assert_eq!(solver.solve(&board).unwrap().moves.len(), 12);
/// ```
pub fn deal_at_distance(
    solver: &Solver,
    d: u8,
    generator: &mut npuzzle_core::Generator,
    limits: &Limits,
    draws: usize,
) -> Result<Option<Board>, SolveError> {
    let goal = solver.goal();
    let manhattan = npuzzle_heuristic::Manhattan::new(goal);
    let width = goal.width();
    let (home, wanted) = (goal.blank(), usize::from(d));
    for _ in 0..draws {
        if limits
            .cancel
            .as_ref()
            .is_some_and(crate::Cancel::is_cancelled)
        {
            return Err(SolveError::LimitReached {
                limit: crate::Limit::Cancelled,
                stats: crate::Stats::default(),
            });
        }
        let board = if d >= UNIFORM_FROM {
            generator.random_position(goal)
        } else {
            let length = wanted + 2 * generator.index(wanted / 4 + 1);
            generator.random_walk_position(goal, length)
        };
        let at = board.blank();
        let blank = (at / width).abs_diff(home / width) + (at % width).abs_diff(home % width);
        if blank % 2 != wanted % 2 || manhattan.distance(&board) > wanted {
            continue;
        }
        if super::distance::of(solver, &board, limits)?
            == (Distance::Exact {
                moves: u32::from(d),
            })
        {
            return Ok(Some(board));
        }
    }
    Ok(None)
}
