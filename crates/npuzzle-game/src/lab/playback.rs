//! A watched search kept step by step and played back (the terminal lab's, as the page's): each
//! step's sentence and what it changes (the node it concerns, by its path from the start), and
//! the search as it stands after the steps played: counts, the tree of the round under way, the
//! frontier and the node being expanded.

use std::collections::BTreeMap;

use npuzzle_core::Move;
use npuzzle_search::algorithm::observe::{Event, Pruned};

use super::Narrator;

/// What a step changes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// A new IDA* round, with its threshold: the tree is searched again from the start.
    Round(u32),
    /// RBFS's f-limit for the node just expanded.
    Limit(u32),
    /// A layer of the complete table, with its positions.
    Layer(u64),
    /// The node is expanded, with its g, h and position.
    Expand {
        /// Its g.
        g: u32,
        /// Its h.
        h: u32,
        /// Its position, row by row.
        cells: Vec<u8>,
    },
    /// A child is generated.
    Child {
        /// Its g.
        g: u32,
    },
    /// A child joins the frontier with its f.
    Open {
        /// Its f.
        f: u32,
    },
    /// A child is skipped, and why.
    Skip(Pruned),
    /// RBFS backs up a child's f.
    Backup {
        /// The f backed up.
        f: u32,
    },
    /// The goal is reached by this path.
    Goal,
}

/// One step: its sentence, the path of the node it concerns and what it changes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The sentence ([`Narrator::say`]).
    pub said: String,
    /// The node's moves from the start.
    pub path: Vec<Move>,
    /// What changes.
    pub change: Change,
}

/// A node of the tree as far as the steps told.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Node {
    /// Its g.
    pub g: u32,
    /// Its h, once it is expanded.
    pub h: Option<u32>,
    /// Its f, once known.
    pub f: Option<u32>,
    /// Whether it was expanded.
    pub expanded: bool,
    /// Why it was skipped, if it was.
    pub skipped: Option<Pruned>,
}

/// Records a watched search's events as steps (at most `cap` of them, the rest counted).
#[derive(Debug)]
pub struct Recorder {
    narrator: Narrator,
    /// The steps kept.
    pub steps: Vec<Step>,
    /// Steps past the cap.
    pub left_out: u64,
    cap: usize,
    current: Vec<Move>,
}

impl Recorder {
    /// A recorder keeping at most `cap` steps, said by `narrator`.
    pub fn new(narrator: Narrator, cap: usize) -> Recorder {
        Recorder {
            narrator,
            steps: Vec::new(),
            left_out: 0,
            cap,
            current: Vec::new(),
        }
    }

    /// Records one event.
    pub fn record(&mut self, event: &Event<'_>) {
        if self.steps.len() >= self.cap {
            self.narrator.note(event);
            self.left_out += 1;
            return;
        }
        let said = self.narrator.say(event);
        let child = |m: Move, current: &[Move]| [current, &[m]].concat();
        let (path, change) = match *event {
            Event::Iteration { bound } => (Vec::new(), Change::Round(bound)),
            Event::Limit { bound } => (self.current.clone(), Change::Limit(bound)),
            Event::Layer { positions, .. } => (Vec::new(), Change::Layer(positions)),
            Event::Expanded { g, h, cells, path } => {
                self.current = path.to_vec();
                (
                    path.to_vec(),
                    Change::Expand {
                        g,
                        h,
                        cells: cells.to_vec(),
                    },
                )
            }
            Event::Generated { played, g } => (child(played, &self.current), Change::Child { g }),
            Event::Opened { played, f, .. } => (child(played, &self.current), Change::Open { f }),
            Event::Pruned { played, why } => (child(played, &self.current), Change::Skip(why)),
            Event::Backup { played, f } => (child(played, &self.current), Change::Backup { f }),
            Event::Solution { moves } => (moves.to_vec(), Change::Goal),
        };
        self.steps.push(Step { said, path, change });
    }

    /// The narrator, for the closing sentences.
    pub fn narrator(&self) -> &Narrator {
        &self.narrator
    }
}

/// The search as it stands after the steps played.
///
/// ```
/// use npuzzle_core::Move;
/// use npuzzle_game::{Lang, lab::{Narrator, Playback, Recorder}};
/// use npuzzle_search::{Algorithm, algorithm::observe::Event};
/// let mut recorder = Recorder::new(Narrator::new(Lang::En, Algorithm::AStar, 3), 100);
/// recorder.record(&Event::Expanded { g: 0, h: 2, cells: &[1, 2, 3, 4, 0, 6, 7, 5, 8], path: &[] });
/// recorder.record(&Event::Generated { played: Move::Up, g: 1 });
/// recorder.record(&Event::Opened { played: Move::Up, g: 1, f: 2 });
/// let mut playback = Playback::new(recorder.steps);
/// while playback.step() {}
/// assert_eq!((playback.expanded, playback.generated), (1, 1));
/// assert_eq!(playback.frontier(3), vec![(vec![Move::Up], 2)]);
/// ```
#[derive(Clone, Debug)]
pub struct Playback {
    /// The steps.
    pub steps: Vec<Step>,
    /// How many are played.
    pub at: usize,
    /// The tree of the round under way, by path.
    pub nodes: BTreeMap<Vec<Move>, Node>,
    /// The path of the node expanded last, and its position.
    pub current: Option<(Vec<Move>, Vec<u8>)>,
    /// Nodes expanded.
    pub expanded: u64,
    /// Children generated.
    pub generated: u64,
    /// Children skipped.
    pub skipped: u64,
    /// IDA*'s rounds begun.
    pub rounds: u64,
    /// The threshold of the round under way.
    pub bound: Option<u32>,
    /// The complete table's layers built.
    pub layers: u64,
    /// RBFS's f-limit for the node expanded last.
    pub limit: Option<u32>,
    frontier: BTreeMap<Vec<Move>, u32>,
    /// The solution's path, once reached.
    pub solution: Option<Vec<Move>>,
}

impl Playback {
    /// The steps, none played yet.
    pub fn new(steps: Vec<Step>) -> Playback {
        Playback {
            steps,
            ..Playback::empty()
        }
    }

    /// Back to before the first step.
    pub fn reset(&mut self) {
        let steps = std::mem::take(&mut self.steps);
        *self = Playback {
            steps,
            ..Playback::empty()
        };
    }

    fn empty() -> Playback {
        Playback {
            steps: Vec::new(),
            at: 0,
            nodes: BTreeMap::new(),
            current: None,
            expanded: 0,
            generated: 0,
            skipped: 0,
            rounds: 0,
            bound: None,
            layers: 0,
            limit: None,
            frontier: BTreeMap::new(),
            solution: None,
        }
    }

    /// Whether every step is played.
    pub fn done(&self) -> bool {
        self.at >= self.steps.len()
    }

    /// The sentence of the step played last.
    pub fn said(&self) -> &str {
        self.at
            .checked_sub(1)
            .map_or("", |k| self.steps[k].said.as_str())
    }

    /// Plays the next step; false when there is none.
    pub fn step(&mut self) -> bool {
        let Some(step) = self.steps.get(self.at).cloned() else {
            return false;
        };
        self.at += 1;
        let g = step.path.len() as u32;
        match step.change {
            Change::Round(bound) => {
                self.rounds += 1;
                self.bound = Some(bound);
                self.nodes.clear();
                self.current = None;
            }
            Change::Layer(_) => self.layers += 1,
            Change::Limit(bound) => self.limit = Some(bound),
            Change::Expand { g, h, cells } => {
                self.expanded += 1;
                self.frontier.remove(&step.path);
                let entry = self.nodes.entry(step.path.clone()).or_default();
                *entry = Node {
                    g,
                    h: Some(h),
                    f: Some(g + h),
                    expanded: true,
                    skipped: None,
                };
                self.current = Some((step.path, cells));
            }
            Change::Child { g } => {
                self.generated += 1;
                self.nodes.entry(step.path).or_default().g = g;
            }
            Change::Open { f } | Change::Backup { f } => {
                self.frontier.insert(step.path.clone(), f);
                let entry = self.nodes.entry(step.path).or_insert(Node {
                    g,
                    ..Node::default()
                });
                entry.f = Some(f);
            }
            Change::Skip(why) => {
                self.skipped += 1;
                let entry = self.nodes.entry(step.path).or_insert(Node {
                    g,
                    ..Node::default()
                });
                entry.skipped = Some(why);
                if let Pruned::Bound { f } = why {
                    entry.f = Some(f);
                }
            }
            Change::Goal => self.solution = Some(step.path),
        }
        true
    }

    /// The frontier's best `n` nodes: the least f first, the deeper among equals.
    pub fn frontier(&self, n: usize) -> Vec<(Vec<Move>, u32)> {
        let mut best: Vec<(Vec<Move>, u32)> =
            self.frontier.iter().map(|(p, &f)| (p.clone(), f)).collect();
        best.sort_by(|(a, f), (b, g)| f.cmp(g).then(b.len().cmp(&a.len())));
        best.truncate(n);
        best
    }
}
