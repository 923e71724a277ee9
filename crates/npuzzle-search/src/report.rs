//! One solution as every front end reports it: the command line's `--json` line, the web page's
//! answer and Python's `to_json` are the same [`Report`], with the same fields.

use npuzzle_core::{Board, Goal, Notation, NotationError, format_moves, parse_moves};
use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use crate::method::{Algorithm, RankingKind};
use crate::solution::{Proof, Solution};
use crate::stats::Stats;
use npuzzle_heuristic::HeuristicKind;

/// A solution written out: the position, the moves as text, and its [`Figures`].
///
/// ```
/// use npuzzle_core::Notation;
/// use npuzzle_search::{Report, Request};
/// let board = "1 2 3/4 5 6/7 0 8".parse().unwrap();
/// let solution = Request::new("1 2 3/4 5 6/7 0 8".parse().unwrap()).solve().unwrap();
/// let report = Report::new(&board, &solution, Notation::Tile, false).unwrap();
/// let json = serde_json::to_value(&report).unwrap();
/// assert_eq!((json["solution"].as_str(), json["length"].as_u64()), (Some("L"), Some(1)));
/// assert_eq!(json["optimal"], true);
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// The start, in slash rows.
    pub position: String,
    /// The moves in the notation asked for.
    pub solution: String,
    /// Lengths, quality and effort.
    #[serde(flatten)]
    pub figures: Figures,
}

impl Report {
    /// The report of `solution` from `start`, its moves written in `notation` (run-length tokens
    /// with `run_length`).
    pub fn new(
        start: &Board,
        solution: &Solution,
        notation: Notation,
        run_length: bool,
    ) -> Result<Report, NotationError> {
        Ok(Report {
            position: start.to_string(),
            solution: format_moves(&solution.moves, notation, run_length, Some(start))?,
            figures: Figures::of(solution),
        })
    }

    /// Checks a report read back (a JSON line from a file, a pickle): its position is a
    /// position, its moves replay from it to `goal` (to one of the named goals for its size when
    /// `goal` is None), its length is theirs, and its lower bound is not above it. What a file
    /// says is never taken on its word.
    ///
    /// ```
    /// use npuzzle_search::Report;
    /// let line = r#"{"position":"1 2 3/4 5 6/7 0 8","solution":"L","length":1,"stm":1,"mtm":1,
    ///   "optimal":true,"bound":null,"algorithm":"table","heuristic":null,"lower_bound":1,"gap":0,
    ///   "expanded":1,"generated":2,"peak_nodes":0,"peak_memory":0,"seconds":0.0,"stopped":null}"#;
    /// let report: Report = serde_json::from_str(line).unwrap();
    /// assert!(report.check(None).is_ok());
    /// let illegal: Report = serde_json::from_str(&line.replace(r#""L""#, r#""U""#)).unwrap();
    /// assert!(illegal.check(None).unwrap_err().contains("cannot be made"));
    /// let elsewhere: Report = serde_json::from_str(&line.replace(r#""L""#, r#""R""#)).unwrap();
    /// assert!(elsewhere.check(None).unwrap_err().contains("not the goal"));
    /// ```
    pub fn check(&self, goal: Option<&Board>) -> Result<(), String> {
        let start: Board = self
            .position
            .parse()
            .map_err(|e| format!("its position: {e}"))?;
        let moves = parse_moves(&self.solution, None, Some(&start))
            .map_err(|e| format!("its moves: {e}"))?;
        let mut end = start.clone();
        end.apply_all(&moves)
            .map_err(|e| format!("its moves cannot be made: {e}"))?;
        let f = &self.figures;
        if f.length != moves.len() as u64 || f.stm != f.length {
            return Err(format!(
                "it says {} moves but its solution has {}",
                f.length,
                moves.len()
            ));
        }
        if f.lower_bound > f.length || (f.optimal && f.gap != 0) {
            return Err(format!(
                "its lower bound {} or gap {} does not fit its {} moves",
                f.lower_bound, f.gap, f.length
            ));
        }
        let reached = match goal {
            Some(goal) => &end == goal,
            None => [Goal::BlankLast, Goal::BlankFirst, Goal::Snake, Goal::Spiral]
                .iter()
                .any(|g| g.board(end.size()).is_ok_and(|g| g == end)),
        };
        match reached {
            true => Ok(()),
            false => Err(format!(
                "its moves end at {end}, which is not the goal{}",
                if goal.is_none() {
                    " (give the goal it was solved toward)"
                } else {
                    ""
                }
            )),
        }
    }

    /// The report as the command line writes it without `--json`: the solution, its length and
    /// quality, the method, the nodes and the time, a line each; in a batch, with the position
    /// first and a blank line after.
    ///
    /// ```
    /// use npuzzle_core::Notation;
    /// use npuzzle_search::{Report, Request};
    /// let board = "1 2 3/4 5 6/7 0 8".parse().unwrap();
    /// let solution = Request::new("1 2 3/4 5 6/7 0 8".parse().unwrap()).solve().unwrap();
    /// let text = Report::new(&board, &solution, Notation::Tile, false).unwrap().text(false);
    /// assert!(text.starts_with("solution   L\nlength     1 STM, 1 MTM, optimal\n"));
    /// let json = serde_json::to_string(&Report::new(&board, &solution, Notation::Tile, false).unwrap()).unwrap();
    /// assert_eq!(serde_json::from_str::<Report>(&json).unwrap().text(false), text);
    /// ```
    pub fn text(&self, batch: bool) -> String {
        let f = &self.figures;
        let quality = match (f.optimal, f.bound) {
            (true, _) if f.proof == Some(Proof::Journal) => "optimal, proved partly by a journal \
                 an earlier run kept (to prove it from nothing: npuzzle verify --optimal)"
                .to_string(),
            (true, _) => "optimal".to_string(),
            (false, Some(w)) => format!("at most {w} times optimal"),
            (false, None) => format!(
                "at most {} moves above optimal (lower bound {})",
                f.gap, f.lower_bound
            ),
        };
        let mut text = String::new();
        if batch {
            let _ = writeln!(text, "position   {}", self.position);
        }
        let _ = writeln!(text, "solution   {}", self.solution);
        let _ = writeln!(text, "length     {} STM, {} MTM, {quality}", f.stm, f.mtm);
        let _ = match (f.heuristic, f.ranking) {
            (Some(h), Some(RankingKind::Learned)) => writeln!(
                text,
                "algorithm  {} with {h}, beams ranked by the learned network",
                f.algorithm
            ),
            (Some(h), _) => writeln!(text, "algorithm  {} with {h}", f.algorithm),
            (None, _) => writeln!(text, "algorithm  {}", f.algorithm),
        };
        let _ = writeln!(
            text,
            "nodes      {} expanded, {} generated",
            f.expanded, f.generated
        );
        let _ = writeln!(text, "time       {:.3} s", f.seconds);
        if let Some(limit) = &f.stopped {
            let _ = writeln!(
                text,
                "stopped    by {limit}: the best solution found by then"
            );
        }
        if batch {
            text.push('\n');
        }
        text
    }
}

/// What a report says of a solution besides its moves. Serialized alone, it is the end of a
/// streamed report's line (the moves of a constructive solution are written as they come).
///
/// ```
/// use npuzzle_search::{Figures, Request};
/// let solution = Request::new("1 2 3/4 5 6/0 7 8".parse().unwrap()).solve().unwrap();
/// let figures = Figures::of(&solution);
/// assert_eq!((figures.length, figures.mtm, figures.gap), (2, 1, 0));
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Figures {
    /// Length in single-tile moves (as `stm`).
    pub length: u64,
    /// Single-tile moves.
    pub stm: u64,
    /// Multi-tile moves (a run of tiles in one line counts 1).
    pub mtm: u64,
    /// Whether the length is proved optimal.
    pub optimal: bool,
    /// For bounded-suboptimal searches: at most this factor times the optimum.
    pub bound: Option<f64>,
    /// The method that found it.
    pub algorithm: Algorithm,
    /// The heuristic it used, if any.
    pub heuristic: Option<HeuristicKind>,
    /// What ranked the anytime solver's beams: `learned` where a trained network did, else
    /// `heuristic`. (Lines written before it was a ranking named the heuristic that ranked: read
    /// as `heuristic`.)
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "ranking_or_heuristic"
    )]
    pub ranking: Option<RankingKind>,
    /// The best lower bound known on the optimal length.
    pub lower_bound: u64,
    /// How many moves the solution may be longer than the optimum (0 when proved optimal).
    pub gap: u64,
    /// Nodes expanded.
    pub expanded: u64,
    /// Nodes generated.
    pub generated: u64,
    /// The most nodes held at once.
    pub peak_nodes: u64,
    /// An estimate of the peak memory of the search's structures, in bytes.
    pub peak_memory: u64,
    /// Wall time in seconds.
    pub seconds: f64,
    /// The limit that ended an anytime search before its budget, if one did.
    pub stopped: Option<String>,
    /// What the proof of optimality rests on (`search`, or `journal` where an earlier run's
    /// journal was read back); null when the length is not proved optimal.
    #[serde(default)]
    pub proof: Option<Proof>,
}

impl Figures {
    /// The figures of `solution`.
    pub fn of(solution: &Solution) -> Figures {
        Figures {
            length: solution.moves.len() as u64,
            stm: solution.stm() as u64,
            mtm: solution.mtm() as u64,
            optimal: solution.optimal,
            bound: solution.bound,
            algorithm: solution.algorithm,
            heuristic: solution.heuristic,
            ranking: solution.ranking,
            lower_bound: solution.lower_bound.into(),
            gap: solution.gap() as u64,
            stopped: solution.stopped.map(|limit| limit.to_string()),
            proof: solution.optimal.then_some(solution.proof),
            ..Figures::effort(&solution.stats)
        }
    }

    /// The figures of a constructive solution streamed as it was made: `stm` and `mtm` moves
    /// from a start whose Manhattan distance is `lower_bound`.
    pub fn streamed(stm: u64, mtm: u64, lower_bound: u64, stats: &Stats) -> Figures {
        Figures {
            length: stm,
            stm,
            mtm,
            optimal: false,
            bound: None,
            algorithm: Algorithm::Constructive,
            heuristic: None,
            ranking: None,
            lower_bound,
            gap: stm.saturating_sub(lower_bound),
            stopped: None,
            proof: None,
            ..Figures::effort(stats)
        }
    }

    /// The effort figures of `stats`, the rest empty.
    fn effort(stats: &Stats) -> Figures {
        Figures {
            length: 0,
            stm: 0,
            mtm: 0,
            optimal: false,
            bound: None,
            algorithm: Algorithm::Auto,
            heuristic: None,
            ranking: None,
            lower_bound: 0,
            gap: 0,
            expanded: stats.expanded,
            generated: stats.generated,
            peak_nodes: stats.peak_nodes,
            peak_memory: stats.peak_memory,
            seconds: stats.elapsed.as_secs_f64(),
            stopped: None,
            proof: None,
        }
    }
}

/// A report's ranking as read: a ranking's name, or a heuristic's (what lines of earlier builds
/// wrote where the heuristic ranked).
fn ranking_or_heuristic<'de, D: serde::Deserializer<'de>>(
    reader: D,
) -> Result<Option<RankingKind>, D::Error> {
    let Some(name) = Option::<String>::deserialize(reader)? else {
        return Ok(None);
    };
    match name.parse::<RankingKind>() {
        Ok(ranking) => Ok(Some(ranking)),
        Err(_) if name.parse::<HeuristicKind>().is_ok() => Ok(Some(RankingKind::Heuristic)),
        Err(unknown) => Err(serde::de::Error::custom(unknown)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Options, Request};

    /// A line of an earlier build, which named the heuristic that ranked, reads as `heuristic`;
    /// a name that is neither is refused.
    #[test]
    fn a_heuristics_name_as_the_ranking_reads_as_heuristic() {
        let start: Board = "8 6 7/2 5 4/3 0 1".parse().unwrap();
        let options = Options {
            algorithm: Algorithm::Anytime,
            budget: std::time::Duration::from_millis(50),
            ..Options::default()
        };
        let solution = Request::new(start.clone())
            .options(options)
            .solve()
            .unwrap();
        assert_eq!(solution.ranking, Some(RankingKind::Heuristic));
        let report = Report::new(&start, &solution, Notation::Tile, false).unwrap();
        let line = serde_json::to_string(&report).unwrap();
        assert!(line.contains(r#""ranking":"heuristic""#), "{line}");
        let old = line.replace(r#""ranking":"heuristic""#, r#""ranking":"linear-conflict""#);
        assert_eq!(serde_json::from_str::<Report>(&old).unwrap(), report);
        let wrong = line.replace(r#""ranking":"heuristic""#, r#""ranking":"nets""#);
        assert!(serde_json::from_str::<Report>(&wrong).is_err());
    }
}
