//! The order an iteration's subtrees are searched in.
//!
//! The iteration that reaches the goal stops there, and on the 24-puzzle that iteration is most
//! of the search: where its goal's subtree falls in the order decides how much of it is spent.
//! The heuristic's value at the cut says little about where that is (docs/EXPERIMENTS.md,
//! "Ordering the last iteration's subtrees"); what the iteration before learned says much more.
//! A subtree that holds a shortest path to the goal at threshold *t* reaches, at *t* − 2, nodes
//! along that path that are near the goal, where the heuristic is small. So each subtree is
//! searched in the order of the least heuristic value its search reached in the iteration
//! before (its *nearest*), least first.

use std::collections::HashMap;

use npuzzle_core::Move;

/// For each path of a new cut, what the iteration before learned of it: the nearest of the old
/// cut's subtree that holds it, or the least nearest of the old subtrees it holds (cuts of two
/// iterations may differ in depth); `None` where the old cut says nothing (the subtree was past
/// the old threshold, or its search was not measured).
///
/// ```
/// use npuzzle_core::Move::{Down, Left, Right, Up};
/// use npuzzle_search::algorithm::order::hints;
/// let before: [(&[_], _); 3] = [(&[Up, Left], Some(9)), (&[Up, Right], Some(4)), (&[Left, Up], None)];
/// // Deeper than the old cut, shallower, and past it.
/// let cut: [&[_]; 3] = [&[Up, Left, Down], &[Up], &[Down, Left]];
/// assert_eq!(hints(&before, &cut), [Some(9), Some(4), None]);
/// ```
pub fn hints(before: &[(&[Move], Option<u32>)], cut: &[&[Move]]) -> Vec<Option<u32>> {
    let known: Vec<(&[Move], u32)> = before
        .iter()
        .filter_map(|&(path, nearest)| Some((path, nearest?)))
        .collect();
    carried(&known, cut, u32::min)
}

/// For each path of a new cut, the value of the old cut's path that holds it, or the `merge` of
/// the values of the old paths it holds (cuts may differ in depth); `None` where no old path is
/// either. How what one cut knows of its subtrees passes to another: the hints of the iteration
/// before ([`hints`]), and a journal written with another cut (`Keeper::recut`).
///
/// ```
/// use npuzzle_core::Move::{Down, Left, Up};
/// use npuzzle_search::algorithm::order::carried;
/// let before: [(&[_], _); 2] = [(&[Up, Left], true), (&[Up, Down], false)];
/// let cut: [&[_]; 3] = [&[Up, Left, Up], &[Up], &[Left]];
/// assert_eq!(carried(&before, &cut, |a, b| a && b), [Some(true), Some(false), None]);
/// ```
pub fn carried<T: Copy>(
    before: &[(&[Move], T)],
    cut: &[&[Move]],
    merge: impl Fn(T, T) -> T,
) -> Vec<Option<T>> {
    // The merge of the values below every prefix of an old path.
    let mut below: HashMap<&[Move], T> = HashMap::new();
    for &(path, value) in before {
        for end in 1..=path.len() {
            below
                .entry(&path[..end])
                .and_modify(|merged| *merged = merge(*merged, value))
                .or_insert(value);
        }
    }
    cut.iter()
        .map(|path| {
            (1..=path.len())
                .rev()
                .find_map(|end| below.get(&path[..end]).copied())
        })
        .collect()
}

/// The places in the cut in the order to search them: the least hint first, those without one
/// last, each in the cut's order among equals.
///
/// ```
/// use npuzzle_search::algorithm::order::order;
/// assert_eq!(order(&[Some(9), None, Some(4), Some(9)]), [2, 0, 3, 1]);
/// ```
pub fn order(hints: &[Option<u32>]) -> Vec<usize> {
    let mut places: Vec<usize> = (0..hints.len()).collect();
    places.sort_by_key(|&place| (hints[place].is_none(), hints[place]));
    places
}

#[cfg(test)]
mod tests {
    use super::*;
    use npuzzle_core::Move::{Down, Left, Right, Up};

    #[test]
    fn a_shallower_path_takes_the_least_of_the_old_paths_below_it() {
        let before: [(&[Move], _); 3] = [
            (&[Up, Left, Up], Some(7)),
            (&[Up, Left, Down], Some(3)),
            (&[Up, Right, Up], Some(5)),
        ];
        let cut: [&[Move]; 3] = [&[Up, Left], &[Up, Right], &[Up]];
        assert_eq!(hints(&before, &cut), [Some(3), Some(5), Some(3)]);
    }

    #[test]
    fn a_deeper_path_takes_its_old_subtree_s_own_value() {
        let before: [(&[Move], _); 2] = [(&[Up, Right], Some(7)), (&[Up, Left], Some(2))];
        let cut: [&[Move]; 2] = [&[Up, Right, Up], &[Up, Left, Down, Right]];
        assert_eq!(hints(&before, &cut), [Some(7), Some(2)]);
    }

    #[test]
    fn without_an_iteration_before_the_cut_keeps_its_order() {
        let cut: [&[Move]; 3] = [&[Up], &[Left], &[Down]];
        let none = hints(&[], &cut);
        assert_eq!(none, [None, None, None]);
        assert_eq!(order(&none), [0, 1, 2]);
        assert!(hints(&[], &[&[]]).iter().all(Option::is_none));
    }
}
