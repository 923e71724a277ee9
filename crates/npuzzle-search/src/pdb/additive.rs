//! Disjoint pattern databases added up, and their mirror lookup, as a heuristic.

use super::database::PatternDb;
use crate::heuristic::Heuristic;
use crate::puzzle::Puzzle;

/// The most cells the additive heuristic's state holds (8×8).
pub const MAX_HEURISTIC_CELLS: usize = 64;
/// The most patterns in one partition.
pub const MAX_PATTERNS: usize = 16;

/// The sum of disjoint pattern databases, and the same sum on the board reflected about its main
/// diagonal (where the goal allows): the larger of the two.
///
/// Each database counts only the moves of its own tiles, so the sum never overestimates
/// (Korf & Felner 2002). Reflecting the position and its tiles gives a position with the same
/// distance to the goal, so its sum is a second admissible bound for free.
///
/// ```
/// use npuzzle_core::{Goal, Size};
/// use npuzzle_search::{Puzzle, heuristic::Heuristic, pdb};
/// let puzzle = Puzzle::new(&Goal::BlankLast.board(Size::square(3).unwrap()).unwrap()).unwrap();
/// let h = pdb::build_partition(&puzzle, &"1,2,3,4/5,6,7,8".parse().unwrap(), &mut |_, _, _| {}).unwrap();
/// let board = "8 6 7/2 5 4/3 0 1".parse().unwrap();
/// assert!(h.value(&h.start(&puzzle.bytes(&board))) <= 31); // its optimum is 31
/// ```
#[derive(Clone, Debug)]
pub struct AdditivePdb {
    dbs: Vec<PatternDb>,
    /// For each tile, the database it belongs to and its index in that pattern (`u8::MAX`: none).
    owner: Vec<(u8, u8)>,
    /// The reflection, when the board is square and the goal's blank is on the diagonal:
    /// the reflected cell of each cell, and the tile that takes each tile's place.
    mirror: Option<(Vec<u8>, Vec<u8>)>,
}

/// Where every tile is, and for each database the rank of its tiles' placement and its excess
/// over their Manhattan distance, for the position and its reflection; the two sums.
///
/// The ranks are kept from move to move ([`super::Pattern::slide`]) instead of computed again:
/// a child's lookup then costs a few additions before its read of memory.
#[derive(Clone, Copy, Debug)]
pub struct PdbState {
    position: [u8; MAX_HEURISTIC_CELLS],
    ranks: [u32; MAX_PATTERNS],
    mirrored_ranks: [u32; MAX_PATTERNS],
    excess: [u8; MAX_PATTERNS],
    mirrored_excess: [u8; MAX_PATTERNS],
    sum: u32,
    mirrored_sum: u32,
}

/// A database's lookup for one position: the placement's rank, its excess, its value.
struct Looked {
    rank: u32,
    excess: u8,
    value: u32,
}

impl AdditivePdb {
    /// The heuristic of `dbs` (disjoint patterns) on `puzzle`.
    pub fn new(puzzle: &Puzzle, dbs: Vec<PatternDb>) -> AdditivePdb {
        let n = puzzle.cells();
        let mut owner = vec![(u8::MAX, u8::MAX); n];
        for (d, db) in dbs.iter().enumerate() {
            for (i, &t) in db.pattern().tiles().iter().enumerate() {
                owner[t as usize] = (d as u8, i as u8);
            }
        }
        let size = puzzle.size();
        let transpose = |c: usize| {
            let (r, col) = size.coords(c);
            (col * size.width() + r) as u8
        };
        let target = puzzle.target();
        let goal = puzzle.goal_cells();
        let mirror = (size.width() == size.height() && transpose(target[0] as usize) == target[0])
            .then(|| {
                let cells: Vec<u8> = (0..n).map(transpose).collect();
                let tiles: Vec<u8> = (0..n)
                    .map(|t| goal[cells[target[t] as usize] as usize])
                    .collect();
                (cells, tiles)
            });
        AdditivePdb { dbs, owner, mirror }
    }

    /// The databases.
    pub fn databases(&self) -> &[PatternDb] {
        &self.dbs
    }

    /// Whether the mirror lookup is used.
    pub fn mirrored(&self) -> bool {
        self.mirror.is_some()
    }

    /// Database `d`'s lookup of the placement `at` with the blank on `blank`.
    fn look_up(&self, d: usize, at: impl Iterator<Item = u8> + Clone, blank: u8) -> Looked {
        let db = &self.dbs[d];
        let rank = db.pattern().rank(at.clone());
        let occupied = || at.clone().fold(0, |bits, cell| bits | 1u64 << cell);
        let excess = db.excess(rank, occupied, blank);
        Looked {
            rank: rank as u32,
            excess,
            value: u32::from(db.manhattan(at.clone())) + 2 * u32::from(excess),
        }
    }

    /// The cells of database `d`'s tiles in `position`, in pattern order.
    fn placement<'a>(
        &'a self,
        d: usize,
        position: &'a [u8; MAX_HEURISTIC_CELLS],
    ) -> impl Iterator<Item = u8> + Clone + 'a {
        let tiles = self.dbs[d].pattern().tiles().iter();
        tiles.map(|&t| position[t as usize])
    }

    /// The cells of database `d`'s tiles in the reflection (`mirror`) of `position`.
    fn mirrored_placement<'a>(
        &'a self,
        d: usize,
        (cells, tiles): &'a (Vec<u8>, Vec<u8>),
        position: &'a [u8; MAX_HEURISTIC_CELLS],
    ) -> impl Iterator<Item = u8> + Clone + 'a {
        let pattern = self.dbs[d].pattern().tiles().iter();
        pattern.map(|&t| cells[position[tiles[t as usize] as usize] as usize])
    }

    /// The index in database `d`'s pattern of `tile` (`u8::MAX`: another database's, or none).
    #[inline]
    fn index_in(&self, d: usize, tile: u8) -> u8 {
        match self.owner[tile as usize] {
            (owner, i) if owner as usize == d => i,
            _ => u8::MAX,
        }
    }

    /// `state` with `tile` moved from `from` to `to` (the blank the other way), its sums not
    /// yet updated.
    #[inline]
    fn slid(state: &PdbState, tile: u8, from: usize, to: usize) -> PdbState {
        let mut next = *state;
        next.position[tile as usize] = to as u8;
        next.position[0] = from as u8;
        next
    }

    /// Updates the sum after `tile` moved from `from` to `to` on the board `cells`: its
    /// database's rank slid, its entry read again.
    #[inline]
    fn update(&self, next: &mut PdbState, cells: &[u8], tile: u8, from: usize, to: usize) {
        let (d, i) = self.owner[tile as usize];
        if d == u8::MAX {
            return;
        }
        let (d, i) = (d as usize, i as usize);
        let db = &self.dbs[d];
        let index_at = |cell: usize| self.index_in(d, cells[cell]);
        let rank = (db.pattern()).slide(u64::from(next.ranks[d]), i, from, to, index_at);
        let position = &next.position;
        let occupied = || (self.placement(d, position)).fold(0, |bits, c| bits | 1u64 << c);
        let excess = db.excess(rank, occupied, position[0]);
        next.sum = (next.sum as i32
            + db.manhattan_step(i, from, to)
            + 2 * (i32::from(excess) - i32::from(next.excess[d]))) as u32;
        next.ranks[d] = rank as u32;
        next.excess[d] = excess;
    }

    /// Updates the mirrored sum after `tile` moved from `from` to `to` on the board `cells`: in
    /// the reflection, its mirror tile moved between the reflected cells.
    #[inline]
    fn update_mirrored(&self, next: &mut PdbState, cells: &[u8], tile: u8, from: usize, to: usize) {
        let Some(reflection @ (mirror, tiles)) = &self.mirror else {
            return;
        };
        let (d, i) = self.owner[tiles[tile as usize] as usize];
        if d == u8::MAX {
            return;
        }
        let (d, i) = (d as usize, i as usize);
        let db = &self.dbs[d];
        let (from, to) = (mirror[from] as usize, mirror[to] as usize);
        let index_at = |cell: usize| self.index_in(d, tiles[cells[mirror[cell] as usize] as usize]);
        let rank = (db.pattern()).slide(u64::from(next.mirrored_ranks[d]), i, from, to, index_at);
        let position = &next.position;
        let occupied = || {
            (self.mirrored_placement(d, reflection, position)).fold(0, |bits, c| bits | 1u64 << c)
        };
        let excess = db.excess(rank, occupied, mirror[position[0] as usize]);
        next.mirrored_sum = (next.mirrored_sum as i32
            + db.manhattan_step(i, from, to)
            + 2 * (i32::from(excess) - i32::from(next.mirrored_excess[d])))
            as u32;
        next.mirrored_ranks[d] = rank as u32;
        next.mirrored_excess[d] = excess;
    }
}

impl Heuristic for AdditivePdb {
    type State = PdbState;

    fn kind(&self) -> Option<crate::method::HeuristicKind> {
        Some(crate::method::HeuristicKind::Pdb)
    }

    fn start(&self, cells: &[u8]) -> PdbState {
        let mut state = PdbState {
            position: [0; MAX_HEURISTIC_CELLS],
            ranks: [0; MAX_PATTERNS],
            mirrored_ranks: [0; MAX_PATTERNS],
            excess: [0; MAX_PATTERNS],
            mirrored_excess: [0; MAX_PATTERNS],
            sum: 0,
            mirrored_sum: 0,
        };
        for (cell, &tile) in cells.iter().enumerate() {
            state.position[tile as usize] = cell as u8;
        }
        let position = &state.position;
        for d in 0..self.dbs.len() {
            let plain = self.look_up(d, self.placement(d, position), position[0]);
            (state.ranks[d], state.excess[d]) = (plain.rank, plain.excess);
            state.sum += plain.value;
            if let Some(reflection @ (mirror, _)) = &self.mirror {
                let blank = mirror[position[0] as usize];
                let at = self.mirrored_placement(d, reflection, position);
                let mirrored = self.look_up(d, at, blank);
                (state.mirrored_ranks[d], state.mirrored_excess[d]) =
                    (mirrored.rank, mirrored.excess);
                state.mirrored_sum += mirrored.value;
            }
        }
        state
    }

    #[inline]
    fn value(&self, state: &PdbState) -> u32 {
        state.sum.max(state.mirrored_sum)
    }

    #[inline]
    fn moved(&self, state: &PdbState, cells: &[u8], tile: u8, from: usize, to: usize) -> PdbState {
        let mut next = Self::slid(state, tile, from, to);
        self.update(&mut next, cells, tile, from, to);
        self.update_mirrored(&mut next, cells, tile, from, to);
        next
    }

    /// The sum and the mirrored sum are looked up one after the other, the one that was larger
    /// before the move first (the likelier to exceed the budget), the other only if it does not.
    #[inline]
    fn moved_within(
        &self,
        state: &PdbState,
        cells: &[u8],
        tile: u8,
        from: usize,
        to: usize,
        budget: u32,
    ) -> Result<PdbState, u32> {
        let mut next = Self::slid(state, tile, from, to);
        if state.mirrored_sum > state.sum {
            self.update_mirrored(&mut next, cells, tile, from, to);
            if next.mirrored_sum > budget {
                return Err(next.mirrored_sum);
            }
            self.update(&mut next, cells, tile, from, to);
        } else {
            self.update(&mut next, cells, tile, from, to);
            if next.sum > budget {
                return Err(next.sum);
            }
            self.update_mirrored(&mut next, cells, tile, from, to);
        }
        match next.sum.max(next.mirrored_sum) {
            value if value > budget => Err(value),
            _ => Ok(next),
        }
    }

    fn consistent(&self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use npuzzle_core::{Generator, Goal};

    /// Kept from move to move over a long random walk, the ranks, excesses and both sums are
    /// those of each position looked up afresh: on plain and zero-aware databases, with the
    /// reflection and without (a board that is not square), with rows of 4 and 5 cells.
    #[test]
    fn the_kept_ranks_are_those_looked_up_afresh() {
        let boards = [
            ("4", "1,2,5,6,9/3,4,7,8/10,11,12,13,14,15"),
            ("4", "z:1,2,5,6/3,4,7,8/9,10,13,14/11,12,15"),
            (
                "5",
                "z:1,2,3/4,5,6/7,8,9/10,11,12/13,14,15/16,17,18/19,20,21/22,23,24",
            ),
            ("3x4", "z:1,2,3,4/5,6,7,8/9,10,11"),
        ];
        for (size, partition) in boards {
            let goal = Goal::BlankFirst.board(size.parse().unwrap()).unwrap();
            let puzzle = Puzzle::new(&goal).unwrap();
            let partition = partition.parse().unwrap();
            let h = super::super::build_partition(&puzzle, &partition, &mut |_, _, _| {}).unwrap();
            assert_eq!(h.mirrored(), size != "3x4");
            let (_, moves) = Generator::new(5).random_walk(&goal, 2000);
            let (mut board, mut state) = (goal.clone(), h.start(&puzzle.bytes(&goal)));
            for m in moves {
                let blank = board.blank();
                board.apply(m).unwrap();
                let cells = puzzle.bytes(&board);
                let (from, tile) = (board.blank(), cells[blank]);
                state = h.moved(&state, &cells, tile, from, blank);
                let fresh = h.start(&cells);
                assert_eq!(
                    (state.ranks, state.excess, state.sum),
                    (fresh.ranks, fresh.excess, fresh.sum)
                );
                assert_eq!(
                    (state.mirrored_ranks, state.mirrored_excess),
                    (fresh.mirrored_ranks, fresh.mirrored_excess)
                );
                assert_eq!(state.mirrored_sum, fresh.mirrored_sum, "{size} {partition}");
            }
        }
    }

    /// Looked up lazily, the sum and its mirror agree with the whole lookup: the same state
    /// within the budget, and past it a value above the budget that the whole value is at least.
    #[test]
    fn the_lazy_lookup_agrees_with_the_whole_one() {
        let goal = Goal::BlankLast.board("4".parse().unwrap()).unwrap();
        let puzzle = Puzzle::new(&goal).unwrap();
        let partition = "1,2,3,4,5/6,7,8,9,10/11,12,13,14,15".parse().unwrap();
        let h = super::super::build_partition(&puzzle, &partition, &mut |_, _, _| {}).unwrap();
        assert!(h.mirrored());
        let mut generator = Generator::new(9);
        let (mut cut_short, mut whole) = (0, 0);
        for _ in 0..200 {
            let (mut board, _) = generator.random_walk(&goal, 60);
            let state = h.start(&puzzle.bytes(&board));
            for m in board.legal_moves().collect::<Vec<_>>() {
                let blank = board.blank();
                board.apply(m).unwrap();
                let cells = puzzle.bytes(&board);
                let (from, tile) = (board.blank(), cells[blank]);
                let full = h.moved(&state, &cells, tile, from, blank);
                let value = h.value(&full);
                for budget in value.saturating_sub(6)..value + 3 {
                    match h.moved_within(&state, &cells, tile, from, blank, budget) {
                        Ok(lazy) => {
                            assert!(value <= budget);
                            assert_eq!(h.value(&lazy), value);
                            whole += 1;
                        }
                        Err(partial) => {
                            assert!(budget < partial && partial <= value);
                            cut_short += u32::from(partial < value);
                        }
                    }
                }
                board.apply(m.opposite()).unwrap();
            }
        }
        assert!(
            cut_short > 0 && whole > 0,
            "{cut_short} cut short, {whole} whole"
        );
    }
}
