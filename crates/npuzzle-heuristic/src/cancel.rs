//! The token that stops a search or a database build from another thread.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// A flag that stops a search from another thread: clone it, hand one copy to the search
/// (a search through its limits, a database build through `pdb::Store::stopped_by`) and call [`Cancel::cancel`] on the other.
///
/// ```
/// use npuzzle_heuristic::Cancel;
/// let token = Cancel::new();
/// let held = token.clone();
/// token.cancel();
/// assert!(held.is_cancelled());
/// ```
#[derive(Clone, Debug, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    /// A token not yet cancelled.
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// Asks every search holding this token to stop.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether [`Cancel::cancel`] has been called.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

impl PartialEq for Cancel {
    fn eq(&self, other: &Cancel) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for Cancel {}
