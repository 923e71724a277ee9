//! The full-screen game's state and what each command does, apart from drawing, so that it is
//! tested without a terminal. God mode is in `god`, the helper threads (hints, solutions,
//! optimal lengths) in `helpers`.

mod god;
mod helpers;

use std::sync::mpsc::{self, Receiver, Sender};

use npuzzle_core::Board;
use npuzzle_game::KeyMap;
use npuzzle_game::{Command, Key, LIVE_OPTIMAL_CELLS, Outcome};
use npuzzle_search::Cancel;
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

pub use self::god::GodMode;
use self::helpers::Answer;
use super::Session;
use super::records::{Record, Statistics};

/// The full-screen game.
pub struct App {
    /// The session: game, language, records.
    pub session: Session,
    /// Arrow keys move the blank instead of a tile.
    pub move_blank: bool,
    /// Digits typed so far.
    pub typed: String,
    /// The last message for the player.
    pub message: Option<String>,
    /// The tile a hint points at, for the current position.
    pub hint: Vec<u32>,
    /// Whether the optimal distance is shown.
    pub show_distance: bool,
    /// The optimal distance of the current position, when known.
    pub distance: Option<usize>,
    /// The optimal length of the start, for the win screen.
    pub optimal: Option<usize>,
    /// God mode, when on.
    pub god: Option<GodMode>,
    /// The help is shown.
    pub help: bool,
    /// The result of the game just won.
    pub won: Option<(Record, Statistics)>,
    /// Time to leave.
    pub quit: bool,
    /// A helper is thinking.
    pub thinking: bool,
    /// A command that would drop the game in progress (quit, new game), waiting for the player
    /// to confirm it.
    pub confirming: Option<Command>,
    /// The report of the game won, kept while its replay plays (shown again at its end).
    pub watching: Option<(Record, Statistics)>,
    /// The player's own keys, over the standard ones.
    pub keys: KeyMap,
    /// The screen is too small to show the board: keys other than quitting are ignored, so
    /// that nothing moves (and no clock starts) unseen.
    pub board_hidden: bool,
    /// The position a hint or solution is being searched for, and the token that stops that
    /// search (when the position moves on, or the next request comes).
    asked: Option<(Board, Cancel)>,
    /// The tokens of the searches for the live distance and the start's optimal length.
    measuring_distance: Option<Cancel>,
    measuring_start: Option<Cancel>,
    answers: Receiver<Answer>,
    sender: Sender<Answer>,
}

impl App {
    /// The game for `session`.
    pub fn new(session: Session, move_blank: bool) -> App {
        let (sender, answers) = mpsc::channel();
        let mut app = App {
            session,
            move_blank,
            typed: String::new(),
            message: None,
            hint: Vec::new(),
            show_distance: false,
            distance: None,
            optimal: None,
            god: None,
            help: false,
            won: None,
            quit: false,
            thinking: false,
            confirming: None,
            board_hidden: false,
            keys: KeyMap::default(),
            watching: None,
            asked: None,
            measuring_distance: None,
            measuring_start: None,
            answers,
            sender,
        };
        app.message = app.session.records_warning.take();
        app.ask_optimal();
        app
    }

    /// Handles a key press at time `now`: what its command does, except that a key that would
    /// drop a game in progress (`q`, Esc, `n`) first asks; then `y` goes ahead, `S` saves and goes
    /// ahead, and any other key keeps playing. Ctrl-C quits at once.
    pub fn key(&mut self, key: KeyEvent, now: u64) {
        if key.kind == KeyEventKind::Release {
            return;
        }
        if let Some(pending) = self.confirming.take() {
            let lang = self.session.lang;
            match key.code {
                KeyCode::Char('y' | 'Y') => self.apply(pending, now),
                // Only once the game is safe: a failed save keeps it in play, with the error.
                KeyCode::Char('s' | 'S') => {
                    let saved = self.save();
                    if matches!(saved, Outcome::Saved(_)) {
                        self.apply(pending, now);
                    }
                    self.message = lang.outcome(&saved);
                }
                _ => self.message = lang.outcome(&Outcome::PlayingOn),
            }
            return;
        }
        let Some(command) = self.key_action(key) else {
            return;
        };
        if self.board_hidden && command != Command::Quit {
            return;
        }
        let control = key.modifiers.contains(KeyModifiers::CONTROL);
        let drops = matches!(command, Command::Quit | Command::NewGame);
        if drops && !control && !self.help && self.in_progress() {
            let lang = self.session.lang;
            let what = match command {
                Command::Quit => lang.pick("Quit", "Sair"),
                _ => lang.pick("Deal a new game", "Dar um novo jogo"),
            };
            let ask = lang.pick(
                "and lose this game? y: yes, S: save it first, any other key: play on",
                "e perder este jogo? y: sim, S: guardar antes, outra tecla: continuar",
            );
            self.message = Some(format!("{what} {ask}"));
            self.confirming = Some(command);
            return;
        }
        self.apply(command, now);
    }

    /// Whether a game is under way: moves made and not won yet.
    fn in_progress(&self) -> bool {
        self.won.is_none() && self.session.game().stm() > 0
    }

    /// The command a key stands for, if any (the core's one key map).
    pub fn key_action(&self, key: KeyEvent) -> Option<Command> {
        if key.kind == KeyEventKind::Release {
            return None;
        }
        let control = key.modifiers.contains(KeyModifiers::CONTROL);
        let key = match key.code {
            KeyCode::Char(c) => Key::Char(c),
            KeyCode::Up => Key::Up,
            KeyCode::Down => Key::Down,
            KeyCode::Left => Key::Left,
            KeyCode::Right => Key::Right,
            KeyCode::Enter => Key::Enter,
            KeyCode::Esc => Key::Esc,
            KeyCode::Backspace => Key::Backspace,
            KeyCode::F(n) => Key::F(n),
            _ => return None,
        };
        self.keys.command(key, control, self.god.is_some())
    }

    /// The action a mouse event stands for: a left click on a cell of the board, given where
    /// the board's cells are on screen.
    pub fn mouse_action(
        &self,
        mouse: MouseEvent,
        cell_at: impl Fn(u16, u16) -> Option<(usize, usize)>,
    ) -> Option<(usize, usize)> {
        match mouse.kind {
            MouseEventKind::Down(MouseButton::Left) if self.god.is_none() => {
                cell_at(mouse.column, mouse.row)
            }
            _ => None,
        }
    }

    /// A click on the cell at (`row`, `column`): slides it and the tiles between it and the blank.
    pub fn click(&mut self, row: usize, column: usize, now: u64) {
        if self.help || self.won.is_some() {
            return;
        }
        self.message = None;
        if let Err(error) = self.session.click(row, column) {
            self.message = self.session.lang.outcome(&Outcome::Refused(error));
        }
        self.after_change(now);
    }

    /// Does what `command` asks, at time `now` (milliseconds): the game's commands through
    /// [`Session::apply`], the screen's own in [`App::screen_command`]; what happened is worded
    /// by the language's one table ([`npuzzle_game::Lang::outcome`]).
    pub fn apply(&mut self, command: Command, now: u64) {
        // Any key closes the help, Esc and q included (they used to quit from it).
        if self.help {
            self.help = false;
            return;
        }
        if self.won.is_some() {
            self.after_win(command, now);
            return;
        }
        self.message = None;
        let command = match command {
            Command::Slide(m) if self.move_blank => Command::Slide(m.opposite()),
            command => command,
        };
        let outcome = match self.session.apply(&command) {
            Some(outcome) => Some(outcome),
            None => self.screen_command(command, now),
        };
        if outcome == Some(Outcome::Restarted) {
            self.reset();
        }
        if let Some(text) = outcome.and_then(|o| self.session.lang.outcome(&o)) {
            self.message = Some(text);
        }
        self.after_change(now);
    }

    /// What a command does on the win screen: a new game, the same again, quit, help, or
    /// watching the game won.
    fn after_win(&mut self, command: Command, now: u64) {
        match command {
            Command::NewGame => self.new_game(),
            Command::Restart => self.restart(),
            Command::Quit => self.quit = true,
            Command::Help => self.help = true,
            Command::Watch => self.watch(now),
            _ => {}
        }
    }

    /// The full screen's own commands (typing, hints, god mode, files, the distance, help);
    /// what they did where there is something to say.
    fn screen_command(&mut self, command: Command, now: u64) -> Option<Outcome> {
        match command {
            Command::Digit(c) => return self.digit(c),
            Command::Erase => _ = self.typed.pop(),
            Command::Enter => {
                let typed = std::mem::take(&mut self.typed);
                return self.session.apply(&Command::Tile(typed.parse().ok()?));
            }
            Command::NewGame => self.new_game(),
            Command::Hint => return self.hint(),
            Command::Solve => self.ask(false),
            Command::ToggleDistance => return self.toggle_distance(),
            Command::Pause
            | Command::Step
            | Command::Faster
            | Command::Slower
            | Command::TakeOver => self.god_command(&command, now),
            Command::FlipArrows => {
                self.move_blank = !self.move_blank;
                let blank = self.move_blank;
                return Some(Outcome::ArrowsMove { blank });
            }
            Command::Save(_) => return Some(self.save()),
            Command::Help => self.help = true,
            Command::Quit => self.quit = true,
            // Only a game just won can be watched; a saved game is loaded with `--load`; the
            // game's own commands were carried out by the session.
            Command::Watch
            | Command::Load(_)
            | Command::Slide(_)
            | Command::Tile(_)
            | Command::Undo
            | Command::Redo
            | Command::Restart => {}
        }
        None
    }

    /// A digit of a tile's number typed: the tile moves as soon as no tile number starts with
    /// what was typed and goes on (a 3x3 has tiles 1 to 8: at once, no Enter needed).
    fn digit(&mut self, c: char) -> Option<Outcome> {
        if self.typed.len() < 7 {
            self.typed.push(c);
        }
        let typed: u64 = self.typed.parse().unwrap_or(0);
        let tiles = self.session.game().board().cells().len() as u64 - 1;
        if typed.saturating_mul(10) <= tiles {
            return None;
        }
        self.typed.clear();
        self.session.apply(&Command::Tile(typed))
    }

    /// The live optimal distance shown or hidden: help had (on the boards that get it), or why
    /// this board does not.
    fn toggle_distance(&mut self) -> Option<Outcome> {
        self.show_distance = !self.show_distance;
        let cells = self.session.game().board().cells().len();
        match (self.show_distance, cells <= LIVE_OPTIMAL_CELLS) {
            (false, _) => None,
            (true, true) => {
                self.session.mark_assisted();
                None
            }
            (true, false) => Some(Outcome::NoLiveDistance),
        }
    }

    /// After any change of position: stop a search for the position before, forget stale hints,
    /// note a win, refresh the distance.
    pub(super) fn after_change(&mut self, _now: u64) {
        let board = self.session.game().board();
        if let Some((asked, cancel)) = &self.asked
            && asked != board
        {
            cancel.cancel();
            self.asked = None;
            self.thinking = false;
        }
        // A graded hint is of its position; a good move's, while its tile can still move.
        let graded = self.session.grades.as_ref().map(|g| g.is_at(board));
        if graded == Some(false) || self.hint.iter().any(|&t| board.move_of_tile(t).is_none()) {
            self.hint.clear();
        }
        if self.session.game().is_won() && self.won.is_none() {
            self.god = None;
            // A replay's end is no new win: the report comes back.
            if let Some(won) = self.watching.take() {
                self.won = Some(won);
                self.message = Some(
                    self.session
                        .lang
                        .pick("Replay finished.", "Fim da repetição.")
                        .into(),
                );
                return;
            }
            let record = self.session.record_win();
            let summary = self.session.summary();
            self.won = Some((record, summary));
            if let Some(warning) = self.session.records_warning.take() {
                self.message = Some(warning);
            }
        }
        if self.show_distance {
            self.ask_distance();
        }
    }

    fn restart(&mut self) {
        self.session.apply(&Command::Restart);
        self.reset();
    }

    fn new_game(&mut self) {
        if let Err(error) = self.session.new_game(None) {
            self.message = Some(format!("{error:#}"));
        }
        self.reset();
        self.ask_optimal();
    }

    fn reset(&mut self) {
        self.won = None;
        self.god = None;
        self.hint.clear();
        self.distance = None;
        self.typed.clear();
    }

    /// Saves the game in the data directory: where, or why not.
    fn save(&mut self) -> Outcome {
        match self.session.save_default() {
            Ok(path) => Outcome::Saved(path.display().to_string()),
            Err(error) => Outcome::Failed(format!("{error:#}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::setup::Recipe;
    use npuzzle_core::{Goal, Move};
    use npuzzle_game::Lang;

    fn app(position: &str) -> App {
        let recipe = Recipe {
            size: "3".parse().unwrap(),
            goal: Goal::BlankLast,
            walk: None,
        };
        let dealt = recipe.deal_position(position).unwrap();
        App::new(Session::detached(dealt, recipe, Lang::En), false)
    }

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    fn press(app: &mut App, code: KeyCode, now: u64) {
        app.key(key(code), now);
    }

    /// Ticks at `now` until `done` (the helpers answer on threads), for at most two seconds.
    fn tick_until(app: &mut App, now: u64, done: impl Fn(&App) -> bool) {
        for _ in 0..2000 {
            app.tick(now);
            if done(app) {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
    }

    /// A game in progress is never dropped by one key: q, Esc and n ask first; help closes on
    /// any key; a failed save keeps the game.
    #[test]
    fn keys_that_drop_a_game_ask_first() {
        let mut game = app("1 2 3/4 5 6/0 7 8");
        press(&mut game, KeyCode::Char('?'), 0);
        press(&mut game, KeyCode::Esc, 0);
        assert!(!game.help && !game.quit, "Esc closes the help");
        press(&mut game, KeyCode::Char('q'), 0);
        assert!(game.quit, "nothing played yet: q quits at once");
        let mut game = app("1 2 3/4 5 6/0 7 8");
        press(&mut game, KeyCode::Left, 10);
        for code in [KeyCode::Char('q'), KeyCode::Esc, KeyCode::Char('n')] {
            press(&mut game, code, 20);
            assert!(game.confirming.is_some() && !game.quit, "{code:?} asks");
            assert!(game.message.as_deref().unwrap().contains("y: yes"));
            press(&mut game, KeyCode::Char('x'), 30);
            assert!(game.confirming.is_none() && !game.quit);
            assert_eq!(game.session.game().stm(), 1, "still the same game");
        }
        // No data directory here: the save fails, so the game stays.
        press(&mut game, KeyCode::Char('n'), 40);
        press(&mut game, KeyCode::Char('S'), 40);
        assert_eq!(game.session.game().stm(), 1);
        press(&mut game, KeyCode::Char('q'), 50);
        press(&mut game, KeyCode::Char('y'), 50);
        assert!(game.quit);
        // Ctrl-C quits at once.
        let mut game = app("1 2 3/4 5 6/0 7 8");
        press(&mut game, KeyCode::Left, 10);
        game.key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL), 20);
        assert!(game.quit);
    }

    /// After a win, `v` plays the game again from its scramble at the player's pace; its end
    /// brings the report back, and no second win is recorded.
    #[test]
    fn a_won_game_is_watched_again() {
        let mut a = app("1 2 3/4 5 6/0 7 8");
        // The session times moves by its own clock: the second comes at least 300 ms later.
        press(&mut a, KeyCode::Left, 0);
        std::thread::sleep(std::time::Duration::from_millis(300));
        press(&mut a, KeyCode::Left, 0);
        let (record, _) = a.won.clone().expect("won");
        press(&mut a, KeyCode::Char('v'), 10_000);
        assert!(a.won.is_none() && a.watching.is_some());
        assert_eq!(a.session.game().board().to_string(), "1 2 3/4 5 6/0 7 8");
        a.tick(10_500); // the scramble is shown first
        assert_eq!(a.session.game().stm(), 0);
        a.tick(10_600);
        assert_eq!(a.session.game().stm(), 1);
        a.tick(10_700); // the second move came at least 300 ms after the first
        assert_eq!(a.session.game().stm(), 1);
        a.tick(15_600);
        let (again, _) = a.won.clone().expect("the report is back");
        assert_eq!(again, record, "the replay is no new win");
        assert_eq!(a.message.as_deref(), Some("Replay finished."));
    }

    /// The player's keys come before the standard ones, and the help lists them.
    #[test]
    fn chosen_keys_play_and_are_listed() {
        let mut a = app("1 2 3/4 0 5/7 8 6");
        a.keys = "down=i, hint=space".parse().unwrap();
        press(&mut a, KeyCode::Char('i'), 0); // down: the 2 slides down into the blank
        assert_eq!(a.session.game().board().to_string(), "1 0 3/4 2 5/7 8 6");
        press(&mut a, KeyCode::Char(' '), 10);
        assert!(a.thinking || !a.hint.is_empty(), "space asks for a hint");
        press(&mut a, KeyCode::Char('u'), 20); // not chosen: still undo
        assert_eq!(a.session.game().stm(), 0);
    }

    /// `m` says what the arrows move from now on.
    #[test]
    fn flipping_the_arrows_says_so() {
        let mut a = app("1 2 3/4 5 6/7 0 8");
        press(&mut a, KeyCode::Char('m'), 0);
        assert_eq!(a.message.as_deref(), Some("Arrows now move the blank."));
        press(&mut a, KeyCode::Char('m'), 0);
        assert_eq!(a.message.as_deref(), Some("Arrows now move a tile."));
    }

    #[test]
    fn arrows_move_tiles_or_the_blank() {
        let mut a = app("1 2 3/4 5 6/7 0 8");
        press(&mut a, KeyCode::Left, 0); // the 8 slides left
        assert!(a.won.is_some());
        let mut b = app("1 2 3/4 5 6/7 0 8");
        press(&mut b, KeyCode::Char('m'), 0);
        press(&mut b, KeyCode::Right, 0); // the blank moves right: the same move
        assert!(b.won.is_some());
        let mut c = app("1 2 3/4 5 6/7 0 8");
        press(&mut c, KeyCode::Char('d'), 0); // WASD: the 7 slides right
        assert_eq!(c.session.game().board().to_string(), "1 2 3/4 5 6/0 7 8");
    }

    #[test]
    fn typed_numbers_move_tiles_with_clear_refusals() {
        // On a 3x3 every tile number is one digit: it moves at once, no Enter.
        let mut a = app("1 2 3/4 5 6/7 0 8");
        press(&mut a, KeyCode::Char('9'), 0);
        assert_eq!(
            a.message.as_deref(),
            Some("There is no tile 9: choose a number from 1 to 8.")
        );
        press(&mut a, KeyCode::Char('1'), 0);
        assert!(
            a.message
                .as_deref()
                .unwrap()
                .contains("not next to the blank")
        );
        assert!(a.typed.is_empty());
        press(&mut a, KeyCode::Char('8'), 10);
        let (record, _) = a.won.clone().unwrap();
        assert_eq!((record.stm, record.assisted), (1, false));
        // On a 4x4, 1 may start 10 to 15: it waits for Enter or a second digit; 2 cannot.
        let mut b = app("1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15");
        press(&mut b, KeyCode::Char('1'), 0);
        assert_eq!(b.typed, "1");
        press(&mut b, KeyCode::Char('5'), 0);
        assert_eq!((b.typed.as_str(), b.won.is_some()), ("", true), "15 moved");
    }

    #[test]
    fn clicks_slide_runs_and_undo_takes_them_back() {
        let mut a = app("1 2 3/4 5 6/0 7 8");
        let click = MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: 0,
            row: 0,
            modifiers: KeyModifiers::NONE,
        };
        let (row, column) = a.mouse_action(click, |_, _| Some((2, 2))).unwrap();
        a.click(row, column, 0);
        assert!(a.won.is_some());
        let mut b = app("1 2 3/4 5 6/0 7 8");
        b.click(2, 1, 0);
        press(&mut b, KeyCode::Char('u'), 0);
        assert_eq!(b.session.game().board().to_string(), "1 2 3/4 5 6/0 7 8");
        press(&mut b, KeyCode::Char('r'), 0);
        assert_eq!(b.session.game().stm(), 1);
    }

    #[test]
    fn god_mode_plays_to_the_win_and_marks_the_game_assisted() {
        let mut a = app("8 6 7/2 5 4/3 0 1");
        press(&mut a, KeyCode::Char('g'), 0);
        let mut now = 0;
        while a.won.is_none() && now < 100_000 {
            now += 50;
            std::thread::sleep(std::time::Duration::from_millis(1));
            a.tick(now);
        }
        let (record, _) = a.won.clone().expect("god mode wins");
        assert_eq!(record.stm, 31);
        assert!(record.assisted);
    }

    /// Hint is graded: the distance, then every tile that keeps the optimum, then a move; a
    /// move starts the grades again.
    #[test]
    fn hints_are_graded_distance_tiles_move() {
        let mut a = app("1 2 3/4 0 6/7 5 8");
        press(&mut a, KeyCode::Char('i'), 0);
        tick_until(&mut a, 0, |a| !a.thinking);
        assert!(a.session.game().is_assisted());
        assert!(
            a.message
                .as_deref()
                .unwrap()
                .starts_with("Hint 1 of 3: 2 moves to go")
        );
        assert!(a.hint.is_empty(), "the distance alone marks no tile");
        press(&mut a, KeyCode::Char('i'), 0);
        assert!(
            a.message
                .as_deref()
                .unwrap()
                .starts_with("Hint 2 of 3: tile 5 keeps")
        );
        assert_eq!(a.hint, [5]);
        press(&mut a, KeyCode::Char('i'), 0);
        assert_eq!(
            a.message.as_deref(),
            Some("Hint: move tile 5 (optimal; 2 moves to go).")
        );
        press(&mut a, KeyCode::Up, 10);
        assert!(a.hint.is_empty(), "a move makes the grades stale");
        press(&mut a, KeyCode::Char('i'), 20);
        tick_until(&mut a, 20, |a| !a.thinking);
        assert!(
            a.message
                .as_deref()
                .unwrap()
                .starts_with("Hint 1 of 3: 1 move to go")
        );
    }

    /// Any help marks the game, and a restart does not wash it out (the core's rule).
    #[test]
    fn help_marks_the_game_and_survives_a_restart() {
        let mut a = app("1 2 3/4 5 6/0 7 8");
        press(&mut a, KeyCode::Char('o'), 0);
        assert!(
            a.session.game().is_assisted(),
            "the optimal distance is help"
        );
        let mut b = app("1 2 3/4 5 6/0 7 8");
        press(&mut b, KeyCode::Char('i'), 0);
        press(&mut b, KeyCode::Char('R'), 0);
        press(&mut b, KeyCode::Left, 10);
        press(&mut b, KeyCode::Left, 20);
        let (record, _) = b.won.clone().expect("won");
        assert!(
            record.assisted,
            "a hinted line is not a clean solve after a restart"
        );
    }

    /// A move stops the search for the position before: no "Thinking…" left behind, and its
    /// late answer is dropped; the next request replaces the one in flight.
    #[test]
    fn a_move_or_a_new_request_stops_the_search_under_way() {
        // The hardest 4x4: minutes of search here.
        let mut a = app("0 12 9 13/15 11 10 14/3 7 2 5/4 8 6 1");
        press(&mut a, KeyCode::Char('g'), 0);
        assert!(a.thinking);
        let (_, first) = a.asked.clone().unwrap();
        press(&mut a, KeyCode::Char('i'), 10);
        assert!(first.is_cancelled(), "the new request stopped the first");
        let (_, second) = a.asked.clone().unwrap();
        press(&mut a, KeyCode::Up, 20);
        assert!(second.is_cancelled() && !a.thinking && a.asked.is_none());
        for now in 0..50 {
            std::thread::sleep(std::time::Duration::from_millis(20));
            a.tick(now);
        }
        assert!(
            a.god.is_none() && a.hint.is_empty(),
            "late answers are dropped"
        );
        assert!(a.message.is_none(), "{:?}", a.message);
    }

    /// God mode at 10 ms a move plays 100 moves a second, however seldom the screen loop ticks
    /// (it played one move a tick: 25 a second at 40 ms frames).
    #[test]
    fn god_mode_keeps_its_speed_between_frames() {
        let mut a = app("1 2 3/4 5 6/7 8 0");
        let moves: Vec<Move> = "DRDLURDLLURDRUL"
            .chars()
            .map(|c| Move::from_tile_letter(c).unwrap())
            .collect();
        let mut scrambled = a.session.game().board().clone();
        // Any legal line will do: play the moves that are legal from the goal.
        let mut line = Vec::new();
        for m in moves {
            if scrambled.apply(m).is_ok() {
                line.push(m);
            }
        }
        let solution: Vec<Move> = line.iter().rev().map(|m| m.opposite()).collect();
        let recipe = Recipe {
            size: "3".parse().unwrap(),
            goal: Goal::BlankLast,
            walk: None,
        };
        let dealt = recipe.deal_position(&scrambled.to_string()).unwrap();
        a = App::new(Session::detached(dealt, recipe, Lang::En), false);
        a.god = Some(GodMode {
            moves: solution.clone().into(),
            paused: false,
            interval: 10,
            paces: Default::default(),
            next_at: 1_000,
            optimal: false,
        });
        a.tick(1_000);
        assert_eq!(a.session.game().stm(), 1);
        a.tick(1_040); // one 40 ms frame later: four more moves were due
        assert_eq!(a.session.game().stm(), 5);
        assert_eq!(a.next_god_move_at(), Some(1_050));
        // Far behind (a stopped process): it goes on from now instead of rushing.
        a.tick(60_000);
        assert_eq!(a.session.game().stm(), 6);
    }

    /// The live distance is never the position before's: a move clears it until the answer for
    /// the new position comes.
    #[test]
    fn the_live_distance_follows_the_position() {
        let mut a = app("1 2 3/4 5 6/0 7 8");
        press(&mut a, KeyCode::Char('o'), 0);
        tick_until(&mut a, 0, |a| a.distance.is_some());
        assert_eq!(a.distance, Some(2));
        press(&mut a, KeyCode::Left, 10);
        assert_eq!(a.distance, None, "not the distance of the position before");
        tick_until(&mut a, 10, |a| a.distance.is_some());
        assert_eq!(a.distance, Some(1));
    }

    #[test]
    fn god_mode_pauses_steps_and_hands_back() {
        let mut a = app("8 6 7/2 5 4/3 0 1");
        a.apply(Command::Solve, 0);
        tick_until(&mut a, 0, |a| a.god.is_some());
        press(&mut a, KeyCode::Char(' '), 0);
        let before = a.session.game().stm();
        a.tick(1_000_000); // paused: time passing plays nothing
        press(&mut a, KeyCode::Char('.'), 0);
        press(&mut a, KeyCode::Char('.'), 0);
        assert_eq!(a.session.game().stm(), before + 2);
        press(&mut a, KeyCode::Char('c'), 0);
        assert!(a.god.is_none());
        press(&mut a, KeyCode::Char('u'), 0);
        assert_eq!(a.session.game().stm(), before + 1);
        assert!(a.session.game().is_assisted());
    }
}
