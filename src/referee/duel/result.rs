//! How a game ended: its result and the record's termination.

use crate::games::{Outcome, Seat};
use std::fmt;

/// A finished game's result, from the first player's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// `1-0`.
    P1Win,
    /// `0-1`.
    P2Win,
    /// `1/2-1/2`.
    Draw,
}

impl GameResult {
    /// The winner of a finished position.
    pub fn of(outcome: Outcome) -> GameResult {
        match outcome.result_name() {
            "p1win" => GameResult::P1Win,
            "p2win" => GameResult::P2Win,
            _ => GameResult::Draw,
        }
    }

    /// The result when `loser` forfeits.
    pub fn forfeit(loser: Seat) -> GameResult {
        match loser {
            Seat::P1 => GameResult::P2Win,
            Seat::P2 => GameResult::P1Win,
        }
    }

    /// Reads `1-0`, `0-1` or `1/2-1/2`.
    pub fn parse(text: &str) -> Option<GameResult> {
        match text {
            "1-0" => Some(GameResult::P1Win),
            "0-1" => Some(GameResult::P2Win),
            "1/2-1/2" => Some(GameResult::Draw),
            _ => None,
        }
    }

    /// Points of the first player: 1, 0 or ½.
    pub fn p1_points(self) -> f64 {
        match self {
            GameResult::P1Win => 1.0,
            GameResult::P2Win => 0.0,
            GameResult::Draw => 0.5,
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GameResult::P1Win => "1-0",
            GameResult::P2Win => "0-1",
            GameResult::Draw => "1/2-1/2",
        })
    }
}

/// How a game ended (the record's `Termination`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Termination {
    /// By the rules.
    Normal,
    /// A move the rules do not allow (or no move where there are some).
    IllegalMove,
    /// The clock or the move time was exceeded (beyond the margin).
    TimeForfeit,
    /// The engine exited or closed its output.
    Crash,
    /// No answer within the hard limit, or no `readyok`/handshake in time.
    Stalled,
    /// Output that is not the protocol.
    ProtocolError,
    /// A player gave the game up (the GUI's Resign; `sente match` never ends a game so).
    Resignation,
    /// Both players agreed to a draw (the GUI's draw offer, accepted by the engine).
    Agreement,
}

/// Every termination, in the order summaries list them.
pub const TERMINATIONS: [Termination; 8] = [
    Termination::Normal,
    Termination::IllegalMove,
    Termination::TimeForfeit,
    Termination::Crash,
    Termination::Stalled,
    Termination::ProtocolError,
    Termination::Resignation,
    Termination::Agreement,
];

impl Termination {
    /// The record's text.
    pub fn as_str(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::IllegalMove => "illegal move",
            Termination::TimeForfeit => "time forfeit",
            Termination::Crash => "crash",
            Termination::Stalled => "stalled",
            Termination::ProtocolError => "protocol error",
            Termination::Resignation => "resignation",
            Termination::Agreement => "agreement",
        }
    }

    /// True for an engine's fault (it loses the game): not the rules, not a player's choice.
    pub fn is_fault(self) -> bool {
        !matches!(
            self,
            Termination::Normal | Termination::Resignation | Termination::Agreement
        )
    }

    /// Reads `as_str` back.
    pub fn parse(text: &str) -> Option<Termination> {
        TERMINATIONS.into_iter().find(|t| t.as_str() == text)
    }
}
