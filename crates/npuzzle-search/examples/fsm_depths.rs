//! An experiment for issue 39: how large the duplicate-pruning machine of each depth is, how long
//! it takes to build, and how many paths of 18 moves it leaves from the centre of a 5x5 board
//! (against parent pruning alone).
//!
//! ```text
//! cargo run --release -p npuzzle-search --example fsm_depths -- [DEPTHS]
//! ```

use std::time::Instant;

use npuzzle_core::{Board, Goal, Move};
use npuzzle_search::algorithm::fsm::{Fsm, FsmState};

fn paths(board: &mut Board, fsm: &Fsm, state: FsmState, last: Option<Move>, left: u32) -> u64 {
    if left == 0 {
        return 1;
    }
    let moves: Vec<Move> = board.legal_moves().collect();
    let mut total = 0;
    for m in moves {
        if last == Some(m.opposite()) {
            continue;
        }
        if let Some(next) = fsm.step(state, m) {
            board.apply(m).expect("legal");
            total += paths(board, fsm, next, Some(m), left - 1);
            board.apply(m.opposite()).expect("legal");
        }
    }
    total
}

fn main() {
    let depths: Vec<usize> = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "0,6,8,10,12,14".to_string())
        .split(',')
        .map(|d| d.parse().expect("a depth"))
        .collect();
    let mut board: Board = "1 2 3 4 5/6 7 8 9 10/11 12 0 13 14/15 16 17 18 19/20 21 22 23 24"
        .parse()
        .expect("a board");
    let _ = Goal::BlankLast;
    for depth in depths {
        let clock = Instant::now();
        let fsm = Fsm::build(depth).expect("a machine");
        let built = clock.elapsed();
        let count = paths(&mut board, &fsm, Fsm::START, None, 18);
        println!(
            "depth {depth:2}: {:9} forbidden, {:9} states, built in {:8.3} s; {count:12} paths of 18 moves",
            fsm.forbidden(),
            fsm.states(),
            built.as_secs_f64()
        );
    }
}
