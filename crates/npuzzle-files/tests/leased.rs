//! A leased map keeps the bytes it was made with while other programs truncate or rewrite its
//! file, and lets them do it at once.

#![cfg(target_os = "linux")]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use npuzzle_files::leased::{self, LeasedMap};

/// A fresh file of `len` bytes that are not all alike, in a folder of this test's own.
fn file(name: &str, len: usize) -> (PathBuf, Vec<u8>) {
    let dir = std::env::temp_dir().join(format!("npuzzle-leased-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let bytes: Vec<u8> = (0..len).map(|i| (i * 7 + i / 4096) as u8).collect();
    let path = dir.join("entries");
    std::fs::write(&path, &bytes).unwrap();
    (path, bytes)
}

/// `leased::map` of the file at `path`, asked again while it says `None`: a lease is refused
/// while anyone has the file open for writing, and so is a file just written while a test beside
/// this one starts a program (the child holds a copy of every descriptor until it executes).
fn leased(path: &Path, len: usize) -> std::io::Result<LeasedMap> {
    for _ in 0..200 {
        let file = npuzzle_files::open_own(path).unwrap();
        if let Some(map) = leased::map(&file, len)? {
            return Ok(map);
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    panic!(
        "no lease on a file of our own in 2 s (the system has leases: /proc/sys/fs/leases-enable)"
    )
}

fn mapped(path: &Path, len: usize) -> LeasedMap {
    leased(path, len).unwrap()
}

/// Runs `sh -c script` with the file as `$1` and says how long it took: it waits while a lease
/// holds the file.
fn other_program(script: &str, path: &Path) -> Duration {
    let start = Instant::now();
    let status = Command::new("sh")
        .args(["-c", script, "sh"])
        .arg(path)
        .status()
        .unwrap();
    assert!(status.success(), "{script}");
    start.elapsed()
}

/// `truncate` until it is let: its first try starts the lease's break and is refused.
const RETRIED_TRUNCATE: &str = "i=0; until truncate -s 0 \"$1\" 2>/dev/null; do i=$((i+1)); [ $i -lt 2000 ] || exit 1; sleep 0.01; done";

/// The kernel holds a breaker back for 45 s if nobody answers; an answer takes milliseconds.
/// Anything under half of that was answered.
const ANSWERED: Duration = Duration::from_secs(20);

#[test]
fn a_file_truncated_under_its_map_keeps_its_bytes_in_the_map() {
    let (path, bytes) = file("truncated", 3 << 20);
    let map = mapped(&path, bytes.len());
    assert!(*map == bytes[..]);
    // truncate(1) opens without blocking: refused while the lease is being given up, then let.
    let took = other_program(RETRIED_TRUNCATE, &path);
    assert!(took < ANSWERED, "the truncation waited {took:?}");
    assert_eq!(std::fs::metadata(&path).unwrap().len(), 0);
    assert!(*map == bytes[..], "the map changed with its file");
    drop(map);
    std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
}

#[test]
fn a_file_written_over_under_its_map_keeps_its_bytes_in_the_map() {
    let (path, bytes) = file("written", 1 << 20);
    let map = mapped(&path, bytes.len());
    let took = other_program("printf other > \"$1\"", &path);
    assert!(took < ANSWERED, "the write waited {took:?}");
    assert_eq!(std::fs::read(&path).unwrap(), b"other");
    assert!(*map == bytes[..], "the map changed with its file");
    std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
}

#[test]
fn of_several_maps_only_the_one_whose_file_changes_is_copied() {
    let (first, first_bytes) = file("several-a", 1 << 16);
    let (second, second_bytes) = file("several-b", 1 << 17);
    let a = mapped(&first, first_bytes.len());
    let b = mapped(&second, second_bytes.len());
    other_program(": > \"$1\"", &second);
    assert!(*a == first_bytes[..] && *b == second_bytes[..]);
    // The first still holds its lease: a second break is answered too.
    other_program(RETRIED_TRUNCATE, &first);
    assert!(*a == first_bytes[..] && *b == second_bytes[..]);
    for path in [first, second] {
        std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
    }
}

#[test]
fn a_map_dropped_leaves_its_file_free() {
    let (path, bytes) = file("dropped", 1 << 16);
    for _ in 0..50 {
        drop(mapped(&path, bytes.len()));
    }
    let took = other_program(": > \"$1\"", &path);
    assert!(took < ANSWERED);
    std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
}

#[test]
fn a_file_open_for_writing_or_shorter_than_asked_is_not_mapped() {
    let (path, bytes) = file("writing", 1 << 12);
    let writer = std::fs::OpenOptions::new()
        .append(true)
        .open(&path)
        .unwrap();
    let file = npuzzle_files::open_own(&path).unwrap();
    assert!(leased::map(&file, bytes.len()).unwrap().is_none());
    drop(writer);
    assert!(leased(&path, bytes.len() + 1).is_err());
    std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
}

/// The flags the kernel lists for the map that starts at `address` (`/proc/self/smaps`).
fn map_flags(address: usize) -> Vec<String> {
    let smaps = std::fs::read_to_string("/proc/self/smaps").unwrap();
    let start = format!("{address:x}-");
    let mut lines = smaps.lines().skip_while(|line| !line.starts_with(&start));
    assert!(
        lines.next().is_some(),
        "no map at {start} in /proc/self/smaps"
    );
    let flags = lines
        .find_map(|line| line.strip_prefix("VmFlags:"))
        .expect("a map's flags");
    flags.split_whitespace().map(str::to_owned).collect()
}

/// A file read in under a map comes into the page cache in 2 MB pieces: the map is advised so
/// (`hg`) wherever the kernel has transparent huge pages (the advice is kept even where they are
/// set to `never`; a kernel without them refuses it).
#[test]
fn a_map_is_advised_onto_huge_pages_where_the_system_has_them() {
    let (path, bytes) = file("huge", 4 << 20);
    let map = mapped(&path, bytes.len());
    let flags = map_flags(map.as_ptr() as usize);
    let huge_pages = Path::new("/sys/kernel/mm/transparent_hugepage/enabled").exists();
    assert_eq!(flags.contains(&"hg".to_owned()), huge_pages, "{flags:?}");
    assert!(*map == bytes[..]);
    drop(map);
    std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
}
