//! Whether standard output was open when the process started. The Rust runtime puts `/dev/null`
//! in place of a closed standard stream before `main` (so that no file opened later takes its
//! descriptor and receives the program's output), after which every answer would vanish without
//! a word and the command would claim success: so the descriptor is looked at before that, once.

use std::sync::atomic::{AtomicBool, Ordering};

/// Set before `main` when descriptor 1 was closed.
static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

/// Looks at descriptor 1 through `/proc` (Linux; elsewhere nothing is told).
#[cfg(target_os = "linux")]
extern "C" fn look_at_stdout() {
    let proc_fds = std::path::Path::new("/proc/self/fd");
    let closed = proc_fds.exists() && std::fs::symlink_metadata(proc_fds.join("1")).is_err();
    STDOUT_CLOSED.store(closed, Ordering::SeqCst);
}

/// Runs [`look_at_stdout`] before the runtime starts, as constructors do.
///
/// Safety: the function runs once, on the only thread, before `main`; it reads one path's
/// metadata and stores a flag, and touches nothing the runtime sets up. This is the one way to
/// see a closed descriptor before the runtime fills it.
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
#[used]
#[unsafe(link_section = ".init_array")]
static LOOK_BEFORE_MAIN: extern "C" fn() = look_at_stdout;

/// Whether standard output was closed when the process started.
pub fn stdout_was_closed() -> bool {
    STDOUT_CLOSED.load(Ordering::SeqCst)
}
