//! Python pickles of plain data (dicts of lists of numbers and strings: nothing a reader must
//! run), in the layouts of DeepCubeA and PuXle, written with serde-pickle.

use std::path::Path;

use npuzzle_core::{Board, Goal, Move};
use npuzzle_search::Solution;
use npuzzle_search::analysis::Label;
use serde::Serialize;

use super::{Frame, action};

/// Whose layout a benchmark's results are written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// DeepCubeA's `results.pkl` (`search_methods/astar.py`): `states`, `solutions` (action
    /// numbers), `times`, `num_nodes_generated`; its `paths` (every state along each solution)
    /// are left out, being the states and solutions replayed.
    DeepCubeA,
    /// PuXle's benchmark sets (`puxle/benchmark/slidepuzzle_deepcubea.py`, JAxtar's benchmark
    /// library): the same, each solution a list of tile letters `U D L R`.
    PuXle,
}

impl std::str::FromStr for Layout {
    type Err = String;

    fn from_str(text: &str) -> Result<Layout, String> {
        match text {
            "deepcubea" => Ok(Layout::DeepCubeA),
            "puxle" | "jaxtar" => Ok(Layout::PuXle),
            _ => Err(format!("'{text}' is no layout: deepcubea or puxle")),
        }
    }
}

/// A benchmark's results, gathered instance by instance for a layout.
pub struct Results {
    frame: Frame,
    states: Vec<Vec<u32>>,
    solutions: Vec<Vec<Move>>,
    times: Vec<f64>,
    generated: Vec<u64>,
    expanded: Vec<u64>,
    optimal: Vec<bool>,
}

/// What the file holds; extra keys (`num_nodes_expanded`, `optimal`) beside the layout's own,
/// which their readers pass over.
#[derive(Serialize)]
struct Written<'a, S> {
    states: &'a [Vec<u32>],
    solutions: Vec<S>,
    times: &'a [f64],
    num_nodes_generated: &'a [u64],
    num_nodes_expanded: &'a [u64],
    optimal: &'a [bool],
}

/// Results gathered toward `goal` (blank-last, or blank-first turned a half turn).
pub fn results(goal: &Goal) -> anyhow::Result<Results> {
    Ok(Results {
        frame: Frame::of(goal)?,
        states: Vec::new(),
        solutions: Vec::new(),
        times: Vec::new(),
        generated: Vec::new(),
        expanded: Vec::new(),
        optimal: Vec::new(),
    })
}

impl Results {
    /// Adds `board`'s `solution`.
    pub fn push(&mut self, board: &Board, solution: &Solution) {
        let frame = self.frame;
        self.states.push(frame.tiles(board));
        self.solutions
            .push(solution.moves.iter().map(|&m| frame.shown(m)).collect());
        self.times.push(solution.stats.elapsed.as_secs_f64());
        self.generated.push(solution.stats.generated);
        self.expanded.push(solution.stats.expanded);
        self.optimal.push(solution.optimal);
    }

    /// How many results there are.
    pub fn len(&self) -> usize {
        self.states.len()
    }

    /// The pickle of the results in `layout`.
    pub fn bytes(&self, layout: Layout) -> anyhow::Result<Vec<u8>> {
        let numbers = || {
            self.solutions
                .iter()
                .map(|s| s.iter().map(|&m| action(m)).collect())
        };
        let letters = || {
            self.solutions
                .iter()
                .map(|s| s.iter().map(|m| m.tile_letter().to_string()).collect())
        };
        match layout {
            Layout::DeepCubeA => pickled(&self.written::<Vec<u8>>(numbers().collect())),
            Layout::PuXle => pickled(&self.written::<Vec<String>>(letters().collect())),
        }
    }

    fn written<S>(&self, solutions: Vec<S>) -> Written<'_, S> {
        Written {
            states: &self.states,
            solutions,
            times: &self.times,
            num_nodes_generated: &self.generated,
            num_nodes_expanded: &self.expanded,
            optimal: &self.optimal,
        }
    }

    /// Writes the results in `layout` to `path`, whole.
    pub fn write(&self, layout: Layout, path: &Path) -> anyhow::Result<()> {
        crate::files::write_atomically(path, &self.bytes(layout)?)
    }
}

/// Labels in DeepCubeA's layout: `states`, `solutions` (an optimal one where proved, the best
/// found otherwise, `None` where there is none), `cost_to_go` (the exact distance, −1 where not
/// proved) and `optimal_actions` (`None` where not known), toward blank-last.
pub fn deepcubea_labels(
    goal: &Goal,
    boards: &[Board],
    labels: &[Label],
) -> anyhow::Result<Vec<u8>> {
    #[derive(Serialize)]
    struct Labels {
        states: Vec<Vec<u32>>,
        solutions: Vec<Option<Vec<u8>>>,
        cost_to_go: Vec<i64>,
        optimal_actions: Vec<Option<Vec<u8>>>,
    }
    let frame = Frame::of(goal)?;
    let actions = |moves: &[Move]| moves.iter().map(|&m| action(frame.shown(m))).collect();
    let written = Labels {
        states: boards.iter().map(|b| frame.tiles(b)).collect(),
        solutions: labels
            .iter()
            .map(|l| (l.distance.is_some()).then(|| actions(&l.solution)))
            .collect(),
        cost_to_go: labels
            .iter()
            .map(|l| l.exact().map_or(-1, i64::from))
            .collect(),
        optimal_actions: labels
            .iter()
            .map(|l| l.optimal_moves.as_deref().map(|m| sorted(actions(m))))
            .collect(),
    };
    pickled(&written)
}

/// Action numbers in increasing order.
fn sorted(mut actions: Vec<u8>) -> Vec<u8> {
    actions.sort_unstable();
    actions
}

fn pickled<T: Serialize>(value: &T) -> anyhow::Result<Vec<u8>> {
    Ok(serde_pickle::to_vec(
        value,
        serde_pickle::SerOptions::new(),
    )?)
}
