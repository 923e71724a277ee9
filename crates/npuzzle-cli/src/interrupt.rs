//! Ctrl-C, SIGTERM and SIGHUP in a batch: the first one stops the searches under way so that
//! everything finished is written whole before exiting with status 128 + the signal's number
//! (130, 143, 129, as shells report); a second one exits at once.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicI32, Ordering};

use npuzzle_search::Cancel;
use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};

/// The token every search of this process holds, cancelled by the first signal.
static TOKEN: OnceLock<Cancel> = OnceLock::new();

/// The signal that cancelled [`TOKEN`] (0 before any).
static SIGNAL: AtomicI32 = AtomicI32::new(0);

/// The process's cancel token, with the signal handlers installed on first use (where they
/// cannot be installed, the signals keep their default and the token is never cancelled).
pub fn token() -> Cancel {
    TOKEN
        .get_or_init(|| {
            let token = Cancel::new();
            let cancel = token.clone();
            if let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP])
            {
                std::thread::spawn(move || {
                    for signal in signals.forever() {
                        if cancel.is_cancelled() {
                            std::process::exit(128 + signal);
                        }
                        SIGNAL.store(signal, Ordering::SeqCst);
                        cancel.cancel();
                    }
                });
            }
            token
        })
        .clone()
}

/// Whether a signal stopped the work.
pub fn interrupted() -> bool {
    TOKEN.get().is_some_and(Cancel::is_cancelled)
}

/// The exit status after an interruption: 128 + the signal (130 for Ctrl-C).
pub fn exit_status() -> u8 {
    match SIGNAL.load(Ordering::SeqCst) {
        0 => 130,
        signal => (128 + signal) as u8,
    }
}

/// The signal's name, for the closing message.
pub fn signal_name() -> &'static str {
    match SIGNAL.load(Ordering::SeqCst) {
        SIGTERM => "SIGTERM",
        SIGHUP => "SIGHUP",
        _ => "Ctrl-C",
    }
}
