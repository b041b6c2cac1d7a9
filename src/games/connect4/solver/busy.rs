//! Which positions the threads of a parallel solve are searching at the moment, so that a
//! thread can leave a move another thread is already busy with for later (the idea of
//! ABDADA): the threads then split the work near the root instead of repeating it. Positions
//! are marked by a 64-bit mark: the key itself on boards of up to 64 bits, a digest of it
//! beyond (two positions sharing a mark change the search order, never a value).

use std::sync::atomic::{AtomicU64, Ordering};

/// Slots holding the key of a position being searched, or 0; a position's slot follows
/// from its key (two positions sharing a slot only make a move look busy, or not, wrongly:
/// the search order changes, never a value).
pub struct Busy {
    slots: Vec<AtomicU64>,
    shift: u32,
}

impl Busy {
    /// Room for about `2^bits` positions.
    pub fn new(bits: u32) -> Self {
        Busy {
            slots: (0..1usize << bits).map(|_| AtomicU64::new(0)).collect(),
            shift: 64 - bits,
        }
    }

    #[inline(always)]
    fn slot(&self, key: u64) -> &AtomicU64 {
        &self.slots[(key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> self.shift) as usize]
    }

    /// Marks `key` (never 0) as being searched; false if its slot was taken.
    #[inline(always)]
    pub fn enter(&self, key: u64) -> bool {
        self.slot(key)
            .compare_exchange(0, key, Ordering::Relaxed, Ordering::Relaxed)
            .is_ok()
    }

    /// Unmarks `key`, marked by `enter`.
    #[inline(always)]
    pub fn leave(&self, key: u64) {
        let _ = self
            .slot(key)
            .compare_exchange(key, 0, Ordering::Relaxed, Ordering::Relaxed);
    }

    /// True if some thread is searching `key`.
    #[inline(always)]
    pub fn is_busy(&self, key: u64) -> bool {
        self.slot(key).load(Ordering::Relaxed) == key
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_is_busy_between_enter_and_leave() {
        let busy = Busy::new(4);
        assert!(!busy.is_busy(77));
        assert!(busy.enter(77));
        assert!(busy.is_busy(77) && !busy.enter(77));
        busy.leave(77);
        assert!(!busy.is_busy(77) && busy.enter(77));
    }
}
