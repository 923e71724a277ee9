//! The game's words in English and in Portuguese.

use std::fmt;
use std::str::FromStr;

use npuzzle_core::GameError;

/// A language of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    /// English.
    En,
    /// Portuguese.
    Pt,
}

impl Lang {
    /// The language of the user's locale (`LC_ALL`, `LC_MESSAGES`, `LANG`): Portuguese for `pt…`,
    /// else English.
    pub fn from_environment() -> Lang {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .filter_map(|var| std::env::var(var).ok())
            .find(|value| !value.is_empty())
            .map_or(Lang::En, |value| {
                if value.to_ascii_lowercase().starts_with("pt") {
                    Lang::Pt
                } else {
                    Lang::En
                }
            })
    }

    /// Picks the English or the Portuguese text.
    pub fn pick<'a>(self, en: &'a str, pt: &'a str) -> &'a str {
        match self {
            Lang::En => en,
            Lang::Pt => pt,
        }
    }

    /// "Game finished in N moves."
    pub fn finished(self, moves: usize) -> String {
        match self {
            Lang::En => format!("Game finished in {}.", self.count_moves(moves)),
            Lang::Pt => format!("Jogo terminado em {}.", self.count_moves(moves)),
        }
    }

    /// "1 move", "N moves".
    pub fn count_moves(self, n: usize) -> String {
        match (self, n) {
            (Lang::En, 1) => "1 move".to_string(),
            (Lang::En, n) => format!("{n} moves"),
            (Lang::Pt, 1) => "1 movimento".to_string(),
            (Lang::Pt, n) => format!("{n} movimentos"),
        }
    }

    /// The move counter.
    pub fn moves(self, stm: usize, mtm: usize) -> String {
        match self {
            Lang::En => format!("Moves: {stm} ({mtm} MTM)"),
            Lang::Pt => format!("Movimentos: {stm} ({mtm} MTM)"),
        }
    }

    /// Why a move was refused.
    pub fn refusal(self, error: &GameError) -> String {
        match (self, error) {
            (Lang::En, error) => format!("{}.", capitalise(&error.to_string())),
            (Lang::Pt, GameError::NoSuchTile { tile, max }) => {
                format!("Não existe a peça {tile}: escolha um número de 1 a {max}.")
            }
            (Lang::Pt, GameError::NotAdjacent(tile)) => {
                format!("A peça {tile} não pode mover-se: não está ao lado do espaço vazio.")
            }
            (Lang::Pt, GameError::NotInLine(tile)) => {
                format!(
                    "A peça {tile} não pode deslizar: não está na linha nem na coluna do espaço vazio."
                )
            }
            (Lang::Pt, GameError::NoTileThere) => "Não há nenhuma peça aí.".to_string(),
            (Lang::Pt, GameError::Illegal(_)) => {
                "Não há nenhuma peça desse lado do espaço vazio.".to_string()
            }
            (Lang::Pt, GameError::Finished) => "O puzzle já está resolvido.".to_string(),
            (Lang::Pt, GameError::Unsolvable(_)) => "Esta posição não tem solução.".to_string(),
        }
    }
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.pick("en", "pt"))
    }
}

impl FromStr for Lang {
    type Err = String;
    fn from_str(text: &str) -> Result<Lang, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "en" | "english" => Ok(Lang::En),
            "pt" | "portuguese" | "português" | "portugues" => Ok(Lang::Pt),
            _ => Err(format!("unknown language '{text}': use en or pt")),
        }
    }
}
