//! A tiny training run on the 8-puzzle, measured against its complete distance table, and a
//! checkpoint resumed.

use std::time::Duration;

use npuzzle_core::Goal;
use npuzzle_search::Puzzle;
use npuzzle_train::measure::{Errors, every_position, siblings, table};
use npuzzle_train::targets::Teacher;
use npuzzle_train::train::{Config, train};

fn config(rounds: u64, checkpoint: Option<std::path::PathBuf>) -> Config {
    Config {
        goal: Goal::BlankLast.board("3".parse().unwrap()).unwrap(),
        seed: 11,
        time: Duration::from_secs(600),
        rounds,
        positions: 2048,
        batch: 256,
        lookahead: 2,
        max_walk: 100,
        uniform_share: 0.25,
        learning_rate: 2e-3,
        checkpoint,
        checkpoint_every: 10,
        command: "npuzzle-train train 3 (a test)".into(),
        progress: false,
    }
}

/// A couple hundred rounds (seconds) bring the estimate within 3 moves of the optimum on
/// average over all 181,440 positions (linear conflict: 6.85 below), and order most sibling
/// pairs rightly (linear conflict: 61 %).
#[test]
fn a_tiny_training_run_comes_near_the_complete_table() {
    let network = train(&config(200, None)).unwrap();
    assert_eq!(network.provenance().rounds, 200);
    let puzzle = Puzzle::new(&Goal::BlankLast.board("3".parse().unwrap()).unwrap()).unwrap();
    let table = table(&puzzle).unwrap();
    let positions = every_position(&table);
    let teacher = Teacher::new(&puzzle, &network, 1);
    let estimates: Vec<f32> = positions
        .iter()
        .map(|(b, _)| teacher.estimate(&puzzle.bytes(b)))
        .collect();
    let optima: Vec<u32> = positions.iter().map(|(_, d)| *d).collect();
    let learned = Errors::of(&estimates, &optima);
    let bounds: Vec<f32> = positions
        .iter()
        .map(|(b, _)| teacher.bound(&puzzle.bytes(b)) as f32)
        .collect();
    let lc = Errors::of(&bounds, &optima);
    assert!(learned.mean_abs < 3.0, "{learned:?}");
    assert!(lc.mean_abs > 6.0, "{lc:?}");
    let ordered = siblings(&table, &|cells| teacher.estimate(cells)).unwrap();
    assert!(ordered.right > 0.7, "{ordered:?}");
    // The goal is 0 and nothing else is: the estimate is never below linear conflict.
    assert_eq!(teacher.estimate(puzzle.goal_cells()), 0.0);
    assert!(estimates.iter().zip(&bounds).all(|(e, b)| e >= b));
}

/// A run stopped at round 10 and resumed to round 20 ends at round 20 from its checkpoint; a
/// checkpoint of another training is refused.
#[test]
fn training_resumes_from_its_checkpoint() {
    let folder = std::env::temp_dir().join(format!("npuzzle-train-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&folder);
    let first = train(&config(10, Some(folder.clone()))).unwrap();
    assert_eq!(first.provenance().rounds, 10);
    let resumed = train(&config(20, Some(folder.clone()))).unwrap();
    assert_eq!(resumed.provenance().rounds, 20);
    let mut other = config(30, Some(folder.clone()));
    other.seed = 12;
    let refused = train(&other).unwrap_err().to_string();
    assert!(refused.contains("another training"), "{refused}");
    std::fs::remove_dir_all(&folder).unwrap();
}
