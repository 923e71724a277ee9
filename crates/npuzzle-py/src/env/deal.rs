//! What an environment's reset deals: a uniformly random position, the end of a random walk
//! (DeepCubeA's scramble), or a position at an exact optimal distance from the goal, with that
//! distance wherever it is known.
//!
//! Exact distances come from the complete distance table on boards of at most 12 cells (every
//! position at distance `d` equally likely), and from IDA* with pattern databases on 4x4:
//! positions drawn and kept when their optimal distance is `d`. From [`UNIFORM_FROM`] moves on,
//! uniformly random positions are drawn (the kept ones are uniform among those at distance `d`);
//! below it such positions are too rare among random ones, so random walks are drawn instead,
//! and the kept ones are not uniform. [`Dealer::sampling`] says which.

use npuzzle_core::{Board, Generator};
use npuzzle_search::algorithm::table::MAX_TABLE_CELLS;
use npuzzle_search::analysis::deal_at_distance;
use npuzzle_search::{Cancel, DistanceTable, Limits, Solver, Start};

use super::EnvError;

pub use npuzzle_search::analysis::UNIFORM_FROM;

/// How many positions are drawn for one board at an exact distance before giving up.
const MAX_DRAWS: usize = 100_000;

/// The most nodes one check of an optimal distance may expand.
const CHECK_NODES: u64 = 200_000_000;

/// What a reset deals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Deal {
    /// A uniformly random solvable position other than the goal.
    Uniform,
    /// The end of a random walk of this many moves that never undoes a move (never the goal).
    Walk(usize),
    /// A position exactly this many moves from the goal.
    Distance(u8),
}

/// A board dealt, and its optimal distance where known.
pub struct Dealt {
    /// The board.
    pub board: Board,
    /// Its optimal distance, where known.
    pub distance: Option<u8>,
}

/// How a deal samples ([`Dealer::sampling`]): what Python's `info["sampling"]` carries.
pub struct Sampling {
    /// The deal: `uniform`, `walk` or `distance`.
    pub kind: &'static str,
    /// Whether every position the deal can give is as likely as every other.
    pub uniform: bool,
    /// How, in words.
    pub words: String,
}

/// What a dealer needs before it can deal at a distance.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Need {
    /// Nothing more.
    Nothing,
    /// The complete distance table of the goal.
    Table,
    /// A solver with pattern databases for the goal.
    Databases,
}

/// Deals positions toward one goal.
pub struct Dealer {
    goal: Board,
    deal: Deal,
    table: Option<DistanceTable>,
    /// The layer of the table at the distance being dealt, as the positions' indices (four
    /// bytes a position: the largest layer of a 12-cell board is held, never every layer).
    layer: Option<(u8, Vec<u32>)>,
    exact: Option<Solver>,
    /// Stops a deal that searches (Ctrl-C from Python).
    cancel: Cancel,
}

impl Dealer {
    /// A dealer of uniformly random positions toward `goal`.
    pub fn new(goal: Board) -> Dealer {
        Dealer {
            goal,
            deal: Deal::Uniform,
            table: None,
            layer: None,
            exact: None,
            cancel: Cancel::new(),
        }
    }

    /// Whether dealing searches (exact distances on 4x4), so that it may take a while.
    pub fn searches(&self) -> bool {
        matches!(self.deal, Deal::Distance(_)) && self.table.is_none()
    }

    /// The token that stops the deals from now on.
    pub fn watch(&mut self, cancel: Cancel) {
        self.cancel = cancel;
    }

    /// The goal.
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// What dealing `deal` needs that the dealer lacks.
    pub fn needs(&self, deal: Deal) -> Result<Need, EnvError> {
        let cells = self.goal.size().cells();
        Ok(match deal {
            Deal::Distance(_) if cells <= MAX_TABLE_CELLS && self.table.is_none() => Need::Table,
            Deal::Distance(_) if cells <= MAX_TABLE_CELLS => Need::Nothing,
            Deal::Distance(_) if (self.goal.width(), self.goal.height()) != (4, 4) => {
                return Err(EnvError::Argument(format!(
                    "positions at an exact distance are dealt on boards of at most \
                     {MAX_TABLE_CELLS} cells and on 4x4, not {}",
                    self.goal.size()
                )));
            }
            Deal::Distance(_) if self.exact.is_none() => Need::Databases,
            _ => Need::Nothing,
        })
    }

    /// Gives the dealer the goal's complete table (distances then come with every board).
    pub fn give_table(&mut self, table: DistanceTable) {
        self.table = Some(table);
    }

    /// Gives the dealer an optimal solver toward the goal (IDA* with pattern databases).
    pub fn give_solver(&mut self, solver: Solver) {
        self.exact = Some(solver);
    }

    /// Deals `deal` from now on; refused where it needs what the dealer lacks, or where no
    /// position is that far.
    pub fn set(&mut self, deal: Deal) -> Result<(), EnvError> {
        if self.needs(deal)? != Need::Nothing {
            return Err(EnvError::Argument(format!(
                "{deal:?} needs its tables first"
            )));
        }
        Dealer::refuse_zero(deal)?;
        if let Deal::Distance(d) = deal {
            self.check_distance(d)?;
        }
        self.deal = deal;
        Ok(())
    }

    /// Refuses a walk or a distance of 0 moves (the goal itself is never dealt).
    pub fn refuse_zero(deal: Deal) -> Result<(), EnvError> {
        match deal {
            Deal::Walk(0) | Deal::Distance(0) => Err(EnvError::Argument(
                "a board is dealt at least one move from the goal: walk and distance start at 1"
                    .into(),
            )),
            _ => Ok(()),
        }
    }

    /// Refuses a distance past the farthest positions (known exactly from a table; 80 moves on
    /// 4x4, its diameter).
    fn check_distance(&mut self, d: u8) -> Result<(), EnvError> {
        let farthest = match &self.table {
            Some(table) => table.layer_counts().len() - 1,
            None => 80,
        };
        if usize::from(d) > farthest {
            return Err(EnvError::Argument(format!(
                "no {} position is {d} moves from the goal: the farthest are {farthest} away",
                self.goal.size()
            )));
        }
        if let Some(table) = &self.table
            && self.layer.as_ref().is_none_or(|(at, _)| *at != d)
        {
            // Indices below 12!/2 fit in four bytes.
            let indices = table.indices_at(d).map(|i| i as u32).collect();
            self.layer = Some((d, indices));
        }
        Ok(())
    }

    /// How the current deal samples: its kind (`uniform`, `walk` or `distance`), whether it is
    /// uniform among the positions it can give, and in words.
    pub fn sampling(&self) -> Sampling {
        let (uniform, words) = match (self.deal, &self.table) {
            (Deal::Uniform, _) => (
                true,
                "uniform among solvable positions other than the goal".into(),
            ),
            (Deal::Walk(k), _) => (
                false,
                format!("random walks of {k} moves that never undo a move"),
            ),
            (Deal::Distance(d), Some(table)) => (
                true,
                format!(
                    "uniform among the {} positions {d} moves from the goal (complete table)",
                    table
                        .layer_counts()
                        .get(usize::from(d))
                        .copied()
                        .unwrap_or(0)
                ),
            ),
            (Deal::Distance(d), None) if d >= UNIFORM_FROM => (
                true,
                format!(
                    "uniform among positions {d} moves from the goal: random positions kept when \
                     IDA* with pattern databases proves them {d} moves away"
                ),
            ),
            (Deal::Distance(d), None) => (
                false,
                format!(
                    "not uniform: random walks of {d} to {} moves kept when IDA* with pattern \
                     databases proves them {d} moves away",
                    d as usize * 3 / 2
                ),
            ),
        };
        let kind = match self.deal {
            Deal::Uniform => "uniform",
            Deal::Walk(_) => "walk",
            Deal::Distance(_) => "distance",
        };
        Sampling {
            kind,
            uniform,
            words,
        }
    }

    /// A board for one reset, drawn by `generator`.
    pub fn deal(&self, generator: &mut Generator) -> Result<Dealt, EnvError> {
        // Every board of a reset is one deal: a stop is seen between any two (walks of a million
        // moves on a million boards take minutes).
        if self.cancel.is_cancelled() {
            return Err(EnvError::Deal("dealing was stopped".into()));
        }
        let board = match self.deal {
            Deal::Distance(d) => return self.at_distance(d, generator),
            Deal::Uniform => self.other_than_goal(|| generator.random_position(&self.goal))?,
            Deal::Walk(k) => {
                self.other_than_goal(|| generator.random_walk_position(&self.goal, k))?
            }
        };
        let distance = self.table.as_ref().and_then(|table| {
            let start = Start::new(board.clone(), self.goal.clone()).ok()?;
            table.distance(&start).ok()
        });
        Ok(Dealt { board, distance })
    }

    /// What `draw` gives, drawn again while it is the goal.
    fn other_than_goal(&self, mut draw: impl FnMut() -> Board) -> Result<Board, EnvError> {
        (0..MAX_DRAWS)
            .map(|_| draw())
            .find(|board| *board != self.goal)
            .ok_or_else(|| EnvError::Deal("every board drawn was the goal".into()))
    }

    /// A board exactly `d` moves from the goal.
    fn at_distance(&self, d: u8, generator: &mut Generator) -> Result<Dealt, EnvError> {
        if let (Some(table), Some((at, indices))) = (&self.table, &self.layer)
            && *at == d
        {
            let index = indices[generator.index(indices.len())];
            return Ok(Dealt {
                board: table.position(u64::from(index)),
                distance: Some(d),
            });
        }
        let solver = self
            .exact
            .as_ref()
            .ok_or_else(|| EnvError::Deal("no solver for exact distances".into()))?;
        let limits = Limits::default()
            .nodes(CHECK_NODES)
            .cancel(self.cancel.clone());
        match deal_at_distance(solver, d, generator, &limits, MAX_DRAWS) {
            Ok(Some(board)) => Ok(Dealt {
                board,
                distance: Some(d),
            }),
            Ok(None) => Err(EnvError::Deal(format!(
                "no position {d} moves from the goal in {MAX_DRAWS} draws"
            ))),
            Err(_) if self.cancel.is_cancelled() => {
                Err(EnvError::Deal("dealing was stopped".into()))
            }
            Err(e) => Err(EnvError::Deal(e.to_string())),
        }
    }
}
