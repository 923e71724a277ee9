//! Integration tests of npuzzle-game: saves and histories as property tests.

use npuzzle_core::{Goal, Move, Size};
use npuzzle_game::Game;
use proptest::prelude::*;

fn any_moves() -> impl Strategy<Value = Vec<Move>> {
    prop::collection::vec(prop::sample::select(Move::ALL.to_vec()), 0..40)
}

proptest! {
    /// Any text is a saved game or refused, never a panic.
    #[test]
    fn any_text_is_a_game_or_refused(text in ".{0,80}") {
        let _ = serde_json::from_str::<Game>(&text);
    }

    /// A saved game with one character changed is restored only if its history replays.
    #[test]
    fn a_damaged_save_is_restored_or_refused(
        seed: u64,
        sequence in any_moves(),
        at: prop::sample::Index,
        digit in 0..10u32,
    ) {
        let goal = Goal::BlankLast.board(Size::square(3).unwrap()).unwrap();
        let mut game = Game::deal(goal, seed, None);
        for (t, &m) in sequence.iter().enumerate() {
            let _ = game.play(m, t as u64);
        }
        let text = serde_json::to_string(&game.paused(1_000)).unwrap();
        let mut chars: Vec<char> = text.chars().collect();
        let digits: Vec<usize> = (0..chars.len()).filter(|&i| chars[i].is_ascii_digit()).collect();
        if !digits.is_empty() {
            chars[digits[at.index(digits.len())]] = char::from_digit(digit, 10).unwrap();
        }
        let damaged: String = chars.into_iter().collect();
        if let Ok(restored) = serde_json::from_str::<Game>(&damaged) {
            let mut replay = restored.start().clone();
            replay.apply_all(&restored.moves()).unwrap();
            prop_assert_eq!(&replay, restored.board());
        }
    }

}
