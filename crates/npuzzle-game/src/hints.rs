//! Graded hints: each press of Hint at the same position says more. First the distance to go,
//! then every tile whose move keeps the optimum, then one move. Every grade marks the game
//! assisted, as a hint always has. The front ends find the optimal moves (the library's
//! `analysis::optimal_moves`); this module keeps which grade comes next.

use npuzzle_core::{Board, Move};

/// What one press of Hint says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hinted {
    /// The first grade: the distance to go, optimally.
    Distance(usize),
    /// The second: every tile whose move keeps the optimum.
    Tiles {
        /// The tiles, in the order of their moves (up, down, left, right).
        tiles: Vec<u32>,
        /// The distance to go.
        distance: usize,
    },
    /// The third: one optimal move, as the tile it slides.
    Move {
        /// The tile.
        tile: u32,
        /// The distance to go.
        distance: usize,
    },
}

impl Hinted {
    /// The tiles the board marks for it (none for the distance alone).
    pub fn marked(&self) -> Vec<u32> {
        match self {
            Hinted::Distance(_) => Vec::new(),
            Hinted::Tiles { tiles, .. } => tiles.clone(),
            Hinted::Move { tile, .. } => vec![*tile],
        }
    }
}

/// The grades given at one position.
///
/// ```
/// use npuzzle_core::Move::Up;
/// use npuzzle_game::hints::{Grades, Hinted};
/// let board = "1 2 3/4 0 6/7 5 8".parse().unwrap();
/// let mut grades = Grades::new(&board, 2, &[Up]);
/// assert_eq!(grades.next(), Hinted::Distance(2));
/// assert_eq!(grades.next(), Hinted::Tiles { tiles: vec![5], distance: 2 });
/// assert_eq!(grades.next(), Hinted::Move { tile: 5, distance: 2 });
/// assert_eq!(grades.next(), Hinted::Move { tile: 5, distance: 2 }, "the last grade stays");
/// assert!(grades.is_at(&board));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grades {
    position: Board,
    distance: usize,
    tiles: Vec<u32>,
    given: u8,
}

impl Grades {
    /// The grades of `position`, `distance` moves from the goal, whose optimal moves are
    /// `optimal` (none on the goal itself).
    pub fn new(position: &Board, distance: usize, optimal: &[Move]) -> Grades {
        let tiles = optimal
            .iter()
            .filter_map(|&m| position.source(m).map(|cell| position.cells()[cell]))
            .collect();
        Grades {
            position: position.clone(),
            distance,
            tiles,
            given: 0,
        }
    }

    /// Whether these are the grades of `board` (a move makes them stale).
    pub fn is_at(&self, board: &Board) -> bool {
        &self.position == board
    }

    /// The next grade (the last one again once all three are given). On the goal, the
    /// distance 0 and no tile.
    #[allow(clippy::should_implement_trait)] // never ends: not an iterator
    pub fn next(&mut self) -> Hinted {
        self.given = (self.given + 1).min(3);
        let distance = self.distance;
        match (self.given, self.tiles.first()) {
            (1, _) | (_, None) => Hinted::Distance(distance),
            (2, _) => Hinted::Tiles {
                tiles: self.tiles.clone(),
                distance,
            },
            (_, Some(&tile)) => Hinted::Move { tile, distance },
        }
    }
}
