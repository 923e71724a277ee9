//! `npuzzle label`: positions labelled for learning (the library's
//! [`npuzzle_search::analysis::label_all`]) a chunk at a time on every core, as JSON lines while
//! they come, or as numpy's `.npz` or DeepCubeA's pickle at the end.

use std::io::Write;
use std::sync::Arc;

use anyhow::{Context, bail};
use npuzzle_core::{Board, Move};
use npuzzle_search::analysis::{Label, label_all};
use npuzzle_search::{Limit, SolveError, Solver};
use npuzzle_settings::ranges;
use serde_json::json;

use crate::cli::{LabelArgs, LabelFormat};
use crate::datasets::{self, Npz};
use crate::input::{self, Item};
use crate::search::Prepared;
use crate::status::Status;

/// Positions read and labelled at a time, per thread: enough to keep every thread busy while a
/// chunk's hardest position finishes, few enough that JSON lines come out steadily.
const CHUNK_PER_THREAD: usize = 256;

/// Bytes a kept label may take besides its position's cells (its solution and moves), for the
/// batch's cap on what `npz` and `deepcubea` hold until the end.
const LABEL_BYTES: usize = 256;

/// Runs the command.
pub fn run(args: &LabelArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    if args.format != LabelFormat::Jsonl && args.output.is_none() {
        bail!(
            "--format {:?} writes a file: give --output FILE",
            args.format
        );
    }
    if args.format == LabelFormat::Deepcubea {
        datasets::Frame::of(&args.input.goal).context("--format deepcubea")?;
    }
    let pool = args.search.pool()?;
    let chunk = CHUNK_PER_THREAD * pool.current_num_threads();
    let mut items = input::items(args.positions.as_deref())?;
    let mut run = Run {
        args,
        solvers: Prepared::new(args.input.goal.clone(), &args.search)?,
        solver: None,
        kept: (Vec::new(), Vec::new()),
        proved: 0,
        count: 0,
    };
    let clock = std::time::Instant::now();
    let interrupted = loop {
        let read: Vec<Item> = items.by_ref().take(chunk).collect();
        if read.is_empty() {
            break false;
        }
        let (boards, solver) = run.boards(&read)?;
        let limits = solver.options().limits.clone();
        match pool.install(|| label_all(&solver, &boards, &limits)) {
            Ok(labels) => run.add(boards, labels, out)?,
            Err(SolveError::LimitReached {
                limit: Limit::Cancelled,
                ..
            }) => break true,
            Err(error) => return Err(error.into()),
        }
    };
    run.finish(clock.elapsed().as_secs_f64(), interrupted)
}

/// A labelling under way.
struct Run<'a> {
    args: &'a LabelArgs,
    solvers: Prepared,
    /// The solver of the first position's size, which every position must share.
    solver: Option<Arc<Solver>>,
    /// What npz and deepcubea write at the end.
    kept: (Vec<Board>, Vec<Label>),
    proved: usize,
    count: usize,
}

impl Run<'_> {
    /// The boards of `read`, checked (each a position of the first one's size that can reach the
    /// goal), and their solver.
    fn boards(&mut self, read: &[Item]) -> anyhow::Result<(Vec<Board>, Arc<Solver>)> {
        let mut boards = Vec::with_capacity(read.len());
        for item in read {
            let board = item
                .board(self.args.input.from)
                .with_context(|| item.place.clone())?;
            let (solver, _) = self
                .solvers
                .for_board(&board)
                .with_context(|| item.place.clone())?;
            let first = self.solver.get_or_insert_with(|| Arc::clone(&solver));
            if first.goal().size() != board.size() {
                bail!(
                    "{}: a {} position among {} ones: label one size at a time",
                    item.place,
                    board.size(),
                    first.goal().size()
                );
            }
            boards.push(board);
        }
        let solver = Arc::clone(self.solver.as_ref().expect("a board was read"));
        Ok((boards, solver))
    }

    /// Writes a chunk's labels (JSON lines) or keeps them for the end.
    fn add(
        &mut self,
        boards: Vec<Board>,
        labels: Vec<Label>,
        out: &mut dyn Write,
    ) -> anyhow::Result<()> {
        self.count += labels.len();
        self.proved += labels.iter().filter(|l| l.optimal_moves.is_some()).count();
        if self.args.format == LabelFormat::Jsonl && self.args.output.is_none() {
            for (board, label) in boards.iter().zip(&labels) {
                writeln!(out, "{}", line(board, label))?;
            }
            return Ok(out.flush()?);
        }
        let cells = boards[0].cells().len();
        ranges::batch(self.count as u64, cells * 4 + LABEL_BYTES)
            .context("--format npz and deepcubea hold every label until the end: write jsonl")?;
        self.kept.0.extend(boards);
        self.kept.1.extend(labels);
        Ok(())
    }

    /// Writes what was kept and says what was done.
    fn finish(self, seconds: f64, interrupted: bool) -> anyhow::Result<Status> {
        let (boards, labels) = &self.kept;
        if let Some(path) = &self.args.output {
            if boards.is_empty() && self.args.format != LabelFormat::Jsonl {
                bail!("no positions to label");
            }
            let bytes = match self.args.format {
                LabelFormat::Jsonl => jsonl(boards, labels),
                LabelFormat::Npz => npz(boards, labels).bytes()?,
                LabelFormat::Deepcubea => {
                    datasets::deepcubea_labels(&self.args.input.goal, boards, labels)?
                }
            };
            crate::files::write_atomically(path, &bytes)?;
        }
        eprintln!(
            "npuzzle: {} positions labelled, {} proved with every optimal move, in {seconds:.2} s \
             ({:.0} a minute)",
            self.count,
            self.proved,
            self.count as f64 * 60.0 / seconds.max(1e-9)
        );
        if interrupted {
            eprintln!(
                "npuzzle: interrupted by {}: the positions after those were not labelled",
                crate::interrupt::signal_name()
            );
            return Ok(Status::Interrupted);
        }
        Ok(Status::Success)
    }
}

/// One label as a JSON object.
fn line(board: &Board, label: &Label) -> serde_json::Value {
    let letters = |moves: &[Move]| moves.iter().map(|m| m.tile_letter()).collect::<String>();
    let (lower, upper) = label.distance.map(|d| d.range()).unzip();
    json!({
        "position": board.to_string(),
        "distance": label.exact(),
        "lower": lower,
        "upper": upper,
        "optimal_moves": label.optimal_moves.as_deref().map(letters),
        "solution": letters(&label.solution),
        "expanded": label.expanded,
    })
}

/// The labels as JSON lines.
fn jsonl(boards: &[Board], labels: &[Label]) -> Vec<u8> {
    let mut text = String::new();
    for (board, label) in boards.iter().zip(labels) {
        text.push_str(&line(board, label).to_string());
        text.push('\n');
    }
    text.into_bytes()
}

/// The labels as numpy arrays: `positions` `(n, cells)` (`uint8`, `uint16` past 256 cells),
/// `distance`, `lower`, `upper` (`int32`, −1 where unknown), `optimal` `(n, 4)` (tile moves
/// `U D L R`), `known` (whether `optimal` is), `expanded` (`uint64`), and `size` (width,
/// height).
fn npz(boards: &[Board], labels: &[Label]) -> Npz {
    let n = boards.len();
    let cells = boards.first().map_or(0, |b| b.cells().len());
    let mut npz = Npz::default();
    let tiles = boards.iter().flat_map(|b| b.cells().iter().copied());
    if cells <= 256 {
        npz.add(
            "positions",
            &[n, cells],
            &tiles.map(|t| t as u8).collect::<Vec<_>>(),
        );
    } else {
        npz.add(
            "positions",
            &[n, cells],
            &tiles.map(|t| t as u16).collect::<Vec<_>>(),
        );
    }
    let numbers: Vec<[i32; 3]> = labels.iter().map(Label::numbers).collect();
    let column = |k: usize| numbers.iter().map(|v| v[k]).collect::<Vec<i32>>();
    npz.add("distance", &[n], &column(0));
    npz.add("lower", &[n], &column(1));
    npz.add("upper", &[n], &column(2));
    let optimal: Vec<bool> = labels.iter().flat_map(Label::optimal_mask).collect();
    npz.add("optimal", &[n, 4], &optimal);
    let known: Vec<bool> = labels.iter().map(|l| l.optimal_moves.is_some()).collect();
    npz.add("known", &[n], &known);
    npz.add(
        "expanded",
        &[n],
        &labels.iter().map(|l| l.expanded).collect::<Vec<_>>(),
    );
    if let Some(board) = boards.first() {
        let size = board.size();
        npz.add("size", &[2], &[size.width() as i32, size.height() as i32]);
    }
    npz
}
