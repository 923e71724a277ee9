//! Keys the player chooses: `up=i,down=k,left=j,right=l,hint=?` over the standard key map of
//! [`Command::from_key`], the same text in the terminal (`play --keys`, `$NPUZZLE_KEYS`) and on
//! the web page.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::command::{Command, Key};
use npuzzle_core::moves::Move;

/// The commands a key can be given to, by the names [`Command::name`] uses.
const NAMED: [(&str, Command); 20] = [
    ("up", Command::Slide(Move::Up)),
    ("down", Command::Slide(Move::Down)),
    ("left", Command::Slide(Move::Left)),
    ("right", Command::Slide(Move::Right)),
    ("undo", Command::Undo),
    ("redo", Command::Redo),
    ("restart", Command::Restart),
    ("new", Command::NewGame),
    ("hint", Command::Hint),
    ("solve", Command::Solve),
    ("distance", Command::ToggleDistance),
    ("flip", Command::FlipArrows),
    ("help", Command::Help),
    ("quit", Command::Quit),
    ("pause", Command::Pause),
    ("step", Command::Step),
    ("faster", Command::Faster),
    ("slower", Command::Slower),
    ("take-over", Command::TakeOver),
    ("watch", Command::Watch),
];

/// Commands of god mode (the computer playing): a key given to one of them means it only then.
fn in_god_mode(command: &Command) -> bool {
    matches!(
        command,
        Command::Pause | Command::Step | Command::Faster | Command::Slower | Command::TakeOver
    )
}

/// Keys given to commands by the player, before the standard map.
///
/// ```
/// use npuzzle_core::{Move};
/// use npuzzle_game::{Command, Key, KeyMap};
/// let keys: KeyMap = "up=i, left=j, hint=space".parse().unwrap();
/// assert_eq!(keys.command(Key::Char('i'), false, false), Some(Command::Slide(Move::Up)));
/// assert_eq!(keys.command(Key::Char(' '), false, false), Some(Command::Hint));
/// // Keys not chosen keep their standard meaning.
/// assert_eq!(keys.command(Key::Char('u'), false, false), Some(Command::Undo));
/// assert_eq!(keys.to_string(), "up=i,left=j,hint=space");
/// assert!("jump=x".parse::<KeyMap>().unwrap_err().to_string().contains("no command 'jump'"));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KeyMap {
    keys: Vec<(char, &'static str, Command)>,
}

/// Why a key map cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum KeyMapError {
    /// A part that is not `command=key`.
    #[error("'{0}' is not command=key (for example up=i)")]
    NotAPair(String),
    /// A command name that does not exist.
    #[error("there is no command '{name}': choose from {}", NAMED.map(|(n, _)| n).join(", "))]
    UnknownCommand {
        /// The name given.
        name: String,
    },
    /// A key that is not one character (or `space`).
    #[error("'{0}' is not one key: give one character, or space")]
    NotOneKey(String),
    /// The same key given to two commands.
    #[error("the key '{key}' is given to both {first} and {second}")]
    Twice {
        /// The key.
        key: String,
        /// The first command it was given to.
        first: &'static str,
        /// The second.
        second: &'static str,
    },
}

/// How a key is written: itself, or `space`.
fn key_name(c: char) -> String {
    if c == ' ' {
        "space".to_string()
    } else {
        c.to_string()
    }
}

impl FromStr for KeyMap {
    type Err = KeyMapError;

    fn from_str(text: &str) -> Result<KeyMap, KeyMapError> {
        let mut keys: Vec<(char, &'static str, Command)> = Vec::new();
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (name, key) = part
                .split_once('=')
                .ok_or_else(|| KeyMapError::NotAPair(part.to_string()))?;
            let (name, key) = (name.trim(), key.trim());
            let (name, command) = NAMED
                .iter()
                .find(|(n, _)| n.eq_ignore_ascii_case(name))
                .map(|(n, command)| (*n, command.clone()))
                .ok_or_else(|| KeyMapError::UnknownCommand {
                    name: name.to_string(),
                })?;
            let mut chars = key.chars();
            let c = match (chars.next(), chars.next()) {
                _ if key.eq_ignore_ascii_case("space") => ' ',
                (Some(c), None) => c,
                _ => return Err(KeyMapError::NotOneKey(key.to_string())),
            };
            // A key may serve one command while playing and one in god mode.
            if let Some(&(_, first, _)) = keys
                .iter()
                .find(|(k, _, other)| *k == c && in_god_mode(other) == in_god_mode(&command))
            {
                return Err(KeyMapError::Twice {
                    key: key_name(c),
                    first,
                    second: name,
                });
            }
            keys.push((c, name, command));
        }
        Ok(KeyMap { keys })
    }
}

impl fmt::Display for KeyMap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self
            .keys
            .iter()
            .map(|(c, name, _)| format!("{name}={}", key_name(*c)))
            .collect();
        f.write_str(&parts.join(","))
    }
}

impl KeyMap {
    /// Whether no key was chosen.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// The command `key` stands for: the player's choice for a character (without Control; god
    /// mode's commands only while the computer plays, the others only while the player does),
    /// else the standard map ([`Command::from_key`]).
    pub fn command(&self, key: Key, control: bool, god: bool) -> Option<Command> {
        if let Key::Char(c) = key
            && !control
            && let Some((_, _, command)) = self
                .keys
                .iter()
                .find(|(k, _, command)| *k == c && in_god_mode(command) == god)
        {
            return Some(command.clone());
        }
        Command::from_key(key, control, god)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_fault_is_named() {
        let fault = |text: &str| text.parse::<KeyMap>().unwrap_err().to_string();
        assert!(fault("up").contains("not command=key"));
        assert!(fault("up=ij").contains("not one key"));
        assert!(fault("up=i,down=i").contains("given to both up and down"));
        assert_eq!("".parse::<KeyMap>().unwrap(), KeyMap::default());
    }

    #[test]
    fn god_mode_keys_are_apart() {
        let keys: KeyMap = "up=p, pause=p, step=n".parse().unwrap();
        assert_eq!(
            keys.command(Key::Char('p'), false, false),
            Some(Command::Slide(Move::Up))
        );
        assert_eq!(
            keys.command(Key::Char('p'), false, true),
            Some(Command::Pause)
        );
        assert_eq!(
            keys.command(Key::Char('n'), false, true),
            Some(Command::Step)
        );
        // Outside god mode n keeps its meaning; Control keys are never remapped.
        assert_eq!(
            keys.command(Key::Char('n'), false, false),
            Some(Command::NewGame)
        );
        assert_eq!(keys.command(Key::Char('p'), true, false), None);
    }
}
