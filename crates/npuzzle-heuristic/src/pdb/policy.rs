//! Which pattern databases a board gets, and what happens when they are missing: the one policy
//! the solvers, the store, the game's help, the web page and the command line's hints follow.
//!
//! | board | databases, fastest first | when none is built |
//! |---|---|---|
//! | 4×4 | 7-8 (2 minutes, 288 MB), 6-6-3 (seconds, 6 MB) | 6-6-3 is built on first use |
//! | 5×5 | zero-aware 6-6-6-6 (4 minutes, 1.3 GB; 4.7 GB while building), 6-6-6-6 (3 minutes, 255 MB) | solved without (the anytime solver) |
//! | any other | none | solved without |
//!
//! Databases asked for by name are built when missing, unless the caller's limits cannot afford
//! the build (then they are refused with its estimate).

use npuzzle_core::Size;

use super::partition::Partition;

/// Whether a board's databases are read into memory advised onto huge pages: only past the 4×4.
/// A 24-puzzle's searches run minutes to hours, and the pages save 8 to 12 % of them; a
/// 15-puzzle's end in tenths of a second, about as fast either way, while finding the pages can
/// mean compacting memory first (the kernel's `defrag=madvise`), in the process's own time: up to
/// 0.45 s on Korf's 100 where the search is 0.14 s (EXPERIMENTS.md, "Huge pages"). The others are
/// mapped from the page cache under a read lease where the system gives one (no copy, no fault a
/// page: Korf's 100's whole run 0.19 s against 0.30 s read; see [`npuzzle_files::leased`]).
///
/// ```
/// use npuzzle_heuristic::pdb::policy;
/// assert!(!policy::huge_pages("4".parse().unwrap()));
/// assert!(policy::huge_pages("5".parse().unwrap()));
/// ```
pub fn huge_pages(size: Size) -> bool {
    size.cells() > 16
}

/// What a solve does when a board's databases are not built yet.
///
/// ```
/// use npuzzle_heuristic::pdb::policy::{self, WhenMissing};
/// let five = policy::candidates("5".parse().unwrap());
/// assert_eq!(five[0].1, WhenMissing::Skip); // z:6666 takes minutes: built only when asked
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WhenMissing {
    /// Build them on first use (they take seconds).
    Build,
    /// Solve without them (they take minutes: built only when asked for).
    Skip,
}

/// The databases worth having for boards of `size`, fastest first, each with what happens
/// when it is missing.
///
/// ```
/// use npuzzle_heuristic::pdb::{policy, Partition};
/// let four = policy::candidates("4".parse().unwrap());
/// assert_eq!(four[0].0, Partition::Named("78"));
/// assert_eq!(four[1], (Partition::Named("663"), policy::WhenMissing::Build));
/// assert!(policy::candidates("6".parse().unwrap()).is_empty());
/// ```
pub fn candidates(size: Size) -> Vec<(Partition, WhenMissing)> {
    match (size.width(), size.height()) {
        (4, 4) => vec![
            (Partition::Named("78"), WhenMissing::Skip),
            (Partition::Named("663"), WhenMissing::Build),
        ],
        (5, 5) => vec![
            (
                Partition::ZeroAware(Box::new(Partition::Named("6666"))),
                WhenMissing::Skip,
            ),
            (Partition::Named("6666"), WhenMissing::Skip),
        ],
        _ => Vec::new(),
    }
}

/// The databases a solve of a `size` board uses when none were named: the fastest that `built`
/// says is there, else the first that is built on first use; `None`: solve without.
///
/// ```
/// use npuzzle_heuristic::pdb::{policy, Partition};
/// let four = "4".parse().unwrap();
/// assert_eq!(policy::choose(four, |_| false), Some(Partition::Named("663")));
/// assert_eq!(policy::choose(four, |p| *p == Partition::Named("78")), Some(Partition::Named("78")));
/// assert_eq!(policy::choose("5".parse().unwrap(), |_| false), None);
/// ```
pub fn choose(size: Size, built: impl Fn(&Partition) -> bool) -> Option<Partition> {
    let candidates = candidates(size);
    candidates
        .iter()
        .find(|(partition, _)| built(partition))
        .or_else(|| {
            candidates
                .iter()
                .find(|(_, when)| *when == WhenMissing::Build)
        })
        .map(|(partition, _)| partition.clone())
}

/// The fastest databases for boards of `size`, worth building ahead of time (`pdb build`'s hint
/// and the partition it builds when none is named: for 4×4 the one built in seconds).
///
/// ```
/// use npuzzle_heuristic::pdb::{policy, Partition};
/// assert_eq!(policy::fastest("5".parse().unwrap()), Some("z:6666".parse().unwrap()));
/// ```
pub fn fastest(size: Size) -> Option<Partition> {
    candidates(size).into_iter().next().map(|(p, _)| p)
}

/// The databases built on first use for boards of `size`, if any: what a front end that cannot
/// wait minutes (the game's help, the web page) prepares.
///
/// ```
/// use npuzzle_heuristic::pdb::{policy, Partition};
/// assert_eq!(policy::on_demand("4".parse().unwrap()), Some(Partition::Named("663")));
/// assert_eq!(policy::on_demand("5".parse().unwrap()), None);
/// ```
pub fn on_demand(size: Size) -> Option<Partition> {
    candidates(size)
        .into_iter()
        .find(|(_, when)| *when == WhenMissing::Build)
        .map(|(p, _)| p)
}

/// The databases used when some are asked for without a name (`--heuristic pdb`, or
/// `pdb build` without a partition): those built on first use where there are (4×4: 6-6-3),
/// else the fastest (5×5: the zero-aware 6-6-6-6), else [`Partition::Auto`].
///
/// ```
/// use npuzzle_heuristic::pdb::{policy, Partition};
/// assert_eq!(policy::when_asked("4".parse().unwrap()), Partition::Named("663"));
/// assert_eq!(policy::when_asked("5".parse().unwrap()).to_string(), "z:6666");
/// assert_eq!(policy::when_asked("3".parse().unwrap()), Partition::Auto);
/// ```
pub fn when_asked(size: Size) -> Partition {
    on_demand(size)
        .or_else(|| fastest(size))
        .unwrap_or(Partition::Auto)
}

/// Whether solves of `size` boards use databases at all when none are asked for.
///
/// ```
/// use npuzzle_heuristic::pdb::policy;
/// assert!(policy::applies("4".parse().unwrap()) && policy::applies("5".parse().unwrap()));
/// assert!(!policy::applies("3".parse().unwrap()) && !policy::applies("6".parse().unwrap()));
/// ```
pub fn applies(size: Size) -> bool {
    !candidates(size).is_empty()
}
