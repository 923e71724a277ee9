//! A hint to the processor to fetch memory a search will read soon.
//!
//! A beam's largest costs are reads that miss the cache: its candidates, read in the order of
//! their values, and its table of recent positions, read once per child at a random place.
//! Asking for the lines a few steps ahead overlaps those waits. (The pattern databases' entries
//! are not asked for: computing each rank twice cost more than the wait it hid.)

/// Asks the processor to bring the cache line holding `value` near (a hint: nothing is read,
/// nothing can fault; on processors other than x86-64 it does nothing).
#[inline(always)]
#[allow(unsafe_code)]
pub fn prefetch<T>(value: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch neither reads nor writes memory and cannot fault (the pointer comes from
    // a reference anyway), and SSE, which provides it, is part of every x86-64 processor.
    unsafe {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        _mm_prefetch::<_MM_HINT_T0>((value as *const T).cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = value;
}
