//! `npuzzle lab`: a search watched (`npuzzle_search::algorithm::observe`), each step said in a
//! sentence, in the game's language: what the algorithm just did and why. In a terminal it is a
//! full screen to step and play (`screen`); with `--plain`, or when not in a terminal, the steps
//! are printed, capped; the search itself runs to its end and its figures close the lesson.

use std::io::{IsTerminal, Write};

mod screen;
mod tree;

use anyhow::Context;
use npuzzle_core::{Board, Goal};
use npuzzle_game::Lang;
use npuzzle_game::lab::{LAB_NODES, Narrator};
use npuzzle_search::algorithm::observe::Event;
use npuzzle_search::{Algorithm, HeuristicKind, SolveError, Solver};

use crate::cli::{LabArgs, SearchArgs};
use crate::search::Prepared;
use crate::status::Status;

/// The position the lab starts from when none is given: six moves from the 8-puzzle's goal.
const EXAMPLE: &str = "4 1 3/7 2 6/0 5 8";

/// Runs the command.
pub fn run(args: &LabArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    let lang = args.lang.unwrap_or_else(crate::play::lang_of_environment);
    if args.table.table {
        return match args.table.fifteen {
            Some(count) => fifteen(count, args, lang, out),
            None => crate::commands::table::run(&args.table, lang, out),
        };
    }
    let text = args.position.as_deref().unwrap_or(EXAMPLE);
    let board: Board = text
        .parse()
        .with_context(|| format!("the position {text:?}"))?;
    let search = lesson(&args.search);
    let mut solvers = Prepared::new(args.input.goal.clone(), &search)?;
    let (solver, _) = solvers.for_board(&board)?;
    let with = search
        .heuristic
        .map_or(String::new(), |h| format!(" · {}", h.name()));
    let heading = format!(
        "{} {board} · {}{with}",
        lang.pick("from", "de"),
        solver.algorithm().name()
    );
    let interactive = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    if interactive && !args.plain {
        return screen::run(&solver, &board, &heading, lang);
    }
    writeln!(
        out,
        "{}",
        lang.pick("The search lab", "O laboratório de busca")
    )?;
    writeln!(out, "{heading}")?;
    print_steps(&solver, &board, args.steps, lang, out)
}

/// The search settings of a lesson: IDA* for `auto`, Manhattan distance unless a heuristic is
/// named (the table needs none), and the lab's node budget unless `--max-nodes` says otherwise:
/// a lesson, not a marathon.
fn lesson(search: &SearchArgs) -> SearchArgs {
    let mut search = search.clone();
    if search.algorithm == Algorithm::Auto {
        search.algorithm = Algorithm::IdaStar;
    }
    if search.algorithm != Algorithm::Table {
        search.heuristic = search.heuristic.or(Some(HeuristicKind::Manhattan));
    }
    search.max_nodes = search.max_nodes.or(Some(LAB_NODES));
    search
}

/// Prints the search's steps from `board`, at most `most` of them, then its figures.
fn print_steps(
    solver: &Solver,
    board: &Board,
    most: u64,
    lang: Lang,
    out: &mut dyn Write,
) -> anyhow::Result<Status> {
    let mut teller = Teller {
        narrator: Narrator::new(lang, solver.algorithm(), board.width()),
        layers: 0,
        positions: 0,
        shown: 0,
        left_out: 0,
        most,
        out,
        failed: None,
    };
    let limits = solver.options().limits.clone();
    let solved = solver.watch(board, &limits, &mut |event| teller.tell(event));
    if let Some(error) = teller.failed.take() {
        return Err(error.into());
    }
    if teller.left_out > 0 {
        let line = teller
            .narrator
            .left_out(teller.left_out, "a larger --steps");
        writeln!(teller.out, "{line}")?;
    }
    let solution = solved.map_err(|e| match e {
        SolveError::LimitReached { .. } => anyhow::anyhow!(teller.narrator.stopped(&e.to_string())),
        e => e.into(),
    })?;
    let (expanded, generated) = (solution.stats.expanded, solution.stats.generated);
    let line = (teller.narrator).close(teller.layers, teller.positions, expanded, generated);
    writeln!(teller.out, "{line}")?;
    Ok(Status::Success)
}

/// The 15-puzzle's table, with IDA* and each heuristic it compares, from the command line's
/// search settings (the databases from the cache folder, as everywhere).
fn fifteen(
    count: usize,
    args: &LabArgs,
    lang: Lang,
    out: &mut dyn Write,
) -> anyhow::Result<Status> {
    use crate::commands::table::fifteen::{self, KINDS};
    let first = npuzzle_search::textbook::korf100().map_err(anyhow::Error::msg)?;
    let mut solvers = Vec::new();
    for kind in KINDS {
        let mut search = args.search.clone();
        (search.algorithm, search.heuristic, search.split) =
            (Algorithm::IdaStar, Some(kind), false);
        let mut prepared = Prepared::new(Goal::BlankFirst, &search)?;
        solvers.push(prepared.for_board(&first[0].board)?.0);
    }
    let pool = args.search.pool()?;
    fifteen::run(count, &solvers, &pool, args.table.json, lang, out)
}

/// Says each event, up to `most` of them (the words are the game's [`Narrator`]'s).
struct Teller<'a> {
    narrator: Narrator,
    /// The table's layers built, and the positions in them.
    layers: u64,
    positions: u64,
    shown: u64,
    left_out: u64,
    most: u64,
    out: &'a mut dyn Write,
    failed: Option<std::io::Error>,
}

impl Teller<'_> {
    fn tell(&mut self, event: &Event<'_>) {
        if let Event::Layer { positions, .. } = event {
            self.layers += 1;
            self.positions += positions;
        }
        if self.failed.is_some() || self.shown == self.most {
            self.narrator.note(event);
            self.left_out += u64::from(self.failed.is_none());
            return;
        }
        let line = self.narrator.say(event);
        self.shown += 1;
        if let Err(error) = writeln!(self.out, "{line}") {
            self.failed = Some(error);
        }
    }
}
