//! Ctrl-C in a batch: the first one stops the searches under way so that everything finished is
//! written before exiting with status 130; a second one exits at once.

use std::sync::OnceLock;

use npuzzle_search::Cancel;

/// The token every search of this process holds, cancelled by the first Ctrl-C.
static TOKEN: OnceLock<Cancel> = OnceLock::new();

/// The process's cancel token, with the Ctrl-C handler installed on first use (where the handler
/// cannot be installed, Ctrl-C keeps its default and the token is never cancelled).
pub fn token() -> Cancel {
    TOKEN
        .get_or_init(|| {
            let token = Cancel::new();
            let cancel = token.clone();
            let _ = ctrlc::set_handler(move || {
                if cancel.is_cancelled() {
                    std::process::exit(130);
                }
                cancel.cancel();
            });
            token
        })
        .clone()
}

/// Whether Ctrl-C was pressed.
pub fn interrupted() -> bool {
    TOKEN.get().is_some_and(Cancel::is_cancelled)
}
