//! Local statistics: every finished game per board size (see [`npuzzle_game::records`]),
//! kept in the user's data directory, safe from damage and from games finishing at once.

use std::fs::File;
use std::path::{Path, PathBuf};

use anyhow::Context;
use npuzzle_game::records::{self, whole_records};
pub use npuzzle_game::{Record, Statistics};

/// The file of records.
pub struct Records {
    path: PathBuf,
    /// Every record, oldest first.
    pub all: Vec<Record>,
    /// What opening found wrong and mended (a damaged file), to tell the player once.
    pub notice: Option<String>,
}

/// The records file's name in the data directory; beside it `records.json.bak` (the version
/// before the last save) and `records.json.lock` (held while a game is added).
const FILE: &str = "records.json";

impl Records {
    /// The data directory: `$NPUZZLE_DATA_DIR`, else the platform's (XDG on Linux).
    pub fn default_dir() -> Option<PathBuf> {
        std::env::var_os("NPUZZLE_DATA_DIR")
            .map(PathBuf::from)
            .or_else(|| {
                directories::ProjectDirs::from("", "", "npuzzle")
                    .map(|d| d.data_dir().to_path_buf())
            })
    }

    /// The folder of the records: `given` (`--data-dir`), else [`Records::default_dir`].
    pub fn dir(given: Option<&Path>) -> anyhow::Result<PathBuf> {
        given
            .map(Path::to_path_buf)
            .or_else(Records::default_dir)
            .context("no data directory: give --data-dir")
    }

    /// Opens the records in `dir` (none yet is an empty list). A damaged file (empty, cut
    /// short, edited by hand) does not stop anything: every whole record is read back from it or
    /// from the backup, whichever holds more, the damaged file is kept beside it, and
    /// [`Records::notice`] says what happened.
    pub fn open(dir: &Path) -> anyhow::Result<Records> {
        let path = dir.join(FILE);
        let (all, notice) = read(&path)?;
        if notice.is_some() {
            // What was recovered is the file from now on.
            let _lock = lock(&path)?;
            save(&path, &all)?;
        }
        Ok(Records { path, all, notice })
    }

    /// Adds a record and saves the file. Several games may finish at once: under a lock, the
    /// file is read again, the record appended, the old file kept as the backup, and the new
    /// one written beside it and renamed into place, so no finished game is lost.
    pub fn add(&mut self, record: Record) -> anyhow::Result<()> {
        let _lock = lock(&self.path)?;
        let (mut all, notice) = read(&self.path)?;
        all.push(record);
        // The backup is the version before this save; one that cannot be written (a link in its
        // place, say) loses no game: the records are saved and the problem reported after.
        let backup = match bytes(&self.path)? {
            Some(Ok(before)) if notice.is_none() => {
                crate::files::write_atomically(&self.path.with_extension("json.bak"), &before).err()
            }
            _ => None,
        };
        save(&self.path, &all)?;
        self.all = all;
        self.notice = self.notice.take().or(notice);
        match backup {
            Some(error) => Err(error.context("the game is recorded, but not the backup")),
            None => Ok(()),
        }
    }

    /// The summary of one size.
    pub fn summary(&self, size: &str) -> Statistics {
        Statistics::of(&self.all, size)
    }

    /// The sizes played, in order of first appearance.
    pub fn sizes(&self) -> Vec<String> {
        records::sizes(&self.all)
    }
}

/// Holds the lock beside the records at `path` (creating their folder) until dropped.
fn lock(path: &Path) -> anyhow::Result<File> {
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    Ok(npuzzle_files::lock(&path.with_extension("json.lock"))?)
}

/// Writes `all` to `path`, whole (see [`crate::files::write_atomically`]).
fn save(path: &Path, all: &[Record]) -> anyhow::Result<()> {
    crate::files::write_atomically(path, serde_json::to_string_pretty(all)?.as_bytes())
}

/// The most read from a records file (a game with its replay takes a few hundred bytes).
const MAX_RECORDS: u64 = 256 << 20;

/// The bytes of the records file at `path` (`None` when there is none yet; `Some(Err(why))`
/// when it is over the cap, which is damage like any other). Only a regular file is read: a
/// FIFO, a device or a link in its place is an error, never waited on or followed.
fn bytes(path: &Path) -> anyhow::Result<Option<Result<Vec<u8>, String>>> {
    match npuzzle_files::read_own(path, MAX_RECORDS) {
        Ok(bytes) => Ok(Some(Ok(bytes))),
        Err(e) if e.is_missing() => Ok(None),
        Err(npuzzle_files::FileError::TooLarge { limit, .. }) => Ok(Some(Err(format!(
            "it holds more than the {} MiB a records file may",
            limit >> 20
        )))),
        Err(e) => Err(e).context("the records cannot be read"),
    }
}

/// The records at `path`: all of them, or when the file is damaged (cut short, edited, a bad
/// byte, over the cap), every whole record that can be recovered and a notice saying so (the
/// damaged file is renamed `records.json.damaged-SECONDS`).
fn read(path: &Path) -> anyhow::Result<(Vec<Record>, Option<String>)> {
    let Some(read) = bytes(path)? else {
        return Ok((Vec::new(), None));
    };
    let (error, salvaged) = match read {
        Ok(bytes) => match std::str::from_utf8(&bytes) {
            Ok(text) => match serde_json::from_str::<Vec<Record>>(text) {
                Ok(all) => match records::first_unbelievable(&all) {
                    None => return Ok((all, None)),
                    // The records that can be believed are kept; the file, whole, is set aside.
                    Some(why) => (why, all.into_iter().filter(|r| r.check().is_ok()).collect()),
                },
                Err(error) => (error.to_string(), whole_records(text)),
            },
            Err(error) => (
                format!("byte {} is not UTF-8 text", error.valid_up_to() + 1),
                whole_records(&String::from_utf8_lossy(&bytes)),
            ),
        },
        // Nothing of it is read: it is kept aside whole.
        Err(too_large) => (too_large, Vec::new()),
    };
    let backup = npuzzle_files::read_own(&path.with_extension("json.bak"), MAX_RECORDS)
        .ok()
        .and_then(|bytes| serde_json::from_slice::<Vec<Record>>(&bytes).ok())
        .unwrap_or_default();
    let (all, source) = if backup.len() > salvaged.len() {
        (backup, "the backup")
    } else {
        (salvaged, "the damaged file")
    };
    let damaged = npuzzle_files::set_aside(path, "damaged")
        .with_context(|| format!("moving the damaged {} away", path.display()))?
        .context("the damaged records vanished before they could be kept")?;
    let notice = format!(
        "{} was damaged ({error}): {} games recovered from {source}; the damaged file is kept as {}",
        path.display(),
        all.len(),
        damaged.display()
    );
    Ok((all, Some(notice)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use npuzzle_core::Size;
    use npuzzle_game::Summary as GameSummary;

    fn folder(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("npuzzle-records-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    fn game(stm: usize) -> Record {
        Record::new(
            Size::square(3).unwrap(),
            GameSummary {
                stm,
                mtm: stm,
                milliseconds: 1000 * stm as u64,
                assisted: false,
                timed: true,
            },
            None,
            None,
            0,
        )
    }

    /// Games finishing at once each add their record: none is lost.
    /// A records file over the cap is damage: kept aside whole, and recording goes on.
    #[test]
    fn records_over_the_cap_are_kept_aside() {
        let dir = folder("huge");
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(FILE);
        // Sparse: no disk is used for it.
        std::fs::File::create(&path)
            .unwrap()
            .set_len(MAX_RECORDS + 1)
            .unwrap();
        let mut records = Records::open(&dir).unwrap();
        let notice = records.notice.clone().unwrap();
        assert!(notice.contains("more than the 256 MiB"), "{notice}");
        records.add(game(9)).unwrap();
        assert_eq!(Records::open(&dir).unwrap().all.len(), 1);
        let aside: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.to_string_lossy().contains("damaged"))
            .collect();
        assert_eq!(aside.len(), 1);
        assert_eq!(std::fs::metadata(&aside[0]).unwrap().len(), MAX_RECORDS + 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn games_finishing_at_once_are_all_kept() {
        let dir = folder("together");
        let threads: Vec<_> = (1..=8)
            .map(|stm| {
                let dir = dir.clone();
                std::thread::spawn(move || {
                    let mut records = Records::open(&dir).unwrap();
                    records.add(game(stm)).unwrap();
                })
            })
            .collect();
        for thread in threads {
            thread.join().unwrap();
        }
        let mut kept: Vec<usize> = Records::open(&dir)
            .unwrap()
            .all
            .iter()
            .map(|r| r.stm)
            .collect();
        kept.sort_unstable();
        assert_eq!(kept, (1..=8).collect::<Vec<_>>());
        // Two sessions opened before either finished: both games are kept.
        let (mut first, mut second) = (Records::open(&dir).unwrap(), Records::open(&dir).unwrap());
        first.add(game(20)).unwrap();
        second.add(game(21)).unwrap();
        assert_eq!(Records::open(&dir).unwrap().all.len(), 10);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A file cut short or emptied gives back every whole record (or the backup's), keeps the
    /// damaged file, says so, and recording goes on.
    #[test]
    fn a_damaged_file_is_recovered_and_recording_goes_on() {
        let dir = folder("damaged");
        let mut records = Records::open(&dir).unwrap();
        for stm in 1..=3 {
            records.add(game(stm)).unwrap();
        }
        let path = dir.join(FILE);
        let text = std::fs::read_to_string(&path).unwrap();
        let cut = text.rfind("\"stm\"").unwrap();
        std::fs::write(&path, &text[..cut]).unwrap();
        let mut records = Records::open(&dir).unwrap();
        assert_eq!(records.all.len(), 2);
        let notice = records.notice.clone().unwrap();
        assert!(notice.contains("2 games recovered"), "{notice}");
        let kept = std::fs::read_dir(&dir)
            .unwrap()
            .filter(|e| {
                e.as_ref()
                    .unwrap()
                    .file_name()
                    .to_string_lossy()
                    .contains("damaged")
            })
            .count();
        assert_eq!(kept, 1);
        records.add(game(4)).unwrap();
        assert_eq!(Records::open(&dir).unwrap().all.len(), 3);
        // One bad byte: every whole record is still read, and recording goes on.
        let text = std::fs::read(&path).unwrap();
        let mut bad = text.clone();
        let at = bad.len() / 2;
        bad[at] = 0xff;
        std::fs::write(&path, &bad).unwrap();
        let mut records = Records::open(&dir).unwrap();
        assert!(records.all.len() >= 2, "{}", records.all.len());
        assert!(records.notice.clone().unwrap().contains("not UTF-8"));
        records.add(game(5)).unwrap();
        std::fs::write(&path, &text).unwrap();
        // Emptied: the backup (the version before the last save) holds more.
        std::fs::write(&path, "").unwrap();
        let records = Records::open(&dir).unwrap();
        assert_eq!(records.all.len(), 2);
        assert!(records.notice.unwrap().contains("from the backup"));
        // A link in place of the backup is left alone, and the game is still recorded.
        #[cfg(unix)]
        {
            let backup = path.with_extension("json.bak");
            std::fs::remove_file(&backup).unwrap();
            std::os::unix::fs::symlink("/nonexistent", &backup).unwrap();
            let before = Records::open(&dir).unwrap().all.len();
            let mut records = Records::open(&dir).unwrap();
            let error = records.add(game(6)).unwrap_err();
            assert!(format!("{error:#}").contains("not the backup"), "{error:#}");
            assert_eq!(Records::open(&dir).unwrap().all.len(), before + 1);
            assert!(
                std::fs::symlink_metadata(&backup)
                    .unwrap()
                    .file_type()
                    .is_symlink()
            );
            std::fs::remove_file(&backup).unwrap();
            records.add(game(7)).unwrap();
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
