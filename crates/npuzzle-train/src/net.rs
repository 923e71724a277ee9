//! The network in candle for training: the same shape [`npuzzle_learned`] evaluates in
//! integers (a column per tile and cell summed, clipped to 0..1; a dense layer with ReLU; one
//! output: the moves beyond linear conflict).

use candle_core::{DType, Device, Tensor};
use candle_nn::{Embedding, Init, Linear, Module, VarBuilder, VarMap};
use npuzzle_learned::{FloatWeights, HIDDEN, SECOND};

/// The trainable network for boards of `cells` cells.
pub struct Net {
    cells: usize,
    l1: Embedding,
    b1: Tensor,
    l2: Linear,
    l3: Linear,
}

impl Net {
    /// A fresh network (or the variables already in `vars`, as after loading a checkpoint).
    pub fn new(vars: &VarMap, cells: usize) -> candle_core::Result<Net> {
        let vb = VarBuilder::from_varmap(vars, DType::F32, &Device::Cpu);
        let stdev = 0.5 / (cells as f64).sqrt();
        let l1 = vb.get_with_hints(
            (cells * cells, HIDDEN),
            "l1",
            Init::Randn { mean: 0.0, stdev },
        )?;
        let b1 = vb.get_with_hints(HIDDEN, "b1", Init::Const(0.5))?;
        let l2 = candle_nn::linear(HIDDEN, SECOND, vb.pp("l2"))?;
        let l3 = candle_nn::linear(SECOND, 1, vb.pp("l3"))?;
        Ok(Net {
            cells,
            l1: Embedding::new(l1, HIDDEN),
            b1,
            l2,
            l3,
        })
    }

    /// The features of positions `rows`: for each cell, the index of its tile's column.
    pub fn features(&self, rows: &[u8]) -> candle_core::Result<Tensor> {
        let n = self.cells;
        let index: Vec<u32> = rows
            .chunks_exact(n)
            .flat_map(|cells| {
                cells
                    .iter()
                    .enumerate()
                    .map(move |(cell, &tile)| (usize::from(tile) * n + cell) as u32)
            })
            .collect();
        Tensor::from_vec(index, (rows.len() / n, n), &Device::Cpu)
    }

    /// The residuals of a batch of features, shape `(batch,)`.
    pub fn forward(&self, features: &Tensor) -> candle_core::Result<Tensor> {
        let summed = self.l1.forward(features)?.sum(1)?;
        let active = summed.broadcast_add(&self.b1)?.clamp(0f32, 1f32)?;
        let second = self.l2.forward(&active)?.relu()?;
        self.l3.forward(&second)?.squeeze(1)
    }

    /// The weights, for quantizing.
    pub fn export(&self) -> candle_core::Result<FloatWeights> {
        let flat = |t: &Tensor| t.flatten_all()?.to_vec1::<f32>();
        let b3 = match self.l3.bias() {
            Some(b) => flat(b)?[0],
            None => 0.0,
        };
        Ok(FloatWeights {
            l1: flat(self.l1.embeddings())?,
            b1: flat(&self.b1)?,
            l2: flat(self.l2.weight())?,
            b2: self
                .l2
                .bias()
                .map(flat)
                .transpose()?
                .unwrap_or(vec![0.0; SECOND]),
            l3: flat(self.l3.weight())?,
            b3,
        })
    }
}
