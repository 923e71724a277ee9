//! `npuzzle lab --table --fifteen N`: the 15-puzzle's version of the textbook's table, on the
//! first N of Korf's 100: the nodes Korf's 1985 IDA* with the Manhattan distance generated,
//! beside npuzzle's IDA* with Manhattan, linear conflict, walking distance and the pattern
//! databases, every solution at the published optimum.

use std::fmt::Write as _;
use std::io::Write;

use std::sync::Arc;

use anyhow::Context;
use npuzzle_game::Lang;
use npuzzle_search::textbook::{KORF_SOURCE, Korf, korf100};
use npuzzle_search::{HeuristicKind, Solver};
use rayon::prelude::*;

use crate::status::Status;

/// The heuristics compared, each with IDA*.
pub const KINDS: [HeuristicKind; 4] = [
    HeuristicKind::Manhattan,
    HeuristicKind::LinearConflict,
    HeuristicKind::WalkingDistance,
    HeuristicKind::Pdb,
];

/// One instance's row: Korf's count and each heuristic's nodes generated.
struct Row {
    korf: Korf,
    generated: Vec<u64>,
}

/// Searches the first `count` of Korf's 100 with each of `solvers` (IDA* with each of
/// [`KINDS`], in order) on the threads of `pool`, and prints the table.
pub fn run(
    count: usize,
    solvers: &[Arc<Solver>],
    pool: &rayon::ThreadPool,
    json: bool,
    lang: Lang,
    out: &mut dyn Write,
) -> anyhow::Result<Status> {
    let instances: Vec<Korf> = korf100()
        .map_err(anyhow::Error::msg)?
        .into_iter()
        .take(count)
        .collect();
    let clock = std::time::Instant::now();
    let rows: Vec<anyhow::Result<Row>> = pool.install(|| {
        instances
            .par_iter()
            .map(|korf| row(korf, solvers))
            .collect()
    });
    let rows: Vec<Row> = rows.into_iter().collect::<anyhow::Result<_>>()?;
    if json {
        for row in &rows {
            let measured: serde_json::Map<String, serde_json::Value> = KINDS
                .iter()
                .zip(&row.generated)
                .map(|(k, &g)| (format!("IDA* {k}"), g.into()))
                .collect();
            let line = serde_json::json!({
                "instance": row.korf.number,
                "optimal": row.korf.optimal,
                "korf1985_generated": row.korf.generated,
                "generated": measured,
                "source": KORF_SOURCE,
            });
            writeln!(out, "{line}")?;
        }
    } else {
        out.write_all(text(&rows, lang, clock.elapsed().as_secs_f64()).as_bytes())?;
    }
    Ok(Status::Success)
}

/// One instance searched by every solver, each solution at the published optimum.
fn row(korf: &Korf, solvers: &[Arc<Solver>]) -> anyhow::Result<Row> {
    let mut generated = Vec::new();
    for (solver, kind) in solvers.iter().zip(KINDS) {
        let solution = solver
            .solve(&korf.board)
            .with_context(|| format!("Korf #{} with {kind}", korf.number))?;
        anyhow::ensure!(
            solution.moves.len() == korf.optimal as usize,
            "Korf #{} with {kind}: {} moves, not the published {}",
            korf.number,
            solution.moves.len(),
            korf.optimal
        );
        generated.push(solution.stats.generated);
    }
    Ok(Row {
        korf: korf.clone(),
        generated,
    })
}

/// The table as people read it: a row an instance, the totals and each column against Korf's.
fn text(rows: &[Row], lang: Lang, seconds: f64) -> String {
    let mut text = match lang {
        Lang::En => format!(
            "Korf's 100 15-puzzles ({KORF_SOURCE}), the first {}: IDA* nodes generated\n",
            rows.len()
        ),
        Lang::Pt => format!(
            "Os 100 15-puzzles de Korf ({KORF_SOURCE}), os primeiros {}: nós gerados pelo IDA*\n",
            rows.len()
        ),
    };
    let heads: Vec<String> = KINDS.iter().map(|k| format!("IDA* {k}")).collect();
    let _ = write!(
        text,
        "{:>4}  {:>7}  {:>16}",
        "#",
        lang.pick("optimal", "ótimo"),
        "Korf 1985 (MD)"
    );
    for head in &heads {
        let _ = write!(text, "  {head:>21}");
    }
    text.push('\n');
    for row in rows {
        let _ = write!(
            text,
            "{:>4}  {:>7}  {:>16}",
            row.korf.number, row.korf.optimal, row.korf.generated
        );
        for g in &row.generated {
            let _ = write!(text, "  {g:>21}");
        }
        text.push('\n');
    }
    let korf: u64 = rows.iter().map(|r| r.korf.generated).sum();
    let _ = write!(
        text,
        "{:>4}  {:>7}  {korf:>16}",
        lang.pick("all", "tudo"),
        ""
    );
    for k in 0..KINDS.len() {
        let total: u64 = rows.iter().map(|r| r.generated[k]).sum();
        let ratio = total as f64 / korf.max(1) as f64;
        let _ = write!(text, "  {:>21}", format!("{total} ({ratio:.3}×)"));
    }
    let _ = writeln!(
        text,
        "\n{} {seconds:.1} s",
        lang.pick("Measured in", "Medido em")
    );
    text
}
