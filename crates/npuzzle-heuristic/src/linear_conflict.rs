//! Manhattan distance plus linear conflicts, for any goal.

use std::sync::OnceLock;

use super::{Heuristic, Manhattan};
use crate::Puzzle;

/// Lines (rows or columns) longer than this count no conflicts (which keeps the bound admissible,
/// only weaker, on boards far too large for optimal search anyway).
const MAX_LINE: usize = 32;

/// Manhattan distance plus two moves for every tile that must leave its goal line.
///
/// In a row, the tiles that are already in their goal row must end in goal order; those that are
/// out of order relative to each other cannot pass one another inside the row, so some must step
/// out of it and back, two moves more than Manhattan counts. The fewest that must leave is the
/// row's tile count minus the longest subsequence already in goal order (not the number of
/// conflicting pairs, which double-counts and overestimates). Columns likewise. The extra moves
/// out of rows are vertical and those out of columns horizontal, so the two sums add up.
///
/// Admissible, not consistent. A vertical move changes the membership of two rows (a
/// horizontal one, of two columns), so only those two lines are counted per move, before and
/// after it (from one table key each on lines of up to 7 cells).
///
/// ```
/// use npuzzle_core::Goal;
/// use npuzzle_heuristic::{Puzzle, Heuristic, LinearConflict};
/// let goal = Goal::BlankLast.board("3".parse().unwrap()).unwrap();
/// let puzzle = Puzzle::new(&goal).unwrap();
/// let h = LinearConflict::new(&puzzle);
/// // 2 and 1 are both in their goal row, in the wrong order: Manhattan 2, plus 2.
/// assert_eq!(h.value(&h.start(&[2, 1, 3, 4, 5, 6, 7, 8, 0])), 4);
/// ```
#[derive(Clone, Debug)]
pub struct LinearConflict {
    manhattan: Manhattan,
    width: usize,
    height: usize,
    goal_row: Vec<u8>,
    goal_column: Vec<u8>,
    /// For rows of at most [`TABLE_LINE`] cells: the tiles that must leave, by the row's key
    /// (three bits a cell: 0 for a tile of another row or the blank, else its goal column + 1).
    row_table: &'static [u8],
    /// The same for columns (goal rows + 1).
    column_table: &'static [u8],
    /// Each tile's code in each row's key, `row_codes[row * cells + tile]` (see `row_code`).
    row_codes: Vec<u8>,
    /// Each tile's code in each column's key, `column_codes[column * cells + tile]`.
    column_codes: Vec<u8>,
}

/// The longest line whose leaving counts are looked up in a table (8^7 entries, 2 MB) instead of
/// computed.
const TABLE_LINE: usize = 7;

/// The leaving count of every key of a line of `len` cells (empty above [`TABLE_LINE`]). Built
/// once per length and shared: it depends on nothing else, and searches build many heuristics.
fn leaving_table(len: usize) -> &'static [u8] {
    static TABLES: [OnceLock<Vec<u8>>; TABLE_LINE + 1] =
        [const { OnceLock::new() }; TABLE_LINE + 1];
    let Some(table) = TABLES.get(len) else {
        return &[];
    };
    table.get_or_init(|| {
        (0..1usize << (3 * len))
            .map(|key| {
                must_leave(
                    (0..len)
                        .map(|i| ((key >> (3 * i)) & 7) as u8)
                        .filter(|&code| code != 0),
                )
            })
            .collect()
    })
}

/// Manhattan distance and the number of tiles that must leave their lines. Each line's count is
/// recomputed from the position when a move changes it, rather than kept: the state stays eight
/// bytes, which beams hold by the million.
#[derive(Clone, Copy, Debug)]
pub struct LinearConflictState {
    manhattan: u32,
    leaving: u32,
}

impl LinearConflict {
    /// The heuristic toward `puzzle`'s goal.
    pub fn new(puzzle: &Puzzle) -> LinearConflict {
        let size = puzzle.size();
        let (goal_row, goal_column): (Vec<u8>, Vec<u8>) = puzzle
            .target()
            .iter()
            .map(|&cell| {
                let (r, c) = size.coords(cell as usize);
                (r as u8, c as u8)
            })
            .unzip();
        let cells = size.cells();
        // A tile's code in a line's key: its goal place along the line + 1 if the line is its
        // goal line, else 0 (the blank too); lines have at most 128 cells, so it fits a byte.
        let codes = |lines: usize, home: &[u8], along: &[u8]| -> Vec<u8> {
            (0..lines * cells)
                .map(|k| {
                    let (line, t) = (k / cells, k % cells);
                    let member = t != 0 && usize::from(home[t]) == line;
                    u8::from(member) * (along[t] + 1)
                })
                .collect()
        };
        LinearConflict {
            manhattan: Manhattan::for_puzzle(puzzle),
            width: size.width(),
            height: size.height(),
            row_codes: codes(size.height(), &goal_row, &goal_column),
            column_codes: codes(size.width(), &goal_column, &goal_row),
            goal_row,
            goal_column,
            row_table: leaving_table(size.width()),
            column_table: leaving_table(size.height()),
        }
    }

    /// Tiles that must leave row `row`, the tile in each cell given by `at`.
    #[inline]
    fn row(&self, at: impl Fn(usize) -> u8, row: usize) -> u8 {
        if self.width > MAX_LINE {
            return 0;
        }
        if !self.row_table.is_empty() {
            return self.row_table[self.row_key(at, row)];
        }
        must_leave(
            (row * self.width..(row + 1) * self.width)
                .map(at)
                .filter(|&t| self.row_code(t, row) != 0)
                .map(|t| self.goal_column[t as usize]),
        )
    }

    /// Tiles that must leave column `column`, the tile in each cell given by `at`.
    #[inline]
    fn column(&self, at: impl Fn(usize) -> u8, column: usize) -> u8 {
        if self.height > MAX_LINE {
            return 0;
        }
        if !self.column_table.is_empty() {
            return self.column_table[self.column_key(at, column)];
        }
        must_leave(
            (0..self.height)
                .map(|r| at(r * self.width + column))
                .filter(|&t| self.column_code(t, column) != 0)
                .map(|t| self.goal_row[t as usize]),
        )
    }

    /// A tile's code in row `row`'s table key: its goal column + 1 if the row is its goal row,
    /// else 0 (the blank too).
    #[inline]
    fn row_code(&self, t: u8, row: usize) -> usize {
        usize::from(self.row_codes[row * self.goal_row.len() + usize::from(t)])
    }

    /// A tile's code in column `column`'s table key (goal row + 1 for its members).
    #[inline]
    fn column_code(&self, t: u8, column: usize) -> usize {
        usize::from(self.column_codes[column * self.goal_row.len() + usize::from(t)])
    }

    /// Row `row`'s table key: three bits a cell.
    #[inline]
    fn row_key(&self, at: impl Fn(usize) -> u8, row: usize) -> usize {
        (0..self.width).fold(0, |key, i| {
            key | self.row_code(at(row * self.width + i), row) << (3 * i)
        })
    }

    /// Column `column`'s table key: three bits a cell.
    #[inline]
    fn column_key(&self, at: impl Fn(usize) -> u8, column: usize) -> usize {
        (0..self.height).fold(0, |key, r| {
            key | self.column_code(at(r * self.width + column), column) << (3 * r)
        })
    }

    /// The change in tiles that must leave when `tile` slid from `from` to `to` (`cells` is the
    /// position after): the two lines it left and entered are read after the move, and their
    /// counts before it are looked up from the same keys with the tile put back.
    #[inline]
    fn change(&self, cells: &[u8], tile: u8, from: usize, to: usize) -> (u32, u32) {
        let after = |cell: usize| cells[cell];
        let (from_row, from_column) = (from / self.width, from % self.width);
        let (to_row, to_column) = (to / self.width, to % self.width);
        if from_row != to_row && !self.row_table.is_empty() {
            // A vertical move: one slot of each row changes, at the tile's column.
            let shift = 3 * from_column;
            let (left, entered) = (self.row_key(after, from_row), self.row_key(after, to_row));
            let t = self.row_table;
            let old = t[left | self.row_code(tile, from_row) << shift] + t[entered & !(7 << shift)];
            return (u32::from(old), u32::from(t[left] + t[entered]));
        }
        if from_row == to_row && !self.column_table.is_empty() {
            let shift = 3 * from_row;
            let (left, entered) = (
                self.column_key(after, from_column),
                self.column_key(after, to_column),
            );
            let t = self.column_table;
            let old =
                t[left | self.column_code(tile, from_column) << shift] + t[entered & !(7 << shift)];
            return (u32::from(old), u32::from(t[left] + t[entered]));
        }
        // Lines too long for a table: both counts computed, the one before the move on the
        // position with the tile put back.
        let before = |cell: usize| match cell {
            c if c == from => tile,
            c if c == to => 0,
            c => cells[c],
        };
        let count = |at: &dyn Fn(usize) -> u8| {
            u32::from(if from_row != to_row {
                self.row(at, from_row) + self.row(at, to_row)
            } else {
                self.column(at, from_column) + self.column(at, to_column)
            })
        };
        (count(&before), count(&after))
    }
}

/// The number of items to remove so that the rest increase: length minus the longest increasing
/// subsequence (patience sorting; lines hold at most [`MAX_LINE`] items).
fn must_leave(goals: impl Iterator<Item = u8>) -> u8 {
    let mut tails = [0u8; MAX_LINE];
    let (mut lis, mut count) = (0, 0);
    for g in goals {
        count += 1;
        let at = tails[..lis].partition_point(|&t| t < g);
        tails[at] = g;
        if at == lis {
            lis += 1;
        }
    }
    (count - lis) as u8
}

impl Heuristic for LinearConflict {
    type State = LinearConflictState;

    fn kind(&self) -> Option<crate::HeuristicKind> {
        Some(crate::HeuristicKind::LinearConflict)
    }

    #[inline]
    fn start(&self, cells: &[u8]) -> LinearConflictState {
        let at = |cell: usize| cells[cell];
        let rows = (0..self.height).map(|r| u32::from(self.row(at, r)));
        let columns = (0..self.width).map(|c| u32::from(self.column(at, c)));
        LinearConflictState {
            manhattan: self.manhattan.start(cells),
            leaving: rows.chain(columns).sum(),
        }
    }

    #[inline]
    fn value(&self, state: &LinearConflictState) -> u32 {
        state.manhattan + 2 * state.leaving
    }

    #[inline]
    fn moved(
        &self,
        state: &LinearConflictState,
        cells: &[u8],
        tile: u8,
        from: usize,
        to: usize,
    ) -> LinearConflictState {
        let mut next = *state;
        next.manhattan = self
            .manhattan
            .moved(&state.manhattan, cells, tile, from, to);
        // Only the lines the tile left and entered change membership; the order of the tiles
        // along the line it moved in is unchanged (it swapped with the blank, not a tile).
        let (old, new) = self.change(cells, tile, from, to);
        next.leaving = next.leaving + new - old;
        next
    }

    fn consistent(&self) -> bool {
        false
    }

    fn toward(&self, puzzle: &Puzzle) -> Option<Self> {
        Some(LinearConflict::new(puzzle))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leaving_counts_are_minimal() {
        assert_eq!(must_leave([0, 1, 2, 3].into_iter()), 0);
        assert_eq!(must_leave([3, 2, 1, 0].into_iter()), 3);
        assert_eq!(must_leave([1, 0, 3, 2].into_iter()), 2);
        // Pairwise counting would give 3 conflicts for 2 0 1; only the 2 must leave.
        assert_eq!(must_leave([2, 0, 1].into_iter()), 1);
        assert_eq!(must_leave(std::iter::empty()), 0);
    }
}
