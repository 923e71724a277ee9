//! The one description of every setting (issue 69): its name, flag, what its value is, the range
//! it must be in, what it does, and how to read it from [`Settings`]. The command line's help,
//! Python's `npuzzle.Options` (its signature, `__repr__`, pickling and defaults), the stub, the
//! cluster's command line and [`Settings::checked`] are made from it or checked against it.

use std::fmt;
use std::path::Path;

use crate::Settings;
use crate::ranges::{OutOfRange, Real, Whole};

/// One setting as a front end offers it. [`FIELDS`] lists every field of [`Settings`], in its
/// order.
#[derive(Clone, Copy, Debug)]
pub struct Field {
    /// The field's name, Python's keyword.
    pub name: &'static str,
    /// The command line's flag, without its dashes.
    pub flag: &'static str,
    /// What the value is called in help (`SECONDS`), empty for a switch.
    pub value: &'static str,
    /// What it does.
    pub help: &'static str,
    /// What its value is, and the range a number must be in.
    pub kind: Kind,
    /// Its value in a [`Settings`].
    get: fn(&Settings) -> Value,
}

/// What a setting's value is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A name the library reads (an algorithm, a heuristic, a goal, a partition).
    Name,
    /// A file or a folder.
    Path,
    /// On or off (a flag without a value).
    Switch,
    /// A whole number within its range.
    Whole(Whole),
    /// A real number within its range.
    Real(Real),
}

/// A setting's value, typed: what `npuzzle.Options`' `__repr__` and defaults show.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// Not given: the library chooses (`None` in Python).
    Absent,
    /// A name, a goal, a path.
    Text(String),
    /// A whole number.
    Whole(u64),
    /// A real number.
    Real(f64),
    /// On or off.
    Switch(bool),
}

impl Value {
    fn text(value: Option<impl fmt::Display>) -> Value {
        value.map_or(Value::Absent, |v| Value::Text(v.to_string()))
    }

    fn path(path: Option<&Path>) -> Value {
        path.map_or(Value::Absent, |p| Value::Text(p.display().to_string()))
    }
}

impl fmt::Display for Value {
    /// The value as the docs' table of settings shows it (`none` where the library chooses).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Absent => f.write_str("none"),
            Value::Text(text) => f.write_str(text),
            Value::Whole(n) => write!(f, "{n}"),
            Value::Real(x) => write!(f, "{x}"),
            Value::Switch(on) => f.write_str(if *on { "on" } else { "off" }),
        }
    }
}

/// The table of every setting in `docs/LIBRARY.md` (flag, Python's keyword, default, what it does),
/// as the description makes it; a test checks that the guide holds it whole.
///
/// ```
/// let table = npuzzle_settings::fields::table();
/// assert!(table.contains("| `--max-memory MIB` | `max_memory` | 4096 |"));
/// ```
pub fn table() -> String {
    let mut table = String::from("| flag | Python | default | what it does |\n|---|---|---|---|\n");
    for field in FIELDS {
        let flag = match field.value {
            "" => format!("--{}", field.flag),
            value => format!("--{} {value}", field.flag),
        };
        let help = field.help.replace('|', "\\|");
        table += &format!(
            "| `{flag}` | `{}` | {} | {help} |\n",
            field.name,
            field.default()
        );
    }
    table
}

impl Field {
    /// The field's value in `settings`.
    ///
    /// ```
    /// use npuzzle_settings::{FIELDS, Settings, Value};
    /// let weight = FIELDS.iter().find(|f| f.name == "weight").unwrap();
    /// assert_eq!(weight.of(&Settings { weight: 3.0, ..Settings::default() }), Value::Real(3.0));
    /// ```
    pub fn of(&self, settings: &Settings) -> Value {
        (self.get)(settings)
    }

    /// The field's default, the library's.
    ///
    /// ```
    /// use npuzzle_settings::{FIELDS, Value};
    /// let timeout = FIELDS.iter().find(|f| f.name == "timeout").unwrap();
    /// assert_eq!(timeout.default(), Value::Absent);
    /// ```
    pub fn default(&self) -> Value {
        self.of(&Settings::default())
    }

    /// The field's value in `settings` checked against its range (numbers only), the error
    /// naming the field.
    pub fn check(&self, settings: &Settings) -> Result<(), OutOfRange> {
        let checked = match (self.kind, self.of(settings)) {
            (Kind::Whole(range), Value::Whole(value)) => range.check(i128::from(value)).map(drop),
            (Kind::Real(range), Value::Real(value)) => range.check(value).map(drop),
            _ => Ok(()),
        };
        checked.map_err(|e| e.named(self.name))
    }
}

/// Every setting, in the order of [`Settings`]' fields.
///
/// ```
/// use npuzzle_settings::{FIELDS, Kind};
/// assert!(FIELDS.iter().any(|f| f.name == "parallel" && f.flag == "split" && f.kind == Kind::Switch));
/// ```
pub const FIELDS: &[Field] = &[
    Field {
        name: "algorithm",
        flag: "algorithm",
        value: "ALGORITHM",
        help: "auto, table, astar, idastar, rbfs, wastar, greedy, constructive or anytime",
        kind: Kind::Name,
        get: |s| Value::Text(s.algorithm.to_string()),
    },
    Field {
        name: "heuristic",
        flag: "heuristic",
        value: "HEURISTIC",
        help: "misplaced, manhattan, linear-conflict, walking-distance or pdb (the best for the board when absent); learned: linear-conflict with --ranking learned",
        kind: Kind::Name,
        get: |s| Value::text(s.heuristic),
    },
    Field {
        name: "ranking",
        flag: "ranking",
        value: "RANKING",
        help: "what ranks the anytime solver's beams: heuristic or learned (the plan's choice when absent)",
        kind: Kind::Name,
        get: |s| Value::text(s.ranking),
    },
    Field {
        name: "goal",
        flag: "goal",
        value: "GOAL",
        help: "the goal: blank-last (default), blank-first, snake, spiral, or a position",
        kind: Kind::Name,
        get: |s| Value::Text(s.goal.to_string()),
    },
    Field {
        name: "time_budget",
        flag: "time-budget",
        value: "SECONDS",
        help: "the time the anytime solver spends shortening each solution",
        kind: Kind::Real(Real::Seconds),
        get: |s| Value::Real(s.time_budget),
    },
    Field {
        name: "timeout",
        flag: "timeout",
        value: "SECONDS",
        help: "stop a search after this many seconds",
        kind: Kind::Real(Real::Seconds),
        get: |s| s.timeout.map_or(Value::Absent, Value::Real),
    },
    Field {
        name: "max_nodes",
        flag: "max-nodes",
        value: "N",
        help: "stop a search after this many expanded nodes (at least 1)",
        kind: Kind::Whole(Whole::Nodes),
        get: |s| s.max_nodes.map_or(Value::Absent, Value::Whole),
    },
    Field {
        name: "max_memory",
        flag: "max-memory",
        value: "MIB",
        help: "stop a search that needs more memory than this many MiB",
        kind: Kind::Whole(Whole::MemoryMib),
        get: |s| Value::Whole(s.max_memory),
    },
    Field {
        name: "weight",
        flag: "weight",
        value: "W",
        help: "the weight of weighted A* (1 to 100)",
        kind: Kind::Real(Real::Weight),
        get: |s| Value::Real(s.weight),
    },
    Field {
        name: "parallel",
        flag: "split",
        value: "",
        help: "search each position on every core",
        kind: Kind::Switch,
        get: |s| Value::Switch(s.parallel),
    },
    Field {
        name: "cache_dir",
        flag: "cache-dir",
        value: "DIR",
        help: "where pattern databases are kept (on each node)",
        kind: Kind::Path,
        get: |s| Value::path(s.cache_dir.as_deref()),
    },
    Field {
        name: "partition",
        flag: "partition",
        value: "PARTITION",
        help: "the pattern databases: 555, 663, 78, 6666, or tile lists; z: before it for zero-aware ones",
        kind: Kind::Name,
        get: |s| Value::text(s.partition.as_ref()),
    },
    Field {
        name: "model",
        flag: "model",
        value: "FILE",
        help: "a model trained by npuzzle-train, for the learned ranking",
        kind: Kind::Path,
        get: |s| Value::path(s.model.as_deref()),
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    /// A field's getter reads its own field: changing one setting changes that field's value
    /// and no other's.
    #[test]
    fn each_field_reads_its_own_setting() {
        let changed = Settings {
            algorithm: npuzzle_search::Algorithm::IdaStar,
            heuristic: Some(npuzzle_heuristic::HeuristicKind::Manhattan),
            ranking: Some(npuzzle_search::RankingKind::Learned),
            goal: npuzzle_core::Goal::Spiral,
            time_budget: 3.0,
            timeout: Some(2.0),
            max_nodes: Some(5),
            max_memory: 6,
            weight: 1.5,
            parallel: true,
            cache_dir: Some("c".into()),
            partition: Some("663".parse().unwrap()),
            model: Some("m".into()),
        };
        for field in FIELDS {
            assert_ne!(field.of(&changed), field.default(), "{}", field.name);
        }
        assert_eq!(
            FIELDS.len(),
            13,
            "a field of Settings without its description"
        );
    }

    /// The guide's table of settings is the one the description makes.
    #[test]
    fn the_guide_shows_every_setting_as_described() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/LIBRARY.md");
        let guide = std::fs::read_to_string(path).expect("docs/LIBRARY.md");
        let table = table();
        assert!(
            guide.contains(&table),
            "docs/LIBRARY.md should hold, whole:\n{table}"
        );
    }
}
