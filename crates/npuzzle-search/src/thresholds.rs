//! Every size threshold that decides how a board is solved, in one place: which method `auto`
//! picks (`plan`, in plan.rs) and which stages the anytime solver runs. `docs/ARCHITECTURE.md`
//! quotes them, and a test checks that it quotes them right. (Why each has its value, with the
//! measurements, is in the doc comments here and in `docs/EXPERIMENTS.md`.)

/// The most cells for which `auto` answers from a complete distance table (3×3: built in
/// 0.03 s; a 3×4 table takes a minute).
pub const AUTO_TABLE_CELLS: usize = 9;

/// The most cells for which `auto` searches optimally without pattern databases (IDA* with
/// walking distance).
pub const AUTO_OPTIMAL_CELLS: usize = 16;

/// The most cells the anytime solver takes (32×32), and so the most for which `auto` uses it;
/// above it, the constructive solver.
pub const AUTO_ANYTIME_CELLS: usize = 1024;

/// Above this many cells (16×16) the anytime solver first places lines with the constructive
/// solver until a [`LARGE_REGION`]-sided region remains, and searches that region.
pub const ANYTIME_SEARCH_CELLS: usize = 256;

/// The side of the region the constructive solver's lines leave to the anytime solver's
/// searches on boards of more than [`ANYTIME_SEARCH_CELLS`] cells.
pub const LARGE_REGION: usize = 16;

/// Boards of more cells (larger than 7×7) are first solved by reduction, which beats
/// whole-board beams there (measured: 2.1× the Manhattan bound on 10×10 where beams stay near
/// the constructive 4×; on 7×7 whole-board beams are shorter).
pub const REDUCE_ABOVE: usize = 49;

/// The largest side of the board reduction leaves to the anytime solver's beams. Measured on
/// 10×10 (seeds 1 to 8, 10 s): 6 gives 1.80× the Manhattan bound where 5 gives 1.83× (shorter
/// on six seeds of eight); 4 gave longer solutions.
pub const REDUCE_FINAL_SIDE: usize = 6;

/// The most cells of a board whose other views (backward, mirrored) the beams search too.
/// Measured at equal time: on 5×5 with linear conflict (DeepCubeA's first 12, 5 s) 2.3 % →
/// 0.9 % above the optimum; on 6×6 (DeepCubeA's states 5 to 28, 10 s) 1.3 % shorter; on 7×7
/// (the first 4, 60 s) 0.7 % longer, where one beam needs all the time to grow wide enough.
pub const VIEW_CELLS: usize = 36;

/// Whether the anytime solver places lines with the constructive solver first on a board of
/// `cells` cells (more than [`ANYTIME_SEARCH_CELLS`]).
///
/// ```
/// use npuzzle_search::thresholds::places_lines_first;
/// assert!(!places_lines_first(16 * 16) && places_lines_first(17 * 17));
/// ```
pub fn places_lines_first(cells: usize) -> bool {
    cells > ANYTIME_SEARCH_CELLS
}

/// Whether the anytime solver reduces a board (or region) of `cells` cells before its beams
/// (more than [`REDUCE_ABOVE`]; for the blank-last goal, whose regions are goals of the same
/// kind).
///
/// ```
/// use npuzzle_search::thresholds::reduces;
/// assert!(!reduces(7 * 7) && reduces(8 * 7));
/// ```
pub fn reduces(cells: usize) -> bool {
    cells > REDUCE_ABOVE
}

/// Whether the beams share their time among views of the problem on a board of `cells` cells
/// (at most [`VIEW_CELLS`]).
///
/// ```
/// use npuzzle_search::thresholds::shares_views;
/// assert!(shares_views(6 * 6) && !shares_views(7 * 6));
/// ```
pub fn shares_views(cells: usize) -> bool {
    cells <= VIEW_CELLS
}

/// Whether `auto`'s anytime solver ranks its beams by the shipped learned network on boards of
/// `cells` cells (where one ships: `learned::builtin`): only where it measured better than
/// linear conflict at equal time (`docs/PERFORMANCE.md`, "Learned ranking").
///
/// ```
/// assert!(!npuzzle_search::thresholds::learned_ranks(16));
/// assert!(npuzzle_search::thresholds::learned_ranks(49));
/// ```
pub fn learned_ranks(cells: usize) -> bool {
    AUTO_LEARNED_CELLS.contains(&cells)
}

/// The boards (by cells) on which `auto`'s anytime solver ranks by the learned network (not
/// when pattern databases are at hand, whose IDA* goes first): where it measured better than
/// linear conflict at equal time. 5×5: DeepCubeA's 24-puzzles at 10 s, 91.80 against 92.20 on
/// the first twenty, 90.00 against 90.50 on the next twenty; 7×7: the first six 48-puzzles at
/// 60 s, 282.50 against 286.50. On 6×6 and the reduction's last 6×6 it measured even.
pub const AUTO_LEARNED_CELLS: &[usize] = &[25, 49];

/// The depth of the move-pruning machine every search builds in memory
/// (`algorithm::machine`), on any board: built in 0.07 s on the 5×5 (the
/// depth-14 one takes 0.43 s, more than it saves on a search of a few seconds), 0.01 s on the
/// 4×4.
pub const MACHINE_DEPTH: usize = 12;

/// The most seconds a stored machine may take to build for a search to build it on first use,
/// as the 6-6-3 databases are.
pub const MACHINE_ON_DEMAND_SECONDS: f64 = 5.0;

/// The depth of the machine the store keeps (`Store::machine`) for searches with
/// pattern databases on a board of `cells` cells, where one pays: 16 on the 4×4 (3.9 MB, 7.9 %
/// fewer nodes on Korf's 100 than [`MACHINE_DEPTH`]), 20 on the 5×5 (543 MB, 22 % fewer on
/// Korf & Felner's #38 and #22; 16 and 18 searched them in the same time with more nodes).
///
/// ```
/// use npuzzle_search::thresholds::stored_machine_depth;
/// assert_eq!(stored_machine_depth(9), None);
/// ```
///
/// A machine that builds within [`MACHINE_ON_DEMAND_SECONDS`] (the 4×4's) is built the first
/// time a search needs it; a larger one (the 5×5's, about 3 minutes) only by `npuzzle pdb build`,
/// and used once it is there.
pub fn stored_machine_depth(cells: usize) -> Option<usize> {
    match cells {
        16 => Some(16),
        25 => Some(20),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `docs/ARCHITECTURE.md` quotes each threshold with its value, as `NAME` (value); this
    /// fails when a value changes and the page does not.
    #[test]
    fn the_architecture_page_quotes_the_thresholds_right() {
        let page = include_str!("../../../docs/ARCHITECTURE.md");
        let side = |cells: usize| {
            let side = cells.isqrt();
            format!("{side}×{side}")
        };
        for quoted in [
            format!("`AUTO_TABLE_CELLS` ({AUTO_TABLE_CELLS} cells)"),
            format!("`AUTO_OPTIMAL_CELLS` ({AUTO_OPTIMAL_CELLS} cells)"),
            format!("`AUTO_ANYTIME_CELLS` ({})", side(AUTO_ANYTIME_CELLS)),
            format!("`ANYTIME_SEARCH_CELLS` ({})", side(ANYTIME_SEARCH_CELLS)),
            format!("`LARGE_REGION` ({LARGE_REGION}×{LARGE_REGION})"),
            format!("`REDUCE_ABOVE` ({REDUCE_ABOVE})"),
            format!("`REDUCE_FINAL_SIDE` ({REDUCE_FINAL_SIDE})"),
            format!("`VIEW_CELLS` ({VIEW_CELLS})"),
            format!("`MACHINE_DEPTH` ({MACHINE_DEPTH})"),
            format!(
                "(4×4: {}, 5×5: {})",
                stored_machine_depth(16).unwrap_or_default(),
                stored_machine_depth(25).unwrap_or_default()
            ),
        ] {
            assert!(
                page.contains(&quoted),
                "ARCHITECTURE.md should say {quoted}"
            );
        }
        assert_eq!(
            crate::algorithm::anytime::MAX_CELLS,
            AUTO_ANYTIME_CELLS,
            "auto uses the anytime solver exactly as far as it goes"
        );
    }
}
