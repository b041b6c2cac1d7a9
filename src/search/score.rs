//! Score conventions: centipawn-like values from the side to move, and mate scores by ply;
//! the score of a finished position, and when an iteration's score is proven.

use crate::games::{Game, Outcome, Seat};

/// A win found `ply` plies from the root scores `MATE - ply`; a loss `-(MATE - ply)`.
pub const MATE: i32 = 1_000_000;

/// Scores whose magnitude is at least this are mates; evaluations stay strictly below.
pub const MATE_BOUND: i32 = MATE - 10_000;

/// Larger than any score, for open alpha-beta windows.
pub const INFINITY: i32 = MATE + 1;

/// The score of a position whose side to move has won, `ply` plies from the root.
pub fn win_in(ply: u32) -> i32 {
    MATE - ply as i32
}

/// The score of a position whose side to move has lost, `ply` plies from the root.
pub fn loss_in(ply: u32) -> i32 {
    -(MATE - ply as i32)
}

/// True for a mate score (win or loss).
pub fn is_mate(score: i32) -> bool {
    score.abs() >= MATE_BOUND
}

/// The score of a finished position, from its side to move, `ply` plies from the root.
pub fn terminal_score<G: Game>(pos: &G, outcome: Outcome, ply: u32) -> i32 {
    match outcome {
        Outcome::Draw => 0,
        Outcome::Score(v) if pos.side_to_move() == Seat::P1 => v,
        Outcome::Score(v) => -v,
        Outcome::Win(seat) if seat == pos.side_to_move() => win_in(ply),
        Outcome::Win(_) => loss_in(ply),
    }
}

/// True when a completed iteration of `depth` plies proves its root score: every line was
/// searched to the end of the game (`no_horizon`), or a mate was found within the depth (no
/// deeper search can change a mate that short).
pub fn is_proven(score: i32, depth: u32, no_horizon: bool) -> bool {
    no_horizon || (is_mate(score) && (MATE - score.abs()) as u32 <= depth)
}

/// A score as the protocol reports it: centipawns, or moves to mate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reported {
    /// An evaluation in centipawns.
    Centipawns(i32),
    /// `Mate(n)`: the side to move wins with its n-th move; `Mate(-n)`: loses at the
    /// opponent's n-th move.
    Mate(i32),
}

/// Converts a root score to its reported form. `plies_per_move` is 2 for alternating games
/// (a win at ply p is the side's `(p + 1) / 2`-th move) and 1 for one-player puzzles.
pub fn report(score: i32, plies_per_move: u32) -> Reported {
    if !is_mate(score) {
        return Reported::Centipawns(score);
    }
    let plies = (MATE - score.abs()) as u32;
    let moves = if plies_per_move == 1 {
        plies
    } else if score > 0 {
        plies.div_ceil(2)
    } else {
        plies / 2
    };
    if score > 0 {
        Reported::Mate(moves as i32)
    } else {
        Reported::Mate(-(moves as i32))
    }
}

/// Moves a mate score from "plies from the root" to "plies from this node" for storage.
pub fn to_table(score: i32, ply: u32) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// The inverse of `to_table`, when an entry is read back at `ply`.
pub fn from_table(score: i32, ply: u32) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mates_count_the_side_s_own_moves() {
        assert_eq!(report(win_in(1), 2), Reported::Mate(1));
        assert_eq!(report(win_in(3), 2), Reported::Mate(2));
        assert_eq!(report(loss_in(2), 2), Reported::Mate(-1));
        assert_eq!(report(loss_in(4), 2), Reported::Mate(-2));
        assert_eq!(report(win_in(46), 1), Reported::Mate(46));
        assert_eq!(report(37, 2), Reported::Centipawns(37));
    }

    #[test]
    fn table_adjustment_round_trips() {
        for s in [win_in(9), loss_in(12), 5, -5] {
            assert_eq!(from_table(to_table(s, 4), 4), s);
        }
        assert_eq!(from_table(to_table(win_in(9), 4), 6), win_in(11));
    }
}
