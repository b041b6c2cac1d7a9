//! The clocks of a game between two players: one clock per side (each side may have its own
//! time control, or none), charged with the time each move took and credited its increment.
//! Their one setting is whether a side's first move is timed: an engine match times every move
//! (as cutechess-cli and fastchess do), a person's game in the page leaves each side's first move
//! off the clock (as lichess does). Durations are given by the caller: nothing here reads the
//! time.

use crate::games::Seat;
use crate::referee::spec::TimeControl;
use std::time::Duration;

/// Whether a side's first move is timed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FirstMove {
    /// Every move is timed, the first included (`sente match`).
    Timed,
    /// Each side's clock starts with its first move; that move is free (a person's game: the
    /// page's games; `sente play`, which has no clock).
    Untimed,
}

/// One side's clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Clock {
    /// Base and increment.
    control: TimeControl,
    /// Time left in ms (never below 0 after a charge).
    left_ms: i64,
    /// Whether the side has moved (its first move is behind it).
    started: bool,
}

/// The clocks of both sides.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clocks {
    sides: [Option<Clock>; 2],
    first_move: FirstMove,
}

/// The clock array's index of a seat.
fn index(seat: Seat) -> usize {
    usize::from(seat == Seat::P2)
}

impl Clocks {
    /// Full clocks for the sides' time controls (`None`: that side plays without a clock).
    pub fn new(controls: [Option<TimeControl>; 2], first_move: FirstMove) -> Clocks {
        Clocks {
            sides: controls.map(|control| {
                control.map(|control| Clock {
                    control,
                    left_ms: control.base_ms as i64,
                    started: false,
                })
            }),
            first_move,
        }
    }

    /// The first-move setting.
    pub fn first_move(&self) -> FirstMove {
        self.first_move
    }

    /// The time control of `seat`, when it has a clock.
    pub fn control(&self, seat: Seat) -> Option<TimeControl> {
        self.sides[index(seat)].map(|c| c.control)
    }

    /// Time left on `seat`'s clock in ms, when it has one.
    pub fn left_ms(&self, seat: Seat) -> Option<i64> {
        self.sides[index(seat)].map(|c| c.left_ms)
    }

    /// True when `seat`'s next move is charged to its clock: it has a clock, and either every
    /// move is timed or its first move is behind it.
    pub fn runs(&self, seat: Seat) -> bool {
        self.sides[index(seat)].is_some_and(|c| c.started || self.first_move == FirstMove::Timed)
    }

    /// Time left on `seat`'s clock after `elapsed` of the move it is making, in ms (may be
    /// negative): what a running clock shows; a clock that does not run shows its time left.
    pub fn shown_ms(&self, seat: Seat, elapsed: Duration) -> Option<i64> {
        let left = self.left_ms(seat)?;
        Some(if self.runs(seat) {
            left - elapsed.as_millis() as i64
        } else {
            left
        })
    }

    /// True when `seat`, thinking for `elapsed`, has run out of time on a running clock.
    pub fn flagged(&self, seat: Seat, elapsed: Duration) -> bool {
        self.runs(seat) && self.shown_ms(seat, elapsed).is_some_and(|left| left < 0)
    }

    /// Charges `seat`'s move of `taken`: when its clock runs, the time is taken off (down to
    /// 0; a move over the time left loses only past the caller's margin) and the increment
    /// added. Either way the side's first move is behind it afterwards.
    pub fn charge(&mut self, seat: Seat, taken: Duration) {
        let runs = self.runs(seat);
        if let Some(clock) = self.sides[index(seat)].as_mut() {
            if runs {
                clock.left_ms =
                    (clock.left_ms - taken.as_millis() as i64).max(0) + clock.control.inc_ms as i64;
            }
            clock.started = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    fn both(base_ms: u64, inc_ms: u64, first_move: FirstMove) -> Clocks {
        let tc = Some(TimeControl { base_ms, inc_ms });
        Clocks::new([tc, tc], first_move)
    }

    #[test]
    fn an_engine_match_times_the_first_move_and_adds_the_increment() {
        let mut clocks = both(1000, 50, FirstMove::Timed);
        assert!(clocks.runs(Seat::P1) && clocks.runs(Seat::P2));
        clocks.charge(Seat::P1, ms(300));
        assert_eq!(clocks.left_ms(Seat::P1), Some(750));
        assert_eq!(clocks.left_ms(Seat::P2), Some(1000));
        clocks.charge(Seat::P2, ms(10));
        assert_eq!(clocks.left_ms(Seat::P2), Some(1040));
        clocks.charge(Seat::P1, ms(700));
        assert_eq!(clocks.left_ms(Seat::P1), Some(100));
    }

    #[test]
    fn a_person_s_game_leaves_each_side_s_first_move_off_the_clock() {
        let mut clocks = both(1000, 50, FirstMove::Untimed);
        assert!(!clocks.runs(Seat::P1) && !clocks.runs(Seat::P2));
        assert_eq!(clocks.shown_ms(Seat::P1, ms(5000)), Some(1000));
        assert!(!clocks.flagged(Seat::P1, ms(5000)));
        clocks.charge(Seat::P1, ms(5000));
        // No time taken and no increment: the clock starts after the move.
        assert_eq!(clocks.left_ms(Seat::P1), Some(1000));
        assert!(clocks.runs(Seat::P1) && !clocks.runs(Seat::P2));
        clocks.charge(Seat::P2, ms(9000));
        assert_eq!(clocks.left_ms(Seat::P2), Some(1000));
        clocks.charge(Seat::P1, ms(300));
        assert_eq!(clocks.left_ms(Seat::P1), Some(750));
        clocks.charge(Seat::P2, ms(0));
        assert_eq!(clocks.left_ms(Seat::P2), Some(1050));
    }

    #[test]
    fn a_running_clock_flags_past_zero_and_a_charge_stops_at_zero() {
        let mut clocks = both(200, 0, FirstMove::Timed);
        assert_eq!(clocks.shown_ms(Seat::P1, ms(150)), Some(50));
        assert!(!clocks.flagged(Seat::P1, ms(200)));
        assert!(clocks.flagged(Seat::P1, ms(201)));
        clocks.charge(Seat::P1, ms(250));
        assert_eq!(clocks.left_ms(Seat::P1), Some(0));
        let mut person = both(200, 0, FirstMove::Untimed);
        assert!(!person.flagged(Seat::P2, ms(10_000)));
        person.charge(Seat::P2, ms(10_000));
        assert!(person.flagged(Seat::P2, ms(201)));
    }

    #[test]
    fn a_side_without_a_clock_is_never_charged() {
        let tc = TimeControl {
            base_ms: 500,
            inc_ms: 0,
        };
        let mut clocks = Clocks::new([None, Some(tc)], FirstMove::Timed);
        assert!(!clocks.runs(Seat::P1));
        clocks.charge(Seat::P1, ms(10_000));
        assert_eq!(clocks.left_ms(Seat::P1), None);
        assert!(!clocks.flagged(Seat::P1, ms(10_000)));
        assert_eq!(clocks.control(Seat::P2), Some(tc));
    }
}
