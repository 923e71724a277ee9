//! The daily puzzle: the same position for everyone on a UTC date, by a rule written here in
//! full so that any version on any platform (the command line, the page) deals the same one.
//!
//! The rule, for a date `YYYY-MM-DD` and a size `WxH`, toward the blank-last goal:
//! 1. the seed is the 64-bit FNV-1a hash of the text `npuzzle daily YYYY-MM-DD WxH`;
//! 2. numbers come from SplitMix64 started at that seed;
//! 3. the goal's cells are shuffled by Fisher–Yates from the last cell down, cell `i` swapped
//!    with cell `next() % (i + 1)`;
//! 4. if the result cannot reach the goal, the first two tiles that are not the blank (in row
//!    order) are swapped; if it is the goal itself, the whole rule is taken again with the
//!    text `npuzzle daily YYYY-MM-DD WxH again`.
//!
//! It depends on no library's random numbers, so it never changes when a library does.

use std::fmt;
use std::str::FromStr;

use crate::board::Board;
use crate::geometry::Size;
use crate::goal::Goal;
use crate::solvability::is_solvable;

/// A day of the (proleptic Gregorian) calendar, in UTC.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    year: i32,
    month: u8,
    day: u8,
}

/// Text that is not a date `YYYY-MM-DD`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a date: write it as YYYY-MM-DD (2026-12-01), from 2000 to 9999")]
pub struct DateError(String);

impl Date {
    /// The date `days` days after 1970-01-01.
    ///
    /// ```
    /// use npuzzle_core::daily::Date;
    /// assert_eq!(Date::from_days(0).to_string(), "1970-01-01");
    /// assert_eq!(Date::from_days(20_788).to_string(), "2026-12-01");
    /// ```
    pub fn from_days(days: i64) -> Date {
        // Howard Hinnant's civil-from-days.
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z.rem_euclid(146_097);
        let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u8;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u8;
        let year = (yoe + era * 400 + i64::from(month <= 2)) as i32;
        Date { year, month, day }
    }

    /// Today in UTC, by the system's clock.
    pub fn today() -> Date {
        let seconds = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        Date::of_seconds(seconds)
    }

    /// The UTC date `seconds` after 1970-01-01 00:00.
    ///
    /// ```
    /// use npuzzle_core::daily::Date;
    /// assert_eq!(Date::of_seconds(1_796_083_200).to_string(), "2026-12-01");
    /// ```
    pub fn of_seconds(seconds: u64) -> Date {
        Date::from_days((seconds / 86_400) as i64)
    }

    /// The day after.
    ///
    /// ```
    /// use npuzzle_core::daily::Date;
    /// let last: Date = "2026-12-31".parse().unwrap();
    /// assert_eq!(last.next().to_string(), "2027-01-01");
    /// ```
    pub fn next(self) -> Date {
        Date::from_days(self.days() + 1)
    }

    /// The day before.
    pub fn previous(self) -> Date {
        Date::from_days(self.days() - 1)
    }

    /// Days since 1970-01-01.
    ///
    /// ```
    /// use npuzzle_core::daily::Date;
    /// assert_eq!("2026-12-01".parse::<Date>().unwrap().days(), 20_788);
    /// ```
    pub fn days(self) -> i64 {
        let (y, m, d) = (
            i64::from(self.year),
            i64::from(self.month),
            i64::from(self.day),
        );
        let y = if m <= 2 { y - 1 } else { y };
        let era = y.div_euclid(400);
        let yoe = y.rem_euclid(400);
        let mp = if m > 2 { m - 3 } else { m + 9 };
        let doy = (153 * mp + 2) / 5 + d - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

impl FromStr for Date {
    type Err = DateError;

    /// ```
    /// use npuzzle_core::daily::Date;
    /// assert!("2026-02-29".parse::<Date>().is_err()); // not a leap year
    /// assert!("2028-02-29".parse::<Date>().is_ok());
    /// assert!("26-12-01".parse::<Date>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<Date, DateError> {
        let refused = || DateError(crate::shown(text).chars().take(40).collect());
        let parts: Vec<&str> = text.trim().split('-').collect();
        let [year, month, day] = parts[..] else {
            return Err(refused());
        };
        let digits =
            |part: &str, len: usize| part.len() == len && part.bytes().all(|b| b.is_ascii_digit());
        if !(digits(year, 4) && digits(month, 2) && digits(day, 2)) {
            return Err(refused());
        }
        let date = Date {
            year: year.parse().map_err(|_| refused())?,
            month: month.parse().map_err(|_| refused())?,
            day: day.parse().map_err(|_| refused())?,
        };
        // Valid exactly when the calendar gives it back.
        match date.year >= 2000 && Date::from_days(date.days()) == date {
            true => Ok(date),
            false => Err(refused()),
        }
    }
}

/// The daily position for `date` on a board of `size` (toward the blank-last goal), by the rule
/// of this module.
///
/// ```
/// use npuzzle_core::daily::{position, Date};
/// let date: Date = "2026-12-01".parse().unwrap();
/// let today = position(date, "4".parse().unwrap());
/// assert_eq!(today, position(date, "4".parse().unwrap()));
/// assert_ne!(today, position(date.next(), "4".parse().unwrap()));
/// ```
pub fn position(date: Date, size: Size) -> Board {
    let goal = Goal::BlankLast
        .board(size)
        .expect("every size has a blank-last goal");
    let name = format!("npuzzle daily {date} {size}");
    let board = shuffled(&goal, &name);
    if board != goal {
        return board;
    }
    shuffled(&goal, &format!("{name} again"))
}

/// The goal's cells shuffled by the rule's steps 1 to 4 (without the goal's own exception).
fn shuffled(goal: &Board, name: &str) -> Board {
    let mut numbers = SplitMix64(fnv1a(name.as_bytes()));
    let mut cells = goal.cells().to_vec();
    for i in (1..cells.len()).rev() {
        let j = (numbers.next() % (i as u64 + 1)) as usize;
        cells.swap(i, j);
    }
    let mut board = Board::new(goal.size(), cells.clone()).expect("a shuffle of a board");
    if !is_solvable(&board, goal) {
        let tiles: Vec<usize> = (0..cells.len())
            .filter(|&c| cells[c] != 0)
            .take(2)
            .collect();
        cells.swap(tiles[0], tiles[1]);
        board = Board::new(goal.size(), cells).expect("a shuffle of a board");
    }
    board
}

/// The 64-bit FNV-1a hash.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// SplitMix64 (Steele, Lea and Flood), the rule's numbers.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Golden positions: a change here changes every player's daily puzzle.
    #[test]
    fn the_daily_positions_of_fixed_dates_never_change() {
        let at = |date: &str, size: &str| {
            position(date.parse().unwrap(), size.parse().unwrap()).to_string()
        };
        assert_eq!(at("2026-12-01", "4x4"), GOLDEN[0]);
        assert_eq!(at("2026-12-02", "4x4"), GOLDEN[1]);
        assert_eq!(at("2027-01-01", "3x3"), GOLDEN[2]);
        assert_eq!(at("2030-06-15", "5x5"), GOLDEN[3]);
    }

    const GOLDEN: [&str; 4] = [
        "1 3 12 15/13 6 8 0/11 10 7 5/2 4 14 9",
        "13 4 6 5/3 14 8 10/2 12 11 0/1 7 9 15",
        "6 3 4/8 5 0/1 7 2",
        "12 15 2 18 24/16 1 14 4 0/6 20 5 7 19/13 3 23 22 21/8 17 10 11 9",
    ];

    #[test]
    fn dates_round_trip_through_days() {
        for days in [-1, 0, 59, 60, 10_957, 20_788, 2_932_896] {
            let date = Date::from_days(days);
            assert_eq!(date.days(), days, "{date}");
        }
        assert_eq!(
            "2000-02-29".parse::<Date>().unwrap().next().to_string(),
            "2000-03-01"
        );
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
    }
}
