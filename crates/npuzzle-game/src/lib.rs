//! The game session shared by the terminal game and the web page: a position played toward a
//! goal, with history, undo and redo, counters and a timer.
//!
//! It is pure: no clock and no I/O. The caller passes the time of each action in milliseconds
//! (from any fixed origin), so the same code runs natively and in WebAssembly.
//!
//! Every front end (the full-screen terminal game, the line mode, the web page) reads the
//! player's keys or words as a [`Command`], asks the `Game` to carry it out ([`Game::apply`]),
//! and draws what the game says happened ([`Outcome`], [`Slide`], [`Summary`]) in the words of
//! one table per language ([`Lang`]); the rules (what counts as help, when the clock runs, what
//! a win reports) are decided here once.

mod command;
pub mod hints;
mod keymap;
pub mod lab;
mod lang;
mod outcome;
pub mod records;
pub mod replay;
mod save;
pub mod trainer;

pub use command::{Command, Key, UnknownCommand};
pub use keymap::{KeyMap, KeyMapError};
pub use lang::Lang;
pub use outcome::Outcome;
pub use records::{Daily, Mistakes, Record, Statistics};
pub use save::{Dealt, SAVE_VERSION, SaveError};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use npuzzle_core::board::{Board, IllegalMove, Tile};
use npuzzle_core::moves::{self, Move};
use npuzzle_core::solvability::{self, Unsolvable};

/// One player action: a slide of `count` tiles in `direction` (a click on a tile in line with the
/// blank slides several; a key press slides one). Undo and redo work on whole actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Action {
    /// The direction the tiles move.
    pub direction: Move,
    /// How many single-tile moves the action made.
    pub count: usize,
    /// The time played when it was made, in milliseconds (none in saves from before times were
    /// kept): what a replay follows.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<u64>,
}

/// The most cells for which the front ends show the live optimal distance and the start's optimal
/// length (the solvers answer those at once up to the 15-puzzle).
pub const LIVE_OPTIMAL_CELLS: usize = 16;

/// What an accepted slide did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slide {
    /// The direction the tiles moved.
    pub direction: Move,
    /// How many tiles moved (one for a key or a typed number; a click moves a run).
    pub count: usize,
    /// The tile farthest from the blank that moved: the one pressed, typed or clicked.
    pub tile: Tile,
    /// Whether the slide solved the puzzle.
    pub won: bool,
}

/// The figures of a game, for the win screen and the records: the same in every front end.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// Single-tile moves.
    pub stm: usize,
    /// Multi-tile moves.
    pub mtm: usize,
    /// Time from the first move to the win, in milliseconds.
    pub milliseconds: u64,
    /// Whether help was used (see [`Game::mark_assisted`]).
    pub assisted: bool,
    /// Whether `milliseconds` is the whole time played: false for a game restored from a save
    /// that kept a clock reading of another sitting instead of the time played
    /// (see [`Game::paused`]).
    #[serde(default = "known")]
    pub timed: bool,
}

/// Times are known unless said otherwise.
fn known() -> bool {
    true
}

impl Summary {
    /// Tiles per second, when any time passed.
    pub fn tiles_per_second(&self) -> Option<f64> {
        (self.milliseconds > 0).then(|| self.stm as f64 * 1000.0 / self.milliseconds as f64)
    }

    /// The optimal length as a percentage of the moves made.
    pub fn efficiency(&self, optimal: usize) -> f64 {
        100.0 * optimal as f64 / self.stm.max(1) as f64
    }
}

impl std::fmt::Display for Summary {
    /// `31 moves (20 MTM) in 12.34 s, 2.51 TPS, assisted`
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let unit = if self.stm == 1 { "move" } else { "moves" };
        write!(
            f,
            "{} {unit} ({} MTM) in {:.2} s",
            self.stm,
            self.mtm,
            self.milliseconds as f64 / 1000.0
        )?;
        if let Some(tps) = self.tiles_per_second() {
            write!(f, ", {tps:.2} TPS")?;
        }
        if self.assisted {
            f.write_str(", assisted")?;
        }
        Ok(())
    }
}

/// Why an action was refused. The game is unchanged after an error.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GameError {
    /// The position cannot reach the goal.
    #[error(transparent)]
    Unsolvable(#[from] Unsolvable),
    /// A tile number that is not on this board.
    #[error("there is no tile {tile}: choose a number from 1 to {max}")]
    NoSuchTile {
        /// The number given.
        tile: u64,
        /// The largest tile.
        max: u64,
    },
    /// A tile that is not next to the blank.
    #[error("tile {0} cannot move: it is not next to the blank")]
    NotAdjacent(Tile),
    /// A tile that is not in the blank's row or column.
    #[error("tile {0} cannot slide: it is not in the blank's row or column")]
    NotInLine(Tile),
    /// A click on the blank or outside the board.
    #[error("there is no tile there")]
    NoTileThere,
    /// A move with no tile to move.
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
    /// The game is already won; restart or start a new one.
    #[error("the puzzle is already solved")]
    Finished,
}

/// A game in progress.
///
/// ```
/// use npuzzle_core::{Goal, Move};
/// use npuzzle_game::{Game};
/// let start = "1 2 3/4 5 6/0 7 8".parse().unwrap();
/// let goal = Goal::BlankLast.board("3".parse().unwrap()).unwrap();
/// let mut game = Game::new(start, goal).unwrap();
/// game.move_tile(7, 1_000).unwrap();        // the seed games: type a tile number
/// assert!(game.move_tile(1, 1_500).is_err()); // not next to the blank: refused, nothing changes
/// game.undo();
/// let slide = game.slide_tile(8, 2_000).unwrap(); // a click on 8 slides 7 and 8 together
/// assert_eq!((slide.count, slide.tile, slide.won), (2, 8, true));
/// assert_eq!((game.stm(), game.mtm()), (2, 1));
/// assert_eq!(game.elapsed_ms(9_999), 1_000); // from the first move to the win
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Saved", into = "Saved")]
pub struct Game {
    /// Everything a save holds.
    saved: Saved,
    /// The current position (the start with the history replayed).
    board: Board,
}

/// What a saved game holds: everything needed to restore it, checked by replay on load.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Saved {
    start: Board,
    goal: Board,
    history: Vec<Action>,
    done: usize,
    started_at: Option<u64>,
    finished_at: Option<u64>,
    assisted: bool,
    undos: usize,
    /// Time played in earlier sittings, in milliseconds ([`Game::paused`]).
    #[serde(default)]
    banked_ms: u64,
    /// Whether some of the time played is unknown (restored from a clock reading of another
    /// sitting).
    #[serde(default)]
    untimed: bool,
}

impl Game {
    /// A new game from `start` toward `goal`; refused if `start` cannot reach `goal`.
    pub fn new(start: Board, goal: Board) -> Result<Game, GameError> {
        solvability::check(&start, &goal)?;
        Ok(Game::fresh(start, goal))
    }

    /// The game seed `seed` deals toward `goal`: a uniformly random solvable position, or with
    /// `walk` the end of that many random moves from the goal (the classic games' shuffle). The
    /// same seed deals the same game in every front end.
    ///
    /// ```
    /// use npuzzle_core::{Goal, Size};
    /// use npuzzle_game::{Game};
    /// let goal = Goal::BlankLast.board(Size::square(4).unwrap()).unwrap();
    /// assert_eq!(Game::deal(goal.clone(), 7, None), Game::deal(goal.clone(), 7, None));
    /// assert!(Game::deal(goal, 7, Some(20)).start().size().cells() == 16);
    /// ```
    pub fn deal(goal: Board, seed: u64, walk: Option<usize>) -> Game {
        let mut generator = npuzzle_core::generate::Generator::new(seed);
        let start = match walk {
            Some(length) => generator.random_walk_position(&goal, length),
            None => generator.random_position(&goal),
        };
        Game::fresh(start, goal)
    }

    /// A game not yet played, from a start already known to reach the goal.
    fn fresh(start: Board, goal: Board) -> Game {
        Game {
            board: start.clone(),
            saved: Saved {
                start,
                goal,
                history: Vec::new(),
                done: 0,
                started_at: None,
                finished_at: None,
                assisted: false,
                undos: 0,
                banked_ms: 0,
                untimed: false,
            },
        }
    }

    /// The current position.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The goal.
    pub fn goal(&self) -> &Board {
        &self.saved.goal
    }

    /// The starting position.
    pub fn start(&self) -> &Board {
        &self.saved.start
    }

    /// Whether the current position is the goal.
    pub fn is_won(&self) -> bool {
        self.board == self.saved.goal
    }

    /// The actions that led from the start to the current position (not those undone).
    pub fn actions(&self) -> &[Action] {
        &self.saved.history[..self.saved.done]
    }

    /// The single-tile moves that led from the start to the current position.
    pub fn moves(&self) -> Vec<Move> {
        self.actions()
            .iter()
            .flat_map(|a| std::iter::repeat_n(a.direction, a.count))
            .collect()
    }

    /// Moves made, in the single-tile metric.
    pub fn stm(&self) -> usize {
        self.actions().iter().map(|a| a.count).sum()
    }

    /// Moves made, in the multi-tile metric (a run in one direction counts one).
    pub fn mtm(&self) -> usize {
        moves::mtm(&self.moves())
    }

    /// How many times an action was undone.
    pub fn undo_count(&self) -> usize {
        self.saved.undos
    }

    /// Whether the player had help (a hint, the solver).
    pub fn is_assisted(&self) -> bool {
        self.saved.assisted
    }

    /// Records that the player had help: a hint, the solver, or the optimal distance shown.
    /// It stays with this scramble: restarting does not clear it.
    pub fn mark_assisted(&mut self) {
        self.saved.assisted = true;
    }

    /// The figures of the game so far (of the win, once won).
    pub fn summary(&self, now: u64) -> Summary {
        Summary {
            stm: self.stm(),
            mtm: self.mtm(),
            milliseconds: self.elapsed_ms(now),
            assisted: self.saved.assisted,
            timed: !self.saved.untimed,
        }
    }

    /// Time played in milliseconds: from the first move to the win, or to `now` while playing,
    /// with the time of earlier sittings.
    pub fn elapsed_ms(&self, now: u64) -> u64 {
        let sitting = match self.saved.started_at {
            Some(start) => self.saved.finished_at.unwrap_or(now).saturating_sub(start),
            None => 0,
        };
        self.saved.banked_ms.saturating_add(sitting)
    }

    /// The game to save at `now`: the time played so far is banked and the clock stopped, so
    /// that it resumes with the next move of a later sitting, whatever that sitting's clock
    /// reads. (Callers' clocks start anew each sitting; a clock reading is meaningless in the
    /// next one.) A won game is saved as it is.
    ///
    /// ```
    /// use npuzzle_core::{Move};
    /// use npuzzle_game::{Game};
    /// let mut game = Game::new("1 2 3/4 5 6/0 7 8".parse().unwrap(), "1 2 3/4 5 6/7 8 0".parse().unwrap()).unwrap();
    /// game.play(Move::Left, 5_000).unwrap(); // the clock starts with the first move
    /// let saved = serde_json::to_string(&game.paused(8_000)).unwrap();
    /// let mut loaded: Game = serde_json::from_str(&saved).unwrap();
    /// loaded.play(Move::Left, 100).unwrap(); // a new sitting, its clock at 100 ms
    /// assert_eq!(loaded.summary(100).milliseconds, 3_000); // 3 s played before, 0 since
    /// ```
    pub fn paused(&self, now: u64) -> Game {
        let mut game = self.clone();
        if game.saved.finished_at.is_none() && game.saved.started_at.is_some() {
            game.saved.banked_ms = self.elapsed_ms(now);
            game.saved.started_at = None;
        }
        game
    }

    /// Single-tile moves per second of play.
    pub fn tiles_per_second(&self, now: u64) -> f64 {
        match self.elapsed_ms(now) {
            0 => 0.0,
            ms => self.stm() as f64 * 1000.0 / ms as f64,
        }
    }

    /// Slides one tile in direction `m`.
    pub fn play(&mut self, m: Move, now: u64) -> Result<Slide, GameError> {
        self.act(m, 1, now)
    }

    /// Slides tile number `tile`, which must be next to the blank (the seed games' rule).
    pub fn move_tile(&mut self, tile: u64, now: u64) -> Result<Slide, GameError> {
        let tile = self.tile_number(tile)?;
        let m = self
            .board
            .move_of_tile(tile)
            .ok_or(GameError::NotAdjacent(tile))?;
        self.act(m, 1, now)
    }

    /// Slides tile number `tile` and every tile between it and the blank, if it is in the blank's
    /// row or column: one action, one MTM move, several STM moves.
    pub fn slide_tile(&mut self, tile: u64, now: u64) -> Result<Slide, GameError> {
        let tile = self.tile_number(tile)?;
        let (count, m) = self
            .board
            .slide_of_tile(tile)
            .ok_or(GameError::NotInLine(tile))?;
        self.act(m, count, now)
    }

    /// Slides the tile at `row`, `column` (0-based) as [`Game::slide_tile`] does.
    pub fn click(&mut self, row: usize, column: usize, now: u64) -> Result<Slide, GameError> {
        match self.board.get(row, column) {
            Some(tile) if tile != 0 => self.slide_tile(tile.into(), now),
            _ => Err(GameError::NoTileThere),
        }
    }

    fn tile_number(&self, tile: u64) -> Result<Tile, GameError> {
        let max = self.board.cells().len() as u64 - 1;
        if (1..=max).contains(&tile) {
            Ok(tile as Tile)
        } else {
            Err(GameError::NoSuchTile { tile, max })
        }
    }

    fn act(&mut self, direction: Move, count: usize, now: u64) -> Result<Slide, GameError> {
        if self.is_won() {
            return Err(GameError::Finished);
        }
        // Check the whole run first so a refused action leaves the game unchanged.
        let mut board = self.board.clone();
        let mut tile = 0;
        for _ in 0..count {
            tile = board
                .source(direction)
                .map_or(0, |cell| board.cells()[cell]);
            board.apply(direction)?;
        }
        self.board = board;
        self.saved.history.truncate(self.saved.done);
        self.saved.started_at.get_or_insert(now);
        let at = Some(self.elapsed_ms(now));
        self.saved.history.push(Action {
            direction,
            count,
            at,
        });
        self.saved.done += 1;
        let won = self.is_won();
        if won {
            self.saved.finished_at = Some(now);
        }
        Ok(Slide {
            direction,
            count,
            tile,
            won,
        })
    }

    /// Takes back the last action and returns it; `None` if there is none or the game is won.
    pub fn undo(&mut self) -> Option<Action> {
        if self.saved.done == 0 || self.is_won() {
            return None;
        }
        self.saved.done -= 1;
        let action = self.saved.history[self.saved.done];
        self.replay_action(action.direction.opposite(), action.count);
        self.saved.undos += 1;
        Some(action)
    }

    /// Plays again the last action taken back; `None` if there is none or the game is won.
    pub fn redo(&mut self, now: u64) -> Option<Slide> {
        if self.saved.done == self.saved.history.len() || self.is_won() {
            return None;
        }
        let action = self.saved.history[self.saved.done];
        let tile = self.replay_action(action.direction, action.count);
        // Played again now: a replay shows it when it was redone.
        self.saved.history[self.saved.done].at = Some(self.elapsed_ms(now));
        self.saved.done += 1;
        let won = self.is_won();
        if won {
            self.saved.finished_at = Some(now);
        }
        Some(Slide {
            direction: action.direction,
            count: action.count,
            tile,
            won,
        })
    }

    /// Slides `count` tiles of the history; returns the last tile that moved.
    fn replay_action(&mut self, direction: Move, count: usize) -> Tile {
        let mut tile = 0;
        for _ in 0..count {
            tile = self
                .board
                .source(direction)
                .map_or(0, |c| self.board.cells()[c]);
            self.board
                .apply(direction)
                .unwrap_or_else(|e| unreachable!("history replays: {e}"));
        }
        tile
    }

    /// Starts again from the same position: history, timer and counters cleared. Help already
    /// had stays recorded (a restart after a hint is not a clean solve).
    pub fn restart(&mut self) {
        let assisted = self.saved.assisted;
        *self = Game::fresh(self.saved.start.clone(), self.saved.goal.clone());
        self.saved.assisted = assisted;
    }
}

impl TryFrom<Saved> for Game {
    type Error = String;
    fn try_from(saved: Saved) -> Result<Game, String> {
        if saved.done > saved.history.len() {
            return Err("the saved game's history is shorter than its move count".to_string());
        }
        let mut game =
            Game::new(saved.start.clone(), saved.goal.clone()).map_err(|e| e.to_string())?;
        for (i, action) in saved.history[..saved.done].iter().enumerate() {
            for _ in 0..action.count {
                game.board
                    .apply(action.direction)
                    .map_err(|e| format!("saved action {}: {e}", i + 1))?;
            }
        }
        let mut after = game.board.clone();
        for action in &saved.history[saved.done..] {
            for _ in 0..action.count {
                after
                    .apply(action.direction)
                    .map_err(|e| format!("saved redo action: {e}"))?;
            }
        }
        game.saved = saved;
        // A clock still running is a reading of the sitting that saved it, not of this one:
        // the time before cannot be known.
        if game.saved.started_at.is_some() && game.saved.finished_at.is_none() {
            game.saved.started_at = None;
            game.saved.untimed = true;
        }
        Ok(game)
    }
}

impl From<Game> for Saved {
    fn from(game: Game) -> Saved {
        game.saved
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use npuzzle_core::{Goal, Size};

    fn game(start: &str) -> Game {
        let start: Board = start.parse().unwrap();
        let goal = Goal::BlankLast.board(start.size()).unwrap();
        Game::new(start, goal).unwrap()
    }

    /// Found by fuzzing (`fuzz/run`, target `game`): a save holding the longest time there is,
    /// paused again, overflowed instead of staying the longest time.
    #[test]
    fn time_played_saturates_instead_of_overflowing() {
        let mut g = game("1 2 3/4 0 5/7 8 6");
        let mut text = serde_json::to_string(&g.paused(0)).unwrap();
        text = text.replace(
            "\"banked_ms\":0",
            &format!("\"banked_ms\":{}", u64::MAX - 1),
        );
        g = serde_json::from_str(&text).unwrap();
        g.play(Move::Left, 10).unwrap();
        assert_eq!(g.paused(u64::MAX).elapsed_ms(u64::MAX), u64::MAX);
        assert_eq!(g.summary(20).milliseconds, u64::MAX);
    }

    #[test]
    fn unsolvable_start_is_refused() {
        let start: Board = "2 1 3/4 5 6/7 8 0".parse().unwrap();
        let goal = Goal::BlankLast.board(Size::square(3).unwrap()).unwrap();
        assert!(matches!(
            Game::new(start, goal),
            Err(GameError::Unsolvable(_))
        ));
    }

    #[test]
    fn refused_actions_change_nothing() {
        let mut g = game("1 2 3/4 0 5/7 8 6");
        let before = g.clone();
        assert_eq!(
            g.move_tile(9, 0),
            Err(GameError::NoSuchTile { tile: 9, max: 8 })
        );
        assert_eq!(
            g.move_tile(0, 0),
            Err(GameError::NoSuchTile { tile: 0, max: 8 })
        );
        assert_eq!(g.move_tile(1, 0), Err(GameError::NotAdjacent(1)));
        assert_eq!(g.slide_tile(1, 0), Err(GameError::NotInLine(1)));
        assert_eq!(g.click(1, 1, 0), Err(GameError::NoTileThere));
        assert_eq!(g.click(5, 5, 0), Err(GameError::NoTileThere));
        assert_eq!(g, before);
        assert_eq!(g.elapsed_ms(100), 0);
    }

    #[test]
    fn undo_redo_and_new_branch() {
        let mut g = game("1 2 3/4 0 5/7 8 6");
        g.play(Move::Left, 10).unwrap();
        g.play(Move::Down, 20).unwrap();
        assert_eq!(g.undo().map(|a| a.direction), Some(Move::Down));
        assert_eq!(g.stm(), 1);
        assert!(g.redo(30).is_some());
        assert_eq!(g.stm(), 2);
        assert!(g.undo().is_some());
        let slide = g.play(Move::Up, 40).unwrap(); // a new move drops the redo branch
        assert_eq!((slide.tile, slide.won), (6, true));
        assert!(g.is_won());
        assert!(g.redo(50).is_none());
        assert!(g.undo().is_none(), "a won game is final");
        assert_eq!(g.play(Move::Down, 60), Err(GameError::Finished));
        assert_eq!(g.elapsed_ms(1_000), 30);
        assert_eq!(g.undo_count(), 2);
        assert!((g.tiles_per_second(0) - 2.0 / 0.03).abs() < 1e-9);
    }

    #[test]
    fn click_slides_a_run_as_one_action() {
        let mut g = game("1 2 3 4/5 6 7 8/9 10 11 12/0 13 14 15");
        g.click(3, 3, 5).unwrap();
        assert!(g.is_won());
        assert_eq!((g.stm(), g.mtm(), g.actions().len()), (3, 1, 1));
        g.restart();
        assert_eq!(
            (g.stm(), g.is_won(), g.board().clone()),
            (0, false, g.start().clone())
        );
    }

    /// Help is part of the scramble's story: a restart does not make a hinted game clean.
    #[test]
    fn help_survives_a_restart_and_shows_in_the_summary() {
        let mut g = game("1 2 3/4 5 6/7 0 8");
        g.mark_assisted();
        g.restart();
        assert!(g.is_assisted());
        g.play(Move::Left, 1_000).unwrap();
        let summary = g.summary(5_000);
        assert_eq!(summary.milliseconds, 0, "one move: no time passed");
        assert_eq!(summary.tiles_per_second(), None);
        assert_eq!(summary.to_string(), "1 move (1 MTM) in 0.00 s, assisted");
        let mut h = game("1 2 3/4 5 6/0 7 8");
        h.play(Move::Left, 1_000).unwrap();
        h.play(Move::Left, 3_000).unwrap();
        assert_eq!(
            h.summary(9_000).to_string(),
            "2 moves (1 MTM) in 2.00 s, 1.00 TPS"
        );
        assert_eq!(h.summary(9_000).efficiency(2), 100.0);
    }

    #[test]
    fn save_and_load_round_trip() {
        let mut g = game("1 2 3/4 0 5/7 8 6");
        g.play(Move::Left, 10).unwrap();
        g.play(Move::Down, 20).unwrap();
        g.undo();
        g.mark_assisted();
        let json = serde_json::to_string(&g.paused(1_000)).unwrap();
        let loaded: Game = serde_json::from_str(&json).unwrap();
        assert_eq!(loaded, g.paused(1_000));
        assert_eq!(
            loaded.elapsed_ms(0),
            990,
            "the time played, not a clock reading"
        );
        // A save with a running clock (from before times were banked): the time is unknown.
        let old: Game = serde_json::from_str(&serde_json::to_string(&g).unwrap()).unwrap();
        assert!(!old.summary(50).timed);
        assert!(g.summary(50).timed);
        let broken = json.replace("\"done\":1", "\"done\":5");
        assert!(serde_json::from_str::<Game>(&broken).is_err());
    }
}

/// The guide's Rust examples (its library part), compiled and run as tests so that the guide
/// stays true.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/LIBRARY.md")]
struct LibraryExamples;
