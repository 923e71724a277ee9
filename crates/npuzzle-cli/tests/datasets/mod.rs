//! Issue 68: `npuzzle label` and `npuzzle bench --export` as a user meets them: labels as JSON
//! lines, and bad input (a position that cannot be solved, mixed sizes, a layout that is none, a
//! binary format without a file) refused with what and where.

use super::{data_dir, run};

#[test]
fn labels_come_as_json_lines_with_every_optimal_move() {
    let (code, out, err) = run(&["label"], "1 2 3/4 0 6/7 5 8\n1 2 3/4 5 6/7 8 0\n");
    assert_eq!(code, 0, "{err}");
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["distance"], 2);
    assert_eq!(lines[0]["optimal_moves"], "U");
    assert_eq!(lines[0]["solution"].as_str().unwrap().len(), 2);
    assert_eq!(
        (
            lines[1]["distance"].as_u64(),
            lines[1]["optimal_moves"].as_str()
        ),
        (Some(0), Some(""))
    );
    assert!(err.contains("2 positions labelled, 2 proved"), "{err}");
}

#[test]
fn bad_labels_and_exports_are_refused_with_what_and_where() {
    // A batch with a position that cannot be labelled is bad input for the batch.
    let (code, _, err) = run(&["label"], "1 2 3/4 5 6/7 8 0\n2 1 3/4 5 6/7 8 0\n");
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("stdin line 2") && err.contains("unsolvable"),
        "{err}"
    );
    let (code, _, err) = run(
        &["label"],
        "1 2 3/4 5 6/7 8 0\n1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15\n",
    );
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("stdin line 2") && err.contains("one size at a time"),
        "{err}"
    );
    let (code, _, err) = run(&["label", "--format", "npz"], "1 2 3/4 5 6/7 8 0\n");
    assert_eq!(code, 2);
    assert!(err.contains("--output FILE"), "{err}");
    let args = [
        "label",
        "-f",
        "deepcubea",
        "-o",
        "never.pkl",
        "--goal",
        "snake",
    ];
    let (code, _, err) = run(&args, "1 2 3/6 5 4/7 8 0\n");
    assert_eq!(code, 2);
    assert!(
        err.contains("--format deepcubea") && err.contains("blank-last"),
        "{err}"
    );
    let dir = data_dir("export");
    let file = format!(
        "{}/../../data/instances/8puzzle_bfs.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    for (export, says) in [
        ("results.pkl", "give a layout and a file"),
        ("slidy=r.pkl", "no layout"),
    ] {
        let (code, _, err) = run(&["bench", &file, "--limit", "1", "--export", export], "");
        assert_eq!(code, 2, "{err}");
        assert!(err.contains(says), "{err}");
    }
    let spiral = dir.join("r.pkl");
    let export = format!("deepcubea={}", spiral.display());
    let (code, _, err) = run(
        &[
            "bench", &file, "--limit", "1", "--goal", "spiral", "--export", &export,
        ],
        "",
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("blank-last goal") && !spiral.exists(), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Ctrl-C during `npuzzle label` keeps every JSON line written, whole, and exits with 130; with
/// `--format npz` the labels finished are written to the file.
#[test]
fn ctrl_c_keeps_the_labels_finished() {
    use std::io::Write as _;
    use std::process::Stdio;
    let dir = data_dir("label-interrupted");
    std::fs::create_dir_all(&dir).unwrap();
    // Easy positions first (labelled in the first chunk), then the hardest, by Manhattan
    // distance alone, which the signal interrupts.
    let mut input = "1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15\n".repeat(600);
    input.push_str(&"0 12 9 13/15 11 10 14/3 7 2 5/4 8 6 1\n".repeat(8));
    for (format, output) in [("jsonl", None), ("npz", Some(dir.join("labels.npz")))] {
        let mut command = std::process::Command::new(assert_cmd::cargo::cargo_bin("npuzzle"));
        command.args([
            "label",
            "--heuristic",
            "manhattan",
            "-a",
            "idastar",
            "-f",
            format,
        ]);
        if let Some(path) = &output {
            command.arg("-o").arg(path);
        }
        let mut child = command
            .env("NPUZZLE_CACHE_DIR", &dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(input.as_bytes())
            .unwrap();
        std::thread::sleep(std::time::Duration::from_millis(1500));
        let sent = std::process::Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(130), "{err}");
        assert!(err.contains("interrupted by Ctrl-C"), "{err}");
        let text = String::from_utf8_lossy(&out.stdout);
        match output {
            None => {
                let lines: Vec<&str> = text.lines().collect();
                assert!(
                    lines.len() >= 512,
                    "the first chunk was written: {}",
                    lines.len()
                );
                for line in lines {
                    let value: serde_json::Value = serde_json::from_str(line).unwrap();
                    assert_eq!(value["distance"], 1);
                }
            }
            Some(path) => assert!(std::fs::metadata(&path).unwrap().len() > 1000, "{err}"),
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
