//! The table as people read it (the book's figures beside npuzzle's), and as JSON lines.

use std::fmt::Write as _;

use npuzzle_game::Lang;
use npuzzle_search::textbook::{Column, Measured, Published, Row, SOURCE, Table};

/// A figure as the book prints it: a whole number of nodes, a dash where none.
fn nodes(value: Option<f64>) -> String {
    value.map_or("—".to_string(), |v| format!("{:.0}", v.round()))
}

/// An effective branching factor as the book prints it, a dash where none.
fn factor(value: Option<f64>) -> String {
    value.map_or("—".to_string(), |v| format!("{v:.2}"))
}

/// The whole table: the textbook's columns beside the book's figures, then the rest.
pub fn table(table: &Table, rows: &[Row], lang: Lang, seconds: f64) -> String {
    let mut text = heading(table, lang);
    let book: Vec<(usize, Column)> = table
        .columns
        .iter()
        .copied()
        .enumerate()
        .filter(|(_, c)| Column::TEXTBOOK.contains(c))
        .collect();
    text.push('\n');
    text.push_str(lang.pick(
        "Search cost (mean nodes generated): npuzzle | the book\n",
        "Custo da busca (média de nós gerados): npuzzle | o livro\n",
    ));
    text.push_str(&textbook_block(
        rows,
        &book,
        |m| nodes(m.map(|m| m.cost)),
        |p, k| nodes(p.and_then(|p| p.costs()[k])),
        10,
    ));
    text.push('\n');
    text.push_str(lang.pick(
        "Effective branching factor: npuzzle | the book\n",
        "Fator de ramificação efetivo: npuzzle | o livro\n",
    ));
    text.push_str(&textbook_block(
        rows,
        &book,
        |m| factor(m.map(|m| m.branching)),
        |p, k| factor(p.and_then(|p| p.branching[k])),
        10,
    ));
    text.push_str(&beyond(table, rows, lang));
    let _ = writeln!(
        text,
        "\n{} {seconds:.1} s",
        lang.pick("Measured in", "Medido em")
    );
    text
}

/// The table's title and what its positions are.
fn heading(table: &Table, lang: Lang) -> String {
    let mut text = String::new();
    let _ = writeln!(
        text,
        "{} ({SOURCE}), {}",
        lang.pick("The textbook's table", "A tabela do livro"),
        lang.pick("recomputed", "recalculada")
    );
    let _ = writeln!(
        text,
        "{}",
        match lang {
            Lang::En => format!(
                "{} positions a depth, dealt uniformly from the complete 8-puzzle table (seed {}); IDS up to d = {}",
                table.positions, table.seed, table.deepening_depth
            ),
            Lang::Pt => format!(
                "{} posições por profundidade, tiradas uniformemente da tabela completa do 8-puzzle (semente {}); IDS até d = {}",
                table.positions, table.seed, table.deepening_depth
            ),
        }
    );
    text
}

/// The columns the book has not (A* and IDA* with npuzzle's heuristics), a block each.
fn beyond(table: &Table, rows: &[Row], lang: Lang) -> String {
    let mut text = String::new();
    let rest: Vec<(usize, Column)> = table
        .columns
        .iter()
        .copied()
        .enumerate()
        .filter(|(_, c)| !Column::TEXTBOOK.contains(c))
        .collect();
    for prefix in ["A* ", "IDA* "] {
        let block: Vec<(usize, Column)> = rest
            .iter()
            .copied()
            .filter(|(_, c)| c.name().starts_with(prefix))
            .collect();
        if block.is_empty() {
            continue;
        }
        text.push('\n');
        text.push_str(lang.pick(
            "Beyond the book, npuzzle's searches: mean nodes generated (b*)\n",
            "Além do livro, as buscas do npuzzle: média de nós gerados (b*)\n",
        ));
        text.push_str(&beyond_block(rows, &block));
    }
    text
}

/// The book's three columns: npuzzle's figure and the book's beside it, a row a depth.
fn textbook_block(
    rows: &[Row],
    columns: &[(usize, Column)],
    ours: impl Fn(Option<Measured>) -> String,
    theirs: impl Fn(Option<Published>, usize) -> String,
    width: usize,
) -> String {
    let mut text = format!("{:>4}", "d");
    for (_, column) in columns {
        let _ = write!(text, "  {:>w$} | {:<w$}", column.name(), "", w = width);
    }
    text = text.trim_end().to_string() + "\n";
    for row in rows {
        let _ = write!(text, "{:>4}", row.depth);
        for &(index, column) in columns {
            let k = Column::TEXTBOOK
                .iter()
                .position(|c| *c == column)
                .unwrap_or(0);
            let _ = write!(
                text,
                "  {:>w$} | {:<w$}",
                ours(row.measured[index]),
                theirs(row.published, k),
                w = width
            );
        }
        text = text.trim_end().to_string() + "\n";
    }
    text
}

/// npuzzle's own columns: the mean cost with the mean b* beside it.
fn beyond_block(rows: &[Row], columns: &[(usize, Column)]) -> String {
    let width = columns
        .iter()
        .map(|(_, c)| c.name().len())
        .max()
        .unwrap_or(0)
        .max(14);
    let mut text = format!("{:>4}", "d");
    for (_, column) in columns {
        let _ = write!(text, "  {:>width$}", column.name());
    }
    text.push('\n');
    for row in rows {
        let _ = write!(text, "{:>4}", row.depth);
        for &(index, _) in columns {
            let cell = row.measured[index].map_or("—".to_string(), |m| {
                format!("{:.0} ({:.2})", m.cost, m.branching)
            });
            let _ = write!(text, "  {cell:>width$}");
        }
        text.push('\n');
    }
    text
}

/// A row as one JSON object: the depth, the positions, each column's figures by name, the book's.
pub fn json(table: &Table, row: &Row) -> anyhow::Result<String> {
    let measured: serde_json::Map<String, serde_json::Value> = table
        .columns
        .iter()
        .zip(&row.measured)
        .map(|(column, m)| Ok((column.name(), serde_json::to_value(m)?)))
        .collect::<Result<_, serde_json::Error>>()?;
    let line = serde_json::json!({
        "depth": row.depth,
        "positions": row.positions,
        "seed": table.seed,
        "measured": measured,
        "published": row.published,
        "source": SOURCE,
    });
    Ok(line.to_string())
}
