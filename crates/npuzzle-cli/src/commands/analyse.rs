//! `npuzzle analyse`: a game's every move against the optimum (the library's
//! [`npuzzle_search::analysis`]), as a table or one JSON object.

use std::fmt::Write as _;
use std::io::Write;

use anyhow::Context;
use npuzzle_core::{Board, Goal, Move, parse_runs};
use npuzzle_game::Lang;
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
    let lang = args.lang.unwrap_or_else(crate::play::lang_of_environment);
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
        out.write_all(table(&analysis, lang).as_bytes())?;
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
    let lang = args.lang.unwrap_or_else(crate::play::lang_of_environment);
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
        let moves = match spaced.is_empty() {
            true => lang.pick("none (solved)", "nenhum (resolvido)").to_string(),
            false => spaced.join(" "),
        };
        let optimal = lang.pick("optimal moves", "movimentos ótimos");
        writeln!(out, "{}; {optimal}: {moves}", away(distance, lang))?;
        if matches!(distance, Distance::Bounds { .. }) {
            writeln!(out, "{}", bounds_note(lang))?;
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

/// "2 moves from the goal", "a 2 movimentos do objetivo" (a bound as `LOW..HIGH`).
fn away(distance: Distance, lang: Lang) -> String {
    let unit = match distance.range() {
        (1, 1) => lang.pick("move", "movimento"),
        _ => lang.pick("moves", "movimentos"),
    };
    match lang {
        Lang::En => format!("{distance} {unit} from the goal"),
        Lang::Pt => format!("a {distance} {unit} do objetivo"),
    }
}

/// What `LOW..HIGH` means, under a table or a distance that has one.
fn bounds_note(lang: Lang) -> &'static str {
    lang.pick(
        "LOW..HIGH: bounds, not proved (a lower bound and a solution's length)",
        "MÍN..MÁX: limites, não provados (um limite inferior e o comprimento de uma solução)",
    )
}

/// The analysis as a table: a line a move, then the totals.
fn table(analysis: &Analysis, lang: Lang) -> String {
    let totals = &analysis.totals;
    let mut text = String::new();
    let start = lang.pick("start", "início");
    let _ = writeln!(
        text,
        "{start:<9}  {} ({})",
        analysis.start,
        away(totals.start, lang)
    );
    let header = lang.pick(
        "move  before  after  verdict  optimal moves",
        "mov.   antes   após  juízo    movimentos ótimos",
    );
    let _ = writeln!(text, "{:>5}  {header}", "#");
    for step in &analysis.steps {
        let verdict = match step.verdict {
            Verdict::Optimal => lang.pick("optimal", "ótimo"),
            Verdict::Mistake => lang.pick("mistake", "erro"),
            Verdict::Unknown => lang.pick("unknown", "incerto"),
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
    text.push_str(&totals_line(analysis, lang));
    if let Some(first) = totals.first_mistake {
        let (number, total) = (first.number, first.your_plus_optimal);
        let after = &analysis.steps[number - 1].after;
        let from = lang.pick(
            "your + optimal from the first mistake (move",
            "seus + ótimo desde o primeiro erro (movimento",
        );
        let _ = writeln!(text, "{from} {number}): {number} + {after} = {total}");
    }
    text.push_str(&chart(analysis, lang));
    let bounds = std::iter::once(totals.start)
        .chain(analysis.steps.iter().map(|s| s.after))
        .any(|d| matches!(d, Distance::Bounds { .. }));
    if bounds {
        text.push_str(bounds_note(lang));
        text.push('\n');
    }
    text
}

/// The totals: moves, optimal ones, mistakes and moves lost, and whether the goal was reached.
fn totals_line(analysis: &Analysis, lang: Lang) -> String {
    let totals = &analysis.totals;
    let mistakes = match (lang, totals.mistakes) {
        (Lang::En, 1) => "1 mistake".to_string(),
        (Lang::En, n) => format!("{n} mistakes"),
        (Lang::Pt, 1) => "1 erro".to_string(),
        (Lang::Pt, n) => format!("{n} erros"),
    };
    let unknown = match totals.unknown {
        0 => String::new(),
        n => format!(", {n} {}", lang.pick("unknown", "incertos")),
    };
    let unsolved = match totals.solved {
        true => "",
        false => lang.pick(
            "; the moves do not reach the goal",
            "; os movimentos não chegam ao objetivo",
        ),
    };
    format!(
        "{:<9}  {} ({} MTM): {} {}, {mistakes} ({} {}){unknown}{unsolved}\n",
        lang.pick("totals", "total"),
        lang.count_moves(totals.stm),
        totals.mtm,
        totals.optimal,
        lang.pick("optimal", "ótimos"),
        lang.count_moves(totals.moves_lost),
        lang.pick("lost", "perdidos"),
    )
}

/// Columns of the chart a line.
const CHART_WIDTH: usize = 72;

/// The distance to go over the game as a chart of block characters, a column a position (the
/// highest the start's distance or the game's farthest), with `^` under each mistake's column;
/// a bound is drawn at its upper end.
fn chart(analysis: &Analysis, lang: Lang) -> String {
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
    let mut text = String::from(lang.pick(
        "distance to go, a column a position (^ after a mistake):\n",
        "distância até ao fim, uma coluna por posição (^ depois de um erro):\n",
    ));
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
