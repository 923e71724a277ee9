//! Finished games and their statistics (best time, fewest moves, averages of 5 and 12), in the
//! JSON the terminal game keeps in its records file. Pure: reading and writing the file (with its
//! lock and backup) belongs to the front end.

mod check;

pub use check::RecordError;

use serde::{Deserialize, Serialize};

use crate::replay::{Replay, ReplayError, parse_steps};
use crate::{Game, Summary};
use npuzzle_core::board::Board;
use npuzzle_core::format::{Format, format_board};
use npuzzle_core::geometry::Size;

/// One finished game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// Board size, `WxH`.
    pub size: String,
    /// Moves, single-tile metric.
    pub stm: usize,
    /// Moves, multi-tile metric.
    pub mtm: usize,
    /// Time from the first move to the win.
    pub milliseconds: u64,
    /// The seed of the game, when it came from one.
    pub seed: Option<u64>,
    /// Whether hints or the solver were used.
    pub assisted: bool,
    /// The optimal length of the start, when known.
    pub optimal: Option<usize>,
    /// When it was played, in seconds since 1970.
    pub finished_at: u64,
    /// Whether `milliseconds` is the whole time played (false for a game restored from a save
    /// that did not keep its time; such games count for moves, not for times).
    #[serde(default = "known")]
    pub timed: bool,
    /// The scramble, as a game id (`4x4:…`), to watch the game again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scramble: Option<String>,
    /// The goal, as a game id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub goal: Option<String>,
    /// The timed steps from the scramble ([`Replay`]'s text: `R2@1530 U@2010`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replay: Option<String>,
    /// Where the moves went, when every move's distance was proved (the library's analysis).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mistakes: Option<Mistakes>,
    /// The daily puzzle it was, when it was one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub daily: Option<Daily>,
}

/// A daily puzzle won: its date and the streak it made.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Daily {
    /// The day, `YYYY-MM-DD` (UTC).
    pub date: String,
    /// Days in a row up to it with a daily puzzle won, itself included.
    pub streak: usize,
}

/// What a game's analysis found, kept with its record: how many moves lost the optimum, and
/// the first of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mistakes {
    /// Moves that lost the optimum (each costs two moves).
    pub count: usize,
    /// The first of them (from 1) and the length of the best game that plays the same moves up
    /// to it ("your + optimal").
    pub first: Option<(usize, usize)>,
}

/// Records written before times could be unknown had known times.
fn known() -> bool {
    true
}

impl Record {
    /// The record of a game on a `size` board with these figures, finished at `finished_at`
    /// (seconds since 1970).
    ///
    /// ```
    /// use npuzzle_core::{Size};
    /// use npuzzle_game::{Summary, Record};
    /// let summary = Summary { stm: 20, mtm: 14, milliseconds: 9_500, assisted: false, timed: true };
    /// let record = Record::new(Size::square(3).unwrap(), summary, Some(7), Some(20), 1_800_000_000);
    /// assert_eq!(record.size, "3x3");
    /// assert!(record.time_counts());
    /// ```
    pub fn new(
        size: Size,
        summary: Summary,
        seed: Option<u64>,
        optimal: Option<usize>,
        finished_at: u64,
    ) -> Record {
        Record {
            size: size.to_string(),
            stm: summary.stm,
            mtm: summary.mtm,
            milliseconds: summary.milliseconds,
            seed,
            assisted: summary.assisted,
            optimal,
            finished_at,
            timed: summary.timed,
            scramble: None,
            goal: None,
            replay: None,
            mistakes: None,
            daily: None,
        }
    }

    /// The record of the daily puzzle of `date`, won with `streak` days in a row.
    pub fn with_daily(self, date: npuzzle_core::daily::Date, streak: usize) -> Record {
        Record {
            daily: Some(Daily {
                date: date.to_string(),
                streak,
            }),
            ..self
        }
    }

    /// The record with what its game's analysis found.
    pub fn with_mistakes(self, mistakes: Mistakes) -> Record {
        Record {
            mistakes: Some(mistakes),
            ..self
        }
    }

    /// The record, keeping what it takes to watch `game` again: its scramble, goal and timed
    /// steps.
    ///
    /// ```
    /// use npuzzle_core::{Move};
    /// use npuzzle_game::{Game, Record};
    /// let mut game = Game::new("1 2 3/4 5 6/7 0 8".parse().unwrap(), "1 2 3/4 5 6/7 8 0".parse().unwrap()).unwrap();
    /// game.play(Move::Left, 0).unwrap();
    /// let record = Record::new(game.board().size(), game.summary(0), None, None, 0).with_replay(&game);
    /// assert_eq!(record.replay.as_deref(), Some("L@0"));
    /// assert!(record.watch().unwrap().unwrap().ends_solved());
    /// ```
    pub fn with_replay(self, game: &Game) -> Record {
        let id = |board: &Board| format_board(board, Format::Id);
        Record {
            scramble: Some(id(game.start())),
            goal: Some(id(game.goal())),
            replay: Some(Replay::of(game).to_string()),
            ..self
        }
    }

    /// The game to watch again, if the record kept it; an error if what it kept does not play.
    pub fn watch(&self) -> Result<Option<Replay>, ReplayError> {
        let (Some(scramble), Some(goal), Some(steps)) = (&self.scramble, &self.goal, &self.replay)
        else {
            return Ok(None);
        };
        let position = |what: &'static str, text: &str| {
            text.parse::<Board>().map_err(|e| ReplayError::Position {
                what,
                reason: e.to_string(),
            })
        };
        let replay = Replay::new(
            position("scramble", scramble)?,
            position("goal", goal)?,
            parse_steps(steps)?,
        )?;
        Ok(Some(replay))
    }

    /// Whether the record's time can stand in the statistics: known, and possible (no time at
    /// all for more than one move is what an unknown time looked like before it was marked).
    pub fn time_counts(&self) -> bool {
        self.timed && (self.milliseconds > 0 || self.stm <= 1)
    }

    /// The game's figures, as the core reports them.
    pub fn summary(&self) -> Summary {
        Summary {
            stm: self.stm,
            mtm: self.mtm,
            milliseconds: self.milliseconds,
            assisted: self.assisted,
            timed: self.timed,
        }
    }
}

/// The records of one size, summarised (unassisted games only).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Statistics {
    /// Games finished without help.
    pub solves: usize,
    /// Best time, in milliseconds.
    pub best_time: Option<u64>,
    /// Fewest moves (STM).
    pub fewest_moves: Option<usize>,
    /// Average of the last 5 times, best and worst dropped.
    pub average_of_5: Option<u64>,
    /// Average of the last 12 times, best and worst dropped.
    pub average_of_12: Option<u64>,
    /// Average of the last 50 times, best and worst dropped.
    #[serde(default)]
    pub average_of_50: Option<u64>,
    /// Average of the last 100 times, best and worst dropped.
    #[serde(default)]
    pub average_of_100: Option<u64>,
}

impl Statistics {
    /// The statistics of the `size` games among `records` (oldest first).
    ///
    /// ```
    /// use npuzzle_game::{Record, Statistics};
    /// let records: Vec<Record> = serde_json::from_str(r#"[
    ///   {"size":"3x3","stm":30,"mtm":22,"milliseconds":12000,"seed":1,"assisted":false,"optimal":null,"finished_at":0},
    ///   {"size":"3x3","stm":24,"mtm":20,"milliseconds":15000,"seed":2,"assisted":false,"optimal":null,"finished_at":0}
    /// ]"#).unwrap();
    /// let statistics = Statistics::of(&records, "3x3");
    /// assert_eq!((statistics.solves, statistics.best_time, statistics.fewest_moves), (2, Some(12000), Some(24)));
    /// ```
    pub fn of(records: &[Record], size: &str) -> Statistics {
        let games: Vec<&Record> = records
            .iter()
            .filter(|r| r.size == size && !r.assisted)
            .collect();
        let times: Vec<u64> = games
            .iter()
            .filter(|r| r.time_counts())
            .map(|r| r.milliseconds)
            .collect();
        Statistics {
            solves: games.len(),
            best_time: times.iter().copied().min(),
            fewest_moves: games.iter().map(|r| r.stm).min(),
            average_of_5: trimmed_average(&times, 5),
            average_of_12: trimmed_average(&times, 12),
            average_of_50: trimmed_average(&times, 50),
            average_of_100: trimmed_average(&times, 100),
        }
    }
}

/// The sizes played among `records`, in order of first appearance.
pub fn sizes(records: &[Record]) -> Vec<String> {
    let mut sizes: Vec<String> = Vec::new();
    for record in records {
        if !sizes.contains(&record.size) {
            sizes.push(record.size.clone());
        }
    }
    sizes
}

/// `imported` added to `records`: the games not already there (the same size, moves, time and
/// finish), oldest first. Returns how many were added.
///
/// ```
/// use npuzzle_game::records::{merge, whole_records};
/// let one = r#"[{"size":"3x3","stm":30,"mtm":22,"milliseconds":12000,"seed":1,"assisted":false,"optimal":null,"finished_at":5}]"#;
/// let mut records = whole_records(one);
/// assert_eq!(merge(&mut records, whole_records(one)), 0);
/// assert_eq!(records.len(), 1);
/// ```
pub fn merge(records: &mut Vec<Record>, imported: Vec<Record>) -> usize {
    let before = records.len();
    for record in imported {
        let same = |r: &Record| {
            (r.size.as_str(), r.stm, r.milliseconds, r.finished_at)
                == (
                    record.size.as_str(),
                    record.stm,
                    record.milliseconds,
                    record.finished_at,
                )
        };
        if !records.iter().any(same) {
            records.push(record);
        }
    }
    records.sort_by_key(|r| r.finished_at);
    records.len() - before
}

/// What is wrong with the first record of `records` that cannot be believed
/// ([`Record::check`]), numbered from 1; `None` when every one can.
///
/// ```
/// let records = npuzzle_game::records::whole_records(r#"[{"size":"3x3","stm":3,"mtm":5,"milliseconds":1,"seed":1,"assisted":false,"optimal":null,"finished_at":0}]"#);
/// assert_eq!(npuzzle_game::records::first_unbelievable(&records).unwrap(), "record 1: 5 MTM for 3 STM");
/// ```
pub fn first_unbelievable(records: &[Record]) -> Option<String> {
    records.iter().enumerate().find_map(|(k, record)| {
        record
            .check()
            .err()
            .map(|why| format!("record {}: {why}", k + 1))
    })
}

/// Every whole record at the start of a records array that is cut short or damaged further on
/// (what can be saved of a damaged file).
///
/// ```
/// let cut = r#"[{"size":"3x3","stm":30,"mtm":22,"milliseconds":12000,"seed":1,"assisted":false,"optimal":null,"finished_at":0},{"size":"3x3","st"#;
/// assert_eq!(npuzzle_game::records::whole_records(cut).len(), 1);
/// ```
pub fn whole_records(text: &str) -> Vec<Record> {
    let mut records = Vec::new();
    let Some(start) = text.find('[') else {
        return records;
    };
    let mut rest = &text[start + 1..];
    loop {
        rest = rest.trim_start_matches(|c: char| c.is_whitespace() || c == ',');
        let mut stream = serde_json::Deserializer::from_str(rest).into_iter::<Record>();
        match stream.next() {
            Some(Ok(record)) => {
                records.push(record);
                rest = &rest[stream.byte_offset()..];
            }
            _ => return records,
        }
    }
}

/// The mean of the last `n` values without their best and worst (the speedcubing average).
///
/// ```
/// use npuzzle_game::records::trimmed_average;
/// assert_eq!(trimmed_average(&[10, 20, 30, 40, 1000], 5), Some(30));
/// assert_eq!(trimmed_average(&[10, 20, 30, 40], 5), None);
/// ```
pub fn trimmed_average(values: &[u64], n: usize) -> Option<u64> {
    if values.len() < n || n < 3 {
        return None;
    }
    let mut last: Vec<u64> = values[values.len() - n..].to_vec();
    last.sort_unstable();
    let middle = &last[1..n - 1];
    Some(middle.iter().sum::<u64>() / middle.len() as u64)
}

/// How many days in a row up to `day`, that day included, `records` hold a daily puzzle of
/// (any size); dates that do not read are not counted.
///
/// ```
/// use npuzzle_core::{Size, daily::Date};
/// use npuzzle_game::{Record, Summary, records::daily_streak};
/// let won = |day: &str| {
///     let summary = Summary { stm: 9, mtm: 9, milliseconds: 1, assisted: false, timed: true };
///     Record::new(Size::square(3).unwrap(), summary, None, None, 0).with_daily(day.parse().unwrap(), 1)
/// };
/// let records = [won("2026-11-29"), won("2026-11-30"), won("2026-12-01")];
/// assert_eq!(daily_streak(&records, "2026-12-01".parse().unwrap()), 3);
/// assert_eq!(daily_streak(&records, "2026-12-02".parse().unwrap()), 0);
/// ```
pub fn daily_streak(records: &[Record], day: npuzzle_core::daily::Date) -> usize {
    let days: std::collections::BTreeSet<npuzzle_core::daily::Date> = records
        .iter()
        .filter_map(|r| r.daily.as_ref()?.date.parse().ok())
        .collect();
    let mut streak = 0;
    let mut at = day;
    while days.contains(&at) {
        streak += 1;
        at = at.previous();
    }
    streak
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn averages_drop_best_and_worst() {
        assert_eq!(trimmed_average(&[5, 10, 20, 30, 40, 1000], 5), Some(30));
        assert_eq!(trimmed_average(&[1, 2], 2), None);
    }

    #[test]
    fn unknown_and_impossible_times_do_not_count() {
        let record = |milliseconds, timed| Record {
            size: "3x3".into(),
            stm: 10,
            mtm: 10,
            milliseconds,
            seed: None,
            assisted: false,
            optimal: None,
            finished_at: 0,
            timed,
            scramble: None,
            goal: None,
            replay: None,
            mistakes: None,
            daily: None,
        };
        let all = [record(0, true), record(5_000, false), record(7_000, true)];
        let statistics = Statistics::of(&all, "3x3");
        assert_eq!((statistics.solves, statistics.best_time), (3, Some(7_000)));
        assert_eq!(sizes(&all), ["3x3"]);
    }
}
