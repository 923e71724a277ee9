//! Complete distance tables for small boards: every position's exact distance to the goal.

use npuzzle_core::{Board, Move};

use super::observe::{Event, Observer, Quiet};
use super::{Method, same_goal};
use crate::error::SolveError;
use crate::limits::{Budget, Limit, Limits};
use crate::method::Algorithm;
use crate::solution::{self, Solution};
use crate::start::Start;
use crate::stats::Stats;
use npuzzle_heuristic::Puzzle;

/// The largest board a table is built for (12 cells: 239,500,800 entries of a byte).
pub const MAX_TABLE_CELLS: usize = 12;

const UNSEEN: u8 = u8::MAX;

/// The distance from every solvable position to the goal, found by breadth-first search from the
/// goal over all `cells!/2` positions (the seed toy's "whole tree from the goal", in a flat array).
///
/// Positions are indexed by a perfect hash: the rank of where the blank and all tiles but the
/// last two stand, as a partial permutation. The last two tiles' order is fixed by solvability,
/// so the index space is exactly the reachable half. 181,440 entries for 3×3, built in
/// milliseconds; 2×5, 3×4 and 4×3 (239.5 million) on request.
///
/// Any position is then solved optimally by stepping to a neighbour one move closer.
///
/// ```
/// use npuzzle_core::Goal;
/// use npuzzle_search::{algorithm::Method, DistanceTable, Limits, Puzzle, Start};
/// let goal = Goal::BlankLast.board("3".parse().unwrap()).unwrap();
/// let table = DistanceTable::build(&Puzzle::new(&goal).unwrap(), Limits::default()).unwrap();
/// assert_eq!(table.layer_counts().iter().sum::<u64>(), 181_440);
/// assert_eq!(table.layer_counts().len(), 32); // the deepest positions are 31 moves away
/// let start = Start::new("8 6 7/2 5 4/3 0 1".parse().unwrap(), goal).unwrap();
/// let solution = table.run(&start, &Limits::default()).unwrap();
/// assert_eq!(solution.moves.len(), 31);
/// assert!(solution.optimal);
/// ```
#[derive(Clone, Debug)]
pub struct DistanceTable {
    puzzle: Puzzle,
    /// Label of each tile: the blank is label 0, the other tiles follow in goal order.
    label: Vec<u8>,
    /// Goal cell of each label.
    goal_cell: Vec<u8>,
    /// `factor[i]`: how many indices one step of label `i`'s rank is worth.
    factor: Vec<u64>,
    distance: Vec<u8>,
    layers: Vec<u64>,
}

impl DistanceTable {
    /// Builds the table for `puzzle`'s size and goal by breadth-first search. Refused for boards
    /// over [`MAX_TABLE_CELLS`] cells, or when the table would break `limits.max_memory`.
    ///
    /// ```
    /// use npuzzle_core::Goal;
    /// use npuzzle_search::{DistanceTable, Limits, Puzzle, SolveError};
    /// let goal = Goal::BlankLast.board("3x4".parse().unwrap()).unwrap();
    /// let small = Limits::default().memory(1 << 20);
    /// let refused = DistanceTable::build(&Puzzle::new(&goal).unwrap(), small);
    /// assert!(matches!(refused, Err(SolveError::LimitReached { .. })));
    /// ```
    pub fn build(puzzle: &Puzzle, limits: Limits) -> Result<DistanceTable, SolveError> {
        DistanceTable::build_watched(puzzle, limits, &mut Quiet)
    }

    /// [`DistanceTable::build`], each layer of the breadth-first search reported to `observer`
    /// as it is done ([`Event::Layer`]: its depth and how many positions it holds).
    ///
    /// ```
    /// use npuzzle_core::Goal;
    /// use npuzzle_search::{DistanceTable, Limits, Puzzle};
    /// use npuzzle_search::algorithm::observe::{Event, Watcher};
    /// let goal = Goal::BlankLast.board("2x3".parse().unwrap()).unwrap();
    /// let mut layers = Vec::new();
    /// let mut watch = |e: &Event<'_>| if let Event::Layer { positions, .. } = e { layers.push(*positions) };
    /// let table = DistanceTable::build_watched(&Puzzle::new(&goal).unwrap(), Limits::default(), &mut Watcher(&mut watch)).unwrap();
    /// assert_eq!(layers, table.layer_counts());
    /// ```
    pub fn build_watched<O: Observer>(
        puzzle: &Puzzle,
        limits: Limits,
        observer: &mut O,
    ) -> Result<DistanceTable, SolveError> {
        let n = puzzle.cells();
        if n > MAX_TABLE_CELLS {
            return Err(SolveError::TooLarge {
                size: puzzle.size(),
                max_cells: MAX_TABLE_CELLS,
            });
        }
        let states: u64 = (3..=n as u64).product();
        if let Some(max) = limits.max_memory
            && states > max
        {
            return Err(SolveError::LimitReached {
                limit: Limit::Memory(max),
                stats: Stats::default(),
            });
        }
        let goal = puzzle.goal_cells();
        let blank_goal = goal.iter().position(|&t| t == 0).unwrap_or(0);
        let mut goal_cell = vec![blank_goal as u8];
        goal_cell.extend((0..n).filter(|&c| c != blank_goal).map(|c| c as u8));
        let mut label = vec![0u8; n];
        for (l, &cell) in goal_cell.iter().enumerate() {
            label[goal[cell as usize] as usize] = l as u8;
        }
        // factor[i] = (n-1-i)! / 2: the ways to place the labels after i, the last two fixed.
        let factor = (0..n.saturating_sub(2))
            .map(|i| (3..=(n - 1 - i) as u64).product::<u64>())
            .collect();
        let mut table = DistanceTable {
            puzzle: puzzle.clone(),
            label,
            goal_cell,
            factor,
            distance: vec![UNSEEN; states as usize],
            layers: Vec::new(),
        };
        table.search(Budget::new(limits), observer)?;
        Ok(table)
    }

    /// Breadth-first search, one layer at a time, scanning the table for the current layer.
    fn search<O: Observer>(
        &mut self,
        mut budget: Budget,
        observer: &mut O,
    ) -> Result<(), SolveError> {
        let n = self.puzzle.cells();
        let start = self.rank(&self.goal_cell.clone());
        self.distance[start as usize] = 0;
        self.layers.push(1);
        if O::WATCHING {
            observer.event(&Event::Layer {
                depth: 0,
                positions: 1,
            });
        }
        let mut stats = Stats {
            peak_memory: self.distance.len() as u64,
            ..Stats::default()
        };
        let mut cells = vec![0u8; n];
        let mut at = vec![0u8; n];
        for depth in 0u8.. {
            let mut found = 0;
            for index in 0..self.distance.len() {
                if self.distance[index] != depth {
                    continue;
                }
                self.unrank(index as u64, &mut at);
                for (l, &cell) in at.iter().enumerate() {
                    cells[cell as usize] = l as u8;
                }
                let blank = at[0] as usize;
                stats.expanded += 1;
                within(&mut budget, &stats)?;
                for &(source, _) in self.puzzle.neighbours(blank) {
                    let moved = cells[source as usize];
                    at[0] = source;
                    at[moved as usize] = blank as u8;
                    let next = self.rank(&at) as usize;
                    at[0] = blank as u8;
                    at[moved as usize] = source;
                    if self.distance[next] == UNSEEN {
                        self.distance[next] = depth + 1;
                        found += 1;
                    }
                }
            }
            if found == 0 {
                break;
            }
            self.layers.push(found);
            if O::WATCHING {
                let depth = u32::from(depth) + 1;
                observer.event(&Event::Layer {
                    depth,
                    positions: found,
                });
            }
        }
        Ok(())
    }

    /// The index of the position where label `l` stands on cell `at[l]`.
    fn rank(&self, at: &[u8]) -> u64 {
        let mut used = 0u32;
        let mut index = 0;
        for (i, &factor) in self.factor.iter().enumerate() {
            let cell = at[i] as u32;
            let smaller_free = cell - (used & ((1 << cell) - 1)).count_ones();
            index += u64::from(smaller_free) * factor;
            used |= 1 << cell;
        }
        index
    }

    /// The position at `index`, as the cell of each label, with the last two labels placed so
    /// that the position is solvable.
    fn unrank(&self, mut index: u64, at: &mut [u8]) {
        let n = at.len();
        let mut free: u32 = (1 << n) - 1;
        for (i, &factor) in self.factor.iter().enumerate() {
            let k = (index / factor) as u32;
            index %= factor;
            let cell = nth_set_bit(free, k);
            at[i] = cell as u8;
            free &= !(1 << cell);
        }
        let first = free.trailing_zeros() as u8;
        let second = (31 - free.leading_zeros()) as u8;
        at[n - 2] = first;
        at[n - 1] = second;
        if !self.solvable(at) {
            at.swap(n - 2, n - 1);
        }
    }

    /// Whether the labels' cells `at` form a position that reaches the goal.
    fn solvable(&self, at: &[u8]) -> bool {
        let width = self.puzzle.size().width();
        let (b, g) = (at[0] as usize, self.goal_cell[0] as usize);
        let distance = (b / width).abs_diff(g / width) + (b % width).abs_diff(g % width);
        odd(at) ^ odd(&self.goal_cell) == (distance % 2 == 1)
    }

    /// The number of positions at each distance from the goal.
    ///
    /// ```
    /// use npuzzle_core::Goal;
    /// use npuzzle_search::{DistanceTable, Limits, Puzzle};
    /// let goal = Goal::BlankLast.board("2".parse().unwrap()).unwrap();
    /// let table = DistanceTable::build(&Puzzle::new(&goal).unwrap(), Limits::default()).unwrap();
    /// assert_eq!(table.layer_counts(), [1, 2, 2, 2, 2, 2, 1]); // 12 positions, 6 moves deep
    /// ```
    pub fn layer_counts(&self) -> &[u64] {
        &self.layers
    }

    /// The table's board and goal.
    ///
    /// ```
    /// use npuzzle_core::Goal;
    /// use npuzzle_search::{DistanceTable, Limits, Puzzle};
    /// let goal = Goal::Snake.board("2x3".parse().unwrap()).unwrap();
    /// let table = DistanceTable::build(&Puzzle::new(&goal).unwrap(), Limits::default()).unwrap();
    /// assert_eq!(table.puzzle().goal(), &goal);
    /// ```
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    fn index_of(&self, cells: &[u8]) -> u64 {
        let mut at = vec![0u8; cells.len()];
        for (cell, &tile) in cells.iter().enumerate() {
            at[self.label[tile as usize] as usize] = cell as u8;
        }
        self.rank(&at)
    }

    /// The exact distance of `start` to the goal (refused if it was checked against another
    /// goal).
    ///
    /// ```
    /// use npuzzle_core::Goal;
    /// use npuzzle_search::{DistanceTable, Limits, Puzzle, Start};
    /// let goal = Goal::BlankLast.board("3".parse().unwrap()).unwrap();
    /// let table = DistanceTable::build(&Puzzle::new(&goal).unwrap(), Limits::default()).unwrap();
    /// let start = Start::new("1 2 3/4 5 6/0 7 8".parse().unwrap(), goal).unwrap();
    /// assert_eq!(table.distance(&start).unwrap(), 2);
    /// ```
    pub fn distance(&self, start: &Start) -> Result<u8, SolveError> {
        same_goal(&self.puzzle, start)?;
        Ok(self.distance[self.index_of(&self.puzzle.bytes(start.board())) as usize])
    }
    /// Every position at exactly `distance` moves from the goal, in index order.
    ///
    /// ```
    /// use npuzzle_core::Goal;
    /// use npuzzle_search::{DistanceTable, Limits, Puzzle};
    /// let goal = Goal::BlankLast.board("3".parse().unwrap()).unwrap();
    /// let table = DistanceTable::build(&Puzzle::new(&goal).unwrap(), Limits::default()).unwrap();
    /// let hardest: Vec<String> = table.positions_at(31).map(|b| b.to_string()).collect();
    /// assert_eq!(hardest, ["6 4 7/8 5 0/3 2 1", "8 6 7/2 5 4/3 0 1"]);
    /// ```
    pub fn positions_at(&self, distance: u8) -> impl Iterator<Item = Board> + '_ {
        self.indices_at(distance).map(|index| self.position(index))
    }

    /// The indices of every position at exactly `distance` moves from the goal, in order: a
    /// layer kept as numbers (four bytes a position, where a [`Board`] takes dozens), each made
    /// a position by [`DistanceTable::position`].
    ///
    /// ```
    /// use npuzzle_core::Goal;
    /// use npuzzle_search::{DistanceTable, Limits, Puzzle};
    /// let goal = Goal::BlankLast.board("3".parse().unwrap()).unwrap();
    /// let table = DistanceTable::build(&Puzzle::new(&goal).unwrap(), Limits::default()).unwrap();
    /// let hardest: Vec<u64> = table.indices_at(31).collect();
    /// assert_eq!(table.position(hardest[1]).to_string(), "8 6 7/2 5 4/3 0 1");
    /// ```
    pub fn indices_at(&self, distance: u8) -> impl Iterator<Item = u64> + '_ {
        self.distance
            .iter()
            .enumerate()
            .filter(move |&(_, &d)| d == distance)
            .map(|(index, _)| index as u64)
    }

    /// The position at `index` ([`DistanceTable::indices_at`]; below the table's size).
    pub fn position(&self, index: u64) -> Board {
        let n = self.puzzle.cells();
        let mut at = vec![0u8; n];
        self.unrank(index, &mut at);
        let mut cells = vec![0u8; n];
        for (l, &cell) in at.iter().enumerate() {
            cells[cell as usize] = self.puzzle.goal_cells()[self.goal_cell[l] as usize];
        }
        self.puzzle.board(&cells)
    }
}

/// Answers from the table: at each step, a move to a position one closer.
impl Method for DistanceTable {
    fn run(&self, start: &Start, limits: &Limits) -> Result<Solution, SolveError> {
        let mut budget = Budget::new(limits.clone());
        let mut remaining = self.distance(start)?;
        let board = start.board();
        let mut cells = self.puzzle.bytes(board);
        let mut blank = board.blank();
        let mut moves: Vec<Move> = Vec::with_capacity(remaining as usize);
        let mut stats = Stats::default();
        while remaining > 0 {
            stats.expanded += 1;
            within(&mut budget, &stats)?;
            let step = self.puzzle.neighbours(blank).iter().find(|&&(source, _)| {
                stats.generated += 1;
                cells.swap(blank, source as usize);
                let closer = self.distance[self.index_of(&cells) as usize] == remaining - 1;
                cells.swap(blank, source as usize);
                closer
            });
            let &(source, m) = step.ok_or_else(|| {
                SolveError::Internal("the distance table has no closer neighbour".to_string())
            })?;
            cells.swap(blank, source as usize);
            blank = source as usize;
            moves.push(m);
            remaining -= 1;
        }
        stats.elapsed = budget.elapsed();
        stats.peak_memory = self.distance.len() as u64;
        let lower_bound = moves.len() as u32;
        solution::verify(
            board,
            start.goal(),
            Solution {
                moves,
                optimal: true,
                bound: None,
                algorithm: Algorithm::Table,
                heuristic: None,
                ranking: None,
                lower_bound,
                stats,
                stopped: None,
                proof: crate::solution::Proof::Search,
            },
        )
    }
}

/// Counts a node against `budget`: a limit it breaks stops the build or the solve with the
/// statistics so far.
fn within(budget: &mut Budget, stats: &Stats) -> Result<(), SolveError> {
    budget
        .check(stats)
        .map_err(|limit| SolveError::LimitReached {
            limit,
            stats: stats.clone(),
        })
}

/// The position of the `k`-th set bit of `bits`.
fn nth_set_bit(mut bits: u32, k: u32) -> u32 {
    for _ in 0..k {
        bits &= bits - 1;
    }
    bits.trailing_zeros()
}

/// Whether a permutation (of at most 32 items) is odd, by counting cycles.
fn odd(perm: &[u8]) -> bool {
    let mut seen = 0u32;
    let mut cycles = 0;
    for start in 0..perm.len() {
        if seen & (1 << start) != 0 {
            continue;
        }
        cycles += 1;
        let mut i = start;
        while seen & (1 << i) == 0 {
            seen |= 1 << i;
            i = perm[i] as usize;
        }
    }
    (perm.len() - cycles) % 2 == 1
}
