//! Exit statuses and how errors reach the user.

use std::io::{self, Write};
use std::process::ExitCode;

use npuzzle_core::solvability::Unsolvable;
use npuzzle_heuristic::pdb::PdbError;
use npuzzle_search::SolveError;

/// The result of a command, worst first when several positions are processed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// Everything succeeded: exit 0.
    Success,
    /// A well-formed "no" (unsolvable, not solved): exit 1.
    No,
    /// Bad input or usage: exit 2.
    BadInput,
    /// Stopped by a signal after writing what was finished: exit 128 + the signal, as shells
    /// report it (130 Ctrl-C, 143 SIGTERM, 129 SIGHUP).
    Interrupted,
}

impl From<Status> for ExitCode {
    fn from(status: Status) -> ExitCode {
        ExitCode::from(match status {
            Status::Success => 0,
            Status::No => 1,
            Status::BadInput => 2,
            Status::Interrupted => crate::interrupt::exit_status(),
        })
    }
}

/// The status an error about one position deserves: a well-formed "no" (the position cannot
/// be solved, or not within the limits: a node, time or memory limit, a database build the
/// limits cannot afford, a board too large for the method asked for) is 1, anything else (bad
/// input) is 2.
pub fn of(error: &anyhow::Error) -> Status {
    let no = error.chain().any(|cause| {
        cause.downcast_ref::<Unsolvable>().is_some()
            || matches!(
                cause.downcast_ref::<SolveError>(),
                Some(
                    SolveError::Unsolvable(_)
                        | SolveError::LimitReached { .. }
                        | SolveError::TooLarge { .. }
                        | SolveError::Pdb(PdbError::TooCostly { .. })
                )
            )
    });
    if no { Status::No } else { Status::BadInput }
}

/// Prints an error about one input to standard error, naming where it came from. Text from
/// the input is shown with control characters escaped ([`shown`]).
pub fn report(place: &str, error: &anyhow::Error) {
    let hint = hint(error).map(|h| format!(" ({h})")).unwrap_or_default();
    let _ = writeln!(
        io::stderr(),
        "npuzzle: {}: {}{hint}",
        shown(place),
        shown(&format!("{error:#}"))
    );
}

/// What to do about a library error, in the command line's terms (flags, variables, commands):
/// the library's messages say what is wrong in its own.
fn hint(error: &anyhow::Error) -> Option<&'static str> {
    let pdb = error.chain().find_map(|cause| {
        cause
            .downcast_ref::<PdbError>()
            .or_else(|| match cause.downcast_ref::<SolveError>() {
                Some(SolveError::Pdb(pdb)) => Some(pdb),
                _ => None,
            })
    })?;
    match pdb {
        PdbError::TooCostly { .. } => Some("npuzzle pdb build builds them"),
        PdbError::NoFolder => Some("give --cache-dir or set NPUZZLE_CACHE_DIR"),
        _ => None,
    }
}

pub use npuzzle_core::shown;

/// Whether an error is the output going away (`npuzzle … | head`), which is not a failure.
pub fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error
        .chain()
        .filter_map(|cause| cause.downcast_ref::<io::Error>())
        .any(|e| e.kind() == io::ErrorKind::BrokenPipe)
}

/// Whether an error came from writing the output (and so should stop the whole command).
pub fn is_output_error(error: &anyhow::Error) -> bool {
    error
        .chain()
        .any(|cause| cause.downcast_ref::<io::Error>().is_some())
}

/// `text` with every quoted span ('…') longer than a line shortened to its start and its length,
/// so that a 50 MB argument is not echoed back whole.
pub fn shorten_quotes(text: &str) -> String {
    const MOST: usize = 40;
    let mut out = String::with_capacity(text.len().min(4096));
    let mut pieces = text.split('\'');
    out.push_str(pieces.next().unwrap_or_default());
    for (i, piece) in pieces.enumerate() {
        out.push('\'');
        let quoted = i % 2 == 0;
        match piece.char_indices().nth(MOST) {
            Some((end, _)) if quoted => {
                out.push_str(&piece[..end]);
                out.push_str(&format!("… ({} characters)", piece.chars().count()));
            }
            _ => out.push_str(piece),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn long_quotes_are_shortened() {
        let long = "q".repeat(100_000);
        let text = format!("error: invalid value '{long}' for '--goal <GOAL>': bad\n");
        let short = super::shorten_quotes(&text);
        assert!(short.len() < 200, "{short}");
        assert!(
            short.contains("(100000 characters)' for '--goal <GOAL>': bad"),
            "{short}"
        );
        assert_eq!(super::shorten_quotes("a 'b' c"), "a 'b' c");
    }

    #[test]
    fn control_characters_are_shown_escaped() {
        assert_eq!(super::shown("\u{1b}[31m3x3"), "\\u{1b}[31m3x3");
        assert_eq!(
            super::shown("\u{1b}]52;c;aGk=\u{7}"),
            "\\u{1b}]52;c;aGk=\\u{7}"
        );
        assert_eq!(super::shown("\u{9b}2J a\tb\nc"), "\\u{9b}2J a\tb\nc");
        assert_eq!(super::shown("plain"), "plain");
    }
}
