//! Recursive best-first search (Korf 1993): best-first order in linear space.

use npuzzle_core::Move;

use super::observe::{Event, Observer, Pruned, Quiet};
use super::{Found, Method, Root, Walk, finish, root};
use crate::error::SolveError;
use crate::limits::{Budget, Limit, Limits};
use crate::method::Algorithm;
use crate::solution::Solution;
use crate::start::Start;
use npuzzle_heuristic::{Heuristic, Puzzle};

/// RBFS (optimal) with heuristic `h` (which must be admissible) for the goal of `puzzle`.
///
/// The seed toy's "try the best-scored branch first and backtrack", made optimal: each node's
/// children are explored best first, but only while their backed-up value stays within the best
/// alternative found higher up; on backtracking a subtree keeps the smallest f seen below it, so
/// it is re-entered in the right order later. Memory is linear in the depth; moves are applied
/// and undone in place, never undoing the previous move.
///
/// ```
/// use npuzzle_core::Goal;
/// use npuzzle_search::{algorithm::{Method, rbfs::Rbfs}, Limits, Puzzle, Start};
/// use npuzzle_heuristic::Manhattan;
/// let goal = Goal::BlankLast.board("3".parse().unwrap()).unwrap();
/// let start = Start::new("8 6 7/2 5 4/3 0 1".parse().unwrap(), goal.clone()).unwrap();
/// let puzzle = Puzzle::new(&goal).unwrap();
/// let h = Manhattan::for_puzzle(&puzzle);
/// let solution = Rbfs { puzzle: &puzzle, h: &h }.run(&start, &Limits::default()).unwrap();
/// assert_eq!(solution.moves.len(), 31);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Rbfs<'a, H> {
    /// The goal, prepared.
    pub puzzle: &'a Puzzle,
    /// The heuristic (admissible).
    pub h: &'a H,
}

impl<H: Heuristic> Method for Rbfs<'_, H> {
    fn run(&self, start: &Start, limits: &Limits) -> Result<Solution, SolveError> {
        self.watched(start, limits, &mut Quiet)
    }
}

impl<H: Heuristic> Rbfs<'_, H> {
    /// The search, every step reported to `observer` (each node expanded, each child generated
    /// or pruned, each f-value backed up, the solution); the observer is handed back with the
    /// answer, which is the search's unwatched.
    ///
    /// ```
    /// use npuzzle_core::Goal;
    /// use npuzzle_search::algorithm::{Method, rbfs::Rbfs, observe::Counts};
    /// use npuzzle_search::{Limits, Puzzle, Start};
    /// use npuzzle_heuristic::Manhattan;
    /// let goal = Goal::BlankLast.board("3".parse().unwrap()).unwrap();
    /// let start = Start::new("1 2 3/4 5 6/0 7 8".parse().unwrap(), goal.clone()).unwrap();
    /// let puzzle = Puzzle::new(&goal).unwrap();
    /// let h = Manhattan::for_puzzle(&puzzle);
    /// let rbfs = Rbfs { puzzle: &puzzle, h: &h };
    /// let (solution, counts) = rbfs.watch(&start, &Limits::none(), Counts::default());
    /// assert_eq!(counts.expanded, solution.unwrap().stats.expanded);
    /// ```
    pub fn watch<O: Observer>(
        &self,
        start: &Start,
        limits: &Limits,
        mut observer: O,
    ) -> (Result<Solution, SolveError>, O) {
        let solution = self.watched(start, limits, &mut observer);
        (solution, observer)
    }

    fn watched<O: Observer>(
        &self,
        start: &Start,
        limits: &Limits,
        observer: &mut O,
    ) -> Result<Solution, SolveError> {
        let (puzzle, h) = (self.puzzle, self.h);
        let begin: Root<H::State> = root(puzzle, h, start)?;
        let lower_bound = begin.lower_bound;
        let budget = Budget::new(limits.clone());
        let mut search = Search::new(puzzle, h, begin.cells, Vec::new(), budget);
        let blank = start.board().blank();
        let limits = (lower_bound, u32::MAX);
        let result = search.rbfs(observer, blank, 0, begin.state, limits, None);
        search.stats.elapsed = search.budget.elapsed();
        match result {
            Ok(Outcome::Found) => {}
            Ok(Outcome::Exceeded(_)) => {
                return Err(SolveError::Internal(
                    "RBFS exhausted a solvable space".to_string(),
                ));
            }
            Err(limit) => {
                return Err(SolveError::LimitReached {
                    limit,
                    stats: search.stats,
                });
            }
        }
        let found = Found {
            moves: search.path,
            optimal: true,
            bound: None,
            algorithm: Algorithm::Rbfs,
            lower_bound,
        };
        finish(h, start, found, search.stats)
    }
}

enum Outcome {
    Found,
    /// The smallest f that exceeded the bound below this node.
    Exceeded(u32),
}

/// RBFS carries nothing down the tree beyond what every depth-first search does.
type Search<'a, H> = Walk<'a, H>;

#[derive(Clone, Copy)]
struct Child<S> {
    source: u8,
    m: Move,
    state: S,
    /// The backed-up value: f, or the smallest f below once explored.
    f: u32,
}

impl<H: Heuristic> Search<'_, H> {
    /// Explores the node with the blank at `blank` (`g` moves deep, stored value `stored`) within
    /// `bound`.
    fn rbfs<O: Observer>(
        &mut self,
        observer: &mut O,
        blank: usize,
        g: u32,
        state: H::State,
        (stored, bound): (u32, u32),
        previous: Option<Move>,
    ) -> Result<Outcome, Limit> {
        if self.h.value(&state) == 0 && self.cells == self.puzzle.goal_cells() {
            if O::WATCHING {
                let moves = &self.path;
                observer.event(&Event::Solution { moves });
            }
            return Ok(Outcome::Found);
        }
        self.stats.expanded += 1;
        if O::WATCHING {
            let (h, cells, path) = (self.h.value(&state), &self.cells, &self.path);
            observer.event(&Event::Expanded { g, h, cells, path });
            if bound < u32::MAX {
                observer.event(&Event::Limit { bound });
            }
        }
        self.stats.peak_nodes = self.stats.peak_nodes.max(u64::from(g) + 1);
        self.budget.check(&self.stats)?;
        let mut children: [Option<Child<H::State>>; 4] = [None; 4];
        let count = self.children(
            observer,
            (blank, g, &state),
            stored,
            previous,
            &mut children,
        );
        let children = &mut children[..count];
        loop {
            children.sort_by_key(|c| c.map_or(u32::MAX, |c| c.f));
            let Some(best) = children.first().copied().flatten() else {
                return Ok(Outcome::Exceeded(u32::MAX));
            };
            if best.f > bound {
                if O::WATCHING {
                    let why = Pruned::Bound { f: best.f };
                    observer.event(&Event::Pruned {
                        played: best.m,
                        why,
                    });
                }
                return Ok(Outcome::Exceeded(best.f));
            }
            let alternative = children.get(1).copied().flatten().map_or(u32::MAX, |c| c.f);
            let source = best.source as usize;
            let tile = self.cells[source];
            self.cells[blank] = tile;
            self.cells[source] = 0;
            self.path.push(best.m);
            let limits = (best.f, bound.min(alternative));
            let outcome = self.rbfs(observer, source, g + 1, best.state, limits, Some(best.m))?;
            if let Outcome::Found = outcome {
                return Ok(Outcome::Found);
            }
            self.path.pop();
            self.cells[source] = tile;
            self.cells[blank] = 0;
            if let (Outcome::Exceeded(f), Some(first)) = (outcome, children[0].as_mut()) {
                first.f = f;
                if O::WATCHING {
                    observer.event(&Event::Backup { played: first.m, f });
                }
            }
        }
    }

    /// Puts in `children` the children of the node with the blank at `blank`, `g` moves deep (not
    /// back through `previous`), and says how many there are, each with its f: its own, raised
    /// to the node's backed-up value `stored` where the node was explored before.
    #[inline]
    fn children<O: Observer>(
        &mut self,
        observer: &mut O,
        (blank, g, state): (usize, u32, &H::State),
        stored: u32,
        previous: Option<Move>,
        children: &mut [Option<Child<H::State>>; 4],
    ) -> usize {
        let own_f = g + self.h.value(state);
        let mut count = 0;
        for &(source, m) in self.puzzle.neighbours(blank) {
            if previous == Some(m.opposite()) {
                if O::WATCHING {
                    let why = Pruned::Parent;
                    observer.event(&Event::Pruned { played: m, why });
                }
                continue;
            }
            let tile = self.cells[source as usize];
            self.cells[blank] = tile;
            self.cells[source as usize] = 0;
            let child_state = self
                .h
                .moved(state, &self.cells, tile, source as usize, blank);
            self.cells[source as usize] = tile;
            self.cells[blank] = 0;
            self.stats.generated += 1;
            if O::WATCHING {
                observer.event(&Event::Generated {
                    played: m,
                    g: g + 1,
                });
            }
            let f = g + 1 + self.h.value(&child_state);
            // A node explored before passes its backed-up value down to children that look
            // better than it (they were already found to lead no lower).
            let f = if own_f < stored { f.max(stored) } else { f };
            if O::WATCHING {
                observer.event(&Event::Opened {
                    played: m,
                    g: g + 1,
                    f,
                });
            }
            children[count] = Some(Child {
                source,
                m,
                state: child_state,
                f,
            });
            count += 1;
        }
        count
    }
}
