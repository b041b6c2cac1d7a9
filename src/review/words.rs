//! The review in words: a value ("win in 6": the winner's sixth move from here ends the game,
//! as UCI's `score mate 6` and lichess's "mate in 6" count), the comment on a move where the
//! player erred ("3 loses in 4: 4 still wins in 6"), and the annotated game `sente review`
//! prints, its moves numbered as the GUI's move list numbers them ("4." the first player's
//! fourth move, "4…" the second player's).

use super::judge::{Class, chances, winner_moves};
use super::{MoveReview, Review, Side, SideSummary};
use crate::variants::value::{Judged, Value};
use std::fmt::Write;

/// The number the move list writes before move `ply` (from 1): `4.` for the first player's
/// fourth move (an odd ply), `4…` for the second player's (an even one); a puzzle's moves are
/// numbered one by one (`7.`).
pub fn move_number(ply: usize, puzzle: bool) -> String {
    if puzzle {
        format!("{ply}.")
    } else if ply % 2 == 1 {
        format!("{}.", ply.div_ceil(2))
    } else {
        format!("{}…", ply / 2)
    }
}

/// A value for its side in words: `win in 6` (its sixth move from here wins), `win` (only who
/// wins is known), `draw`, `loss in 4` (the opponent's fourth move wins), `won`/`lost` (the
/// game is over), `score 3` (a game tree's units), `+0.35 (62 %)` (a search's estimate and its
/// win %); in a puzzle `solved in 12 moves`, `no solution`.
pub fn value_words(value: Value, puzzle: bool, scale: f64) -> String {
    let plural = |n: u32, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    match (value, puzzle) {
        (Value::Win { plies: Some(0) }, true) => "solved".to_string(),
        (Value::Win { plies: Some(n) }, true) => {
            format!("solved in {}", plural(n, "move", "moves"))
        }
        (Value::Win { plies: None }, true) => "solvable".to_string(),
        (Value::Loss { .. }, true) => "no solution".to_string(),
        (Value::Win { plies: Some(0) }, false) => "won".to_string(),
        (Value::Loss { plies: Some(0) }, false) => "lost".to_string(),
        (Value::Win { .. } | Value::Loss { .. }, false) => {
            let kind = if matches!(value, Value::Win { .. }) {
                "win"
            } else {
                "loss"
            };
            match winner_moves(value) {
                Some(n) => format!("{kind} in {n}"),
                None => kind.to_string(),
            }
        }
        (Value::Draw, _) => "draw".to_string(),
        (Value::Score { cp }, _) => format!("score {}", units(cp)),
        (Value::Estimate { cp }, _) => format!(
            "{:+.2} ({:.0} %)",
            f64::from(cp) / 100.0,
            50.0 + 50.0 * chances(value, scale).unwrap_or(0.0)
        ),
        (Value::Unknown, _) => "unknown".to_string(),
    }
}

/// A game tree's score in its units (100 centipawns each).
fn units(cp: i32) -> String {
    if cp % 100 == 0 {
        (cp / 100).to_string()
    } else {
        format!("{:.2}", f64::from(cp) / 100.0)
    }
}

/// What a move's value says it does, in the present tense: `wins in 6`, `draws`, `loses in
/// 4`, `wins` (who wins only), `scores 3`.
fn outcome_words(value: Value) -> String {
    let distance = winner_moves(value).map_or(String::new(), |n| format!(" in {n}"));
    match value {
        Value::Win { .. } => format!("wins{distance}"),
        Value::Loss { .. } => format!("loses{distance}"),
        Value::Draw => "draws".to_string(),
        Value::Score { cp } => format!("scores {}", units(cp)),
        Value::Estimate { .. } | Value::Unknown => "was not judged".to_string(),
    }
}

/// The comment on a move where the player erred (`class` an inaccuracy, a mistake or a
/// blunder): what the move does (`after`), and what the best move (`best`) does (`before`).
pub fn comment(
    mv: &str,
    best: Option<&str>,
    (before, after): (Value, Value),
    class: Class,
    (judged, puzzle, scale): (Judged, bool, f64),
) -> String {
    let best = best.unwrap_or("the best move");
    if judged == Judged::Search {
        let win = |v| 50.0 + 50.0 * chances(v, scale).unwrap_or(0.0);
        return format!(
            "{mv} dropped the winning chances from {:.0} % to {:.0} %: {best} kept {:.0} %",
            win(before),
            win(after),
            win(before)
        );
    }
    if puzzle {
        let left = |v: Value| match v {
            Value::Win { plies: Some(n) } => Some(n.saturating_sub(1)),
            _ => None,
        };
        return match (left(before), left(after)) {
            (Some(b), Some(a)) if class == Class::Mistake => format!(
                "{mv} does not bring the solution nearer ({a} moves still): {best} leaves {b}"
            ),
            (Some(b), Some(a)) => {
                format!("{mv} takes the solution further away ({a} moves): {best} leaves {b}")
            }
            (Some(b), None) => format!("{mv} leaves no solution: {best} leaves {b}"),
            _ => format!("{mv} {}", class.name()),
        };
    }
    let still = if class == Class::Blunder {
        "still "
    } else {
        ""
    };
    format!(
        "{mv} {}: {best} {still}{}",
        outcome_words(after),
        outcome_words(before)
    )
}

/// The annotated game and its summary, as `sente review` prints it.
pub fn annotated(review: &Review) -> String {
    let puzzle = review.puzzle.is_some();
    let mut out = String::new();
    let rules = if review.rules.is_empty() {
        String::new()
    } else {
        format!(" ({})", review.rules)
    };
    let _ = writeln!(
        out,
        "{}{rules}, {} moves{}; each position solved in at most {} ms (who wins only, when not \
         in time), else searched {} nodes",
        review.variant,
        review.moves.len(),
        review.result.map(|r| format!(", {r}")).unwrap_or_default(),
        review.settings.movetime.as_millis(),
        review.settings.nodes
    );
    let width = review
        .moves
        .iter()
        .map(|m| move_text(m).chars().count())
        .max()
        .unwrap_or(1);
    for m in &review.moves {
        let _ = writeln!(out, "{}", move_line(m, width, puzzle, review.win_scale));
        if let Some(why) = &m.why {
            let _ = writeln!(out, "        why: {}", why.text);
        }
    }
    for side in &review.sides {
        let _ = writeln!(out, "{}", side_line(side, puzzle));
    }
    if let Some(p) = review.puzzle {
        let optimal = p.optimal.map_or("not found".to_string(), |n| n.to_string());
        let solved = if p.solved { "solved" } else { "not solved" };
        let _ = writeln!(out, "{solved} in {} moves (optimal {optimal})", p.moves);
    }
    out
}

/// The move, its mark and its words where the game says it: `c2??`, `2-3?? (takes 3 from
/// heap 2)`.
fn move_text(m: &MoveReview) -> String {
    match &m.words {
        Some(words) => format!("{}{} ({words})", m.mv, m.mark),
        None => format!("{}{}", m.mv, m.mark),
    }
}

/// `  4. p1  c2??  blunder     loss in 1 (exact)  c2 loses in 1: b3 still draws`, the tags in
/// brackets after it (`[only move, book]`).
fn move_line(m: &MoveReview, width: usize, puzzle: bool, scale: f64) -> String {
    let side = match m.side {
        Side::P1 => "p1",
        Side::P2 => "p2",
    };
    let judged = match m.judged {
        Judged::Exact => "exact",
        Judged::Weak => "who wins",
        Judged::Search => "search",
    };
    let mut line = format!(
        "{:>5} {side}  {:<width$}  {:<10}  {} ({judged})",
        move_number(m.ply, puzzle),
        move_text(m),
        m.class.name(),
        value_words(m.after, puzzle, scale),
    );
    if !m.comment.is_empty() {
        let _ = write!(line, "  {}", m.comment);
    } else if !m.best.is_empty() && !m.best.contains(&m.mv) {
        let _ = write!(line, "  best {}", m.best.join(" "));
    }
    if !m.tags.is_empty() {
        let tags: Vec<&str> = m.tags.iter().map(|t| t.text.as_str()).collect();
        let _ = write!(line, "  [{}]", tags.join("; "));
    }
    line
}

/// An accuracy as the review shows it: cut (never rounded up) to one decimal, so that only a
/// side without a move below 100 % shows `100.0`.
pub fn accuracy_text(accuracy: f64) -> String {
    format!("{:.1}", (accuracy * 10.0).floor() / 10.0)
}

/// `p1: accuracy 93.4 %, 1 inaccuracy, 0 mistakes, 0 blunders; 2 only moves, 1 forced (20
/// moves: 18 exact, 2 who wins only, 0 by search)`
fn side_line(s: &SideSummary, puzzle: bool) -> String {
    let side = match s.side {
        Side::P1 => "p1",
        Side::P2 => "p2",
    };
    let count =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    let accuracy = match (s.accuracy, puzzle) {
        (_, true) => String::new(),
        (Some(a), false) => format!("accuracy {} %, ", accuracy_text(a)),
        (None, false) => "accuracy -, ".to_string(),
    };
    let t = &s.tags;
    let tags: Vec<String> = [
        (
            t.faster_win_missed,
            "faster win missed",
            "faster wins missed",
        ),
        (
            t.longer_defence_missed,
            "longer defence missed",
            "longer defences missed",
        ),
        (t.only_move, "only move", "only moves"),
        (t.great, "great move", "great moves"),
        (t.forced, "forced", "forced"),
        (t.book, "book move", "book moves"),
    ]
    .iter()
    .filter(|(n, ..)| *n > 0)
    .map(|&(n, one, many)| count(n, one, many))
    .collect();
    let tags = if tags.is_empty() {
        String::new()
    } else {
        format!("; {}", tags.join(", "))
    };
    format!(
        "{side}: {accuracy}{}, {}, {}{tags} ({}: {} exact, {} who wins only, {} by search)",
        count(s.inaccuracies, "inaccuracy", "inaccuracies"),
        count(s.mistakes, "mistake", "mistakes"),
        count(s.blunders, "blunder", "blunders"),
        count(s.moves, "move", "moves"),
        s.judged.exact,
        s.judged.weak,
        s.judged.search
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::review::judge::LICHESS_WIN_SCALE;

    #[test]
    fn values_and_comments_read_well() {
        let win = |n| Value::Win { plies: Some(n) };
        // The winner's own moves: a win in 11 plies is its sixth move, a loss in 8 plies the
        // opponent's fourth; as the move list numbers moves.
        assert_eq!(value_words(win(11), false, 0.0), "win in 6");
        assert_eq!(value_words(win(1), false, 0.0), "win in 1");
        assert_eq!(
            value_words(Value::Loss { plies: Some(8) }, false, 0.0),
            "loss in 4"
        );
        assert_eq!(
            value_words(Value::Loss { plies: Some(0) }, false, 0.0),
            "lost"
        );
        assert_eq!(value_words(Value::Win { plies: None }, false, 0.0), "win");
        assert_eq!(
            [1, 2, 3, 4].map(|ply| move_number(ply, false)),
            ["1.", "1…", "2.", "2…"]
        );
        assert_eq!(move_number(4, true), "4.");
        assert_eq!(accuracy_text(99.96), "99.9");
        assert_eq!(accuracy_text(100.0), "100.0");
        assert_eq!(value_words(win(12), true, 0.0), "solved in 12 moves");
        assert_eq!(value_words(Value::Score { cp: 300 }, false, 0.0), "score 3");
        assert_eq!(
            value_words(Value::Estimate { cp: 0 }, false, LICHESS_WIN_SCALE),
            "+0.00 (50 %)"
        );
        let exact = (Judged::Exact, false, LICHESS_WIN_SCALE);
        assert_eq!(
            comment(
                "3",
                Some("4"),
                (win(11), Value::Loss { plies: Some(8) }),
                Class::Blunder,
                exact
            ),
            "3 loses in 4: 4 still wins in 6"
        );
        assert_eq!(
            comment(
                "3",
                Some("4"),
                (Value::Score { cp: 300 }, Value::Score { cp: 200 }),
                Class::Mistake,
                exact
            ),
            "3 scores 2: 4 scores 3"
        );
        let puzzle = (Judged::Exact, true, LICHESS_WIN_SCALE);
        assert_eq!(
            comment(
                "B+1",
                Some("A-1"),
                (win(12), win(13)),
                Class::Mistake,
                puzzle
            ),
            "B+1 does not bring the solution nearer (12 moves still): A-1 leaves 11"
        );
    }
}
