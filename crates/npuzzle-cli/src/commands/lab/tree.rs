//! The search tree near the node being expanded, as lines of text: the subtree of its
//! grandparent, each node its move, its f and what became of it.

use npuzzle_core::Move;
use npuzzle_game::Lang;
use npuzzle_game::lab::{Node, Playback};
use npuzzle_search::algorithm::observe::Pruned;

const ORDER: [Move; 4] = [Move::Up, Move::Down, Move::Left, Move::Right];

/// At most `rows` lines of the tree near the current node (depth first, children in U D L R
/// order), the current node marked `◀`, the solution's path `★`.
pub fn lines(playback: &Playback, lang: Lang, rows: usize) -> Vec<String> {
    let current = playback
        .current
        .as_ref()
        .map_or(&[][..], |(path, _)| path.as_slice());
    let anchor = current[..current.len().saturating_sub(2)].to_vec();
    let mut lines = Vec::new();
    let root = playback.nodes.get(&anchor).cloned().unwrap_or_default();
    lines.push(line(playback, &anchor, &root, "", lang, current));
    walk(playback, &anchor, "", lang, current, rows, &mut lines);
    lines
}

fn walk(
    playback: &Playback,
    path: &[Move],
    indent: &str,
    lang: Lang,
    current: &[Move],
    rows: usize,
    lines: &mut Vec<String>,
) {
    let children: Vec<(Vec<Move>, &Node)> = ORDER
        .iter()
        .map(|&m| [path, &[m]].concat())
        .filter_map(|p| playback.nodes.get(&p).map(|node| (p, node)))
        .collect();
    for (k, (child, node)) in children.iter().enumerate() {
        if lines.len() >= rows {
            return;
        }
        let last = k + 1 == children.len();
        let branch = format!("{indent}{}", if last { "└─ " } else { "├─ " });
        lines.push(line(playback, child, node, &branch, lang, current));
        let deeper = format!("{indent}{}", if last { "   " } else { "│  " });
        walk(playback, child, &deeper, lang, current, rows, lines);
    }
}

/// One node: its move, f, and marks.
fn line(
    playback: &Playback,
    path: &[Move],
    node: &Node,
    branch: &str,
    lang: Lang,
    current: &[Move],
) -> String {
    let name = path.last().map_or_else(
        || lang.pick("start", "início").to_string(),
        |m| m.tile_letter().to_string(),
    );
    let mut text = format!("{branch}{name}");
    if let Some(f) = node.f {
        text += &format!(" f={f}");
    }
    if let Some(why) = node.skipped {
        text += match why {
            Pruned::Parent => lang.pick(" (back)", " (volta)"),
            Pruned::Machine => lang.pick(" (duplicate sequence)", " (sequência repetida)"),
            Pruned::Bound { .. } => lang.pick(" (past the bound)", " (passa o limite)"),
            Pruned::Duplicate => lang.pick(" (reached before)", " (já alcançada)"),
        };
    }
    if playback
        .solution
        .as_ref()
        .is_some_and(|s| s.starts_with(path))
    {
        text += " ★";
    }
    if path == current {
        text += " ◀";
    }
    text
}
