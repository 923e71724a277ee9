//! A line on standard error while one long search runs (only on a terminal): its threshold, the
//! iteration's subtrees finished, the nodes of those subtrees, and the time.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};
use npuzzle_search::Progress;

/// How often the line is redrawn.
const EVERY: Duration = Duration::from_millis(250);

/// How long a search runs before its line is first drawn (a quick one shows none).
const AFTER: Duration = Duration::from_secs(1);

/// Runs `work`, showing `progress` (when there is one) on standard error until it ends.
pub fn shown<T: Send>(progress: Option<&Progress>, work: impl FnOnce() -> T + Send) -> T {
    let Some(progress) = progress else {
        return work();
    };
    let bar = ProgressBar::new_spinner().with_style(
        ProgressStyle::with_template("{spinner} {msg} {elapsed}")
            .unwrap_or_else(|_| ProgressStyle::default_spinner()),
    );
    let done = AtomicBool::new(false);
    let result = std::thread::scope(|scope| {
        let drawer = scope.spawn(|| {
            std::thread::park_timeout(AFTER);
            while !done.load(Ordering::Relaxed) {
                bar.set_message(line(progress));
                bar.tick();
                std::thread::park_timeout(EVERY);
            }
        });
        let result = work();
        done.store(true, Ordering::Relaxed);
        drawer.thread().unpark();
        result
    });
    bar.finish_and_clear();
    result
}

/// What the search has done, in words.
fn line(progress: &Progress) -> String {
    let (finished, all) = progress.subtrees();
    match progress.bound() {
        0 => "searching".to_string(),
        bound => format!(
            "threshold {bound}: {finished} of {all} subtrees searched, {:.2e} nodes",
            progress.expanded() as f64
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_says_the_threshold_and_the_subtrees() {
        let progress = Progress::default();
        assert_eq!(line(&progress), "searching");
        assert_eq!(shown(Some(&progress), || 7), 7);
    }
}
