//! One analysis of a game, for every surface: a start and the moves played, the distance to the
//! goal before and after each move (exact where the solver proves it, bounds labelled as bounds
//! otherwise), which moves kept the optimum and which lost it, every optimal move where one was
//! lost, and the totals. The terminal game, `npuzzle analyse`, the page and Python all call
//! [`analyse`] and [`optimal_moves`]; none recomputes them. [`label_all`] labels a batch for
//! learning (`npuzzle label`, `npuzzle.label`, the environments' optimal actions).
//!
//! In single-tile moves (STM) each move changes the distance by exactly one: a move either
//! keeps the optimum (the distance falls by one) or loses two moves (it rises by one).

mod deal;
mod distance;
mod label;
mod walk;

pub use deal::{UNIFORM_FROM, deal_at_distance};
pub use label::{Label, label, label_all};
pub use walk::Walk;

use npuzzle_core::{Board, Move, moves};
use serde::Serialize;

use crate::error::SolveError;
use crate::limits::Limits;
use crate::solution::Solution;
use crate::solver::Solver;

/// What is known of a position's distance to the goal.
///
/// ```
/// use npuzzle_search::analysis::Distance;
/// assert_eq!(Distance::Exact { moves: 31 }.to_string(), "31");
/// assert_eq!(Distance::Bounds { lower: 40, upper: 52 }.to_string(), "40..52");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Distance {
    /// Proved: exactly this many moves.
    Exact {
        /// The optimal distance.
        moves: u32,
    },
    /// Not proved (a board too large to prove in the budget): a lower bound (the heuristic's)
    /// and an upper bound (a solution's length).
    Bounds {
        /// No solution is shorter.
        lower: u32,
        /// A solution this long was found.
        upper: u32,
    },
}

impl Distance {
    /// The distance a solution shows: exact when it is proved optimal, else its bounds.
    pub fn of(solution: &Solution) -> Distance {
        let length = solution.moves.len() as u32;
        match solution.optimal {
            true => Distance::Exact { moves: length },
            false => Distance::Bounds {
                lower: solution.lower_bound.min(length),
                upper: length,
            },
        }
    }

    /// The least and the most it may be.
    pub fn range(self) -> (u32, u32) {
        match self {
            Distance::Exact { moves } => (moves, moves),
            Distance::Bounds { lower, upper } => (lower, upper),
        }
    }

    /// The exact distance, when proved.
    pub fn exact(self) -> Option<u32> {
        match self {
            Distance::Exact { moves } => Some(moves),
            Distance::Bounds { .. } => None,
        }
    }
}

impl std::fmt::Display for Distance {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Distance::Exact { moves } => write!(f, "{moves}"),
            Distance::Bounds { lower, upper } => write!(f, "{lower}..{upper}"),
        }
    }
}

/// What a move did to the distance.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// It kept the optimum: the distance fell by one.
    Optimal,
    /// It lost two moves: the distance rose by one.
    Mistake,
    /// The bounds do not tell.
    Unknown,
}

impl Verdict {
    /// The verdict of a move from a position at `before` to one at `after`: each move changes
    /// the distance by exactly one, so bounds that do not overlap tell it too.
    pub fn of(before: Distance, after: Distance) -> Verdict {
        let ((before_low, before_high), (after_low, after_high)) = (before.range(), after.range());
        if after_high < before_low {
            Verdict::Optimal
        } else if after_low > before_high {
            Verdict::Mistake
        } else {
            Verdict::Unknown
        }
    }
}

/// One move of a game, analysed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Step {
    /// Its place in the game, from 1.
    pub number: usize,
    /// The move played (the direction the tile slides).
    #[serde(serialize_with = "letter")]
    pub played: Move,
    /// The distance before it.
    pub before: Distance,
    /// The distance after it.
    pub after: Distance,
    /// What it did.
    pub verdict: Verdict,
    /// Every optimal move from the position before it, where it was a mistake (empty otherwise).
    #[serde(serialize_with = "letters")]
    pub optimal_moves: Vec<Move>,
}

/// What a whole game comes to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Totals {
    /// Moves played (single-tile moves).
    pub stm: usize,
    /// Moves played counting a run of tiles slid in one line as one.
    pub mtm: usize,
    /// Moves that kept the optimum.
    pub optimal: usize,
    /// Moves that lost it.
    pub mistakes: usize,
    /// Moves whose verdict the bounds do not tell.
    pub unknown: usize,
    /// Moves lost to mistakes (two each).
    pub moves_lost: usize,
    /// The start's distance.
    pub start: Distance,
    /// Whether the moves end at the goal.
    pub solved: bool,
    /// The first mistake, `None` without one.
    pub first_mistake: Option<FirstMistake>,
}

impl Totals {
    /// The mistakes and the first of them as (its move number, your + optimal), when every
    /// verdict is known and that total is exact: what a game's record keeps. `None` otherwise
    /// (a bound is not a mistake).
    ///
    /// ```
    /// use npuzzle_core::{Goal, Move::{Down, Left, Up}};
    /// use npuzzle_search::{analysis::analyse, Options, Solver};
    /// let goal = Goal::BlankLast.board("3".parse().unwrap()).unwrap();
    /// let solver = Solver::new(&goal, Options::default()).unwrap();
    /// let analysis = analyse(&solver, &"1 2 3/4 5 6/0 7 8".parse().unwrap(), &[Down, Up, Left, Left]).unwrap();
    /// assert_eq!(analysis.totals.proved_mistakes(), Some((1, Some((1, 4)))));
    /// ```
    pub fn proved_mistakes(&self) -> Option<(usize, Option<(usize, usize)>)> {
        if self.unknown > 0 {
            return None;
        }
        let first = match self.first_mistake {
            Some(first) => Some((first.number, first.your_plus_optimal.exact()? as usize)),
            None => None,
        };
        Some((self.mistakes, first))
    }
}

/// A game's first mistake and what it cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct FirstMistake {
    /// The move's number, from 1.
    pub number: usize,
    /// The moves played up to it plus the optimal distance after it ("your + optimal"): the
    /// length of the best game that plays the same first moves.
    pub your_plus_optimal: Distance,
}

/// A game analysed: its start, each move, the totals.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Analysis {
    /// The start, in slash rows.
    pub start: String,
    /// Each move.
    pub steps: Vec<Step>,
    /// What they come to.
    pub totals: Totals,
}

/// Why a game cannot be analysed.
#[derive(Debug, thiserror::Error)]
pub enum AnalysisError {
    /// Move `number` (from 1) cannot be made where it is played.
    #[error("move {number} ({letter}) cannot be made: no tile slides that way there")]
    Illegal {
        /// The move's place in the game, from 1.
        number: usize,
        /// The move, as its tile letter.
        letter: char,
    },
    /// A position could not be solved (a limit, cancellation, an unsolvable start).
    #[error(transparent)]
    Solve(#[from] SolveError),
}

/// Analyses the game from `start` playing `played`, with `solver` (toward its goal) for every
/// distance: optimal where it proves one (a table up to 12 cells, IDA* with databases on 4×4),
/// bounds otherwise. The positions are solved on every core.
///
/// ```
/// use npuzzle_core::{Goal, Move::{Down, Left, Up}};
/// use npuzzle_search::analysis::{analyse, Distance, Verdict};
/// use npuzzle_search::{Options, Solver};
/// let goal = Goal::BlankLast.board("3".parse().unwrap()).unwrap();
/// let solver = Solver::new(&goal, Options::default()).unwrap();
/// // Two moves from the goal; the player slides a tile down (a mistake), back up, then home.
/// let start = "1 2 3/4 5 6/0 7 8".parse().unwrap();
/// let played = [Down, Up, Left, Left];
/// let analysis = analyse(&solver, &start, &played).unwrap();
/// let verdicts: Vec<_> = analysis.steps.iter().map(|s| s.verdict).collect();
/// assert_eq!(verdicts, [Verdict::Mistake, Verdict::Optimal, Verdict::Optimal, Verdict::Optimal]);
/// assert_eq!(analysis.steps[0].optimal_moves, [Left]);
/// assert_eq!((analysis.totals.mistakes, analysis.totals.moves_lost), (1, 2));
/// // Your + optimal: 1 move played, then 3 to go.
/// let first = analysis.totals.first_mistake.unwrap();
/// assert_eq!((first.number, first.your_plus_optimal), (1, Distance::Exact { moves: 4 }));
/// assert!(analysis.totals.solved);
/// ```
pub fn analyse(solver: &Solver, start: &Board, played: &[Move]) -> Result<Analysis, AnalysisError> {
    analyse_within(solver, start, played, &solver.options().limits)
}

/// [`analyse`] with each position solved within `limits` (a cancellation token from Ctrl-C, a
/// time limit per position) instead of the solver's own.
pub fn analyse_within(
    solver: &Solver,
    start: &Board,
    played: &[Move],
    limits: &Limits,
) -> Result<Analysis, AnalysisError> {
    let positions = distance::positions(start, played)?;
    let distances = distance::of_game(solver, &positions, played, limits)?;
    let mistakes: Vec<usize> = (0..played.len())
        .filter(|&k| Verdict::of(distances[k], distances[k + 1]) == Verdict::Mistake)
        .collect();
    let mut better = distance::each(&mistakes, |&k| {
        distance::optimal_moves_at(solver, &positions[k], distances[k], None, limits)
    })?
    .into_iter();
    let steps = (0..played.len())
        .map(|k| {
            let mut step = Step::new(k, played[k], distances[k], distances[k + 1]);
            if step.verdict == Verdict::Mistake {
                step.optimal_moves = better.next().unwrap_or_default();
            }
            step
        })
        .collect::<Vec<_>>();
    let solved = positions.last() == Some(solver.goal());
    Ok(Analysis::new(start, distances[0], steps, played, solved))
}

impl Step {
    /// Move `k` (from 0), `played` from a position `before` away to one `after` away; its
    /// optimal moves are left to fill in.
    fn new(k: usize, played: Move, before: Distance, after: Distance) -> Step {
        Step {
            number: k + 1,
            played,
            before,
            after,
            verdict: Verdict::of(before, after),
            optimal_moves: Vec::new(),
        }
    }
}

impl Analysis {
    /// The analysis of the game from `start`, `distance` away, whose moves `played` are
    /// analysed in `steps`.
    fn new(
        start: &Board,
        distance: Distance,
        steps: Vec<Step>,
        played: &[Move],
        solved: bool,
    ) -> Analysis {
        Analysis {
            start: start.to_string(),
            totals: totals(&steps, played, distance, solved),
            steps,
        }
    }
}

/// The distance of `board` and every optimal move from it ("goodm"): the moves to neighbours
/// one nearer the goal. Where the distance is not proved, the moves whose neighbours' bounds
/// show them one nearer (perhaps none).
///
/// ```
/// use npuzzle_core::{Goal, Move::Up};
/// use npuzzle_search::analysis::{optimal_moves, Distance};
/// use npuzzle_search::{Options, Solver};
/// let goal = Goal::BlankLast.board("3".parse().unwrap()).unwrap();
/// let solver = Solver::new(&goal, Options::default()).unwrap();
/// let (distance, moves) = optimal_moves(&solver, &"1 2 3/4 5 6/7 8 0".parse().unwrap()).unwrap();
/// assert_eq!((distance, moves), (Distance::Exact { moves: 0 }, vec![]));
/// let (distance, moves) = optimal_moves(&solver, &"1 2 3/4 0 6/7 5 8".parse().unwrap()).unwrap();
/// assert_eq!((distance, moves), (Distance::Exact { moves: 2 }, vec![Up]));
/// ```
pub fn optimal_moves(solver: &Solver, board: &Board) -> Result<(Distance, Vec<Move>), SolveError> {
    optimal_moves_within(solver, board, &solver.options().limits)
}

/// [`optimal_moves`] with each position solved within `limits`.
pub fn optimal_moves_within(
    solver: &Solver,
    board: &Board,
    limits: &Limits,
) -> Result<(Distance, Vec<Move>), SolveError> {
    if board == solver.goal() {
        return Ok((Distance::Exact { moves: 0 }, Vec::new()));
    }
    let solution = solver.solve_within(board, limits)?;
    let here = Distance::of(&solution);
    let first = solution.moves.first().filter(|_| solution.optimal).copied();
    Ok((
        here,
        distance::optimal_moves_at(solver, board, here, first, limits)?,
    ))
}

/// The totals of `steps`.
fn totals(steps: &[Step], played: &[Move], start: Distance, solved: bool) -> Totals {
    let count = |verdict| steps.iter().filter(|s| s.verdict == verdict).count();
    let mistakes = count(Verdict::Mistake);
    let first_mistake = steps
        .iter()
        .find(|s| s.verdict == Verdict::Mistake)
        .map(|s| {
            let (low, high) = s.after.range();
            let n = s.number as u32;
            let total = match s.after {
                Distance::Exact { .. } => Distance::Exact { moves: n + low },
                Distance::Bounds { .. } => Distance::Bounds {
                    lower: n + low,
                    upper: n + high,
                },
            };
            FirstMistake {
                number: s.number,
                your_plus_optimal: total,
            }
        });
    Totals {
        stm: moves::stm(played),
        mtm: moves::mtm(played),
        optimal: count(Verdict::Optimal),
        mistakes,
        unknown: count(Verdict::Unknown),
        moves_lost: 2 * mistakes,
        start,
        solved,
        first_mistake,
    }
}

fn letter<S: serde::Serializer>(m: &Move, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_char(m.tile_letter())
}

fn letters<S: serde::Serializer>(moves: &[Move], serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(&moves.iter().map(|m| m.tile_letter()).collect::<String>())
}
