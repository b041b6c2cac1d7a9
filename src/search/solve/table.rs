//! The Connect Four solver's transposition table: one 64-bit word per entry, holding the
//! position key and both bounds on its exact score.
//!
//! Entry layout (bit 63 is the high bit):
//!
//! | bits   | field                                                        |
//! |--------|--------------------------------------------------------------|
//! | 0-5    | lower bound + 32 (the score is at least this)                |
//! | 6-11   | upper bound + 32 (the score is at most this)                 |
//! | 12-60  | the position key's low 49 bits                               |
//! | 61-63  | stones played / 6 (how near the root the position is)        |
//!
//! A zero word is an empty slot (bounds are never stored as 0). Slots come in buckets of two,
//! indexed by the key modulo the (odd) number of buckets: the first slot keeps the entry
//! nearer the root (costlier to recompute), the second takes whatever comes. Keys have up to
//! 64 bits (a board of width x (height + 1) = 64 bits); the bucket index and the stored 49
//! bits still tell keys apart (Chinese remainder theorem), because the number of buckets is
//! odd and at least 2^15.

use std::sync::atomic::{AtomicU64, Ordering};

/// Offset making a score (-30..=30: boards have at most 60 cells) non-negative in 6 bits.
const OFFSET: i32 = 32;
const BOUND_BITS: u64 = 0x3f;
const KEY_BITS: u64 = (1 << 49) - 1;

/// Bounds on the exact score of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// The score is at least this.
    pub lower: i32,
    /// The score is at most this.
    pub upper: i32,
}

/// A fixed-size table of score bounds keyed by position key, shared by the threads of a
/// parallel solve: each entry is one word, read and written whole (relaxed atomics: a racing
/// write can lose an entry, never tear one).
pub struct SolverTable {
    slots: Vec<AtomicU64>,
}

impl SolverTable {
    /// A table of about `megabytes` MB.
    pub fn new(megabytes: usize) -> Self {
        // An odd number of two-slot buckets spreads the keys well; at least 2^15 of them
        // keep 64-bit keys apart with 49 stored bits.
        let count = ((megabytes.max(1) * 1024 * 1024 / 16).max(1 << 15) | 1) * 2;
        SolverTable {
            slots: (0..count).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    /// Size in bytes.
    pub fn bytes(&self) -> usize {
        self.slots.len() * 8
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        for slot in &mut self.slots {
            *slot.get_mut() = 0;
        }
    }

    #[inline]
    fn load(&self, i: usize) -> u64 {
        self.slots[i].load(Ordering::Relaxed)
    }

    /// The first of the two slots of `key`'s bucket.
    #[inline]
    fn index(&self, key: u64) -> usize {
        (key % (self.slots.len() as u64 / 2)) as usize * 2
    }

    /// The bounds stored for `key`, if any.
    #[inline]
    pub fn get(&self, key: u64) -> Option<Bounds> {
        let i = self.index(key);
        let (first, second) = (self.load(i), self.load(i + 1));
        let stored = key & KEY_BITS;
        let word = if first >> 12 & KEY_BITS == stored {
            first
        } else if second >> 12 & KEY_BITS == stored {
            second
        } else {
            return None;
        };
        Some(Bounds {
            lower: (word & BOUND_BITS) as i32 - OFFSET,
            upper: ((word >> 6) & BOUND_BITS) as i32 - OFFSET,
        })
    }

    /// Narrows the bounds stored for `key`, a position with `stones` stones played.
    #[inline]
    pub fn narrow(&self, key: u64, bounds: Bounds, stones: u32) {
        let i = self.index(key);
        let age = u64::from(stones / 6).min(7);
        let stones_of = |word: u64| word >> 61;
        let (first, second) = (self.load(i), self.load(i + 1));
        let stored = key & KEY_BITS;
        let slot = if first >> 12 & KEY_BITS == stored {
            i
        } else if second >> 12 & KEY_BITS == stored {
            i + 1
        } else if first == 0 || age <= stones_of(first) {
            // The first slot keeps the entry nearer the root (costlier to recompute)...
            i
        } else {
            // ...the second takes whatever comes.
            i + 1
        };
        let mut merged = bounds;
        let word = if slot == i { first } else { second };
        if word >> 12 & KEY_BITS == stored {
            merged.lower = merged.lower.max((word & BOUND_BITS) as i32 - OFFSET);
            merged.upper = merged.upper.min(((word >> 6) & BOUND_BITS) as i32 - OFFSET);
        }
        let entry = (age << 61)
            | (stored << 12)
            | (((merged.upper + OFFSET) as u64) << 6)
            | (merged.lower + OFFSET) as u64;
        self.slots[slot].store(entry, Ordering::Relaxed);
    }
}
