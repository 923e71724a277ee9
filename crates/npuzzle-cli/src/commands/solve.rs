//! `npuzzle solve`: one position, or a batch on all cores.

use std::io::{IsTerminal, Write};
use std::ops::ControlFlow;

use npuzzle_core::Board;
use npuzzle_search::{
    Algorithm, Figures, Limit, Limits, Method, Progress, Report, Solution, SolveError, Solver,
    Start, Streamed,
};
use serde_json::json;

use crate::cli::SolveArgs;
use crate::input;
use crate::interrupt;
use crate::progress;
use crate::search::{Batch, Prepared};
use crate::status::{self, Status};
use npuzzle_core::MoveWriter;

/// Runs the command. Positions are read on a thread of their own and solved a window at a
/// time: each window holds what has arrived (at least one position, at most a few per thread),
/// is solved in parallel and written in input order. Answers stream out while input still
/// arrives, a producer that waits for each answer is answered, and memory stays bounded
/// however long the input.
pub fn run(args: &SolveArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    let items = input::items(args.position.as_deref())?;
    // Positions from standard input or a file are a batch: each answer names its position.
    let batch = args.position.is_none() || items.size_hint().1 != Some(1);
    if batch && args.resume.is_some() {
        anyhow::bail!("--resume keeps the journal of one search: give one position");
    }
    if let (Some(path), true) = (&args.resume, args.fresh) {
        set_aside_journal(path);
    }
    // One position from the argument is searched on every core.
    let mut search = args.search.clone();
    search.split |= !batch;
    let mut solvers = Prepared::new(args.input.goal.clone(), &search)?;
    let pool = Batch::new(&search)?;
    let window = WINDOW_PER_THREAD * pool.threads();
    let (sender, arrived) = std::sync::mpsc::sync_channel(window);
    // Not joined: it may be waiting on a terminal when the output fails; it ends with the
    // process, or as soon as a send finds the receiver gone.
    std::thread::spawn(move || {
        for item in items {
            if sender.send(item).is_err() {
                return;
            }
        }
    });
    let (mut worst, mut answered) = (None, 0);
    while let Ok(first) = arrived.recv() {
        let mut chunk = vec![first];
        chunk.extend(arrived.try_iter().take(window - 1));
        let (status, stopped) = solve_window(args, &pool, &mut solvers, &chunk, batch, out)?;
        worst = Some(worst.unwrap_or(Status::Success).max(status));
        answered += chunk.len() - stopped;
        out.flush()?;
        if interrupt::interrupted() {
            eprintln!(
                "npuzzle: interrupted by {}: {answered} positions answered above; {stopped} \
                 stopped unsolved, and the rest of the input was not read",
                interrupt::signal_name()
            );
            return Ok(Status::Interrupted);
        }
    }
    worst.ok_or_else(|| anyhow::anyhow!(input::NO_POSITION))
}

/// Positions read ahead per thread: enough to keep every thread busy, few enough that answers
/// come out soon.
const WINDOW_PER_THREAD: usize = 4;

/// Solves one window of positions and writes the answers in input order; with the status, the
/// number of searches Ctrl-C stopped (not reported one by one).
fn solve_window(
    args: &SolveArgs,
    pool: &Batch,
    solvers: &mut Prepared,
    items: &[input::Item],
    batch: bool,
    out: &mut dyn Write,
) -> anyhow::Result<(Status, usize)> {
    let jobs: Vec<_> = items
        .iter()
        .map(|item| {
            let prepared = input::parse(item, args.input.from, &args.input.goal)
                .and_then(|input| solvers.for_board(&input.board));
            (item, prepared)
        })
        .collect();
    let mut results = search_all(args, pool, &jobs, batch).into_iter();
    let (mut worst, mut stopped) = (Status::Success, 0);
    for (item, job) in &jobs {
        let answer = match job {
            Err(error) => {
                status::report(&item.place, error);
                Answer::Failed(status::of(error))
            }
            Ok((solver, start)) if streamed(solver) => {
                answer_streamed(args, item, start, solver, out)?
            }
            Ok((_, start)) => {
                let result = results.next();
                answer_searched(args, item, start, result, batch, out)?
            }
        };
        match answer {
            Answer::Written => {}
            Answer::Stopped => stopped += 1,
            Answer::Failed(status) => worst = worst.max(status),
        }
    }
    Ok((worst, stopped))
}

/// What became of one position of a window.
enum Answer {
    /// Its solution was written.
    Written,
    /// Ctrl-C stopped its search (counted, not reported one by one).
    Stopped,
    /// It failed, reported on standard error, with the exit status it calls for.
    Failed(Status),
}

/// A position prepared for its solver, or why it could not be.
type Job = anyhow::Result<(std::sync::Arc<Solver>, Start)>;

/// Whether a solver's solutions are streamed rather than searched in the pool: constructive
/// solutions can be billions of moves, so they are written as they are made, one position at a
/// time, in their place in the input.
fn streamed(solver: &Solver) -> bool {
    solver.algorithm() == Algorithm::Constructive
}

/// Searches every prepared position not streamed in the pool, each with the method of its own
/// board size; one position searched on every core shows its progress on a terminal.
fn search_all(
    args: &SolveArgs,
    pool: &Batch,
    jobs: &[(&input::Item, Job)],
    batch: bool,
) -> Vec<Result<Solution, SolveError>> {
    let searched: Vec<_> = jobs
        .iter()
        .filter_map(|(_, job)| job.as_ref().ok())
        .filter(|(solver, _)| !streamed(solver))
        .collect();
    let progress = (!batch && std::io::stderr().is_terminal()).then(Progress::default);
    progress::shown(progress.as_ref(), || {
        pool.run(&searched, |(solver, start)| {
            solver.run(start, &limits(args, solver, progress.as_ref()))
        })
    })
}

/// Writes a searched position's solution, or reports why there is none.
fn answer_searched(
    args: &SolveArgs,
    item: &input::Item,
    start: &Start,
    result: Option<Result<Solution, SolveError>>,
    batch: bool,
    out: &mut dyn Write,
) -> anyhow::Result<Answer> {
    match result {
        Some(Ok(solution)) => {
            write_solution(args, start.board(), &solution, batch, out)?;
            Ok(Answer::Written)
        }
        Some(Err(SolveError::LimitReached {
            limit: Limit::Cancelled,
            ..
        })) if interrupt::interrupted() => {
            kept(args);
            Ok(Answer::Stopped)
        }
        Some(Err(error)) => {
            let limited = matches!(error, SolveError::LimitReached { .. });
            let error = error.into();
            status::report(&item.place, &error);
            if limited {
                kept(args);
            }
            Ok(Answer::Failed(status::of(&error)))
        }
        None => anyhow::bail!("internal error: a position was not solved"),
    }
}

/// Streams a constructive solution in its place; an error writing the output ends the run.
fn answer_streamed(
    args: &SolveArgs,
    item: &input::Item,
    start: &Start,
    solver: &Solver,
    out: &mut dyn Write,
) -> anyhow::Result<Answer> {
    match stream_constructive(args, start, solver, out) {
        Ok(()) => Ok(Answer::Written),
        Err(error) if status::is_output_error(&error) => Err(error),
        // Its line says it stopped; it is counted with the others a signal stopped.
        Err(error) if interrupt::interrupted() && cancelled(&error) => Ok(Answer::Stopped),
        Err(error) => {
            status::report(&item.place, &error);
            Ok(Answer::Failed(Status::No))
        }
    }
}

/// The limits a search runs with: the solver's, with the journal `--resume` names and the
/// progress to show.
fn limits(args: &SolveArgs, solver: &Solver, progress: Option<&Progress>) -> Limits {
    let mut limits = solver.options().limits.clone();
    if let Some(path) = &args.resume {
        limits = limits.keep_journal(path);
    }
    if let Some(progress) = progress {
        limits = limits.report(progress.clone());
    }
    limits
}

/// Sets the journal at `path` aside for a search begun afresh (`--fresh`), saying where it went;
/// a journal that cannot be moved stays, and is read (and refused) as before.
pub(crate) fn set_aside_journal(path: &std::path::Path) {
    match npuzzle_search::algorithm::journal::set_aside(path) {
        Ok(Some(aside)) => eprintln!(
            "npuzzle: the journal {} was set aside as {}; the search begins afresh",
            path.display(),
            aside.display()
        ),
        Ok(None) => {}
        Err(e) => eprintln!(
            "npuzzle: the journal {} could not be set aside: {e}",
            path.display()
        ),
    }
}

/// Says where a stopped search was kept, when `--resume` named a journal.
fn kept(args: &SolveArgs) {
    if let Some(path) = &args.resume {
        eprintln!(
            "npuzzle: the search is kept in {}: run the same command to go on",
            path.display()
        );
    }
}

/// Whether `error` is a search stopped by cancellation.
fn cancelled(error: &anyhow::Error) -> bool {
    matches!(
        error.downcast_ref::<SolveError>(),
        Some(SolveError::LimitReached {
            limit: Limit::Cancelled,
            ..
        })
    )
}

/// Ends a streamed JSON line whose solution string is open: closes the string and adds the
/// fields of `trailer` (an object), so the line is one whole object.
fn close_json_line(out: &mut dyn Write, trailer: &serde_json::Value) -> std::io::Result<()> {
    let trailer = trailer.to_string();
    writeln!(out, "\",{}", &trailer[1..])
}

/// Solves with the constructive solver, writing the moves as they are made.
fn stream_constructive(
    args: &SolveArgs,
    start: &Start,
    solver: &Solver,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let board = start.board();
    if args.json {
        let position = serde_json::to_string(&board.to_string())?;
        write!(out, "{{\"position\":{position},\"solution\":\"")?;
    } else {
        write!(out, "solution   ")?;
    }
    let mut writer = MoveWriter::new(out, args.notation, args.run_length, Some(board));
    let mut failure = None;
    let limits = &solver.options().limits;
    let report = solver.stream(start, limits, &mut |m| match writer.push(m) {
        Ok(()) => ControlFlow::Continue(()),
        Err(error) => {
            failure = Some(error);
            ControlFlow::Break(())
        }
    });
    if let Some(error) = failure {
        return Err(error.into());
    }
    writer.finish()?;
    let (stm, mtm) = (writer.stm, writer.mtm);
    match report {
        Ok(report) => close_streamed(args, &report, stm, mtm, out),
        Err(error) => {
            // The moves already written stay, and the line is closed: in JSON a whole object
            // that says it stopped, never a cut-off line.
            close_stopped(args, &error, stm, mtm, out)?;
            Err(error.into())
        }
    }
}

/// Ends the line of a constructive solution streamed to its end with its figures.
fn close_streamed(
    args: &SolveArgs,
    report: &Streamed,
    stm: u64,
    mtm: u64,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    if args.json {
        // The same fields as every other solution's line: a `Report`, whose moves came first.
        let figures = Figures::streamed(stm, mtm, report.lower_bound, &report.stats);
        close_json_line(out, &serde_json::to_value(&figures)?)?;
        return Ok(());
    }
    let ratio = stm as f64 / report.lower_bound.max(1) as f64;
    writeln!(out)?;
    writeln!(
        out,
        "length     {stm} STM, {mtm} MTM, {ratio:.2} times the Manhattan lower bound ({})",
        report.lower_bound
    )?;
    writeln!(out, "algorithm  constructive")?;
    let seconds = report.stats.elapsed.as_secs_f64();
    writeln!(out, "time       {seconds:.3} s")?;
    Ok(())
}

/// Ends the line of a constructive solution that stopped, saying so.
fn close_stopped(
    args: &SolveArgs,
    error: &SolveError,
    stm: u64,
    mtm: u64,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    if args.json {
        let trailer = json!({
            "solved": false,
            "stopped": error.to_string(),
            "length": stm,
            "stm": stm,
            "mtm": mtm,
            "algorithm": "constructive",
        });
        return close_json_line(out, &trailer);
    }
    writeln!(out)?;
    writeln!(
        out,
        "stopped    {error}: the {stm} moves above do not reach the goal"
    )
}

pub(crate) fn write_solution(
    args: &SolveArgs,
    board: &Board,
    solution: &Solution,
    batch: bool,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let report = Report::new(board, solution, args.notation, args.run_length)?;
    if args.json {
        writeln!(out, "{}", serde_json::to_string(&report)?)?;
    } else {
        write!(out, "{}", report.text(batch))?;
    }
    Ok(())
}
