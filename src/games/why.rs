//! Why a move erred: the reason a game gives for a move the review marked (an inaccuracy, a
//! mistake or a blunder), each claim of it checked on the board before it is said. Each game
//! explains its own moves (`Game::explain`); this module holds the reason's form, what the
//! review tells the game of the move (`Asked`), and the `line` reason every game can give.

use super::outcome::Seat;
use serde::Serialize;

/// A reason for a marked move (protocol.md, "sente review": the kinds and their fields).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Why {
    /// What kind of reason: `missed_win`, `not_blocked`, `under_threat`, `double_threat`,
    /// `zugzwang`, `fork`, `nim_sum`, `cost`, `line`.
    pub kind: &'static str,
    /// The moves it names, in the game's notation (the better move, the opponent's winning
    /// move, the line).
    pub moves: Vec<String>,
    /// The board cells it names, in the game's cell form (Connect Four and tic-tac-toe:
    /// `[column, row]` from 1 at the bottom left).
    pub cells: Vec<[u32; 2]>,
    /// The reason in words.
    pub text: String,
    /// For a `line`: false when `moves` stops before the end of the game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub complete: Option<bool>,
    /// For a `line`: false when it is a search's line, not a proof.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub proven: Option<bool>,
    /// Nim: the nim-sum the move left.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nim_sum: Option<u32>,
    /// Rush Hour: the moves the played one added to the solution.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cost: Option<u32>,
    /// Rush Hour: the vehicle that stands in the red car's way after the move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub blocker: Option<String>,
    /// Connect Four's `zugzwang`: the winner's strategy (`claimeven`, `follow-up`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub strategy: Option<String>,
}

/// Every kind of reason a game gives (protocol.md, "sente review": the kinds).
pub const KINDS: &[&str] = &[
    "missed_win",
    "not_blocked",
    "under_threat",
    "double_threat",
    "zugzwang",
    "fork",
    "nim_sum",
    "cost",
    "line",
];

/// The kind of `name` as `Why::kind` holds it, if it is one of `KINDS`.
pub fn kind_of(name: &str) -> Option<&'static str> {
    KINDS.iter().copied().find(|&k| k == name)
}

/// What the review knows of a marked move, for the game to explain it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Asked {
    /// The move's number as the move list writes it (`Move 6`).
    pub number: usize,
    /// The moves that keep the value of the position before it, best first.
    pub best: Vec<String>,
    /// Who wins after the move, for the mover: 1, 0 (a draw), -1; `None` where unknown.
    pub result: Option<i32>,
    /// Who won before it, for the mover, likewise.
    pub was: Option<i32>,
    /// Plies the move gave away where both values are proven with their distance.
    pub given_away: Option<u32>,
}

/// The line after a move: the best play of both sides from the position it left.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Line {
    /// The moves, the opponent's reply first, in the game's notation.
    pub moves: Vec<String>,
    /// True when every move of it keeps a proven value (a solver's line), false for a
    /// search's.
    pub proven: bool,
    /// True when it goes to the end of the game.
    pub complete: bool,
}

/// The head of a reason's sentence: `Move 6, Red: 5`.
pub fn head(number: usize, side: &str, mv: &str) -> String {
    format!("Move {number}, {side}: {mv}")
}

/// What a move did to the result, in words for the mover: `loses`, `draws`, `gives up the win`,
/// `wins more slowly`, `loses faster`.
pub fn verdict(asked: &Asked) -> &'static str {
    match (asked.was, asked.result) {
        (Some(1), Some(0)) => "gives up the win",
        (Some(1), Some(-1)) | (Some(0), Some(-1)) => "loses",
        (Some(1), Some(1)) => "wins more slowly",
        (Some(-1), Some(-1)) => "loses faster",
        (Some(0), Some(0)) => "draws",
        _ => "errs",
    }
}

/// The `line` reason, for any game: the move's verdict, the better move, and the line of best
/// play after it (`sides` the game's names for p1 and p2, `mover` the side that moved).
pub fn line(mv: &str, mover: Seat, sides: [&str; 2], asked: &Asked, line: &Line) -> Why {
    let side = |seat: Seat| sides[usize::from(seat == Seat::P2)];
    let better = match asked.best.first() {
        Some(best) if best != mv => format!("; {best} was better"),
        _ => String::new(),
    };
    let how = if line.proven {
        "best play"
    } else {
        "the search's line"
    };
    let mut text = format!(
        "{} {}{better}",
        head(asked.number, side(mover), mv),
        verdict(asked)
    );
    if !line.moves.is_empty() {
        let rest = if line.complete { "" } else { " …" };
        text += &format!(
            " — {how}: {}{rest} ({} to move)",
            line.moves.join(" "),
            side(mover.other())
        );
    }
    Why {
        kind: "line",
        moves: line.moves.clone(),
        text,
        complete: Some(line.complete),
        proven: Some(line.proven),
        ..Why::default()
    }
}

/// `n` with `one` or `many`: `1 move`, `3 moves`.
pub fn count(n: u32, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_names_the_better_move_and_the_line() {
        let asked = Asked {
            number: 6,
            best: vec!["4".into()],
            result: Some(-1),
            was: Some(0),
            ..Asked::default()
        };
        let played = Line {
            moves: vec!["2".into(), "3".into()],
            proven: true,
            complete: false,
        };
        let why = line("5", Seat::P1, ["Red", "Yellow"], &asked, &played);
        assert_eq!(why.kind, "line");
        assert_eq!(
            why.text,
            "Move 6, Red: 5 loses; 4 was better — best play: 2 3 … (Yellow to move)"
        );
        assert_eq!(why.complete, Some(false));
        let json = serde_json::to_string(&why).expect("json");
        assert!(
            json.contains(r#""complete":false"#) && !json.contains("nim_sum"),
            "{json}"
        );
    }
}
