//! The game's words in English and in Portuguese: one table per language, for every front
//! end (the line mode, the full screen, and the web page). What a command
//! did arrives as an [`Outcome`]; [`Lang::outcome`] words it.

use std::fmt;
use std::str::FromStr;

use crate::hints::Hinted;
use crate::outcome::Outcome;
use crate::records::{Mistakes, Record};
use crate::{GameError, LIVE_OPTIMAL_CELLS};

/// A language of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    /// English.
    En,
    /// Portuguese.
    Pt,
}

impl Lang {
    /// The language of a locale's value (`LC_ALL`, `LC_MESSAGES`, `LANG`): Portuguese for
    /// `pt…`, else English.
    ///
    /// ```
    /// use npuzzle_game::Lang;
    /// assert_eq!(Lang::of_locale("pt_PT.UTF-8"), Lang::Pt);
    /// assert_eq!(Lang::of_locale("C"), Lang::En);
    /// ```
    pub fn of_locale(value: &str) -> Lang {
        match value.to_ascii_lowercase().starts_with("pt") {
            true => Lang::Pt,
            false => Lang::En,
        }
    }

    /// Picks the English or the Portuguese text.
    pub fn pick<'a>(self, en: &'a str, pt: &'a str) -> &'a str {
        match self {
            Lang::En => en,
            Lang::Pt => pt,
        }
    }

    /// "Game finished in N moves."
    pub fn finished(self, moves: usize) -> String {
        match self {
            Lang::En => format!("Game finished in {}.", self.count_moves(moves)),
            Lang::Pt => format!("Jogo terminado em {}.", self.count_moves(moves)),
        }
    }

    /// "1 move", "N moves".
    pub fn count_moves(self, n: usize) -> String {
        match (self, n) {
            (Lang::En, 1) => "1 move".to_string(),
            (Lang::En, n) => format!("{n} moves"),
            (Lang::Pt, 1) => "1 movimento".to_string(),
            (Lang::Pt, n) => format!("{n} movimentos"),
        }
    }

    /// The move counter.
    pub fn moves(self, stm: usize, mtm: usize) -> String {
        match self {
            Lang::En => format!("Moves: {stm} ({mtm} MTM)"),
            Lang::Pt => format!("Movimentos: {stm} ({mtm} MTM)"),
        }
    }

    /// A game's figures in a line, for the page's win dialog.
    ///
    /// ```
    /// use npuzzle_game::{Lang, Summary};
    /// let summary = Summary { stm: 31, mtm: 20, milliseconds: 12_340, assisted: true, timed: true };
    /// assert_eq!(Lang::En.summary(&summary), "31 moves (20 MTM) in 12.34 s, 2.51 TPS, assisted");
    /// assert_eq!(Lang::Pt.summary(&summary), "31 movimentos (20 MTM) em 12,34 s, 2,51 TPS, com ajuda");
    /// ```
    pub fn summary(self, summary: &crate::Summary) -> String {
        let mut line = format!(
            "{} ({} MTM) {} {} s",
            self.count_moves(summary.stm),
            summary.mtm,
            self.pick("in", "em"),
            self.number(summary.milliseconds as f64 / 1000.0, 2)
        );
        if let Some(tps) = summary.tiles_per_second() {
            line += &format!(", {} TPS", self.number(tps, 2));
        }
        if summary.assisted {
            line += self.pick(", assisted", ", com ajuda");
        }
        line
    }

    /// A number with `decimals` places, with the language's decimal separator.
    pub fn number(self, value: f64, decimals: usize) -> String {
        let text = format!("{value:.decimals$}");
        match self {
            Lang::En => text,
            Lang::Pt => text.replace('.', ","),
        }
    }

    /// The win report, line by line: the same in the line mode and on the full-screen win
    /// dialog (the figures come from the core's [`crate::Summary`]).
    pub fn win(self, record: &Record) -> Vec<String> {
        let summary = record.summary();
        let mut figures = format!(
            "{}: {} s · {} STM · {} MTM",
            self.pick("Time", "Tempo"),
            self.number(summary.milliseconds as f64 / 1000.0, 2),
            summary.stm,
            summary.mtm
        );
        if let Some(tps) = summary.tiles_per_second() {
            figures += &format!(" · {} TPS", self.number(tps, 2));
        }
        let mut lines = vec![self.finished(summary.stm), figures];
        lines.push(match record.optimal {
            Some(optimal) => format!(
                "{}: {}; {} {}%",
                self.pick("Optimal", "Ótimo"),
                self.count_moves(optimal),
                self.pick("efficiency", "eficiência"),
                self.number(summary.efficiency(optimal), 0)
            ),
            None => self
                .pick(
                    "Optimal length unknown for this size.",
                    "Comprimento ótimo desconhecido neste tamanho.",
                )
                .to_string(),
        });
        if let Some(mistakes) = record.mistakes {
            lines.push(self.mistakes(&mistakes));
        }
        if let Some(daily) = &record.daily {
            lines.push(self.share(record, daily));
        }
        if summary.assisted {
            let note = self.pick(
                "Assisted: hints or the solver were used.",
                "Com ajuda: usou dicas ou o resolvedor.",
            );
            lines.push(note.to_string());
        }
        if let Some(seed) = record.seed {
            lines.push(format!(
                "{} npuzzle play --size {} --seed {seed}",
                self.pick("Replay:", "Repetir:"),
                record.size
            ));
        }
        lines
    }

    /// The daily puzzle's result to share: the day, the size, the moves, the optimum, the time
    /// and the streak, never a move.
    ///
    /// ```
    /// use npuzzle_core::Size;
    /// use npuzzle_game::{Lang, Record, Summary};
    /// let summary = Summary { stm: 63, mtm: 41, milliseconds: 41_200, assisted: false, timed: true };
    /// let record = Record::new(Size::square(4).unwrap(), summary, None, Some(47), 0)
    ///     .with_daily("2026-12-01".parse().unwrap(), 3);
    /// let daily = record.daily.clone().unwrap();
    /// assert_eq!(Lang::En.share(&record, &daily),
    ///     "npuzzle daily 2026-12-01 4x4: 63 moves (optimal 47) in 41.20 s · streak 3 days");
    /// assert_eq!(Lang::Pt.share(&record, &daily),
    ///     "npuzzle daily 2026-12-01 4x4: 63 movimentos (ótimo 47) em 41,20 s · sequência de 3 dias");
    /// ```
    pub fn share(self, record: &Record, daily: &crate::Daily) -> String {
        let optimal = record.optimal.map_or_else(String::new, |optimal| {
            format!(" ({} {optimal})", self.pick("optimal", "ótimo"))
        });
        let days = match (self, daily.streak) {
            (Lang::En, 1) => "streak 1 day".to_string(),
            (Lang::En, n) => format!("streak {n} days"),
            (Lang::Pt, 1) => "sequência de 1 dia".to_string(),
            (Lang::Pt, n) => format!("sequência de {n} dias"),
        };
        format!(
            "npuzzle daily {} {}: {}{optimal} {} {} s · {days}",
            daily.date,
            record.size,
            self.count_moves(record.stm),
            self.pick("in", "em"),
            self.number(record.milliseconds as f64 / 1000.0, 2)
        )
    }

    /// The trainer's round header: which round, and how far the position is.
    ///
    /// ```
    /// use npuzzle_game::Lang;
    /// assert_eq!(Lang::En.trainer_round(2, 10, 12), "Round 2 of 10: 12 moves to go. Play an optimal move (the tile's number, q to stop).");
    /// assert!(Lang::Pt.trainer_round(2, 10, 12).starts_with("Ronda 2 de 10"));
    /// ```
    pub fn trainer_round(self, round: usize, rounds: usize, distance: u32) -> String {
        match self {
            Lang::En => format!(
                "Round {round} of {rounds}: {distance} moves to go. Play an optimal move (the \
                 tile's number, q to stop)."
            ),
            Lang::Pt => format!(
                "Ronda {round} de {rounds}: faltam {distance} movimentos. Jogue um movimento \
                 ótimo (o número da peça, q para parar)."
            ),
        }
    }

    /// The trainer's answer to a move: optimal or not, the optimal tiles, the seconds taken.
    ///
    /// ```
    /// use npuzzle_game::Lang;
    /// assert_eq!(Lang::En.trainer_answer(true, &[5, 8], 1.25), "Optimal! (1.25 s)");
    /// assert_eq!(Lang::En.trainer_answer(false, &[5, 8], 2.0), "Not optimal: the optimal tiles were 5 8. (2.00 s)");
    /// assert_eq!(Lang::Pt.trainer_answer(true, &[5], 0.5), "Ótimo! (0,50 s)");
    /// ```
    pub fn trainer_answer(self, optimal: bool, tiles: &[u32], seconds: f64) -> String {
        let time = self.number(seconds, 2);
        let listed: Vec<String> = tiles.iter().map(u32::to_string).collect();
        match (self, optimal) {
            (Lang::En, true) => format!("Optimal! ({time} s)"),
            (Lang::Pt, true) => format!("Ótimo! ({time} s)"),
            (Lang::En, false) => format!(
                "Not optimal: the optimal tiles were {}. ({time} s)",
                listed.join(" ")
            ),
            (Lang::Pt, false) => format!(
                "Não é ótimo: as peças ótimas eram {}. ({time} s)",
                listed.join(" ")
            ),
        }
    }

    /// The trainer's score at the end: optimal rounds, and the mean time of a round (a move in
    /// the one-move drill).
    ///
    /// ```
    /// use npuzzle_game::{Lang, trainer::Drill};
    /// assert_eq!(Lang::En.trainer_score(8, 10, 1.5, Drill::Move), "Score: 8 of 10 optimal, 1.50 s a move on average.");
    /// assert_eq!(Lang::Pt.trainer_score(8, 10, 1.5, Drill::Move), "Resultado: 8 de 10 ótimos, 1,50 s por movimento em média.");
    /// assert_eq!(Lang::En.trainer_score(1, 2, 9.0, Drill::Finish), "Score: 1 of 2 optimal, 9.00 s a round on average.");
    /// ```
    pub fn trainer_score(
        self,
        right: usize,
        played: usize,
        mean_seconds: f64,
        drill: crate::trainer::Drill,
    ) -> String {
        let time = self.number(mean_seconds, 2);
        let finish = drill == crate::trainer::Drill::Finish;
        match self {
            Lang::En => {
                let per = if finish { "a round" } else { "a move" };
                format!("Score: {right} of {played} optimal, {time} s {per} on average.")
            }
            Lang::Pt => {
                let per = if finish { "por ronda" } else { "por movimento" };
                format!("Resultado: {right} de {played} ótimos, {time} s {per} em média.")
            }
        }
    }

    /// A round of the finishing drill: solve in exactly the distance dealt.
    ///
    /// ```
    /// use npuzzle_game::Lang;
    /// assert!(Lang::En.trainer_finish_round(1, 5, 12).starts_with("Round 1 of 5: 12 moves to go. Solve it in exactly 12 moves"));
    /// assert!(Lang::Pt.trainer_finish_round(1, 5, 12).starts_with("Ronda 1 de 5: faltam 12 movimentos. Resolva em exatamente 12"));
    /// ```
    pub fn trainer_finish_round(self, round: usize, rounds: usize, distance: u32) -> String {
        match self {
            Lang::En => format!(
                "Round {round} of {rounds}: {distance} moves to go. Solve it in exactly \
                 {distance} moves (a tile's number a move, q to stop)."
            ),
            Lang::Pt => format!(
                "Ronda {round} de {rounds}: faltam {distance} movimentos. Resolva em exatamente \
                 {distance} movimentos (o número de uma peça por movimento, q para parar)."
            ),
        }
    }

    /// How a round of the finishing drill ended: solved optimally, or lost at move `lost`
    /// (from 1) where `tiles` kept the optimum.
    ///
    /// ```
    /// use npuzzle_game::Lang;
    /// assert_eq!(Lang::En.trainer_finished(None, 12, &[], 9.8), "Solved optimally in 12 moves! (9.80 s)");
    /// assert_eq!(Lang::En.trainer_finished(Some(3), 12, &[5, 8], 4.2), "Move 3 lost the optimum: the optimal tiles were 5 8. (4.20 s)");
    /// assert_eq!(Lang::Pt.trainer_finished(Some(3), 12, &[5], 4.2), "O movimento 3 perdeu o ótimo: as peças ótimas eram 5. (4,20 s)");
    /// ```
    pub fn trainer_finished(
        self,
        lost: Option<usize>,
        distance: u32,
        tiles: &[u32],
        seconds: f64,
    ) -> String {
        let time = self.number(seconds, 2);
        let listed: Vec<String> = tiles.iter().map(u32::to_string).collect();
        let listed = listed.join(" ");
        match (self, lost) {
            (Lang::En, None) => format!("Solved optimally in {distance} moves! ({time} s)"),
            (Lang::Pt, None) => {
                format!("Resolvido no ótimo em {distance} movimentos! ({time} s)")
            }
            (Lang::En, Some(k)) => {
                format!("Move {k} lost the optimum: the optimal tiles were {listed}. ({time} s)")
            }
            (Lang::Pt, Some(k)) => {
                format!("O movimento {k} perdeu o ótimo: as peças ótimas eram {listed}. ({time} s)")
            }
        }
    }

    /// What a trainer's level holds, all sessions counted.
    ///
    /// ```
    /// use npuzzle_game::{Lang, trainer::{Drill, Level, Played}};
    /// let level = Level { size: "4x4".into(), drill: Drill::Move, distance: 30 };
    /// let played = Played { rounds: 20, optimal: 15, milliseconds: 30_000 };
    /// assert_eq!(Lang::En.trainer_level(&level, &played), "Level 4x4 move 30: 20 rounds, 75% optimal, 1.50 s a round.");
    /// assert_eq!(Lang::Pt.trainer_level(&level, &played), "Nível 4x4 move 30: 20 rondas, 75% ótimas, 1,50 s por ronda.");
    /// ```
    pub fn trainer_level(
        self,
        level: &crate::trainer::Level,
        played: &crate::trainer::Played,
    ) -> String {
        let rounds = played.rounds.max(1) as f64;
        let share = self.number(100.0 * played.optimal as f64 / rounds, 0);
        let time = self.number(played.milliseconds as f64 / 1000.0 / rounds, 2);
        let n = played.rounds;
        match self {
            Lang::En => format!("Level {level}: {n} rounds, {share}% optimal, {time} s a round."),
            Lang::Pt => format!("Nível {level}: {n} rondas, {share}% ótimas, {time} s por ronda."),
        }
    }

    /// Where a won game's moves went: its mistakes, the moves they cost, the first of them.
    ///
    /// ```
    /// use npuzzle_game::{Lang, Mistakes};
    /// let six = Mistakes { count: 6, first: Some((3, 49)) };
    /// assert_eq!(Lang::En.mistakes(&six), "Mistakes: 6, 12 moves lost; the first at move 3 \
    ///     (your + optimal: 49). npuzzle analyse --last shows every move.");
    /// assert!(Lang::Pt.mistakes(&six).starts_with("Erros: 6, 12 movimentos perdidos"));
    /// assert_eq!(Lang::En.mistakes(&Mistakes { count: 0, first: None }), "Every move optimal.");
    /// ```
    pub fn mistakes(self, mistakes: &Mistakes) -> String {
        let Some((number, total)) = mistakes.first else {
            return self
                .pick("Every move optimal.", "Todos os movimentos ótimos.")
                .to_string();
        };
        let lost = self.count_moves(2 * mistakes.count);
        match self {
            Lang::En => format!(
                "Mistakes: {}, {lost} lost; the first at move {number} (your + optimal: \
                 {total}). npuzzle analyse --last shows every move.",
                mistakes.count
            ),
            Lang::Pt => format!(
                "Erros: {}, {lost} perdidos; o primeiro no movimento {number} (seu + ótimo: \
                 {total}). npuzzle analyse --last mostra cada movimento.",
                mistakes.count
            ),
        }
    }

    /// A graded hint in words.
    ///
    /// ```
    /// use npuzzle_game::{Lang, hints::Hinted};
    /// assert_eq!(Lang::En.hinted(&Hinted::Distance(31)),
    ///     "Hint 1 of 3: 31 moves to go, optimally. Hint again for the tiles that keep the optimum.");
    /// assert_eq!(Lang::Pt.hinted(&Hinted::Tiles { tiles: vec![5, 1, 3], distance: 31 }),
    ///     "Dica 2 de 3: as peças 5, 1 ou 3 mantêm o ótimo (31 movimentos em falta). Outra dica mostra um movimento.");
    /// assert_eq!(Lang::En.hinted(&Hinted::Move { tile: 7, distance: 1 }), "Hint: move tile 7 (optimal; 1 move to go).");
    /// ```
    pub fn hinted(self, hinted: &Hinted) -> String {
        let to_go = |distance: usize| {
            format!(
                "{} {}",
                self.count_moves(distance),
                self.pick("to go", "em falta")
            )
        };
        match hinted {
            Hinted::Distance(0) => self
                .pick("No hint: it is solved.", "Sem dica: está resolvido.")
                .to_string(),
            Hinted::Distance(distance) => format!(
                "{} {}{} {}",
                self.pick("Hint 1 of 3:", "Dica 1 de 3:"),
                to_go(*distance),
                self.pick(", optimally.", ", no ótimo."),
                self.pick(
                    "Hint again for the tiles that keep the optimum.",
                    "Outra dica mostra as peças que mantêm o ótimo."
                )
            ),
            Hinted::Tiles { tiles, distance } => {
                let names: Vec<String> = tiles.iter().map(u32::to_string).collect();
                let or = self.pick(" or ", " ou ");
                let listed = match names.split_last() {
                    Some((last, [])) => last.clone(),
                    Some((last, rest)) => format!("{}{or}{last}", rest.join(", ")),
                    None => String::new(),
                };
                let (one, many) = match self {
                    Lang::En => (
                        format!("tile {listed} keeps"),
                        format!("tiles {listed} keep"),
                    ),
                    Lang::Pt => (
                        format!("a peça {listed} mantém"),
                        format!("as peças {listed} mantêm"),
                    ),
                };
                format!(
                    "{} {} {} ({}). {}",
                    self.pick("Hint 2 of 3:", "Dica 2 de 3:"),
                    if tiles.len() == 1 { one } else { many },
                    self.pick("the optimum", "o ótimo"),
                    to_go(*distance),
                    self.pick("Hint again for a move.", "Outra dica mostra um movimento.")
                )
            }
            Hinted::Move { tile, distance } => format!(
                "{} {tile} ({}; {}).",
                self.pick("Hint: move tile", "Dica: mova a peça"),
                self.pick("optimal", "ótima"),
                to_go(*distance)
            ),
        }
    }

    /// What a command did, in words; `None` where the board shows it (a move, an undo).
    ///
    /// ```
    /// use npuzzle_game::{Lang, Outcome};
    /// assert_eq!(Lang::Pt.outcome(&Outcome::NothingToUndo).unwrap(), "Nada para desfazer.");
    /// assert_eq!(Lang::En.outcome(&Outcome::Hint(Some(7))).unwrap(), "Hint: move tile 7.");
    /// ```
    pub fn outcome(self, outcome: &Outcome) -> Option<String> {
        let text = match outcome {
            Outcome::Moved(_)
            | Outcome::Undone
            | Outcome::Redone(_)
            | Outcome::Restarted
            | Outcome::Loaded => return None,
            Outcome::Refused(error) => return Some(self.refusal(error)),
            Outcome::NothingToUndo => self.pick("Nothing to undo.", "Nada para desfazer."),
            Outcome::NothingToRedo => self.pick("Nothing to redo.", "Nada para refazer."),
            Outcome::Hint(Some(tile)) => {
                let hint = self.pick("Hint: move tile", "Dica: mova a peça");
                return Some(format!("{hint} {tile}."));
            }
            Outcome::Hint(None) => self.pick("No hint: it is solved.", "Sem dica: está resolvido."),
            Outcome::Hinted(hinted) => return Some(self.hinted(hinted)),
            Outcome::Saved(path) => {
                let saved = self.pick("Saved to", "Guardado em");
                return Some(format!("{saved} {path} (npuzzle play --load {path})"));
            }
            Outcome::Failed(why) => return Some(why.clone()),
            Outcome::SaveWhere => self.pick(
                "Save to which file? save FILE",
                "Guardar em que ficheiro? guardar FICHEIRO",
            ),
            Outcome::LoadWhere => self.pick(
                "Load which file? load FILE",
                "Carregar que ficheiro? carregar FICHEIRO",
            ),
            Outcome::ArrowsMove { blank: true } => self.pick(
                "Arrows now move the blank.",
                "As setas movem agora o espaço.",
            ),
            Outcome::ArrowsMove { blank: false } => {
                self.pick("Arrows now move a tile.", "As setas movem agora uma peça.")
            }
            Outcome::NoLiveDistance => {
                let text = self.pick(
                    "The optimal distance is shown for boards of up to",
                    "A distância ótima é mostrada para tabuleiros até",
                );
                let cells = self.pick("cells", "casas");
                return Some(format!("{text} {LIVE_OPTIMAL_CELLS} {cells}."));
            }
            Outcome::PlayingOn => self.pick("Playing on.", "O jogo continua."),
        };
        Some(text.to_string())
    }

    /// Why a move was refused.
    pub fn refusal(self, error: &GameError) -> String {
        match (self, error) {
            (Lang::En, error) => format!("{}.", capitalise(&error.to_string())),
            (Lang::Pt, GameError::NoSuchTile { tile, max }) => {
                format!("Não existe a peça {tile}: escolha um número de 1 a {max}.")
            }
            (Lang::Pt, GameError::NotAdjacent(tile)) => {
                format!("A peça {tile} não pode mover-se: não está ao lado do espaço vazio.")
            }
            (Lang::Pt, GameError::NotInLine(tile)) => {
                format!(
                    "A peça {tile} não pode deslizar: não está na linha nem na coluna do espaço vazio."
                )
            }
            (Lang::Pt, GameError::NoTileThere) => "Não há nenhuma peça aí.".to_string(),
            (Lang::Pt, GameError::Illegal(_)) => {
                "Não há nenhuma peça desse lado do espaço vazio.".to_string()
            }
            (Lang::Pt, GameError::Finished) => "O puzzle já está resolvido.".to_string(),
            (Lang::Pt, GameError::Unsolvable(_)) => "Esta posição não tem solução.".to_string(),
        }
    }
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.pick("en", "pt"))
    }
}

impl FromStr for Lang {
    type Err = String;
    fn from_str(text: &str) -> Result<Lang, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "en" | "english" => Ok(Lang::En),
            "pt" | "portuguese" | "português" | "portugues" => Ok(Lang::Pt),
            _ => Err(format!("unknown language '{text}': use en or pt")),
        }
    }
}
