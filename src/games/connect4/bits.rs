//! The words a Connect Four bitboard is held in: `u64` for the boards whose cells and sentinel
//! row fit 64 bits (7 x 6 and every board up to `width x (height + 1) = 64`), `u128` up to 128
//! bits (8 x 8, 9 x 7, 10 x 6...), and `U192`, a word of this module, for 12 x 10's 132 bits.
//! The position, the evaluation and the solver are written once over `Bits`, the few operations
//! their bit tricks use; each runs with the narrowest word its board fits (`Shape::word`).

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr};

/// A bitboard word: bit `c * (height + 1) + r` is the cell of column `c`, row `r` (see
/// `shape`). Shifts are by fewer bits than the word has; additions and subtractions wrap.
pub trait Bits:
    Copy
    + Eq
    + Ord
    + Hash
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    /// Bits in the word.
    const BITS: u32;
    /// No bit set.
    const ZERO: Self;
    /// Bit 0 set.
    const ONE: Self;

    /// `self + other`, wrapping (the carry of `mask + bottom` finds each column's free cell).
    fn wrapping_add(self, other: Self) -> Self;
    /// `self - other`, wrapping.
    fn wrapping_sub(self, other: Self) -> Self;
    /// `self` times a small factor, wrapping (spreads a column's pattern over every column:
    /// `bottom * pattern`).
    fn times(self, factor: u64) -> Self;
    /// Bits set.
    fn count_ones(self) -> u32;
    /// Bits below the lowest set bit (`BITS` for zero).
    fn trailing_zeros(self) -> u32;
    /// The word of `words` (least significant first), cut to this word's bits.
    fn from_words(words: [u64; 3]) -> Self;
    /// The word as three 64-bit words, least significant first.
    fn words(self) -> [u64; 3];
    /// A 64-bit digest of the word, a bijection on 64-bit words (splitmix64's finaliser):
    /// equal words, equal digests; different words, different digests for `u64`, and as
    /// good as a hash can be beyond.
    fn digest(self) -> u64;

    /// True if no bit is set.
    #[inline(always)]
    fn is_zero(self) -> bool {
        self == Self::ZERO
    }

    /// The lowest set bit alone (zero for zero).
    #[inline(always)]
    fn lowest_bit(self) -> Self {
        self & Self::ZERO.wrapping_sub(self)
    }

    /// True if more than one bit is set.
    #[inline(always)]
    fn has_several(self) -> bool {
        !(self & self.wrapping_sub(Self::ONE)).is_zero()
    }

    /// The lowest `n` bits set (`n` at most `BITS`).
    #[inline(always)]
    fn low_bits(n: u32) -> Self {
        if n >= Self::BITS {
            !Self::ZERO
        } else {
            (Self::ONE << n).wrapping_sub(Self::ONE)
        }
    }

    /// Bit `i` alone.
    #[inline(always)]
    fn bit(i: u32) -> Self {
        Self::ONE << i
    }
}

/// splitmix64's finaliser: a bijection of 64-bit words mixing every bit into every other.
#[inline(always)]
pub fn mix64(mut h: u64) -> u64 {
    h = (h ^ (h >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h = (h ^ (h >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    h ^ (h >> 31)
}

impl Bits for u64 {
    const BITS: u32 = 64;
    const ZERO: Self = 0;
    const ONE: Self = 1;

    #[inline(always)]
    fn wrapping_add(self, other: Self) -> Self {
        u64::wrapping_add(self, other)
    }
    #[inline(always)]
    fn wrapping_sub(self, other: Self) -> Self {
        u64::wrapping_sub(self, other)
    }
    #[inline(always)]
    fn times(self, factor: u64) -> Self {
        self.wrapping_mul(factor)
    }
    #[inline(always)]
    fn count_ones(self) -> u32 {
        u64::count_ones(self)
    }
    #[inline(always)]
    fn trailing_zeros(self) -> u32 {
        u64::trailing_zeros(self)
    }
    #[inline(always)]
    fn from_words(words: [u64; 3]) -> Self {
        words[0]
    }
    #[inline(always)]
    fn words(self) -> [u64; 3] {
        [self, 0, 0]
    }
    #[inline(always)]
    fn digest(self) -> u64 {
        mix64(self)
    }
}

impl Bits for u128 {
    const BITS: u32 = 128;
    const ZERO: Self = 0;
    const ONE: Self = 1;

    #[inline(always)]
    fn wrapping_add(self, other: Self) -> Self {
        u128::wrapping_add(self, other)
    }
    #[inline(always)]
    fn wrapping_sub(self, other: Self) -> Self {
        u128::wrapping_sub(self, other)
    }
    #[inline(always)]
    fn times(self, factor: u64) -> Self {
        self.wrapping_mul(u128::from(factor))
    }
    #[inline(always)]
    fn count_ones(self) -> u32 {
        u128::count_ones(self)
    }
    #[inline(always)]
    fn trailing_zeros(self) -> u32 {
        u128::trailing_zeros(self)
    }
    #[inline(always)]
    fn from_words(words: [u64; 3]) -> Self {
        u128::from(words[0]) | (u128::from(words[1]) << 64)
    }
    #[inline(always)]
    fn words(self) -> [u64; 3] {
        [self as u64, (self >> 64) as u64, 0]
    }
    #[inline(always)]
    fn digest(self) -> u64 {
        mix64(self as u64 ^ mix64((self >> 64) as u64 ^ 0x9e37_79b9_7f4a_7c15))
    }
}

/// A 192-bit word (a `u128` and a `u64` above it), for the one board beyond 128 bits that the
/// notation's twelve columns and Fairy-Stockfish's ten ranks allow: 12 x 10, 132 bits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct U192 {
    /// Bits 0-127.
    lo: u128,
    /// Bits 128-191.
    hi: u64,
}

impl U192 {
    /// The word of bits 0-127 `lo` and bits 128-191 `hi`.
    pub const fn new(lo: u128, hi: u64) -> Self {
        U192 { lo, hi }
    }

    /// Bits 0-127.
    pub const fn low(self) -> u128 {
        self.lo
    }

    /// Bits 128-191.
    pub const fn high(self) -> u64 {
        self.hi
    }
}

impl PartialOrd for U192 {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for U192 {
    #[inline(always)]
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        (self.hi, self.lo).cmp(&(other.hi, other.lo))
    }
}

impl BitAnd for U192 {
    type Output = Self;
    #[inline(always)]
    fn bitand(self, o: Self) -> Self {
        U192::new(self.lo & o.lo, self.hi & o.hi)
    }
}

impl BitOr for U192 {
    type Output = Self;
    #[inline(always)]
    fn bitor(self, o: Self) -> Self {
        U192::new(self.lo | o.lo, self.hi | o.hi)
    }
}

impl BitXor for U192 {
    type Output = Self;
    #[inline(always)]
    fn bitxor(self, o: Self) -> Self {
        U192::new(self.lo ^ o.lo, self.hi ^ o.hi)
    }
}

impl Not for U192 {
    type Output = Self;
    #[inline(always)]
    fn not(self) -> Self {
        U192::new(!self.lo, !self.hi)
    }
}

impl BitAndAssign for U192 {
    #[inline(always)]
    fn bitand_assign(&mut self, o: Self) {
        *self = *self & o;
    }
}

impl BitOrAssign for U192 {
    #[inline(always)]
    fn bitor_assign(&mut self, o: Self) {
        *self = *self | o;
    }
}

impl BitXorAssign for U192 {
    #[inline(always)]
    fn bitxor_assign(&mut self, o: Self) {
        *self = *self ^ o;
    }
}

impl Shl<u32> for U192 {
    type Output = Self;
    /// `self << n` for `n` below 192.
    #[inline(always)]
    fn shl(self, n: u32) -> Self {
        match n {
            0 => self,
            1..64 => U192::new(self.lo << n, (self.hi << n) | (self.lo >> (128 - n)) as u64),
            64..128 => U192::new(self.lo << n, (self.lo >> (128 - n)) as u64),
            _ => U192::new(0, (self.lo as u64) << (n - 128)),
        }
    }
}

impl Shr<u32> for U192 {
    type Output = Self;
    /// `self >> n` for `n` below 192.
    #[inline(always)]
    fn shr(self, n: u32) -> Self {
        match n {
            0 => self,
            1..128 => U192::new(
                (self.lo >> n) | (u128::from(self.hi) << (128 - n)),
                self.hi.checked_shr(n).unwrap_or(0),
            ),
            _ => U192::new(u128::from(self.hi >> (n - 128)), 0),
        }
    }
}

impl Bits for U192 {
    const BITS: u32 = 192;
    const ZERO: Self = U192::new(0, 0);
    const ONE: Self = U192::new(1, 0);

    #[inline(always)]
    fn wrapping_add(self, o: Self) -> Self {
        let (lo, carry) = self.lo.overflowing_add(o.lo);
        U192::new(
            lo,
            self.hi.wrapping_add(o.hi).wrapping_add(u64::from(carry)),
        )
    }
    #[inline(always)]
    fn wrapping_sub(self, o: Self) -> Self {
        let (lo, borrow) = self.lo.overflowing_sub(o.lo);
        U192::new(
            lo,
            self.hi.wrapping_sub(o.hi).wrapping_sub(u64::from(borrow)),
        )
    }
    #[inline(always)]
    fn times(self, factor: u64) -> Self {
        let f = u128::from(factor);
        let low = u128::from(self.lo as u64) * f;
        let mid = (self.lo >> 64) * f;
        let (lo, carry) = low.overflowing_add(mid << 64);
        let hi = ((mid >> 64) as u64)
            .wrapping_add(self.hi.wrapping_mul(factor))
            .wrapping_add(u64::from(carry));
        U192::new(lo, hi)
    }
    #[inline(always)]
    fn count_ones(self) -> u32 {
        self.lo.count_ones() + self.hi.count_ones()
    }
    #[inline(always)]
    fn trailing_zeros(self) -> u32 {
        if self.lo != 0 {
            self.lo.trailing_zeros()
        } else {
            128 + self.hi.trailing_zeros()
        }
    }
    #[inline(always)]
    fn from_words(words: [u64; 3]) -> Self {
        U192::new(u128::from_words(words), words[2])
    }
    #[inline(always)]
    fn words(self) -> [u64; 3] {
        let [a, b, _] = self.lo.words();
        [a, b, self.hi]
    }
    #[inline(always)]
    fn digest(self) -> u64 {
        mix64(self.lo.digest() ^ mix64(self.hi ^ 0x6a09_e667_f3bc_c909))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{RngExt, SeedableRng};

    /// A 192-bit number as a `u128` pair would hold it, for checking `U192` against plain
    /// arithmetic on the low 128 bits and on whole numbers below 2^128.
    fn random_word(rng: &mut StdRng) -> U192 {
        let lo = u128::from(rng.random::<u64>()) | (u128::from(rng.random::<u64>()) << 64);
        let hi = match rng.random_range(0..3) {
            0 => 0,
            1 => rng.random::<u64>() & 0xff,
            _ => rng.random::<u64>(),
        };
        U192::new(lo, hi)
    }

    /// The bits of a word, least significant first.
    fn bits(w: U192) -> Vec<bool> {
        (0..192)
            .map(|i| {
                if i < 128 {
                    (w.lo >> i) & 1 == 1
                } else {
                    (w.hi >> (i - 128)) & 1 == 1
                }
            })
            .collect()
    }

    #[test]
    fn shifts_move_every_bit() {
        let mut rng = StdRng::seed_from_u64(192);
        for _ in 0..300 {
            let w = random_word(&mut rng);
            let b = bits(w);
            for n in 0..192 {
                let left = bits(w << n);
                let right = bits(w >> n);
                for i in 0..192 {
                    assert_eq!(
                        left[i],
                        i >= n as usize && b[i - n as usize],
                        "{w:?} << {n}"
                    );
                    assert_eq!(right[i], i + (n as usize) < 192 && b[i + n as usize]);
                }
            }
        }
    }

    #[test]
    fn arithmetic_agrees_with_wider_numbers() {
        let mut rng = StdRng::seed_from_u64(7);
        for _ in 0..3000 {
            let (a, b) = (random_word(&mut rng), random_word(&mut rng));
            let sum = a.wrapping_add(b);
            assert_eq!(sum.wrapping_sub(b), a);
            assert_eq!(sum.lo, a.lo.wrapping_add(b.lo));
            let carry = u64::from(a.lo.checked_add(b.lo).is_none());
            assert_eq!(sum.hi, a.hi.wrapping_add(b.hi).wrapping_add(carry));
            let factor = rng.random::<u64>() >> rng.random_range(0..64);
            // (a * f) by repeated doubling and adding.
            let mut slow = U192::ZERO;
            for i in (0..64).rev() {
                slow = slow.wrapping_add(slow);
                if (factor >> i) & 1 == 1 {
                    slow = slow.wrapping_add(a);
                }
            }
            assert_eq!(a.times(factor), slow, "{a:?} * {factor}");
            assert_eq!(
                a.count_ones(),
                bits(a).iter().filter(|&&x| x).count() as u32
            );
            let lowest = bits(a).iter().position(|&x| x).unwrap_or(192) as u32;
            assert_eq!(a.trailing_zeros(), lowest);
            assert_eq!(
                a.lowest_bit(),
                if lowest < 192 {
                    U192::bit(lowest)
                } else {
                    U192::ZERO
                }
            );
            assert_eq!(U192::from_words(a.words()), a);
            assert_eq!(a.cmp(&b), (a.hi, a.lo).cmp(&(b.hi, b.lo)));
        }
        assert_eq!(U192::low_bits(132).count_ones(), 132);
        assert_eq!(U192::low_bits(192), !U192::ZERO);
        assert_eq!(u64::low_bits(64), u64::MAX);
        assert_eq!(u128::low_bits(70), (1u128 << 70) - 1);
    }

    #[test]
    fn words_agree_on_what_they_share() {
        // The same operations on u64, u128 and U192 give the same low bits.
        let mut rng = StdRng::seed_from_u64(3);
        for _ in 0..2000 {
            // Below 2^24, so that shifts by fewer than 40 bits stay within 64.
            let (x, y) = (rng.random::<u64>() >> 40, rng.random::<u64>() >> 40);
            let n = rng.random_range(0..40);
            let f = rng.random::<u64>() & 0xffff;
            let narrow = [
                x.wrapping_add(y),
                x.wrapping_sub(y & x),
                (x << n) >> (n / 2),
                x.times(f),
            ];
            let (wx, wy) = (u128::from(x), u128::from(y));
            let wide = [
                wx.wrapping_add(wy),
                wx.wrapping_sub(wy & wx),
                (wx << n) >> (n / 2),
                wx.times(f),
            ];
            let (ux, uy) = (U192::from_words([x, 0, 0]), U192::from_words([y, 0, 0]));
            let widest = [
                ux.wrapping_add(uy),
                ux.wrapping_sub(uy & ux),
                (ux << n) >> (n / 2),
                ux.times(f),
            ];
            for i in 0..4 {
                assert_eq!(narrow[i], wide[i] as u64);
                assert_eq!(wide[i], widest[i].lo);
            }
            assert_eq!(x.digest(), mix64(x));
            assert_ne!(wx.digest(), (wx | (1 << 100)).digest());
        }
    }
}
