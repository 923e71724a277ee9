//! `npuzzle solve P --trace FILE`: the search watched, every event written to FILE as a JSON
//! line (`npuzzle_search::algorithm::observe`), at most `--trace-cap` of them; past the cap the
//! search goes on and the trace says where it stopped. The file is written whole, through the
//! safe writer, once the search ends (stopped or not).

use std::io::Write;
use std::path::Path;

use anyhow::Context;
use npuzzle_search::algorithm::observe::JsonLines;

use crate::cli::SolveArgs;
use crate::search::Prepared;
use crate::status::Status;

/// Solves the one position of `args` watched, writing its trace to `path`.
pub fn run(args: &SolveArgs, path: &Path, out: &mut dyn Write) -> anyhow::Result<Status> {
    let text = args
        .position
        .as_deref()
        .filter(|&text| text != "-")
        .context("--trace watches one search: give one position")?;
    let item = crate::input::Item {
        place: "error".to_string(),
        text: Ok(text.to_string()),
        lines_before: 0,
    };
    let input = crate::input::parse(&item, args.input.from, &args.input.goal)?;
    let mut solvers = Prepared::new(args.input.goal.clone(), &args.search)?;
    let (solver, _) = solvers.for_board(&input.board)?;
    let mut lines = JsonLines::new(Vec::new(), args.trace_cap);
    let limits = solver.options().limits.clone();
    let solved = solver.watch(&input.board, &limits, &mut |event| {
        npuzzle_search::algorithm::observe::Observer::event(&mut lines, event)
    });
    // A search that cannot be watched leaves no trace file behind.
    if let Err(error @ npuzzle_search::SolveError::Unsupported(_)) = solved {
        return Err(error.into());
    }
    let (written, cut) = (lines.written(), lines.cut());
    let bytes = lines.finish()?;
    crate::files::write_atomically(path, &bytes)?;
    let place = path.display();
    match cut {
        true => eprintln!(
            "npuzzle: the trace in {place} stops at its cap, {written} events (--trace-cap): the search went on without it"
        ),
        false => eprintln!("npuzzle: {written} events traced in {place}"),
    }
    let solution = solved?;
    super::solve::write_solution(args, &input.board, &solution, false, out)?;
    Ok(Status::Success)
}
