//! What `npuzzle bench` says of each solved instance (its verdict and JSON line) and of the run
//! as a whole (the closing line).

use std::io::Write;

use npuzzle_core::instances::Instance;
use npuzzle_search::Solution;
use serde_json::json;

use super::Job;

/// A solved instance's JSON line.
pub(super) fn solution_json(job: &Job, solution: &Solution, verdict: Verdict) -> serde_json::Value {
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
pub(super) enum Verdict {
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
    pub(super) fn ok(self) -> bool {
        matches!(self, Verdict::Optimal | Verdict::Valid)
    }

    pub(super) fn name(self) -> &'static str {
        match self {
            Verdict::Optimal => "optimal",
            Verdict::Valid => "valid",
            Verdict::Mismatch => "MISMATCH",
            Verdict::BadBound => "BAD-BOUND",
        }
    }
}

/// How `solution` compares with what the file knows of `instance`.
pub(super) fn verdict(instance: &Instance, solution: &Solution) -> Verdict {
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
pub(super) struct Run<'a> {
    pub(super) instances: usize,
    /// The reference solver's name (its column in the file).
    pub(super) reference: &'a str,
    /// The anchor's name (its column in the file).
    pub(super) anchor: &'a str,
    pub(super) wall: f64,
    pub(super) threads: usize,
    /// The method and heuristic of the first solution.
    pub(super) algorithm: String,
}

/// Sums over the solved instances, for the closing line.
#[derive(Default)]
pub(super) struct Totals {
    pub(super) failures: usize,
    pub(super) solved: usize,
    /// Instances that ended in an error (unsolvable, a limit, stopped).
    pub(super) unsolved: usize,
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
    /// Adds a solved instance.
    pub(super) fn add(&mut self, instance: &Instance, solution: &Solution, verdict: Verdict) {
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

    /// Our lengths over the optima, where the file knows them.
    fn versus_optimum(&self) -> Option<f64> {
        let (n, ours, optima) = self.with_optimum;
        ratio(n, ours as f64, optima as f64)
    }

    /// Our lengths over the reference solver's, where the file has them.
    fn versus_reference(&self) -> Option<f64> {
        let (n, ours, theirs) = self.with_reference;
        ratio(n, ours as f64, theirs as f64)
    }

    /// Our expansions over the anchor's, where the file has them.
    fn versus_anchor(&self) -> Option<f64> {
        let (n, ours, theirs) = self.with_anchor;
        ratio(n, ours as f64, theirs as f64)
    }

    /// Writes the closing line: one JSON object, or the text lines.
    pub(super) fn write(&self, out: &mut dyn Write, json: bool, run: &Run) -> anyhow::Result<()> {
        if json {
            writeln!(out, "{}", self.json(run))?;
            Ok(())
        } else {
            self.write_text(out, run)
        }
    }

    /// The closing line in JSON.
    fn json(&self, run: &Run) -> serde_json::Value {
        let (n_opt, _, opt) = self.with_optimum;
        let (n_ref, _, refs) = self.with_reference;
        let (n_anchor, _, theirs) = self.with_anchor;
        json!({
            "total": run.instances,
            "solved": self.solved,
            "failures": self.failures,
            "proved_optimal": self.proved,
            "mean_length": mean(self.length, self.solved),
            "mean_optimum": mean(opt, n_opt),
            "length_over_optimum": self.versus_optimum(),
            "reference": run.reference,
            "mean_reference": mean(refs, n_ref),
            "length_over_reference": self.versus_reference(),
            "mean_gap": mean(self.gap, self.solved),
            "expanded": self.expanded,
            "anchor": (n_anchor > 0).then_some(run.anchor),
            "anchor_expanded": (n_anchor > 0).then_some(theirs),
            "expanded_over_anchor": self.versus_anchor(),
            "mean_seconds": (self.solved > 0).then(|| self.seconds / self.solved as f64),
            "max_seconds": self.slowest,
            "wall_seconds": run.wall,
            "algorithm": run.algorithm,
        })
    }

    /// The closing lines in text: the counts and times, the lengths, the anchor's ratio.
    fn write_text(&self, out: &mut dyn Write, run: &Run) -> anyhow::Result<()> {
        let Run {
            instances: total,
            reference,
            anchor,
            wall,
            threads,
            ref algorithm,
        } = *run;
        writeln!(
            out,
            "total: {total} instances, {} failures, {} proved optimal, {} expanded, {:.2} s of \
             search ({:.2} s per instance, slowest {:.2} s), {wall:.2} s wall ({threads} thread{}, \
             {algorithm})",
            self.failures,
            self.proved,
            self.expanded,
            self.seconds,
            self.seconds / self.solved.max(1) as f64,
            self.slowest,
            if threads == 1 { "" } else { "s" },
        )?;
        if let Some(mean_length) = mean(self.length, self.solved) {
            write!(out, "lengths: mean {mean_length:.2}")?;
            let (n_opt, _, opt) = self.with_optimum;
            if let (Some(ratio), Some(optimum)) = (self.versus_optimum(), mean(opt, n_opt)) {
                write!(
                    out,
                    "; optimum {optimum:.2} ({ratio:.4}x, {n_opt} instances)"
                )?;
            }
            let (n_ref, _, refs) = self.with_reference;
            if let (Some(ratio), Some(mean_ref)) = (self.versus_reference(), mean(refs, n_ref)) {
                write!(
                    out,
                    "; {reference} {mean_ref:.2} ({ratio:.4}x, {n_ref} instances)"
                )?;
            }
            let gap = mean(self.gap, self.solved).unwrap_or(0.0);
            writeln!(out, "; mean gap to the lower bound {gap:.2}")?;
        }
        if let Some(ratio) = self.versus_anchor() {
            let (n_anchor, ours, theirs) = self.with_anchor;
            writeln!(
                out,
                "expanded against {anchor}: {ours} against {theirs} ({ratio:.3}x, {n_anchor} instances)"
            )?;
        }
        Ok(())
    }
}

/// The mean of `n` values summing to `sum`, if there are any.
fn mean(sum: usize, n: usize) -> Option<f64> {
    (n > 0).then(|| sum as f64 / n as f64)
}

/// Ours over theirs, summed over `n` instances, if there are any.
fn ratio(n: usize, ours: f64, theirs: f64) -> Option<f64> {
    (n > 0).then(|| ours / theirs.max(1.0))
}
