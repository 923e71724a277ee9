//! Path shortening: every position on a solution is a start and a goal for a short optimal search,
//! so any stretch of the path that has a shorter way round is replaced by it.

use std::sync::atomic::{AtomicU64, Ordering};

use npuzzle_core::{Board, Move};

use npuzzle_heuristic::{Heuristic, LinearConflict, Puzzle};

use super::beam::{self, Halt, REMEMBERED, Shape};
use super::zobrist::Zobrist;
use crate::algorithm::parallel;
use crate::stats::Stats;

/// The longest stretch an IDA* search here is asked to shorten: deeper searches cost too much to
/// finish, and their recursion would be as deep as the stretch is long.
pub(crate) const MAX_DEPTH: usize = 120;

/// Positions visited between two checks of the caller's stop flag.
const CHECK_EVERY: u64 = 4096;

/// A sub-search's limits: it gives up after `nodes` expanded, once the searches sharing `spent`
/// have together expanded `total`, or when `stop` says so.
#[derive(Clone, Copy)]
pub(crate) struct Effort<'a> {
    /// Most positions expanded by one window's search.
    pub nodes: u64,
    /// Most positions expanded by all the searches holding this effort together: each takes
    /// them from `spent` a few thousand at a time before it expands them, and gives back what
    /// it did not use, so that together they never pass it (a node limit is a ceiling).
    pub total: u64,
    /// Asked every few thousand positions: true to give up at once.
    pub stop: &'a (dyn Fn() -> bool + Sync),
    /// Positions taken by every search holding this effort (see `total`).
    pub spent: &'a AtomicU64,
}

impl Effort<'_> {
    /// Takes up to [`CHECK_EVERY`] positions for one search from what is left of `total`
    /// (none when `stop` says so, or nothing is left).
    fn take(&self) -> u64 {
        if (self.stop)() {
            return 0;
        }
        let mut taken = self.spent.load(Ordering::Relaxed);
        loop {
            let chunk = self.total.saturating_sub(taken).min(CHECK_EVERY);
            if chunk == 0 {
                return 0;
            }
            match self.spent.compare_exchange_weak(
                taken,
                taken + chunk,
                Ordering::Relaxed,
                Ordering::Relaxed,
            ) {
                Ok(_) => return chunk,
                Err(now) => taken = now,
            }
        }
    }
}

/// One pass over `moves` (which solve `start`): each window of `window` moves is searched for a
/// shorter way between its ends, on every core, and the improvements that do not overlap are
/// spliced in from the left. Returns the new moves and the positions expanded.
pub(crate) fn pass(
    start: &Board,
    moves: &[Move],
    window: usize,
    effort: Effort,
) -> (Vec<Move>, u64) {
    let states = replay(start, moves);
    let len = moves.len();
    if len < 2 {
        return (moves.to_vec(), 0);
    }
    let window = window.clamp(2, len);
    let results = parallel::flat_map(
        len + 1 - window,
        || (),
        |_, i, out: &mut Vec<(usize, Option<Vec<Move>>, u64)>| {
            if (effort.stop)() {
                return;
            }
            let (found, expanded) =
                shortest_within(&states[i], &states[i + window], window - 2, effort);
            out.push((i, found, expanded));
        },
    );
    let expanded = results.iter().map(|r| r.2).sum();
    let mut shorter = Vec::with_capacity(len);
    let mut at = 0;
    for (i, found, _) in results {
        if let (Some(sub), true) = (found, i >= at) {
            shorter.extend_from_slice(&moves[at..i]);
            shorter.extend_from_slice(&sub);
            at = i + window;
        }
    }
    shorter.extend_from_slice(&moves[at..]);
    (shorter, expanded)
}

/// One pass of beam searches over `moves`: for each stretch of `window` moves (stepping half a
/// window), a beam `width` wide searches from its first position toward its last, ranked by
/// linear conflict toward that position, and a shorter way is spliced in. A short search has
/// far less room to go wrong than the whole one, so its beam finds what the whole one missed.
/// Returns the new moves and the positions expanded.
pub(crate) fn beam_pass(
    start: &Board,
    moves: &[Move],
    window: usize,
    width: usize,
    keep_going: &mut dyn FnMut(&Stats, u64) -> bool,
) -> (Vec<Move>, u64) {
    let mut best = moves.to_vec();
    let mut stats = Stats::default();
    let zobrist = Zobrist::new(start.cells().len());
    // The position after `best[..from]`: a splice after `from` leaves it as it is.
    let mut at = start.clone();
    let mut from = 0;
    while from + 2 < best.len() && keep_going(&stats, 0) {
        let to = (from + window).min(best.len());
        let mut end = at.clone();
        // The moves were replayed by the search that found them: legal by construction.
        if end.apply_all(&best[from..to]).is_err() {
            break;
        }
        let Ok(puzzle) = Puzzle::new(&end) else {
            break;
        };
        let h = LinearConflict::new(&puzzle);
        let cells = puzzle.bytes(&at);
        let found = beam::search(
            (&puzzle, &h, &zobrist),
            &|cells: &[u8]| cells == puzzle.goal_cells(),
            &cells,
            Shape {
                width,
                bound: (to - from) as u32,
                remember: REMEMBERED,
                linger: 0,
            },
            &mut stats,
            keep_going,
        );
        match found {
            Ok(sub) if sub.len() < to - from => {
                best.splice(from..to, sub);
            }
            Err(Halt::Stopped) => break,
            _ => {
                let step = (from + window / 2).min(best.len());
                if at.apply_all(&best[from..step]).is_err() {
                    break;
                }
                from = step;
            }
        }
    }
    (best, stats.expanded)
}

/// The positions along `moves` from `start`, start and end included.
fn replay(start: &Board, moves: &[Move]) -> Vec<Board> {
    let mut board = start.clone();
    let mut states = Vec::with_capacity(moves.len() + 1);
    states.push(board.clone());
    for &m in moves {
        // The moves were replayed by the caller's search: legal by construction.
        if board.apply(m).is_err() {
            break;
        }
        states.push(board.clone());
    }
    states
}

/// The moves with their ending replaced by an optimal one, found by searching toward the goal
/// with `h` (the solver's own, strongest heuristic) from positions ever further back along the
/// path, until a search gives up. Returns the moves and the positions expanded.
pub(crate) fn suffix<H: Heuristic>(
    puzzle: &Puzzle,
    h: &H,
    start: &Board,
    moves: &[Move],
    effort: Effort,
) -> (Vec<Move>, u64) {
    let states = replay(start, moves);
    let mut best = moves.to_vec();
    let mut expanded = 0;
    let mut from = moves.len().saturating_sub(8);
    while from > 0 && !(effort.stop)() {
        let rest = best.len() - from;
        if rest > MAX_DEPTH {
            break;
        }
        // The effort is for all of the searches together.
        let left = Effort {
            nodes: effort.nodes.saturating_sub(expanded),
            ..effort
        };
        let (found, spent) = bounded(puzzle, h, &states[from], rest, left);
        expanded += spent;
        match found {
            Some(tail) if tail.len() < rest => {
                best.truncate(from);
                best.extend(tail);
            }
            // Already optimal from here: searches further back cost more and seldom gain.
            Some(_) if from + 40 < moves.len() => break,
            Some(_) => {}
            None => break,
        }
        from = from.saturating_sub(4);
    }
    (best, expanded)
}

/// A shortest way from `from` to `to` of at most `most` moves, if one exists and is found within
/// the effort; with the positions expanded.
fn shortest_within(
    from: &Board,
    to: &Board,
    most: usize,
    effort: Effort,
) -> (Option<Vec<Move>>, u64) {
    let Ok(puzzle) = Puzzle::new(to) else {
        return (None, 0);
    };
    bounded(&puzzle, &LinearConflict::new(&puzzle), from, most, effort)
}

/// A shortest way from `from` to `puzzle`'s goal of at most `most` moves by IDA* with `h`, if
/// one exists and is found within the effort; with the positions expanded.
fn bounded<H: Heuristic>(
    puzzle: &Puzzle,
    h: &H,
    from: &Board,
    most: usize,
    effort: Effort,
) -> (Option<Vec<Move>>, u64) {
    let mut cells = puzzle.bytes(from);
    let state = h.start(&cells);
    let mut dive = Dive {
        puzzle,
        h,
        path: Vec::new(),
        expanded: 0,
        taken: 0,
        effort,
        next: u32::MAX,
        gave_up: false,
    };
    let mut bound = h.value(&state);
    let mut found = None;
    while bound as usize <= most && !dive.gave_up {
        dive.next = u32::MAX;
        if dive.dfs(&mut cells, from.blank(), 0, bound, state, None) {
            found = Some(std::mem::take(&mut dive.path));
            break;
        }
        bound = dive.next;
    }
    // What it took and did not expand goes back to the searches after it.
    effort.spent.fetch_sub(dive.taken, Ordering::Relaxed);
    (found, dive.expanded)
}

/// Depth-first search with a bound on f = g + h, moves made and undone in place.
struct Dive<'a, H: Heuristic> {
    puzzle: &'a Puzzle,
    h: &'a H,
    path: Vec<Move>,
    expanded: u64,
    /// Positions taken from the effort's total and not expanded yet.
    taken: u64,
    effort: Effort<'a>,
    /// The smallest f beyond the bound: the next iteration's bound.
    next: u32,
    gave_up: bool,
}

impl<H: Heuristic> Dive<'_, H> {
    fn dfs(
        &mut self,
        cells: &mut [u8],
        blank: usize,
        g: u32,
        bound: u32,
        state: H::State,
        previous: Option<Move>,
    ) -> bool {
        if self.h.value(&state) == 0 && cells == self.puzzle.goal_cells() {
            return true;
        }
        if self.taken == 0 && !self.gave_up {
            self.taken = self.effort.take();
        }
        if self.expanded >= self.effort.nodes || self.taken == 0 {
            self.gave_up = true;
        }
        if self.gave_up {
            return false;
        }
        self.expanded += 1;
        self.taken -= 1;
        for &(source, m) in self.puzzle.neighbours(blank) {
            if previous == Some(m.opposite()) {
                continue;
            }
            let source = source as usize;
            let tile = cells[source];
            cells[blank] = tile;
            cells[source] = 0;
            let child = self.h.moved(&state, cells, tile, source, blank);
            let f = g + 1 + self.h.value(&child);
            let found = if f <= bound {
                self.path.push(m);
                let found = self.dfs(cells, source, g + 1, bound, child, Some(m));
                if !found {
                    self.path.pop();
                }
                found
            } else {
                self.next = self.next.min(f);
                false
            };
            cells[source] = tile;
            cells[blank] = 0;
            if found {
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use npuzzle_core::Goal;

    #[test]
    fn a_detour_is_cut_out() {
        let goal = Goal::BlankLast.board("3".parse().unwrap()).unwrap();
        let start: Board = "1 2 3/4 5 6/7 0 8".parse().unwrap();
        // Left solves it; a loop of four moves around a 2x2 block and back is a detour.
        let detour = [
            Move::Down,
            Move::Left,
            Move::Up,
            Move::Right,
            Move::Down,
            Move::Left,
            Move::Up,
            Move::Right,
            Move::Down,
            Move::Left,
            Move::Up,
            Move::Right,
            Move::Left,
        ];
        let mut check = start.clone();
        check.apply_all(&detour).unwrap();
        assert_eq!(check, goal);
        let never = || false;
        let spent = AtomicU64::new(0);
        let effort = Effort {
            nodes: 1 << 20,
            total: 1 << 20,
            stop: &never,
            spent: &spent,
        };
        let (shorter, _) = pass(&start, &detour, detour.len(), effort);
        assert_eq!(shorter, vec![Move::Left]);
    }
}
