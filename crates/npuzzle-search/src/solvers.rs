//! The request a caller makes, and prepared solvers per board size for batches: where pattern
//! databases are chosen for a solve.

use std::collections::HashMap;
use std::sync::Arc;

use npuzzle_core::{Board, Goal, Size};

use crate::algorithm::Method;
use crate::error::SolveError;
use crate::method::Algorithm;
use crate::options::Options;
use crate::solution::Solution;
use crate::solver::Solver;
use crate::start::Start;
use crate::thresholds;
use npuzzle_heuristic::{
    AnyHeuristic, HeuristicKind, Puzzle,
    fsm::Fsm,
    pdb::policy,
    pdb::{Cost, Event, Partition, PdbError, Store},
};

/// One position to solve, toward a goal, with the method (or `auto`), the time budget, the
/// limits and the cancel token of its [`Options`].
///
/// ```
/// use npuzzle_core::Goal;
/// use npuzzle_search::{Algorithm, Request};
/// let request = Request::new("1 2 3/4 5 6/0 7 8".parse().unwrap()).goal(Goal::BlankLast);
/// let solution = request.solve().unwrap();
/// assert_eq!((solution.moves.len(), solution.optimal), (2, true));
/// assert_eq!(solution.algorithm, Algorithm::Table);
/// ```
#[derive(Clone, Debug)]
pub struct Request {
    /// The position.
    pub position: Board,
    /// The goal layout (blank last by default).
    pub goal: Goal,
    /// How to solve it.
    pub options: Options,
}

impl Request {
    /// A request to solve `position` toward the blank-last goal with the default options
    /// (`auto`, a 10 s budget, no limits).
    pub fn new(position: Board) -> Request {
        Request {
            position,
            goal: Goal::default(),
            options: Options::default(),
        }
    }

    /// The same request toward `goal`.
    pub fn goal(self, goal: Goal) -> Request {
        Request { goal, ..self }
    }

    /// The same request with `options`.
    pub fn options(self, options: Options) -> Request {
        Request { options, ..self }
    }

    /// Solves it (without pattern databases; batches and databases: [`Solvers`]).
    pub fn solve(&self) -> Result<Solution, SolveError> {
        Solvers::new(self.goal.clone(), self.options.clone()).solve(&self.position, &mut |_| {})
    }
}

/// Solvers toward one goal with one set of options, prepared once per board size and shared
/// (`Arc`) with the threads of a batch; with a [`Store`], the pattern databases each size
/// should use are chosen ([`Store::choose`]) and opened or built on first use.
///
/// Each position is solved the same way whatever else is in the batch.
///
/// ```
/// use npuzzle_core::Goal;
/// use npuzzle_search::{Options, Solvers};
/// let mut solvers = Solvers::new(Goal::BlankLast, Options::default());
/// for text in ["1 2 3/4 5 6/7 0 8", "1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15"] {
///     let solution = solvers.solve(&text.parse().unwrap(), &mut |_| {}).unwrap();
///     assert_eq!(solution.moves.len(), 1);
/// }
/// ```
#[derive(Debug)]
pub struct Solvers {
    goal: Goal,
    options: Options,
    store: Option<Store>,
    partition: Option<Partition>,
    by_size: HashMap<Size, Arc<Solver>>,
}

impl Solvers {
    /// Solvers toward `goal` with `options`, without pattern databases.
    pub fn new(goal: Goal, options: Options) -> Solvers {
        Solvers {
            goal,
            options,
            store: None,
            partition: None,
            by_size: HashMap::new(),
        }
    }

    /// The same, using the pattern databases of `store`: `partition` if given, else what
    /// [`Store::choose`] picks for `auto`, IDA* and the anytime solver.
    pub fn with_store(self, store: Store, partition: Option<Partition>) -> Solvers {
        Solvers {
            store: Some(store),
            partition,
            ..self
        }
    }

    /// The goal layout.
    pub fn goal(&self) -> &Goal {
        &self.goal
    }

    /// The options.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The databases solves toward `goal` use, if any: those asked for (`--heuristic pdb` or a
    /// partition), else for `auto`, IDA* and the anytime solver what the store chooses; with
    /// them the store's deeper move-pruning machine where one pays
    /// ([`thresholds::stored_machine_depth`]).
    fn databases(
        &self,
        goal: &Board,
        report: &mut dyn FnMut(Event),
    ) -> Result<Option<(AnyHeuristic, Option<&'static Fsm>)>, SolveError> {
        let Some(store) = &self.store else {
            return Ok(None);
        };
        let options = &self.options;
        let asked = options.heuristic == Some(HeuristicKind::Pdb) || self.partition.is_some();
        let searching = matches!(
            options.algorithm,
            Algorithm::Auto | Algorithm::IdaStar | Algorithm::Anytime
        );
        if !asked && (options.heuristic.is_some() || !searching || !policy::applies(goal.size())) {
            return Ok(None);
        }
        let puzzle = Puzzle::new(goal)?;
        let partition = match &self.partition {
            Some(partition) => Some(partition.clone()),
            None if asked => Some(policy::when_asked(goal.size())),
            None => store.choose(&puzzle),
        };
        let Some(partition) = partition else {
            return Ok(None);
        };
        // Databases that would take longer to build than the limits allow are not started:
        // refused when asked for, done without otherwise.
        let size = goal.size();
        let built = |depth: &usize| store.has_machine(size, *depth);
        let quick = |depth: &usize| {
            Cost::of_machine(size, *depth).seconds <= thresholds::MACHINE_ON_DEMAND_SECONDS
        };
        let depth = thresholds::stored_machine_depth(size.cells()).filter(|d| built(d) || quick(d));
        let mut cost = store.missing_cost(&puzzle, &partition)?;
        if let Some(depth) = depth.filter(|d| !built(d)) {
            cost = cost.and(Cost::of_machine(size, depth));
        }
        if let Some(limit) = self.forbids(cost) {
            if !asked {
                return Ok(None);
            }
            return Err(PdbError::TooCostly {
                what: format!("{partition} databases for {}", goal.size()),
                seconds: cost.seconds,
                megabytes: cost.bytes.div_ceil(1 << 20),
                limit,
            }
            .into());
        }
        let databases = AnyHeuristic::Pdb(store.open(&puzzle, &partition, report)?);
        let machine = match depth {
            Some(depth) => Some(store.machine(size, depth, report)?),
            None => None,
        };
        Ok(Some((databases, machine)))
    }

    /// The limit a build of `cost` would break, if any, as the user gave it.
    fn forbids(&self, cost: Cost) -> Option<String> {
        let limits = &self.options.limits;
        if let Some(timeout) = limits.timeout
            && cost.seconds > timeout.as_secs_f64()
        {
            return Some(format!("the time limit of {} s", timeout.as_secs_f64()));
        }
        if let Some(memory) = limits.max_memory
            && cost.bytes > memory
        {
            return Some(format!("the memory limit of {} MB", memory >> 20));
        }
        None
    }

    /// The solver for boards of `size`, prepared on first use (opening or building databases,
    /// with `report` told of each build).
    pub fn for_size(
        &mut self,
        size: Size,
        report: &mut dyn FnMut(Event),
    ) -> Result<Arc<Solver>, SolveError> {
        if let Some(solver) = self.by_size.get(&size) {
            return Ok(Arc::clone(solver));
        }
        let goal = self.goal.board(size)?;
        let solver = Arc::new(match self.databases(&goal, report)? {
            Some((heuristic, None)) => {
                Solver::with_heuristic(&goal, self.options.clone(), heuristic)?
            }
            Some((heuristic, Some(machine))) => {
                Solver::with_databases(&goal, self.options.clone(), heuristic, machine)?
            }
            None => Solver::new(&goal, self.options.clone())?,
        });
        self.by_size.insert(size, Arc::clone(&solver));
        Ok(solver)
    }

    /// `board` checked against the goal of its size: done first, so that nothing is prepared
    /// or built for a position that cannot be solved.
    ///
    /// ```
    /// use npuzzle_core::Goal;
    /// use npuzzle_search::{Options, Solvers, SolveError};
    /// let solvers = Solvers::new(Goal::BlankLast, Options::default());
    /// let swapped = solvers.start(&"2 1 3/4 5 6/7 8 0".parse().unwrap());
    /// assert!(matches!(swapped, Err(SolveError::Unsolvable(_))));
    /// ```
    pub fn start(&self, board: &Board) -> Result<Start, SolveError> {
        Start::new(board.clone(), self.goal.board(board.size())?)
    }

    /// Solves `board`: its solvability is checked before anything is prepared or built.
    pub fn solve(
        &mut self,
        board: &Board,
        report: &mut dyn FnMut(Event),
    ) -> Result<Solution, SolveError> {
        let start = self.start(board)?;
        let limits = self.options.limits.clone();
        self.for_size(board.size(), report)?.run(&start, &limits)
    }
}
