//! Issue 66: `npuzzle solve --trace FILE` writes the watched search as JSON lines: the library's
//! golden events for a small search, capped with a notice, refused (no file left) where the
//! search cannot be watched yet.

use super::{data_dir, run};

#[test]
fn a_trace_is_the_search_s_events_capped_and_refused_where_not_watched() {
    let dir = data_dir("trace");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("trace.jsonl");
    let path = file.to_str().unwrap();
    let (code, out, err) = run(
        &[
            "solve",
            "1 2 3/0 4 6/7 5 8",
            "-a",
            "idastar",
            "--heuristic",
            "manhattan",
            "--trace",
            path,
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("solution   LUL"), "{out}");
    assert!(err.contains("13 events traced in"), "{err}");
    let golden = std::fs::read_to_string(format!(
        "{}/../npuzzle-search/tests/observe/idastar-3-moves.jsonl",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    assert_eq!(std::fs::read_to_string(&file).unwrap(), golden);
    let (code, out, err) = run(
        &[
            "solve",
            "8 6 7/2 5 4/3 0 1",
            "-a",
            "idastar",
            "--trace",
            path,
            "--trace-cap",
            "40",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("31 STM"),
        "the search goes on past the cap: {out}"
    );
    assert!(err.contains("stops at its cap, 40 events"), "{err}");
    assert_eq!(std::fs::read_to_string(&file).unwrap().lines().count(), 40);
    // A* says which children it had reached before, RBFS which f-values it backed up.
    for (algorithm, position, says) in [
        ("astar", "8 6 7/2 5 4/3 0 1", r#""why":"duplicate""#),
        ("rbfs", "7 2 4/5 0 6/8 3 1", r#""event":"backup""#),
    ] {
        let args = [
            "solve",
            position,
            "-a",
            algorithm,
            "--heuristic",
            "manhattan",
            "--trace",
            path,
        ];
        let (code, _, err) = run(&args, "");
        assert_eq!(code, 0, "{err}");
        let trace = std::fs::read_to_string(&file).unwrap();
        assert!(trace.contains(says), "{algorithm}");
    }
    std::fs::remove_file(&file).unwrap();
    let (code, _, err) = run(
        &[
            "solve",
            "8 6 7/2 5 4/3 0 1",
            "-a",
            "constructive",
            "--trace",
            path,
        ],
        "",
    );
    assert_eq!(code, 2);
    assert!(
        err.contains("the constructive solver cannot be watched"),
        "{err}"
    );
    assert!(!file.exists(), "no trace file is left behind");
    let (code, _, err) = run(&["solve", "--trace", path], "1 2 3/0 4 6/7 5 8\n");
    assert_eq!(code, 2);
    assert!(err.contains("--trace watches one search"), "{err}");
}

/// `npuzzle lab`: each step of a watched search said in a sentence, in English and Portuguese,
/// capped with a note; the closing figures are the search's.
#[test]
fn the_lab_says_each_step_in_both_languages() {
    let (code, en, err) = run(&["lab", "--lang", "en"], "");
    assert_eq!(code, 0, "{err}");
    insta::assert_snapshot!("lab_idastar_en", en);
    let (code, pt, err) = run(
        &[
            "lab",
            "7 2 4/5 0 6/8 3 1",
            "-a",
            "rbfs",
            "--steps",
            "30",
            "--lang",
            "pt",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    insta::assert_snapshot!("lab_rbfs_pt", pt);
    assert!(
        pt.contains("não mostrados") && pt.contains("Ao todo: 271 nós expandidos"),
        "{pt}"
    );
    let (code, out, _) = run(
        &["lab", "8 1 3/4 0 2/7 6 5", "-a", "astar", "--steps", "400"],
        "",
    );
    assert_eq!(code, 0);
    assert!(out.contains("reached before by a path no longer"), "{out}");
    // The complete table's search is its build, breadth-first, a layer at a time.
    let (code, out, _) = run(&["lab", "-a", "table", "--steps", "40", "--lang", "en"], "");
    assert_eq!(code, 0);
    assert!(
        out.contains(
            "Layer 1: 2 new positions, one move from layer 0: each is 1 move from the goal."
        ),
        "{out}"
    );
    assert!(out.contains("Layer 31: 2 new positions"), "{out}");
    assert!(
        out.contains("The table: 181440 positions in 32 layers"),
        "{out}"
    );
    let (code, _, err) = run(&["lab", "-a", "constructive"], "");
    assert_eq!(code, 2);
    assert!(
        err.contains("the constructive solver cannot be watched"),
        "{err}"
    );
}
