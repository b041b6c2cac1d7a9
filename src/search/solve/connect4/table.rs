//! The Connect Four solver's transposition table: one 64-bit word per entry, holding part of
//! the position key, both bounds on its exact score, the best move found and how much work
//! the entry cost.
//!
//! Entry layout (bit 63 is the high bit; `w` = work bits, 5 unless the key needs them):
//!
//! | bits          | field                                                  |
//! |---------------|--------------------------------------------------------|
//! | 0-5           | lower bound + 32 (the score is at least this)          |
//! | 6-11          | upper bound + 32 (the score is at most this)           |
//! | 12-15         | best move: its column + 1, 0 for none                  |
//! | 16 .. 16+w    | work: log2 of the nodes the entry cost, halved, capped |
//! | 16+w .. 63    | the scrambled key's low 48 - w bits                    |
//!
//! A zero word is an empty slot (bounds are never stored as 0). Keys of `k` bits (up to 64:
//! a board of width x (height + 1) = 64 bits) are scrambled by a multiplication modulo `2^k`
//! (a bijection); the scrambled key's place in `[0, 2^k)` scaled to the number of buckets
//! picks a bucket of two slots (a multiplication, no division), and its low bits are stored:
//! as a bucket holds scrambled keys from an interval of at most `2^k / buckets` numbers, the
//! stored bits tell them apart when they are at least `k - log2(buckets)` (`set_key_bits`).
//! The first slot keeps the entry that cost the most work, the second takes whatever comes.

use super::slots::Slots;
use std::sync::atomic::Ordering;

/// Offset making a score (-30..=30: boards have at most 60 cells) non-negative in 6 bits.
const OFFSET: i32 = 32;
const BOUND_BITS: u64 = 0x3f;
/// Bits of the fields below the work and the key.
const FIELD_BITS: u32 = 16;
/// Most work bits.
const WORK_BITS: u32 = 5;
/// The odd multiplier scrambling keys.
const SCRAMBLE: u64 = 0x9e37_79b9_7f4a_7c15;

/// Bounds on the exact score of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// The score is at least this.
    pub lower: i32,
    /// The score is at most this.
    pub upper: i32,
}

/// What the table knows of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Bounds on its score.
    pub bounds: Bounds,
    /// The column of the best move found, if any.
    pub best: Option<u8>,
}

/// A fixed-size table of score bounds keyed by position key, shared by the threads of a
/// parallel solve: each entry is one word, read and written whole (relaxed atomics: a racing
/// write can lose an entry, never tear one).
pub struct SolverTable {
    slots: Slots,
    /// Buckets of two slots.
    buckets: u64,
    /// Bits of the keys.
    key_bits: u32,
    /// Work bits in an entry.
    work_bits: u32,
}

impl SolverTable {
    /// A table of about `megabytes` MB (at least 1 MB: 2^16 buckets, so that 64-bit keys
    /// fit), for keys of up to 64 bits until `set_key_bits` says otherwise.
    pub fn new(megabytes: usize) -> Self {
        let buckets = (megabytes.max(1) * 1024 * 1024 / 16).max(1 << 16);
        let mut table = SolverTable {
            slots: Slots::zeroed(buckets * 2),
            buckets: buckets as u64,
            key_bits: 64,
            work_bits: 0,
        };
        table.set_key_bits(64);
        table
    }

    /// Keys have at most `bits` bits from now on: as many work bits as the key leaves.
    /// Call it on an empty table.
    pub fn set_key_bits(&mut self, bits: u32) {
        self.key_bits = bits;
        let needed = bits.saturating_sub(self.buckets.ilog2());
        self.work_bits = WORK_BITS.min(64 - FIELD_BITS - needed);
    }

    /// Size in bytes.
    pub fn bytes(&self) -> usize {
        self.slots.len() * 8
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        for slot in self.slots.iter_mut() {
            *slot.get_mut() = 0;
        }
    }

    #[inline(always)]
    fn load(&self, i: usize) -> u64 {
        self.slots[i].load(Ordering::Relaxed)
    }

    /// `key` scrambled: a bijection of the keys of `key_bits` bits, placed in the high bits
    /// of the word (a fraction of 2^64).
    #[inline(always)]
    fn scramble(&self, key: u64) -> u64 {
        key.wrapping_mul(SCRAMBLE) << (64 - self.key_bits)
    }

    /// The first of the two slots of the bucket of a scrambled key: its fraction of the
    /// buckets.
    #[inline(always)]
    fn index(&self, scrambled: u64) -> usize {
        ((u128::from(scrambled) * u128::from(self.buckets)) >> 64) as usize * 2
    }

    /// The bits of an entry above the key field's start.
    #[inline(always)]
    fn key_shift(&self) -> u32 {
        FIELD_BITS + self.work_bits
    }

    /// True if `word` holds the scrambled key `key`.
    #[inline(always)]
    fn holds(&self, word: u64, key: u64) -> bool {
        word != 0 && (word ^ self.stored(key)) >> self.key_shift() == 0
    }

    /// The bits of a scrambled key stored in an entry, in place: its low bits as a number
    /// of `key_bits` bits.
    #[inline(always)]
    fn stored(&self, scrambled: u64) -> u64 {
        (scrambled >> (64 - self.key_bits)) << self.key_shift()
    }

    #[inline(always)]
    fn work_of(&self, word: u64) -> u64 {
        (word >> FIELD_BITS) & ((1 << self.work_bits) - 1)
    }

    /// Starts fetching the bucket of `key` into the cache, for a `get` or `store` soon after.
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        self.slots.prefetch(self.index(self.scramble(key)));
    }

    /// What the table holds for `key`, if anything.
    #[inline(always)]
    pub fn get(&self, key: u64) -> Option<Entry> {
        let key = self.scramble(key);
        let i = self.index(key);
        let (first, second) = (self.load(i), self.load(i + 1));
        let word = if self.holds(first, key) {
            first
        } else if self.holds(second, key) {
            second
        } else {
            return None;
        };
        Some(decode(word))
    }

    /// Narrows the bounds stored for `key` and records `best` (when it is known), for a
    /// search that cost `nodes` nodes.
    #[inline(always)]
    pub fn store(&self, key: u64, bounds: Bounds, best: Option<u8>, nodes: u64) {
        let key = self.scramble(key);
        let i = self.index(key);
        let (first, second) = (self.load(i), self.load(i + 1));
        let work = u64::from((nodes | 1).ilog2() / 2).min((1 << self.work_bits) - 1);
        let (slot, old) = if self.holds(first, key) {
            (i, Some(first))
        } else if self.holds(second, key) {
            (i + 1, Some(second))
        } else if first == 0 || work >= self.work_of(first) {
            // The first slot keeps the entry that cost the most work...
            (i, None)
        } else {
            // ...the second takes whatever comes.
            (i + 1, None)
        };
        let mut bounds = bounds;
        let mut best = best;
        let mut work = work;
        if let Some(word) = old {
            let known = decode(word);
            bounds.lower = bounds.lower.max(known.bounds.lower);
            bounds.upper = bounds.upper.min(known.bounds.upper);
            best = best.or(known.best);
            work = work.max(self.work_of(word));
        }
        let entry = self.stored(key)
            | (work << FIELD_BITS)
            | (u64::from(best.map_or(0, |c| c + 1)) << 12)
            | (((bounds.upper + OFFSET) as u64) << 6)
            | (bounds.lower + OFFSET) as u64;
        self.slots[slot].store(entry, Ordering::Relaxed);
    }
}

/// The bounds and best move of an entry.
#[inline(always)]
fn decode(word: u64) -> Entry {
    let column = ((word >> 12) & 0xf) as u8;
    Entry {
        bounds: Bounds {
            lower: (word & BOUND_BITS) as i32 - OFFSET,
            upper: ((word >> 6) & BOUND_BITS) as i32 - OFFSET,
        },
        best: column.checked_sub(1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_keep_both_bounds_and_the_best_move() {
        let mut table = SolverTable::new(1);
        table.set_key_bits(49);
        let key = 0x1_2345_6789_abcd;
        assert_eq!(table.get(key), None);
        let wide = Bounds {
            lower: -30,
            upper: 30,
        };
        table.store(
            key,
            Bounds {
                lower: -3,
                upper: 30,
            },
            Some(11),
            10,
        );
        table.store(
            key,
            Bounds {
                lower: -30,
                upper: 5,
            },
            None,
            10,
        );
        let entry = table.get(key).expect("stored");
        assert_eq!(
            entry.bounds,
            Bounds {
                lower: -3,
                upper: 5
            }
        );
        assert_eq!(entry.best, Some(11));
        table.store(key, wide, Some(0), 1);
        assert_eq!(table.get(key).expect("stored").best, Some(0));
        // Another key of the same bucket goes to the second slot, a third replaces it.
        let bucket = |k: u64| table.index(table.scramble(k));
        let mut same = (1..).map(|d| key + d).filter(|&k| bucket(k) == bucket(key));
        let (other, third) = (same.next().unwrap(), same.next().unwrap());
        table.store(other, wide, None, 1);
        assert!(table.get(key).is_some() && table.get(other).is_some());
        table.store(third, wide, None, 1);
        assert!(table.get(key).is_some() && table.get(other).is_none());
        assert!(table.get(third).is_some());
    }

    #[test]
    fn keys_of_one_bucket_differ_in_their_stored_bits() {
        // In the smallest table, 64-bit keys: every key of a bucket keeps its own stored
        // bits, so no key is mistaken for another.
        let mut table = SolverTable::new(1);
        table.set_key_bits(64);
        let wide = Bounds {
            lower: -30,
            upper: 30,
        };
        let key = 0x0123_4567_89ab_cdef_u64;
        table.store(key, wide, None, 1);
        let shift = table.key_shift();
        let bucket = table.index(table.scramble(key));
        // Scrambled keys near this one share its bucket; unscramble them with the inverse.
        let inverse = (0..6).fold(SCRAMBLE, |x, _| {
            x.wrapping_mul(2u64.wrapping_sub(SCRAMBLE.wrapping_mul(x)))
        });
        assert_eq!(SCRAMBLE.wrapping_mul(inverse), 1);
        let mut neighbours = 0;
        for d in 1..2000u64 {
            let scrambled = table.scramble(key).wrapping_add(d);
            if table.index(scrambled) != bucket {
                continue;
            }
            neighbours += 1;
            let other = scrambled.wrapping_mul(inverse);
            assert_eq!(table.scramble(other), scrambled);
            assert_ne!(scrambled << shift, table.scramble(key) << shift);
            assert!(table.get(other).is_none(), "{other:x}");
        }
        assert!(neighbours > 100);
        assert!(table.get(key).is_some());
    }
}
