//! The databases this process has open, by file: a database asked for again (by a solver of
//! other settings, another batch, the heuristic on its own) is handed out again, sharing the
//! same memory, not read a second time. They are held weakly: a database no one uses any more
//! is freed, and the record of it goes at the next opening.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use hashbrown::HashMap;

use super::database::{PatternDb, WeakDb};

fn opened() -> std::sync::MutexGuard<'static, HashMap<PathBuf, WeakDb>> {
    static OPENED: OnceLock<Mutex<HashMap<PathBuf, WeakDb>>> = OnceLock::new();
    OPENED
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn key(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf())
}

/// The database of the file at `path` if this process has it open.
pub(super) fn get(path: &Path) -> Option<PatternDb> {
    opened().get(&key(path)).and_then(WeakDb::upgrade)
}

/// Records that `db` is the database of the file at `path` (read or built): later openings of
/// that file share it. Records of databases no longer held are dropped.
pub(super) fn keep(path: &Path, db: &PatternDb) {
    let mut opened = opened();
    opened.retain(|_, weak| weak.upgrade().is_some());
    opened.insert(key(path), db.downgrade());
}

/// Forgets the file at `path` (its database was built anew).
pub(super) fn forget(path: &Path) {
    opened().remove(&key(path));
}
