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
    let mut parts = Vec::new();
    let chunks = map_chunks(len, init, f, &mut parts);
    parts.truncate(chunks);
    parts.into_iter().flatten().collect()
}

/// Runs `f(scratch, i, out)` for every `i` in `0..len`, what it pushes for the indices of chunk
/// `k` going to `parts[k]` (cleared first, kept there: no copy into one vector); returns how
/// many chunks there are. `parts` grows to that many and is reused from call to call.
pub(crate) fn map_chunks<W, R: Send>(
    len: usize,
    init: impl Fn() -> W + Sync,
    f: impl Fn(&mut W, usize, &mut Vec<R>) + Sync,
    parts: &mut Vec<Vec<R>>,
) -> usize {
    let chunks = len.div_ceil(CHUNK);
    if parts.len() < chunks {
        parts.resize_with(chunks, Vec::new);
    }
    let chunk = |(k, part): (usize, &mut Vec<R>)| {
        part.clear();
        let mut scratch = init();
        for i in k * CHUNK..((k + 1) * CHUNK).min(len) {
            f(&mut scratch, i, part);
        }
    };
    #[cfg(not(target_arch = "wasm32"))]
    parts[..chunks].par_iter_mut().enumerate().for_each(chunk);
    #[cfg(target_arch = "wasm32")]
    parts[..chunks].iter_mut().enumerate().for_each(chunk);
    chunks
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
