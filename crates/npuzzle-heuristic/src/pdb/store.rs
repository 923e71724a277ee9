//! The cache folder of pattern databases: the one owner of every file operation on it.

use std::path::{Path, PathBuf};

use super::additive::AdditivePdb;
use super::build::Cost;
use super::check_fits;
use super::database::PatternDb;
use super::error::PdbError;
use super::opened;
use super::packed::Packed;
use super::partition::Partition;
use super::pattern::Pattern;
use super::storage::{self, Header};
use crate::Puzzle;

/// What the store reports while it opens or builds databases.
pub enum Event<'a> {
    /// Databases are about to be built, at this estimated cost in all (said once, first).
    Planned(Cost),
    /// A database is being built (the reason: not built yet, damaged, rebuilt on request, …).
    Building {
        /// The pattern's tiles.
        tiles: &'a [u8],
        /// Why it is built.
        reason: String,
    },
    /// The move-pruning machine of this depth is being built (why: not built yet, damaged, …),
    /// at about this cost.
    BuildingMachine {
        /// Its depth.
        depth: usize,
        /// Why it is built.
        reason: String,
        /// What it will take.
        cost: Cost,
    },
    /// Building progress: placements reached of all (squares done of all for a machine).
    Progress(u64, u64),
    /// A database was built and saved.
    Saved {
        /// Its file.
        path: &'a Path,
        /// How many entries were capped at [`super::MAX_EXCESS`] (weaker, still admissible).
        capped: u64,
    },
    /// A database was built but could not be saved (an unwritable folder, a full disk): it is
    /// used from memory for this run.
    NotSaved {
        /// The error.
        error: &'a PdbError,
    },
}

/// A file in the store's folder named like a database.
#[derive(Debug)]
pub struct Entry {
    /// The file.
    pub path: PathBuf,
    /// Its header, or why it cannot be read.
    pub header: Result<Header, PdbError>,
}

/// A folder of pattern-database files: where they are, which are built, building and saving
/// them safely (to a temporary file renamed into place), reading them into memory after checking
/// them (once per process: a database open already is handed out again, its memory shared),
/// and removing only files it wrote.
///
/// ```no_run
/// use npuzzle_core::{Goal, Size};
/// use npuzzle_heuristic::{Puzzle, pdb::{Partition, Store}};
/// let store = Store::locate(None).unwrap();
/// let puzzle = Puzzle::new(&Goal::BlankLast.board(Size::square(4).unwrap()).unwrap()).unwrap();
/// let databases = store.open(&puzzle, &"663".parse().unwrap(), &mut |_| {}).unwrap();
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Store {
    dir: PathBuf,
    /// Stops builds when cancelled (between layers).
    pub(super) cancel: Option<crate::Cancel>,
}

impl Store {
    /// The store in folder `dir` (created when the first database is saved).
    pub fn new(dir: impl Into<PathBuf>) -> Store {
        Store {
            dir: dir.into(),
            cancel: None,
        }
    }

    /// The same store, its builds stopped (between breadth-first layers, a few seconds at most)
    /// once `cancel` is cancelled.
    ///
    /// ```
    /// let store = npuzzle_heuristic::pdb::Store::new("cache").stopped_by(npuzzle_heuristic::Cancel::new());
    /// assert_eq!(store.dir(), std::path::Path::new("cache"));
    /// ```
    pub fn stopped_by(self, cancel: crate::Cancel) -> Store {
        Store {
            cancel: Some(cancel),
            ..self
        }
    }

    /// The store in `dir` if given, else `$NPUZZLE_CACHE_DIR` (when set and not empty), else the
    /// user's cache folder (`~/.cache/npuzzle/pdb` on Linux).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn locate(dir: Option<&Path>) -> Result<Store, PdbError> {
        dir.map(Path::to_path_buf)
            .or_else(|| {
                std::env::var_os("NPUZZLE_CACHE_DIR")
                    .filter(|d| !d.is_empty())
                    .map(PathBuf::from)
            })
            .or_else(|| {
                directories::ProjectDirs::from("", "", "npuzzle").map(|d| d.cache_dir().join("pdb"))
            })
            .map(Store::new)
            .ok_or(PdbError::NoFolder)
    }

    /// The folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The file of `pattern`'s database: board, a checksum of the goal, `z` when it is
    /// zero-aware, and the tiles.
    ///
    /// ```
    /// use npuzzle_core::Goal;
    /// use npuzzle_heuristic::{Puzzle, pdb::{Pattern, Store}};
    /// let puzzle = Puzzle::new(&Goal::BlankFirst.board("5".parse().unwrap()).unwrap()).unwrap();
    /// let pattern = Pattern::new(&puzzle, &[1, 2, 5, 6, 7, 12]).unwrap();
    /// let store = Store::new("cache");
    /// assert!(store.path(&puzzle, &pattern, true).ends_with("5x5-gd880d40c-z-1-2-5-6-7-12.pdb"));
    /// assert!(store.path(&puzzle, &pattern, false).ends_with("5x5-gd880d40c-1-2-5-6-7-12.pdb"));
    /// ```
    pub fn path(&self, puzzle: &Puzzle, pattern: &Pattern, zero_aware: bool) -> PathBuf {
        let tiles: Vec<String> = pattern.tiles().iter().map(u8::to_string).collect();
        self.dir.join(format!(
            "{}-g{:08x}-{}{}.pdb",
            puzzle.size(),
            crc32fast::hash(puzzle.goal_cells()),
            if zero_aware { "z-" } else { "" },
            tiles.join("-")
        ))
    }

    /// Whether every database of `partition` has a file here (by name; soundness is checked
    /// when they are opened).
    pub fn is_built(&self, puzzle: &Puzzle, partition: &Partition) -> bool {
        partition.groups(puzzle).is_ok_and(|groups| {
            groups.iter().all(|tiles| {
                Pattern::new(puzzle, tiles)
                    .is_ok_and(|p| self.path(puzzle, &p, partition.zero_aware()).is_file())
            })
        })
    }

    /// What building the databases of `partition` that are not here yet would take (zero when
    /// all are built).
    pub fn missing_cost(&self, puzzle: &Puzzle, partition: &Partition) -> Result<Cost, PdbError> {
        self.cost(puzzle, partition, false)
    }

    /// What building the databases of `partition` would take: all of them (`all`), or those
    /// without a file here.
    fn cost(&self, puzzle: &Puzzle, partition: &Partition, all: bool) -> Result<Cost, PdbError> {
        let mut cost = Cost::default();
        for tiles in partition.groups(puzzle)? {
            let pattern = Pattern::new(puzzle, &tiles)?;
            let zero_aware = partition.zero_aware();
            if all || !self.path(puzzle, &pattern, zero_aware).is_file() {
                cost = cost.and(Cost::of(puzzle, &pattern, zero_aware));
            }
        }
        Ok(cost)
    }

    /// The databases a solve of `puzzle` should use when none were named, by the one policy
    /// ([`super::policy::choose`]): on 4×4 the fastest already built (7-8, then 6-6-3), or
    /// 6-6-3 (built in seconds) when none is; on 5×5 the 6-6-6-6 only if built; otherwise none.
    pub fn choose(&self, puzzle: &Puzzle) -> Option<Partition> {
        super::policy::choose(puzzle.size(), |p| self.is_built(puzzle, p))
    }

    /// The databases of `partition`: each read into memory and checked, or built and saved first when it
    /// is missing, damaged or for something else (with `report` told why). A database that
    /// cannot be saved is used from memory ([`Event::NotSaved`]).
    pub fn open(
        &self,
        puzzle: &Puzzle,
        partition: &Partition,
        report: &mut dyn FnMut(Event),
    ) -> Result<AdditivePdb, PdbError> {
        self.assemble(puzzle, partition, false, report)
    }

    /// Builds every database of `partition` anew; each replaces its old file only once it is
    /// complete, so an interrupted rebuild leaves the old databases usable.
    pub fn rebuild(
        &self,
        puzzle: &Puzzle,
        partition: &Partition,
        report: &mut dyn FnMut(Event),
    ) -> Result<AdditivePdb, PdbError> {
        self.assemble(puzzle, partition, true, report)
    }

    fn assemble(
        &self,
        puzzle: &Puzzle,
        partition: &Partition,
        force: bool,
        report: &mut dyn FnMut(Event),
    ) -> Result<AdditivePdb, PdbError> {
        let groups = partition.groups(puzzle)?;
        check_fits(puzzle, &groups)?;
        self.clean();
        let cost = self.cost(puzzle, partition, force)?;
        if cost.seconds > 0.0 {
            report(Event::Planned(cost));
        }
        let mut dbs = Vec::new();
        let zero_aware = partition.zero_aware();
        for tiles in &groups {
            let pattern = Pattern::new(puzzle, tiles)?;
            let path = self.path(puzzle, &pattern, zero_aware);
            let held = opened::get(&path).filter(|db| db.zero_aware() == zero_aware);
            if let Some(db) = held.filter(|_| !force) {
                dbs.push(db);
                continue;
            }
            let reason = match storage::load(&path, puzzle, &pattern) {
                Ok(db) if db.zero_aware() != zero_aware => PdbError::Mismatch {
                    path: path.clone(),
                    reason: "a plain database where a zero-aware one belongs, or the reverse"
                        .to_string(),
                }
                .to_string(),
                Ok(db) if !force => {
                    opened::keep(&path, &db);
                    dbs.push(db);
                    continue;
                }
                Ok(_) => "rebuilt on request".to_string(),
                Err(PdbError::Missing(_)) => "not built yet".to_string(),
                Err(other) => make_room(&path, other, storage::is_ours, "database")?,
            };
            opened::forget(&path);
            let built = self.build_one(puzzle, pattern, &path, zero_aware, reason, report)?;
            opened::keep(&path, &built);
            dbs.push(built);
        }
        Ok(AdditivePdb::new(puzzle, dbs))
    }

    fn build_one(
        &self,
        puzzle: &Puzzle,
        pattern: Pattern,
        path: &Path,
        zero_aware: bool,
        reason: String,
        report: &mut dyn FnMut(Event),
    ) -> Result<PatternDb, PdbError> {
        report(Event::Building {
            tiles: pattern.tiles(),
            reason,
        });
        let progress = &mut |done, total| {
            report(Event::Progress(done, total));
            !self
                .cancel
                .as_ref()
                .is_some_and(crate::Cancel::is_cancelled)
        };
        let packed = Packed::build(puzzle, &pattern, zero_aware, progress)?;
        let (layout, entries, regions) = (packed.layout, &packed.entries, &packed.regions);
        match storage::save(path, puzzle, &pattern, layout, entries, regions) {
            Ok(()) => {
                report(Event::Saved {
                    path,
                    capped: packed.capped,
                });
                storage::load(path, puzzle, &pattern)
            }
            Err(error) => {
                report(Event::NotSaved { error: &error });
                packed.into_db(puzzle, pattern)
            }
        }
    }

    /// The files here named `*.pdb`, sorted, with their headers; a missing folder holds none.
    pub fn entries(&self) -> Result<Vec<Entry>, PdbError> {
        Ok(self
            .files(|path| path.extension().is_some_and(|e| e == "pdb"))?
            .into_iter()
            .map(|path| Entry {
                header: storage::header(&path),
                path,
            })
            .collect())
    }

    /// Checks the database file `path` completely: header, board, pattern, size, checksum, and
    /// that its name is the one the store gives that database.
    pub fn verify(&self, path: &Path) -> Result<Header, PdbError> {
        let header = storage::header(path)?;
        let mismatch = |reason: String| PdbError::Mismatch {
            path: path.to_path_buf(),
            reason,
        };
        let size = npuzzle_core::Size::new(header.width as usize, header.height as usize)
            .map_err(|e| mismatch(e.to_string()))?;
        let goal = npuzzle_core::Board::new(size, header.goal.iter().map(|&t| t.into()).collect())
            .map_err(|e| mismatch(format!("its goal is not a board: {e}")))?;
        let puzzle = Puzzle::new(&goal).map_err(|e| mismatch(e.to_string()))?;
        let pattern = Pattern::new(&puzzle, &header.tiles)?;
        let expected = self.path(&puzzle, &pattern, header.zero_aware());
        if path.file_name() != expected.file_name() {
            return Err(mismatch(format!(
                "its header says {}",
                expected.file_name().unwrap_or_default().to_string_lossy()
            )));
        }
        storage::load(path, &puzzle, &pattern)?;
        Ok(header)
    }

    /// Removes the database file `name` (a file name in the folder) if it is one of ours.
    pub fn remove(&self, name: &str) -> Result<PathBuf, PdbError> {
        let path = self.dir.join(name);
        if Path::new(name).file_name().is_none_or(|n| n != name) {
            return Err(PdbError::Missing(path));
        }
        if !path.exists() {
            return Err(PdbError::Missing(path));
        }
        if crate::fsm::is_machine_file(&path) {
            std::fs::remove_file(&path).map_err(|e| PdbError::io(&path, e))?;
            return Ok(path);
        }
        opened::forget(&path);
        if !storage::is_ours(&path) {
            return Err(PdbError::Damaged {
                path,
                reason: "it is not an npuzzle pattern database; left in place".to_string(),
            });
        }
        std::fs::remove_file(&path).map_err(|e| PdbError::io(&path, e))?;
        Ok(path)
    }

    /// Removes every database and machine file of ours; returns those removed and those left
    /// (files named `*.pdb` that npuzzle did not write, with why).
    pub fn remove_all(&self) -> Result<(Vec<PathBuf>, Vec<PdbError>), PdbError> {
        let (mut removed, mut left) = (Vec::new(), Vec::new());
        for path in self.machines()? {
            if crate::fsm::is_machine_file(&path) {
                std::fs::remove_file(&path).map_err(|e| PdbError::io(&path, e))?;
                removed.push(path);
            }
        }
        for entry in self.entries()? {
            if storage::is_ours(&entry.path) {
                opened::forget(&entry.path);
                std::fs::remove_file(&entry.path).map_err(|e| PdbError::io(&entry.path, e))?;
                removed.push(entry.path);
            } else {
                left.push(PdbError::Damaged {
                    path: entry.path,
                    reason: "it is not an npuzzle pattern database; left in place".to_string(),
                });
            }
        }
        Ok((removed, left))
    }

    /// Deletes the temporary files of builds whose process has ended (Linux, where that can be
    /// told): only files both named by [`npuzzle_files::temporary`] and empty or starting like a
    /// database; returns them.
    pub fn clean(&self) -> Vec<PathBuf> {
        let alive = |pid: u32| {
            !Path::new("/proc/self").exists() || Path::new(&format!("/proc/{pid}")).exists()
        };
        let stale = self
            .files(|path| storage::is_stale_temporary(path, alive))
            .unwrap_or_default();
        stale
            .into_iter()
            .filter(|path| std::fs::remove_file(path).is_ok())
            .collect()
    }

    /// The regular files of the folder that `keep` accepts, sorted.
    pub(super) fn files(&self, keep: impl Fn(&Path) -> bool) -> Result<Vec<PathBuf>, PdbError> {
        let mut files: Vec<PathBuf> = match std::fs::read_dir(&self.dir) {
            Ok(entries) => entries
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| keep(p))
                .collect(),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
            Err(e) => return Err(PdbError::io(&self.dir, e)),
        };
        files.sort();
        Ok(files)
    }
}

/// Why the file at `path` (refused with `error`) is built again, once room is made for the new
/// one: a file of ours (`ours` says, by its first bytes) that is damaged or stale is replaced (a
/// build is its own backup); a file that does not carry our marker is someone else's, never
/// overwritten: it is set aside (`NAME.not-ours-SECONDS`) and the new `what` written in its place.
pub(super) fn make_room(
    path: &Path,
    error: PdbError,
    ours: fn(&Path) -> bool,
    what: &str,
) -> Result<String, PdbError> {
    // Only a regular file is moved: a link or a FIFO under the name is never followed nor
    // replaced (the file is then used from memory).
    let regular = std::fs::symlink_metadata(path).is_ok_and(|m| m.is_file());
    if !regular || ours(path) {
        return Ok(error.to_string());
    }
    let aside = npuzzle_files::set_aside(path, "not-ours").map_err(|e| PdbError::io(path, e))?;
    Ok(format!(
        "{error}; it is not a {what} of npuzzle's, so it was kept as {}",
        aside.map_or_else(String::new, |p| p.display().to_string())
    ))
}
