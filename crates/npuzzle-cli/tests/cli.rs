//! End-to-end tests of the `npuzzle` binary: exit statuses, outputs and help (insta snapshots).

use assert_cmd::Command;
use insta::assert_snapshot;

mod analyse;
mod datasets;
mod forged;
mod hostile;
mod solving;
mod streams;
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
        "solve", "play", "pdb", "stats", "bench", "label",
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
