//! The repros of a hostile run (issue 31): each one a test, each named in the guarantees table
//! of `docs/GUIDE.md`. Every one failed before its fix.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

use super::{data_dir, npuzzle, run};

/// A fresh folder for one test's files.
fn folder(name: &str) -> PathBuf {
    let dir = data_dir(&format!("hostile-{name}"));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `npuzzle args` with `stdin`, in folder `dir`, records in `dir/data`.
fn run_in(dir: &Path, args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    let output = npuzzle()
        .current_dir(dir)
        .env("NPUZZLE_DATA_DIR", dir.join("data"))
        .args(args)
        .write_stdin(stdin.to_vec())
        .output()
        .expect("npuzzle runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// Runs a command that must end by itself within `seconds`: (exit code, stdout, stderr); a
/// command still running then is killed and the test fails.
fn bounded(mut command: std::process::Command, seconds: u64) -> (i32, String, String) {
    let mut child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("npuzzle runs");
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(seconds) {
            let _ = child.kill();
            panic!("still running after {seconds} s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let output = child.wait_with_output().unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

fn mkfifo(path: &Path) -> bool {
    std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .is_ok_and(|s| s.success())
}

/// Defect 1: A save never replaces a link, a FIFO or a device, never writes through a link, and a
/// write that fails is an error, never "Saved".
#[cfg(unix)]
#[test]
fn a_save_replaces_only_a_regular_file() {
    let dir = folder("save");
    let target = dir.join("theirs.txt");
    std::fs::write(&target, "their words").unwrap();
    std::os::unix::fs::symlink(&target, dir.join("link")).unwrap();
    let fifo = dir.join("fifo");
    let fifo_made = mkfifo(&fifo);
    for place in ["link", "fifo", "/dev/full", "/dev/null"] {
        if place == "fifo" && !fifo_made {
            continue;
        }
        let input = format!("5\nsave {place}\nq\n");
        let (code, out, _) = run_in(
            &dir,
            &["play", "--plain", "--position", "1 2 3/4 0 5/7 8 6"],
            input.as_bytes(),
        );
        assert_eq!(code, 0);
        assert!(!out.contains("Saved to"), "{place}: {out}");
        assert!(out.contains("not a regular file"), "{place}: {out}");
    }
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "their words");
    assert!(
        std::fs::symlink_metadata(dir.join("link"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    if fifo_made {
        use std::os::unix::fs::FileTypeExt;
        assert!(
            std::fs::symlink_metadata(&fifo)
                .unwrap()
                .file_type()
                .is_fifo()
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Defect 2: One bad byte in the records loses nothing: every whole record is read, the damaged file
/// is kept aside, and the next finished game is recorded.
#[test]
fn a_bad_byte_in_the_records_loses_no_game() {
    let dir = folder("records");
    let win = b"6\nq\n";
    for _ in 0..3 {
        let (code, out, err) = run_in(
            &dir,
            &["play", "--plain", "--position", "1 2 3/4 5 0/7 8 6"],
            win,
        );
        assert_eq!(code, 0, "{out}{err}");
    }
    let records = dir.join("data/records.json");
    let mut bytes = std::fs::read(&records).unwrap();
    let last = bytes.len() - 40;
    bytes[last] = 0xff;
    std::fs::write(&records, &bytes).unwrap();
    let (code, out, err) = run_in(&dir, &["stats", "--export", "csv"], b"");
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("not UTF-8") && err.contains("recovered"),
        "{err}"
    );
    assert!(out.lines().count() >= 3, "{out}");
    let kept = std::fs::read_dir(dir.join("data"))
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .file_name()
                .to_string_lossy()
                .contains("damaged")
        })
        .count();
    assert_eq!(kept, 1);
    let (code, out, _) = run_in(
        &dir,
        &["play", "--plain", "--position", "1 2 3/4 5 0/7 8 6"],
        win,
    );
    assert_eq!(code, 0);
    assert!(!out.contains("records"), "{out}");
    let (_, out, _) = run_in(&dir, &["stats", "--export", "csv"], b"");
    assert!(out.lines().count() >= 4, "the new game is recorded: {out}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Defect 4: An endless line in line mode ends the game with an error, in bounded memory: no abort.
#[test]
fn an_endless_line_ends_the_game_cleanly() {
    let dir = folder("zero");
    let mut command = std::process::Command::new(assert_cmd::cargo::cargo_bin("npuzzle"));
    command
        .args(["play", "--plain", "--size", "3"])
        .env("NPUZZLE_DATA_DIR", dir.join("data"))
        .stdin(std::fs::File::open("/dev/zero").unwrap());
    let (code, _, err) = bounded(command, 60);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("longer than 16 MiB"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Defect 5: SIGTERM and SIGHUP are handled as Ctrl-C: finished answers whole, the rest counted,
/// exit 128 + the signal.
#[test]
fn signals_write_what_is_done_and_exit_with_their_status() {
    for (signal, status) in [("INT", 130), ("TERM", 143), ("HUP", 129)] {
        let binary = assert_cmd::cargo::cargo_bin("npuzzle");
        let mut child = std::process::Command::new(binary)
            .args(["solve", "--json", "--time-budget", "60"])
            .env(
                "NPUZZLE_CACHE_DIR",
                std::env::temp_dir().join("npuzzle-signal-none"),
            )
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("npuzzle runs");
        let mut stdin = child.stdin.take().unwrap();
        writeln!(stdin, "1 2 3/4 5 6/7 0 8").unwrap();
        for _ in 0..3 {
            writeln!(
                stdin,
                "2 6 3 5 9/1 11 8 4 14/10 16 7 13 19/20 12 21 0 24/17 15 22 18 23"
            )
            .unwrap();
        }
        stdin.flush().unwrap();
        // The 5x5 searches run for a minute each: the signal finds them under way.
        std::thread::sleep(Duration::from_millis(1500));
        send(signal, &child);
        let output = child.wait_with_output().unwrap();
        let (out, err) = (
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr),
        );
        assert_eq!(output.status.code(), Some(status), "{signal}: {err}");
        assert!(err.contains("interrupted by"), "{err}");
        assert_eq!(out.lines().count(), 1, "the 3x3 is answered: {out}");
        for line in out.lines() {
            serde_json::from_str::<serde_json::Value>(line).expect("every line whole JSON");
        }
        drop(stdin);
    }
}

/// Sends `signal` (`KILL`, `TERM`, …) to `child`.
fn send(signal: &str, child: &std::process::Child) {
    let sent = std::process::Command::new("kill")
        .args([&format!("-{signal}"), &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success(), "kill -{signal}");
}

/// A search kept with `--resume` and ended three times (SIGKILL, SIGTERM, SIGINT) resumes each
/// time from its journal, and the run that finishes proves the published optimum; run once
/// more, the journal answers at once. Another position is refused with the journal named.
#[test]
fn a_resumed_search_survives_kills() {
    let dir = folder("resume");
    let journal = dir.join("korf82.journal");
    let position = "14 10 2 1 13 9 8 11 7 3 6 12 15 5 4 0";
    let args = [
        "solve",
        "--goal",
        "blank-first",
        "-a",
        "idastar",
        "--heuristic",
        "walking-distance",
        "--resume",
        journal.to_str().unwrap(),
    ];
    for signal in ["KILL", "TERM", "INT"] {
        let child = std::process::Command::new(assert_cmd::cargo::cargo_bin("npuzzle"))
            .args(args)
            .arg(position)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("npuzzle runs");
        std::thread::sleep(Duration::from_millis(500));
        send(signal, &child);
        let output = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&output.stderr);
        assert!(!output.status.success(), "{signal} came too late: {err}");
        if signal != "KILL" {
            assert!(err.contains("the search is kept in"), "{signal}: {err}");
        }
        assert!(journal.exists(), "{signal}: {err}");
    }
    let mut last = Vec::new();
    for round in 0..2 {
        let mut command = std::process::Command::new(assert_cmd::cargo::cargo_bin("npuzzle"));
        command.args(args).arg(position);
        let (code, out, err) = bounded(command, 120);
        assert_eq!(code, 0, "round {round}: {err}");
        assert!(out.contains("62 STM") && out.contains("optimal"), "{out}");
        last.push(out.lines().next().unwrap_or_default().to_string());
    }
    assert_eq!(last[0], last[1], "the journal keeps the answer");
    let (code, _, err) = run(
        &[&args[..], &["1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15"]].concat(),
        "",
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("journal of another search"), "{err}");
}

/// Defect 6 and 16: `bench --json` writes only JSON, error lines included; an unsolvable instance
/// gets its error line with its line number and the run goes on; a length too large to be one
/// is bad input on its line; `# GOAL: blank-first` is read, and `--goal` overrides any comment.
#[test]
fn bench_reports_each_bad_instance_and_goes_on() {
    let dir = folder("bench");
    let file = dir.join("set.txt");
    std::fs::write(
        &file,
        "# GOAL: blank-first\n0 1 2 3 4 5 6 7 8 0\n0 2 1 3 4 5 6 7 8 5\n1 0 2 3 4 5 6 7 8 1\n",
    )
    .unwrap();
    let path = file.to_str().unwrap();
    let (code, out, err) = run(&["bench", path, "--json"], "");
    assert_eq!(code, 1, "{err}");
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("every line JSON"))
        .collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert_eq!(lines[1]["line"], 3);
    assert!(lines[1]["error"].as_str().unwrap().contains("unsolvable"));
    assert_eq!(lines[2]["ok"], true);
    assert_eq!(lines[3]["failures"], 1);
    let (code, out, _) = run(&["bench", path, "--goal", "blank-first"], "");
    assert_eq!(code, 1);
    assert!(out.contains("error (line 3)"), "{out}");
    std::fs::write(
        &file,
        "# GOAL: blank-first\n1 0 2 3 4 5 6 7 8 99999999999999999999999\n1 0 2 3 4 5 6 7 8 1\n",
    )
    .unwrap();
    let (code, out, err) = run(&["bench", path, "--json"], "");
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        out.contains("\"line\":2") && out.contains("longer than any solution"),
        "{out}"
    );
    assert!(!out.contains("18446744073709551615"), "{out}");
    assert!(
        out.contains("\"ok\":true"),
        "the other line is answered: {out}"
    );
    std::fs::write(&file, "# GOAL: nowhere\n1 2 3 4 5 6 7 0 8 1\n").unwrap();
    assert_eq!(run(&["bench", path], "").0, 2);
    assert_eq!(run(&["bench", path, "--goal", "blank-last"], "").0, 0);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Defect 7: Files are read with a cap named in the error: an endless file ends with an error, in
/// bounded memory.
#[test]
fn endless_files_are_read_with_a_cap() {
    for args in [
        vec!["replay", "/dev/zero"],
        vec!["play", "--plain", "--load", "/dev/zero"],
        vec!["bench", "/dev/zero"],
    ] {
        let mut command = std::process::Command::new(assert_cmd::cargo::cargo_bin("npuzzle"));
        command.args(&args).stdin(Stdio::null());
        let (code, _, err) = bounded(command, 60);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains("MiB"), "{args:?}: {err}");
    }
}

/// Defect 8: The anytime solver stops at `--max-nodes` (give or take a beam's layer) and says so.
#[test]
fn the_anytime_solver_honours_the_node_limit() {
    let five = "2 6 3 5 9/1 11 8 4 14/10 16 7 13 19/20 12 21 0 24/17 15 22 18 23";
    let (code, out, err) = run(
        &[
            "solve",
            five,
            "--algorithm",
            "anytime",
            "--max-nodes",
            "10000",
            "--json",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let line: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    let expanded = line["expanded"].as_u64().unwrap();
    assert!(expanded <= 10_000, "{expanded} nodes for a limit of 10000");
    assert!(
        line["stopped"].as_str().unwrap().contains("node limit"),
        "{line}"
    );
}

/// Defect 10: Nothing written is never success: a database build that cannot be saved, help written
/// to a full disk, and output to a closed standard output all fail.
#[cfg(target_os = "linux")]
#[test]
fn success_is_never_claimed_for_nothing_written() {
    let dir = folder("unsaved");
    let blocker = dir.join("blocker");
    std::fs::write(&blocker, "a file where the folder should be").unwrap();
    let cache = blocker.join("pdb");
    let (code, out, err) = run(
        &[
            "pdb",
            "build",
            "--size",
            "3",
            "--cache-dir",
            cache.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 2, "{out}{err}");
    assert!(!out.contains("ready") && err.contains("not saved"), "{err}");
    for args in [
        vec!["--help"],
        vec!["--version"],
        vec!["generate", "--size", "3"],
    ] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let output = std::process::Command::new(assert_cmd::cargo::cargo_bin("npuzzle"))
            .args(&args)
            .stdout(full)
            .output()
            .unwrap();
        assert_ne!(output.status.code(), Some(0), "{args:?} > /dev/full");
    }
    // A closed standard output: the shell's `>&-`.
    for command in ["generate --size 3", "solve '1 2 3/4 5 6/7 0 8'"] {
        let binary = assert_cmd::cargo::cargo_bin("npuzzle");
        let status = std::process::Command::new("sh")
            .arg("-c")
            .arg(format!("'{}' {command} >&-", binary.display()))
            .stderr(Stdio::null())
            .status()
            .unwrap();
        assert_eq!(status.code(), Some(2), "{command} >&-");
    }
    // /dev/null opened for reading and writing (as subprocess's DEVNULL does) is not closed.
    let status = std::process::Command::new(assert_cmd::cargo::cargo_bin("npuzzle"))
        .args(["generate", "--size", "3"])
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(0));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Defect 11: Control characters from an argument, a line or a records file reach the terminal
/// escaped.
#[test]
fn control_characters_are_shown_escaped() {
    let (code, _, err) = run(&["check", "\u{1b}]0;owned\u{7}1 2 3/4 5 6/7 8 0"], "");
    assert_eq!(code, 2);
    assert!(!err.contains('\u{1b}') && err.contains("\\u{1b}"), "{err}");
    let (_, _, err) = run(&["check"], "1 2 3/4 \u{1b}[31m5 6/7 8 0\n");
    assert!(!err.contains('\u{1b}'), "{err}");
    let dir = folder("escape");
    std::fs::create_dir_all(dir.join("data")).unwrap();
    let record = r#"[{"size":"\u001b[31m3x3","stm":1,"mtm":1,"milliseconds":5,"assisted":false,"timed":true,"finished_at":1}]"#;
    std::fs::write(dir.join("data/records.json"), record).unwrap();
    for args in [vec!["stats"], vec!["stats", "--export", "csv"]] {
        let (_, out, err) = run_in(&dir, &args, b"");
        assert!(
            !out.contains('\u{1b}') && !err.contains('\u{1b}'),
            "{out}{err}"
        );
    }
    let (_, out, err) = run_in(
        &dir,
        &["play", "--plain", "--size", "3"],
        b"\x1b]52;c;aGk=\x07\nq\n",
    );
    assert!(!out.contains('\u{1b}') && !err.contains('\u{1b}'), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Defect 12: A FIFO in place of the records is refused at once, never waited on.
#[cfg(unix)]
#[test]
fn a_fifo_in_place_of_the_records_does_not_hang() {
    let dir = folder("fifo");
    std::fs::create_dir_all(dir.join("data")).unwrap();
    if !mkfifo(&dir.join("data/records.json")) {
        return;
    }
    let mut stats = std::process::Command::new(assert_cmd::cargo::cargo_bin("npuzzle"));
    stats
        .args(["stats"])
        .env("NPUZZLE_DATA_DIR", dir.join("data"));
    let (code, _, err) = bounded(stats, 30);
    assert_eq!(code, 2);
    assert!(err.contains("a FIFO"), "{err}");
    let mut game = std::process::Command::new(assert_cmd::cargo::cargo_bin("npuzzle"));
    game.args(["play", "--plain", "--position", "1 2 3/4 5 0/7 8 6"])
        .env("NPUZZLE_DATA_DIR", dir.join("data"))
        .stdin(Stdio::null());
    let (code, out, _) = bounded(game, 30);
    assert_eq!(code, 0, "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Defect 13: Text that reads as a position is that position, even where a file has that name.
#[test]
fn a_position_is_never_taken_for_a_file() {
    let dir = folder("name");
    std::fs::write(dir.join("8 6 0 5 4 7 2 3 1"), "1 2 3/4 5 6/7 0 8\n").unwrap();
    let (code, out, _) = run_in(&dir, &["check", "8 6 0 5 4 7 2 3 1"], b"");
    assert_eq!(code, 0);
    assert!(out.contains("position   8 6 0/5 4 7/2 3 1"), "{out}");
    std::fs::write(dir.join("positions.txt"), "1 2 3/4 5 6/7 0 8\n").unwrap();
    let (code, out, _) = run_in(&dir, &["check", "positions.txt"], b"");
    assert_eq!(code, 0);
    assert!(out.contains("position   1 2 3/4 5 6/7 0 8"), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Defect 14: A hint on a 1000×1000 board comes at once (the constructive solver's first move).
#[test]
fn a_hint_on_the_largest_board_comes_at_once() {
    let dir = folder("hint");
    let (code, out, err) = run_in(
        &dir,
        &["play", "--plain", "--size", "1000", "--seed", "1"],
        b"i\nq\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("Hint: move tile"),
        "{}",
        &out[out.len().saturating_sub(300)..]
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Defect 16: A stray byte on the game's standard input is answered and the game goes on; a save that
/// starts with a byte-order mark loads.
#[test]
fn the_game_goes_on_after_a_bad_byte_and_loads_a_marked_save() {
    let dir = folder("game");
    let (code, out, _) = run_in(
        &dir,
        &["play", "--plain", "--position", "1 2 3/4 5 0/7 8 6"],
        b"\xff\xfe\n6\n",
    );
    assert_eq!(code, 0);
    assert!(
        out.contains("not UTF-8") && out.contains("Game finished"),
        "{out}"
    );
    let (code, _, _) = run_in(
        &dir,
        &["play", "--plain", "--position", "1 2 3/4 0 5/7 8 6"],
        b"save saved.json\nq\n",
    );
    assert_eq!(code, 0);
    let mut marked = "\u{feff}".as_bytes().to_vec();
    marked.extend(std::fs::read(dir.join("saved.json")).unwrap());
    std::fs::write(dir.join("marked.json"), marked).unwrap();
    let (code, out, err) = run_in(&dir, &["play", "--plain", "--load", "marked.json"], b"q\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("4 0 5") || out.contains("4 _ 5"), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 37, defect 11: a FIFO named as a file (a model, a save, a replay, a benchmark set, a
/// file of positions) is waited on, and a signal ends the wait with the signal's status, where
/// it blocked for good before.
#[cfg(unix)]
#[test]
fn a_fifo_named_as_a_file_ends_on_a_signal() {
    let dir = folder("fifo-named");
    let fifo = dir.join("named");
    assert!(mkfifo(&fifo));
    let name = fifo.to_str().unwrap();
    let three = "1 2 3/4 5 6/7 0 8";
    let commands: [&[&str]; 5] = [
        &["solve", "--heuristic", "learned", "--model", name, three],
        &["replay", name],
        &["bench", name],
        &["solve", name],
        &["play", "--plain", "--load", name],
    ];
    for args in commands {
        let mut command = std::process::Command::new(assert_cmd::cargo::cargo_bin("npuzzle"));
        command
            .args(args)
            .env("NPUZZLE_DATA_DIR", dir.join("data"))
            .stdin(Stdio::null());
        let child = command
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("npuzzle runs");
        std::thread::sleep(Duration::from_millis(500));
        let sent = std::process::Command::new("kill")
            .args(["-TERM", &child.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
        let started = Instant::now();
        let output = child.wait_with_output().unwrap();
        assert!(started.elapsed() < Duration::from_secs(10), "{args:?}");
        // Ended by the signal: with its status where a handler was installed, else by it.
        use std::os::unix::process::ExitStatusExt;
        let status = output.status;
        assert!(
            status.code() == Some(143) || status.signal() == Some(15),
            "{args:?}: {status:?}"
        );
    }
}

/// Issue 37, defect 24: `--only` naming an instance twice says so, not that the file is short.
#[test]
fn bench_only_names_each_instance_once() {
    let dir = folder("only-twice");
    let file = dir.join("set.txt");
    std::fs::write(&file, "1 2 3/4 5 6/7 0 8 1\n").unwrap();
    let (code, _, err) = run_in(
        &dir,
        &["bench", file.to_str().unwrap(), "--only", "1,1,1"],
        b"",
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--only names instance 1 twice"), "{err}");
}

/// Issue 37, defects 9 and 13: every number takes the library's range, in the words Python, the
/// cluster and training use too.
#[test]
fn numbers_take_the_shared_ranges() {
    for (flag, words) in [
        ("--timeout=-1", "seconds must be from 0"),
        ("--time-budget=nan", "seconds must be from 0"),
        ("--max-nodes=0", "the node limit must be at least 1"),
        ("--max-memory=0", "the memory limit in MiB must be from 1"),
        ("--jobs=100000", "threads must be from 1 to 256, not 100000"),
        ("--weight=1e300", "the weight must be from 1 to 100"),
    ] {
        let (code, _, err) = run(&["solve", flag, "1 2 3/4 5 6/7 0 8"], "");
        assert_eq!(code, 2, "{flag}: {err}");
        assert!(err.contains(words), "{flag}: {err}");
    }
    let (code, _, err) = run(&["generate", "--walk=18446744073709551615"], "");
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("a walk's moves must be from 0 to 100000000"),
        "{err}"
    );
}

/// A `bench --split` of hours writes each instance's line as it is proved: killed outright
/// during the second instance, the first's answer is already out.
#[test]
fn a_split_bench_writes_each_answer_as_it_is_found() {
    use std::io::BufRead;
    let file = format!(
        "{}/../../data/instances/korf100.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    // #79 takes a moment with Manhattan distance; #88 many seconds (capped at two minutes).
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("npuzzle"))
        .args([
            "bench",
            &file,
            "--only",
            "79,88",
            "-a",
            "idastar",
            "--heuristic",
        ])
        .args(["manhattan", "--split", "--json", "--timeout", "120"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("npuzzle runs");
    let stdout = child.stdout.take().unwrap();
    let (sender, first) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let line = std::io::BufReader::new(stdout).lines().next();
        let _ = sender.send(line);
    });
    let line = first.recv_timeout(Duration::from_secs(60));
    // Written as #79 ended, not at the end of the run: #88 is still being searched a second on.
    std::thread::sleep(Duration::from_secs(1));
    let running = child.try_wait().unwrap().is_none();
    if running {
        send("KILL", &child);
    }
    let _ = child.wait();
    let line = line.expect("no line within a minute").unwrap().unwrap();
    assert!(running, "the first line came only at the end: {line}");
    assert!(
        line.contains("\"instance\":79") && line.contains("\"optimal\":true"),
        "{line}"
    );
}
