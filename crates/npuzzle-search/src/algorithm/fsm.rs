//! Move sequences that are never part of a least path, recognised by a finite-state machine
//! (Taylor & Korf 1993), so that depth-first search skips the duplicate paths they start.
//!
//! Two sequences of blank moves are equivalent when they move the same tiles to the same cells.
//! Of each class of equivalent sequences the least in length, then in the order `U D L R`, is
//! kept; every other one is *forbidden*, so long as the least stays within the rows and columns
//! the forbidden one crosses (then wherever the forbidden one fits on a board, the least does
//! too). A path with a forbidden stretch can be made smaller by putting the least in its place,
//! so the least path to any position (in length, then in that order) has none: searches that
//! skip forbidden stretches still find an optimal path, and only prune duplicates.
//!
//! The classes are found by breadth-first search on an unbounded board up to a depth, each
//! forbidden sequence checked by replaying it beside its least, and the forbidden sequences are
//! joined into one automaton (Aho & Corasick) that reads a path a move at a time. The machine is
//! the same for every board and every goal.

use std::sync::OnceLock;

use hashbrown::HashMap;
use npuzzle_core::Move;

/// A state of the machine: what it remembers of the moves read so far.
pub type FsmState = u32;

/// The depth of the machine searches use on boards of 20 cells and more ([`Fsm::for_cells`]):
/// built in about 0.2 s, it cuts the nodes of Korf & Felner's 24-puzzles #22 and #38 by 1.75x.
pub const DEPTH: usize = 12;

/// The depth of the machine on smaller boards: built in about 20 ms.
pub const SMALL_DEPTH: usize = 10;

/// The deepest machine [`Fsm::build`] makes (building takes about fifteen times the memory for
/// every two moves more: 1.1 GB at depth 14).
pub const MAX_DEPTH: usize = 16;

/// A machine deeper than [`MAX_DEPTH`] was asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("an FSM is built to depth {MAX_DEPTH} at most, not {depth}")]
pub struct TooDeep {
    /// The depth asked for.
    pub depth: usize,
}

/// A finite-state machine that reads a path move by move and refuses the move that completes a
/// forbidden sequence (see the module's page).
///
/// ```
/// use npuzzle_core::Move::{Down, Left, Right, Up};
/// use npuzzle_search::algorithm::fsm::Fsm;
/// let fsm = Fsm::build(12).unwrap();
/// // Turning the blank three times round a 2x2 square puts every tile back: never least.
/// let round = [Up, Left, Down, Right].repeat(3);
/// assert_eq!(fsm.after(&round), None);
/// // Once round is a least path (a three-tile rotation).
/// assert!(fsm.after(&round[..4]).is_some());
/// assert!(fsm.forbidden() > 0);
/// ```
#[derive(Clone, Debug)]
pub struct Fsm {
    /// `next[state][move]`: the state after the move, or [`DEAD`] when it completes a forbidden
    /// sequence.
    next: Vec<[FsmState; 4]>,
    forbidden: usize,
    depth: usize,
}

/// The entry of a move that completes a forbidden sequence.
const DEAD: FsmState = FsmState::MAX;

impl Fsm {
    /// The machine that starts every search.
    pub const START: FsmState = 0;

    /// The machine of every forbidden sequence up to `depth` moves (at most [`MAX_DEPTH`]).
    /// Depth 10 takes about 20 ms, 12 about 0.2 s, and each two more about fifteen times the
    /// time and memory of the last (14: 3 s and 1.1 GB while building, 7.7 MB kept).
    pub fn build(depth: usize) -> Result<Fsm, TooDeep> {
        if depth > MAX_DEPTH {
            return Err(TooDeep { depth });
        }
        let forbidden = Classes::new(depth).forbidden();
        let count = forbidden.len();
        Ok(Fsm {
            next: automaton(&forbidden),
            forbidden: count,
            depth,
        })
    }

    /// The machine searches use on a board of `cells` cells, built once per process: depth
    /// [`SMALL_DEPTH`] below 20 cells, where whole searches take milliseconds and a deeper machine
    /// would cost more to build than it saves, else [`DEPTH`].
    ///
    /// ```
    /// use npuzzle_search::algorithm::fsm::{DEPTH, Fsm, SMALL_DEPTH};
    /// assert_eq!(Fsm::for_cells(16).depth(), SMALL_DEPTH);
    /// assert_eq!(Fsm::for_cells(25).depth(), DEPTH);
    /// assert!(std::ptr::eq(Fsm::for_cells(25), Fsm::for_cells(36)));
    /// ```
    pub fn for_cells(cells: usize) -> &'static Fsm {
        static SMALL: OnceLock<Fsm> = OnceLock::new();
        static LARGE: OnceLock<Fsm> = OnceLock::new();
        let (machine, depth) = if cells < 20 {
            (&SMALL, SMALL_DEPTH)
        } else {
            (&LARGE, DEPTH)
        };
        machine.get_or_init(|| {
            Fsm::build(depth).unwrap_or_else(|e| unreachable!("depth {depth} is allowed: {e}"))
        })
    }

    /// The state after `m` from `state`, or `None` when `m` completes a forbidden sequence.
    #[inline]
    pub fn step(&self, state: FsmState, m: Move) -> Option<FsmState> {
        let next = self.next[state as usize][m as usize];
        (next != DEAD).then_some(next)
    }

    /// The state after reading `moves` from [`Fsm::START`], or `None` when they hold a forbidden
    /// sequence.
    pub fn after(&self, moves: &[Move]) -> Option<FsmState> {
        moves
            .iter()
            .try_fold(Fsm::START, |state, &m| self.step(state, m))
    }

    /// How many states the machine has.
    pub fn states(&self) -> usize {
        self.next.len()
    }

    /// How many forbidden sequences it recognises (none of which holds another).
    pub fn forbidden(&self) -> usize {
        self.forbidden
    }

    /// The longest forbidden sequence it knows.
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// What the machine is, as a journal keeps it: a search pruned by another machine walks
    /// another tree.
    ///
    /// ```
    /// use npuzzle_search::algorithm::fsm::Fsm;
    /// assert!(Fsm::for_cells(16).identity().starts_with("fsm depth "));
    /// ```
    pub fn identity(&self) -> String {
        format!(
            "fsm depth {}, {} states, {} forbidden",
            self.depth,
            self.states(),
            self.forbidden
        )
    }
}

/// A path of at most [`MAX_DEPTH`] moves, two bits a move, the first move lowest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Path {
    moves: u64,
    len: u8,
    /// The rows and columns the blank crossed, from its start at (0, 0): least row, most row,
    /// least column, most column.
    span: [i8; 4],
}

impl Path {
    const EMPTY: Path = Path {
        moves: 0,
        len: 0,
        span: [0; 4],
    };

    fn get(&self, i: usize) -> usize {
        (self.moves >> (2 * i) & 3) as usize
    }

    fn last(&self) -> Option<usize> {
        (self.len > 0).then(|| self.get(self.len as usize - 1))
    }

    /// The path one move longer; `at` is where the blank ends.
    fn then(&self, m: usize, at: (i8, i8)) -> Path {
        let [top, bottom, left, right] = self.span;
        Path {
            moves: self.moves | (m as u64) << (2 * self.len),
            len: self.len + 1,
            span: [
                top.min(at.0),
                bottom.max(at.0),
                left.min(at.1),
                right.max(at.1),
            ],
        }
    }

    /// Whether `self` stays within the rows and columns `other` crosses.
    fn within(&self, other: &Path) -> bool {
        let ([a, b, c, d], [e, f, g, h]) = (self.span, other.span);
        a >= e && b <= f && c >= g && d <= h
    }

    fn moves(&self) -> Vec<usize> {
        (0..self.len as usize).map(|i| self.get(i)).collect()
    }
}

/// Where the blank goes on each move, in the order of [`Move::ALL`]: the tile below it moves up,
/// the one above down, the one on its right left, the one on its left right.
const STEPS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

/// The move that undoes move `m` (indices of [`Move::ALL`]).
fn opposite(m: usize) -> usize {
    m ^ 1
}

/// An unbounded board around the blank's start, wide enough for a path of `depth` moves: which
/// tile (named by its first cell) is on each cell.
struct Plane {
    side: usize,
    tiles: Vec<u16>,
    blank: (i8, i8),
}

impl Plane {
    fn new(depth: usize) -> Plane {
        let side = 2 * depth + 1;
        Plane {
            side,
            tiles: (0..(side * side) as u16).collect(),
            blank: (0, 0),
        }
    }

    fn index(&self, (row, col): (i8, i8)) -> usize {
        let centre = (self.side / 2) as isize;
        ((row as isize + centre) * self.side as isize + col as isize + centre) as usize
    }

    /// The hash's share of `tile` on `cell`: none at home, so that the unmoved board hashes to 0
    /// (the hash of an arrangement is the exclusive or of its tiles' shares).
    fn share(&self, tile: u16, cell: usize) -> u64 {
        if usize::from(tile) == cell {
            return 0;
        }
        mix((u64::from(tile) << 32) | cell as u64)
    }

    /// The blank's cell after move `m`.
    fn target(&self, m: usize) -> (i8, i8) {
        (self.blank.0 + STEPS[m].0, self.blank.1 + STEPS[m].1)
    }

    /// The hash after move `m` of the arrangement whose hash is `hash`, without making it.
    fn hash_after(&self, hash: u64, m: usize) -> u64 {
        let (from, to) = (self.index(self.target(m)), self.index(self.blank));
        let tile = self.tiles[from];
        let blank = self.tiles[to];
        hash ^ self.share(tile, from)
            ^ self.share(tile, to)
            ^ self.share(blank, to)
            ^ self.share(blank, from)
    }

    fn apply(&mut self, m: usize) {
        let (from, to) = (self.index(self.target(m)), self.index(self.blank));
        self.tiles.swap(from, to);
        self.blank = self.target(m);
    }

    fn replay(&mut self, path: &Path) {
        for i in 0..path.len as usize {
            self.apply(path.get(i));
        }
    }

    fn undo(&mut self, path: &Path) {
        for i in (0..path.len as usize).rev() {
            self.apply(opposite(path.get(i)));
        }
    }

    /// The tiles of the board after `path` (replayed, then undone).
    fn after(&mut self, path: &Path) -> Vec<u16> {
        self.replay(path);
        let tiles = self.tiles.clone();
        self.undo(path);
        tiles
    }
}

/// SplitMix64's finaliser: a well-mixed 64 bits of `x`.
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// The classes of equivalent paths up to a depth, each by its least path, found by the hash of
/// the arrangement it makes. Two arrangements that hash alike can only hide forbidden sequences,
/// never forbid a wrong one: each is checked by replay.
struct Classes {
    depth: usize,
    plane: Plane,
    least: HashMap<u64, Path>,
}

impl Classes {
    fn new(depth: usize) -> Classes {
        Classes {
            depth,
            plane: Plane::new(depth.max(1)),
            least: HashMap::from_iter([(0, Path::EMPTY)]),
        }
    }

    /// Every forbidden sequence whose every shorter start is a least path, in breadth-first
    /// order.
    fn forbidden(mut self) -> Vec<Vec<usize>> {
        let mut layer = vec![(Path::EMPTY, 0)];
        let mut forbidden = Vec::new();
        for _ in 0..self.depth {
            let mut next = Vec::with_capacity(layer.len() * 3);
            for &(path, hash) in &layer {
                self.plane.replay(&path);
                for m in 0..4 {
                    if path.last() == Some(opposite(m)) {
                        continue;
                    }
                    let longer = path.then(m, self.plane.target(m));
                    let hash = self.plane.hash_after(hash, m);
                    match self.least.entry(hash) {
                        hashbrown::hash_map::Entry::Vacant(slot) => {
                            slot.insert(longer);
                            next.push((longer, hash));
                        }
                        hashbrown::hash_map::Entry::Occupied(least) => {
                            if least.get().within(&longer) {
                                forbidden.push((longer, *least.get()));
                            }
                        }
                    }
                }
                self.plane.undo(&path);
            }
            layer = next;
        }
        forbidden
            .into_iter()
            .filter(|(path, least)| self.plane.after(path) == self.plane.after(least))
            .map(|(path, _)| path.moves())
            .collect()
    }
}

/// The transitions of the automaton that recognises `forbidden` (Aho & Corasick): the trie of
/// the sequences, each state completed by the state of its longest proper suffix in the trie.
fn automaton(forbidden: &[Vec<usize>]) -> Vec<[FsmState; 4]> {
    const NONE: FsmState = FsmState::MAX - 1;
    let mut next = vec![[NONE; 4]];
    let mut dead = vec![false];
    for sequence in forbidden {
        let mut state = 0;
        for &m in sequence {
            if next[state][m] == NONE {
                next[state][m] = next.len() as FsmState;
                next.push([NONE; 4]);
                dead.push(false);
            }
            state = next[state][m] as usize;
        }
        dead[state] = true;
    }
    // Breadth-first, each state's suffix state is known before its children's.
    let mut suffix = vec![0usize; next.len()];
    let mut queue = std::collections::VecDeque::new();
    for slot in &mut next[0] {
        match *slot {
            NONE => *slot = 0,
            child => queue.push_back(child as usize),
        }
    }
    while let Some(state) = queue.pop_front() {
        dead[state] |= dead[suffix[state]];
        let fallbacks = next[suffix[state]];
        for (slot, fallback) in next[state].iter_mut().zip(fallbacks) {
            match *slot {
                NONE => *slot = fallback,
                child => {
                    suffix[child as usize] = fallback as usize;
                    queue.push_back(child as usize);
                }
            }
        }
    }
    for row in &mut next {
        for target in row.iter_mut() {
            if dead[*target as usize] {
                *target = DEAD;
            }
        }
    }
    next
}

#[cfg(test)]
mod tests {
    use super::*;
    use npuzzle_core::{Board, Goal, Size};
    use std::collections::HashSet;

    /// Every position within `depth` moves of the goal of `size`, found both by breadth-first
    /// search and by walking only the paths the machine allows: the same positions, each at the
    /// same least depth.
    fn allowed_paths_reach_every_position(size: Size, depth: usize, fsm: &Fsm) {
        let goal = Goal::BlankLast.board(size).unwrap();
        let mut seen: HashMap<Board, usize> = HashMap::from_iter([(goal.clone(), 0)]);
        let mut layer = vec![goal.clone()];
        for d in 1..=depth {
            let mut next = Vec::new();
            for board in &layer {
                for m in board.legal_moves() {
                    let mut child = board.clone();
                    child.apply(m).unwrap();
                    if !seen.contains_key(&child) {
                        seen.insert(child.clone(), d);
                        next.push(child);
                    }
                }
            }
            layer = next;
        }
        let mut reached: HashMap<Board, usize> = HashMap::new();
        let mut stack = vec![(goal, Fsm::START, None::<Move>, 0)];
        while let Some((board, state, last, d)) = stack.pop() {
            let best = reached.entry(board.clone()).or_insert(d);
            *best = (*best).min(d);
            if d == depth {
                continue;
            }
            for m in board.legal_moves() {
                if last == Some(m.opposite()) {
                    continue;
                }
                if let Some(next) = fsm.step(state, m) {
                    let mut child = board.clone();
                    child.apply(m).unwrap();
                    stack.push((child, next, Some(m), d + 1));
                }
            }
        }
        assert_eq!(
            reached.len(),
            seen.len(),
            "{size}: every position is reached"
        );
        for (board, d) in &seen {
            assert_eq!(reached.get(board), Some(d), "{size}: {board} at its depth");
        }
    }

    #[test]
    fn the_machine_keeps_a_least_path_to_every_position() {
        let fsm = Fsm::build(12).unwrap();
        for (size, depth) in [("2x3", 21), ("3", 16), ("3x4", 14), ("4", 14), ("5", 13)] {
            allowed_paths_reach_every_position(size.parse().unwrap(), depth, &fsm);
        }
    }

    #[test]
    fn the_machine_prunes_duplicates() {
        let fsm = Fsm::build(12).unwrap();
        // The number of paths of 14 moves from the goal of a 5x5 board with and without it.
        let board = Goal::BlankLast.board("5".parse().unwrap()).unwrap();
        let count = |use_fsm: bool| {
            let mut stack = vec![(board.clone(), Fsm::START, None::<Move>, 0)];
            let mut leaves = 0u64;
            let mut ends = HashSet::new();
            while let Some((b, state, last, d)) = stack.pop() {
                if d == 14 {
                    leaves += 1;
                    ends.insert(b);
                    continue;
                }
                for m in b.legal_moves() {
                    if last == Some(m.opposite()) {
                        continue;
                    }
                    let next = if use_fsm { fsm.step(state, m) } else { Some(0) };
                    if let Some(next) = next {
                        let mut child = b.clone();
                        child.apply(m).unwrap();
                        stack.push((child, next, Some(m), d + 1));
                    }
                }
            }
            (leaves, ends.len())
        };
        let (plain, plain_ends) = count(false);
        let (pruned, pruned_ends) = count(true);
        assert!(
            pruned < plain,
            "{pruned} paths with the machine, {plain} without"
        );
        assert!(pruned_ends <= plain_ends && pruned as usize >= pruned_ends);
    }

    #[test]
    fn depths_beyond_the_most_are_refused() {
        assert!(Fsm::build(MAX_DEPTH + 1).is_err());
        let empty = Fsm::build(0).unwrap();
        assert_eq!((empty.forbidden(), empty.states()), (0, 1));
        assert_eq!(empty.after(&[Move::Up, Move::Up]), Some(Fsm::START));
    }
}
