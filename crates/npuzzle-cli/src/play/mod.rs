//! `npuzzle play`: the game, full-screen in a terminal or line by line.

pub mod app;
pub mod assist;
pub mod chart;
pub mod footer;
pub mod line;
pub mod movelog;
pub mod records;
pub mod replay;
pub mod setup;
pub mod stats;
pub mod terminal;
pub mod ui;

use std::io::{self, IsTerminal};
use std::path::PathBuf;
use std::time::Instant;

use npuzzle_core::Move;

use npuzzle_game::{Command, Game, GameError, LIVE_OPTIMAL_CELLS, Outcome, Slide};
use npuzzle_search::Solution;

use self::assist::Assistant;
use self::movelog::MoveLog;
use self::records::{Record, Records, Statistics};
use self::setup::{Dealt, Recipe};
use crate::cli::PlayArgs;
use crate::status::Status;
use npuzzle_game::Lang;

/// The player's keys: `--keys`, else `$NPUZZLE_KEYS`, else none.
/// The language of the user's locale (`LC_ALL`, `LC_MESSAGES`, `LANG`, the first set).
pub fn lang_of_environment() -> Lang {
    ["LC_ALL", "LC_MESSAGES", "LANG"]
        .iter()
        .filter_map(|var| std::env::var(var).ok())
        .find(|value| !value.is_empty())
        .map_or(Lang::En, |value| Lang::of_locale(&value))
}

fn keys(args: &PlayArgs) -> anyhow::Result<npuzzle_game::KeyMap> {
    if let Some(keys) = &args.keys {
        return Ok(keys.clone());
    }
    match std::env::var("NPUZZLE_KEYS") {
        Ok(text) => text
            .parse()
            .map_err(|e| anyhow::anyhow!("NPUZZLE_KEYS: {e}")),
        Err(_) => Ok(Default::default()),
    }
}

/// Runs the game.
pub fn run(args: &PlayArgs) -> anyhow::Result<Status> {
    // Checked in line mode too: a mistake in them is said at once, not in a later game.
    let keys = keys(args)?;
    let mut session = Session::from_args(args)?;
    let interactive = io::stdin().is_terminal() && io::stdout().is_terminal();
    let stdin = io::stdin();
    let mut stdout = io::stdout();
    let failure = if args.plain || !interactive {
        line::run(&mut session, stdin.lock(), &mut stdout)?;
        session.log_failure()
    } else {
        terminal::run(session, args.move_blank, keys)?
    };
    match failure {
        Some(failure) => Err(anyhow::anyhow!("{failure} (the game went on without it)")),
        None => Ok(Status::Success),
    }
}

/// One sitting at the game: the current game, how new ones are made, and what is kept.
pub struct Session {
    /// The game and its seed.
    pub dealt: Dealt,
    /// How new games are made.
    pub recipe: Recipe,
    /// The language.
    pub lang: Lang,
    log: Option<MoveLog>,
    records: Option<Records>,
    /// A problem with the records file, to show once.
    pub records_warning: Option<String>,
    data_dir: Option<PathBuf>,
    assistant: Assistant,
    /// When the session started; `None` for a test's clock that stands at 0.
    clock: Option<Instant>,
    /// The daily puzzle's date, when the game is one.
    daily: Option<npuzzle_core::daily::Date>,
    /// The graded hints given at the position in play.
    grades: Option<npuzzle_game::hints::Grades>,
    /// The analysis of the game won last, every distance proved (for the win screen's chart).
    pub analysis: Option<npuzzle_search::analysis::Analysis>,
}

impl Session {
    /// The session the command line asks for.
    pub fn from_args(args: &PlayArgs) -> anyhow::Result<Session> {
        let recipe = Recipe {
            size: args.size,
            goal: args.goal.clone(),
            walk: args.walk,
        };
        let dealt = match (&args.load, &args.position) {
            (Some(path), _) => setup::load(path)?,
            (None, Some(text)) => recipe.deal_position(text)?,
            (None, None) => recipe.deal(args.seed)?,
        };
        let log = args.log.as_deref().map(MoveLog::create).transpose()?;
        let data_dir = args.data_dir.clone().or_else(Records::default_dir);
        let (records, records_warning) = match &data_dir {
            Some(dir) => match Records::open(dir) {
                Ok(mut records) => {
                    let notice = records.notice.take();
                    (Some(records), notice)
                }
                Err(error) => (None, Some(format!("{error:#}"))),
            },
            None => (None, None),
        };
        let mut session = Session {
            dealt,
            recipe,
            lang: args.lang.unwrap_or_else(lang_of_environment),
            log,
            records,
            records_warning,
            data_dir,
            assistant: Assistant::with_databases(npuzzle_heuristic::pdb::Store::locate(None).ok()),
            clock: Some(Instant::now()),
            daily: args.daily,
            grades: None,
            analysis: None,
        };
        session.log_game();
        // A log that cannot be written is known before the game starts.
        if let Some(failure) = session.log_failure() {
            anyhow::bail!(failure);
        }
        Ok(session)
    }

    /// Why the move log stopped, if a write to it failed.
    pub fn log_failure(&self) -> Option<String> {
        self.log
            .as_ref()
            .and_then(|log| log.failure().map(str::to_string))
    }

    /// A session that keeps nothing (no log, no records), for tests.
    #[cfg(test)]
    pub fn detached(dealt: Dealt, recipe: Recipe, lang: Lang) -> Session {
        Session {
            dealt,
            recipe,
            lang,
            log: None,
            records: None,
            records_warning: None,
            data_dir: None,
            assistant: Assistant::default(),
            clock: Some(Instant::now()),
            daily: None,
            grades: None,
            analysis: None,
        }
    }

    /// This session with its clock standing at 0, for tests whose screens show a game's times and
    /// speeds (which then do not depend on how loaded the machine is).
    #[cfg(test)]
    pub fn with_clock_stopped(mut self) -> Session {
        self.clock = None;
        self
    }

    /// The game in play.
    pub fn game(&self) -> &Game {
        &self.dealt.game
    }

    /// Milliseconds since the session started.
    pub fn now(&self) -> u64 {
        self.clock
            .map_or(0, |clock| clock.elapsed().as_millis() as u64)
    }

    fn log_game(&mut self) {
        if let Some(log) = &mut self.log {
            log.game(self.dealt.game.start(), self.dealt.seed);
        }
    }

    fn log(&mut self, text: &str) {
        if let Some(log) = &mut self.log {
            log.line(text);
        }
    }

    /// Slides one tile in direction `m`.
    pub fn play(&mut self, m: Move) -> Result<Slide, GameError> {
        let now = self.now();
        let slide = self.dealt.game.play(m, now)?;
        self.log_slide(&slide);
        Ok(slide)
    }

    /// Carries out `command` if it plays on the position (slides, tiles, undo, redo, restart:
    /// [`Game::apply`]), logging what it did; `None` for the front end's commands.
    pub fn apply(&mut self, command: &Command) -> Option<Outcome> {
        let now = self.now();
        let outcome = self.dealt.game.apply(command, now)?;
        match &outcome {
            Outcome::Moved(slide) => self.log_slide(slide),
            Outcome::Undone => self.log("undo"),
            Outcome::Redone(_) => self.log("redo"),
            Outcome::Restarted => self.log("restart"),
            _ => {}
        }
        Some(outcome)
    }

    /// Slides the tile at (row, column) and those between it and the blank.
    pub fn click(&mut self, row: usize, column: usize) -> Result<Slide, GameError> {
        let now = self.now();
        let slide = self.dealt.game.click(row, column, now)?;
        self.log_slide(&slide);
        Ok(slide)
    }

    fn log_slide(&mut self, slide: &Slide) {
        let stm = self.dealt.game.stm();
        if let Some(log) = &mut self.log {
            log.slid(slide, stm);
        }
    }

    /// A new game from `seed` (a fresh one when none).
    pub fn new_game(&mut self, seed: Option<u64>) -> anyhow::Result<()> {
        let recipe = Recipe {
            size: self.dealt.game.board().size(),
            ..self.recipe.clone()
        };
        self.dealt = recipe.deal(seed)?;
        self.log_game();
        Ok(())
    }

    /// Continues a saved game.
    pub fn resume(&mut self, dealt: Dealt) {
        self.dealt = dealt;
        self.log("load");
        self.log_game();
    }

    /// The solver toward `goal`, shared with helper threads.
    pub fn solver(
        &mut self,
        goal: &npuzzle_core::Board,
    ) -> anyhow::Result<std::sync::Arc<npuzzle_search::Solver>> {
        self.assistant.solver(goal)
    }

    /// Marks the game as played with help.
    pub fn mark_assisted(&mut self) {
        self.dealt.game.mark_assisted();
        self.log("help");
    }

    /// The statistics of this board size.
    pub fn summary(&self) -> Statistics {
        let size = self.dealt.game.board().size().to_string();
        self.records
            .as_ref()
            .map(|r| r.summary(&size))
            .unwrap_or_default()
    }

    /// Saves the game in the data directory; returns where.
    pub fn save_default(&self) -> anyhow::Result<PathBuf> {
        let dir = self
            .data_dir
            .clone()
            .ok_or_else(|| anyhow::anyhow!("no data directory to save in: use --data-dir"))?;
        std::fs::create_dir_all(&dir)?;
        let path = dir.join("saved-game.json");
        setup::save(&self.dealt, self.now(), &path)?;
        Ok(path)
    }

    /// A solution from the current position; the game is marked assisted.
    pub fn solution(&mut self) -> anyhow::Result<Solution> {
        self.dealt.game.mark_assisted();
        self.log("help: solver");
        let game = &self.dealt.game;
        self.assistant.solve(game.board(), game.goal())
    }

    /// The next graded hint where distances are proved (boards of up to
    /// [`LIVE_OPTIMAL_CELLS`]): the distance, then the tiles that keep the optimum, then a move;
    /// on larger boards a good move at once. Each marks the game assisted.
    pub fn graded_hint(&mut self) -> anyhow::Result<Outcome> {
        let board = self.dealt.game.board().clone();
        if board.cells().len() > LIVE_OPTIMAL_CELLS {
            return Ok(Outcome::Hint(self.hint()?));
        }
        self.dealt.game.mark_assisted();
        self.log("help: graded hint");
        if !self.grades.as_ref().is_some_and(|g| g.is_at(&board)) {
            let solver = self.assistant.solver(&self.dealt.game.goal().clone())?;
            let (distance, moves) = npuzzle_search::analysis::optimal_moves(&solver, &board)?;
            let (low, _) = distance.range();
            self.grades = Some(npuzzle_game::hints::Grades::new(
                &board,
                low as usize,
                &moves,
            ));
        }
        let grades = self.grades.as_mut().expect("just made");
        Ok(Outcome::Hinted(grades.next()))
    }

    /// The first move of a solution from the position in play, as the tile it slides (a good
    /// move, optimal where the solver proves it); marks the game assisted.
    pub fn hint(&mut self) -> anyhow::Result<Option<u32>> {
        self.dealt.game.mark_assisted();
        self.log("help: solver");
        let goal = self.dealt.game.goal().clone();
        let solver = self.assistant.solver(&goal)?;
        let board = self.dealt.game.board();
        // Only the first move is wanted: on the largest boards it comes without the rest.
        let first = solver.first_move(board, &solver.options().limits)?;
        Ok(first
            .and_then(|m| board.source(m))
            .map(|cell| board.cells()[cell]))
    }

    /// Records a won game in the statistics; returns the record.
    pub fn record_win(&mut self) -> Record {
        let game = &self.dealt.game;
        let solver = (game.start().cells().len() <= LIVE_OPTIMAL_CELLS)
            .then(|| self.assistant.solver(game.goal()).ok())
            .flatten();
        let optimal = solver
            .as_ref()
            .and_then(|solver| assist::optimal_length(solver, game.start()));
        // Where the moves went, once the optimum is known (every distance proved).
        self.analysis = solver
            .filter(|_| optimal.is_some())
            .and_then(|solver| assist::analysis(&solver, game));
        let mistakes = self.analysis.as_ref().and_then(assist::mistakes);
        let mut record = Record::new(
            game.board().size(),
            game.summary(self.now()),
            self.dealt.seed,
            optimal,
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_secs()),
        )
        .with_replay(game);
        if let Some(mistakes) = mistakes {
            record = record.with_mistakes(mistakes);
        }
        // Only the day's own position is its daily puzzle (a new game of the sitting is not).
        let day = |date: &npuzzle_core::daily::Date| {
            npuzzle_core::daily::position(*date, game.start().size()) == *game.start()
        };
        if let Some(date) = self.daily.filter(day) {
            let earlier = self.records.as_ref().map_or(&[][..], |r| r.all.as_slice());
            let streak = npuzzle_game::records::daily_streak(earlier, date.previous()) + 1;
            record = record.with_daily(date, streak);
        }
        let text = format!("won in {} moves, {} ms", record.stm, record.milliseconds);
        self.log(&text);
        if let Some(records) = &mut self.records
            && let Err(error) = records.add(record.clone())
        {
            self.records_warning = Some(format!("{error:#}"));
        }
        record
    }
}
