//! Beam search: breadth-first by depth, keeping only the `width` most promising positions of each
//! layer. Not optimal, but its solutions shorten smoothly as the beam widens.

use hashbrown::HashSet;
use npuzzle_core::Move;

use crate::heuristic::Heuristic;
use crate::puzzle::Puzzle;
use crate::stats::Stats;

use super::parallel;
use super::zobrist::Zobrist;

/// Why a beam stopped without a solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Halt {
    /// Every position of a layer was pruned: no solution shorter than the bound passed in.
    Exhausted,
    /// The caller's `keep_going` said stop (time, cancellation), or memory ran out.
    Stopped,
}

/// One layer of the beam: positions stored flat, with what each search step needs.
struct Layer<S> {
    cells: Vec<u8>,
    states: Vec<S>,
    blanks: Vec<u8>,
    hashes: Vec<u64>,
    /// The move that led here (never undone by the next step).
    last: Vec<Option<Move>>,
}

impl<S> Layer<S> {
    fn len(&self) -> usize {
        self.blanks.len()
    }
}

/// A child before selection: small, so a layer's candidates are cheap to hold.
#[derive(Clone, Copy)]
struct Candidate {
    h: u32,
    parent: u32,
    source: u8,
    m: Move,
    hash: u64,
}

/// The bytes one kept position costs across a search (its cells in two layers, the parent link
/// kept for the path, and its hash in the seen set with the set's overhead).
pub(crate) fn bytes_per_node<S>(cells: usize) -> u64 {
    (2 * (cells + std::mem::size_of::<S>() + 10) + 8 + 24) as u64
}

/// Searches from `cells` toward `puzzle`'s goal with a beam `width` positions wide, ranking each
/// layer by `h` (positions are hashed with `zobrist`).
///
/// Positions already seen in an earlier layer are dropped (a later copy is never shorter), as are
/// those whose depth plus `h` reaches `bound` when `h` is admissible (they cannot give a solution
/// shorter than `bound`). `keep_going` is asked once a layer with the statistics so far.
/// Returns the moves of the first solution found, which is the shortest the beam reaches.
pub(crate) fn search<H: Heuristic>(
    (puzzle, h, zobrist): (&Puzzle, &H, &Zobrist),
    cells: &[u8],
    width: usize,
    bound: u32,
    stats: &mut Stats,
    keep_going: &mut dyn FnMut(&Stats) -> bool,
) -> Result<Vec<Move>, Halt> {
    let n = puzzle.cells();
    let state = h.start(cells);
    let blank = cells.iter().position(|&t| t == 0).unwrap_or(0);
    let mut layer = Layer {
        cells: cells.to_vec(),
        states: vec![state],
        blanks: vec![blank as u8],
        hashes: vec![zobrist.hash(cells)],
        last: vec![None],
    };
    if cells == puzzle.goal_cells() {
        return Ok(Vec::new());
    }
    let mut seen: HashSet<u64> = HashSet::new();
    seen.insert(layer.hashes[0]);
    // For each depth, each kept position's parent in the layer before and the move from it.
    let mut links: Vec<Vec<(u32, Move)>> = Vec::new();
    let node_bytes = bytes_per_node::<H::State>(n);
    let mut depth = 0u32;
    loop {
        let candidates = expand(puzzle, h, zobrist, &layer, depth, bound, &seen);
        stats.expanded += layer.len() as u64;
        stats.generated += candidates.len() as u64;
        if candidates.is_empty() {
            return Err(Halt::Exhausted);
        }
        let chosen = select(candidates, width, &mut seen);
        depth += 1;
        links.push(chosen.iter().map(|c| (c.parent, c.m)).collect());
        let kept: u64 = links.iter().map(|l| l.len() as u64).sum();
        stats.peak_nodes = stats.peak_nodes.max(kept);
        stats.peak_memory = stats.peak_memory.max(kept * node_bytes);
        if let Some(found) = chosen
            .iter()
            .position(|c| c.h == 0 && is_goal(puzzle, &layer, c))
        {
            return Ok(path(&links, found));
        }
        if !keep_going(stats) {
            return Err(Halt::Stopped);
        }
        layer = advance(puzzle, h, &layer, &chosen);
    }
}

/// Every child of every position of `layer` that is new and may still beat `bound`.
fn expand<H: Heuristic>(
    puzzle: &Puzzle,
    h: &H,
    zobrist: &Zobrist,
    layer: &Layer<H::State>,
    depth: u32,
    bound: u32,
    seen: &HashSet<u64>,
) -> Vec<Candidate> {
    let n = puzzle.cells();
    let admissible_cut = depth + 1;
    parallel::flat_map(
        layer.len(),
        || vec![0u8; n],
        |cells, i, out: &mut Vec<Candidate>| {
            cells.copy_from_slice(&layer.cells[i * n..(i + 1) * n]);
            let blank = layer.blanks[i] as usize;
            for &(source, m) in puzzle.neighbours(blank) {
                if layer.last[i] == Some(m.opposite()) {
                    continue;
                }
                let source = source as usize;
                let tile = cells[source];
                let hash = zobrist.slide(layer.hashes[i], tile, source, blank);
                if seen.contains(&hash) {
                    continue;
                }
                cells[blank] = tile;
                cells[source] = 0;
                let value = h.value(&h.moved(&layer.states[i], cells, tile, source, blank));
                cells[source] = tile;
                cells[blank] = 0;
                if admissible_cut + value >= bound {
                    continue;
                }
                out.push(Candidate {
                    h: value,
                    parent: i as u32,
                    source: source as u8,
                    m,
                    hash,
                });
            }
        },
    )
}

/// The `width` lowest-valued candidates, one per position (the first copy of each), recorded as
/// seen. Counting by value keeps this linear in the number of candidates.
fn select(candidates: Vec<Candidate>, width: usize, seen: &mut HashSet<u64>) -> Vec<Candidate> {
    let top = candidates.iter().map(|c| c.h).max().unwrap_or(0) as usize;
    let mut counts = vec![0usize; top + 2];
    for c in &candidates {
        counts[c.h as usize + 1] += 1;
    }
    for v in 1..counts.len() {
        counts[v] += counts[v - 1];
    }
    // Stable counting sort by value: ties keep the order of generation.
    let mut order = vec![0u32; candidates.len()];
    for (i, c) in candidates.iter().enumerate() {
        let slot = &mut counts[c.h as usize];
        order[*slot] = i as u32;
        *slot += 1;
    }
    let mut chosen = Vec::with_capacity(width.min(candidates.len()));
    for i in order {
        let c = candidates[i as usize];
        if seen.insert(c.hash) {
            chosen.push(c);
            if chosen.len() == width {
                break;
            }
        }
    }
    chosen
}

/// Whether a candidate valued 0 is the goal itself (a heuristic may be 0 elsewhere).
fn is_goal<S>(puzzle: &Puzzle, layer: &Layer<S>, c: &Candidate) -> bool {
    let n = puzzle.cells();
    let parent = &layer.cells[c.parent as usize * n..(c.parent as usize + 1) * n];
    let blank = layer.blanks[c.parent as usize] as usize;
    let goal = puzzle.goal_cells();
    (0..n).all(|cell| {
        let tile = match cell {
            _ if cell == blank => parent[c.source as usize],
            _ if cell == c.source as usize => 0,
            _ => parent[cell],
        };
        tile == goal[cell]
    })
}

/// The next layer: the chosen children made into positions.
fn advance<H: Heuristic>(
    puzzle: &Puzzle,
    h: &H,
    layer: &Layer<H::State>,
    chosen: &[Candidate],
) -> Layer<H::State> {
    let n = puzzle.cells();
    let mut cells = vec![0u8; chosen.len() * n];
    let states = parallel::fill_rows(&mut cells, n, chosen, |c, cells| {
        let p = c.parent as usize;
        cells.copy_from_slice(&layer.cells[p * n..(p + 1) * n]);
        let (blank, source) = (layer.blanks[p] as usize, c.source as usize);
        let tile = cells[source];
        cells[blank] = tile;
        cells[source] = 0;
        h.moved(&layer.states[p], cells, tile, source, blank)
    });
    Layer {
        cells,
        states,
        blanks: chosen.iter().map(|c| c.source).collect(),
        hashes: chosen.iter().map(|c| c.hash).collect(),
        last: chosen.iter().map(|c| Some(c.m)).collect(),
    }
}

/// The moves to position `index` of the last layer, read back through the parent links.
fn path(links: &[Vec<(u32, Move)>], mut index: usize) -> Vec<Move> {
    let mut moves = Vec::with_capacity(links.len());
    for layer in links.iter().rev() {
        let (parent, m) = layer[index];
        moves.push(m);
        index = parent as usize;
    }
    moves.reverse();
    moves
}
