//! Choosing and running an algorithm: [`Solver`] prepares a goal once (tables, heuristics) and
//! solves any number of positions with it.

use std::fmt;
use std::str::FromStr;

use npuzzle_core::Board;

use crate::algorithm;
use crate::algorithm::best_first::{self, Priority};
use crate::algorithm::table::DistanceTable;
use crate::algorithm::{idastar, rbfs};
use crate::error::SolveError;
use crate::heuristic::{AnyHeuristic, HeuristicKind, dispatch};
use crate::limits::Limits;
use crate::puzzle::Puzzle;
use crate::solution::Solution;

/// The algorithms, by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// The fastest optimal method the board allows, or the constructive solver where optimal
    /// solving is out of reach.
    Auto,
    /// A complete distance table (boards of at most 12 cells).
    Table,
    /// A*.
    AStar,
    /// IDA*.
    IdaStar,
    /// Recursive best-first search.
    Rbfs,
    /// Weighted A*.
    WeightedAStar,
    /// Greedy best-first search.
    Greedy,
    /// Row-by-row, column-by-column placement for boards of any size.
    Constructive,
}

impl Algorithm {
    /// Every algorithm.
    pub const ALL: [Algorithm; 8] = [
        Algorithm::Auto,
        Algorithm::Table,
        Algorithm::AStar,
        Algorithm::IdaStar,
        Algorithm::Rbfs,
        Algorithm::WeightedAStar,
        Algorithm::Greedy,
        Algorithm::Constructive,
    ];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Auto => "auto",
            Algorithm::Table => "table",
            Algorithm::AStar => "astar",
            Algorithm::IdaStar => "idastar",
            Algorithm::Rbfs => "rbfs",
            Algorithm::WeightedAStar => "wastar",
            Algorithm::Greedy => "greedy",
            Algorithm::Constructive => "constructive",
        }
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Algorithm {
    type Err = String;
    fn from_str(text: &str) -> Result<Algorithm, String> {
        let name = text.trim().to_ascii_lowercase();
        Algorithm::ALL
            .into_iter()
            .find(|a| a.name() == name || (name == "ida*" && *a == Algorithm::IdaStar))
            .ok_or_else(|| {
                let names: Vec<_> = Algorithm::ALL.iter().map(|a| a.name()).collect();
                format!(
                    "unknown algorithm '{text}': use one of {}",
                    names.join(", ")
                )
            })
    }
}

/// What to run: algorithm, heuristic, weight and limits.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// The algorithm ([`Algorithm::Auto`] by default).
    pub algorithm: Algorithm,
    /// The heuristic (the best one for the board when `None`).
    pub heuristic: Option<HeuristicKind>,
    /// The weight of weighted A* (2 by default).
    pub weight: f64,
    /// Node, time and memory limits.
    pub limits: Limits,
    /// Search one position on every core (IDA*; not in WebAssembly). For batches, leave it off
    /// and solve several positions at once instead.
    pub parallel: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            algorithm: Algorithm::Auto,
            heuristic: None,
            weight: 2.0,
            limits: Limits::default(),
            parallel: false,
        }
    }
}

/// The most cells for which `auto` searches optimally (IDA* with walking distance); above it,
/// optimal solving is out of reach without pattern databases.
pub const AUTO_OPTIMAL_CELLS: usize = 16;

/// A goal prepared for solving: the algorithm resolved, its tables built.
///
/// ```
/// use npuzzle_core::{Board, Goal};
/// use npuzzle_search::{Algorithm, Options, Solver};
/// let goal = Goal::BlankLast.board("3".parse().unwrap()).unwrap();
/// let solver = Solver::new(&goal, Options::default()).unwrap();
/// assert_eq!(solver.algorithm(), Algorithm::Table);
/// let solution = solver.solve(&"8 6 7/2 5 4/3 0 1".parse().unwrap()).unwrap();
/// assert_eq!((solution.moves.len(), solution.optimal), (31, true));
/// ```
#[derive(Debug)]
pub struct Solver {
    puzzle: Option<Puzzle>,
    goal: Board,
    algorithm: Algorithm,
    heuristic: Option<AnyHeuristic>,
    options: Options,
    table: Option<DistanceTable>,
    note: Option<String>,
}

impl Solver {
    /// Prepares `goal` for `options`: resolves `auto`, builds a distance table if one is used.
    pub fn new(goal: &Board, options: Options) -> Result<Solver, SolveError> {
        let cells = goal.size().cells();
        let (algorithm, note) = match options.algorithm {
            Algorithm::Auto if cells <= 9 => (Algorithm::Table, None),
            Algorithm::Auto if cells <= AUTO_OPTIMAL_CELLS => (Algorithm::IdaStar, None),
            Algorithm::Auto => (
                Algorithm::Constructive,
                Some(format!(
                    "optimal solving of a {} board is out of reach without pattern databases: \
                     using the constructive solver (try --algorithm idastar for easy positions)",
                    goal.size()
                )),
            ),
            chosen => (chosen, None),
        };
        let kind = options.heuristic.unwrap_or(if cells <= AUTO_OPTIMAL_CELLS {
            HeuristicKind::WalkingDistance
        } else {
            HeuristicKind::LinearConflict
        });
        let puzzle = match algorithm {
            Algorithm::Constructive => None,
            _ => Some(Puzzle::new(goal)?),
        };
        let table = match (&puzzle, algorithm) {
            (Some(puzzle), Algorithm::Table) => Some(DistanceTable::build(puzzle, options.limits)?),
            _ => None,
        };
        let heuristic = match (&puzzle, algorithm) {
            (Some(puzzle), Algorithm::Table) | (Some(puzzle), Algorithm::Constructive) => {
                let _ = puzzle;
                None
            }
            // Walking distance by default where its tables stay small, else linear conflict.
            (Some(puzzle), _) => match AnyHeuristic::new(kind, puzzle) {
                Err(SolveError::Unsupported(_)) if options.heuristic.is_none() => {
                    Some(AnyHeuristic::new(HeuristicKind::LinearConflict, puzzle)?)
                }
                built => Some(built?),
            },
            (None, _) => None,
        };
        Ok(Solver {
            puzzle,
            goal: goal.clone(),
            algorithm,
            heuristic,
            options,
            table,
            note,
        })
    }

    /// The algorithm that runs (what `auto` chose).
    pub fn algorithm(&self) -> Algorithm {
        self.algorithm
    }

    /// Why `auto` chose what it did, when the user should know.
    pub fn note(&self) -> Option<&str> {
        self.note.as_deref()
    }

    /// The goal.
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// Prepares `goal` with a heuristic the caller built (pattern databases from files), for
    /// IDA*, RBFS or the A* family (`auto` means IDA*).
    pub fn with_heuristic(
        goal: &Board,
        options: Options,
        heuristic: AnyHeuristic,
    ) -> Result<Solver, SolveError> {
        let algorithm = match options.algorithm {
            Algorithm::Auto => Algorithm::IdaStar,
            Algorithm::Table | Algorithm::Constructive => {
                return Err(SolveError::Unsupported(format!(
                    "the {} solver uses no heuristic",
                    options.algorithm
                )));
            }
            chosen => chosen,
        };
        Ok(Solver {
            puzzle: Some(Puzzle::new(goal)?),
            goal: goal.clone(),
            algorithm,
            heuristic: Some(heuristic),
            options,
            table: None,
            note: None,
        })
    }

    /// Solves `board`; the solution has been replayed to the goal.
    pub fn solve(&self, board: &Board) -> Result<Solution, SolveError> {
        npuzzle_core::solvability::check(board, &self.goal)?;
        let limits = self.options.limits;
        if let Some(table) = &self.table {
            return table.solve(board);
        }
        let (Some(puzzle), Some(heuristic)) = (&self.puzzle, &self.heuristic) else {
            return algorithm::constructive::solve(board, &self.goal);
        };
        dispatch!(heuristic, |h| match self.algorithm {
            #[cfg(not(target_arch = "wasm32"))]
            Algorithm::IdaStar if self.options.parallel => {
                idastar::solve_parallel(puzzle, h, board, limits)
            }
            Algorithm::IdaStar => idastar::solve(puzzle, h, board, limits),
            Algorithm::Rbfs => rbfs::solve(puzzle, h, board, limits),
            Algorithm::AStar => best_first::solve(puzzle, h, board, Priority::AStar, limits),
            Algorithm::WeightedAStar => best_first::solve(
                puzzle,
                h,
                board,
                Priority::Weighted(self.options.weight),
                limits
            ),
            Algorithm::Greedy => best_first::solve(puzzle, h, board, Priority::Greedy, limits),
            other => Err(SolveError::Internal(format!("{other} was not prepared"))),
        })
    }
}
