//! A hash map from board keys to numbers, reused from one cluster to the next: open addressing,
//! linear probing, cleared in constant time by moving to a new generation.

/// One slot: the key, the generation that wrote it, the value.
#[derive(Clone, Copy, Default)]
struct Slot {
    key: u128,
    generation: u32,
    value: u32,
}

/// Board key to index, for one cluster at a time.
pub struct KeyTable {
    slots: Vec<Slot>,
    generation: u32,
    len: usize,
    shift: u32,
}

impl Default for KeyTable {
    fn default() -> Self {
        KeyTable::new()
    }
}

impl KeyTable {
    /// An empty table of 4,096 slots, growing as needed.
    pub fn new() -> KeyTable {
        KeyTable {
            slots: vec![Slot::default(); 1 << 12],
            generation: 1,
            len: 0,
            shift: 64 - 12,
        }
    }

    /// Forgets every key.
    pub fn clear(&mut self) {
        self.len = 0;
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
    fn home(&self, key: u128) -> usize {
        let folded = (key as u64) ^ ((key >> 64) as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        (folded.wrapping_mul(0xff51_afd7_ed55_8ccd) >> self.shift) as usize
    }

    /// The value of `key`, if present.
    #[inline]
    pub fn get(&self, key: u128) -> Option<u32> {
        let mask = self.slots.len() - 1;
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
    pub fn insert(&mut self, key: u128, value: u32) -> bool {
        if (self.len + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
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
                return true;
            }
            if slot.key == key {
                return false;
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let live: Vec<Slot> = self
            .slots
            .iter()
            .filter(|s| s.generation == self.generation)
            .copied()
            .collect();
        let size = self.slots.len() * 2;
        self.slots = vec![Slot::default(); size];
        self.shift -= 1;
        self.generation = 1;
        self.len = 0;
        for s in live {
            self.insert(s.key, s.value);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_survive_growth_and_vanish_on_clear() {
        let mut t = KeyTable::new();
        for i in 0..100_000u128 {
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
