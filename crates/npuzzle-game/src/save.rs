//! Saved games: a game with its whole history, the time played and the seed that dealt it, as
//! JSON. Pure: the front end reads and writes the file.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::Game;

/// A game and the seed that made it (none for a pasted position).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dealt {
    /// The game.
    pub game: Game,
    /// The seed that replays it.
    pub seed: Option<u64>,
}

/// The version of the save format.
pub const SAVE_VERSION: u32 = 1;

#[derive(Serialize, Deserialize)]
struct SaveFile {
    npuzzle_save: u32,
    #[serde(flatten)]
    dealt: Dealt,
}

/// Why a text is not a saved game this version reads.
#[derive(Debug, Error)]
pub enum SaveError {
    /// Not a save at all, or a damaged one (a history that does not replay included).
    #[error("it is not an npuzzle saved game: {0}")]
    NotASave(#[from] serde_json::Error),
    /// A save of another version of the format.
    #[error("it is a version {0} save; this npuzzle reads version {SAVE_VERSION}")]
    Version(u32),
}

impl Dealt {
    /// The save of this game with the time played by `now` (the session's clock, see
    /// [`Game::paused`]).
    ///
    /// ```
    /// use npuzzle_core::{Goal, Move, Size};
    /// use npuzzle_game::{Game, Dealt};
    /// let goal = Goal::BlankLast.board(Size::square(3).unwrap()).unwrap();
    /// let mut dealt = Dealt { game: Game::deal(goal, 5, Some(10)), seed: Some(5) };
    /// let _ = dealt.game.play(Move::Up, 0);
    /// let text = dealt.to_save(2_000);
    /// let restored = Dealt::from_save(&text).unwrap();
    /// assert_eq!(restored.seed, Some(5));
    /// assert_eq!(restored.game.board(), dealt.game.board());
    /// ```
    pub fn to_save(&self, now: u64) -> String {
        let file = SaveFile {
            npuzzle_save: SAVE_VERSION,
            dealt: Dealt {
                game: self.game.paused(now),
                seed: self.seed,
            },
        };
        serde_json::to_string_pretty(&file).expect("a game always serialises")
    }

    /// Reads a save; its history is replayed and checked (see [`Game`]'s deserialisation).
    pub fn from_save(text: &str) -> Result<Dealt, SaveError> {
        let file: SaveFile = serde_json::from_str(text)?;
        if file.npuzzle_save != SAVE_VERSION {
            return Err(SaveError::Version(file.npuzzle_save));
        }
        Ok(file.dealt)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use npuzzle_core::{Goal, Size};

    #[test]
    fn other_versions_and_other_files_are_refused() {
        let goal = Goal::BlankLast.board(Size::square(3).unwrap()).unwrap();
        let dealt = Dealt {
            game: Game::deal(goal, 1, None),
            seed: None,
        };
        let text = dealt
            .to_save(0)
            .replace("\"npuzzle_save\": 1", "\"npuzzle_save\": 9");
        assert!(matches!(
            Dealt::from_save(&text),
            Err(SaveError::Version(9))
        ));
        assert!(matches!(
            Dealt::from_save("[]"),
            Err(SaveError::NotASave(_))
        ));
    }
}
