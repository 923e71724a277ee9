//! Help from the solvers: hints, the optimal distance, and god mode.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use npuzzle_core::Board;
use npuzzle_search::{Limits, Options, Solution, Solver};

/// How long help may think before giving up (a hard 15-puzzle takes a few seconds).
const THINKING_TIME: Duration = Duration::from_secs(30);

/// How long the anytime solver shortens a hint's solution on boards beyond 4x4.
const HINT_BUDGET: Duration = Duration::from_secs(2);

/// Prepared solvers, one per goal, shared with helper threads.
#[derive(Default)]
pub struct Assistant {
    solvers: HashMap<Board, Arc<Solver>>,
}

impl Assistant {
    /// The solver toward `goal` (optimal where the board allows it, the anytime solver with a
    /// short budget up to 16x16, constructive beyond: the library's `auto`).
    pub fn solver(&mut self, goal: &Board) -> anyhow::Result<Arc<Solver>> {
        if let Some(solver) = self.solvers.get(goal) {
            return Ok(Arc::clone(solver));
        }
        let options = Options {
            limits: Limits::default().timeout(THINKING_TIME),
            budget: HINT_BUDGET,
            ..Options::default()
        };
        let solver = Arc::new(Solver::new(goal, options)?);
        self.solvers.insert(goal.clone(), Arc::clone(&solver));
        Ok(solver)
    }

    /// A solution from `board` to `goal`.
    pub fn solve(&mut self, board: &Board, goal: &Board) -> anyhow::Result<Solution> {
        Ok(self.solver(goal)?.solve(board)?)
    }
}

/// The optimal length from `board`, if the solver proves one.
pub fn optimal_length(solver: &Solver, board: &Board) -> Option<usize> {
    solver
        .solve(board)
        .ok()
        .filter(|s| s.optimal)
        .map(|s| s.moves.len())
}
