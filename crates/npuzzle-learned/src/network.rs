//! The network's arithmetic: a first layer kept as an accumulator that a move updates in four
//! column additions, then two small dense layers.

use wide::{f32x4, i16x8, i32x4};

/// Lanes of a 128-bit vector of 16-bit integers.
const LANES: usize = 8;

/// Units of the first layer.
pub const HIDDEN: usize = 128;

/// Units of the second layer.
pub const SECOND: usize = 32;

/// How many rank units a move is worth: ranks are quarters of a move, as the default ranking's
/// (`Heuristic::rank`), so that [`npuzzle_heuristic::Focus`] weighs the outer rows alike.
pub const RANK_SCALE: f32 = 4.0;

/// The first layer's sums for one position: its bias plus one column of weights for each tile
/// (the blank included) at its cell, in integers. A move changes two tiles' cells, so it
/// changes the accumulator by four columns ([`super::Network::slide`]).
///
/// ```
/// use npuzzle_learned::{Accumulator, Network};
/// let network = Network::zero("3".parse().unwrap(), &[1, 2, 3, 4, 5, 6, 7, 8, 0]);
/// let acc: Accumulator = network.accumulate(&[1, 2, 3, 4, 5, 6, 7, 8, 0]);
/// assert_eq!(network.residual(&acc), 0.0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Accumulator(pub(crate) [i16; HIDDEN]);

/// A network's weights, quantized: the first layer's in `i16` (scaled by `scale1`, which is
/// also the ceiling of its clipped activation), the second's in `i16` (scaled by `scale2`), the
/// last two layers' biases and the output layer in `f32`.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Weights {
    /// Cells of the board.
    pub cells: usize,
    /// `l1[(tile * cells + cell) * HIDDEN + i]`.
    pub l1: Vec<i16>,
    /// `HIDDEN` biases of the first layer.
    pub b1: Vec<i16>,
    /// `l2[j * HIDDEN + i]`.
    pub l2: Vec<i16>,
    /// The same, eight lanes at a time.
    pub l2_lanes: Vec<i16x8>,
    /// `SECOND` biases of the second layer.
    pub b2: Vec<f32>,
    /// `SECOND` weights of the output.
    pub l3: Vec<f32>,
    /// The output's bias.
    pub b3: f32,
    /// The first layer's scale: a float 1.0 is `scale1` (an integer up to 255).
    pub scale1: i16,
    /// The second layer's weights' scale.
    pub scale2: f32,
}

impl Weights {
    fn column(&self, tile: u8, cell: usize) -> &[i16; HIDDEN] {
        let start = (usize::from(tile) * self.cells + cell) * HIDDEN;
        self.l1[start..start + HIDDEN]
            .try_into()
            .unwrap_or_else(|_| unreachable!("the first layer has a column per tile and cell"))
    }

    /// The accumulator of the position `cells`.
    pub fn accumulate(&self, cells: &[u8]) -> Accumulator {
        let mut acc = [0i16; HIDDEN];
        acc.copy_from_slice(&self.b1);
        for (cell, &tile) in cells.iter().enumerate() {
            let column = self.column(tile, cell);
            for (a, w) in acc.iter_mut().zip(column) {
                *a = a.wrapping_add(*w);
            }
        }
        Accumulator(acc)
    }

    /// The accumulator after `tile` slid from `from` into the blank at `to`.
    #[inline]
    pub fn slide(&self, acc: &Accumulator, tile: u8, from: usize, to: usize) -> Accumulator {
        let (gone, came) = (self.column(tile, from), self.column(tile, to));
        let (blank_gone, blank_came) = (self.column(0, to), self.column(0, from));
        let mut next = [0i16; HIDDEN];
        for i in 0..HIDDEN {
            next[i] = acc.0[i]
                .wrapping_sub(gone[i])
                .wrapping_add(came[i])
                .wrapping_sub(blank_gone[i])
                .wrapping_add(blank_came[i]);
        }
        Accumulator(next)
    }

    /// The network's output: the moves it expects beyond linear conflict. The second layer
    /// multiplies eight pairs of 16-bit integers and adds them in pairs per instruction, four
    /// rows at a time so that each activation is loaded once for four rows.
    #[inline]
    pub fn residual(&self, acc: &Accumulator) -> f32 {
        let (floor, ceiling) = (i16x8::ZERO, i16x8::splat(self.scale1));
        let mut active = [i16x8::ZERO; VECTORS];
        for (a, lanes) in active.iter_mut().zip(acc.0.chunks_exact(LANES)) {
            let lanes: [i16; LANES] = lanes
                .try_into()
                .unwrap_or_else(|_| unreachable!("chunks of eight"));
            *a = i16x8::from(lanes).max(floor).min(ceiling);
        }
        let unscale = f32x4::splat(1.0 / (f32::from(self.scale1) * self.scale2));
        let mut out = f32x4::ZERO;
        for ((rows, b2), l3) in self
            .l2_lanes
            .chunks_exact(ROWS * VECTORS)
            .zip(self.b2.chunks_exact(ROWS))
            .zip(self.l3.chunks_exact(ROWS))
        {
            let mut sums = [i32x4::ZERO; ROWS];
            for (k, &a) in active.iter().enumerate() {
                for (r, sum) in sums.iter_mut().enumerate() {
                    *sum += a.dot(rows[r * VECTORS + k]);
                }
            }
            // The four rows' sums side by side, exact in integers, then their activations.
            let z = i32x4::from(sums.map(i32x4::reduce_add)).round_float() * unscale + four(b2);
            out += z.max(f32x4::ZERO) * four(l3);
        }
        self.b3 + out.reduce_add()
    }
}

/// Vectors of [`LANES`] in the first layer's output.
const VECTORS: usize = HIDDEN / LANES;

/// Rows of the second layer computed together: one vector of their sums.
const ROWS: usize = 4;

/// Four floats from a slice of four.
fn four(values: &[f32]) -> f32x4 {
    f32x4::from(<[f32; ROWS]>::try_from(values).unwrap_or_else(|_| unreachable!("four")))
}

/// The second layer's weights eight lanes at a time.
pub(crate) fn lanes(l2: &[i16]) -> Vec<i16x8> {
    l2.chunks_exact(LANES)
        .map(|c| i16x8::from(<[i16; LANES]>::try_from(c).unwrap_or_else(|_| unreachable!("eight"))))
        .collect()
}
