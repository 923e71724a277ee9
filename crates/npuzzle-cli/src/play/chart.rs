//! The win screen's chart: the distance to go after each move (a ratatui sparkline, one bar a
//! move or a few when the game is longer than the room), mistakes in red and marked `×` under
//! their bars (seen in monochrome too). From the library's analysis of the game.

use npuzzle_game::Lang;
use npuzzle_search::analysis::{Analysis, Verdict};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color, Style};
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Sparkline, SparklineBar};

/// Rows the chart takes: its caption, the bars, the marks.
pub const ROWS: u16 = 5;

/// Bars of the chart: the distance before the first move and after each, `width` at most (a
/// bar stands for as many moves as it must, its highest distance), and whether a mistake lies
/// among them.
pub fn bars(analysis: &Analysis, width: usize) -> Vec<(u64, bool)> {
    let Some(first) = analysis.steps.first() else {
        return Vec::new();
    };
    let mut points = vec![(u64::from(first.before.range().1), false)];
    points.extend(
        analysis
            .steps
            .iter()
            .map(|s| (u64::from(s.after.range().1), s.verdict == Verdict::Mistake)),
    );
    let per = points.len().div_ceil(width.max(1)).max(1);
    points
        .chunks(per)
        .map(|chunk| {
            let highest = chunk.iter().map(|&(d, _)| d).max().unwrap_or(0);
            (highest, chunk.iter().any(|&(_, m)| m))
        })
        .collect()
}

/// Draws the chart of `analysis` in `area` (at least [`ROWS`] high).
pub fn draw(frame: &mut Frame, lang: Lang, analysis: &Analysis, area: Rect, mono: bool) {
    let width = usize::from(area.width.saturating_sub(2));
    let bars = bars(analysis, width);
    let left = area.x + (area.width.saturating_sub(bars.len() as u16)) / 2;
    let caption = lang.pick(
        "To go, move by move (× a mistake)",
        "Em falta, lance a lance (× um erro)",
    );
    frame.render_widget(
        Paragraph::new(Line::from(caption)).alignment(ratatui::layout::Alignment::Center),
        Rect { height: 1, ..area },
    );
    let bar_style = |mistake: bool| match (mono, mistake) {
        (false, true) => Style::default().fg(Color::Red),
        (false, false) => Style::default().fg(Color::Blue),
        (true, _) => Style::default(),
    };
    let data: Vec<SparklineBar> = bars
        .iter()
        .map(|&(d, mistake)| SparklineBar::from(d).style(bar_style(mistake)))
        .collect();
    let chart = Rect {
        x: left,
        y: area.y + 1,
        width: bars.len() as u16,
        height: ROWS - 2,
    };
    frame.render_widget(Sparkline::default().data(data), chart);
    let marks: String = bars
        .iter()
        .map(|&(_, m)| if m { '×' } else { ' ' })
        .collect();
    frame.render_widget(
        Paragraph::new(Line::from(marks)),
        Rect {
            y: area.y + ROWS - 1,
            height: 1,
            ..chart
        },
    );
}
