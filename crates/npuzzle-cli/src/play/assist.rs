//! Help from the solvers: hints, the optimal distance, and god mode.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use std::sync::mpsc::{self, Receiver};

use npuzzle_core::{Board, Goal};
use npuzzle_heuristic::pdb::Store;
use npuzzle_search::analysis::Analysis;
use npuzzle_search::{Limits, Options, Solution, Solver};

/// How long help may think before giving up (a hard 15-puzzle takes a few seconds).
const THINKING_TIME: Duration = Duration::from_secs(30);

/// How long the anytime solver shortens a hint's solution on boards beyond 4x4.
const HINT_BUDGET: Duration = Duration::from_secs(2);

/// Prepared solvers, one per goal, shared with helper threads. With a database store, a 4×4
/// goal's pattern databases (6-6-3, or 7-8 when built) are opened on a thread of their own (built
/// there the first time, in seconds, and cached); walking distance answers until they are ready,
/// then hints, god mode and the live distance use them (a random 4×4 about 25 times faster).
#[derive(Default)]
pub struct Assistant {
    solvers: HashMap<Board, Arc<Solver>>,
    store: Option<Store>,
    /// Solvers with databases being prepared, by goal.
    preparing: HashMap<Board, Receiver<Arc<Solver>>>,
}

impl Assistant {
    /// An assistant that uses the pattern databases of `store` where they pay.
    pub fn with_databases(store: Option<Store>) -> Assistant {
        Assistant {
            store,
            ..Assistant::default()
        }
    }

    fn options() -> Options {
        Options {
            limits: Limits::default().timeout(THINKING_TIME),
            budget: HINT_BUDGET,
            ..Options::default()
        }
    }

    /// The solver toward `goal` (optimal where the board allows it, the anytime solver with a
    /// short budget up to 32x32, constructive beyond: the library's `auto`), with databases once
    /// they are ready.
    pub fn solver(&mut self, goal: &Board) -> anyhow::Result<Arc<Solver>> {
        if let Some(ready) = self.preparing.get(goal).and_then(|r| r.try_recv().ok()) {
            self.preparing.remove(goal);
            self.solvers.insert(goal.clone(), ready);
        }
        if let Some(solver) = self.solvers.get(goal) {
            return Ok(Arc::clone(solver));
        }
        let solver = Arc::new(Solver::new(goal, Assistant::options())?);
        self.solvers.insert(goal.clone(), Arc::clone(&solver));
        self.prepare_databases(goal);
        Ok(solver)
    }

    /// Starts opening (or building) the databases for `goal` on a thread, where the policy builds
    /// them on first use (4×4).
    fn prepare_databases(&mut self, goal: &Board) {
        let Some(store) = &self.store else { return };
        // Only databases built in seconds: help cannot wait minutes.
        if npuzzle_heuristic::pdb::policy::on_demand(goal.size()).is_none() {
            return;
        }
        let (sender, receiver) = mpsc::channel();
        let (store, goal_board) = (store.clone(), goal.clone());
        std::thread::spawn(move || {
            let solvers = npuzzle_search::Solvers::new(
                Goal::Custom(goal_board.clone()),
                Assistant::options(),
            );
            let prepared = solvers
                .with_store(store, None)
                .for_size(goal_board.size(), &mut |_| {});
            if let Ok(solver) = prepared {
                let _ = sender.send(solver);
            }
        });
        self.preparing.insert(goal.clone(), receiver);
    }

    /// A solution from `board` to `goal`.
    pub fn solve(&mut self, board: &Board, goal: &Board) -> anyhow::Result<Solution> {
        Ok(self.solver(goal)?.solve(board)?)
    }
}

/// The optimal length from `board`, if the solver proves one.
pub fn optimal_length(solver: &Solver, board: &Board) -> Option<usize> {
    solver
        .solve(board)
        .ok()
        .filter(|s| s.optimal)
        .map(|s| s.moves.len())
}

/// What the library's analysis finds of `game`'s moves, when every distance is proved within
/// [`THINKING_TIME`] (otherwise nothing: a bound is not a mistake).
pub fn analysis(solver: &Solver, game: &npuzzle_game::Game) -> Option<Analysis> {
    let analysis = npuzzle_search::analysis::analyse(solver, game.start(), &game.moves()).ok()?;
    (analysis.totals.unknown == 0).then_some(analysis)
}

/// What the record keeps of an analysis: the mistakes and the first of them.
pub fn mistakes(analysis: &Analysis) -> Option<npuzzle_game::Mistakes> {
    let (count, first) = analysis.totals.proved_mistakes()?;
    Some(npuzzle_game::Mistakes { count, first })
}

#[cfg(test)]
mod tests {
    use super::*;
    use npuzzle_core::Size;

    /// On a 4x4 the first answers come from walking distance while the databases are opened
    /// (here built: an empty cache) on a thread; then every answer uses them.
    #[test]
    fn four_by_four_help_switches_to_databases_once_they_are_ready() {
        let dir = std::env::temp_dir().join(format!("npuzzle-assist-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let mut assistant = Assistant::with_databases(Some(Store::new(&dir)));
        let goal = npuzzle_core::Goal::BlankLast
            .board(Size::square(4).unwrap())
            .unwrap();
        let board: Board = "4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15".parse().unwrap();
        let first = assistant.solve(&board, &goal).unwrap();
        assert_eq!(
            first.heuristic,
            Some(npuzzle_search::HeuristicKind::WalkingDistance)
        );
        let mut answer = first;
        for _ in 0..600 {
            answer = assistant.solve(&board, &goal).unwrap();
            if answer.heuristic == Some(npuzzle_search::HeuristicKind::Pdb) {
                break;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        assert_eq!(answer.heuristic, Some(npuzzle_search::HeuristicKind::Pdb));
        assert!(answer.optimal && answer.moves.len() == 1);
        // A 3x3 never waits for databases.
        let small = npuzzle_core::Goal::BlankLast
            .board(Size::square(3).unwrap())
            .unwrap();
        assistant.solver(&small).unwrap();
        assert!(!assistant.preparing.contains_key(&small));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
