//! Line mode: the classic games' interface, one line in, a few lines out. Scriptable, pipeable,
//! and readable by a screen reader.

use std::io::{BufRead, Write};
use std::path::Path;

use npuzzle_core::{Format, format_board};

use npuzzle_game::{Command, Game};

use super::Session;
use super::lang::Lang;
use super::setup;
use crate::lines::{Lines, Unreadable};
use crate::status;

/// Plays until the puzzle is solved, the player quits, or the input ends.
pub fn run(session: &mut Session, input: impl BufRead, out: &mut dyn Write) -> anyhow::Result<()> {
    let lang = session.lang;
    intro(session, out)?;
    show(session.game(), lang, out)?;
    let mut lines = Lines::new(input).refusing_at_the_cap();
    loop {
        write!(
            out,
            "{}",
            lang.pick(
                "Tile to move (? for help): ",
                "Peça a mover (? para ajuda): "
            )
        )?;
        out.flush()?;
        let Some((_, line)) = lines.next_line()? else {
            writeln!(out)?;
            writeln!(out, "{}", lang.pick("Bye.", "Até logo."))?;
            return Ok(());
        };
        if let Err(why @ Unreadable::TooLong) = &line {
            // No command is that long: the input is not a player's (`< /dev/zero`).
            anyhow::bail!("standard input: {why}; the game stops here");
        }
        // A line that is not text is answered like any unknown command: the game goes on.
        let command = match line.as_ref().map(|line| Command::parse(line)) {
            Ok(Ok(Some(command))) => command,
            Ok(Ok(None)) => continue,
            Ok(Err(_)) | Err(_) => {
                let typed = match &line {
                    Ok(line) => status::shown(line.trim()).into_owned(),
                    Err(why) => why.to_string(),
                };
                writeln!(
                    out,
                    "{} '{typed}'. {}",
                    lang.pick("Unknown command", "Comando desconhecido"),
                    lang.pick("Type ? for help.", "Escreva ? para ajuda.")
                )?;
                continue;
            }
        };
        match command {
            Command::Quit => {
                writeln!(out, "{}", lang.pick("Bye.", "Até logo."))?;
                return Ok(());
            }
            Command::Help => help(lang, out)?,
            Command::Undo => {
                if session.undo() {
                    show(session.game(), lang, out)?;
                } else {
                    writeln!(
                        out,
                        "{}",
                        lang.pick("Nothing to undo.", "Nada para desfazer.")
                    )?;
                }
            }
            Command::Redo => {
                if session.redo() {
                    show(session.game(), lang, out)?;
                } else {
                    writeln!(
                        out,
                        "{}",
                        lang.pick("Nothing to redo.", "Nada para refazer.")
                    )?;
                }
            }
            Command::Restart => {
                session.restart();
                show(session.game(), lang, out)?;
            }
            Command::NewGame => {
                session.new_game(None)?;
                intro(session, out)?;
                show(session.game(), lang, out)?;
            }
            Command::Hint => match session.hint() {
                Ok(Some(tile)) => writeln!(
                    out,
                    "{}{tile}.",
                    lang.pick("Hint: move tile ", "Dica: mova a peça ")
                )?,
                Ok(None) => writeln!(
                    out,
                    "{}",
                    lang.pick("No hint: it is solved.", "Sem dica: está resolvido.")
                )?,
                Err(error) => writeln!(out, "{}", status::shown(&format!("{error:#}")))?,
            },
            Command::Solve => {
                god_mode(session, out)?;
                return Ok(());
            }
            Command::Save(path) => match path {
                Some(path) => match setup::save(&session.dealt, session.now(), Path::new(&path)) {
                    Ok(()) => writeln!(
                        out,
                        "{} {}",
                        lang.pick("Saved to", "Guardado em"),
                        status::shown(&path)
                    )?,
                    Err(error) => writeln!(out, "{}", status::shown(&format!("{error:#}")))?,
                },
                None => writeln!(
                    out,
                    "{}",
                    lang.pick(
                        "Save to which file? save FILE",
                        "Guardar em que ficheiro? guardar FICHEIRO"
                    )
                )?,
            },
            Command::Load(path) => match path.map(|path| setup::load(Path::new(&path))) {
                Some(Ok(dealt)) => {
                    session.resume(dealt);
                    show(session.game(), lang, out)?;
                }
                Some(Err(error)) => writeln!(out, "{}", status::shown(&format!("{error:#}")))?,
                None => writeln!(
                    out,
                    "{}",
                    lang.pick(
                        "Load which file? load FILE",
                        "Carregar que ficheiro? carregar FICHEIRO"
                    )
                )?,
            },
            Command::Tile(tile) => match session.move_tile(tile) {
                Ok(slide) => {
                    show(session.game(), lang, out)?;
                    if slide.won {
                        finish(session, out)?;
                        return Ok(());
                    }
                }
                Err(error) => writeln!(out, "{}", lang.refusal(&error))?,
            },
            // Keys of the full-screen game only; typed words never give them.
            _ => {}
        }
    }
}

fn intro(session: &Session, out: &mut dyn Write) -> anyhow::Result<()> {
    let game = session.game();
    let size = game.board().size();
    let seed = session
        .dealt
        .seed
        .map(|s| format!(", seed {s}"))
        .unwrap_or_default();
    writeln!(
        out,
        "npuzzle {size}{seed}: {} {}",
        lang_goal(session.lang),
        game.goal()
    )?;
    Ok(())
}

fn lang_goal(lang: Lang) -> &'static str {
    lang.pick("slide the tiles into", "deslize as peças até")
}

fn show(game: &Game, lang: Lang, out: &mut dyn Write) -> anyhow::Result<()> {
    writeln!(out, "{}", format_board(game.board(), Format::Grid))?;
    writeln!(out, "{}", lang.moves(game.stm(), game.mtm()))?;
    Ok(())
}

fn help(lang: Lang, out: &mut dyn Write) -> anyhow::Result<()> {
    let text = lang.pick(
        "Type the number of a tile next to the blank (_) to slide it.
Commands: u undo, r redo, restart, n new game, i hint, g god mode (the computer solves),
save FILE, load FILE, q quit.",
        "Escreva o número de uma peça ao lado do espaço vazio (_) para a deslizar.
Comandos: u desfazer, r refazer, recomeçar, n novo jogo, i dica, g modo deus (o computador resolve),
guardar FICHEIRO, carregar FICHEIRO, q sair.",
    );
    writeln!(out, "{text}")?;
    Ok(())
}

/// The computer solves from the current position, move by move.
fn god_mode(session: &mut Session, out: &mut dyn Write) -> anyhow::Result<()> {
    let lang = session.lang;
    let solution = match session.solution() {
        Ok(solution) => solution,
        Err(error) => {
            writeln!(out, "{}", status::shown(&format!("{error:#}")))?;
            return Ok(());
        }
    };
    let quality = if solution.optimal {
        lang.pick("optimal", "ótimo")
    } else {
        lang.pick("not optimal", "não ótimo")
    };
    writeln!(
        out,
        "{} ({}, {quality}).",
        lang.pick(
            "God mode: the computer solves from here",
            "Modo deus: o computador resolve a partir daqui"
        ),
        lang.count_moves(solution.moves.len()),
    )?;
    for m in solution.moves {
        let slide = session.play(m)?;
        writeln!(out, "{} {}", lang.pick("Tile", "Peça"), slide.tile)?;
        show(session.game(), lang, out)?;
    }
    finish(session, out)
}

fn finish(session: &mut Session, out: &mut dyn Write) -> anyhow::Result<()> {
    let lang = session.lang;
    let record = session.record_win();
    for line in lang.win(&record) {
        writeln!(out, "{line}")?;
    }
    if let Some(warning) = session.records_warning.take() {
        writeln!(out, "{warning}")?;
    }
    Ok(())
}
