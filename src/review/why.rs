//! The reason (`why`) of each marked move, assembled: the game explains the move in its own
//! terms where it can (`Variant::explain`: Connect Four's threats, Nim's nim-sum, Rush Hour's
//! cost...), otherwise the review gives the line of best play after it (`games::why::line`),
//! a solver's line where the move was judged exactly, else the search's, marked unproven.

use crate::games::why::{self, Asked, Line, Why};
use crate::variants::value::Value;
use crate::variants::variant::Variant;

/// Plies of a proven line the review makes sure of (solving on from its end), unless the
/// game ends sooner.
pub const LINE_PLIES: usize = 12;

/// The number the move list gives the move `ply` (from 1): the moves of both sides count as
/// one (`Move 6` is the 11th ply and the 12th), whichever side moved first, as the move list
/// writes `6.` and `6…`; a puzzle's one by one.
pub fn move_number(ply: usize, puzzle: bool) -> usize {
    if puzzle { ply } else { ply.div_ceil(2) }
}

/// What the review proved of a marked move, for the game to explain it: its number, the
/// better moves, who wins before and after it (`before`, `after` for the mover) and the plies
/// it gave away where both are proven with their distance.
pub fn asked(number: usize, best: &[String], before: Value, after: Value) -> Asked {
    let given_away = match (before, after) {
        (Value::Win { plies: Some(b) }, Value::Win { plies: Some(a) }) => a.checked_sub(b),
        (Value::Loss { plies: Some(b) }, Value::Loss { plies: Some(a) }) => b.checked_sub(a),
        _ => None,
    };
    Asked {
        number,
        best: best.to_vec(),
        result: after.result(),
        was: before.result(),
        given_away,
    }
}

/// The moves of `pv` played from `start` while each is legal, and the position they reach.
pub fn follow(start: &dyn Variant, pv: &[String]) -> (Vec<String>, Box<dyn Variant>) {
    let mut end = start.clone_box();
    let mut played = Vec::new();
    for mv in pv {
        if end.outcome().is_some() || end.play_move(mv).is_err() {
            break;
        }
        played.push(mv.clone());
    }
    (played, end)
}

/// The reason for `mv`, a marked move played at `pos`: the game's own if it has one, else the
/// line `line` gives.
pub fn reason<E>(
    pos: &dyn Variant,
    mv: &str,
    asked: &Asked,
    line: impl FnOnce() -> Result<Line, E>,
) -> Result<Why, E> {
    match pos.explain(mv, asked) {
        Ok(Some(why)) => return Ok(why),
        Ok(None) => {}
        Err(e) => log::debug!("no reason of the game for {mv}: {e}"),
    }
    let line = line()?;
    Ok(why::line(
        mv,
        pos.side_to_move(),
        pos.seat_names(),
        asked,
        &line,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_numbered_as_the_move_list_numbers_them() {
        assert_eq!(move_number(11, false), 6);
        assert_eq!(move_number(12, false), 6);
        assert_eq!(move_number(1, false), 1);
        assert_eq!(move_number(2, false), 1);
        assert_eq!(move_number(7, true), 7);
    }

    #[test]
    fn the_plies_given_away_come_from_two_distances() {
        let win = |n| Value::Win { plies: Some(n) };
        let loss = |n| Value::Loss { plies: Some(n) };
        assert_eq!(asked(1, &[], win(5), win(17)).given_away, Some(12));
        assert_eq!(asked(1, &[], loss(20), loss(8)).given_away, Some(12));
        let blunder = asked(1, &[], win(5), Value::Draw);
        assert_eq!(
            (blunder.given_away, blunder.was, blunder.result),
            (None, Some(1), Some(0))
        );
    }
}
