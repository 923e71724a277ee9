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

/// The textbook's table: a JSON object a depth with the book's figures beside, the text in
/// both languages, the plot a well-formed SVG, and every setting checked by its range.
#[test]
fn the_textbook_table_is_recomputed_beside_the_books_figures() {
    let (code, out, err) = run(
        &[
            "lab",
            "--table",
            "--count",
            "20",
            "--depths",
            "2,8,12",
            "--ids-depth",
            "8",
            "--json",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let rows: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 3);
    assert_eq!(rows[1]["depth"], 8);
    assert_eq!(rows[1]["positions"], 20);
    assert_eq!(rows[1]["published"]["ids"], 6384.0);
    assert!(rows[1]["measured"]["IDS"]["cost"].as_f64().unwrap() > 1000.0);
    assert!(
        rows[2]["measured"]["IDS"].is_null(),
        "past --ids-depth: not run"
    );
    let h2 = rows[2]["measured"]["A* h2"]["cost"].as_f64().unwrap();
    let idastar = rows[2]["measured"]["IDA* walking-distance"]["cost"]
        .as_f64()
        .unwrap();
    assert!(
        idastar < h2 && h2 < 200.0,
        "walking distance's IDA* below A* h2 ({idastar}, {h2})"
    );

    let dir = data_dir("table");
    std::fs::create_dir_all(&dir).unwrap();
    let plot = dir.join("table.svg");
    let (code, out, err) = run(
        &[
            "lab",
            "--table",
            "--textbook",
            "--count",
            "10",
            "--depths",
            "4,6",
            "--lang",
            "pt",
            "--plot",
            plot.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with(
            "A tabela do livro (Russell & Norvig, AIMA 2nd ed. (2003), Fig. 4.8), recalculada"
        ),
        "{out}"
    );
    assert!(
        out.contains("Custo da busca") && out.contains("112"),
        "{out}"
    );
    assert!(
        !out.contains("A* manhattan"),
        "--textbook keeps the book's columns: {out}"
    );
    let svg = std::fs::read_to_string(&plot).unwrap();
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert!(svg.contains("o livro (R&amp;N)") && !svg.contains("R&N"));

    for (args, said) in [
        (
            vec!["lab", "--table", "--count", "0"],
            "positions a depth must be from 1 to 10000, not 0",
        ),
        (
            vec!["lab", "--table", "--depths", "2,40"],
            "a depth of the 8-puzzle must be from 0 to 31, not 40",
        ),
        (vec!["lab", "--count", "5"], "--table"),
        (
            vec!["lab", "1 2 3/4 5 6/7 0 8", "--table"],
            "cannot be used with",
        ),
    ] {
        let (code, _, err) = run(&args, "");
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains(said), "{args:?}: {err}");
    }
}
