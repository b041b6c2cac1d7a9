//! The transposition table: a fixed-size array of 4-entry buckets (one cache line each),
//! keyed by the position hash, holding depth, bound, score and best move code.

use super::score;

/// What a stored score means about the true value at the stored depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The value is exactly the score.
    Exact,
    /// The value is at least the score (the search failed high).
    Lower,
    /// The value is at most the score (the search failed low).
    Upper,
}

/// An entry as the search reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Probe {
    /// Score, adjusted to the probing ply.
    pub score: i32,
    /// Depth of the search that stored it.
    pub depth: u32,
    /// How the score bounds the value.
    pub bound: Bound,
    /// True when the subtree was searched to the end of the game (no horizon): the score then
    /// holds for any depth at least `depth`.
    pub resolved: bool,
    /// Code of the best move found (`Game::move_code`), if any.
    pub move_code: Option<u16>,
}

/// One slot: 16 bytes.
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    key: u64,
    score: i32,
    move_code: u16,
    depth: u8,
    /// bits 0-1: bound (0 empty, 1 exact, 2 lower, 3 upper); bit 2: resolved; bit 3: has move;
    /// bits 4-7: generation.
    flags: u8,
}

const BUCKET: usize = 4;
const ENTRY_BYTES: usize = std::mem::size_of::<Entry>();

/// A fixed-size transposition table whose size is set in megabytes (`Hash`).
pub struct TranspositionTable {
    entries: Vec<Entry>,
    buckets: usize,
    generation: u8,
    megabytes: usize,
}

impl TranspositionTable {
    /// A table using at most `megabytes` MB (at least one bucket); aborts if memory runs out.
    pub fn new(megabytes: usize) -> Self {
        Self::try_new(megabytes).unwrap_or_else(|e| panic!("table of {megabytes} MB: {e}"))
    }

    /// A table using at most `megabytes` MB, or an error when the memory cannot be had.
    pub fn try_new(megabytes: usize) -> Result<Self, std::collections::TryReserveError> {
        let bytes = megabytes.max(1) * 1024 * 1024;
        let buckets = (bytes / (ENTRY_BYTES * BUCKET)).max(1);
        let mut entries = Vec::new();
        entries.try_reserve_exact(buckets * BUCKET)?;
        entries.resize(buckets * BUCKET, Entry::default());
        Ok(TranspositionTable {
            entries,
            buckets,
            generation: 0,
            megabytes,
        })
    }

    /// The size asked for, in MB.
    pub fn megabytes(&self) -> usize {
        self.megabytes
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.entries.fill(Entry::default());
        self.generation = 0;
    }

    /// Starts a new search: older entries become preferred victims.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) & 0x0f;
    }

    fn bucket(&self, key: u64) -> usize {
        // Multiply-shift maps the key uniformly onto the buckets.
        ((u128::from(key.wrapping_mul(0x9E37_79B9_7F4A_7C15)) * self.buckets as u128) >> 64)
            as usize
            * BUCKET
    }

    /// Looks `key` up; mate scores come back relative to `ply`.
    pub fn probe(&self, key: u64, ply: u32) -> Option<Probe> {
        let start = self.bucket(key);
        let entry = self.entries[start..start + BUCKET]
            .iter()
            .find(|e| e.flags & 3 != 0 && e.key == key)?;
        let bound = match entry.flags & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Probe {
            score: score::from_table(entry.score, ply),
            depth: u32::from(entry.depth),
            bound,
            resolved: entry.flags & 4 != 0,
            move_code: (entry.flags & 8 != 0).then_some(entry.move_code),
        })
    }

    /// Stores a search result for `key` found at `ply`.
    pub fn store(&mut self, key: u64, ply: u32, stored: Probe) {
        let start = self.bucket(key);
        let generation = self.generation;
        let bucket = &mut self.entries[start..start + BUCKET];
        let age = |e: &Entry| (generation.wrapping_sub(e.flags >> 4)) & 0x0f;
        let slot = match bucket.iter().position(|e| e.flags & 3 != 0 && e.key == key) {
            Some(i) => i,
            None => (0..BUCKET)
                .min_by_key(|&i| {
                    let e = &bucket[i];
                    if e.flags & 3 == 0 {
                        i32::MIN
                    } else {
                        i32::from(e.depth) - 8 * i32::from(age(e))
                    }
                })
                .unwrap_or(0),
        };
        let old = bucket[slot];
        // Keep a deeper entry of the same position from this search unless the new one is exact.
        if old.flags & 3 != 0
            && old.key == key
            && age(&old) == 0
            && u32::from(old.depth) > stored.depth
            && stored.bound != Bound::Exact
        {
            return;
        }
        let bound_bits = match stored.bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let (move_code, has_move) = match stored.move_code {
            Some(code) => (code, 8),
            // Keep the old move of the same position when the new result has none.
            None if old.key == key && old.flags & 8 != 0 => (old.move_code, 8),
            None => (0, 0),
        };
        bucket[slot] = Entry {
            key,
            score: score::to_table(stored.score, ply),
            move_code,
            depth: stored.depth.min(255) as u8,
            flags: bound_bits | if stored.resolved { 4 } else { 0 } | has_move | (generation << 4),
        };
    }

    /// Permille of sampled slots used by the current search.
    pub fn hashfull(&self) -> u32 {
        let sample = self.entries.len().min(1000);
        let used = self.entries[..sample]
            .iter()
            .filter(|e| e.flags & 3 != 0 && e.flags >> 4 == self.generation)
            .count();
        (used * 1000 / sample.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(score: i32, depth: u32, bound: Bound) -> Probe {
        Probe {
            score,
            depth,
            bound,
            resolved: false,
            move_code: Some(3),
        }
    }

    #[test]
    fn stores_and_finds_entries() {
        let mut tt = TranspositionTable::new(1);
        tt.store(42, 0, entry(17, 5, Bound::Lower));
        let p = tt.probe(42, 0).expect("stored");
        assert_eq!(
            (p.score, p.depth, p.bound, p.move_code),
            (17, 5, Bound::Lower, Some(3))
        );
        assert!(tt.probe(43, 0).is_none());
        tt.clear();
        assert!(tt.probe(42, 0).is_none());
    }

    #[test]
    fn mate_scores_are_relative_to_the_node() {
        let mut tt = TranspositionTable::new(1);
        tt.store(7, 3, entry(score::win_in(9), 6, Bound::Exact));
        assert_eq!(tt.probe(7, 5).map(|p| p.score), Some(score::win_in(11)));
    }

    #[test]
    fn size_follows_megabytes() {
        let tt = TranspositionTable::new(2);
        assert_eq!(tt.entries.len() * ENTRY_BYTES, 2 * 1024 * 1024);
        assert_eq!(ENTRY_BYTES, 16);
    }

    #[test]
    fn a_full_bucket_replaces_the_shallowest() {
        let mut tt = TranspositionTable::new(1);
        // Find five keys landing in one bucket.
        let target = tt.bucket(1);
        let keys: Vec<u64> = (1..).filter(|&k| tt.bucket(k) == target).take(5).collect();
        for (i, &k) in keys.iter().take(4).enumerate() {
            tt.store(k, 0, entry(0, 10 + i as u32, Bound::Exact));
        }
        tt.store(keys[4], 0, entry(0, 1, Bound::Exact));
        assert!(tt.probe(keys[0], 0).is_none(), "the shallowest went");
        assert!(tt.probe(keys[4], 0).is_some());
    }

    #[test]
    fn hashfull_counts_this_search_s_entries() {
        let mut tt = TranspositionTable::new(1);
        assert_eq!(tt.hashfull(), 0);
        for key in 0..200_000 {
            tt.store(key, 0, entry(0, 1, Bound::Exact));
        }
        assert!(tt.hashfull() > 900, "{}", tt.hashfull());
        tt.new_search();
        assert_eq!(tt.hashfull(), 0);
    }
}
