//! The textbook's table, recomputed and extended: Russell and Norvig's comparison of iterative
//! deepening and A* with misplaced tiles (h1) and the Manhattan distance (h2) on random
//! 8-puzzles by solution depth, then what the book lacks (linear conflict, walking distance,
//! npuzzle's A* and IDA*). Positions are dealt uniformly at each exact depth from the complete
//! table; the search cost is the mean of the nodes generated, the effective branching factor
//! the mean of each position's b*, the b that solves N + 1 = 1 + b + … + b^d.

mod classic;
mod fifteen;
mod published;

use npuzzle_core::{Board, Generator, Goal, Size};
#[cfg(not(target_arch = "wasm32"))]
use rayon::prelude::*;
use serde::Serialize;

use crate::algorithm::Method;
use crate::algorithm::best_first::{BestFirst, Priority};
use crate::algorithm::idastar::IdaStar;
use crate::error::SolveError;
use crate::{DistanceTable, HeuristicKind, Limits, Puzzle, Start};
use npuzzle_heuristic::{AnyHeuristic, Heuristic, dispatch};

pub use classic::{GaveUp, MOST_ASTAR, MOST_DEEPENING, astar, iterative_deepening};
pub use fifteen::{KORF_SOURCE, Korf, korf100};
pub use published::{Published, SOURCE, published};

/// Why a row could not be made.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    /// A search failed (which cannot happen on the 8-puzzle without limits; kept, not hidden).
    #[error(transparent)]
    Search(#[from] SolveError),
    /// A textbook search went past its most nodes.
    #[error(transparent)]
    GaveUp(#[from] GaveUp),
    /// The book's figures built in do not read (a defect of the build, named).
    #[error("{0}")]
    Published(String),
}

/// A column of the table: a search and its heuristic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Column {
    /// Iterative deepening as the textbook writes it (no heuristic).
    Deepening,
    /// A* as the textbook writes it (a graph search counting every child made).
    BookAStar(HeuristicKind),
    /// npuzzle's A* (a closed list: every position searched once).
    AStar(HeuristicKind),
    /// npuzzle's IDA* (the move back and duplicate move sequences skipped).
    IdaStar(HeuristicKind),
}

impl Column {
    /// The textbook's three columns: IDS, A*(h1), A*(h2).
    pub const TEXTBOOK: [Column; 3] = [
        Column::Deepening,
        Column::BookAStar(HeuristicKind::Misplaced),
        Column::BookAStar(HeuristicKind::Manhattan),
    ];

    /// Every column: the textbook's, then npuzzle's searches with every heuristic built from the
    /// goal.
    ///
    /// ```
    /// use npuzzle_search::textbook::Column;
    /// let names: Vec<String> = Column::all().iter().map(Column::name).collect();
    /// assert_eq!(&names[..3], ["IDS", "A* h1", "A* h2"]);
    /// assert!(names.contains(&"IDA* walking-distance".to_string()));
    /// ```
    pub fn all() -> Vec<Column> {
        let npuzzle = [
            Column::AStar as fn(HeuristicKind) -> Column,
            Column::IdaStar,
        ];
        Column::TEXTBOOK
            .into_iter()
            .chain(
                npuzzle
                    .into_iter()
                    .flat_map(|column| HeuristicKind::ALL.map(column)),
            )
            .collect()
    }

    /// Its name in the table: `IDS`, `A* h1` (the book's), `A* manhattan` (npuzzle's), `IDA*
    /// linear-conflict`.
    pub fn name(&self) -> String {
        let textbook = |kind| match kind {
            HeuristicKind::Misplaced => "h1".to_string(),
            HeuristicKind::Manhattan => "h2".to_string(),
            kind => kind.name().to_string(),
        };
        match *self {
            Column::Deepening => "IDS".to_string(),
            Column::BookAStar(kind) => format!("A* {}", textbook(kind)),
            Column::AStar(kind) => format!("A* {}", kind.name()),
            Column::IdaStar(kind) => format!("IDA* {}", kind.name()),
        }
    }

    /// The nodes this search generates from `cells` to the goal (the depth given, to check).
    fn cost(&self, puzzle: &Puzzle, cells: &[u8], depth: u32) -> Result<u64, TableError> {
        let (generated, found) = match *self {
            Column::Deepening => iterative_deepening(puzzle, cells)?,
            Column::BookAStar(kind) => {
                let h = AnyHeuristic::new(kind, puzzle).map_err(SolveError::from)?;
                dispatch!(&h, |h| astar(puzzle, h, cells))?
            }
            Column::AStar(kind) | Column::IdaStar(kind) => {
                let h = AnyHeuristic::new(kind, puzzle).map_err(SolveError::from)?;
                let start = Start::new(puzzle.board(cells), puzzle.goal().clone())?;
                let solution = dispatch!(&h, |h| self.npuzzle(puzzle, h, &start))?;
                (solution.stats.generated + 1, solution.moves.len() as u32)
            }
        };
        match found == depth {
            true => Ok(generated),
            false => Err(SolveError::Internal(format!(
                "{} found {found} moves where the complete table says {depth}",
                self.name()
            ))
            .into()),
        }
    }

    fn npuzzle<H: Heuristic>(
        &self,
        puzzle: &Puzzle,
        h: &H,
        start: &Start,
    ) -> Result<crate::Solution, SolveError> {
        match self {
            Column::IdaStar(_) => IdaStar::new(puzzle, h).run(start, &Limits::none()),
            _ => BestFirst {
                puzzle,
                h,
                priority: Priority::AStar,
            }
            .run(start, &Limits::none()),
        }
    }
}

/// The b* of a search that generated `generated` nodes to find a goal `depth` moves away: the b
/// that solves `generated + 1 = 1 + b + b² + … + b^depth` (0 at depth 0).
///
/// ```
/// use npuzzle_search::textbook::effective_branching;
/// // Russell and Norvig's example: 52 nodes for a solution at depth 5 give 1.92.
/// assert!((effective_branching(52.0, 5) - 1.92).abs() < 0.005);
/// ```
pub fn effective_branching(generated: f64, depth: u32) -> f64 {
    if depth == 0 {
        return 0.0;
    }
    let total = |b: f64| (0..=depth).map(|i| b.powi(i as i32)).sum::<f64>();
    let (mut low, mut high) = (0.0, generated.max(1.0));
    for _ in 0..100 {
        let middle = (low + high) / 2.0;
        match total(middle) < generated + 1.0 {
            true => low = middle,
            false => high = middle,
        }
    }
    low
}

/// One search's figures at a depth: the mean nodes generated and the mean b*.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Measured {
    /// The mean of the nodes generated.
    pub cost: f64,
    /// The mean effective branching factor.
    pub branching: f64,
    /// The standard error of the mean cost (the sample's standard deviation over the root of
    /// its size): how far another sample's mean may fall.
    pub standard_error: f64,
}

/// A row: the depth, how many positions, each column's figures (`None` past the depth
/// iterative deepening is run to), and the book's.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Row {
    /// The solution depth.
    pub depth: u32,
    /// Positions searched.
    pub positions: usize,
    /// Each column's figures, in the table's order.
    pub measured: Vec<Option<Measured>>,
    /// The book's figures at this depth, if it has the depth.
    pub published: Option<Published>,
}

/// What the table is made of: its columns, how many positions a depth, iterative deepening's
/// deepest depth and the seed of the deal.
#[derive(Clone, Debug)]
pub struct Table {
    /// The columns, in order.
    pub columns: Vec<Column>,
    /// Positions a depth.
    pub positions: usize,
    /// The deepest depth iterative deepening is run at (its cost grows threefold a move).
    pub deepening_depth: u32,
    /// The seed the positions are dealt from (each depth its own stream of it).
    pub seed: u64,
}

impl Table {
    /// The 8-puzzle toward the blank-first goal, as the book's, and its complete table.
    ///
    /// ```no_run
    /// let (puzzle, complete) = npuzzle_search::textbook::Table::board().unwrap();
    /// assert_eq!(complete.layer_counts().len(), 32);
    /// ```
    pub fn board() -> Result<(Puzzle, DistanceTable), SolveError> {
        let size = Size::square(3).map_err(|e| SolveError::Internal(e.to_string()))?;
        let goal = Goal::BlankFirst.board(size)?;
        let puzzle = Puzzle::new(&goal)?;
        let complete = DistanceTable::build(&puzzle, Limits::none())?;
        Ok((puzzle, complete))
    }

    /// The row at `depth`: positions dealt uniformly among those exactly `depth` moves from
    /// the goal (with replacement: depth 2 has four), each searched by every column, on
    /// every core.
    pub fn row(
        &self,
        puzzle: &Puzzle,
        complete: &DistanceTable,
        depth: u32,
    ) -> Result<Row, TableError> {
        let boards = deal(complete, depth, self.positions, self.seed);
        let cost = |board: &Board| self.costs(puzzle, &puzzle.bytes(board), depth);
        // On every core where there are threads; in the browser, one position after another.
        #[cfg(not(target_arch = "wasm32"))]
        let costs: Vec<Vec<Option<u64>>> = boards.par_iter().map(cost).collect::<Result<_, _>>()?;
        #[cfg(target_arch = "wasm32")]
        let costs: Vec<Vec<Option<u64>>> = boards.iter().map(cost).collect::<Result<_, _>>()?;
        let measured = (0..self.columns.len())
            .map(|c| mean(costs.iter().map(|row| row[c]), depth))
            .collect();
        let published = published()
            .map_err(TableError::Published)?
            .into_iter()
            .find(|p| p.depth == depth);
        Ok(Row {
            depth,
            positions: boards.len(),
            measured,
            published,
        })
    }

    fn costs(
        &self,
        puzzle: &Puzzle,
        cells: &[u8],
        depth: u32,
    ) -> Result<Vec<Option<u64>>, TableError> {
        self.columns
            .iter()
            .map(|column| match column {
                Column::Deepening if depth > self.deepening_depth => Ok(None),
                column => column.cost(puzzle, cells, depth).map(Some),
            })
            .collect()
    }
}

/// The mean cost and the mean b* of a column's costs (`None` where it was not run).
fn mean(costs: impl Iterator<Item = Option<u64>>, depth: u32) -> Option<Measured> {
    let costs: Vec<u64> = costs.collect::<Option<_>>()?;
    let n = costs.len().max(1) as f64;
    let cost = costs.iter().map(|&c| c as f64).sum::<f64>() / n;
    let variance = costs
        .iter()
        .map(|&c| (c as f64 - cost).powi(2))
        .sum::<f64>()
        / (n - 1.0).max(1.0);
    Some(Measured {
        cost,
        standard_error: (variance / n).sqrt(),
        branching: costs
            .iter()
            .map(|&c| effective_branching(c as f64, depth))
            .sum::<f64>()
            / n,
    })
}

/// `count` positions drawn uniformly, with replacement, among those `depth` moves from the goal
/// (none past the farthest), from the seed's stream for this depth.
///
/// ```no_run
/// use npuzzle_search::textbook::{Table, deal};
/// let (_, complete) = Table::board().unwrap();
/// assert_eq!(deal(&complete, 2, 100, 7).len(), 100);
/// assert!(deal(&complete, 32, 100, 7).is_empty());
/// ```
pub fn deal(complete: &DistanceTable, depth: u32, count: usize, seed: u64) -> Vec<Board> {
    let Ok(depth) = u8::try_from(depth) else {
        return Vec::new();
    };
    let indices: Vec<u64> = complete.indices_at(depth).collect();
    if indices.is_empty() {
        return Vec::new();
    }
    let mut generator = Generator::new(seed ^ (u64::from(depth) << 56) ^ 0x7e47_b00c);
    (0..count)
        .map(|_| complete.position(indices[generator.index(indices.len())]))
        .collect()
}
