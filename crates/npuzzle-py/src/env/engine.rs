//! The vector environment's stepping, in plain Rust: every board of a batch stepped in one call,
//! the boards kept in the caller's array (one row of bytes a board), the Manhattan distance kept
//! up to date a move at a time (0 is solved, for any goal), autoreset in each of Gymnasium's
//! three modes. No Python here: the bindings (`super`) hand it slices.

use npuzzle_core::{Generator, Size};
use npuzzle_heuristic::{Heuristic, LinearConflict, Manhattan};
use npuzzle_search::Puzzle;
use rayon::prelude::*;

use super::EnvError;
use super::deal::{Dealer, Dealt};

/// Which way an action moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Convention {
    /// Action `up` moves the blank up (Jumanji, SPGym).
    Blank,
    /// Action `up` moves a tile up: the one below the blank (TextArena, speedsolvers).
    Tile,
}

/// What an illegal action (off the board) does.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Illegal {
    /// Nothing moves; the step counts, and its reward is less this penalty.
    NoOp(f32),
    /// The step is refused with an error naming the board.
    Error,
}

/// What a step earns, before the step cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reward {
    /// The solved reward when the move solves the board, else 0.
    Sparse,
    /// The fall in Manhattan distance (+1 or −1), plus the solved reward.
    Manhattan,
    /// The fall in linear conflict's value, plus the solved reward.
    LinearConflict,
}

/// Gymnasium's autoreset modes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Autoreset {
    /// A finished board is dealt again on the step after (its action ignored, reward 0).
    NextStep,
    /// A finished board is dealt again at once; its last board is kept aside as the final one.
    SameStep,
    /// Never: the caller resets finished boards.
    Disabled,
}

/// How the boards are stepped.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Config {
    /// Which way actions move.
    pub convention: Convention,
    /// What an illegal action does.
    pub illegal: Illegal,
    /// What a step earns.
    pub reward: Reward,
    /// The reward for solving.
    pub solved_reward: f32,
    /// Taken off every step's reward.
    pub step_cost: f32,
    /// Steps after which an episode is truncated (0: never).
    pub max_steps: u32,
    /// When finished boards are dealt again.
    pub autoreset: Autoreset,
}

/// Where one step writes, one entry (or row) a board.
pub struct StepOut<'a> {
    /// The rewards.
    pub rewards: &'a mut [f32],
    /// Whether the board was solved by this step.
    pub terminated: &'a mut [bool],
    /// Whether its episode reached the step limit unsolved.
    pub truncated: &'a mut [bool],
    /// The legal actions after the step, four a board.
    pub masks: &'a mut [bool],
    /// The optimal distance of each board dealt (−1 where unknown), updated when one is dealt.
    pub distances: &'a mut [i32],
    /// Same-step autoreset: the board an episode ended on, and whether it ended this step.
    pub finals: Option<(&'a mut [u8], &'a mut [bool])>,
}

/// The boards' state beside the boards themselves.
pub struct Engine {
    cells: usize,
    /// `next[cell * 4 + d]`: the cell the blank moves to from `cell` in direction `d` (up,
    /// down, left, right), or −1 off the board.
    next: Vec<i16>,
    /// Manhattan distance, kept a move at a time (0 is solved, for any goal).
    h: Manhattan,
    /// The blank's direction of each action.
    blank_way: [usize; 4],
    config: Config,
    blanks: Vec<u16>,
    manhattan: Vec<u32>,
    steps: Vec<u32>,
    /// Next-step autoreset: the boards to deal on their next step.
    pending: Vec<bool>,
    generators: Vec<Generator>,
    dealer: Dealer,
    /// Linear conflict and each board's value, for its dense reward.
    conflict: Option<(Puzzle, LinearConflict, Vec<u32>)>,
}

impl Engine {
    /// `count` boards toward `dealer`'s goal, not dealt yet (call [`Engine::reset`]).
    pub fn new(count: usize, config: Config, dealer: Dealer) -> Result<Engine, EnvError> {
        let size = dealer.goal().size();
        let puzzle = Puzzle::new(dealer.goal()).map_err(|e| EnvError::Argument(e.to_string()))?;
        let h = Manhattan::for_puzzle(&puzzle);
        let conflict = match config.reward {
            Reward::LinearConflict => {
                let lc = LinearConflict::new(&puzzle);
                Some((puzzle, lc, vec![0; count]))
            }
            _ => None,
        };
        Ok(Engine {
            cells: size.cells(),
            next: neighbours(size),
            h,
            blank_way: match config.convention {
                Convention::Blank => [0, 1, 2, 3],
                Convention::Tile => [1, 0, 3, 2],
            },
            config,
            blanks: vec![0; count],
            manhattan: vec![0; count],
            steps: vec![0; count],
            pending: vec![false; count],
            generators: (0..count).map(|i| Generator::new(i as u64)).collect(),
            dealer,
            conflict,
        })
    }

    /// How many boards.
    pub fn count(&self) -> usize {
        self.blanks.len()
    }

    /// The dealer (what a reset deals).
    pub fn dealer(&self) -> &Dealer {
        &self.dealer
    }

    /// The dealer, to change.
    pub fn dealer_mut(&mut self) -> &mut Dealer {
        &mut self.dealer
    }

    /// Deals the boards `mask` names (all when `None`) into `boards`, each from its own
    /// generator, seeded `seed + i` when a seed is given (Gymnasium's rule for vector envs); the
    /// legal actions and optimal distances are written for them.
    pub fn reset(
        &mut self,
        seed: Option<u64>,
        mask: Option<&[bool]>,
        boards: &mut [u8],
        masks: &mut [bool],
        distances: &mut [i32],
    ) -> Result<(), EnvError> {
        let chosen = |i: usize| mask.is_none_or(|m| m[i]);
        if let Some(seed) = seed {
            for (i, generator) in self.generators.iter_mut().enumerate() {
                if chosen(i) {
                    *generator = Generator::new(seed.wrapping_add(i as u64));
                }
            }
        }
        // Boards are drawn on every core (a deal at an exact distance searches), each from its
        // own generator, so the result does not depend on the threads.
        let dealer = &self.dealer;
        let dealt: Vec<Option<Result<Dealt, EnvError>>> = self
            .generators
            .par_iter_mut()
            .enumerate()
            .map(|(i, generator)| chosen(i).then(|| dealer.deal(generator)))
            .collect();
        for (i, dealt) in dealt.into_iter().enumerate() {
            if let Some(dealt) = dealt {
                distances[i] = self.place(i, dealt?, boards);
                self.write_mask(i, masks);
            }
        }
        Ok(())
    }

    /// Deals board `i` afresh into its row of `boards`; its optimal distance, −1 if unknown.
    fn deal(&mut self, i: usize, boards: &mut [u8]) -> Result<i32, EnvError> {
        let dealt = self.dealer.deal(&mut self.generators[i])?;
        Ok(self.place(i, dealt, boards))
    }

    /// Puts `dealt` in board `i`'s row of `boards`; its optimal distance, −1 if unknown.
    fn place(&mut self, i: usize, Dealt { board, distance }: Dealt, boards: &mut [u8]) -> i32 {
        let row = &mut boards[i * self.cells..(i + 1) * self.cells];
        for (cell, &tile) in row.iter_mut().zip(board.cells()) {
            *cell = tile as u8;
        }
        self.blanks[i] = row.iter().position(|&t| t == 0).unwrap_or(0) as u16;
        self.manhattan[i] = self.h.start(row);
        self.steps[i] = 0;
        self.pending[i] = false;
        if let Some((puzzle, h, values)) = &mut self.conflict {
            values[i] = h.value(&h.start(&puzzle.bytes(&board)));
        }
        distance.map_or(-1, i32::from)
    }

    fn write_mask(&self, i: usize, masks: &mut [bool]) {
        let blank = usize::from(self.blanks[i]);
        for action in 0..4 {
            masks[i * 4 + action] = self.next[blank * 4 + self.blank_way[action]] >= 0;
        }
    }

    /// Steps every board by its action (0 up, 1 down, 2 left, 3 right, in the convention's
    /// sense), writing the boards in place and the rest to `out`. Every action is checked
    /// before any board moves: a refused step changes nothing.
    pub fn step(
        &mut self,
        actions: &[i64],
        boards: &mut [u8],
        mut out: StepOut<'_>,
    ) -> Result<(), EnvError> {
        self.check(actions)?;
        for (i, &action) in actions.iter().enumerate() {
            if self.pending[i] {
                out.distances[i] = self.deal(i, boards)?;
                (out.rewards[i], out.terminated[i], out.truncated[i]) = (0.0, false, false);
            } else {
                self.play(i, action as usize, boards, &mut out)?;
            }
            self.write_mask(i, out.masks);
        }
        Ok(())
    }

    /// Refuses an action that is not 0 to 3, or (with [`Illegal::Error`]) one off its board.
    fn check(&self, actions: &[i64]) -> Result<(), EnvError> {
        for (i, &action) in actions.iter().enumerate() {
            let Some(way) = usize::try_from(action).ok().filter(|&a| a < 4) else {
                return Err(EnvError::Action { board: i, action });
            };
            let blank = usize::from(self.blanks[i]);
            let off = self.next[blank * 4 + self.blank_way[way]] < 0;
            if off && !self.pending[i] && self.config.illegal == Illegal::Error {
                return Err(EnvError::Illegal {
                    board: i,
                    action: way,
                });
            }
        }
        Ok(())
    }

    /// One board's step, with what its end does in the autoreset mode.
    fn play(
        &mut self,
        i: usize,
        action: usize,
        boards: &mut [u8],
        out: &mut StepOut<'_>,
    ) -> Result<(), EnvError> {
        let reward = self.slide(i, action, boards) - self.config.step_cost;
        self.steps[i] += 1;
        let solved = self.manhattan[i] == 0;
        let limit = self.config.max_steps;
        let truncated = !solved && limit > 0 && self.steps[i] >= limit;
        out.rewards[i] = reward
            + if solved {
                self.config.solved_reward
            } else {
                0.0
            };
        (out.terminated[i], out.truncated[i]) = (solved, truncated);
        if let Some((_, flags)) = &mut out.finals {
            flags[i] = false;
        }
        if !(solved || truncated) {
            return Ok(());
        }
        match self.config.autoreset {
            Autoreset::NextStep => self.pending[i] = true,
            Autoreset::SameStep => {
                if let Some((finals, flags)) = &mut out.finals {
                    let row = i * self.cells..(i + 1) * self.cells;
                    finals[row.clone()].copy_from_slice(&boards[row]);
                    flags[i] = true;
                }
                out.distances[i] = self.deal(i, boards)?;
            }
            Autoreset::Disabled => {}
        }
        Ok(())
    }

    /// Slides board `i` by `action`: the reward before the step cost and the solved reward.
    fn slide(&mut self, i: usize, action: usize, boards: &mut [u8]) -> f32 {
        let blank = usize::from(self.blanks[i]);
        let to = self.next[blank * 4 + self.blank_way[action]];
        let Ok(to) = usize::try_from(to) else {
            // With `Illegal::Error`, refused before the step began.
            return match self.config.illegal {
                Illegal::NoOp(penalty) => -penalty,
                Illegal::Error => 0.0,
            };
        };
        let row = &mut boards[i * self.cells..(i + 1) * self.cells];
        let tile = row[to];
        row.swap(blank, to);
        self.blanks[i] = to as u16;
        let before = self.manhattan[i];
        // The tile slid from cell `to` into the blank's cell.
        self.manhattan[i] = self.h.moved(&before, row, tile, to, blank);
        match self.config.reward {
            Reward::Sparse => 0.0,
            Reward::Manhattan => before as f32 - self.manhattan[i] as f32,
            Reward::LinearConflict => self.conflict_fall(i, row),
        }
    }

    /// The fall of linear conflict's value on board `i`, now `row`.
    fn conflict_fall(&mut self, i: usize, row: &[u8]) -> f32 {
        let Some((_, h, values)) = &mut self.conflict else {
            return 0.0;
        };
        let now = h.value(&h.start(row));
        let fall = values[i] as f32 - now as f32;
        values[i] = now;
        fall
    }
}

/// The blank's neighbour in each direction (up, down, left, right) of every cell, −1 off the
/// board.
fn neighbours(size: Size) -> Vec<i16> {
    let (width, height) = (size.width(), size.height());
    let mut next = Vec::with_capacity(size.cells() * 4);
    for cell in 0..size.cells() {
        let (row, column) = (cell / width, cell % width);
        let cell = cell as i16;
        let width = width as i16;
        next.push(if row > 0 { cell - width } else { -1 });
        next.push(if row + 1 < height { cell + width } else { -1 });
        next.push(if column > 0 { cell - 1 } else { -1 });
        next.push(if column + 1 < size.width() {
            cell + 1
        } else {
            -1
        });
    }
    next
}
