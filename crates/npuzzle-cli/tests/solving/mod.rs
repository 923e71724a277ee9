//! Solving from the command line: batches, big boards, files, limits, exact distances, the
//! benchmark runner and its journals, the database store's commands, the JSON fields.

use super::*;

#[test]
fn solve_batches_and_big_boards() {
    let positions = stdout(&[
        "generate", "--size", "4", "--count", "6", "--walk", "30", "--seed", "5",
    ]);
    let (code, out, _) = run(&["solve", "--json"], &positions);
    assert_eq!(code, 0);
    assert_eq!(out.matches("\"optimal\":true").count(), 6);
    for (line, position) in out.lines().zip(positions.lines()) {
        assert!(line.contains(&format!("\"position\":\"{position}\"")));
    }
    // Past 32x32 the constructive solver (streamed); up to it the anytime solver, after the
    // constructive solver's lines past 16x16.
    for (size, method) in [
        ("40x30", "the constructive solver"),
        ("20x18", "the anytime solver"),
    ] {
        let big = stdout(&["generate", "--size", size, "--seed", "2"]);
        let (code, out, err) = run(&["solve", "--run-length", "--time-budget", "0.2"], &big);
        assert_eq!(code, 0, "{err}");
        assert!(err.contains(method), "{err}");
        let solution = out
            .lines()
            .find_map(|line| line.strip_prefix("solution"))
            .unwrap()
            .trim();
        assert_eq!(
            stdout(&["verify", big.trim(), solution])
                .split(' ')
                .take(2)
                .collect::<Vec<_>>(),
            ["solved:", "yes"]
        );
    }
}

#[test]
fn positions_from_a_file() {
    let dir = std::env::temp_dir().join(format!("npuzzle-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("positions.txt");
    std::fs::write(
        &file,
        "1 2 3/4 5 6/7 0 8\n\n1 2 3\n4 5 6\n0 7 8\n\nnonsense\n",
    )
    .unwrap();
    let (code, out, err) = run(&["solve", file.to_str().unwrap(), "--json"], "");
    assert_eq!(code, 2, "one bad line");
    assert_eq!(out.lines().count(), 2);
    assert!(
        err.contains("positions.txt line 7: the position: unknown characters 'nonsense' at line 7"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn solve_reports_limits_and_unsolvable_positions() {
    // Korf's first instance (57 moves from the blank-first goal).
    let hard = "14 13 15 7/11 12 9 5/6 0 2 1/4 8 10 3";
    let (code, out, err) = run(
        &[
            "solve",
            hard,
            "--goal",
            "blank-first",
            "--max-nodes",
            "1000",
        ],
        "",
    );
    assert_eq!(code, 1);
    assert!(out.is_empty());
    assert!(
        err.contains("stopped by the node limit (1000 nodes)"),
        "{err}"
    );
    let (code, _, err) = run(&["solve", "2 1 3/4 5 6/7 8 0"], "");
    assert_eq!(code, 1);
    assert!(err.contains("unsolvable"), "{err}");
    // An unsolvable 4x4 is refused before any pattern database is built.
    let cache = data_dir("unsolvable-cache");
    let (code, _, err) = run(
        &[
            "solve",
            "2 1 3 4/5 6 7 8/9 10 11 12/13 14 15 0",
            "--cache-dir",
            cache.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("unsolvable") && !err.contains("building"),
        "{err}"
    );
    assert!(!cache.exists());
    let (code, _, err) = run(
        &[
            "solve",
            "8 6 7/2 5 4/3 0 1",
            "-a",
            "wastar",
            "--weight",
            "0.5",
        ],
        "",
    );
    assert_eq!(code, 2);
    assert!(err.contains("from 1 to 100"), "{err}");
}

#[test]
fn generate_at_an_exact_distance() {
    let out = stdout(&[
        "generate",
        "--size",
        "3",
        "--distance",
        "31",
        "--count",
        "5",
        "--seed",
        "1",
    ]);
    for position in out.lines() {
        assert!(
            ["8 6 7/2 5 4/3 0 1", "6 4 7/8 5 0/3 2 1"].contains(&position),
            "{position}"
        );
    }
    let out = stdout(&[
        "generate",
        "--size",
        "3",
        "--distance",
        "12",
        "--count",
        "20",
        "--seed",
        "1",
    ]);
    let (_, solved, _) = run(&["solve", "--json"], &out);
    assert_eq!(solved.matches("\"stm\":12").count(), 20);
    let (code, _, err) = run(&["generate", "--size", "3", "--distance", "32"], "");
    assert_eq!(code, 2);
    assert!(err.contains("the farthest are 31 moves away"), "{err}");
}

#[test]
fn bench_checks_lengths_against_the_file() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/instances/8puzzle_bfs.txt"
    );
    let (code, out, _) = run(&["bench", file, "--json"], "");
    assert_eq!(code, 0);
    assert_eq!(out.matches("\"ok\":true").count(), 102);
    assert!(out.lines().last().unwrap().contains("\"failures\":0"));
    let (code, out, _) = run(&["bench", file, "--goal", "blank-last", "--limit", "5"], "");
    assert_eq!(code, 1, "the wrong goal gives other lengths: {out}");
    assert!(out.contains("MISMATCH"));
    // --only names instances in the order wanted; --limit keeps the first of them.
    let (code, out, _) = run(
        &["bench", file, "--only", "5,2", "--limit", "1", "--json"],
        "",
    );
    assert_eq!(code, 0, "{out}");
    let numbers: Vec<&str> = out.matches("\"instance\":").collect();
    assert_eq!(numbers.len(), 1, "{out}");
    assert!(out.contains("\"instance\":5"), "{out}");
    let (code, out, _) = run(&["bench", "--every", "3x2", "-a", "idastar"], "");
    assert_eq!(code, 0);
    assert!(
        out.starts_with("3x2: 360 positions solved by idastar"),
        "{out}"
    );
}

#[test]
fn pattern_databases_are_built_listed_verified_used_and_removed() {
    let dir = data_dir("pdb");
    let dir_arg = dir.to_str().unwrap();
    let (code, out, err) = run(
        &[
            "pdb",
            "build",
            "--size",
            "3",
            "--partition",
            "1,2,3,4/5,6,7,8",
            "--cache-dir",
            dir_arg,
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("3x3 partition 1,2,3,4/5,6,7,8: 2 databases"),
        "{out}"
    );
    assert_eq!(err.matches("npuzzle: built").count(), 2, "{err}");
    let list = stdout(&["pdb", "list", "--cache-dir", dir_arg]);
    assert_eq!(list.lines().count(), 2, "{list}");
    assert_eq!(
        stdout(&["pdb", "verify", "--cache-dir", dir_arg])
            .matches("  ok")
            .count(),
        2
    );
    let solved = stdout(&[
        "solve",
        "8 6 7/2 5 4/3 0 1",
        "--partition",
        "1,2,3,4/5,6,7,8",
        "--cache-dir",
        dir_arg,
        "--json",
    ]);
    assert!(
        solved.contains("\"heuristic\":\"pdb\"") && solved.contains("\"stm\":31"),
        "{solved}"
    );
    // A damaged file is reported by verify, and rebuilt when next used.
    let file = std::fs::read_dir(&dir)
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    std::fs::write(&file, b"garbage").unwrap();
    let (code, out, _) = run(&["pdb", "verify", "--cache-dir", dir_arg], "");
    assert_eq!(code, 1);
    assert!(out.contains("is damaged"), "{out}");
    let (code, _, err) = run(
        &[
            "solve",
            "8 6 7/2 5 4/3 0 1",
            "--partition",
            "1,2,3,4/5,6,7,8",
            "--cache-dir",
            dir_arg,
        ],
        "",
    );
    assert_eq!(code, 0);
    assert!(
        err.contains("damaged") && err.contains("npuzzle: built"),
        "{err}"
    );
    // Only files npuzzle wrote are removed; others are named and left.
    let foreign = dir.join("notes.pdb");
    std::fs::write(&foreign, b"somebody else's file").unwrap();
    let removed = stdout(&["pdb", "remove", "--all", "--cache-dir", dir_arg]);
    assert_eq!(removed.matches("removed ").count(), 2, "{removed}");
    assert!(
        removed.contains("left") && removed.contains("notes.pdb"),
        "{removed}"
    );
    assert!(foreign.exists());
    std::fs::remove_file(&foreign).unwrap();
    assert!(stdout(&["pdb", "list", "--cache-dir", dir_arg]).starts_with("no pattern databases"));
    let (code, _, err) = run(&["pdb", "build", "--size", "3", "--partition", "78"], "");
    assert_eq!(code, 2);
    assert!(err.contains("the 78 partition is for 4x4 boards"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_mixed_batch_solves_each_position_as_if_alone() {
    let three = "8 6 7/2 5 4/3 0 1";
    let four = stdout(&["generate", "--size", "4", "--walk", "60", "--seed", "9"]);
    let six = stdout(&["generate", "--size", "6", "--seed", "4"]);
    let batch = format!("{three}\n{}\n{}\n", four.trim(), six.trim());
    let budget = ["--json", "--time-budget", "0.3"];
    let (code, out, err) = run(&[&["solve"][..], &budget[..]].concat(), &batch);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    let field = |line: &str, name: &str| {
        let value: serde_json::Value = serde_json::from_str(line).unwrap();
        value[name].clone()
    };
    for (line, alone) in lines.iter().zip([three, four.trim()]) {
        let single = stdout(&[&["solve", alone][..], &budget[..]].concat());
        assert_eq!(field(line, "solution"), field(&single, "solution"));
        assert_eq!(field(line, "algorithm"), field(&single, "algorithm"));
        assert_eq!(field(line, "optimal"), serde_json::Value::Bool(true));
    }
    assert_eq!(field(lines[2], "algorithm"), "anytime");
    let (length, lower) = (field(lines[2], "length"), field(lines[2], "lower_bound"));
    let gap = length.as_u64().unwrap() - lower.as_u64().unwrap();
    assert_eq!(field(lines[2], "gap").as_u64(), Some(gap));
}

#[test]
fn bench_reads_deepcubea_files_and_compares_with_the_reference() {
    let file = format!(
        "{}/../../data/instances/deepcubea35.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let (code, out, err) = run(
        &["bench", &file, "--limit", "2", "--time-budget", "0.3"],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("deepcubea"), "{out}");
    let summary = out.lines().find(|l| l.starts_with("lengths:")).unwrap();
    assert!(summary.contains("deepcubea 126.50"), "{summary}");
    assert!(summary.contains("mean gap to the lower bound"), "{summary}");
    let (code, out, _) = run(
        &[
            "bench",
            &file,
            "--limit",
            "1",
            "--time-budget",
            "0.2",
            "--json",
        ],
        "",
    );
    assert_eq!(code, 0);
    let total: serde_json::Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    assert_eq!(total["reference"], "deepcubea");
    assert_eq!(total["mean_reference"], 128.0);
}

/// A file's anchor column (another solver's expansions) is printed beside ours with the ratio,
/// per instance and in total; an instance without one shows `?` and is left out of the total.
#[test]
fn bench_prints_the_anchor_beside_our_expansions() {
    let dir = data_dir("anchors");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("anchored.txt");
    std::fs::write(
        &file,
        "# COLUMNS: tiles optimal rival_expanded other_expanded\n\
         1 2 3 4 5 6 0 7 8 2 4 9\n\
         1 2 3 4 5 6 7 0 8 1 -1 9\n",
    )
    .unwrap();
    let file = file.to_str().unwrap();
    let (code, out, err) = run(&["bench", file, "-a", "idastar"], "");
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].ends_with("rival   ratio"), "{out}");
    assert!(lines[1].ends_with("4  0.500x"), "{out}");
    assert!(lines[2].ends_with("?       ?"), "{out}");
    assert!(
        out.contains("expanded against rival: 2 against 4 (0.500x, 1 instances)"),
        "{out}"
    );
    let (code, out, _) = run(&["bench", file, "-a", "idastar", "--json"], "");
    assert_eq!(code, 0);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["anchor_expanded"], 4);
    assert!(lines[1]["anchor_expanded"].is_null());
    assert_eq!(lines[2]["anchor"], "rival");
    assert_eq!(lines[2]["expanded_over_anchor"], 0.5);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `bench --resume DIR` keeps a journal per instance (`N.journal`) and answers from them when
/// run again; a method that keeps none, or a batch for `solve --resume`, is refused.
#[test]
fn bench_keeps_a_journal_per_instance() {
    let dir = data_dir("bench-resume");
    let journals = dir.join("journals");
    let file = format!(
        "{}/../../data/instances/korf100.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let keep = journals.to_str().unwrap();
    let args = [
        "bench", &file, "--only", "79,12", "-a", "idastar", "--resume", keep,
    ];
    let (code, first, err) = run(&args, "");
    assert_eq!(code, 0, "{err}");
    assert!(journals.join("79.journal").exists() && journals.join("12.journal").exists());
    let (code, again, _) = run(&args, "");
    assert_eq!(code, 0);
    let expanded = |out: &str| -> Vec<String> {
        out.lines()
            .filter(|l| l.trim_start().starts_with(char::is_numeric))
            .map(|l| l.split_whitespace().nth(7).unwrap().to_string())
            .collect()
    };
    assert_eq!(expanded(&first), expanded(&again), "{first}\n{again}");
    let (code, out, _) = run(
        &[
            "bench", &file, "--only", "79", "-a", "anytime", "--resume", keep,
        ],
        "",
    );
    assert_eq!(code, 1);
    assert!(out.contains("only idastar keeps a journal"), "{out}");
    let (code, _, err) = run(&["solve", "--resume", keep], "1 2 3/4 5 6/7 0 8\n");
    assert_eq!(code, 2);
    assert!(err.contains("give one position"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// One JSON shape per thing: a streamed constructive solution has the same fields as a searched
/// one, and each line is a whole JSON object.
#[test]
fn every_solution_line_has_the_same_json_fields() {
    let keys = |line: &str| {
        let value: serde_json::Value = serde_json::from_str(line).expect("a whole JSON object");
        let mut keys: Vec<String> = value.as_object().unwrap().keys().cloned().collect();
        keys.sort();
        keys
    };
    let searched = stdout(&["solve", "--json", "1 2 3/4 5 6/7 0 8"]);
    let big = stdout(&["generate", "--size", "40", "--seed", "3"]);
    let streamed = stdout(&["solve", "--json", big.trim()]);
    assert_eq!(keys(searched.trim()), keys(streamed.trim()));
}

/// Figures that cannot be meant are refused with the limit named, before any work (a walk of
/// 2^64 moves panicked allocating it; 100,000 threads and a weight of 1e20 were accepted; a node
/// limit of 0 still solved).
#[test]
fn limits_that_cannot_be_meant_are_refused() {
    let huge = "18446744073709551615";
    for (args, expected) in [
        (vec!["generate", "--size", "4", "--walk", huge], "100000000"),
        (vec!["play", "--plain", "--walk", huge], "100000000"),
        (
            vec!["solve", "1 2 3/4 5 6/7 0 8", "--jobs", "100000"],
            "1 to 256",
        ),
        (
            vec!["solve", "1 2 3/4 5 6/7 0 8", "--jobs", "0"],
            "1 to 256",
        ),
        (
            vec![
                "solve",
                "1 2 3/4 5 6/7 0 8",
                "-a",
                "wastar",
                "--weight",
                "1e20",
            ],
            "from 1 to 100",
        ),
        (
            vec!["solve", "1 2 3/4 5 6/7 0 8", "--max-nodes", "0"],
            "--max-nodes",
        ),
    ] {
        let (code, out, err) = run(&args, "");
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(err.contains(expected), "{args:?}: {err}");
    }
    // The largest walk allowed is still a loop, not an allocation up front.
    let walked = stdout(&["generate", "--size", "3", "--walk", "200000", "--seed", "1"]);
    assert_eq!(walked.lines().count(), 1);
}

/// A node limit holds on every core: one position searched in parallel stops within a node per
/// thread of the limit (it expanded 3,005 nodes for a limit of 1).
#[test]
fn the_node_limit_holds_in_parallel_search() {
    let korf1 = "14 13 15 7/11 12 9 5/6 0 2 1/4 8 10 3";
    for limit in [1u64, 50, 5_000] {
        let max = limit.to_string();
        let args = [
            "solve",
            korf1,
            "--goal",
            "blank-first",
            "--max-nodes",
            &max,
            "--jobs",
            "2",
        ];
        let (code, _, err) = run(&args, "");
        assert_eq!(code, 1, "{err}");
        let expanded: u64 = err
            .split("after ")
            .nth(1)
            .and_then(|rest| rest.split(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no count in {err}"));
        assert!(
            expanded <= limit + 2,
            "{expanded} nodes for a limit of {limit}"
        );
    }
}
