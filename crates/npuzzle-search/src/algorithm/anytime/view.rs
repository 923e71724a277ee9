//! Views of one problem: the way from a position to its goal is also the way back from the goal
//! to the position, and the same way on both boards mirrored left to right. A beam goes wrong
//! in different places in each view, so the best of several short searches beats one long one.

use npuzzle_core::{Board, Move};

/// One view of the problem of bringing a position to its goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct View {
    /// Search from the goal toward the position.
    pub backward: bool,
    /// Mirror both boards left to right (each row reversed).
    pub mirrored: bool,
}

/// The views in the order they are searched: the problem itself first.
pub(crate) const VIEWS: [View; 4] = [
    View {
        backward: false,
        mirrored: false,
    },
    View::BACKWARD,
    View {
        backward: false,
        mirrored: true,
    },
    View {
        backward: true,
        mirrored: true,
    },
];

impl View {
    /// From the goal back to the position, on the board as it is.
    pub(crate) const BACKWARD: View = View {
        backward: true,
        mirrored: false,
    };

    /// The start and goal this view searches between, for the problem from `board` to `goal`.
    /// Its solutions have the lengths of the problem's.
    pub(crate) fn problem(self, board: &Board, goal: &Board) -> (Board, Board) {
        let (start, end) = if self.backward {
            (goal, board)
        } else {
            (board, goal)
        };
        if self.mirrored {
            (mirror(start), mirror(end))
        } else {
            (start.clone(), end.clone())
        }
    }

    /// The moves of a solution of this view's problem as moves of the problem itself.
    pub(crate) fn moves_back(self, mut moves: Vec<Move>) -> Vec<Move> {
        if self.mirrored {
            for m in &mut moves {
                *m = match *m {
                    Move::Left => Move::Right,
                    Move::Right => Move::Left,
                    vertical => vertical,
                };
            }
        }
        if self.backward {
            // Each move undone, last first.
            moves.reverse();
            for m in &mut moves {
                *m = m.opposite();
            }
        }
        moves
    }
}

/// `board` with each row reversed.
fn mirror(board: &Board) -> Board {
    let cells = board
        .rows()
        .flat_map(|row| row.iter().rev().copied())
        .collect();
    Board::new(board.size(), cells).expect("a mirrored board has the same tiles")
}

#[cfg(test)]
mod tests {
    use super::*;
    use npuzzle_core::{Generator, Goal};

    #[test]
    fn every_view_maps_its_solutions_back() {
        for size in ["3", "4x3", "2x5"] {
            let goal = Goal::BlankLast.board(size.parse().unwrap()).unwrap();
            for seed in 0..20 {
                let board = Generator::new(seed).random_position(&goal);
                let checked = crate::Start::new(board.clone(), goal.clone()).unwrap();
                let moves = crate::algorithm::constructive::solve(&checked, &Default::default())
                    .unwrap()
                    .moves;
                for view in VIEWS {
                    let (start, end) = view.problem(&board, &goal);
                    // The solution seen in this view solves the view's problem...
                    let seen = moves_into(view, &moves);
                    let mut at = start.clone();
                    at.apply_all(&seen).unwrap();
                    assert_eq!(at, end, "{view:?} {size} seed {seed}");
                    // ...and maps back to the solution itself.
                    assert_eq!(view.moves_back(seen), moves, "{view:?}");
                }
            }
        }
        let board: Board = "1 2 3/4 5 6/7 0 8".parse().unwrap();
        let goal = Goal::BlankLast.board(board.size()).unwrap();
        let mirrored = View {
            backward: false,
            mirrored: true,
        }
        .problem(&board, &goal);
        assert_eq!(mirrored.0.to_string(), "3 2 1/6 5 4/8 0 7");
        assert_eq!(mirrored.1.to_string(), "3 2 1/6 5 4/0 8 7");
        let backward = View {
            backward: true,
            mirrored: false,
        };
        assert_eq!(
            backward.moves_back(vec![Move::Left, Move::Up]),
            [Move::Down, Move::Right]
        );
    }

    /// The inverse of [`View::moves_back`] (each of its steps is its own inverse).
    fn moves_into(view: View, moves: &[Move]) -> Vec<Move> {
        let mut seen = moves.to_vec();
        if view.backward {
            seen = View {
                backward: true,
                mirrored: false,
            }
            .moves_back(seen);
        }
        if view.mirrored {
            seen = View {
                backward: false,
                mirrored: true,
            }
            .moves_back(seen);
        }
        seen
    }
}
