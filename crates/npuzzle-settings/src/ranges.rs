//! The accepted range of every number a user gives, for every front end: the command line's
//! flags, Python's arguments, the cluster's command line and training's. Each surface checks a
//! value here, so each refuses what the others refuse, in the same words, before anything is
//! allocated or started with it.
//!
//! ```
//! use npuzzle_settings::ranges::{Real, Whole};
//! assert_eq!(Whole::Threads.check(8), Ok(8));
//! let error = Whole::Threads.check(100_000).unwrap_err();
//! assert_eq!(error.to_string(), "threads must be from 1 to 256, not 100000");
//! assert!(Real::Seconds.check(f64::NAN).is_err());
//! ```

use std::time::Duration;

/// A value outside its accepted range; the message names the setting, the range and the value.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct OutOfRange(String);

impl OutOfRange {
    /// The same error, naming the setting it is about (`max_nodes: …`, `--chunk: …`).
    ///
    /// ```
    /// use npuzzle_settings::ranges::Whole;
    /// let error = Whole::Chunk.check(0).unwrap_err().named("--chunk");
    /// assert!(error.to_string().starts_with("--chunk: positions per task"));
    /// ```
    pub fn named(self, name: &str) -> OutOfRange {
        OutOfRange(format!("{name}: {}", self.0))
    }
}

/// The longest random walk: a walk is played, not stored, but longer ones are never meant (a
/// hundred million moves already take seconds).
pub const MAX_WALK: u64 = 100_000_000;

/// The most threads a batch starts.
pub const MAX_THREADS: u64 = 256;

/// The most bytes one batch of positions may fill (positions × cells).
pub const MAX_BATCH_BYTES: u64 = 4 << 30;

/// The most seconds any time setting takes (about 31 years: "no limit" is said by giving none).
pub const MAX_SECONDS: f64 = 1e9;

/// A whole-number setting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Whole {
    /// Moves of a random walk (`--walk`, `random_walks`' lengths, training's `--max-walk`).
    Walk,
    /// Threads of a batch (`--jobs`, `threads=`).
    Threads,
    /// Expanded nodes a search may take (`--max-nodes`, `max_nodes=`).
    Nodes,
    /// MiB a search may take (`--max-memory`, `max_memory=`).
    MemoryMib,
    /// Positions of one batch (`generate`'s `count`).
    Positions,
    /// Positions of one cluster task (`--chunk`).
    Chunk,
    /// Subtrees a worker gets in a split search's iteration (`--subtrees-per-worker`).
    Subtrees,
    /// Nodes a split search's driver searches alone first (`--local-nodes`; 0 for none).
    LocalNodes,
    /// Moves of look-ahead in a training target (`--lookahead`: 4 to the power of it).
    Lookahead,
    /// A random seed (`--seed`, `seed=`).
    Seed,
    /// An exact optimal distance from the goal (`--distance`, `distance=`).
    Distance,
    /// Boards of one environment (`num_envs=`).
    Envs,
    /// Steps before an episode is truncated (`max_episode_steps=`, `max_turns=`; none for no
    /// limit).
    EpisodeSteps,
    /// Events a search's trace keeps (`--trace-cap`): held in memory until the search ends.
    TraceEvents,
    /// Positions a depth of the textbook's table (`npuzzle lab --table --count`).
    TablePositions,
    /// A solution depth of the textbook's table (`--depths`, `--ids-depth`): the 8-puzzle's
    /// farthest position is 31 moves away.
    TableDepth,
    /// How many of Korf's 100 the 15-puzzle's table searches (`npuzzle lab --table --fifteen`).
    KorfInstances,
}

impl Whole {
    /// The least and the most accepted.
    pub const fn bounds(self) -> (u64, u64) {
        match self {
            Whole::Walk => (0, MAX_WALK),
            Whole::Threads => (1, MAX_THREADS),
            Whole::Nodes => (1, u64::MAX),
            Whole::MemoryMib => (1, 1 << 30),
            Whole::Positions => (0, 1 << 32),
            Whole::Chunk => (1, 1 << 20),
            Whole::Subtrees => (1, 4096),
            Whole::LocalNodes => (0, u64::MAX),
            Whole::Lookahead => (1, 4),
            Whole::Seed => (0, u64::MAX),
            Whole::Distance => (0, 255),
            Whole::Envs => (1, 1 << 20),
            Whole::EpisodeSteps => (1, u32::MAX as u64),
            Whole::TraceEvents => (1, 10_000_000),
            Whole::TablePositions => (1, 10_000),
            Whole::TableDepth => (0, 31),
            Whole::KorfInstances => (1, 100),
        }
    }

    /// What the number counts, as errors say it.
    pub const fn what(self) -> &'static str {
        match self {
            Whole::Walk => "a walk's moves",
            Whole::Threads => "threads",
            Whole::Nodes => "the node limit",
            Whole::MemoryMib => "the memory limit in MiB",
            Whole::Positions => "the count of positions",
            Whole::Chunk => "positions per task",
            Whole::Subtrees => "subtrees per worker",
            Whole::LocalNodes => "the driver's own nodes",
            Whole::Lookahead => "moves of look-ahead",
            Whole::Seed => "a seed",
            Whole::Distance => "the distance in moves",
            Whole::Envs => "the number of boards",
            Whole::EpisodeSteps => "steps an episode",
            Whole::TraceEvents => "the events of a trace",
            Whole::TablePositions => "positions a depth",
            Whole::TableDepth => "a depth of the 8-puzzle",
            Whole::KorfInstances => "instances of Korf's 100",
        }
    }

    /// `value` if it is in range.
    ///
    /// ```
    /// use npuzzle_settings::ranges::Whole;
    /// assert!(Whole::Walk.check(-1).is_err());
    /// assert_eq!(Whole::Walk.check(40), Ok(40));
    /// ```
    pub fn check(self, value: i128) -> Result<u64, OutOfRange> {
        let (least, most) = self.bounds();
        u64::try_from(value)
            .ok()
            .filter(|v| (least..=most).contains(v))
            .ok_or_else(|| self.refused(&value.to_string()))
    }

    /// A number given as text (a flag's value), checked.
    ///
    /// ```
    /// use npuzzle_settings::ranges::Whole;
    /// assert_eq!(Whole::Nodes.parse("3000"), Ok(3000));
    /// assert!(Whole::Nodes.parse("0").is_err());
    /// assert!(Whole::Nodes.parse("many").is_err());
    /// ```
    pub fn parse(self, text: &str) -> Result<u64, OutOfRange> {
        match text.trim().parse::<i128>() {
            Ok(value) => self.check(value),
            Err(_) => Err(self.refused(text)),
        }
    }

    fn refused(self, value: &str) -> OutOfRange {
        let range = match self.bounds() {
            (least, u64::MAX) if least > 0 => format!("at least {least}"),
            (least, most) => format!("from {least} to {most}"),
        };
        OutOfRange(format!(
            "{} must be {range}, not {}",
            self.what(),
            quoted(value)
        ))
    }
}

/// A setting that is a real number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Real {
    /// Seconds (`--timeout`, `--time-budget`, training's minutes once made seconds).
    Seconds,
    /// The weight of weighted A* (`--weight`).
    Weight,
    /// A share, from 0 to 1 (training's `--uniform`).
    Share,
}

impl Real {
    /// The least and the most accepted.
    pub const fn bounds(self) -> (f64, f64) {
        match self {
            Real::Seconds => (0.0, MAX_SECONDS),
            Real::Weight => (1.0, npuzzle_search::MAX_WEIGHT),
            Real::Share => (0.0, 1.0),
        }
    }

    /// What the number is, as errors say it.
    pub const fn what(self) -> &'static str {
        match self {
            Real::Seconds => "seconds",
            Real::Weight => "the weight",
            Real::Share => "a share",
        }
    }

    /// `value` if it is a number in range (never NaN or infinite).
    pub fn check(self, value: f64) -> Result<f64, OutOfRange> {
        let (least, most) = self.bounds();
        match (least..=most).contains(&value) {
            true => Ok(value),
            false => Err(self.refused(&value.to_string())),
        }
    }

    /// A number given as text, checked.
    ///
    /// ```
    /// use npuzzle_settings::ranges::Real;
    /// assert_eq!(Real::Share.parse("0.25"), Ok(0.25));
    /// assert!(Real::Share.parse("nan").is_err());
    /// ```
    pub fn parse(self, text: &str) -> Result<f64, OutOfRange> {
        match text.trim().parse::<f64>() {
            Ok(value) => self.check(value),
            Err(_) => Err(self.refused(text)),
        }
    }

    fn refused(self, value: &str) -> OutOfRange {
        let (least, most) = self.bounds();
        OutOfRange(format!(
            "{} must be from {least} to {most}, not {}",
            self.what(),
            quoted(value)
        ))
    }
}

/// Seconds as a duration, checked.
///
/// ```
/// use std::time::Duration;
/// assert_eq!(npuzzle_settings::ranges::duration(1.5), Ok(Duration::from_millis(1500)));
/// assert!(npuzzle_settings::ranges::duration(-1.0).is_err());
/// ```
pub fn duration(seconds: f64) -> Result<Duration, OutOfRange> {
    Real::Seconds.check(seconds).map(Duration::from_secs_f64)
}

/// The bytes of a batch of `count` positions of `cells` cells, checked against
/// [`MAX_BATCH_BYTES`] before anything is allocated.
///
/// ```
/// assert_eq!(npuzzle_settings::ranges::batch(1000, 16), Ok(16000));
/// let error = npuzzle_settings::ranges::batch(1_000_000_000, 9).unwrap_err();
/// assert!(error.to_string().contains("more than the 4 GiB"), "{error}");
/// ```
pub fn batch(count: u64, cells: usize) -> Result<usize, OutOfRange> {
    let count = Whole::Positions.check(i128::from(count))?;
    count
        .checked_mul(cells as u64)
        .filter(|&bytes| bytes <= MAX_BATCH_BYTES)
        .and_then(|bytes| usize::try_from(bytes).ok())
        .ok_or_else(|| {
            OutOfRange(format!(
                "{count} positions of {cells} cells take more than the {} GiB a batch may",
                MAX_BATCH_BYTES >> 30
            ))
        })
}

/// A value as an error quotes it: its start only when it is long.
fn quoted(value: &str) -> String {
    const MOST: usize = 40;
    match value.char_indices().nth(MOST) {
        None => value.to_string(),
        Some((end, _)) => format!("{}…", &value[..end]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bound_is_taken_and_one_past_it_refused() {
        for whole in [
            Whole::Walk,
            Whole::Threads,
            Whole::Nodes,
            Whole::MemoryMib,
            Whole::Positions,
            Whole::Chunk,
            Whole::Subtrees,
            Whole::LocalNodes,
            Whole::Lookahead,
            Whole::Seed,
            Whole::Distance,
        ] {
            let (least, most) = whole.bounds();
            assert_eq!(whole.check(i128::from(least)), Ok(least));
            assert_eq!(whole.check(i128::from(most)), Ok(most));
            assert!(whole.check(i128::from(least) - 1).is_err());
            assert!(whole.check(i128::from(most) + 1).is_err());
        }
        for real in [Real::Seconds, Real::Weight, Real::Share] {
            for bad in [f64::NAN, f64::INFINITY, -f64::INFINITY, 1e300, -1.0] {
                assert!(real.check(bad).is_err(), "{real:?} {bad}");
            }
        }
    }
}
