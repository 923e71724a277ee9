//! The files npuzzle reads and writes, by one set of rules for every front end:
//!
//! - **Written whole, and only over what is ours to replace.** [`write_atomically`] writes to a
//!   temporary file beside the target, syncs it and renames it into place, so a reader sees the
//!   old file or the new one, never a part. It writes only to a new path or over a regular file:
//!   a symbolic link, a FIFO, a device or a folder at the path is never replaced and never
//!   written through ([`FileError::NotAFile`]). A failed write is an error, never a success.
//! - **Temporaries carry a marker.** Their names end `.npuzzle-tmp-PID-N`
//!   ([`temporary_writer`] reads it back), so a clean-up can tell them from the user's files by
//!   more than a pattern a user's file could have.
//! - **Read with a cap.** [`read_named`] reads what the user named (any kind of file, a FIFO
//!   included) and [`read_own`] what the program chose itself (a regular file only, never a
//!   FIFO it did not ask for, never through a link); both stop at a size named in the error.
//! - **Never waited on for good.** A FIFO, a terminal or a device the user named is waited on
//!   a tenth of a second at a time; between waits the front end's check ([`stop_when`]: a
//!   signal in the command line, Ctrl-C in Python) can end the read ([`FileError::Interrupted`]).
//!
//! ```
//! use npuzzle_files::{read_own, write_atomically, FileError};
//! let dir = std::env::temp_dir().join(format!("npuzzle-files-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).unwrap();
//! let path = dir.join("saved.json");
//! write_atomically(&path, b"{}").unwrap();
//! assert_eq!(read_own(&path, 1 << 20).unwrap(), b"{}");
//! assert!(matches!(read_own(&path, 1), Err(FileError::TooLarge { .. })));
//! # #[cfg(unix)] {
//! std::os::unix::fs::symlink(&path, dir.join("link")).unwrap();
//! assert!(matches!(write_atomically(&dir.join("link"), b"x"), Err(FileError::NotAFile { .. })));
//! # }
//! std::fs::remove_dir_all(&dir).unwrap();
//! ```

use std::fs::{File, Metadata, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use thiserror::Error;

pub mod leased;

/// The most read whole from a data file the user names (instance files, files of answers,
/// DeepCubeA's test sets, a cluster's input and journal) on every surface: the largest real one
/// is a few MB; a file past it is refused, never read into memory without end.
pub const MAX_DATA_FILE: u64 = 256 << 20;

/// The front end's check that ends waits on files the user named (see [`stop_when`]).
static STOP: OnceLock<fn() -> bool> = OnceLock::new();

/// Sets, once per process, what ends a wait on a FIFO, a terminal or a device the user named:
/// the command line's "a signal came", Python's "Ctrl-C was pressed". Until it is set, such a
/// wait ends only when data comes (the signals keep their default, which ends the process).
///
/// ```
/// npuzzle_files::stop_when(|| false);
/// ```
pub fn stop_when(check: fn() -> bool) {
    let _ = STOP.set(check);
}

fn stop_asked() -> bool {
    STOP.get().is_some_and(|check| check())
}

/// Why a file could not be read or written.
#[derive(Debug, Error)]
pub enum FileError {
    /// Something other than a regular file is at the path: it is not replaced, not written
    /// through and (where the program chose the path) not read.
    #[error("{path} is {what}, not a regular file")]
    NotAFile {
        /// The path.
        path: PathBuf,
        /// What is there ("a symbolic link", "a FIFO", "a device", "a folder", …).
        what: &'static str,
    },
    /// The file holds more than the cap for its kind.
    #[error("{path} holds more than {}, the most read from such a file", size(*limit))]
    TooLarge {
        /// The path.
        path: PathBuf,
        /// The cap in bytes.
        limit: u64,
    },
    /// A file read as text holds a byte sequence that is not UTF-8.
    #[error("{path} is not UTF-8 text (byte {byte} is not)")]
    NotText {
        /// The path.
        path: PathBuf,
        /// The first byte (from 1) that is not.
        byte: usize,
    },
    /// A signal (or the front end's own check, see [`stop_when`]) ended a wait for the file.
    #[error("{path}: reading stopped by an interruption")]
    Interrupted {
        /// The path.
        path: PathBuf,
    },
    /// Reading or writing failed.
    #[error("{path}: {error}")]
    Io {
        /// The path.
        path: PathBuf,
        /// The error.
        error: io::Error,
    },
}

impl FileError {
    fn io(path: &Path, error: io::Error) -> FileError {
        FileError::Io {
            path: path.to_path_buf(),
            error,
        }
    }

    /// Whether the error says nothing is at the path.
    ///
    /// ```
    /// let missing = npuzzle_files::read_own("/nonexistent/npuzzle".as_ref(), 10).unwrap_err();
    /// assert!(missing.is_missing());
    /// ```
    pub fn is_missing(&self) -> bool {
        matches!(self, FileError::Io { error, .. } if error.kind() == io::ErrorKind::NotFound)
    }
}

/// `bytes` in words: `16 MiB`, `300 bytes`.
fn size(bytes: u64) -> String {
    match bytes {
        b if b >= 1 << 20 && b % (1 << 20) == 0 => format!("{} MiB", b >> 20),
        b if b >= 1 << 10 && b % (1 << 10) == 0 => format!("{} KiB", b >> 10),
        b => format!("{b} bytes"),
    }
}

/// What kind of thing `meta` describes, for errors; `None` for a regular file.
fn not_regular(meta: &Metadata) -> Option<&'static str> {
    let kind = meta.file_type();
    if kind.is_file() {
        return None;
    }
    if kind.is_symlink() {
        return Some("a symbolic link");
    }
    if kind.is_dir() {
        return Some("a folder");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return Some("a FIFO");
        }
        if kind.is_char_device() || kind.is_block_device() {
            return Some("a device");
        }
        if kind.is_socket() {
            return Some("a socket");
        }
    }
    Some("not a file")
}

/// Checks that `path` is free or a regular file (not followed if it is a link); the file's
/// metadata when there is one.
fn replaceable(path: &Path) -> Result<Option<Metadata>, FileError> {
    match std::fs::symlink_metadata(path) {
        Ok(meta) => match not_regular(&meta) {
            Some(what) => Err(FileError::NotAFile {
                path: path.to_path_buf(),
                what,
            }),
            None => Ok(Some(meta)),
        },
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(FileError::io(path, e)),
    }
}

/// The marker in every temporary file's name.
const MARKER: &str = ".npuzzle-tmp-";

/// The temporary file number `n` of process `pid` for `path`: `NAME.npuzzle-tmp-PID-N` beside it.
///
/// ```
/// use std::path::Path;
/// let temporary = npuzzle_files::temporary(Path::new("cache/a.pdb"), 42, 0);
/// assert_eq!(temporary, Path::new("cache/a.pdb.npuzzle-tmp-42-0"));
/// assert_eq!(npuzzle_files::temporary_writer(&temporary), Some(42));
/// ```
pub fn temporary(path: &Path, pid: u32, n: u32) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(format!("{MARKER}{pid}-{n}"));
    PathBuf::from(name)
}

/// The process that wrote the temporary file `path`, when its name carries the marker of
/// [`temporary`]; `None` for every other name (`thesis.tmp999` included).
///
/// ```
/// use std::path::Path;
/// assert_eq!(npuzzle_files::temporary_writer(Path::new("backup.tmp4000000")), None);
/// assert_eq!(npuzzle_files::temporary_writer(Path::new("x.npuzzle-tmp-7-x")), None);
/// ```
pub fn temporary_writer(path: &Path) -> Option<u32> {
    let name = path.file_name()?.to_str()?;
    let (_, tail) = name.rsplit_once(MARKER)?;
    let (pid, n) = tail.split_once('-')?;
    n.parse::<u32>().ok()?;
    pid.parse().ok()
}

/// Sets the file at `path` aside, renamed `NAME.WHY-SECONDS` (`NAME.WHY-SECONDS-N` when that is
/// taken), so that nothing is lost when a file the program cannot use must make room: a damaged
/// records file, a refused journal, a file in the cache that is not a database of ours. The new
/// name, or `None` when there was no file.
///
/// ```
/// let dir = std::env::temp_dir().join(format!("aside-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let file = dir.join("a.journal");
/// std::fs::write(&file, "mine").unwrap();
/// let aside = npuzzle_files::set_aside(&file, "refused").unwrap().unwrap();
/// assert!(aside.to_str().unwrap().contains("a.journal.refused-"));
/// assert_eq!((file.exists(), std::fs::read_to_string(&aside).unwrap()), (false, "mine".into()));
/// assert_eq!(npuzzle_files::set_aside(&file, "refused").unwrap(), None);
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn set_aside(path: &Path, why: &str) -> io::Result<Option<PathBuf>> {
    if std::fs::symlink_metadata(path).is_err() {
        return Ok(None);
    }
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let named = |n: u32| {
        let mut name = path.as_os_str().to_owned();
        match n {
            0 => name.push(format!(".{why}-{seconds}")),
            n => name.push(format!(".{why}-{seconds}-{n}")),
        }
        PathBuf::from(name)
    };
    let aside = (0..1000)
        .map(named)
        .find(|p| std::fs::symlink_metadata(p).is_err())
        .ok_or_else(|| io::Error::other("no free name to set the file aside under"))?;
    std::fs::rename(path, &aside)?;
    Ok(Some(aside))
}

/// Writes `bytes` to `path` whole (see the crate's rules): beside it, synced, renamed into place.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), FileError> {
    write_with(path, |file| file.write_all(bytes))
}

/// Like [`write_atomically`], with `write` filling the temporary file (for large contents
/// written in pieces). The temporary file is removed when anything fails.
pub fn write_with(
    path: &Path,
    write: impl FnOnce(&mut File) -> io::Result<()>,
) -> Result<(), FileError> {
    let before = replaceable(path)?;
    let (temporary, mut file) = create_temporary(path)?;
    let written = write(&mut file)
        // A file replaced keeps who may read it.
        .and_then(|()| match &before {
            Some(meta) => file.set_permissions(meta.permissions()),
            None => Ok(()),
        })
        .and_then(|()| file.sync_all())
        .map_err(|e| FileError::io(path, e))
        // The path is checked again just before the rename: what appeared meanwhile is kept.
        .and_then(|()| replaceable(path))
        .and_then(|_| std::fs::rename(&temporary, path).map_err(|e| FileError::io(path, e)));
    drop(file);
    if written.is_err() {
        let _ = std::fs::remove_file(&temporary);
        return written;
    }
    // The rename itself is made durable where the platform allows (a folder opens on Unix).
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        let _ = File::open(dir).and_then(|d| d.sync_all());
    }
    Ok(())
}

/// Creates a new temporary file for `path` (never opening one that is there already).
fn create_temporary(path: &Path) -> Result<(PathBuf, File), FileError> {
    let pid = std::process::id();
    for n in 0..1000 {
        let temporary = temporary(path, pid, n);
        match OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temporary)
        {
            Ok(file) => return Ok((temporary, file)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            // Named for the file asked for: the temporary is a detail.
            Err(e) => return Err(FileError::io(path, e)),
        }
    }
    Err(FileError::io(
        path,
        io::Error::new(
            io::ErrorKind::AlreadyExists,
            "no free name for a temporary file beside it",
        ),
    ))
}

/// Opens `path` for reading if it is a regular file, without following a symbolic link and
/// without blocking on a FIFO (for files the program chose, such as its records or databases).
pub fn open_own(path: &Path) -> Result<File, FileError> {
    checked_open(own_options().read(true), path)
}

/// Creates (or empties) the regular file at `path` for writing as it goes, such as a log: a new
/// path or a regular file only, never through a link, never a FIFO or a device.
///
/// ```
/// use std::io::Write;
/// let path = std::env::temp_dir().join(format!("npuzzle-create-doc-{}", std::process::id()));
/// npuzzle_files::create(&path).unwrap().write_all(b"moves\n").unwrap();
/// assert!(npuzzle_files::create("/dev/null".as_ref()).is_err());
/// std::fs::remove_file(&path).unwrap();
/// ```
pub fn create(path: &Path) -> Result<File, FileError> {
    checked_open(own_options().create(true).truncate(true).write(true), path)
}

/// Holds an exclusive lock on the file at `path` (created if missing) until the file is
/// dropped: for files that only say "one at a time" (`records.json.lock`). Like [`open_own`],
/// it opens only a regular file, never through a link, and never blocks on a FIFO.
///
/// ```
/// let path = std::env::temp_dir().join(format!("npuzzle-lock-doc-{}", std::process::id()));
/// let lock = npuzzle_files::lock(&path).unwrap();
/// drop(lock);
/// std::fs::remove_file(&path).unwrap();
/// ```
pub fn lock(path: &Path) -> Result<File, FileError> {
    let file = checked_open(own_options().create(true).truncate(false).write(true), path)?;
    file.lock().map_err(|e| FileError::io(path, e))?;
    Ok(file)
}

/// Options that never follow a link nor block on a FIFO (on Unix; elsewhere [`checked_open`]
/// looks at the path first).
fn own_options() -> OpenOptions {
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        let mut options = OpenOptions::new();
        options.custom_flags(libc::O_NONBLOCK | libc::O_NOFOLLOW);
        options
    }
    #[cfg(not(unix))]
    OpenOptions::new()
}

/// Opens `path` with `options` if it is a regular file (the options keep links and FIFOs from
/// being followed or blocking, see [`open_own`]).
fn checked_open(options: &OpenOptions, path: &Path) -> Result<File, FileError> {
    // Without O_NOFOLLOW (off Unix) the link is seen here first.
    replaceable(path)?;
    let file = options.open(path).map_err(|e| match e.raw_os_error() {
        #[cfg(unix)]
        Some(libc::ELOOP) => FileError::NotAFile {
            path: path.to_path_buf(),
            what: "a symbolic link",
        },
        _ => FileError::io(path, e),
    })?;
    let meta = file.metadata().map_err(|e| FileError::io(path, e))?;
    match not_regular(&meta) {
        Some(what) => Err(FileError::NotAFile {
            path: path.to_path_buf(),
            what,
        }),
        None => Ok(file),
    }
}

/// Reads a file the program chose itself (see [`open_own`]), at most `limit` bytes.
pub fn read_own(path: &Path, limit: u64) -> Result<Vec<u8>, FileError> {
    read_capped(open_own(path)?, path, limit)
}

/// Reads a file the user named (whatever it is: a FIFO or `/dev/stdin` too), at most `limit`
/// bytes; a wait for data ends when [`stop_when`]'s check says so.
///
/// ```
/// let endless = npuzzle_files::read_named("/dev/zero".as_ref(), 1 << 20);
/// # #[cfg(unix)]
/// assert!(endless.unwrap_err().to_string().contains("more than 1 MiB"));
/// ```
pub fn read_named(path: &Path, limit: u64) -> Result<Vec<u8>, FileError> {
    let named = open_named(path)?;
    read_capped(named, path, limit)
}

/// The text of a file the user named (see [`read_named`]), without a leading byte-order mark.
///
/// ```
/// let text = npuzzle_files::read_named_text("Cargo.toml".as_ref(), 1 << 20).unwrap();
/// assert!(text.starts_with("[package]"));
/// ```
pub fn read_named_text(path: &Path, limit: u64) -> Result<String, FileError> {
    let text = String::from_utf8(read_named(path, limit)?).map_err(|e| FileError::NotText {
        path: path.to_path_buf(),
        byte: e.utf8_error().valid_up_to() + 1,
    })?;
    Ok(match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    })
}

/// A file the user named, open for reading: a regular file is read as it is; a FIFO, a
/// terminal or a device is waited on a tenth of a second at a time, and a wait ends with an
/// error when [`stop_when`]'s check says so. Opening never blocks (a FIFO without a writer
/// yet is waited on in the same way, when read).
pub struct NamedFile {
    file: File,
    path: PathBuf,
    waits: bool,
}

/// Opens a file the user named for reading (see [`NamedFile`]); a folder is refused.
///
/// ```
/// use std::io::Read;
/// let mut text = String::new();
/// npuzzle_files::open_named("Cargo.toml".as_ref()).unwrap().read_to_string(&mut text).unwrap();
/// assert!(npuzzle_files::open_named("/".as_ref()).is_err());
/// ```
pub fn open_named(path: &Path) -> Result<NamedFile, FileError> {
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path).map_err(|e| FileError::io(path, e))?;
    let meta = file.metadata().map_err(|e| FileError::io(path, e))?;
    if meta.is_dir() {
        return Err(FileError::NotAFile {
            path: path.to_path_buf(),
            what: "a folder",
        });
    }
    Ok(NamedFile {
        waits: !meta.is_file(),
        file,
        path: path.to_path_buf(),
    })
}

impl NamedFile {
    /// The path it was opened by.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// The error a [`NamedFile`] read returns when a wait was stopped.
#[derive(Debug)]
struct Stopped;

impl std::fmt::Display for Stopped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("reading stopped by an interruption")
    }
}

impl std::error::Error for Stopped {}

/// Whether `error` is a [`NamedFile`]'s stopped wait.
///
/// ```
/// assert!(!npuzzle_files::is_stopped(&std::io::Error::other("full")));
/// ```
pub fn is_stopped(error: &io::Error) -> bool {
    error.get_ref().is_some_and(|inner| inner.is::<Stopped>())
}

impl Read for NamedFile {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            if self.waits {
                wait_readable(&self.file)?;
            }
            match self.file.read(buf) {
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => continue,
                other => return other,
            }
        }
    }
}

/// Waits until `file` can be read (data, its end or an error), a tenth of a second at a time,
/// looking at [`stop_when`]'s check between waits.
#[cfg(unix)]
fn wait_readable(file: &File) -> io::Result<()> {
    use rustix::event::{PollFd, PollFlags, Timespec, poll};
    let tenth = Timespec {
        tv_sec: 0,
        tv_nsec: 100_000_000,
    };
    loop {
        if stop_asked() {
            return Err(io::Error::other(Stopped));
        }
        let mut fds = [PollFd::new(file, PollFlags::IN)];
        match poll(&mut fds, Some(&tenth)) {
            Ok(0) => continue,
            Ok(_) => return Ok(()),
            Err(rustix::io::Errno::INTR) => continue,
            Err(error) => return Err(error.into()),
        }
    }
}

#[cfg(not(unix))]
fn wait_readable(_file: &File) -> io::Result<()> {
    match stop_asked() {
        true => Err(io::Error::other(Stopped)),
        false => Ok(()),
    }
}

fn read_capped(file: impl Read, path: &Path, limit: u64) -> Result<Vec<u8>, FileError> {
    let mut bytes = Vec::new();
    file.take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| match is_stopped(&e) {
            true => FileError::Interrupted {
                path: path.to_path_buf(),
            },
            false => FileError::io(path, e),
        })?;
    if bytes.len() as u64 > limit {
        return Err(FileError::TooLarge {
            path: path.to_path_buf(),
            limit,
        });
    }
    Ok(bytes)
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    fn folder(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("npuzzle-files-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// A link, a FIFO and a device are never replaced nor written through; a regular file is
    /// replaced whole; no temporary is left behind.
    #[test]
    fn only_regular_files_are_replaced() {
        let dir = folder("replace");
        let target = dir.join("target");
        std::fs::write(&target, "theirs").unwrap();
        let link = dir.join("link");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        let error = write_atomically(&link, b"ours").unwrap_err();
        assert!(error.to_string().contains("a symbolic link"), "{error}");
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "theirs");
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        let error = write_atomically(Path::new("/dev/null"), b"x").unwrap_err();
        assert!(error.to_string().contains("a device"), "{error}");
        let error = write_atomically(&dir, b"x").unwrap_err();
        assert!(error.to_string().contains("a folder"), "{error}");
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o600)).unwrap();
        write_atomically(&target, b"ours").unwrap();
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "ours");
        let mode = std::fs::metadata(&target).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600, "a file replaced keeps its permissions");
        let error = write_atomically(&dir.join("none/x"), b"x").unwrap_err();
        assert!(
            error
                .to_string()
                .starts_with(&format!("{}", dir.join("none/x").display()))
        );
        let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
        assert_eq!(left.len(), 2);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A temporary name taken by someone else's file is skipped, not truncated.
    #[test]
    fn a_file_with_the_temporary_name_is_kept() {
        let dir = folder("taken");
        let path = dir.join("saved");
        let taken = temporary(&path, std::process::id(), 0);
        std::fs::write(&taken, "keep").unwrap();
        write_atomically(&path, b"new").unwrap();
        assert_eq!(std::fs::read_to_string(&taken).unwrap(), "keep");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A FIFO the user named is read when its writer comes, and a wait with no writer ends
    /// when the front end's check says so, instead of blocking for good.
    #[test]
    fn a_named_fifo_is_read_or_given_up() {
        use std::sync::atomic::{AtomicBool, Ordering};
        static STOPPED: AtomicBool = AtomicBool::new(false);
        stop_when(|| STOPPED.load(Ordering::SeqCst));
        let dir = folder("fifo");
        let fifo = dir.join("model");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        assert!(made.is_ok_and(|s| s.success()));
        let writer = {
            let fifo = fifo.clone();
            std::thread::spawn(move || {
                std::thread::sleep(std::time::Duration::from_millis(150));
                std::fs::write(&fifo, b"late but whole").unwrap();
            })
        };
        assert_eq!(read_named(&fifo, 100).unwrap(), b"late but whole");
        writer.join().unwrap();
        let stopper = std::thread::spawn(|| {
            std::thread::sleep(std::time::Duration::from_millis(150));
            STOPPED.store(true, Ordering::SeqCst);
        });
        let error = read_named(&fifo, 100).unwrap_err();
        assert!(matches!(error, FileError::Interrupted { .. }), "{error}");
        stopper.join().unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// What the program chose is read only if it is a regular file: a FIFO does not block.
    #[test]
    fn own_files_are_regular_files_only() {
        let dir = folder("own");
        let fifo = dir.join("records.json");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            let error = read_own(&fifo, 100).unwrap_err();
            assert!(error.to_string().contains("a FIFO"), "{error}");
        }
        let link = dir.join("link");
        std::os::unix::fs::symlink("/etc/hostname", &link).unwrap();
        assert!(matches!(
            read_own(&link, 100),
            Err(FileError::NotAFile { .. })
        ));
        assert!(read_own(&dir.join("none"), 100).unwrap_err().is_missing());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
