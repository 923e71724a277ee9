//! The records a thread read last from the regions tables of zero-aware databases, kept near.
//!
//! An escaped placement's record lies at a random place in a table of hundreds of megabytes, so
//! reading it costs a miss, and on the 24-puzzle these reads take a fifth of a zero-aware search.
//! But a depth-first search comes back to the same placements again and again: of the records
//! Korf & Felner's #22 reads, 94 % were read before among the last 65,536 (measured 2026-11-29).
//! So each thread keeps the records it read last in a table of its own, one record a line, the
//! line chosen by a hash of the regions table and the rank; a new record takes its line's place.
//!
//! The table is 1 MB a thread, made at the thread's first escaped lookup, and never grows. Each
//! regions table has a number of its own that is never reused, and a line names the table and
//! the rank it holds, so a record is never given for another placement or another database.

use std::cell::Cell;
use std::sync::atomic::{AtomicU64, Ordering};

/// Lines in each thread's table: 2^16 of 16 bytes.
const LINE_BITS: u32 = 16;

/// The numbers given to regions tables so far.
static TABLES: AtomicU64 = AtomicU64::new(0);

/// A new regions table's number, never given before in this process.
pub(crate) fn new_table() -> u64 {
    TABLES.fetch_add(1, Ordering::Relaxed)
}

/// A line: the table's number, the rank and its record (`table` is `u64::MAX` while empty).
#[derive(Clone, Copy)]
struct Line {
    table: u64,
    rank: u32,
    record: u32,
}

const EMPTY: Line = Line {
    table: u64::MAX,
    rank: 0,
    record: 0,
};

thread_local! {
    static LINES: Box<[Cell<Line>]> = (0..1 << LINE_BITS).map(|_| Cell::new(EMPTY)).collect();
}

/// The record of `rank` in regions table number `table`: the one this thread read last, if it
/// is still kept, otherwise `read()`'s, which is then kept (`None`: not listed; not kept).
#[inline]
pub(crate) fn record(table: u64, rank: u32, read: impl FnOnce() -> Option<u32>) -> Option<u32> {
    let key = (table << 32) ^ u64::from(rank);
    let at = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - LINE_BITS)) as usize;
    LINES.with(|lines| {
        let line = lines[at].get();
        if line.table == table && line.rank == rank {
            return Some(line.record);
        }
        let record = read()?;
        lines[at].set(Line {
            table,
            rank,
            record,
        });
        Some(record)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two tables' records of the same ranks, read in turn many times on one thread: each is
    /// always its own table's, kept or read again.
    #[test]
    fn a_record_is_never_another_tables_or_another_ranks() {
        let (first, second) = (new_table(), new_table());
        let ranks: Vec<u32> = (0..200_000u32).step_by(7).collect();
        let mut reads = 0;
        for _ in 0..3 {
            for &rank in &ranks {
                for (table, tag) in [(first, 1), (second, 2)] {
                    let read = || {
                        reads += 1;
                        Some(rank * 4 + tag)
                    };
                    assert_eq!(record(table, rank, read), Some(rank * 4 + tag));
                }
            }
        }
        // Some records were kept: given again without a read.
        assert!(reads < 3 * 2 * ranks.len(), "{reads} reads");
    }

    #[test]
    fn an_unlisted_placement_is_not_kept() {
        let table = new_table();
        assert_eq!(record(table, 9, || None), None);
        assert_eq!(record(table, 9, || Some(3)), Some(3));
        assert_eq!(record(table, 9, || panic!("kept")), Some(3));
    }
}
