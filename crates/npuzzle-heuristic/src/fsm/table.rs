//! The machine's transitions in memory: 16 bytes a state (four little-endian entries, as in its
//! file), in an anonymous map on huge pages where the system gives them on request, since a
//! deep machine is hundreds of megabytes read at random, one state a node.

/// The transitions of every state (see [`super::automaton::Transitions`] for an entry's bits).
pub(super) struct Table {
    #[cfg(not(target_arch = "wasm32"))]
    bytes: memmap2::Mmap,
    #[cfg(target_arch = "wasm32")]
    bytes: Vec<u8>,
}

impl Table {
    /// The table of `rows`.
    pub(super) fn new(rows: &[[u32; 4]]) -> Table {
        let filled = Table::from_le_bytes(rows.len(), |bytes| {
            for (row, out) in rows.iter().zip(bytes.chunks_exact_mut(16)) {
                for (entry, out) in row.iter().zip(out.chunks_exact_mut(4)) {
                    out.copy_from_slice(&entry.to_le_bytes());
                }
            }
            Ok::<(), std::convert::Infallible>(())
        });
        match filled {
            Ok(table) => table,
            Err(never) => match never {},
        }
    }

    /// A table of `states` states whose bytes `fill` writes.
    pub(super) fn from_le_bytes<E>(
        states: usize,
        fill: impl FnOnce(&mut [u8]) -> Result<(), E>,
    ) -> Result<Table, E> {
        let length = states * 16;
        #[cfg(not(target_arch = "wasm32"))]
        {
            let mut memory = memmap2::MmapOptions::new()
                .len(length.max(1))
                .map_anon()
                .unwrap_or_else(|e| panic!("no memory for a machine of {length} bytes: {e}"));
            #[cfg(target_os = "linux")]
            let _ = memory.advise(memmap2::Advice::HugePage);
            fill(&mut memory[..length])?;
            let bytes = memory
                .make_read_only()
                .unwrap_or_else(|e| panic!("an anonymous map made read-only: {e}"));
            Ok(Table { bytes })
        }
        #[cfg(target_arch = "wasm32")]
        {
            let mut bytes = vec![0; length];
            fill(&mut bytes)?;
            Ok(Table { bytes })
        }
    }

    /// How many states there are.
    pub(super) fn len(&self) -> usize {
        self.bytes.len() / 16
    }

    /// The entry of move `m` from `state`.
    #[inline(always)]
    pub(super) fn entry(&self, state: u32, m: usize) -> u32 {
        let at = state as usize * 16 + m * 4;
        let bytes: [u8; 4] = self.bytes[at..at + 4].try_into().unwrap_or_default();
        u32::from_le_bytes(bytes)
    }

    /// The row of `state`, to ask the processor for ahead of reading it.
    #[inline(always)]
    pub(super) fn row(&self, state: u32) -> &u8 {
        &self.bytes[state as usize * 16]
    }

    /// Every entry, state by state, as the little-endian bytes of the file.
    pub(super) fn as_bytes(&self) -> &[u8] {
        &self.bytes[..self.len() * 16]
    }

    /// Every entry, state by state.
    pub(super) fn entries(&self) -> impl Iterator<Item = u32> + '_ {
        self.as_bytes()
            .chunks_exact(4)
            .map(|b| u32::from_le_bytes(b.try_into().unwrap_or_default()))
    }
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Table({} states)", self.len())
    }
}
