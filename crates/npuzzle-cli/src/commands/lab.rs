//! `npuzzle lab`: a search watched (`npuzzle_search::algorithm::observe`), each step said in a
//! sentence, in the game's language: what the algorithm just did and why. The steps printed
//! are capped; the search itself runs to its end and its figures close the lesson.

use std::io::Write;

use anyhow::Context;
use npuzzle_core::{Board, Move, Notation, format_moves};
use npuzzle_game::Lang;
use npuzzle_search::algorithm::observe::{Event, Pruned};
use npuzzle_search::{Algorithm, HeuristicKind};

use crate::cli::LabArgs;
use crate::search::Prepared;
use crate::status::Status;

/// The position the lab starts from when none is given: six moves from the 8-puzzle's goal.
const EXAMPLE: &str = "4 1 3/7 2 6/0 5 8";

/// Runs the command.
pub fn run(args: &LabArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    let lang = args.lang.unwrap_or_else(crate::play::lang_of_environment);
    if args.table.table {
        return crate::commands::table::run(&args.table, lang, out);
    }
    let text = args.position.as_deref().unwrap_or(EXAMPLE);
    let board: Board = text
        .parse()
        .with_context(|| format!("the position {text:?}"))?;
    let mut search = args.search.clone();
    if search.algorithm == Algorithm::Auto {
        search.algorithm = Algorithm::IdaStar;
    }
    if search.algorithm != Algorithm::Table {
        search.heuristic = search.heuristic.or(Some(HeuristicKind::Manhattan));
    }
    let mut solvers = Prepared::new(args.input.goal.clone(), &search)?;
    let (solver, _) = solvers.for_board(&board)?;
    let algorithm = solver.algorithm();
    writeln!(
        out,
        "{}",
        lang.pick("The search lab", "O laboratório de busca")
    )?;
    let with = search
        .heuristic
        .map_or(String::new(), |h| format!(" · {}", h.name()));
    writeln!(
        out,
        "{} {board} · {}{with}",
        lang.pick("from", "de"),
        algorithm.name()
    )?;
    let width = board.width();
    let mut teller = Teller {
        lang,
        algorithm,
        width,
        bound: 0,
        layers: 0,
        positions: 0,
        shown: 0,
        left_out: 0,
        most: args.steps,
        out,
        failed: None,
    };
    let limits = solver.options().limits.clone();
    let solved = solver.watch(&board, &limits, &mut |event| teller.tell(event));
    if let Some(error) = teller.failed.take() {
        return Err(error.into());
    }
    let (n, layers, positions) = (teller.left_out, teller.layers, teller.positions);
    if n > 0 {
        let text = match lang {
            Lang::En => format!("… {n} more steps not shown (a larger --steps shows them)."),
            Lang::Pt => format!("… mais {n} passos não mostrados (um --steps maior mostra-os)."),
        };
        writeln!(out, "{text}")?;
    }
    let solution = solved?;
    let (expanded, generated) = (solution.stats.expanded, solution.stats.generated);
    let text = match lang {
        _ if layers == 0 => String::new(),
        Lang::En => format!(
            "The table: {positions} positions in {layers} layers; the solution is read from it, one move nearer at a time. "
        ),
        Lang::Pt => format!(
            "A tabela: {positions} posições em {layers} camadas; a solução lê-se nela, um movimento mais perto de cada vez. "
        ),
    };
    write!(out, "{text}")?;
    let text = match lang {
        Lang::En => format!("In all: {expanded} nodes expanded, {generated} generated."),
        Lang::Pt => format!("Ao todo: {expanded} nós expandidos, {generated} gerados."),
    };
    writeln!(out, "{text}")?;
    Ok(Status::Success)
}

/// Says each event, up to `most` of them.
struct Teller<'a> {
    lang: Lang,
    algorithm: Algorithm,
    /// The board's width, to show positions in rows.
    width: usize,
    /// The threshold of the iteration under way (IDA*).
    bound: u32,
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
        match event {
            Event::Iteration { bound } => self.bound = *bound,
            Event::Layer { positions, .. } => {
                self.layers += 1;
                self.positions += positions;
            }
            _ => {}
        }
        if self.failed.is_some() {
            return;
        }
        if self.shown == self.most {
            self.left_out += 1;
            return;
        }
        self.shown += 1;
        let line = self.sentence(event);
        if let Err(error) = writeln!(self.out, "{line}") {
            self.failed = Some(error);
        }
    }

    /// What `event` means, in a sentence.
    fn sentence(&self, event: &Event<'_>) -> String {
        let (lang, bound) = (self.lang, self.bound);
        match *event {
            Event::Iteration { bound } => match lang {
                Lang::En => format!(
                    "Threshold {bound}: start again from the start, following every path whose f = g + h stays within {bound}."
                ),
                Lang::Pt => format!(
                    "Limiar {bound}: recomeçar do início, seguindo cada caminho cujo f = g + h não passa de {bound}."
                ),
            },
            Event::Expanded { g, h, cells, path } => {
                let position = position(cells, self.width);
                let path = moves(path);
                let f = g + h;
                match lang {
                    Lang::En => {
                        format!("Expand {position} (path {path}): g = {g}, h = {h}, f = {f}.")
                    }
                    Lang::Pt => {
                        format!("Expandir {position} (caminho {path}): g = {g}, h = {h}, f = {f}.")
                    }
                }
            }
            Event::Layer { depth: 0, .. } => lang
                .pick(
                    "Layer 0: the goal itself; breadth-first search grows the table from it.",
                    "Camada 0: o próprio objetivo; a busca em largura faz a tabela a partir dele.",
                )
                .to_string(),
            Event::Layer { depth, positions } => {
                let (before, away) = (depth - 1, lang.count_moves(depth as usize));
                match lang {
                    Lang::En => format!(
                        "Layer {depth}: {positions} new positions, one move from layer {before}: each is {away} from the goal."
                    ),
                    Lang::Pt => format!(
                        "Camada {depth}: {positions} posições novas, a um movimento da camada {before}: cada uma a {away} do objetivo."
                    ),
                }
            }
            Event::Generated { played, g } => match lang {
                Lang::En => format!("  {}: a child, g = {g}.", played.tile_letter()),
                Lang::Pt => format!("  {}: um filho, g = {g}.", played.tile_letter()),
            },
            Event::Pruned { played, why } => self.pruned(played, why, bound),
            Event::Backup { played, f } => match lang {
                Lang::En => format!(
                    "  Back up: below {} nothing is within the limit; its f is {f} from now on.",
                    played.tile_letter()
                ),
                Lang::Pt => format!(
                    "  Recuar: abaixo de {} nada cabe no limite; o seu f passa a ser {f}.",
                    played.tile_letter()
                ),
            },
            Event::Solution { moves: path } => {
                let (path, n) = (moves(path), path.len());
                match lang {
                    Lang::En => format!("The goal: {path}, {n} moves."),
                    Lang::Pt => format!("O objetivo: {path}, {n} movimentos."),
                }
            }
        }
    }

    /// Why the child by `played` is not searched.
    fn pruned(&self, played: Move, why: Pruned, bound: u32) -> String {
        let m = played.tile_letter();
        let limit = match (self.lang, self.algorithm) {
            (Lang::En, Algorithm::Rbfs) => "the f-limit".to_string(),
            (Lang::Pt, Algorithm::Rbfs) => "o limite de f".to_string(),
            (Lang::En, _) => format!("the threshold {bound}"),
            (Lang::Pt, _) => format!("o limiar {bound}"),
        };
        match (self.lang, why) {
            (Lang::En, Pruned::Parent) => format!("  {m}: it would undo the last move; skipped."),
            (Lang::Pt, Pruned::Parent) => format!("  {m}: desfaria o último movimento; ignorado."),
            (Lang::En, Pruned::Machine) => format!(
                "  {m}: a shorter sequence of moves reaches the same place (the move-pruning machine); skipped."
            ),
            (Lang::Pt, Pruned::Machine) => format!(
                "  {m}: uma sequência mais curta chega ao mesmo lugar (a máquina de corte); ignorado."
            ),
            (Lang::En, Pruned::Bound { f }) => {
                format!("  {m}: f = {f} is past {limit}; not searched now.")
            }
            (Lang::Pt, Pruned::Bound { f }) => {
                format!("  {m}: f = {f} passa {limit}; não procurado agora.")
            }
            (Lang::En, Pruned::Duplicate) => {
                format!("  {m}: its position was reached before by a path no longer; skipped.")
            }
            (Lang::Pt, Pruned::Duplicate) => {
                format!(
                    "  {m}: a posição já foi alcançada por um caminho não mais longo; ignorado."
                )
            }
        }
    }
}

/// A position's cells in slash rows of `width` (`1 2 3/4 0 6/7 5 8`).
fn position(cells: &[u8], width: usize) -> String {
    cells
        .chunks(width.max(1))
        .map(|row| row.iter().map(u8::to_string).collect::<Vec<_>>().join(" "))
        .collect::<Vec<_>>()
        .join("/")
}

/// Moves in tile letters, `—` for none.
fn moves(path: &[Move]) -> String {
    match path.is_empty() {
        true => "—".to_string(),
        false => format_moves(path, Notation::Tile, false, None).unwrap_or_default(),
    }
}
