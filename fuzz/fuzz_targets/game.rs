//! Any sequence of player commands (keys, typed lines, clicks, moves at any times) on a game
//! dealt from any seed: never a panic, and after each command the position is the start with
//! the history replayed, the counters agree with it, and a save restores the same game.
#![no_main]

use arbitrary::{Arbitrary, Unstructured};
use libfuzzer_sys::fuzz_target;
use npuzzle_core::{Move, moves};
use npuzzle_fuzz::any_board;
use npuzzle_game::Dealt;
use npuzzle_game::{Command, Game, Key};

#[derive(Arbitrary, Debug)]
enum Op {
    Play(u8, u64),
    MoveTile(u64, u64),
    SlideTile(u64, u64),
    Click(u8, u8, u64),
    Undo,
    Redo(u64),
    Restart,
    Help,
    Pause(u64),
    Line(String),
    Key(char, bool, bool),
}

const MOVES: [Move; 4] = [Move::Up, Move::Down, Move::Left, Move::Right];

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let Ok(start) = any_board(&mut u) else { return };
    let Ok(goal_seed) = u64::arbitrary(&mut u) else {
        return;
    };
    // The goal: a random position of the start's size, so that some deals are unsolvable.
    let goal = npuzzle_core::Generator::new(goal_seed).random_position(&start);
    let Ok(mut game) = Game::new(start, goal) else {
        return;
    };
    let Ok(ops) = Vec::<Op>::arbitrary_take_rest(u) else {
        return;
    };
    for op in ops {
        match op {
            Op::Play(m, now) => drop(game.play(MOVES[usize::from(m % 4)], now)),
            Op::MoveTile(tile, now) => drop(game.move_tile(tile, now)),
            Op::SlideTile(tile, now) => drop(game.slide_tile(tile, now)),
            Op::Click(row, column, now) => {
                drop(game.click(usize::from(row), usize::from(column), now))
            }
            Op::Undo => drop(game.undo()),
            Op::Redo(now) => drop(game.redo(now)),
            Op::Restart => game.restart(),
            Op::Help => game.mark_assisted(),
            Op::Pause(now) => game = game.paused(now),
            Op::Line(text) => drop(Command::parse(&text)),
            Op::Key(c, control, god) => drop(Command::from_key(Key::Char(c), control, god)),
        }
        let mut replay = game.start().clone();
        let made = game.moves();
        replay.apply_all(&made).expect("the history replays");
        assert_eq!(&replay, game.board());
        assert_eq!(game.stm(), made.len());
        assert!(game.mtm() <= game.stm());
        assert_eq!(moves::stm(&made), made.len());
        let text = Dealt {
            game: game.clone(),
            seed: None,
        }
        .to_save(u64::MAX);
        let restored = Dealt::from_save(&text).expect("a save restores");
        assert_eq!(restored.game.board(), game.board());
    }
});
