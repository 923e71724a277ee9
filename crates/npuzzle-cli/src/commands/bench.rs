//! `npuzzle bench FILE`: solve a benchmark set and check every length against its optimum.

use std::io::Write;
use std::path::Path;
use std::time::Instant;

use anyhow::{Context, bail};
use npuzzle_core::instances::{Instance, InstanceFile};
use npuzzle_core::{Board, Size};
use npuzzle_search::{DistanceTable, Limits, Puzzle, Solution};
use serde_json::json;

use crate::cli::BenchArgs;
use crate::search::{Solvers, run_batch};
use crate::status::Status;

/// Runs the command.
pub fn run(args: &BenchArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    match (&args.file, args.every) {
        (Some(file), _) => run_file(args, file, out),
        (None, Some(size)) => run_every(args, size, out),
        (None, None) => bail!("give an instance file or --every WxH"),
    }
}

/// Solves every solvable position of `size` and checks each length against a complete table.
fn run_every(args: &BenchArgs, size: Size, out: &mut dyn Write) -> anyhow::Result<Status> {
    let goal = args.goal.clone().unwrap_or_default().board(size)?;
    let clock = Instant::now();
    let table = DistanceTable::build(&Puzzle::new(&goal)?, Limits::default())?;
    let build = clock.elapsed().as_secs_f64();
    let positions: Vec<(Board, usize)> = (0..table.layer_counts().len())
        .flat_map(|d| table.positions_at(d as u8).map(move |board| (board, d)))
        .take(args.limit.unwrap_or(usize::MAX))
        .collect();
    let solver =
        Solvers::new(args.goal.clone().unwrap_or_default(), &args.search)?.for_board(&goal)?;
    let clock = Instant::now();
    let results = run_batch(&args.search, &positions, |(board, distance)| {
        let solution = solver.solve(board)?;
        let ok = if solution.optimal {
            solution.moves.len() == *distance
        } else {
            solution.moves.len() >= *distance
        };
        Ok::<_, npuzzle_search::SolveError>((ok, solution.stats.expanded))
    })?;
    let wall = clock.elapsed().as_secs_f64();
    let mut failures = 0;
    let mut expanded = 0;
    for ((board, distance), result) in positions.iter().zip(&results) {
        match result {
            Ok((ok, nodes)) => {
                expanded += nodes;
                if !ok {
                    failures += 1;
                    writeln!(out, "MISMATCH at distance {distance}: {board}")?;
                }
            }
            Err(error) => {
                failures += 1;
                writeln!(out, "error on {board}: {error}")?;
            }
        }
    }
    let algorithm = solver.algorithm();
    if args.json {
        let line = json!({
            "size": size.to_string(),
            "positions": positions.len(),
            "failures": failures,
            "expanded": expanded,
            "table_seconds": build,
            "wall_seconds": wall,
            "algorithm": algorithm.name(),
        });
        writeln!(out, "{line}")?;
    } else {
        writeln!(
            out,
            "{size}: {} positions solved by {algorithm} in {wall:.3} s wall, {failures} failures \
             against the BFS table (built in {build:.3} s); {expanded} nodes expanded",
            positions.len()
        )?;
    }
    Ok(if failures == 0 {
        Status::Success
    } else {
        Status::No
    })
}

/// Runs an instance file.
fn run_file(args: &BenchArgs, file: &Path, out: &mut dyn Write) -> anyhow::Result<Status> {
    let text =
        std::fs::read_to_string(file).with_context(|| format!("reading {}", file.display()))?;
    let InstanceFile {
        goal: file_goal,
        reference,
        mut instances,
    } = InstanceFile::parse(&text).with_context(|| file.display().to_string())?;
    if !args.only.is_empty() {
        if let Some(&bad) = args.only.iter().find(|&&i| i == 0 || i > instances.len()) {
            bail!(
                "--only {bad}: the file has instances 1 to {}",
                instances.len()
            );
        }
        instances = args
            .only
            .iter()
            .map(|&i| instances[i - 1].clone())
            .collect();
    }
    if let Some(limit) = args.limit {
        instances.truncate(limit);
    }
    if instances.is_empty() {
        bail!("{}: no instances", file.display());
    }
    let goal = args.goal.clone().unwrap_or(file_goal);
    // Each instance gets the solver of its own board size (auto decides per size).
    let mut solvers = Solvers::new(goal, &args.search)?;
    let jobs = instances
        .iter()
        .map(|instance| Ok((instance, solvers.for_board(&instance.board)?)))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let wall = Instant::now();
    // Instances done, on standard error (drawn only on a terminal): long runs show progress.
    let bar = indicatif::ProgressBar::new(instances.len() as u64).with_style(
        indicatif::ProgressStyle::with_template("{pos}/{len} instances [{bar:30}] {elapsed}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let results = run_batch(&args.search, &jobs, |(instance, solver)| {
        let result = solver.solve(&instance.board);
        bar.inc(1);
        result
    })?;
    bar.finish_and_clear();
    let wall = wall.elapsed().as_secs_f64();

    let reference_name = reference.as_deref().unwrap_or("reference");
    if !args.json {
        writeln!(
            out,
            "{:>4} {:>6} {:>7} {:>9} {:>5} {:>4} {:>9} {:>13} {:>8}",
            "#",
            "length",
            "optimum",
            reference_name,
            "lower",
            "gap",
            "verdict",
            "expanded",
            "seconds"
        )?;
    }
    let mut total = Totals::default();
    for (index, ((instance, _), result)) in jobs.iter().zip(&results).enumerate() {
        let number = args.only.get(index).copied().unwrap_or(index + 1);
        let solution = match result {
            Ok(solution) => solution,
            Err(error) => {
                total.failures += 1;
                writeln!(out, "{number:>4} error (line {}): {error}", instance.line)?;
                continue;
            }
        };
        let verdict = verdict(instance, solution);
        total.add(instance, solution, verdict);
        let stats = &solution.stats;
        if args.json {
            let line = json!({
                "instance": number,
                "position": instance.board.to_string(),
                "length": solution.moves.len(),
                "optimum": instance.optimal,
                "reference": instance.reference,
                "lower_bound": solution.lower_bound,
                "gap": solution.gap(),
                "ok": verdict.ok(),
                "optimal": solution.optimal,
                "algorithm": solution.algorithm,
                "expanded": stats.expanded,
                "generated": stats.generated,
                "seconds": stats.elapsed.as_secs_f64(),
            });
            writeln!(out, "{line}")?;
        } else {
            let show = |v: Option<usize>| v.map_or("?".to_string(), |v| v.to_string());
            writeln!(
                out,
                "{number:>4} {:>6} {:>7} {:>9} {:>5} {:>4} {:>9} {:>13} {:>8.3}",
                solution.moves.len(),
                show(instance.optimal),
                show(instance.reference),
                solution.lower_bound,
                solution.gap(),
                verdict.name(),
                stats.expanded,
                stats.elapsed.as_secs_f64()
            )?;
        }
    }
    let algorithm = results
        .iter()
        .flatten()
        .next()
        .map(|s| match s.heuristic {
            Some(h) => format!("{} with {h}", s.algorithm),
            None => s.algorithm.to_string(),
        })
        .unwrap_or_default();
    let run = Run {
        instances: instances.len(),
        reference: reference_name,
        wall,
        threads: args.search.jobs.unwrap_or_else(rayon::current_num_threads),
        algorithm,
    };
    total.write(out, args.json, &run)?;
    if crate::interrupt::interrupted() {
        eprintln!("npuzzle: interrupted: the instances shown as errors were stopped unsolved");
        return Ok(Status::Interrupted);
    }
    Ok(if total.failures == 0 {
        Status::Success
    } else {
        Status::No
    })
}

/// How a solution compares with what the file knows.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Verdict {
    /// Proved optimal and of the optimal length.
    Optimal,
    /// A valid solution, not proved optimal, no shorter than the optimum.
    Valid,
    /// Claimed optimal but of another length, or shorter than the optimum: a bug.
    Mismatch,
    /// The lower bound exceeds the known optimum: a bug.
    BadBound,
}

impl Verdict {
    fn ok(self) -> bool {
        matches!(self, Verdict::Optimal | Verdict::Valid)
    }

    fn name(self) -> &'static str {
        match self {
            Verdict::Optimal => "optimal",
            Verdict::Valid => "valid",
            Verdict::Mismatch => "MISMATCH",
            Verdict::BadBound => "BAD-BOUND",
        }
    }
}

fn verdict(instance: &Instance, solution: &Solution) -> Verdict {
    let length = solution.moves.len();
    match instance.optimal {
        Some(optimum) if solution.lower_bound as usize > optimum => Verdict::BadBound,
        Some(optimum) if length < optimum || (solution.optimal && length != optimum) => {
            Verdict::Mismatch
        }
        _ if solution.optimal => Verdict::Optimal,
        _ => Verdict::Valid,
    }
}

/// What the closing line says of the run as a whole.
struct Run<'a> {
    instances: usize,
    /// The reference solver's name (its column in the file).
    reference: &'a str,
    wall: f64,
    threads: usize,
    /// The method and heuristic of the first solution.
    algorithm: String,
}

/// Sums over the solved instances, for the closing line.
#[derive(Default)]
struct Totals {
    failures: usize,
    solved: usize,
    length: usize,
    /// Lengths and optima over the instances whose optimum is known.
    with_optimum: (usize, usize, usize),
    /// Lengths and reference lengths over the instances with a reference.
    with_reference: (usize, usize, usize),
    gap: usize,
    proved: usize,
    expanded: u64,
    seconds: f64,
    slowest: f64,
}

impl Totals {
    fn add(&mut self, instance: &Instance, solution: &Solution, verdict: Verdict) {
        let length = solution.moves.len();
        self.failures += usize::from(!verdict.ok());
        self.solved += 1;
        self.length += length;
        if let Some(optimum) = instance.optimal {
            self.with_optimum.0 += 1;
            self.with_optimum.1 += length;
            self.with_optimum.2 += optimum;
        }
        if let Some(reference) = instance.reference {
            self.with_reference.0 += 1;
            self.with_reference.1 += length;
            self.with_reference.2 += reference;
        }
        self.gap += solution.gap();
        self.proved += usize::from(solution.optimal);
        self.expanded += solution.stats.expanded;
        let seconds = solution.stats.elapsed.as_secs_f64();
        self.seconds += seconds;
        self.slowest = self.slowest.max(seconds);
    }

    fn write(&self, out: &mut dyn Write, json: bool, run: &Run) -> anyhow::Result<()> {
        let Run {
            instances: total,
            reference,
            wall,
            threads,
            ref algorithm,
        } = *run;
        let mean = |sum: usize, n: usize| (n > 0).then(|| sum as f64 / n as f64);
        let solved = self.solved;
        let mean_length = mean(self.length, solved);
        let (n_opt, len_opt, opt) = self.with_optimum;
        let (n_ref, len_ref, refs) = self.with_reference;
        let versus_optimum = (n_opt > 0).then(|| len_opt as f64 / opt.max(1) as f64);
        let versus_reference = (n_ref > 0).then(|| len_ref as f64 / refs.max(1) as f64);
        if json {
            let line = json!({
                "total": total,
                "solved": solved,
                "failures": self.failures,
                "proved_optimal": self.proved,
                "mean_length": mean_length,
                "mean_optimum": mean(opt, n_opt),
                "length_over_optimum": versus_optimum,
                "reference": reference,
                "mean_reference": mean(refs, n_ref),
                "length_over_reference": versus_reference,
                "mean_gap": mean(self.gap, solved),
                "expanded": self.expanded,
                "mean_seconds": (solved > 0).then(|| self.seconds / solved as f64),
                "max_seconds": self.slowest,
                "wall_seconds": wall,
                "algorithm": algorithm,
            });
            writeln!(out, "{line}")?;
            return Ok(());
        }
        writeln!(
            out,
            "total: {total} instances, {} failures, {} proved optimal, {} expanded, {:.2} s of \
             search ({:.2} s per instance, slowest {:.2} s), {wall:.2} s wall ({threads} thread{}, \
             {algorithm})",
            self.failures,
            self.proved,
            self.expanded,
            self.seconds,
            self.seconds / solved.max(1) as f64,
            self.slowest,
            if threads == 1 { "" } else { "s" },
        )?;
        if let Some(mean_length) = mean_length {
            write!(out, "lengths: mean {mean_length:.2}")?;
            if let (Some(ratio), Some(optimum)) = (versus_optimum, mean(opt, n_opt)) {
                write!(
                    out,
                    "; optimum {optimum:.2} ({ratio:.4}x, {n_opt} instances)"
                )?;
            }
            if let (Some(ratio), Some(mean_ref)) = (versus_reference, mean(refs, n_ref)) {
                write!(
                    out,
                    "; {reference} {mean_ref:.2} ({ratio:.4}x, {n_ref} instances)"
                )?;
            }
            let gap = mean(self.gap, solved).unwrap_or(0.0);
            writeln!(out, "; mean gap to the lower bound {gap:.2}")?;
        }
        Ok(())
    }
}
