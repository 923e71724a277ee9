//! What a long IDA* search has finished, kept in a file so that a search stopped by a limit, a
//! signal or a crash resumes where it was: the iteration under way (its threshold), which of
//! its subtrees are done and the order to search them in ([`super::order`]). A resumed search
//! loses at most the subtrees that were under way and whatever finished in the last second, and
//! reaches the same answer.
//!
//! The file is JSON, written whole ([`npuzzle_files::write_atomically`]: a stop while writing
//! leaves the previous journal) and read with a cap. A journal is a claim that part of a proof
//! of optimality was done, so it is checked, not trusted: it carries a checksum of
//! its contents and names the search it belongs to (the position, the goal, the heuristic with
//! its databases' checksums, the move-pruning machine, a hash of the iteration's cut into
//! subtrees), and every value is checked against what that search can write. A journal damaged,
//! edited, of another search or of an earlier format is refused with the file named and what is
//! wrong; the search begins afresh only when the caller sets the file aside ([`set_aside`]). An
//! answer that rests on a journal says so ([`crate::Proof::Journal`]).

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use npuzzle_core::Move;
use serde::{Deserialize, Serialize};

mod check;

use super::order;
use crate::error::SolveError;
use crate::start::Start;
use crate::stats::Stats;

/// The journal format this version writes and reads (1, the format before checksums, is
/// refused: nothing in it can be checked).
pub const FORMAT: u32 = 2;

/// How many subtrees (at least) each iteration of IDA* on every core is cut into (many per core,
/// for balance, and fine enough that a stop loses little of a search of hours: it loses the
/// subtrees under way). A journal written with another cut (512, by earlier builds and by
/// `npuzzle.cluster.search`, whose subtrees are tasks) is carried over to this one
/// ([`Keeper::recut`]), so a journal moves between machines and clusters.
pub const SUBTREES: usize = 4096;

/// The aim of the cut of the journals written before the journal named it.
const FIRST_AIM: u32 = 512;

/// The most a journal file may hold (a cut has a few thousand subtrees at most).
const MOST_BYTES: u64 = 4 << 20;

/// How often a journal is written while subtrees finish: each iteration's end, each stop and
/// the solution are written at once.
const EVERY: Duration = Duration::from_secs(1);

/// The contents of a journal file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Journal {
    /// The file format ([`FORMAT`]).
    pub format: u32,
    /// The start position, as boards are written (`1 2 3/4 5 6/7 8 0`).
    pub position: String,
    /// The goal, the same way.
    pub goal: String,
    /// The heuristic ([`npuzzle_heuristic::Heuristic::identity`]: with pattern databases, their
    /// patterns and checksums).
    pub heuristic: String,
    /// The move-pruning machine ([`npuzzle_heuristic::fsm::Fsm::identity`]).
    pub machine: String,
    /// The threshold of the iteration under way.
    pub bound: u32,
    /// How many subtrees the iteration's cut has.
    pub subtrees: u32,
    /// How many subtrees (at least) the iteration was cut into (512 where a journal does not
    /// say: earlier builds).
    #[serde(default = "first_aim")]
    pub aim: u32,
    /// A hash of the paths to the cut's subtrees (the CRC-32 of their moves).
    pub cut: u64,
    /// The iteration's finished subtrees, by their place in the cut, in increasing order.
    pub finished: Vec<u32>,
    /// The least f-value past the threshold found so far in this iteration.
    pub next_bound: u32,
    /// Nodes expanded by everything kept so far (the finished work of every run).
    pub expanded: u64,
    /// Nodes generated, the same way.
    pub generated: u64,
    /// Iterations begun.
    pub iterations: u64,
    /// Seconds of search of every run.
    pub seconds: f64,
    /// The solution, once found (tile letters).
    pub solution: Option<String>,
    /// What the iteration before learned of each subtree of the cut, which decides the order
    /// they are searched in ([`super::order`]); empty when it learned nothing (the first
    /// iteration, or a journal of an older version).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hints: Vec<Option<u32>>,
    /// The least heuristic value each finished subtree's search reached (`null` until it
    /// finishes, or when it was not measured): the next iteration's hints.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub nearest: Vec<Option<u32>>,
    /// The CRC-32 of the rest, written as compact JSON with this field 0: a journal damaged or
    /// edited by hand is refused.
    #[serde(default)]
    pub checksum: u32,
}

/// The search a journal belongs to, besides its position and goal: two searches with the same
/// identity walk the same tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Identity {
    /// The heuristic ([`npuzzle_heuristic::Heuristic::identity`]).
    pub heuristic: String,
    /// The move-pruning machine ([`npuzzle_heuristic::fsm::Fsm::identity`]).
    pub machine: String,
}

/// The journal of a search under way: read at the start (when a file is named and exists),
/// kept up to date and written as subtrees finish. Without a file it only keeps count.
///
/// IDA* on every core keeps one when its limits name a file ([`crate::Limits::keep_journal`]);
/// a search shared out another way (the Python package's cluster driver) keeps one the same
/// way: [`Keeper::iteration`] when an iteration's cut is made (it says which subtrees a
/// previous run finished), [`Keeper::finished`] as each subtree finishes, [`Keeper::found`]
/// with the goal's path, [`Keeper::flush`] at a stop.
///
/// ```
/// use npuzzle_core::Move;
/// use npuzzle_search::{algorithm::journal::{Identity, Keeper}, Start, Stats};
/// let goal = "1 2 3/4 5 6/7 8 0".parse().unwrap();
/// let start = Start::new("1 2 3/4 5 6/0 7 8".parse().unwrap(), goal).unwrap();
/// let file = std::env::temp_dir().join(format!("doc-{}.journal", std::process::id()));
/// let search = Identity { heuristic: "manhattan".into(), machine: "none".into() };
/// let mut keeper = Keeper::open(Some(&file), &start, 2, &search).unwrap();
/// let cut: [&[Move]; 2] = [&[Move::Left], &[Move::Up]];
/// let (done, _) = keeper.iteration(2, &cut, u32::MAX, &Stats::default()).unwrap();
/// assert_eq!(done, [false, false]);
/// keeper.finished(1, 4, Some(1), &Stats::default());
/// keeper.flush();
/// // A second run learns that subtree 1 is done; its answer will rest on the journal.
/// let mut again = Keeper::open(Some(&file), &start, 2, &search).unwrap();
/// assert_eq!(again.iteration(2, &cut, u32::MAX, &Stats::default()).unwrap(), (vec![false, true], 4));
/// assert!(again.rests_on_journal());
/// // Edited by hand, it is refused.
/// let text = std::fs::read_to_string(&file).unwrap().replace(r#""bound": 2"#, r#""bound": 4"#);
/// std::fs::write(&file, text).unwrap();
/// let refused = Keeper::open(Some(&file), &start, 2, &search).err().unwrap();
/// assert!(refused.to_string().contains("checksum"), "{refused}");
/// std::fs::remove_file(&file).unwrap();
/// ```
pub struct Keeper {
    path: Option<PathBuf>,
    journal: Journal,
    /// How many subtrees (at least) this search cuts each iteration into.
    aim: usize,
    /// The paths of the cut of the iteration under way (for the next iteration's hints).
    paths: Vec<Vec<Move>>,
    /// Whether the journal's iteration is one read from the file (then it is not counted again).
    resumed: bool,
    /// Whether the file read said that part of the proof was done (an iteration exhausted, a
    /// subtree finished, the solution found): the answer then rests on it.
    rests: bool,
    /// The seconds of search of the previous runs, and when this one began.
    before: f64,
    began: Instant,
    written: Instant,
    /// The first error writing the file, which stops the search.
    failure: Option<SolveError>,
}

impl Keeper {
    /// The journal at `path` for the search `search` of `start` (a new one when there is no file
    /// or no path), whose first threshold would be `first_bound`. A file that does not hold
    /// what this search could have written is refused with what is wrong.
    pub fn open(
        path: Option<&Path>,
        start: &Start,
        first_bound: u32,
        search: &Identity,
    ) -> Result<Keeper, SolveError> {
        let fresh = Journal {
            format: FORMAT,
            position: start.board().to_string(),
            goal: start.goal().to_string(),
            heuristic: search.heuristic.clone(),
            machine: search.machine.clone(),
            bound: first_bound,
            subtrees: 0,
            aim: FIRST_AIM,
            cut: 0,
            finished: Vec::new(),
            next_bound: u32::MAX,
            expanded: 0,
            generated: 0,
            iterations: 0,
            seconds: 0.0,
            solution: None,
            hints: Vec::new(),
            nearest: Vec::new(),
            checksum: 0,
        };
        let read = match path {
            Some(path) => read(path, &fresh, start)?,
            None => None,
        };
        let rests = read.as_ref().is_some_and(|read| {
            read.bound > first_bound || !read.finished.is_empty() || read.solution.is_some()
        });
        let journal = read.unwrap_or(fresh);
        Ok(Keeper {
            path: path.map(Path::to_path_buf),
            // The iteration at the journal's threshold was begun (its cut made, perhaps empty):
            // it goes on, and is not counted again.
            resumed: journal.iterations > 0,
            rests,
            before: journal.seconds,
            began: Instant::now(),
            written: Instant::now(),
            failure: None,
            journal,
            aim: SUBTREES,
            paths: Vec::new(),
        })
    }

    /// The same keeper for a search that cuts each iteration into at least `aim` subtrees, not
    /// [`SUBTREES`] (`npuzzle.cluster.search`: its subtrees are tasks, each costing
    /// milliseconds).
    pub fn cutting_at(self, aim: usize) -> Keeper {
        Keeper {
            aim: aim.max(1),
            ..self
        }
    }

    /// The solution a previous run found, checked when the file was read: as long as the
    /// threshold it was found at, and replayed from the start to the goal.
    pub fn solution(&self) -> Result<Option<Vec<Move>>, SolveError> {
        let Some(letters) = &self.journal.solution else {
            return Ok(None);
        };
        check::moves(letters)
            .map(Some)
            .map_err(|reason| self.damaged(&reason))
    }

    /// Whether the answer rests partly on what the file read said (an iteration exhausted, a
    /// subtree finished or the solution found by an earlier run): it is then reported as
    /// [`crate::Proof::Journal`], and proved again from nothing by a search without the journal.
    pub fn rests_on_journal(&self) -> bool {
        self.rests
    }

    /// The threshold to search at.
    pub fn bound(&self) -> u32 {
        self.journal.bound
    }

    /// How many iterations the search has begun, over every run.
    pub fn iterations(&self) -> u32 {
        u32::try_from(self.journal.iterations).unwrap_or(u32::MAX)
    }

    /// What the previous runs kept.
    pub fn prior(&self) -> Stats {
        Stats {
            expanded: self.journal.expanded,
            generated: self.journal.generated,
            iterations: u32::try_from(self.journal.iterations).unwrap_or(u32::MAX),
            // Checked finite and at most `check::MAX_SECONDS` when read.
            elapsed: Duration::try_from_secs_f64(self.journal.seconds).unwrap_or_default(),
            ..Stats::default()
        }
    }

    /// Begins (or, read from the file, resumes) the iteration at `bound` whose cut is `paths`
    /// and whose nodes above the cut gave `cut_next` and `cut`: which subtrees are already done,
    /// and the least f-value past the bound they found.
    pub fn iteration(
        &mut self,
        bound: u32,
        paths: &[&[Move]],
        cut_next: u32,
        cut: &Stats,
    ) -> Result<(Vec<bool>, u32), SolveError> {
        let hash = hash(paths);
        if std::mem::take(&mut self.resumed) {
            let done = self.resumed_cut(bound, hash, paths.len())?;
            self.journal.nearest.resize(paths.len(), None);
            self.paths = paths.iter().map(|path| path.to_vec()).collect();
            return Ok((done, self.journal.next_bound));
        }
        self.learn(paths);
        let journal = &mut self.journal;
        journal.bound = bound;
        journal.subtrees = paths.len() as u32;
        journal.aim = self.aim as u32;
        journal.cut = hash;
        journal.finished.clear();
        journal.next_bound = cut_next;
        journal.iterations += 1;
        journal.expanded += cut.expanded;
        journal.generated += cut.generated;
        self.write(true);
        Ok((vec![false; paths.len()], cut_next))
    }

    /// How many subtrees (at least) to cut the next iteration into: this search's aim, or the
    /// iteration read from the file's where that cut is finer (carried over to a coarser cut,
    /// the subtrees finished beside unfinished ones would be lost).
    pub fn aim(&self) -> usize {
        if self.resumed {
            self.aim.max(self.journal.aim as usize)
        } else {
            self.aim
        }
    }

    /// The aim of the cut of the iteration read from the file, when it is coarser than this
    /// search's (a journal of an earlier build, or of the cluster): cut that iteration again at
    /// this aim and give its paths to [`Keeper::recut`] before [`Keeper::iteration`].
    pub fn stale_aim(&self) -> Option<usize> {
        let aim = self.journal.aim as usize;
        (self.resumed && aim < self.aim).then_some(aim)
    }

    /// Carries the iteration read from the file, cut into `old` (at [`Keeper::stale_aim`]), over
    /// to the cut `new` of the same iteration at this search's aim: a new subtree is finished where
    /// the old subtree that holds it is, or every old subtree it holds is; hints and nearest
    /// values pass the same way ([`order::carried`]). The nodes and the least f-value past the
    /// threshold found so far stay: the finished work is the same.
    ///
    /// ```
    /// use npuzzle_core::Move::{Down, Left, Right, Up};
    /// use npuzzle_search::{algorithm::journal::{Identity, Keeper}, Start, Stats};
    /// let goal = "1 2 3/4 5 6/7 8 0".parse().unwrap();
    /// let start = Start::new("1 2 3/4 5 6/0 7 8".parse().unwrap(), goal).unwrap();
    /// let file = std::env::temp_dir().join(format!("doc-recut-{}.journal", std::process::id()));
    /// let search = Identity { heuristic: "manhattan".into(), machine: "none".into() };
    /// // A search that cuts at 512 (the cluster's tasks, or an earlier build) keeps a journal.
    /// let mut keeper = Keeper::open(Some(&file), &start, 2, &search).unwrap().cutting_at(512);
    /// let old: [&[_]; 2] = [&[Up], &[Right]];
    /// keeper.iteration(2, &old, u32::MAX, &Stats::default()).unwrap();
    /// keeper.finished(1, 4, Some(2), &Stats::default());
    /// keeper.flush();
    /// let mut again = Keeper::open(Some(&file), &start, 2, &search).unwrap();
    /// assert_eq!(again.stale_aim(), Some(512));
    /// let new: [&[_]; 3] = [&[Up, Left], &[Right, Up], &[Right, Down]];
    /// again.recut(2, &old, &new).unwrap();
    /// assert_eq!(again.iteration(2, &new, u32::MAX, &Stats::default()).unwrap(), (vec![false, true, true], 4));
    /// std::fs::remove_file(&file).unwrap();
    /// ```
    pub fn recut(
        &mut self,
        bound: u32,
        old: &[&[Move]],
        new: &[&[Move]],
    ) -> Result<(), SolveError> {
        let done = self.resumed_cut(bound, hash(old), old.len())?;
        let carry = |values: &[Option<u32>]| {
            let before: Vec<_> = old.iter().copied().zip(values.iter().copied()).collect();
            order::hints(&before, new)
        };
        let before: Vec<(&[Move], bool)> = old.iter().copied().zip(done).collect();
        let finished: Vec<bool> = order::carried(&before, new, |a, b| a && b)
            .into_iter()
            .map(|finished| finished == Some(true))
            .collect();
        let journal = &mut self.journal;
        if !journal.hints.is_empty() {
            journal.hints = carry(&journal.hints);
        }
        // Only finished subtrees have a nearest (the least of the old ones they hold).
        journal.nearest = (carry(&journal.nearest).into_iter().zip(&finished))
            .map(|(nearest, &finished)| nearest.filter(|_| finished))
            .collect();
        journal.finished = (0..)
            .zip(&finished)
            .filter(|(_, f)| **f)
            .map(|(place, _)| place)
            .collect();
        journal.subtrees = new.len() as u32;
        journal.aim = self.aim as u32;
        journal.cut = hash(new);
        self.write(true);
        Ok(())
    }

    /// Takes what the iteration ending learned of its subtrees as the hints of the next one,
    /// cut into `paths`.
    fn learn(&mut self, paths: &[&[Move]]) {
        let before: Vec<(&[Move], Option<u32>)> = (self.paths.iter().map(Vec::as_slice))
            .zip(self.journal.nearest.iter().copied())
            .collect();
        let hints = order::hints(&before, paths);
        self.journal.hints = if hints.iter().any(Option::is_some) {
            hints
        } else {
            Vec::new()
        };
        self.journal.nearest = vec![None; paths.len()];
        self.paths = paths.iter().map(|path| path.to_vec()).collect();
    }

    /// The places in the cut of the iteration under way in the order to search them (the
    /// hints' order, [`order::order`]).
    pub fn order(&self) -> Vec<usize> {
        let journal = &self.journal;
        if journal.hints.is_empty() {
            return (0..journal.subtrees as usize).collect();
        }
        order::order(&journal.hints)
    }

    /// Which of the `subtrees` of the cut at `bound` (hashed to `hash`) the journal read says
    /// are done, once the cut is checked to be the journal's.
    fn resumed_cut(&self, bound: u32, hash: u64, subtrees: usize) -> Result<Vec<bool>, SolveError> {
        let journal = &self.journal;
        if (journal.bound, journal.cut, journal.subtrees as usize) != (bound, hash, subtrees) {
            return Err(self.damaged(&format!(
                "it was written by another search: its cut at threshold {} has {} subtrees, \
                 this search's at {bound} has {subtrees} (another heuristic or version?)",
                journal.bound, journal.subtrees,
            )));
        }
        for (what, list) in [("hints", &journal.hints), ("nearest", &journal.nearest)] {
            if !list.is_empty() && list.len() != subtrees {
                return Err(self.damaged(&format!(
                    "its {what} name {} subtrees, its cut has {subtrees}",
                    list.len()
                )));
            }
        }
        let mut done = vec![false; subtrees];
        for &i in &journal.finished {
            let slot = done
                .get_mut(i as usize)
                .ok_or_else(|| self.damaged("it names a subtree past the cut"))?;
            *slot = true;
        }
        Ok(done)
    }

    /// Counts the iteration at `bound` that reached the goal above its cut (never begun as
    /// subtrees).
    pub fn ended_above_the_cut(&mut self, bound: u32) {
        let journal = &mut self.journal;
        journal.iterations += 1;
        journal.bound = bound;
        // Its cut was never made: nothing of the iteration before stays as if it were this one's.
        (journal.subtrees, journal.cut, journal.next_bound) = (0, 0, u32::MAX);
        journal.finished.clear();
        journal.hints.clear();
        journal.nearest.clear();
    }

    /// Records that subtree `index` is done, with the least f-value past the bound in it, the
    /// least heuristic value its search reached (`nearest`, if measured) and what it cost;
    /// writes the journal if the last write is a second old.
    pub fn finished(&mut self, index: usize, next_bound: u32, nearest: Option<u32>, stats: &Stats) {
        let journal = &mut self.journal;
        if let Some(slot) = journal.nearest.get_mut(index) {
            *slot = nearest;
        }
        if let Err(place) = journal.finished.binary_search(&(index as u32)) {
            journal.finished.insert(place, index as u32);
        }
        journal.next_bound = journal.next_bound.min(next_bound);
        journal.expanded += stats.expanded;
        journal.generated += stats.generated;
        self.write(false);
    }

    /// Records the solution and what the whole search cost (`totals`), and writes the journal;
    /// a journal that already holds the solution (read from the file) is left as it is, so that
    /// answering from it again and again changes nothing.
    pub fn found(&mut self, moves: &[Move], totals: &Stats) {
        let letters: String = moves.iter().map(|m| m.tile_letter()).collect();
        if self.journal.solution.as_ref() == Some(&letters) {
            return;
        }
        self.journal.solution = Some(letters);
        self.journal.expanded = totals.expanded;
        self.journal.generated = totals.generated;
        self.write(true);
    }

    /// Writes the journal now (at a stop, or at an iteration's end).
    pub fn flush(&mut self) {
        self.write(true);
    }

    /// Whether writing the file failed (the search should stop), and the error.
    pub fn failure(&mut self) -> Option<SolveError> {
        self.failure.take()
    }

    /// Whether writing has failed.
    pub fn failed(&self) -> bool {
        self.failure.is_some()
    }

    fn write(&mut self, now: bool) {
        let Some(path) = &self.path else {
            return;
        };
        if !now && self.written.elapsed() < EVERY || self.failure.is_some() {
            return;
        }
        self.written = Instant::now();
        self.journal.seconds = self.before + self.began.elapsed().as_secs_f64();
        if let Err(e) = self.journal.save(path) {
            self.failure = Some(SolveError::Journal {
                path: path.clone(),
                reason: e.to_string(),
            });
        }
    }

    fn damaged(&self, reason: &str) -> SolveError {
        SolveError::Journal {
            path: self.path.clone().unwrap_or_default(),
            reason: reason.to_string(),
        }
    }
}

/// The journal at `path`, checked against the search of `start` it would resume (`fresh`);
/// `None` when there is no file.
fn read(path: &Path, fresh: &Journal, start: &Start) -> Result<Option<Journal>, SolveError> {
    let error = |reason: String| SolveError::Journal {
        path: path.to_path_buf(),
        reason,
    };
    let bytes = match npuzzle_files::read_own(path, MOST_BYTES) {
        Ok(bytes) => bytes,
        Err(e) if e.is_missing() => return Ok(None),
        Err(e) => return Err(error(e.to_string())),
    };
    let journal: Journal = serde_json::from_slice(&bytes)
        .map_err(|e| error(format!("it is not a search journal ({e})")))?;
    check::check(&journal, fresh, start).map_err(error)?;
    Ok(Some(journal))
}

impl Journal {
    /// The CRC-32 of the journal written as compact JSON with its checksum 0.
    fn digest(&self) -> u32 {
        let unsealed = Journal {
            checksum: 0,
            ..self.clone()
        };
        crc32fast::hash(&serde_json::to_vec(&unsealed).unwrap_or_default())
    }

    /// Writes the journal to `path` whole ([`npuzzle_files::write_atomically`]), with its
    /// checksum.
    pub fn save(&mut self, path: &Path) -> Result<(), npuzzle_files::FileError> {
        self.checksum = self.digest();
        let bytes = serde_json::to_vec_pretty(self).unwrap_or_default();
        npuzzle_files::write_atomically(path, &bytes)
    }
}

/// Sets the journal at `path` aside (renamed `NAME.refused-SECONDS`, [`npuzzle_files::set_aside`]:
/// nothing is lost), for a search that begins afresh: what a user says with `--fresh` (the
/// command line) or `fresh=True` (Python) after a journal was refused. The new name, or `None`
/// when there was no file.
pub fn set_aside(path: &Path) -> std::io::Result<Option<PathBuf>> {
    npuzzle_files::set_aside(path, "refused")
}

/// The aim of the cut of a journal that does not name one.
fn first_aim() -> u32 {
    FIRST_AIM
}

/// The CRC-32 of the moves of every path, each path ended by a separator (the checksum the
/// databases use): the same on every machine and version of Rust.
fn hash(paths: &[&[Move]]) -> u64 {
    let bytes: Vec<u8> = paths
        .iter()
        .flat_map(|path| path.iter().map(|&m| m as u8).chain([4]))
        .collect();
    u64::from(crc32fast::hash(&bytes))
}
