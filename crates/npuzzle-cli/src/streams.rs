//! Whether standard output was open when the process started. The Rust runtime puts `/dev/null`
//! in place of a closed standard stream before `main` (so that no file opened later takes its
//! descriptor and receives the program's output), after which every answer would vanish without
//! a word and the command would claim success: so the descriptor is looked at before that, once.

use std::sync::atomic::{AtomicBool, Ordering};

/// Set before `main` when descriptor 1 was closed.
static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

/// Asks the kernel whether descriptor 1 is open (Linux; elsewhere nothing is told): one system
/// call and an atomic store, no code of the standard library, which is not set up yet.
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
extern "C" fn look_at_stdout() {
    // SAFETY: `fcntl(F_GETFD)` only reads the descriptor table; it fails with EBADF for a
    // descriptor that is not open, and touches no memory of the process.
    let closed = unsafe { libc::fcntl(1, libc::F_GETFD) } == -1;
    STDOUT_CLOSED.store(closed, Ordering::SeqCst);
}

/// Runs [`look_at_stdout`] before the runtime starts, as constructors do.
///
/// Safety: the function runs once, on the only thread, before `main`; it makes one system call
/// and stores a flag, and touches nothing the runtime sets up. This is the one way to
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
