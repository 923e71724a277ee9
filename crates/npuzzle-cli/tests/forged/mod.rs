//! Issue 64's repros: a proof that cannot be forged by accident. A journal edited in any field,
//! or damaged, is refused with the file named, never answered from; an answer that rests on a
//! journal says so and is proved again by `verify --optimal`; `--fresh` sets a refused journal
//! aside; the cache never overwrites a file that is not a database of ours, and refuses one
//! whose values are impossible. Each test is named in the guarantees table of `docs/GUIDE.md`.

use std::path::{Path, PathBuf};

use npuzzle_search::algorithm::journal::Journal;
use serde_json::Value;

use super::{data_dir, npuzzle};

/// Korf's #88 (optimum 65) and the small databases its repros were made with.
const P: &str = "15 2 12 11/14 13 9 5/1 3 8 7/0 10 6 4";
const PARTITION: &str = "1,2,3,4/5,6,7,8/9,10,11,12/13,14,15";

/// A fresh folder for one test: its journal and its database cache.
fn folder(name: &str) -> PathBuf {
    let dir = data_dir(&format!("forged-{name}"));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `npuzzle solve P … --resume journal --json` with `more` arguments: (code, stdout, stderr).
fn solve(dir: &Path, journal: &Path, more: &[&str]) -> (i32, String, String) {
    let cache = dir.join("cache");
    let args = [
        "solve",
        P,
        "--goal",
        "blank-first",
        "-a",
        "idastar",
        "--heuristic",
        "pdb",
        "--partition",
        PARTITION,
        "--cache-dir",
        cache.to_str().unwrap(),
        "--resume",
        journal.to_str().unwrap(),
        "--json",
    ];
    let output = npuzzle()
        .args(args)
        .args(more)
        .output()
        .expect("npuzzle runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// A journal of #88 stopped part-way (a node limit), as a fresh search writes it.
fn stopped_journal(dir: &Path) -> PathBuf {
    let journal = dir.join("j.journal");
    let (code, _, err) = solve(dir, &journal, &["--max-nodes", "200000"]);
    assert_ne!(code, 0, "{err}");
    assert!(journal.exists(), "{err}");
    journal
}

/// The journal's contents as JSON, and written back with one field changed (no checksum made).
fn edit(journal: &Path, field: &str, value: Value) {
    let mut json: Value = serde_json::from_slice(&std::fs::read(journal).unwrap()).unwrap();
    json[field] = value;
    std::fs::write(journal, serde_json::to_vec_pretty(&json).unwrap()).unwrap();
}

/// The journal with `change` made and its checksum made again: a forgery on purpose, which
/// the values' own checks must still catch where they can.
fn reseal(journal: &Path, change: impl FnOnce(&mut Journal)) {
    let mut read: Journal = serde_json::from_slice(&std::fs::read(journal).unwrap()).unwrap();
    change(&mut read);
    read.save(journal).unwrap();
}

/// A change made to a journal.
type Forgery = dyn Fn(&mut Journal);

/// Asserts a refusal that names the journal and says `words`, without a crash or an answer.
fn refused(result: (i32, String, String), journal: &Path, words: &str) {
    let (code, out, err) = result;
    assert_eq!(code, 2, "{out}{err}");
    assert!(out.is_empty(), "an answer from a refused journal: {out}");
    assert!(err.contains(&journal.display().to_string()), "{err}");
    assert!(err.contains(words), "{err}");
}

/// Defects 1, 2 and 3: a journal edited in one field (the threshold, the cut, the finished
/// subtrees, the next threshold, the seconds) is refused by its checksum, with the file named:
/// no false "optimal", no stack overflow at a threshold of 2^32 − 1, no panic at 1e20 seconds.
#[test]
fn a_journal_edited_in_any_field_is_refused() {
    let dir = folder("edited");
    let journal = stopped_journal(&dir);
    let kept = std::fs::read(&journal).unwrap();
    let edits: [(&str, Value); 7] = [
        ("bound", 67.into()),
        ("bound", 1001.into()),
        ("bound", 4_294_967_295u64.into()),
        ("subtrees", 0.into()),
        ("finished", serde_json::json!([1, 0])),
        ("next_bound", 67.into()),
        ("seconds", 1e20.into()),
    ];
    for (field, value) in edits {
        std::fs::write(&journal, &kept).unwrap();
        edit(&journal, field, value.clone());
        refused(solve(&dir, &journal, &[]), &journal, "checksum");
    }
    // Damaged: cut short.
    std::fs::write(&journal, &kept[..kept.len() / 2]).unwrap();
    refused(solve(&dir, &journal, &[]), &journal, "not a search journal");
}

/// Defects 1 to 3 and 12 with the checksum made again on purpose: the values are checked
/// against what the search can write, and a kept solution that does not replay is refused
/// naming the journal.
#[test]
fn a_forged_journal_is_refused_by_its_values() {
    let dir = folder("resealed");
    let journal = stopped_journal(&dir);
    let kept = std::fs::read(&journal).unwrap();
    let forgeries: [(&str, Box<Forgery>); 9] = [
        (
            "written by another search",
            Box::new(|j| {
                j.bound += 2;
                j.next_bound = u32::MAX;
            }),
        ),
        ("parity", Box::new(|j| j.bound += 1)),
        ("past a solution", Box::new(|j| j.bound += 1000)),
        // Past 80, the most any 15-puzzle needs, though short of the constructive solver's length.
        ("past a solution of 80 moves", Box::new(|j| j.bound = 81)),
        (
            "past a solution",
            Box::new(|j| j.bound += (u32::MAX - j.bound) / 2 * 2),
        ),
        ("seconds of search", Box::new(|j| j.seconds = 1e20)),
        ("does not follow", Box::new(|j| j.next_bound = j.bound)),
        (
            "places in its cut",
            Box::new(|j| j.finished = vec![j.subtrees]),
        ),
        ("heuristic", Box::new(|j| j.heuristic.push('x'))),
    ];
    for (words, forge) in forgeries {
        std::fs::write(&journal, &kept).unwrap();
        reseal(&journal, forge);
        refused(solve(&dir, &journal, &[]), &journal, words);
    }
    // A solution as long as its threshold that does not reach the goal.
    std::fs::write(&journal, &kept).unwrap();
    reseal(&journal, |j| {
        j.bound = 65;
        j.iterations = 1;
        j.next_bound = u32::MAX;
        j.solution = Some("UD".repeat(32) + "U");
    });
    refused(solve(&dir, &journal, &[]), &journal, "its solution");
}

/// An answer that rests on a journal says so (`"proof": "journal"`), a search from nothing says
/// `"search"`, and `verify --optimal` proves the length again without the journal; `--fresh`
/// sets a journal aside, keeping it, and begins afresh.
#[test]
fn an_answer_from_a_journal_says_so_and_is_proved_again() {
    let dir = folder("proof");
    let journal = stopped_journal(&dir);
    let (code, out, err) = solve(&dir, &journal, &[]);
    assert_eq!(code, 0, "{err}");
    let answer: Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert_eq!(
        (&answer["length"], &answer["optimal"], &answer["proof"]),
        (
            &Value::from(65),
            &Value::from(true),
            &Value::from("journal")
        ),
        "{out}"
    );
    let moves = answer["solution"].as_str().unwrap();
    let output = npuzzle()
        .args(["verify", P, moves, "--optimal", "--goal", "blank-first"])
        .args(["--heuristic", "pdb", "--partition", PARTITION])
        .args(["--cache-dir", dir.join("cache").to_str().unwrap()])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{text}");
    assert!(
        text.contains("optimal: yes (proved by a search from nothing"),
        "{text}"
    );
    // Two moves that cancel make it longer than the optimum: not optimal, exit status 1.
    let longer = format!("{moves} U D");
    let output = npuzzle()
        .args([
            "verify",
            P,
            &longer,
            "--optimal",
            "--goal",
            "blank-first",
            "--json",
        ])
        .args(["--heuristic", "pdb", "--partition", PARTITION])
        .args(["--cache-dir", dir.join("cache").to_str().unwrap()])
        .output()
        .unwrap();
    let line: Value = serde_json::from_slice(&output.stdout).unwrap_or_default();
    assert_eq!(output.status.code(), Some(1), "{line}");
    assert_eq!(
        (&line["optimal"], &line["optimum"]),
        (&Value::from(false), &Value::from(65))
    );
    // --fresh: the journal set aside (kept), the search begun anew and proved by itself.
    edit(&journal, "bound", 67.into());
    let (code, out, err) = solve(&dir, &journal, &["--fresh"]);
    assert_eq!(code, 0, "{err}");
    let answer: Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert_eq!(
        (&answer["length"], &answer["proof"]),
        (&Value::from(65), &Value::from("search"))
    );
    assert!(err.contains("set aside as"), "{err}");
    let aside = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| {
            e.file_name()
                .to_string_lossy()
                .contains("j.journal.refused-")
        })
        .count();
    assert_eq!(aside, 1);
}

/// Defect 6: a file of the user's under a database's name in the cache is never overwritten:
/// it is set aside whole and a fresh database is written in its place.
#[test]
fn a_user_file_in_the_cache_is_never_overwritten() {
    let dir = folder("cache-user");
    let journal = dir.join("none.journal");
    // Built once, to learn the databases' names.
    let (code, _, err) = solve(&dir, &journal, &[]);
    assert_eq!(code, 0, "{err}");
    let cache = dir.join("cache");
    let name = first_database(&cache);
    std::fs::write(&name, "my notes, not a database\n").unwrap();
    std::fs::remove_file(&journal).unwrap();
    let (code, out, err) = solve(&dir, &journal, &[]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\"length\":65"), "{out}");
    assert!(err.contains("not a database of npuzzle's"), "{err}");
    let kept: Vec<_> = std::fs::read_dir(&cache)
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().contains(".not-ours-"))
        .collect();
    assert_eq!(kept.len(), 1, "{err}");
    assert_eq!(
        std::fs::read_to_string(kept[0].path()).unwrap(),
        "my notes, not a database\n"
    );
}

/// Defect 13: a database whose checksum was made again over impossible values (its goal's entry
/// is not 0) is refused on load and rebuilt; the solve ends with the optimum instead of never.
#[test]
fn a_database_with_impossible_values_is_refused() {
    use npuzzle_heuristic::pdb::Header;
    let dir = folder("cache-forged");
    let journal = dir.join("none.journal");
    let (code, _, err) = solve(&dir, &journal, &[]);
    assert_eq!(code, 0, "{err}");
    let path = first_database(&dir.join("cache"));
    let bytes = std::fs::read(&path).unwrap();
    let (mut header, offset) = Header::parse(&bytes, &path).unwrap();
    // Every excess 1: the goal's entry is 2 moves instead of 0.
    let body = vec![0x11u8; bytes.len() - offset];
    header.checksum = crc32fast::hash(&body);
    std::fs::write(&path, [header.bytes(), body].concat()).unwrap();
    std::fs::remove_file(&journal).unwrap();
    let (code, out, err) = solve(&dir, &journal, &[]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\"length\":65"), "{out}");
    assert!(err.contains("not 0"), "{err}");
}

/// The first database file in `cache`.
fn first_database(cache: &Path) -> PathBuf {
    let mut names: Vec<PathBuf> = std::fs::read_dir(cache)
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "pdb"))
        .collect();
    names.sort();
    names.remove(0)
}

/// Lines cut from `korf24_50.txt` without its column header: each error says its line once and
/// names the header that would fix it.
#[test]
fn a_file_cut_from_its_header_names_the_fix() {
    let dir = folder("cut");
    let whole = std::fs::read_to_string(format!(
        "{}/../../data/instances/korf24_50.txt",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let cut: String = whole
        .lines()
        .filter(|l| !l.starts_with('#'))
        .take(2)
        .map(|l| format!("{l}\n"))
        .collect();
    let file = dir.join("cut.txt");
    std::fs::write(&file, cut).unwrap();
    let output = npuzzle()
        .args(["bench", file.to_str().unwrap()])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{err}");
    assert!(
        err.contains("cut.txt: line 1: 4 numbers after the tiles"),
        "{err}"
    );
    assert!(!err.contains("line 1: line 1"), "{err}");
    assert!(err.contains("# COLUMNS: tiles optimal"), "{err}");
}

/// Issue 65: a daily result written over another day's game (its date edited) is not believed:
/// the records file is set aside whole, the records that hold are kept, and the notice names
/// the record and why.
#[test]
fn a_daily_result_for_another_date_is_refused() {
    let dir = folder("daily");
    let size = npuzzle_core::Size::square(3).unwrap();
    let date: npuzzle_core::daily::Date = "2026-12-01".parse().unwrap();
    let id = |board| npuzzle_core::format_board(&board, npuzzle_core::Format::Id);
    let record = |scramble: String, day: npuzzle_core::daily::Date| {
        format!(
            r#"{{"size":"3x3","stm":24,"mtm":18,"milliseconds":9000,"seed":null,"assisted":false,"optimal":null,"finished_at":1796083300,"scramble":"{scramble}","goal":"3x3:1,2,3,4,5,6,7,8,0","replay":"","daily":{{"date":"{day}","streak":1}}}}"#
        )
    };
    let honest = record(id(npuzzle_core::daily::position(date, size)), date);
    let forged = record(id(npuzzle_core::daily::position(date, size)), date.next());
    std::fs::write(dir.join("records.json"), format!("[{honest},{forged}]")).unwrap();
    let output = npuzzle()
        .args(["stats", "--export", "csv"])
        .env("NPUZZLE_DATA_DIR", &dir)
        .output()
        .unwrap();
    let (out, err) = (
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr),
    );
    assert!(
        err.contains(
            "record 2: its daily result: this game is not the daily puzzle of 2026-12-02 on 3x3"
        ),
        "{err}"
    );
    assert_eq!(out.lines().count(), 2, "the honest record is kept: {out}");
    let aside = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(Result::ok)
        .any(|entry| {
            entry
                .file_name()
                .to_string_lossy()
                .starts_with("records.json.damaged-")
        });
    assert!(aside, "the file is kept aside whole");
}
