//! Replays: a game's actions with the time each was made, from its scramble, as text a record
//! or a link can carry: `R2@1530 U@2010` (tile notation, the count when a slide moved more than
//! one tile, `@` the milliseconds of play).

use std::fmt;

use thiserror::Error;

use crate::Game;
use npuzzle_core::board::Board;
use npuzzle_core::moves::Move;

/// One action of a replay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// The direction the tiles moved.
    pub direction: Move,
    /// How many tiles moved.
    pub count: usize,
    /// When, in milliseconds of play.
    pub at: u64,
}

/// A game to watch again: its scramble, goal and timed actions, checked legal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    start: Board,
    goal: Board,
    steps: Vec<Step>,
}

/// Why a replay cannot be read or played.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ReplayError {
    /// A token that is not `LETTER[COUNT]@MILLISECONDS`.
    #[error("step {index} ('{token}') is not a move with its time, like R2@1530")]
    Token {
        /// 1-based.
        index: usize,
        /// The token, shortened.
        token: String,
    },
    /// A step that cannot be played from where the steps before left the board.
    #[error("step {index} ({token}) cannot be played there")]
    Illegal {
        /// 1-based.
        index: usize,
        /// The step as written.
        token: String,
    },
    /// Times that go back.
    #[error("step {index} comes before the step ahead of it")]
    Backwards {
        /// 1-based.
        index: usize,
    },
    /// A scramble or goal that is not a position.
    #[error("the replay's {what} is not a position: {reason}")]
    Position {
        /// `scramble` or `goal`.
        what: &'static str,
        /// Why.
        reason: String,
    },
}

/// A step as written in a replay.
impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.direction.tile_letter().to_string())?;
        if self.count != 1 {
            write!(f, "{}", self.count)?;
        }
        write!(f, "@{}", self.at)
    }
}

/// The steps written in `text` (whitespace between them), not yet checked on a board.
///
/// ```
/// use npuzzle_core::Move;
/// use npuzzle_game::replay::{parse_steps, Step};
/// let steps = parse_steps("R2@1530 U@2010").unwrap();
/// assert_eq!(steps[0], Step { direction: Move::Right, count: 2, at: 1530 });
/// assert!(parse_steps("R2 U@5").unwrap_err().to_string().contains("step 1"));
/// ```
pub fn parse_steps(text: &str) -> Result<Vec<Step>, ReplayError> {
    let mut steps: Vec<Step> = Vec::new();
    for (i, token) in text.split_whitespace().enumerate() {
        let index = i + 1;
        let fault = || ReplayError::Token {
            index,
            token: token.chars().take(24).collect(),
        };
        let (moved, at) = token.split_once('@').ok_or_else(fault)?;
        let mut letters = moved.chars();
        let direction = letters
            .next()
            .and_then(Move::from_tile_letter)
            .ok_or_else(fault)?;
        let count = match letters.as_str() {
            "" => 1,
            digits => digits.parse().ok().filter(|&n| n > 0).ok_or_else(fault)?,
        };
        let at: u64 = at.parse().map_err(|_| fault())?;
        if steps.last().is_some_and(|last| last.at > at) {
            return Err(ReplayError::Backwards { index });
        }
        steps.push(Step {
            direction,
            count,
            at,
        });
    }
    Ok(steps)
}

impl Replay {
    /// The replay of `game` so far (actions undone are not in it; an action saved without a
    /// time takes the time of the one before).
    pub fn of(game: &Game) -> Replay {
        let mut last = 0;
        let steps = game
            .actions()
            .iter()
            .map(|action| {
                last = action.at.unwrap_or(last).max(last);
                Step {
                    direction: action.direction,
                    count: action.count,
                    at: last,
                }
            })
            .collect();
        Replay {
            start: game.start().clone(),
            goal: game.goal().clone(),
            steps,
        }
    }

    /// A replay of `steps` from `start` toward `goal`, checked: every step is played in turn.
    ///
    /// ```
    /// use npuzzle_game::replay::{parse_steps, Replay};
    /// let start = "1 2 3/4 5 6/0 7 8".parse().unwrap();
    /// let goal = "1 2 3/4 5 6/7 8 0".parse().unwrap();
    /// let replay = Replay::new(start, goal, parse_steps("L2@800").unwrap()).unwrap();
    /// assert!(replay.ends_solved());
    /// assert_eq!(replay.to_string(), "L2@800");
    /// ```
    pub fn new(start: Board, goal: Board, steps: Vec<Step>) -> Result<Replay, ReplayError> {
        let mut board = start.clone();
        for (i, step) in steps.iter().enumerate() {
            for _ in 0..step.count {
                board
                    .apply(step.direction)
                    .map_err(|_| ReplayError::Illegal {
                        index: i + 1,
                        token: step.to_string(),
                    })?;
            }
        }
        Ok(Replay { start, goal, steps })
    }

    /// The scramble.
    pub fn start(&self) -> &Board {
        &self.start
    }

    /// The goal.
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// The timed steps.
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// Whether the steps end on the goal.
    pub fn ends_solved(&self) -> bool {
        let mut board = self.start.clone();
        for step in &self.steps {
            for _ in 0..step.count {
                if board.apply(step.direction).is_err() {
                    return false;
                }
            }
        }
        board == self.goal
    }
}

/// The steps as written: `R2@1530 U@2010`.
impl fmt::Display for Replay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let steps: Vec<String> = self.steps.iter().map(Step::to_string).collect();
        f.write_str(&steps.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use npuzzle_core::{Goal, Size};

    #[test]
    fn a_game_replays_with_its_times() {
        let goal = Goal::BlankLast.board(Size::square(3).unwrap()).unwrap();
        let mut game = Game::new("1 2 3/4 5 6/0 7 8".parse().unwrap(), goal).unwrap();
        game.play(Move::Left, 1_000).unwrap();
        game.play(Move::Right, 1_400).unwrap();
        game.undo();
        game.slide_tile(8, 2_500).unwrap();
        let replay = Replay::of(&game);
        assert_eq!(replay.to_string(), "L@0 L@1500");
        assert!(replay.ends_solved());
        let again = Replay::new(
            replay.start().clone(),
            replay.goal().clone(),
            parse_steps(&replay.to_string()).unwrap(),
        )
        .unwrap();
        assert_eq!(again, replay);
        let illegal = Replay::new(
            replay.start().clone(),
            replay.goal().clone(),
            parse_steps("R@0").unwrap(),
        );
        assert!(matches!(
            illegal,
            Err(ReplayError::Illegal { index: 1, .. })
        ));
        assert!(matches!(
            parse_steps("L@5 L@4"),
            Err(ReplayError::Backwards { index: 2 })
        ));
    }
}
