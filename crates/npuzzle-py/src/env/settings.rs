//! `npuzzle._native.EnvSettings`: an environment's settings declared once, natively, as envpool
//! declares its configs: every name with its default and accepted values, checked here for both
//! Python env classes, and the observation and action spec they give.

use npuzzle_core::{Size, rows};
use npuzzle_settings::ranges::{MAX_BATCH_BYTES, Whole};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use super::engine::{Autoreset, Config, Convention, Illegal, Reward};
use crate::board::{goal_board, read_size};
use crate::errors::parse_error;
use crate::ranges::{optional_whole, whole};

/// What an observation holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Observation {
    /// The tiles, `(height, width)`.
    Board,
    /// One-hot, `(cells, cells)`: `[cell, tile]` is 1 where the cell holds the tile.
    OneHot,
}

/// Each setting's name and default, as Python writes the default: the one place they are
/// written (the env classes' signatures take theirs from [`PyEnvSettings::defaults`]).
const DEFAULTS: &[(&str, Preset)] = &[
    ("size", Preset::Text("4x4")),
    ("num_envs", Preset::Whole(1)),
    ("goal", Preset::Text("blank-last")),
    ("moves", Preset::Text("blank")),
    ("observation", Preset::Text("board")),
    ("mask_in_observation", Preset::Flag(false)),
    ("reward", Preset::Text("sparse")),
    ("solved_reward", Preset::Real(1.0)),
    ("step_cost", Preset::Real(0.0)),
    ("illegal", Preset::Text("noop")),
    ("illegal_penalty", Preset::Real(0.0)),
    ("max_episode_steps", Preset::Absent),
    ("autoreset", Preset::Text("next-step")),
    ("render_mode", Preset::Absent),
];

/// A default's value.
#[derive(Clone, Copy, Debug)]
enum Preset {
    Text(&'static str),
    Whole(u64),
    Real(f64),
    Flag(bool),
    Absent,
}

/// The default of `name`.
fn preset(name: &str) -> Preset {
    DEFAULTS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, preset)| *preset)
        .expect("every setting has a default")
}

/// `given`, else the default text of `name`.
fn text<'a>(name: &str, given: Option<&'a str>) -> &'a str {
    match (given, preset(name)) {
        (Some(given), _) => given,
        (None, Preset::Text(text)) => text,
        (None, other) => unreachable!("{name}'s default is {other:?}"),
    }
}

/// `given`, else the default number of `name`.
fn real(name: &str, given: Option<f32>) -> PyResult<f32> {
    let value = match (given, preset(name)) {
        (Some(given), _) => given,
        (None, Preset::Real(value)) => value as f32,
        (None, other) => unreachable!("{name}'s default is {other:?}"),
    };
    finite(name, value)
}

/// `given`, else the default of `name`: a flag.
fn flag(name: &str, given: Option<bool>) -> bool {
    match (given, preset(name)) {
        (Some(given), _) => given,
        (None, Preset::Flag(value)) => value,
        (None, other) => unreachable!("{name}'s default is {other:?}"),
    }
}

/// The accepted words of each setting that takes one of a few.
const WORDS: &[(&str, &[&str])] = &[
    ("moves", &["blank", "tile"]),
    ("observation", &["board", "onehot"]),
    ("reward", &["sparse", "manhattan", "linear-conflict"]),
    ("illegal", &["noop", "error"]),
    ("autoreset", &["next-step", "same-step", "disabled"]),
    ("render_mode", &["ansi", "rgb_array"]),
];

/// The accepted words of `name`.
fn words_of(name: &str) -> &'static [&'static str] {
    WORDS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, words)| *words)
        .expect("a setting that takes words")
}

/// Which of its accepted words `given` is, for the setting `name`.
fn pick(name: &str, given: &str) -> PyResult<usize> {
    let names = words_of(name);
    names
        .iter()
        .position(|n| *n == given)
        .ok_or_else(|| parse_error(format!("{name}={given:?}: use one of {}", names.join(", "))))
}

/// `value` if it is finite, else an error naming `name`.
fn finite(name: &str, value: f32) -> PyResult<f32> {
    match value.is_finite() {
        true => Ok(value),
        false => Err(parse_error(format!(
            "{name} must be a finite number, not {value}"
        ))),
    }
}

/// One environment's settings, checked: `npuzzle.env`'s single and vector envs make one from
/// their arguments, and read their spaces from it.
#[pyclass(module = "npuzzle._native", name = "EnvSettings", frozen)]
#[derive(Clone, Debug)]
pub struct PyEnvSettings {
    pub(super) size: Size,
    pub(super) count: usize,
    pub(super) goal: String,
    pub(super) config: Config,
    observation: Observation,
    masked: bool,
    render_mode: Option<&'static str>,
}

#[pymethods]
impl PyEnvSettings {
    /// Checks every setting (names, ranges, that the observations of `num_envs` boards fit in
    /// a batch); an error names the first that is not accepted. A setting not given takes its
    /// default ([`PyEnvSettings::defaults`]).
    #[new]
    #[pyo3(signature = (
        size=None, num_envs=None, *, goal=None, moves=None, observation=None,
        mask_in_observation=None, reward=None, solved_reward=None, step_cost=None,
        illegal=None, illegal_penalty=None, max_episode_steps=None, autoreset=None,
        render_mode=None
    ))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        size: Option<&Bound<'_, PyAny>>,
        num_envs: Option<&Bound<'_, PyAny>>,
        goal: Option<&str>,
        moves: Option<&str>,
        observation: Option<&str>,
        mask_in_observation: Option<bool>,
        reward: Option<&str>,
        solved_reward: Option<f32>,
        step_cost: Option<f32>,
        illegal: Option<&str>,
        illegal_penalty: Option<f32>,
        max_episode_steps: Option<&Bound<'_, PyAny>>,
        autoreset: Option<&str>,
        render_mode: Option<&str>,
    ) -> PyResult<PyEnvSettings> {
        let size = size_of(size)?;
        let goal = text("goal", goal);
        goal_board(goal, size)?;
        let count = match (num_envs, preset("num_envs")) {
            (Some(count), _) => whole("num_envs", Whole::Envs, count)? as usize,
            (None, Preset::Whole(count)) => count as usize,
            (None, other) => unreachable!("num_envs' default is {other:?}"),
        };
        // None (no limit) is 0 inside; a limit is at least one step.
        let max_steps =
            optional_whole("max_episode_steps", Whole::EpisodeSteps, max_episode_steps)?
                .map_or(0, |steps| steps as u32);
        let config = Config {
            convention: [Convention::Blank, Convention::Tile][pick("moves", text("moves", moves))?],
            illegal: match pick("illegal", text("illegal", illegal))? {
                0 => Illegal::NoOp(real("illegal_penalty", illegal_penalty)?),
                _ => Illegal::Error,
            },
            reward: [Reward::Sparse, Reward::Manhattan, Reward::LinearConflict]
                [pick("reward", text("reward", reward))?],
            solved_reward: real("solved_reward", solved_reward)?,
            step_cost: real("step_cost", step_cost)?,
            max_steps,
            autoreset: [
                Autoreset::NextStep,
                Autoreset::SameStep,
                Autoreset::Disabled,
            ][pick("autoreset", text("autoreset", autoreset))?],
        };
        let render_mode = match render_mode {
            Some(mode) => Some(words_of("render_mode")[pick("render_mode", mode)?]),
            None => None,
        };
        let observation = text("observation", observation);
        let settings = PyEnvSettings {
            size,
            count,
            goal: goal.to_string(),
            config,
            observation: [Observation::Board, Observation::OneHot]
                [pick("observation", observation)?],
            masked: flag("mask_in_observation", mask_in_observation),
            render_mode,
        };
        settings.fits()?;
        Ok(settings)
    }

    /// Every setting's default, by name (what the env classes' signatures show).
    #[staticmethod]
    fn defaults(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
        let dict = PyDict::new(py);
        for (name, default) in DEFAULTS {
            match default {
                Preset::Text(text) => dict.set_item(name, text)?,
                Preset::Whole(n) => dict.set_item(name, n)?,
                Preset::Real(x) => dict.set_item(name, x)?,
                Preset::Flag(b) => dict.set_item(name, b)?,
                Preset::Absent => dict.set_item(name, py.None())?,
            }
        }
        Ok(dict)
    }

    /// The accepted words of `name` (`moves`, `observation`, `reward`, `illegal`, `autoreset`,
    /// `render_mode`).
    #[staticmethod]
    fn words(name: &str) -> PyResult<Vec<&'static str>> {
        WORDS
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, words)| words.to_vec())
            .ok_or_else(|| parse_error(format!("no setting {name:?} takes words")))
    }

    /// Columns.
    #[getter]
    fn width(&self) -> usize {
        self.size.width()
    }

    /// Rows.
    #[getter]
    fn height(&self) -> usize {
        self.size.height()
    }

    /// Cells of a board.
    #[getter]
    fn cells(&self) -> usize {
        self.size.cells()
    }

    /// Boards stepped together.
    #[getter]
    fn num_envs(&self) -> usize {
        self.count
    }

    /// The goal, as given.
    #[getter]
    fn goal(&self) -> &str {
        &self.goal
    }

    /// `"board"` or `"onehot"`.
    #[getter]
    fn observation(&self) -> &'static str {
        words_of("observation")[self.observation as usize]
    }

    /// Whether observations carry the action mask beside the board.
    #[getter]
    fn mask_in_observation(&self) -> bool {
        self.masked
    }

    /// The autoreset mode's name.
    #[getter]
    fn autoreset(&self) -> &'static str {
        words_of("autoreset")[self.config.autoreset as usize]
    }

    /// The render mode, if any.
    #[getter]
    fn render_mode(&self) -> Option<&'static str> {
        self.render_mode
    }

    /// The shape of one board's observation (without the mask).
    #[getter]
    fn observation_shape(&self) -> (usize, usize) {
        match self.observation {
            Observation::Board => (self.size.height(), self.size.width()),
            Observation::OneHot => (self.size.cells(), self.size.cells()),
        }
    }

    /// The greatest value in an observation (its least is 0; its dtype `uint8`).
    #[getter]
    fn observation_high(&self) -> usize {
        match self.observation {
            Observation::Board => self.size.cells() - 1,
            Observation::OneHot => 1,
        }
    }

    /// What each action (0 to 3) moves: the blank's or a tile's direction, by `moves=`.
    #[getter]
    fn action_meanings(&self) -> Vec<String> {
        let who = match self.config.convention {
            Convention::Blank => "blank",
            Convention::Tile => "tile",
        };
        ["up", "down", "left", "right"]
            .iter()
            .map(|way| format!("{who} {way}"))
            .collect()
    }

    fn __repr__(&self) -> String {
        format!(
            "EnvSettings(size='{}', num_envs={}, goal='{}', observation='{}', autoreset='{}')",
            self.size,
            self.count,
            self.goal,
            self.observation(),
            self.autoreset()
        )
    }
}

/// A size given as `"4x4"`, `"4"` or `4` (the default when not given), checked as the CLI
/// checks `--size`, and small enough for an environment.
fn size_of(given: Option<&Bound<'_, PyAny>>) -> PyResult<Size> {
    let text = match given {
        None => text("size", None).to_string(),
        Some(given) if given.is_instance_of::<pyo3::types::PyBool>() => {
            return Err(parse_error(format!(
                "size {given}: columns x rows, such as '4x4'"
            )));
        }
        Some(given) => match given.extract::<u64>() {
            Ok(side) => side.to_string(),
            Err(_) => given.extract::<String>().map_err(|_| {
                parse_error(format!(
                    "size {given}: give columns x rows, such as '4x4' or '5x3'"
                ))
            })?,
        },
    };
    let size = read_size(text.trim())?;
    if size.cells() > rows::MAX_CELLS {
        return Err(parse_error(format!(
            "environments take boards of at most {} cells, not {size}",
            rows::MAX_CELLS
        )));
    }
    Ok(size)
}

impl PyEnvSettings {
    /// Refuses boards whose observations would take more than a batch may
    /// ([`MAX_BATCH_BYTES`]; one-hot observations take a byte a cell a tile).
    fn fits(&self) -> PyResult<()> {
        let cells = self.size.cells() as u64;
        let each = match self.observation {
            Observation::Board => cells,
            Observation::OneHot => cells * cells,
        };
        let bytes = (self.count as u64).saturating_mul(each);
        if bytes > MAX_BATCH_BYTES {
            return Err(parse_error(format!(
                "{} boards of {cells} cells as {} observations take {bytes} bytes, over the \
                 {MAX_BATCH_BYTES} a batch may take: fewer boards, or board observations",
                self.count,
                self.observation()
            )));
        }
        Ok(())
    }
}
