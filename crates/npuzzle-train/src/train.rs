//! The training loop: rounds of approximate value iteration. Each round draws fresh positions,
//! computes their targets with the network as it was at the end of the last round (frozen,
//! quantized: the same integers the solver evaluates), and fits the network to them.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use candle_core::{D, Device, Tensor};
use candle_nn::{AdamW, Optimizer, ParamsAdamW, VarMap};
use indicatif::{ProgressBar, ProgressStyle};
use npuzzle_core::Board;
use npuzzle_learned::{Network, Provenance};
use npuzzle_search::Puzzle;
use npuzzle_settings::ranges::Real;
use serde::{Deserialize, Serialize};

use crate::net::Net;
use crate::positions::Sampler;
use crate::targets::Teacher;

/// What to train and for how long.
#[derive(Clone, Debug)]
pub struct Config {
    /// The goal (and so the board size).
    pub goal: Board,
    /// The seed of every random choice: the positions of round `r` come from it and `r`.
    pub seed: u64,
    /// The most time training takes, over all its runs when resumed.
    pub time: Duration,
    /// The most rounds, over all runs.
    pub rounds: u64,
    /// Positions drawn each round.
    pub positions: usize,
    /// Positions per gradient step.
    pub batch: usize,
    /// Moves of look-ahead in each target.
    pub lookahead: u32,
    /// The longest random walk from the goal.
    pub max_walk: usize,
    /// The share of uniformly random positions.
    pub uniform_share: f64,
    /// Adam's learning rate.
    pub learning_rate: f64,
    /// The folder of checkpoints, resumed from when it holds one.
    pub checkpoint: Option<PathBuf>,
    /// Rounds between checkpoints.
    pub checkpoint_every: u64,
    /// The command line, recorded in the model.
    pub command: String,
    /// Show a progress bar.
    pub progress: bool,
}

/// What a checkpoint folder records beside the weights.
#[derive(Debug, Serialize, Deserialize)]
struct State {
    goal: String,
    seed: u64,
    round: u64,
    seconds: f64,
}

/// What a round measured.
#[derive(Clone, Copy, Debug, Default)]
pub struct RoundFigures {
    /// Mean squared error of the last gradient steps.
    pub loss: f32,
    /// Mean of the targets beyond linear conflict.
    pub above_bound: f32,
}

/// Trains a network toward `config.goal`; returns it quantized, as the solver uses it.
pub fn train(config: &Config) -> anyhow::Result<Network> {
    let puzzle = Puzzle::new(&config.goal)?;
    let size = puzzle.size();
    let cells = puzzle.cells();
    let mut vars = VarMap::new();
    let net = Net::new(&vars, cells)?;
    let mut state = resumed(config, &mut vars)?;
    let mut optimizer = AdamW::new(
        vars.all_vars(),
        ParamsAdamW {
            lr: config.learning_rate,
            weight_decay: 0.0,
            ..ParamsAdamW::default()
        },
    )?;
    let provenance = |rounds| Provenance {
        command: config.command.clone(),
        seed: config.seed,
        rounds,
    };
    // The first round's targets come from linear conflict alone.
    let mut frozen = if state.round == 0 {
        Network::zero(size, puzzle.goal_cells())
    } else {
        Network::quantize(
            size,
            puzzle.goal_cells(),
            &net.export()?,
            provenance(state.round),
        )?
    };
    let bar = progress_bar(config, &state);
    let began = Instant::now();
    let before = state.seconds;
    while state.round < config.rounds
        && before + began.elapsed().as_secs_f64() < config.time.as_secs_f64()
    {
        let figures = round(config, &puzzle, &net, &frozen, &mut optimizer, state.round)?;
        state.round += 1;
        state.seconds = before + began.elapsed().as_secs_f64();
        frozen = Network::quantize(
            size,
            puzzle.goal_cells(),
            &net.export()?,
            provenance(state.round),
        )?;
        bar.set_position(state.seconds as u64);
        bar.set_message(format!(
            "round {} · loss {:.3} · targets {:.2} above linear conflict",
            state.round, figures.loss, figures.above_bound
        ));
        if let Some(folder) = &config.checkpoint
            && state.round.is_multiple_of(config.checkpoint_every.max(1))
        {
            write_checkpoint(folder, &vars, &state)?;
        }
    }
    if let Some(folder) = &config.checkpoint {
        write_checkpoint(folder, &vars, &state)?;
    }
    bar.finish();
    Ok(frozen)
}

/// Where training starts: from the checkpoint in `config.checkpoint` when it holds one of this
/// training (its weights read into `vars`), else from round 0. A checkpoint of another goal or
/// seed is refused.
fn resumed(config: &Config, vars: &mut VarMap) -> anyhow::Result<State> {
    let state = State {
        goal: config.goal.to_string(),
        seed: config.seed,
        round: 0,
        seconds: 0.0,
    };
    let Some(folder) = &config.checkpoint else {
        return Ok(state);
    };
    let Some(saved) = read_checkpoint(folder)? else {
        return Ok(state);
    };
    if saved.goal != state.goal || saved.seed != config.seed {
        bail!(
            "the checkpoint in {} is of another training (goal {}, seed {}): use another folder",
            folder.display(),
            saved.goal,
            saved.seed
        );
    }
    read_weights(folder, vars)
        .with_context(|| format!("reading the checkpoint in {}", folder.display()))?;
    Ok(saved)
}

/// One round: positions, their targets, one pass of gradient steps over them.
fn round(
    config: &Config,
    puzzle: &Puzzle,
    net: &Net,
    frozen: &Network,
    optimizer: &mut AdamW,
    round: u64,
) -> anyhow::Result<RoundFigures> {
    let n = puzzle.cells();
    let seed = config.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ round;
    let rows =
        Sampler::new(puzzle, seed, config.max_walk, config.uniform_share).draw(config.positions);
    let teacher = Teacher::new(puzzle, frozen, config.lookahead);
    let targets = teacher.targets(&rows);
    let residuals: Vec<f32> = rows
        .chunks_exact(n)
        .zip(&targets)
        .map(|(cells, &t)| t - teacher.bound(cells) as f32)
        .collect();
    let above_bound = residuals.iter().sum::<f32>() / residuals.len().max(1) as f32;
    let features = net.features(&rows)?;
    let wanted = Tensor::from_vec(residuals, targets.len(), &Device::Cpu)?;
    let mut loss_sum = 0f32;
    let mut steps = 0;
    let batch = config.batch.max(1);
    for start in (0..targets.len()).step_by(batch) {
        let len = batch.min(targets.len() - start);
        let x = features.narrow(0, start, len)?;
        let y = wanted.narrow(0, start, len)?;
        let loss = (net.forward(&x)? - y)?.sqr()?.mean(D::Minus1)?;
        optimizer.backward_step(&loss)?;
        loss_sum += loss.to_scalar::<f32>()?;
        steps += 1;
    }
    Ok(RoundFigures {
        loss: loss_sum / steps.max(1) as f32,
        above_bound,
    })
}

/// The weights' file in a checkpoint folder.
const WEIGHTS: &str = "weights.safetensors";

/// The state's file in a checkpoint folder.
const STATE: &str = "state.json";

/// The most read from a checkpoint's weights (a 7×7 network's are about 1 MB).
const MAX_WEIGHTS: u64 = 256 << 20;

/// The state of the checkpoint in `folder`, if it holds one. Its files are read only if they
/// are regular files (never through a link, never a FIFO), with a cap; a state whose numbers
/// are out of range is refused.
fn read_checkpoint(folder: &Path) -> anyhow::Result<Option<State>> {
    let path = folder.join(STATE);
    let state: State = match npuzzle_files::read_own(&path, 1 << 20) {
        Ok(bytes) => serde_json::from_slice(&bytes)
            .with_context(|| format!("{} is not a training checkpoint's state", path.display()))?,
        Err(e) if e.is_missing() => return Ok(None),
        Err(e) => return Err(e.into()),
    };
    Real::Seconds
        .check(state.seconds)
        .with_context(|| format!("{}: its training time", path.display()))?;
    Ok(Some(state))
}

/// Sets `vars` to the weights saved in `folder`.
fn read_weights(folder: &Path, vars: &mut VarMap) -> anyhow::Result<()> {
    let bytes = npuzzle_files::read_own(&folder.join(WEIGHTS), MAX_WEIGHTS)?;
    let saved = candle_core::safetensors::load_buffer(&bytes, &Device::Cpu)?;
    vars.set(saved.iter())?;
    Ok(())
}

/// Saves the weights, then the state that points at them, each written whole by the one safe
/// writer (never over a link, a FIFO or a device): a run stopped at any moment resumes from the
/// last complete checkpoint.
fn write_checkpoint(folder: &Path, vars: &VarMap, state: &State) -> anyhow::Result<()> {
    std::fs::create_dir_all(folder).with_context(|| format!("creating {}", folder.display()))?;
    let weights = {
        let data = vars.data().lock().unwrap_or_else(|p| p.into_inner());
        let tensors: Vec<(String, Tensor)> = data
            .iter()
            .map(|(name, var)| (name.clone(), var.as_tensor().clone()))
            .collect();
        safetensors::tensor::serialize(tensors, None)?
    };
    npuzzle_files::write_atomically(&folder.join(WEIGHTS), &weights)?;
    npuzzle_files::write_atomically(&folder.join(STATE), &serde_json::to_vec_pretty(state)?)?;
    Ok(())
}

fn progress_bar(config: &Config, state: &State) -> ProgressBar {
    if !config.progress {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(config.time.as_secs());
    bar.set_style(
        ProgressStyle::with_template("{elapsed_precise} [{bar:30}] {pos}/{len} s · {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> "),
    );
    bar.set_position(state.seconds as u64);
    bar
}
