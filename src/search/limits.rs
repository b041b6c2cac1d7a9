//! What bounds a search (depth, nodes, time) and the time manager that turns a clock into a
//! soft budget (do not start another iteration past it) and a hard one (stop at once).

use std::time::Duration;

/// The deepest iteration any search runs.
pub const MAX_DEPTH: u32 = 120;

/// Safety margin kept on a clock for process and pipe latency.
pub const MOVE_OVERHEAD: Duration = Duration::from_millis(10);

/// The remaining clock of the side to move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Time left.
    pub remaining: Duration,
    /// Increment per move.
    pub increment: Duration,
    /// Moves until the next time control, if any.
    pub moves_to_go: Option<u32>,
}

/// Limits of one search.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration.
    pub depth: Option<u32>,
    /// Node budget.
    pub nodes: Option<u64>,
    /// Fixed time for the move.
    pub move_time: Option<Duration>,
    /// The side to move's clock.
    pub clock: Option<Clock>,
    /// Run until stopped, even once the value is proven.
    pub infinite: bool,
    /// Run until the value is proven (or another limit stops it).
    pub solve: bool,
    /// With `solve`, prove only who wins, not how fast (a game solver's weak solve).
    pub weak: bool,
    /// With `solve`, prove only the value: a solver may skip finding the move that keeps it
    /// (its `bestmove` is then any legal move, and its line empty).
    pub value_only: bool,
}

/// The time a search may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeBudget {
    /// Do not start a new iteration after this.
    pub soft: Duration,
    /// Abort the search at this point.
    pub hard: Duration,
}

impl TimeBudget {
    /// The budget for `limits`, or `None` for a search without a time limit.
    pub fn from_limits(limits: &Limits) -> Option<TimeBudget> {
        if limits.infinite {
            return None;
        }
        let from_move_time = limits.move_time.map(|t| {
            // Stop a little early so that `bestmove` leaves within the requested time.
            let hard = t.saturating_sub(Duration::from_millis(2).min(t / 10));
            TimeBudget { soft: hard, hard }
        });
        let from_clock = limits.clock.map(Self::from_clock);
        match (from_move_time, from_clock) {
            (Some(a), Some(b)) => Some(TimeBudget {
                soft: a.soft.min(b.soft),
                hard: a.hard.min(b.hard),
            }),
            (a, b) => a.or(b),
        }
    }

    /// Splits a clock: an even share of the time left plus most of the increment, never more
    /// than a fraction of what is left.
    pub fn from_clock(clock: Clock) -> TimeBudget {
        let left = clock.remaining.saturating_sub(MOVE_OVERHEAD);
        let moves = clock.moves_to_go.unwrap_or(30).clamp(1, 50);
        let share = left / moves + clock.increment * 3 / 4;
        let ceiling = if moves == 1 { left * 9 / 10 } else { left / 2 };
        let hard = (share * 3).min(ceiling);
        let soft = (share / 2).min(hard);
        TimeBudget { soft, hard }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn move_time_is_a_hard_limit_slightly_early() {
        let b = TimeBudget::from_limits(&Limits {
            move_time: Some(ms(200)),
            ..Limits::default()
        })
        .expect("budget");
        assert_eq!(b.hard, ms(198));
    }

    #[test]
    fn clock_budget_stays_inside_the_clock() {
        for (left, inc, mtg) in [
            (60_000, 0, None),
            (1000, 100, None),
            (50, 0, Some(1)),
            (5, 0, None),
        ] {
            let b = TimeBudget::from_clock(Clock {
                remaining: ms(left),
                increment: ms(inc),
                moves_to_go: mtg,
            });
            assert!(b.soft <= b.hard);
            assert!(b.hard <= ms(left), "{left}: {b:?}");
        }
        let b = TimeBudget::from_clock(Clock {
            remaining: ms(60_000),
            increment: ms(0),
            moves_to_go: None,
        });
        assert!(b.hard > ms(1000) && b.hard < ms(30_000), "{b:?}");
    }

    #[test]
    fn infinite_has_no_budget() {
        assert_eq!(
            TimeBudget::from_limits(&Limits {
                infinite: true,
                move_time: Some(ms(5)),
                ..Limits::default()
            }),
            None
        );
    }
}
