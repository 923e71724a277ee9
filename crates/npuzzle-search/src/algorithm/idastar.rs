//! IDA* (Korf 1985): iterative-deepening depth-first search on f = g + h.

use npuzzle_core::{Board, Move};

use super::{Found, Start, finish, start};
use crate::error::SolveError;
use crate::heuristic::Heuristic;
use crate::limits::{Budget, Limit, Limits};
use crate::puzzle::Puzzle;
use crate::solution::Solution;
use crate::stats::Stats;

/// Solves `board` optimally with IDA* and heuristic `h` (which must be admissible).
///
/// Depth-first searches with growing thresholds on f = g + h, each threshold the smallest f that
/// exceeded the last. Memory is the path only; moves are applied and undone in place; the move
/// that would undo the previous one is never generated. Optimal for any admissible heuristic.
///
/// ```
/// use npuzzle_core::{Board, Goal};
/// use npuzzle_search::{algorithm::idastar, heuristic::Manhattan, Limits, Puzzle};
/// let board: Board = "5 1 3 4/2 0 7 8/9 6 10 12/13 14 11 15".parse().unwrap();
/// let puzzle = Puzzle::new(&Goal::BlankLast.board(board.size()).unwrap()).unwrap();
/// let solution = idastar::solve(&puzzle, &Manhattan::for_puzzle(&puzzle), &board, Limits::default()).unwrap();
/// assert_eq!(solution.moves.len(), 8);
/// assert!(solution.optimal);
/// ```
pub fn solve<H: Heuristic>(
    puzzle: &Puzzle,
    h: &H,
    board: &Board,
    limits: Limits,
) -> Result<Solution, SolveError> {
    let Start {
        cells,
        state,
        lower_bound,
    } = start(puzzle, h, board)?;
    let mut search = Search {
        puzzle,
        h,
        cells,
        path: Vec::new(),
        stats: Stats::default(),
        budget: Budget::new(limits),
        next_bound: u32::MAX,
    };
    let mut bound = lower_bound;
    loop {
        search.stats.iterations += 1;
        search.next_bound = u32::MAX;
        match search.dfs(board.blank(), 0, bound, state, None) {
            Ok(true) => break,
            Ok(false) if search.next_bound == u32::MAX => {
                return Err(SolveError::Internal(
                    "IDA* exhausted a solvable space".to_string(),
                ));
            }
            Ok(false) => bound = search.next_bound,
            Err(limit) => {
                search.stats.elapsed = search.budget.elapsed();
                return Err(SolveError::LimitReached {
                    limit,
                    stats: search.stats,
                });
            }
        }
    }
    search.stats.elapsed = search.budget.elapsed();
    search.stats.peak_nodes = search.path.len() as u64 + 1;
    search.stats.peak_memory = (search.path.len() * std::mem::size_of::<H::State>()) as u64;
    let found = Found {
        moves: search.path,
        optimal: true,
        bound: None,
        algorithm: "idastar",
        lower_bound,
    };
    finish(puzzle, h, board, found, search.stats)
}

struct Search<'a, H: Heuristic> {
    puzzle: &'a Puzzle,
    h: &'a H,
    cells: Vec<u8>,
    path: Vec<Move>,
    stats: Stats,
    budget: Budget,
    next_bound: u32,
}

impl<H: Heuristic> Search<'_, H> {
    /// Searches below the node with the blank at `blank`, `g` moves from the start; its f is
    /// within `bound`. True when the goal was found (the path then holds the solution).
    fn dfs(
        &mut self,
        blank: usize,
        g: u32,
        bound: u32,
        state: H::State,
        previous: Option<Move>,
    ) -> Result<bool, Limit> {
        if self.h.value(&state) == 0 && self.cells == self.puzzle.goal_cells() {
            return Ok(true);
        }
        self.stats.expanded += 1;
        self.budget.check(&self.stats)?;
        for &(source, m) in self.puzzle.neighbours(blank) {
            if previous == Some(m.opposite()) {
                continue;
            }
            let source = source as usize;
            let tile = self.cells[source];
            self.cells[blank] = tile;
            self.cells[source] = 0;
            self.stats.generated += 1;
            let child = self.h.moved(&state, &self.cells, tile, source, blank);
            let f = g + 1 + self.h.value(&child);
            if f <= bound {
                self.path.push(m);
                if self.dfs(source, g + 1, bound, child, Some(m))? {
                    return Ok(true);
                }
                self.path.pop();
            } else if f < self.next_bound {
                self.next_bound = f;
            }
            self.cells[source] = tile;
            self.cells[blank] = 0;
        }
        Ok(false)
    }
}
