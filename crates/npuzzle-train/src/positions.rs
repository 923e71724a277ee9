//! The positions training learns from: random walks back from the goal, of every length up to
//! past where the test sets' positions are, and uniformly random positions.

use npuzzle_core::{Board, Generator};
use npuzzle_search::Puzzle;
use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Draws training positions toward one goal.
///
/// ```
/// use npuzzle_core::Goal;
/// use npuzzle_search::Puzzle;
/// use npuzzle_train::positions::Sampler;
/// let puzzle = Puzzle::new(&Goal::BlankLast.board("4".parse().unwrap()).unwrap()).unwrap();
/// let mut sampler = Sampler::new(&puzzle, 7, 100, 0.25);
/// let rows = sampler.draw(10);
/// assert_eq!(rows.len(), 10 * 16);
/// ```
pub struct Sampler<'a> {
    puzzle: &'a Puzzle,
    goal: Board,
    rng: ChaCha8Rng,
    max_walk: usize,
    uniform_share: f64,
}

impl<'a> Sampler<'a> {
    /// Positions toward `puzzle`'s goal, drawn from `seed`: a share `uniform_share` uniformly
    /// random, the rest random walks from the goal of a length uniform in `0..=max_walk`.
    pub fn new(puzzle: &'a Puzzle, seed: u64, max_walk: usize, uniform_share: f64) -> Sampler<'a> {
        Sampler {
            puzzle,
            goal: puzzle.goal().clone(),
            rng: ChaCha8Rng::seed_from_u64(seed),
            max_walk,
            uniform_share,
        }
    }

    /// `count` positions, one after another (cells bytes, 0 the blank).
    pub fn draw(&mut self, count: usize) -> Vec<u8> {
        let n = self.puzzle.cells();
        let mut rows = Vec::with_capacity(count * n);
        for _ in 0..count {
            if self.rng.random_bool(self.uniform_share) {
                let board = Generator::new(self.rng.next_u64()).random_position(&self.goal);
                rows.extend(self.puzzle.bytes(&board));
            } else {
                let length = self.rng.random_range(0..=self.max_walk);
                rows.extend(self.walk(length));
            }
        }
        rows
    }

    /// A walk of `length` moves from the goal, never undoing the move just made.
    fn walk(&mut self, length: usize) -> Vec<u8> {
        let mut cells = self.puzzle.goal_cells().to_vec();
        let mut blank = cells.iter().position(|&t| t == 0).unwrap_or(0);
        let mut came_from = usize::MAX;
        for _ in 0..length {
            let choices = self.puzzle.neighbours(blank);
            let open = choices.iter().filter(|&&(s, _)| s as usize != came_from);
            let count = open.clone().count();
            let Some(&(source, _)) = open.clone().nth(self.rng.random_range(0..count.max(1)))
            else {
                break;
            };
            let source = source as usize;
            cells.swap(source, blank);
            came_from = blank;
            blank = source;
        }
        cells
    }
}
