//! God mode: the computer plays a solution move by move, paused, stepped, sped up or handed back.

use std::collections::VecDeque;

use npuzzle_core::Move;
use npuzzle_game::Command;
use npuzzle_game::replay::Replay;

use super::App;

/// How long a replay shows its scramble before the first move.
const LEAD_IN_MS: u64 = 600;

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
    /// For a replay, the wait before each move still to play (the player's pace); empty for
    /// the solver's moves, which come every `interval`.
    pub paces: VecDeque<u64>,
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
                    god.paces.iter_mut().for_each(|p| *p /= 2);
                }
            }
            Command::Slower => {
                if let Some(god) = &mut self.god {
                    god.interval = (god.interval * 2).min(4000);
                    god.paces.iter_mut().for_each(|p| *p = (*p * 2).min(60_000));
                }
            }
            Command::TakeOver => self.god = None,
            _ => {}
        }
    }

    /// Plays the game just won again from its scramble, at the player's pace (`+`/`-` change
    /// it; space pauses), on a copy marked as assisted; at its end the win report comes back.
    pub(super) fn watch(&mut self, now: u64) {
        let Some(won) = self.won.take() else { return };
        let replay = Replay::of(self.session.game());
        let mut viewer = self.session.game().clone();
        viewer.restart();
        viewer.mark_assisted();
        self.session.dealt.game = viewer;
        // The move log shows what the screen shows: the replay's moves, marked as such.
        self.session
            .log("replay of the game won, from its scramble");
        let (mut moves, mut paces, mut last) = (VecDeque::new(), VecDeque::new(), 0);
        for step in replay.steps() {
            for k in 0..step.count {
                moves.push_back(step.direction);
                paces.push_back(if k == 0 { step.at - last } else { 0 });
            }
            last = step.at;
        }
        // The scramble is shown for a moment first.
        if let Some(first) = paces.front_mut() {
            *first = LEAD_IN_MS;
        }
        self.watching = Some(won);
        self.god = Some(GodMode {
            moves,
            paused: false,
            interval: 250,
            paces,
            next_at: now + LEAD_IN_MS,
            optimal: false,
        });
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
            let due = god.next_at;
            self.god_move();
            if let Some(god) = &mut self.god {
                let wait = god.paces.front().copied().unwrap_or(god.interval);
                // A game left behind (the process stopped, a slow frame) does not rush: it
                // goes on from now.
                god.next_at = if now - due > CATCH_UP_MS {
                    now + wait
                } else {
                    due + wait
                };
            }
            self.after_change(now);
        }
    }

    /// When god mode's next move is due, if it is playing (the screen loop waits no longer).
    pub fn next_god_move_at(&self) -> Option<u64> {
        self.god.as_ref().filter(|g| !g.paused).map(|g| g.next_at)
    }

    fn god_move(&mut self) {
        if let Some(god) = &mut self.god {
            god.paces.pop_front();
        }
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
