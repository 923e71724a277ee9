//! `npuzzle analyse`: a game's every move against the optimum (the library's
//! [`npuzzle_search::analysis`]), as a table or one JSON object.

use std::fmt::Write as _;
use std::io::Write;

use anyhow::Context;
use npuzzle_core::{Board, Goal, Move, parse_runs};
use npuzzle_game::replay::Replay;
use npuzzle_search::analysis::{self, Analysis, Distance, Verdict};

use crate::cli::AnalyseArgs;
use crate::play::records::Records;
use crate::play::replay::{from_file, from_records};
use crate::search::Prepared;
use crate::status::Status;

/// Runs the command.
pub fn run(args: &AnalyseArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    if let (Some(position), None) = (&args.position, &args.moves) {
        return optimal_moves(args, position, out);
    }
    let (start, goal, moves) = game(args)?;
    let mut solvers = Prepared::new(Goal::Custom(goal), &args.search)?;
    let (solver, _) = solvers.for_board(&start)?;
    let clock = std::time::Instant::now();
    let analysis = analysis::analyse(&solver, &start, &moves)?;
    let seconds = clock.elapsed().as_secs_f64();
    if args.json {
        // The analysis, and the seconds it took (databases loaded, as a game's would be).
        let mut line = serde_json::to_value(&analysis)?;
        line["seconds"] = seconds.into();
        writeln!(out, "{line}")?;
    } else {
        out.write_all(table(&analysis).as_bytes())?;
    }
    Ok(Status::Success)
}

/// The distance of `position` and every optimal move from it.
fn optimal_moves(
    args: &AnalyseArgs,
    position: &str,
    out: &mut dyn Write,
) -> anyhow::Result<Status> {
    let board: Board = position
        .parse()
        .with_context(|| format!("--position {position:?}"))?;
    let mut solvers = Prepared::new(args.input.goal.clone(), &args.search)?;
    let (solver, _) = solvers.for_board(&board)?;
    let clock = std::time::Instant::now();
    let (distance, moves) = analysis::optimal_moves(&solver, &board)?;
    let seconds = clock.elapsed().as_secs_f64();
    let letters: String = moves.iter().map(|m| m.tile_letter()).collect();
    if args.json {
        let line = serde_json::json!({
            "position": board.to_string(),
            "distance": distance,
            "optimal_moves": letters,
            "seconds": seconds,
        });
        writeln!(out, "{line}")?;
    } else {
        let spaced: Vec<String> = letters.chars().map(String::from).collect();
        writeln!(
            out,
            "{} moves from the goal; optimal moves: {}",
            distance,
            if spaced.is_empty() {
                "none (solved)".to_string()
            } else {
                spaced.join(" ")
            }
        )?;
        if matches!(distance, Distance::Bounds { .. }) {
            writeln!(
                out,
                "LOW..HIGH: bounds, not proved (a lower bound and a solution's length)"
            )?;
        }
    }
    Ok(Status::Success)
}

/// The start, the goal and the moves the arguments name.
fn game(args: &AnalyseArgs) -> anyhow::Result<(Board, Board, Vec<Move>)> {
    if let (Some(position), Some(text)) = (&args.position, &args.moves) {
        let start: Board = position
            .parse()
            .with_context(|| format!("--position {position:?}"))?;
        let goal = args.input.goal.board(start.size())?;
        let runs = parse_runs(text, args.notation, Some(&start)).context("--moves")?;
        let moves = runs
            .iter()
            .flat_map(|&(m, count)| std::iter::repeat_n(m, count))
            .collect();
        return Ok((start, goal, moves));
    }
    let replay = match (&args.replay, args.last) {
        (Some(path), _) => from_file(path, args.game)?.0,
        (None, true) => {
            let dir = Records::dir(args.data_dir.as_deref())?;
            let records = Records::open(&dir)?;
            from_records(&records.all, args.game, &dir.join("records.json"))?.0
        }
        (None, false) => anyhow::bail!("give --position and --moves, --replay FILE or --last"),
    };
    Ok(played(&replay))
}

/// A replay's start, goal and single-tile moves.
fn played(replay: &Replay) -> (Board, Board, Vec<Move>) {
    let moves = replay
        .steps()
        .iter()
        .flat_map(|step| std::iter::repeat_n(step.direction, step.count))
        .collect();
    (replay.start().clone(), replay.goal().clone(), moves)
}

/// The analysis as a table: a line a move, then the totals.
fn table(analysis: &Analysis) -> String {
    let totals = &analysis.totals;
    let mut text = String::new();
    let _ = writeln!(
        text,
        "start      {} ({} moves from the goal)",
        analysis.start, totals.start
    );
    let _ = writeln!(
        text,
        "{:>5}  move  before  after  verdict  optimal moves",
        "#"
    );
    for step in &analysis.steps {
        let verdict = match step.verdict {
            Verdict::Optimal => "optimal",
            Verdict::Mistake => "mistake",
            Verdict::Unknown => "unknown",
        };
        let better: Vec<String> = step
            .optimal_moves
            .iter()
            .map(|m| m.tile_letter().to_string())
            .collect();
        let _ = writeln!(
            text,
            "{:>5}  {:<4}  {:>6}  {:>5}  {verdict:<7}  {}",
            step.number,
            step.played.tile_letter(),
            step.before.to_string(),
            step.after.to_string(),
            better.join(" ")
        );
    }
    let _ = writeln!(
        text,
        "totals     {} ({} MTM): {} optimal, {} ({} lost){}{}",
        counted(totals.stm, "move"),
        totals.mtm,
        totals.optimal,
        counted(totals.mistakes, "mistake"),
        counted(totals.moves_lost, "move"),
        match totals.unknown {
            0 => String::new(),
            n => format!(", {n} unknown"),
        },
        if totals.solved {
            ""
        } else {
            "; the moves do not reach the goal"
        }
    );
    if let Some(first) = totals.first_mistake {
        let (number, total) = (first.number, first.your_plus_optimal);
        let after = &analysis.steps[number - 1].after;
        let _ = writeln!(
            text,
            "your + optimal from the first mistake (move {number}): {number} + {after} = {total}"
        );
    }
    text.push_str(&chart(analysis));
    let bounds = std::iter::once(totals.start)
        .chain(analysis.steps.iter().map(|s| s.after))
        .any(|d| matches!(d, Distance::Bounds { .. }));
    if bounds {
        text.push_str("LOW..HIGH: bounds, not proved (a lower bound and a solution's length)\n");
    }
    text
}

/// `n` and the word, singular for one.
fn counted(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

/// Columns of the chart a line.
const CHART_WIDTH: usize = 72;

/// The distance to go over the game as a chart of block characters, a column a position (the
/// highest the start's distance or the game's farthest), with `^` under each mistake's column;
/// a bound is drawn at its upper end.
fn chart(analysis: &Analysis) -> String {
    const BLOCKS: [char; 8] = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];
    let heights: Vec<u32> = std::iter::once(analysis.totals.start)
        .chain(analysis.steps.iter().map(|s| s.after))
        .map(|d| d.range().1)
        .collect();
    let top = heights.iter().copied().max().unwrap_or(0).max(1);
    let columns: Vec<char> = heights
        .iter()
        .map(|&h| BLOCKS[(h as usize * (BLOCKS.len() - 1)).div_ceil(top as usize)])
        .collect();
    let marks: Vec<char> = std::iter::once(' ')
        .chain(analysis.steps.iter().map(|s| match s.verdict {
            Verdict::Mistake => '^',
            _ => ' ',
        }))
        .collect();
    let mut text = String::from("distance to go, a column a position (^ after a mistake):\n");
    for (line, marks) in columns.chunks(CHART_WIDTH).zip(marks.chunks(CHART_WIDTH)) {
        text.extend(line);
        text.push('\n');
        let marks: String = marks.iter().collect();
        if !marks.trim().is_empty() {
            text.push_str(marks.trim_end());
            text.push('\n');
        }
    }
    text
}
