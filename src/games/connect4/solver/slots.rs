//! The memory of a large table of atomic words, backed by huge pages where the system offers
//! them: a solver's table is read at random, and with 4 KB pages nearly every probe of a large
//! table also misses the address translation cache; 2 MB pages keep the translations of a
//! gigabyte in it.

use std::alloc::{Layout, alloc, dealloc, handle_alloc_error};
use std::ops::{Deref, DerefMut};
use std::ptr::NonNull;
use std::sync::atomic::{AtomicU64, Ordering};

/// The size of a huge page (on x86-64 Linux), the alignment of the memory.
const HUGE_PAGE: usize = 2 << 20;

/// An atomic word of a table: read and written whole, all bits zero being its zero value.
pub trait AtomicWord: Send + Sync + 'static {
    /// The word's value.
    type Value: Copy;
    /// Reads the word (relaxed).
    fn get(&self) -> Self::Value;
    /// Writes the word (relaxed).
    fn set(&self, value: Self::Value);
}

impl AtomicWord for AtomicU64 {
    type Value = u64;
    #[inline(always)]
    fn get(&self) -> u64 {
        self.load(Ordering::Relaxed)
    }
    #[inline(always)]
    fn set(&self, value: u64) {
        self.store(value, Ordering::Relaxed);
    }
}

impl AtomicWord for portable_atomic::AtomicU128 {
    type Value = u128;
    #[inline(always)]
    fn get(&self) -> u128 {
        self.load(Ordering::Relaxed)
    }
    #[inline(always)]
    fn set(&self, value: u128) {
        self.store(value, Ordering::Relaxed);
    }
}

/// A zeroed array of atomic words, aligned to huge pages.
pub struct Slots<A: AtomicWord = AtomicU64> {
    ptr: NonNull<A>,
    len: usize,
}

// SAFETY: `Slots` owns its memory, like a `Box<[A]>`, which is `Send` and `Sync` for atomic
// words.
unsafe impl<A: AtomicWord> Send for Slots<A> {}
// SAFETY: as above; shared access goes through the atomics.
unsafe impl<A: AtomicWord> Sync for Slots<A> {}

impl<A: AtomicWord> Slots<A> {
    fn layout(len: usize) -> Layout {
        let bytes = (len * size_of::<A>()).max(size_of::<A>());
        Layout::from_size_align(bytes, HUGE_PAGE).unwrap_or_else(|_| {
            // Only a size near `isize::MAX` fails: no table gets that large.
            panic!("a table of {bytes} bytes cannot be laid out")
        })
    }

    /// `len` zeroed words (at least one).
    pub fn zeroed(len: usize) -> Self {
        let len = len.max(1);
        let layout = Self::layout(len);
        // SAFETY: the layout has a non-zero size.
        let raw = unsafe { alloc(layout) };
        let Some(ptr) = NonNull::new(raw.cast::<A>()) else {
            handle_alloc_error(layout)
        };
        #[cfg(target_os = "linux")]
        // SAFETY: the range is the allocation just made, aligned to a huge page; the advice
        // changes how the kernel backs it, not its contents (a refusal is harmless).
        unsafe {
            libc::madvise(raw.cast(), layout.size(), libc::MADV_HUGEPAGE);
        }
        // SAFETY: `ptr` points to `len` words of fresh memory, written here before any read
        // (all bits zero is a valid atomic word).
        unsafe { std::ptr::write_bytes(ptr.as_ptr(), 0, len) };
        Slots { ptr, len }
    }

    /// Sets every word to zero.
    pub fn clear(&mut self) {
        // SAFETY: `&mut self` makes the access exclusive; `ptr` holds `len` words, and all
        // bits zero is a valid atomic word.
        unsafe { std::ptr::write_bytes(self.ptr.as_ptr(), 0, self.len) };
    }

    /// Size in bytes.
    pub fn bytes(&self) -> usize {
        self.len * size_of::<A>()
    }
}

impl<A: AtomicWord> Slots<A> {
    /// Starts fetching the word at `index` (and its cache line) into the cache.
    #[inline(always)]
    pub fn prefetch(&self, index: usize) {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch is a hint: it reads nothing into the program and never faults,
        // whatever the address (computed without dereferencing it).
        unsafe {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            _mm_prefetch::<_MM_HINT_T0>(self.ptr.as_ptr().wrapping_add(index).cast());
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = index;
    }
}

impl<A: AtomicWord> Deref for Slots<A> {
    type Target = [A];

    fn deref(&self) -> &[A] {
        // SAFETY: `ptr` holds `len` initialised words for as long as `self` lives.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl<A: AtomicWord> DerefMut for Slots<A> {
    fn deref_mut(&mut self) -> &mut [A] {
        // SAFETY: as for `deref`, and `&mut self` makes the access exclusive.
        unsafe { std::slice::from_raw_parts_mut(self.ptr.as_ptr(), self.len) }
    }
}

impl<A: AtomicWord> Drop for Slots<A> {
    fn drop(&mut self) {
        // SAFETY: allocated in `zeroed` with this very layout.
        unsafe { dealloc(self.ptr.as_ptr().cast(), Self::layout(self.len)) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_start_zeroed_and_hold_words() {
        let mut slots = Slots::<AtomicU64>::zeroed(1 << 20);
        assert_eq!(slots.len(), 1 << 20);
        assert!(slots.iter().all(|s| s.load(Ordering::Relaxed) == 0));
        slots[12345].store(7, Ordering::Relaxed);
        assert_eq!(*slots[12345].get_mut(), 7);
        assert_eq!(slots.as_ptr() as usize % HUGE_PAGE, 0);
        assert_eq!(Slots::<AtomicU64>::zeroed(0).len(), 1);
        slots.clear();
        assert_eq!(slots[12345].get(), 0);
        let wide = Slots::<portable_atomic::AtomicU128>::zeroed(1000);
        wide[999].set(u128::MAX - 5);
        assert_eq!(
            (wide[999].get(), wide[0].get(), wide.bytes()),
            (u128::MAX - 5, 0, 16_000)
        );
    }
}
