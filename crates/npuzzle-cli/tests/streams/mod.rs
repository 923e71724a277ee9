//! Input and output as streams and files: unreadable lines, answers while input arrives, long
//! bad input, unwritable logs, saved games and replays, run-length moves, exit statuses and the
//! coprocess line mode.

use super::*;

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
