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

    fn value_of(&self, d: usize, position: &[u8; MAX_HEURISTIC_CELLS]) -> u8 {
        let db = &self.dbs[d];
        db.value(db.pattern().tiles().iter().map(|&t| position[t as usize]))
    }

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
        )
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
        let mut next = *state;
        next.position[tile as usize] = to as u8;
        next.position[0] = from as u8;
        let (d, _) = self.owner[tile as usize];
        if d != u8::MAX {
            let d = d as usize;
            let value = self.value_of(d, &next.position);
            next.sum = next.sum + u32::from(value) - u32::from(next.values[d]);
            next.values[d] = value;
        }
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
        next
    }

    fn consistent(&self) -> bool {
        false
    }
}
