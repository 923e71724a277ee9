//! The constructive solver: any solvable position of any size, placing tiles line by line.
//!
//! This module is the solver's face (whole solutions, streamed solutions, limits); the working
//! board is in `work` (grid, moves and what a move costs a plan), the order of lines in `lines`,
//! the placing of tiles and pairs in `placement`, planned routes (the tile's cost to go and the
//! blank's cheapest ways) in `plan`, unplanned blank routes in `routing`, and the final block in
//! `finish`.

mod finish;
mod lines;
mod placement;
mod plan;
mod routing;
mod work;

use self::work::Work;

use std::ops::ControlFlow;

use npuzzle_core::{Move, moves};

use super::{Method, Sink};
use crate::clock::Stopwatch;
use crate::error::SolveError;
use crate::limits::{Budget, Limits};
use crate::method::Algorithm;
use crate::solution::{self, Solution};
use crate::start::Start;
use crate::stats::Stats;
use npuzzle_heuristic::Manhattan;

/// What a streamed solve did (its moves went to a sink as they came).
///
/// ```
/// use std::ops::ControlFlow;
/// use npuzzle_core::{Generator, Goal};
/// use npuzzle_search::{Limits, Start, algorithm::{Method, constructive::Constructive}};
/// let goal = Goal::BlankLast.board("50".parse().unwrap()).unwrap();
/// let start = Start::new(Generator::new(2).random_position(&goal), goal).unwrap();
/// let mut count = 0u64;
/// let streamed = Constructive.stream(&start, &Limits::default(), &mut |_| {
///     count += 1;
///     ControlFlow::Continue(())
/// }).unwrap();
/// assert_eq!(streamed.moves, count);
/// assert!(streamed.moves >= streamed.lower_bound);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Streamed {
    /// Moves made (STM).
    pub moves: u64,
    /// The Manhattan distance of the start: no solution is shorter.
    pub lower_bound: u64,
    /// Statistics (expanded counts the tiles placed).
    pub stats: Stats,
}

/// The constructive solver: any solvable position of any size, in a time about proportional to
/// its moves (see [`Method::stream`]'s notes below).
///
/// Tiles are placed row by row from the top and column by column from the left, always
/// shortening the longer side of what remains. Each tile travels with the blank going round it.
/// Its route is planned: every solution is the Manhattan bound plus twice the moves that take a
/// tile away from its goal, so the plan is the way with the fewest such moves (then the fewest
/// moves), priced on the board as it is: the tile's cost to go from each cell of the box between
/// it and its cell, for each side the blank may be on, by a search backward from its cell; then at
/// each step the blank's cheapest way to a side of the tile from which it slides nearer, priced
/// afresh, plus the cost to go from there. The blank's own trips are priced the same way. Where
/// the box is too large to plan (past 100×100 the largest box planned shrinks as the board grows,
/// so the plans' work stays near that of 100×100) the tile goes in a staircase where it must go
/// both ways (three moves a step, where a straight line takes five), and the blank takes, of its
/// shortest ways, the one that brings the other tiles nearest their goals (by dynamic programming
/// over a band along the box it crosses). The last two tiles of a line are placed together by an
/// exact search over a window of at most eight cells; the last block of at most 3×3 is solved
/// optimally. Any goal works: the solver aims at the goal with its blank walked to the
/// bottom-right corner, then walks it back.
///
/// Streamed ([`Method::stream`]), each move goes to the sink as it is made, so a
/// 1000×1000 solution (billions of moves) never has to be held in memory. The moves are made on
/// a working board, each one checked legal, and the working board is compared with the goal at
/// the end: the stream is a replayed solution. About O(cells^1.5) moves; solution length runs at
/// a small multiple of the Manhattan lower bound.
///
/// `limits` hold as for every search: each move counts as a node, the memory is the working
/// board's, and the time limit and cancellation are looked at every few thousand moves.
///
/// ```
/// use npuzzle_core::{Generator, Goal, Size};
/// use npuzzle_search::{algorithm::{Method, constructive::Constructive}, Limits, Start};
/// let goal = Goal::Spiral.board(Size::new(12, 9).unwrap()).unwrap();
/// let start = Start::new(Generator::new(1).random_position(&goal), goal).unwrap();
/// let solution = Constructive.run(&start, &Limits::default()).unwrap(); // replayed
/// assert!(solution.moves.len() as u32 >= solution.lower_bound);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Constructive;

impl Method for Constructive {
    fn run(&self, start: &Start, limits: &Limits) -> Result<Solution, SolveError> {
        solve(start, limits)
    }

    fn stream(&self, start: &Start, limits: &Limits, sink: Sink) -> Result<Streamed, SolveError> {
        solve_streaming(start, limits, sink)
    }
}

/// Solves `start`, collecting the moves.
pub(crate) fn solve(start: &Start, limits: &Limits) -> Result<Solution, SolveError> {
    let mut moves = Vec::new();
    let report = solve_streaming(start, limits, |m| {
        moves.push(m);
        ControlFlow::Continue(())
    })?;
    solution::verify(
        start.board(),
        start.goal(),
        Solution {
            moves,
            optimal: false,
            bound: None,
            algorithm: Algorithm::Constructive,
            heuristic: None,
            ranking: None,
            lower_bound: u32::try_from(report.lower_bound).unwrap_or(u32::MAX),
            stats: report.stats,
            stopped: None,
            proof: crate::solution::Proof::Search,
        },
    )
}

/// Solves `start`, handing each move to `sink` as it is made.
pub(crate) fn solve_streaming(
    start: &Start,
    limits: &Limits,
    mut sink: impl FnMut(Move) -> ControlFlow<()>,
) -> Result<Streamed, SolveError> {
    let (board, goal) = (start.board(), start.goal());
    let clock = Stopwatch::start();
    let mut budget = Budget::new(limits.clone());
    let mut spent = Stats {
        peak_memory: (board.cells().len() * 17) as u64,
        ..Stats::default()
    };
    let mut hit = None;
    let sink = |m| {
        spent.generated += 1;
        spent.expanded = spent.generated;
        if let Err(limit) = budget.check(&spent) {
            hit = Some(limit);
            return ControlFlow::Break(());
        }
        sink(m)
    };
    let lower_bound = Manhattan::new(goal).distance(board) as u64;
    // The goal with its blank walked right, then down, into the bottom-right corner.
    let (gr, gc) = goal.blank_coords();
    let mut to_corner = vec![Move::Left; goal.width() - 1 - gc];
    to_corner.extend(std::iter::repeat_n(Move::Up, goal.height() - 1 - gr));
    let mut corner_goal = goal.clone();
    corner_goal
        .apply_all(&to_corner)
        .map_err(|e| SolveError::Internal(format!("walking the goal's blank: {e}")))?;

    let mut work = Work::new(board, &corner_goal, sink);
    let solved = work.solve().and_then(|()| {
        for m in moves::invert(&to_corner) {
            let source = work
                .source(m)
                .ok_or_else(|| SolveError::Internal("walking back".into()))?;
            work.slide_from(source)?;
        }
        Ok(())
    });
    if let Err(error) = solved {
        drop(work);
        return Err(match hit {
            Some(limit) => SolveError::LimitReached {
                limit,
                stats: Stats {
                    elapsed: clock.elapsed(),
                    ..spent
                },
            },
            None => error,
        });
    }
    if work.cells.iter().zip(goal.cells()).any(|(a, b)| a != b) {
        return Err(SolveError::Internal(
            "the constructive solver did not reach the goal".to_string(),
        ));
    }
    let stats = Stats {
        expanded: work.placed,
        generated: work.count,
        peak_nodes: 1,
        peak_memory: (work.cells.len() * 17) as u64,
        elapsed: clock.elapsed(),
        ..Stats::default()
    };
    Ok(Streamed {
        moves: work.count,
        lower_bound,
        stats,
    })
}
/// The top rows and left columns of `board` placed toward the blank-last `goal` of its size, as
/// the constructive solver places them, until what remains below row `top` and right of column
/// `left` is at most `side` (at least 3) each way: the moves and `(top, left)`. `limits` hold as
/// in [`solve_streaming`].
pub(crate) fn lines_until(
    start: &Start,
    side: usize,
    limits: &Limits,
) -> Result<(Vec<Move>, (usize, usize)), SolveError> {
    let (board, goal) = (start.board(), start.goal());
    let mut budget = Budget::new(limits.clone());
    let (mut spent, mut moves, mut hit) = (Stats::default(), Vec::new(), None);
    let mut work = Work::new(board, goal, |m| {
        spent.generated += 1;
        spent.expanded = spent.generated;
        if let Err(limit) = budget.check(&spent) {
            hit = Some(limit);
            return ControlFlow::Break(());
        }
        moves.push(m);
        ControlFlow::Continue(())
    });
    let corner = work.lines(side.max(3));
    drop(work);
    match (corner, hit) {
        (Ok(corner), _) => Ok((moves, corner)),
        (Err(_), Some(limit)) => Err(SolveError::LimitReached {
            limit,
            stats: spent,
        }),
        (Err(error), None) => Err(error),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use npuzzle_core::{Generator, Goal, Size};

    #[test]
    fn solves_every_shape_and_goal() {
        let mut failures = Vec::new();
        for w in 2..=8 {
            for h in 2..=8 {
                let size = Size::new(w, h).unwrap();
                for goal in [Goal::BlankLast, Goal::BlankFirst, Goal::Snake, Goal::Spiral] {
                    let goal = goal.board(size).unwrap();
                    let mut generator = Generator::new(w as u64 * 100 + h as u64);
                    for _ in 0..20 {
                        let board = generator.random_position(&goal);
                        let start = Start::new(board.clone(), goal.clone()).unwrap();
                        if let Err(e) = solve(&start, &Limits::default()) {
                            failures.push(format!("{board} -> {goal}: {e}"));
                        }
                    }
                }
            }
        }
        assert!(
            failures.is_empty(),
            "{} failures, first: {:?}",
            failures.len(),
            &failures[..failures.len().min(5)]
        );
    }

    /// Tiles' and the blank's routes are planned for the fewest moves away from the goal: on
    /// 30×30 boards that keeps solutions near two and a half times the Manhattan bound (about
    /// three times with staircases and the shortest ways best for the other tiles; 4.6 to 4.7
    /// times when tiles went straight and the blank took the first L).
    #[test]
    fn large_boards_stay_near_two_and_a_half_times_the_manhattan_bound() {
        let goal = Goal::BlankLast.board(Size::square(30).unwrap()).unwrap();
        for seed in 1..=3 {
            let board = Generator::new(seed).random_position(&goal);
            let start = Start::new(board, goal.clone()).unwrap();
            let solution = solve(&start, &Limits::default()).unwrap();
            let ratio = solution.moves.len() as f64 / f64::from(solution.lower_bound);
            assert!(
                ratio < 2.75,
                "seed {seed}: {ratio:.2} times the Manhattan bound"
            );
        }
    }
}
