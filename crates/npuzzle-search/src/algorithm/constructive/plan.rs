//! Planned routes, priced by the board as it is: the blank's cheapest way to a cell, and a tile's
//! cheapest way to its cell with the blank going round it.
//!
//! A route's price counts the moves that take a tile away from its goal cell far above the others
//! (see [`NEAR`] and [`AWAY`](super::work::AWAY)): every solution is the Manhattan bound plus
//! twice those moves, so a longer way that moves the tiles it passes toward their goals beats a
//! shorter one that does not. Measured on 100×100 (seed 11, every tile's route planned): 2.38×
//! the Manhattan bound where the shortest ways chosen for the other tiles give 2.95×.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::ops::ControlFlow;

use npuzzle_core::Move;

use super::work::{Frame, NEAR, RING, Work};

/// How far beyond the box between the blank and where it goes its way may stray.
/// Measured on 100×100 (seed 11): none gives 2.935× the Manhattan bound (unplanned tile routes),
/// 2 gives 2.893×, 5 2.770×, 20 2.759×, 100 2.758×.
const ROUTE_MARGIN: usize = 20;

/// How far from a tile the blank's way round it to the next side may stray (beyond the ring of
/// eight cells around it): 2 gives 2.395× on 100×100 (seed 11), 3 2.382×, 5 2.383×.
const TURN_RADIUS: usize = 3;

/// Where each side of a tile (up, right, down, left) is in [`RING`].
const SIDES: [usize; 4] = [1, 3, 5, 7];

/// The side facing `side`.
fn opposite(side: usize) -> usize {
    (side + 2) % 4
}

/// The blank's cheapest ways from where it is to the cells of a box (Dijkstra).
struct BlankCosts {
    frame: Frame,
    cost: Vec<u64>,
    parent: Vec<usize>,
}

/// What it costs to bring a tile to its goal cell from each of its cells in a box, for each side
/// the blank is on (a cost to go, by Dijkstra backward from the goal cell).
pub(super) struct TileCosts {
    frame: Frame,
    /// Four entries a cell of the frame: the blank above, right of, below or left of the tile.
    cost: Vec<u64>,
}

impl TileCosts {
    fn get(&self, (r, c): (usize, usize), side: usize) -> Option<u64> {
        let i = self.frame.index((r, c))? * 4 + side;
        Some(self.cost[i]).filter(|&v| v != u64::MAX)
    }

    /// Lowers the cost to go from `(r, c)` with the blank on `side` to `cost`: true if that is
    /// lower than known (and the cell in the frame).
    fn lower(&mut self, (r, c): (usize, usize), side: usize, cost: u64) -> bool {
        let Some(i) = self.frame.index((r, c)).map(|i| i * 4 + side) else {
            return false;
        };
        let lower = cost < self.cost[i];
        if lower {
            self.cost[i] = cost;
        }
        lower
    }
}

/// The ring of eight cells round a tile ([`RING`] order) as the blank may go round it: the free
/// cells, and what each step between neighbours in the ring costs either way.
struct Ring {
    cells: [Option<usize>; 8],
    /// What stepping from cell `i` onto cell `i + 1` costs.
    forward: [u64; 8],
    /// What stepping from cell `i + 1` onto cell `i` costs.
    backward: [u64; 8],
}

impl Ring {
    /// The cheaper way round from the blank on side `from` to side `to`, if either is free.
    fn turn(&self, from: usize, to: usize) -> Option<u64> {
        let (a, b) = (SIDES[from], SIDES[to]);
        let free = |i: usize, steps: usize, step: usize| {
            (0..=steps).all(|k| self.cells[(i + k * step) % 8].is_some())
        };
        let ahead = (b + 8 - a) % 8;
        let clockwise =
            free(a, ahead, 1).then(|| (0..ahead).map(|k| self.forward[(a + k) % 8]).sum::<u64>());
        let back = 8 - ahead;
        let counter = free(a, back, 7).then(|| {
            (0..back)
                .map(|k| self.backward[(a + 8 - 1 - k) % 8])
                .sum::<u64>()
        });
        clockwise.into_iter().chain(counter).min()
    }
}

impl<F: FnMut(Move) -> ControlFlow<()>> Work<F> {
    /// The blank's cheapest ways to the cells of `frame` (through free cells other than
    /// `avoid`, inside the frame), stopping once every cell of `stop` is reached.
    fn blank_costs(&self, avoid: &[usize], frame: Frame, stop: &[usize]) -> BlankCosts {
        let mut costs = BlankCosts {
            frame,
            cost: vec![u64::MAX; frame.area()],
            parent: vec![usize::MAX; frame.area()],
        };
        let Some(start) = frame.index(self.coords(self.blank)) else {
            return costs;
        };
        costs.cost[start] = 0;
        let mut waiting = stop.len();
        let mut heap = BinaryHeap::from([Reverse((0, self.blank))]);
        while let Some(Reverse((cost, cell))) = heap.pop() {
            let Some(at) = frame.index(self.coords(cell)) else {
                continue;
            };
            if cost > costs.cost[at] {
                continue;
            }
            if stop.contains(&cell) {
                waiting -= 1;
                if waiting == 0 {
                    break;
                }
            }
            for m in Move::ALL {
                let Some(next) = self.offset(cell, m.tile_offset()) else {
                    continue;
                };
                let Some(i) = frame.index(self.coords(next)) else {
                    continue;
                };
                let through = cost + self.step_cost(cell, next);
                if self.free(next, avoid) && through < costs.cost[i] {
                    costs.cost[i] = through;
                    costs.parent[i] = cell;
                    heap.push(Reverse((through, next)));
                }
            }
        }
        costs
    }

    /// The blank's way to `dest` from [`blank_costs`](Self::blank_costs), if it got there.
    fn blank_way(&self, costs: &BlankCosts, dest: usize) -> Option<Vec<usize>> {
        let mut at = costs.frame.index(self.coords(dest))?;
        if costs.cost[at] == u64::MAX {
            return None;
        }
        let mut path = Vec::new();
        let mut cell = dest;
        while cell != self.blank {
            path.push(cell);
            cell = costs.parent[at];
            at = costs.frame.index(self.coords(cell))?;
        }
        path.reverse();
        Some(path)
    }

    /// The blank's cheapest way to `dest` (not through locked cells or `avoid`) within
    /// [`ROUTE_MARGIN`] of the box between them; `None` when that box is larger than
    /// [`planned_cells`] or holds no way.
    pub(super) fn cheapest_path(&self, dest: usize, avoid: &[usize]) -> Option<Vec<usize>> {
        let frame = self.frame(&[self.blank, dest], ROUTE_MARGIN);
        if frame.area() > self.planned_cells {
            return None;
        }
        let costs = self.blank_costs(avoid, frame, &[dest]);
        self.blank_way(&costs, dest)
    }

    /// The ring of eight cells round `p` as the blank may use it (see [`Ring`]).
    fn ring(&self, p: usize, avoid: &[usize]) -> Ring {
        let cells = RING.map(|o| self.offset(p, o).filter(|&c| self.free(c, avoid)));
        let mut ring = Ring {
            cells,
            forward: [0; 8],
            backward: [0; 8],
        };
        for i in 0..8 {
            if let (Some(a), Some(b)) = (cells[i], cells[(i + 1) % 8]) {
                ring.forward[i] = self.step_cost(a, b);
                ring.backward[i] = self.step_cost(b, a);
            }
        }
        ring
    }

    /// The cost to go of a tile from each cell of the box between `from` and `dest` (each slide
    /// bringing it nearer `dest`) for each side of it the blank is on, by the board as it is:
    /// a slide costs [`NEAR`] (the tile comes nearer its goal), a turn of the blank round the
    /// tile what its moves cost. `None` when the box is larger than [`planned_cells`].
    pub(super) fn tile_costs(
        &self,
        from: usize,
        dest: usize,
        avoid: &[usize],
    ) -> Option<TileCosts> {
        let frame = self.frame(&[from, dest], 0);
        if frame.area() > self.planned_cells {
            return None;
        }
        let mut costs = TileCosts {
            frame,
            cost: vec![u64::MAX; frame.area() * 4],
        };
        let goal = frame.index(self.coords(dest))?;
        let mut heap = BinaryHeap::new();
        for side in 0..4 {
            costs.cost[goal * 4 + side] = 0;
            heap.push(Reverse((0, dest, side)));
        }
        while let Some(Reverse((cost, q, side))) = heap.pop() {
            if costs.get(self.coords(q), side) != Some(cost) {
                continue;
            }
            // The tile slid here from the cell the blank is on now.
            if let Some(p) = self.offset(q, RING[SIDES[side]])
                && self.free(p, avoid)
                && self.distance(q, dest) < self.distance(p, dest)
                && costs.lower(self.coords(p), opposite(side), cost + NEAR)
            {
                heap.push(Reverse((cost + NEAR, p, opposite(side))));
            }
            // The blank came round the tile from another side.
            let ring = self.ring(q, avoid);
            for before in (0..4).filter(|&s| s != side) {
                if let Some(turn) = ring.turn(before, side)
                    && costs.lower(self.coords(q), before, cost + turn)
                {
                    heap.push(Reverse((cost + turn, q, before)));
                }
            }
        }
        Some(costs)
    }

    /// The blank's next moves for the tile on `p` on its way to `dest`: to the side of the tile
    /// from which a slide brings it nearer, by the blank's cheapest way there as the board is now
    /// (within [`TURN_RADIUS`] of the tile when the blank is beside it), and the slide; of the
    /// sides, the one whose way plus the tile's cost to go from there (`costs`) is least.
    pub(super) fn next_step(
        &self,
        p: usize,
        dest: usize,
        avoid: &[usize],
        costs: &TileCosts,
    ) -> Option<Vec<usize>> {
        let mut guard = avoid.to_vec();
        guard.push(p);
        let frame = if self.adjacent(self.blank, p) {
            self.frame(&[p], TURN_RADIUS)
        } else {
            self.frame(&[self.blank, p], ROUTE_MARGIN)
        };
        let sides: Vec<(usize, usize)> = (0..4)
            .filter_map(|side| {
                let cell = self.offset(p, RING[SIDES[side]])?;
                (self.distance(cell, dest) < self.distance(p, dest) && self.free(cell, avoid))
                    .then_some((side, cell))
            })
            .collect();
        let targets: Vec<usize> = sides.iter().map(|&(_, cell)| cell).collect();
        let blank = self.blank_costs(&guard, frame, &targets);
        let (_, side_cell) = sides
            .into_iter()
            .filter_map(|(side, cell)| {
                let way = blank.cost[frame.index(self.coords(cell))?];
                let rest = costs.get(self.coords(cell), opposite(side))?;
                (way != u64::MAX).then_some((way + NEAR + rest, cell))
            })
            .min()?;
        let mut path = self.blank_way(&blank, side_cell)?;
        path.push(p);
        Some(path)
    }
}

#[cfg(test)]
mod tests {
    use super::super::work::tests::work;
    use super::*;

    /// The cheapest way is a way (neighbours, free cells, ending at the cell) and costs no more
    /// than the best of the shortest ones, which it is often longer than.
    #[test]
    fn the_cheapest_way_costs_no_more_than_the_best_shortest_way() {
        let mut longer = 0;
        for seed in 1..=4 {
            let w = work(20, seed);
            for dest in (0..400).filter(|&d| d != w.blank) {
                let cheapest = w.cheapest_path(dest, &[]).unwrap();
                let shortest = w.best_shortest_path(dest, &[]).unwrap();
                assert_eq!(cheapest.last(), Some(&dest));
                let mut at = w.blank;
                for &cell in &cheapest {
                    assert!(w.adjacent(at, cell));
                    at = cell;
                }
                assert!(w.path_cost(&cheapest) <= w.path_cost(&shortest));
                longer += usize::from(cheapest.len() > shortest.len());
            }
        }
        assert!(longer > 0, "never worth a longer way?");
    }

    /// A turn's price is that of the cheaper way round the ring, as the blank walks it.
    #[test]
    fn turns_cost_what_the_cheaper_way_round_costs() {
        for seed in 1..=20 {
            let mut w = work(6, seed);
            // The blank beside an inner tile, on each side in turn.
            let p = w.cell(2 + seed as usize % 2, 2 + seed as usize / 2 % 2);
            for from in 0..4 {
                let side = w.offset(p, RING[SIDES[from]]).unwrap();
                let way = w.cheapest_path(side, &[p]).unwrap();
                w.walk(&way).unwrap();
                let ring = w.ring(p, &[]);
                for to in (0..4).filter(|&t| t != from) {
                    let target = w.offset(p, RING[SIDES[to]]).unwrap();
                    let round = w.ring_path(p, target, &[p]).unwrap();
                    assert_eq!(ring.turn(from, to), Some(w.path_cost(&round)));
                }
            }
        }
    }

    /// Following the planned steps brings a tile to its cell without touching a guarded cell,
    /// each slide nearer; the cost to go at the start is a true cost of some way.
    #[test]
    fn planned_steps_bring_the_tile_home() {
        for seed in 1..=6 {
            let mut w = work(12, seed);
            let tile = 1 + seed as u32 * 7;
            let dest = (tile - 1) as usize;
            let guard = [w.cell(11, 11)];
            let from = w.position[tile as usize];
            if from == guard[0] {
                continue;
            }
            let costs = w.tile_costs(from, dest, &guard).unwrap();
            let mut slides = 0;
            while w.position[tile as usize] != dest {
                let p = w.position[tile as usize];
                let path = w.next_step(p, dest, &guard, &costs).unwrap();
                assert!(!path.contains(&guard[0]));
                assert_eq!(path.last(), Some(&p), "each step ends with the slide");
                assert!(!path[..path.len() - 1].contains(&p));
                w.walk(&path).unwrap();
                assert!(w.distance(w.position[tile as usize], dest) < w.distance(p, dest));
                slides += 1;
            }
            assert_eq!(slides, w.distance(from, dest));
        }
    }
}
