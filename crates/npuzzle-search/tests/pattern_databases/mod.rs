//! The pattern databases: built against the BFS distances, stored, verified, refused when damaged
//! or foreign, and searched with.

use super::*;
use npuzzle_heuristic::pdb::{self, Event, Layout, Partition, Pattern, PdbError, Store};

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("npuzzle-pdb-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// One pattern holding every tile is exact: the database is the distance table itself.
#[test]
fn a_pattern_of_every_tile_equals_the_bfs_distances() {
    for goal in [Goal::BlankLast, Goal::Spiral] {
        let t = table("3x3", goal);
        let puzzle = t.puzzle().clone();
        let all = Partition::Tiles(vec![(1..=8).collect()]);
        let h = pdb::build_partition(&puzzle, &all, &mut |_, _, _| {}).unwrap();
        for depth in 0..t.layer_counts().len() as u8 {
            for board in t.positions_at(depth) {
                assert_eq!(
                    h.value(&h.start(&puzzle.bytes(&board))),
                    u32::from(depth),
                    "{board}"
                );
            }
        }
    }
}

/// The distances of every placement by a plain 0-1 breadth-first search over (placement,
/// blank cell): the blank moves for free, except into a pattern tile's cell.
fn reference_distances(puzzle: &Puzzle, pattern: &Pattern) -> Vec<u8> {
    reference_by_blank(puzzle, pattern)
        .chunks(puzzle.cells())
        .map(|blanks| *blanks.iter().min().unwrap())
        .collect()
}

/// The distance of every (placement, blank cell), at `rank * cells + blank`; `u8::MAX` where
/// the blank would be on a pattern tile.
fn reference_by_blank(puzzle: &Puzzle, pattern: &Pattern) -> Vec<u8> {
    let n = puzzle.cells();
    let k = pattern.tiles().len();
    let target = puzzle.target();
    let home: Vec<u8> = pattern
        .tiles()
        .iter()
        .map(|&t| target[t as usize])
        .collect();
    let mut best = vec![u8::MAX; (pattern.placements() * n as u64) as usize];
    let mut queue = std::collections::VecDeque::new();
    let start = pattern.rank(home.iter().copied()) as usize * n + target[0] as usize;
    best[start] = 0;
    queue.push_back(start);
    let mut at = vec![0u8; k];
    while let Some(state) = queue.pop_front() {
        let (rank, blank) = (state / n, state % n);
        let d = best[state];
        pattern.unrank(rank as u64, &mut at);
        for &(cell, _) in puzzle.neighbours(blank) {
            let mut next_at = at.clone();
            let (cost, next_rank) = match at.iter().position(|&c| c == cell) {
                Some(i) => {
                    next_at[i] = blank as u8;
                    (1, pattern.rank(next_at.iter().copied()) as usize)
                }
                None => (0, rank),
            };
            let next = next_rank * n + cell as usize;
            if d + cost < best[next] {
                best[next] = d + cost;
                if cost == 0 {
                    queue.push_front(next);
                } else {
                    queue.push_back(next);
                }
            }
        }
    }
    best
}

/// The regions of free cells beside the tiles on `at`, each in cell order.
fn regions(puzzle: &Puzzle, at: &[u8]) -> Vec<Vec<u8>> {
    let mut seen: Vec<bool> = (0..puzzle.cells() as u8).map(|c| at.contains(&c)).collect();
    let mut regions = Vec::new();
    for first in 0..puzzle.cells() {
        if seen[first] {
            continue;
        }
        seen[first] = true;
        let mut region = vec![first as u8];
        let mut i = 0;
        while let Some(&cell) = region.get(i) {
            for &(next, _) in puzzle.neighbours(cell as usize) {
                if !std::mem::replace(&mut seen[next as usize], true) {
                    region.push(next);
                }
            }
            i += 1;
        }
        region.sort_unstable();
        regions.push(region);
    }
    regions
}

/// A zero-aware database gives every (placement, blank cell) its exact distance where it keeps
/// the blank's region (dense: always; listed: where its record names the region, always with up
/// to three regions above the least), and never more than it or less than the plain database.
#[test]
fn zero_aware_databases_give_each_region_its_own_distance() {
    let cases: [(&str, Goal, &[u8]); 5] = [
        ("3", Goal::BlankLast, &[1, 2, 4, 5]),
        ("3", Goal::Snake, &[4, 5, 6]),
        ("2x4", Goal::Spiral, &[1, 2, 3, 4]),
        ("4x3", Goal::BlankFirst, &[1, 2, 5, 6, 9]),
        ("4", Goal::BlankLast, &[1, 2, 5, 6, 7]),
    ];
    for (size, goal, tiles) in cases {
        let (_, puzzle) = setup(size, goal.clone());
        let pattern = Pattern::new(&puzzle, tiles).unwrap();
        let by_region = pdb::distances_by_region(&puzzle, &pattern, &mut |_, _| true).unwrap();
        assert_eq!(by_region.least(), reference_distances(&puzzle, &pattern));
        let least = pdb::distances(&puzzle, &pattern, &mut |_, _| true).unwrap();
        let (entries, _) = pdb::pack(&puzzle, &pattern, least).unwrap();
        let plain = pdb::PatternDb::new(&puzzle, pattern.clone(), std::sync::Arc::new(entries));
        let exact = reference_by_blank(&puzzle, &pattern);
        for layout in [Layout::Listed, Layout::Dense] {
            let packed =
                pdb::pack_zero_aware_as(&puzzle, &pattern, &by_region, Some(layout)).unwrap();
            assert!(
                packed.listed > 0,
                "{size} {tiles:?}: no placement walls the blank in"
            );
            let db = packed.into_db(&puzzle, pattern.clone()).unwrap();
            assert_eq!(db.layout(), layout);
            let place = format!("{size} {tiles:?} {layout:?}");
            let stronger = check_regions(&puzzle, &pattern, &plain, &db, &exact, &place);
            assert!(stronger > 0, "{place}");
        }
    }
}

/// Checks `db` against the exact distances by blank cell and the plain database `plain` on every
/// placement (see the test above); returns how many lookups it gave above the plain database.
fn check_regions(
    puzzle: &Puzzle,
    pattern: &Pattern,
    plain: &pdb::PatternDb,
    db: &pdb::PatternDb,
    exact: &[u8],
    place: &str,
) -> u32 {
    let n = puzzle.cells();
    let mut at = vec![0u8; pattern.tiles().len()];
    let mut stronger = 0;
    for rank in 0..pattern.placements() {
        pattern.unrank(rank, &mut at);
        let truths = &exact[rank as usize * n..][..n];
        let least = plain.value(at.iter().copied(), 0);
        // The regions above the least, each counted once (by its first cell).
        let above = regions(puzzle, &at)
            .iter()
            .filter(|region| truths[region[0] as usize] > least)
            .count();
        for blank in (0..n as u8).filter(|b| !at.contains(b)) {
            let value = db.value(at.iter().copied(), blank);
            let truth = truths[blank as usize];
            let place = format!("{place} {at:?}, blank on {blank}");
            assert!(least <= value && value <= truth, "{place}: {value}");
            if above <= 3 || db.layout() == Layout::Dense {
                assert_eq!(value, truth, "{place}");
            }
            stronger += u32::from(value > least);
        }
    }
    stronger
}

/// The sweeping builder agrees exactly with a plain search, on boards, goals and pattern
/// sizes that exercise both word widths; packed lookups give back every distance.
#[test]
fn distances_match_a_plain_search_and_survive_packing() {
    let cases: [(&str, Goal, &[u8]); 8] = [
        ("3", Goal::BlankLast, &[1, 2, 3]),
        ("3", Goal::Snake, &[4, 5, 6, 7]),
        ("3", Goal::BlankFirst, &[8]),
        ("2x4", Goal::Spiral, &[1, 2, 3, 4]),
        ("4x3", Goal::BlankLast, &[1, 2, 5, 6, 9]),
        ("3x4", Goal::BlankFirst, &[3, 7, 11]),
        ("4", Goal::BlankLast, &[1, 2]),
        ("4", Goal::BlankFirst, &[6, 9, 10]),
    ];
    for (size, goal, tiles) in cases {
        let (_, puzzle) = setup(size, goal.clone());
        let pattern = Pattern::new(&puzzle, tiles).unwrap();
        let values = pdb::distances(&puzzle, &pattern, &mut |_, _| true).unwrap();
        assert_eq!(
            values,
            reference_distances(&puzzle, &pattern),
            "{size} {tiles:?}"
        );
        let (entries, capped) = pdb::pack(&puzzle, &pattern, values.clone()).unwrap();
        assert_eq!(capped, 0);
        let db = pdb::PatternDb::new(&puzzle, pattern.clone(), std::sync::Arc::new(entries));
        let mut at = vec![0u8; tiles.len()];
        for (rank, &value) in values.iter().enumerate() {
            pattern.unrank(rank as u64, &mut at);
            assert_eq!(
                db.value(at.iter().copied(), 0),
                value,
                "{size} {tiles:?} {at:?}"
            );
        }
    }
    // 29 free cells: the blank's region is not tracked, and one tile alone slides home in
    // exactly its Manhattan distance.
    let (_, wide) = setup("6x5", Goal::BlankLast);
    let lonely = Pattern::new(&wide, &[1]).unwrap();
    let values = pdb::distances(&wide, &lonely, &mut |_, _| true).unwrap();
    for (cell, &value) in values.iter().enumerate() {
        assert_eq!(
            u32::from(value),
            (cell / 6 + cell % 6) as u32,
            "cell {cell}"
        );
    }
    let (_, four) = setup("4", Goal::BlankLast);
    let huge = Pattern::new(&four, &[1, 2, 3, 4, 5, 6, 7, 8, 9]).unwrap();
    let error = pdb::distances(&four, &huge, &mut |_, _| true).unwrap_err();
    assert!(error.to_string().contains("GB to build"), "{error}");
}

/// Disjoint patterns add up without overestimating, with and without the mirror lookup.
#[test]
fn additive_databases_are_admissible_on_every_8_puzzle_state() {
    for goal in [Goal::BlankLast, Goal::BlankFirst, Goal::Snake] {
        let t = table("3x3", goal);
        let puzzle = t.puzzle().clone();
        let halves = "1,2,3,4/5,6,7,8".parse().unwrap();
        let h = pdb::build_partition(&puzzle, &halves, &mut |_, _, _| {}).unwrap();
        let mut exact = 0;
        for depth in 0..t.layer_counts().len() as u8 {
            for board in t.positions_at(depth) {
                let v = h.value(&h.start(&puzzle.bytes(&board)));
                assert!(v <= u32::from(depth), "{v} > {depth} on {board}");
                exact += usize::from(v == u32::from(depth));
            }
        }
        assert!(exact > 10_000, "the bound is informative: {exact} exact");
    }
}

/// Zero-aware databases never overestimate any 8-puzzle state, never give less than the
/// plain ones, and give more on many; looked up move by move they match a fresh start.
#[test]
fn zero_aware_databases_are_admissible_and_never_weaker() {
    for goal in [Goal::BlankLast, Goal::BlankFirst, Goal::Snake] {
        let t = table("3x3", goal);
        let puzzle = t.puzzle().clone();
        let build = |text: &str| {
            pdb::build_partition(&puzzle, &text.parse().unwrap(), &mut |_, _, _| {}).unwrap()
        };
        let (plain, zero) = (build("1,2,3,4/5,6,7,8"), build("z:1,2,3,4/5,6,7,8"));
        let mut stronger = 0;
        for depth in 0..t.layer_counts().len() as u8 {
            for board in t.positions_at(depth) {
                let cells = puzzle.bytes(&board);
                let (p, z) = (
                    plain.value(&plain.start(&cells)),
                    zero.value(&zero.start(&cells)),
                );
                assert!(
                    p <= z && z <= u32::from(depth),
                    "{p} {z} {depth} on {board}"
                );
                stronger += usize::from(z > p);
            }
        }
        assert!(stronger > 1_000, "only {stronger} states gain");
        let (_, walk) = Generator::new(3).random_walk(puzzle.goal(), 300);
        incremental_matches_scratch(&zero, &puzzle, &walk);
    }
}

/// Korf's 100 with zero-aware 5-5-5 databases kept in a store: every start's bound at most
/// its optimum and at least the plain bound; IDA* finds the optimum on one core and on all.
#[test]
fn korf_instances_with_zero_aware_databases() {
    let store = Store::new(temp_dir("korf-zero"));
    let (_, puzzle) = setup("4", Goal::BlankFirst);
    let plain = pdb::build_partition(&puzzle, &Partition::Named("555"), &mut |_, _, _| {}).unwrap();
    let zero: Partition = "z:555".parse().unwrap();
    let h = store.open(&puzzle, &zero, &mut |_| {}).unwrap();
    assert!(store.is_built(&puzzle, &zero) && h.databases()[0].zero_aware());
    let size = Size::square(4).unwrap();
    let all = instances("korf100.txt");
    let mut stronger = 0;
    for (tiles, optimal) in &all {
        let cells = puzzle.bytes(&Board::new(size, tiles.clone()).unwrap());
        let (p, z) = (plain.value(&plain.start(&cells)), h.value(&h.start(&cells)));
        assert!(p <= z && z as usize <= *optimal, "{p} {z} {optimal}");
        stronger += usize::from(z > p);
    }
    assert!(stronger > 0);
    for number in [79, 12, 42] {
        let (tiles, optimal) = &all[number - 1];
        let board = Board::new(size, tiles.clone()).unwrap();
        for parallel in [false, true] {
            let solution = IdaStar {
                parallel,
                ..IdaStar::new(&puzzle, &h)
            }
            .run(&start(&board, puzzle.goal()), &Limits::default())
            .unwrap();
            assert_eq!(solution.moves.len(), *optimal, "instance {number}");
        }
    }
    std::fs::remove_dir_all(store.dir()).unwrap();
}

/// Zero-aware files have their own names beside the plain ones; a damaged regions table
/// and a plain file under a zero-aware name are found and rebuilt.
#[test]
fn the_store_keeps_zero_aware_databases_apart_and_checks_them() {
    let store = Store::new(temp_dir("zero"));
    let (_, puzzle) = setup("3", Goal::BlankLast);
    let (plain, zero): (Partition, Partition) = (
        "1,2,4,5/3,6,7,8".parse().unwrap(),
        "z:1,2,4,5/3,6,7,8".parse().unwrap(),
    );
    let reasons = |partition: &Partition| {
        let mut reasons = Vec::new();
        store
            .open(&puzzle, partition, &mut |event| {
                if let Event::Building { reason, .. } = event {
                    reasons.push(reason);
                }
            })
            .unwrap();
        reasons
    };
    assert_eq!(reasons(&plain).len(), 2);
    assert!(!store.is_built(&puzzle, &zero));
    assert_eq!(reasons(&zero).len(), 2);
    assert!(
        reasons(&zero).is_empty() && reasons(&plain).is_empty(),
        "both kept"
    );
    let pattern = Pattern::new(&puzzle, &[1, 2, 4, 5]).unwrap();
    let path = store.path(&puzzle, &pattern, true);
    assert!(store.verify(&path).unwrap().zero_aware());
    let built = std::fs::read(&path).unwrap();

    // A bit flipped in the regions table (the file's end) is a checksum error.
    let mut bytes = built.clone();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    assert!(
        store
            .verify(&path)
            .unwrap_err()
            .to_string()
            .contains("checksum")
    );
    let again = reasons(&zero);
    assert!(
        again.len() == 1 && again[0].contains("damaged"),
        "{again:?}"
    );
    assert_eq!(std::fs::read(&path).unwrap(), built);

    // A plain database under the zero-aware name is not used as one.
    std::fs::copy(store.path(&puzzle, &pattern, false), &path).unwrap();
    assert!(matches!(
        store.verify(&path),
        Err(PdbError::Mismatch { .. })
    ));
    let again = reasons(&zero);
    assert!(
        again.len() == 1 && again[0].contains("zero-aware"),
        "{again:?}"
    );
    assert_eq!(std::fs::read(&path).unwrap(), built);
    std::fs::remove_dir_all(store.dir()).unwrap();
}

/// Both zero-aware layouts go through their bytes and back with every value, and bytes cut
/// short, flipped, or read as the other layout are refused with what is wrong.
#[test]
fn both_zero_aware_layouts_round_trip_and_refuse_damage() {
    let (_, puzzle) = setup("3", Goal::BlankLast);
    let pattern = Pattern::new(&puzzle, &[1, 2, 4, 5]).unwrap();
    let by_region = pdb::distances_by_region(&puzzle, &pattern, &mut |_, _| true).unwrap();
    let mut at = vec![0u8; 4];
    for layout in [Layout::Listed, Layout::Dense] {
        let packed = pdb::pack_zero_aware_as(&puzzle, &pattern, &by_region, Some(layout)).unwrap();
        let db = packed.into_db(&puzzle, pattern.clone()).unwrap();
        let bytes = db.to_bytes(&puzzle);
        let read = pdb::PatternDb::from_bytes(&puzzle, bytes.clone()).unwrap();
        assert_eq!((read.layout(), read.checksum()), (layout, db.checksum()));
        for rank in 0..pattern.placements() {
            pattern.unrank(rank, &mut at);
            for blank in (0..9u8).filter(|b| !at.contains(b)) {
                let (a, b) = (at.iter().copied(), at.iter().copied());
                assert_eq!(read.value(a, blank), db.value(b, blank), "{layout:?}");
            }
        }
        let refused = |bytes: Vec<u8>| {
            pdb::PatternDb::from_bytes(&puzzle, bytes)
                .unwrap_err()
                .to_string()
        };
        let cut = refused(bytes[..bytes.len() - 1].to_vec());
        assert!(cut.contains("truncated"), "{layout:?}: {cut}");
        let mut flipped = bytes.clone();
        flipped[bytes.len() / 2] ^= 0x10;
        assert!(refused(flipped).contains("checksum"), "{layout:?}");
        // The header's version says the layout (bytes 8..12): read as the other, the lengths
        // cannot agree.
        let mut other = bytes.clone();
        other[8] = if layout == Layout::Dense { 3 } else { 4 };
        let misread = refused(other);
        assert!(misread.contains("is damaged"), "{layout:?}: {misread}");
    }
}

/// Beyond 5x6 the blank's region is not tracked (small patterns leave too many free cells):
/// the bound still never exceeds a walk's length, covers Manhattan, and updates in place.
#[test]
fn databases_of_small_patterns_work_on_a_7x7_board() {
    let (_, puzzle) = setup("7", Goal::BlankLast);
    let groups: Vec<Vec<u8>> = (1..49u8)
        .collect::<Vec<_>>()
        .chunks(3)
        .map(<[u8]>::to_vec)
        .collect();
    assert_eq!(groups.len(), pdb::MAX_PATTERNS);
    let h = pdb::build_partition(&puzzle, &Partition::Tiles(groups), &mut |_, _, _| {}).unwrap();
    let manhattan = Manhattan::for_puzzle(&puzzle);
    assert_eq!(h.value(&h.start(puzzle.goal_cells())), 0);
    let mut generator = Generator::new(49);
    for length in [10, 30, 60, 200] {
        let (board, walk) = generator.random_walk(puzzle.goal(), length);
        let cells = puzzle.bytes(&board);
        let v = h.value(&h.start(&cells));
        assert!(v <= walk.len() as u32, "{v} > {} on {board}", walk.len());
        assert!(v >= manhattan.value(&manhattan.start(&cells)), "{board}");
    }
    let (_, walk) = generator.random_walk(puzzle.goal(), 300);
    incremental_matches_scratch(&h, &puzzle, &walk);
}

#[test]
fn incremental_lookups_match_recomputation() {
    let (_, puzzle) = setup("4", Goal::BlankLast);
    let h = pdb::build_partition(&puzzle, &Partition::Named("555"), &mut |_, _, _| {}).unwrap();
    assert!(h.mirrored());
    let (_, walk) = Generator::new(8).random_walk(puzzle.goal(), 300);
    incremental_matches_scratch(&h, &puzzle, &walk);
}

/// Builds the 1,2,3 / 4..8 partition of the 3x3 board in `store`, returning the reasons.
fn open_reasons(store: &Store, puzzle: &Puzzle, force: bool) -> Vec<String> {
    let partition: Partition = "1,2,3/4,5,6,7,8".parse().unwrap();
    let mut reasons = Vec::new();
    let mut report = |event: Event| {
        if let Event::Building { reason, .. } = event {
            reasons.push(reason);
        }
    };
    if force {
        store.rebuild(puzzle, &partition, &mut report).unwrap();
    } else {
        store.open(puzzle, &partition, &mut report).unwrap();
    }
    reasons
}

#[test]
fn the_store_builds_once_and_rebuilds_what_is_damaged() {
    let store = Store::new(temp_dir("files"));
    let (_, puzzle) = setup("3", Goal::BlankLast);
    let pattern = Pattern::new(&puzzle, &[1, 2, 3]).unwrap();
    let path = store.path(&puzzle, &pattern, false);
    let halves: Partition = "1,2,3/4,5,6,7,8".parse().unwrap();
    assert!(!store.is_built(&puzzle, &halves));
    assert_eq!(open_reasons(&store, &puzzle, false).len(), 2);
    assert!(store.is_built(&puzzle, &halves));
    assert!(open_reasons(&store, &puzzle, false).is_empty(), "kept");
    assert_eq!(store.verify(&path).unwrap().tiles, [1, 2, 3]);
    let built = std::fs::read(&path).unwrap();

    // Damage of every kind is found by verify and rebuilt by open, saying why.
    let mut bytes = built.clone();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    let error = store.verify(&path).unwrap_err();
    assert!(error.to_string().contains("checksum"), "{error}");
    for damaged in [&bytes[..100], b"not a database".as_slice()] {
        std::fs::write(&path, damaged).unwrap();
        assert!(matches!(store.verify(&path), Err(PdbError::Damaged { .. })));
        let reasons = open_reasons(&store, &puzzle, false);
        assert!(
            reasons.len() == 1 && reasons[0].contains("damaged"),
            "{reasons:?}"
        );
        assert_eq!(std::fs::read(&path).unwrap(), built);
    }

    // A sound file under another database's name is reported, not trusted.
    let other = store.path(&puzzle, &Pattern::new(&puzzle, &[1, 2, 4]).unwrap(), false);
    std::fs::copy(&path, &other).unwrap();
    assert!(matches!(
        store.verify(&other),
        Err(PdbError::Mismatch { .. })
    ));

    // A forced rebuild builds both anew and leaves sound files.
    assert_eq!(open_reasons(&store, &puzzle, true).len(), 2);
    assert!(store.verify(&path).is_ok());
    std::fs::remove_dir_all(store.dir()).unwrap();
}

#[test]
fn the_store_removes_only_what_it_wrote_and_cleans_dead_temporaries() {
    let store = Store::new(temp_dir("remove"));
    let (_, puzzle) = setup("3", Goal::BlankLast);
    open_reasons(&store, &puzzle, false);
    let foreign = store.dir().join("mine.pdb");
    std::fs::write(&foreign, b"somebody else's file").unwrap();
    // A temporary of a process that no longer exists, and one of this process, both with
    // our marker; the user's files with names like old temporaries, or with the marker but
    // not a database's start, are never touched.
    let dead = npuzzle_files::temporary(&store.dir().join("3x3-g0-1-2-3.pdb"), 4_000_000_000, 0);
    let live =
        npuzzle_files::temporary(&store.dir().join("3x3-g0-1-2-3.pdb"), std::process::id(), 0);
    std::fs::write(&dead, b"NPUZZ").unwrap();
    std::fs::write(&live, b"NPUZZ").unwrap();
    let theirs = [
        store.dir().join("thesis.tmp999999"),
        store.dir().join("backup.tmp4000000"),
        npuzzle_files::temporary(&store.dir().join("notes.txt"), 4_000_000_000, 1),
    ];
    for file in &theirs {
        std::fs::write(file, b"the user's words").unwrap();
    }
    if cfg!(target_os = "linux") {
        assert_eq!(store.clean(), std::slice::from_ref(&dead));
        assert!(live.exists());
    }
    assert!(theirs.iter().all(|file| file.exists()));
    assert!(matches!(
        store.remove("mine.pdb"),
        Err(PdbError::Damaged { .. })
    ));
    assert!(matches!(
        store.remove("../x.pdb"),
        Err(PdbError::Missing(_))
    ));
    let (removed, left) = store.remove_all().unwrap();
    assert_eq!(removed.len(), 2);
    assert_eq!(left.len(), 1);
    assert!(foreign.exists() && live.exists());
    std::fs::remove_dir_all(store.dir()).unwrap();
}

/// With nothing built, `auto` gets 6-6-3 on 4x4 (built in seconds) and nothing elsewhere;
/// once 7-8 is built (here: files named like it), it is preferred.
#[test]
fn the_store_chooses_the_fastest_databases_built() {
    let store = Store::new(temp_dir("choose"));
    let (_, four) = setup("4", Goal::BlankLast);
    let (_, five) = setup("5", Goal::BlankLast);
    let (_, three) = setup("3", Goal::BlankLast);
    assert_eq!(store.choose(&four), Some(Partition::Named("663")));
    assert_eq!(store.choose(&five), None);
    assert_eq!(store.choose(&three), None);
    std::fs::create_dir_all(store.dir()).unwrap();
    for tiles in Partition::Named("78").groups(&four).unwrap() {
        let path = store.path(&four, &Pattern::new(&four, &tiles).unwrap(), false);
        std::fs::write(path, b"placeholder").unwrap();
    }
    assert_eq!(store.choose(&four), Some(Partition::Named("78")));
    std::fs::remove_dir_all(store.dir()).unwrap();
}

/// A FIFO named like a database is never opened (opening one blocks until a writer comes).
#[cfg(unix)]
#[test]
fn the_store_never_opens_what_is_not_a_regular_file() {
    let store = Store::new(temp_dir("fifo"));
    std::fs::create_dir_all(store.dir()).unwrap();
    let fifo = store.dir().join("3x3-g0-1.pdb");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        return; // no mkfifo here: nothing to check
    }
    let entries = store.entries().unwrap();
    assert!(matches!(entries[0].header, Err(PdbError::NotAFile(_))));
    assert!(matches!(store.verify(&fifo), Err(PdbError::NotAFile(_))));
    std::fs::remove_dir_all(store.dir()).unwrap();
}

/// A link named like a database is never followed (its target could be any file) and never
/// replaced: listed, verified, removed and opened, it stays a link to an untouched target.
#[cfg(unix)]
#[test]
fn the_store_never_follows_nor_replaces_a_link() {
    let store = Store::new(temp_dir("link"));
    let (_, puzzle) = setup("3", Goal::BlankLast);
    open_reasons(&store, &puzzle, false);
    let target = store.dir().join("target.txt");
    std::fs::write(&target, b"not a database").unwrap();
    let pattern = Pattern::new(&puzzle, &[1, 2, 3]).unwrap();
    let path = store.path(&puzzle, &pattern, false);
    std::fs::remove_file(&path).unwrap();
    std::os::unix::fs::symlink(&target, &path).unwrap();
    let entry = store
        .entries()
        .unwrap()
        .into_iter()
        .find(|e| e.path == path)
        .unwrap();
    assert!(matches!(entry.header, Err(PdbError::NotAFile(_))));
    assert!(matches!(store.verify(&path), Err(PdbError::NotAFile(_))));
    assert!(
        store
            .remove(path.file_name().unwrap().to_str().unwrap())
            .is_err()
    );
    let mut unsaved = 0;
    store
        .open(&puzzle, &"1,2,3/4,5,6,7,8".parse().unwrap(), &mut |event| {
            unsaved += usize::from(matches!(event, Event::NotSaved { .. }));
        })
        .unwrap();
    assert_eq!(unsaved, 1, "built in memory, the link left in place");
    assert!(
        std::fs::symlink_metadata(&path)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(std::fs::read(&target).unwrap(), b"not a database");
    std::fs::remove_dir_all(store.dir()).unwrap();
}

/// A database file copied over or cut short while a search holds it open changes nothing
/// for that search (it was read, checked, into memory): no bus error, the same answers.
#[test]
fn a_database_changed_in_place_does_not_reach_a_running_search() {
    let store = Store::new(temp_dir("inplace"));
    let (_, puzzle) = setup("3", Goal::BlankLast);
    let partition: Partition = "1,2,3,4/5,6,7,8".parse().unwrap();
    let h = store.open(&puzzle, &partition, &mut |_| {}).unwrap();
    let board: Board = "8 6 7/2 5 4/3 0 1".parse().unwrap();
    let before = h.value(&h.start(&puzzle.bytes(&board)));
    for db in Partition::groups(&partition, &puzzle).unwrap() {
        let path = store.path(&puzzle, &Pattern::new(&puzzle, &db).unwrap(), false);
        // In place, as `truncate` and `cp` do: the same file, cut short.
        std::fs::OpenOptions::new()
            .write(true)
            .open(&path)
            .unwrap()
            .set_len(10)
            .unwrap();
    }
    assert_eq!(h.value(&h.start(&puzzle.bytes(&board))), before);
    let solution = IdaStar::new(&puzzle, &h)
        .run(&start(&board, puzzle.goal()), &Limits::default())
        .unwrap();
    assert_eq!(solution.moves.len(), 31);
    std::fs::remove_dir_all(store.dir()).unwrap();
}

/// A folder that cannot be written still gives databases, from memory, and says so.
#[test]
fn an_unwritable_store_builds_in_memory() {
    let blocker = temp_dir("blocked");
    std::fs::write(&blocker, b"a file where the folder should be").unwrap();
    let store = Store::new(blocker.join("pdb"));
    let (_, puzzle) = setup("3", Goal::BlankLast);
    let mut unsaved = 0;
    let h = store
        .open(&puzzle, &"1,2,3/4,5,6,7,8".parse().unwrap(), &mut |event| {
            unsaved += usize::from(matches!(event, Event::NotSaved { .. }));
        })
        .unwrap();
    assert_eq!(unsaved, 2);
    assert_eq!(h.databases().len(), 2);
    std::fs::remove_file(&blocker).unwrap();
}

#[test]
fn korf_instances_with_5_5_5_databases() {
    let store = Store::new(temp_dir("korf"));
    let (_, puzzle) = setup("4", Goal::BlankFirst);
    let h = store
        .open(&puzzle, &Partition::Named("555"), &mut |_| {})
        .unwrap();
    let size = Size::square(4).unwrap();
    let all = instances("korf100.txt");
    for (tiles, optimal) in &all {
        let board = Board::new(size, tiles.clone()).unwrap();
        assert!(h.value(&h.start(&puzzle.bytes(&board))) as usize <= *optimal);
    }
    for number in [79, 12, 42, 55, 1] {
        let (tiles, optimal) = &all[number - 1];
        let board = Board::new(size, tiles.clone()).unwrap();
        let solution = IdaStar::new(&puzzle, &h)
            .run(&start(&board, puzzle.goal()), &Limits::default())
            .unwrap();
        assert_eq!(solution.moves.len(), *optimal, "instance {number}");
        let parallel = IdaStar {
            parallel: true,
            ..IdaStar::new(&puzzle, &h)
        }
        .run(&start(&board, puzzle.goal()), &Limits::default())
        .unwrap();
        assert_eq!(
            parallel.moves.len(),
            *optimal,
            "instance {number} on every core"
        );
    }
    // The anytime solver with databases: its other views (backward, mirrored) rank by
    // linear conflict, and what they find maps back to a solution no shorter than optimal.
    for number in [3, 17] {
        let (tiles, optimal) = &all[number - 1];
        let board = Board::new(size, tiles.clone()).unwrap();
        let limits = Limits::none().nodes(400_000);
        let solution = Anytime::new(&puzzle, &h, Duration::from_secs(60))
            .run(&start(&board, puzzle.goal()), &limits)
            .unwrap();
        assert!(solution.moves.len() >= *optimal, "instance {number}");
        assert!(solution.lower_bound as usize <= *optimal);
        let mut replay = board.clone();
        replay.apply_all(&solution.moves).unwrap();
        assert_eq!(&replay, puzzle.goal());
    }
    let (tiles, _) = &all[0];
    let board = Board::new(size, tiles.clone()).unwrap();
    let limited = IdaStar {
        parallel: true,
        ..IdaStar::new(&puzzle, &h)
    }
    .run(&start(&board, puzzle.goal()), &Limits::none().nodes(2_000));
    assert!(
        matches!(
            limited,
            Err(SolveError::LimitReached {
                limit: Limit::Nodes(_),
                ..
            })
        ),
        "{limited:?}"
    );
    std::fs::remove_dir_all(store.dir()).unwrap();
}

#[test]
fn partitions_by_name_and_by_tiles() {
    let groups = |puzzle: &Puzzle, text: &str| text.parse::<Partition>()?.groups(puzzle);
    let (_, four) = setup("4", Goal::BlankLast);
    for name in ["555", "663", "78"] {
        assert_eq!(name.parse::<Partition>().unwrap().to_string(), name);
        let mut all: Vec<u8> = groups(&four, name).unwrap().concat();
        all.sort_unstable();
        assert_eq!(all, (1..16).collect::<Vec<u8>>(), "{name}");
    }
    let (_, spiral) = setup("4", Goal::Spiral);
    assert!(groups(&spiral, "663").is_err());
    let sizes: Vec<usize> = groups(&spiral, "auto")
        .unwrap()
        .iter()
        .map(Vec::len)
        .collect();
    assert_eq!(sizes, [6, 6, 3]);
    assert!(groups(&four, "1,2/3").is_err());
    assert!(groups(&four, "6666").is_err());
    for bad in ["", "66", "1,2/x", "1,,2", "0,1"] {
        assert!(
            matches!(bad.parse::<Partition>(), Err(PdbError::Partition(_))),
            "{bad:?}"
        );
    }
    let (_, five) = setup("5", Goal::BlankFirst);
    assert_eq!(groups(&five, "6666").unwrap().len(), 4);
}
