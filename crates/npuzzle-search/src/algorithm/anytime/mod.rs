//! The anytime solver: a solution at once, then shorter ones as long as the time budget lasts.

mod allowance;
mod beam;
mod reduce;
mod shorten;
mod view;
mod zobrist;

use std::time::Duration;

use npuzzle_core::{Board, Goal, Move};

use self::allowance::Allowance;
use self::beam::{Halt, REMEMBERED, Shape};
use self::reduce::Region;
use self::view::{VIEWS, View};
use self::zobrist::Zobrist;
use crate::algorithm::{Method, constructive, same_goal};
use crate::clock::Stopwatch;
use crate::error::SolveError;
use crate::limits::{Limit, Limits};
use crate::method::{Algorithm, RankingKind};
use crate::solution::{self, Proof, Solution};
use crate::start::Start;
use crate::stats::Stats;
use crate::thresholds::{self, AUTO_ANYTIME_CELLS, LARGE_REGION};
use npuzzle_heuristic::{Focus, FocusState, Heuristic, LinearConflict, Manhattan, Puzzle};
use npuzzle_learned::{self as learned, Learned, Network, Ranking};

/// Positions a second stands for where there is no clock (WebAssembly): the budget becomes a
/// node count there.
const NODES_PER_SECOND: f64 = 2_000_000.0;

/// The share of the budget reduction gets; beams from the start and path shortening get the rest.
const REDUCE_SHARE: f64 = 0.9;

/// The narrowest beam; each next one is up to four times wider.
const FIRST_WIDTH: usize = 16;

/// The widest beam: past this, memory runs out long before (a beam this wide on a small board,
/// where the searches are quick, is a breadth-first search that widening no longer changes).
const MAX_WIDTH: usize = 1 << 30;

/// The least time worth a view of its own ([`view`]): with less, fewer views are searched.
const VIEW_SECONDS: f64 = 2.0;

/// Most positions one search for an optimal ending may expand.
const SUFFIX_NODES: u64 = 1 << 20;

/// The anytime solver on boards of up to 16×16 with heuristic `h` for the goal of `puzzle`:
/// within about `budget` of time, the constructive solution first; on boards
/// larger than 7×7 with the blank-last goal, reduction (the top row and left column of what
/// remains placed together by beams on that partial goal, the last 6×6 solved by this solver);
/// then beam searches of growing
/// width ranked by `h` with the outer rows and columns weighed more ([`Focus`]), each solution
/// given optimal ends by IDA* from positions along it (the beginning too where `h` can be
/// rebuilt toward the start, [`Heuristic::toward`]); then beams over stretches of the path, and
/// optimal sub-paths over short windows, until the budget is spent.
///
/// On boards of up to 36 cells the beams' time is shared among views of the problem, one every
/// 2 s of budget: the problem itself, then searched backward from the goal, then both mirrored
/// left to right (the other views rank by `h` rebuilt toward their goal, or by linear conflict
/// where it cannot be, as with pattern databases). Wider beams stop paying there long before
/// the time does, and each view goes wrong in different places.
///
/// Never longer than the constructive solution; optimal only when the length meets the lower
/// bound (the heuristic's value at the start, or `known_bound` when the caller proved a better
/// one). The solution reports both, so the gap is known. `limits` hold as everywhere: the time
/// limit and node limit end the search early (the best solution so far is returned), memory
/// caps the beam's width, and cancellation ends it with [`SolveError::LimitReached`].
///
/// ```
/// use std::time::Duration;
/// use npuzzle_core::Goal;
/// use npuzzle_search::{algorithm::{Method, anytime::Anytime}, Limits, Puzzle, Start};
/// use npuzzle_heuristic::LinearConflict;
/// let goal = Goal::BlankLast.board("5".parse().unwrap()).unwrap();
/// let board = "2 6 3 5 9/1 11 8 4 14/10 16 7 13 19/20 12 21 0 24/17 15 22 18 23".parse().unwrap();
/// let start = Start::new(board, goal.clone()).unwrap();
/// let puzzle = Puzzle::new(&goal).unwrap();
/// let h = LinearConflict::new(&puzzle);
/// let anytime = Anytime::new(&puzzle, &h, Duration::from_millis(300));
/// let solution = anytime.run(&start, &Limits::default()).unwrap();
/// assert!(solution.moves.len() >= 66); // the optimum; the solution was replayed to the goal
/// assert!(solution.lower_bound <= 66);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Anytime<'a, H> {
    /// The goal, prepared.
    pub puzzle: &'a Puzzle,
    /// The heuristic that ranks the beams and gives the lower bound.
    pub h: &'a H,
    /// The time to spend.
    pub budget: Duration,
    /// A lower bound the caller proved (IDA*'s last threshold), if better than `h`'s.
    pub known_bound: u32,
    /// What ranks the beams: `h` focused, or learned networks where they fit the board and
    /// goal ([`npuzzle_learned`]).
    pub ranking: Ranking<'a>,
}

impl<'a, H> Anytime<'a, H> {
    /// The anytime solver toward `puzzle`'s goal, ranking by `h`, for `budget`, from `h`'s own
    /// lower bound.
    ///
    /// ```
    /// use std::time::Duration;
    /// use npuzzle_core::Goal;
    /// use npuzzle_search::{algorithm::anytime::Anytime, Puzzle};
    /// use npuzzle_heuristic::LinearConflict;
    /// let puzzle = Puzzle::new(&Goal::BlankLast.board("6".parse().unwrap()).unwrap()).unwrap();
    /// let h = LinearConflict::new(&puzzle);
    /// let anytime = Anytime::new(&puzzle, &h, Duration::from_secs(10));
    /// assert_eq!(anytime.known_bound, 0);
    /// ```
    pub fn new(puzzle: &'a Puzzle, h: &'a H, budget: Duration) -> Anytime<'a, H> {
        Anytime {
            puzzle,
            h,
            budget,
            known_bound: 0,
            ranking: Ranking::Heuristic,
        }
    }
}

impl<H: Heuristic> Method for Anytime<'_, H> {
    fn run(&self, start: &Start, limits: &Limits) -> Result<Solution, SolveError> {
        solve(
            (self.puzzle, self.h, self.ranking),
            start,
            self.budget,
            self.known_bound,
            limits.clone(),
        )
    }
}

/// One anytime search's best so far: the path, what was expanded, and whether a learned
/// network ranked the beams that found it (the last region's, after reduction).
struct Best {
    moves: Vec<Move>,
    stats: Stats,
    learned: bool,
}

/// The anytime solver: the constructive solution, then reduction where the board is large,
/// beams in each view, and shortening, each improving the best path, within the allowance.
fn solve<H: Heuristic>(
    (puzzle, h, ranking): (&Puzzle, &H, Ranking<'_>),
    start: &Start,
    budget: Duration,
    known_bound: u32,
    limits: Limits,
) -> Result<Solution, SolveError> {
    same_goal(puzzle, start)?;
    let board = start.board();
    let clock = Stopwatch::start();
    let lower_bound = h.value(&h.start(&puzzle.bytes(board))).max(known_bound);
    let mut best = Best {
        moves: constructive::solve(start, &limits)?.moves,
        stats: Stats::default(),
        learned: false,
    };
    let allowance = Allowance::new(budget, &limits, clock);
    // Reduction times its steps by the clock, which WebAssembly does not have.
    if thresholds::reduces(puzzle.cells()) && !cfg!(target_arch = "wasm32") {
        let share = Duration::from_secs_f64(allowance.budget * REDUCE_SHARE);
        reduce_first((puzzle, board), share, &limits, ranking, &mut best);
    }
    let beams = Beams::new((puzzle, h, board), lower_bound);
    let width = beams.in_views(ranking, &allowance, &mut best)?;
    shorten_best(board, lower_bound, width, &allowance, &mut best);
    best.stats.elapsed = clock.elapsed();
    if limits.cancelled() {
        return Err(SolveError::LimitReached {
            limit: Limit::Cancelled,
            stats: best.stats,
        });
    }
    let optimal = best.moves.len() == lower_bound as usize;
    solution::verify(
        board,
        puzzle.goal(),
        Solution {
            optimal,
            moves: best.moves,
            bound: None,
            algorithm: Algorithm::Anytime,
            heuristic: h.kind(),
            ranking: Some(match best.learned {
                true => RankingKind::Learned,
                false => RankingKind::Heuristic,
            }),
            lower_bound,
            stopped: allowance.stopped(best.stats.expanded),
            stats: best.stats,
            proof: Proof::Search,
        },
    )
}

/// Reduction within `share` of the time: its lines, then the anytime solver on the region they
/// leave (ranked as asked where a network fits it); the best path if shorter.
fn reduce_first(
    (puzzle, board): (&Puzzle, &Board),
    share: Duration,
    limits: &Limits,
    ranking: Ranking<'_>,
    best: &mut Best,
) {
    let Some(reduced) = reduce::lines(board, puzzle.goal(), share, limits, &mut best.stats) else {
        return;
    };
    // The network given ranks the last region only if it fits it (the solver's note says so).
    let ranking = match ranking {
        Ranking::Learned(Some(network)) if network.fits(&reduced.puzzle).is_err() => {
            Ranking::Heuristic
        }
        ranking => ranking,
    };
    let Ok(last) = solve_region(
        &reduced.puzzle,
        &reduced.region,
        ranking,
        reduced.time_left,
        reduced.limits,
    ) else {
        return;
    };
    best.stats.expanded += last.stats.expanded;
    best.stats.generated += last.stats.generated;
    let mut moves = reduced.moves;
    moves.extend(last.moves);
    let mut end = board.clone();
    if moves.len() < best.moves.len() && end.apply_all(&moves).is_ok() && end == *puzzle.goal() {
        best.moves = moves;
        best.learned = last.ranking == Some(RankingKind::Learned);
    }
}

/// The anytime solver on the region that lines (placed first, or by reduction) leave of a
/// blank-last board, with linear conflict, ranked by `ranking`.
fn solve_region(
    puzzle: &Puzzle,
    region: &Start,
    ranking: Ranking<'_>,
    time: Duration,
    limits: Limits,
) -> Result<Solution, SolveError> {
    solve(
        (puzzle, &LinearConflict::new(puzzle), ranking),
        region,
        time,
        0,
        limits,
    )
}

/// Fresh beams over stretches of the best path, as wide as the last, then optimal sub-paths
/// over short windows, while the allowance lasts and the path is above `lower_bound`.
fn shorten_best(
    board: &Board,
    lower_bound: u32,
    width: usize,
    allowance: &Allowance<'_>,
    best: &mut Best,
) {
    let above = |best: &Best| best.moves.len() > lower_bound as usize;
    let mut window = 40;
    while above(best) && !allowance.over(best.stats.expanded) && window < best.moves.len() {
        let expanded_before = best.stats.expanded;
        let (shorter, expanded) =
            shorten::beam_pass(board, &best.moves, window, width, &mut |s, next| {
                allowance.allows(expanded_before + s.expanded, next)
            });
        best.stats.expanded += expanded;
        let improved = shorter.len() < best.moves.len();
        best.moves = shorter;
        if !improved {
            window += 20;
        }
    }
    let mut window = 12;
    let longest = best.moves.len().min(shorten::MAX_DEPTH);
    while above(best) && !allowance.over(best.stats.expanded) && window <= longest {
        let before = best.moves.len();
        let moves = std::mem::take(&mut best.moves);
        best.moves = allowance.shorten(board, moves, window, &mut best.stats);
        if best.moves.len() == before {
            window += 4;
        }
    }
}

/// The most cells of a board the anytime solver takes (32×32; [`AUTO_ANYTIME_CELLS`]); above
/// [`crate::thresholds::ANYTIME_SEARCH_CELLS`] it goes by [`LinesFirst`].
pub const MAX_CELLS: usize = AUTO_ANYTIME_CELLS;

/// The anytime solver on boards of more than 256 cells (up to [`MAX_CELLS`]), within about
/// `budget`: the constructive solver places its top rows and left columns until a 16×16 region
/// remains, and [`Anytime`] (linear conflict) takes that region for the rest of the budget. The
/// lower bound reported is the whole board's Manhattan distance. For goals other than blank-last
/// (whose regions are no smaller goals of the same kind) it is the constructive solver's answer.
/// Measured against the constructive solver alone (seed 1, 10 s): 17×17 2.74× → 2.10× the
/// Manhattan bound, 24×24 2.53× → 2.39×, 32×32 2.52× → 2.44×.
///
/// ```
/// use std::time::Duration;
/// use npuzzle_core::{Generator, Goal};
/// use npuzzle_search::algorithm::{Method, anytime::LinesFirst, constructive::Constructive};
/// use npuzzle_search::{Limits, Start};
/// let goal = Goal::BlankLast.board("17".parse().unwrap()).unwrap();
/// let start = Start::new(Generator::new(1).random_position(&goal), goal).unwrap();
/// let budget = Duration::from_millis(200);
/// let solution = LinesFirst { budget, ranking: Default::default() }
///     .run(&start, &Limits::default())
///     .unwrap();
/// let plain = Constructive.run(&start, &Limits::default()).unwrap(); // both replayed
/// assert!(solution.moves.len() <= plain.moves.len());
/// assert!(solution.lower_bound as usize <= solution.moves.len());
/// ```
#[derive(Clone, Copy, Debug)]
pub struct LinesFirst<'a> {
    /// The time to spend.
    pub budget: Duration,
    /// What ranks the beams of the region the lines leave (and of its reduction's last region).
    pub ranking: Ranking<'a>,
}

impl Method for LinesFirst<'_> {
    fn run(&self, start: &Start, limits: &Limits) -> Result<Solution, SolveError> {
        solve_large(start, self.budget, limits.clone(), self.ranking)
    }
}

fn solve_large(
    start: &Start,
    budget: Duration,
    limits: Limits,
    ranking: Ranking<'_>,
) -> Result<Solution, SolveError> {
    let (board, goal) = (start.board(), start.goal());
    let size = board.size();
    if size.cells() > MAX_CELLS {
        return Err(SolveError::TooLarge {
            size,
            max_cells: MAX_CELLS,
        });
    }
    if Goal::BlankLast.board(size)? != *goal {
        return constructive::solve(start, &limits);
    }
    let clock = Stopwatch::start();
    let (mut moves, (top, left)) = constructive::lines_until(start, LARGE_REGION, &limits)?;
    let mut work = board.clone();
    work.apply_all(&moves)
        .map_err(|e| SolveError::Internal(format!("placing lines: {e}")))?;
    let region = Region { top, left }
        .board(&work)
        .ok_or_else(|| SolveError::Internal("the lines left tiles out of place".into()))?;
    let region_goal = Goal::BlankLast.board(region.size())?;
    let puzzle = Puzzle::new(&region_goal)?;
    let mut rest = limits.clone();
    rest.timeout = limits.timeout.map(|t| t.saturating_sub(clock.elapsed()));
    rest.max_nodes = limits
        .max_nodes
        .map(|n| n.saturating_sub(moves.len() as u64));
    let left_time = budget.saturating_sub(clock.elapsed());
    // What the lines leave of a solvable position is solvable.
    let region = Start::reached(region, region_goal);
    let last = solve_region(&puzzle, &region, ranking, left_time, rest)?;
    moves.extend(last.moves);
    let lower_bound = Manhattan::new(goal).distance(board) as u32;
    solution::verify(
        board,
        goal,
        Solution {
            optimal: moves.len() == lower_bound as usize,
            moves,
            bound: None,
            algorithm: Algorithm::Anytime,
            heuristic: last.heuristic,
            ranking: last.ranking,
            lower_bound,
            stats: Stats {
                elapsed: clock.elapsed(),
                ..last.stats
            },
            stopped: last.stopped,
            proof: Proof::Search,
        },
    )
}

/// How many views the beams search within `seconds`: one for every [`VIEW_SECONDS`], up to all.
fn view_count(seconds: f64) -> usize {
    ((seconds / VIEW_SECONDS) as usize).clamp(1, VIEWS.len())
}

/// What the beams of every view share: the problem itself (its heuristic gives each solution an
/// optimal ending), the hashing of positions, and the lower bound that ends the search.
struct Beams<'a, H> {
    problem: (&'a Puzzle, &'a H, &'a Board),
    /// The problem backward (from the goal to the position) and its heuristic, where the
    /// heuristic can be rebuilt toward the position.
    backward: Option<(Puzzle, H)>,
    zobrist: Zobrist,
    lower_bound: u32,
}

impl<'a, H: Heuristic> Beams<'a, H> {
    fn new(problem: (&'a Puzzle, &'a H, &'a Board), lower_bound: u32) -> Beams<'a, H> {
        let (puzzle, h, board) = problem;
        let backward = Puzzle::new(board).ok().and_then(|back| {
            let back_h = h.toward(&back)?;
            Some((back, back_h))
        });
        Beams {
            problem,
            backward,
            zobrist: Zobrist::new(puzzle.cells()),
            lower_bound,
        }
    }

    /// Beams in each view in turn, each until its share of the time left (what one leaves
    /// unspent goes to the next); returns the last width. The problem itself is ranked by the
    /// learned network where one fits (and its mirror image by the network mirrored), focused
    /// as linear conflict is: measured on DeepCubeA's first four 35-puzzles, 6 M positions, 586
    /// moves unfocused, 568 focused.
    fn in_views(
        &self,
        ranking: Ranking<'_>,
        allowance: &Allowance,
        best: &mut Best,
    ) -> Result<usize, SolveError> {
        let (puzzle, h, board) = self.problem;
        let shipped = match ranking {
            Ranking::Learned(None) => learned::builtin(puzzle),
            _ => None,
        };
        let network = match ranking {
            Ranking::Learned(Some(network)) => Some(network),
            _ => shipped.as_deref(),
        };
        let learned = network.and_then(|network| Learned::new(puzzle, h, network).ok());
        // The network mirrored, for the view of the problem mirrored (its goal is the network's
        // mirrored; the backward views' goals are the position, which no network is trained
        // for): built when that view first runs, never where only one view does.
        let mirrored = std::cell::OnceCell::new();
        let views = if thresholds::shares_views(puzzle.cells()) {
            view_count(allowance.budget - allowance.elapsed())
        } else {
            1
        };
        let from = allowance.elapsed();
        let mut width = FIRST_WIDTH;
        for (k, view) in VIEWS.into_iter().take(views).enumerate() {
            let part =
                allowance.until(from + (allowance.budget - from) * (k + 1) as f64 / views as f64);
            let (moves, stats) = (&mut best.moves, &mut best.stats);
            width = match (k, &learned) {
                (0, Some(learned)) => {
                    self.widen(view, (puzzle, board), learned, &part, moves, stats)
                }
                (0, None) => self.widen(view, (puzzle, board), h, &part, moves, stats),
                _ => {
                    let network = (!view.backward)
                        .then(|| {
                            mirrored
                                .get_or_init(|| {
                                    learned.as_ref().and(network).map(Network::mirrored)
                                })
                                .as_ref()
                        })
                        .flatten();
                    self.in_view(view, network, &part, best)?
                }
            };
        }
        best.learned |= learned.is_some();
        Ok(width)
    }

    /// Beams in another view of the problem (backward, mirrored), ranked by `network` where it
    /// is given and fits, else by the heuristic rebuilt toward the view's goal, else by linear
    /// conflict (pattern databases are built for one goal). Returns the last width.
    fn in_view(
        &self,
        view: View,
        network: Option<&Network>,
        part: &Allowance,
        best: &mut Best,
    ) -> Result<usize, SolveError> {
        let (puzzle, h, board) = self.problem;
        let (start, goal) = view.problem(board, puzzle.goal());
        let seen = Puzzle::new(&goal)?;
        let problem = (&seen, &start);
        let seen_lc = LinearConflict::new(&seen);
        let (moves, stats) = (&mut best.moves, &mut best.stats);
        let ranked = network.and_then(|network| Learned::new(&seen, &seen_lc, network).ok());
        Ok(if let Some(seen_learned) = ranked {
            self.widen(view, problem, &seen_learned, part, moves, stats)
        } else if let Some(seen_h) = h.toward(&seen) {
            self.widen(view, problem, &seen_h, part, moves, stats)
        } else {
            self.widen(view, problem, &seen_lc, part, moves, stats)
        })
    }

    /// `moves` (which solve the problem) with an optimal ending, as far back as searches stay
    /// quick, and where the problem can be searched backward an optimal beginning too.
    fn ends(&self, moves: Vec<Move>, part: &Allowance, stats: &mut Stats) -> Vec<Move> {
        let (puzzle, h, board) = self.problem;
        let moves = part.optimal_suffix(puzzle, h, board, moves, stats);
        let Some((back, back_h)) = &self.backward else {
            return moves;
        };
        // The backward view's moves are the moves undone, last first, both ways.
        let undone = View::BACKWARD.moves_back(moves);
        let undone = part.optimal_suffix(back, back_h, puzzle.goal(), undone, stats);
        View::BACKWARD.moves_back(undone)
    }

    /// Beams of growing width from `start` toward `seen`'s goal, ranked by `rank` (a lower
    /// bound with its ranking: a heuristic, or [`Learned`]) focused, until `part` is spent or a
    /// next beam would not be wider; each solution is mapped back from `view`, given an optimal
    /// ending, and kept in `best` if shorter. Returns the last width.
    fn widen<V: Heuristic>(
        &self,
        view: View,
        (seen, start): (&Puzzle, &Board),
        rank: &V,
        part: &Allowance,
        best: &mut Vec<Move>,
        stats: &mut Stats,
    ) -> usize {
        let focus = Focus::new(seen, rank);
        let cells = seen.bytes(start);
        let mut width = FIRST_WIDTH;
        while best.len() > self.lower_bound as usize && !part.over(stats.expanded) {
            let memory =
                beam::memory::<FocusState<V::State>>(seen.cells(), width, best.len(), REMEMBERED);
            if part.limits.max_memory.is_some_and(|max| memory > max) {
                break;
            }
            let began = part.elapsed();
            let found = beam::search(
                (seen, &focus, &self.zobrist),
                &|cells: &[u8]| cells == seen.goal_cells(),
                &cells,
                Shape {
                    width,
                    bound: best.len() as u32,
                    remember: REMEMBERED,
                    linger: 0,
                },
                stats,
                &mut |stats, next| part.allows(stats.expanded, next),
            );
            match found {
                Ok(moves) => {
                    let moves = self.ends(view.moves_back(moves), part, stats);
                    if moves.len() < best.len() {
                        *best = moves;
                    }
                }
                Err(Halt::Exhausted) => {}
                Err(Halt::Stopped) => break,
            }
            // Beams cost about their width in time: size the next one to what is left of the
            // part (at most four times wider); when it would not be wider, the rest of the time
            // goes to the next view or to shortening.
            let took = (part.elapsed() - began).max(1e-3);
            let left = part.budget - part.elapsed();
            let next = (width as f64 * (0.9 * left / took).min(4.0)) as usize;
            // Nor wider than the nodes left: its first layer alone would overrun a node limit.
            let nodes_left = part.nodes.saturating_sub(stats.expanded);
            if next < width + width / 2 || next > MAX_WIDTH || next as u64 > nodes_left {
                break;
            }
            width = next;
        }
        width
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use npuzzle_core::{Generator, Goal};
    use npuzzle_heuristic::LinearConflict;

    /// The beams of every view shorten a long solution, and what they keep solves the
    /// problem itself: each view's moves are mapped back (and given optimal ends) correctly.
    #[test]
    fn every_view_gives_solutions_of_the_problem() {
        for size in ["3", "4", "5x3"] {
            let goal = Goal::BlankLast.board(size.parse().unwrap()).unwrap();
            let puzzle = Puzzle::new(&goal).unwrap();
            let h = LinearConflict::new(&puzzle);
            for seed in 0..4 {
                let board = Generator::new(seed).random_position(&goal);
                let beams = Beams::new((&puzzle, &h, &board), 0);
                for view in VIEWS {
                    let (start, end) = view.problem(&board, &goal);
                    let seen = Puzzle::new(&end).unwrap();
                    let seen_h = h.toward(&seen).unwrap();
                    let limits = Limits::none().nodes(20_000);
                    let part = Allowance::new(Duration::from_secs(60), &limits, Stopwatch::start());
                    // A solution two moves longer than the constructive one: a move there and
                    // back first.
                    let there = board.legal_moves().next().unwrap();
                    let mut best = vec![there, there.opposite()];
                    let checked = Start::new(board.clone(), goal.clone()).unwrap();
                    best.extend(constructive::solve(&checked, &limits).unwrap().moves);
                    let before = best.len();
                    let mut stats = Stats::default();
                    beams.widen(view, (&seen, &start), &seen_h, &part, &mut best, &mut stats);
                    assert!(best.len() < before, "{view:?} {size} seed {seed}");
                    let mut replay = board.clone();
                    replay.apply_all(&best).unwrap();
                    assert_eq!(replay, goal, "{view:?} {size} seed {seed}");
                }
            }
        }
    }

    /// Past 16x16: lines first, then the anytime solver on the 16x16 region left, never longer
    /// than the constructive solver (whose own region's solution continues the same lines);
    /// other goals get the constructive solution, and boards past 32x32 are refused.
    #[test]
    fn large_boards_place_lines_then_search_the_region() {
        for (size, seed) in [("17", 1), ("20x18", 2), ("17x32", 3)] {
            let goal = Goal::BlankLast.board(size.parse().unwrap()).unwrap();
            let start = Start::new(Generator::new(seed).random_position(&goal), goal).unwrap();
            let limits = Limits::default();
            let solution = solve_large(
                &start,
                Duration::from_millis(100),
                limits.clone(),
                Ranking::Heuristic,
            )
            .unwrap();
            let plain = constructive::solve(&start, &limits).unwrap();
            assert_eq!(solution.algorithm, Algorithm::Anytime);
            assert!(solution.moves.len() <= plain.moves.len(), "{size}");
            assert_eq!(solution.lower_bound, plain.lower_bound);
        }
        let spiral = Goal::Spiral.board("17".parse().unwrap()).unwrap();
        let start = Start::new(Generator::new(1).random_position(&spiral), spiral).unwrap();
        let budget = Duration::from_millis(100);
        let solution = solve_large(&start, budget, Limits::default(), Ranking::Heuristic).unwrap();
        assert_eq!(solution.algorithm, Algorithm::Constructive);
        let goal = Goal::BlankLast.board("33".parse().unwrap()).unwrap();
        let start = Start::new(Generator::new(1).random_position(&goal), goal).unwrap();
        assert!(matches!(
            solve_large(&start, budget, Limits::default(), Ranking::Heuristic),
            Err(SolveError::TooLarge {
                max_cells: 1024,
                ..
            })
        ));
    }

    /// Fewer views are searched in less time.
    #[test]
    fn views_follow_the_time() {
        assert_eq!(view_count(1.0), 1);
        assert_eq!(view_count(5.0), 2);
        assert_eq!(view_count(60.0), VIEWS.len());
    }
}
