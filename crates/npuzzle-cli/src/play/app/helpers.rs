//! Work on helper threads: hints, solutions for god mode, and optimal lengths, answered through
//! a channel and dropped when the position has moved on.

use npuzzle_core::{Board, Move};
use npuzzle_game::Outcome;
use npuzzle_game::hints::Grades;
use npuzzle_search::analysis::{self, Distance};

use npuzzle_game::LIVE_OPTIMAL_CELLS;
use npuzzle_search::{Cancel, Limits, Solution, Solver};

use super::{App, GodMode};

/// Work done on a helper thread.
pub(super) enum Answer {
    /// A hint, for the request its token stands for.
    Hint(Cancel, Result<Solution, String>),
    /// A solution for god mode, likewise.
    God(Cancel, Result<Solution, String>),
    /// Every optimal move of a position, for a graded hint, likewise.
    Good(Cancel, Board, Result<(Distance, Vec<Move>), String>),
    Distance(Board, Option<usize>),
    Optimal(Board, Option<usize>),
}

impl App {
    /// A hint: graded where distances are proved (the next grade at once when the position
    /// has one), else a good move from a helper thread.
    pub(super) fn hint(&mut self) -> Option<Outcome> {
        let board = self.session.game().board().clone();
        if board.cells().len() > LIVE_OPTIMAL_CELLS {
            self.ask(true);
            return None;
        }
        self.session.mark_assisted();
        match self.session.grades.as_mut().filter(|g| g.is_at(&board)) {
            Some(grades) => {
                let hinted = grades.next();
                self.hint = hinted.marked();
                Some(Outcome::Hinted(hinted))
            }
            None => {
                self.ask_good();
                None
            }
        }
    }

    /// Asks a helper thread for every optimal move of the position in play.
    fn ask_good(&mut self) {
        self.request(|solver, board, limits, cancel| {
            let result =
                analysis::optimal_moves_within(solver, &board, limits).map_err(|e| e.to_string());
            Answer::Good(cancel, board, result)
        });
    }

    /// Asks a helper thread for a hint (`hint`) or a whole solution for god mode.
    pub(super) fn ask(&mut self, hint: bool) {
        self.session.mark_assisted();
        self.request(move |solver, board, limits, cancel| {
            let result = solver
                .solve_within(&board, limits)
                .map_err(|e| e.to_string());
            match hint {
                true => Answer::Hint(cancel, result),
                false => Answer::God(cancel, result),
            }
        });
    }

    /// Has a helper thread do `work` on the position in play with its goal's solver, within
    /// limits that `cancel` stops. The next request replaces this one: the search still
    /// running is stopped.
    fn request(
        &mut self,
        work: impl FnOnce(&Solver, Board, &Limits, Cancel) -> Answer + Send + 'static,
    ) {
        let game = self.session.game();
        let (board, goal) = (game.board().clone(), game.goal().clone());
        let solver = match self.session.solver(&goal) {
            Ok(solver) => solver,
            Err(error) => {
                self.message = Some(format!("{error:#}"));
                return;
            }
        };
        self.thinking = true;
        let cancel = Cancel::new();
        if let Some((_, previous)) = self.asked.replace((board.clone(), cancel.clone())) {
            previous.cancel();
        }
        let limits = solver.options().limits.clone().cancel(cancel.clone());
        let sender = self.sender.clone();
        std::thread::spawn(move || {
            let _ = sender.send(work(&solver, board, &limits, cancel));
        });
    }

    pub(super) fn ask_distance(&mut self) {
        let board = self.session.game().board().clone();
        // The distance shown is the current position's or none ("…"): the one before a move
        // stayed up until the answer came, one move late.
        self.distance = None;
        self.ask_length(board, true);
    }

    pub(super) fn ask_optimal(&mut self) {
        self.optimal = None;
        let start = self.session.game().start().clone();
        self.ask_length(start, false);
    }

    /// Asks a helper thread for the optimal length of `board` (boards of up to
    /// `LIVE_OPTIMAL_CELLS`): the live distance (`distance`) or the start's optimal length.
    fn ask_length(&mut self, board: Board, distance: bool) {
        if board.cells().len() > LIVE_OPTIMAL_CELLS {
            return;
        }
        let goal = self.session.game().goal().clone();
        if let Ok(solver) = self.session.solver(&goal) {
            // One search of each kind at a time: the next replaces the one still running (the
            // live distance asks again at every move).
            let cancel = Cancel::new();
            let slot = if distance {
                &mut self.measuring_distance
            } else {
                &mut self.measuring_start
            };
            if let Some(previous) = slot.replace(cancel.clone()) {
                previous.cancel();
            }
            let limits = solver.options().limits.clone().cancel(cancel);
            let sender = self.sender.clone();
            std::thread::spawn(move || {
                let length = solver
                    .solve_within(&board, &limits)
                    .ok()
                    .filter(|s| s.optimal)
                    .map(|s| s.moves.len());
                let answer = if distance {
                    Answer::Distance(board, length)
                } else {
                    Answer::Optimal(board, length)
                };
                let _ = sender.send(answer);
            });
        }
    }

    /// Whether `token` is the request in flight.
    fn is_asked(&self, token: &Cancel) -> bool {
        self.asked.as_ref().is_some_and(|(_, asked)| asked == token)
    }

    pub(super) fn answer(&mut self, answer: Answer, now: u64) {
        let current = self.session.game().board().clone();
        // Only the answer to the request in flight counts (the position has not moved since: a
        // move stops the request); an error is said where the game says things.
        let taken = match answer {
            Answer::Hint(token, result) if self.is_asked(&token) => {
                result.map(|solution| self.take_hint(&solution, &current))
            }
            Answer::God(token, result) if self.is_asked(&token) => {
                result.map(|solution| self.take_god(solution, now))
            }
            Answer::Good(token, board, result) if self.is_asked(&token) => {
                result.map(|(distance, moves)| self.take_grades(&board, distance, &moves))
            }
            Answer::Distance(board, distance) if board == current => {
                self.distance = distance;
                return;
            }
            Answer::Optimal(start, optimal) if &start == self.session.game().start() => {
                self.optimal = optimal;
                return;
            }
            _ => return,
        };
        self.thinking = false;
        self.asked = None;
        if let Err(error) = taken {
            self.message = Some(error);
        }
    }

    /// Marks the tile a hint's solution moves first from `current`, and says so.
    fn take_hint(&mut self, solution: &Solution, current: &Board) {
        let lang = self.session.lang;
        self.hint = solution
            .moves
            .first()
            .and_then(|&m| current.source(m))
            .map(|cell| current.cells()[cell])
            .into_iter()
            .collect();
        if let Some(&tile) = self.hint.first() {
            let quality = if solution.optimal {
                lang.pick("optimal", "ótima")
            } else {
                lang.pick("a good move", "um bom movimento")
            };
            self.message = Some(format!(
                "{} {tile} ({quality}; {} {})",
                lang.pick("Hint: move tile", "Dica: mova a peça"),
                lang.count_moves(solution.moves.len()),
                lang.pick("to go", "em falta"),
            ));
        }
    }

    /// Begins god mode playing `solution`, its first move due `now`.
    fn take_god(&mut self, solution: Solution, now: u64) {
        self.god = Some(GodMode {
            moves: solution.moves.into(),
            paused: false,
            interval: 250,
            paces: Default::default(),
            next_at: now,
            optimal: solution.optimal,
        });
    }

    /// Grades every move from `board` and marks the best, saying how good it is.
    fn take_grades(&mut self, board: &Board, distance: Distance, moves: &[Move]) {
        let mut grades = Grades::new(board, distance.range().0 as usize, moves);
        let hinted = grades.next();
        self.session.grades = Some(grades);
        self.hint = hinted.marked();
        self.message = Some(self.session.lang.hinted(&hinted));
    }
}
