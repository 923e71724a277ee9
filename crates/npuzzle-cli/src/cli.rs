//! The command-line interface: subcommands and their arguments.

use clap::{Args, Parser, Subcommand};
use npuzzle_core::{Format, Goal, Notation, Size};
use npuzzle_search::Algorithm;
use npuzzle_search::HeuristicKind;
use npuzzle_search::RankingKind;
use npuzzle_settings as settings;
use npuzzle_settings::ranges::{Real, Whole};

mod data;
pub use data::{BenchArgs, LabelArgs, LabelFormat};

/// The sliding-tile puzzle: play it, solve it, generate, check, convert and verify positions.
/// Without a subcommand, npuzzle starts the game (a 4x4 board).
///
/// A POSITION is given in any of these formats (detected automatically):
/// slash rows `8 6 0/5 4 7/2 3 1`, rows on separate lines (blank as 0, _, . or x),
/// a game id `3x3:8,6,0,5,4,7,2,3,1`, a flat list `8 6 0 5 4 7 2 3 1` (square boards),
/// or JSON `[[8,6,0],[5,4,7],[2,3,1]]`. When the POSITION argument is absent, positions are
/// read from standard input, one per line (or one rows-per-line board per blank-line-separated
/// block).
///
/// A POSITION argument may also name a file of positions, one per line (or `-` for standard input).
///
/// MOVES are written in tile notation (`U D L R`: the tile moves; `U` slides the tile below the
/// blank up), with run-length tokens (`R3`); in blank notation (lower case `u d l r`: the blank
/// moves); or as a list of tile numbers (`8 5 4`).
///
/// Exit status: 0 success, 1 a well-formed "no" (unsolvable, not solved), 2 bad input or usage.
#[derive(Debug, Parser)]
#[command(name = "npuzzle", version, about, long_about, max_term_width = 100)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub task: Option<Task>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Task {
    /// Generate random solvable positions (uniform, or a random walk from the goal).
    #[command(after_help = "Examples:
  npuzzle generate                         one uniform random 4x4 position
  npuzzle generate --size 3 --count 5 --seed 42
  npuzzle generate --size 5x3 --walk 40    40 random moves from the goal, never undoing one
  npuzzle generate --size 3 --distance 31  one of the two hardest 8-puzzles
  npuzzle generate --goal spiral --format grid
  npuzzle generate --count 3 --json        JSON lines with seed and index")]
    Generate(GenerateArgs),
    /// Check a position: valid? solvable (and why not)? solved? Manhattan distance, blank cell.
    #[command(after_help = "Examples:
  npuzzle check '8 6 0/5 4 7/2 3 1'
  npuzzle check '1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 0'    Sam Loyd's unsolvable 14-15
  npuzzle check 3x3:0,1,2,3,4,5,6,7,8 --goal blank-first --json
  npuzzle generate --count 10 | npuzzle check --json")]
    Check(CheckArgs),
    /// Apply moves to a position and print the result.
    #[command(after_help = "Examples:
  npuzzle apply '1 2 3/4 5 6/7 8 0' 'D R'          tile notation: the tile moves
  npuzzle apply '1 2 3/4 5 6/7 8 0' 'u l'          blank notation: the blank moves
  npuzzle apply '1 2 3/4 5 6/7 8 0' '6 5' --notation numbers
  npuzzle apply '1 2 3/4 5 6/7 8 0' D2 --format grid
  echo '1 2 3/4 5 6/7 8 0' | npuzzle apply R      one argument: the moves; positions from stdin")]
    Apply(MovesArgs),
    /// Verify that moves take a position to the goal; prints the STM and MTM lengths.
    #[command(after_help = "Examples:
  npuzzle verify '1 2 3/4 5 6/0 7 8' 'L L'
  npuzzle verify '1 2 3/4 5 6/0 7 8' L2 --json
  npuzzle verify '0 1 2/3 4 5/6 7 8' 'u' --goal blank-first     exit status 1: not solved
  npuzzle verify '1 2 3/4 5 6/0 7 8' 'L L' --optimal            solved: yes; optimal: yes
  npuzzle verify P MOVES --optimal --goal blank-first --heuristic pdb
        proves again, from nothing, a length whose proof rested on a journal (\"proof\": \"journal\")")]
    Verify(VerifyArgs),
    /// Analyse a game: the distance to the goal before and after each move, which moves kept the
    /// optimum and which lost it, every optimal move where one was lost, and the totals.
    #[command(after_help = "Examples:
  npuzzle analyse --position '1 2 3/4 5 6/0 7 8' --moves 'D U L L'
  npuzzle analyse --position '1 2 3/4 0 6/7 5 8'  the distance and every optimal move
  npuzzle analyse --last                          the last game played (the records)
  npuzzle analyse --replay game.save --json       a saved game, one JSON object a move
  npuzzle analyse --position P --moves M --goal blank-first --heuristic pdb --partition 78

Distances are exact where the solver proves them (a table up to 12 cells, pattern databases on
4x4); elsewhere they are bounds, shown as LOW..HIGH and never counted as a verdict they cannot
tell. A move illegal where it is played is named by its number.")]
    Analyse(AnalyseArgs),
    /// The daily puzzle: the same position for everyone on a UTC date (a rule written out in
    /// npuzzle_core::daily); afterwards the optimum, where the moves went, and a result to share
    /// that gives nothing away.
    #[command(after_help = "Examples:
  npuzzle daily                       today's 4x4
  npuzzle daily --size 3 --plain      today's 3x3, line by line
  npuzzle daily --date 2026-12-01 --show")]
    Daily(DailyArgs),
    /// The trainer: rounds of "play an optimal move" on positions dealt at an exact distance,
    /// timed and scored.
    #[command(after_help = "Examples:
  npuzzle trainer                          ten 3x3 rounds, 12 moves from the goal
  npuzzle trainer --size 4 --distance 40   the 15-puzzle at 40 moves (pattern databases)
  npuzzle trainer --rounds 5 --lang pt")]
    Trainer(TrainerArgs),
    /// The search lab: watch a search think, step by step, one sentence a step (en or pt).
    #[command(after_help = "Examples:
  npuzzle lab                                   IDA* with Manhattan on a 6-move 8-puzzle
  npuzzle lab '1 2 3/4 0 6/7 5 8' -a rbfs         RBFS, its f-values backed up
  npuzzle lab '8 1 3/4 0 2/7 6 5' -a astar --steps 40 --lang pt")]
    Lab(LabArgs),
    /// Convert a position between text formats, or moves between notations.
    #[command(after_help = "Examples:
  npuzzle convert '8 6 0/5 4 7/2 3 1' --to grid
  npuzzle convert 3x3:8,6,0,5,4,7,2,3,1 --to json
  npuzzle convert --moves 'RRRUL' --run-length            R3UL
  npuzzle convert --moves 'R3 U L' --notation blank       llldr
  npuzzle convert --moves 'RUDL' --simplify               (empty: the moves cancel)
  npuzzle convert '1 2 3/4 5 6/7 8 0' --moves 'RD' --notation numbers   8 5
  npuzzle convert --moves 'R2U' --invert                  DLL")]
    Convert(ConvertArgs),
    /// Solve positions: optimally where the board allows, or fast where it does not.
    #[command(after_help = "Examples:
  npuzzle solve '8 6 7/2 5 4/3 0 1'                    the 3x3 distance table: optimal, instant
  npuzzle solve '5 1 3 4/2 0 7 8/9 6 10 12/13 14 11 15' --run-length
  npuzzle solve '8 6 7/2 5 4/3 0 1' --algorithm astar --heuristic manhattan --json
  npuzzle solve '8 6 7/2 5 4/3 0 1' --algorithm wastar --weight 1.5
  npuzzle solve '8 6 7/2 5 4/3 0 1' --notation numbers
  npuzzle generate --size 4 --count 8 --walk 40 | npuzzle solve --json    a batch on all cores
  npuzzle solve positions.txt --json                   a file of positions, one per line

With pattern databases (--heuristic pdb) IDA* also skips every sequence of up to 16 moves (4x4)
or 20 (5x5) that a shorter or smaller one does the work of, by a machine kept beside the
databases (the 4x4's built on first use, in a second): `npuzzle pdb build --size 5 --goal
blank-first` builds the 5x5's with its databases (about 3 minutes and 4 GB while building, 543 MB
kept); until then 5x5 searches skip sequences of up to 12 moves.")]
    Solve(SolveArgs),
    /// Play the game (the default when npuzzle runs without arguments).
    #[command(after_help = "Examples:
  npuzzle play                               a 4x4 game, full-screen
  npuzzle play --size 3 --seed 42            the same 8-puzzle every time
  npuzzle play --size 4x6 --goal spiral
  npuzzle play --position '8 6 7/2 5 4/3 0 1'
  npuzzle play --plain --lang pt             line by line, in Portuguese
  npuzzle play --size 3 --walk 30 --log game.txt

Line mode (--plain, or whenever input or output is not a terminal): type the number of a tile
next to the blank to slide it; ? lists the commands (undo, redo, hint, god mode, save, load).")]
    Play(PlayArgs),
    /// Build, list, verify or remove pattern databases.
    #[command(after_help = "Examples:
  npuzzle pdb build --size 4 --partition 663     seconds; what --algorithm auto builds itself
  npuzzle pdb build --size 4 --partition 78      the fastest 15-puzzle solving (2 minutes, 288 MB)
  npuzzle pdb build --size 4 --partition z:78    zero-aware 7-8 for large batches: 0.55x the nodes
                                                 (5 minutes, 2.3 GB; a second more to load)
  npuzzle pdb build --size 5 --goal blank-first  the 24-puzzle's fastest (zero-aware 6-6-6-6:
                                                 4 minutes, 4.7 GB while building, 1.3 GB;
                                                 and its move-pruning machine of depth 20:
                                                 3 minutes, 4 GB while building, 543 MB)
  npuzzle pdb build --size 5 --partition 6666    plain 6-6-6-6 (3 minutes, 255 MB; slower search)
  npuzzle pdb list
  npuzzle pdb verify                             checks every file's checksum
  npuzzle pdb remove --all

Databases live in $NPUZZLE_CACHE_DIR, else the user's cache directory (~/.cache/npuzzle/pdb),
or --cache-dir, beside the move-pruning machines searches with them use (NxM-fsm-DEPTH.fsm). A
missing, truncated or damaged file is rebuilt when needed, with a message.")]
    Pdb(PdbArgs),
    /// Show the statistics of finished games, or export them.
    #[command(after_help = "Examples:
  npuzzle stats                          best time, fewest moves, averages of 5 and 12 per size
  npuzzle stats --size 4
  npuzzle stats --export csv > games.csv every finished game
  npuzzle stats --export json")]
    Stats(StatsArgs),
    /// Watch a finished or saved game again, at its own pace or faster.
    #[command(after_help = "Examples:
  npuzzle replay                         the last finished game, at its own pace
  npuzzle replay --game 3 --speed 4      the third game of the records, four times faster
  npuzzle replay game.json --speed 0     a saved game (S in the game), all at once
  npuzzle replay export.json             a file of npuzzle stats --export json or the web page's

Every finished game keeps its scramble and the time of each move (games finished before this
version did not).")]
    Replay(ReplayArgs),
    /// Run a benchmark file: solve every instance and check each length against its optimum.
    #[command(after_help = "Examples:
  npuzzle bench data/instances/8puzzle_bfs.txt
  npuzzle bench data/instances/korf100.txt                 Korf's 100 15-puzzles
  npuzzle bench data/instances/korf100.txt --limit 10 --heuristic linear-conflict --jobs 1
  npuzzle bench --every 3x3                    all 181,440 8-puzzles, checked against BFS
  npuzzle bench --every 3x3 --algorithm idastar --heuristic manhattan
  npuzzle bench data/instances/korf100.txt --export deepcubea=results.pkl   for DeepCubeA's tools

The goal is read from the file's GOAL comment (Korf's files put the blank first). A length that
differs from the file's optimum makes the exit status 1.")]
    Bench(BenchArgs),
    /// Label positions for learning: each one's exact distance and every optimal move from it,
    /// on every core.
    #[command(after_help = "Examples:
  npuzzle generate --count 100000 --seed 1 | npuzzle label --format npz --output labels.npz
  npuzzle label positions.txt                       JSON lines, one per position
  npuzzle label positions.txt --format deepcubea --output labels.pkl
  npuzzle generate --size 5 --walk 40 --count 100 | npuzzle label --timeout 10

On 4x4, build the 7-8 databases first (npuzzle pdb build --partition 78: 2 minutes, 288 MB): they
label several times faster than those auto builds. For batches of many thousands, the zero-aware
7-8 (--partition z:78: 5 minutes, 2.3 GB) expands 0.55x the nodes and labels about 8 % faster
(it takes a second more to load). --timeout and --max-nodes apply to each
position; one they stop is left unproved (distance null, -1 in arrays) and the rest are labelled.
Ctrl-C stops the run, keeping every JSON line written.")]
    Label(LabelArgs),
}

/// Options shared by commands that read positions.
#[derive(Debug, Args)]
pub struct InputArgs {
    /// Read positions in this format instead of detecting it: slash, grid, id, flat, json.
    #[arg(long, value_name = "FORMAT")]
    pub from: Option<Format>,
    /// The goal: blank-last (default), blank-first, snake, spiral, or a position.
    #[arg(long, value_name = "GOAL", default_value = "blank-last")]
    pub goal: Goal,
}

/// `npuzzle generate`.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// Board size: N for N×N, or WxH.
    #[arg(long, short, default_value = "4x4", value_name = "WxH")]
    pub size: Size,
    /// How many positions.
    #[arg(long, short = 'n', default_value_t = 1, value_name = "N")]
    pub count: usize,
    /// Random seed; the same seed (with the same generator version) gives the same positions.
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Make each position by N random moves from the goal (never undoing a move) instead of
    /// drawing it uniformly (at most 100,000,000).
    #[arg(long, value_name = "N", conflicts_with = "distance", value_parser = walk_length)]
    pub walk: Option<usize>,
    /// Draw positions exactly D moves from the goal (optimal distance, from a complete
    /// breadth-first table: boards of at most 12 cells).
    #[arg(long, value_name = "D", value_parser = distance)]
    pub distance: Option<u8>,
    /// The goal: blank-last (default), blank-first, snake, spiral, or a position.
    #[arg(long, value_name = "GOAL", default_value = "blank-last")]
    pub goal: Goal,
    /// Output format: slash, grid, id, flat, json.
    #[arg(long, short, default_value = "slash", value_name = "FORMAT")]
    pub format: Format,
    /// JSON lines: position, seed, index, and the walk's moves.
    #[arg(long)]
    pub json: bool,
}

/// `npuzzle check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The position (read from standard input when absent).
    pub position: Option<String>,
    /// Input options.
    #[command(flatten)]
    pub input: InputArgs,
    /// JSON lines instead of text.
    #[arg(long)]
    pub json: bool,
}

/// `npuzzle apply` and `npuzzle verify`.
#[derive(Debug, Args)]
pub struct MovesArgs {
    /// The position, then the moves. With only one argument, it is the moves, and positions are
    /// read from standard input.
    #[arg(value_name = "POSITION", required = true)]
    pub first: String,
    /// The moves.
    #[arg(value_name = "MOVES")]
    pub second: Option<String>,
    /// The notation of the moves: tile, blank or numbers (detected when absent).
    #[arg(long, value_name = "NOTATION")]
    pub notation: Option<Notation>,
    /// Input options.
    #[command(flatten)]
    pub input: InputArgs,
    /// Output format of positions: slash, grid, id, flat, json.
    #[arg(long, short, default_value = "slash", value_name = "FORMAT")]
    pub format: Format,
    /// JSON lines instead of text.
    #[arg(long)]
    pub json: bool,
}

impl MovesArgs {
    /// The position argument (if given) and the moves.
    pub fn position_and_moves(&self) -> (Option<&str>, &str) {
        match &self.second {
            Some(moves) => (Some(&self.first), moves),
            None => (None, &self.first),
        }
    }
}

/// `npuzzle verify`.
#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// The position and the moves.
    #[command(flatten)]
    pub moves: MovesArgs,
    /// Also prove that no solution is shorter: solve the position again from nothing (no
    /// journal) with the search options below, and compare (exit status 1 when a shorter one
    /// exists, 2 when the search cannot prove an optimum).
    #[arg(long)]
    pub optimal: bool,
    /// Search options (with --optimal).
    #[command(flatten)]
    pub search: SearchArgs,
}

/// `npuzzle analyse`.
#[derive(Debug, Args)]
pub struct AnalyseArgs {
    /// The start position; without --moves, its distance and every optimal move from it.
    #[arg(long, value_name = "POSITION")]
    pub position: Option<String>,
    /// The moves played from it.
    #[arg(long, value_name = "MOVES", requires = "position")]
    pub moves: Option<String>,
    /// The notation of --moves: tile, blank or numbers (detected when absent).
    #[arg(long, value_name = "NOTATION")]
    pub notation: Option<Notation>,
    /// A saved game, or a file of records (its last game that can be replayed, or --game N).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["position", "last"])]
    pub replay: Option<std::path::PathBuf>,
    /// The last game played (from the records in the data directory), or --game N.
    #[arg(long, conflicts_with = "position")]
    pub last: bool,
    /// Which game of the records, numbered from 1.
    #[arg(long, value_name = "N")]
    pub game: Option<usize>,
    /// Where statistics are kept (default: $NPUZZLE_DATA_DIR, else the user's data directory).
    #[arg(long, value_name = "DIR")]
    pub data_dir: Option<std::path::PathBuf>,
    /// Input options (the goal of --position; a replay names its own).
    #[command(flatten)]
    pub input: InputArgs,
    /// Search options: what proves each distance.
    #[command(flatten)]
    pub search: SearchArgs,
    /// JSON: one object for the whole analysis.
    #[arg(long)]
    pub json: bool,
    /// Language of the table: en or pt (from the locale when absent).
    #[arg(long, value_name = "LANG")]
    pub lang: Option<npuzzle_game::Lang>,
}

/// `npuzzle convert`.
#[derive(Debug, Args)]
pub struct ConvertArgs {
    /// The position to convert, or with --moves the position the moves start from.
    pub position: Option<String>,
    /// Read positions in this format instead of detecting it.
    #[arg(long, value_name = "FORMAT")]
    pub from: Option<Format>,
    /// Write positions in this format: slash, grid, id, flat, json.
    #[arg(long, default_value = "slash", value_name = "FORMAT")]
    pub to: Format,
    /// Convert these moves instead of a position.
    #[arg(long, value_name = "MOVES", allow_hyphen_values = true)]
    pub moves: Option<String>,
    /// The notation the moves are written in (detected when absent).
    #[arg(long, value_name = "NOTATION", requires = "moves")]
    pub from_notation: Option<Notation>,
    /// The notation to write the moves in: tile (default), blank or numbers.
    #[arg(
        long,
        default_value = "tile",
        value_name = "NOTATION",
        requires = "moves"
    )]
    pub notation: Notation,
    /// Write runs of equal moves as one token (`R3`).
    #[arg(long, requires = "moves")]
    pub run_length: bool,
    /// Cancel every move followed by its opposite.
    #[arg(long, requires = "moves")]
    pub simplify: bool,
    /// Write the sequence that undoes the moves.
    #[arg(long, requires = "moves")]
    pub invert: bool,
}

/// Options shared by `solve` and `bench`: which algorithm, with what, within which limits.
#[derive(Clone, Debug, Args)]
pub struct SearchArgs {
    /// auto, table, astar, idastar, rbfs, wastar, greedy, constructive or anytime. `auto` decides
    /// per board size: optimal up to 4x4 (and 5x5 with pattern databases, for half the time
    /// budget), the anytime solver up to 32x32, the constructive solver beyond; it says which.
    #[arg(long, short, default_value = "auto", value_name = "ALGORITHM")]
    pub algorithm: Algorithm,
    /// misplaced, manhattan, linear-conflict, walking-distance or pdb: the lower bound (the best
    /// for the board when absent). `learned` is kept as the alias of --heuristic linear-conflict
    /// --ranking learned.
    #[arg(long, value_name = "HEURISTIC")]
    pub heuristic: Option<HeuristicKind>,
    /// What ranks the anytime solver's beams: heuristic (the bound, focused on the outer rows
    /// and columns) or learned (a trained network where one fits: 5x5 to 7x7, and the last
    /// region of larger boards). Default: learned where it measured better (7x7), else
    /// heuristic. The answer says which ranked, and a note why not where learned cannot.
    #[arg(long, value_name = "RANKING")]
    pub ranking: Option<RankingKind>,
    /// A model trained by npuzzle-train, for the learned ranking, instead of the shipped one.
    #[arg(long, value_name = "FILE")]
    pub model: Option<std::path::PathBuf>,
    /// The weight of weighted A* (wastar): solutions are at most this many times optimal (1 to
    /// 100).
    #[arg(long, default_value_t = settings::DEFAULT_WEIGHT, value_name = "W", value_parser = weight)]
    pub weight: f64,
    /// Stop a search after this many expanded nodes (at least 1).
    #[arg(long, value_name = "N", value_parser = nodes)]
    pub max_nodes: Option<u64>,
    /// Stop a search after this many seconds.
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    pub timeout: Option<f64>,
    /// The time the anytime solver spends shortening each solution.
    #[arg(long, default_value_t = settings::DEFAULT_TIME_BUDGET, value_name = "SECONDS", value_parser = seconds)]
    pub time_budget: f64,
    /// Stop a search that needs more memory than this many MiB (A* family, tables).
    #[arg(long, default_value_t = settings::DEFAULT_MAX_MEMORY, value_name = "MIB", value_parser = memory)]
    pub max_memory: u64,
    /// Threads for batches (default: all cores; 1 to 256).
    #[arg(long, short, value_name = "N", value_parser = jobs)]
    pub jobs: Option<usize>,
    /// Solve positions one at a time, each searched on every core (for hard instances; a single
    /// position given as an argument is always searched this way).
    #[arg(long)]
    pub split: bool,
    /// The pattern-database partition for --heuristic pdb: 555, 663, 78 (4x4), 6666 (5x5), auto,
    /// or tile lists like 1,2,3/4,5,6; z: before it for zero-aware databases (z:6666) (default:
    /// the best already built, else one that builds in seconds).
    #[arg(long, value_name = "PARTITION")]
    pub partition: Option<npuzzle_heuristic::pdb::Partition>,
    /// Where pattern databases are kept (default: $NPUZZLE_CACHE_DIR, else the user's cache).
    #[arg(long, value_name = "DIR")]
    pub cache_dir: Option<std::path::PathBuf>,
}

/// `npuzzle solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The position (read from standard input when absent: a batch, solved on all cores).
    pub position: Option<String>,
    /// Input options.
    #[command(flatten)]
    pub input: InputArgs,
    /// Search options.
    #[command(flatten)]
    pub search: SearchArgs,
    /// The notation of the solution: tile, blank or numbers.
    #[arg(long, default_value = "tile", value_name = "NOTATION")]
    pub notation: Notation,
    /// Write runs of equal moves as one token (`R3`).
    #[arg(long)]
    pub run_length: bool,
    /// JSON lines instead of text.
    #[arg(long)]
    pub json: bool,
    /// Keep the search's progress in FILE and go on from it: run again with the same FILE, a
    /// search stopped by a limit, Ctrl-C or a crash resumes from its last threshold and the
    /// subtrees it finished (one position, --algorithm idastar). The journal is checked, not
    /// trusted: one damaged, edited or of another search is refused.
    #[arg(long, value_name = "FILE")]
    pub resume: Option<std::path::PathBuf>,
    /// With --resume: begin the search afresh, setting the journal there aside (renamed
    /// FILE.refused-SECONDS, nothing deleted).
    #[arg(long, requires = "resume")]
    pub fresh: bool,
    /// Watch the search: every step (a threshold, a node expanded with its g and h, a child
    /// generated or pruned and why, the solution) written to FILE as JSON lines. One position,
    /// on one core; --algorithm idastar so far.
    #[arg(long, value_name = "FILE", conflicts_with = "resume")]
    pub trace: Option<std::path::PathBuf>,
    /// The most events --trace writes (past it the search goes on untraced).
    #[arg(long, value_name = "N", default_value_t = 100_000, requires = "trace",
          value_parser = trace_cap)]
    pub trace_cap: u64,
}

/// `npuzzle play`.
#[derive(Clone, Debug, Args)]
pub struct PlayArgs {
    /// Board size: N for N×N, or WxH.
    #[arg(long, short, default_value = "4x4", value_name = "WxH")]
    pub size: Size,
    /// Deal the game from this seed (the win screen shows the seed to replay a game).
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Play this position (any format npuzzle reads).
    #[arg(long, value_name = "POSITION", conflicts_with = "seed")]
    pub position: Option<String>,
    /// The goal: blank-last (default), blank-first, snake, spiral, or a position.
    #[arg(long, value_name = "GOAL", default_value = "blank-last")]
    pub goal: Goal,
    /// Shuffle by N random moves from the goal (the classic games' shuffle) instead of dealing a
    /// uniformly random position (at most 100,000,000).
    #[arg(long, value_name = "N", value_parser = walk_length)]
    pub walk: Option<usize>,
    /// Line mode: print the board, read tile numbers (automatic when not in a terminal).
    #[arg(long)]
    pub plain: bool,
    /// Language: en or pt (from the locale when absent).
    #[arg(long, value_name = "LANG")]
    pub lang: Option<npuzzle_game::Lang>,
    /// Write a log of the moves to this file.
    #[arg(long, value_name = "FILE")]
    pub log: Option<std::path::PathBuf>,
    /// Continue a saved game.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["seed", "position"])]
    pub load: Option<std::path::PathBuf>,
    /// Arrow keys move the blank instead of a tile.
    #[arg(long)]
    pub move_blank: bool,
    /// Your own keys for commands, over the standard ones: e.g. 'up=i,down=k,hint=space'
    /// (commands: up, down, left, right, undo, redo, restart, new, hint, solve, distance, flip,
    /// help, quit, watch, pause, step, faster, slower, take-over). Default: $NPUZZLE_KEYS.
    #[arg(long, value_name = "KEYS")]
    pub keys: Option<npuzzle_game::KeyMap>,
    /// Where statistics are kept (default: $NPUZZLE_DATA_DIR, else the user's data directory).
    #[arg(long, value_name = "DIR")]
    pub data_dir: Option<std::path::PathBuf>,
    /// The daily puzzle's date, when the game is one (set by `npuzzle daily`).
    #[arg(skip)]
    pub daily: Option<npuzzle_core::daily::Date>,
}

/// `npuzzle daily`.
#[derive(Debug, Args)]
pub struct DailyArgs {
    /// The day (UTC), as YYYY-MM-DD: today by default.
    #[arg(long, value_name = "DATE")]
    pub date: Option<npuzzle_core::daily::Date>,
    /// Print the day's position and stop, without playing.
    #[arg(long)]
    pub show: bool,
    /// The game's options (--size, --plain, --lang, --data-dir, …); the position is the day's.
    #[command(flatten)]
    pub play: PlayArgs,
}

/// `npuzzle trainer`.
#[derive(Debug, Args)]
pub struct TrainerArgs {
    /// Board size: N for N×N, or WxH (exact distances up to 12 cells and on 4x4).
    #[arg(long, short, default_value = "3x3", value_name = "WxH")]
    pub size: Size,
    /// The distance of every round's position, in moves (default: 12 on 3x3, 30 on 4x4).
    #[arg(long, value_name = "D", value_parser = round_distance)]
    pub distance: Option<u8>,
    /// How many rounds.
    #[arg(long, default_value_t = 10, value_name = "N", value_parser = rounds)]
    pub rounds: usize,
    /// What a round asks: `move` (play an optimal move) or `finish` (solve in exactly the
    /// distance dealt, every move optimal).
    #[arg(long, default_value = "move", value_name = "DRILL", value_parser = drill)]
    pub drill: npuzzle_game::trainer::Drill,
    /// Where the trainer's statistics are kept, beside the games' (default: $NPUZZLE_DATA_DIR,
    /// else the user's data directory).
    #[arg(long, value_name = "DIR")]
    pub data_dir: Option<std::path::PathBuf>,
    /// Deal the rounds from this seed (the same rounds every time).
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Language: en or pt (from the locale when absent).
    #[arg(long, value_name = "LANG")]
    pub lang: Option<npuzzle_game::Lang>,
    /// Search options: what proves each distance.
    #[command(flatten)]
    pub search: SearchArgs,
}

/// `npuzzle lab`.
#[derive(Debug, Args)]
pub struct LabArgs {
    /// The position to search from (default: the 8-puzzle 4 1 3/7 2 6/0 5 8, six moves out).
    pub position: Option<String>,
    /// Input options.
    #[command(flatten)]
    pub input: InputArgs,
    /// Search options: idastar (the default here), rbfs, astar, wastar or greedy, and the
    /// heuristic (default: manhattan).
    #[command(flatten)]
    pub search: SearchArgs,
    /// The most steps printed (the search goes on past them, and says how many were left out).
    #[arg(long, value_name = "N", default_value_t = 200, value_parser = trace_cap)]
    pub steps: u64,
    /// Print the steps, even in a terminal (else a full screen to step and play them).
    #[arg(long)]
    pub plain: bool,
    /// Language: en or pt (from the locale when absent).
    #[arg(long, value_name = "LANG")]
    pub lang: Option<npuzzle_game::Lang>,
    /// The textbook's table instead of one search.
    #[command(flatten)]
    pub table: crate::commands::table::TableArgs,
}

/// `npuzzle replay`.
#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// A saved game, or a file of records (default: the records in the data directory).
    pub file: Option<std::path::PathBuf>,
    /// Which game of the records, numbered from 1 in the order played (default: the last one
    /// that can be replayed).
    #[arg(long, value_name = "N")]
    pub game: Option<usize>,
    /// How many times faster than it was played (0: no waiting at all).
    #[arg(long, value_name = "X", default_value = "1", value_parser = speed)]
    pub speed: f64,
    /// Where statistics are kept (default: $NPUZZLE_DATA_DIR, else the user's data directory).
    #[arg(long, value_name = "DIR")]
    pub data_dir: Option<std::path::PathBuf>,
}

/// A replay speed: a finite number, 0 or more.
fn speed(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(x) if x.is_finite() && x >= 0.0 => Ok(x),
        _ => Err(format!(
            "'{text}' is not a speed: give a number such as 2 (twice as fast) or 0 (no waiting)"
        )),
    }
}

/// `npuzzle stats`.
#[derive(Debug, Args)]
pub struct StatsArgs {
    /// Only this board size.
    #[arg(long, short, value_name = "WxH")]
    pub size: Option<Size>,
    /// Write every finished game as csv or json instead of the summary.
    #[arg(long, value_name = "FORMAT", value_enum)]
    pub export: Option<GamesFormat>,
    /// Where statistics are kept (default: $NPUZZLE_DATA_DIR, else the user's data directory).
    #[arg(long, value_name = "DIR")]
    pub data_dir: Option<std::path::PathBuf>,
}

/// `npuzzle pdb`.
#[derive(Debug, Args)]
pub struct PdbArgs {
    /// What to do.
    #[command(subcommand)]
    pub action: PdbAction,
    /// Where pattern databases are kept (default: $NPUZZLE_CACHE_DIR, else the user's cache).
    #[arg(long, global = true, value_name = "DIR")]
    pub cache_dir: Option<std::path::PathBuf>,
}

/// The `npuzzle pdb` actions.
#[derive(Debug, Subcommand)]
pub enum PdbAction {
    /// Build the databases of a partition (those already built and sound are kept).
    Build {
        /// Board size: N for N×N, or WxH.
        #[arg(long, short, default_value = "4x4", value_name = "WxH")]
        size: Size,
        /// The goal: blank-last (default), blank-first, snake, spiral, or a position.
        #[arg(long, value_name = "GOAL", default_value = "blank-last")]
        goal: Goal,
        /// 555, 663, 78 (4x4), 6666 (5x5), auto, or tile lists like 1,2,3/4,5,6; z: before it for
        /// zero-aware databases, a distance for each region the blank may be in (z:6666, the
        /// 5x5 default).
        #[arg(long, value_name = "PARTITION")]
        partition: Option<npuzzle_heuristic::pdb::Partition>,
        /// Build again even if sound files exist (each old file stays until its new one is whole).
        #[arg(long)]
        force: bool,
    },
    /// List the databases built.
    List,
    /// Check every database completely: header, name, size and checksum.
    Verify,
    /// Remove databases (files named, or --all).
    Remove {
        /// File names (from `npuzzle pdb list`).
        files: Vec<String>,
        /// Remove every database npuzzle wrote (other files are listed and left).
        #[arg(long)]
        all: bool,
    },
}

// Every number's range is the library's (`npuzzle_settings::ranges`), shared with Python, the
// cluster and training.

fn round_distance(text: &str) -> Result<u8, String> {
    match distance(text)? {
        0 => Err("a round is at least 1 move from the goal".to_string()),
        d => Ok(d),
    }
}

fn trace_cap(text: &str) -> Result<u64, String> {
    whole(Whole::TraceEvents, text)
}

fn drill(text: &str) -> Result<npuzzle_game::trainer::Drill, String> {
    text.parse()
}

fn rounds(text: &str) -> Result<usize, String> {
    whole(Whole::Positions, text)
        .map(|n| n as usize)
        .and_then(|n| match n {
            0 => Err("at least one round".to_string()),
            n => Ok(n),
        })
}

fn walk_length(text: &str) -> Result<usize, String> {
    whole(Whole::Walk, text).map(|n| n as usize)
}

fn jobs(text: &str) -> Result<usize, String> {
    whole(Whole::Threads, text).map(|n| n as usize)
}

fn nodes(text: &str) -> Result<u64, String> {
    whole(Whole::Nodes, text)
}

fn memory(text: &str) -> Result<u64, String> {
    whole(Whole::MemoryMib, text)
}

fn whole(range: Whole, text: &str) -> Result<u64, String> {
    range.parse(text).map_err(|e| e.to_string())
}

fn distance(text: &str) -> Result<u8, String> {
    whole(Whole::Distance, text).map(|n| n as u8)
}

fn weight(text: &str) -> Result<f64, String> {
    Real::Weight.parse(text).map_err(|e| e.to_string())
}

fn seconds(text: &str) -> Result<f64, String> {
    Real::Seconds.parse(text).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests;

/// The form `npuzzle stats --export` writes every finished game in: CSV (a header line, then a
/// line a game) or a JSON array of the games' records.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum GamesFormat {
    Csv,
    Json,
}
