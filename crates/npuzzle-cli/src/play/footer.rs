//! The lines under the board: the counters, the message of the moment and the keys to press,
//! each fitted to the terminal's width.

use npuzzle_game::LIVE_OPTIMAL_CELLS;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::Span;
use ratatui::widgets::Paragraph;

use super::app::App;

/// Draws the three lines at the foot of `area`.
pub fn draw(frame: &mut Frame, app: &App, area: Rect, now: u64) {
    let [_, counters, message, keys, _] = Layout::vertical([
        Constraint::Fill(1),
        Constraint::Length(1),
        Constraint::Length(1),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area.inner(ratatui::layout::Margin::new(1, 0)));
    frame.render_widget(
        Paragraph::new(counters_line(app, now, counters.width)),
        counters,
    );
    frame.render_widget(Paragraph::new(note(app)), message);
    frame.render_widget(
        Paragraph::new(Span::styled(
            keys_line(app, keys.width),
            Style::default().add_modifier(Modifier::DIM),
        )),
        keys,
    );
}

/// The moves, the time, the rate, the optimal distance (where shown) and "assisted", the least
/// important dropped first where `width` is short.
fn counters_line(app: &App, now: u64, width: u16) -> String {
    let lang = app.session.lang;
    let game = app.session.game();
    let seconds = game.elapsed_ms(now) as f64 / 1000.0;
    let mut parts = vec![
        lang.moves(game.stm(), game.mtm()),
        format!(
            "{} {} s",
            lang.pick("Time", "Tempo"),
            lang.number(seconds, 1)
        ),
        match game.tiles_per_second(now) {
            // No time has passed (one move so far): no rate to show.
            0.0 => "— TPS".to_string(),
            tps => format!("{} TPS", lang.number(tps, 2)),
        },
    ];
    // Only where it is computed: beyond LIVE_OPTIMAL_CELLS a message says why it is not shown
    // (an "Optimal distance …" there waited forever).
    if app.show_distance && game.board().cells().len() <= LIVE_OPTIMAL_CELLS {
        parts.push(match app.distance {
            Some(d) => format!("{} {d}", lang.pick("Optimal distance", "Distância ótima")),
            None => lang
                .pick("Optimal distance …", "Distância ótima …")
                .to_string(),
        });
    }
    if game.is_assisted() {
        parts.push(lang.pick("assisted", "com ajuda").to_string());
    }
    let mut text = parts.join("  ·  ");
    while text.chars().count() > width as usize && parts.len() > 1 {
        parts.remove(parts.len().min(3) - 1);
        text = parts.join(" · ");
    }
    text
}

/// The message of the moment: god mode's or a replay's state, "Thinking…", the tile number
/// being typed, or the last message.
fn note(app: &App) -> String {
    let lang = app.session.lang;
    if let Some(god) = &app.god {
        format!(
            "{} — {} {} · {} ms · {}",
            if app.watching.is_some() {
                lang.pick("Replay", "Repetição")
            } else {
                lang.pick("God mode", "Modo deus")
            },
            god.moves.len(),
            lang.pick("moves left", "movimentos em falta"),
            god.interval,
            if god.paused {
                lang.pick(
                    "paused: . step, space resume",
                    "em pausa: . passo, espaço continua",
                )
            } else {
                lang.pick(
                    "space pause, +/- speed, c take over",
                    "espaço pausa, +/- velocidade, c retomar",
                )
            }
        )
    } else if app.thinking {
        lang.pick("Thinking…", "A pensar…").to_string()
    } else if !app.typed.is_empty() {
        format!("{} {}_", lang.pick("Tile:", "Peça:"), app.typed)
    } else {
        app.message.clone().unwrap_or_default()
    }
}

/// The keys to press: the longest list that fits `width`.
fn keys_line(app: &App, width: u16) -> String {
    let lang = app.session.lang;
    let arrows = if app.move_blank {
        lang.pick("arrows move the blank", "setas movem o espaço")
    } else {
        lang.pick("arrows move a tile", "setas movem uma peça")
    };
    let full = format!(
        "{arrows} (m) · {}",
        lang.pick(
            "number+Enter · click · u/r undo/redo · i hint · g god · n new · ? help · q quit",
            "número+Enter · clique · u/r desfazer/refazer · i dica · g deus · n novo · ? ajuda · q sair"
        )
    );
    // Every width says how to move first: arrows or a number (the keys a new player needs).
    let short = lang.pick(
        "arrows/number: move · u/r undo/redo · i hint · g god · ? help · q quit",
        "setas/número: mover · u/r desfazer/refazer · i dica · g deus · ? ajuda · q sair",
    );
    let shorter = lang.pick(
        "arrows/number: move · ? help · q quit",
        "setas/número: mover · ? ajuda · q sair",
    );
    // A won game takes only these keys: the others are not offered.
    let won = lang.pick(
        "n new game · R restart · v replay · ? help · q quit",
        "n novo jogo · R recomeçar · v repetição · ? ajuda · q sair",
    );
    let offered = if app.won.is_some() {
        vec![won, lang.pick("n new · q quit", "n novo · q sair")]
    } else {
        vec![full.as_str(), short, shorter]
    };
    offered
        .into_iter()
        .chain([lang.pick("? help · q quit", "? ajuda · q sair")])
        .find(|h| h.chars().count() <= width as usize)
        .unwrap_or("?")
        .to_string()
}
