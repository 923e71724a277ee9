//! The page's search lab: a search watched in the worker, every step kept with its sentence
//! (the game's [`Narrator`], in the page's language) for the page to play back at the pace the
//! student chooses.

use npuzzle_core::Board;
use npuzzle_game::lab::{LAB_NODES, Narrator};
use npuzzle_search::algorithm::observe::Event;
use npuzzle_search::{Algorithm, AnyHeuristic, HeuristicKind, Limits, Options, SolveError, Solver};
use npuzzle_settings::ranges::Whole;
use serde::Serialize;
use serde_json::Value;
use wasm_bindgen::prelude::*;

use crate::language::lang;
use crate::{databases_for, goal_of, text};

/// A watched search as the page plays it back.
#[derive(Serialize)]
struct Trace {
    /// Each event (the trace file's fields) and `said`, its sentence.
    steps: Vec<Value>,
    /// Events past the cap, not kept.
    left_out: u64,
    /// The board's width, to draw its positions.
    width: usize,
    expanded: u64,
    generated: u64,
    /// The solution, in tile letters.
    moves: String,
    optimal: bool,
    algorithm: &'static str,
    /// The search's figures in a sentence.
    closing: String,
}

/// Watches the search `algorithm` (`idastar`, `astar`, `rbfs`, `wastar`, `greedy`, or `table`
/// for the complete table's build) with `heuristic` from `position` toward `goal`, keeping the
/// first `cap` events (checked as `--trace-cap` is) with their sentences. Returns the trace as
/// JSON: `{steps: [{event, …, said}], left_out, expanded, generated, moves, optimal, algorithm,
/// closing}`. A search past [`LAB_NODES`] nodes is stopped, with what would reach further.
///
/// ```
/// let trace = npuzzle_web::lab_trace("1 2 3/4 0 6/7 5 8", "blank-last", "astar", "manhattan", 100).unwrap();
/// let trace: serde_json::Value = serde_json::from_str(&trace).unwrap();
/// assert_eq!((trace["steps"][0]["event"].as_str(), trace["steps"][0]["h"].as_u64()), (Some("expanded"), Some(2)));
/// let trace = trace.to_string();
/// assert!(trace.contains(r#""said":"Expand 1 2 3/4 0 6/7 5 8 (path —): g = 0, h = 2, f = 2.""#));
/// assert!(trace.contains(r#""moves":"UL""#));
/// assert!(npuzzle_web::lab_trace("1 2 3/4 0 6/7 5 8", "blank-last", "anytime", "manhattan", 100).is_err());
/// assert!(npuzzle_web::lab_trace("1 2 3/4 0 6/7 5 8", "blank-last", "astar", "manhattan", 0).is_err());
/// ```
#[wasm_bindgen]
pub fn lab_trace(
    position: &str,
    goal: &str,
    algorithm: &str,
    heuristic: &str,
    cap: u32,
) -> Result<String, String> {
    let cap = Whole::TraceEvents.check(cap.into()).map_err(text)?;
    let board: Board = position.parse().map_err(text)?;
    let goal = goal_of(goal)?.board(board.size()).map_err(text)?;
    let algorithm: Algorithm = algorithm.parse().map_err(text)?;
    let kind: HeuristicKind = heuristic.parse().map_err(text)?;
    let solver = lab_solver(&goal, algorithm, kind)?;
    let mut narrator = Narrator::new(lang(), algorithm, board.width());
    let (mut steps, mut left_out, mut failed) = (Vec::new(), 0u64, None);
    let limits = solver.options().limits.clone();
    let solved = solver.watch(&board, &limits, &mut |event: &Event<'_>| {
        if steps.len() as u64 >= cap {
            narrator.note(event);
            left_out += 1;
            return;
        }
        let said = narrator.say(event);
        match serde_json::to_value(event) {
            Ok(mut step) => {
                step["said"] = said.into();
                steps.push(step);
            }
            Err(error) => failed = Some(error.to_string()),
        }
    });
    if let Some(error) = failed {
        return Err(error);
    }
    let solution = solved.map_err(|e| match e {
        SolveError::LimitReached { .. } => narrator.stopped(&e.to_string()),
        e => e.to_string(),
    })?;
    let trace = Trace {
        steps,
        left_out,
        width: board.width(),
        expanded: solution.stats.expanded,
        generated: solution.stats.generated,
        moves: solution.moves.iter().map(|m| m.tile_letter()).collect(),
        optimal: solution.optimal,
        algorithm: algorithm.name(),
        closing: narrator.close(0, 0, solution.stats.expanded, solution.stats.generated),
    };
    serde_json::to_string(&trace).map_err(text)
}

/// The solver of the lab's settings, within [`LAB_NODES`]; pattern databases where this worker
/// was given them.
fn lab_solver(goal: &Board, algorithm: Algorithm, kind: HeuristicKind) -> Result<Solver, String> {
    let options = Options {
        algorithm,
        heuristic: Some(kind).filter(|k| *k != HeuristicKind::Pdb),
        limits: Limits {
            max_nodes: Some(LAB_NODES),
            ..Limits::default()
        },
        ..Options::default()
    };
    let solver = match kind {
        HeuristicKind::Pdb => {
            let databases = databases_for(goal).ok_or_else(|| {
                lang()
                    .pick(
                        "the pattern databases are for the 4×4 and are still being built: try again in a few seconds, or choose walking distance",
                        "as bases de dados de padrões são do 4×4 e ainda estão a ser construídas: tente daqui a alguns segundos, ou escolha a distância de caminhada",
                    )
                    .to_string()
            })?;
            Solver::with_heuristic(goal, options, AnyHeuristic::Pdb(databases))
        }
        _ => Solver::new(goal, options),
    };
    solver.map_err(text)
}

thread_local! {
    /// The 8-puzzle and its complete table, built once in this worker for the textbook's table.
    static TEXTBOOK: std::cell::OnceCell<(npuzzle_search::Puzzle, npuzzle_search::DistanceTable)> =
        const { std::cell::OnceCell::new() };
}

/// One row of the textbook's table (`npuzzle lab --table`'s, every column): `count` positions
/// dealt at `depth` from `seed`, iterative deepening up to `deepening_depth`, each setting checked
/// as the command line checks it. JSON: `{depth, positions, columns: [names], measured: [{cost,
/// branching, standard_error} or null], published}`.
///
/// ```
/// let row = npuzzle_web::textbook_row(4, 5, 8, 1).unwrap();
/// assert!(row.starts_with(r#"{"depth":4,"positions":5,"columns":["IDS","A* h1","A* h2","#));
/// assert!(row.contains(r#""astar_h2":12.0"#));
/// assert!(npuzzle_web::textbook_row(40, 5, 8, 1).is_err());
/// ```
#[wasm_bindgen]
pub fn textbook_row(
    depth: u32,
    count: u32,
    deepening_depth: u32,
    seed: u32,
) -> Result<String, String> {
    use npuzzle_search::textbook::{Column, Row, Table};
    let depth = Whole::TableDepth.check(depth.into()).map_err(text)? as u32;
    let count = Whole::TablePositions.check(count.into()).map_err(text)? as usize;
    let deepening_depth = Whole::TableDepth
        .check(deepening_depth.into())
        .map_err(text)? as u32;
    let table = Table {
        columns: Column::all(),
        positions: count,
        deepening_depth,
        seed: seed.into(),
    };
    #[derive(Serialize)]
    struct Named<'a> {
        depth: u32,
        positions: usize,
        columns: Vec<String>,
        measured: &'a [Option<npuzzle_search::textbook::Measured>],
        published: Option<npuzzle_search::textbook::Published>,
    }
    let row: Row = TEXTBOOK.with(|cell| {
        let (puzzle, complete) = match cell.get() {
            Some(built) => built,
            None => {
                let built = Table::board().map_err(text)?;
                cell.get_or_init(|| built)
            }
        };
        table.row(puzzle, complete, depth).map_err(text)
    })?;
    let named = Named {
        depth: row.depth,
        positions: row.positions,
        columns: table.columns.iter().map(Column::name).collect(),
        measured: &row.measured,
        published: row.published,
    };
    serde_json::to_string(&named).map_err(text)
}

/// The effective branching factor of `generated` nodes for a solution `depth` moves deep (the
/// library's [`npuzzle_search::textbook::effective_branching`]), for the lab's counts.
///
/// ```
/// assert!((npuzzle_web::effective_branching(52.0, 5) - 1.92).abs() < 0.005);
/// ```
#[wasm_bindgen]
pub fn effective_branching(generated: f64, depth: u32) -> f64 {
    npuzzle_search::textbook::effective_branching(generated, depth)
}
