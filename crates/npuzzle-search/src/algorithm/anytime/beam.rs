//! Beam search: breadth-first by depth, keeping only the `width` most promising positions of each
//! layer. Not optimal, but its solutions shorten smoothly as the beam widens.

use npuzzle_core::Move;

use crate::stats::Stats;
use npuzzle_heuristic::{Heuristic, Puzzle};

use super::zobrist::{Recent, Zobrist};
use crate::algorithm::parallel;

/// How wide a beam is, what it must beat, and how many layers it remembers.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Shape {
    /// Positions kept per layer.
    pub width: usize,
    /// Only solutions shorter than this are wanted.
    pub bound: u32,
    /// How many layers' positions the table of recent positions has room for, to drop repeats
    /// ([`REMEMBERED`] for whole positions; searches that hash only some tiles want many more).
    pub remember: usize,
    /// How many layers the beam goes on after its first solution for one whose depth plus rank
    /// is lower (a partial goal's rank still weighs the rest of the board); 0 returns the first.
    pub linger: u32,
}

/// Whether a position is where the search is going: the goal, or a partial goal (only some tiles
/// placed). Asked only where the heuristic is 0, which it must be at every such position.
pub(crate) type Reached<'a> = dyn Fn(&[u8]) -> bool + Sync + 'a;

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

impl<S> Default for Layer<S> {
    fn default() -> Self {
        Layer {
            cells: Vec::new(),
            states: Vec::new(),
            blanks: Vec::new(),
            hashes: Vec::new(),
            last: Vec::new(),
        }
    }
}

impl<S> Layer<S> {
    fn len(&self) -> usize {
        self.blanks.len()
    }
}

/// A child before selection, with its heuristic state (so the kept ones need no second look).
#[derive(Clone, Copy)]
struct Candidate<S> {
    h: u32,
    parent: u32,
    source: u8,
    m: Move,
    hash: u64,
    state: S,
}

/// The memory a beam `width` wide and `depth` layers deep takes, in bytes: every kept position's
/// parent link for the whole search, and for the latest layers their positions and states twice
/// over, about three children each, and the table of recent hashes (`remember` layers' worth).
pub(crate) fn memory<S>(cells: usize, width: usize, depth: usize, remember: usize) -> u64 {
    let candidate = std::mem::size_of::<Candidate<S>>();
    let layer = 2 * (cells + std::mem::size_of::<S>() + 10) + 3 * candidate;
    (width as u64)
        .saturating_mul(depth as u64 * 8 + layer as u64)
        .saturating_add(Recent::bytes(width.saturating_mul(remember)))
}

/// How many of the latest layers' positions are remembered to drop repeats. A position can only
/// come back an even number of moves later, and in a beam it nearly always comes back within a
/// few: a small table catches those, where one of every position ever kept would be slow to
/// query.
pub(crate) const REMEMBERED: usize = 4;

/// Searches from `cells` for a position `reached` accepts with a beam `width` positions wide,
/// ranking each layer by `h` (positions are hashed with `zobrist`; `puzzle` gives the moves).
///
/// Positions already kept in one of the latest layers (or earlier in this one) are dropped (a
/// later copy is never shorter), as are those whose depth plus `h` reaches `bound` (`h` is
/// admissible, so they cannot give a solution shorter than `bound`). `keep_going` is asked before
/// each layer with the statistics so far and the positions the layer would expand, so that a
/// node limit is never passed.
/// Returns the moves of the first solution found, which is the shortest the beam reaches, or
/// with `linger` the one of least depth plus rank among those found up to `linger` layers later
/// (the bound still holds).
pub(crate) fn search<H: Heuristic>(
    (puzzle, h, zobrist): (&Puzzle, &H, &Zobrist),
    reached: &Reached<'_>,
    cells: &[u8],
    Shape {
        width,
        bound,
        remember,
        linger,
    }: Shape,
    stats: &mut Stats,
    keep_going: &mut dyn FnMut(&Stats, u64) -> bool,
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
    if reached(cells) {
        return Ok(Vec::new());
    }
    // The hashes of the positions kept in the latest layers.
    let mut seen = Recent::new(width.saturating_mul(remember));
    seen.insert(layer.hashes[0]);
    // For each depth, each kept position's parent in the layer before and the move from it.
    let mut links: Vec<Vec<(u32, Move)>> = Vec::new();
    // Every layer's working memory is the last one's, cleared: allocating it afresh would fault
    // in as many new pages a layer as the beam is wide.
    let mut buffers = Buffers::default();
    let mut next = Layer::default();
    let mut depth = 0u32;
    let mut held = 0u64;
    // The solution with the least depth plus rank so far, and the depth of the first.
    let mut best: Option<(u32, Vec<Move>)> = None;
    let mut first: Option<u32> = None;
    loop {
        if !keep_going(stats, layer.len() as u64) {
            return best.map(|(_, moves)| moves).ok_or(Halt::Stopped);
        }
        expand(
            puzzle,
            h,
            zobrist,
            &layer,
            depth,
            bound,
            &seen,
            &mut buffers,
        );
        stats.expanded += layer.len() as u64;
        let generated = buffers.generated();
        stats.generated += generated as u64;
        if generated == 0 {
            return best.map(|(_, moves)| moves).ok_or(Halt::Exhausted);
        }
        select(&mut buffers, width, &mut seen);
        depth += 1;
        let chosen = || buffers.chosen.iter().map(|&id| buffers.candidate(id));
        links.push(chosen().map(|c| (c.parent, c.m)).collect());
        held += buffers.chosen.len() as u64;
        stats.peak_nodes = stats.peak_nodes.max(held);
        let bytes = memory::<H::State>(n, buffers.chosen.len(), links.len(), remember);
        stats.peak_memory = stats.peak_memory.max(bytes);
        if let Some((found, c)) = chosen()
            .enumerate()
            .find(|(_, c)| h.value(&c.state) == 0 && is_goal(n, &layer, c, reached))
        {
            // The first in the layer ranks best there: it beats what earlier layers found if
            // its depth plus rank is lower.
            let score = depth + h.rank(&c.state);
            if best.as_ref().is_none_or(|&(least, _)| score < least) {
                best = Some((score, path(&links, found)));
            }
            first.get_or_insert(depth);
        }
        if let Some(first) = first
            && depth >= first + linger
        {
            return Ok(best.map(|(_, moves)| moves).unwrap_or_default());
        }
        advance(puzzle, &layer, &buffers, &mut next);
        std::mem::swap(&mut layer, &mut next);
    }
}

/// The memory a beam reuses from one layer to the next.
struct Buffers<S> {
    /// Every child of the layer, in the chunks of parents that made them: they stay where they
    /// were made (a candidate carries its heuristic's state, which may be hundreds of bytes).
    parts: Vec<Vec<Candidate<S>>>,
    /// How many of `parts` this layer filled.
    used: usize,
    /// How many candidates have each value (counting sort).
    counts: Vec<usize>,
    /// The candidates by value.
    order: Vec<Id>,
    /// The candidates kept.
    chosen: Vec<Id>,
}

/// Where a candidate is: its chunk and its place there.
#[derive(Clone, Copy, Default)]
struct Id {
    part: u32,
    index: u32,
}

impl<S> Default for Buffers<S> {
    fn default() -> Self {
        Buffers {
            parts: Vec::new(),
            used: 0,
            counts: Vec::new(),
            order: Vec::new(),
            chosen: Vec::new(),
        }
    }
}

impl<S> Buffers<S> {
    /// The candidates of this layer.
    fn candidates(&self) -> impl Iterator<Item = (Id, &Candidate<S>)> {
        self.parts[..self.used]
            .iter()
            .enumerate()
            .flat_map(|(part, candidates)| {
                candidates.iter().enumerate().map(move |(index, c)| {
                    let (part, index) = (part as u32, index as u32);
                    (Id { part, index }, c)
                })
            })
    }

    fn generated(&self) -> usize {
        self.parts[..self.used].iter().map(Vec::len).sum()
    }

    fn candidate(&self, id: Id) -> &Candidate<S> {
        &self.parts[id.part as usize][id.index as usize]
    }
}

/// Every child of every position of `layer` that is new and may still beat `bound`, into
/// `buffers.parts`.
#[allow(clippy::too_many_arguments)]
fn expand<H: Heuristic>(
    puzzle: &Puzzle,
    h: &H,
    zobrist: &Zobrist,
    layer: &Layer<H::State>,
    depth: u32,
    bound: u32,
    seen: &Recent,
    buffers: &mut Buffers<H::State>,
) {
    let n = puzzle.cells();
    let admissible_cut = depth + 1;
    buffers.used = parallel::map_chunks(
        layer.len(),
        || vec![0u8; n],
        |cells, i, out: &mut Vec<Candidate<H::State>>| {
            if let Some(ahead) = Some(i + AHEAD).filter(|&a| a < layer.len()) {
                prefetch_children(puzzle, zobrist, layer, ahead, seen);
            }
            cells.copy_from_slice(&layer.cells[i * n..(i + 1) * n]);
            let blank = layer.blanks[i] as usize;
            for &(source, m) in puzzle.neighbours(blank) {
                if layer.last[i] == Some(m.opposite()) {
                    continue;
                }
                let source = source as usize;
                let tile = cells[source];
                let hash = zobrist.slide(layer.hashes[i], tile, source, blank);
                if seen.contains(hash) {
                    continue;
                }
                cells[blank] = tile;
                cells[source] = 0;
                let state = h.moved(&layer.states[i], cells, tile, source, blank);
                cells[source] = tile;
                cells[blank] = 0;
                if admissible_cut + h.value(&state) >= bound {
                    continue;
                }
                out.push(Candidate {
                    h: h.rank(&state),
                    parent: i as u32,
                    source: source as u8,
                    m,
                    hash,
                    state,
                });
            }
        },
        &mut buffers.parts,
    );
}

/// How many parents ahead of the one expanded their children's memory is asked for: enough to
/// cover a miss's wait, few enough that the lines are still cached when they are read.
const AHEAD: usize = 4;

/// How many candidates ahead of the one selected its memory is asked for.
const AHEAD_SELECTED: usize = 8;

/// Asks for the buckets of parent `i`'s children in the table of recent positions, which its
/// expansion will query.
fn prefetch_children<S>(
    puzzle: &Puzzle,
    zobrist: &Zobrist,
    layer: &Layer<S>,
    i: usize,
    seen: &Recent,
) {
    let n = puzzle.cells();
    let blank = layer.blanks[i] as usize;
    for &(source, _) in puzzle.neighbours(blank) {
        let source = source as usize;
        let tile = layer.cells[i * n + source];
        seen.prefetch(zobrist.slide(layer.hashes[i], tile, source, blank));
    }
}

/// The `width` lowest-valued candidates into `buffers.chosen`, one per position (the first copy
/// of each), their hashes remembered in `seen`. Counting by value keeps this linear in the number
/// of candidates.
fn select<S>(buffers: &mut Buffers<S>, width: usize, seen: &mut Recent) {
    let top = buffers.candidates().map(|(_, c)| c.h).max().unwrap_or(0) as usize;
    let mut counts = std::mem::take(&mut buffers.counts);
    counts.clear();
    counts.resize(top + 2, 0);
    for (_, c) in buffers.candidates() {
        counts[c.h as usize + 1] += 1;
    }
    for v in 1..counts.len() {
        counts[v] += counts[v - 1];
    }
    // Stable counting sort by value: ties keep the order of generation.
    let mut order = std::mem::take(&mut buffers.order);
    order.clear();
    order.resize(buffers.generated(), Id::default());
    for (id, c) in buffers.candidates() {
        let slot = &mut counts[c.h as usize];
        order[*slot] = id;
        *slot += 1;
    }
    let mut chosen = std::mem::take(&mut buffers.chosen);
    chosen.clear();
    for (k, &id) in order.iter().enumerate() {
        // The candidates are read in the order of their values, all over memory: ask for the
        // next ones' lines early.
        if let Some(&ahead) = order.get(k + AHEAD_SELECTED) {
            npuzzle_heuristic::prefetch(buffers.candidate(ahead));
        }
        if seen.insert(buffers.candidate(id).hash) {
            chosen.push(id);
            if chosen.len() == width {
                break;
            }
        }
    }
    (buffers.counts, buffers.order, buffers.chosen) = (counts, order, chosen);
}

/// Whether a candidate valued 0 is the goal itself (a heuristic may be 0 elsewhere).
fn is_goal<S>(n: usize, layer: &Layer<S>, c: &Candidate<S>, reached: &Reached<'_>) -> bool {
    let p = c.parent as usize;
    let mut cells = layer.cells[p * n..(p + 1) * n].to_vec();
    let (blank, source) = (layer.blanks[p] as usize, c.source as usize);
    cells[blank] = cells[source];
    cells[source] = 0;
    reached(&cells)
}

/// The next layer, into `next`: the chosen children made into positions.
fn advance<S: Copy + Send + Sync>(
    puzzle: &Puzzle,
    layer: &Layer<S>,
    buffers: &Buffers<S>,
    next: &mut Layer<S>,
) {
    let n = puzzle.cells();
    let chosen = || buffers.chosen.iter().map(|&id| buffers.candidate(id));
    next.cells.clear();
    next.cells.resize(buffers.chosen.len() * n, 0);
    parallel::fill_rows(&mut next.cells, n, &buffers.chosen, |&id, cells| {
        let c = buffers.candidate(id);
        let p = c.parent as usize;
        cells.copy_from_slice(&layer.cells[p * n..(p + 1) * n]);
        let (blank, source) = (layer.blanks[p] as usize, c.source as usize);
        cells[blank] = cells[source];
        cells[source] = 0;
    });
    next.states.clear();
    next.states.extend(chosen().map(|c| c.state));
    next.blanks.clear();
    next.blanks.extend(chosen().map(|c| c.source));
    next.hashes.clear();
    next.hashes.extend(chosen().map(|c| c.hash));
    next.last.clear();
    next.last.extend(chosen().map(|c| Some(c.m)));
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
