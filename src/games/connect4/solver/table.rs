//! The Connect Four solver's transposition table: one word per entry, holding part of the
//! position key, both bounds on its exact score, the best move found and how much work the
//! entry cost. The word is a `u64` for boards of up to 64 bits (scores of at most 60 cells), a
//! `u128` beyond (scores of up to 124 cells, keys of up to 132 bits), except that a board beyond
//! 64 bits whose scores fit 6-bit bounds (at most 68 cells: 4 x 16, 5 x 12, 8 x 8, 9 x 7, 10 x 6)
//! takes `u64` entries too when the table has the buckets its keys need in them (`SolverTable`):
//! twice the entries in the same memory, as Steininger's solver has on these boards (with all
//! five work bits: 4 x 16 from 512 MB, 5 x 12 from 64 MB, 10 x 6 from 2 GB, 8 x 8 and 9 x 7
//! from 8 GB).
//!
//! Entry layout (`b` = bound bits: 6 in a `u64`, 7 in a `u128`; `w` = work bits, 5 unless the
//! key needs them; `N` = the entry's bits):
//!
//! | bits                  | field                                                  |
//! |-----------------------|--------------------------------------------------------|
//! | 0 .. b                | lower bound + 2^(b-1) (the score is at least this)     |
//! | b .. 2b               | upper bound + 2^(b-1) (the score is at most this)      |
//! | 2b .. 2b+4            | best move: its column + 1, 0 for none                  |
//! | 2b+4 .. 2b+4+w        | work: log2 of the nodes the entry cost, halved, capped |
//! | 2b+4+w .. N           | the scrambled key's low N - 2b - 4 - w bits            |
//!
//! A zero word is an empty slot (bounds are never stored as 0). Keys of `k` bits (a board of
//! width x (height + 1) = k bits) are scrambled by a bijection of the numbers below `2^k` (a
//! multiplication modulo `2^k` by an odd number, and for keys beyond 128 bits an exclusive or
//! of the top bits with the product's); the scrambled key's place in `[0, 2^k)` scaled to the
//! number of buckets picks a bucket of two slots (a multiplication, no division), and its low
//! bits are stored: as a bucket holds scrambled keys from an interval of at most
//! `2^k / buckets` numbers, the stored bits tell them apart when they are at least
//! `k - log2(buckets)`. The table has at least the buckets that makes this true for the widest
//! key of its word (`TableKey::MAX_KEY_BITS`), so a key is never mistaken for another and no
//! position gets another's value. The first slot keeps the entry that cost the most work, the
//! second takes whatever comes.

use super::slots::{AtomicWord, Slots};
use crate::games::connect4::{Bits, U192};
use std::io::{self, Read, Write};
use std::marker::PhantomData;
use std::ops::{BitOr, BitXor, Shl, Shr};

/// Most work bits.
const WORK_BITS: u32 = 5;
/// The first bytes of a saved table (`SolverTable::write_to`).
const TABLE_MAGIC: &[u8] = b"sente connect4 solver table 1\n";
/// Slots written or read at a time.
const CHUNK_SLOTS: usize = 1 << 16;

/// An error for a table file that is not what it should be.
fn invalid(what: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, what)
}
/// The odd multiplier scrambling 64-bit keys.
const SCRAMBLE: u64 = 0x9e37_79b9_7f4a_7c15;
/// The odd multiplier scrambling 128-bit keys.
const SCRAMBLE_128: u128 = 0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c835;

/// The word of an entry: `u64` or `u128`.
pub trait EntryWord:
    Copy
    + Eq
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
    + Send
    + Sync
    + 'static
{
    /// The atomic form of the word, in which the table holds it.
    type Atomic: AtomicWord<Value = Self>;
    /// Bits of the word.
    const BITS: u32;
    /// Bits of each bound in an entry of this word.
    const BOUND_BITS: u32;
    /// The empty entry.
    const ZERO: Self;
    /// The word whose low 64 bits are `low`.
    fn from_low(low: u64) -> Self;
    /// The word's low 64 bits (where the fields are).
    fn low(self) -> u64;
    /// The low bits of `word` that this word holds.
    fn truncate(word: u128) -> Self;
    /// Appends the word's bytes, least significant first.
    fn put_le(self, out: &mut Vec<u8>);
    /// The word of `bytes` (its size, least significant first).
    fn from_le(bytes: &[u8]) -> Self;
}

impl EntryWord for u64 {
    type Atomic = std::sync::atomic::AtomicU64;
    const BITS: u32 = 64;
    const BOUND_BITS: u32 = 6;
    const ZERO: Self = 0;
    #[inline(always)]
    fn from_low(low: u64) -> Self {
        low
    }
    #[inline(always)]
    fn low(self) -> u64 {
        self
    }
    #[inline(always)]
    fn truncate(word: u128) -> Self {
        word as u64
    }
    fn put_le(self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_le_bytes());
    }
    fn from_le(bytes: &[u8]) -> Self {
        let mut word = [0; 8];
        word.copy_from_slice(bytes);
        u64::from_le_bytes(word)
    }
}

impl EntryWord for u128 {
    type Atomic = portable_atomic::AtomicU128;
    const BITS: u32 = 128;
    const BOUND_BITS: u32 = 7;
    const ZERO: Self = 0;
    #[inline(always)]
    fn from_low(low: u64) -> Self {
        u128::from(low)
    }
    #[inline(always)]
    fn low(self) -> u64 {
        self as u64
    }
    #[inline(always)]
    fn truncate(word: u128) -> Self {
        word
    }
    fn put_le(self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_le_bytes());
    }
    fn from_le(bytes: &[u8]) -> Self {
        let mut word = [0; 16];
        word.copy_from_slice(bytes);
        u128::from_le_bytes(word)
    }
}

/// The keys of a board word: how they are scrambled and which entries hold them.
pub trait TableKey: Bits {
    /// The word of an entry.
    type Entry: EntryWord;
    /// A scrambled key, placed in the high bits of its form (a fraction of `2^k`).
    type Scrambled: Copy + Eq + std::fmt::Debug;
    /// Bits of the widest key of this word (of the largest board it holds).
    const MAX_KEY_BITS: u32;

    /// `self` (a key of `key_bits` bits) scrambled by a bijection of the keys of that many
    /// bits, placed in the high bits of the word.
    fn scramble(self, key_bits: u32) -> Self::Scrambled;
    /// The top 64 bits of a scrambled key: its place among the keys, as a fraction of 2^64.
    fn fraction(scrambled: Self::Scrambled) -> u64;
    /// The scrambled key as a number of `key_bits` bits, shifted left by `shift` into an
    /// entry of words `E` (its bits beyond the entry's dropped).
    fn in_entry<E: EntryWord>(scrambled: Self::Scrambled, key_bits: u32, shift: u32) -> E;
    /// A 64-bit mark of the key, never 0, for the busy marks of a parallel solve (the key
    /// itself for 64-bit keys, which are never 0).
    fn mark(self) -> u64;
}

impl TableKey for u64 {
    type Entry = u64;
    type Scrambled = u64;
    const MAX_KEY_BITS: u32 = 64;

    #[inline(always)]
    fn scramble(self, key_bits: u32) -> u64 {
        self.wrapping_mul(SCRAMBLE) << (64 - key_bits)
    }
    #[inline(always)]
    fn fraction(scrambled: u64) -> u64 {
        scrambled
    }
    #[inline(always)]
    fn in_entry<E: EntryWord>(scrambled: u64, key_bits: u32, shift: u32) -> E {
        E::truncate(u128::from(scrambled >> (64 - key_bits)) << shift)
    }
    #[inline(always)]
    fn mark(self) -> u64 {
        self
    }
}

impl TableKey for u128 {
    type Entry = u128;
    type Scrambled = u128;
    const MAX_KEY_BITS: u32 = 128;

    #[inline(always)]
    fn scramble(self, key_bits: u32) -> u128 {
        self.wrapping_mul(SCRAMBLE_128) << (128 - key_bits)
    }
    #[inline(always)]
    fn fraction(scrambled: u128) -> u64 {
        (scrambled >> 64) as u64
    }
    #[inline(always)]
    fn in_entry<E: EntryWord>(scrambled: u128, key_bits: u32, shift: u32) -> E {
        E::truncate((scrambled >> (128 - key_bits)) << shift)
    }
    #[inline(always)]
    fn mark(self) -> u64 {
        self.digest() | 1
    }
}

impl TableKey for U192 {
    type Entry = u128;
    type Scrambled = U192;
    /// 12 x 10.
    const MAX_KEY_BITS: u32 = 132;

    /// For keys of 129 to 192 bits: the low 128 bits multiplied by an odd number (modulo
    /// 2^128), and the bits above them exclusive-ored with the top bits of that product; for
    /// shorter keys (a board that a `u128` holds, solved in this word), as a `u128`'s.
    #[inline(always)]
    fn scramble(self, key_bits: u32) -> U192 {
        let lo = self.low().wrapping_mul(SCRAMBLE_128);
        if key_bits <= 128 {
            return U192::new(lo << (128 - key_bits), 0) << 64;
        }
        let above = key_bits - 128;
        let hi = self.high() ^ (lo >> (128 - above)) as u64;
        U192::new(lo, hi) << (192 - key_bits)
    }
    #[inline(always)]
    fn fraction(scrambled: U192) -> u64 {
        scrambled.high()
    }
    #[inline(always)]
    fn in_entry<E: EntryWord>(scrambled: U192, key_bits: u32, shift: u32) -> E {
        E::truncate((scrambled >> (192 - key_bits)).low() << shift)
    }
    #[inline(always)]
    fn mark(self) -> u64 {
        self.digest() | 1
    }
}

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

/// A fixed-size table of score bounds keyed by the position keys of words `K` in entries of
/// words `E`, shared by the threads of a parallel solve: each entry is one word, read and
/// written whole (relaxed atomics: a racing write can lose an entry, never tear one).
pub struct EntryTable<K: TableKey, E: EntryWord> {
    slots: Slots<E::Atomic>,
    /// Buckets of two slots.
    buckets: u64,
    /// Bits of the keys.
    key_bits: u32,
    /// Work bits in an entry.
    work_bits: u32,
    keys: PhantomData<K>,
}

impl<K: TableKey> EntryTable<K, K::Entry> {
    /// The fewest buckets: those that let the widest key be told apart by its stored bits
    /// (2^16 buckets, 1 MB, for 64-bit keys; 8 MB of entries for 128-bit keys; 128 MB for
    /// 12 x 10's 132 bits).
    const MIN_BUCKETS: usize = 1 << K::MAX_KEY_BITS.saturating_sub(Self::KEY_ROOM);

    /// A table of about `megabytes` MB of the word's own entries (more if keys of the word
    /// need more buckets to be exact: see `MIN_BUCKETS`), for keys of up to `K::MAX_KEY_BITS`
    /// bits until `set_key_bits` says otherwise.
    pub fn new(megabytes: usize) -> Self {
        let buckets = Self::buckets_in(megabytes).max(Self::MIN_BUCKETS);
        let mut table = Self::with_buckets(buckets);
        table.set_key_bits(K::MAX_KEY_BITS);
        table
    }
}

impl<K: TableKey, E: EntryWord> EntryTable<K, E> {
    /// Bits of the fields below the work and the key.
    const FIELD_BITS: u32 = 2 * E::BOUND_BITS + 4;
    /// Offset making a score non-negative in its bits.
    const OFFSET: i32 = 1 << (E::BOUND_BITS - 1);
    /// Bits of the entry left for the key and the work.
    const KEY_ROOM: u32 = E::BITS - Self::FIELD_BITS;

    /// The buckets of about `megabytes` MB.
    fn buckets_in(megabytes: usize) -> usize {
        megabytes.max(1) * 1024 * 1024 / (2 * size_of::<E>())
    }

    /// An empty table of `buckets` buckets, its keys' bits not yet set (`set_key_bits`).
    fn with_buckets(buckets: usize) -> Self {
        EntryTable {
            slots: Slots::zeroed(buckets * 2),
            buckets: buckets as u64,
            key_bits: K::MAX_KEY_BITS,
            work_bits: 0,
            keys: PhantomData,
        }
    }

    /// The same memory, emptied, as a table of entries `F` (its keys' bits not yet set).
    fn recast<F: EntryWord>(self) -> EntryTable<K, F> {
        let slots = self.slots.recast::<F::Atomic>();
        EntryTable {
            buckets: (slots.len() / 2) as u64,
            slots,
            key_bits: K::MAX_KEY_BITS,
            work_bits: 0,
            keys: PhantomData,
        }
    }

    /// The work bits keys of `key_bits` bits leave in a table of `buckets` buckets (`None`
    /// when even their stored bits do not fit).
    fn work_bits_for(buckets: u64, key_bits: u32) -> Option<u32> {
        let needed = key_bits.saturating_sub(buckets.ilog2());
        Self::KEY_ROOM
            .checked_sub(needed)
            .map(|room| room.min(WORK_BITS))
    }

    /// Keys have at most `bits` bits (at most `K::MAX_KEY_BITS`) from now on: as many work
    /// bits as the key leaves. Call it on an empty table.
    pub fn set_key_bits(&mut self, bits: u32) {
        debug_assert!(bits <= K::MAX_KEY_BITS);
        self.key_bits = bits;
        self.work_bits = Self::work_bits_for(self.buckets, bits)
            .expect("a table has the buckets its keys need (MIN_BUCKETS, or narrow_fits)");
    }

    /// Size in bytes.
    pub fn bytes(&self) -> usize {
        self.slots.bytes()
    }

    /// Empties the table (zeroing the blocks written since the last clear).
    pub fn clear(&mut self) {
        self.slots.clear();
    }

    /// False when the bucket at `i` is empty for sure (untouched since the last clear).
    #[inline(always)]
    fn may_hold(&self, i: usize) -> bool {
        self.slots.may_hold(i)
    }

    #[inline(always)]
    fn load(&self, i: usize) -> E {
        self.slots[i].get()
    }

    /// The first of the two slots of the bucket of a scrambled key: its fraction of the
    /// buckets.
    #[inline(always)]
    fn index(&self, scrambled: K::Scrambled) -> usize {
        ((u128::from(K::fraction(scrambled)) * u128::from(self.buckets)) >> 64) as usize * 2
    }

    /// The bits of an entry below the key field.
    #[inline(always)]
    fn key_shift(&self) -> u32 {
        Self::FIELD_BITS + self.work_bits
    }

    /// True if `word` holds the scrambled key `key`.
    #[inline(always)]
    fn holds(&self, word: E, key: K::Scrambled) -> bool {
        word != E::ZERO && (word ^ self.stored(key)) >> self.key_shift() == E::ZERO
    }

    /// The bits of a scrambled key stored in an entry, in place: its low bits as a number
    /// of `key_bits` bits.
    #[inline(always)]
    fn stored(&self, scrambled: K::Scrambled) -> E {
        K::in_entry::<E>(scrambled, self.key_bits, self.key_shift())
    }

    #[inline(always)]
    fn work_of(&self, word: E) -> u64 {
        (word.low() >> Self::FIELD_BITS) & ((1 << self.work_bits) - 1)
    }

    /// Starts fetching the bucket of `key` into the cache, for a `get` or `store` soon after.
    #[inline(always)]
    pub fn prefetch(&self, key: K) {
        let i = self.index(key.scramble(self.key_bits));
        // Both the map's bit and the bucket: waiting here for the bit would stall the search
        // on what is only a hint.
        self.slots.prefetch_map(i);
        self.slots.prefetch(i);
    }

    /// What the table holds for `key`, if anything.
    #[inline(always)]
    pub fn get(&self, key: K) -> Option<Entry> {
        let key = key.scramble(self.key_bits);
        let i = self.index(key);
        if !self.may_hold(i) {
            return None;
        }
        let (first, second) = (self.load(i), self.load(i + 1));
        let word = if self.holds(first, key) {
            first
        } else if self.holds(second, key) {
            second
        } else {
            return None;
        };
        Some(Self::decode(word.low()))
    }

    /// Narrows the bounds stored for `key` and records `best` (when it is known), for a
    /// search that cost `nodes` nodes.
    #[inline(always)]
    pub fn store(&self, key: K, bounds: Bounds, best: Option<u8>, nodes: u64) {
        let key = key.scramble(self.key_bits);
        let i = self.index(key);
        let (first, second) = if self.may_hold(i) {
            (self.load(i), self.load(i + 1))
        } else {
            (E::ZERO, E::ZERO)
        };
        let work = u64::from((nodes | 1).ilog2() / 2).min((1 << self.work_bits) - 1);
        let (slot, old) = if self.holds(first, key) {
            (i, Some(first))
        } else if self.holds(second, key) {
            (i + 1, Some(second))
        } else if first == E::ZERO || work >= self.work_of(first) {
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
            let known = Self::decode(word.low());
            bounds.lower = bounds.lower.max(known.bounds.lower);
            bounds.upper = bounds.upper.min(known.bounds.upper);
            best = best.or(known.best);
            work = work.max(self.work_of(word));
        }
        if E::BITS < <K::Entry as EntryWord>::BITS {
            // Entries narrower than the key's own word hold the scores of the boards whose
            // every score fits their bounds (`SolverTable::set_board`): a bound beyond them
            // (the widest range of a position near the empty board) loosens to their limit.
            let (low, high) = (-Self::OFFSET, Self::OFFSET - 1);
            bounds.lower = bounds.lower.clamp(low, high);
            bounds.upper = bounds.upper.clamp(low, high);
        }
        let b = E::BOUND_BITS;
        let fields = (work << Self::FIELD_BITS)
            | (u64::from(best.map_or(0, |c| c + 1)) << (2 * b))
            | (((bounds.upper + Self::OFFSET) as u64) << b)
            | (bounds.lower + Self::OFFSET) as u64;
        let entry = self.stored(key) | E::from_low(fields);
        self.slots.set(slot, entry);
    }

    /// The fields of the table's header after `TABLE_MAGIC`, each a little-endian `u64`: the
    /// board's width and height (`board`), the bytes of an entry, the key bits, the work bits
    /// and the buckets. A table read back must have all of them equal.
    fn header(&self, board: (u32, u32)) -> [u64; 6] {
        [
            u64::from(board.0),
            u64::from(board.1),
            size_of::<E>() as u64,
            u64::from(self.key_bits),
            u64::from(self.work_bits),
            self.buckets,
        ]
    }

    /// Writes the table, the positions of a `board` (width, height), to `out`: `TABLE_MAGIC`,
    /// the header's fields, then every slot, least significant byte first. Solving threads
    /// may go on meanwhile: each entry is read whole, so what is written is a table of true
    /// bounds, as the table is at some moment or other. Returns the slots in use.
    pub fn write_to(&self, out: &mut dyn Write, board: (u32, u32)) -> io::Result<u64> {
        out.write_all(TABLE_MAGIC)?;
        for field in self.header(board) {
            out.write_all(&field.to_le_bytes())?;
        }
        let mut used = 0;
        let mut chunk = Vec::with_capacity(CHUNK_SLOTS * size_of::<E>());
        for slots in self.slots.chunks(CHUNK_SLOTS) {
            chunk.clear();
            for slot in slots {
                let word = slot.get();
                used += u64::from(word != E::ZERO);
                word.put_le(&mut chunk);
            }
            out.write_all(&chunk)?;
        }
        Ok(used)
    }

    /// Fills the table with one `write_to` wrote for the same `board`, table size and word;
    /// anything else (another board, size or format, a short or damaged file) is an error
    /// naming what differs, leaving the table empty. Returns the slots in use.
    pub fn read_from(&mut self, input: &mut dyn Read, board: (u32, u32)) -> io::Result<u64> {
        let read = self.fill_from(input, board);
        if read.is_err() {
            self.clear();
        }
        read.map_err(|e| match e.kind() {
            io::ErrorKind::UnexpectedEof => invalid("the table file ends before its table".into()),
            _ => e,
        })
    }

    /// `read_from`, leaving whatever it read on an error.
    fn fill_from(&mut self, input: &mut dyn Read, board: (u32, u32)) -> io::Result<u64> {
        let mut magic = Vec::with_capacity(TABLE_MAGIC.len());
        input
            .take(TABLE_MAGIC.len() as u64)
            .read_to_end(&mut magic)?;
        if magic != TABLE_MAGIC {
            return Err(invalid("not a table saved by sente solve".into()));
        }
        let names = [
            "width",
            "height",
            "entry bytes",
            "key bits",
            "work bits",
            "buckets",
        ];
        for (name, expected) in names.into_iter().zip(self.header(board)) {
            let mut field = [0; 8];
            input.read_exact(&mut field)?;
            let found = u64::from_le_bytes(field);
            if found != expected {
                let hint = if name == "buckets" {
                    " (saved with another --hash)"
                } else {
                    ""
                };
                return Err(invalid(format!(
                    "the table's {name} is {found}, this solve's {expected}{hint}"
                )));
            }
        }
        // The words below are written whole, not through `set`.
        self.slots.touch_all();
        let bytes = size_of::<E>();
        let mut chunk = vec![0; CHUNK_SLOTS * bytes];
        let mut used = 0;
        for slots in self.slots.chunks_mut(CHUNK_SLOTS) {
            let chunk = &mut chunk[..slots.len() * bytes];
            input.read_exact(chunk)?;
            for (slot, word) in slots.iter().zip(chunk.chunks_exact(bytes)) {
                let word = E::from_le(word);
                used += u64::from(word != E::ZERO);
                slot.set(word);
            }
        }
        if input.read(&mut [0])? != 0 {
            return Err(invalid("the table file is longer than its table".into()));
        }
        Ok(used)
    }

    /// The bounds and best move of an entry's fields.
    #[inline(always)]
    fn decode(word: u64) -> Entry {
        let b = E::BOUND_BITS;
        let bound_bits = (1 << b) - 1;
        let column = ((word >> (2 * b)) & 0xf) as u8;
        Entry {
            bounds: Bounds {
                lower: (word & bound_bits) as i32 - Self::OFFSET,
                upper: ((word >> b) & bound_bits) as i32 - Self::OFFSET,
            },
            best: column.checked_sub(1),
        }
    }
}

/// The fewest work bits a table of narrow entries for keys wider than 64 bits keeps: with
/// fewer, it keeps the key's own, wider entries. All five: with three (8 x 8 and 9 x 7 in
/// 2 GB) the short solves of `wide.txt` took 6-8% more time than in u128 entries.
const NARROW_WORK_BITS: u32 = WORK_BITS;

/// The solver's table for keys of words `K`: entries of the word's own `K::Entry`, or, for a
/// key wider than 64 bits, of `u64` words when its board's every score fits their bounds and
/// the key bits its buckets leave to store fit beside the fields (`set_board`): twice the
/// entries in the same memory (4 x 16 and 5 x 12 in 1 GB, 8 x 8 and 9 x 7 in 8 GB).
pub struct SolverTable<K: TableKey = u64> {
    /// The table of the word's own entries (a bucket's worth while `narrow` is in use).
    wide: EntryTable<K, K::Entry>,
    /// The table of `u64` entries, when the board allows them.
    narrow: Option<EntryTable<K, u64>>,
    /// The size asked for.
    megabytes: usize,
    /// The board set by `set_board`: its key bits and its largest score.
    board: Option<(u32, i32)>,
}

impl<K: TableKey> SolverTable<K> {
    /// True when `u64` entries can hold wider keys at all (`K::Entry` is wider).
    const NARROWS: bool = <K::Entry as EntryWord>::BITS > 64;

    /// A table of about `megabytes` MB (more if keys of the word need more buckets to be
    /// exact: 1 MB for 64-bit keys, 8 MB for 128-bit keys, 128 MB for 12 x 10's 132 bits),
    /// for keys of up to `K::MAX_KEY_BITS` bits until `set_board` says otherwise.
    pub fn new(megabytes: usize) -> Self {
        SolverTable {
            wide: EntryTable::new(megabytes),
            narrow: None,
            megabytes,
            board: None,
        }
    }

    /// Holds the positions of a board of `key_bits`-bit keys whose scores are at most
    /// `max_score` either way from now on: in `u64` entries if the key's word is wider and
    /// they fit (see `SolverTable`), else in the word's own. Call it on an empty table.
    pub fn set_board(&mut self, key_bits: u32, max_score: i32) {
        self.board = Some((key_bits, max_score));
        if Self::narrow_fits(self.bytes(), key_bits, max_score) {
            if self.narrow.is_none() {
                // The wide entries' memory becomes the narrow ones'.
                let wide = std::mem::replace(&mut self.wide, EntryTable::with_buckets(1));
                self.narrow = Some(wide.recast());
            }
            if let Some(narrow) = &mut self.narrow {
                narrow.set_key_bits(key_bits);
            }
        } else {
            if let Some(narrow) = self.narrow.take() {
                self.wide = narrow.recast();
            }
            self.wide.set_key_bits(key_bits);
        }
    }

    /// True when `u64` entries hold the keys of `key_bits` bits, scores within `max_score`,
    /// in a table of `bytes` bytes, with at least `NARROW_WORK_BITS` work bits.
    fn narrow_fits(bytes: usize, key_bits: u32, max_score: i32) -> bool {
        type Narrow<K> = EntryTable<K, u64>;
        let buckets = (bytes / (2 * size_of::<u64>())) as u64;
        Self::NARROWS
            && max_score < Narrow::<K>::OFFSET
            && Narrow::<K>::work_bits_for(buckets, key_bits).is_some_and(|w| w >= NARROW_WORK_BITS)
    }

    /// An empty table of the same size, set for the same board.
    pub fn empty_like(&self) -> Self {
        let mut table = SolverTable::new(self.megabytes);
        if let Some((key_bits, max_score)) = self.board {
            table.set_board(key_bits, max_score);
        }
        table
    }

    /// True when the entries are `u64` words narrower than the key's own.
    pub fn is_narrow(&self) -> bool {
        self.narrow.is_some()
    }

    /// Size in bytes.
    pub fn bytes(&self) -> usize {
        match &self.narrow {
            Some(narrow) => narrow.bytes(),
            None => self.wide.bytes(),
        }
    }

    /// Empties the table (zeroing the blocks written since the last clear).
    pub fn clear(&mut self) {
        match &mut self.narrow {
            Some(narrow) => narrow.clear(),
            None => self.wide.clear(),
        }
    }

    /// Starts fetching the bucket of `key` into the cache, for a `get` or `store` soon after.
    #[inline(always)]
    pub fn prefetch(&self, key: K) {
        if Self::NARROWS
            && let Some(narrow) = &self.narrow
        {
            return narrow.prefetch(key);
        }
        self.wide.prefetch(key)
    }

    /// What the table holds for `key`, if anything.
    #[inline(always)]
    pub fn get(&self, key: K) -> Option<Entry> {
        if Self::NARROWS
            && let Some(narrow) = &self.narrow
        {
            return narrow.get(key);
        }
        self.wide.get(key)
    }

    /// Narrows the bounds stored for `key` and records `best` (when it is known), for a
    /// search that cost `nodes` nodes.
    #[inline(always)]
    pub fn store(&self, key: K, bounds: Bounds, best: Option<u8>, nodes: u64) {
        if Self::NARROWS
            && let Some(narrow) = &self.narrow
        {
            return narrow.store(key, bounds, best, nodes);
        }
        self.wide.store(key, bounds, best, nodes)
    }

    /// Writes the table to `out` (`EntryTable::write_to`). Returns the slots in use.
    pub fn write_to(&self, out: &mut dyn Write, board: (u32, u32)) -> io::Result<u64> {
        match &self.narrow {
            Some(narrow) => narrow.write_to(out, board),
            None => self.wide.write_to(out, board),
        }
    }

    /// Fills the table with one `write_to` wrote for the same `board`, table size and
    /// entries (`EntryTable::read_from`). Returns the slots in use.
    pub fn read_from(&mut self, input: &mut dyn Read, board: (u32, u32)) -> io::Result<u64> {
        match &mut self.narrow {
            Some(narrow) => narrow.read_from(input, board),
            None => self.wide.read_from(input, board),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The inverse of an odd number modulo 2^128 (Newton's iteration).
    fn inverse(odd: u128) -> u128 {
        let inverse = (0..7).fold(odd, |x, _| {
            x.wrapping_mul(2u128.wrapping_sub(odd.wrapping_mul(x)))
        });
        assert_eq!(odd.wrapping_mul(inverse), 1);
        inverse
    }

    /// Keys back from their scrambled form, for finding keys that share a bucket.
    trait Unscramble: TableKey {
        /// The scrambled key of `key_bits` bits, as a number (not placed high), plus `d`.
        fn plus(scrambled: Self::Scrambled, key_bits: u32, d: u64) -> Self::Scrambled;
        /// The key whose scrambled form is `scrambled`.
        fn unscramble(scrambled: Self::Scrambled, key_bits: u32) -> Self;
    }

    impl Unscramble for u64 {
        fn plus(scrambled: u64, key_bits: u32, d: u64) -> u64 {
            scrambled.wrapping_add(d << (64 - key_bits))
        }
        fn unscramble(scrambled: u64, key_bits: u32) -> u64 {
            (scrambled >> (64 - key_bits)).wrapping_mul(inverse(u128::from(SCRAMBLE)) as u64)
                & u64::low_bits(key_bits)
        }
    }

    impl Unscramble for u128 {
        fn plus(scrambled: u128, key_bits: u32, d: u64) -> u128 {
            scrambled.wrapping_add(u128::from(d) << (128 - key_bits))
        }
        fn unscramble(scrambled: u128, key_bits: u32) -> u128 {
            (scrambled >> (128 - key_bits)).wrapping_mul(inverse(SCRAMBLE_128))
                & u128::low_bits(key_bits)
        }
    }

    impl Unscramble for U192 {
        fn plus(scrambled: U192, key_bits: u32, d: u64) -> U192 {
            scrambled.wrapping_add(U192::from_words([d, 0, 0]) << (192 - key_bits))
        }
        fn unscramble(scrambled: U192, key_bits: u32) -> U192 {
            let number = scrambled >> (192 - key_bits);
            let (lo, hi) = (number.low(), number.high());
            if key_bits <= 128 {
                let key = lo.wrapping_mul(inverse(SCRAMBLE_128)) & u128::low_bits(key_bits);
                return U192::new(key, 0);
            }
            let hi = hi ^ (lo >> (128 - (key_bits - 128))) as u64;
            U192::new(lo.wrapping_mul(inverse(SCRAMBLE_128)), hi)
        }
    }

    /// Both bounds and the best move kept, an entry's bucket shared by a second key, a third
    /// replacing it, in `table` (of keys `K` in entries `E`) for keys of `key_bits` bits.
    fn entries_keep_what_they_learn<K: TableKey + Unscramble, E: EntryWord>(
        mut table: EntryTable<K, E>,
        key_bits: u32,
        key: K,
    ) {
        table.set_key_bits(key_bits);
        let limit = (1 << (E::BOUND_BITS - 1)) - 2;
        assert_eq!(table.get(key), None);
        let wide = Bounds {
            lower: -limit,
            upper: limit,
        };
        let bounds = |lower, upper| Bounds { lower, upper };
        table.store(key, bounds(-3, limit), Some(11), 10);
        table.store(key, bounds(-limit, 5), None, 10);
        let entry = table.get(key).expect("stored");
        assert_eq!(entry.bounds, bounds(-3, 5));
        assert_eq!(entry.best, Some(11));
        table.store(key, wide, Some(0), 1);
        assert_eq!(table.get(key).expect("stored").best, Some(0));
        table.store(key, bounds(-limit, -limit + 1), None, 1);
        // Bounds only narrow: what was known stays.
        assert_eq!(
            table.get(key).expect("stored").bounds,
            bounds(-3, -limit + 1)
        );
        // Another key of the same bucket goes to the second slot, a third replaces it.
        let scrambled = key.scramble(key_bits);
        let mut same = (1..)
            .map(|d| K::plus(scrambled, key_bits, d))
            .filter(|&s| table.index(s) == table.index(scrambled))
            .map(|s| K::unscramble(s, key_bits));
        let (other, third) = (same.next().expect("a key"), same.next().expect("a key"));
        table.store(other, wide, None, 1);
        assert!(table.get(other).is_some());
        if table.work_bits == 0 {
            // No room for the work (12 x 10's keys in the smallest table): the first slot
            // takes every new key.
            assert!(table.get(key).is_none());
            return;
        }
        assert!(table.get(key).is_some() && table.get(other).is_some());
        table.store(third, wide, None, 1);
        assert!(table.get(key).is_some() && table.get(other).is_none());
        assert!(table.get(third).is_some());
    }

    #[test]
    fn entries_keep_both_bounds_and_the_best_move() {
        entries_keep_what_they_learn(EntryTable::<u64, u64>::new(1), 49, 0x1_2345_6789_abcd);
        // 8 x 8 (72 bits) and 12 x 10 (132): bounds of up to 62.
        let key = 0xab_1234_5678_9abc_def0;
        entries_keep_what_they_learn(EntryTable::<u128, u128>::new(1), 72, key);
        let key = U192::new(0x1234_5678_9abc_def0_1234_5678_9abc_def0, 0xa);
        entries_keep_what_they_learn(EntryTable::<U192, u128>::new(1), 132, key);
        let key = U192::new(0xab_cdef_0123_4567, 0);
        entries_keep_what_they_learn(EntryTable::<U192, u128>::new(1), 56, key);
        // 5 x 12 (65 bits) in u64 entries: 2^20 buckets leave 3 work bits.
        let key = 0x1_ab12_3456_789a_bcde;
        entries_keep_what_they_learn(EntryTable::<u128, u64>::with_buckets(1 << 20), 65, key);
    }

    /// In `table`, of keys `K` in entries `E`, for keys of `key_bits` bits: every key of a
    /// bucket keeps its own stored bits, so no key is mistaken for another.
    fn keys_of_a_bucket_differ<K: TableKey + Unscramble, E: EntryWord>(
        mut table: EntryTable<K, E>,
        key_bits: u32,
        key: K,
    ) {
        table.set_key_bits(key_bits);
        let wide = Bounds {
            lower: -30,
            upper: 30,
        };
        table.store(key, wide, None, 1);
        let scrambled = key.scramble(key_bits);
        assert_eq!(K::unscramble(scrambled, key_bits), key);
        let bucket = table.index(scrambled);
        let mut neighbours = 0;
        for d in 1..4000u64 {
            let near = K::plus(scrambled, key_bits, d);
            if table.index(near) != bucket {
                continue;
            }
            neighbours += 1;
            let other = K::unscramble(near, key_bits);
            assert_eq!(other.scramble(key_bits), near);
            assert!(table.stored(near) != table.stored(scrambled));
            assert!(table.get(other).is_none(), "{other:?}");
        }
        assert!(neighbours > 100, "{neighbours}");
        assert!(table.get(key).is_some());
    }

    /// The smallest table of the word's own entries, for its widest keys.
    fn smallest<K: TableKey>() -> EntryTable<K, K::Entry> {
        let table = EntryTable::<K, K::Entry>::new(1);
        assert_eq!(
            table.buckets as usize,
            EntryTable::<K, K::Entry>::MIN_BUCKETS.max(1 << 16)
        );
        table
    }

    #[test]
    fn keys_of_one_bucket_differ_in_their_stored_bits() {
        keys_of_a_bucket_differ(smallest::<u64>(), 64, 0x0123_4567_89ab_cdef);
        let key = 0x0123_4567_89ab_cdef_0123_4567_89ab_cdef;
        keys_of_a_bucket_differ(smallest::<u128>(), 128, key);
        let key = U192::new(0x0123_4567_89ab_cdef_0123_4567_89ab_cdef, 0x9);
        keys_of_a_bucket_differ(smallest::<U192>(), 132, key);
        // u64 entries for the widest keys they take with 3 work bits in 2^20 buckets.
        let narrow = EntryTable::<u128, u64>::with_buckets(1 << 20);
        keys_of_a_bucket_differ(narrow, 65, 0x1_0123_4567_89ab_cdef);
    }

    #[test]
    fn a_board_whose_scores_fit_takes_u64_entries_when_its_keys_do() {
        // 5 x 12: 65-bit keys, scores of at most 27. 64 MB of u64 entries are 2^22 buckets,
        // which leave the 5 work bits; 32 MB leave 4, too few.
        let mut table = SolverTable::<u128>::new(64);
        table.set_board(65, 27);
        assert!(table.is_narrow());
        assert_eq!(table.bytes(), 64 << 20);
        // 10 x 8's scores (up to 37) do not fit 6-bit bounds.
        let mut other = table.empty_like();
        assert!(other.is_narrow());
        other.set_board(88, 37);
        assert!(!other.is_narrow());
        assert_eq!(other.bytes(), 64 << 20);
        let mut small = SolverTable::<u128>::new(32);
        small.set_board(65, 27);
        assert!(!small.is_narrow());
        // A 64-bit word's entries are u64 already; 12 x 10's scores do not fit.
        let mut seven = SolverTable::<u64>::new(16);
        seven.set_board(49, 18);
        assert!(!seven.is_narrow());
        let mut twelve = SolverTable::<U192>::new(128);
        twelve.set_board(132, 57);
        assert!(!twelve.is_narrow());
    }

    #[test]
    fn narrow_entries_loosen_a_bound_beyond_them_to_their_limit() {
        let mut table = SolverTable::<u128>::new(64);
        table.set_board(65, 27);
        let key = 0x1_0000_0000_0000_1234_u128;
        let bounds = Bounds {
            lower: -33,
            upper: 33,
        };
        table.store(key, bounds, Some(4), 100);
        let entry = table.get(key).expect("stored");
        let loosened = Bounds {
            lower: -32,
            upper: 31,
        };
        assert_eq!((entry.bounds, entry.best), (loosened, Some(4)));
        table.store(key, Bounds { lower: 3, upper: 5 }, None, 100);
        assert_eq!(
            table.get(key).expect("stored").bounds,
            Bounds { lower: 3, upper: 5 }
        );
    }

    #[test]
    fn tables_are_large_enough_for_exact_keys() {
        // 1 MB of u64 entries for 64-bit keys; 8 MB of u128 entries for 128-bit keys; 128 MB
        // for 132-bit keys: the stored bits then tell apart every key of a bucket.
        assert_eq!(SolverTable::<u64>::new(1).bytes(), 1 << 20);
        assert_eq!(SolverTable::<u128>::new(1).bytes(), 8 << 20);
        assert_eq!(SolverTable::<u128>::new(64).bytes(), 64 << 20);
        assert_eq!(SolverTable::<U192>::new(64).bytes(), 128 << 20);
        for (key_bits, work) in [(56u32, 5u32), (72, 5), (128, 4), (132, 0)] {
            let mut table = EntryTable::<U192, u128>::new(1);
            table.set_key_bits(key_bits);
            assert_eq!(table.work_bits, work, "{key_bits}");
            let stored = 128 - table.key_shift();
            assert!(stored + table.buckets.ilog2() >= key_bits, "{key_bits}");
        }
    }
}
