//! What the player asks for, read from a key (the full-screen game, the web page) or a typed
//! line (the line mode), in English or Portuguese: one vocabulary for every front end.

use thiserror::Error;

use npuzzle_core::moves::Move;

/// A key, as any front end reports it (a terminal's key event, a browser's `KeyboardEvent.key`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// A printable character.
    Char(char),
    /// Arrow up.
    Up,
    /// Arrow down.
    Down,
    /// Arrow left.
    Left,
    /// Arrow right.
    Right,
    /// Enter or Return.
    Enter,
    /// Escape.
    Esc,
    /// Backspace.
    Backspace,
    /// A function key (F1 is help).
    F(u8),
}

impl Key {
    /// The key a browser's `KeyboardEvent.key` names (`"ArrowUp"`, `"Enter"`, `"u"`, …).
    pub fn from_browser(name: &str) -> Option<Key> {
        Some(match name {
            "ArrowUp" => Key::Up,
            "ArrowDown" => Key::Down,
            "ArrowLeft" => Key::Left,
            "ArrowRight" => Key::Right,
            "Enter" => Key::Enter,
            "Escape" => Key::Esc,
            "Backspace" => Key::Backspace,
            "F1" => Key::F(1),
            _ => {
                let mut chars = name.chars();
                let c = chars.next()?;
                return chars.next().is_none().then_some(Key::Char(c));
            }
        })
    }
}

/// Something the player asks for.
///
/// ```
/// use npuzzle_core::{Move};
/// use npuzzle_game::{Command, Key};
/// assert_eq!(Command::from_key(Key::Left, false, false), Some(Command::Slide(Move::Left)));
/// assert_eq!(Command::from_key(Key::Char('z'), true, false), Some(Command::Undo));
/// assert_eq!(Command::parse("12").unwrap(), Some(Command::Tile(12)));
/// assert_eq!(Command::parse("desfazer").unwrap(), Some(Command::Undo));
/// assert_eq!(Command::parse("save game.json").unwrap(), Some(Command::Save(Some("game.json".into()))));
/// assert!(Command::parse("fly").is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Slide a tile in this direction (an arrow, WASD or HJKL; before the blank-keys setting).
    Slide(Move),
    /// Move tile number N, which must be next to the blank (the seed games' rule).
    Tile(u64),
    /// A digit of a tile number being typed.
    Digit(char),
    /// Delete the last digit typed.
    Erase,
    /// Move the tile whose number was typed.
    Enter,
    /// Take back the last action.
    Undo,
    /// Play again what was taken back.
    Redo,
    /// Start this position again.
    Restart,
    /// A new game.
    NewGame,
    /// Show the next move (help: the game becomes assisted).
    Hint,
    /// The computer solves from here (help).
    Solve,
    /// Show or hide the optimal distance (help while shown).
    ToggleDistance,
    /// Arrows move the blank instead of tiles, or back.
    FlipArrows,
    /// Save the game (to this file, or the default place).
    Save(Option<String>),
    /// Load a saved game from this file.
    Load(Option<String>),
    /// Show or hide the help.
    Help,
    /// Leave.
    Quit,
    /// God mode: pause or resume.
    Pause,
    /// God mode: one move while paused.
    Step,
    /// God mode: faster.
    Faster,
    /// God mode: slower.
    Slower,
    /// Stop god mode and play on from here.
    TakeOver,
    /// Watch the game just won again, as it was played.
    Watch,
}

/// A typed line that is no command.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown command '{0}'")]
pub struct UnknownCommand(pub String);

impl Command {
    /// The command a key stands for: with Control held, or while the computer plays (god
    /// mode), keys mean other things.
    pub fn from_key(key: Key, control: bool, god: bool) -> Option<Command> {
        use Command::*;
        if control {
            return match key {
                Key::Char('c' | 'q') => Some(Quit),
                Key::Char('z') => Some(Undo),
                Key::Char('y') => Some(Redo),
                _ => None,
            };
        }
        if god {
            return match key {
                Key::Char(' ' | 'p') => Some(Pause),
                Key::Char('.') | Key::Right => Some(Step),
                Key::Char('+' | '=') | Key::Up => Some(Faster),
                Key::Char('-') | Key::Down => Some(Slower),
                Key::Char('c') | Key::Esc | Key::Enter => Some(TakeOver),
                Key::Char('q') => Some(Quit),
                _ => None,
            };
        }
        Some(match key {
            Key::Up | Key::Char('w' | 'k') => Slide(Move::Up),
            Key::Down | Key::Char('s' | 'j') => Slide(Move::Down),
            Key::Left | Key::Char('a' | 'h') => Slide(Move::Left),
            Key::Right | Key::Char('d' | 'l') => Slide(Move::Right),
            Key::Char(c) if c.is_ascii_digit() => Digit(c),
            Key::Backspace => Erase,
            Key::Enter => Enter,
            Key::Char('u' | 'z') => Undo,
            Key::Char('r' | 'y') => Redo,
            Key::Char('R') => Restart,
            Key::Char('n') => NewGame,
            Key::Char('i') => Hint,
            Key::Char('o') => ToggleDistance,
            Key::Char('g') => Solve,
            Key::Char('m') => FlipArrows,
            Key::Char('v') => Watch,
            Key::Char('S') => Save(None),
            Key::Char('?') | Key::F(1) => Help,
            Key::Char('q') | Key::Esc => Quit,
            _ => return None,
        })
    }

    /// The command a typed line asks for (`None` for a blank line): a tile number, or a word
    /// in English or Portuguese (`u`/`undo`/`desfazer`, `save FILE`/`guardar FICHEIRO`, …).
    pub fn parse(line: &str) -> Result<Option<Command>, UnknownCommand> {
        use Command::*;
        let mut words = line.split_whitespace();
        let Some(first) = words.next() else {
            return Ok(None);
        };
        let argument = words.next().map(str::to_string);
        let command = match first.to_lowercase().as_str() {
            "q" | "quit" | "exit" | "sair" => Quit,
            "?" | "h" | "help" | "ajuda" => Help,
            "u" | "undo" | "desfazer" => Undo,
            "r" | "redo" | "refazer" => Redo,
            "restart" | "recomeçar" | "recomecar" => Restart,
            "n" | "new" | "novo" => NewGame,
            "i" | "hint" | "dica" => Hint,
            "g" | "god" | "solve" | "resolver" => Solve,
            "save" | "guardar" => Save(argument),
            "load" | "carregar" => Load(argument),
            word => match word.parse::<u64>() {
                Ok(tile) => Tile(tile),
                Err(_) => return Err(UnknownCommand(line.trim().to_string())),
            },
        };
        Ok(Some(command))
    }

    /// The command's name, for front ends that dispatch on text (the web page).
    pub fn name(&self) -> &'static str {
        use Command::*;
        match self {
            Slide(Move::Up) => "up",
            Slide(Move::Down) => "down",
            Slide(Move::Left) => "left",
            Slide(Move::Right) => "right",
            Tile(_) => "tile",
            Digit(_) => "digit",
            Erase => "erase",
            Enter => "enter",
            Undo => "undo",
            Redo => "redo",
            Restart => "restart",
            NewGame => "new",
            Hint => "hint",
            Solve => "solve",
            ToggleDistance => "distance",
            FlipArrows => "flip",
            Save(_) => "save",
            Load(_) => "load",
            Help => "help",
            Quit => "quit",
            Pause => "pause",
            Step => "step",
            Faster => "faster",
            Slower => "slower",
            TakeOver => "take-over",
            Watch => "watch",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_words_and_names() {
        assert_eq!(Command::from_key(Key::Char('x'), false, false), None);
        assert_eq!(
            Command::from_key(Key::Up, false, true),
            Some(Command::Faster)
        );
        assert_eq!(
            Command::from_key(Key::Esc, false, false),
            Some(Command::Quit)
        );
        assert_eq!(Command::parse("   ").unwrap(), None);
        assert_eq!(
            Command::parse("LOAD x").unwrap(),
            Some(Command::Load(Some("x".into())))
        );
        assert_eq!(Command::parse("recomeçar").unwrap(), Some(Command::Restart));
        assert_eq!(Key::from_browser("ArrowLeft"), Some(Key::Left));
        assert_eq!(Key::from_browser("é"), Some(Key::Char('é')));
        assert_eq!(Key::from_browser("Shift"), None);
        assert_eq!(Command::Slide(Move::Up).name(), "up");
    }
}
