//! An experiment for issue 39: how much would A*+IDA* (Bu & Korf 2019: A* until memory is full,
//! then IDA* below each node of its frontier) save by detecting duplicates in its frontier?
//!
//! IDA* searches the subtree below every path that reaches a depth within the threshold, so a
//! position reached by two such paths is searched twice; A* keeps one. This program lays out an
//! iteration of IDA* (zero-aware 6-6-6-6 with its reflection, parent pruning and the FSM of
//! duplicate paths the search uses) breadth-first, a layer of paths a depth, and counts in each
//! layer the paths, the distinct positions, and the positions not already met at a shallower
//! depth: the paths over the last is how many times IDA* searches each subtree that A*+IDA*
//! with that frontier would search once. The last two columns count the same within each of
//! the subtrees of the search's cut (the first layer of 512 paths or more): what a frontier
//! kept apart for each subtree would remove.
//!
//! ```text
//! cargo run --release -p npuzzle-search --example frontier_duplicates -- DIR 44,22 [MOST]
//! ```
//!
//! DIR holds the zero-aware databases for the blank-first goal (`npuzzle pdb build --size 5
//! --goal blank-first`); each instance is laid out at its optimum less two (the last iteration
//! IDA* searches whole) until a layer holds more than MOST paths (20 million by default).

use std::collections::HashSet;

use npuzzle_core::instances::InstanceFile;
use npuzzle_core::{Goal, Move, Size};
use npuzzle_heuristic::{
    Heuristic,
    fsm::{Fsm, FsmState},
    pdb::{AdditivePdb, PdbState, Store},
};
use npuzzle_search::Puzzle;

/// A path of a layer: where it leads and what the search carries down it.
struct Node {
    unit: u32,
    cells: [u8; 25],
    blank: usize,
    last: Option<Move>,
    machine: FsmState,
    state: PdbState,
}

/// The position as one number (five bits a cell).
fn key(cells: &[u8; 25]) -> u128 {
    cells
        .iter()
        .fold(0u128, |key, &tile| (key << 5) | u128::from(tile))
}

/// The next layer: every child of `layer` within `bound` that the FSM allows.
fn deeper(
    puzzle: &Puzzle,
    h: &AdditivePdb,
    fsm: &Fsm,
    layer: &[Node],
    g: u32,
    bound: u32,
) -> Vec<Node> {
    let mut next = Vec::new();
    for node in layer {
        for &(source, m) in puzzle.neighbours(node.blank) {
            if node.last == Some(m.opposite()) {
                continue;
            }
            let Some(machine) = fsm.step(node.machine, m) else {
                continue;
            };
            let source = source as usize;
            let mut cells = node.cells;
            let tile = cells[source];
            cells[node.blank] = tile;
            cells[source] = 0;
            let state = h.moved(&node.state, &cells, tile, source, node.blank);
            if g + 1 + h.value(&state) <= bound {
                next.push(Node {
                    unit: node.unit,
                    cells,
                    blank: source,
                    last: Some(m),
                    machine,
                    state,
                });
            }
        }
    }
    next
}

fn lay_out(puzzle: &Puzzle, h: &AdditivePdb, fsm: &Fsm, cells: [u8; 25], bound: u32, most: usize) {
    let blank = cells.iter().position(|&t| t == 0).expect("a blank");
    let state = h.start(&cells);
    let mut layer = vec![Node {
        unit: 0,
        cells,
        blank,
        last: None,
        machine: fsm.start(blank),
        state,
    }];
    let mut met: HashSet<u128> = HashSet::new();
    let mut met_in_unit: HashSet<(u32, u128)> = HashSet::new();
    let mut cut = false;
    println!("depth\tpaths\tdistinct\tnew\tpaths/new\tnew in its subtree\tpaths/that");
    for g in 0.. {
        let distinct: HashSet<u128> = layer.iter().map(|n| key(&n.cells)).collect();
        let fresh = distinct.iter().filter(|k| !met.contains(k)).count();
        if !cut && layer.len() >= 512 {
            // The search's cut: each path from here on is in the subtree of its ancestor here.
            cut = true;
            for (i, node) in layer.iter_mut().enumerate() {
                node.unit = i as u32;
            }
        }
        let in_unit: HashSet<(u32, u128)> = layer.iter().map(|n| (n.unit, key(&n.cells))).collect();
        let fresh_in_unit = in_unit.iter().filter(|k| !met_in_unit.contains(k)).count();
        println!(
            "{g}\t{}\t{}\t{fresh}\t{:.3}\t{fresh_in_unit}\t{:.3}",
            layer.len(),
            distinct.len(),
            layer.len() as f64 / fresh.max(1) as f64,
            layer.len() as f64 / fresh_in_unit.max(1) as f64
        );
        met_in_unit.extend(in_unit);
        if layer.len() > most || layer.is_empty() {
            break;
        }
        met.extend(distinct);
        layer = deeper(puzzle, h, fsm, &layer, g, bound);
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let dir = args
        .first()
        .ok_or("usage: frontier_duplicates DIR LIST [MOST]")?;
    let wanted: Vec<usize> = match args.get(1) {
        Some(list) => list.split(',').map(str::parse).collect::<Result<_, _>>()?,
        None => vec![44, 22],
    };
    let most: usize = args.get(2).map_or(Ok(20_000_000), |s| s.parse())?;
    let goal = Goal::BlankFirst.board(Size::square(5)?)?;
    let puzzle = Puzzle::new(&goal)?;
    let h = Store::new(dir.as_str()).open(&puzzle, &"z:6666".parse()?, &mut |_| {})?;
    let fsm = npuzzle_search::algorithm::machine(npuzzle_core::Size::square(5).expect("a size"));
    let text = include_str!("../../../data/instances/korf24_50.txt");
    let file = InstanceFile::parse(text)?;
    for n in wanted {
        let instance = (n.checked_sub(1))
            .and_then(|i| file.instances.get(i))
            .ok_or(format!(
                "no instance #{n}: the file has {}",
                file.instances.len()
            ))?;
        let cells: [u8; 25] = puzzle
            .bytes(&instance.board)
            .try_into()
            .map_err(|_| "a 5x5 board")?;
        let optimum = instance.optimal.ok_or("an instance without its optimum")?;
        let bound = u32::try_from(optimum)? - 2;
        println!(
            "#{n}, threshold {bound} (its optimum less two), root h {}",
            h.value(&h.start(&cells))
        );
        lay_out(&puzzle, &h, fsm, cells, bound, most);
    }
    Ok(())
}
