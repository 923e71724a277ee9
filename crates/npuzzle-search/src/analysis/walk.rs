//! A game analysed a move at a time, for a surface that shows the analysis as it comes (the
//! page's chart fills in move by move, in a worker).

use npuzzle_core::{Board, Move};

use super::{Analysis, AnalysisError, Distance, Step, Verdict, distance};
use crate::limits::Limits;
use crate::solver::Solver;

/// A game's analysis, taken one move at a time: each position's distance found beside the one
/// before it (one IDA* iteration), on one core. [`super::analyse`] gives the same analysis at
/// once, on every core.
///
/// ```
/// use npuzzle_core::{Goal, Move::{Down, Left, Up}};
/// use npuzzle_search::analysis::{analyse, Walk};
/// use npuzzle_search::{Limits, Options, Solver};
/// let goal = Goal::BlankLast.board("3".parse().unwrap()).unwrap();
/// let solver = Solver::new(&goal, Options::default()).unwrap();
/// let start = "1 2 3/4 5 6/0 7 8".parse().unwrap();
/// let mut walk = Walk::new(&start, &[Down, Up, Left, Left]).unwrap();
/// let mut numbers = Vec::new();
/// while let Some(step) = walk.next_step(&solver, &Limits::none()).unwrap() {
///     numbers.push(step.number);
/// }
/// assert_eq!(numbers, [1, 2, 3, 4]);
/// assert_eq!(walk.analysis(&solver), Some(analyse(&solver, &start, &[Down, Up, Left, Left]).unwrap()));
/// ```
#[derive(Clone, Debug)]
pub struct Walk {
    start: Board,
    played: Vec<Move>,
    positions: Vec<Board>,
    distances: Vec<Distance>,
    steps: Vec<Step>,
}

impl Walk {
    /// The walk over the game from `start` playing `played`; an illegal move is named at once.
    pub fn new(start: &Board, played: &[Move]) -> Result<Walk, AnalysisError> {
        Ok(Walk {
            start: start.clone(),
            played: played.to_vec(),
            positions: distance::positions(start, played)?,
            distances: Vec::with_capacity(played.len() + 1),
            steps: Vec::with_capacity(played.len()),
        })
    }

    /// The distance of the start (found on the first call, within `limits`).
    pub fn start_distance(
        &mut self,
        solver: &Solver,
        limits: &Limits,
    ) -> Result<Distance, AnalysisError> {
        if self.distances.is_empty() {
            self.distances
                .push(distance::of(solver, &self.positions[0], limits)?);
        }
        Ok(self.distances[0])
    }

    /// The next move analysed, `None` once every move is: its distance after, beside the one
    /// before, and at a mistake every optimal move.
    pub fn next_step(
        &mut self,
        solver: &Solver,
        limits: &Limits,
    ) -> Result<Option<&Step>, AnalysisError> {
        self.start_distance(solver, limits)?;
        let k = self.steps.len();
        if k == self.played.len() {
            return Ok(None);
        }
        let before = self.distances[k];
        let came_by = (before, self.played[k]);
        let after = distance::beside(solver, &self.positions[k + 1], came_by, limits)?;
        let mut step = Step::new(k, self.played[k], before, after);
        if step.verdict == Verdict::Mistake {
            step.optimal_moves =
                distance::optimal_moves_at(solver, &self.positions[k], before, None, limits)?;
        }
        self.distances.push(after);
        self.steps.push(step);
        Ok(self.steps.last())
    }

    /// The moves analysed so far.
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// The whole analysis, once every move is analysed (`None` before); `solver` names the goal.
    pub fn analysis(&self, solver: &Solver) -> Option<Analysis> {
        let start = *self.distances.first()?;
        (self.steps.len() == self.played.len()).then(|| {
            let solved = self.positions.last() == Some(solver.goal());
            Analysis::new(&self.start, start, self.steps.clone(), &self.played, solved)
        })
    }
}
