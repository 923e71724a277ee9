//! The move-pruning machines the store keeps beside the databases: the deep ones long searches
//! use (the search crate's `thresholds::stored_machine_depth` says which), built once, saved safely and checked when
//! read back, like the databases.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use npuzzle_core::Size;

use super::build::Cost;
use super::error::PdbError;
use super::store::{Event, Store, make_room};
use crate::fsm::{self, BuildError, Fsm, Refused};

/// The largest machine file read (a machine of depth 22 on 5×5 would be about 2.6 GB).
const MOST_BYTES: u64 = 4 << 30;

impl Store {
    /// The file of the move-pruning machine of `size` to `depth`.
    ///
    /// ```
    /// use npuzzle_heuristic::pdb::Store;
    /// let path = Store::new("cache").machine_path("5".parse().unwrap(), 20);
    /// assert!(path.ends_with("5x5-fsm-20.fsm"));
    /// ```
    pub fn machine_path(&self, size: Size, depth: usize) -> PathBuf {
        self.dir().join(format!("{size}-fsm-{depth}.fsm"))
    }

    /// Whether the machine of `size` to `depth` has a file here (checked when it is opened).
    pub fn has_machine(&self, size: Size, depth: usize) -> bool {
        self.machine_path(size, depth).is_file()
    }

    /// The files here named `*.fsm`, sorted.
    pub fn machines(&self) -> Result<Vec<PathBuf>, PdbError> {
        self.files(|path| path.extension().is_some_and(|e| e == "fsm"))
    }

    /// Checks the machine file `path` completely (header, length, checksum, transitions) for
    /// the board and depth its name gives, and returns it (not kept for the process).
    ///
    /// ```
    /// let store = npuzzle_heuristic::pdb::Store::new("cache");
    /// assert!(store.verify_machine("cache/4x4-fsm.fsm".as_ref()).is_err());
    /// ```
    pub fn verify_machine(&self, path: &Path) -> Result<Fsm, PdbError> {
        let name = path.file_stem().unwrap_or_default().to_string_lossy();
        let named = name.split_once("-fsm-").and_then(|(size, depth)| {
            Some((size.parse::<Size>().ok()?, depth.parse::<usize>().ok()?))
        });
        let Some((size, depth)) = named else {
            return Err(PdbError::Mismatch {
                path: path.to_path_buf(),
                reason: "not named like a machine (SIZE-fsm-DEPTH.fsm)".to_string(),
            });
        };
        read(path, size, depth)
    }

    /// Removes the machine file of `size` to `depth` if there is one of ours (so that the next
    /// [`Store::machine`] builds it anew); a file there that is not a machine is left alone.
    pub fn remove_machine(&self, size: Size, depth: usize) -> Result<(), PdbError> {
        let path = self.machine_path(size, depth);
        if !fsm::is_machine_file(&path) {
            return Ok(());
        }
        std::fs::remove_file(&path).map_err(|e| PdbError::io(&path, e))
    }

    /// The move-pruning machine of `size` to `depth`, once per process: read from its file and
    /// checked, or built on every core (with `report` told why and how far) and saved when the
    /// file is missing, damaged, stale or for something else. A machine that cannot be saved is
    /// used from memory ([`Event::NotSaved`]).
    pub fn machine(
        &self,
        size: Size,
        depth: usize,
        report: &mut dyn FnMut(Event),
    ) -> Result<&'static Fsm, PdbError> {
        Fsm::shared(size, depth, || {
            let path = self.machine_path(size, depth);
            let reason = match read(&path, size, depth) {
                Ok(fsm) => return Ok(fsm),
                Err(PdbError::Missing(_)) => "not built yet".to_string(),
                Err(error) => make_room(&path, error, fsm::is_machine_file, "machine")?,
            };
            let cost = Cost::of_machine(size, depth);
            report(Event::BuildingMachine {
                depth,
                reason,
                cost,
            });
            let fsm = self.build_machine(size, depth, report)?;
            match save(&path, &fsm) {
                Ok(()) => report(Event::Saved {
                    path: &path,
                    capped: 0,
                }),
                Err(error) => report(Event::NotSaved { error: &error }),
            }
            Ok(fsm)
        })
    }
}

impl Store {
    /// Builds the machine on other threads, telling `report` how many squares are done.
    fn build_machine(
        &self,
        size: Size,
        depth: usize,
        report: &mut dyn FnMut(Event),
    ) -> Result<Fsm, PdbError> {
        let done = AtomicUsize::new(0);
        let cancelled = || {
            self.cancel
                .as_ref()
                .is_some_and(crate::Cancel::is_cancelled)
        };
        let built = std::thread::scope(|scope| {
            let build = scope.spawn(|| {
                Fsm::build_reporting(size, depth, &|n| {
                    done.store(n, Ordering::Relaxed);
                    !cancelled()
                })
            });
            let cells = size.cells() as u64;
            while !build.is_finished() {
                report(Event::Progress(done.load(Ordering::Relaxed) as u64, cells));
                std::thread::sleep(std::time::Duration::from_millis(100));
            }
            build.join()
        });
        match built {
            Ok(Ok(fsm)) => Ok(fsm),
            Ok(Err(BuildError::Stopped)) => Err(PdbError::Interrupted),
            Ok(Err(other)) => Err(PdbError::Pattern(other.to_string())),
            Err(panic) => std::panic::resume_unwind(panic),
        }
    }
}

/// Reads and checks the machine at `path`.
fn read(path: &Path, size: Size, depth: usize) -> Result<Fsm, PdbError> {
    let file = npuzzle_files::open_own(path).map_err(|e| PdbError::file(path, e))?;
    let length = file.metadata().map_err(|e| PdbError::io(path, e))?.len();
    if length > MOST_BYTES {
        return Err(PdbError::Damaged {
            path: path.to_path_buf(),
            reason: format!("{length} bytes, more than any machine takes"),
        });
    }
    let mut reader = std::io::BufReader::with_capacity(1 << 20, file);
    Fsm::read(&mut reader, length, size, depth).map_err(|refused| {
        let path = path.to_path_buf();
        match refused {
            Refused::Damaged(reason) => PdbError::Damaged { path, reason },
            Refused::Other(reason) => PdbError::Mismatch { path, reason },
        }
    })
}

fn save(path: &Path, fsm: &Fsm) -> Result<(), PdbError> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| PdbError::io(dir, e))?;
    }
    npuzzle_files::write_atomically(path, &fsm.to_bytes()).map_err(|e| PdbError::file(path, e))
}
