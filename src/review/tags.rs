//! The tags of a move, beside its class, as chess.com's Game Review gives them where sente is
//! exact: a slower forced win or a quicker forced loss (not an error: lichess never marks a
//! longer forced mate), the only move keeping the result, a great move (the only one keeping a
//! win or a draw where every other loses), a forced move (the only one avoiding an immediate
//! loss) and a move of sente's opening book. Each tag is counted per side apart from the
//! classes and never lowers accuracy.

use super::judge::winner_moves;
use super::words;
use crate::games::Outcome;
use crate::variants::value::Value;
use crate::variants::variant::Variant;
use serde::{Deserialize, Serialize};

/// What a tag says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TagKind {
    /// A forced win kept, but slower than the best move's.
    FasterWinMissed,
    /// A forced loss kept, but quicker than the best move's.
    LongerDefenceMissed,
    /// The one move that keeps the result (a win or a draw); another move draws where it wins.
    OnlyMove,
    /// The one move that keeps a win or a draw, every other move losing.
    Great,
    /// The one move that avoids an immediate loss (a forced block), or the one legal move.
    Forced,
    /// The move of sente's opening book in this position.
    Book,
}

impl TagKind {
    /// The tag in words: `faster win missed`, `only move`, `great`, `forced`, `book`...
    pub fn words(self) -> &'static str {
        match self {
            TagKind::FasterWinMissed => "faster win missed",
            TagKind::LongerDefenceMissed => "longer defence missed",
            TagKind::OnlyMove => "only move",
            TagKind::Great => "great",
            TagKind::Forced => "forced",
            TagKind::Book => "book",
        }
    }
}

/// A tag of a move: its kind and what it says in words (with both distances for a faster
/// win or a longer defence missed).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tag {
    /// What it says.
    pub kind: TagKind,
    /// In words: `faster win missed: win in 12, where 4 wins in 3`.
    pub text: String,
}

impl Tag {
    /// A tag whose words are its kind's.
    pub fn plain(kind: TagKind) -> Tag {
        Tag {
            kind,
            text: kind.words().to_string(),
        }
    }
}

/// Tags of each kind, one side's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct TagCounts {
    /// Slower forced wins.
    pub faster_win_missed: usize,
    /// Quicker forced losses.
    pub longer_defence_missed: usize,
    /// Only moves.
    pub only_move: usize,
    /// Great moves.
    pub great: usize,
    /// Forced moves.
    pub forced: usize,
    /// Book moves.
    pub book: usize,
}

impl TagCounts {
    /// Counts `tag`.
    pub fn add(&mut self, tag: TagKind) {
        let count = match tag {
            TagKind::FasterWinMissed => &mut self.faster_win_missed,
            TagKind::LongerDefenceMissed => &mut self.longer_defence_missed,
            TagKind::OnlyMove => &mut self.only_move,
            TagKind::Great => &mut self.great,
            TagKind::Forced => &mut self.forced,
            TagKind::Book => &mut self.book,
        };
        *count += 1;
    }
}

/// The tag of a move that kept the result but not the distance, from the exact values `before`
/// (kept by `best`) and `after` (the move's), both for the mover: a slower win, a quicker loss.
pub fn distance_tag(before: Value, after: Value, best: Option<&str>) -> Option<Tag> {
    let kind = match (before, after) {
        (Value::Win { plies: Some(b) }, Value::Win { plies: Some(a) }) if a > b => {
            TagKind::FasterWinMissed
        }
        (Value::Loss { plies: Some(b) }, Value::Loss { plies: Some(a) }) if a < b => {
            TagKind::LongerDefenceMissed
        }
        _ => return None,
    };
    let verb = if kind == TagKind::FasterWinMissed {
        "wins"
    } else {
        "loses"
    };
    let best_words = match (best, winner_moves(before)) {
        (Some(best), Some(n)) => format!("{best} {verb} in {n}"),
        _ => words::value_words(before, false, 0.0),
    };
    Some(Tag {
        kind,
        text: format!(
            "{}: {}, where {best_words}",
            kind.words(),
            words::value_words(after, false, 0.0)
        ),
    })
}

/// True when the side to move of `pos` loses at once by playing `mv`: the move ends the game
/// in the opponent's favour, or the opponent's next move can.
fn loses_at_once(pos: &dyn Variant, mv: &str) -> bool {
    let mover = pos.side_to_move();
    let lost = |p: &dyn Variant| matches!(p.outcome(), Some(Outcome::Win(seat)) if seat != mover);
    let mut next = pos.clone_box();
    if next.play_move(mv).is_err() {
        return false;
    }
    if next.outcome().is_some() {
        return lost(next.as_ref());
    }
    if next.side_to_move() == mover {
        return false;
    }
    next.legal_moves().iter().any(|reply| {
        let mut after = next.clone_box();
        after.play_move(reply).is_ok() && lost(after.as_ref())
    })
}

/// True when `mv` is forced in `pos`: the one legal move, or the one move after which the
/// opponent cannot win at once (every other loses at once).
pub fn is_forced(pos: &dyn Variant, mv: &str) -> bool {
    let moves = pos.legal_moves();
    if moves.len() == 1 {
        return moves[0] == mv;
    }
    !loses_at_once(pos, mv)
        && moves
            .iter()
            .filter(|other| *other != mv)
            .all(|other| loses_at_once(pos, other))
}

/// Whether a move that keeps the result `kept` (1 a win, 0 a draw) is the only one or a
/// great one, from the results of every other move (`None` where one is not proven: no tag).
pub fn only_move_tag(kept: i32, others: &[Option<i32>]) -> Option<TagKind> {
    if kept < 0 || others.is_empty() {
        return None;
    }
    let others: Vec<i32> = others.iter().copied().collect::<Option<_>>()?;
    if others.iter().any(|&r| r >= kept) {
        return None;
    }
    Some(if others.iter().all(|&r| r < 0) {
        TagKind::Great
    } else {
        TagKind::OnlyMove
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_and_great_moves_follow_the_other_moves_results() {
        assert_eq!(
            only_move_tag(1, &[Some(0), Some(-1)]),
            Some(TagKind::OnlyMove)
        );
        assert_eq!(
            only_move_tag(1, &[Some(-1), Some(-1)]),
            Some(TagKind::Great)
        );
        assert_eq!(only_move_tag(0, &[Some(-1)]), Some(TagKind::Great));
        assert_eq!(only_move_tag(1, &[Some(1), Some(-1)]), None);
        assert_eq!(only_move_tag(1, &[None, Some(-1)]), None);
        assert_eq!(only_move_tag(-1, &[Some(-1)]), None);
        assert_eq!(only_move_tag(1, &[]), None);
    }

    #[test]
    fn distance_tags_name_both_distances_in_the_winner_s_moves() {
        let win = |p| Value::Win { plies: Some(p) };
        let loss = |p| Value::Loss { plies: Some(p) };
        let tag = distance_tag(win(5), win(23), Some("4")).expect("a slower win");
        assert_eq!(tag.kind, TagKind::FasterWinMissed);
        assert_eq!(tag.text, "faster win missed: win in 12, where 4 wins in 3");
        let tag = distance_tag(loss(24), loss(2), Some("2")).expect("a quicker loss");
        assert_eq!(
            tag.text,
            "longer defence missed: loss in 1, where 2 loses in 12"
        );
        assert_eq!(distance_tag(win(5), win(5), None), None);
        assert_eq!(distance_tag(win(5), Value::Draw, None), None);
    }
}
