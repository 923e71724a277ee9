//! How good an estimate is where optimal lengths are known: its error distribution, and how
//! often it orders two siblings (children of one position) as their distances are ordered.

use std::path::Path;

use anyhow::{Context, bail};
use npuzzle_core::{Board, Size};
use npuzzle_heuristic::pdb::{Partition, Store};
use npuzzle_learned::Network;
use npuzzle_search::{
    Algorithm, AnyHeuristic, DistanceTable, Limits, Options, Puzzle, Solver, Start,
};

use crate::targets::Teacher;

/// The distribution of an estimate's errors (estimate minus optimum).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Errors {
    /// Positions measured.
    pub count: usize,
    /// Mean error.
    pub mean: f64,
    /// Mean absolute error.
    pub mean_abs: f64,
    /// 5th, 50th and 95th percentiles of the error.
    pub percentiles: [f64; 3],
    /// The share of positions estimated above their optimum.
    pub over: f64,
}

impl Errors {
    /// The errors of `estimates` against `optima`.
    ///
    /// ```
    /// use npuzzle_train::measure::Errors;
    /// let errors = Errors::of(&[10.0, 12.0, 9.0], &[10, 10, 10]);
    /// assert_eq!((errors.mean, errors.mean_abs), (1.0 / 3.0, 1.0));
    /// assert_eq!(errors.over, 1.0 / 3.0);
    /// ```
    pub fn of(estimates: &[f32], optima: &[u32]) -> Errors {
        let mut errors: Vec<f64> = estimates
            .iter()
            .zip(optima)
            .map(|(&e, &o)| f64::from(e) - f64::from(o))
            .collect();
        let count = errors.len();
        if count == 0 {
            return Errors::default();
        }
        let mean = errors.iter().sum::<f64>() / count as f64;
        let mean_abs = errors.iter().map(|e| e.abs()).sum::<f64>() / count as f64;
        let over = errors.iter().filter(|&&e| e > 0.0).count() as f64 / count as f64;
        errors.sort_by(f64::total_cmp);
        let at = |q: f64| errors[((count - 1) as f64 * q).round() as usize];
        Errors {
            count,
            mean,
            mean_abs,
            percentiles: [at(0.05), at(0.5), at(0.95)],
            over,
        }
    }
}

/// Sibling pairs: children of one position whose distances differ.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Siblings {
    /// Pairs compared.
    pub pairs: u64,
    /// The share the estimate orders rightly (ties count a half).
    pub right: f64,
}

/// Sibling ordering of `estimate` over families of children with known distances.
fn ordered(families: &[Family], estimate: &Estimate) -> Siblings {
    let (mut pairs, mut right) = (0u64, 0f64);
    for family in families {
        let valued: Vec<(u32, f32)> = family.iter().map(|(d, c)| (*d, estimate(c))).collect();
        for (i, a) in valued.iter().enumerate() {
            for b in &valued[i + 1..] {
                if let Some(score) = judge(*a, *b) {
                    pairs += 1;
                    right += score;
                }
            }
        }
    }
    Siblings {
        pairs,
        right: right / pairs.max(1) as f64,
    }
}

/// 1 when the estimates of two siblings (distance, estimate) are ordered as their distances,
/// a half when tied, 0 when the other way; `None` when their distances are equal.
fn judge(a: (u32, f32), b: (u32, f32)) -> Option<f64> {
    use std::cmp::Ordering::{Equal, Greater, Less};
    if a.0 == b.0 {
        return None;
    }
    Some(match (a.0 < b.0, a.1.partial_cmp(&b.1)) {
        (_, Some(Equal)) => 0.5,
        (true, Some(Less)) | (false, Some(Greater)) => 1.0,
        _ => 0.0,
    })
}

/// Every position of the board `table` covers, with its optimal length.
pub fn every_position(table: &DistanceTable) -> Vec<(Board, u32)> {
    let layers = table.layer_counts().len();
    (0..layers)
        .flat_map(|d| table.positions_at(d as u8).map(move |b| (b, d as u32)))
        .collect()
}

/// A position's children, each with its distance and its cells.
type Family = Vec<(u32, Vec<u8>)>;

/// An estimate of a position's distance (cells bytes, 0 the blank).
pub type Estimate<'a> = dyn Fn(&[u8]) -> f32 + 'a;

/// Sibling ordering of `estimate` over every position `table` covers.
pub fn siblings(table: &DistanceTable, estimate: &Estimate) -> anyhow::Result<Siblings> {
    let puzzle: &Puzzle = table.puzzle();
    let (mut pairs, mut right) = (0u64, 0f64);
    for (board, _) in every_position(table) {
        let mut children = Vec::new();
        for m in board.legal_moves() {
            let mut child = board.clone();
            child.apply(m)?;
            let distance = table.distance(&Start::new(child.clone(), puzzle.goal().clone())?)?;
            children.push((distance, estimate(&puzzle.bytes(&child))));
        }
        for (i, a) in children.iter().enumerate() {
            for b in &children[i + 1..] {
                if let Some(score) = judge((u32::from(a.0), a.1), (u32::from(b.0), b.1)) {
                    pairs += 1;
                    right += score;
                }
            }
        }
    }
    Ok(Siblings {
        pairs,
        right: right / pairs.max(1) as f64,
    })
}

/// The complete distance table of `puzzle`'s goal (boards of at most 12 cells).
pub fn table(puzzle: &Puzzle) -> anyhow::Result<DistanceTable> {
    Ok(DistanceTable::build(puzzle, Limits::default())?)
}

/// The positions of an instance file and their optimal lengths: a line's tiles, then its
/// optimal length (lines with an unknown optimum, -1, are left out; `#` starts a comment).
pub fn read_instances(path: &Path, size: Size) -> anyhow::Result<Vec<(Board, u32)>> {
    let bytes = npuzzle_files::read_named(path, npuzzle_files::MAX_DATA_FILE)?;
    let text = String::from_utf8(bytes)
        .map_err(|e| anyhow::anyhow!("{}: not UTF-8 text ({e})", path.display()))?;
    let cells = size.cells();
    let mut out = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let fields: Vec<i64> = line
            .split_whitespace()
            .take(cells + 1)
            .map(str::parse)
            .collect::<Result<_, _>>()
            .with_context(|| format!("{}:{}: not numbers", path.display(), number + 1))?;
        if fields.len() <= cells {
            bail!(
                "{}:{}: no optimal length after the {cells} tiles",
                path.display(),
                number + 1
            );
        }
        if fields[cells] < 0 {
            continue;
        }
        let tiles = fields[..cells].iter().map(|&t| t as u32).collect();
        let board = Board::new(size, tiles)
            .with_context(|| format!("{}:{}", path.display(), number + 1))?;
        out.push((board, fields[cells] as u32));
    }
    Ok(out)
}

/// Every child of each of `positions`, with its distance, found by IDA* with the databases `h`.
fn solved_children(
    goal: &Board,
    h: &AnyHeuristic,
    positions: &[(Board, u32)],
) -> anyhow::Result<Vec<Family>> {
    let puzzle = Puzzle::new(goal)?;
    let options = Options {
        algorithm: Algorithm::IdaStar,
        parallel: true,
        ..Options::default()
    };
    let solver = Solver::with_heuristic(goal, options, h.clone())?;
    let mut all = Vec::new();
    for (board, _) in positions {
        let mut family = Vec::new();
        for m in board.legal_moves() {
            let mut child = board.clone();
            child.apply(m)?;
            let distance = solver.solve(&child)?.moves.len() as u32;
            family.push((distance, puzzle.bytes(&child)));
        }
        all.push(family);
    }
    Ok(all)
}

/// The table's "sibling pairs right" cell for `estimate`: judged on every position by the
/// complete `table`, else on the solved `children`, else "-".
fn sibling_cell(
    table: Option<&DistanceTable>,
    children: Option<&[Family]>,
    estimate: &Estimate,
) -> anyhow::Result<String> {
    let judged = match (table, children) {
        (Some(table), _) => siblings(table, estimate)?,
        (None, Some(children)) => ordered(children, estimate),
        (None, None) => return Ok("-".into()),
    };
    Ok(format!("{:.1} % of {}", 100.0 * judged.right, judged.pairs))
}

/// The measurements of `network` as a Markdown table: on every position of its board when it
/// has at most 12 cells, else on the positions of `instances`; the learned estimate beside
/// linear conflict's and, with `databases` (a folder and a partition), the pattern databases'.
pub fn report(
    network: &Network,
    instances: Option<&Path>,
    databases: Option<(&Path, Partition)>,
) -> anyhow::Result<String> {
    let goal = Board::new(
        network.size(),
        network.goal().iter().map(|&t| u32::from(t)).collect(),
    )?;
    let puzzle = Puzzle::new(&goal)?;
    let teacher = Teacher::new(&puzzle, network, 1);
    let lc = |cells: &[u8]| teacher.bound(cells) as f32;
    let learned = |cells: &[u8]| teacher.estimate(cells);
    let (positions, table) = match instances {
        Some(path) => (read_instances(path, network.size())?, None),
        None => {
            let table = table(&puzzle)?;
            (every_position(&table), Some(table))
        }
    };
    let pdb = databases
        .map(|(folder, partition)| open_databases(&puzzle, folder, &partition))
        .transpose()?;
    // Without the complete table, but with databases on a board of at most 16 cells, every
    // child of every position is solved optimally, so that sibling pairs can be judged there too.
    let children = match &pdb {
        Some((_, h)) if table.is_none() && puzzle.cells() <= 16 => {
            Some(solved_children(&goal, h, &positions)?)
        }
        _ => None,
    };
    let by_pdb = |cells: &[u8]| pdb.as_ref().map_or(0.0, |(_, h)| h.evaluate(cells) as f32);
    let mut rankings: Vec<(&str, &Estimate)> = vec![("linear conflict", &lc)];
    if let Some((name, _)) = &pdb {
        rankings.push((name, &by_pdb));
    }
    rankings.push(("learned", &learned));
    let optima: Vec<u32> = positions.iter().map(|(_, d)| *d).collect();
    let mut out = String::from(
        "| estimate | positions | mean error | mean abs error | 5% / 50% / 95% | over optimum | \
         sibling pairs right |\n|---|---|---|---|---|---|---|\n",
    );
    for (name, estimate) in rankings {
        let values: Vec<f32> = positions
            .iter()
            .map(|(b, _)| estimate(&puzzle.bytes(b)))
            .collect();
        let errors = Errors::of(&values, &optima);
        let siblings = sibling_cell(table.as_ref(), children.as_deref(), estimate)?;
        out += &row(name, &errors, &siblings);
    }
    Ok(out)
}

/// The pattern databases of `partition` in `folder`, named for the report's table.
fn open_databases(
    puzzle: &Puzzle,
    folder: &Path,
    partition: &Partition,
) -> anyhow::Result<(String, AnyHeuristic)> {
    let opened = Store::new(folder).open(puzzle, partition, &mut |_| {})?;
    Ok((
        format!("pattern databases {partition}"),
        AnyHeuristic::Pdb(opened),
    ))
}

/// One estimate's line of the report's table.
fn row(name: &str, e: &Errors, siblings: &str) -> String {
    let [low, median, high] = e.percentiles;
    format!(
        "| {name} | {} | {:+.2} | {:.2} | {low:+.1} / {median:+.1} / {high:+.1} | {:.1} % | \
         {siblings} |\n",
        e.count,
        e.mean,
        e.mean_abs,
        100.0 * e.over
    )
}
