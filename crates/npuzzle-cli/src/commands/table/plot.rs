//! The nodes against the depth, on a log scale, as an SVG file: a line a column, the book's
//! figures as rings on the textbook's lines.

use std::fmt::Write as _;

use npuzzle_game::Lang;
use npuzzle_search::textbook::{Column, Row, Table};

const WIDTH: f64 = 760.0;
const HEIGHT: f64 = 460.0;
const LEFT: f64 = 64.0;
const RIGHT: f64 = 210.0;
const TOP: f64 = 36.0;
const BOTTOM: f64 = 44.0;

/// Colours told apart in print and by people who see few colours (Okabe and Ito's), then greys.
const COLOURS: [&str; 11] = [
    "#000000", "#e69f00", "#56b4e9", "#009e73", "#f0e442", "#0072b2", "#d55e00", "#cc79a7",
    "#666666", "#999999", "#bbbbbb",
];

/// Where depth `d` and `nodes` are drawn, between the depths `first..=last` and 1 to 10^`decades`.
struct Frame {
    first: f64,
    last: f64,
    decades: f64,
}

impl Frame {
    fn x(&self, depth: u32) -> f64 {
        let span = (self.last - self.first).max(1.0);
        LEFT + (f64::from(depth) - self.first) / span * (WIDTH - LEFT - RIGHT)
    }

    fn y(&self, nodes: f64) -> f64 {
        TOP + (1.0 - nodes.max(1.0).log10() / self.decades) * (HEIGHT - TOP - BOTTOM)
    }
}

/// The plot of the table's rows.
pub fn svg(table: &Table, rows: &[Row], lang: Lang) -> String {
    let most = rows
        .iter()
        .flat_map(|r| r.measured.iter().flatten().map(|m| m.cost))
        .fold(10.0_f64, f64::max);
    let frame = Frame {
        first: rows.iter().map(|r| r.depth).min().unwrap_or(0).into(),
        last: rows.iter().map(|r| r.depth).max().unwrap_or(1).into(),
        decades: most.log10().ceil().max(1.0),
    };
    let mut svg = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="12">"#
    );
    let _ = write!(
        svg,
        r#"<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/><text x="{LEFT}" y="20" font-size="14">{}</text>"#,
        lang.pick(
            "Mean nodes generated against solution depth, 8-puzzle (log scale)",
            "Média de nós gerados por profundidade da solução, 8-puzzle (escala log)"
        )
    );
    axes(&mut svg, &frame, rows, lang);
    for (k, column) in table.columns.iter().enumerate() {
        let colour = COLOURS[k % COLOURS.len()];
        let points: Vec<String> = rows
            .iter()
            .filter_map(|r| {
                r.measured[k].map(|m| format!("{:.1},{:.1}", frame.x(r.depth), frame.y(m.cost)))
            })
            .collect();
        let dash = if matches!(column, Column::IdaStar(_)) {
            r#" stroke-dasharray="5 3""#
        } else {
            ""
        };
        let _ = write!(
            svg,
            r#"<polyline fill="none" stroke="{colour}" stroke-width="2"{dash} points="{}"><title>{}</title></polyline>"#,
            points.join(" "),
            column.name()
        );
        book_rings(&mut svg, &frame, rows, *column, colour);
        let y = TOP + 16.0 * k as f64;
        let x = WIDTH - RIGHT + 16.0;
        let _ = write!(
            svg,
            r#"<line x1="{x}" y1="{y}" x2="{}" y2="{y}" stroke="{colour}" stroke-width="2"{dash}/><text x="{}" y="{}">{}</text>"#,
            x + 22.0,
            x + 28.0,
            y + 4.0,
            column.name()
        );
    }
    let y = TOP + 16.0 * table.columns.len() as f64 + 8.0;
    let _ = write!(
        svg,
        r#"<circle cx="{}" cy="{y}" r="4" fill="none" stroke="black"/><text x="{}" y="{}">{}</text></svg>"#,
        WIDTH - RIGHT + 27.0,
        WIDTH - RIGHT + 44.0,
        y + 4.0,
        lang.pick("the book (R&amp;N)", "o livro (R&amp;N)")
    );
    svg.push('\n');
    svg
}

/// The depth axis and the decades of the node axis, with their labels.
fn axes(svg: &mut String, frame: &Frame, rows: &[Row], lang: Lang) {
    let (x0, x1) = (LEFT, WIDTH - RIGHT);
    let (y0, y1) = (HEIGHT - BOTTOM, TOP);
    let _ = write!(
        svg,
        r##"<g stroke="#444"><line x1="{x0}" y1="{y0}" x2="{x1}" y2="{y0}"/><line x1="{x0}" y1="{y0}" x2="{x0}" y2="{y1}"/></g>"##
    );
    for decade in 0..=frame.decades as u32 {
        let y = frame.y(10f64.powi(decade as i32));
        let _ = write!(
            svg,
            r##"<line x1="{x0}" y1="{y:.1}" x2="{x1}" y2="{y:.1}" stroke="#ddd"/><text x="{}" y="{:.1}" text-anchor="end">10<tspan dy="-6" font-size="9">{decade}</tspan></text>"##,
            x0 - 6.0,
            y + 4.0
        );
    }
    for row in rows {
        let x = frame.x(row.depth);
        let _ = write!(
            svg,
            r#"<text x="{x:.1}" y="{}" text-anchor="middle">{}</text>"#,
            y0 + 16.0,
            row.depth
        );
    }
    let _ = write!(
        svg,
        r#"<text x="{}" y="{}" text-anchor="middle">{}</text>"#,
        (x0 + x1) / 2.0,
        HEIGHT - 8.0,
        lang.pick("solution depth d", "profundidade da solução d")
    );
}

/// The book's figures for a textbook column, as rings.
fn book_rings(svg: &mut String, frame: &Frame, rows: &[Row], column: Column, colour: &str) {
    let Some(k) = Column::TEXTBOOK.iter().position(|c| *c == column) else {
        return;
    };
    for row in rows {
        let Some(published) = row.published else {
            continue;
        };
        let Some(nodes) = published.costs()[k] else {
            continue;
        };
        let _ = write!(
            svg,
            r#"<circle cx="{:.1}" cy="{:.1}" r="4" fill="none" stroke="{colour}"><title>R&amp;N d = {}: {nodes}</title></circle>"#,
            frame.x(row.depth),
            frame.y(nodes),
            row.depth
        );
    }
}
