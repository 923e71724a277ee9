//! A position's label by one IDA*: its iterations run child by child, so that the last one
//! proves the distance and, searching on past the first solution, finds every optimal move.
//!
//! Solving first and then searching each neighbour one iteration deep (as the game's analysis
//! does) searches the neighbours met before the solution twice: once in the solve's last
//! iteration, once on their own. Here each of the root's children is searched as a position of
//! its own (its move-pruning machine started afresh, the move back never first), so that a
//! child whose subtree holds no goal within the last threshold is proved one farther, and the
//! children after the first solution are searched on in the same iteration, each to its first
//! goal.
//!
//! A machine started at the root would not do: of equivalent move sequences it keeps one, and
//! the one kept may begin with another move, so a child could be cut off although optimal.

use npuzzle_core::{Board, Move};

use super::{Label, stops_one};
use crate::analysis::Distance;
use crate::clock::Stopwatch;
use crate::error::SolveError;
use crate::limits::Limits;
use crate::solver::Solver;
use crate::start::Start;
use crate::stats::Stats;
use crate::{SplitSearch, Subtree};

/// The label of `board` (not the goal) by `solver`'s IDA*, within `limits` (a time or node
/// limit gives a partial label, as [`super::label`]).
pub(super) fn label(solver: &Solver, board: &Board, limits: &Limits) -> Result<Label, SolveError> {
    let start = solver.start(board)?;
    let children = board
        .legal_moves()
        .map(|m| {
            let mut after = board.clone();
            let _ = after.apply(m);
            Ok((m, solver.start(&after)?))
        })
        .collect::<Result<Vec<(Move, Start)>, SolveError>>()?;
    solver.split_search(|search| {
        let mut spent = Spent::new(limits);
        // The board is not the goal: at least one move away.
        let mut bound = search.first_bound(&start)?.max(1);
        loop {
            let mut next = u32::MAX;
            for (k, (m, child)) in children.iter().enumerate() {
                let Some(subtree) = spent.search(search, child, *m, bound - 1)? else {
                    return Ok(Label::unknown(spent.expanded));
                };
                match subtree.found {
                    Some(path) => {
                        let solution = [vec![*m], path].concat();
                        let found = (bound, solution, *m);
                        return finish(search, &start, found, &children[k + 1..], spent);
                    }
                    None => next = next.min(subtree.next_bound.saturating_add(1)),
                }
            }
            if next == u32::MAX {
                return Err(SolveError::Internal("no goal below any move".into()));
            }
            bound = next;
        }
    })
}

/// The label once the last iteration (threshold `distance`) has found `solution` below `first`:
/// the solution replayed to the goal, and each of the `rest` of the children searched to its
/// first goal within the threshold.
fn finish(
    search: &(dyn SplitSearch + Sync),
    start: &Start,
    (distance, solution, first): (u32, Vec<Move>, Move),
    rest: &[(Move, Start)],
    mut spent: Spent,
) -> Result<Label, SolveError> {
    let solution = search.solution(start, solution, Stats::default())?.moves;
    let mut optimal = vec![first];
    let mut complete = true;
    for (m, child) in rest {
        match spent.search(search, child, *m, distance - 1)? {
            Some(subtree) if subtree.found.is_some() => optimal.push(*m),
            Some(_) => {}
            None => {
                complete = false;
                break;
            }
        }
    }
    Ok(Label {
        distance: Some(Distance::Exact { moves: distance }),
        optimal_moves: complete.then_some(optimal),
        solution,
        expanded: spent.expanded,
    })
}

/// What one position's searches have spent of its limits. The position itself counts as
/// expanded (its children were generated), as in a solve.
struct Spent<'a> {
    limits: &'a Limits,
    clock: Stopwatch,
    expanded: u64,
}

impl<'a> Spent<'a> {
    fn new(limits: &'a Limits) -> Spent<'a> {
        Spent {
            limits,
            clock: Stopwatch::start(),
            expanded: 1,
        }
    }

    /// The subtree below `child` (reached by `came_by`) searched within `bound` and what is
    /// left of the limits; `None` when a time or node limit ran out first.
    fn search(
        &mut self,
        search: &(dyn SplitSearch + Sync),
        child: &Start,
        came_by: Move,
        bound: u32,
    ) -> Result<Option<Subtree>, SolveError> {
        let Some(rest) = self.rest() else {
            return Ok(None);
        };
        match search.subtree_beside(child, came_by, bound, &rest) {
            Ok(subtree) => {
                self.expanded += subtree.stats.expanded;
                Ok(Some(subtree))
            }
            Err(SolveError::LimitReached { limit, stats }) if stops_one(limit) => {
                self.expanded += stats.expanded;
                Ok(None)
            }
            Err(error) => Err(error),
        }
    }

    /// The limits less what was spent; `None` when nothing is left.
    fn rest(&self) -> Option<Limits> {
        let mut rest = self.limits.clone();
        if let Some(nodes) = rest.max_nodes {
            rest.max_nodes = Some(nodes.checked_sub(self.expanded).filter(|&n| n > 0)?);
        }
        if let Some(timeout) = rest.timeout {
            let left = timeout.checked_sub(self.clock.elapsed())?;
            rest.timeout = Some(left).filter(|left| !left.is_zero());
            rest.timeout?;
        }
        Some(rest)
    }
}
