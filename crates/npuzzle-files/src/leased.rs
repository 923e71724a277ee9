//! A file mapped into memory that nobody can change under the program: the bytes checked once
//! are the bytes read until the end.
//!
//! A plain map reads the file as it is at each access: a file copied over or truncated by
//! another program while a search runs would give other bytes than those checked, or end the
//! process with a bus error. Reading the whole file into the process's own memory is safe but
//! costs a copy and a fault a page (a 15-puzzle's 288 MB of databases: 0.1 s of the 0.3 s a
//! whole run takes). A map under a **read lease** (Linux's `F_SETLEASE`) is safe and costs
//! neither:
//!
//! - while the lease is held, nobody can open the file for writing or truncate it: the kernel
//!   holds such an `open` or `truncate` back and tells the holder (`SIGIO`);
//! - a thread of this module answers at once: it copies the mapped bytes into memory of the
//!   process's own, puts that memory at the very addresses of the map (`mremap`, one step, so a
//!   reader sees the old bytes or the same bytes copied, never a gap), then gives the lease up,
//!   and the other program goes on with its write;
//! - the map is advised onto huge pages: what the page cache reads in for it, whatever order
//!   the reads come in, comes in 2 MB pieces that this map and every later one take whole (one
//!   fault and one entry of the processor's address cache each, not 512). A file cached before in
//!   4 KB pages stays so until the system lets it go;
//! - a lease cannot be had on a file someone has open for writing, on a file of another owner,
//!   or where the filesystem or the system has none: [`map`] then says so (`None`) and the caller
//!   reads the file instead.
//!
//! The kernel waits for the answer `/proc/sys/fs/lease-break-time` seconds (45 by default). So a
//! map can still fault in two cases: a process stopped longer than that (`kill -STOP`, a
//! debugger) while another truncates its file, and a child forked from the holder while it holds
//! a map (Python's `multiprocessing` on Linux), whose map stays the file's: the holder copies
//! only its own before letting the lease go.
//!
//! Elsewhere than on Linux, [`map`] always says `None`.

#[cfg(target_os = "linux")]
pub use linux::{LeasedMap, map};
#[cfg(not(target_os = "linux"))]
pub use other::{LeasedMap, map};

#[cfg(target_os = "linux")]
#[allow(unsafe_code)] // mmap, mremap and fcntl's leases: each block says why it is sound
mod linux {
    use std::fs::File;
    use std::io;
    use std::os::fd::AsRawFd;
    use std::sync::{Mutex, OnceLock};

    /// A file's first `len` bytes mapped read-only under a read lease (see the module's text), for
    /// as long as it lives.
    ///
    /// ```
    /// let path = std::env::temp_dir().join(format!("npuzzle-leased-doc-{}", std::process::id()));
    /// std::fs::write(&path, b"entries").unwrap();
    /// let file = npuzzle_files::open_own(&path).unwrap();
    /// match npuzzle_files::leased::map(&file, 7).unwrap() {
    ///     Some(map) => assert_eq!(&*map, b"entries"),
    ///     None => {} // no lease here: read the file instead
    /// }
    /// std::fs::remove_file(&path).unwrap();
    /// ```
    pub struct LeasedMap {
        address: usize,
        len: usize,
        /// Held open, never read: the lease is the open file's, and ends when it is closed.
        _lease: File,
    }

    /// One map's place in [`MAPS`], what the watcher needs to copy it.
    struct Entry {
        address: usize,
        len: usize,
        fd: i32,
    }

    /// Every map still under its lease, for the watcher. A map leaves it (under the lock) when it
    /// is copied, or before it is unmapped, so the watcher never copies memory that is gone.
    static MAPS: Mutex<Vec<Entry>> = Mutex::new(Vec::new());

    /// Whether the watcher of lease breaks runs (started on the first map; never where `SIGIO`
    /// cannot be handled).
    static WATCHER: OnceLock<bool> = OnceLock::new();

    /// Maps the first `len` bytes of `file` (a regular file opened read-only, at least `len` long)
    /// under a read lease and advised onto huge pages, each page taken from the page cache when
    /// first read (by whichever thread reads it: a checksum of two halves on two threads makes
    /// them on both). `None` where no lease can be had (see the module's text): read the file
    /// instead.
    pub fn map(file: &File, len: usize) -> io::Result<Option<LeasedMap>> {
        if len == 0 || !*WATCHER.get_or_init(start_watcher) {
            return Ok(None);
        }
        let file = file.try_clone()?;
        let fd = file.as_raw_fd();
        // Held from before the lease until the map is listed: a break that comes in between waits
        // for it, and then finds the map to copy.
        let mut maps = lock_maps();
        // SAFETY: fcntl on a descriptor this function owns; no memory is passed.
        if unsafe { libc::fcntl(fd, libc::F_SETLEASE, libc::F_RDLCK) } == -1 {
            return Ok(None);
        }
        // Under the lease the length can no longer change: check it now, not before.
        if file.metadata()?.len() < len as u64 {
            return Err(io::Error::new(
                io::ErrorKind::UnexpectedEof,
                "the file is shorter than it said",
            ));
        }
        // SAFETY: a new read-only shared map of an open descriptor, at an address the kernel picks;
        // nothing else refers to it yet.
        let address = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                len,
                libc::PROT_READ,
                libc::MAP_SHARED,
                fd,
                0,
            )
        };
        if address == libc::MAP_FAILED {
            return Err(io::Error::last_os_error());
        }
        // SAFETY: advice on the map just made, `len` bytes at `address`; it changes no byte.
        // Pages not yet in the page cache are then read in 2 MB pieces, which this map and every
        // later one take whole (one fault and one address-cache entry each, not 512). Where the
        // system has no huge pages the advice fails, and nothing else changes.
        unsafe { libc::madvise(address, len, libc::MADV_HUGEPAGE) };
        let address = address as usize;
        maps.push(Entry { address, len, fd });
        Ok(Some(LeasedMap {
            address,
            len,
            _lease: file,
        }))
    }

    impl std::ops::Deref for LeasedMap {
        type Target = [u8];

        fn deref(&self) -> &[u8] {
            // SAFETY: `len` readable bytes at `address` stay mapped until `drop`, and never change:
            // the lease keeps writers out, and its break puts a copy of the same bytes in their place.
            unsafe { std::slice::from_raw_parts(self.address as *const u8, self.len) }
        }
    }

    impl AsRef<[u8]> for LeasedMap {
        fn as_ref(&self) -> &[u8] {
            self
        }
    }

    impl Drop for LeasedMap {
        fn drop(&mut self) {
            let mut maps = lock_maps();
            maps.retain(|entry| entry.address != self.address);
            // SAFETY: the map this value made, no longer borrowed (`drop` has `&mut self`) and no
            // longer in `MAPS`; the watcher holds the lock while it copies.
            unsafe { libc::munmap(self.address as *mut libc::c_void, self.len) };
            // `self._lease` is closed after this, which ends the lease.
        }
    }

    impl std::fmt::Debug for LeasedMap {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.debug_struct("LeasedMap")
                .field("len", &self.len)
                .finish_non_exhaustive()
        }
    }

    fn lock_maps() -> std::sync::MutexGuard<'static, Vec<Entry>> {
        MAPS.lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Starts the thread that answers lease breaks; false where `SIGIO` cannot be handled (then no
    /// lease is taken: its break would end the process).
    fn start_watcher() -> bool {
        let Ok(mut signals) = signal_hook::iterator::Signals::new([signal_hook::consts::SIGIO])
        else {
            return false;
        };
        std::thread::Builder::new()
            .name("npuzzle-leases".into())
            .spawn(move || {
                for _ in signals.forever() {
                    answer_breaks();
                }
            })
            .is_ok()
    }

    /// Copies every map whose lease is being broken into memory of the process's own, gives the
    /// lease up, and forgets the map.
    fn answer_breaks() {
        lock_maps().retain(|entry| {
            // SAFETY: fcntl on a descriptor its map holds open while it is in `MAPS`.
            if unsafe { libc::fcntl(entry.fd, libc::F_GETLEASE) } == libc::F_RDLCK {
                return true; // not this one
            }
            // Copied or not, the lease is given up: holding it would only make the other program
            // wait for the kernel's timeout.
            let _ = copy_in_place(entry.address, entry.len);
            // SAFETY: as above.
            unsafe { libc::fcntl(entry.fd, libc::F_SETLEASE, libc::F_UNLCK) };
            false
        });
    }

    /// Puts a private copy of the `len` mapped bytes at `address` in their place, in one step.
    fn copy_in_place(address: usize, len: usize) -> io::Result<()> {
        // SAFETY: a new private anonymous map, written only here before it takes the old map's
        // place; `address..address + len` is a live map (its entry is in `MAPS`, whose lock the
        // caller holds) whose bytes cannot change while the lease is held.
        unsafe {
            let copy = libc::mmap(
                std::ptr::null_mut(),
                len,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            );
            if copy == libc::MAP_FAILED {
                return Err(io::Error::last_os_error());
            }
            std::ptr::copy_nonoverlapping(address as *const u8, copy as *mut u8, len);
            let moved = if libc::mprotect(copy, len, libc::PROT_READ) == 0 {
                libc::mremap(
                    copy,
                    len,
                    len,
                    libc::MREMAP_MAYMOVE | libc::MREMAP_FIXED,
                    address as *mut libc::c_void,
                )
            } else {
                libc::MAP_FAILED
            };
            if moved == libc::MAP_FAILED {
                let error = io::Error::last_os_error();
                libc::munmap(copy, len);
                return Err(error);
            }
        }
        Ok(())
    }
}

#[cfg(not(target_os = "linux"))]
mod other {
    use std::fs::File;
    use std::io;

    /// Never made here: no leases on this system.
    #[derive(Debug)]
    pub struct LeasedMap(std::convert::Infallible);

    /// `None`: no leases on this system; read the file instead.
    pub fn map(_file: &File, _len: usize) -> io::Result<Option<LeasedMap>> {
        Ok(None)
    }

    impl std::ops::Deref for LeasedMap {
        type Target = [u8];

        fn deref(&self) -> &[u8] {
            match self.0 {}
        }
    }

    impl AsRef<[u8]> for LeasedMap {
        fn as_ref(&self) -> &[u8] {
            self
        }
    }
}
