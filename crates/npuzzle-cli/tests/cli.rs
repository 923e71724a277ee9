//! End-to-end tests of the `npuzzle` binary: exit statuses, outputs and help (insta snapshots).

use assert_cmd::Command;
use insta::assert_snapshot;

mod analyse;
mod forged;
mod hostile;
mod trace;

/// The binary, with pattern databases kept in this test run's own folder.
fn npuzzle() -> Command {
    let mut command = Command::cargo_bin("npuzzle").expect("the npuzzle binary is built");
    let cache = std::env::temp_dir().join(format!("npuzzle-cache-{}", std::process::id()));
    command.env("NPUZZLE_CACHE_DIR", cache);
    // Nothing a test plays lands in the user's data directory (a test may give its own).
    let data = std::env::temp_dir().join(format!("npuzzle-data-{}", std::process::id()));
    command.env("NPUZZLE_DATA_DIR", data);
    command
}

/// Runs `npuzzle args` with `stdin`, returning (exit code, stdout, stderr).
fn run(args: &[&str], stdin: &str) -> (i32, String, String) {
    run_bytes(args, stdin.as_bytes().to_vec())
}

fn stdout(args: &[&str]) -> String {
    let (code, out, err) = run(args, "");
    assert_eq!(code, 0, "npuzzle {args:?} failed: {err}");
    out
}

/// The output with its measured times replaced, for snapshots.
fn without_times(out: &str) -> String {
    out.lines()
        .map(|l| {
            if l.starts_with("time ") {
                "time       (elided)"
            } else {
                l
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every subcommand's help, so that drift shows in review.
#[test]
fn help_texts() {
    assert_snapshot!("help", stdout(&["--help"]));
    for command in [
        "generate", "check", "apply", "verify", "analyse", "daily", "trainer", "lab", "convert",
        "solve", "play", "pdb", "stats", "bench",
    ] {
        assert_snapshot!(format!("help_{command}"), stdout(&[command, "--help"]));
    }
    for action in ["build", "list", "verify", "remove"] {
        assert_snapshot!(
            format!("help_pdb_{action}"),
            stdout(&["pdb", action, "--help"])
        );
    }
}

/// A fresh data directory for a test's records.
fn data_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("npuzzle-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Plays `npuzzle play --plain args` with `input`, records kept in `dir`.
fn play(args: &[&str], input: &str, dir: &std::path::Path) -> (i32, String) {
    let output = npuzzle()
        .arg("play")
        .arg("--plain")
        .args(args)
        .env("NPUZZLE_DATA_DIR", dir)
        .write_stdin(input)
        .output()
        .expect("npuzzle runs");
    let transcript = String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|l| {
            if l.starts_with("Time:") || l.starts_with("Tempo:") {
                "(time line)"
            } else {
                l
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    (output.status.code().unwrap_or(-1), transcript)
}

#[test]
fn no_arguments_starts_the_game() {
    let dir = data_dir("default");
    let output = npuzzle()
        .env("NPUZZLE_DATA_DIR", &dir)
        .env("LANG", "C")
        .write_stdin("q\n")
        .output()
        .unwrap();
    assert!(output.status.success());
    let out = String::from_utf8_lossy(&output.stdout);
    assert!(out.starts_with("npuzzle 4x4, seed "), "{out}");
    assert!(out.trim_end().ends_with("Bye."), "{out}");
}

#[test]
fn a_full_game_is_won_in_line_mode_from_a_known_seed() {
    let dir = data_dir("won");
    let position = stdout(&["generate", "--size", "3", "--seed", "11"]);
    let solved = stdout(&["solve", position.trim(), "--notation", "numbers", "--json"]);
    let tiles = solved
        .split("\"solution\":\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap();
    let input = tiles.split(' ').collect::<Vec<_>>().join("\n") + "\n";
    let (code, transcript) = play(
        &["--size", "3", "--seed", "11", "--lang", "en"],
        &input,
        &dir,
    );
    assert_eq!(code, 0);
    let moves = tiles.split(' ').count();
    assert!(
        transcript.contains(&format!("Game finished in {moves} moves.")),
        "{transcript}"
    );
    assert!(transcript.contains(&format!("Optimal: {moves} moves; efficiency 100%")));
    assert!(transcript.contains("Replay: npuzzle play --size 3x3 --seed 11"));
    assert_snapshot!(transcript);
    let stats = npuzzle()
        .args(["stats", "--export", "csv"])
        .env("NPUZZLE_DATA_DIR", &dir)
        .output()
        .unwrap();
    let csv = String::from_utf8_lossy(&stats.stdout);
    assert_eq!(csv.lines().count(), 2, "{csv}");
    assert!(
        csv.lines()
            .nth(1)
            .unwrap()
            .starts_with(&format!("3x3,{moves},"))
    );
    let summary = npuzzle()
        .args(["stats"])
        .env("NPUZZLE_DATA_DIR", &dir)
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&summary.stdout).contains("3x3"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn line_mode_refuses_bad_moves_clearly_and_goes_on() {
    let dir = data_dir("refusals");
    let input = "9\n1\nfoo\n5\nu\nr\ni\nq\n";
    let (code, transcript) = play(
        &["--position", "1 2 3/4 0 6/7 5 8", "--lang", "en"],
        input,
        &dir,
    );
    assert_eq!(code, 0);
    assert_snapshot!(transcript);
    let (_, transcript) = play(
        &["--position", "1 2 3/4 0 6/7 5 8", "--lang", "pt"],
        "9\n1\n5\n8\n",
        &dir,
    );
    assert_snapshot!("line_mode_in_portuguese", transcript);
}

#[test]
fn god_mode_log_save_and_load() {
    let dir = data_dir("god");
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("game.log");
    let save = dir.join("game.json");
    let input = format!("7\nsave {}\nq\n", save.display());
    let (_, transcript) = play(
        &[
            "--position",
            "1 2 3/4 5 6/0 7 8",
            "--log",
            log.to_str().unwrap(),
        ],
        &input,
        &dir,
    );
    assert!(transcript.contains("Saved to"), "{transcript}");
    let (_, transcript) = play(
        &["--load", save.to_str().unwrap(), "--lang", "en"],
        "g\n",
        &dir,
    );
    assert!(
        transcript.contains("God mode: the computer solves from here (1 move, optimal)."),
        "{transcript}"
    );
    assert!(
        transcript.contains("Game finished in 2 moves."),
        "{transcript}"
    );
    assert!(transcript.contains("Assisted: hints or the solver were used."));
    let logged = std::fs::read_to_string(&log).unwrap();
    assert_eq!(logged, "game 1 2 3/4 5 6/0 7 8\nmove 1: tile 7 L\n");
    std::fs::write(&save, "{ not a game").unwrap();
    let (code, _) = play(&["--load", save.to_str().unwrap()], "", &dir);
    assert_eq!(code, 2);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn generate_is_reproducible() {
    let out = stdout(&["generate", "--size", "3", "--count", "3", "--seed", "42"]);
    assert_eq!(
        out,
        stdout(&["generate", "-s", "3x3", "-n", "3", "--seed", "42"])
    );
    assert_snapshot!(out);
    assert_snapshot!(
        "generate_walk_json",
        stdout(&[
            "generate", "--size", "4x3", "--walk", "12", "--seed", "7", "--json"
        ])
    );
    assert_snapshot!(
        "generate_spiral_grid",
        stdout(&[
            "generate", "--goal", "spiral", "--seed", "1", "--format", "grid", "-n", "2"
        ])
    );
}

#[test]
fn generate_without_seed_reports_it() {
    let (code, out, err) = run(&["generate"], "");
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 1);
    assert!(err.starts_with("npuzzle: seed "), "{err}");
}

#[test]
fn generated_positions_are_checked_solvable() {
    let positions = stdout(&["generate", "--size", "5x4", "--count", "20", "--seed", "3"]);
    let (code, out, _) = run(&["check", "--json"], &positions);
    assert_eq!(code, 0);
    assert_eq!(out.matches("\"solvable\":true").count(), 20);
}

#[test]
fn check_reports_solvability() {
    assert_snapshot!(stdout(&["check", "8 6 0/5 4 7/2 3 1"]));
    let (code, out, _) = run(&["check", "1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 0"], "");
    assert_eq!(code, 1);
    assert_snapshot!("check_loyd", out);
    let (code, out, _) = run(
        &[
            "check",
            "3x3:0,1,2,3,4,5,6,7,8",
            "--goal",
            "blank-first",
            "--json",
        ],
        "",
    );
    assert_eq!(code, 0);
    assert_snapshot!("check_json", out);
}

#[test]
fn bad_input_says_what_and_where() {
    let cases: &[&[&str]] = &[
        &["check", "1 2 3/4 5 a/7 8 0"],
        &["check", "1 2 3/4 5/6 7 0"],
        &["check", "1 2 3/4 5 6/7 8 9"],
        &["check", "1 2 3/4 5 5/7 8 0"],
        &["check", "1 2 3 4 5 6 7 8 0 9 10 11"],
        &["check", "1 2/3 0", "--goal", "1 2 3/4 5 6/7 8 0"],
        &["check", "1 2/3 0", "--from", "json"],
        &["apply", "1 2 3/4 5 6/7 8 0", "U"],
        &["apply", "1 2 3/4 5 6/7 8 0", "R2X"],
        &["apply", "1 2 3/4 5 6/7 8 0", "Ru"],
        &["apply", "1 2 3/4 5 6/7 8 0", "1"],
        &["generate", "--size", "1x4"],
        &["generate", "--goal", "sideways"],
        &["convert", "--moves", "8"],
        &["play", "--plain", "--keys", "jump=x"],
    ];
    let mut transcript = String::new();
    for args in cases {
        let (code, out, err) = run(args, "");
        assert_eq!(code, 2, "{args:?} should be bad input");
        assert!(out.is_empty());
        assert!(!err.contains("panicked"));
        transcript.push_str(&format!("$ npuzzle {}\n{err}\n", args.join(" ")));
    }
    assert_snapshot!(transcript);
}

/// Keys chosen in the environment are checked before any game, in line mode too.
#[test]
fn chosen_keys_from_the_environment_are_checked() {
    let play = |keys: &str| {
        npuzzle()
            .env("NPUZZLE_KEYS", keys)
            .args(["play", "--plain", "--size", "3", "--seed", "1"])
            .write_stdin("q\n")
            .output()
            .unwrap()
    };
    let output = play("up=ij");
    assert_eq!(output.status.code(), Some(2));
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(err.contains("NPUZZLE_KEYS: 'ij' is not one key"), "{err}");
    assert_eq!(play("up=i").status.code(), Some(0));
}

#[test]
fn batch_input_goes_on_after_a_bad_line() {
    let input = "1 2 3\n4 5 6\n7 0 8\n\n8 6 0/5 4 7/2 3 1\nfoo\n2 1 3/4 5 6/7 8 0\n";
    let (code, out, err) = run(&["check", "--json"], input);
    assert_eq!(code, 2, "the worst status wins");
    assert_eq!(out.lines().count(), 3);
    assert_eq!(
        err,
        "npuzzle: stdin line 6: the position: unknown characters 'foo' at line 6, column 1: a cell is a tile number, or 0, _, . or x for the blank\n"
    );
    let (code, out, _) = run(&["check"], "2 1 3/4 5 6/7 8 0\n1 2 3/4 5 6/7 8 0\n");
    assert_eq!(code, 1, "an unsolvable position is a well-formed no");
    assert_eq!(out.matches("position").count(), 2);
}

#[test]
fn no_position_on_stdin_is_an_error() {
    let (code, _, err) = run(&["check"], "\n\n");
    assert_eq!(code, 2);
    assert!(err.contains("no position given"), "{err}");
}

#[test]
fn apply_in_every_notation() {
    let start = "1 2 3/4 5 6/7 8 0";
    assert_eq!(stdout(&["apply", start, "D R"]), "1 2 3/4 0 5/7 8 6\n");
    assert_eq!(stdout(&["apply", start, "u l"]), "1 2 3/4 0 5/7 8 6\n");
    assert_eq!(
        stdout(&["apply", start, "6 5", "--notation", "numbers"]),
        "1 2 3/4 0 5/7 8 6\n"
    );
    assert_eq!(
        stdout(&["apply", start, "R2", "--format", "grid"]),
        "1 2 3\n4 5 6\n_ 7 8\n"
    );
    assert_eq!(
        stdout(&["apply", start, "D", "--json"]),
        "{\"mtm\":1,\"position\":\"1 2 3/4 5 0/7 8 6\",\"solved\":false,\"stm\":1}\n"
    );
    let (code, out, _) = run(&["apply", "R"], "1 2 3/4 5 6/7 8 0\n1 2/3 0\n");
    assert_eq!(code, 0);
    assert_eq!(out, "1 2 3/4 5 6/7 0 8\n1 2/0 3\n");
}

#[test]
fn verify_answers_yes_or_no() {
    assert_eq!(
        stdout(&["verify", "1 2 3/4 5 6/0 7 8", "L L"]),
        "solved: yes (2 STM, 1 MTM)\n"
    );
    let (code, out, _) = run(&["verify", "1 2 3/4 5 6/0 7 8", "L"], "");
    assert_eq!(code, 1);
    assert_eq!(
        out,
        "solved: no: the moves end at 1 2 3/4 5 6/7 0 8, not at the goal 1 2 3/4 5 6/7 8 0\n"
    );
    let (code, out, _) = run(&["verify", "1 2 3/4 5 6/0 7 8", "R", "--json"], "");
    assert_eq!(code, 1);
    assert!(
        out.contains("\"reason\":\"move 1 (R) is illegal: there is no tile left of the blank\"")
    );
    assert_eq!(
        stdout(&["verify", "3 1 2/0 4 5/6 7 8", "D", "--goal", "blank-first"]),
        "solved: yes (1 STM, 1 MTM)\n"
    );
}

#[test]
fn convert_positions_and_moves() {
    let position = "8 6 0/5 4 7/2 3 1";
    let all: Vec<String> = ["slash", "grid", "id", "flat", "json"]
        .iter()
        .map(|to| stdout(&["convert", position, "--to", to]))
        .collect();
    assert_snapshot!(all.join("---\n"));
    for text in &all {
        assert_eq!(
            stdout(&["convert", text.trim_end()]),
            format!("{position}\n")
        );
    }
    assert_eq!(
        stdout(&["convert", "--moves", "RRRUL", "--run-length"]),
        "R3UL\n"
    );
    assert_eq!(
        stdout(&["convert", "--moves", "R3 U L", "--notation", "blank"]),
        "llldr\n"
    );
    assert_eq!(stdout(&["convert", "--moves", "RUDL", "--simplify"]), "\n");
    assert_eq!(stdout(&["convert", "--moves", "R2U", "--invert"]), "DLL\n");
    assert_eq!(
        stdout(&[
            "convert",
            "1 2 3/4 5 6/7 8 0",
            "--moves",
            "RD",
            "--notation",
            "numbers"
        ]),
        "8 5\n"
    );
    assert_eq!(
        stdout(&[
            "convert",
            "1 2 3/4 5 6/7 8 0",
            "--moves",
            "8 5",
            "--invert",
            "--notation",
            "numbers"
        ]),
        "5 8\n"
    );
}

#[test]
fn broken_pipe_is_not_an_error() {
    use std::io::Read;
    use std::process::{Command as Process, Stdio};
    let mut child = Process::new(assert_cmd::cargo::cargo_bin("npuzzle"))
        .args(["generate", "--count", "1000000", "--seed", "1"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("npuzzle starts");
    let mut stdout = child.stdout.take().expect("piped stdout");
    let mut first = [0u8; 64];
    stdout.read_exact(&mut first).expect("some output");
    drop(stdout);
    let status = child.wait().expect("npuzzle ends");
    let mut err = String::new();
    child
        .stderr
        .take()
        .expect("piped stderr")
        .read_to_string(&mut err)
        .expect("stderr");
    assert!(status.success(), "exit {status:?}, stderr {err}");
    assert!(err.is_empty(), "{err}");
}

#[test]
fn solve_prints_a_verified_solution() {
    assert_snapshot!(without_times(&stdout(&["solve", "8 6 7/2 5 4/3 0 1"])));
    for algorithm in ["astar", "idastar", "rbfs"] {
        for heuristic in ["manhattan", "linear-conflict", "walking-distance"] {
            let out = stdout(&[
                "solve",
                "8 6 7/2 5 4/3 0 1",
                "-a",
                algorithm,
                "--heuristic",
                heuristic,
                "--json",
            ]);
            assert!(out.contains("\"stm\":31"), "{algorithm} {heuristic}: {out}");
            assert!(out.contains("\"optimal\":true"));
        }
    }
    let out = stdout(&[
        "solve",
        "8 6 7/2 5 4/3 0 1",
        "--notation",
        "numbers",
        "--json",
    ]);
    let solution = out
        .split("\"solution\":\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap();
    assert_eq!(
        stdout(&[
            "verify",
            "8 6 7/2 5 4/3 0 1",
            solution,
            "--notation",
            "numbers"
        ]),
        "solved: yes (31 STM, 21 MTM)\n"
    );
}

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

/// Runs `npuzzle args` with raw bytes on standard input: (exit code, stdout, stderr).
fn run_bytes(args: &[&str], stdin: Vec<u8>) -> (i32, String, String) {
    let output = npuzzle()
        .args(args)
        .write_stdin(stdin)
        .output()
        .expect("npuzzle runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// A line that is not UTF-8, or too long to read, is reported with its number and the other
/// lines are answered; a byte-order mark at the start is not part of the text.
#[test]
fn unreadable_lines_are_reported_and_the_rest_answered() {
    let mut input = "\u{feff}1 2 3/4 5 6/7 0 8\n".as_bytes().to_vec();
    input.extend_from_slice(b"1 2 \xff/4 5 6/7 8 0\n1 2 3/4 5 6/0 7 8\n");
    for command in ["solve", "check"] {
        let (code, out, err) = run_bytes(&[command, "--json"], input.clone());
        assert_eq!(code, 2, "{command}: {err}");
        assert_eq!(out.lines().count(), 2, "{command}: {out}");
        assert!(err.contains("stdin line 2: the line is not UTF-8"), "{err}");
        assert!(!err.contains("line 1") && !err.contains("line 3"), "{err}");
    }
    let mut long = vec![b'1'; 17 << 20];
    long.extend_from_slice(b"\n1 2 3/4 5 6/7 0 8\n");
    let (code, out, err) = run_bytes(&["check", "--json"], long);
    assert_eq!(code, 2);
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(
        err.contains("stdin line 1: the line is longer than 16 MiB"),
        "{err}"
    );
}

/// `solve` answers each position as it arrives: a producer that waits for an answer before it
/// writes the next position gets it (this would hang if input were read to the end first).
#[test]
fn solve_answers_while_input_still_arrives() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::Stdio;
    let binary = assert_cmd::cargo::cargo_bin("npuzzle");
    let mut child = std::process::Command::new(binary)
        .args(["solve", "--json"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("npuzzle runs");
    let mut stdin = child.stdin.take().unwrap();
    let mut answers = BufReader::new(child.stdout.take().unwrap()).lines();
    for (position, solution) in [
        ("1 2 3/4 5 6/7 0 8", "\"L\""),
        ("1 2 3/4 5 6/0 7 8", "\"LL\""),
    ] {
        writeln!(stdin, "{position}").unwrap();
        stdin.flush().unwrap();
        let answer = answers.next().unwrap().unwrap();
        assert!(answer.contains(solution), "{answer}");
    }
    drop(stdin);
    assert!(answers.next().is_none());
    assert!(child.wait().unwrap().success());
}

/// A long bad argument or line is quoted in short, never echoed back whole.
#[test]
fn long_bad_input_is_quoted_in_short() {
    let long = "q".repeat(100_000);
    let (code, _, err) = run(&["solve", "--goal", &long, "1 2 3/4 5 6/7 8 0"], "");
    assert_eq!(code, 2);
    assert!(
        err.len() < 1000 && err.contains("(100000 characters)"),
        "{err}"
    );
    let line = format!("1 2 3/4 5 6/7 8 {}\n", "y".repeat(10_000_000));
    let (code, _, err) = run(&["check"], &line);
    assert_eq!(code, 2);
    assert!(
        err.len() < 1000 && err.contains("(10000000 characters)"),
        "{err}"
    );
}

/// A move log that cannot be written is an error, never silent (a device such as `/dev/full` is
/// not even opened: the log is written only to a new path or a regular file).
#[cfg(target_os = "linux")]
#[test]
fn a_move_log_that_cannot_be_written_is_reported() {
    let data = std::env::temp_dir().join(format!("npuzzle-full-{}", std::process::id()));
    let data = data.to_str().unwrap();
    let (code, _, err) = run(
        &[
            "play",
            "--plain",
            "--size",
            "3",
            "--seed",
            "1",
            "--log",
            "/dev/full",
            "--data-dir",
            data,
        ],
        "q\n",
    );
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("the log /dev/full") && err.contains("a device"),
        "{err}"
    );
}

/// A database build longer than --timeout is not started: the estimate is said, exit 1.
#[test]
fn a_database_build_beyond_the_time_limit_is_refused() {
    let (code, _, err) = run(
        &[
            "solve",
            "--timeout",
            "1",
            "--heuristic",
            "pdb",
            "--partition",
            "6666",
            "2 6 3 5 9/1 11 8 4 14/10 16 7 13 19/20 12 21 0 24/17 15 22 18 23",
        ],
        "",
    );
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("building the 6666 databases for 5x5 would take about")
            && err.contains("more than the time limit of 1 s"),
        "{err}"
    );
}

/// A save keeps the time played, not a reading of this sitting's clock: loaded in another
/// sitting, the clock resumes from it (it used to restart at zero and record 0.00 s).
#[test]
fn a_saved_game_keeps_its_time() {
    let dir = std::env::temp_dir().join(format!("npuzzle-saved-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.json");
    let file = file.to_str().unwrap();
    let data = dir.to_str().unwrap();
    let script = format!("4\nsave {file}\nq\n");
    let args = [
        "play",
        "--plain",
        "--size",
        "3",
        "--seed",
        "1",
        "--data-dir",
        data,
    ];
    let (code, out, err) = run(&args, &script);
    assert_eq!(code, 0, "{out}{err}");
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
    let game = &saved["game"];
    assert!(game["started_at"].is_null(), "{game}");
    assert!(game["banked_ms"].is_u64(), "{game}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A finished game keeps its scramble and timed moves: `replay` plays it again from the
/// records (or a saved game), and says what is wrong with a file or a number it cannot play.
#[test]
fn finished_and_saved_games_replay() {
    let dir = std::env::temp_dir().join(format!("npuzzle-replay-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let data = dir.to_str().unwrap();
    let play = [
        "play",
        "--plain",
        "--position",
        "1 2 3/4 5 6/0 7 8",
        "--data-dir",
        data,
    ];
    let (code, out, err) = run(&play, "7\n8\n");
    assert_eq!(code, 0, "{out}{err}");
    let (code, out, err) = run(&["replay", "--speed", "0", "--data-dir", data], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("Game 1 (3x3): 2 moves in "), "{out}");
    assert!(
        out.contains("   1.     0.00 s  L\n1 2 3\n4 5 6\n7 _ 8"),
        "{out}"
    );
    assert!(out.trim_end().ends_with("Solved."), "{out}");
    // A saved game, halfway.
    let file = dir.join("game.json");
    let save = format!("7\nsave {}\nq\n", file.display());
    assert_eq!(run(&play, &save).0, 0);
    let (code, out, _) = run(&["replay", file.to_str().unwrap(), "--speed", "0"], "");
    assert_eq!(code, 0);
    assert!(out.starts_with("Saved game (3x3): 1 move so far"), "{out}");
    assert!(out.trim_end().ends_with("Not solved yet."), "{out}");
    for (args, says) in [
        (
            vec!["replay", "--game", "9", "--data-dir", data],
            "holds 1 game, not 9",
        ),
        (
            vec!["replay", "--speed", "fast", "--data-dir", data],
            "is not a speed",
        ),
        (
            vec!["replay", "Cargo.toml"],
            "neither an npuzzle saved game nor a records file",
        ),
    ] {
        let (code, _, err) = run(&args, "");
        assert_ne!(code, 0, "{args:?}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Run-length moves are played as they are read: counts that add up to billions cost nothing,
/// and the first illegal move is named.
#[test]
fn run_length_moves_are_never_expanded_whole() {
    let moves = "U999999D999999".repeat(7000);
    let (code, _, err) = run(
        &["apply", "1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 0", &moves],
        "",
    );
    assert_eq!(code, 2);
    assert!(err.contains("move 1 (U) is illegal"), "{err}");
    let (code, _, err) = run(&["convert", "--moves", &moves], "");
    assert_eq!(code, 2);
    assert!(
        err.contains("more than the 100000000 expanded at once"),
        "{err}"
    );
    assert_eq!(
        stdout(&["verify", "1 2 3/4 5 6/0 7 8", "L2"]),
        "solved: yes (2 STM, 1 MTM)\n"
    );
}

/// A streamed solution stopped by a limit ends its line: JSON stays whole and says so.
#[test]
fn a_stopped_streamed_solution_is_still_whole_json() {
    let board = stdout(&["generate", "--size", "40", "--seed", "1"]);
    let (code, out, err) = run(&["solve", "--json", "--max-nodes", "100"], &board);
    assert_eq!(code, 1, "{err}");
    let line: serde_json::Value = serde_json::from_str(out.trim()).expect("whole JSON");
    assert_eq!(line["solved"], false);
    assert!(
        line["stopped"].as_str().unwrap().contains("node limit"),
        "{line}"
    );
    assert_eq!(line["length"], 100);
}

/// The exit statuses, one row each: 0 done, 1 a well-formed no (unsolvable, a limit, a method
/// that cannot take the board), 2 bad input or usage. (130, Ctrl-C, has its own test.)
#[test]
fn exit_statuses_follow_the_table() {
    let rows: [(&[&str], i32); 7] = [
        (&["solve", "1 2 3/4 5 6/7 0 8"], 0),
        (&["check", "1 2 3/4 5 6/8 7 0"], 1),
        (&["solve", "1 2 3/4 5 6/8 7 0"], 1),
        (
            &[
                "solve",
                "--max-nodes",
                "1",
                "-a",
                "idastar",
                "8 6 7/2 5 4/3 0 1",
            ],
            1,
        ),
        (
            &[
                "solve",
                "-a",
                "table",
                "1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15",
            ],
            1,
        ),
        (&["solve", "1 2 3/4 5 6/7 7 0"], 2),
        (&["solve", "--bogus"], 2),
    ];
    for (args, status) in rows {
        let (code, _, err) = run(args, "");
        assert_eq!(code, status, "npuzzle {args:?}: {err}");
    }
}

/// Every line-oriented command answers a line before the next is written, also through a pipe:
/// driven as a coprocess, one line in, its answer read, then the next line.
#[test]
fn line_commands_answer_each_line_as_a_coprocess() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::Stdio;
    use std::sync::mpsc;
    use std::time::Duration;
    // Each takes the move R (the tile left of the blank slides right).
    let lines = [
        "1 2 3/4 5 6/7 0 8",
        "1 2 3/4 0 5/7 8 6",
        "1 2 3/4 5 6/7 8 0",
    ];
    for (args, answers_a_line) in [
        (vec!["check", "--json"], "\"position\""),
        (vec!["convert", "--to", "id"], "3x3:"),
        (vec!["apply", "--json", "R"], "\"position\""),
        (vec!["verify", "--json", "R"], "\"solved\""),
        (vec!["solve", "--json"], "\"solution\""),
    ] {
        let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("npuzzle"))
            .args(&args)
            .env(
                "NPUZZLE_CACHE_DIR",
                std::env::temp_dir().join("npuzzle-coprocess-none"),
            )
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("npuzzle runs");
        let mut stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (sender, answers) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                if sender.send(line.unwrap()).is_err() {
                    return;
                }
            }
        });
        for line in lines {
            writeln!(stdin, "{line}").unwrap();
            stdin.flush().unwrap();
            // The pipe stays open: an answer held until input ends would never come.
            let answer = answers
                .recv_timeout(Duration::from_secs(20))
                .unwrap_or_else(|_| panic!("{args:?}: no answer to {line} while input is open"));
            assert!(answer.contains(answers_a_line), "{args:?}: {answer}");
        }
        drop(stdin);
        assert!(child.wait().unwrap().code().is_some());
    }
}
