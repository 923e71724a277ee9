//! Pattern-database events on the command line: what is built and why, with a progress bar on
//! standard error. The cache folder and its files are the library's [`npuzzle_heuristic::pdb::Store`].

use indicatif::{ProgressBar, ProgressStyle};
use npuzzle_core::Size;
use npuzzle_heuristic::pdb::{Cost, Event, policy};

/// Runs `work` with a reporter that shows each database build of a `size` board.
pub fn with_progress<T>(size: Size, work: impl FnOnce(&mut dyn FnMut(Event)) -> T) -> T {
    let mut reporter = Reporter {
        size,
        bar: None,
        hinted: false,
    };
    let result = work(&mut |event| reporter.on(event));
    reporter.clear_bar();
    result
}

/// What the command line shows of the builds for one board size: a line per event and a bar
/// while a build runs.
struct Reporter {
    size: Size,
    bar: Option<ProgressBar>,
    /// Whether the way to the fastest databases has been said already.
    hinted: bool,
}

impl Reporter {
    fn on(&mut self, event: Event) {
        let size = self.size;
        match event {
            Event::Planned(cost) => eprintln!(
                "npuzzle: building the {size} pattern databases this needs, once: {} and {} MB of \
                 memory (npuzzle pdb build builds them ahead of time)",
                duration(cost),
                cost.bytes.div_ceil(1 << 20)
            ),
            Event::Building { tiles, reason } => {
                self.hint_fastest();
                let message = format!("building the {size} database of tiles {tiles:?} ({reason})");
                eprintln!("npuzzle: {message}");
                self.bar = Some(bar_of(message));
            }
            Event::BuildingMachine {
                depth,
                reason,
                cost,
            } => {
                eprintln!(
                    "npuzzle: building the {size} move-pruning machine of depth {depth} this \
                     needs, once ({reason}): {} and {} MB of memory (npuzzle pdb build builds \
                     it ahead of time)",
                    duration(cost),
                    cost.bytes.div_ceil(1 << 20)
                );
                self.bar = Some(bar_of(format!(
                    "building the {size} machine of depth {depth}"
                )));
            }
            Event::Progress(done, total) => {
                if let Some(bar) = &self.bar {
                    bar.set_length(total);
                    bar.set_position(done);
                }
            }
            Event::Saved { path, capped } => {
                self.clear_bar();
                eprintln!("npuzzle: built {}", path.display());
                if capped > 0 {
                    eprintln!(
                        "npuzzle: {capped} entries exceed what 4 bits hold and were lowered \
                         (still admissible)"
                    );
                }
            }
            Event::NotSaved { error } => {
                self.clear_bar();
                eprintln!("npuzzle: built in memory for this run only; could not save it: {error}");
            }
        }
    }

    /// Building the databases made on first use: says once that the fastest are worth building.
    fn hint_fastest(&mut self) {
        let size = self.size;
        if !self.hinted
            && let Some(fastest) = policy::fastest(size)
            && policy::on_demand(size).is_some_and(|made| made != fastest)
        {
            self.hinted = true;
            eprintln!(
                "npuzzle: for the fastest {size} solving: npuzzle pdb build --size {size} \
                 --partition {fastest} (minutes, once)"
            );
        }
    }

    fn clear_bar(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
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

/// How long a build of `cost` takes, from the faster kind of machine to the slower: "about 190
/// to 410 s", or one figure when they round alike.
fn duration(cost: Cost) -> String {
    let (fast, slow) = (
        cost.seconds.ceil(),
        cost.seconds_on_slower_machines().ceil(),
    );
    if slow > fast {
        format!("about {fast:.0} to {slow:.0} s")
    } else {
        format!("about {fast:.0} s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_build_takes_the_two_kinds_of_machine_figures() {
        let machine = Cost::of_machine("5".parse().unwrap(), 20);
        assert_eq!(duration(machine), "about 188 to 414 s");
        let tiny = Cost {
            seconds: 0.01,
            bytes: 0,
        };
        assert_eq!(duration(tiny), "about 1 s");
    }
}
