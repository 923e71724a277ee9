//! `npuzzle bench FILE`: solve a benchmark set and check every length against its optimum.

mod every;
mod totals;

use std::io::Write;
use std::path::Path;
use std::time::Instant;

use anyhow::{Context, bail};
use npuzzle_core::instances::{Instance, InstanceReader};
use npuzzle_search::{Limits, Method, Solution, Solver};
use serde_json::json;

use totals::{Run, Totals, Verdict, solution_json, verdict};

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
        (None, Some(size)) => every::run(args, size, out),
        (None, None) => bail!("give an instance file or --every WxH"),
    }
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
    let mut run = Bench::new(args, file)?;
    let window = run.window();
    let mut selection = Selection::new(args);
    let mut pending = Vec::new();
    let bar = indicatif::ProgressBar::no_length().with_style(
        indicatif::ProgressStyle::with_template("{pos} instances solved {elapsed}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
    );
    let wall = Instant::now();
    while !selection.enough() && !crate::interrupt::interrupted() {
        let Some(instance) = run.next_instance(&mut lines, &mut instances, out)? else {
            break;
        };
        if let Some(job) = selection.take(instance) {
            pending.push(job);
        }
        if pending.len() == window {
            run.solve(&instances, std::mem::take(&mut pending), &bar, out)?;
        }
    }
    let read = selection.read;
    let mut rest: Vec<Job> = pending.into_iter().chain(selection.chosen()?).collect();
    while !rest.is_empty() {
        let part = rest.drain(..rest.len().min(window)).collect();
        run.solve(&instances, part, &bar, out)?;
    }
    bar.finish_and_clear();
    if read == 0 && run.totals.failures == 0 {
        bail!("{}: no instances", file.display());
    }
    run.finish(&instances, wall.elapsed().as_secs_f64(), out)
}

/// Which instances of the file are solved: the first `--limit` in the file's order, or those
/// `--only` names, in the order named (the first `--limit` of them).
struct Selection<'a> {
    only: &'a [usize],
    limit: Option<usize>,
    /// With `--only`, the instances named, once read.
    named: Vec<Option<Job>>,
    /// The instances read so far.
    read: usize,
}

impl<'a> Selection<'a> {
    fn new(args: &'a BenchArgs) -> Self {
        Selection {
            only: &args.only,
            limit: args.limit,
            named: args.only.iter().map(|_| None).collect(),
            read: 0,
        }
    }

    /// Whether enough is read: the first `--limit` instances, or every one `--only` names.
    fn enough(&self) -> bool {
        if self.only.is_empty() {
            self.limit.is_some_and(|limit| self.read >= limit)
        } else {
            self.named.iter().all(Option::is_some)
        }
    }

    /// The next instance read: its job if it is solved now, in the file's order; with `--only`
    /// it is kept for [`Selection::chosen`] if named, and passed over if not.
    fn take(&mut self, instance: Instance) -> Option<Job> {
        self.read += 1;
        let job = Job {
            number: self.read,
            instance,
        };
        if self.only.is_empty() {
            return Some(job);
        }
        if let Some(place) = self.only.iter().position(|&i| i == job.number) {
            self.named[place] = Some(job);
        }
        None
    }

    /// With `--only`, the instances named, in the order named; an error if the file ended before
    /// one of them (unless a signal stopped the reading).
    fn chosen(self) -> anyhow::Result<impl Iterator<Item = Job>> {
        if let Some(place) = self.named.iter().position(Option::is_none)
            && !crate::interrupt::interrupted()
        {
            bail!(
                "--only {}: the file has instances 1 to {}",
                self.only[place],
                self.read
            );
        }
        let limit = self.limit.unwrap_or(usize::MAX);
        Ok(self.named.into_iter().flatten().take(limit))
    }
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

impl<'a> Bench<'a> {
    fn new(args: &'a BenchArgs, file: &'a Path) -> anyhow::Result<Self> {
        Ok(Bench {
            args,
            file,
            batch: Batch::new(&args.search)?,
            solvers: None,
            totals: Totals::default(),
            worst: Status::Success,
            first_method: None,
            header: false,
            anchored: false,
            preparing: 0.0,
            exported: None,
        })
    }

    /// How many instances are solved together. With --split they are solved one after another:
    /// each answer is written (and flushed) as soon as it is found, so a run of hours stopped
    /// any way keeps every line done.
    fn window(&self) -> usize {
        if self.args.search.split {
            1
        } else {
            WINDOW_PER_THREAD * self.batch.threads()
        }
    }

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
