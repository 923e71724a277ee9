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

/// A checkpoint's files are the training's own: a link in place of the weights is neither read
/// through nor replaced, and a state whose time is out of range is refused (it would never end).
#[cfg(unix)]
#[test]
fn a_checkpoint_is_never_read_or_written_through_a_link() {
    let folder = std::env::temp_dir().join(format!("npuzzle-train-link-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&folder);
    train(&config(10, Some(folder.clone()))).unwrap();
    let theirs = folder.join("theirs");
    std::fs::write(&theirs, "not ours").unwrap();
    let weights = folder.join("weights.safetensors");
    std::fs::remove_file(&weights).unwrap();
    std::os::unix::fs::symlink(&theirs, &weights).unwrap();
    let refused = format!(
        "{:#}",
        train(&config(20, Some(folder.clone()))).unwrap_err()
    );
    assert!(refused.contains("a symbolic link"), "{refused}");
    assert!(weights.symlink_metadata().unwrap().file_type().is_symlink());
    assert_eq!(std::fs::read_to_string(&theirs).unwrap(), "not ours");
    let state = folder.join("state.json");
    let text = std::fs::read_to_string(&state).unwrap();
    let seconds = text.lines().find(|l| l.contains("seconds")).unwrap();
    std::fs::write(&state, text.replace(seconds, r#"  "seconds": -1e300"#)).unwrap();
    let refused = format!(
        "{:#}",
        train(&config(20, Some(folder.clone()))).unwrap_err()
    );
    assert!(refused.contains("seconds must be from 0"), "{refused}");
    std::fs::remove_dir_all(&folder).unwrap();
}

/// Numbers out of range are refused with the library's words and exit status 2, never a panic
/// or a run without end; an endless instance file stops at the cap.
#[test]
fn bad_numbers_and_endless_files_are_refused() {
    let program = env!("CARGO_BIN_EXE_npuzzle-train");
    let out = std::env::temp_dir().join(format!("npuzzle-train-out-{}", std::process::id()));
    for (flag, value, words) in [
        ("--minutes", "nan", "seconds must be from 0"),
        ("--minutes", "inf", "seconds must be from 0"),
        ("--minutes", "1e300", "seconds must be from 0"),
        ("--minutes", "-1", "seconds must be from 0"),
        ("--uniform", "nan", "a share must be from 0 to 1"),
        (
            "--lookahead",
            "40",
            "moves of look-ahead must be from 1 to 4",
        ),
        (
            "--max-walk",
            "18446744073709551615",
            "a walk's moves must be from 0 to 100000000",
        ),
        ("--positions", "0", "at least 1"),
    ] {
        let done = std::process::Command::new(program)
            .args(["train", "3", &format!("{flag}={value}"), "--out"])
            .arg(&out)
            .output()
            .unwrap();
        let errors = String::from_utf8_lossy(&done.stderr);
        assert_eq!(done.status.code(), Some(2), "{flag} {value}: {errors}");
        assert!(errors.contains(words), "{flag} {value}: {errors}");
        assert!(!errors.contains("panicked"), "{errors}");
    }
    assert!(!out.exists());
    let model = std::env::temp_dir().join(format!("npuzzle-train-model-{}", std::process::id()));
    let mut small = config(1, None);
    small.positions = 64;
    train(&small).unwrap().save(&model).unwrap();
    let done = std::process::Command::new(program)
        .arg("measure")
        .arg(&model)
        .args(["--instances", "/dev/zero"])
        .output()
        .unwrap();
    let errors = String::from_utf8_lossy(&done.stderr);
    assert!(errors.contains("more than 256 MiB"), "{errors}");
    std::fs::remove_file(&model).unwrap();
}

/// With instances and databases (no complete table is used), every child of each instance is
/// solved, so that every estimate's sibling pairs are judged; the databases never overestimate.
#[test]
fn a_report_on_instances_with_databases_judges_sibling_pairs() {
    use npuzzle_train::measure::report;
    let network = train(&config(1, None)).unwrap();
    let puzzle = Puzzle::new(&Goal::BlankLast.board("3".parse().unwrap()).unwrap()).unwrap();
    let table = table(&puzzle).unwrap();
    let folder = std::env::temp_dir().join(format!("npuzzle-train-report-{}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    let instances = folder.join("instances.txt");
    let lines: Vec<String> = [4u8, 12, 20, 31]
        .iter()
        .filter_map(|&d| Some((table.positions_at(d).next()?, d)))
        .map(|(board, d)| {
            let tiles: Vec<String> = board.cells().iter().map(u32::to_string).collect();
            format!("{} {d}", tiles.join(" "))
        })
        .collect();
    assert_eq!(lines.len(), 4);
    std::fs::write(&instances, lines.join("\n")).unwrap();
    let partition = "1,2,3,4/5,6,7,8".parse().unwrap();
    let text = report(&network, Some(&instances), Some((&folder, partition))).unwrap();
    let rows: Vec<&str> = text.lines().skip(2).collect();
    assert_eq!(rows.len(), 3, "{text}");
    for row in &rows {
        assert!(row.contains("| 4 |") && row.contains("% of"), "{text}");
    }
    let pdb = rows
        .iter()
        .find(|r| r.contains("pattern databases"))
        .unwrap();
    assert!(pdb.contains("| 0.0 % |"), "never over the optimum: {text}");
    std::fs::remove_dir_all(&folder).unwrap();
}
