//! A trained network and its file: a header (board, goal, format version, the command and seed
//! that made it), the quantized weights, and a checksum over all of it.

use std::path::Path;

use npuzzle_core::{Board, Size};
use thiserror::Error;

use super::network::{Accumulator, HIDDEN, RANK_SCALE, SECOND, Weights, lanes};
use npuzzle_heuristic::Puzzle;

/// The first bytes of every model file.
const MAGIC: &[u8; 8] = b"NPZRANK\n";

/// The version of the file format this build reads and writes.
pub const FORMAT_VERSION: u32 = 1;

/// The largest model file read (the 7x7 network is about 0.6 MB).
pub const MAX_MODEL_BYTES: u64 = 8 << 20;

/// Why a model file was refused.
///
/// ```
/// use npuzzle_learned::{ModelError, Network};
/// assert!(matches!(Network::from_bytes(b"not a model"), Err(ModelError::NotAModel)));
/// ```
#[derive(Debug, Error)]
pub enum ModelError {
    /// The file does not begin as a model file does.
    #[error("not an npuzzle model file (it does not begin with the model header)")]
    NotAModel,
    /// A format this build does not read.
    #[error("model format version {0} is not the {FORMAT_VERSION} this build reads")]
    Version(u32),
    /// The file ends before its contents do, or goes on after them.
    #[error("the model file is damaged: {0}")]
    Damaged(String),
    /// The checksum does not match the contents.
    #[error(
        "the model file is damaged: its checksum is {stored:08x}, its contents sum to {computed:08x}"
    )]
    Checksum {
        /// The checksum stored in the file.
        stored: u32,
        /// The checksum of what the file holds.
        computed: u32,
    },
    /// A model for another board or goal than the one asked for.
    #[error("the model was trained for {model}, not {wanted}")]
    Foreign {
        /// The board and goal of the model.
        model: String,
        /// The board and goal asked for.
        wanted: String,
    },
    /// Weights too large for the integer arithmetic.
    #[error("the weights are too large to quantize: {0}")]
    Quantize(String),
    /// The file could not be read or written.
    #[error(transparent)]
    File(#[from] npuzzle_files::FileError),
}

/// Where a model came from: the command that trained it, its seed, how many rounds of value
/// iteration it had.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Provenance {
    /// The command line that trained it.
    pub command: String,
    /// The seed of its random positions.
    pub seed: u64,
    /// Rounds of training.
    pub rounds: u64,
}

/// A network's weights in floats, as training has them: the first layer as `cells × cells`
/// columns of [`HIDDEN`] (tile-major: the column of tile `t` at cell `c` is number
/// `t * cells + c`), the second layer as [`SECOND`] rows of [`HIDDEN`].
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FloatWeights {
    /// The first layer.
    pub l1: Vec<f32>,
    /// Its biases.
    pub b1: Vec<f32>,
    /// The second layer.
    pub l2: Vec<f32>,
    /// Its biases.
    pub b2: Vec<f32>,
    /// The output layer.
    pub l3: Vec<f32>,
    /// Its bias.
    pub b3: f32,
}

/// A trained estimate of the distance to one goal: linear conflict plus what a small network
/// expects beyond it, from the position's tiles and cells. A ranking for beams, not a lower
/// bound.
///
/// ```
/// use npuzzle_learned::Network;
/// let goal = [1, 2, 3, 4, 5, 6, 7, 8, 0];
/// let network = Network::zero("3".parse().unwrap(), &goal);
/// let bytes = network.to_bytes();
/// assert_eq!(Network::from_bytes(&bytes).unwrap(), network);
/// let mut damaged = bytes.clone();
/// damaged[100] ^= 1;
/// assert!(Network::from_bytes(&damaged).is_err());
/// ```
#[derive(Clone, PartialEq)]
pub struct Network {
    size: Size,
    goal: Vec<u8>,
    provenance: Provenance,
    weights: Weights,
}

impl Network {
    /// A network that expects nothing beyond linear conflict (all weights zero), for `goal`
    /// (row-major tiles, 0 the blank) on boards of `size`.
    ///
    /// ```
    /// use npuzzle_learned::Network;
    /// let network = Network::zero("4".parse().unwrap(), &(1..16).chain([0]).collect::<Vec<u8>>());
    /// assert_eq!(network.size().cells(), 16);
    /// ```
    pub fn zero(size: Size, goal: &[u8]) -> Network {
        let cells = size.cells();
        Network {
            size,
            goal: goal.to_vec(),
            provenance: Provenance::default(),
            weights: Weights {
                cells,
                l1: vec![0; cells * cells * HIDDEN],
                b1: vec![0; HIDDEN],
                l2: vec![0; SECOND * HIDDEN],
                l2_lanes: lanes(&vec![0; SECOND * HIDDEN]),
                b2: vec![0.0; SECOND],
                l3: vec![0.0; SECOND],
                b3: 0.0,
                scale1: 127,
                scale2: 64.0,
            },
        }
    }

    /// The network of `floats` (trained) for `goal` on boards of `size`, quantized: the first
    /// layer's scale is as large as keeps every position's sums within 16 bits.
    ///
    /// ```
    /// use npuzzle_learned::{FloatWeights, Network, Provenance, HIDDEN, SECOND};
    /// let floats = FloatWeights {
    ///     l1: vec![0.01; 81 * HIDDEN], b1: vec![0.5; HIDDEN], l2: vec![0.1; SECOND * HIDDEN],
    ///     b2: vec![0.0; SECOND], l3: vec![1.0; SECOND], b3: 0.0,
    /// };
    /// let goal = [1, 2, 3, 4, 5, 6, 7, 8, 0];
    /// let network = Network::quantize("3".parse().unwrap(), &goal, &floats, Provenance::default()).unwrap();
    /// // Every unit is 0.5 + 9 * 0.01 = 0.59; the second layer's are 128 * 0.1 * 0.59 each,
    /// // within what rounding the weights to integers changes.
    /// let estimate = network.residual(&network.accumulate(&goal));
    /// assert!((estimate / (32.0 * 128.0 * 0.1 * 0.59) - 1.0).abs() < 0.05);
    /// ```
    pub fn quantize(
        size: Size,
        goal: &[u8],
        floats: &FloatWeights,
        provenance: Provenance,
    ) -> Result<Network, ModelError> {
        let cells = size.cells();
        let shapes = [
            (floats.l1.len(), cells * cells * HIDDEN, "first layer"),
            (floats.b1.len(), HIDDEN, "first biases"),
            (floats.l2.len(), SECOND * HIDDEN, "second layer"),
            (floats.b2.len(), SECOND, "second biases"),
            (floats.l3.len(), SECOND, "output layer"),
        ];
        for (len, wanted, what) in shapes {
            if len != wanted {
                return Err(ModelError::Quantize(format!(
                    "the {what} has {len} weights, not {wanted}"
                )));
            }
        }
        if floats.l1.iter().chain(&floats.l2).any(|w| !w.is_finite()) {
            return Err(ModelError::Quantize("a weight is not a number".into()));
        }
        // The largest sum a unit can reach: its bias and, for each tile, its largest weight.
        let mut reach = 0f32;
        for i in 0..HIDDEN {
            let mut sum = floats.b1[i].abs();
            for tile in 0..cells {
                sum += (0..cells)
                    .map(|cell| floats.l1[(tile * cells + cell) * HIDDEN + i].abs())
                    .fold(0.0, f32::max);
            }
            reach = reach.max(sum);
        }
        let scale1 = (32_000.0 / reach.max(1e-6)).floor().min(255.0);
        if scale1 < 16.0 {
            return Err(ModelError::Quantize(format!(
                "a first-layer unit reaches {reach}, past 16-bit sums at a useful precision"
            )));
        }
        let widest = floats.l2.iter().fold(0f32, |m, w| m.max(w.abs()));
        let scale2 = (32_000.0 / widest.max(1e-6)).min(4096.0);
        let round = |w: f32, scale: f32| (w * scale).round() as i16;
        let l2: Vec<i16> = floats.l2.iter().map(|&w| round(w, scale2)).collect();
        Ok(Network {
            size,
            goal: goal.to_vec(),
            provenance,
            weights: Weights {
                cells,
                l1: floats.l1.iter().map(|&w| round(w, scale1)).collect(),
                b1: floats.b1.iter().map(|&w| round(w, scale1)).collect(),
                l2_lanes: lanes(&l2),
                l2,
                b2: floats.b2.clone(),
                l3: floats.l3.clone(),
                b3: floats.b3,
                scale1: scale1 as i16,
                scale2,
            },
        })
    }

    /// The board size it was trained for.
    pub fn size(&self) -> Size {
        self.size
    }

    /// The goal it was trained for (row-major tiles, 0 the blank).
    pub fn goal(&self) -> &[u8] {
        &self.goal
    }

    /// The command, seed and rounds that made it.
    pub fn provenance(&self) -> &Provenance {
        &self.provenance
    }

    /// Whether it was trained for `puzzle`'s board and goal; a [`ModelError::Foreign`] when not.
    ///
    /// ```
    /// use npuzzle_core::Goal;
    /// use {npuzzle_heuristic::Puzzle, npuzzle_learned::Network};
    /// let size = "3".parse().unwrap();
    /// let last = Puzzle::new(&Goal::BlankLast.board(size).unwrap()).unwrap();
    /// let first = Puzzle::new(&Goal::BlankFirst.board(size).unwrap()).unwrap();
    /// let network = Network::zero(size, last.goal_cells());
    /// assert!(network.fits(&last).is_ok());
    /// assert!(network.fits(&first).unwrap_err().to_string().contains("0 1 2/3 4 5/6 7 8"));
    /// ```
    pub fn fits(&self, puzzle: &Puzzle) -> Result<(), ModelError> {
        if self.size == puzzle.size() && self.goal == puzzle.goal_cells() {
            return Ok(());
        }
        Err(ModelError::Foreign {
            model: self.describe(),
            wanted: format!("{} toward {}", puzzle.size(), puzzle.goal()),
        })
    }

    /// The same network for the board mirrored left to right: its goal with each row reversed,
    /// and each tile's weights at a cell those it had at the mirrored cell. A position's
    /// estimate toward the mirrored goal is the original's of the position mirrored back (linear
    /// conflict is symmetric too), so the anytime solver's mirrored view is ranked by it.
    ///
    /// ```
    /// use npuzzle_learned::Network;
    /// let network = Network::zero("3x2".parse().unwrap(), &[1, 2, 3, 4, 5, 0]);
    /// assert_eq!(network.mirrored().goal(), &[3, 2, 1, 0, 5, 4]);
    /// ```
    pub fn mirrored(&self) -> Network {
        let (width, cells) = (self.size.width(), self.size.cells());
        let mirror = |cell: usize| cell - cell % width + (width - 1 - cell % width);
        let mut network = self.clone();
        network.goal = (0..cells).map(|cell| self.goal[mirror(cell)]).collect();
        for tile in 0..cells {
            for cell in 0..cells {
                let to = (tile * cells + cell) * HIDDEN;
                let from = (tile * cells + mirror(cell)) * HIDDEN;
                network.weights.l1[to..to + HIDDEN]
                    .copy_from_slice(&self.weights.l1[from..from + HIDDEN]);
            }
        }
        network
    }

    /// "5x5 toward 1 2 3 …/… 0": the board and goal it was trained for.
    fn describe(&self) -> String {
        let tiles = self.goal.iter().map(|&t| u32::from(t)).collect();
        match Board::new(self.size, tiles) {
            Ok(goal) => format!("{} toward {goal}", self.size),
            Err(_) => format!("{}", self.size),
        }
    }

    /// The first layer's sums for the position `cells`.
    pub fn accumulate(&self, cells: &[u8]) -> Accumulator {
        self.weights.accumulate(cells)
    }

    /// `acc` after `tile` slid from cell `from` into the blank at cell `to`: four columns added
    /// or taken away, exactly what [`Network::accumulate`] gives for the position after.
    ///
    /// ```
    /// use npuzzle_learned::Network;
    /// # let goal = [1, 2, 3, 4, 5, 6, 7, 8, 0];
    /// # let network = Network::zero("3".parse().unwrap(), &goal);
    /// let before = network.accumulate(&[1, 2, 3, 4, 5, 6, 7, 0, 8]);
    /// let after = network.slide(&before, 8, 8, 7);
    /// assert_eq!(after, network.accumulate(&goal));
    /// ```
    #[inline]
    pub fn slide(&self, acc: &Accumulator, tile: u8, from: usize, to: usize) -> Accumulator {
        self.weights.slide(acc, tile, from, to)
    }

    /// What the network expects beyond linear conflict, in moves (may be negative).
    #[inline]
    pub fn residual(&self, acc: &Accumulator) -> f32 {
        self.weights.residual(acc)
    }

    /// The estimate of a position whose linear conflict is `bound`, with the network's sums
    /// `acc`, in quarters of a move: never below the bound, 0 only at the goal (`bound` 0).
    ///
    /// ```
    /// use npuzzle_learned::Network;
    /// # let goal = [1, 2, 3, 4, 5, 6, 7, 8, 0];
    /// let network = Network::zero("3".parse().unwrap(), &goal);
    /// assert_eq!(network.rank(3, &network.accumulate(&goal)), 12);
    /// assert_eq!(network.rank(0, &network.accumulate(&goal)), 0);
    /// ```
    #[inline]
    pub fn rank(&self, bound: u32, acc: &Accumulator) -> u32 {
        (self.estimate(bound, acc) * RANK_SCALE).round() as u32
    }

    /// The estimate of a position whose linear conflict is `bound`, with the network's sums
    /// `acc`, in moves: the bound plus the residual when that is positive; 0 at the goal.
    ///
    /// ```
    /// use npuzzle_learned::Network;
    /// # let goal = [1, 2, 3, 4, 5, 6, 7, 8, 0];
    /// let network = Network::zero("3".parse().unwrap(), &goal);
    /// assert_eq!(network.estimate(3, &network.accumulate(&goal)), 3.0);
    /// ```
    #[inline]
    pub fn estimate(&self, bound: u32, acc: &Accumulator) -> f32 {
        if bound == 0 {
            return 0.0;
        }
        bound as f32 + self.residual(acc).max(0.0)
    }

    /// The model as a file's bytes: header, weights, checksum.
    pub fn to_bytes(&self) -> Vec<u8> {
        let w = &self.weights;
        let mut out = Vec::with_capacity(MAGIC.len() + 2 * w.l1.len() + 1024);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        out.extend_from_slice(&(self.size.width() as u16).to_le_bytes());
        out.extend_from_slice(&(self.size.height() as u16).to_le_bytes());
        out.extend_from_slice(&self.goal);
        out.extend_from_slice(&(HIDDEN as u16).to_le_bytes());
        out.extend_from_slice(&(SECOND as u16).to_le_bytes());
        out.extend_from_slice(&w.scale1.to_le_bytes());
        out.extend_from_slice(&w.scale2.to_le_bytes());
        out.extend_from_slice(&self.provenance.seed.to_le_bytes());
        out.extend_from_slice(&self.provenance.rounds.to_le_bytes());
        let command = self.provenance.command.as_bytes();
        out.extend_from_slice(&(command.len() as u32).to_le_bytes());
        out.extend_from_slice(command);
        for v in w.l1.iter().chain(&w.b1).chain(&w.l2) {
            out.extend_from_slice(&v.to_le_bytes());
        }
        for v in w.b2.iter().chain(&w.l3).chain([&w.b3]) {
            out.extend_from_slice(&v.to_le_bytes());
        }
        let checksum = crc32fast::hash(&out);
        out.extend_from_slice(&checksum.to_le_bytes());
        out
    }

    /// The model a file's bytes hold, checked: the header, the format version, the shape, the
    /// checksum, and that the goal is a board of the size.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, ModelError> {
        let mut r = Reader::checked(bytes)?;
        let width = u16::from_le_bytes(r.array()?) as usize;
        let height = u16::from_le_bytes(r.array()?) as usize;
        let size = Size::new(width, height)
            .map_err(|e| ModelError::Damaged(format!("its board size: {e}")))?;
        let cells = size.cells();
        let goal = r.take(cells)?.to_vec();
        Board::new(size, goal.iter().map(|&t| u32::from(t)).collect())
            .map_err(|e| ModelError::Damaged(format!("its goal: {e}")))?;
        let hidden = u16::from_le_bytes(r.array()?) as usize;
        let second = u16::from_le_bytes(r.array()?) as usize;
        if (hidden, second) != (HIDDEN, SECOND) {
            return Err(ModelError::Damaged(format!(
                "layers of {hidden} and {second} units, not the {HIDDEN} and {SECOND} this build evaluates"
            )));
        }
        let scale1 = i16::from_le_bytes(r.array()?);
        let scale2 = f32::from_le_bytes(r.array()?);
        if !((1..=255).contains(&scale1) && scale2.is_finite() && scale2 > 0.0) {
            return Err(ModelError::Damaged(format!(
                "its scales {scale1} and {scale2}"
            )));
        }
        let seed = u64::from_le_bytes(r.array()?);
        let rounds = u64::from_le_bytes(r.array()?);
        let command_len = u32::from_le_bytes(r.array()?) as usize;
        let command = String::from_utf8(r.take(command_len)?.to_vec())
            .map_err(|_| ModelError::Damaged("its command is not UTF-8".into()))?;
        let provenance = Provenance {
            command,
            seed,
            rounds,
        };
        let weights = r.weights(cells, (scale1, scale2))?;
        Ok(Network {
            size,
            goal,
            provenance,
            weights,
        })
    }

    /// Reads and checks the model file at `path` (at most [`MAX_MODEL_BYTES`]).
    pub fn load(path: &Path) -> Result<Network, ModelError> {
        Network::from_bytes(&npuzzle_files::read_named(path, MAX_MODEL_BYTES)?)
    }

    /// Writes the model to `path` whole (a temporary file beside it, renamed into place).
    pub fn save(&self, path: &Path) -> Result<(), ModelError> {
        Ok(npuzzle_files::write_atomically(path, &self.to_bytes())?)
    }
}

/// Whether the model file `bytes` says in its header that it was made for `puzzle`'s board and
/// goal (nothing else is read or checked: [`Network::from_bytes`] does that).
pub(crate) fn made_for(bytes: &[u8], puzzle: &Puzzle) -> bool {
    let at = MAGIC.len() + 4;
    let Some(header) = bytes.get(at..at + 4) else {
        return false;
    };
    let width = usize::from(u16::from_le_bytes([header[0], header[1]]));
    let height = usize::from(u16::from_le_bytes([header[2], header[3]]));
    let size = puzzle.size();
    (width, height) == (size.width(), size.height())
        && bytes.get(at + 4..at + 4 + size.cells()) == Some(puzzle.goal_cells())
}

impl std::fmt::Debug for Network {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Network")
            .field("board", &self.describe())
            .field("provenance", &self.provenance)
            .finish_non_exhaustive()
    }
}

/// Reads a model file's fields in order.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    /// A reader of `bytes` past their header, once the header, the format version and the
    /// checksum are checked.
    fn checked(bytes: &'a [u8]) -> Result<Reader<'a>, ModelError> {
        if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
            return Err(ModelError::NotAModel);
        }
        let mut r = Reader {
            bytes,
            at: MAGIC.len(),
        };
        let version = u32::from_le_bytes(r.array()?);
        if version != FORMAT_VERSION {
            return Err(ModelError::Version(version));
        }
        let (body, stored) = bytes.split_at(bytes.len().saturating_sub(4));
        let stored = u32::from_le_bytes(stored.try_into().map_err(|_| r.short())?);
        let computed = crc32fast::hash(body);
        if stored != computed {
            return Err(ModelError::Checksum { stored, computed });
        }
        Ok(r)
    }

    /// The weights of a network on a board of `cells` cells with the given scales: the rest of
    /// the file, every float finite.
    fn weights(
        &mut self,
        cells: usize,
        (scale1, scale2): (i16, f32),
    ) -> Result<Weights, ModelError> {
        let l1 = self.i16s(cells * cells * HIDDEN)?;
        let b1 = self.i16s(HIDDEN)?;
        let l2 = self.i16s(SECOND * HIDDEN)?;
        let b2 = self.f32s(SECOND)?;
        let l3 = self.f32s(SECOND)?;
        let b3 = self.f32s(1)?[0];
        let body = self.bytes.len().saturating_sub(4);
        if self.at != body {
            return Err(ModelError::Damaged(format!(
                "{} bytes after its weights",
                body.saturating_sub(self.at)
            )));
        }
        if b2.iter().chain(&l3).chain([&b3]).any(|v| !v.is_finite()) {
            return Err(ModelError::Damaged("a weight is not a number".into()));
        }
        Ok(Weights {
            cells,
            l1,
            b1,
            l2_lanes: lanes(&l2),
            l2,
            b2,
            l3,
            b3,
            scale1,
            scale2,
        })
    }

    fn i16s(&mut self, n: usize) -> Result<Vec<i16>, ModelError> {
        let bytes = self.take(n.checked_mul(2).ok_or_else(|| self.short())?)?;
        Ok(bytes
            .chunks_exact(2)
            .map(|b| i16::from_le_bytes([b[0], b[1]]))
            .collect())
    }

    fn f32s(&mut self, n: usize) -> Result<Vec<f32>, ModelError> {
        let bytes = self.take(n.checked_mul(4).ok_or_else(|| self.short())?)?;
        Ok(bytes
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect())
    }

    fn short(&self) -> ModelError {
        ModelError::Damaged(format!("it ends early, after {} bytes", self.bytes.len()))
    }

    fn take(&mut self, n: usize) -> Result<&'a [u8], ModelError> {
        // The last four bytes are the checksum, never a field.
        let end = self.at.checked_add(n).ok_or_else(|| self.short())?;
        if end > self.bytes.len().saturating_sub(4) {
            return Err(self.short());
        }
        let field = &self.bytes[self.at..end];
        self.at = end;
        Ok(field)
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], ModelError> {
        let field = self.take(N)?;
        Ok(field
            .try_into()
            .unwrap_or_else(|_| unreachable!("take gives N bytes")))
    }
}
