//! Reading text a line at a time with a cap: the one way standard input, batch files and the
//! game's line mode are read, so an endless line or a stray byte never ends anything.

use std::io::{self, BufRead};

/// The longest line read from standard input or a file (a 1000×1000 board in slash rows takes
/// about 7 MiB); a longer one is reported and skipped, never held in memory.
pub const MAX_LINE: usize = 16 << 20;

/// Why a line cannot be read as text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unreadable {
    /// Longer than [`MAX_LINE`].
    TooLong,
    /// Not UTF-8: the first byte that is not (from 1).
    NotText {
        /// The byte's place in the line.
        byte: usize,
    },
}

impl std::fmt::Display for Unreadable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unreadable::TooLong => write!(
                f,
                "the line is longer than {} MiB, the longest read",
                MAX_LINE >> 20
            ),
            Unreadable::NotText { byte } => {
                write!(f, "the line is not UTF-8 text (byte {byte} is not)")
            }
        }
    }
}

/// The lines of a text stream, each at most [`MAX_LINE`] bytes, without their ends (`\n` or
/// `\r\n`) and without a byte-order mark at the start.
pub struct Lines<R> {
    reader: R,
    line: Vec<u8>,
    /// Lines read so far.
    number: usize,
    /// Whether a line is refused as soon as it passes the cap (the rest not read), instead of
    /// skipped to its end.
    hasty: bool,
}

impl<R: BufRead> Lines<R> {
    /// The lines of `reader`.
    pub fn new(reader: R) -> Lines<R> {
        Lines {
            reader,
            line: Vec::new(),
            number: 0,
            hasty: false,
        }
    }

    /// The same lines, but a line past [`MAX_LINE`] is refused as soon as the cap is passed,
    /// without reading on to its end (which may never come: `< /dev/zero`). For interactive
    /// input, where such a line is never a command and ends the reading.
    pub fn refusing_at_the_cap(self) -> Lines<R> {
        Lines {
            hasty: true,
            ..self
        }
    }

    /// The next line and its number (from 1): `Ok(None)` at the end of the input, `Err(why)`
    /// as the text of a line that cannot be read as text (longer than [`MAX_LINE`], not UTF-8:
    /// it is skipped whole).
    pub fn next_line(&mut self) -> io::Result<Option<(usize, Result<&str, Unreadable>)>> {
        let Some(too_long) = self.read_line()? else {
            return Ok(None);
        };
        self.number += 1;
        if too_long {
            return Ok(Some((self.number, Err(Unreadable::TooLong))));
        }
        if self.line.last() == Some(&b'\r') {
            self.line.pop();
        }
        let bytes = match self.number {
            1 => self
                .line
                .strip_prefix("\u{feff}".as_bytes())
                .unwrap_or(&self.line),
            _ => &self.line,
        };
        let text = std::str::from_utf8(bytes).map_err(|error| Unreadable::NotText {
            byte: error.valid_up_to() + 1,
        });
        Ok(Some((self.number, text)))
    }

    /// Reads the next line into `self.line` (without its end), at most [`MAX_LINE`] bytes of it:
    /// `None` at the end of the input, else whether the line was longer (and dropped).
    fn read_line(&mut self) -> io::Result<Option<bool>> {
        self.line.clear();
        let (mut any, mut too_long) = (false, false);
        loop {
            let available = match self.reader.fill_buf() {
                Ok(available) => available,
                // A signal (Ctrl-C is handled, not fatal) interrupted the read: read again.
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => return Err(error),
            };
            if available.is_empty() {
                return Ok(any.then_some(too_long));
            }
            any = true;
            let end = available.iter().position(|&b| b == b'\n');
            let chunk = &available[..end.unwrap_or(available.len())];
            if self.line.len() + chunk.len() > MAX_LINE {
                too_long = true;
                self.line.clear();
                if self.hasty {
                    return Ok(Some(true));
                }
            } else if !too_long {
                self.line.extend_from_slice(chunk);
            }
            let used = end.map_or(available.len(), |i| i + 1);
            self.reader.consume(used);
            if end.is_some() {
                return Ok(Some(too_long));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_read_whole_or_refused_with_why() {
        let mut text = b"\xef\xbb\xbf1 2\r\nbad \xff byte\n".to_vec();
        text.extend(std::iter::repeat_n(b'x', MAX_LINE + 1));
        text.extend(b"\nlast");
        let mut lines = Lines::new(&text[..]);
        assert_eq!(lines.next_line().unwrap(), Some((1, Ok("1 2"))));
        let bad = lines.next_line().unwrap().unwrap().1.unwrap_err();
        assert_eq!(bad, Unreadable::NotText { byte: 5 });
        let long = lines.next_line().unwrap().unwrap().1.unwrap_err();
        assert!(long.to_string().contains("16 MiB"), "{long}");
        assert_eq!(lines.next_line().unwrap(), Some((4, Ok("last"))));
        assert_eq!(lines.next_line().unwrap(), None);
    }
}
