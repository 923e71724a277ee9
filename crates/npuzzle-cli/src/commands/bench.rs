//! `npuzzle bench FILE`: solve a benchmark set and check every length against its optimum.

use std::io::Write;
use std::path::Path;
use std::time::Instant;

use anyhow::{Context, bail};
use npuzzle_core::instances::{Instance, InstanceReader};
use npuzzle_core::{Board, Size};
use npuzzle_search::{DistanceTable, Limits, Method, Puzzle, Solution, Solver};
use serde_json::json;

use crate::cli::BenchArgs;
use crate::datasets::{self, Results};
use crate::lines::{Lines, Unreadable};
use crate::search::{Batch, Prepared};
use crate::status::Status;

/// Runs the command.
pub fn run(args: &BenchArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    match (&args.file, args.every) {
        (Some(file), _) => {
            if let Some(dir) = &args.resume {
                std::fs::create_dir_all(dir)
                    .with_context(|| format!("--resume {}", dir.display()))?;
            }
            run_file(args, file, out)
        }
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
    let (solver, _) =
        Prepared::new(args.goal.clone().unwrap_or_default(), &args.search)?.for_board(&goal)?;
    let clock = Instant::now();
    let results = Batch::new(&args.search)?.run(&positions, |(board, distance)| {
        let solution = solver.solve(board)?;
        let ok = if solution.optimal {
            solution.moves.len() == *distance
        } else {
            solution.moves.len() >= *distance
        };
        Ok::<_, npuzzle_search::SolveError>((ok, solution.stats.expanded))
    });
    let wall = clock.elapsed().as_secs_f64();
    let mut failures = 0;
    let mut expanded = 0;
    for ((board, distance), result) in positions.iter().zip(&results) {
        match result {
            Ok((ok, nodes)) => {
                expanded += nodes;
                if !ok {
                    failures += 1;
                    if args.json {
                        let line = json!({ "position": board.to_string(), "distance": distance, "ok": false });
                        writeln!(out, "{line}")?;
                    } else {
                        writeln!(out, "MISMATCH at distance {distance}: {board}")?;
                    }
                }
            }
            Err(error) => {
                failures += 1;
                if args.json {
                    let line = json!({ "position": board.to_string(), "distance": distance, "error": error.to_string() });
                    writeln!(out, "{line}")?;
                } else {
                    writeln!(out, "error on {board}: {error}")?;
                }
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

/// Instances read ahead per thread: enough that the threads stay busy while the hardest
/// instances of a window finish (a window waits for its slowest), while a file of any length is
/// read in bounded memory.
const WINDOW_PER_THREAD: usize = 128;

/// The most instances `--export` writes: what DeepCubeA's reader in the Python package takes.
const MAX_EXPORTED: usize = 1_000_000;

/// An instance and where it stands in the run.
struct Job {
    /// Its number in the file (from 1).
    number: usize,
    instance: Instance,
}

/// Runs an instance file, read a line at a time and solved a window at a time: answers come out
/// as they are done, and a file of any length takes bounded memory. A line that is not an
/// instance, or an instance that cannot be solved, gets its error line (with its line number)
/// and the run goes on.
fn run_file(args: &BenchArgs, file: &Path, out: &mut dyn Write) -> anyhow::Result<Status> {
    check_only(&args.only)?;
    let reader = npuzzle_files::open_named(file)?;
    let mut lines = Lines::new(std::io::BufReader::new(reader)).refusing_at_the_cap();
    let mut instances = InstanceReader::default();
    let batch = Batch::new(&args.search)?;
    // With --split the instances are solved one after another: each answer is written (and
    // flushed) as soon as it is found, so a run of hours stopped any way keeps every line done.
    let window = if args.search.split {
        1
    } else {
        WINDOW_PER_THREAD * batch.threads()
    };
    let mut run = Bench {
        args,
        file,
        batch,
        solvers: None,
        totals: Totals::default(),
        worst: Status::Success,
        first_method: None,
        header: false,
        anchored: false,
        preparing: 0.0,
        exported: None,
    };
    // With --only, the instances asked for, in the order asked, once all are read.
    let mut chosen: Vec<Option<Job>> = args.only.iter().map(|_| None).collect();
    let (mut count, mut pending) = (0, Vec::new());
    let bar = indicatif::ProgressBar::no_length().with_style(
        indicatif::ProgressStyle::with_template("{pos} instances solved {elapsed}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
    );
    let wall = Instant::now();
    loop {
        // Enough read: the first `--limit` instances, or every one `--only` names.
        let enough = if args.only.is_empty() {
            args.limit.is_some_and(|limit| count >= limit)
        } else {
            chosen.iter().all(Option::is_some)
        };
        if enough || crate::interrupt::interrupted() {
            break;
        }
        let Some(instance) = run.next_instance(&mut lines, &mut instances, out)? else {
            break;
        };
        count += 1;
        let job = Job {
            number: count,
            instance,
        };
        if args.only.is_empty() {
            pending.push(job);
        } else if let Some(place) = args.only.iter().position(|&i| i == count) {
            chosen[place] = Some(job);
        }
        if pending.len() == window {
            run.solve(&instances, std::mem::take(&mut pending), &bar, out)?;
        }
    }
    if let Some(place) = chosen.iter().position(Option::is_none)
        && !crate::interrupt::interrupted()
    {
        bail!(
            "--only {}: the file has instances 1 to {count}",
            args.only[place]
        );
    }
    // `--limit` after `--only`: the first of those named.
    let chosen = chosen
        .into_iter()
        .flatten()
        .take(args.limit.unwrap_or(usize::MAX));
    let mut rest: Vec<Job> = pending.into_iter().chain(chosen).collect();
    while !rest.is_empty() {
        let part = rest.drain(..rest.len().min(window)).collect();
        run.solve(&instances, part, &bar, out)?;
    }
    bar.finish_and_clear();
    if count == 0 && run.totals.failures == 0 {
        bail!("{}: no instances", file.display());
    }
    run.finish(&instances, wall.elapsed().as_secs_f64(), out)
}

/// Refuses an `--only` list that names instance 0 or one instance twice.
fn check_only(only: &[usize]) -> anyhow::Result<()> {
    if let Some(&bad) = only.iter().find(|&&i| i == 0) {
        bail!("--only {bad}: instances are numbered from 1");
    }
    if let Some(twice) = (1..only.len()).find(|&at| only[..at].contains(&only[at])) {
        bail!("--only names instance {} twice", only[twice]);
    }
    Ok(())
}

/// A benchmark run under way: what is needed to solve and write each window.
struct Bench<'a> {
    args: &'a BenchArgs,
    file: &'a Path,
    batch: Batch,
    /// The solvers, made once the goal is known (at the first instance).
    solvers: Option<Prepared>,
    totals: Totals,
    /// The worst status of a line (bad lines are bad input).
    worst: Status,
    /// The method and heuristic of the first solution.
    first_method: Option<String>,
    /// Whether the table's header was written.
    header: bool,
    /// Whether the table has the anchor's columns.
    anchored: bool,
    /// Seconds spent preparing solvers (building tables, loading databases).
    preparing: f64,
    /// The solved instances' results, for `--export` (made with the solvers).
    exported: Option<Results>,
}

impl Bench<'_> {
    /// The next instance of the file (`None` at its end). A line that is not an instance gets
    /// its error line and is passed over; an overlong line ends the run, since no instance is
    /// that long (`bench /dev/zero`).
    fn next_instance<R: std::io::BufRead>(
        &mut self,
        lines: &mut Lines<R>,
        instances: &mut InstanceReader,
        out: &mut dyn Write,
    ) -> anyhow::Result<Option<Instance>> {
        let file = self.file;
        loop {
            let line = lines
                .next_line()
                .with_context(|| format!("reading {}", file.display()))?;
            let Some((line_number, text)) = line else {
                return Ok(None);
            };
            if let Err(why @ Unreadable::TooLong) = text {
                bail!(
                    "{} line {line_number}: {why}; the rest of the file is not read",
                    file.display()
                );
            }
            let read = text
                .map_err(|why| anyhow::anyhow!("line {line_number}: {why}"))
                .and_then(|text| Ok(instances.line(line_number, text)?));
            match read {
                Ok(None) => {}
                Ok(Some(instance)) => return Ok(Some(instance)),
                Err(error) => self.bad_line(line_number, &error, out)?,
            }
        }
    }

    /// Ends the run after `elapsed` seconds: the header if none was written, the totals, the
    /// exports, and the status (interrupted, a failure, or the worst line's).
    fn finish(
        &mut self,
        instances: &InstanceReader,
        elapsed: f64,
        out: &mut dyn Write,
    ) -> anyhow::Result<Status> {
        let reference = instances.reference();
        let anchor = instances.anchor();
        let summary = Run {
            instances: self.totals.solved + self.totals.unsolved,
            reference: reference.as_deref().unwrap_or("reference"),
            anchor: anchor.as_deref().unwrap_or("anchor"),
            wall: elapsed - self.preparing,
            threads: self
                .args
                .search
                .jobs
                .unwrap_or_else(rayon::current_num_threads),
            algorithm: self.first_method.clone().unwrap_or_default(),
        };
        self.header(instances, out)?;
        self.totals.write(out, self.args.json, &summary)?;
        if let Some(results) = &self.exported {
            for export in &self.args.export {
                results.write(export.layout, &export.path)?;
                eprintln!(
                    "npuzzle: {} results written to {}",
                    results.len(),
                    export.path.display()
                );
            }
        }
        if crate::interrupt::interrupted() {
            eprintln!(
                "npuzzle: interrupted by {}: the instances shown as stopped were not solved, and \
                 the rest of the file was not read",
                crate::interrupt::signal_name()
            );
            return Ok(Status::Interrupted);
        }
        Ok(if self.totals.failures == 0 {
            self.worst
        } else {
            self.worst.max(Status::No)
        })
    }

    /// Writes the table's header once (not in JSON); where the file has an anchor column, the
    /// table ends with it and the ratio of our expansions to its.
    fn header(&mut self, instances: &InstanceReader, out: &mut dyn Write) -> anyhow::Result<()> {
        if self.args.json || std::mem::replace(&mut self.header, true) {
            return Ok(());
        }
        write!(
            out,
            "{:>4} {:>6} {:>7} {:>9} {:>5} {:>4} {:>9} {:>13} {:>8}",
            "#",
            "length",
            "optimum",
            instances.reference().as_deref().unwrap_or("reference"),
            "lower",
            "gap",
            "verdict",
            "expanded",
            "seconds"
        )?;
        let anchor = instances.anchor();
        self.anchored = anchor.is_some();
        match anchor {
            Some(anchor) => writeln!(out, " {anchor:>15} {:>7}", "ratio")?,
            None => writeln!(out)?,
        }
        Ok(())
    }

    /// The limits instance `number` is solved with: the solver's, with its journal in the
    /// `--resume` folder (set aside first with `--fresh`).
    fn limits(&self, solver: &Solver, number: usize) -> Limits {
        let limits = solver.options().limits.clone();
        let Some(dir) = &self.args.resume else {
            return limits;
        };
        let path = dir.join(format!("{number}.journal"));
        if self.args.fresh {
            super::solve::set_aside_journal(&path);
        }
        limits.keep_journal(path)
    }

    /// A line that is not an instance: its error line, and the run goes on.
    fn bad_line(
        &mut self,
        line: usize,
        error: &anyhow::Error,
        out: &mut dyn Write,
    ) -> anyhow::Result<()> {
        self.worst = Status::BadInput;
        self.totals.failures += 1;
        let message = format!("{}: {error:#}", self.file.display());
        if self.args.json {
            writeln!(out, "{}", json!({ "line": line, "error": message }))?;
        } else {
            // The error names its line already.
            crate::status::report(&self.file.display().to_string(), error);
        }
        Ok(())
    }

    /// Solves a window of instances in the pool and writes each answer, in order.
    fn solve(
        &mut self,
        instances: &InstanceReader,
        jobs: Vec<Job>,
        bar: &indicatif::ProgressBar,
        out: &mut dyn Write,
    ) -> anyhow::Result<()> {
        if jobs.is_empty() {
            return Ok(());
        }
        if self.solvers.is_none() {
            let goal = match (&self.args.goal, instances.goal()) {
                (Some(goal), _) => goal.clone(),
                (None, Ok(goal)) => goal,
                (None, Err(error)) => {
                    return Err(error).with_context(|| self.file.display().to_string());
                }
            };
            if !self.args.export.is_empty() {
                self.exported = Some(datasets::results(&goal).context("--export")?);
            }
            self.solvers = Some(Prepared::new(goal, &self.args.search)?);
        }
        let solvers = self.solvers.as_mut().expect("made above");
        // Preparing (tables, databases) is not solving: the wall time leaves it out.
        let clock = Instant::now();
        let prepared: Vec<_> = jobs
            .iter()
            .map(|job| solvers.for_board(&job.instance.board))
            .collect();
        self.preparing += clock.elapsed().as_secs_f64();
        let work: Vec<_> = jobs
            .iter()
            .zip(&prepared)
            .filter_map(|(job, prepared)| {
                let (solver, start) = prepared.as_ref().ok()?;
                Some((solver, start, self.limits(solver, job.number)))
            })
            .collect();
        let mut results = self
            .batch
            .run(&work, |(solver, start, limits)| {
                let result = solver.run(start, limits);
                bar.inc(1);
                result
            })
            .into_iter();
        self.header(instances, out)?;
        for (job, solver) in jobs.iter().zip(prepared) {
            let result = match solver {
                Ok(_) => results
                    .next()
                    .context("internal error: an instance was not solved")?
                    .map_err(anyhow::Error::from),
                Err(error) => Err(error),
            };
            self.write(job, result, out)?;
        }
        out.flush()?;
        Ok(())
    }

    /// Writes one instance's answer (or its error line) and adds it to the totals.
    fn write(
        &mut self,
        job: &Job,
        result: anyhow::Result<Solution>,
        out: &mut dyn Write,
    ) -> anyhow::Result<()> {
        let solution = match result {
            Ok(solution) => solution,
            Err(error) => {
                self.totals.failures += 1;
                self.totals.unsolved += 1;
                return self.write_error(job, &error, out);
            }
        };
        self.first_method
            .get_or_insert_with(|| match solution.heuristic {
                Some(h) => format!("{} with {h}", solution.algorithm),
                None => solution.algorithm.to_string(),
            });
        let verdict = verdict(&job.instance, &solution);
        self.totals.add(&job.instance, &solution, verdict);
        if let Some(results) = &mut self.exported {
            if results.len() >= MAX_EXPORTED {
                bail!("--export takes at most {MAX_EXPORTED} instances (its readers' cap)");
            }
            results.push(&job.instance.board, &solution);
        }
        if self.args.json {
            writeln!(out, "{}", solution_json(job, &solution, verdict))?;
            return Ok(());
        }
        self.write_row(job, &solution, verdict, out)
    }

    /// The error line of an instance that was not solved (marked stopped in JSON where an
    /// interruption stopped it).
    fn write_error(
        &self,
        job: &Job,
        error: &anyhow::Error,
        out: &mut dyn Write,
    ) -> anyhow::Result<()> {
        let Job { number, instance } = job;
        if self.args.json {
            let stopped = crate::status::of(error) == Status::No;
            let line = json!({
                "instance": number,
                "line": instance.line,
                "position": instance.board.to_string(),
                "error": format!("{error:#}"),
                "stopped": stopped && crate::interrupt::interrupted(),
            });
            writeln!(out, "{line}")?;
        } else {
            let error = crate::status::shown(&format!("{error:#}")).into_owned();
            writeln!(out, "{number:>4} error (line {}): {error}", instance.line)?;
        }
        Ok(())
    }

    /// A solved instance's row of the table, with the anchor's count where the file has one.
    fn write_row(
        &self,
        job: &Job,
        solution: &Solution,
        verdict: Verdict,
        out: &mut dyn Write,
    ) -> anyhow::Result<()> {
        let Job { number, instance } = job;
        let stats = &solution.stats;
        let show = |v: Option<usize>| v.map_or("?".to_string(), |v| v.to_string());
        write!(
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
        match instance.anchor.filter(|_| self.anchored) {
            Some(theirs) => writeln!(
                out,
                " {theirs:>15} {:>6.3}x",
                stats.expanded as f64 / theirs.max(1) as f64
            )?,
            None if self.anchored => writeln!(out, " {:>15} {:>7}", "?", "?")?,
            None => writeln!(out)?,
        }
        Ok(())
    }
}

/// A solved instance's JSON line.
fn solution_json(job: &Job, solution: &Solution, verdict: Verdict) -> serde_json::Value {
    let Job { number, instance } = job;
    let stats = &solution.stats;
    json!({
        "instance": number,
        "line": instance.line,
        "position": instance.board.to_string(),
        "length": solution.moves.len(),
        "optimum": instance.optimal,
        "reference": instance.reference,
        "anchor_expanded": instance.anchor,
        "lower_bound": solution.lower_bound,
        "gap": solution.gap(),
        "ok": verdict.ok(),
        "optimal": solution.optimal,
        "algorithm": solution.algorithm,
        "expanded": stats.expanded,
        "generated": stats.generated,
        "seconds": stats.elapsed.as_secs_f64(),
        "solution": solution.moves.iter().map(|m| m.tile_letter()).collect::<String>(),
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
    /// The anchor's name (its column in the file).
    anchor: &'a str,
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
    /// Instances that ended in an error (unsolvable, a limit, stopped).
    unsolved: usize,
    length: usize,
    /// Lengths and optima over the instances whose optimum is known.
    with_optimum: (usize, usize, usize),
    /// Lengths and reference lengths over the instances with a reference.
    with_reference: (usize, usize, usize),
    /// Our expansions and the anchor's over the instances with an anchor.
    with_anchor: (usize, u64, u64),
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
        if let Some(theirs) = instance.anchor {
            self.with_anchor.0 += 1;
            self.with_anchor.1 += solution.stats.expanded;
            self.with_anchor.2 += theirs;
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
            anchor,
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
        let (n_anchor, ours, theirs) = self.with_anchor;
        let versus_anchor = (n_anchor > 0).then(|| ours as f64 / theirs.max(1) as f64);
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
                "anchor": (n_anchor > 0).then_some(anchor),
                "anchor_expanded": (n_anchor > 0).then_some(theirs),
                "expanded_over_anchor": versus_anchor,
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
        if let Some(ratio) = versus_anchor {
            writeln!(
                out,
                "expanded against {anchor}: {ours} against {theirs} ({ratio:.3}x, {n_anchor} instances)"
            )?;
        }
        Ok(())
    }
}
