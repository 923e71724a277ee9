//! The page's statistics: finished games kept in the browser's storage as the same JSON array
//! `npuzzle stats --export json` writes (so the two import each other's), summarised per size
//! by the core's [`Statistics`]; and the trainer's statistics, the JSON `npuzzle trainer` keeps.

use npuzzle_game::records::{self, merge, whole_records};
use npuzzle_game::trainer::{Level, Statistics as TrainerStatistics};
use npuzzle_game::{Record, Statistics};
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::{WebGame, millis, text};

#[wasm_bindgen]
impl WebGame {
    /// The record of this game, won by `now` (the page's clock), as JSON: `optimal` is the
    /// start's optimal length when known, `finished_at` the time in seconds since 1970.
    ///
    /// ```
    /// use npuzzle_web::WebGame;
    /// let mut game = WebGame::from_position("1 2 3/4 5 6/7 0 8", "blank-last").unwrap();
    /// game.arrow("L", 0.0).unwrap();
    /// let record = game.record(500.0, Some(1), 1.8e9);
    /// assert!(record.starts_with(r#"{"size":"3x3","stm":1,"mtm":1,"milliseconds":0,"seed":null,"assisted":false,"optimal":1,"#));
    /// ```
    pub fn record(&self, now: f64, optimal: Option<u32>, finished_at: f64) -> String {
        let record = Record::new(
            self.game.board().size(),
            self.game.summary(millis(now)),
            self.seed,
            optimal.map(|o| o as usize),
            (finished_at.max(0.0)) as u64,
        )
        .with_replay(&self.game);
        serde_json::to_string(&record).unwrap_or_default()
    }
}

/// The records in `stored` with `mistakes` (a record's `mistakes` JSON, as
/// [`crate::WebAnalysis::mistakes`] gives it) kept with the game finished at `finished_at`
/// after `stm` moves, once its analysis is done (the record is written before it ends).
///
/// ```
/// let game = r#"{"size":"3x3","stm":4,"mtm":3,"milliseconds":900,"seed":null,"assisted":false,"optimal":2,"finished_at":7}"#;
/// let kept = npuzzle_web::with_mistakes(&format!("[{game}]"), 7.0, 4, r#"{"count":1,"first":[1,4]}"#).unwrap();
/// assert!(kept.contains(r#""mistakes":{"count":1,"first":[1,4]}"#), "{kept}");
/// assert!(npuzzle_web::with_mistakes("[]", 7.0, 4, r#"{"count":3,"first":[1,4]}"#).unwrap() == "[]");
/// ```
#[wasm_bindgen]
pub fn with_mistakes(
    stored: &str,
    finished_at: f64,
    stm: usize,
    mistakes: &str,
) -> Result<String, String> {
    let mistakes: npuzzle_game::Mistakes = serde_json::from_str(mistakes).map_err(text)?;
    let finished_at = finished_at.max(0.0) as u64;
    let mut all = read(stored);
    for record in all
        .iter_mut()
        .filter(|r| (r.finished_at, r.stm) == (finished_at, stm) && r.mistakes.is_none())
    {
        record.mistakes = Some(mistakes);
        // Kept only when the record can still be believed (the check every reader makes).
        if record.check().is_err() {
            record.mistakes = None;
        }
    }
    serde_json::to_string(&all).map_err(text)
}

/// The records in `stored` (the page's storage): all of them, or when the text is damaged,
/// every whole record at its start.
pub(crate) fn read(stored: &str) -> Vec<Record> {
    serde_json::from_str(stored).unwrap_or_else(|_| whole_records(stored))
}

/// One row of the statistics table.
#[derive(Serialize)]
struct Row {
    size: String,
    assisted: usize,
    #[serde(flatten)]
    statistics: Statistics,
}

/// The statistics of every size in `stored` (the records JSON), in order of first play, as a
/// JSON array: `size`, `solves` (without help), `assisted`, `best_time`, `average_of_5`, `_12`,
/// `_50`, `_100` (milliseconds, best and worst dropped; null until there are that many) and
/// `fewest_moves`.
///
/// ```
/// let stored = r#"[{"size":"3x3","stm":20,"mtm":15,"milliseconds":9000,"seed":1,"assisted":false,"optimal":null,"finished_at":0}]"#;
/// let table = npuzzle_web::statistics(stored);
/// assert!(table.contains(r#""size":"3x3","assisted":0,"solves":1,"best_time":9000"#), "{table}");
/// ```
#[wasm_bindgen]
pub fn statistics(stored: &str) -> String {
    let all = read(stored);
    let rows: Vec<Row> = records::sizes(&all)
        .into_iter()
        .map(|size| Row {
            assisted: all.iter().filter(|r| r.size == size && r.assisted).count(),
            statistics: Statistics::of(&all, &size),
            size,
        })
        .collect();
    serde_json::to_string(&rows).unwrap_or_default()
}

/// Adds the games of `imported` (an export of this page or of `npuzzle stats --export json`)
/// to `stored`, without doubles; returns `{"added": n, "records": [...]}`. Text that is not a
/// records file is refused with where it goes wrong.
///
/// ```
/// let game = r#"{"size":"3x3","stm":20,"mtm":15,"milliseconds":9000,"seed":1,"assisted":false,"optimal":null,"finished_at":7}"#;
/// let merged = npuzzle_web::import_records("[]", &format!("[{game}]")).unwrap();
/// assert!(merged.starts_with(r#"{"added":1,"records":[{"size":"3x3""#));
/// assert!(npuzzle_web::import_records("[]", "[{\"size\": 3}]").unwrap_err().contains("line 1"));
/// ```
#[wasm_bindgen]
pub fn import_records(stored: &str, imported: &str) -> Result<String, String> {
    let imported: Vec<Record> = serde_json::from_str(imported)
        .map_err(|e| format!("this is not an npuzzle records file: {}", text(e)))?;
    if let Some(why) = records::first_unbelievable(&imported) {
        return Err(format!("the file was not imported: {why}"));
    }
    let mut all = read(stored);
    let added = merge(&mut all, imported);
    // Written as the records file is, fields in their order (a JSON value would sort them).
    let all = serde_json::to_string(&all).map_err(text)?;
    Ok(format!(r#"{{"added":{added},"records":{all}}}"#))
}

/// The trainer's statistics kept in the browser (`kept`: the JSON `npuzzle trainer` keeps in
/// `trainer.json`, checked as it checks it) with one more round of the level (`size`, `drill`,
/// `distance`) added: optimal or not, in `milliseconds`. Kept statistics that do not read back
/// are refused, named, so that the page can set them aside instead of writing over them.
///
/// ```
/// use npuzzle_web::trainer_add;
/// let kept = trainer_add("{}", "3x3", "move", 12, true, 1500.4).unwrap();
/// assert_eq!(kept, r#"{"3x3 move 12":{"rounds":1,"optimal":1,"milliseconds":1500}}"#);
/// assert!(trainer_add(r#"{"3x3 move 12":{"rounds":1,"optimal":5,"milliseconds":0}}"#, "3x3", "move", 12, true, 1.0).is_err());
/// assert!(trainer_add("{}", "3x3", "fast", 12, true, 1.0).is_err());
/// ```
#[wasm_bindgen]
pub fn trainer_add(
    kept: &str,
    size: &str,
    drill: &str,
    distance: u32,
    optimal: bool,
    milliseconds: f64,
) -> Result<String, String> {
    let mut statistics = TrainerStatistics::read(kept)?;
    let size: npuzzle_core::Size = size.parse().map_err(text)?;
    let level = Level {
        size: size.to_string(),
        drill: drill.parse()?,
        distance,
    };
    statistics.add(&level, optimal, millis(milliseconds));
    serde_json::to_string(&statistics).map_err(text)
}

/// One level's row of the trainer's table.
#[derive(Serialize)]
struct LevelRow<'a> {
    size: &'a str,
    drill: &'a str,
    distance: u32,
    rounds: u64,
    optimal: u64,
    milliseconds: u64,
}

/// The trainer's statistics kept in the browser, checked, as rows ordered by size, drill and
/// distance (a JSON array of `{size, drill, distance, rounds, optimal, milliseconds}`).
///
/// ```
/// use npuzzle_web::trainer_levels;
/// let rows = trainer_levels(r#"{"4x4 move 9":{"rounds":2,"optimal":1,"milliseconds":10},"4x4 move 30":{"rounds":1,"optimal":1,"milliseconds":5}}"#).unwrap();
/// assert!(rows.starts_with(r#"[{"size":"4x4","drill":"move","distance":9,"#));
/// assert!(trainer_levels("[1]").is_err());
/// ```
#[wasm_bindgen]
pub fn trainer_levels(kept: &str) -> Result<String, String> {
    let statistics = TrainerStatistics::read(kept)?;
    let mut rows: Vec<LevelRow> = statistics
        .0
        .iter()
        .filter_map(|(key, played)| {
            let mut parts = key.split(' ');
            let (size, drill) = (parts.next()?, parts.next()?);
            Some(LevelRow {
                size,
                drill,
                distance: parts.next()?.parse().ok()?,
                rounds: played.rounds,
                optimal: played.optimal,
                milliseconds: played.milliseconds,
            })
        })
        .collect();
    rows.sort_by(|a, b| (a.size, a.drill, a.distance).cmp(&(b.size, b.drill, b.distance)));
    serde_json::to_string(&rows).map_err(text)
}
