//! Goals: the solved layout a position is played toward.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::board::{Board, Tile};
use crate::geometry::Size;
use crate::parse::ParseError;

/// The solved layout. Every solver and the game work for any goal.
///
/// ```
/// use npuzzle_core::{Goal, Size};
/// let size = Size::square(3).unwrap();
/// assert_eq!(Goal::BlankLast.board(size).unwrap().to_string(), "1 2 3/4 5 6/7 8 0");
/// assert_eq!(Goal::BlankFirst.board(size).unwrap().to_string(), "0 1 2/3 4 5/6 7 8");
/// assert_eq!(Goal::Snake.board(size).unwrap().to_string(), "1 2 3/6 5 4/7 8 0");
/// assert_eq!(Goal::Spiral.board(size).unwrap().to_string(), "1 2 3/8 0 4/7 6 5");
/// let custom: Goal = "8 7 6/5 4 3/2 1 0".parse().unwrap();
/// assert_eq!(custom.board(size).unwrap().to_string(), "8 7 6/5 4 3/2 1 0");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Goal {
    /// `1 2 3/4 5 6/7 8 0`: tiles in order, the blank last (the default).
    #[default]
    BlankLast,
    /// `0 1 2/3 4 5/6 7 8`: the blank first (Korf's benchmarks, GNOME Taquin).
    BlankFirst,
    /// Rows alternate direction (boustrophedon), the blank at the end of the snake.
    Snake,
    /// Tiles spiral clockwise inward from the top-left corner, the blank at the end (the "snail").
    Spiral,
    /// Any explicit layout.
    Custom(Board),
}

/// A goal that does not fit the board.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("the goal is a {goal} board but the position is {board}")]
pub struct GoalSizeMismatch {
    /// The goal's size.
    pub goal: Size,
    /// The size asked for.
    pub board: Size,
}

impl Goal {
    /// The goal laid out on a board of `size`.
    pub fn board(&self, size: Size) -> Result<Board, GoalSizeMismatch> {
        let order = match self {
            Goal::Custom(board) if board.size() == size => return Ok(board.clone()),
            Goal::Custom(board) => {
                return Err(GoalSizeMismatch {
                    goal: board.size(),
                    board: size,
                });
            }
            Goal::BlankLast => (0..size.cells()).collect(),
            Goal::BlankFirst => return Ok(from_valid(size, (0..size.cells() as Tile).collect())),
            Goal::Snake => snake_order(size),
            Goal::Spiral => spiral_order(size),
        };
        Ok(fill_in_order(size, &order))
    }

    /// The names accepted by [`Goal::from_str`], besides an explicit position.
    pub const NAMES: [&'static str; 4] = ["blank-last", "blank-first", "snake", "spiral"];
}

fn from_valid(size: Size, cells: Vec<Tile>) -> Board {
    Board::new(size, cells).unwrap_or_else(|e| unreachable!("a named goal is valid: {e}"))
}

/// Places tiles 1, 2, … in the cells listed by `order`; the last listed cell gets the blank.
fn fill_in_order(size: Size, order: &[usize]) -> Board {
    let mut cells = vec![0; size.cells()];
    for (k, &cell) in order.iter().enumerate().take(size.cells() - 1) {
        cells[cell] = k as Tile + 1;
    }
    from_valid(size, cells)
}

fn snake_order(size: Size) -> Vec<usize> {
    (0..size.height())
        .flat_map(|row| {
            let columns: Box<dyn Iterator<Item = usize>> = if row % 2 == 0 {
                Box::new(0..size.width())
            } else {
                Box::new((0..size.width()).rev())
            };
            columns.map(move |column| size.index(row, column))
        })
        .collect()
}

fn spiral_order(size: Size) -> Vec<usize> {
    let (mut top, mut left) = (0, 0);
    let (mut bottom, mut right) = (size.height() - 1, size.width() - 1);
    let mut order = Vec::with_capacity(size.cells());
    while order.len() < size.cells() {
        order.extend((left..=right).map(|c| size.index(top, c)));
        order.extend((top + 1..=bottom).map(|r| size.index(r, right)));
        if top < bottom {
            order.extend((left..right).rev().map(|c| size.index(bottom, c)));
        }
        if left < right {
            order.extend((top + 1..bottom).rev().map(|r| size.index(r, left)));
        }
        top += 1;
        left += 1;
        bottom = bottom.saturating_sub(1);
        right = right.saturating_sub(1);
    }
    order.truncate(size.cells());
    order
}

impl fmt::Display for Goal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Goal::BlankLast => f.write_str("blank-last"),
            Goal::BlankFirst => f.write_str("blank-first"),
            Goal::Snake => f.write_str("snake"),
            Goal::Spiral => f.write_str("spiral"),
            Goal::Custom(board) => write!(f, "{board}"),
        }
    }
}

impl FromStr for Goal {
    type Err = ParseError;

    /// `blank-last` (or `last`), `blank-first` (or `first`, `korf`), `snake`, `spiral` (or
    /// `snail`), or a position in any text format.
    fn from_str(text: &str) -> Result<Goal, ParseError> {
        Ok(match text.trim().to_ascii_lowercase().as_str() {
            "blank-last" | "last" | "default" => Goal::BlankLast,
            "blank-first" | "first" | "korf" => Goal::BlankFirst,
            "snake" => Goal::Snake,
            "spiral" | "snail" => Goal::Spiral,
            _ if !text.chars().any(|c| c.is_ascii_digit()) => {
                return Err(ParseError::UnknownGoal(text.trim().to_string()));
            }
            _ => Goal::Custom(text.parse()?),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout(goal: Goal, w: usize, h: usize) -> String {
        goal.board(Size::new(w, h).unwrap()).unwrap().to_string()
    }

    #[test]
    fn spirals_of_every_shape() {
        assert_eq!(layout(Goal::Spiral, 2, 2), "1 2/0 3");
        assert_eq!(
            layout(Goal::Spiral, 4, 4),
            "1 2 3 4/12 13 14 5/11 0 15 6/10 9 8 7"
        );
        assert_eq!(layout(Goal::Spiral, 4, 2), "1 2 3 4/0 7 6 5");
        assert_eq!(layout(Goal::Spiral, 2, 4), "1 2/0 3/7 4/6 5");
        assert_eq!(
            layout(Goal::Spiral, 3, 5),
            "1 2 3/12 13 4/11 14 5/10 0 6/9 8 7"
        );
    }

    #[test]
    fn snake_ends_on_the_last_row() {
        assert_eq!(layout(Goal::Snake, 3, 2), "1 2 3/0 5 4");
        assert_eq!(layout(Goal::Snake, 2, 3), "1 2/4 3/5 0");
    }

    #[test]
    fn named_goals_parse_and_print() {
        for name in Goal::NAMES {
            assert_eq!(name.parse::<Goal>().unwrap().to_string(), name);
        }
        assert_eq!("KORF".parse::<Goal>(), Ok(Goal::BlankFirst));
        assert_eq!(
            "nonsense".parse::<Goal>().unwrap_err().to_string(),
            "unknown goal 'nonsense': use blank-last, blank-first, snake, spiral, or a position"
        );
    }

    #[test]
    fn custom_goal_must_fit() {
        let goal: Goal = "1 2/3 0".parse().unwrap();
        let err = goal.board(Size::square(3).unwrap()).unwrap_err();
        assert_eq!(
            err.to_string(),
            "the goal is a 2x2 board but the position is 3x3"
        );
    }
}
