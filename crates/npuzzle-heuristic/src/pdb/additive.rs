//! Disjoint pattern databases added up, and their mirror lookup, as a heuristic.

use super::database::PatternDb;
use crate::Heuristic;
use crate::Puzzle;

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
/// use npuzzle_heuristic::{Heuristic, Puzzle, pdb};
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

/// Where every tile is, and each database's value for the position and its reflection.
#[derive(Clone, Copy, Debug)]
pub struct PdbState {
    position: [u8; MAX_HEURISTIC_CELLS],
    values: [u8; MAX_PATTERNS],
    mirrored: [u8; MAX_PATTERNS],
    sum: u32,
    mirrored_sum: u32,
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

    #[inline]
    fn value_of(&self, d: usize, position: &[u8; MAX_HEURISTIC_CELLS]) -> u8 {
        let db = &self.dbs[d];
        db.value(
            db.pattern().tiles().iter().map(|&t| position[t as usize]),
            position[0],
        )
    }

    #[inline]
    fn mirrored_value_of(&self, d: usize, position: &[u8; MAX_HEURISTIC_CELLS]) -> u8 {
        let Some((cells, tiles)) = &self.mirror else {
            return 0;
        };
        let db = &self.dbs[d];
        db.value(
            db.pattern()
                .tiles()
                .iter()
                .map(|&t| cells[position[tiles[t as usize] as usize] as usize]),
            cells[position[0] as usize],
        )
    }
}

impl AdditivePdb {
    /// `state` with `tile` moved from `from` to `to` (the blank the other way), its values not
    /// yet updated.
    #[inline]
    fn slid(state: &PdbState, tile: u8, from: usize, to: usize) -> PdbState {
        let mut next = *state;
        next.position[tile as usize] = to as u8;
        next.position[0] = from as u8;
        next
    }

    /// Updates the sum after `tile` moved (its database's value looked up again).
    #[inline]
    fn update(&self, next: &mut PdbState, tile: u8) {
        let (d, _) = self.owner[tile as usize];
        if d != u8::MAX {
            let d = d as usize;
            let value = self.value_of(d, &next.position);
            next.sum = next.sum + u32::from(value) - u32::from(next.values[d]);
            next.values[d] = value;
        }
    }

    /// Updates the mirrored sum after `tile` moved.
    #[inline]
    fn update_mirrored(&self, next: &mut PdbState, tile: u8) {
        if let Some((_, tiles)) = &self.mirror {
            let (d, _) = self.owner[tiles[tile as usize] as usize];
            if d != u8::MAX {
                let d = d as usize;
                let value = self.mirrored_value_of(d, &next.position);
                next.mirrored_sum =
                    next.mirrored_sum + u32::from(value) - u32::from(next.mirrored[d]);
                next.mirrored[d] = value;
            }
        }
    }
}

impl Heuristic for AdditivePdb {
    type State = PdbState;

    fn kind(&self) -> Option<crate::HeuristicKind> {
        Some(crate::HeuristicKind::Pdb)
    }

    /// `pdb`, then each database's tiles and checksum (`z` before a zero-aware one's), and
    /// whether the mirror lookup is used.
    fn identity(&self) -> String {
        let mut identity = String::from("pdb");
        for db in &self.dbs {
            let tiles: Vec<String> = db.pattern().tiles().iter().map(u8::to_string).collect();
            let zero = if db.zero_aware() { "z" } else { "" };
            identity += &format!(" {zero}{}:{:08x}", tiles.join(","), db.checksum());
        }
        if self.mirrored() {
            identity += " mirrored";
        }
        identity
    }

    #[inline]
    fn start(&self, cells: &[u8]) -> PdbState {
        let mut state = PdbState {
            position: [0; MAX_HEURISTIC_CELLS],
            values: [0; MAX_PATTERNS],
            mirrored: [0; MAX_PATTERNS],
            sum: 0,
            mirrored_sum: 0,
        };
        for (cell, &tile) in cells.iter().enumerate() {
            state.position[tile as usize] = cell as u8;
        }
        for d in 0..self.dbs.len() {
            state.values[d] = self.value_of(d, &state.position);
            state.mirrored[d] = self.mirrored_value_of(d, &state.position);
        }
        state.sum = state.values.iter().map(|&v| u32::from(v)).sum();
        state.mirrored_sum = state.mirrored.iter().map(|&v| u32::from(v)).sum();
        state
    }

    #[inline]
    fn value(&self, state: &PdbState) -> u32 {
        state.sum.max(state.mirrored_sum)
    }

    #[inline]
    fn moved(&self, state: &PdbState, _: &[u8], tile: u8, from: usize, to: usize) -> PdbState {
        let mut next = Self::slid(state, tile, from, to);
        self.update(&mut next, tile);
        self.update_mirrored(&mut next, tile);
        next
    }

    /// The sum and the mirrored sum are looked up one after the other, the one that was larger
    /// before the move first (the likelier to exceed the budget), the other only if it does not.
    #[inline]
    fn moved_within(
        &self,
        state: &PdbState,
        _: &[u8],
        tile: u8,
        from: usize,
        to: usize,
        budget: u32,
    ) -> Result<PdbState, u32> {
        let mut next = Self::slid(state, tile, from, to);
        if state.mirrored_sum > state.sum {
            self.update_mirrored(&mut next, tile);
            if next.mirrored_sum > budget {
                return Err(next.mirrored_sum);
            }
            self.update(&mut next, tile);
        } else {
            self.update(&mut next, tile);
            if next.sum > budget {
                return Err(next.sum);
            }
            self.update_mirrored(&mut next, tile);
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
