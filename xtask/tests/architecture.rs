//! What `docs/ARCHITECTURE.md` states and the code could drift from, checked (issue 38): no
//! module calls into its parent (a call loop `circles.py`, which follows imports, cannot see),
//! every file the page names exists, every function it tells a newcomer to read first exists,
//! its crate list is the workspace's, and candle stays in the training crate.

use std::fs;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace")
        .to_path_buf()
}

fn page() -> String {
    fs::read_to_string(root().join("docs/ARCHITECTURE.md")).expect("docs/ARCHITECTURE.md")
}

/// Every `.rs` file under `dir`.
fn sources(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("a source folder").flatten() {
        let path = entry.path();
        if path.is_dir() {
            sources(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

fn crate_sources() -> Vec<PathBuf> {
    let mut found = Vec::new();
    for member in fs::read_dir(root().join("crates")).unwrap().flatten() {
        let src = member.path().join("src");
        if src.is_dir() {
            sources(&src, &mut found);
        }
    }
    assert!(found.len() > 50, "the crates' sources were not found");
    found
}

/// The calls in `code` of a function of the parent module (`super::name(`), before its tests.
fn calls_up(code: &str) -> Vec<String> {
    let code = code.split("#[cfg(test)]").next().unwrap_or_default();
    let mut calls = Vec::new();
    for (at, _) in code.match_indices("super::") {
        if code[..at].ends_with("super::") {
            continue;
        }
        let mut rest = &code[at..];
        while let Some(after) = rest.strip_prefix("super::") {
            rest = after;
        }
        let name: String = rest
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        let starts_lower = name.starts_with(|c: char| c.is_ascii_lowercase() || c == '_');
        if starts_lower && rest[name.len()..].trim_start().starts_with('(') {
            calls.push(name);
        }
    }
    calls
}

#[test]
fn the_check_for_calls_up_sees_them() {
    assert_eq!(calls_up("let x = super::solve(a);"), ["solve"]);
    assert_eq!(calls_up("super::super::run (x)"), ["run"]);
    assert!(
        calls_up("use super::beam::{self, Halt}; super::beam::widen(x); Super::new()").is_empty()
    );
    assert!(calls_up("#[cfg(test)]\nmod tests { fn t() { super::solve(1); } }").is_empty());
}

#[test]
fn no_module_calls_into_its_parent() {
    let mut found = Vec::new();
    for path in crate_sources() {
        let code = fs::read_to_string(&path).unwrap();
        for call in calls_up(&code) {
            found.push(format!("{}: super::{call}(", path.display()));
        }
    }
    assert!(found.is_empty(), "calls up to a parent module: {found:#?}");
}

/// The names of files the page gives (`play/line.rs`, `crates/npuzzle-files`, …).
fn named_paths(text: &str) -> Vec<String> {
    text.split(|c: char| c.is_whitespace() || "`(),;:".contains(c))
        .map(|word| word.trim_end_matches(['.', '/']))
        .filter(|word| word.ends_with(".rs") || word.starts_with("crates/"))
        .map(str::to_string)
        .collect()
}

#[test]
fn every_file_the_page_names_exists() {
    let mut all = Vec::new();
    sources(&root().join("crates"), &mut all);
    sources(&root().join("xtask"), &mut all);
    let names = named_paths(&page());
    assert!(names.len() > 20, "{names:?}");
    for name in names {
        let exists = root().join(&name).exists()
            || all
                .iter()
                .any(|path| path.to_string_lossy().ends_with(&format!("/{name}")));
        assert!(
            exists,
            "docs/ARCHITECTURE.md names {name}, which is not there"
        );
    }
}

#[test]
fn every_function_a_newcomer_reads_first_exists() {
    let page = page();
    let start = page
        .find("**Read first**")
        .expect("the read-first paragraph");
    let paragraph = &page[start..start + page[start..].find("\n\n").unwrap()];
    let mut code = String::new();
    for path in crate_sources() {
        code += &fs::read_to_string(path).unwrap();
    }
    let mut checked = 0;
    for quoted in paragraph.split('`').skip(1).step_by(2) {
        let last = quoted.rsplit("::").next().unwrap();
        let defined = if last.starts_with(|c: char| c.is_ascii_uppercase()) {
            ["struct", "enum", "trait"]
                .iter()
                .any(|kind| code.contains(&format!("{kind} {last}")))
        } else {
            code.contains(&format!("fn {last}("))
                || code.contains(&format!("fn {last}<"))
                || code.contains(&format!("mod {last}"))
        };
        assert!(defined, "read first: `{quoted}` is not in the code");
        checked += 1;
    }
    assert!(checked >= 8, "{paragraph}");
}

#[test]
fn the_crate_list_is_the_workspace_and_candle_stays_in_training() {
    let page = page();
    for member in fs::read_dir(root().join("crates")).unwrap().flatten() {
        let name = member.file_name().to_string_lossy().into_owned();
        assert!(
            page.contains(&format!("crates/{name} ")),
            "docs/ARCHITECTURE.md does not describe crates/{name}"
        );
        let manifest = fs::read_to_string(member.path().join("Cargo.toml")).unwrap();
        let candle = manifest.contains("candle");
        assert_eq!(candle, name == "npuzzle-train", "{name}: candle");
    }
    assert!(page.contains("(the only crate with candle)"));
}
