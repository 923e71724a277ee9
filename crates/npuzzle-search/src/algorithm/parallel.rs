//! Data parallelism on every core where there are threads (rayon), and the same loops run
//! sequentially in WebAssembly, so the searches that use them build for both.

#[cfg(not(target_arch = "wasm32"))]
use rayon::prelude::*;

/// Items per task: large enough that splitting costs little, small enough to balance two cores.
const CHUNK: usize = 1024;

/// Runs `f(scratch, i, out)` for every `i` in `0..len`, concatenating what each pushes to `out`
/// in index order; `scratch` is made once per chunk of indices by `init`.
pub(crate) fn flat_map<W, R: Send>(
    len: usize,
    init: impl Fn() -> W + Sync,
    f: impl Fn(&mut W, usize, &mut Vec<R>) + Sync,
) -> Vec<R> {
    let chunk = |start: usize| {
        let mut scratch = init();
        let mut out = Vec::new();
        for i in start..(start + CHUNK).min(len) {
            f(&mut scratch, i, &mut out);
        }
        out
    };
    let starts = (0..len).step_by(CHUNK);
    #[cfg(not(target_arch = "wasm32"))]
    let parts: Vec<Vec<R>> = starts
        .collect::<Vec<_>>()
        .into_par_iter()
        .map(chunk)
        .collect();
    #[cfg(target_arch = "wasm32")]
    let parts: Vec<Vec<R>> = starts.map(chunk).collect();
    parts.into_iter().flatten().collect()
}

/// Fills row `i` (of `row` bytes) of `buffer` from `items[i]`.
pub(crate) fn fill_rows<T: Sync>(
    buffer: &mut [u8],
    row: usize,
    items: &[T],
    f: impl Fn(&T, &mut [u8]) + Sync,
) {
    #[cfg(not(target_arch = "wasm32"))]
    buffer
        .par_chunks_mut(row)
        .zip(items)
        .with_min_len(CHUNK)
        .for_each(|(cells, item)| f(item, cells));
    #[cfg(target_arch = "wasm32")]
    buffer
        .chunks_mut(row)
        .zip(items)
        .for_each(|(cells, item)| f(item, cells));
}
