//! Drawing the full-screen game with ratatui. The board's layout is a pure function of the screen
//! size, shared with mouse handling.

use npuzzle_core::Size;

use ratatui::Frame;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};

use super::app::App;
use super::records::Record;
use npuzzle_game::Lang;

/// Lines under the board: counters, message, keys.
const STATUS_LINES: u16 = 3;

/// Where the board's cells are on screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Geometry {
    /// Top-left corner of the first cell.
    pub x: u16,
    /// Top-left corner of the first cell.
    pub y: u16,
    /// Width of a cell.
    pub cell_width: u16,
    /// Height of a cell.
    pub cell_height: u16,
    /// Empty rows between two rows of cells (one when there is room, so that columns of tiles
    /// do not read as solid bars).
    pub row_gap: u16,
    /// Board size.
    pub size: Size,
}

impl Geometry {
    /// The cell (row, column) under screen position (x, y), if any (not in the gaps).
    pub fn cell_at(&self, x: u16, y: u16) -> Option<(usize, usize)> {
        let (dx, dy) = (x.checked_sub(self.x)?, y.checked_sub(self.y)?);
        let (step_x, step_y) = (self.cell_width + 1, self.cell_height + self.row_gap);
        let (column, row) = ((dx / step_x) as usize, (dy / step_y) as usize);
        let inside = dx % step_x < self.cell_width && dy % step_y < self.cell_height;
        (inside && row < self.size.height() && column < self.size.width()).then_some((row, column))
    }

    /// The screen rectangle of cell (row, column).
    fn cell(&self, row: usize, column: usize) -> Rect {
        Rect {
            x: self.x + column as u16 * (self.cell_width + 1),
            y: self.y + row as u16 * (self.cell_height + self.row_gap),
            width: self.cell_width,
            height: self.cell_height,
        }
    }
}

/// The board's layout inside `area` (the whole screen), or the screen size it would need: the
/// largest of these that fits, tiles always a column apart and a row apart while there is room
/// (large tiles, then one-line tiles with room around the number, then tiles as wide as the
/// number, so that a 20x3 board fits 80 columns).
pub fn geometry(area: Rect, size: Size) -> Result<Geometry, (u16, u16)> {
    let digits = (size.cells() - 1).to_string().len() as u16;
    let (w, h) = (size.width() as u16, size.height() as u16);
    let board = |cell_width: u16, cell_height: u16, row_gap: u16| {
        (
            w * (cell_width + 1) - 1,
            h * (cell_height + row_gap) - row_gap,
        )
    };
    // The frame, and the status lines with a row above them.
    let room = |(board_w, board_h): (u16, u16)| (board_w + 2, board_h + 2 + STATUS_LINES + 1);
    let layouts = [
        (digits + 6, 3, 1),
        (digits + 4, 1, 1),
        (digits + 2, 1, 1),
        (digits, 1, 1),
        (digits + 2, 1, 0),
        (digits, 1, 0),
    ];
    for (cell_width, cell_height, row_gap) in layouts {
        let (board_w, board_h) = board(cell_width, cell_height, row_gap);
        let (need_w, need_h) = room((board_w, board_h));
        if need_w <= area.width && need_h <= area.height {
            let free_h = area.height - STATUS_LINES - 2;
            return Ok(Geometry {
                x: area.x + (area.width - board_w) / 2,
                y: area.y + 1 + (free_h.saturating_sub(board_h)) / 2,
                cell_width,
                cell_height,
                row_gap,
                size,
            });
        }
    }
    Err(room(board(digits, 1, 0)))
}

/// What to say when the board does not fit: the longest of these that `inner` shows whole (a
/// cut-off message hid the size it needs).
fn too_small(
    lang: Lang,
    size: Size,
    (w, h): (u16, u16),
    (aw, ah): (u16, u16),
    inner: Rect,
) -> String {
    let texts = match lang {
        Lang::En => [
            format!(
                "Too small: a {size} board needs {w}×{h} characters, this terminal has {aw}×{ah}. \
                 Enlarge it or choose a smaller --size. q quits."
            ),
            format!("Too small: {size} needs {w}×{h}, this is {aw}×{ah}. q quits."),
            format!("Needs {w}×{h}. q quits."),
            format!("{w}×{h}"),
        ],
        Lang::Pt => [
            format!(
                "Pequeno demais: um tabuleiro {size} precisa de {w}×{h} caracteres, este \
                 terminal tem {aw}×{ah}. Aumente-o ou escolha um --size menor. q sai."
            ),
            format!("Pequeno demais: {size} precisa de {w}×{h}, este tem {aw}×{ah}. q sai."),
            format!("Precisa de {w}×{h}. q sai."),
            format!("{w}×{h}"),
        ],
    };
    let last = texts[3].clone();
    texts
        .into_iter()
        .find(|text| wrapped_rows(text, inner.width) <= inner.height)
        .unwrap_or(last)
}

/// The rows `text` takes when its words wrap at `width` columns.
fn wrapped_rows(text: &str, width: u16) -> u16 {
    let width = usize::from(width.max(1));
    let (mut rows, mut used) = (1, 0);
    for word in text.split_whitespace() {
        let length = word.chars().count();
        if used > 0 && used + 1 + length <= width {
            used += 1 + length;
        } else {
            if used > 0 {
                rows += 1;
            }
            rows += (length.max(1) - 1) / width;
            used = (length - 1) % width + 1;
        }
    }
    u16::try_from(rows).unwrap_or(u16::MAX)
}

/// Whether colours are off (`NO_COLOR`, or a dumb terminal).
pub fn monochrome() -> bool {
    std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty())
        || std::env::var("TERM").is_ok_and(|t| t == "dumb")
}

/// Draws the whole screen at time `now`.
pub fn draw(frame: &mut Frame, app: &App, now: u64, mono: bool) {
    let area = frame.area();
    let lang = app.session.lang;
    let game = app.session.game();
    let size = game.board().size();
    let title = match app.session.dealt.seed {
        Some(seed) => format!(" npuzzle {size} · seed {seed} "),
        None => format!(" npuzzle {size} "),
    };
    frame.render_widget(Block::default().borders(Borders::ALL).title(title), area);
    // A won game keeps its board in sight: it is laid out above the room the report takes,
    // when the terminal is tall enough for both (else the report goes over it).
    // With the chart of the distance to go when the board still fits above it.
    let above = |rows: u16| Rect {
        height: area.height.saturating_sub(rows),
        ..area
    };
    let chart_rows = WIN_ROWS + super::chart::ROWS + 1;
    let chart = app.session.analysis.is_some() && geometry(above(chart_rows), size).is_ok();
    let report = above(if chart { chart_rows } else { WIN_ROWS });
    let laid_out = match app.won {
        Some(_) => geometry(report, size).or_else(|_| geometry(area, size)),
        None => geometry(area, size),
    };
    let geometry = match laid_out {
        Ok(geometry) => geometry,
        Err(need) => {
            let inner = area.inner(ratatui::layout::Margin::new(1, 1));
            // A question to answer (quit and lose the game?) is the one thing to read here.
            let text = match (&app.confirming, &app.message) {
                (Some(_), Some(question)) => question.clone(),
                _ => too_small(lang, size, need, (area.width, area.height), inner),
            };
            frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), inner);
            return;
        }
    };
    draw_board(frame, app, &geometry, mono);
    super::footer::draw(frame, app, area, now);
    if let Some((record, summary)) = &app.won {
        draw_win(
            frame,
            app,
            (record, summary),
            area,
            &geometry,
            (mono, chart),
        );
    } else if app.help {
        draw_help(frame, lang, area, &app.keys);
    }
}

fn draw_board(frame: &mut Frame, app: &App, geometry: &Geometry, mono: bool) {
    let game = app.session.game();
    let (board, goal) = (game.board(), game.goal());
    for (index, &tile) in board.cells().iter().enumerate() {
        if tile == 0 {
            continue;
        }
        let (row, column) = board.size().coords(index);
        let placed = goal.cells()[index] == tile;
        let hinted = app.hint.contains(&tile);
        let style = match (mono, hinted, placed) {
            (true, true, _) => Style::default()
                .add_modifier(Modifier::REVERSED | Modifier::BOLD | Modifier::UNDERLINED),
            (true, false, _) => Style::default().add_modifier(Modifier::REVERSED),
            (false, true, _) => Style::default()
                .bg(Color::Yellow)
                .fg(Color::Black)
                .add_modifier(Modifier::BOLD),
            (false, false, true) => Style::default().bg(Color::Green).fg(Color::Black),
            (false, false, false) => Style::default().bg(Color::Blue).fg(Color::White),
        };
        let rect = geometry.cell(row, column);
        let mut lines = vec![Line::from(""); rect.height as usize];
        lines[rect.height as usize / 2] = Line::from(tile.to_string());
        frame.render_widget(
            Paragraph::new(lines)
                .style(style)
                .alignment(Alignment::Center),
            rect,
        );
    }
}

fn popup(area: Rect, width: u16, height: u16) -> Rect {
    let width = width.min(area.width);
    let height = height.min(area.height);
    Rect {
        x: area.x + (area.width - width) / 2,
        y: area.y + (area.height - height) / 2,
        width,
        height,
    }
}

/// Rows the win report takes below the board: its lines and frame.
const WIN_ROWS: u16 = 9;

/// Where the win report goes: below the solved board when there is room, else beside it, else
/// over it (a small terminal); tall enough for its lines once wrapped.
fn win_place(area: Rect, geometry: &Geometry, lines: &[Line]) -> Rect {
    let rows_for = |width: u16| {
        let inner = usize::from(width.saturating_sub(2)).max(1);
        // Words wrap, not characters: a line that wraps may take one row more.
        let rows: usize = lines
            .iter()
            .map(|l| match l.width().max(1).div_ceil(inner) {
                1 => 1,
                n => n + 1,
            })
            .sum();
        rows as u16 + 2
    };
    let board = geometry.cell(geometry.size.height() - 1, geometry.size.width() - 1);
    // Inside the frame, above the four status lines.
    let (top, bottom) = (
        board.y + board.height,
        area.y + area.height.saturating_sub(5),
    );
    let width = 72.min(area.width.saturating_sub(2));
    let height = rows_for(width);
    if bottom.saturating_sub(top) >= height {
        return Rect {
            x: area.x + (area.width - width) / 2,
            y: top,
            width,
            height,
        };
    }
    let (left, right) = (
        board.x + board.width + 2,
        area.x + area.width.saturating_sub(1),
    );
    let beside = right.saturating_sub(left).min(72);
    if beside >= 30 && rows_for(beside) <= bottom.saturating_sub(area.y + 1) {
        return Rect {
            x: left,
            y: area.y + 1,
            width: beside,
            height: rows_for(beside),
        };
    }
    popup(area, width, height)
}

/// The report of a solve: what the game says of it, then the statistics of its size.
fn win_lines(
    app: &App,
    record: &Record,
    summary: &super::records::Statistics,
) -> Vec<Line<'static>> {
    let lang = app.session.lang;
    let seconds = |ms: u64| format!("{} s", lang.number(ms as f64 / 1000.0, 2));
    let record = Record {
        optimal: record.optimal.or(app.optimal),
        ..record.clone()
    };
    let mut lines: Vec<Line> = lang.win(&record).into_iter().map(Line::from).collect();
    lines[0] = lines[0]
        .clone()
        .style(Style::default().add_modifier(Modifier::BOLD));
    lines.insert(1, Line::from(""));
    lines.push(Line::from(""));
    let best = |v: Option<u64>| v.map_or("—".to_string(), seconds);
    lines.push(Line::from(format!(
        "{} · {} {} · {} {} · {} {} · ao5 {} · ao12 {}",
        record.size,
        lang.pick("solves", "resolvidos"),
        summary.solves,
        lang.pick("best", "melhor"),
        best(summary.best_time),
        lang.pick("fewest moves", "menos movimentos"),
        summary
            .fewest_moves
            .map_or("—".to_string(), |m| m.to_string()),
        best(summary.average_of_5),
        best(summary.average_of_12),
    )));
    lines
}

/// The window over the board when a solve ends: its report and, where there is room, the chart
/// of the game's analysis.
fn draw_win(
    frame: &mut Frame,
    app: &App,
    (record, summary): (&Record, &super::records::Statistics),
    area: Rect,
    geometry: &Geometry,
    (mono, chart): (bool, bool),
) {
    let lang = app.session.lang;
    let mut lines = win_lines(app, record, summary);
    // The chart, where every distance was proved, takes the last rows of the report when the
    // report still clears the status lines with it.
    let mut analysis = app
        .session
        .analysis
        .as_ref()
        .filter(|a| chart && !a.steps.is_empty());
    let without = lines.clone();
    if analysis.is_some() {
        lines.extend((0..super::chart::ROWS).map(|_| Line::from("")));
    }
    // The keys that work now are in the footer, below: not repeated here.
    let mut rect = win_place(area, geometry, &lines);
    if analysis.is_some() && rect.y + rect.height > area.y + area.height.saturating_sub(4) {
        analysis = None;
        lines = without;
        rect = win_place(area, geometry, &lines);
    }
    frame.render_widget(Clear, rect);
    frame.render_widget(
        Paragraph::new(lines)
            .alignment(Alignment::Center)
            .wrap(Wrap { trim: true })
            .block(
                Block::default()
                    .borders(Borders::ALL)
                    .title(lang.pick(" Solved! ", " Resolvido! ")),
            ),
        rect,
    );
    if let Some(analysis) = analysis {
        let inner = rect.inner(ratatui::layout::Margin::new(1, 1));
        let rows = super::chart::ROWS;
        if inner.height >= rows {
            let place = Rect {
                y: inner.y + inner.height - rows,
                height: rows,
                ..inner
            };
            super::chart::draw(frame, lang, analysis, place, mono);
        }
    }
}

fn draw_help(frame: &mut Frame, lang: Lang, area: Rect, keys: &npuzzle_game::KeyMap) {
    let text = lang.pick(
        "Arrows, WASD or HJKL: slide a tile into the blank (m: arrows move the blank)
Type a tile's number and Enter: slide it (it must be next to the blank)
Click a tile in line with the blank: slide the whole run
u / Ctrl-Z undo · r / Ctrl-Y redo · R restart · n new game · S save
i hint (next optimal move) · o optimal distance · g god mode · v replay a win
God mode: space pause · . step · + / - speed · c play on from here
Any help marks the game as assisted. q or Esc quits (n and q ask first
during a game: y yes, S save first). Any key closes this help.",
        "Setas, WASD ou HJKL: deslize uma peça para o espaço (m: as setas movem o espaço)
Escreva o número de uma peça e Enter: deslize-a (tem de estar ao lado do espaço)
Clique numa peça na linha do espaço: desliza a fila inteira
u / Ctrl-Z desfazer · r / Ctrl-Y refazer · R recomeçar · n novo jogo · S guardar
i dica (próximo movimento ótimo) · o distância ótima · g modo deus · v repetir
Modo deus: espaço pausa · . passo · + / - velocidade · c continuar a jogar
Qualquer ajuda marca o jogo «com ajuda». q ou Esc sai (n e q perguntam
antes durante um jogo: y sim, S guardar antes). Qualquer tecla fecha esta ajuda.",
    );
    // Keys the player chose come first: they win over the standard ones listed below.
    let text = if keys.is_empty() {
        text.to_string()
    } else {
        format!(
            "{} {keys}\n{text}",
            lang.pick("Your keys:", "As suas teclas:")
        )
    };
    let rect = popup(area, 84, if keys.is_empty() { 11 } else { 12 });
    frame.render_widget(Clear, rect);
    frame.render_widget(
        Paragraph::new(text).wrap(Wrap { trim: true }).block(
            Block::default()
                .borders(Borders::ALL)
                .title(lang.pick(" Help ", " Ajuda ")),
        ),
        rect,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::Session;
    use crate::play::app::App;
    use crate::play::setup::Recipe;
    use npuzzle_core::{Goal, Move};
    use npuzzle_game::Command;
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

    fn app(position: &str, lang: Lang) -> App {
        let recipe = Recipe {
            size: "3".parse().unwrap(),
            goal: Goal::BlankLast,
            walk: None,
        };
        let dealt = recipe.deal_position(position).unwrap();
        App::new(
            Session::detached(dealt, recipe, lang).with_clock_stopped(),
            false,
        )
    }

    /// The screen as text, one line per row.
    fn screen(app: &App, width: u16, height: u16, mono: bool) -> String {
        let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
        terminal.draw(|frame| draw(frame, app, 0, mono)).unwrap();
        let buffer = terminal.backend().buffer();
        (0..height)
            .map(|y| {
                let line: String = (0..width).map(|x| buffer[(x, y)].symbol()).collect();
                line.trim_end().to_string()
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn frames() {
        let mut a = app("1 2 3/4 0 6/7 5 8", Lang::En);
        insta::assert_snapshot!("board_large", screen(&a, 70, 20, true));
        insta::assert_snapshot!("board_compact", screen(&a, 40, 9, true));
        a.apply(Command::Digit('9'), 0);
        insta::assert_snapshot!("refusal", screen(&a, 80, 9, true));
        a.apply(Command::Help, 0);
        insta::assert_snapshot!("help", screen(&a, 90, 20, true));
    }

    /// The live distance is shown only where it is computed: on a 5x5 the message says why,
    /// and no "Optimal distance …" waits forever.
    #[test]
    fn no_live_distance_beyond_the_boards_that_get_one() {
        let mut a = app(
            "1 2 3 4 5/6 7 8 9 10/11 12 13 14 15/16 17 18 19 20/21 22 23 0 24",
            Lang::En,
        );
        a.apply(Command::ToggleDistance, 0);
        let text = screen(&a, 100, 40, true);
        assert!(!text.contains("Optimal distance"), "{text}");
        assert!(
            text.contains("shown for boards of up to 16 cells"),
            "{text}"
        );
    }

    /// The help lists the keys the player chose first.
    #[test]
    fn the_help_lists_chosen_keys() {
        let mut a = app("1 2 3/4 0 6/7 5 8", Lang::En);
        a.keys = "up=i,hint=space".parse().unwrap();
        a.apply(Command::Help, 0);
        let help = screen(&a, 90, 20, true);
        assert!(help.contains("Your keys: up=i,hint=space"), "{help}");
    }

    /// Portuguese says "com ajuda" everywhere (the help said "assistido", the status "com
    /// ajuda").
    #[test]
    fn portuguese_names_help_one_way() {
        let mut a = app("1 2 3/4 5 6/0 7 8", Lang::Pt);
        a.apply(Command::Help, 0);
        let help = screen(&a, 90, 20, true);
        assert!(
            help.contains("«com ajuda»") && !help.contains("assistido"),
            "{help}"
        );
        a.apply(Command::Help, 0);
        a.session.mark_assisted();
        let status = screen(&a, 90, 20, true);
        assert!(
            status.contains("com ajuda") && !status.contains("assistido"),
            "{status}"
        );
    }

    #[test]
    fn too_small_a_terminal_says_what_it_needs() {
        let a = app("1 2 3/4 0 6/7 5 8", Lang::Pt);
        insta::assert_snapshot!("too_small_pt", screen(&a, 30, 6, false));
    }

    #[test]
    fn the_win_screen() {
        let mut a = app("1 2 3/4 5 6/7 0 8", Lang::En);
        a.apply(Command::Slide(npuzzle_core::Move::Left), 0);
        insta::assert_snapshot!("won", screen(&a, 80, 20, true));
        let mut b = app("1 2 3/4 5 6/7 0 8", Lang::Pt);
        b.apply(Command::Slide(npuzzle_core::Move::Left), 0);
        insta::assert_snapshot!("won_pt", screen(&b, 80, 20, true));
        // 40 columns in Portuguese: the report wraps whole (its last words shown) and the
        // footer still offers the keys.
        let narrow = screen(&b, 40, 24, true);
        assert!(
            narrow.contains("ao12") && narrow.contains("n novo"),
            "{narrow}"
        );
        insta::assert_snapshot!("won_pt_narrow", narrow);
    }

    /// After a win with a mistake, the report draws the distance to go after each move, the
    /// mistake marked; too short a terminal leaves the chart out, never the status.
    #[test]
    fn the_win_screen_charts_the_distance_to_go() {
        for (lang, name) in [(Lang::En, "won_chart"), (Lang::Pt, "won_chart_pt")] {
            let mut a = app("1 2 3/4 5 6/0 7 8", lang);
            for m in [Move::Down, Move::Up, Move::Left, Move::Left] {
                a.apply(Command::Slide(m), 0);
            }
            insta::assert_snapshot!(name, screen(&a, 80, 30, true));
            let short = screen(&a, 80, 20, true);
            assert!(!short.contains('×') && short.contains("TPS"), "{short}");
        }
    }

    #[test]
    fn colours_mark_placed_and_misplaced_tiles_and_survive_monochrome() {
        let a = app("1 2 3/4 0 6/7 5 8", Lang::En);
        let area = Rect::new(0, 0, 70, 20);
        let g = geometry(area, "3".parse().unwrap()).unwrap();
        let style_of = |mono: bool, row: usize, column: usize| {
            let mut terminal = Terminal::new(TestBackend::new(70, 20)).unwrap();
            terminal.draw(|frame| draw(frame, &a, 0, mono)).unwrap();
            let cell = g.cell(row, column);
            terminal.backend().buffer()[(cell.x, cell.y)].style()
        };
        assert_eq!(style_of(false, 0, 0).bg, Some(Color::Green)); // 1 is home
        assert_eq!(style_of(false, 2, 1).bg, Some(Color::Blue)); // 5 is not
        assert!(
            style_of(true, 2, 1)
                .add_modifier
                .contains(Modifier::REVERSED)
        );
        assert_ne!(style_of(true, 2, 1).bg, Some(Color::Blue));
    }

    #[test]
    fn clicks_map_to_cells_and_not_to_gaps() {
        let g = geometry(Rect::new(0, 0, 70, 20), "4x3".parse().unwrap()).unwrap();
        let c = g.cell(2, 3);
        assert_eq!(g.cell_at(c.x, c.y), Some((2, 3)));
        assert_eq!(
            g.cell_at(c.x + c.width - 1, c.y + c.height - 1),
            Some((2, 3))
        );
        assert_eq!(g.cell_at(c.x + c.width, c.y), None);
        assert_eq!(g.cell_at(c.x, c.y - 1), None); // the row between two rows of tiles
        assert_eq!(g.cell_at(0, 0), None);
        // 9x9 at its smallest: nine cells of 2 columns a column apart, borders; nine rows,
        // borders, status lines.
        assert_eq!(
            geometry(Rect::new(0, 0, 10, 5), "9".parse().unwrap()),
            Err((28, 15))
        );
    }

    /// Tiles are a row apart wherever there is room, so that a column of tiles does not read as
    /// one bar: 4x4 at 80x24, 9x9 at 100x32.
    #[test]
    fn rows_of_tiles_have_a_gap_between_them() {
        for (size, width, height) in [("4", 80, 24), ("9", 100, 32), ("3", 40, 15)] {
            let g = geometry(Rect::new(0, 0, width, height), size.parse().unwrap()).unwrap();
            assert_eq!(g.row_gap, 1, "{size} at {width}x{height}: {g:?}");
        }
    }

    /// A 20x3 board fits a terminal of 80 columns (it needed 101).
    #[test]
    fn wide_boards_fit_eighty_columns() {
        let g = geometry(Rect::new(0, 0, 80, 24), "20x3".parse().unwrap()).unwrap();
        let last = g.cell(2, 19);
        assert!(last.x + last.width < 80, "{g:?}");
    }

    /// At 20x8 a 20x3 board does not fit: the message says so whole, and keys other than q do
    /// nothing (they moved tiles unseen and started the clock).
    #[test]
    fn a_screen_too_small_shows_the_whole_message_and_moves_nothing() {
        let recipe = Recipe {
            size: "20x3".parse().unwrap(),
            goal: Goal::BlankLast,
            walk: None,
        };
        let dealt = recipe.deal(Some(1)).unwrap();
        let mut a = App::new(Session::detached(dealt, recipe, Lang::En), false);
        let text = screen(&a, 20, 8, true);
        assert!(text.contains("q quits."), "{text}");
        a.board_hidden = geometry(Rect::new(0, 0, 20, 8), a.session.game().board().size()).is_err();
        assert!(a.board_hidden);
        let before = a.session.game().clone();
        for code in [
            KeyCode::Left,
            KeyCode::Up,
            KeyCode::Char('1'),
            KeyCode::Enter,
            KeyCode::Char('g'),
        ] {
            a.key(KeyEvent::new(code, KeyModifiers::NONE), 0);
        }
        assert_eq!(a.session.game(), &before);
        assert!(a.god.is_none());
        a.key(KeyEvent::new(KeyCode::Char('q'), KeyModifiers::NONE), 0);
        assert!(a.quit);
    }
}
