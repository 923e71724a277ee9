//! Issue 65: `npuzzle analyse` as a player uses it: a game typed by hand, the last game of the
//! records, a saved game, JSON, and moves that cannot be made.

use serde_json::Value;

use super::{data_dir, npuzzle, run};

#[test]
fn a_game_typed_by_hand_is_analysed_move_by_move() {
    let (code, out, err) = run(
        &[
            "analyse",
            "--position",
            "1 2 3/4 5 6/0 7 8",
            "--moves",
            "D U L L",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "start      1 2 3/4 5 6/0 7 8 (2 moves from the goal)
    #  move  before  after  verdict  optimal moves
    1  D          2      3  mistake  L
    2  U          3      2  optimal  
    3  L          2      1  optimal  
    4  L          1      0  optimal  
totals     4 moves (3 MTM): 3 optimal, 1 mistake (2 moves lost)
your + optimal from the first mistake (move 1): 1 + 3 = 4
distance to go, a column a position (^ after a mistake):
▆█▆▄▁
 ^
"
    );
    let (code, out, _) = run(
        &[
            "analyse",
            "--position",
            "1 2 3/4 5 6/0 7 8",
            "--moves",
            "D U L L",
            "--json",
        ],
        "",
    );
    assert_eq!(code, 0);
    let analysis: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(analysis["steps"][0]["verdict"], "mistake");
    assert_eq!(analysis["steps"][0]["optimal_moves"], "L");
    assert_eq!(
        analysis["totals"]["first_mistake"]["your_plus_optimal"]["moves"],
        4
    );
}

#[test]
fn moves_that_cannot_be_made_are_named_by_their_number() {
    let (code, out, err) = run(
        &[
            "analyse",
            "--position",
            "1 2 3/4 5 6/0 7 8",
            "--moves",
            "D U U",
        ],
        "",
    );
    assert_eq!(code, 2, "{out}");
    assert!(err.contains("move 3 (U) cannot be made"), "{err}");
    let (code, _, err) = run(&["analyse", "--moves", "D U"], "");
    assert_eq!(code, 2);
    assert!(err.contains("--position"), "{err}");
}

/// Without moves: the distance and every optimal move ("goodm").
#[test]
fn a_position_alone_gets_its_distance_and_every_optimal_move() {
    let (code, out, err) = run(&["analyse", "--position", "1 2 3/4 0 6/7 5 8"], "");
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "2 moves from the goal; optimal moves: U\n");
    let (code, out, _) = run(
        &["analyse", "--position", "4 1 3/7 2 6/0 5 8", "--json"],
        "",
    );
    assert_eq!(code, 0);
    let line: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(line["distance"]["moves"], 6);
    assert_eq!(line["optimal_moves"], "D");
}

#[test]
fn the_last_game_played_and_a_saved_game_are_analysed() {
    let dir = data_dir("analyse-last");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // A game won in line mode: 2 moves from the goal, one wander first.
    let output = npuzzle()
        .env("NPUZZLE_DATA_DIR", &dir)
        .args(["play", "--plain", "--position", "1 2 3/4 5 6/0 7 8"])
        .write_stdin("4\n4\n7\n8\nq\n")
        .output()
        .unwrap();
    let played = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{played}");
    // The win report says where the moves went.
    assert!(
        played.contains("Mistakes: 1, 2 moves lost; the first at move 1 (your + optimal: 4)"),
        "{played}"
    );
    let output = npuzzle()
        .env("NPUZZLE_DATA_DIR", &dir)
        .args(["analyse", "--last"])
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{out}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        out.contains("4 moves (3 MTM): 3 optimal, 1 mistake (2 moves lost)"),
        "{out}"
    );
    let missing = npuzzle()
        .args([
            "analyse",
            "--replay",
            dir.join("none.save").to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("none.save"));
    // A damaged save is refused with the file and the line, and the records are untouched.
    let records = std::fs::read(dir.join("records.json")).unwrap();
    let damaged = dir.join("damaged.save");
    std::fs::write(
        &damaged,
        r#"{"npuzzle_save": 1, "game": {"start": {"width": 3, "height": 3,
  "cells": [44, 2, 3, 4, 5, 6, 7, 8, 0]}}}"#,
    )
    .unwrap();
    let refused = npuzzle()
        .env("NPUZZLE_DATA_DIR", &dir)
        .args(["analyse", "--replay", damaged.to_str().unwrap()])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&refused.stderr);
    assert_eq!(refused.status.code(), Some(2), "{err}");
    assert!(
        err.contains("damaged.save is a damaged saved game") && err.contains("line 2"),
        "{err}"
    );
    assert_eq!(std::fs::read(dir.join("records.json")).unwrap(), records);
}

/// The daily puzzle: the rule's golden position for a date, played to the end two days running
/// (the share line gives the figures, never a move, and the streak grows).
#[test]
fn the_daily_puzzle_is_the_same_for_everyone_and_keeps_a_streak() {
    let (code, out, _) = run(
        &["daily", "--size", "4", "--date", "2026-12-01", "--show"],
        "",
    );
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "npuzzle daily 2026-12-01 4x4: 1 3 12 15/13 6 8 0/11 10 7 5/2 4 14 9\n"
    );
    let dir = data_dir("daily");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // Today's puzzle (the date the command takes without --date) counts; yesterday's was won
    // (a record written here), so the streak is 2. Another day's is practice.
    let (_, shown, _) = run(&["daily", "--size", "3", "--show"], "");
    let (today, _) = shown
        .trim()
        .strip_prefix("npuzzle daily ")
        .and_then(|rest| rest.split_once(" 3x3: "))
        .unwrap();
    let yesterday = npuzzle_core::daily::Date::from_days(
        today.parse::<npuzzle_core::daily::Date>().unwrap().days() - 1,
    );
    let size = npuzzle_core::Size::square(3).unwrap();
    let won = npuzzle_core::format_board(
        &npuzzle_core::daily::position(yesterday, size),
        npuzzle_core::Format::Id,
    );
    let record = format!(
        r#"[{{"size":"3x3","stm":24,"mtm":18,"milliseconds":9000,"seed":null,"assisted":false,"optimal":null,"finished_at":1,"scramble":"{won}","goal":"3x3:1,2,3,4,5,6,7,8,0","replay":"","daily":{{"date":"{yesterday}","streak":1}}}}]"#
    );
    std::fs::write(dir.join("records.json"), record).unwrap();
    for (date, expected) in [
        (today.to_string(), Some("streak 2 days")),
        ("2026-12-31".into(), None),
    ] {
        let (_, shown, _) = run(&["daily", "--size", "3", "--date", &date, "--show"], "");
        let position = shown.trim().rsplit(": ").next().unwrap().to_string();
        let (_, solved, _) = run(&["solve", &position, "--notation", "numbers", "--json"], "");
        let answer: Value = serde_json::from_str(solved.lines().next().unwrap()).unwrap();
        let moves = answer["solution"].as_str().unwrap().replace(' ', "\n");
        let output = npuzzle()
            .env("NPUZZLE_DATA_DIR", &dir)
            .args([
                "daily", "--size", "3", "--date", &date, "--plain", "--lang", "en",
            ])
            .write_stdin(format!("{moves}\nq\n"))
            .output()
            .unwrap();
        let (text, err) = (
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr),
        );
        let length = answer["length"].as_u64().unwrap();
        let share = format!("npuzzle daily {date} 3x3: {length} moves (optimal {length}) in ");
        match expected {
            Some(streak) => assert!(
                text.contains(&share) && text.contains(streak),
                "{text}{err}"
            ),
            None => assert!(
                !text.contains(&share) && err.contains("played for practice"),
                "{text}{err}"
            ),
        }
        assert!(!err.contains("damaged"), "{err}");
    }
    let (code, _, err) = run(&["daily", "--date", "2026-02-30", "--show"], "");
    assert_eq!(code, 2);
    assert!(err.contains("is not a date"), "{err}");
    let (code, _, err) = run(&["daily", "--seed", "4"], "");
    assert_eq!(code, 2);
    assert!(err.contains("deals its own position"), "{err}");
}

/// The trainer: each round's position is at the distance asked (checked by solving it), an
/// optimal answer is counted optimal and another is not, and the score adds up.
#[test]
fn the_trainer_deals_rounds_at_the_distance_and_scores_them() {
    let (code, out, err) = run(
        &[
            "trainer",
            "--rounds",
            "4",
            "--seed",
            "9",
            "--distance",
            "14",
            "--lang",
            "en",
        ],
        "q\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Score: 0 of 0 optimal"), "{out}");
    // The rounds of seed 9, answered: the first optimal tile of each, then a wrong one.
    let mut answers = String::new();
    for round in 0..4 {
        let (_, shown, _) = run(
            &[
                "trainer",
                "--rounds",
                "4",
                "--seed",
                "9",
                "--distance",
                "14",
            ],
            &answers,
        );
        let grid: Vec<&str> = shown
            .lines()
            .skip_while(|l| !l.starts_with(&format!("Round {}", round + 1)))
            .skip(1)
            .take(3)
            .collect();
        let position = grid.join("/").replace('_', "0");
        let (_, best, _) = run(&["analyse", "--position", &position, "--json"], "");
        let best: Value = serde_json::from_str(&best).unwrap();
        assert_eq!(best["distance"]["moves"], 14, "{position}");
        let letter = best["optimal_moves"]
            .as_str()
            .unwrap()
            .chars()
            .next()
            .unwrap();
        let board: npuzzle_core::Board = position.parse().unwrap();
        let m = npuzzle_core::parse_moves(&letter.to_string(), None, None).unwrap()[0];
        let tile = board.cells()[board.source(m).unwrap()];
        answers += &format!("{tile}\n");
    }
    let (code, out, _) = run(
        &[
            "trainer",
            "--rounds",
            "4",
            "--seed",
            "9",
            "--distance",
            "14",
        ],
        &answers,
    );
    assert_eq!(code, 0);
    assert_eq!(out.matches("Optimal!").count(), 4, "{out}");
    assert!(out.contains("Score: 4 of 4 optimal"), "{out}");
    let (code, _, err) = run(&["trainer", "--size", "5", "--rounds", "1"], "");
    assert_eq!(code, 2);
    assert!(err.contains("at most 12 cells and on 4x4"), "{err}");
}

/// The finishing drill: a round is won by an optimal solution typed move by move, lost at the
/// first move that is not optimal; each level's rounds are kept in trainer.json, and a damaged
/// file is set aside, not written over.
#[test]
fn the_finishing_drill_wins_optimally_or_loses_at_the_first_mistake() {
    let dir = data_dir("trainer-finish");
    let dir_arg = dir.to_str().unwrap().to_string();
    let drill = |input: &str| {
        run(
            &[
                "trainer",
                "--drill",
                "finish",
                "--rounds",
                "1",
                "--seed",
                "5",
                "--distance",
                "10",
                "--lang",
                "en",
                "--data-dir",
                &dir_arg,
            ],
            input,
        )
    };
    let (_, shown, _) = drill("q\n");
    let grid: Vec<&str> = shown.lines().skip(1).take(3).collect();
    let position = grid.join("/").replace('_', "0");
    let (_, solved, _) = run(&["solve", &position, "--notation", "numbers", "--json"], "");
    let answer: Value = serde_json::from_str(solved.lines().next().unwrap()).unwrap();
    assert_eq!(answer["length"], 10);
    let tiles = answer["solution"].as_str().unwrap().replace(' ', "\n");
    let (code, out, err) = drill(&format!("{tiles}\n"));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Solved optimally in 10 moves!"), "{out}");
    assert!(out.contains("Score: 1 of 1 optimal"), "{out}");
    assert!(
        out.contains("Level 3x3 finish 10: 1 rounds, 100% optimal"),
        "{out}"
    );
    // The same round, its first move replaced by another that the blank allows and is not
    // optimal: lost at move 1.
    let board: npuzzle_core::Board = position.parse().unwrap();
    let first: u32 = tiles.lines().next().unwrap().parse().unwrap();
    let (_, good, _) = run(&["analyse", "--position", &position, "--json"], "");
    let good: Value = serde_json::from_str(&good).unwrap();
    let optimal: Vec<u32> =
        npuzzle_core::parse_moves(good["optimal_moves"].as_str().unwrap(), None, None)
            .unwrap()
            .iter()
            .map(|&m| board.cells()[board.source(m).unwrap()])
            .collect();
    assert!(optimal.contains(&first));
    let wrong = board
        .legal_moves()
        .map(|m| board.cells()[board.source(m).unwrap()])
        .find(|t| !optimal.contains(t))
        .expect("seed 5's position has a move that loses the optimum");
    let (_, out, _) = drill(&format!("{wrong}\n"));
    assert!(
        out.contains("Move 1 lost the optimum: the optimal tiles were"),
        "{out}"
    );
    assert!(
        out.contains("Level 3x3 finish 10: 2 rounds, 50% optimal"),
        "{out}"
    );
    std::fs::write(
        dir.join("trainer.json"),
        "{\"3x3 finish 10\": {\"rounds\": 1, \"optimal\": 9, \"milliseconds\": 0}}",
    )
    .unwrap();
    let (_, out, err) = drill(&format!("{tiles}\n"));
    assert!(
        err.contains("could not be read") && err.contains("trainer.json.damaged-"),
        "{err}"
    );
    assert!(
        out.contains("Level 3x3 finish 10: 1 rounds, 100% optimal"),
        "{out}"
    );
}

/// The table in Portuguese, as the game speaks it.
#[test]
fn the_analysis_speaks_portuguese() {
    let (code, out, err) = run(
        &[
            "analyse",
            "--position",
            "1 2 3/4 5 6/0 7 8",
            "--moves",
            "D U L L",
            "--lang",
            "pt",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "início     1 2 3/4 5 6/0 7 8 (a 2 movimentos do objetivo)
    #  mov.   antes   após  juízo    movimentos ótimos
    1  D          2      3  erro     L
    2  U          3      2  ótimo    
    3  L          2      1  ótimo    
    4  L          1      0  ótimo    
total      4 movimentos (3 MTM): 3 ótimos, 1 erro (2 movimentos perdidos)
seus + ótimo desde o primeiro erro (movimento 1): 1 + 3 = 4
distância até ao fim, uma coluna por posição (^ depois de um erro):
▆█▆▄▁
 ^
"
    );
    let (code, out, _) = run(
        &["analyse", "--position", "1 2 3/4 5 6/7 0 8", "--lang", "pt"],
        "",
    );
    assert_eq!(code, 0);
    assert_eq!(out, "a 1 movimento do objetivo; movimentos ótimos: L\n");
}
