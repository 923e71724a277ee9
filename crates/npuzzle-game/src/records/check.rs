//! What a record read back must hold to be believed: figures that can go together, and a daily
//! result that is the day's own puzzle, not a date or size written over another game.

use npuzzle_core::daily::{self, Date};
use npuzzle_core::{Board, Size};

use super::Record;

/// Why a record cannot be believed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct RecordError(String);

/// The most days a streak can hold: every day from 2000-01-01, the first date a daily puzzle
/// has, to 9999-12-31.
const MOST_STREAK: usize = 2_914_695;

impl Record {
    /// Whether the record's figures can be true together, and a daily result is the puzzle of
    /// its date and size.
    ///
    /// ```
    /// use npuzzle_core::{Size, daily::{self, Date}};
    /// use npuzzle_game::{Record, Summary, Game};
    /// let date: Date = "2026-12-01".parse().unwrap();
    /// let size = Size::square(3).unwrap();
    /// let start = daily::position(date, size);
    /// let game = Game::new(start, npuzzle_core::Goal::BlankLast.board(size).unwrap()).unwrap();
    /// let summary = Summary { stm: 20, mtm: 14, milliseconds: 9_500, assisted: false, timed: true };
    /// let finished = 1_796_083_200 + 3_600;
    /// let record = Record::new(size, summary, None, None, finished).with_replay(&game).with_daily(date, 1);
    /// assert!(record.check().is_ok());
    /// // The same result claimed for the next day is refused.
    /// let forged = record.clone().with_daily(date.next(), 1);
    /// assert!(forged.check().unwrap_err().to_string().contains("not the daily puzzle of 2026-12-02"));
    /// ```
    pub fn check(&self) -> Result<(), RecordError> {
        let refuse = |why: String| Err(RecordError(why));
        let Ok(size) = self.size.parse::<Size>() else {
            return refuse(format!("its size '{}' is not a board's", self.size));
        };
        if self.mtm > self.stm || (self.stm > 0 && self.mtm == 0) {
            return refuse(format!("{} MTM for {} STM", self.mtm, self.stm));
        }
        if let Some(optimal) = self.optimal
            && (optimal > self.stm || !(self.stm - optimal).is_multiple_of(2))
        {
            return refuse(format!(
                "an optimum of {optimal} for {} moves played",
                self.stm
            ));
        }
        if let Some(mistakes) = &self.mistakes {
            let first_fits = mistakes
                .first
                .is_none_or(|(k, total)| k >= 1 && k <= self.stm && total >= k);
            if 2 * mistakes.count > self.stm
                || !first_fits
                || (mistakes.count > 0) != mistakes.first.is_some()
            {
                return refuse(format!(
                    "{} mistakes (first {:?}) in {} moves",
                    mistakes.count, mistakes.first, self.stm
                ));
            }
        }
        self.check_daily(size)
    }

    /// A daily result is the puzzle of its date and size.
    fn check_daily(&self, size: Size) -> Result<(), RecordError> {
        let Some(result) = &self.daily else {
            return Ok(());
        };
        let refuse = |why: String| Err(RecordError(format!("its daily result: {why}")));
        let Ok(date) = result.date.parse::<Date>() else {
            return refuse(format!("'{}' is not a date", result.date));
        };
        if result.streak == 0 || result.streak > MOST_STREAK {
            return refuse(format!("a streak of {} days", result.streak));
        }
        let Some(scramble) = self.scramble.as_deref() else {
            return refuse("it does not keep its position, so it cannot be checked".into());
        };
        if scramble.parse::<Board>().ok() != Some(daily::position(date, size)) {
            return refuse(format!(
                "this game is not the daily puzzle of {date} on {size}"
            ));
        }
        Ok(())
    }
}
