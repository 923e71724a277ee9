//! Russell and Norvig's figures, kept in `data/textbook/` with their provenance and read from
//! the copy built in, checked as any file read back is.

use serde::Serialize;

/// One row of the textbook's table: mean search costs and effective branching factors at a
/// solution depth, `None` where the book has a dash.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Published {
    /// The solution depth.
    pub depth: u32,
    /// Iterative deepening's mean nodes generated.
    pub ids: Option<f64>,
    /// A* with misplaced tiles (h1).
    pub astar_h1: Option<f64>,
    /// A* with the Manhattan distance (h2).
    pub astar_h2: Option<f64>,
    /// The effective branching factors, in the same order.
    pub branching: [Option<f64>; 3],
}

impl Published {
    /// The three costs in the order of [`crate::textbook::Column::TEXTBOOK`]: IDS, A* h1, A* h2.
    ///
    /// ```
    /// let rows = npuzzle_search::textbook::published().unwrap();
    /// assert_eq!(rows[0].costs(), [Some(10.0), Some(6.0), Some(6.0)]);
    /// ```
    pub fn costs(&self) -> [Option<f64>; 3] {
        [self.ids, self.astar_h1, self.astar_h2]
    }
}

/// The book, its edition and figure, as the table names them.
pub const SOURCE: &str = "Russell & Norvig, AIMA 2nd ed. (2003), Fig. 4.8";

/// The figures as kept in the repository.
const TEXT: &str = include_str!("../../../../data/textbook/russell-norvig-8puzzle.csv");

/// The textbook's rows, depth 2 to 24.
///
/// ```
/// let rows = npuzzle_search::textbook::published().unwrap();
/// let twelve = rows.iter().find(|r| r.depth == 12).unwrap();
/// assert_eq!((twelve.ids, twelve.astar_h1, twelve.astar_h2), (Some(364_404.0), Some(227.0), Some(73.0)));
/// ```
pub fn published() -> Result<Vec<Published>, String> {
    TEXT.lines()
        .enumerate()
        .filter(|(_, line)| {
            !line.starts_with('#') && !line.starts_with("depth") && !line.is_empty()
        })
        .map(|(number, line)| {
            row(line).map_err(|why| format!("{}, line {}: {why}", SOURCE, number + 1))
        })
        .collect()
}

fn row(line: &str) -> Result<Published, String> {
    let fields: Vec<&str> = line.split(',').collect();
    let [depth, ids, h1, h2, b_ids, b_h1, b_h2] = fields[..] else {
        return Err(format!("{} fields, not 7", fields.len()));
    };
    let number = |text: &str| -> Result<Option<f64>, String> {
        match text.trim() {
            "" => Ok(None),
            text => text
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite() && *v >= 1.0)
                .map(Some)
                .ok_or_else(|| format!("'{text}' is not a figure")),
        }
    };
    Ok(Published {
        depth: depth
            .parse()
            .map_err(|_| format!("'{depth}' is not a depth"))?,
        ids: number(ids)?,
        astar_h1: number(h1)?,
        astar_h2: number(h2)?,
        branching: [number(b_ids)?, number(b_h1)?, number(b_h2)?],
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::textbook::effective_branching;

    /// Each printed b* is the mean of each instance's b*, which is never above the b* of the
    /// mean cost, and not far below it: a misprinted cost (the 3rd edition's 3,644,035 for
    /// 364,404) shows.
    #[test]
    fn every_branching_factor_agrees_with_its_cost() {
        let rows = published().unwrap();
        assert_eq!(
            rows.iter().map(|r| r.depth).collect::<Vec<_>>(),
            (1..=12).map(|k| 2 * k).collect::<Vec<_>>()
        );
        for r in &rows {
            for (cost, printed) in r.costs().into_iter().zip(r.branching) {
                assert_eq!(cost.is_some(), printed.is_some(), "depth {}", r.depth);
                let (Some(cost), Some(printed)) = (cost, printed) else {
                    continue;
                };
                let of_mean = effective_branching(cost, r.depth);
                assert!(
                    of_mean + 0.005 >= printed && of_mean - printed < 0.3,
                    "depth {}: {cost} gives {of_mean:.3}, printed {printed}",
                    r.depth
                );
            }
        }
        assert!(
            effective_branching(3_644_035.0, 12) > 3.3,
            "the 3rd edition's misprint would show"
        );
    }
}
