//! `npuzzle-train`: trains a learned ranking for the anytime solver, or measures one against
//! known optimal lengths.

use std::path::PathBuf;
use std::time::Duration;

use anyhow::Context;
use clap::{Args, Parser, Subcommand};
use npuzzle_core::{Goal, Size};
use npuzzle_learned::Network;
use npuzzle_search::Puzzle;
use npuzzle_settings::ranges::{Real, Whole};
use npuzzle_train::train::{Config, train};

/// Trains and measures npuzzle's learned rankings.
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Trains a network for one board size by approximate value iteration, from nothing or
    /// from the checkpoint in `--checkpoint`.
    Train(TrainArgs),
    /// Measures a model's estimate against optimal lengths: every position of a board of at
    /// most 12 cells (and every sibling pair there), or the positions of an instance file with
    /// an optimal length after the tiles; beside linear conflict's.
    Measure {
        /// The model file.
        model: PathBuf,
        /// Instances: one position a line, its tiles then its optimal length (`#` comments).
        #[arg(long)]
        instances: Option<PathBuf>,
        /// A folder of pattern databases to measure beside (`npuzzle pdb build`).
        #[arg(long, requires = "partition")]
        databases: Option<PathBuf>,
        /// The partition of those databases (78, 6666, ...).
        #[arg(long, requires = "databases")]
        partition: Option<npuzzle_heuristic::pdb::Partition>,
    },
    /// Shows a model file's header.
    Show {
        /// The model file.
        model: PathBuf,
    },
}

/// What `train` takes.
#[derive(Args)]
struct TrainArgs {
    /// The board size (5, 6x6, ...).
    size: Size,
    /// The goal layout.
    #[arg(long, default_value = "blank-last")]
    goal: Goal,
    /// The seed of every random choice.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The most minutes training takes (over all runs, when resumed).
    #[arg(long, default_value_t = 150.0, value_parser = minutes)]
    minutes: f64,
    /// The most rounds (over all runs).
    #[arg(long, default_value_t = u64::MAX)]
    rounds: u64,
    /// Positions drawn each round.
    #[arg(long, default_value_t = 16384, value_parser = positive)]
    positions: usize,
    /// Positions per gradient step.
    #[arg(long, default_value_t = 512, value_parser = positive)]
    batch: usize,
    /// Moves of look-ahead in each target.
    #[arg(long, default_value_t = 2, value_parser = lookahead)]
    lookahead: u32,
    /// The longest random walk from the goal (default: 12 moves a cell).
    #[arg(long, value_parser = walk)]
    max_walk: Option<usize>,
    /// The share of uniformly random positions.
    #[arg(long, default_value_t = 0.25, value_parser = share)]
    uniform: f64,
    /// Adam's learning rate.
    #[arg(long, default_value_t = 1e-3, value_parser = rate)]
    rate: f64,
    /// The checkpoint folder: resumed from when it holds one.
    #[arg(long)]
    checkpoint: Option<PathBuf>,
    /// Rounds between checkpoints.
    #[arg(long, default_value_t = 25, value_parser = clap::value_parser!(u64).range(1..))]
    checkpoint_every: u64,
    /// Where to write the model.
    #[arg(long)]
    out: PathBuf,
}

// Every number is checked against the library's ranges (`npuzzle_settings::ranges`), the ones
// the command line and Python use, before anything starts.

fn minutes(text: &str) -> Result<f64, String> {
    let minutes = Real::Seconds
        .parse(text)
        .map_err(|e| format!("minutes: {e}"))?;
    Real::Seconds
        .check(minutes * 60.0)
        .map(|_| minutes)
        .map_err(|e| format!("{minutes} minutes: {e}"))
}

fn positive(text: &str) -> Result<usize, String> {
    Whole::Positions
        .parse(text)
        .ok()
        .filter(|&n| n > 0)
        .map(|n| n as usize)
        .ok_or_else(|| format!("give a count of at least 1, not '{text}'"))
}

fn lookahead(text: &str) -> Result<u32, String> {
    Whole::Lookahead
        .parse(text)
        .map(|n| n as u32)
        .map_err(|e| e.to_string())
}

fn walk(text: &str) -> Result<usize, String> {
    Whole::Walk
        .parse(text)
        .map(|n| n as usize)
        .map_err(|e| e.to_string())
}

fn share(text: &str) -> Result<f64, String> {
    Real::Share.parse(text).map_err(|e| e.to_string())
}

fn rate(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|r| r.is_finite() && *r > 0.0 && *r <= 1.0)
        .ok_or_else(|| format!("the learning rate is above 0 and at most 1, not '{text}'"))
}

fn main() -> anyhow::Result<()> {
    match Cli::parse().command {
        Command::Train(args) => train_command(args),
        Command::Measure {
            model,
            instances,
            databases,
            partition,
        } => {
            let network = Network::load(&model)?;
            let databases = databases.as_deref().zip(partition);
            let report = npuzzle_train::measure::report(&network, instances.as_deref(), databases)?;
            print!("{report}");
            Ok(())
        }
        Command::Show { model } => show(&model),
    }
}

/// Trains a network as `args` say, writes it, and says what was written.
fn train_command(args: TrainArgs) -> anyhow::Result<()> {
    let size = args.size;
    let goal = args.goal.board(size)?;
    // Each position is one-hot cells × cells floats in a round.
    npuzzle_settings::ranges::batch(args.positions as u64, size.cells() * size.cells() * 4)
        .context("--positions")?;
    let config = Config {
        seed: args.seed,
        time: Duration::from_secs_f64(args.minutes * 60.0),
        rounds: args.rounds,
        positions: args.positions,
        batch: args.batch,
        lookahead: args.lookahead,
        max_walk: args.max_walk.unwrap_or(12 * size.cells()),
        uniform_share: args.uniform,
        learning_rate: args.rate,
        checkpoint: args.checkpoint,
        checkpoint_every: args.checkpoint_every,
        // The program by its name, wherever it was run from.
        command: std::iter::once("npuzzle-train".to_string())
            .chain(std::env::args().skip(1))
            .collect::<Vec<_>>()
            .join(" "),
        progress: std::io::IsTerminal::is_terminal(&std::io::stderr()),
        goal,
    };
    let network = train(&config)?;
    let out = &args.out;
    network
        .save(out)
        .with_context(|| format!("writing {}", out.display()))?;
    println!(
        "{}: {} rounds, {} bytes",
        out.display(),
        network.provenance().rounds,
        network.to_bytes().len()
    );
    Ok(())
}

/// Prints a model file's header: its board, goal, format, rounds, seed and command.
fn show(model: &std::path::Path) -> anyhow::Result<()> {
    let network = Network::load(model)?;
    let goal = Goal::Custom(
        Puzzle::new(&npuzzle_core::Board::new(
            network.size(),
            network.goal().iter().map(|&t| u32::from(t)).collect(),
        )?)?
        .goal()
        .clone(),
    );
    let p = network.provenance();
    println!("board    {}", network.size());
    println!("goal     {}", goal.board(network.size())?);
    println!("format   {}", npuzzle_learned::FORMAT_VERSION);
    println!("rounds   {}", p.rounds);
    println!("seed     {}", p.seed);
    println!("command  {}", p.command);
    Ok(())
}
