//! The learned ranking: model files refused when damaged or foreign, the incremental update equal
//! to evaluation from scratch, the shipped models, and solving with them.

use std::time::Duration;

use npuzzle_core::{Board, Generator, Goal, Size};
use npuzzle_heuristic::{Heuristic, LinearConflict, Manhattan};
use npuzzle_learned::{
    self as learned, FloatWeights, HIDDEN, Learned, ModelError, Network, Provenance, SECOND,
};
use npuzzle_search::{
    Algorithm, HeuristicKind, Options, Puzzle, RankingKind, SolveError, Solver, Unsupported,
};
use proptest::prelude::*;

fn puzzle(size: &str, goal: &Goal) -> Puzzle {
    Puzzle::new(&goal.board(size.parse().unwrap()).unwrap()).unwrap()
}

/// A network of weights drawn from `seed` (a small linear congruential sequence), quantized.
fn random_network(puzzle: &Puzzle, seed: u64) -> Network {
    let mut state = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    let mut next = move |scale: f32| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((state >> 40) as f32 / (1u64 << 24) as f32 - 0.5) * 2.0 * scale
    };
    let n = puzzle.cells();
    let floats = FloatWeights {
        l1: (0..n * n * HIDDEN).map(|_| next(0.3)).collect(),
        b1: (0..HIDDEN).map(|_| next(0.5)).collect(),
        l2: (0..SECOND * HIDDEN).map(|_| next(0.2)).collect(),
        b2: (0..SECOND).map(|_| next(0.1)).collect(),
        l3: (0..SECOND).map(|_| next(1.0)).collect(),
        b3: next(1.0),
    };
    let provenance = Provenance {
        command: "a test".into(),
        seed,
        rounds: 3,
    };
    Network::quantize(puzzle.size(), puzzle.goal_cells(), &floats, provenance).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// After any sequence of moves, the sums updated move by move are those of the position
    /// evaluated from scratch, and so are the rank and the bound; over Manhattan distance (which
    /// `Learned` adds its own linear conflict to) the rank is the same as over linear conflict.
    #[test]
    fn incremental_update_matches_evaluation_from_scratch(
        walk in prop::collection::vec(0usize..4, 0..200),
        shape in prop::sample::select(vec!["3x3", "4x4", "5x5", "6x6", "7x7", "5x3"]),
        goal in prop::sample::select(vec![Goal::BlankLast, Goal::BlankFirst, Goal::Spiral]),
        seed in 0u64..1000,
    ) {
        let puzzle = puzzle(shape, &goal);
        let network = random_network(&puzzle, seed);
        let lc = LinearConflict::new(&puzzle);
        let learned = Learned::new(&puzzle, &lc, &network).unwrap();
        let manhattan = Manhattan::for_puzzle(&puzzle);
        let over_manhattan = Learned::new(&puzzle, &manhattan, &network).unwrap();
        let mut cells = puzzle.bytes(&Generator::new(seed).random_position(puzzle.goal()));
        let mut blank = cells.iter().position(|&t| t == 0).unwrap();
        let mut state = learned.start(&cells);
        let mut other = over_manhattan.start(&cells);
        let mut acc = network.accumulate(&cells);
        for k in walk {
            let next = puzzle.neighbours(blank);
            let source = next[k % next.len()].0 as usize;
            let tile = cells[source];
            cells[blank] = tile;
            cells[source] = 0;
            state = learned.moved(&state, &cells, tile, source, blank);
            other = over_manhattan.moved(&other, &cells, tile, source, blank);
            acc = network.slide(&acc, tile, source, blank);
            blank = source;
            let fresh = learned.start(&cells);
            prop_assert_eq!(acc, network.accumulate(&cells));
            prop_assert_eq!(learned.rank(&state), learned.rank(&fresh));
            prop_assert_eq!(learned.value(&state), learned.value(&fresh));
            prop_assert_eq!(over_manhattan.rank(&other), learned.rank(&state));
            prop_assert_eq!(over_manhattan.value(&other), manhattan.value(&manhattan.start(&cells)));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// The network mirrored estimates a position toward the mirrored goal as the network does
    /// the position mirrored back toward its own.
    #[test]
    fn the_mirrored_network_estimates_mirrored_positions_alike(
        shape in prop::sample::select(vec!["3x3", "4x4", "5x5", "6x6", "7x7", "5x3", "2x4"]),
        goal in prop::sample::select(vec![Goal::BlankLast, Goal::BlankFirst, Goal::Spiral]),
        seed in 0u64..1000,
    ) {
        let puzzle = puzzle(shape, &goal);
        let network = random_network(&puzzle, seed);
        let mirrored = network.mirrored();
        let width = puzzle.size().width();
        let flip = |cells: &[u8]| -> Vec<u8> {
            cells.chunks(width).flat_map(|row| row.iter().rev().copied()).collect()
        };
        prop_assert_eq!(mirrored.goal(), &flip(puzzle.goal_cells())[..]);
        prop_assert_eq!(&mirrored.mirrored(), &network);
        let seen = Puzzle::new(&Board::new(
            puzzle.size(),
            flip(puzzle.goal_cells()).into_iter().map(u32::from).collect(),
        ).unwrap()).unwrap();
        let (lc, seen_lc) = (LinearConflict::new(&puzzle), LinearConflict::new(&seen));
        let learned = Learned::new(&puzzle, &lc, &network).unwrap();
        let seen_learned = Learned::new(&seen, &seen_lc, &mirrored).unwrap();
        for k in 0..8 {
            let cells = puzzle.bytes(&Generator::new(seed * 8 + k).random_position(puzzle.goal()));
            let there = seen_learned.start(&flip(&cells));
            let here = learned.start(&cells);
            prop_assert_eq!(seen_learned.rank(&there), learned.rank(&here));
            prop_assert_eq!(seen_learned.value(&there), learned.value(&here));
        }
    }
}

#[test]
fn model_files_round_trip_and_damage_is_refused() {
    let puzzle = puzzle("4", &Goal::BlankLast);
    let network = random_network(&puzzle, 7);
    let bytes = network.to_bytes();
    assert_eq!(Network::from_bytes(&bytes).unwrap(), network);
    // Any flipped byte after the magic: refused, never a panic or another network.
    for at in (8..bytes.len())
        .step_by(997)
        .chain([8, 12, 13, 20, bytes.len() - 1])
    {
        let mut damaged = bytes.clone();
        damaged[at] ^= 0x5a;
        let error = Network::from_bytes(&damaged).unwrap_err();
        assert!(
            matches!(error, ModelError::Checksum { .. } | ModelError::Version(_)),
            "byte {at}: {error}"
        );
    }
    for cut in [0, 5, 8, 11, 30, bytes.len() / 2, bytes.len() - 1] {
        assert!(Network::from_bytes(&bytes[..cut]).is_err(), "cut at {cut}");
    }
    let mut longer = bytes.clone();
    longer.extend_from_slice(b"more");
    assert!(Network::from_bytes(&longer).is_err());
    let mut version = bytes.clone();
    version[8] = 9;
    assert!(
        Network::from_bytes(&version)
            .unwrap_err()
            .to_string()
            .contains("version 9")
    );
    assert!(matches!(
        Network::from_bytes(b"PK\x03\x04 a zip file"),
        Err(ModelError::NotAModel)
    ));
}

#[test]
fn files_are_written_whole_and_damaged_files_refused_with_their_reason() {
    let folder = std::env::temp_dir().join(format!("npuzzle-learned-{}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    let path = folder.join("model.nnue");
    let network = random_network(&puzzle("3", &Goal::BlankLast), 1);
    network.save(&path).unwrap();
    assert_eq!(Network::load(&path).unwrap(), network);
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 10;
    bytes[last] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    let refused = Network::load(&path).unwrap_err().to_string();
    assert!(
        refused.contains("damaged") && refused.contains("checksum"),
        "{refused}"
    );
    std::fs::remove_dir_all(&folder).unwrap();
}

#[test]
fn a_model_for_another_board_or_goal_is_foreign() {
    let last = puzzle("5", &Goal::BlankLast);
    let network = random_network(&last, 2);
    let lc_first = puzzle("5", &Goal::BlankFirst);
    let lc = LinearConflict::new(&lc_first);
    let refused = Learned::new(&lc_first, &lc, &network).err().unwrap();
    assert!(matches!(refused, ModelError::Foreign { .. }));
    assert!(
        refused
            .to_string()
            .contains("trained for 5x5 toward 1 2 3 4 5/")
    );
    assert!(network.fits(&puzzle("6", &Goal::BlankLast)).is_err());
}

/// The shipped models: each read and checked, built in for its board and goal, with the command
/// and seed that made it.
#[test]
fn shipped_models_load_and_say_how_they_were_made() {
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/models");
    let mut found = 0;
    for entry in std::fs::read_dir(&folder).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "nnue") {
            continue;
        }
        let network = Network::load(&path).unwrap();
        let size = network.size();
        let stem = path.file_stem().unwrap().to_str().unwrap();
        assert_eq!(stem, size.to_string(), "{}", path.display());
        let tiles = network.goal().iter().map(|&t| u32::from(t)).collect();
        let goal = Puzzle::new(&Board::new(size, tiles).unwrap()).unwrap();
        let shipped = learned::builtin(&goal).expect("every file in data/models is built in");
        assert_eq!(*shipped, network, "{}", path.display());
        let made = network.provenance();
        assert!(made.command.contains("npuzzle-train train") && made.rounds > 0);
        assert!(std::fs::metadata(&path).unwrap().len() <= 8 << 20);
        found += 1;
    }
    assert!(found >= 5, "3x3 to 7x7");
    assert!(learned::builtin(&puzzle("5", &Goal::Spiral)).is_none());
}

/// DeepCubeA's first 24-puzzles with their optima: the learned ranking's solutions replay to the
/// goal (the solver checks), are never shorter than the optimum, and report linear conflict's
/// bound, which stays below it.
#[test]
fn learned_rankings_solutions_are_never_below_the_optimum() {
    let text = include_str!("../../../data/instances/deepcubea24.txt");
    let options = Options {
        algorithm: Algorithm::Anytime,
        heuristic: Some(HeuristicKind::Learned),
        budget: Duration::from_millis(400),
        ..Options::default()
    };
    let goal = Goal::BlankLast.board(Size::square(5).unwrap()).unwrap();
    let solver = Solver::new(&goal, options).unwrap();
    let lc = LinearConflict::new(&Puzzle::new(&goal).unwrap());
    for line in text.lines().filter(|l| !l.starts_with('#')).take(3) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let board: Board = fields[..25].join(" ").parse().unwrap();
        let optimum: usize = fields[25].parse().unwrap();
        let solution = solver.solve(&board).unwrap();
        assert_eq!(solution.ranking, Some(RankingKind::Learned));
        assert_eq!(solution.heuristic, Some(HeuristicKind::LinearConflict));
        assert!(solution.moves.len() >= optimum);
        let bound = lc.value(&lc.start(&Puzzle::new(&goal).unwrap().bytes(&board)));
        assert_eq!(solution.lower_bound, bound);
        assert!(solution.lower_bound as usize <= optimum);
    }
}

#[test]
fn boards_without_a_model_are_ranked_by_linear_conflict_and_other_methods_refuse_it() {
    let options = Options {
        algorithm: Algorithm::Anytime,
        heuristic: Some(HeuristicKind::Learned),
        budget: Duration::from_millis(100),
        ..Options::default()
    };
    let spiral = Goal::Spiral.board(Size::square(5).unwrap()).unwrap();
    let board = Generator::new(3).random_position(&spiral);
    let solution = Solver::new(&spiral, options.clone())
        .unwrap()
        .solve(&board)
        .unwrap();
    assert_eq!(solution.ranking, Some(RankingKind::Heuristic));
    let refused = Solver::new(
        &spiral,
        Options {
            algorithm: Algorithm::IdaStar,
            ..options
        },
    );
    assert!(matches!(
        refused,
        Err(SolveError::Unsupported(Unsupported::LearnedRanking))
    ));
}

/// A model for the board's size but another goal is named as such in the note: what differs is
/// the goal, not the size (issue 37, defect 23).
#[test]
fn a_model_toward_another_goal_is_named_for_its_goal() {
    let size = Size::square(5).unwrap();
    let first = Goal::BlankFirst.board(size).unwrap();
    let cells: Vec<u8> = first.cells().iter().map(|&t| t as u8).collect();
    let options = Options {
        algorithm: Algorithm::Anytime,
        heuristic: Some(HeuristicKind::Learned),
        budget: Duration::from_millis(100),
        model: Some(std::sync::Arc::new(Network::zero(size, &cells))),
        ..Options::default()
    };
    let last = Goal::BlankLast.board(size).unwrap();
    let note = Solver::new(&last, options)
        .unwrap()
        .note()
        .unwrap()
        .to_string();
    assert!(note.contains("toward"), "{note}");
    assert!(!note.contains("the model given is for 5x5"), "{note}");
}

/// Boards that reduce (10x10) or place lines first (17x17, 24x24) rank their last region by the
/// network asked for: the shipped one, a model given that fits the region, and with a model
/// that does not fit, linear conflict and a note that says why (issue 38).
#[test]
fn large_boards_rank_their_last_region_as_asked_or_say_why_not() {
    let (six, five) = (puzzle("6", &Goal::BlankLast), puzzle("5", &Goal::BlankLast));
    let fitting = std::sync::Arc::new(Network::zero(six.size(), six.goal_cells()));
    let foreign = std::sync::Arc::new(Network::zero(five.size(), five.goal_cells()));
    for side in [10, 17, 24] {
        let goal = Goal::BlankLast.board(Size::square(side).unwrap()).unwrap();
        let board = Generator::new(5).random_position(&goal);
        for (model, ranked) in [
            (None, true),
            (Some(fitting.clone()), true),
            (Some(foreign.clone()), false),
        ] {
            let options = Options {
                algorithm: Algorithm::Anytime,
                heuristic: Some(HeuristicKind::Learned),
                // Time for the reduction to reach its last region in a debug build.
                budget: Duration::from_secs(3),
                model: model.clone(),
                ..Options::default()
            };
            let solver = Solver::new(&goal, options).unwrap();
            let solution = solver.solve(&board).unwrap();
            let expected = if ranked {
                RankingKind::Learned
            } else {
                RankingKind::Heuristic
            };
            assert_eq!(
                solution.ranking,
                Some(expected),
                "{side}x{side}, model {}",
                model.is_some()
            );
            match solver.note() {
                None => assert!(
                    ranked,
                    "{side}x{side}: no note for a model that does not fit"
                ),
                Some(note) => {
                    assert!(!ranked, "{side}x{side}: {note}");
                    assert!(note.to_string().contains("trained for 5x5"), "{note}");
                }
            }
        }
    }
}

/// The ranking is its own setting (issue 38): `ranking: learned` ranks as the alias
/// `heuristic: learned` does, beside any bound; `ranking: heuristic` keeps `auto` from ranking
/// 7x7 by its network; the two forms contradicting each other are refused.
#[test]
fn the_ranking_is_its_own_setting() {
    let seven = Goal::BlankLast.board(Size::square(7).unwrap()).unwrap();
    let board = Generator::new(2).random_position(&seven);
    let budget = Duration::from_millis(300);
    let ranked_by = |ranking, heuristic| {
        let options = Options {
            ranking,
            heuristic,
            budget,
            ..Options::default()
        };
        let solver = Solver::new(&seven, options).unwrap();
        assert!(
            solver
                .note()
                .is_none_or(|n| !n.to_string().starts_with("learned"))
        );
        solver.solve(&board).unwrap().ranking
    };
    let learned = Some(RankingKind::Learned);
    let alias = Some(HeuristicKind::Learned);
    assert_eq!(
        ranked_by(None, None),
        learned,
        "auto ranks 7x7 by its network"
    );
    assert_eq!(
        ranked_by(Some(RankingKind::Heuristic), None),
        Some(RankingKind::Heuristic)
    );
    assert_eq!(
        ranked_by(Some(RankingKind::Learned), Some(HeuristicKind::Manhattan)),
        learned
    );
    assert_eq!(ranked_by(None, alias), learned, "the alias");
    let both = Options {
        heuristic: alias,
        ranking: Some(RankingKind::Heuristic),
        ..Options::default()
    };
    assert!(matches!(
        Solver::new(&seven, both),
        Err(SolveError::Unsupported(Unsupported::TwoRankings))
    ));
    let refused = Options {
        algorithm: Algorithm::Rbfs,
        ranking: Some(RankingKind::Learned),
        ..Options::default()
    };
    assert!(matches!(
        Solver::new(&seven, refused),
        Err(SolveError::Unsupported(Unsupported::LearnedRanking))
    ));
}
