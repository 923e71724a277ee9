//! The trainer's levels and statistics, the same on every surface: a level is a size, a drill
//! and a distance; each keeps its rounds, the optimal ones and the time they took. The command
//! line keeps them in `trainer.json` beside the records, the page in its storage, in this JSON.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

/// What a round asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Drill {
    /// Play one optimal move.
    Move,
    /// Solve from the position in exactly its distance: every move must keep the optimum.
    Finish,
}

impl Drill {
    /// Its name in a level's key and on the command line: `move`, `finish`.
    pub fn name(self) -> &'static str {
        match self {
            Drill::Move => "move",
            Drill::Finish => "finish",
        }
    }
}

impl std::str::FromStr for Drill {
    type Err = String;

    /// A drill by its name.
    ///
    /// ```
    /// use npuzzle_game::trainer::Drill;
    /// assert_eq!("finish".parse::<Drill>(), Ok(Drill::Finish));
    /// assert!("fast".parse::<Drill>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<Drill, String> {
        [Drill::Move, Drill::Finish]
            .into_iter()
            .find(|d| d.name() == text)
            .ok_or_else(|| format!("'{text}' is not a drill: move or finish"))
    }
}

/// A level: `4x4 move 30`.
///
/// ```
/// use npuzzle_game::trainer::{Drill, Level};
/// let level = Level { size: "4x4".into(), drill: Drill::Finish, distance: 30 };
/// assert_eq!(level.to_string(), "4x4 finish 30");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Level {
    /// The board, `WxH`.
    pub size: String,
    /// The drill.
    pub drill: Drill,
    /// The distance every round is dealt at.
    pub distance: u32,
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.size, self.drill.name(), self.distance)
    }
}

/// One level's rounds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Played {
    /// Rounds played.
    pub rounds: u64,
    /// Rounds answered optimally.
    pub optimal: u64,
    /// Milliseconds the rounds took, summed.
    pub milliseconds: u64,
}

/// The most rounds a level can hold: more is a damaged file, not a player.
pub const MOST_ROUNDS: u64 = 1 << 40;

/// Every level's rounds, by the level's key (`4x4 move 30`).
///
/// ```
/// use npuzzle_game::trainer::{Drill, Level, Statistics};
/// let mut statistics = Statistics::default();
/// let level = Level { size: "3x3".into(), drill: Drill::Move, distance: 12 };
/// statistics.add(&level, true, 1500);
/// statistics.add(&level, false, 500);
/// let text = serde_json::to_string(&statistics).unwrap();
/// assert_eq!(text, r#"{"3x3 move 12":{"rounds":2,"optimal":1,"milliseconds":2000}}"#);
/// assert_eq!(Statistics::read(&text).unwrap(), statistics);
/// assert!(Statistics::read(r#"{"3x3 move 12":{"rounds":1,"optimal":2,"milliseconds":0}}"#).is_err());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Statistics(pub BTreeMap<String, Played>);

impl Statistics {
    /// Adds a round of `level`: optimal or not, in `milliseconds`.
    pub fn add(&mut self, level: &Level, optimal: bool, milliseconds: u64) {
        let played = self.0.entry(level.to_string()).or_default();
        played.rounds = played.rounds.saturating_add(1);
        played.optimal = played.optimal.saturating_add(u64::from(optimal));
        played.milliseconds = played.milliseconds.saturating_add(milliseconds);
    }

    /// The statistics in `text`, checked: every key a level (`WxH move|finish D`), every
    /// level's optimal rounds at most its rounds.
    pub fn read(text: &str) -> Result<Statistics, String> {
        let statistics: Statistics = serde_json::from_str(text).map_err(|e| e.to_string())?;
        for (key, played) in &statistics.0 {
            let parts: Vec<&str> = key.split(' ').collect();
            let level = matches!(parts.as_slice(), [size, "move" | "finish", distance]
                if size.parse::<npuzzle_core::Size>().is_ok() && distance.parse::<u32>().is_ok());
            if !level {
                return Err(format!("'{key}' is not a level (WxH move|finish D)"));
            }
            if played.optimal > played.rounds || played.rounds > MOST_ROUNDS {
                return Err(format!(
                    "'{key}': {} optimal of {} rounds",
                    played.optimal, played.rounds
                ));
            }
        }
        Ok(statistics)
    }
}
