//! How the positions of one board size are solved: [`plan`] decides `auto`, [`Plan::of`] lists
//! the stages of a method, and [`Note`] says what the user should know about the choice.

use std::time::Duration;

use npuzzle_core::Size;

use crate::method::Algorithm;
use crate::thresholds::{self, AUTO_ANYTIME_CELLS, AUTO_OPTIMAL_CELLS, AUTO_TABLE_CELLS};

/// How the positions of one board size are solved: the method that gives the answer and every
/// stage it runs, in order, each with the reason it runs ([`Stage::reason`]).
///
/// ```
/// use npuzzle_search::{plan, Stage};
/// for stage in &plan("6".parse().unwrap(), false).stages {
///     println!("{stage:?}: {}", stage.reason());
/// }
/// assert_eq!(plan("4".parse().unwrap(), true).stages, [Stage::IdaStar { databases: true, half_budget: false }]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The method that gives the answer.
    pub method: Algorithm,
    /// Whether optimal IDA* is tried first for half the time budget (easy positions are then
    /// proved optimal); the anytime solver takes over when it runs out.
    pub optimal_first: bool,
    /// The stages, in the order they run.
    pub stages: Vec<Stage>,
}

/// A stage of a [`Plan`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// The complete distance table, built once per goal.
    Table,
    /// IDA*, optimal; with pattern databases or not; for half the time budget when the anytime
    /// solver takes over after it.
    IdaStar {
        /// Whether it searches with pattern databases.
        databases: bool,
        /// Whether it gets half the time budget only.
        half_budget: bool,
    },
    /// Another best-first or depth-first search named by the caller (A*, RBFS, weighted A*,
    /// greedy).
    Search(Algorithm),
    /// The constructive solver: a first solution at once (or the answer, past 32×32).
    Constructive,
    /// The constructive solver's lines until a 16×16 region remains, which the stages after
    /// it search.
    Lines,
    /// Reduction: the top row and left column placed by beams, down to 6×6.
    Reduction,
    /// Beam searches of growing width, in one view or shared among views of the problem.
    Beams {
        /// Whether the time is shared among views (backward, mirrored).
        views: bool,
    },
    /// Optimal endings and window shortening of the best path.
    Shortening,
}

impl Stage {
    /// Why the stage runs (the thresholds are in [`crate::thresholds`]).
    ///
    /// ```
    /// use npuzzle_search::{plan, Stage};
    /// let ten = plan("10".parse().unwrap(), false);
    /// assert!(ten.stages.contains(&Stage::Reduction));
    /// assert!(Stage::Reduction.reason().contains("7x7"));
    /// ```
    pub fn reason(self) -> &'static str {
        match self {
            Stage::Table => "at most 9 cells: every position is answered from a complete table",
            Stage::IdaStar {
                half_budget: true, ..
            } => "pattern databases are at hand: optimal search first, for half the time budget",
            Stage::IdaStar { .. } => "optimal search is within reach on a board this size",
            Stage::Search(_) => "the method asked for",
            Stage::Constructive => "a first solution at once, of any size",
            Stage::Lines => "past 16x16: lines placed first, the last 16x16 region searched",
            Stage::Reduction => "larger than 7x7: lines placed by beams beat whole-board beams",
            Stage::Beams { views: true } => {
                "up to 6x6: beams in four views of the problem, each wrong in other places"
            }
            Stage::Beams { views: false } => "beams of growing width within the time budget",
            Stage::Shortening => "the time left shortens the best path",
        }
    }
}

impl Plan {
    /// The method that runs first: IDA* where optimal search is tried first, else the method.
    pub fn first_method(&self) -> Algorithm {
        match self.method {
            Algorithm::Anytime if self.optimal_first => Algorithm::IdaStar,
            method => method,
        }
    }

    /// The plan of `method` (not `auto`: see [`plan`]) for boards of `size`, with or without
    /// pattern databases.
    ///
    /// ```
    /// use npuzzle_search::{Algorithm, Plan, Stage};
    /// let plan = Plan::of(Algorithm::Anytime, "5".parse().unwrap(), false, false);
    /// assert_eq!(plan.stages.first(), Some(&Stage::Constructive));
    /// assert!(plan.stages.contains(&Stage::Beams { views: true }));
    /// ```
    pub fn of(method: Algorithm, size: Size, databases: bool, optimal_first: bool) -> Plan {
        let cells = size.cells();
        let mut stages = Vec::new();
        if optimal_first {
            stages.push(Stage::IdaStar {
                databases,
                half_budget: true,
            });
        }
        match method {
            Algorithm::Table => stages.push(Stage::Table),
            Algorithm::IdaStar => stages.push(Stage::IdaStar {
                databases,
                half_budget: false,
            }),
            Algorithm::Constructive | Algorithm::Auto => stages.push(Stage::Constructive),
            Algorithm::Anytime => {
                stages.push(Stage::Constructive);
                let region = if thresholds::places_lines_first(cells) {
                    stages.push(Stage::Lines);
                    thresholds::LARGE_REGION * thresholds::LARGE_REGION
                } else {
                    cells
                };
                if thresholds::reduces(region) {
                    stages.push(Stage::Reduction);
                }
                stages.push(Stage::Beams {
                    views: thresholds::shares_views(region),
                });
                stages.push(Stage::Shortening);
            }
            other => stages.push(Stage::Search(other)),
        }
        Plan {
            method,
            optimal_first,
            stages,
        }
    }
}

/// What `auto` does with a position of `size`, given whether pattern databases are at hand for
/// it: the one place this choice is made (the command line, the games, the web page and the
/// benchmark all reach it through [`crate::Solver`]).
///
/// - with databases: IDA* (optimal); on boards above 16 cells it gets half the time budget
///   before the anytime solver takes over;
/// - at most [`AUTO_TABLE_CELLS`]: the complete distance table (optimal, instant);
/// - at most [`AUTO_OPTIMAL_CELLS`]: IDA* with walking distance (optimal);
/// - at most [`AUTO_ANYTIME_CELLS`]: the anytime solver within the time budget;
/// - larger: the constructive solver (streamed, any size).
///
/// ```
/// use npuzzle_search::{plan, Algorithm, Stage};
/// assert_eq!(plan("3".parse().unwrap(), false).method, Algorithm::Table);
/// assert_eq!(plan("5".parse().unwrap(), false).method, Algorithm::Anytime);
/// assert!(plan("5".parse().unwrap(), true).optimal_first);
/// assert_eq!(plan("16".parse().unwrap(), false).method, Algorithm::Anytime);
/// let large = plan("32".parse().unwrap(), false);
/// assert_eq!(large.method, Algorithm::Anytime);
/// assert_eq!(&large.stages[..3], &[Stage::Constructive, Stage::Lines, Stage::Reduction]);
/// assert_eq!(plan("33".parse().unwrap(), false).method, Algorithm::Constructive);
/// ```
pub fn plan(size: Size, databases: bool) -> Plan {
    let cells = size.cells();
    let (method, optimal_first) = match cells {
        _ if databases && cells <= AUTO_OPTIMAL_CELLS => (Algorithm::IdaStar, false),
        _ if databases => (Algorithm::Anytime, true),
        _ if cells <= AUTO_TABLE_CELLS => (Algorithm::Table, false),
        _ if cells <= AUTO_OPTIMAL_CELLS => (Algorithm::IdaStar, false),
        _ if cells <= AUTO_ANYTIME_CELLS => (Algorithm::Anytime, false),
        _ => (Algorithm::Constructive, false),
    };
    Plan::of(method, size, databases, optimal_first)
}

/// What the user should know about how a board size is solved, as data; its text is its
/// `Display`.
///
/// ```
/// use npuzzle_core::Goal;
/// use npuzzle_search::{Note, Options, Solver};
/// let goal = Goal::BlankLast.board("6".parse().unwrap()).unwrap();
/// let note = Solver::new(&goal, Options::default()).unwrap().note().cloned();
/// assert!(matches!(note, Some(Note::Anytime { .. })));
/// assert!(note.unwrap().to_string().starts_with("auto: optimal solving of a 6x6 board"));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum Note {
    /// `auto` searches optimally with pattern databases for half the time budget, then hands
    /// over to the anytime solver.
    OptimalFirst {
        /// The time budget.
        budget: Duration,
    },
    /// `auto` gives a board optimal search cannot reach to the anytime solver.
    Anytime {
        /// The board's size.
        size: Size,
        /// The time budget.
        budget: Duration,
    },
    /// `auto` gives a board past the anytime solver's reach to the constructive solver.
    Constructive {
        /// The board's size.
        size: Size,
    },
    /// The learned ranking was asked for, but no model fits the board: linear conflict ranks.
    NoModel {
        /// The board's size.
        size: Size,
        /// Why no model fits (none ships for it, or the one given is for another board or goal).
        why: String,
    },
}

impl std::fmt::Display for Note {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Note::OptimalFirst { budget } => write!(
                f,
                "auto: optimal search with pattern databases for half of the {:.0} s time \
                 budget, then the anytime solver",
                budget.as_secs_f64()
            ),
            Note::Anytime { size, budget } => write!(
                f,
                "auto: optimal solving of a {size} board is out of reach here: the anytime \
                 solver shortens its solution for the {:.0} s time budget",
                budget.as_secs_f64()
            ),
            Note::Constructive { size } => write!(
                f,
                "auto: the constructive solver for a {size} board; the anytime solver gives \
                 shorter solutions up to 32x32"
            ),
            Note::NoModel { size, why } => write!(
                f,
                "learned: {why}, so the {size} board's beams are ranked by linear conflict"
            ),
        }
    }
}
