//! Any text read as a saved game: refused, or a game whose history replays from its start to
//! its position, whose figures can be asked at any time, and which saves back to itself.
#![no_main]

use libfuzzer_sys::fuzz_target;
use npuzzle_game::Dealt;

fuzz_target!(|input: (u64, &str)| {
    let (now, text) = input;
    let Ok(dealt) = Dealt::from_save(text) else {
        return;
    };
    let game = &dealt.game;
    let mut replay = game.start().clone();
    replay
        .apply_all(&game.moves())
        .expect("a restored history replays");
    assert_eq!(&replay, game.board());
    assert_eq!(game.is_won(), game.board() == game.goal());
    let _ = game.summary(now);
    let _ = game.tiles_per_second(now);
    let again = Dealt::from_save(&dealt.to_save(now)).expect("a save reads back");
    assert_eq!(again.game.board(), game.board());
    assert_eq!(again.game.actions(), game.actions());
    assert_eq!(again.seed, dealt.seed);
});
