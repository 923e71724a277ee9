//! What a command did to a game, as data ([`Outcome`]): the game decides it once
//! ([`crate::Game::apply`] for the commands that change the position), and every front end only
//! words it ([`crate::Lang::outcome`]) and draws the board.

use crate::{Command, Game, GameError, Slide};

/// What a command did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Tiles slid.
    Moved(Slide),
    /// The last action was taken back.
    Undone,
    /// The last action taken back was played again.
    Redone(Slide),
    /// There was nothing to take back (or the game is won).
    NothingToUndo,
    /// There was nothing to play again (or the game is won).
    NothingToRedo,
    /// The game started again from its position.
    Restarted,
    /// The move was refused, and why; nothing changed.
    Refused(GameError),
    /// A saved game was loaded in place of this one.
    Loaded,
    /// A file or a search failed, and why (worded by the error itself).
    Failed(String),
    /// The tile a hint says to move, or `None` on a solved board.
    Hint(Option<u32>),
    /// A graded hint (where distances are proved): the distance, the tiles, or a move.
    Hinted(crate::hints::Hinted),
    /// The game was saved to this file (as the player named it, control characters escaped).
    Saved(String),
    /// `save` without a file name.
    SaveWhere,
    /// `load` without a file name.
    LoadWhere,
    /// The arrows now move the blank (`true`) or a tile.
    ArrowsMove {
        /// Whether they move the blank.
        blank: bool,
    },
    /// The live optimal distance was asked for on a board larger than
    /// [`crate::LIVE_OPTIMAL_CELLS`].
    NoLiveDistance,
    /// A command that would drop the game was not confirmed: the game goes on.
    PlayingOn,
}

impl Outcome {
    /// Whether the position changed.
    pub fn moved(&self) -> bool {
        matches!(
            self,
            Outcome::Moved(_)
                | Outcome::Undone
                | Outcome::Redone(_)
                | Outcome::Restarted
                | Outcome::Loaded
        )
    }

    /// Whether this outcome won the game.
    pub fn won(&self) -> bool {
        matches!(self, Outcome::Moved(slide) | Outcome::Redone(slide) if slide.won)
    }
}

impl Game {
    /// Carries out `command` at `now` if it is one that plays on the position (a slide in a
    /// direction, a tile by number, undo, redo, restart) and says what it did; `None` for the
    /// commands that are the front end's (hints, files, help, quitting, god mode, typing).
    ///
    /// ```
    /// use npuzzle_core::{Goal, Move};
    /// use npuzzle_game::{Command, Game, Outcome};
    /// let goal = Goal::BlankLast.board("3".parse().unwrap()).unwrap();
    /// let mut game = Game::new("1 2 3/4 5 6/7 0 8".parse().unwrap(), goal).unwrap();
    /// assert_eq!(game.apply(&Command::Undo, 0), Some(Outcome::NothingToUndo));
    /// let won = game.apply(&Command::Tile(8), 10).unwrap();
    /// assert!(won.won());
    /// assert_eq!(game.apply(&Command::Help, 20), None);
    /// ```
    pub fn apply(&mut self, command: &Command, now: u64) -> Option<Outcome> {
        let moved = |result: Result<Slide, GameError>| match result {
            Ok(slide) => Outcome::Moved(slide),
            Err(error) => Outcome::Refused(error),
        };
        Some(match command {
            Command::Slide(m) => moved(self.play(*m, now)),
            Command::Tile(tile) => moved(self.move_tile(*tile, now)),
            Command::Undo => match self.undo() {
                Some(_) => Outcome::Undone,
                None => Outcome::NothingToUndo,
            },
            Command::Redo => match self.redo(now) {
                Some(slide) => Outcome::Redone(slide),
                None => Outcome::NothingToRedo,
            },
            Command::Restart => {
                self.restart();
                Outcome::Restarted
            }
            _ => return None,
        })
    }
}
