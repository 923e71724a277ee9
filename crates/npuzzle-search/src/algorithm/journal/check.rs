//! A journal read back is checked against what the search it would resume can write: its
//! checksum, whose it is, and every value in range. Each refusal says what is wrong.
//!
//! What the values must satisfy, and why:
//! - the threshold is at least the start's heuristic value (the first threshold) and has its
//!   parity: every solution has the parity of the blank's distance from its goal cell, the
//!   first threshold is the heuristic's value rounded up to it, and every later one is rounded
//!   up to it too ([`crate::algorithm::idastar`]);
//! - the threshold is at most a length no optimal solution exceeds (the constructive solver's,
//!   found at once): no IDA* threshold passes the optimum;
//! - each iteration raises the threshold by at least 2, so at most `(bound - first) / 2 + 1`
//!   were begun, and a threshold above the first means at least one was finished;
//! - finished subtrees lie in the cut, each named once; the next threshold lies past this one;
//! - counts and seconds are within what any search can take;
//! - a solution is as long as its threshold and takes the start to the goal.

use npuzzle_core::{Move, Notation, parse_moves};

use super::{FORMAT, Journal};
use crate::algorithm::idastar::most_moves;
use crate::start::Start;

/// The most seconds of search a journal may record (about 31 years: more is a damaged file).
const MAX_SECONDS: f64 = 1e9;

/// The most subtrees a cut or an aim may have.
const MOST_SUBTREES: u32 = 1 << 20;

/// The most nodes a journal may count (over three centuries at 10⁷ nodes a second).
const MOST_NODES: u64 = 1 << 57;

/// Refuses `journal` unless the search of `start` that would write `fresh` could have written
/// it.
pub(super) fn check(journal: &Journal, fresh: &Journal, start: &Start) -> Result<(), String> {
    if journal.format != FORMAT {
        return Err(format!(
            "format {}, this version reads {FORMAT} (a journal of format 1 carries no checksum, so \
             nothing it claims can be checked)",
            journal.format
        ));
    }
    if journal.digest() != journal.checksum {
        return Err(
            "its checksum does not match its contents: it was damaged or edited".to_string(),
        );
    }
    whose(journal, fresh)?;
    threshold(journal, fresh.bound, start)?;
    counts(journal, fresh.bound)?;
    cut(journal)?;
    if let Some(letters) = &journal.solution {
        solution(letters, journal.bound, start)?;
    }
    Ok(())
}

/// Refuses the journal of another search: another position, goal, heuristic or machine.
fn whose(journal: &Journal, fresh: &Journal) -> Result<(), String> {
    if (&journal.position, &journal.goal) != (&fresh.position, &fresh.goal) {
        return Err(format!(
            "it is the journal of another search ({} to {}), not of {} to {}",
            journal.position, journal.goal, fresh.position, fresh.goal
        ));
    }
    for (what, theirs, ours) in [
        ("heuristic", &journal.heuristic, &fresh.heuristic),
        ("move-pruning machine", &journal.machine, &fresh.machine),
    ] {
        if theirs != ours {
            return Err(format!(
                "it is the journal of another search: its {what} is '{theirs}', this search's \
                 is '{ours}'"
            ));
        }
    }
    Ok(())
}

/// Refuses a threshold below the first, off its parity, or past a solution's length.
fn threshold(journal: &Journal, first: u32, start: &Start) -> Result<(), String> {
    let bound = journal.bound;
    if bound < first {
        return Err(format!(
            "its threshold {bound} is below the heuristic's value {first} at the start"
        ));
    }
    if !(bound - first).is_multiple_of(2) {
        return Err(format!(
            "its threshold {bound} has not the parity of the start's distance (its heuristic \
             value is {first}): no search has that threshold"
        ));
    }
    let most = most_moves(start).map_err(|e| format!("its start cannot be solved ({e})"))?;
    if bound as usize > most {
        return Err(format!(
            "its threshold {bound} is past a solution of {most} moves: no search has that \
             threshold"
        ));
    }
    Ok(())
}

/// Refuses iterations, nodes and seconds that no search of this journal's threshold counts.
fn counts(journal: &Journal, first: u32) -> Result<(), String> {
    let most_iterations = u64::from((journal.bound - first) / 2 + 1);
    if journal.iterations > most_iterations {
        return Err(format!(
            "{} iterations up to threshold {}, where at most {most_iterations} fit",
            journal.iterations, journal.bound
        ));
    }
    if journal.bound > first && (journal.iterations == 0 || journal.expanded == 0) {
        return Err(format!(
            "its threshold {} is past the first ({first}) with no iteration or node counted",
            journal.bound
        ));
    }
    for (what, count) in [
        ("expanded", journal.expanded),
        ("generated", journal.generated),
    ] {
        if count > MOST_NODES {
            return Err(format!("{count} nodes {what}, past any search's"));
        }
    }
    if !(journal.seconds.is_finite() && (0.0..=MAX_SECONDS).contains(&journal.seconds)) {
        return Err(format!(
            "{} seconds of search (from 0 to {MAX_SECONDS})",
            journal.seconds
        ));
    }
    Ok(())
}

/// Refuses a cut whose finished subtrees, hints or next threshold do not fit it.
fn cut(journal: &Journal) -> Result<(), String> {
    let subtrees = journal.subtrees;
    if subtrees > MOST_SUBTREES || !(1..=MOST_SUBTREES).contains(&journal.aim) {
        return Err(format!(
            "a cut of {subtrees} subtrees aimed at {} (at most {MOST_SUBTREES})",
            journal.aim
        ));
    }
    let increasing = journal.finished.windows(2).all(|w| w[0] < w[1]);
    if !increasing
        || journal
            .finished
            .last()
            .is_some_and(|&last| last >= subtrees)
    {
        return Err(format!(
            "its finished subtrees are not places in its cut of {subtrees}, each named once"
        ));
    }
    for (what, list) in [("hints", &journal.hints), ("nearest", &journal.nearest)] {
        if !list.is_empty() && list.len() != subtrees as usize {
            return Err(format!(
                "its {what} name {} subtrees, its cut has {subtrees}",
                list.len()
            ));
        }
        if list.iter().flatten().any(|&h| h > journal.bound) {
            return Err(format!(
                "its {what} hold a heuristic value past its threshold {}",
                journal.bound
            ));
        }
    }
    let next = journal.next_bound;
    if next != u32::MAX && (next <= journal.bound || !(next - journal.bound).is_multiple_of(2)) {
        return Err(format!(
            "its next threshold {next} does not follow its threshold {}",
            journal.bound
        ));
    }
    Ok(())
}

/// The moves of a journal's solution, in tile letters.
pub(super) fn moves(letters: &str) -> Result<Vec<Move>, String> {
    parse_moves(letters, Some(Notation::Tile), None)
        .map_err(|e| format!("its solution does not read: {e}"))
}

/// Refuses a solution that is not as long as the threshold it was found at (IDA*'s are: it
/// would be claimed optimal), or that does not take the start to the goal.
fn solution(letters: &str, bound: u32, start: &Start) -> Result<(), String> {
    let moves = moves(letters)?;
    if moves.len() != bound as usize {
        return Err(format!(
            "its solution has {} moves, not its threshold {bound}",
            moves.len()
        ));
    }
    let mut board = start.board().clone();
    if let Err(e) = board.apply_all(&moves) {
        return Err(format!("its solution cannot be played: {e}"));
    }
    if &board != start.goal() {
        return Err(format!(
            "its solution ends at {board}, not at the goal {}",
            start.goal()
        ));
    }
    Ok(())
}
