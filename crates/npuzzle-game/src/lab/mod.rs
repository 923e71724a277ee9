//! The search lab's words: each event of a watched search (`npuzzle_search::algorithm::observe`)
//! said in a sentence, in English or Portuguese, the same in the terminal's lab and the page's.

use npuzzle_core::{Move, Notation, format_moves};
use npuzzle_search::Algorithm;
use npuzzle_search::algorithm::observe::{Event, Pruned};

use crate::Lang;

mod playback;

pub use playback::{Change, Node, Playback, Recorder, Step};

/// The most nodes a search of the lab expands unless told otherwise (`--max-nodes`): a 4×4
/// within a second or two, in the terminal and in the page's worker.
pub const LAB_NODES: u64 = 2_000_000;

/// Says a watched search's events one by one; it keeps what a sentence needs from the events
/// before it (IDA*'s threshold).
///
/// ```
/// use npuzzle_core::Move;
/// use npuzzle_game::{Lang, lab::Narrator};
/// use npuzzle_search::{Algorithm, algorithm::observe::{Event, Pruned}};
/// let mut narrator = Narrator::new(Lang::En, Algorithm::IdaStar, 3);
/// narrator.say(&Event::Iteration { bound: 6 });
/// assert_eq!(narrator.say(&Event::Pruned { played: Move::Up, why: Pruned::Bound { f: 8 } }),
///     "  U: f = 8 is past the threshold 6; not searched now.");
/// let mut narrador = Narrator::new(Lang::Pt, Algorithm::AStar, 3);
/// assert_eq!(narrador.say(&Event::Opened { played: Move::Left, g: 2, f: 7 }),
///     "  L: na fronteira com f = 7 (g = 2).");
/// ```
#[derive(Clone, Debug)]
pub struct Narrator {
    lang: Lang,
    algorithm: Algorithm,
    /// The board's width, to show positions in rows.
    width: usize,
    /// The threshold of the iteration under way (IDA*).
    bound: u32,
}

impl Narrator {
    /// A narrator of `algorithm`'s search on a board `width` cells wide.
    pub fn new(lang: Lang, algorithm: Algorithm, width: usize) -> Narrator {
        Narrator {
            lang,
            algorithm,
            width,
            bound: 0,
        }
    }

    /// Takes note of `event` without saying it (a step past the ones shown): what later
    /// sentences need of it, at no cost of words.
    pub fn note(&mut self, event: &Event<'_>) {
        if let Event::Iteration { bound } = *event {
            self.bound = bound;
        }
    }

    /// What `event` means, in a sentence.
    pub fn say(&mut self, event: &Event<'_>) -> String {
        let lang = self.lang;
        match *event {
            Event::Iteration { bound } => {
                self.bound = bound;
                match lang {
                    Lang::En => format!(
                        "Threshold {bound}: start again from the start, following every path whose f = g + h stays within {bound}."
                    ),
                    Lang::Pt => format!(
                        "Limiar {bound}: recomeçar do início, seguindo cada caminho cujo f = g + h não passa de {bound}."
                    ),
                }
            }
            Event::Expanded { g, h, cells, path } => {
                let (position, path, f) = (position(cells, self.width), moves(path), g + h);
                match lang {
                    Lang::En => {
                        format!("Expand {position} (path {path}): g = {g}, h = {h}, f = {f}.")
                    }
                    Lang::Pt => {
                        format!("Expandir {position} (caminho {path}): g = {g}, h = {h}, f = {f}.")
                    }
                }
            }
            Event::Layer { depth, positions } => layer(lang, depth, positions),
            Event::Generated { played, g } => match lang {
                Lang::En => format!("  {}: a child, g = {g}.", played.tile_letter()),
                Lang::Pt => format!("  {}: um filho, g = {g}.", played.tile_letter()),
            },
            Event::Limit { bound } => match lang {
                Lang::En => format!(
                    "  Its f-limit is {bound}, the best alternative above it: its subtree is searched while f stays within."
                ),
                Lang::Pt => format!(
                    "  O seu limite de f é {bound}, a melhor alternativa acima: a subárvore é procurada enquanto f não o passa."
                ),
            },
            Event::Opened { played, g, f } => match lang {
                Lang::En => format!(
                    "  {}: on the frontier with f = {f} (g = {g}).",
                    played.tile_letter()
                ),
                Lang::Pt => format!(
                    "  {}: na fronteira com f = {f} (g = {g}).",
                    played.tile_letter()
                ),
            },
            Event::Pruned { played, why } => self.pruned(played, why),
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
    fn pruned(&self, played: Move, why: Pruned) -> String {
        let (m, bound) = (played.tile_letter(), self.bound);
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

    /// Why the search stopped (`why`, the library's words), and what would reach further.
    ///
    /// ```
    /// use npuzzle_game::{Lang, lab::Narrator};
    /// let narrator = Narrator::new(Lang::En, npuzzle_search::Algorithm::AStar, 5);
    /// assert!(narrator.stopped("stopped by the node limit").ends_with("reaches further."));
    /// ```
    pub fn stopped(&self, why: &str) -> String {
        let advice = match self.lang {
            Lang::En => {
                "a nearer position, or IDA* with a stronger heuristic (walking distance, pattern databases), reaches further."
            }
            Lang::Pt => {
                "uma posição mais perto, ou IDA* com uma heurística mais forte (distância de caminhada, bases de dados de padrões), chega mais longe."
            }
        };
        format!("{why}: {advice}")
    }

    /// The steps past the cap, in a sentence (`more` says how to see them).
    pub fn left_out(&self, n: u64, more: &str) -> String {
        match self.lang {
            Lang::En => format!("… {n} more steps not shown ({more} shows them)."),
            Lang::Pt => format!("… mais {n} passos não mostrados ({more} mostra-os)."),
        }
    }

    /// The search's figures at its end: the table's layers (when it was built) and the nodes.
    pub fn close(&self, layers: u64, positions: u64, expanded: u64, generated: u64) -> String {
        let table = match self.lang {
            _ if layers == 0 => String::new(),
            Lang::En => format!(
                "The table: {positions} positions in {layers} layers; the solution is read from it, one move nearer at a time. "
            ),
            Lang::Pt => format!(
                "A tabela: {positions} posições em {layers} camadas; a solução lê-se nela, um movimento mais perto de cada vez. "
            ),
        };
        match self.lang {
            Lang::En => format!("{table}In all: {expanded} nodes expanded, {generated} generated."),
            Lang::Pt => format!("{table}Ao todo: {expanded} nós expandidos, {generated} gerados."),
        }
    }
}

/// A layer of the complete table's build, in a sentence.
fn layer(lang: Lang, depth: u32, positions: u64) -> String {
    if depth == 0 {
        return lang
            .pick(
                "Layer 0: the goal itself; breadth-first search grows the table from it.",
                "Camada 0: o próprio objetivo; a busca em largura faz a tabela a partir dele.",
            )
            .to_string();
    }
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
