//! IDA* on one core with each iteration's subtrees searched nearest the goal first.
//!
//! The iteration that reaches the goal stops there, and where the goal's subtree falls in the
//! order decides how much of that iteration is spent: on Korf's 100 it is most of the search.
//! So each iteration is cut a few moves deep ([`CUT`] subtrees at least) and its subtrees are
//! searched in the order of what the iteration before learned of them: the least heuristic value
//! its search of each reached, least first ([`crate::algorithm::order`], the order the split
//! search on every core takes). Every subtree of every iteration but the last is still searched
//! whole, so the answer is as optimal and the iterations the same; only the last is shorter.

use std::sync::atomic::AtomicBool;

use npuzzle_core::Move;

use super::tree::{Cut, Search, Tree};
use super::{Ceiling, IdaStar, next_threshold, solved, stopped};
use crate::algorithm::{Root, order, root};
use crate::error::SolveError;
use crate::limits::{Budget, Limit, Limits};
use crate::solution::Solution;
use crate::start::Start;
use npuzzle_heuristic::Heuristic;

/// How many subtrees (at least) each iteration is cut into. Fewer leave the order coarse, more
/// cost a cut each iteration that small searches feel: on Korf's 100 with 7-8, 4 subtrees saved
/// 11 % of the nodes, 16 saved 25 % and 64 saved 30 % in the same time, 256 took longer
/// (docs/EXPERIMENTS.md, "The 15-puzzle's last iteration, nearest first").
const CUT: usize = 16;

/// What the iteration before learned of each of its subtrees: its path and nearest.
type Learned = Vec<(Vec<Move>, Option<u32>)>;

/// How an iteration ended.
enum Iteration {
    /// The goal reached by this path.
    Found(Vec<Move>),
    /// Searched whole: the least f-value past its threshold (`u32::MAX`: none), and what it
    /// learned of its subtrees for the next.
    Searched(u32, Learned),
}

/// IDA* on one core, the subtrees of each iteration searched nearest the goal first.
pub(super) fn solve<H: Heuristic>(
    idastar: &IdaStar<H>,
    start: &Start,
    limits: Limits,
) -> Result<Solution, SolveError> {
    let Root {
        cells,
        state,
        lower_bound,
    } = root(idastar.puzzle, idastar.h, start)?;
    let blank = start.board().blank();
    let top = Cut {
        cells: cells.clone(),
        blank,
        path: Vec::new(),
        state,
        machine: idastar.fsm.start(blank),
    };
    let never = AtomicBool::new(false);
    let tree = idastar.tree();
    let budget = Budget::new(limits.clone());
    let mut search = Search::new(&tree, cells, Vec::new(), budget, &never);
    let (mut bound, mut learned, mut ceiling) = (lower_bound, Learned::new(), Ceiling::default());
    let mut widest = 0;
    let moves = loop {
        search.walk.stats.iterations += 1;
        let ended = iteration(
            &tree,
            &mut search,
            &top,
            bound,
            &learned,
            &limits,
            &mut widest,
        );
        match ended {
            Ok(Iteration::Found(path)) => break path,
            Ok(Iteration::Searched(u32::MAX, _)) => {
                return Err(SolveError::Internal(
                    "IDA* exhausted a solvable space".to_string(),
                ));
            }
            Ok(Iteration::Searched(least, subtrees)) => {
                bound = next_threshold(bound, least);
                ceiling.check(start, bound)?;
                learned = subtrees;
            }
            Err(limit) => return Err(stopped(&mut search, limit, bound)),
        }
    };
    solved(&mut search, start, moves, lower_bound, widest)
}

/// The iteration of threshold `bound`: cut below `top`, its subtrees searched in the order
/// `learned` gives. `widest` is raised to the bytes its cut held.
fn iteration<H: Heuristic>(
    tree: &Tree<H>,
    search: &mut Search<H>,
    top: &Cut<H::State>,
    bound: u32,
    learned: &Learned,
    limits: &Limits,
    widest: &mut u64,
) -> Result<Iteration, Limit> {
    let stats = &mut search.walk.stats;
    let (cut, past) = match tree.frontier(top.clone(), bound, CUT, limits, stats) {
        Ok(frontier) => frontier,
        Err(Ok(path)) => return Ok(Iteration::Found(path)),
        Err(Err(limit)) => return Err(limit),
    };
    *widest = (*widest).max(bytes(&cut));
    let before: Vec<(&[Move], Option<u32>)> = learned
        .iter()
        .map(|(path, n)| (path.as_slice(), *n))
        .collect();
    let paths: Vec<&[Move]> = cut.iter().map(|c| c.path.as_slice()).collect();
    let hints = order::hints(&before, &paths);
    search.next_bound = past;
    let mut subtrees = Learned::with_capacity(cut.len());
    for place in order::order(&hints) {
        let below = &cut[place];
        let node = search.enter(below);
        if search.dfs(&node, bound, below.path.last().copied())? {
            return Ok(Iteration::Found(std::mem::take(&mut search.walk.path)));
        }
        subtrees.push((below.path.clone(), search.nearest()));
    }
    Ok(Iteration::Searched(search.next_bound, subtrees))
}

/// The bytes a cut holds.
fn bytes<S>(cut: &[Cut<S>]) -> u64 {
    let each = |c: &Cut<S>| {
        std::mem::size_of::<Cut<S>>() + c.cells.len() + std::mem::size_of_val(c.path.as_slice())
    };
    cut.iter().map(each).sum::<usize>() as u64
}
