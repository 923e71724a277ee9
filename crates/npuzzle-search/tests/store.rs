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
    // The first solver is held while the others open: were its databases freed, the next
    // could be given the same addresses without sharing anything.
    let mut held = solvers(1.0);
    let first = entries_of(&mut held);
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
    drop(held);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Databases opened from the store keep the values they were checked with while another program
/// empties their files (mapped under a read lease, copied when it breaks, or read into memory);
/// opened again, the emptied files are found damaged and built anew.
#[cfg(target_os = "linux")]
#[test]
fn databases_keep_their_values_while_their_files_are_emptied() {
    use npuzzle_heuristic::Heuristic;
    let dir = std::env::temp_dir().join(format!("npuzzle-emptied-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let goal = Goal::BlankLast.board("4".parse().unwrap()).unwrap();
    let puzzle = Puzzle::new(&goal).unwrap();
    let partition = "555".parse().unwrap();
    let databases = Store::new(&dir)
        .open(&puzzle, &partition, &mut |_| {})
        .unwrap();
    // Boards far from the goal: shuffles of its cells by a fixed rule.
    let boards: Vec<Vec<u8>> = (0..200u64)
        .map(|seed| {
            let mut cells = puzzle.bytes(&goal);
            let mut state = seed.wrapping_mul(6_364_136_223_846_793_005) + 1;
            for i in (1..cells.len()).rev() {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1);
                cells.swap(i, (state >> 33) as usize % (i + 1));
            }
            cells
        })
        .collect();
    let values = |h: &npuzzle_heuristic::pdb::AdditivePdb| -> Vec<u32> {
        boards.iter().map(|b| h.value(&h.start(b))).collect()
    };
    let before = values(&databases);
    assert!(
        before.iter().sum::<u32>() > 200 * 20,
        "boards far from the goal"
    );
    let files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "pdb"))
        .collect();
    assert_eq!(files.len(), 3);
    for file in &files {
        let status = std::process::Command::new("sh")
            .args(["-c", ": > \"$1\"", "sh"])
            .arg(file)
            .status()
            .unwrap();
        assert!(status.success());
        assert_eq!(std::fs::metadata(file).unwrap().len(), 0);
    }
    assert_eq!(
        values(&databases),
        before,
        "the values changed with the files"
    );
    drop(databases); // else the store hands out the same databases again
    let mut reasons = Vec::new();
    let again = Store::new(&dir)
        .open(&puzzle, &partition, &mut |event| {
            if let npuzzle_heuristic::pdb::Event::Building { reason, .. } = event {
                reasons.push(reason);
            }
        })
        .unwrap();
    assert_eq!(
        reasons.len(),
        3,
        "each emptied file found damaged and built again"
    );
    assert!(reasons.iter().all(|r| r.contains("damaged")), "{reasons:?}");
    assert_eq!(values(&again), before);
    std::fs::remove_dir_all(&dir).unwrap();
}
