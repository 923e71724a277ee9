//! Line mode: the classic games' interface, one line in, a few lines out. Scriptable, pipeable,
//! and readable by a screen reader.

use std::io::{BufRead, Write};
use std::ops::ControlFlow;
use std::path::Path;

use npuzzle_core::{Format, format_board};

use npuzzle_game::{Command, Game, Outcome};

use super::Session;
use super::setup;
use crate::lines::{Lines, Unreadable};
use crate::status;
use npuzzle_game::Lang;

/// Plays until the puzzle is solved, the player quits, or the input ends.
pub fn run(session: &mut Session, input: impl BufRead, out: &mut dyn Write) -> anyhow::Result<()> {
    let lang = session.lang;
    intro(session, out)?;
    show(session.game(), lang, out)?;
    let mut lines = Lines::new(input).refusing_at_the_cap();
    loop {
        let prompt = lang.pick(
            "Tile to move (? for help): ",
            "Peça a mover (? para ajuda): ",
        );
        write!(out, "{prompt}")?;
        out.flush()?;
        let Some((_, line)) = lines.next_line()? else {
            writeln!(out)?;
            writeln!(out, "{}", lang.pick("Bye.", "Até logo."))?;
            return Ok(());
        };
        let Some(command) = command_of(line, lang, out)? else {
            continue;
        };
        if step(session, command, out)?.is_break() {
            return Ok(());
        }
    }
}

/// The command a line asks for, if any: an empty line asks for none, and a line that is no
/// command (or not text) is answered and asks for none; a line past the cap ends the game.
fn command_of(
    line: Result<&str, Unreadable>,
    lang: Lang,
    out: &mut dyn Write,
) -> anyhow::Result<Option<Command>> {
    if let Err(why @ Unreadable::TooLong) = &line {
        // No command is that long: the input is not a player's (`< /dev/zero`).
        anyhow::bail!("standard input: {why}; the game stops here");
    }
    let typed = match &line {
        Ok(line) => match Command::parse(line) {
            Ok(command) => return Ok(command),
            Err(_) => status::shown(line.trim()).into_owned(),
        },
        Err(why) => why.to_string(),
    };
    writeln!(
        out,
        "{} '{typed}'. {}",
        lang.pick("Unknown command", "Comando desconhecido"),
        lang.pick("Type ? for help.", "Escreva ? para ajuda.")
    )?;
    Ok(None)
}

/// Carries out one command and shows what it did; `Break` once the game is over.
fn step(
    session: &mut Session,
    command: Command,
    out: &mut dyn Write,
) -> anyhow::Result<ControlFlow<()>> {
    let lang = session.lang;
    if let Some(outcome) = session.apply(&command) {
        return render(session, &outcome, out);
    }
    let outcome = match command {
        Command::Quit => {
            writeln!(out, "{}", lang.pick("Bye.", "Até logo."))?;
            return Ok(ControlFlow::Break(()));
        }
        Command::Help => {
            help(lang, out)?;
            return Ok(ControlFlow::Continue(()));
        }
        Command::NewGame => {
            session.new_game(None)?;
            intro(session, out)?;
            Outcome::Loaded
        }
        Command::Solve => {
            god_mode(session, out)?;
            return Ok(ControlFlow::Break(()));
        }
        Command::Hint => session.graded_hint().unwrap_or_else(failed),
        Command::Save(None) => Outcome::SaveWhere,
        Command::Load(None) => Outcome::LoadWhere,
        Command::Save(Some(path)) => {
            let saved = setup::save(&session.dealt, session.now(), Path::new(&path));
            saved.map_or_else(failed, |()| {
                Outcome::Saved(status::shown(&path).into_owned())
            })
        }
        Command::Load(Some(path)) => match setup::load(Path::new(&path)) {
            Ok(dealt) => {
                session.resume(dealt);
                Outcome::Loaded
            }
            Err(error) => failed(error),
        },
        // Keys of the full-screen game only; typed words never give them.
        _ => return Ok(ControlFlow::Continue(())),
    };
    render(session, &outcome, out)
}

/// An error as the outcome of a command, its text escaped.
fn failed(error: anyhow::Error) -> Outcome {
    Outcome::Failed(status::shown(&format!("{error:#}")).into_owned())
}

/// Shows what a command did: the board where it changed, the words for it, and the report of a
/// win (which ends the game).
fn render(
    session: &mut Session,
    outcome: &Outcome,
    out: &mut dyn Write,
) -> anyhow::Result<ControlFlow<()>> {
    if outcome.moved() {
        show(session.game(), session.lang, out)?;
    }
    if let Some(text) = session.lang.outcome(outcome) {
        writeln!(out, "{text}")?;
    }
    if outcome.won() {
        finish(session, out)?;
        return Ok(ControlFlow::Break(()));
    }
    Ok(ControlFlow::Continue(()))
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
