//! The page's language: one for the whole page (the player's choice), in which the core words
//! what the game did, its refusals, the win's figures and the daily result to share.

use std::cell::Cell;

use npuzzle_game::Lang;
use wasm_bindgen::prelude::*;

thread_local! {
    static LANGUAGE: Cell<Lang> = const { Cell::new(Lang::En) };
}

/// The language the page speaks now.
pub(crate) fn lang() -> Lang {
    LANGUAGE.with(Cell::get)
}

/// Makes the core speak `name` (`en` or `pt`) on this page; an unknown name is refused and the
/// language stays as it was.
///
/// ```
/// use npuzzle_web::set_language;
/// assert!(set_language("pt").is_ok());
/// assert!(set_language("xx").is_err());
/// ```
#[wasm_bindgen]
pub fn set_language(name: &str) -> Result<(), String> {
    let chosen: Lang = name.parse()?;
    LANGUAGE.with(|language| language.set(chosen));
    Ok(())
}
