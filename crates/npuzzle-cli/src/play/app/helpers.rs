//! Work on helper threads: hints, solutions for god mode, and optimal lengths, answered through
//! a channel and dropped when the position has moved on.

use npuzzle_core::{Board, LIVE_OPTIMAL_CELLS};
use npuzzle_search::Solution;

use super::{App, GodMode};

/// Work done on a helper thread.
pub(super) enum Answer {
    Hint(Board, Result<Solution, String>),
    God(Board, Result<Solution, String>),
    Distance(Board, Option<usize>),
    Optimal(Board, Option<usize>),
}

impl App {
    /// Asks a helper thread for a hint (`hint`) or a whole solution for god mode.
    pub(super) fn ask(&mut self, hint: bool) {
        let game = self.session.game();
        let (board, goal) = (game.board().clone(), game.goal().clone());
        let solver = match self.session.solver(&goal) {
            Ok(solver) => solver,
            Err(error) => {
                self.message = Some(format!("{error:#}"));
                return;
            }
        };
        self.session.mark_assisted();
        self.thinking = true;
        let sender = self.sender.clone();
        std::thread::spawn(move || {
            let result = solver.solve(&board).map_err(|e| e.to_string());
            let answer = if hint {
                Answer::Hint(board, result)
            } else {
                Answer::God(board, result)
            };
            let _ = sender.send(answer);
        });
    }

    pub(super) fn ask_distance(&mut self) {
        let board = self.session.game().board().clone();
        self.ask_length(board, Answer::Distance);
    }

    pub(super) fn ask_optimal(&mut self) {
        self.optimal = None;
        let start = self.session.game().start().clone();
        self.ask_length(start, Answer::Optimal);
    }

    /// Asks a helper thread for the optimal length of `board` (boards of up to `LIVE_OPTIMAL_CELLS`), answered
    /// as `answer`.
    fn ask_length(&mut self, board: Board, answer: fn(Board, Option<usize>) -> Answer) {
        if board.cells().len() > LIVE_OPTIMAL_CELLS {
            return;
        }
        let goal = self.session.game().goal().clone();
        if let Ok(solver) = self.session.solver(&goal) {
            let sender = self.sender.clone();
            std::thread::spawn(move || {
                let length = crate::play::assist::optimal_length(&solver, &board);
                let _ = sender.send(answer(board, length));
            });
        }
    }

    pub(super) fn answer(&mut self, answer: Answer, now: u64) {
        let lang = self.session.lang;
        let current = self.session.game().board().clone();
        match answer {
            Answer::Hint(board, result) if board == current => {
                self.thinking = false;
                match result {
                    Ok(solution) => {
                        self.hint = solution
                            .moves
                            .first()
                            .and_then(|&m| current.source(m))
                            .map(|cell| current.cells()[cell]);
                        if let Some(tile) = self.hint {
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
                    Err(error) => self.message = Some(error),
                }
            }
            Answer::God(board, result) if board == current => {
                self.thinking = false;
                match result {
                    Ok(solution) => {
                        self.god = Some(GodMode {
                            moves: solution.moves.into(),
                            paused: false,
                            interval: 250,
                            next_at: now,
                            optimal: solution.optimal,
                        });
                    }
                    Err(error) => self.message = Some(error),
                }
            }
            Answer::Distance(board, distance) if board == current => self.distance = distance,
            Answer::Optimal(start, optimal) if &start == self.session.game().start() => {
                self.optimal = optimal;
            }
            Answer::Hint(..) | Answer::God(..) => self.thinking = false,
            _ => {}
        }
    }
}
