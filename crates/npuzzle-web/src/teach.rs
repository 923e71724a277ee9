//! What the page teaches with: a finished game analysed move by move (streamed from the worker,
//! so the chart fills in as it goes), every optimal move of a position (the graded hints and the
//! trainer), positions dealt at an exact distance (the trainer) and the daily puzzle. Every
//! answer is the library's ([`npuzzle_search::analysis`], [`npuzzle_core::daily`]): the page
//! computes nothing of its own.

use std::cell::RefCell;
use std::rc::Rc;

use npuzzle_core::daily::{self, Date};
use npuzzle_core::{Board, Generator, Size};
use npuzzle_game::Record;
use npuzzle_search::analysis::{self, Walk};
use npuzzle_search::{AnyHeuristic, Limits, Options, Solver};
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::{WebGame, databases_for, goal_of, text};

/// The most cells the page analyses and hints exactly (4×4: by IDA*, with the databases once
/// they are built); larger boards are not analysed on the page.
pub const MOST_ANALYSED_CELLS: usize = 16;

thread_local! {
    /// The optimal solver of the last goal asked for, and whether it had the databases.
    static OPTIMAL: RefCell<Option<(Board, bool, Rc<Solver>)>> = const { RefCell::new(None) };
}

/// An optimal solver toward `goal` (the complete table on small boards, IDA* on 4×4 with the
/// databases when this worker has them), kept for the next request.
fn optimal_solver(goal: &Board) -> Result<Rc<Solver>, String> {
    if goal.cells().len() > MOST_ANALYSED_CELLS {
        return Err(format!(
            "the page proves distances on boards of up to {MOST_ANALYSED_CELLS} cells, not {} (npuzzle analyse does larger ones, with bounds)",
            goal.size()
        ));
    }
    let databases = databases_for(goal);
    let with = databases.is_some();
    if let Some(solver) = OPTIMAL.with(|slot| {
        slot.borrow()
            .as_ref()
            .filter(|(of, had, _)| of == goal && *had == with)
            .map(|(_, _, solver)| Rc::clone(solver))
    }) {
        return Ok(solver);
    }
    let options = Options::default();
    let solver = match databases {
        Some(databases) => Solver::with_heuristic(goal, options, AnyHeuristic::Pdb(databases)),
        None => Solver::new(goal, options),
    }
    .map_err(text)?;
    let solver = Rc::new(solver);
    OPTIMAL.with(|slot| *slot.borrow_mut() = Some((goal.clone(), with, Rc::clone(&solver))));
    Ok(solver)
}

/// A finished game's analysis, a move at a time: the worker calls [`WebAnalysis::next`] until
/// it returns nothing, posting each step to the page as it comes.
///
/// ```
/// use npuzzle_web::WebAnalysis;
/// let mut analysis = WebAnalysis::new("1 2 3/4 5 6/0 7 8", "DULL", "blank-last").unwrap();
/// assert_eq!(analysis.start_distance().unwrap(), r#"{"kind":"exact","moves":2}"#);
/// let first = analysis.next().unwrap().unwrap();
/// assert!(first.contains(r#""verdict":"mistake""#) && first.contains(r#""optimal_moves":"L""#));
/// while analysis.next().unwrap().is_some() {}
/// assert!(analysis.analysis().unwrap().contains(r#""mistakes":1"#));
/// assert_eq!(analysis.mistakes().unwrap(), r#"{"count":1,"first":[1,4]}"#);
/// ```
#[wasm_bindgen]
pub struct WebAnalysis {
    solver: Rc<Solver>,
    walk: Walk,
}

#[wasm_bindgen]
impl WebAnalysis {
    /// The analysis of the game from `start` (any position format) playing `moves` (tile
    /// letters, as [`WebGame::moves`] or a link gives them) toward `goal`.
    #[wasm_bindgen(constructor)]
    pub fn new(start: &str, moves: &str, goal: &str) -> Result<WebAnalysis, String> {
        let start: Board = start.parse().map_err(text)?;
        let goal = goal_of(goal)?.board(start.size()).map_err(text)?;
        let played = npuzzle_core::parse_moves(moves, None, Some(&start)).map_err(text)?;
        let solver = optimal_solver(&goal)?;
        let walk = Walk::new(&start, &played).map_err(text)?;
        Ok(WebAnalysis { solver, walk })
    }

    /// The start's distance, as JSON (`{"kind":"exact","moves":47}`).
    pub fn start_distance(&mut self) -> Result<String, String> {
        let distance = self
            .walk
            .start_distance(&self.solver, &Limits::none())
            .map_err(text)?;
        serde_json::to_string(&distance).map_err(text)
    }

    /// The next move analysed, as JSON (`number`, `played`, `before`, `after`, `verdict`,
    /// `optimal_moves`), or nothing once every move is.
    #[allow(clippy::should_implement_trait)] // JavaScript calls it; an Iterator does not cross
    pub fn next(&mut self) -> Result<Option<String>, String> {
        let step = self
            .walk
            .next_step(&self.solver, &Limits::none())
            .map_err(text)?;
        step.map(|s| serde_json::to_string(s).map_err(text))
            .transpose()
    }

    /// The whole analysis (the steps and the totals) as JSON, once every move is analysed.
    pub fn analysis(&self) -> Option<String> {
        let analysis = self.walk.analysis(&self.solver)?;
        serde_json::to_string(&analysis).ok()
    }

    /// What the game's record keeps of the analysis, as JSON (`{"count":1,"first":[1,4]}`),
    /// once every move is analysed and proved.
    pub fn mistakes(&self) -> Option<String> {
        let analysis = self.walk.analysis(&self.solver)?;
        let (count, first) = analysis.totals.proved_mistakes()?;
        serde_json::to_string(&npuzzle_game::Mistakes { count, first }).ok()
    }
}

/// A position's distance and what keeps the optimum from it.
#[derive(Serialize)]
struct Good {
    distance: analysis::Distance,
    /// Every optimal move, tile letters.
    optimal_moves: String,
    /// The tiles those moves slide, in the same order.
    tiles: Vec<u32>,
}

/// The distance of `position` toward `goal` and every optimal move from it, as JSON:
/// `{"distance":{"kind":"exact","moves":2},"optimal_moves":"U","tiles":[5]}` (the graded hints:
/// the distance first, then the tiles, then a move).
///
/// ```
/// let good = npuzzle_web::optimal_moves("1 2 3/4 0 6/7 5 8", "blank-last").unwrap();
/// assert_eq!(good, r#"{"distance":{"kind":"exact","moves":2},"optimal_moves":"U","tiles":[5]}"#);
/// ```
#[wasm_bindgen]
pub fn optimal_moves(position: &str, goal: &str) -> Result<String, String> {
    let board: Board = position.parse().map_err(text)?;
    let goal = goal_of(goal)?.board(board.size()).map_err(text)?;
    let solver = optimal_solver(&goal)?;
    let (distance, moves) = analysis::optimal_moves(&solver, &board).map_err(text)?;
    let tiles = moves
        .iter()
        .filter_map(|&m| board.source(m).map(|cell| board.cells()[cell]))
        .collect();
    let good = Good {
        distance,
        optimal_moves: moves.iter().map(|m| m.tile_letter()).collect(),
        tiles,
    };
    serde_json::to_string(&good).map_err(text)
}

/// A position exactly `distance` moves from `goal` on a `size` board, dealt from `seed` (a
/// decimal string): the trainer's round. Boards of up to 12 cells deal by random walks proved
/// by the table, 4×4 as the library's [`analysis::deal_at_distance`] does.
///
/// ```
/// let position = npuzzle_web::deal_at_distance("3", "blank-last", 14, "7").unwrap();
/// let good = npuzzle_web::optimal_moves(&position, "blank-last").unwrap();
/// assert!(good.starts_with(r#"{"distance":{"kind":"exact","moves":14}"#));
/// ```
#[wasm_bindgen]
pub fn deal_at_distance(
    size: &str,
    goal: &str,
    distance: u8,
    seed: &str,
) -> Result<String, String> {
    let size: Size = size.parse().map_err(text)?;
    let goal = goal_of(goal)?.board(size).map_err(text)?;
    let solver = optimal_solver(&goal)?;
    let seed: u64 = seed
        .trim()
        .parse()
        .map_err(|_| format!("the seed must be a whole number, not '{seed}'"))?;
    let mut generator = Generator::new(seed);
    let dealt =
        analysis::deal_at_distance(&solver, distance, &mut generator, &Limits::none(), DRAWS)
            .map_err(text)?
            .ok_or_else(|| {
                format!("no {size} position {distance} moves from the goal was found")
            })?;
    Ok(dealt.to_string())
}

/// The draws the trainer makes for a round before it gives up (the CLI's too).
const DRAWS: usize = 20_000;

/// The daily puzzle of `date` (`YYYY-MM-DD`, UTC: the page passes its own clock's) on a board
/// of `size`, in slash rows: the same position `npuzzle daily --date DATE --size SIZE --show`
/// gives.
///
/// ```
/// assert_eq!(npuzzle_web::daily_position("2026-12-01", "4").unwrap(), "1 3 12 15/13 6 8 0/11 10 7 5/2 4 14 9");
/// assert!(npuzzle_web::daily_position("2026-02-30", "4").is_err());
/// ```
#[wasm_bindgen]
pub fn daily_position(date: &str, size: &str) -> Result<String, String> {
    let date: Date = date.parse().map_err(text)?;
    let size: Size = size.parse().map_err(text)?;
    Ok(daily::position(date, size).to_string())
}

#[wasm_bindgen]
impl WebGame {
    /// The record of this game won as the daily puzzle of `date` (today's, by the page's
    /// clock), as [`WebGame::record`] gives it, with its streak counted over `stored` (the
    /// records kept), and the line to share (`npuzzle daily 2026-12-01 4x4: 63 moves (optimal
    /// 47) in 41.20 s · streak 3 days`): `{"record": {...}, "share": "..."}`. Refused when the
    /// game is not that day's puzzle.
    ///
    /// ```
    /// use npuzzle_web::{WebGame, daily_position};
    /// let game = WebGame::from_position(&daily_position("2026-12-01", "3").unwrap(), "blank-last").unwrap();
    /// let won = game.daily_record("2026-12-01", 0.0, None, 1.8e9, "[]").unwrap();
    /// assert!(won.contains(r#""daily":{"date":"2026-12-01","streak":1}"#), "{won}");
    /// assert!(game.daily_record("2026-12-02", 0.0, None, 1.8e9, "[]").is_err());
    /// ```
    pub fn daily_record(
        &self,
        date: &str,
        now: f64,
        optimal: Option<u32>,
        finished_at: f64,
        stored: &str,
    ) -> Result<String, String> {
        let date: Date = date.parse().map_err(text)?;
        let start = self.game.start();
        if daily::position(date, start.size()) != *start {
            return Err(format!("this game is not the daily puzzle of {date}"));
        }
        let record: Record =
            serde_json::from_str(&self.record(now, optimal, finished_at)).map_err(text)?;
        let earlier = crate::records::read(stored);
        let streak = npuzzle_game::records::daily_streak(&earlier, date.previous()) + 1;
        let record = record.with_daily(date, streak);
        let share = record
            .daily
            .as_ref()
            .map(|d| crate::language::lang().share(&record, d))
            .unwrap_or_default();
        let record = serde_json::to_string(&record).map_err(text)?;
        Ok(format!(
            r#"{{"record":{record},"share":{}}}"#,
            serde_json::to_string(&share).map_err(text)?
        ))
    }
}
