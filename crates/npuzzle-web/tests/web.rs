//! The adapter's logic, tested natively.

use npuzzle_web::{WebGame, build_databases, load_databases, solve};

#[test]
fn seeded_games_are_reproducible_and_solvable() {
    let a = WebGame::new("4", Some("42".into()), "blank-last", 0.0).unwrap();
    let b = WebGame::new("4x4", Some(" 42 ".into()), "blank-last", 9.0).unwrap();
    assert_eq!(a.cells(), b.cells());
    assert_eq!(a.seed().as_deref(), Some("42"));
    // The same seed deals the same position as `npuzzle generate --seed 42`.
    let generated = npuzzle_core::Generator::new(42).random_position(
        &npuzzle_core::Goal::BlankLast
            .board("4".parse().unwrap())
            .unwrap(),
    );
    assert_eq!(a.position(), generated.to_string());
    let fresh = WebGame::new("5x3", None, "spiral", 1234.5).unwrap();
    // A random seed is short enough to read and type: below a million.
    assert!(fresh.seed().unwrap().parse::<u64>().unwrap() < 1_000_000);
    assert_eq!((fresh.width(), fresh.height()), (5, 3));
}

#[test]
fn bad_input_is_a_clear_error() {
    assert!(
        WebGame::new("1x9", None, "blank-last", 0.0)
            .unwrap_err()
            .contains("at least 2x2")
    );
    assert!(
        WebGame::new("3", Some("x".into()), "blank-last", 0.0)
            .unwrap_err()
            .contains("seed")
    );
    assert!(
        WebGame::new("3", None, "sideways", 0.0)
            .unwrap_err()
            .contains("unknown goal")
    );
    assert!(
        WebGame::from_position("2 1 3/4 5 6/7 8 0", "blank-last")
            .unwrap_err()
            .contains("unsolvable")
    );
    let mut g = WebGame::from_position("1 2 3/4 5 6/7 8 0", "blank-first").unwrap();
    assert!(g.arrow("U", 0.0).unwrap_err().contains("no tile below"));
    assert!(g.arrow("X", 0.0).unwrap_err().contains("not a direction"));
    assert!(
        g.move_tile(1, 0.0)
            .unwrap_err()
            .contains("not next to the blank")
    );
}

#[test]
fn play_undo_redo_and_the_clock() {
    let mut g = WebGame::from_position("1 2 3/4 5 6/0 7 8", "blank-last").unwrap();
    assert_eq!(g.click(2, 2, 1000.0).unwrap(), 2); // a run of two tiles
    assert!(g.is_won());
    assert_eq!((g.stm(), g.mtm()), (2, 1));
    assert_eq!(
        g.elapsed_ms(5000.0),
        0.0,
        "one action: the first move is the winning one"
    );
    let mut h = WebGame::from_position("1 2 3/4 5 6/0 7 8", "blank-last").unwrap();
    h.move_tile(7, 1000.0).unwrap();
    assert_eq!(h.undo(), "");
    assert_eq!(h.redo(1500.0), "");
    h.arrow("L", 3000.0).unwrap();
    assert!(h.is_won());
    assert_eq!(h.elapsed_ms(9999.0), 2000.0);
    assert_eq!(h.moves(), "L2");
    h.restart();
    assert_eq!(h.game_id(), "3x3:1,2,3,4,5,6,0,7,8");
}

/// The answer is the library's report, the same JSON as the command line's `--json` line.
#[test]
fn the_solver_answers_in_plain_json() {
    let json = solve("8 6 7/2 5 4/3 0 1", "blank-last").unwrap();
    assert!(
        json.contains("\"length\":31")
            && json.contains("\"optimal\":true")
            && json.contains("\"algorithm\":\"table\""),
        "{json}"
    );
    let json = solve("4x4:5,1,3,4,2,0,7,8,9,6,10,12,13,14,11,15", "blank-last").unwrap();
    assert!(
        json.contains("\"length\":8") && json.contains("idastar"),
        "{json}"
    );
    let mut g = WebGame::new("6", Some("3".into()), "snake", 0.0).unwrap();
    let json = solve(&g.game_id(), "snake").unwrap();
    // Beyond 4x4 the page gets the anytime solver with a short budget, and its lower bound.
    assert!(
        json.contains("\"algorithm\":\"anytime\"") && json.contains("\"lower_bound\""),
        "{json}"
    );
    let moves = json
        .split("\"solution\":\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap()
        .to_string();
    for m in moves.chars() {
        g.arrow(&m.to_string(), 0.0).unwrap();
    }
    assert!(g.is_won());
    assert!(
        solve("2 1 3/4 5 6/7 8 0", "blank-last")
            .unwrap_err()
            .contains("unsolvable")
    );
}

/// The 6-6-3 databases built once and handed over as bytes: the worker that loads them solves
/// 4x4s optimally with them (the same lengths as with walking distance); bytes cut short, damaged
/// or for another goal are refused.
#[test]
fn databases_travel_as_bytes_and_solve_4x4s_optimally() {
    let positions = [
        "4x4:5,1,3,4,2,0,7,8,9,6,10,12,13,14,11,15",
        "4x4:7,3,2,10,6,0,13,5,9,4,15,1,8,14,11,12",
    ];
    let before: Vec<String> = positions
        .iter()
        .map(|p| solve(p, "blank-last").unwrap())
        .collect();
    let bytes = build_databases("blank-last").unwrap();
    assert!(load_databases("blank-last", &bytes[..bytes.len() - 1]).is_err());
    let mut damaged = bytes.clone();
    let last = damaged.len() - 1;
    damaged[last] ^= 1;
    assert!(
        load_databases("blank-last", &damaged)
            .unwrap_err()
            .contains("checksum")
    );
    assert!(load_databases("snake", &bytes).is_err());
    assert!(load_databases("blank-last", &[]).is_err());
    load_databases("blank-last", &bytes).unwrap();
    let length = |json: &str| {
        json.split("\"length\":")
            .nth(1)
            .unwrap()
            .split(',')
            .next()
            .unwrap()
            .to_string()
    };
    for (position, with_wd) in positions.iter().zip(&before) {
        let with_databases = solve(position, "blank-last").unwrap();
        assert!(
            with_databases.contains("\"optimal\":true"),
            "{with_databases}"
        );
        assert_eq!(length(&with_databases), length(with_wd), "{position}");
        assert!(
            with_databases.contains("\"heuristic\":\"pdb\""),
            "{with_databases}"
        );
    }
}

/// A link carries the scramble, the seed, the goal and the moves; whatever is wrong in it is
/// said, never silently replaced.
#[test]
fn links_share_the_scramble_and_say_what_is_wrong() {
    let mut game = WebGame::new("4", Some("7".into()), "spiral", 0.0).unwrap();
    let start = game.start_game_id();
    assert_eq!(game.link(), format!("{start}&seed=7&goal=spiral"));
    let blank = game.cells().iter().position(|&t| t == 0).unwrap();
    let letter = if blank % 4 == 0 { "L" } else { "R" };
    game.arrow(letter, 0.0).unwrap();
    assert_eq!(
        game.link(),
        format!("{start}&seed=7&goal=spiral&moves={letter}")
    );
    let opened = WebGame::from_link(&game.link(), "blank-last").unwrap();
    assert_eq!((opened.start_game_id(), opened.stm()), (start.clone(), 0));
    assert_eq!(opened.goal(), game.goal());
    // A goal without a name travels as its position.
    let custom = WebGame::from_position("1 2 3/4 5 6/7 0 8", "2 1 3/4 5 6/7 8 0");
    assert!(
        custom.is_err(),
        "an unsolvable start for that goal is refused"
    );
    let custom = WebGame::from_position("2 1 3/4 5 6/7 0 8", "2 1 3/4 5 6/7 8 0").unwrap();
    assert!(
        custom.link().ends_with("&goal=3x3:2,1,3,4,5,6,7,8,0"),
        "{}",
        custom.link()
    );
    assert_eq!(
        WebGame::from_link(&custom.link(), "blank-last")
            .unwrap()
            .goal(),
        custom.goal()
    );
    for (link, says) in [
        (format!("{start}&seed=x&goal=spiral"), "whole number"),
        (format!("{start}&seed=8&goal=spiral"), "deals another"),
        (format!("{start}&goal=spiral&colour=red"), "does not know"),
        (format!("{start}&goal=spiral&moves=X"), "unexpected 'X'"),
        (
            "3x3:1,2,3,4,5,6,7,8,0&moves=U".to_string(),
            "the link's moves",
        ),
    ] {
        let error = WebGame::from_link(&link, "blank-last").unwrap_err();
        assert!(error.contains(says), "{link}: {error}");
    }
    // The old links (a bare position) still open.
    assert!(WebGame::from_link("3x3:1,2,3,4,5,6,7,0,8", "blank-last").is_ok());
}
