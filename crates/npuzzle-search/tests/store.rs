//! The store opens each database once per process: solvers of other settings, and the store
//! asked again, share its memory.

use npuzzle_core::Goal;
use npuzzle_heuristic::pdb::{Partition, Store};
use npuzzle_search::{AnyHeuristic, Options, Prepared, Puzzle, Solvers};

/// The address of each database's entries that `solvers` prepared for the 4×4.
fn entries_of(solvers: &mut Solvers) -> Vec<usize> {
    let solver = solvers.for_size("4".parse().unwrap(), &mut |_| {}).unwrap();
    match solver.prepared() {
        Prepared::Search {
            heuristic: AnyHeuristic::Pdb(databases),
            ..
        } => databases
            .databases()
            .iter()
            .map(|db| db.entries().as_ptr() as usize)
            .collect(),
        other => panic!("{other:?}"),
    }
}

#[test]
fn two_settings_values_share_the_stores_databases() {
    let dir = std::env::temp_dir().join(format!("npuzzle-shared-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let partition = || Some(Partition::Named("555"));
    let solvers = |budget: f64| {
        let options = Options {
            budget: std::time::Duration::from_secs_f64(budget),
            ..Options::default()
        };
        Solvers::new(Goal::BlankLast, options).with_store(Store::new(&dir), partition())
    };
    let first = entries_of(&mut solvers(1.0));
    let second = entries_of(&mut solvers(2.0));
    assert_eq!(first.len(), 3);
    assert_eq!(
        first, second,
        "the second solver shares the first one's databases"
    );
    let puzzle = Puzzle::new(&Goal::BlankLast.board("4".parse().unwrap()).unwrap()).unwrap();
    let again = Store::new(&dir)
        .open(&puzzle, &"555".parse().unwrap(), &mut |_| {})
        .unwrap();
    let again: Vec<usize> = again
        .databases()
        .iter()
        .map(|db| db.entries().as_ptr() as usize)
        .collect();
    assert_eq!(again, first, "and so does the store asked again");
    // Built anew on request, a database is not the one held before.
    let rebuilt = Store::new(&dir)
        .rebuild(&puzzle, &"555".parse().unwrap(), &mut |_| {})
        .unwrap();
    assert_ne!(rebuilt.databases()[0].entries().as_ptr() as usize, first[0]);
    std::fs::remove_dir_all(&dir).unwrap();
}
