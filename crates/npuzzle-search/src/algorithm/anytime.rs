//! The anytime solver: a solution at once, then shorter ones as long as the time budget lasts.

use std::time::Duration;

use npuzzle_core::{Board, Move};

use super::beam::{self, Halt, REMEMBERED, Shape};
use super::constructive;
use super::reduce;
use super::shorten::{self, Effort};
use super::zobrist::Zobrist;
use crate::clock::Stopwatch;
use crate::error::SolveError;
use crate::heuristic::{Focus, FocusState, Heuristic};
use crate::limits::{Limit, Limits};
use crate::puzzle::Puzzle;
use crate::solution::{self, Solution};
use crate::solver::Algorithm;
use crate::stats::Stats;

/// Positions a second stands for where there is no clock (WebAssembly): the budget becomes a
/// node count there.
const NODES_PER_SECOND: f64 = 2_000_000.0;

/// Boards of more cells are first solved by reduction ([`super::reduce`]), which beats whole-board
/// beams there (measured: 2.1x the Manhattan bound on 10x10 where beams stay near the
/// constructive 4x; on 7x7 whole-board beams are shorter).
const REDUCE_ABOVE: usize = 49;

/// The share of the budget reduction gets; beams from the start and path shortening get the rest.
const REDUCE_SHARE: f64 = 0.9;

/// The narrowest beam; each next one is up to four times wider.
const FIRST_WIDTH: usize = 16;

/// Most positions one search for an optimal ending may expand.
const SUFFIX_NODES: u64 = 1 << 20;

/// Solves `board` within about `budget` of time: the constructive solution first; on boards
/// larger than 7×7 with the blank-last goal, reduction (each top row or left column placed by
/// beams on that partial goal, the last 6×6 solved by this solver); then beam searches of growing
/// width ranked by `h` with the outer rows and columns weighed more ([`Focus`]), each solution
/// given an optimal ending by IDA* from positions along it; then beams over stretches of the
/// path, and optimal sub-paths over short windows, until the budget is spent.
///
/// Never longer than the constructive solution; optimal only when the length meets the lower
/// bound (the heuristic's value at the start, or `known_bound` when the caller proved a better
/// one). The solution reports both, so the gap is known. `limits` hold as everywhere: the time
/// limit and node limit end the search early (the best solution so far is returned), memory
/// caps the beam's width, and cancellation ends it with [`SolveError::LimitReached`].
///
/// ```
/// use std::time::Duration;
/// use npuzzle_core::{Board, Goal};
/// use npuzzle_search::{algorithm::anytime, heuristic::LinearConflict, Limits, Puzzle};
/// let board: Board = "2 6 3 5 9/1 11 8 4 14/10 16 7 13 19/20 12 21 0 24/17 15 22 18 23".parse().unwrap();
/// let puzzle = Puzzle::new(&Goal::BlankLast.board(board.size()).unwrap()).unwrap();
/// let h = LinearConflict::new(&puzzle);
/// let solution = anytime::solve(&puzzle, &h, &board, Duration::from_millis(300), 0, Limits::default()).unwrap();
/// assert!(solution.moves.len() >= 66); // the optimum; the solution was replayed to the goal
/// assert!(solution.lower_bound <= 66);
/// ```
pub fn solve<H: Heuristic>(
    puzzle: &Puzzle,
    h: &H,
    board: &Board,
    budget: Duration,
    known_bound: u32,
    limits: Limits,
) -> Result<Solution, SolveError> {
    npuzzle_core::solvability::check(board, puzzle.goal())?;
    let clock = Stopwatch::start();
    let cells = puzzle.bytes(board);
    let lower_bound = h.value(&h.start(&cells)).max(known_bound);
    let mut best = constructive::solve(board, puzzle.goal(), &limits)?.moves;
    let allowance = Allowance::new(budget, &limits, clock);
    let mut stats = Stats::default();
    // Reduction times its steps by the clock, which WebAssembly does not have.
    if puzzle.cells() > REDUCE_ABOVE && !cfg!(target_arch = "wasm32") {
        let share = Duration::from_secs_f64(allowance.budget * REDUCE_SHARE);
        if let Some(moves) = reduce::solve(board, puzzle.goal(), share, &limits, &mut stats) {
            let mut end = board.clone();
            if moves.len() < best.len() && end.apply_all(&moves).is_ok() && end == *puzzle.goal() {
                best = moves;
            }
        }
    }
    let zobrist = Zobrist::new(puzzle.cells());
    let focus = Focus::new(puzzle, h);
    let mut width = FIRST_WIDTH;
    while best.len() > lower_bound as usize && !allowance.over(stats.expanded) {
        let memory =
            beam::memory::<FocusState<H::State>>(puzzle.cells(), width, best.len(), REMEMBERED);
        if limits.max_memory.is_some_and(|max| memory > max) {
            break;
        }
        let began = allowance.elapsed();
        let found = beam::search(
            (puzzle, &focus, &zobrist),
            &|cells: &[u8]| cells == puzzle.goal_cells(),
            &cells,
            Shape {
                width,
                bound: best.len() as u32,
                remember: REMEMBERED,
            },
            &mut stats,
            &mut |stats| !allowance.over(stats.expanded),
        );
        match found {
            Ok(moves) => {
                let moves = allowance.optimal_suffix(puzzle, h, board, moves, &mut stats);
                if moves.len() < best.len() {
                    best = moves;
                }
            }
            Err(Halt::Exhausted) => {}
            Err(Halt::Stopped) => break,
        }
        // Beams cost about their width in time: size the next one to what is left of the
        // budget (at most four times wider); when it would not be wider, the rest of the time
        // goes to shortening.
        let took = (allowance.elapsed() - began).max(1e-3);
        let left = allowance.budget - allowance.elapsed();
        let next = (width as f64 * (0.9 * left / took).min(4.0)) as usize;
        if next < width + width / 2 {
            break;
        }
        width = next;
    }
    // Then fresh beams over stretches of the path, as wide as the last, and last optimal
    // sub-paths over short windows.
    let mut window = 40;
    while best.len() > lower_bound as usize
        && !allowance.over(stats.expanded)
        && window < best.len()
    {
        let (shorter, expanded) = shorten::beam_pass(board, &best, window, width, &mut |s| {
            !allowance.over(stats.expanded + s.expanded)
        });
        stats.expanded += expanded;
        let improved = shorter.len() < best.len();
        best = shorter;
        if !improved {
            window += 20;
        }
    }
    let mut window = 12;
    let longest = best.len().min(shorten::MAX_DEPTH);
    while best.len() > lower_bound as usize && !allowance.over(stats.expanded) && window <= longest
    {
        let before = best.len();
        best = allowance.shorten(board, best, window, &mut stats);
        if best.len() == before {
            window += 4;
        }
    }
    stats.elapsed = clock.elapsed();
    if limits.cancelled() {
        return Err(SolveError::LimitReached {
            limit: Limit::Cancelled,
            stats,
        });
    }
    solution::verify(
        board,
        puzzle.goal(),
        Solution {
            optimal: best.len() == lower_bound as usize,
            moves: best,
            bound: None,
            algorithm: Algorithm::Anytime,
            heuristic: Some(h.name()),
            lower_bound,
            stats,
        },
    )
}

/// The time and effort an anytime search may spend.
struct Allowance<'a> {
    clock: Stopwatch,
    /// Seconds the search may take (the budget or the time limit, whichever is smaller).
    budget: f64,
    /// Nodes it may expand (the node limit, or the budget in nodes where there is no clock).
    nodes: u64,
    limits: &'a Limits,
}

impl<'a> Allowance<'a> {
    fn new(budget: Duration, limits: &'a Limits, clock: Stopwatch) -> Allowance<'a> {
        let mut seconds = budget.as_secs_f64();
        if let Some(timeout) = limits.timeout {
            seconds = seconds.min(timeout.as_secs_f64());
        }
        let mut nodes = limits.max_nodes.unwrap_or(u64::MAX);
        if cfg!(target_arch = "wasm32") {
            nodes = nodes.min((seconds * NODES_PER_SECOND) as u64);
        }
        Allowance {
            clock,
            budget: seconds,
            nodes,
            limits,
        }
    }

    fn elapsed(&self) -> f64 {
        self.clock.elapsed().as_secs_f64()
    }

    /// Whether a search that has expanded `expanded` positions so far has used up the allowance.
    fn over(&self, expanded: u64) -> bool {
        expanded >= self.nodes || self.elapsed() >= self.budget || self.limits.cancelled()
    }

    /// Replaces the end of `moves` by an optimal one, as far back as searches stay quick.
    fn optimal_suffix<H: Heuristic>(
        &self,
        puzzle: &Puzzle,
        h: &H,
        board: &Board,
        moves: Vec<Move>,
        stats: &mut Stats,
    ) -> Vec<Move> {
        let spent = stats.expanded;
        let stop = || self.over(spent);
        let effort = Effort {
            nodes: SUFFIX_NODES,
            stop: &stop,
        };
        let (moves, expanded) = shorten::suffix(puzzle, h, board, &moves, effort);
        stats.expanded += expanded;
        moves
    }

    /// Shortens `moves` with windows of `window` moves until a pass finds nothing.
    fn shorten(
        &self,
        board: &Board,
        mut moves: Vec<Move>,
        window: usize,
        stats: &mut Stats,
    ) -> Vec<Move> {
        loop {
            let spent = stats.expanded;
            let stop = || self.over(spent);
            let effort = Effort {
                nodes: (1u64 << 14) * window as u64,
                stop: &stop,
            };
            let before = moves.len();
            let (shorter, expanded) = shorten::pass(board, &moves, window, effort);
            stats.expanded += expanded;
            moves = shorter;
            if moves.len() == before || self.over(stats.expanded) {
                return moves;
            }
        }
    }
}
