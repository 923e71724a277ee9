//! Pattern-database events on the command line: what is built and why, with a progress bar on
//! standard error. The cache folder and its files are the library's [`npuzzle_heuristic::pdb::Store`].

use indicatif::{ProgressBar, ProgressStyle};
use npuzzle_core::Size;
use npuzzle_heuristic::pdb::{Event, policy};

/// Runs `work` with a reporter that shows each database build of a `size` board.
pub fn with_progress<T>(size: Size, work: impl FnOnce(&mut dyn FnMut(Event)) -> T) -> T {
    let mut bar: Option<ProgressBar> = None;
    let mut hinted = false;
    let result = work(&mut |event| match event {
        Event::Planned(cost) => {
            eprintln!(
                "npuzzle: building the {size} pattern databases this needs, once: about {:.0} s \
                 and {} MB of memory (npuzzle pdb build builds them ahead of time)",
                cost.seconds.ceil(),
                cost.bytes.div_ceil(1 << 20)
            );
        }
        Event::Building { tiles, reason } => {
            // Building the databases made on first use: the fastest are worth building once.
            if !hinted
                && let Some(fastest) = policy::fastest(size)
                && policy::on_demand(size).is_some_and(|made| made != fastest)
            {
                hinted = true;
                eprintln!(
                    "npuzzle: for the fastest {size} solving: npuzzle pdb build --size {size} \
                     --partition {fastest} (minutes, once)"
                );
            }
            let message = format!("building the {size} database of tiles {tiles:?} ({reason})");
            eprintln!("npuzzle: {message}");
            bar = Some(bar_of(message));
        }
        Event::BuildingMachine {
            depth,
            reason,
            cost,
        } => {
            eprintln!(
                "npuzzle: building the {size} move-pruning machine of depth {depth} this needs, \
                 once ({reason}): about {:.0} s and {} MB of memory (npuzzle pdb build builds it \
                 ahead of time)",
                cost.seconds.ceil(),
                cost.bytes.div_ceil(1 << 20)
            );
            let message = format!("building the {size} machine of depth {depth}");
            bar = Some(bar_of(message));
        }
        Event::Progress(done, total) => {
            if let Some(bar) = &bar {
                bar.set_length(total);
                bar.set_position(done);
            }
        }
        Event::Saved { path, capped } => {
            if let Some(bar) = bar.take() {
                bar.finish_and_clear();
            }
            eprintln!("npuzzle: built {}", path.display());
            if capped > 0 {
                eprintln!(
                    "npuzzle: {capped} entries exceed what 4 bits hold and were lowered (still admissible)"
                );
            }
        }
        Event::NotSaved { error } => {
            if let Some(bar) = bar.take() {
                bar.finish_and_clear();
            }
            eprintln!("npuzzle: built in memory for this run only; could not save it: {error}");
        }
    });
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    result
}

/// A progress bar on standard error saying `message`.
fn bar_of(message: String) -> ProgressBar {
    let progress = ProgressBar::new(0).with_style(
        ProgressStyle::with_template("{msg} [{bar:30}] {percent}% {elapsed}")
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> "),
    );
    progress.set_message(message);
    progress
}
