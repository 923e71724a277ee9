//! Pattern-database files: a versioned header with the board, goal, pattern and a checksum,
//! then the entries packed two a byte (see [`super::PatternDb`]). Written to a temporary file and renamed into place (two builders
//! never leave a broken file); read through a memory map.

use std::fs::File;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use thiserror::Error;

use super::database::PatternDb;
use super::pattern::Pattern;
use crate::puzzle::Puzzle;

const MAGIC: &[u8; 8] = b"NPUZZPDB";
/// The file format's version; files of another version are rebuilt.
pub const FORMAT_VERSION: u32 = 2;

/// Why a database file cannot be used.
#[derive(Debug, Error)]
pub enum StorageError {
    /// No file there.
    #[error("{0} does not exist")]
    Missing(PathBuf),
    /// The file is shorter or longer than its header says, or is not a database.
    #[error("{path} is damaged: {reason}")]
    Damaged {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
    /// The file is for another board, goal or pattern.
    #[error("{path} holds another database: {reason}")]
    Mismatch {
        /// The file.
        path: PathBuf,
        /// What differs.
        reason: String,
    },
    /// Reading or writing failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The error.
        source: io::Error,
    },
}

/// What a file's header says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// Board width.
    pub width: u32,
    /// Board height.
    pub height: u32,
    /// The goal, row-major.
    pub goal: Vec<u8>,
    /// The pattern's tiles.
    pub tiles: Vec<u8>,
    /// Entries (placements), stored two a byte.
    pub entries: u64,
    /// CRC-32 of the entries.
    pub checksum: u32,
}

impl Header {
    fn for_pattern(puzzle: &Puzzle, pattern: &Pattern, entries: &[u8]) -> Header {
        Header {
            width: puzzle.size().width() as u32,
            height: puzzle.size().height() as u32,
            goal: puzzle.goal_cells().to_vec(),
            tiles: pattern.tiles().to_vec(),
            entries: pattern.placements(),
            checksum: crc32fast::hash(entries),
        }
    }

    fn bytes(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        for word in [FORMAT_VERSION, self.width, self.height] {
            out.extend(word.to_le_bytes());
        }
        out.extend((self.goal.len() as u32).to_le_bytes());
        out.extend(&self.goal);
        out.extend((self.tiles.len() as u32).to_le_bytes());
        out.extend(&self.tiles);
        out.extend(self.entries.to_le_bytes());
        out.extend(self.checksum.to_le_bytes());
        out
    }

    /// Reads a header; returns it and its length in bytes.
    fn parse(bytes: &[u8], path: &Path) -> Result<(Header, usize), StorageError> {
        let damaged = |reason: &str| StorageError::Damaged {
            path: path.to_path_buf(),
            reason: reason.to_string(),
        };
        let mut at = 0usize;
        let mut take = |n: usize| -> Result<&[u8], StorageError> {
            let slice = bytes
                .get(at..at + n)
                .ok_or_else(|| damaged("the header is cut short"))?;
            at += n;
            Ok(slice)
        };
        if take(8)? != MAGIC {
            return Err(damaged("it is not an npuzzle pattern database"));
        }
        let version = u32::from_le_bytes(take(4)?.try_into().unwrap_or_default());
        if version != FORMAT_VERSION {
            return Err(damaged(&format!(
                "format version {version}, expected {FORMAT_VERSION}"
            )));
        }
        let width = u32::from_le_bytes(take(4)?.try_into().unwrap_or_default());
        let height = u32::from_le_bytes(take(4)?.try_into().unwrap_or_default());
        let goal_len = u32::from_le_bytes(take(4)?.try_into().unwrap_or_default()) as usize;
        if goal_len > 64 {
            return Err(damaged("the goal is too long"));
        }
        let goal = take(goal_len)?.to_vec();
        let tiles_len = u32::from_le_bytes(take(4)?.try_into().unwrap_or_default()) as usize;
        if tiles_len > 64 {
            return Err(damaged("the pattern is too long"));
        }
        let tiles = take(tiles_len)?.to_vec();
        let entries = u64::from_le_bytes(take(8)?.try_into().unwrap_or_default());
        let checksum = u32::from_le_bytes(take(4)?.try_into().unwrap_or_default());
        let header = Header {
            width,
            height,
            goal,
            tiles,
            entries,
            checksum,
        };
        Ok((header, at))
    }
}

/// Writes a database's packed entries (see [`super::pack`]) to `path`: to a temporary file
/// beside it, then renamed into place.
pub fn save(
    path: &Path,
    puzzle: &Puzzle,
    pattern: &Pattern,
    entries: &[u8],
) -> Result<(), StorageError> {
    let io = |source| StorageError::Io {
        path: path.to_path_buf(),
        source,
    };
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(io)?;
    }
    let temporary = path.with_extension(format!("tmp{}", std::process::id()));
    let written = (|| {
        let mut file = io::BufWriter::new(File::create(&temporary)?);
        file.write_all(&Header::for_pattern(puzzle, pattern, entries).bytes())?;
        file.write_all(entries)?;
        file.into_inner()
            .map_err(io::IntoInnerError::into_error)?
            .sync_all()
    })();
    if let Err(error) = written {
        let _ = std::fs::remove_file(&temporary);
        return Err(io(error));
    }
    std::fs::rename(&temporary, path).map_err(io)
}

/// The header of the database at `path`.
pub fn header(path: &Path) -> Result<Header, StorageError> {
    let mut file = open(path)?;
    let mut start = vec![0u8; 256];
    let read = file.read(&mut start).map_err(|source| StorageError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    Ok(Header::parse(&start[..read], path)?.0)
}

fn open(path: &Path) -> Result<File, StorageError> {
    File::open(path).map_err(|source| match source.kind() {
        io::ErrorKind::NotFound => StorageError::Missing(path.to_path_buf()),
        _ => StorageError::Io {
            path: path.to_path_buf(),
            source,
        },
    })
}

/// The entries of a mapped file.
struct Mapped {
    #[cfg(not(target_arch = "wasm32"))]
    map: memmap2::Mmap,
    #[cfg(target_arch = "wasm32")]
    map: Vec<u8>,
    offset: usize,
}

impl AsRef<[u8]> for Mapped {
    fn as_ref(&self) -> &[u8] {
        &self.map[self.offset..]
    }
}

/// Maps `file` into memory.
///
/// Safety: a memory map is undefined behaviour if the file changes underneath it. Database files
/// are never modified in place: they are written to a temporary file and renamed over the old
/// one, which leaves an existing map on the old contents.
#[cfg(not(target_arch = "wasm32"))]
#[allow(unsafe_code)]
fn map(file: &File) -> io::Result<memmap2::Mmap> {
    // SAFETY: see above; files are replaced by rename, never written in place.
    unsafe { memmap2::Mmap::map(file) }
}

#[cfg(target_arch = "wasm32")]
fn map(file: &File) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    (&*file).read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// Loads the database of `pattern` for `puzzle` from `path`, checking that the file is whole,
/// matches the board, goal and pattern, and that its checksum holds.
pub fn load(path: &Path, puzzle: &Puzzle, pattern: &Pattern) -> Result<PatternDb, StorageError> {
    let file = open(path)?;
    let map = map(&file).map_err(|source| StorageError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let (header, offset) = Header::parse(&map, path)?;
    let mismatch = |reason: String| StorageError::Mismatch {
        path: path.to_path_buf(),
        reason,
    };
    let size = puzzle.size();
    if (header.width as usize, header.height as usize) != (size.width(), size.height()) {
        return Err(mismatch(format!(
            "a {}x{} board, not {size}",
            header.width, header.height
        )));
    }
    if header.goal != puzzle.goal_cells() {
        return Err(mismatch("another goal".to_string()));
    }
    if header.tiles != pattern.tiles() {
        return Err(mismatch(format!(
            "the pattern {:?}, not {:?}",
            header.tiles,
            pattern.tiles()
        )));
    }
    let body = (map.len() - offset) as u64;
    if header.entries != pattern.placements() || body != header.entries.div_ceil(2) {
        return Err(StorageError::Damaged {
            path: path.to_path_buf(),
            reason: format!(
                "{body} bytes of entries, not {} (truncated?)",
                pattern.placements().div_ceil(2)
            ),
        });
    }
    if crc32fast::hash(&map[offset..]) != header.checksum {
        return Err(StorageError::Damaged {
            path: path.to_path_buf(),
            reason: "the checksum does not match".to_string(),
        });
    }
    Ok(PatternDb::new(
        puzzle,
        pattern.clone(),
        Arc::new(Mapped { map, offset }),
    ))
}
