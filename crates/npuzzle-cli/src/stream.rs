//! Writing moves as they come, for solutions too long to hold (a 1000×1000 board's).

use std::io::{self, Write};

use npuzzle_core::{Board, Move, Notation};

/// Writes a stream of moves in a notation, counting STM and MTM as it goes.
pub struct MoveWriter<'a> {
    out: &'a mut dyn Write,
    notation: Notation,
    run_length: bool,
    /// The position, kept up to date, for writing tile numbers.
    board: Option<Board>,
    /// The run held back for run-length output.
    run: Option<(Move, usize)>,
    last: Option<Move>,
    numbers_written: u64,
    /// Moves written.
    pub stm: u64,
    /// Runs of equal moves written.
    pub mtm: u64,
}

impl<'a> MoveWriter<'a> {
    /// A writer to `out`; `start` is needed for tile numbers.
    pub fn new(
        out: &'a mut dyn Write,
        notation: Notation,
        run_length: bool,
        start: &Board,
    ) -> Self {
        MoveWriter {
            out,
            notation,
            run_length,
            board: (notation == Notation::Numbers).then(|| start.clone()),
            run: None,
            last: None,
            numbers_written: 0,
            stm: 0,
            mtm: 0,
        }
    }

    /// Writes one move.
    pub fn push(&mut self, m: Move) -> io::Result<()> {
        self.stm += 1;
        if self.last != Some(m) {
            self.mtm += 1;
        }
        self.last = Some(m);
        if !self.run_length {
            return self.write(m, 1);
        }
        match &mut self.run {
            Some((held, count)) if *held == m => *count += 1,
            _ => {
                self.finish()?;
                self.run = Some((m, 1));
            }
        }
        Ok(())
    }

    /// Writes what is still held back (the last run).
    pub fn finish(&mut self) -> io::Result<()> {
        match self.run.take() {
            Some((m, count)) => self.write(m, count),
            None => Ok(()),
        }
    }

    fn write(&mut self, m: Move, count: usize) -> io::Result<()> {
        let letter = match self.notation {
            Notation::Tile => m.tile_letter(),
            Notation::Blank => m.blank_letter(),
            Notation::Numbers => return self.write_numbers(m, count),
        };
        if count > 1 && self.run_length {
            write!(self.out, "{letter}{count}")
        } else {
            (0..count).try_for_each(|_| write!(self.out, "{letter}"))
        }
    }

    fn write_numbers(&mut self, m: Move, count: usize) -> io::Result<()> {
        let board = self
            .board
            .as_mut()
            .ok_or_else(|| io::Error::other("no position"))?;
        for _ in 0..count {
            let source = board
                .source(m)
                .ok_or_else(|| io::Error::other("illegal move"))?;
            let tile = board.cells()[source];
            board.apply(m).map_err(io::Error::other)?;
            let separator = if self.numbers_written == 0 { "" } else { " " };
            self.numbers_written += 1;
            write!(self.out, "{separator}{tile}")?;
        }
        Ok(())
    }
}
