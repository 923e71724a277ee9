//! Reduction for large boards: place the top row and the left column of what remains (or one
//! of them, once the other side is short enough) by beam searches on that partial goal, then go
//! on with the smaller board, and finish it with the anytime solver. Each step is a short search,
//! so its beam has room to be good.

use std::time::Duration;

use npuzzle_core::{Board, Goal, Move, Size};

use super::beam::{self, Halt, Shape};
use super::zobrist::Zobrist;
use crate::clock::Stopwatch;
use crate::limits::Limits;
use crate::start::Start;
use crate::stats::Stats;
use crate::thresholds::REDUCE_FINAL_SIDE;
use npuzzle_heuristic::{Heuristic, Manhattan, Puzzle};

/// How many layers a placing beam goes on after it first places its tiles, for a placement
/// that leaves the rest of the board nearer its goal for its length (the beam's depth plus its
/// rank: the moves so far plus the whole board's distance, which is the Manhattan bound plus
/// twice the moves that took a tile away from its goal). Measured on 10×10 with both lines of a
/// step placed at once (seeds 1 to 6, 10 s): 1.720× the Manhattan bound with none, 1.695× with
/// 30, 1.707× with 60 (the moves plus 1.7 times the distance instead: 1.731× on seeds 1 to 10,
/// against 1.704×).
const LINGER: u32 = 30;

/// The narrowest beam of a step; each next one is twice as wide.
const FIRST_WIDTH: usize = 256;

/// How many layers' positions a placing beam remembers: it hashes only the tiles being placed,
/// so its positions repeat across many layers, not only the latest few.
const PARTIAL_REMEMBERED: usize = 64;

/// What reduction leaves: the moves that placed the lines, and the last region to solve (its
/// start, its puzzle, the time and limits left for it).
pub(crate) struct Reduced {
    /// The moves that placed the lines (not yet replayed: the caller verifies the whole).
    pub moves: Vec<Move>,
    /// The last region's position, toward its own blank-last goal.
    pub region: Start,
    /// The last region's goal, prepared.
    pub puzzle: Puzzle,
    /// The time left of the budget.
    pub time_left: Duration,
    /// The limits left (nodes counted so far taken off).
    pub limits: Limits,
}

/// Places the lines of `board` toward the blank-last `goal` of its size by reduction within
/// about `budget` and `limits` (nodes counted in `stats`, which holds the caller's count so far)
/// until a region of at most [`REDUCE_FINAL_SIDE`] on each side remains; `None` for other goals,
/// or when a step finds nothing in its time. The caller searches the region.
pub(crate) fn lines(
    board: &Board,
    goal: &Board,
    budget: Duration,
    limits: &Limits,
    stats: &mut Stats,
) -> Option<Reduced> {
    let size = board.size();
    if Goal::BlankLast.board(size).ok()? != *goal {
        return None;
    }
    let clock = Stopwatch::start();
    let deadline = budget.as_secs_f64();
    let (width, height) = (size.width(), size.height());
    let mut work = board.clone();
    let mut moves = Vec::new();
    let (mut top, mut left) = (0, 0);
    while height - top > REDUCE_FINAL_SIDE || width - left > REDUCE_FINAL_SIDE {
        let region = Region { top, left };
        let (w, h) = (width - left, height - top);
        let lines = Lines::next(w, h);
        let tiles = lines.tiles(w, h);
        // This step's share of the time left: its tiles among those left.
        let left_time = deadline - clock.elapsed().as_secs_f64();
        let share = left_time * tiles.len() as f64 / (w * h) as f64;
        let sub = region.board(&work)?;
        let step = place(&sub, &tiles, (share, left_time), limits, stats)?;
        work.apply_all(&step).ok()?;
        moves.extend(step);
        top += usize::from(lines != Lines::Column);
        left += usize::from(lines != Lines::Row);
    }
    let sub = Region { top, left }.board(&work)?;
    let sub_goal = Goal::BlankLast.board(sub.size()).ok()?;
    let puzzle = Puzzle::new(&sub_goal).ok()?;
    let mut rest = limits.clone();
    rest.max_nodes = limits
        .max_nodes
        .map(|max| max.saturating_sub(stats.expanded));
    Some(Reduced {
        moves,
        region: Start::new(sub, sub_goal).ok()?,
        puzzle,
        time_left: Duration::from_secs_f64((deadline - clock.elapsed().as_secs_f64()).max(0.0)),
        limits: rest,
    })
}

/// Which lines of the region one step places.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Lines {
    /// The top row.
    Row,
    /// The left column.
    Column,
    /// Both at once. Measured on 10×10 (seeds 1 to 6, 10 s): 1.752× the Manhattan bound one
    /// line a step, 1.695× both at once (the beam works on the column's tiles while it brings
    /// the row's, and the corner is one problem, not the end of two); 8×8 (seeds 1 to 5):
    /// 1.670× → 1.588×. Two rows and two columns at once: 1.816×.
    Both,
}

impl Lines {
    /// The lines to place next in a region `w` wide and `h` high: both while both sides are
    /// longer than [`REDUCE_FINAL_SIDE`] (and together hold no more than [`MAX_LINE`] tiles), else the
    /// row of a region at least as high as it is wide, else the column.
    fn next(w: usize, h: usize) -> Lines {
        if w > REDUCE_FINAL_SIDE && h > REDUCE_FINAL_SIDE && w + h - 1 <= MAX_LINE {
            Lines::Both
        } else if h >= w {
            Lines::Row
        } else {
            Lines::Column
        }
    }

    /// The tiles these lines hold in a region `w` wide and `h` high toward its blank-last goal.
    fn tiles(self, w: usize, h: usize) -> Vec<u8> {
        (0..w * h)
            .filter(|&cell| match self {
                Lines::Row => cell < w,
                Lines::Column => cell % w == 0,
                Lines::Both => cell < w || cell % w == 0,
            })
            .map(|cell| (cell + 1) as u8)
            .collect()
    }
}

/// The part of the board still to solve: the cells below row `top` and right of column `left`.
pub(crate) struct Region {
    pub top: usize,
    pub left: usize,
}

impl Region {
    /// The region of `work` as a board of its own toward its blank-last goal: each tile is
    /// renamed after its goal cell within the region (every tile left has its goal there).
    pub(crate) fn board(&self, work: &Board) -> Option<Board> {
        let (width, height) = (work.width(), work.height());
        let (w, h) = (width - self.left, height - self.top);
        let mut tiles = Vec::with_capacity(w * h);
        for r in self.top..height {
            for c in self.left..width {
                let t = work.cells()[r * width + c] as usize;
                if t == 0 {
                    tiles.push(0);
                    continue;
                }
                let (gr, gc) = ((t - 1) / width, (t - 1) % width);
                let (r, c) = (gr.checked_sub(self.top)?, gc.checked_sub(self.left)?);
                tiles.push((r * w + c + 1) as u32);
            }
        }
        Board::new(Size::new(w, h).ok()?, tiles).ok()
    }
}

/// The moves that place `line` (tiles of `sub`, each to its goal cell) without care for where
/// the rest ends: beams of doubling width for about `seconds`, the placement with the fewest moves
/// plus the Manhattan distance it leaves kept; the first beam may go on until `most` seconds to
/// find one at all.
fn place(
    sub: &Board,
    line: &[u8],
    (seconds, most): (f64, f64),
    limits: &Limits,
    stats: &mut Stats,
) -> Option<Vec<Move>> {
    let goal = Goal::BlankLast.board(sub.size()).ok()?;
    let puzzle = Puzzle::new(&goal).ok()?;
    let placing = Placing::new(&puzzle, line);
    let manhattan = Manhattan::new(&goal);
    let cost = |moves: &[Move]| {
        let mut end = sub.clone();
        end.apply_all(moves).ok()?;
        Some(moves.len() + manhattan.distance(&end))
    };
    let target = puzzle.target().to_vec();
    let reached = |cells: &[u8]| {
        line.iter()
            .all(|&t| cells[target[t as usize] as usize] == t)
    };
    let zobrist = Zobrist::masked(puzzle.cells(), line);
    let cells = puzzle.bytes(sub);
    let first_bound = 12 * (placing.value(&placing.start(&cells)) + puzzle.cells() as u32);
    let clock = Stopwatch::start();
    let mut best: Option<(usize, Vec<Move>)> = None;
    let mut width = FIRST_WIDTH;
    loop {
        let began = clock.elapsed().as_secs_f64();
        // No step needs more than a few moves per cell of the board for each move of the bound.
        let bound = best
            .as_ref()
            .map_or(first_bound, |(_, b)| b.len() as u32 + LINGER);
        let memory = beam::memory::<<Placing as Heuristic>::State>(
            puzzle.cells(),
            width,
            bound as usize,
            PARTIAL_REMEMBERED,
        );
        if limits.max_memory.is_some_and(|max| memory > max) {
            break;
        }
        let found = beam::search(
            (&puzzle, &placing, &zobrist),
            &reached,
            &cells,
            Shape {
                width,
                bound,
                remember: PARTIAL_REMEMBERED,
                linger: LINGER,
            },
            stats,
            &mut |spent, next| {
                let elapsed = clock.elapsed().as_secs_f64();
                !limits.cancelled()
                    && limits
                        .max_nodes
                        .is_none_or(|max| spent.expanded.saturating_add(next) <= max)
                    && (elapsed < seconds || (best.is_none() && elapsed < most))
            },
        );
        match found {
            Ok(moves) => {
                let cost = cost(&moves)?;
                if best.as_ref().is_none_or(|&(least, _)| cost < least) {
                    best = Some((cost, moves));
                }
            }
            Err(Halt::Stopped) => break,
            Err(Halt::Exhausted) => {}
        }
        let took = clock.elapsed().as_secs_f64() - began;
        if clock.elapsed().as_secs_f64() + 2.5 * took > seconds {
            break;
        }
        width *= 2;
    }
    best.map(|(_, moves)| moves)
}

/// The most tiles one step places (both lines of a 16×16 board; a line is never longer than 16,
/// the anytime solver's boards having at most 256 cells).
const MAX_LINE: usize = 31;

/// The Manhattan distance of some tiles only: a lower bound on placing them. For ranking, the
/// distance of every tile is added (the line's tiles so count twice), so that of two ways to
/// place the line the beam keeps the one that leaves the rest of the board nearer its goal, and
/// the blank's distance to the nearest of the line's tiles still out of place, so the beam
/// drives the blank to the work instead of drifting among positions of equal distance.
/// Measured on 10×10 (seeds 1 to 6, 10 s each): 2.04× the Manhattan bound with the line's
/// distance alone (four times) and the blank's, 1.82× with the rest's added at equal weight
/// (1.85× without the blank's, 1.90× with the rest's twice; linear conflict for the rest, or
/// hashing whole positions instead of the line's tiles, no better). With both lines a step
/// (seeds 1 to 6): 1.695× as here, 1.770× with the line's distance weighed 1.5 instead of 2,
/// 1.693× with 2.5, 1.714× with 3, 1.709× and 1.749× with the next two lines' tiles weighed 1.5
/// and 2, 1.874× with whole positions hashed.
struct Placing {
    width: usize,
    manhattan: Manhattan,
    /// Each tile's index among the placed ones (`u8::MAX`: not one of them).
    index: Vec<u8>,
    /// The goal cell of each placed tile, by index.
    targets: Vec<u8>,
}

/// The distance of the placed tiles and of all of them, where each placed one is, and where the
/// blank is.
#[derive(Clone, Copy, Debug)]
struct PlacingState {
    line: u32,
    all: u32,
    at: [u8; MAX_LINE],
    blank: u8,
}

impl Placing {
    fn new(puzzle: &Puzzle, tiles: &[u8]) -> Placing {
        let mut index = vec![u8::MAX; puzzle.cells()];
        for (k, &t) in tiles.iter().enumerate() {
            index[usize::from(t)] = k as u8;
        }
        let targets = tiles
            .iter()
            .map(|&t| puzzle.target()[usize::from(t)])
            .collect();
        Placing {
            width: puzzle.size().width(),
            manhattan: Manhattan::for_puzzle(puzzle),
            index,
            targets,
        }
    }

    fn entry(&self, tile: u8, cell: usize) -> u32 {
        u32::from(self.manhattan.tile_table(tile)[cell])
    }

    fn distance(&self, a: u8, b: u8) -> u32 {
        let (a, b) = (usize::from(a), usize::from(b));
        ((a / self.width).abs_diff(b / self.width) + (a % self.width).abs_diff(b % self.width))
            as u32
    }
}

impl Heuristic for Placing {
    type State = PlacingState;

    fn start(&self, cells: &[u8]) -> PlacingState {
        let mut state = PlacingState {
            line: 0,
            all: 0,
            at: [0; MAX_LINE],
            blank: 0,
        };
        for (cell, &t) in cells.iter().enumerate() {
            let d = self.entry(t, cell);
            state.all += d;
            match self.index[usize::from(t)] {
                _ if t == 0 => state.blank = cell as u8,
                u8::MAX => {}
                k => {
                    state.line += d;
                    state.at[usize::from(k)] = cell as u8;
                }
            }
        }
        state
    }

    fn value(&self, state: &PlacingState) -> u32 {
        state.line
    }

    fn rank(&self, state: &PlacingState) -> u32 {
        let nearest = self
            .targets
            .iter()
            .zip(&state.at)
            .filter(|(target, at)| target != at)
            .map(|(_, &at)| self.distance(at, state.blank))
            .min()
            .unwrap_or(1);
        state.line + state.all + nearest
    }

    fn moved(
        &self,
        state: &PlacingState,
        _: &[u8],
        tile: u8,
        from: usize,
        to: usize,
    ) -> PlacingState {
        let mut next = *state;
        let (before, after) = (self.entry(tile, from), self.entry(tile, to));
        next.all = state.all + after - before;
        next.blank = from as u8;
        if let Some(at) = next.at.get_mut(usize::from(self.index[usize::from(tile)])) {
            next.line = state.line + after - before;
            *at = to as u8;
        }
        next
    }

    fn consistent(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use npuzzle_core::Generator;

    #[test]
    fn a_region_is_a_board_toward_its_own_goal() {
        // 3x3 whose top row is placed: the lower 2x3 region, renamed after its goal cells.
        let work: Board = "1 2 3/5 0 6/4 7 8".parse().unwrap();
        let region = Region { top: 1, left: 0 }.board(&work).unwrap();
        assert_eq!(region.to_string(), "2 0 3/1 4 5");
        // A tile whose goal lies outside the region: not a reduction of this board.
        assert!(
            Region { top: 1, left: 0 }
                .board(&"4 2 3/1 0 6/5 7 8".parse().unwrap())
                .is_none()
        );
    }

    #[test]
    fn placing_bounds_the_line_and_ranks_the_whole_board() {
        // Placing the top row (1 2 3) of a 3x3.
        let goal = Goal::BlankLast.board("3".parse().unwrap()).unwrap();
        let puzzle = Puzzle::new(&goal).unwrap();
        let placing = Placing::new(&puzzle, &[1, 2, 3]);
        let start = |board: &str| placing.start(&puzzle.bytes(&board.parse().unwrap()));
        // 1 and 2 swapped (2 moves), 4 and 7 swapped (4), the blank next to 1.
        let state = start("2 1 3/7 0 6/4 5 8");
        assert_eq!(placing.value(&state), 2);
        assert_eq!(placing.rank(&state), 2 + 6 + 1);
        // The line in place: the bound is 0, the rest still ranks.
        let state = start("1 2 3/7 0 6/4 5 8");
        assert_eq!((placing.value(&state), placing.rank(&state)), (0, 4 + 1));
        // The incremental update agrees: slide 5 up into the blank.
        let before: Board = "1 2 3/7 0 6/4 5 8".parse().unwrap();
        let mut after = before.clone();
        after.apply(Move::Up).unwrap();
        let cells = puzzle.bytes(&after);
        let moved = placing.moved(&start("1 2 3/7 0 6/4 5 8"), &cells, 5, 7, 4);
        let scratch = placing.start(&cells);
        assert_eq!(
            (placing.value(&moved), placing.rank(&moved)),
            (placing.value(&scratch), placing.rank(&scratch))
        );
    }

    #[test]
    fn steps_place_both_lines_until_one_side_is_short() {
        assert_eq!(Lines::next(10, 10), Lines::Both);
        assert_eq!(Lines::next(16, 16), Lines::Both);
        // Both lines of a long region would be more than a step holds: one at a time.
        assert_eq!(Lines::next(7, 36), Lines::Row);
        assert_eq!(Lines::next(36, 7), Lines::Column);
        assert_eq!(Lines::Both.tiles(4, 3), vec![1, 2, 3, 4, 5, 9]);
        // A 6-wide region 8 high: rows until it is square, then columns when wider.
        assert_eq!(Lines::next(6, 8), Lines::Row);
        assert_eq!(Lines::Row.tiles(6, 8), vec![1, 2, 3, 4, 5, 6]);
        assert_eq!(Lines::next(8, 6), Lines::Column);
        assert_eq!(Lines::Column.tiles(3, 3), vec![1, 4, 7]);
    }

    #[test]
    fn a_lingering_beam_keeps_the_placement_that_leaves_the_least() {
        // Both lines of random 8x8 boards: the placement chosen 20 layers past the first costs
        // (moves plus the distance it leaves) no more than the first, and places the lines.
        let goal = Goal::BlankLast.board("8".parse().unwrap()).unwrap();
        let puzzle = Puzzle::new(&goal).unwrap();
        let line = Lines::Both.tiles(8, 8);
        let placing = Placing::new(&puzzle, &line);
        let zobrist = Zobrist::masked(puzzle.cells(), &line);
        let manhattan = Manhattan::new(&goal);
        let target = puzzle.target().to_vec();
        let reached = |cells: &[u8]| {
            line.iter()
                .all(|&t| cells[usize::from(target[usize::from(t)])] == t)
        };
        let mut longer = 0;
        for seed in 1..=4 {
            let board = Generator::new(seed).random_position(&goal);
            let place = |linger| {
                let shape = Shape {
                    width: 1024,
                    bound: 2000,
                    remember: PARTIAL_REMEMBERED,
                    linger,
                };
                let cells = puzzle.bytes(&board);
                let (zob, stats) = (&zobrist, &mut Stats::default());
                let moves = beam::search(
                    (&puzzle, &placing, zob),
                    &reached,
                    &cells,
                    shape,
                    stats,
                    &mut |_, _| true,
                )
                .unwrap();
                let mut end = board.clone();
                end.apply_all(&moves).unwrap();
                assert!(reached(&puzzle.bytes(&end)));
                (moves.len(), moves.len() + manhattan.distance(&end))
            };
            let ((first, first_cost), (kept, kept_cost)) = (place(0), place(20));
            assert!(
                kept_cost <= first_cost,
                "seed {seed}: {kept_cost} > {first_cost}"
            );
            assert!(first <= kept && kept <= first + 20);
            longer += usize::from(kept > first);
        }
        // It does choose longer placements that leave less.
        assert!(longer > 0);
    }

    #[test]
    fn reduction_places_every_line_outside_the_last_region() {
        let goal = Goal::BlankLast.board("8x7".parse().unwrap()).unwrap();
        for seed in 1..=3 {
            let board = Generator::new(seed).random_position(&goal);
            let mut stats = Stats::default();
            let reduced = lines(
                &board,
                &goal,
                Duration::from_millis(300),
                &Limits::default(),
                &mut stats,
            )
            .unwrap();
            let region = reduced.region.board().size();
            assert!(region.width() <= REDUCE_FINAL_SIDE && region.height() <= REDUCE_FINAL_SIDE);
            assert_eq!(reduced.puzzle.goal(), reduced.region.goal());
            let mut end = board.clone();
            end.apply_all(&reduced.moves).unwrap();
            let home = (0..goal.size().cells())
                .filter(|&i| end.cells()[i] == goal.cells()[i])
                .count();
            assert!(home >= goal.size().cells() - region.cells(), "seed {seed}");
        }
        // Other goals are not reduced.
        let spiral = Goal::Spiral.board("8x7".parse().unwrap()).unwrap();
        let board = Generator::new(1).random_position(&spiral);
        let limits = Limits::default();
        let mut stats = Stats::default();
        let short = Duration::from_millis(50);
        assert!(lines(&board, &spiral, short, &limits, &mut stats).is_none());
    }
}
