//! A ranking for beams that leans toward finishing the board from its outer rows and columns.

use super::Heuristic;
use crate::Puzzle;

/// Weight, in sixteenths of a move per step of distance, of the tiles whose goal is in the top
/// row or left column; each layer further in weighs half as much (the fifth and later nothing).
const OUTER_WEIGHT: u16 = 8;

/// Another heuristic with a ranking that prefers positions whose outer tiles are nearer home.
///
/// Its value is the inner heuristic's (a lower bound still, so a beam's bound cuts as before);
/// its rank adds to the inner rank each tile's Manhattan distance weighed by the layer its goal
/// cell is in (the top row and left column first, then the second row and column, and so on),
/// half a move a step for the outermost layer and half as much for each next one. A beam ranked
/// by the plain lower bound drifts: it improves whatever tiles are cheapest to improve and
/// meets the hard ones late; leaning toward one order of work, as people solve the puzzle,
/// keeps it on course. Measured with equal positions searched (DeepCubeA's first eight 48- and
/// 35-puzzles, 30 M and 20 M positions, linear conflict inside): 6.6 % and 1.7 % shorter.
///
/// ```
/// use npuzzle_core::Goal;
/// use npuzzle_heuristic::{Puzzle, Focus, Heuristic, LinearConflict};
/// let goal = Goal::BlankLast.board("3".parse().unwrap()).unwrap();
/// let puzzle = Puzzle::new(&goal).unwrap();
/// let (lc, cells) = (LinearConflict::new(&puzzle), [1, 2, 3, 4, 5, 6, 0, 7, 8]);
/// let focus = Focus::new(&puzzle, &lc);
/// let (plain, focused) = (lc.start(&cells), focus.start(&cells));
/// assert_eq!(focus.value(&focused), lc.value(&plain)); // the same lower bound
/// // 7 and 8 are one step out each: 7 in the left column (8/16), 8 in the second layer (4/16).
/// assert_eq!(focus.rank(&focused), 4 * lc.rank(&plain) + 8 + 4);
/// ```
pub struct Focus<'a, H> {
    inner: &'a H,
    cells: usize,
    /// `table[tile * cells + cell]`: the tile's weighed distance from that cell.
    table: Vec<u16>,
}

/// The inner heuristic's state and the weighed distance of the tiles.
#[derive(Clone, Copy, Debug)]
pub struct FocusState<S> {
    inner: S,
    weighed: u32,
}

impl<'a, H: Heuristic> Focus<'a, H> {
    /// `inner` with the focused ranking toward `puzzle`'s goal.
    pub fn new(puzzle: &Puzzle, inner: &'a H) -> Focus<'a, H> {
        let size = puzzle.size();
        let cells = puzzle.cells();
        let mut table = vec![0u16; cells * cells];
        for (tile, &goal) in puzzle.target().iter().enumerate().skip(1) {
            let (gr, gc) = size.coords(goal as usize);
            let weight = OUTER_WEIGHT.checked_shr(gr.min(gc) as u32).unwrap_or(0);
            for cell in 0..cells {
                let (r, c) = size.coords(cell);
                table[tile * cells + cell] = (r.abs_diff(gr) + c.abs_diff(gc)) as u16 * weight;
            }
        }
        Focus {
            inner,
            cells,
            table,
        }
    }

    fn entry(&self, tile: u8, cell: usize) -> u32 {
        u32::from(self.table[usize::from(tile) * self.cells + cell])
    }
}

impl<H: Heuristic> Heuristic for Focus<'_, H> {
    type State = FocusState<H::State>;

    fn kind(&self) -> Option<crate::HeuristicKind> {
        self.inner.kind()
    }

    #[inline]
    fn start(&self, cells: &[u8]) -> Self::State {
        FocusState {
            inner: self.inner.start(cells),
            weighed: (cells.iter().enumerate())
                .map(|(cell, &tile)| self.entry(tile, cell))
                .sum(),
        }
    }

    #[inline]
    fn value(&self, state: &Self::State) -> u32 {
        self.inner.value(&state.inner)
    }

    /// In sixteenths of a move: four times the inner rank (in quarters) and the weighed distance.
    #[inline]
    fn rank(&self, state: &Self::State) -> u32 {
        4 * self.inner.rank(&state.inner) + state.weighed
    }

    #[inline]
    fn moved(
        &self,
        state: &Self::State,
        cells: &[u8],
        tile: u8,
        from: usize,
        to: usize,
    ) -> Self::State {
        FocusState {
            inner: self.inner.moved(&state.inner, cells, tile, from, to),
            weighed: state.weighed + self.entry(tile, to) - self.entry(tile, from),
        }
    }

    fn consistent(&self) -> bool {
        self.inner.consistent()
    }
}
