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
        (
            vec!["lab", "--table", "--fifteen", "0"],
            "instances of Korf's 100 must be from 1 to 100, not 0",
        ),
        (
            vec!["lab", "--table", "--fifteen", "101"],
            "instances of Korf's 100 must be from 1 to 100, not 101",
        ),
        (vec!["lab", "--fifteen", "3"], "--table"),
        (
            vec![
                "lab",
                "17 12 1 11 13/6 20 24 3 5/10 19 23 15 16/0 9 7 8 22/2 4 14 21 18",
                "-a",
                "astar",
                "--plain",
                "--max-nodes",
                "1000",
            ],
            "stopped by the node limit (1000 nodes) after 1001 nodes expanded: a nearer position, or IDA* with a stronger heuristic",
        ),
    ] {
        let (code, _, err) = run(&args, "");
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains(said), "{args:?}: {err}");
    }
}

/// The lab full screen in a real terminal (a pseudo-terminal of 80×24, its screen read back as
/// a terminal draws it): it opens on the search, steps, goes to the end and closes with the
/// figures, and quits leaving the terminal as it was (the alternate screen left).
#[cfg(unix)]
#[test]
#[allow(unsafe_code)] // openpty, and owning the two descriptors it returns
fn the_lab_runs_full_screen_in_a_real_terminal() {
    use std::io::Write;
    use std::os::fd::{FromRawFd, OwnedFd};
    use std::time::{Duration, Instant};

    let (mut master, mut slave) = (0, 0);
    let size = libc::winsize {
        ws_row: 24,
        ws_col: 80,
        ws_xpixel: 0,
        ws_ypixel: 0,
    };
    // SAFETY: openpty writes two descriptors it opened into the two integers given.
    let opened = unsafe {
        libc::openpty(
            &mut master,
            &mut slave,
            std::ptr::null_mut(),
            std::ptr::null(),
            &size,
        )
    };
    assert_eq!(opened, 0, "a pseudo-terminal");
    // SAFETY: both descriptors were just opened by openpty and are owned here alone.
    let (master, slave) = unsafe { (OwnedFd::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) };
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("npuzzle"))
        .args(["lab", "7 2 4/5 0 6/8 3 1", "--lang", "en"])
        .env("TERM", "xterm-256color")
        .stdin(slave.try_clone().unwrap())
        .stdout(slave.try_clone().unwrap())
        .stderr(slave)
        .spawn()
        .unwrap();
    let mut terminal = std::fs::File::from(master);
    let received = read_in_background(terminal.try_clone().unwrap());
    let mut screen = Screen {
        parser: vt100::Parser::new(dimension(24), dimension(80), 0),
        raw: Vec::new(),
        received,
    };
    screen.wait_for("The search lab");
    terminal.write_all(b"  ").unwrap();
    screen.wait_for("step 2 of");
    assert!(
        screen.text().contains("Expand 7 2 4/5 0 6/8 3 1 (path —)"),
        "{}",
        screen.text()
    );
    terminal.write_all(b"e").unwrap();
    screen.wait_for("In all:");
    terminal.write_all(b"q").unwrap();
    let deadline = Instant::now() + Duration::from_secs(20);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        assert!(Instant::now() < deadline, "the lab did not quit");
        std::thread::sleep(Duration::from_millis(50));
    };
    screen.drain();
    assert!(status.success());
    assert!(
        screen.raw.windows(8).any(|w| w == b"\x1b[?1049l"),
        "the alternate screen is left"
    );
}

/// What a pseudo-terminal's program wrote, as the terminal shows it, and every byte of it.
#[cfg(unix)]
struct Screen {
    parser: vt100::Parser,
    raw: Vec<u8>,
    received: std::sync::mpsc::Receiver<Vec<u8>>,
}

#[cfg(unix)]
impl Screen {
    fn text(&self) -> String {
        self.parser.screen().contents()
    }

    fn take(&mut self, bytes: Vec<u8>) {
        self.parser.process(&bytes);
        self.raw.extend(bytes);
    }

    /// Reads until `text` is on the screen, for 20 s at most.
    fn wait_for(&mut self, text: &str) {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
        while !self.text().contains(text) {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            assert!(
                !left.is_zero(),
                "no {text:?} on the screen:\n{}",
                self.text()
            );
            if let Ok(bytes) = self
                .received
                .recv_timeout(left.min(std::time::Duration::from_millis(200)))
            {
                self.take(bytes);
            }
        }
    }

    /// Reads what is left, until the program has been quiet a moment.
    fn drain(&mut self) {
        while let Ok(bytes) = self
            .received
            .recv_timeout(std::time::Duration::from_millis(300))
        {
            self.take(bytes);
        }
    }
}

/// The bytes read from `terminal`, as they come, on a thread of their own.
#[cfg(unix)]
fn read_in_background(mut terminal: std::fs::File) -> std::sync::mpsc::Receiver<Vec<u8>> {
    use std::io::Read;
    let (sender, received) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut buffer = [0u8; 4096];
        while let Ok(n) = terminal.read(&mut buffer) {
            if n == 0 || sender.send(buffer[..n].to_vec()).is_err() {
                break;
            }
        }
    });
    received
}

/// A terminal's dimension.
#[cfg(unix)]
fn dimension(n: u16) -> std::num::NonZero<u16> {
    std::num::NonZero::new(n).expect("a terminal has rows and columns")
}
