//! The review in words: a value ("win in 11 plies"), the comment on a move where the player
//! erred ("3 lost: 4 still won, in 11 plies"), and the annotated game `sente review` prints.

use super::judge::{Class, chances};
use super::{MoveReview, Review, Side, SideSummary};
use crate::variants::value::{Judged, Value};
use std::fmt::Write;

/// A value for its side in words: `win in 11 plies`, `win` (only who wins is known), `draw`,
/// `loss in 8 plies`, `score 3` (a game tree's units), `+0.35 (62 %)` (a search's estimate and
/// its win %); in a puzzle `solved in 12 moves`, `no solution`.
pub fn value_words(value: Value, puzzle: bool, scale: f64) -> String {
    let plural = |n: u32, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    match (value, puzzle) {
        (Value::Win { plies: Some(0) }, true) => "solved".to_string(),
        (Value::Win { plies: Some(n) }, true) => {
            format!("solved in {}", plural(n, "move", "moves"))
        }
        (Value::Win { plies: None }, true) => "solvable".to_string(),
        (Value::Loss { .. }, true) => "no solution".to_string(),
        (Value::Win { plies: Some(n) }, false) => format!("win in {}", plural(n, "ply", "plies")),
        (Value::Win { plies: None }, false) => "win".to_string(),
        (Value::Loss { plies: Some(n) }, false) => format!("loss in {}", plural(n, "ply", "plies")),
        (Value::Loss { plies: None }, false) => "loss".to_string(),
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

/// What a value says happened, in the past tense: `won`, `drew`, `lost`, with the distance
/// when `distance` and it is known.
fn outcome_words(value: Value, distance: bool) -> String {
    let plies = |n: Option<u32>| match n {
        Some(n) if distance => format!(" in {n} {}", if n == 1 { "ply" } else { "plies" }),
        _ => String::new(),
    };
    match value {
        Value::Win { plies: n } => format!("won{}", plies(n)),
        Value::Loss { plies: n } => format!("lost{}", plies(n)),
        Value::Draw => "drew".to_string(),
        Value::Score { cp } => format!("scored {}", units(cp)),
        Value::Estimate { .. } | Value::Unknown => "was not judged".to_string(),
    }
}

/// The comment on a move where the player erred (`class` an inaccuracy, a mistake or a
/// blunder): what the move kept (`after`), and what the best move (`best`) kept (`before`).
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
    if class == Class::Blunder {
        let kept = outcome_words(before, false);
        let distance = match before {
            Value::Win { plies: Some(n) } | Value::Loss { plies: Some(n) } => {
                format!(", in {n} {}", if n == 1 { "ply" } else { "plies" })
            }
            _ => String::new(),
        };
        return format!(
            "{mv} {}: {best} still {kept}{distance}",
            outcome_words(after, false)
        );
    }
    format!(
        "{mv} {}: {best} {}",
        outcome_words(after, true),
        outcome_words(before, true)
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
        .map(|m| m.mv.len() + m.mark.len())
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

/// `  7. p1  3?!   inaccuracy  win in 29 plies (exact)  3 won in 33 plies: 4 won in 29 plies`
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
        "{:>4}. {side}  {:<width$}  {:<10}  {} ({judged})",
        m.ply,
        format!("{}{}", m.mv, m.mark),
        m.class.name(),
        value_words(m.after, puzzle, scale),
    );
    if !m.comment.is_empty() {
        let _ = write!(line, "  {}", m.comment);
    } else if !m.best.is_empty() && !m.best.contains(&m.mv) {
        let _ = write!(line, "  best {}", m.best.join(" "));
    }
    line
}

/// `p1: accuracy 93.4 %, 1 inaccuracy, 0 mistakes, 0 blunders (20 moves: 18 exact, 2 who wins only)`
fn side_line(s: &SideSummary, puzzle: bool) -> String {
    let side = match s.side {
        Side::P1 => "p1",
        Side::P2 => "p2",
    };
    let count =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    let accuracy = match (s.accuracy, puzzle) {
        (_, true) => String::new(),
        (Some(a), false) => format!("accuracy {a:.1} %, "),
        (None, false) => "accuracy -, ".to_string(),
    };
    format!(
        "{side}: {accuracy}{}, {}, {} ({}: {} exact, {} who wins only, {} by search)",
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
        assert_eq!(value_words(win(11), false, 0.0), "win in 11 plies");
        assert_eq!(value_words(win(1), false, 0.0), "win in 1 ply");
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
            "3 lost: 4 still won, in 11 plies"
        );
        assert_eq!(
            comment("3", Some("4"), (win(5), win(17)), Class::Mistake, exact),
            "3 won in 17 plies: 4 won in 5 plies"
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
