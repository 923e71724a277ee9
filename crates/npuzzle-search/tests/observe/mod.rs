//! Issue 66: searches that can be watched. A watched search gives exactly the answer and the
//! node counts of the search unwatched, its events add up to its counts, and the events of a
//! small search are a golden file (`tests/observe/idastar-3-moves.jsonl`).

use npuzzle_core::{Generator, Goal, Size};
use npuzzle_heuristic::{LinearConflict, Manhattan};
use npuzzle_search::algorithm::Method;
use npuzzle_search::algorithm::idastar::IdaStar;
use npuzzle_search::algorithm::observe::{Counts, JsonLines};
use npuzzle_search::{Limits, Puzzle, Start};

/// IDA* watched and unwatched from `start`: the same moves and counts; the watcher's counts are
/// the search's.
fn same_when_watched<H: npuzzle_heuristic::Heuristic>(idastar: &IdaStar<H>, start: &Start) {
    let unwatched = idastar.run(start, &Limits::none()).unwrap();
    let (watched, counts) = idastar.watch(start, &Limits::none(), Counts::default());
    let watched = watched.unwrap();
    assert_eq!(watched.moves, unwatched.moves, "{}", start.board());
    let figures = |s: &npuzzle_search::Stats| (s.expanded, s.generated, s.iterations);
    assert_eq!(figures(&watched.stats), figures(&unwatched.stats));
    assert_eq!(
        (counts.expanded, counts.generated, counts.iterations),
        (
            watched.stats.expanded,
            watched.stats.generated,
            u64::from(watched.stats.iterations)
        )
    );
}

#[test]
fn watched_idastar_is_the_search_unwatched_on_sampled_3x3_and_4x4() {
    for (size, walk, samples) in [(3, 60, 30), (4, 40, 8)] {
        let goal = Goal::BlankLast.board(Size::square(size).unwrap()).unwrap();
        let puzzle = Puzzle::new(&goal).unwrap();
        let (manhattan, conflict) = (Manhattan::for_puzzle(&puzzle), LinearConflict::new(&puzzle));
        let mut generator = Generator::new(66);
        for _ in 0..samples {
            let board = generator.random_walk_position(&goal, walk);
            let start = Start::new(board, goal.clone()).unwrap();
            same_when_watched(&IdaStar::new(&puzzle, &manhattan), &start);
            same_when_watched(&IdaStar::new(&puzzle, &conflict), &start);
        }
    }
}

/// What a watched search hands back: its answer and what the watcher counted.
type Watched = (
    Result<npuzzle_search::Solution, npuzzle_search::SolveError>,
    Counts,
);

/// `method` watched and unwatched from `start`: the same moves and node counts, and the
/// watcher counted every node expanded and generated.
fn same_watched(method: &dyn Method, watch: &dyn Fn(&Start) -> Watched, start: &Start) {
    let unwatched = method.run(start, &Limits::none()).unwrap();
    let (watched, counts) = watch(start);
    let watched = watched.unwrap();
    assert_eq!(watched.moves, unwatched.moves, "{}", start.board());
    let figures = |s: &npuzzle_search::Stats| (s.expanded, s.generated);
    assert_eq!(figures(&watched.stats), figures(&unwatched.stats));
    assert_eq!((counts.expanded, counts.generated), figures(&watched.stats));
}

#[test]
fn watched_rbfs_and_best_first_searches_are_the_searches_unwatched() {
    use npuzzle_search::algorithm::best_first::{BestFirst, Priority};
    use npuzzle_search::algorithm::rbfs::Rbfs;
    for (size, walk, samples) in [(3, 60, 20), (4, 30, 6)] {
        let goal = Goal::BlankLast.board(Size::square(size).unwrap()).unwrap();
        let puzzle = Puzzle::new(&goal).unwrap();
        let h = Manhattan::for_puzzle(&puzzle);
        let mut generator = Generator::new(67);
        for _ in 0..samples {
            let board = generator.random_walk_position(&goal, walk);
            let start = Start::new(board, goal.clone()).unwrap();
            let rbfs = Rbfs {
                puzzle: &puzzle,
                h: &h,
            };
            same_watched(
                &rbfs,
                &|s| rbfs.watch(s, &Limits::none(), Counts::default()),
                &start,
            );
            for priority in [Priority::AStar, Priority::Weighted(1.5), Priority::Greedy] {
                let search = BestFirst {
                    puzzle: &puzzle,
                    h: &h,
                    priority,
                };
                same_watched(
                    &search,
                    &|s| search.watch(s, &Limits::none(), Counts::default()),
                    &start,
                );
            }
        }
    }
}

#[test]
fn the_events_of_a_small_search_are_golden() {
    let goal = Goal::BlankLast.board(Size::square(3).unwrap()).unwrap();
    let puzzle = Puzzle::new(&goal).unwrap();
    let h = Manhattan::for_puzzle(&puzzle);
    let start = Start::new("1 2 3/0 4 6/7 5 8".parse().unwrap(), goal).unwrap();
    let (solution, lines) =
        IdaStar::new(&puzzle, &h).watch(&start, &Limits::none(), JsonLines::new(Vec::new(), 1000));
    assert_eq!(solution.unwrap().moves.len(), 3);
    let text = String::from_utf8(lines.finish().unwrap()).unwrap();
    let golden = format!(
        "{}/tests/observe/idastar-3-moves.jsonl",
        env!("CARGO_MANIFEST_DIR")
    );
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&golden, &text).unwrap();
    }
    assert_eq!(
        text,
        std::fs::read_to_string(&golden).unwrap(),
        "UPDATE_GOLDEN=1 writes it anew"
    );
    // Every line is one event object.
    for line in text.lines() {
        let event: serde_json::Value = serde_json::from_str(line).unwrap();
        assert!(event["event"].is_string(), "{line}");
    }
}

#[test]
fn a_trace_over_its_cap_stops_and_says_so() {
    let goal = Goal::BlankLast.board(Size::square(3).unwrap()).unwrap();
    let puzzle = Puzzle::new(&goal).unwrap();
    let h = Manhattan::for_puzzle(&puzzle);
    let start = Start::new("8 6 7/2 5 4/3 0 1".parse().unwrap(), goal).unwrap();
    let (solution, lines) =
        IdaStar::new(&puzzle, &h).watch(&start, &Limits::none(), JsonLines::new(Vec::new(), 50));
    assert_eq!(
        solution.unwrap().moves.len(),
        31,
        "the search goes on: only the trace stops"
    );
    assert!(lines.cut());
    assert_eq!(lines.written(), 50);
    assert_eq!(
        String::from_utf8(lines.finish().unwrap())
            .unwrap()
            .lines()
            .count(),
        50
    );
}
