//! A hash map from board keys to numbers, reused from one cluster to the next: open addressing,
//! linear probing, cleared in constant time by moving to a new generation. Each cluster starts
//! on a small part of the slots (most clusters are small: their probes stay in cache) and
//! spreads over more as it grows.

/// One slot: the key, the generation that wrote it, the value.
#[derive(Clone, Copy, Default)]
struct Slot {
    key: u64,
    generation: u32,
    value: u32,
}

/// Board key to index, for one cluster at a time.
pub struct KeyTable {
    slots: Vec<Slot>,
    generation: u32,
    len: usize,
    /// Slots in use: a power of two, at most `slots.len()`.
    active: usize,
    shift: u32,
    /// The live slots while growing (kept to reuse its memory).
    moving: Vec<Slot>,
}

/// The slots a cluster starts on.
const START_BITS: u32 = 10;

impl Default for KeyTable {
    fn default() -> Self {
        KeyTable::new()
    }
}

impl KeyTable {
    /// An empty table of 1,024 slots, growing as needed.
    pub fn new() -> KeyTable {
        KeyTable {
            slots: vec![Slot::default(); 1 << START_BITS],
            generation: 1,
            len: 0,
            active: 1 << START_BITS,
            shift: 64 - START_BITS,
            moving: Vec::new(),
        }
    }

    /// Forgets every key.
    pub fn clear(&mut self) {
        self.len = 0;
        self.active = 1 << START_BITS;
        self.shift = 64 - START_BITS;
        self.next_generation();
    }

    fn next_generation(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.slots.fill(Slot::default());
            self.generation = 1;
        }
    }

    /// Number of keys.
    pub fn len(&self) -> usize {
        self.len
    }

    /// No keys.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    fn home(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> self.shift) as usize
    }

    /// Asks the processor to bring `key`'s first slot into cache: a batch of lookups prefetched
    /// first waits for memory once instead of once each.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let slot: *const Slot = &self.slots[self.home(key)];
            // SAFETY: a prefetch is only a hint; it never faults, whatever the address.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(slot.cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The value of `key`, if present.
    #[inline]
    pub fn get(&self, key: u64) -> Option<u32> {
        let mask = self.active - 1;
        let mut i = self.home(key);
        loop {
            let slot = &self.slots[i];
            if slot.generation != self.generation {
                return None;
            }
            if slot.key == key {
                return Some(slot.value);
            }
            i = (i + 1) & mask;
        }
    }

    /// Inserts `key` with `value` unless present; true if it was new.
    #[inline]
    pub fn insert(&mut self, key: u64, value: u32) -> bool {
        self.entry(key, value).1
    }

    /// The value of `key`, inserting `value` first if absent; and whether it was absent.
    #[inline]
    pub fn entry(&mut self, key: u64, value: u32) -> (u32, bool) {
        if (self.len + 1) * 2 > self.active {
            self.grow();
        }
        let mask = self.active - 1;
        let mut i = self.home(key);
        loop {
            let slot = &mut self.slots[i];
            if slot.generation != self.generation {
                *slot = Slot {
                    key,
                    generation: self.generation,
                    value,
                };
                self.len += 1;
                return (value, true);
            }
            if slot.key == key {
                return (slot.value, false);
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let mut live = std::mem::take(&mut self.moving);
        live.clear();
        live.extend(
            self.slots[..self.active]
                .iter()
                .filter(|s| s.generation == self.generation),
        );
        self.active *= 2;
        self.shift -= 1;
        if self.active > self.slots.len() {
            self.slots = vec![Slot::default(); self.active];
            self.generation = 1;
        } else {
            self.next_generation();
        }
        self.len = 0;
        for s in &live {
            self.insert(s.key, s.value);
        }
        self.moving = live;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_survive_growth_and_vanish_on_clear() {
        let mut t = KeyTable::new();
        for i in 0..100_000u64 {
            assert!(t.insert(i << 40 | i, i as u32));
        }
        assert!(!t.insert(5 << 40 | 5, 0));
        assert_eq!(t.len(), 100_000);
        assert_eq!(t.get(77 << 40 | 77), Some(77));
        assert_eq!(t.get(100_001), None);
        t.clear();
        assert!(t.is_empty());
        assert_eq!(t.get(77 << 40 | 77), None);
        assert!(t.insert(1, 9));
        assert_eq!(t.get(1), Some(9));
    }
}
