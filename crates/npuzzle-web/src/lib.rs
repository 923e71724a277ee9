//! The browser side of npuzzle: a thin wasm-bindgen adapter over [`npuzzle_game::Game`] and the
//! solvers. Only plain data crosses to JavaScript: numbers, strings and arrays of tiles. Seeds
//! travel as decimal strings (a JavaScript number cannot hold every 64-bit seed).
//!
//! Every method returns `Result<_, String>`, so the adapter is tested natively; in the browser
//! an error arrives as a thrown string.
//!
//! ```
//! use npuzzle_web::WebGame;
//! let mut game = WebGame::from_position("1 2 3/4 5 6/7 0 8", "blank-last").unwrap();
//! assert_eq!(game.arrow("L", 0.0).unwrap(), 8); // the 8 slides left
//! assert!(game.is_won());
//! assert_eq!(game.game_id(), "3x3:1,2,3,4,5,6,7,8,0");
//! ```
#![warn(missing_docs)]

mod lab;
mod language;
mod records;
mod teach;

pub use lab::{effective_branching, lab_trace, textbook_row};
pub use language::set_language;
pub use records::{import_records, statistics, trainer_add, trainer_levels, with_mistakes};
pub use teach::{
    MOST_ANALYSED_CELLS, WebAnalysis, daily_position, deal_at_distance, optimal_moves,
};

use std::cell::RefCell;

use npuzzle_core::{Board, Generator, Goal, Move, Notation, Size, format_board, format_moves};
use npuzzle_game::replay::{Replay, parse_steps};
use npuzzle_game::{Command, Game, GameError};

use crate::language::lang;
use npuzzle_game::{Dealt, KeyMap};
use npuzzle_heuristic::pdb::{self, AdditivePdb, PatternDb};
use npuzzle_search::{AnyHeuristic, Options, Puzzle, Report, Solver};
use wasm_bindgen::prelude::*;

/// A game in the browser.
#[wasm_bindgen]
#[derive(Clone, Debug)]
pub struct WebGame {
    game: Game,
    seed: Option<u64>,
}

fn text<E: std::fmt::Display>(error: E) -> String {
    error.to_string()
}

/// Why the game refused a move, in the page's language.
fn refused(error: GameError) -> String {
    lang().refusal(&error)
}

fn goal_of(name: &str) -> Result<Goal, String> {
    name.parse::<Goal>().map_err(text)
}

/// Milliseconds from JavaScript's clock (`performance.now()`), as the game counts them.
fn millis(now: f64) -> u64 {
    if now.is_finite() && now > 0.0 {
        now as u64
    } else {
        0
    }
}

#[wasm_bindgen]
impl WebGame {
    /// A new game of `size` (`"4"`, `"4x6"`) dealt from `seed` (a decimal string; a fresh
    /// random one from `entropy` when absent), toward `goal` (`blank-last`, `blank-first`,
    /// `snake`, `spiral` or a position).
    #[wasm_bindgen(constructor)]
    pub fn new(
        size: &str,
        seed: Option<String>,
        goal: &str,
        entropy: f64,
    ) -> Result<WebGame, String> {
        let size: Size = size.parse().map_err(text)?;
        let seed = match seed.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
            Some(seed) => seed.parse::<u64>().map_err(|_| {
                format!(
                    "the seed must be a whole number from 0 to {}, not '{seed}'",
                    u64::MAX
                )
            })?,
            // Below a million, like the terminal's: short enough to read and type to replay.
            None => Generator::new(entropy.to_bits()).next_seed() % 1_000_000,
        };
        let goal = goal_of(goal)?.board(size).map_err(text)?;
        Ok(WebGame {
            game: Game::deal(goal, seed, None),
            seed: Some(seed),
        })
    }

    /// A game from a position in any text format (slash rows, a `WxH:` game id, …).
    pub fn from_position(position: &str, goal: &str) -> Result<WebGame, String> {
        let start: Board = position.parse().map_err(text)?;
        let goal = goal_of(goal)?.board(start.size()).map_err(text)?;
        let game = Game::new(start, goal).map_err(text)?;
        Ok(WebGame { game, seed: None })
    }

    /// Number of columns.
    pub fn width(&self) -> usize {
        self.game.board().width()
    }

    /// Number of rows.
    pub fn height(&self) -> usize {
        self.game.board().height()
    }

    /// Carries out one of the game's commands and words what it did
    /// ([`npuzzle_game::Lang::outcome`], in the page's language), empty where the board shows it.
    fn said(&mut self, command: &Command, now: f64) -> String {
        self.game
            .apply(command, millis(now))
            .and_then(|outcome| lang().outcome(&outcome))
            .unwrap_or_default()
    }

    /// The tiles, row by row (0 is the blank).
    pub fn cells(&self) -> Vec<u32> {
        self.game.board().cells().to_vec()
    }

    /// The goal's tiles, row by row.
    pub fn goal_cells(&self) -> Vec<u32> {
        self.game.goal().cells().to_vec()
    }

    /// Slides a tile in direction `direction` (`U`, `D`, `L`, `R`: the tile moves); returns the
    /// tile that moved.
    pub fn arrow(&mut self, direction: &str, now: f64) -> Result<u32, String> {
        let m = direction
            .chars()
            .next()
            .and_then(Move::from_tile_letter)
            .ok_or_else(|| format!("'{direction}' is not a direction: use U, D, L or R"))?;
        Ok(self.game.play(m, millis(now)).map_err(refused)?.tile)
    }

    /// Slides the tile at (`row`, `column`) and every tile between it and the blank; returns
    /// how many tiles moved.
    pub fn click(&mut self, row: usize, column: usize, now: f64) -> Result<usize, String> {
        Ok(self
            .game
            .click(row, column, millis(now))
            .map_err(refused)?
            .count)
    }

    /// Slides tile `tile`, which must be next to the blank.
    pub fn move_tile(&mut self, tile: u32, now: f64) -> Result<(), String> {
        self.game
            .move_tile(tile.into(), millis(now))
            .map_err(refused)?;
        Ok(())
    }

    /// Takes back the last action; returns what the page says about it (the core's words:
    /// `Nothing to undo.`), empty when the board shows it.
    pub fn undo(&mut self) -> String {
        self.said(&Command::Undo, 0.0)
    }

    /// Plays again the last action taken back; returns what the page says about it, empty when
    /// the board shows it.
    pub fn redo(&mut self, now: f64) -> String {
        self.said(&Command::Redo, now)
    }

    /// The game's figures for the win dialog, as the core words them in the page's language:
    /// `31 moves (20 MTM) in 12.34 s, 2.51 TPS, assisted`.
    pub fn summary(&self, now: f64) -> String {
        lang().summary(&self.game.summary(millis(now)))
    }

    /// Starts the same position again (help already had stays recorded).
    pub fn restart(&mut self) {
        self.game.restart();
    }

    /// Whether the puzzle is solved.
    pub fn is_won(&self) -> bool {
        self.game.is_won()
    }

    /// Moves made, single-tile metric.
    pub fn stm(&self) -> usize {
        self.game.stm()
    }

    /// Moves made, multi-tile metric.
    pub fn mtm(&self) -> usize {
        self.game.mtm()
    }

    /// Milliseconds from the first move to the win (or to `now`).
    pub fn elapsed_ms(&self, now: f64) -> f64 {
        self.game.elapsed_ms(millis(now)) as f64
    }

    /// Tiles per second.
    pub fn tiles_per_second(&self, now: f64) -> f64 {
        self.game.tiles_per_second(millis(now))
    }

    /// Whether hints or the solver were used.
    pub fn is_assisted(&self) -> bool {
        self.game.is_assisted()
    }

    /// Records that help was used.
    pub fn mark_assisted(&mut self) {
        self.game.mark_assisted();
    }

    /// The seed of the game, as a decimal string, if it was dealt from one.
    pub fn seed(&self) -> Option<String> {
        self.seed.map(|s| s.to_string())
    }

    /// The current position as a game id (`3x3:1,2,…`), for the address bar.
    pub fn game_id(&self) -> String {
        format_board(self.game.board(), npuzzle_core::Format::Id)
    }

    /// The starting position as a game id, for a link to the same puzzle.
    pub fn start_game_id(&self) -> String {
        format_board(self.game.start(), npuzzle_core::Format::Id)
    }

    /// The current position as slash rows.
    pub fn position(&self) -> String {
        self.game.board().to_string()
    }

    /// The starting position as slash rows.
    pub fn start_position(&self) -> String {
        self.game.start().to_string()
    }

    /// The goal as slash rows.
    pub fn goal(&self) -> String {
        self.game.goal().to_string()
    }

    /// The moves played, in tile notation with run-length tokens.
    pub fn moves(&self) -> String {
        format_moves(&self.game.moves(), npuzzle_core::Notation::Tile, true, None)
            .unwrap_or_default()
    }

    /// The link to this game, for the address bar: the scramble as a game id, then `&seed=N`
    /// when it was dealt from a seed, `&goal=NAME` (or the goal's game id) unless the goal is
    /// blank-last, and `&moves=…` (tile notation, run lengths) once moves are made. Opened with
    /// [`WebGame::from_link`], it deals the same scramble; the page replays the moves.
    ///
    /// ```
    /// use npuzzle_web::WebGame;
    /// let mut game = WebGame::new("3", Some("42".into()), "snake", 0.0).unwrap();
    /// assert!(game.link().ends_with("&seed=42&goal=snake"));
    /// let first = game.cells().iter().position(|&t| t == 0).unwrap();
    /// let _ = game.arrow(if first % 3 == 0 { "L" } else { "R" }, 0.0);
    /// let again = WebGame::from_link(&game.link(), "blank-last").unwrap();
    /// assert_eq!((again.start_game_id(), again.seed()), (game.start_game_id(), Some("42".into())));
    /// ```
    pub fn link(&self) -> String {
        let mut link = self.scramble_link();
        if !self.game.actions().is_empty() {
            link.push_str(&format!("&moves={}", self.moves()));
        }
        link
    }

    /// The link that replays this game at the pace it was played: the scramble's link and
    /// `&replay=` with the timed steps (`R2@1530_U@2010`, see [`WebGame::replay`]).
    ///
    /// ```
    /// use npuzzle_web::WebGame;
    /// let mut game = WebGame::from_position("1 2 3/4 5 6/0 7 8", "blank-last").unwrap();
    /// game.arrow("L", 0.0).unwrap();
    /// game.arrow("L", 700.0).unwrap();
    /// assert_eq!(game.replay_link(), "3x3:1,2,3,4,5,6,0,7,8&replay=L@0_L@700");
    /// assert!(WebGame::from_link(&game.replay_link(), "blank-last").is_ok());
    /// ```
    pub fn replay_link(&self) -> String {
        format!(
            "{}&replay={}",
            self.scramble_link(),
            self.replay().replace(' ', "_")
        )
    }

    /// The scramble, with its seed and goal: a link's first part.
    fn scramble_link(&self) -> String {
        let mut link = self.start_game_id();
        if let Some(seed) = self.seed {
            link.push_str(&format!("&seed={seed}"));
        }
        let size = self.game.goal().size();
        let named = [
            ("blank-last", Goal::BlankLast),
            ("blank-first", Goal::BlankFirst),
            ("snake", Goal::Snake),
            ("spiral", Goal::Spiral),
        ]
        .into_iter()
        .find(|(_, goal)| goal.board(size).ok().as_ref() == Some(self.game.goal()));
        match named {
            Some(("blank-last", _)) => {}
            Some((name, _)) => link.push_str(&format!("&goal={name}")),
            None => link.push_str(&format!(
                "&goal={}",
                format_board(self.game.goal(), npuzzle_core::Format::Id)
            )),
        }
        link
    }

    /// The game a link names ([`WebGame::link`], [`WebGame::replay_link`], or a bare position
    /// in any format), at its start: the moves or timed replay it carries are checked (legal
    /// from the start) but not played, so that the page can play them (a replay's game is
    /// marked assisted). `goal` is the goal when the link names none. A seed must deal
    /// the link's position.
    pub fn from_link(link: &str, goal: &str) -> Result<WebGame, String> {
        let mut parts = link.trim().split('&');
        let position = parts.next().unwrap_or_default();
        let (mut seed, mut goal, mut moves, mut replay) = (None, goal.to_string(), None, None);
        for part in parts {
            match part.split_once('=') {
                Some(("seed", value)) => {
                    seed = Some(value.parse::<u64>().map_err(|_| {
                        format!("the link's seed must be a whole number, not '{value}'")
                    })?);
                }
                Some(("goal", value)) => goal = value.to_string(),
                Some(("moves", value)) => moves = Some(value.to_string()),
                Some(("replay", value)) => replay = Some(value.replace('_', " ")),
                _ => {
                    return Err(format!(
                        "the link has a part this page does not know: '{part}'"
                    ));
                }
            }
        }
        let mut game = WebGame::from_position(position, &goal)?;
        if let Some(seed) = seed {
            let size = game.game.start().size();
            let dealt = Game::deal(game.game.goal().clone(), seed, None);
            if dealt.start() != game.game.start() {
                return Err(format!(
                    "seed {seed} deals another {size} position than the link's"
                ));
            }
            game.seed = Some(seed);
        }
        if let Some(moves) = moves {
            expand_moves(&moves, &game.start_position())?;
        }
        if let Some(replay) = replay {
            let steps = parse_steps(&replay).map_err(|e| format!("the link's replay: {e}"))?;
            Replay::new(game.game.start().clone(), game.game.goal().clone(), steps)
                .map_err(|e| format!("the link's replay: {e}"))?;
            game.game.mark_assisted();
        }
        Ok(game)
    }

    /// The game's timed steps from its scramble (`R2@1530 U@2010`: tile notation, the count
    /// when a slide moved several tiles, `@` milliseconds of play), to watch it again.
    pub fn replay(&self) -> String {
        Replay::of(&self.game).to_string()
    }

    /// The same scramble, goal and seed, unplayed, to watch the replay on: marked assisted, so
    /// that playing on from a replay is never a clean solve.
    ///
    /// ```
    /// use npuzzle_web::WebGame;
    /// let mut game = WebGame::from_position("1 2 3/4 5 6/7 0 8", "blank-last").unwrap();
    /// game.arrow("L", 250.0).unwrap();
    /// assert_eq!(game.replay(), "L@0");
    /// let viewer = game.watch();
    /// assert_eq!((viewer.stm(), viewer.is_assisted()), (0, true));
    /// ```
    pub fn watch(&self) -> WebGame {
        let mut game = self.game.clone();
        game.restart();
        game.mark_assisted();
        WebGame {
            game,
            seed: self.seed,
        }
    }

    /// The game saved with the time played by `now` (the core's save format), to restore it
    /// after a reload with [`WebGame::load`].
    pub fn save(&self, now: f64) -> String {
        Dealt {
            game: self.game.clone(),
            seed: self.seed,
        }
        .to_save(millis(now))
    }

    /// A game [`WebGame::save`] saved: its history replayed and checked, its time kept (the
    /// clock resumes with the next move).
    ///
    /// ```
    /// use npuzzle_web::WebGame;
    /// let mut game = WebGame::from_position("1 2 3/4 5 6/0 7 8", "blank-last").unwrap();
    /// game.arrow("L", 1_000.0).unwrap();
    /// let restored = WebGame::load(&game.save(4_000.0)).unwrap();
    /// assert_eq!((restored.stm(), restored.elapsed_ms(0.0)), (1, 3_000.0));
    /// ```
    pub fn load(saved: &str) -> Result<WebGame, String> {
        let Dealt { game, seed } = Dealt::from_save(saved).map_err(text)?;
        Ok(WebGame { game, seed })
    }
}

/// `moves` (any notation, run lengths included) as single tile letters, checked legal from
/// `start` (a position in any format): what the page plays, one letter a step.
///
/// ```
/// assert_eq!(npuzzle_web::expand_moves("L2", "1 2 3/4 5 6/0 7 8").unwrap(), "LL");
/// assert!(npuzzle_web::expand_moves("R", "1 2 3/4 5 6/0 7 8").is_err());
/// ```
#[wasm_bindgen]
pub fn expand_moves(moves: &str, start: &str) -> Result<String, String> {
    let mut board: Board = start.parse().map_err(text)?;
    let moves = npuzzle_core::parse_moves(moves, None, Some(&board)).map_err(text)?;
    if moves.len() > MAX_LINK_MOVES {
        return Err(format!("a link replays at most {MAX_LINK_MOVES} moves"));
    }
    board
        .apply_all(&moves)
        .map_err(|e| format!("the link's moves: {e}"))?;
    Ok(moves.iter().map(|m| m.tile_letter()).collect())
}

/// The most moves a link replays.
const MAX_LINK_MOVES: usize = 100_000;

/// The command a key stands for (the player's `keys`, e.g. `up=i,hint=space`, over the core's
/// key map, the same as the terminal game's), by name: `up`, `down`, `left`, `right`, `undo`,
/// `redo`, `restart`, `new`, `hint`, `solve`, `distance`, `help`, `pause`, `step`, `faster`,
/// `slower`, `take-over`, … ; `key` is the browser's `KeyboardEvent.key`, `god` whether the
/// computer is playing. Keys that cannot be read count as none chosen (see [`check_keys`]).
///
/// ```
/// assert_eq!(npuzzle_web::command_of_key("ArrowUp", false, false, "").as_deref(), Some("up"));
/// assert_eq!(npuzzle_web::command_of_key(" ", false, true, "").as_deref(), Some("pause"));
/// assert_eq!(npuzzle_web::command_of_key("Shift", false, false, ""), None);
/// assert_eq!(npuzzle_web::command_of_key("i", false, false, "up=i").as_deref(), Some("up"));
/// ```
#[wasm_bindgen]
pub fn command_of_key(key: &str, control: bool, god: bool, keys: &str) -> Option<String> {
    let key = npuzzle_game::Key::from_browser(key)?;
    let keys: KeyMap = keys.parse().unwrap_or_default();
    keys.command(key, control, god)
        .map(|c| c.name().to_string())
}

/// The player's keys as the page keeps them (`up=i,hint=space`), or what is wrong with them.
///
/// ```
/// assert_eq!(npuzzle_web::check_keys(" up = i , hint=Space").unwrap(), "up=i,hint=space");
/// assert!(npuzzle_web::check_keys("up=i,down=i").unwrap_err().contains("both up and down"));
/// ```
#[wasm_bindgen]
pub fn check_keys(keys: &str) -> Result<String, String> {
    keys.parse::<KeyMap>().map(|k| k.to_string()).map_err(text)
}

/// The most cells for which the page shows the start's optimal length.
#[wasm_bindgen]
pub fn live_optimal_cells() -> usize {
    npuzzle_game::LIVE_OPTIMAL_CELLS
}

/// The anytime solver's budget in the browser (short: the page waits for the answer).
const WEB_BUDGET: std::time::Duration = std::time::Duration::from_secs(1);

/// Solves `position` toward `goal` with the library's `auto` choice: the complete table on 3×3,
/// IDA* up to 16 cells (with the 6-6-3 databases once [`load_databases`] gave them, else with
/// walking distance), the anytime solver with a short budget (one
/// thread, counted in nodes: the browser has no clock here) up to 32×32 (past 16×16 after the
/// constructive solver's lines), the constructive solver beyond. Returns the library's report as
/// JSON (`npuzzle_search::Report`, the command line's `--json` line): `{"position": …,
/// "solution": "RRU…", "length": n, "optimal": true, "algorithm": "table", "heuristic": …}`; the
/// moves are in tile notation, one letter per move (`"heuristic": "pdb"` when the 6-6-3
/// databases were used).
#[wasm_bindgen]
pub fn solve(position: &str, goal: &str) -> Result<String, String> {
    let board: Board = position.parse().map_err(text)?;
    let goal = goal_of(goal)?.board(board.size()).map_err(text)?;
    let options = Options {
        budget: WEB_BUDGET,
        ..Options::default()
    };
    let databases = databases_for(&goal);
    let solver = match databases {
        Some(databases) => Solver::with_heuristic(&goal, options, AnyHeuristic::Pdb(databases)),
        None => Solver::new(&goal, options),
    }
    .map_err(text)?;
    let solution = solver.solve(&board).map_err(text)?;
    let report = Report::new(&board, &solution, Notation::Tile, false).map_err(text)?;
    serde_json::to_string(&report).map_err(text)
}

thread_local! {
    /// The databases this worker was given ([`load_databases`]), with their goal.
    static DATABASES: RefCell<Option<(Board, AdditivePdb)>> = const { RefCell::new(None) };
}

/// The 4×4 board and its puzzle for `goal` (a goal name or position).
fn four_by_four(goal: &str) -> Result<(Board, Puzzle), String> {
    let goal = goal_of(goal)?
        .board(Size::square(4).map_err(text)?)
        .map_err(text)?;
    let puzzle = Puzzle::new(&goal).map_err(text)?;
    Ok((goal, puzzle))
}

/// Builds the databases that make 4×4 hints and solutions toward `goal` instant (the 6-6-3
/// partition; seconds). The page builds them once, in a worker of its own, and hands the bytes
/// to each solver worker with [`load_databases`] (a solver worker is stopped and replaced when a
/// request is cancelled; the databases must outlive it). The bytes are the databases' files, one
/// after the other, each after its length (8 bytes, little-endian).
///
/// ```
/// let bytes = npuzzle_web::build_databases("blank-last").unwrap();
/// npuzzle_web::load_databases("blank-last", &bytes).unwrap();
/// let answer = npuzzle_web::solve("4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15", "blank-last").unwrap();
/// assert!(answer.contains(r#""solution":"L""#));
/// assert!(npuzzle_web::load_databases("blank-first", &bytes).is_err()); // another goal
/// ```
#[wasm_bindgen]
pub fn build_databases(goal: &str) -> Result<Vec<u8>, String> {
    let (_, puzzle) = four_by_four(goal)?;
    // The databases built on first use (6-6-3: 5.8 MB, a few seconds; IDA* with them solves a
    // random 4×4 about 25 times faster than with walking distance).
    let partition = pdb::policy::on_demand(puzzle.size()).ok_or("no databases for this board")?;
    let built = pdb::build_partition(&puzzle, &partition, &mut |_, _, _| {}).map_err(text)?;
    let mut bytes = Vec::new();
    for db in built.databases() {
        let file = db.to_bytes(&puzzle);
        bytes.extend_from_slice(&(file.len() as u64).to_le_bytes());
        bytes.extend_from_slice(&file);
    }
    Ok(bytes)
}

/// Takes the databases [`build_databases`] made for `goal`: from now on this worker's 4×4
/// solutions toward `goal` use them (each database is checked as a file is: board, goal,
/// checksum).
#[wasm_bindgen]
pub fn load_databases(goal: &str, bytes: &[u8]) -> Result<(), String> {
    let (goal, puzzle) = four_by_four(goal)?;
    let mut databases = Vec::new();
    let mut rest = bytes;
    while !rest.is_empty() {
        let (length, after) = rest
            .split_first_chunk::<8>()
            .ok_or("the databases are cut short")?;
        let length = usize::try_from(u64::from_le_bytes(*length)).map_err(text)?;
        if after.len() < length {
            return Err("the databases are cut short".to_string());
        }
        let (file, after) = after.split_at(length);
        databases.push(PatternDb::from_bytes(&puzzle, file.to_vec()).map_err(text)?);
        rest = after;
    }
    if databases.is_empty() {
        return Err("no databases".to_string());
    }
    let additive = AdditivePdb::new(&puzzle, databases);
    DATABASES.with(|slot| *slot.borrow_mut() = Some((goal, additive)));
    Ok(())
}

/// The databases loaded for `goal`, if any.
fn databases_for(goal: &Board) -> Option<AdditivePdb> {
    DATABASES.with(|slot| {
        slot.borrow()
            .as_ref()
            .filter(|(of, _)| of == goal)
            .map(|(_, databases)| databases.clone())
    })
}

/// The version of the adapter (and of npuzzle).
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}
