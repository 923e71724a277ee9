//! The database file format: a versioned header with the board, goal, pattern and a checksum,
//! then the entries packed two a byte (see [`super::PatternDb`]; the version says their
//! [`Layout`]), then a listed zero-aware database's regions table. Written to a temporary file and
//! renamed into place (two builders never leave a broken file, an old file stays until the new
//! one is whole); mapped under a read lease or read into memory, and checked (see [`load`]). Only
//! regular files are ever opened, never through a link.

use std::fs::File;
use std::io::{self, Read, Write};
use std::path::Path;
use std::sync::Arc;

use super::database::{Layout, PatternDb, dense_bytes};
use super::error::PdbError;
use super::pattern::Pattern;
use crate::Puzzle;

const MAGIC: &[u8; 8] = b"NPUZZPDB";
/// The file format's version for plain databases; files of another version are rebuilt.
pub const FORMAT_VERSION: u32 = 2;
/// The version of listed zero-aware databases: the header also gives the regions table's length.
const ZERO_AWARE_VERSION: u32 = 3;
/// The version of dense zero-aware databases: an entry for each free cell of each placement.
const DENSE_VERSION: u32 = 4;

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
    /// How the entries are laid out.
    pub layout: Layout,
    /// Placements (stored two a byte, or, dense, one entry for each free cell of each).
    pub entries: u64,
    /// Bytes of the regions table after the entries: 0 unless listed.
    pub regions: u64,
    /// CRC-32 of the entries and the regions table.
    pub checksum: u32,
}

impl Header {
    fn for_database(
        puzzle: &Puzzle,
        pattern: &Pattern,
        layout: Layout,
        entries: &[u8],
        regions: &[u8],
    ) -> Header {
        let mut checksum = crc32fast::Hasher::new();
        checksum.update(entries);
        checksum.update(regions);
        Header {
            width: puzzle.size().width() as u32,
            height: puzzle.size().height() as u32,
            goal: puzzle.goal_cells().to_vec(),
            tiles: pattern.tiles().to_vec(),
            layout,
            entries: pattern.placements(),
            regions: regions.len() as u64,
            checksum: checksum.finalize(),
        }
    }

    /// Whether the database is zero-aware (listed or dense).
    pub fn zero_aware(&self) -> bool {
        self.layout != Layout::Plain
    }

    /// The bytes of entries and regions table that follow the header.
    pub fn body(&self) -> u64 {
        let entries = match self.layout {
            Layout::Dense => {
                let free = (u64::from(self.width) * u64::from(self.height))
                    .saturating_sub(self.tiles.len() as u64);
                dense_bytes(self.entries, free)
            }
            _ => self.entries.div_ceil(2),
        };
        entries.saturating_add(self.regions)
    }

    /// The header as written at the start of a file.
    pub fn bytes(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        let version = match self.layout {
            Layout::Plain => FORMAT_VERSION,
            Layout::Listed => ZERO_AWARE_VERSION,
            Layout::Dense => DENSE_VERSION,
        };
        for word in [version, self.width, self.height] {
            out.extend(word.to_le_bytes());
        }
        out.extend((self.goal.len() as u32).to_le_bytes());
        out.extend(&self.goal);
        out.extend((self.tiles.len() as u32).to_le_bytes());
        out.extend(&self.tiles);
        out.extend(self.entries.to_le_bytes());
        if self.layout == Layout::Listed {
            out.extend(self.regions.to_le_bytes());
        }
        out.extend(self.checksum.to_le_bytes());
        out
    }

    /// Reads the header at the start of `bytes` (the file at `path`, named in errors); returns
    /// it and its length in bytes. Whatever the bytes, it is a header or [`PdbError::Damaged`].
    ///
    /// ```
    /// use std::path::Path;
    /// use npuzzle_heuristic::pdb::Header;
    /// use npuzzle_heuristic::pdb::Layout;
    /// let header = Header { width: 3, height: 3, goal: (1..=8).chain([0]).collect(), tiles: vec![1, 2], layout: Layout::Plain, entries: 72, regions: 0, checksum: 7 };
    /// let mut bytes = header.bytes();
    /// let length = bytes.len();
    /// bytes.extend([0; 36]);
    /// assert_eq!(Header::parse(&bytes, Path::new("x.pdb")).unwrap(), (header.clone(), length));
    /// let listed = Header { layout: Layout::Listed, regions: 128, ..header.clone() };
    /// assert_eq!(Header::parse(&listed.bytes(), Path::new("x.pdb")).unwrap().0, listed);
    /// let dense = Header { layout: Layout::Dense, ..header };
    /// assert_eq!(Header::parse(&dense.bytes(), Path::new("x.pdb")).unwrap().0, dense);
    /// assert_eq!(dense.body(), 72 * 7 / 2); // seven free cells a placement
    /// assert!(Header::parse(b"NPUZZPDB", Path::new("x.pdb")).is_err());
    /// ```
    pub fn parse(bytes: &[u8], path: &Path) -> Result<(Header, usize), PdbError> {
        let damaged = |reason: &str| PdbError::Damaged {
            path: path.to_path_buf(),
            reason: reason.to_string(),
        };
        let mut at = 0usize;
        let mut take = |n: usize| -> Result<&[u8], PdbError> {
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
        let layout = match version {
            FORMAT_VERSION => Layout::Plain,
            ZERO_AWARE_VERSION => Layout::Listed,
            DENSE_VERSION => Layout::Dense,
            _ => {
                return Err(damaged(&format!(
                    "format version {version}, expected {FORMAT_VERSION} to {DENSE_VERSION}"
                )));
            }
        };
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
        let regions = match layout {
            Layout::Listed => u64::from_le_bytes(take(8)?.try_into().unwrap_or_default()),
            _ => 0,
        };
        if layout == Layout::Listed && regions == 0 {
            return Err(damaged("a zero-aware database without its regions table"));
        }
        let checksum = u32::from_le_bytes(take(4)?.try_into().unwrap_or_default());
        let header = Header {
            width,
            height,
            goal,
            tiles,
            layout,
            entries,
            regions,
            checksum,
        };
        Ok((header, at))
    }
}

/// Writes a database's packed entries in `layout` (see [`super::pack`] and
/// [`super::pack_zero_aware`]) and regions table (empty unless listed) to `path`, whole: to a
/// temporary file beside it, then renamed over `path` ([`npuzzle_files::write_with`]: never
/// over a link, a FIFO or anything but a regular file).
pub fn save(
    path: &Path,
    puzzle: &Puzzle,
    pattern: &Pattern,
    layout: Layout,
    entries: &[u8],
    regions: &[u8],
) -> Result<(), PdbError> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| PdbError::io(dir, e))?;
    }
    npuzzle_files::write_with(path, |file| {
        let mut file = io::BufWriter::new(file);
        let header = Header::for_database(puzzle, pattern, layout, entries, regions);
        file.write_all(&header.bytes())?;
        file.write_all(entries)?;
        file.write_all(regions)?;
        file.flush()
    })
    .map_err(|e| PdbError::file(path, e))
}

/// Whether `path` is the temporary file of a database build whose process has ended, by both
/// marks: its name carries the marker of [`npuzzle_files::temporary`], and it is empty or starts
/// like a database file. Anything else is never deleted, whatever its name.
pub fn is_stale_temporary(path: &Path, alive: impl Fn(u32) -> bool) -> bool {
    let Some(pid) = npuzzle_files::temporary_writer(path) else {
        return false;
    };
    if alive(pid) {
        return false;
    }
    let mut start = Vec::with_capacity(MAGIC.len());
    open(path).is_ok_and(|file| {
        file.take(MAGIC.len() as u64)
            .read_to_end(&mut start)
            .is_ok()
            && MAGIC.starts_with(&start)
    })
}

/// Whether `path` starts like a database file of ours (any version).
pub fn is_ours(path: &Path) -> bool {
    let mut magic = [0u8; 8];
    open(path).is_ok_and(|mut file| file.read_exact(&mut magic).is_ok() && &magic == MAGIC)
}

/// The header of the database at `path`.
pub fn header(path: &Path) -> Result<Header, PdbError> {
    let mut file = open(path)?;
    let mut start = Vec::with_capacity(256);
    (&mut file)
        .take(256)
        .read_to_end(&mut start)
        .map_err(|e| PdbError::io(path, e))?;
    Ok(Header::parse(&start, path)?.0)
}

/// Opens `path` for reading if it is a regular file: never a link (followed, it could name any
/// file), a FIFO or a device.
fn open(path: &Path) -> Result<File, PdbError> {
    npuzzle_files::open_own(path).map_err(|e| PdbError::file(path, e))
}

/// A part of a database file read into memory (or of bytes handed over): its entries or its
/// regions table.
struct Part<B> {
    bytes: Arc<B>,
    range: std::ops::Range<usize>,
}

impl<B: AsRef<[u8]>> AsRef<[u8]> for Part<B> {
    fn as_ref(&self) -> &[u8] {
        &(*self.bytes).as_ref()[self.range.clone()]
    }
}

/// Loads the database of `pattern` for `puzzle` from `path`, checking that the file is whole,
/// matches the board, goal and pattern, and that its checksum holds.
///
/// The bytes checked are the bytes searched until the end, whatever another program does to the
/// file meanwhile: a plain map would read the file as it is at each access (and end the process
/// with a bus error once it is truncated). So the file is either mapped under a read lease
/// ([`npuzzle_files::leased`]: nobody writes it until the map's bytes are the process's own), or
/// read into memory of the process's own: past the 4×4, where huge pages pay
/// ([`super::policy::huge_pages`]), or where no lease can be had. The memory read into is an
/// anonymous map filled in one go (faulting it in page by page would cost as much as the
/// reading), on two threads.
pub fn load(path: &Path, puzzle: &Puzzle, pattern: &Pattern) -> Result<PatternDb, PdbError> {
    let file = open(path)?;
    let length = file.metadata().map_err(|e| PdbError::io(path, e))?.len();
    // At most the header, the entries the pattern has and a regions table of 16 bytes an entry
    // (far more than any has, and than a dense database's entries): a longer file is damaged.
    let most = 1024 + pattern.placements().div_ceil(2) + pattern.placements().saturating_mul(16);
    if length > most {
        return Err(PdbError::Damaged {
            path: path.to_path_buf(),
            reason: format!("{length} bytes, more than its pattern's database takes"),
        });
    }
    let huge = super::policy::huge_pages(puzzle.size());
    let bytes = in_memory(&file, length as usize, huge).map_err(|e| PdbError::io(path, e))?;
    checked(bytes, path, puzzle, Some(pattern))
}

/// A database file's bytes in memory: mapped under a lease, or read.
enum Memory {
    Leased(npuzzle_files::leased::LeasedMap),
    Read(ReadMemory),
}

#[cfg(not(target_arch = "wasm32"))]
type ReadMemory = memmap2::Mmap;
#[cfg(target_arch = "wasm32")]
type ReadMemory = Vec<u8>;

impl AsRef<[u8]> for Memory {
    fn as_ref(&self) -> &[u8] {
        match self {
            Memory::Leased(map) => map,
            Memory::Read(memory) => memory,
        }
    }
}

/// The first `length` bytes of `file`: mapped under a lease unless `huge`, else (or where no
/// lease can be had) read.
fn in_memory(file: &File, length: usize, huge: bool) -> io::Result<Memory> {
    if !huge && let Some(map) = npuzzle_files::leased::map(file, length)? {
        return Ok(Memory::Leased(map));
    }
    read_whole(file, length, huge).map(Memory::Read)
}

/// The first `length` bytes of `file`, in memory of the process's own, advised onto huge pages
/// when `huge` ([`super::policy::huge_pages`]).
#[cfg(not(target_arch = "wasm32"))]
fn read_whole(file: &File, length: usize, huge: bool) -> io::Result<memmap2::Mmap> {
    use std::os::unix::fs::FileExt;
    let mut memory = memmap2::MmapOptions::new().len(length.max(1)).map_anon()?;
    // Huge pages where the system gives them on request: fewer faults while reading, and fewer
    // misses in the address cache while searching.
    #[cfg(target_os = "linux")]
    if huge {
        let _ = memory.advise(memmap2::Advice::HugePage);
    }
    #[cfg(not(target_os = "linux"))]
    let _ = huge;
    let (first, second) = memory[..length].split_at_mut(length / 2);
    let half = first.len() as u64;
    let (a, b) = rayon::join(
        || file.read_exact_at(first, 0),
        || file.read_exact_at(second, half),
    );
    a.and(b)?;
    memory.make_read_only()
}

#[cfg(target_arch = "wasm32")]
fn read_whole(file: &File, length: usize, _huge: bool) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::with_capacity(length);
    (&*file).take(length as u64).read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// The CRC-32 of `bytes`, its two halves on two threads: a mapped file's pages are made as the
/// checksum first reads them, so both cores make them (the 4×4's 288 MB opened and checked in
/// 44 ms of a whole process, against 61 ms with the pages made beforehand on one core,
/// docs/PERFORMANCE-CHANGES.md).
#[cfg(not(target_arch = "wasm32"))]
fn checksum(bytes: &[u8]) -> u32 {
    let hash = |half: &[u8]| {
        let mut hasher = crc32fast::Hasher::new();
        hasher.update(half);
        hasher
    };
    let (first, second) = bytes.split_at(bytes.len() / 2);
    let (mut first, second) = rayon::join(|| hash(first), || hash(second));
    first.combine(&second);
    first.finalize()
}

#[cfg(target_arch = "wasm32")]
fn checksum(bytes: &[u8]) -> u32 {
    crc32fast::hash(bytes)
}

/// The database in `bytes` (a file's contents, header and entries) with the checks of [`load`];
/// `expected` is the pattern it must hold (any, when none). `path` names it in errors.
fn checked<B: AsRef<[u8]> + Send + Sync + 'static>(
    bytes: B,
    path: &Path,
    puzzle: &Puzzle,
    expected: Option<&Pattern>,
) -> Result<PatternDb, PdbError> {
    let (header, offset) = Header::parse(bytes.as_ref(), path)?;
    let mismatch = |reason: String| PdbError::Mismatch {
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
    let pattern = match expected {
        Some(pattern) if header.tiles != pattern.tiles() => {
            return Err(mismatch(format!(
                "the pattern {:?}, not {:?}",
                header.tiles,
                pattern.tiles()
            )));
        }
        Some(pattern) => pattern.clone(),
        None => Pattern::new(puzzle, &header.tiles)?,
    };
    let body = (bytes.as_ref().len() - offset) as u64;
    if header.entries != pattern.placements() || body != header.body() {
        let expected = Header {
            entries: pattern.placements(),
            ..header
        };
        return Err(PdbError::Damaged {
            path: path.to_path_buf(),
            reason: format!(
                "{body} bytes of entries and regions, not {} (truncated?)",
                expected.body()
            ),
        });
    }
    if checksum(&bytes.as_ref()[offset..]) != header.checksum {
        return Err(PdbError::Damaged {
            path: path.to_path_buf(),
            reason: "the checksum does not match".to_string(),
        });
    }
    let bytes = Arc::new(bytes);
    let split = offset + (header.body() - header.regions) as usize;
    let part = |range| {
        Arc::new(Part {
            bytes: Arc::clone(&bytes),
            range,
        })
    };
    let (entries, regions) = (
        part(offset..split),
        part(split..split + header.regions as usize),
    );
    let db = PatternDb::from_parts(puzzle, pattern, header.layout, entries, regions).ok_or_else(
        || PdbError::Damaged {
            path: path.to_path_buf(),
            reason: format!("a regions table of {} bytes", header.regions),
        },
    )?;
    possible(&db, puzzle, path)?;
    Ok(db.with_checksum(header.checksum))
}

/// Refuses a database whose values no build makes: the goal's own placement is 0 moves from
/// the goal. (A checksum recomputed over edited entries passes the checksum's test; a heuristic
/// above 0 at the goal would keep a search from ever reaching it.)
fn possible(db: &PatternDb, puzzle: &Puzzle, path: &Path) -> Result<(), PdbError> {
    let home = puzzle.target();
    let tiles = db.pattern().tiles();
    let value = db.value(tiles.iter().map(|&t| home[t as usize]), home[0]);
    if value != 0 {
        return Err(PdbError::Damaged {
            path: path.to_path_buf(),
            reason: format!(
                "its goal placement is {value} moves from the goal, not 0: its values are not a \
                 database's (edited?)"
            ),
        });
    }
    Ok(())
}

impl PatternDb {
    /// The database as the bytes of its file (header and entries): to keep or send elsewhere
    /// (the web page hands databases built once to each solver worker) and read back with
    /// [`PatternDb::from_bytes`].
    ///
    /// ```
    /// use npuzzle_core::{Goal, Size};
    /// use npuzzle_heuristic::{Puzzle, pdb};
    /// let puzzle = Puzzle::new(&Goal::BlankLast.board(Size::square(3).unwrap()).unwrap()).unwrap();
    /// let built = pdb::build_partition(&puzzle, &"1,2,3,4/5,6,7,8".parse().unwrap(), &mut |_, _, _| {}).unwrap();
    /// let bytes = built.databases()[0].to_bytes(&puzzle);
    /// let read = pdb::PatternDb::from_bytes(&puzzle, bytes).unwrap();
    /// assert_eq!(read.pattern().tiles(), built.databases()[0].pattern().tiles());
    /// assert!(pdb::PatternDb::from_bytes(&puzzle, b"NPUZZPDB".to_vec()).is_err());
    /// ```
    pub fn to_bytes(&self, puzzle: &Puzzle) -> Vec<u8> {
        let header = Header::for_database(
            puzzle,
            self.pattern(),
            self.layout(),
            self.entries(),
            self.regions(),
        );
        let mut bytes = header.bytes();
        bytes.extend_from_slice(self.entries());
        bytes.extend_from_slice(self.regions());
        bytes
    }

    /// The database in `bytes` (see [`PatternDb::to_bytes`]), checked as a file is: whole, of
    /// `puzzle`'s board and goal, its checksum holding.
    pub fn from_bytes(puzzle: &Puzzle, bytes: Vec<u8>) -> Result<PatternDb, PdbError> {
        checked(bytes, Path::new("(in memory)"), puzzle, None)
    }
}
