//! The arguments of the commands that make data for other tools: `bench` (a benchmark set
//! solved, its results exported) and `label` (positions labelled for learning).

use clap::Args;
use npuzzle_core::{Goal, Size};

use super::{InputArgs, SearchArgs};
use crate::datasets::Layout;

/// `npuzzle bench`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    /// An instance file: one position per line as row-major tiles, then the optimal length
    /// (as in data/instances/).
    #[arg(required_unless_present = "every")]
    pub file: Option<std::path::PathBuf>,
    /// Instead of a file: every solvable position of this size (at most 12 cells), each length
    /// checked against a complete breadth-first table.
    #[arg(long, value_name = "WxH", conflicts_with = "file")]
    pub every: Option<Size>,
    /// The goal (by default read from the file's `GOAL` comment, else blank-last).
    #[arg(long, value_name = "GOAL")]
    pub goal: Option<Goal>,
    /// Only the first N instances.
    #[arg(long, value_name = "N")]
    pub limit: Option<usize>,
    /// Only these instances (numbered from 1, in file order), e.g. --only 25,40,29.
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    pub only: Vec<usize>,
    /// Search options.
    #[command(flatten)]
    pub search: SearchArgs,
    /// JSON lines (one per instance, then the totals) instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Keep each search's progress in DIR (N.journal for instance N) and go on from it: the
    /// same command run again resumes every stopped search and answers finished ones at once
    /// (--algorithm idastar).
    #[arg(long, value_name = "DIR", conflicts_with = "every")]
    pub resume: Option<std::path::PathBuf>,
    /// With --resume: begin every search afresh, setting the journals in DIR aside (renamed
    /// N.journal.refused-SECONDS, nothing deleted).
    #[arg(long, requires = "resume")]
    pub fresh: bool,
    /// Also write every solved instance's result for another tool: `deepcubea=FILE`
    /// (DeepCubeA's results.pkl layout) or `puxle=FILE` (PuXle's and JAxtar's), toward the
    /// blank-last goal (a blank-first set is turned a half turn). Repeat it for several.
    #[arg(long, value_name = "LAYOUT=FILE", conflicts_with = "every")]
    pub export: Vec<Export>,
}

/// `npuzzle label`.
#[derive(Debug, Args)]
pub struct LabelArgs {
    /// The positions: a position, a file of positions (one a line) or `-` (standard input, also
    /// when absent).
    pub positions: Option<String>,
    /// Input options.
    #[command(flatten)]
    pub input: InputArgs,
    /// Search options: what proves each distance.
    #[command(flatten)]
    pub search: SearchArgs,
    /// jsonl (one JSON object a position, as they are labelled), npz (numpy arrays: positions,
    /// distance, lower, upper, optimal, known, expanded) or deepcubea (a pickle in DeepCubeA's
    /// layout: states, solutions, cost_to_go, optimal_actions).
    #[arg(long, short, default_value = "jsonl", value_name = "FORMAT")]
    pub format: LabelFormat,
    /// Where npz and deepcubea are written (written whole at the end); jsonl goes to standard
    /// output without it.
    #[arg(long, short, value_name = "FILE")]
    pub output: Option<std::path::PathBuf>,
}

/// What `npuzzle label` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum LabelFormat {
    /// JSON lines.
    Jsonl,
    /// numpy's .npz.
    Npz,
    /// DeepCubeA's pickle layout.
    Deepcubea,
}

/// One `--export LAYOUT=FILE`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Export {
    /// Whose layout.
    pub layout: Layout,
    /// Where it is written.
    pub path: std::path::PathBuf,
}

impl std::str::FromStr for Export {
    type Err = String;

    fn from_str(text: &str) -> Result<Export, String> {
        let Some((layout, path)) = text.split_once('=').filter(|(_, p)| !p.is_empty()) else {
            return Err(format!(
                "'{text}': give a layout and a file, as deepcubea=results.pkl or puxle=results.pkl"
            ));
        };
        Ok(Export {
            layout: layout.parse()?,
            path: path.into(),
        })
    }
}
