//! The memory of a large table of atomic words, backed by huge pages where the system offers
//! them: a solver's table is read at random, and with 4 KB pages nearly every probe of a large
//! table also misses the address translation cache; 2 MB pages keep the translations of a
//! gigabyte in it.
//!
//! A solve of a few thousand nodes in a fresh table of gigabytes touches a few thousand of
//! its cache lines, yet every probe of the others would wait for main memory (and a full
//! clear writes every byte): the slots keep a map of the blocks written since the last
//! clear (`Touched`, one bit per cache line), a probe of an untouched block knows the
//! block holds zeros without reading it, and a clear zeroes only the touched blocks. Once
//! half the blocks are touched the map marks them all and steps aside until the next clear.
//! A table that fits in half the last-level cache is cleared whole and keeps no map: its
//! full clear leaves it in the cache, which its probes then hit (7x6's 64 MB tables of
//! short solves took a sixth more time with the map).

use std::alloc::{Layout, alloc, dealloc, handle_alloc_error};
use std::ops::{Deref, DerefMut};
use std::ptr::NonNull;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

/// The size of a huge page (on x86-64 Linux), the alignment of the memory.
const HUGE_PAGE: usize = 2 << 20;
/// Bytes of a block of the map of touched slots, a cache line: a touched block was written
/// during this solve and is likely in the cache still (coarser blocks cost 7x6's short solves
/// in a 64 MB table a fifth more time, their probes of touched blocks going to main memory
/// where a full clear had left the whole table in the cache). The map takes 1/512 of the
/// table (4 MB for 2 GB).
const BLOCK_BYTES: usize = 64;

/// Which blocks of a table's slots may hold a non-zero word: one bit per block, set when a
/// word of the block is written. A clear bit means every word of the block is zero. Once
/// half the blocks are marked, every bit is set (`full`) until the next clear, so that a
/// table in full use pays one bit test a probe and nothing more.
struct Touched {
    bits: Box<[AtomicU64]>,
    /// log2 of the slots of a block.
    shift: u32,
    /// Blocks marked since the last clear.
    marked: AtomicUsize,
    /// Blocks beyond which every bit is set.
    most: usize,
    /// True once every bit is set: a clear must then zero every block.
    full: AtomicBool,
}

impl Touched {
    /// The map of `len` slots of `slot_bytes` bytes each, nothing touched.
    fn new(len: usize, slot_bytes: usize) -> Self {
        let shift = (BLOCK_BYTES / slot_bytes).max(1).ilog2();
        let blocks = len.div_ceil(1 << shift);
        Touched {
            bits: (0..blocks.div_ceil(64))
                .map(|_| AtomicU64::new(0))
                .collect(),
            shift,
            marked: AtomicUsize::new(0),
            most: blocks / 2,
            full: AtomicBool::new(false),
        }
    }

    /// The word and bit of the block of slot `index`.
    #[inline(always)]
    fn place(&self, index: usize) -> (&AtomicU64, u64) {
        let block = index >> self.shift;
        (&self.bits[block / 64], 1 << (block % 64))
    }

    /// False when every word of the block of slot `index` is zero.
    #[inline(always)]
    fn may_hold(&self, index: usize) -> bool {
        let (word, bit) = self.place(index);
        word.load(Ordering::Relaxed) & bit != 0
    }

    /// Marks the block of slot `index` as touched (before a word of it is written).
    #[inline(always)]
    fn mark(&self, index: usize) {
        let (word, bit) = self.place(index);
        if word.load(Ordering::Relaxed) & bit == 0 {
            self.mark_new(word, bit);
        }
    }

    #[cold]
    fn mark_new(&self, word: &AtomicU64, bit: u64) {
        if word.fetch_or(bit, Ordering::Relaxed) & bit == 0
            && self.marked.fetch_add(1, Ordering::Relaxed) + 1 > self.most
        {
            self.mark_all();
        }
    }

    /// Marks every block.
    fn mark_all(&self) {
        self.full.store(true, Ordering::Relaxed);
        for word in self.bits.iter() {
            word.store(u64::MAX, Ordering::Relaxed);
        }
    }
}

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
    /// The blocks written since the last clear.
    touched: Touched,
    /// False for a table cleared whole (small enough for the cache): the map is not used.
    tracking: bool,
}

/// The size of the last-level cache, as the system tells it (32 MB if it does not).
fn cache_bytes() -> usize {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        // SAFETY: `sysconf` only reads a system setting.
        let bytes = unsafe { libc::sysconf(libc::_SC_LEVEL3_CACHE_SIZE) };
        if bytes > 0 {
            return bytes as usize;
        }
    }
    32 << 20
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
        let tracking = len * size_of::<A>() > cache_bytes() / 2;
        Slots::with_tracking(ptr, len, tracking)
    }

    /// The same memory, cleared, as words `B` of the same total size: a table that changes
    /// the kind of its entries keeps its memory (no new allocation, whose pages the kernel
    /// would have to find and zero again).
    pub fn recast<B: AtomicWord>(mut self) -> Slots<B> {
        self.clear();
        let bytes = self.len * size_of::<A>();
        assert!(bytes.is_multiple_of(size_of::<B>()) && align_of::<B>() <= HUGE_PAGE);
        let (ptr, tracking) = (self.ptr.cast::<B>(), self.tracking);
        let mut this = std::mem::ManuallyDrop::new(self);
        // SAFETY: the map is dropped once, here; the memory (all zeros, a valid word `B`,
        // aligned to a huge page) passes to the new slots, whose layout is the same size.
        unsafe { std::ptr::drop_in_place(&mut this.touched) };
        Slots::with_tracking(ptr, bytes / size_of::<B>(), tracking)
    }

    fn with_tracking(ptr: NonNull<A>, len: usize, tracking: bool) -> Self {
        let touched = Touched::new(if tracking { len } else { 1 }, size_of::<A>());
        if !tracking {
            touched.mark_all();
        }
        Slots {
            ptr,
            len,
            touched,
            tracking,
        }
    }

    /// Sets every word to zero: the words of the blocks touched since the last clear.
    pub fn clear(&mut self) {
        if !self.tracking {
            // SAFETY: as below.
            unsafe { std::ptr::write_bytes(self.ptr.as_ptr(), 0, self.len) };
            return;
        }
        let touched = &mut self.touched;
        if *touched.full.get_mut() {
            // SAFETY: `&mut self` makes the access exclusive; `ptr` holds `len` words, and
            // all bits zero is a valid atomic word.
            unsafe { std::ptr::write_bytes(self.ptr.as_ptr(), 0, self.len) };
            for word in touched.bits.iter_mut() {
                *word.get_mut() = 0;
            }
        } else {
            let block = 1usize << touched.shift;
            for (w, word) in touched.bits.iter_mut().enumerate() {
                let mut bits = std::mem::take(word.get_mut());
                while bits != 0 {
                    let start = (w * 64 + bits.trailing_zeros() as usize) * block;
                    let count = block.min(self.len - start);
                    // SAFETY: as above; `start + count <= len`.
                    unsafe { std::ptr::write_bytes(self.ptr.as_ptr().add(start), 0, count) };
                    bits &= bits - 1;
                }
            }
        }
        *touched.full.get_mut() = false;
        *touched.marked.get_mut() = 0;
    }

    /// Starts fetching into the cache the bit of the map that says whether the word at
    /// `index` may be non-zero (nothing when no map is kept).
    #[inline(always)]
    pub fn prefetch_map(&self, index: usize) {
        if self.tracking {
            let (word, _) = self.touched.place(index);
            prefetch_address(std::ptr::from_ref(word).cast());
        }
    }

    /// False when the word at `index` is zero for sure (its block untouched since the last
    /// clear), without reading it.
    #[inline(always)]
    pub fn may_hold(&self, index: usize) -> bool {
        !self.tracking || self.touched.may_hold(index)
    }

    /// Writes `value` to the word at `index` (and marks its block touched).
    #[inline(always)]
    pub fn set(&self, index: usize, value: A::Value) {
        if self.tracking {
            self.touched.mark(index);
        }
        self[index].set(value);
    }

    /// Takes every block as touched until the next clear: for words written otherwise than
    /// by `set`.
    pub fn touch_all(&mut self) {
        self.touched.mark_all();
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
        prefetch_address(self.ptr.as_ptr().wrapping_add(index).cast());
    }
}

/// Starts fetching the cache line of `address` into the cache.
#[inline(always)]
fn prefetch_address(address: *const i8) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch is a hint: it reads nothing into the program and never faults,
    // whatever the address.
    unsafe {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        _mm_prefetch::<_MM_HINT_T0>(address);
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = address;
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
        slots.touch_all();
        slots.clear();
        assert_eq!(slots[12345].get(), 0);
        let wide = Slots::<portable_atomic::AtomicU128>::zeroed(1000);
        wide[999].set(u128::MAX - 5);
        assert_eq!(
            (wide[999].get(), wide[0].get(), wide.bytes()),
            (u128::MAX - 5, 0, 16_000)
        );
    }

    #[test]
    fn a_clear_zeroes_every_touched_block_and_only_touched_blocks_are_read() {
        // 8 slots of 8 bytes a block, 32,768 blocks.
        let mut slots = Slots::<AtomicU64>::zeroed(1 << 18);
        slots.tracking = true;
        slots.touched = Touched::new(1 << 18, 8);
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for round in 0..3 {
            // Few writes (the map keeps track), then enough for half the blocks (it gives up).
            let writes = if round == 1 { 100_000 } else { 300 };
            let mut written = Vec::new();
            for _ in 0..writes {
                let i = (next() % (1 << 18)) as usize;
                slots.set(i, next() | 1);
                written.push(i);
            }
            for &i in &written {
                assert!(slots.may_hold(i));
            }
            let untouched = (0..1 << 18).filter(|&i| !slots.may_hold(i)).count();
            assert_eq!(untouched == 0, round == 1, "{untouched}");
            for i in 0..1 << 18 {
                assert!(slots.may_hold(i) || slots[i].get() == 0);
            }
            slots.clear();
            assert!(slots.iter().all(|s| s.get() == 0));
            assert!((0..1 << 18).all(|i| !slots.may_hold(i)));
        }
    }
}
