//! Text from a user, a file or another program, made safe to show on a terminal.

use std::borrow::Cow;

/// `text` with every control character but the line end and tab written as an escape
/// (`\u{1b}`), so that text from a file, an argument or standard input cannot move the cursor,
/// retitle the terminal or write the clipboard when it is shown. Every surface (the command
/// line, Python's exceptions, the cluster's messages) shows user text through it.
///
/// ```
/// assert_eq!(npuzzle_core::shown("a\x1b]0;pwn\x07 b"), "a\\u{1b}]0;pwn\\u{7} b");
/// assert_eq!(npuzzle_core::shown("rows\n"), "rows\n");
/// ```
pub fn shown(text: &str) -> Cow<'_, str> {
    let escaped = |c: char| c.is_control() && c != '\n' && c != '\t';
    if !text.chars().any(escaped) {
        return text.into();
    }
    text.chars()
        .map(|c| {
            if escaped(c) {
                c.escape_unicode().to_string()
            } else {
                c.to_string()
            }
        })
        .collect::<String>()
        .into()
}
