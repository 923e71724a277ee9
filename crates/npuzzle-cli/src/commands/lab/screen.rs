//! The lab's full screen: the search recorded first (its first steps kept, as the page's lab
//! does), then played back: Space or → a step, p to play and pause, + and − the pace, b back
//! to the start, e to the end, q to quit. The node being expanded on a small board, the counts
//! and IDA*'s round, the frontier, the tree near the node as text, and the step's sentence.

use std::time::{Duration, Instant};

use npuzzle_core::Board;
use npuzzle_game::Lang;
use npuzzle_game::lab::{Narrator, Playback, Recorder};
use npuzzle_search::{SolveError, Solver};
use ratatui::Frame;
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEventKind, KeyModifiers};
use ratatui::layout::{Constraint, Layout};
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Wrap};

use super::tree;
use crate::status::Status;

/// The steps kept of a search: as the page's lab.
const STEPS: usize = 20_000;
/// The paces, in steps a second.
const SPEEDS: [u32; 7] = [1, 2, 4, 8, 15, 30, 60];
/// How often the screen is redrawn while playing.
const FRAME: Duration = Duration::from_millis(40);

/// What the screen shows: the playback and how it is played.
pub struct View {
    /// The search so far.
    pub playback: Playback,
    /// The position, the algorithm and the heuristic.
    pub heading: String,
    /// The search's figures, said at the end.
    pub closing: String,
    /// The board's width.
    pub width: usize,
    /// The language.
    pub lang: Lang,
    /// An index of [`SPEEDS`].
    pub speed: usize,
    /// Whether it plays by itself.
    pub playing: bool,
}

/// Records the search, then plays it back until the student quits.
pub fn run(solver: &Solver, board: &Board, heading: &str, lang: Lang) -> anyhow::Result<Status> {
    let mut view = record(solver, board, heading, lang)?;
    let mut terminal = ratatui::init(); // raw mode, alternate screen, restored on panic too
    let result = play(&mut terminal, &mut view);
    ratatui::restore();
    result.map(|()| Status::Success)
}

/// The search watched to its end, its steps kept.
pub fn record(solver: &Solver, board: &Board, heading: &str, lang: Lang) -> anyhow::Result<View> {
    let narrator = Narrator::new(lang, solver.algorithm(), board.width());
    let mut recorder = Recorder::new(narrator, STEPS);
    let limits = solver.options().limits.clone();
    let solution = solver
        .watch(board, &limits, &mut |event| recorder.record(event))
        .map_err(|e| match e {
            SolveError::LimitReached { .. } => {
                anyhow::anyhow!(recorder.narrator().stopped(&e.to_string()))
            }
            e => e.into(),
        })?;
    let (expanded, generated) = (solution.stats.expanded, solution.stats.generated);
    let mut closing = recorder.narrator().close(0, 0, expanded, generated);
    if recorder.left_out > 0 {
        closing = format!(
            "{closing} {}",
            recorder
                .narrator()
                .left_out(recorder.left_out, "--plain --steps N")
        );
    }
    Ok(View {
        playback: Playback::new(recorder.steps),
        heading: heading.to_string(),
        closing,
        width: board.width(),
        lang,
        speed: 2,
        playing: false,
    })
}

fn play(terminal: &mut ratatui::DefaultTerminal, view: &mut View) -> anyhow::Result<()> {
    let mut last = Instant::now();
    let mut due = 0.0;
    loop {
        terminal.draw(|frame| draw(frame, view))?;
        if event::poll(FRAME)?
            && let Event::Key(key) = event::read()?
            && key.kind == KeyEventKind::Press
        {
            let control = key.modifiers.contains(KeyModifiers::CONTROL);
            match key.code {
                KeyCode::Char('q') | KeyCode::Esc => return Ok(()),
                KeyCode::Char('c') if control => return Ok(()),
                KeyCode::Char(' ') | KeyCode::Right | KeyCode::Char('n') => {
                    view.playing = false;
                    view.playback.step();
                }
                KeyCode::Char('p') | KeyCode::Enter => view.playing = !view.playing,
                KeyCode::Char('+') | KeyCode::Char('=') => {
                    view.speed = (view.speed + 1).min(SPEEDS.len() - 1)
                }
                KeyCode::Char('-') => view.speed = view.speed.saturating_sub(1),
                KeyCode::Char('b') | KeyCode::Home => {
                    view.playing = false;
                    view.playback.reset();
                }
                KeyCode::Char('e') | KeyCode::End => while view.playback.step() {},
                _ => {}
            }
        }
        let now = Instant::now();
        if view.playing {
            due += now.duration_since(last).as_secs_f64() * f64::from(SPEEDS[view.speed]);
            while due >= 1.0 {
                due -= 1.0;
                if !view.playback.step() {
                    view.playing = false;
                }
            }
        } else {
            due = 0.0;
        }
        last = now;
    }
}

/// Draws the lab.
pub fn draw(frame: &mut Frame, view: &View) {
    let lang = view.lang;
    let [title, counts, body, said, keys] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(2),
        Constraint::Min(6),
        Constraint::Length(4),
        Constraint::Length(1),
    ])
    .areas(frame.area());
    let bold = Style::default().add_modifier(Modifier::BOLD);
    let heading = format!(
        "{} · {}",
        lang.pick("The search lab", "O laboratório de busca"),
        view.heading
    );
    frame.render_widget(Paragraph::new(heading).style(bold), title);
    frame.render_widget(
        Paragraph::new(counts_line(view)).wrap(Wrap { trim: true }),
        counts,
    );
    let [left, right] =
        Layout::horizontal([Constraint::Length(26), Constraint::Min(20)]).areas(body);
    frame.render_widget(
        Paragraph::new(side(view)).block(Block::bordered().title(lang.pick(" node ", " nó "))),
        left,
    );
    let rows = right.height.saturating_sub(2) as usize;
    let tree: Vec<Line> = tree::lines(&view.playback, lang, rows)
        .into_iter()
        .map(Line::from)
        .collect();
    frame.render_widget(
        Paragraph::new(tree).block(Block::bordered().title(lang.pick(" tree ", " árvore "))),
        right,
    );
    let mut sentence = view.playback.said().trim().to_string();
    if view.playback.done() {
        sentence = format!("{sentence} {}", view.closing);
    }
    frame.render_widget(Paragraph::new(sentence).wrap(Wrap { trim: true }), said);
    let help = lang.pick(
        "Space step · p play/pause · + − pace · b back · e end · q quit",
        "Espaço passo · p reproduzir/pausa · + − ritmo · b início · e fim · q sair",
    );
    frame.render_widget(
        Paragraph::new(help).style(Style::default().add_modifier(Modifier::DIM)),
        keys,
    );
}

/// The counts: the step, expanded, generated, skipped, IDA*'s round, the pace.
fn counts_line(view: &View) -> String {
    let (p, lang) = (&view.playback, view.lang);
    let mut parts = vec![
        match lang {
            Lang::En => format!("step {} of {}", p.at, p.steps.len()),
            Lang::Pt => format!("passo {} de {}", p.at, p.steps.len()),
        },
        format!("{} {}", p.expanded, lang.pick("expanded", "expandidos")),
        format!("{} {}", p.generated, lang.pick("generated", "gerados")),
        format!("{} {}", p.skipped, lang.pick("skipped", "ignorados")),
    ];
    if let Some(bound) = p.bound {
        parts.push(match lang {
            Lang::En => format!("round {}, threshold {bound}", p.rounds),
            Lang::Pt => format!("ronda {}, limiar {bound}", p.rounds),
        });
    }
    if let Some(limit) = p.limit {
        parts.push(format!("{} {limit}", lang.pick("f-limit", "limite de f")));
    }
    let pace = SPEEDS[view.speed];
    parts.push(match (lang, view.playing) {
        (Lang::En, true) => format!("playing, {pace} steps/s"),
        (Lang::En, false) => format!("paused, {pace} steps/s"),
        (Lang::Pt, true) => format!("a reproduzir, {pace} passos/s"),
        (Lang::Pt, false) => format!("em pausa, {pace} passos/s"),
    });
    parts.join(" · ")
}

/// The node being expanded on a small board, then the frontier's best nodes.
fn side(view: &View) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    if let Some((path, cells)) = &view.playback.current {
        for row in cells.chunks(view.width.max(1)) {
            let text: String = row
                .iter()
                .map(|&t| {
                    if t == 0 {
                        "  .".to_string()
                    } else {
                        format!("{t:>3}")
                    }
                })
                .collect();
            lines.push(Line::from(text));
        }
        let moves: String = path.iter().map(|m| m.tile_letter()).collect();
        lines.push(Line::from(format!(
            "{} {}",
            view.lang.pick("path", "caminho"),
            if moves.is_empty() {
                "—".to_string()
            } else {
                moves
            }
        )));
    }
    let best = view.playback.frontier(4);
    if !best.is_empty() {
        lines.push(Line::from(
            view.lang
                .pick("frontier, best first:", "fronteira, melhor 1.º:"),
        ));
        for (path, f) in best {
            let moves: String = path.iter().map(|m| m.tile_letter()).collect();
            lines.push(Line::from(format!("  {moves} f={f}")));
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use npuzzle_core::Goal;
    use npuzzle_search::{Algorithm, HeuristicKind, Options};
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    fn view(algorithm: Algorithm, lang: Lang, steps: usize) -> View {
        let board: Board = "4 1 3/7 2 6/0 5 8".parse().unwrap();
        let goal = Goal::BlankLast.board(board.size()).unwrap();
        let options = Options {
            algorithm,
            heuristic: Some(HeuristicKind::Manhattan),
            ..Options::default()
        };
        let solver = Solver::new(&goal, options).unwrap();
        let mut view = record(&solver, &board, "4 1 3/7 2 6/0 5 8 · test", lang).unwrap();
        for _ in 0..steps {
            view.playback.step();
        }
        view
    }

    fn screen(view: &View) -> String {
        let mut terminal = Terminal::new(TestBackend::new(80, 20)).unwrap();
        terminal.draw(|frame| draw(frame, view)).unwrap();
        let buffer = terminal.backend().buffer().clone();
        let width = buffer.area.width as usize;
        let symbols: Vec<&str> = buffer.content.iter().map(|cell| cell.symbol()).collect();
        symbols
            .chunks(width)
            .map(|row| row.concat().trim_end().to_string())
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn the_lab_screen_in_both_languages() {
        insta::assert_snapshot!(
            "lab_idastar_en",
            screen(&view(Algorithm::IdaStar, Lang::En, 9))
        );
        insta::assert_snapshot!(
            "lab_astar_pt",
            screen(&view(Algorithm::AStar, Lang::Pt, 12))
        );
        let mut end = view(Algorithm::IdaStar, Lang::En, 0);
        while end.playback.step() {}
        let shown = screen(&end);
        assert!(shown.contains("In all:") && shown.contains("★"), "{shown}");
    }
}
