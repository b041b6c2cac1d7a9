//! The seats at the table and how a game ends.

use std::fmt;

/// One of the two seats at the table. `P1` moves first (UCI "white", UGI "p1").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Seat {
    /// The first player.
    P1,
    /// The second player.
    P2,
}

impl Seat {
    /// The other seat.
    pub fn other(self) -> Seat {
        match self {
            Seat::P1 => Seat::P2,
            Seat::P2 => Seat::P1,
        }
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The given seat won (for a one-player puzzle: `Win(P1)` means solved).
    Win(Seat),
    /// Nobody won.
    Draw,
    /// The game ended with this value for p1, in centipawns (explicit game trees).
    Score(i32),
}

impl Outcome {
    /// The result as `query result` names it: `p1win`, `p2win` or `draw` (a score counts as a
    /// win for the side it favours).
    pub fn result_name(self) -> &'static str {
        match self {
            Outcome::Win(Seat::P1) => "p1win",
            Outcome::Win(Seat::P2) => "p2win",
            Outcome::Score(v) if v > 0 => "p1win",
            Outcome::Score(v) if v < 0 => "p2win",
            Outcome::Draw | Outcome::Score(_) => "draw",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win(Seat::P1) => write!(f, "p1 won"),
            Outcome::Win(Seat::P2) => write!(f, "p2 won"),
            Outcome::Draw => write!(f, "draw"),
            Outcome::Score(v) => write!(f, "ended with score {v} cp for p1"),
        }
    }
}
