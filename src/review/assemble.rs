//! The review put together from its parts: the positions and their values, the moves judged,
//! each side's accuracy and counts. One assembly for a review just run (`Reviewer::finish`)
//! and one read back from a record (`saved`), so that both give the same `Review`.

use super::judge::{self, Class};
use super::record::GameRecord;
use super::tags::TagCounts;
use super::{
    JudgedCounts, MoveReview, PositionReview, PuzzleSummary, Review, Settings, Side, SideSummary,
};
use crate::games::Seat;
use crate::referee::duel::result::GameResult;
use crate::variants::value::{Judged, Value, Valued};
use crate::variants::variant::Variant;

/// `P1` or `P2` as the review names it.
pub fn side(seat: Seat) -> Side {
    match seat {
        Seat::P1 => Side::P1,
        Seat::P2 => Side::P2,
    }
}

/// The evaluation graph's height of `value` (for the side to move of `pos`) for the first
/// player.
pub fn graph_p1(pos: &dyn Variant, value: Value, scale: f64) -> f64 {
    let height = judge::graph_height(value, scale);
    if pos.side_to_move() == Seat::P1 {
        height
    } else {
        -height
    }
}

/// The review of `game` from its `positions` (from the start to the last), their `values`
/// (one each) and its `moves` judged, with the `settings` it ran with and the game's logistic
/// constant `scale`.
pub fn assemble(
    game: &GameRecord,
    positions: &[Box<dyn Variant>],
    values: &[Valued],
    moves: Vec<MoveReview>,
    (settings, scale): (Settings, f64),
) -> Review {
    let puzzle = positions.first().is_some_and(|p| p.is_puzzle());
    let positions_reviewed: Vec<PositionReview> = positions
        .iter()
        .zip(values)
        .enumerate()
        .map(|(ply, (pos, found))| {
            let win = judge::win_percent(found.value, scale);
            PositionReview {
                ply,
                fen: pos.fen(),
                side: side(pos.side_to_move()),
                value: found.value,
                judged: found.judged,
                best: found.best.clone(),
                win_p1: if pos.side_to_move() == Seat::P1 {
                    win
                } else {
                    100.0 - win
                },
                graph_p1: graph_p1(pos.as_ref(), found.value, scale),
            }
        })
        .collect();
    let movers: Vec<(usize, f64)> = moves
        .iter()
        .map(|m| (usize::from(m.side == Side::P2), m.accuracy.unwrap_or(100.0)))
        .collect();
    let wins: Vec<f64> = positions_reviewed.iter().map(|p| p.win_p1).collect();
    let accuracy = judge::game_accuracy(&wins, &movers);
    let seats: &[Side] = if puzzle {
        &[Side::P1]
    } else {
        &[Side::P1, Side::P2]
    };
    let sides = seats
        .iter()
        .enumerate()
        .map(|(i, &seat)| {
            let own: Vec<&MoveReview> = moves.iter().filter(|m| m.side == seat).collect();
            let count = |class| own.iter().filter(|m| m.class == class).count();
            let judged = |how| own.iter().filter(|m| m.judged == how).count();
            let mut tags = TagCounts::default();
            for tag in own.iter().flat_map(|m| &m.tags) {
                tags.add(tag.kind);
            }
            SideSummary {
                side: seat,
                moves: own.len(),
                accuracy: if puzzle { None } else { accuracy[i] },
                inaccuracies: count(Class::Inaccuracy),
                mistakes: count(Class::Mistake),
                blunders: count(Class::Blunder),
                tags,
                judged: JudgedCounts {
                    exact: judged(Judged::Exact),
                    weak: judged(Judged::Weak),
                    search: judged(Judged::Search),
                },
            }
        })
        .collect();
    let outcome = positions.last().and_then(|p| p.outcome());
    let puzzle_summary = puzzle.then(|| PuzzleSummary {
        moves: moves.len(),
        optimal: match positions_reviewed.first().map(|p| p.value) {
            Some(Value::Win { plies }) => plies,
            _ => None,
        },
        solved: outcome.is_some(),
    });
    Review {
        variant: game.variant(),
        rules: game.rules_text(),
        fen: game.fen().map(str::to_string),
        result: if puzzle {
            None
        } else {
            outcome.map(|o| match GameResult::of(o) {
                GameResult::P1Win => "1-0",
                GameResult::P2Win => "0-1",
                GameResult::Draw => "1/2-1/2",
            })
        },
        settings,
        win_scale: scale,
        positions: positions_reviewed,
        moves,
        sides,
        puzzle: puzzle_summary,
    }
}
