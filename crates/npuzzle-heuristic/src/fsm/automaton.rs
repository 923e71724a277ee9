//! The forbidden sequences of every square joined into one automaton (Aho & Corasick) over the
//! squares the blank visits: a state remembers the longest end of the path read so far that
//! begins some forbidden sequence, and a move that completes one is dead.

use std::collections::VecDeque;

use super::sequences::{Sequence, Squares};

/// A transition that completes a forbidden sequence (or leaves the board).
pub(super) const DEAD: u32 = u32::MAX;

/// The bits of an entry that hold the target's moribundness (see [`Transitions`]).
pub(super) const MORIBUND_BITS: u32 = 5;

/// The most states an entry can name.
pub(super) const MOST_STATES: usize = (DEAD >> MORIBUND_BITS) as usize;

/// The automaton's transitions: `next[state][move]` is [`DEAD`], or the target state shifted
/// left by [`MORIBUND_BITS`] with the target's moribundness in the low bits: `k` when every
/// continuation of `k` moves from it completes a forbidden sequence, 0 when some continuation
/// of every length up to the largest `k` measured lives. States `0..cells` are the starts, one
/// for each square the blank may start on; the rest follow breadth-first, so that the states
/// near the starts, which a search visits most, lie together.
pub(super) type Transitions = Vec<[u32; 4]>;

/// A trie of sequences over squares: state `s < cells` is the one-square string `s`.
struct Trie {
    children: Vec<[u32; 4]>,
    square: Vec<u16>,
    ends: Vec<bool>,
}

const NONE: u32 = u32::MAX - 1;

impl Trie {
    fn new(squares: &Squares) -> Trie {
        Trie {
            children: vec![[NONE; 4]; squares.cells],
            square: (0..squares.cells as u16).collect(),
            ends: vec![false; squares.cells],
        }
    }

    fn insert(&mut self, squares: &Squares, start: usize, sequence: Sequence) {
        let mut state = start;
        for m in sequence.moves() {
            let square = squares
                .after(self.square[state] as usize, m)
                .unwrap_or_else(|| unreachable!("forbidden sequences stay on the board"));
            if self.children[state][m] == NONE {
                self.children[state][m] = self.children.len() as u32;
                self.children.push([NONE; 4]);
                self.square.push(square as u16);
                self.ends.push(false);
            }
            state = self.children[state][m] as usize;
        }
        self.ends[state] = true;
    }

    /// The complete transitions (each missing child replaced by its suffix's) and which states
    /// are dead (a forbidden sequence ends there or at one of its suffixes).
    fn complete(mut self, squares: &Squares) -> (Vec<[u32; 4]>, Vec<bool>) {
        let mut suffix = vec![0u32; self.children.len()];
        let mut queue: VecDeque<u32> = (0..squares.cells as u32).collect();
        while let Some(state) = queue.pop_front() {
            let state = state as usize;
            let square = self.square[state] as usize;
            let is_start = state < squares.cells;
            if !is_start {
                let end = self.ends[suffix[state] as usize];
                self.ends[state] |= end;
            }
            for m in 0..4 {
                let Some(to) = squares.after(square, m) else {
                    self.children[state][m] = DEAD;
                    continue;
                };
                // The suffix's transition, or for a start the start of the next square.
                let fallback = if is_start {
                    to as u32
                } else {
                    self.children[suffix[state] as usize][m]
                };
                match self.children[state][m] {
                    NONE => self.children[state][m] = fallback,
                    child => {
                        suffix[child as usize] = fallback;
                        queue.push_back(child);
                    }
                }
            }
        }
        (self.children, self.ends)
    }
}

/// The automaton of `forbidden[square]` (the sequences forbidden from each square), keeping
/// only the states a path can reach, numbered breadth-first from the starts.
pub(super) fn automaton(squares: &Squares, forbidden: &[Vec<Sequence>]) -> Transitions {
    let mut trie = Trie::new(squares);
    for (start, sequences) in forbidden.iter().enumerate() {
        for &sequence in sequences {
            trie.insert(squares, start, sequence);
        }
    }
    let (next, dead) = trie.complete(squares);
    let mut number = vec![NONE; next.len()];
    let mut order: Vec<u32> = (0..squares.cells as u32).collect();
    for (i, &state) in order.iter().enumerate() {
        number[state as usize] = i as u32;
    }
    let mut i = 0;
    while i < order.len() {
        for &target in &next[order[i] as usize] {
            if target != DEAD && !dead[target as usize] && number[target as usize] == NONE {
                number[target as usize] = order.len() as u32;
                order.push(target);
            }
        }
        i += 1;
    }
    let mut table: Transitions = order
        .iter()
        .map(|&state| {
            next[state as usize].map(|target| match target {
                DEAD => DEAD,
                t if dead[t as usize] => DEAD,
                t => number[t as usize],
            })
        })
        .collect();
    mark_moribund(&mut table);
    table
}

/// Adds each target's moribundness to the entries (see [`Transitions`]).
fn mark_moribund(table: &mut Transitions) {
    let most = (1u32 << MORIBUND_BITS) - 1;
    let mut moribund = vec![0u32; table.len()];
    for k in 1..=most {
        let dies: Vec<bool> = table
            .iter()
            .enumerate()
            .map(|(state, row)| {
                moribund[state] == 0
                    && row.iter().all(|&t| {
                        t == DEAD || (moribund[t as usize] != 0 && moribund[t as usize] < k)
                    })
            })
            .collect();
        let mut found = false;
        for (state, dies) in dies.into_iter().enumerate() {
            if dies {
                moribund[state] = k;
                found = true;
            }
        }
        if !found {
            break;
        }
    }
    for row in table.iter_mut() {
        for t in row.iter_mut() {
            if *t != DEAD {
                *t = *t << MORIBUND_BITS | moribund[*t as usize];
            }
        }
    }
}
