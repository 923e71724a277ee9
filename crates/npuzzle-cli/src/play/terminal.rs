//! The terminal side of the full-screen game: raw mode, mouse, the event loop, and leaving the
//! terminal as it was on exit, Ctrl-C and panic.

use std::io::stdout;
use std::time::Duration;

use npuzzle_game::KeyMap;
use ratatui::DefaultTerminal;
use ratatui::crossterm::event::{self, DisableMouseCapture, EnableMouseCapture, Event};
use ratatui::crossterm::execute;
use ratatui::layout::Rect;

use super::Session;
use super::app::App;
use super::ui;

/// How often the screen is redrawn when nothing happens (the timer, god mode).
const FRAME: Duration = Duration::from_millis(40);

/// Plays full-screen until the player quits; returns why the move log stopped, if it did.
pub fn run(session: Session, move_blank: bool, keys: KeyMap) -> anyhow::Result<Option<String>> {
    let terminal = ratatui::init(); // raw mode, alternate screen, and a panic hook that restores
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = execute!(stdout(), DisableMouseCapture);
        previous(info);
    }));
    let _ = execute!(stdout(), EnableMouseCapture);
    let mut app = App::new(session, move_blank);
    app.keys = keys;
    let result = play(terminal, app);
    let _ = execute!(stdout(), DisableMouseCapture);
    ratatui::restore();
    result
}

/// Plays until the player quits; returns why the move log stopped, if it did.
fn play(mut terminal: DefaultTerminal, mut app: App) -> anyhow::Result<Option<String>> {
    let mono = ui::monochrome();
    while !app.quit {
        let now = app.session.now();
        app.tick(now);
        terminal.draw(|frame| ui::draw(frame, &app, now, mono))?;
        // A frame, or less when god mode's next move comes sooner.
        let wait = app.next_god_move_at().map_or(FRAME, |at| {
            FRAME.min(Duration::from_millis(at.saturating_sub(now)))
        });
        if !event::poll(wait)? {
            continue;
        }
        let now = app.session.now();
        let size = terminal.size()?;
        let area = Rect::new(0, 0, size.width, size.height);
        let geometry = ui::geometry(area, app.session.game().board().size()).ok();
        app.board_hidden = geometry.is_none();
        match event::read()? {
            Event::Key(key) => app.key(key, now),
            Event::Mouse(mouse) => {
                if let Some(geometry) = geometry
                    && let Some((row, column)) =
                        app.mouse_action(mouse, |x, y| geometry.cell_at(x, y))
                {
                    app.click(row, column, now);
                }
            }
            _ => {}
        }
    }
    Ok(app.session.log_failure())
}
