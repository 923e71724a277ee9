//! Walking distance (Ken'ichiro Takahashi's table heuristic), for any board and goal.

use std::collections::{HashMap, VecDeque};

use super::Heuristic;
use crate::Puzzle;
use crate::error::Unbuildable;

/// The most abstract states one table may have before the heuristic is refused for a board.
const MAX_STATES: usize = 4_000_000;

/// Whether a table of `lines` lines of `length` cells stays small: measured, 4 lines of 4 have
/// 24,964 states, 5 of 3 have 352,560, 6 of 2 have 367,560, and 5 of 4 over four million.
fn small_enough(lines: usize, length: usize) -> bool {
    match lines {
        0..=2 => length <= 6,
        3..=4 => length <= 5,
        5 => length <= 3,
        6 => length <= 2,
        _ => false,
    }
}

/// Walking distance: the moves needed if tiles only had to reach their goal *rows* (counting
/// vertical moves), plus the same for *columns* (horizontal moves).
///
/// The vertical abstraction forgets everything but how many tiles of each goal row sit in each
/// row, and the blank's row; its exact distances come from a breadth-first search over that small
/// space (24,964 states for 4×4). A vertical move changes only the vertical state, a horizontal
/// move only the horizontal one, so the sum is admissible, and consistent. Per move it is one
/// table transition. Stronger than Manhattan distance with linear conflicts on the 15-puzzle.
///
/// ```
/// use npuzzle_core::Goal;
/// use npuzzle_heuristic::{Puzzle, Heuristic, WalkingDistance};
/// let goal = Goal::BlankLast.board("4".parse().unwrap()).unwrap();
/// let h = WalkingDistance::new(&Puzzle::new(&goal).unwrap()).unwrap();
/// assert_eq!(h.table_sizes(), (24_964, 24_964));
/// let cells: Vec<u8> = (0..16).map(|i| ((i + 1) % 16) as u8).collect();
/// assert_eq!(h.value(&h.start(&cells)), 0);
/// ```
#[derive(Clone, Debug)]
pub struct WalkingDistance {
    vertical: Table,
    horizontal: Table,
    width: usize,
    /// The row of each cell (no division per move).
    row: Vec<u8>,
    goal_row: Vec<u8>,
    goal_column: Vec<u8>,
}

/// One direction's abstraction: distances and transitions of its states.
#[derive(Clone, Debug)]
struct Table {
    lines: usize,
    distance: Vec<u8>,
    /// `next[(state * 2 + direction) * lines + goal_line]`: the state after a tile whose goal is
    /// `goal_line` moves toward lower lines (direction 0) or higher lines (1) into the blank.
    next: Vec<u32>,
    /// The state of each position is found by encoding it and looking it up.
    index: HashMap<Vec<u8>, u32>,
}

impl Table {
    /// Breadth-first search over the abstraction from the goal. `line_of(cell)` is the line of a
    /// cell, `goal_line[t]` the line tile `t` belongs on.
    fn build(
        puzzle: &Puzzle,
        lines: usize,
        line_of: impl Fn(usize) -> usize,
        goal_line: &[u8],
    ) -> Result<Table, Unbuildable> {
        let goal = encode(lines, puzzle.goal_cells(), &line_of, goal_line);
        let mut index = HashMap::from([(goal.clone(), 0u32)]);
        let mut states = vec![goal];
        let mut distance = vec![0u8];
        let mut next = Vec::new();
        let mut queue = VecDeque::from([0u32]);
        while let Some(id) = queue.pop_front() {
            let state = states[id as usize].clone();
            let blank = state[lines * lines] as usize;
            for direction in 0..2 {
                // Direction 0: a tile from the line below the blank moves up into it.
                let source = if direction == 0 {
                    blank + 1
                } else {
                    blank.wrapping_sub(1)
                };
                for g in 0..lines {
                    let mut target = u32::MAX;
                    if source < lines && state[source * lines + g] > 0 {
                        let mut moved = state.clone();
                        moved[source * lines + g] -= 1;
                        moved[blank * lines + g] += 1;
                        moved[lines * lines] = source as u8;
                        let known = index.len() as u32;
                        target = *index.entry(moved.clone()).or_insert(known);
                        if target == known {
                            if states.len() >= MAX_STATES {
                                return Err(Unbuildable::WalkingDistance(puzzle.size()));
                            }
                            states.push(moved);
                            distance.push(distance[id as usize] + 1);
                            queue.push_back(target);
                        }
                    }
                    next.push(target);
                }
            }
        }
        Ok(Table {
            lines,
            distance,
            next,
            index,
        })
    }

    fn state_of(&self, cells: &[u8], line_of: impl Fn(usize) -> usize, goal_line: &[u8]) -> u32 {
        let key = encode(self.lines, cells, line_of, goal_line);
        // Every solvable position's abstraction is reachable from the goal's; an unsolvable one
        // may not be, and gets the goal's state (bound 0, still a valid lower bound).
        self.index.get(&key).copied().unwrap_or(0)
    }

    #[inline]
    fn step(&self, state: u32, direction: usize, goal_line: u8) -> u32 {
        self.next[(state as usize * 2 + direction) * self.lines + goal_line as usize]
    }
}

/// The abstract state of `cells`: `count[line][goal line]` of the tiles, then the blank's line.
fn encode(
    lines: usize,
    cells: &[u8],
    line_of: impl Fn(usize) -> usize,
    goal_line: &[u8],
) -> Vec<u8> {
    let mut key = vec![0u8; lines * lines + 1];
    for (cell, &tile) in cells.iter().enumerate() {
        if tile == 0 {
            key[lines * lines] = line_of(cell) as u8;
        } else {
            key[line_of(cell) * lines + goal_line[tile as usize] as usize] += 1;
        }
    }
    key
}

impl WalkingDistance {
    /// Builds the two tables for `puzzle`'s size and goal (milliseconds for 4×4, a quarter of a
    /// second for 5×3 and 6×2). Refused for larger boards, whose tables pass millions of states.
    pub fn new(puzzle: &Puzzle) -> Result<WalkingDistance, Unbuildable> {
        let size = puzzle.size();
        let width = size.width();
        if !small_enough(size.height(), width) || !small_enough(width, size.height()) {
            return Err(Unbuildable::WalkingDistance(size));
        }
        let (goal_row, goal_column): (Vec<u8>, Vec<u8>) = puzzle
            .target()
            .iter()
            .map(|&cell| (cell as usize / width) as u8)
            .zip(
                puzzle
                    .target()
                    .iter()
                    .map(|&cell| (cell as usize % width) as u8),
            )
            .unzip();
        let vertical = Table::build(puzzle, size.height(), |c| c / width, &goal_row)?;
        let horizontal = Table::build(puzzle, width, |c| c % width, &goal_column)?;
        Ok(WalkingDistance {
            vertical,
            horizontal,
            width,
            row: (0..size.cells()).map(|c| (c / width) as u8).collect(),
            goal_row,
            goal_column,
        })
    }

    /// The number of states of the vertical and the horizontal table.
    pub fn table_sizes(&self) -> (usize, usize) {
        (self.vertical.distance.len(), self.horizontal.distance.len())
    }
}

impl Heuristic for WalkingDistance {
    type State = (u32, u32);

    fn kind(&self) -> Option<crate::HeuristicKind> {
        Some(crate::HeuristicKind::WalkingDistance)
    }

    #[inline]
    fn start(&self, cells: &[u8]) -> (u32, u32) {
        let width = self.width;
        (
            self.vertical.state_of(cells, |c| c / width, &self.goal_row),
            self.horizontal
                .state_of(cells, |c| c % width, &self.goal_column),
        )
    }

    #[inline]
    fn value(&self, &(v, h): &(u32, u32)) -> u32 {
        u32::from(self.vertical.distance[v as usize])
            + u32::from(self.horizontal.distance[h as usize])
    }

    #[inline]
    fn moved(
        &self,
        &(v, h): &(u32, u32),
        _: &[u8],
        tile: u8,
        from: usize,
        to: usize,
    ) -> (u32, u32) {
        let (from_row, to_row) = (self.row[from], self.row[to]);
        if from_row != to_row {
            let direction = usize::from(to_row > from_row);
            (
                self.vertical
                    .step(v, direction, self.goal_row[tile as usize]),
                h,
            )
        } else {
            let direction = usize::from(to > from);
            (
                v,
                self.horizontal
                    .step(h, direction, self.goal_column[tile as usize]),
            )
        }
    }

    fn consistent(&self) -> bool {
        true
    }

    fn toward(&self, puzzle: &Puzzle) -> Option<Self> {
        WalkingDistance::new(puzzle).ok()
    }
}
