//! Where a game comes from: a seed, a pasted position, or a saved game.

use std::path::Path;

use anyhow::Context;
use npuzzle_core::{Board, Goal, Size, parse_board};
pub use npuzzle_game::Dealt;
use npuzzle_game::Game;

/// How new games are made in this session.
#[derive(Clone, Debug)]
pub struct Recipe {
    /// The board size.
    pub size: Size,
    /// The goal.
    pub goal: Goal,
    /// Shuffle by this many random moves from the goal (the classic games' shuffle) instead of
    /// drawing a uniform random position.
    pub walk: Option<usize>,
}

impl Recipe {
    /// A game from `seed` (a fresh random seed when none).
    pub fn deal(&self, seed: Option<u64>) -> anyhow::Result<Dealt> {
        let seed = seed.unwrap_or_else(random_seed);
        let goal = self.goal.board(self.size)?;
        Ok(Dealt {
            game: Game::deal(goal, seed, self.walk),
            seed: Some(seed),
        })
    }

    /// A game from a position in any text format.
    pub fn deal_position(&self, text: &str) -> anyhow::Result<Dealt> {
        let start: Board = parse_board(text, None).context("the position")?;
        let goal = self.goal.board(start.size())?;
        Ok(Dealt {
            game: Game::new(start, goal)?,
            seed: None,
        })
    }
}

/// A random seed from the system (hashing the time with a random key), below a million: short
/// enough to read in the title and type to replay (`--seed`), and still a million games.
pub fn random_seed() -> u64 {
    use std::hash::{BuildHasher, RandomState};
    RandomState::new().hash_one(std::time::SystemTime::now()) % 1_000_000
}

/// Saves a game with its whole history and the time played by `now` (the session's clock),
/// written beside `path` and renamed into place so that a save is always whole.
pub fn save(dealt: &Dealt, now: u64, path: &Path) -> anyhow::Result<()> {
    crate::files::write_atomically(path, dealt.to_save(now).as_bytes())
}

/// Loads a saved game; its history is replayed and checked.
pub fn load(path: &Path) -> anyhow::Result<Dealt> {
    let text = crate::files::read_named(path)?;
    Dealt::from_save(&text).with_context(|| path.display().to_string())
}
