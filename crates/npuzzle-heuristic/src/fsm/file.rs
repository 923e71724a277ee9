//! A machine as bytes, for the store to keep beside the databases: a header (what it is, how
//! many states, a checksum), then every transition as four little-endian bytes. Read back, it
//! is checked, not trusted: header, board, depth, length, checksum, and that every transition
//! names a state it has.

use npuzzle_core::Size;

use super::automaton::{DEAD, MORIBUND_BITS};
use super::{Fsm, sequences::Squares, table::Table};

const MAGIC: &[u8; 8] = b"NPZFSM\0\0";

/// The version of the file and of how its sequences are found: a machine built otherwise is
/// stale.
pub const FORMAT_VERSION: u32 = 1;

const HEADER: usize = 8 + 4 + 2 + 2 + 4 + 8 + 8 + 4;

/// Why a machine's bytes are refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    /// Not a machine, cut short, grown, or its checksum or transitions wrong.
    #[error("{0}")]
    Damaged(String),
    /// A whole machine, but of another version, board or depth.
    #[error("{0}")]
    Other(String),
}

/// Whether `path` starts like a machine file of npuzzle's (any version).
pub fn is_machine_file(path: &std::path::Path) -> bool {
    use std::io::Read;
    let mut magic = [0u8; 8];
    npuzzle_files::open_own(path)
        .is_ok_and(|mut f| f.read_exact(&mut magic).is_ok() && &magic == MAGIC)
}

impl Fsm {
    /// The machine as the bytes of its file.
    ///
    /// ```
    /// use npuzzle_heuristic::fsm::Fsm;
    /// let fsm = Fsm::build("3".parse().unwrap(), 10).unwrap();
    /// let back = Fsm::from_bytes(&fsm.to_bytes(), fsm.size(), fsm.depth()).unwrap();
    /// assert_eq!(back.identity(), fsm.identity());
    /// assert!(Fsm::from_bytes(&fsm.to_bytes()[..100], fsm.size(), 10).is_err());
    /// ```
    pub fn to_bytes(&self) -> Vec<u8> {
        let body = self.next.as_bytes();
        let mut out = Vec::with_capacity(HEADER + body.len());
        out.extend(MAGIC);
        out.extend(FORMAT_VERSION.to_le_bytes());
        out.extend((self.size.width() as u16).to_le_bytes());
        out.extend((self.size.height() as u16).to_le_bytes());
        out.extend((self.depth as u32).to_le_bytes());
        out.extend((self.next.len() as u64).to_le_bytes());
        out.extend((self.forbidden as u64).to_le_bytes());
        out.extend(checksum(&out, body).to_le_bytes());
        out.extend(body);
        out
    }

    /// The machine of a file's `bytes`, which must be of a machine for `size` to `depth`;
    /// `Err` says what is wrong.
    pub fn from_bytes(bytes: &[u8], size: Size, depth: usize) -> Result<Fsm, Refused> {
        Fsm::read(&mut &bytes[..], bytes.len() as u64, size, depth)
    }

    /// The machine a file of `length` bytes holds, read from `file` straight into the memory
    /// searches use, and checked like [`Fsm::from_bytes`].
    pub fn read(
        file: &mut dyn std::io::Read,
        length: u64,
        size: Size,
        depth: usize,
    ) -> Result<Fsm, Refused> {
        let damaged = |reason: String| Refused::Damaged(reason);
        let other = |reason: String| Refused::Other(reason);
        let unreadable = |e: std::io::Error| damaged(format!("it cannot be read whole: {e}"));
        if length < HEADER as u64 {
            return Err(damaged(format!("{length} bytes, shorter than a header")));
        }
        let mut header = [0u8; HEADER];
        file.read_exact(&mut header).map_err(unreadable)?;
        let field = |at: usize, len: usize| {
            let mut word = [0u8; 8];
            word[..len].copy_from_slice(&header[at..at + len]);
            u64::from_le_bytes(word)
        };
        if &header[..8] != MAGIC {
            return Err(damaged("not a move-pruning machine".into()));
        }
        let version = field(8, 4);
        if version != u64::from(FORMAT_VERSION) {
            let why = format!("format {version}, not {FORMAT_VERSION}: built by another version");
            return Err(other(why));
        }
        let (states, forbidden) = (field(20, 8), field(28, 8));
        let body = length - HEADER as u64;
        if states.checked_mul(16) != Some(body) {
            let need = states.saturating_mul(16);
            let why = format!("{body} bytes of transitions where {states} states need {need}");
            return Err(damaged(why));
        }
        let next = Table::from_le_bytes(states as usize, |bytes| file.read_exact(bytes))
            .map_err(unreadable)?;
        if checksum(&header[..36], next.as_bytes()) != field(36, 4) as u32 {
            return Err(damaged("the checksum does not match".into()));
        }
        let (width, height) = (field(12, 2) as usize, field(14, 2) as usize);
        if (width, height) != (size.width(), size.height()) {
            return Err(other(format!("a machine for {width}x{height}, not {size}")));
        }
        if field(16, 4) != depth as u64 {
            return Err(other(format!("of depth {}, not {depth}", field(16, 4))));
        }
        check(next.as_bytes(), &Squares::new(size), states as usize).map_err(damaged)?;
        let forbidden = forbidden as usize;
        Ok(Fsm {
            next,
            size,
            forbidden,
            depth,
        })
    }
}

/// The checksum of a file: of its header up to the checksum, and of its transitions.
fn checksum(header: &[u8], body: &[u8]) -> u32 {
    let mut hasher = crc32fast::Hasher::new();
    hasher.update(header);
    hasher.update(body);
    hasher.finalize()
}

/// Checks every transition of `body`: a move off the board from a start is dead, every other
/// names a state there is.
fn check(body: &[u8], squares: &Squares, states: usize) -> Result<(), String> {
    if states < squares.cells {
        return Err(format!("{states} states, fewer than the board's squares"));
    }
    for (state, row) in body.chunks_exact(16).enumerate() {
        let mut entries = [0u32; 4];
        for (m, entry) in entries.iter_mut().enumerate() {
            *entry = u32::from_le_bytes(row[4 * m..4 * m + 4].try_into().unwrap_or_default());
            if *entry != DEAD && (*entry >> MORIBUND_BITS) as usize >= states {
                return Err(format!(
                    "state {state} names state {}, past the last",
                    *entry >> MORIBUND_BITS
                ));
            }
        }
        if state < squares.cells
            && (0..4).any(|m| squares.after(state, m).is_none() && entries[m] != DEAD)
        {
            return Err(format!("the start of square {state} leaves the board"));
        }
    }
    Ok(())
}
