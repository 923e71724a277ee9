//! Placing tiles: one tile to its cell, and the last two of a line as a pair.

use std::collections::VecDeque;
use std::ops::ControlFlow;

use npuzzle_core::Move;

use super::work::Work;
use crate::error::SolveError;

impl<F: FnMut(Move) -> ControlFlow<()>> Work<F> {
    /// Brings the goal tile of `cell` there and locks it.
    pub(super) fn place(&mut self, cell: usize, vertical_first: bool) -> Result<(), SolveError> {
        let tile = self.goal[cell];
        self.move_tile(tile, cell, &[], vertical_first)?;
        self.locked[cell] = true;
        self.placed += 1;
        Ok(())
    }

    /// Places the last two tiles of a line at `targets` together: both are brought into
    /// `window` (the first to the far target, the second to `staging` beside it), then an exact search inside the window finishes them.
    pub(super) fn place_pair(
        &mut self,
        targets: [usize; 2],
        window: &[usize],
        staging: usize,
        vertical_first: bool,
    ) -> Result<(), SolveError> {
        let [a, b] = targets.map(|t| self.goal[t]);
        if self.position[a as usize] == targets[0] && self.position[b as usize] == targets[1] {
            self.lock_pair(targets);
            return Ok(());
        }
        // Get both tiles and the blank into the window. The first tile goes to the line's far
        // end and the second just outside it, which keeps the way in open even two cells wide;
        // a failed step leaves only legal moves behind, and the next round starts from there.
        let mut ready = false;
        for _ in 0..4 {
            let both_in = window.contains(&self.position[a as usize])
                && window.contains(&self.position[b as usize]);
            if both_in && self.enter_window(window, a, b)? {
                ready = true;
                break;
            }
            self.move_tile(a, targets[1], &[], vertical_first)?;
            if !window.contains(&self.position[b as usize]) {
                // From wherever a failed try left it, the next round goes on.
                let entered = self.move_tile(b, staging, &[targets[1]], vertical_first);
                if let Err(SolveError::Stopped) = entered {
                    return Err(SolveError::Stopped);
                }
            }
        }
        if !ready {
            return Err(SolveError::Internal(format!(
                "tiles {a} and {b} could not be brought together"
            )));
        }
        let path = self.window_search(window, a, b, targets)?;
        self.walk(&path)?;
        self.lock_pair(targets);
        Ok(())
    }

    /// Brings the blank into `window` without moving tiles `a` and `b`; false if it cannot.
    pub(super) fn enter_window(
        &mut self,
        window: &[usize],
        a: u32,
        b: u32,
    ) -> Result<bool, SolveError> {
        if window.contains(&self.blank) {
            return Ok(true);
        }
        let guard = [self.position[a as usize], self.position[b as usize]];
        for cell in self.nearest_first(window, self.blank, &guard) {
            match self.route_blank(cell, &guard) {
                Ok(()) => return Ok(true),
                Err(SolveError::Stopped) => return Err(SolveError::Stopped),
                Err(_) => {}
            }
        }
        Ok(false)
    }

    /// The cells of `window` other than `taken`, nearest to `from` first.
    pub(super) fn nearest_first(
        &self,
        window: &[usize],
        from: usize,
        taken: &[usize],
    ) -> Vec<usize> {
        let (fr, fc) = self.coords(from);
        let mut cells: Vec<usize> = window
            .iter()
            .copied()
            .filter(|c| !taken.contains(c))
            .collect();
        cells.sort_by_key(|&c| {
            let (r, col) = self.coords(c);
            r.abs_diff(fr) + col.abs_diff(fc)
        });
        cells
    }

    pub(super) fn lock_pair(&mut self, targets: [usize; 2]) {
        for t in targets {
            self.locked[t] = true;
        }
        self.placed += 2;
    }

    /// The shortest blank path inside `window` that puts tile `a` on `targets[0]` and `b` on
    /// `targets[1]`: breadth-first search over (a's cell, b's cell, the blank's cell).
    pub(super) fn window_search(
        &self,
        window: &[usize],
        a: u32,
        b: u32,
        targets: [usize; 2],
    ) -> Result<Vec<usize>, SolveError> {
        let k = window.len();
        let slot = |cell: usize| window.iter().position(|&c| c == cell);
        let index = |s: [usize; 3]| (s[0] * k + s[1]) * k + s[2];
        let (Some(sa), Some(sb), Some(sblank)) = (
            slot(self.position[a as usize]),
            slot(self.position[b as usize]),
            slot(self.blank),
        ) else {
            return Err(SolveError::Internal("tiles outside the window".into()));
        };
        let goal = (slot(targets[0]), slot(targets[1]));
        let start = [sa, sb, sblank];
        let mut parent = vec![usize::MAX; k * k * k];
        parent[index(start)] = index(start);
        let mut queue = VecDeque::from([start]);
        while let Some(state) = queue.pop_front() {
            if (Some(state[0]), Some(state[1])) == goal {
                let mut path = Vec::new();
                let mut at = index(state);
                while at != index(start) {
                    path.push(window[at % k]);
                    at = parent[at];
                }
                path.reverse();
                return Ok(path);
            }
            let [pa, pb, blank] = state;
            for next in 0..k {
                if !self.adjacent(window[blank], window[next]) {
                    continue;
                }
                let moved = |p: usize| if p == next { blank } else { p };
                let child = [moved(pa), moved(pb), next];
                if parent[index(child)] == usize::MAX {
                    parent[index(child)] = index(state);
                    queue.push_back(child);
                }
            }
        }
        Err(SolveError::Internal(
            "the window search found no way".into(),
        ))
    }

    /// Moves `tile` to `dest` one step at a time, the blank going round it, never through
    /// locked cells or `avoid`: by a planned route where the box between them is small enough
    /// (see [`Work::tile_costs`]), else by the rule below, which also takes over if a planned
    /// step finds no way.
    pub(super) fn move_tile(
        &mut self,
        tile: u32,
        dest: usize,
        avoid: &[usize],
        vertical_first: bool,
    ) -> Result<(), SolveError> {
        let from = self.position[tile as usize];
        if from != dest
            && let Some(costs) = self.tile_costs(from, dest, avoid)
        {
            while self.position[tile as usize] != dest {
                let p = self.position[tile as usize];
                match self.next_step(p, dest, avoid, &costs) {
                    Some(path) => self.walk(&path)?,
                    None => break,
                }
            }
        }
        loop {
            let p = self.position[tile as usize];
            if p == dest {
                return Ok(());
            }
            let ((pr, pc), (dr, dc)) = (self.coords(p), self.coords(dest));
            let horizontal = (pc != dc).then(|| if dc < pc { p - 1 } else { p + 1 });
            let vertical = (pr != dr).then(|| {
                if dr < pr {
                    p - self.width
                } else {
                    p + self.width
                }
            });
            let order = if vertical_first {
                [vertical, horizontal]
            } else {
                [horizontal, vertical]
            };
            let mut guard = [p; 4];
            guard[1..=avoid.len()].copy_from_slice(avoid);
            let guard = &guard[..=avoid.len()];
            // Of the (at most two) cells that take the tile nearer, the one the blank reaches
            // soonest: after a slide the blank is behind the tile, two moves from a cell beside
            // it and four from the cell straight ahead, so a tile that must go both ways goes in
            // a staircase (three moves a step) rather than straight (five).
            // Of two as near, the one better for the other tiles.
            let mut best: Option<(usize, usize, Option<Vec<usize>>)> = None;
            for q in order.into_iter().flatten().filter(|&q| self.free(q, avoid)) {
                let (cost, path) = if self.blank == q {
                    (0, Some(Vec::new()))
                } else if self.adjacent(self.blank, p) {
                    match self.ring_path(p, q, guard) {
                        Some(path) => (path.len(), Some(path)),
                        None => (usize::MAX, None),
                    }
                } else {
                    (self.distance(self.blank, q) as usize, None)
                };
                let better = best.as_ref().is_none_or(|b| {
                    cost < b.0
                        || (cost == b.0
                            && matches!((&path, &b.2), (Some(new), Some(old))
                                if self.change(new) < self.change(old)))
                });
                if better {
                    best = Some((cost, q, path));
                }
            }
            let (_, q, around) =
                best.ok_or_else(|| SolveError::Internal(format!("tile {tile} is boxed in")))?;
            match around {
                Some(path) => self.walk(&path)?,
                None => self.route_blank(q, guard)?,
            }
            self.slide_from(p)?;
        }
    }
}
