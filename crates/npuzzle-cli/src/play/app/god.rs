//! God mode: the computer plays a solution move by move, paused, stepped, sped up or handed back.

use std::collections::VecDeque;

use npuzzle_core::{Command, Move};

use super::App;

/// How far behind its schedule god mode may fall before it stops catching up.
const CATCH_UP_MS: u64 = 1_000;

/// The computer playing a solution, move by move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GodMode {
    /// Moves still to play.
    pub moves: VecDeque<Move>,
    /// Waiting for the player.
    pub paused: bool,
    /// Milliseconds between moves.
    pub interval: u64,
    /// When the next move is due.
    pub next_at: u64,
    /// Whether the solution is optimal.
    pub optimal: bool,
}

impl App {
    /// Carries out a god-mode command (pause, step, faster, slower, take over).
    pub(super) fn god_command(&mut self, command: &Command, now: u64) {
        match command {
            Command::Pause => {
                if let Some(god) = &mut self.god {
                    god.paused = !god.paused;
                    god.next_at = now;
                }
            }
            Command::Step if self.god.as_ref().is_some_and(|g| g.paused) => self.god_move(),
            Command::Faster => {
                if let Some(god) = &mut self.god {
                    god.interval = (god.interval / 2).max(10);
                }
            }
            Command::Slower => {
                if let Some(god) = &mut self.god {
                    god.interval = (god.interval * 2).min(4000);
                }
            }
            Command::TakeOver => self.god = None,
            _ => {}
        }
    }

    /// Advances god mode and collects the helpers' answers; call often.
    pub fn tick(&mut self, now: u64) {
        while let Ok(answer) = self.answers.try_recv() {
            self.answer(answer, now);
        }
        // Every move due by now is played, not one a frame: at 10 ms a move the game plays 100
        // moves a second whatever the frame rate (it played 25, one per 40 ms frame).
        while let Some(god) = &self.god
            && !god.paused
            && now >= god.next_at
        {
            // A game left behind (the process stopped, a slow frame) does not rush: it goes
            // on from now.
            let next = if now - god.next_at > CATCH_UP_MS {
                now + god.interval
            } else {
                god.next_at + god.interval
            };
            self.god_move();
            if let Some(god) = &mut self.god {
                god.next_at = next;
            }
            self.after_change(now);
        }
    }

    /// When god mode's next move is due, if it is playing (the screen loop waits no longer).
    pub fn next_god_move_at(&self) -> Option<u64> {
        self.god.as_ref().filter(|g| !g.paused).map(|g| g.next_at)
    }

    fn god_move(&mut self) {
        let Some(m) = self.god.as_mut().and_then(|g| g.moves.pop_front()) else {
            self.god = None;
            return;
        };
        if self.session.play(m).is_err() {
            self.god = None;
        }
        if self.god.as_ref().is_some_and(|g| g.moves.is_empty()) {
            self.god = None;
        }
    }
}
