//! Why a pattern database cannot be chosen, built, stored or loaded.

use std::io;
use std::path::PathBuf;
use std::sync::Arc;

use thiserror::Error;

/// What went wrong with a pattern database, in the terms of the databases themselves.
///
/// ```
/// use npuzzle_heuristic::pdb::{PdbError, Store};
/// let store = Store::new(std::env::temp_dir().join("npuzzle-doc-no-such-folder"));
/// assert!(matches!(store.remove("x.pdb"), Err(PdbError::Missing(_))));
/// assert!("1,2/x".parse::<npuzzle_heuristic::pdb::Partition>().is_err());
/// ```
#[derive(Clone, Debug, Error)]
pub enum PdbError {
    /// A build stopped by its caller (Ctrl-C in Python); nothing was saved.
    #[error("building the pattern databases was interrupted; nothing was saved")]
    Interrupted,
    /// A partition that is not one: bad text, tiles missing or repeated, another board's name.
    #[error("{0}")]
    Partition(String),
    /// A pattern this board or this build cannot hold (tiles not on the board, too many cells,
    /// too many entries for the memory a build may take).
    #[error("{0}")]
    Pattern(String),
    /// Databases that would take longer to build, or more memory, than the caller's limits
    /// allow: they are not started.
    #[error(
        "building the {what} would take about {seconds:.0} s and {megabytes} MB, more than {limit} \
         allows: build them beforehand, once"
    )]
    TooCostly {
        /// Which databases (partition and board).
        what: String,
        /// Estimated seconds.
        seconds: f64,
        /// Estimated peak memory in MB.
        megabytes: u64,
        /// The limit that forbids it, as the user gave it.
        limit: String,
    },
    /// No folder was named and the user has no cache folder.
    #[error("no folder for pattern databases: name one")]
    NoFolder,
    /// No database file there.
    #[error("{0} does not exist")]
    Missing(PathBuf),
    /// Something that is not a regular file (a link, a folder, a FIFO, a device): never opened,
    /// never replaced.
    #[error("{0} is not a regular file: left as it is")]
    NotAFile(PathBuf),
    /// The file is shorter or longer than its header says, or is not a database.
    #[error("{path} is damaged: {reason}")]
    Damaged {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
    /// The file is for another board, goal, pattern or depth than its name or the caller says.
    #[error("{path} is not the file asked for: {reason}")]
    Mismatch {
        /// The file.
        path: PathBuf,
        /// What differs.
        reason: String,
    },
    /// A database failed a check of its own values while being built: a bug, reported rather
    /// than used.
    #[error("internal error: {0}")]
    Internal(String),
    /// Reading or writing failed.
    #[error("{path}: {error}")]
    Io {
        /// The file or folder.
        path: PathBuf,
        /// The error (shown in the message, so not a source of its own: a chain of causes
        /// would say it twice).
        error: Arc<io::Error>,
    },
}

impl PdbError {
    /// An I/O error on `path`.
    pub(crate) fn io(path: impl Into<PathBuf>, error: io::Error) -> PdbError {
        PdbError::Io {
            path: path.into(),
            error: Arc::new(error),
        }
    }

    /// The error of a file operation on `path`, in the databases' terms.
    pub(crate) fn file(path: &std::path::Path, error: npuzzle_files::FileError) -> PdbError {
        use npuzzle_files::FileError;
        match error {
            _ if error.is_missing() => PdbError::Missing(path.to_path_buf()),
            FileError::NotAFile { .. } => PdbError::NotAFile(path.to_path_buf()),
            FileError::Io { path, error } => PdbError::io(path, error),
            FileError::Interrupted { path } => {
                PdbError::io(path, io::ErrorKind::Interrupted.into())
            }
            FileError::TooLarge { path, .. } => PdbError::Damaged {
                path,
                reason: "it is longer than any database".to_string(),
            },
            FileError::NotText { path, .. } => PdbError::Damaged {
                path,
                reason: "it is not what a database holds".to_string(),
            },
        }
    }
}
