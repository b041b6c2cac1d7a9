//! A review saved in its game record and read back (protocol.md, "A review in the record"):
//! every move's comment ends with `[%review …]`, the move's class, tags, reason and values as
//! JSON whose `%`, `{` and `}` are written `%25`, `%7B` and `%7D` (a record's comment holds no
//! brace), and a `[Review "…"]` header holds what the review ran with and the start's value.
//! Readers that know nothing of it keep the comments and the header as they are. A record
//! read back gives the `Review` that was saved, without a solve.

use super::assemble::{self, side};
use super::record::GameRecord;
use super::tags::Tag;
use super::{Alternative, Class, MoveReview, Review, Settings, Why};
use crate::games::why::kind_of;
use crate::referee::record::{self, RecordedGame};
use crate::variants::value::{Judged, Value, Valued};
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// The header that holds the review's settings and the start's value.
pub const HEADER: &str = "Review";

/// The command that starts a move's review in its comment.
const COMMAND: &str = "[%review ";

/// A position's value as saved.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct SavedPosition {
    value: Value,
    judged: Judged,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    best: Option<String>,
}

/// The `[Review]` header.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct SavedHeader {
    movetime_ms: u64,
    nodes: u64,
    hash_mb: usize,
    threads: usize,
    win_scale: f64,
    start: SavedPosition,
}

/// A reason as saved (its kind one of `games::why::KINDS`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct SavedWhy {
    kind: String,
    #[serde(default)]
    moves: Vec<String>,
    #[serde(default)]
    cells: Vec<[u32; 2]>,
    text: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    complete: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    proven: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    nim_sum: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    cost: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    blocker: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    strategy: Option<String>,
}

/// Another move's value, as saved.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct SavedAlternative {
    #[serde(rename = "move")]
    mv: String,
    value: Value,
    judged: Judged,
}

/// A move's review as saved in its comment.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct SavedMove {
    class: Class,
    judged: Judged,
    before: Value,
    after: Value,
    /// The mover's win % before and after the move.
    win: [f64; 2],
    /// The graph's heights before and after it.
    graph: [f64; 2],
    #[serde(default, skip_serializing_if = "Option::is_none")]
    accuracy: Option<f64>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    tags: Vec<Tag>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    best: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    alternatives: Vec<SavedAlternative>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    comment: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    why: Option<SavedWhy>,
    /// The position after the move.
    position: SavedPosition,
}

/// `text` with `%`, `{` and `}` escaped.
fn escape(text: &str) -> String {
    text.replace('%', "%25")
        .replace('{', "%7B")
        .replace('}', "%7D")
}

/// `escape` undone; the error names a `%` that starts none of the three escapes.
fn unescape(text: &str) -> Result<String, String> {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('%') {
        out.push_str(&rest[..at]);
        let code = rest.get(at..at + 3).unwrap_or(&rest[at..]);
        out.push(match code {
            "%25" => '%',
            "%7B" | "%7b" => '{',
            "%7D" | "%7d" => '}',
            _ => return Err(format!("'{code}' is not %25, %7B or %7D")),
        });
        rest = &rest[at + code.len()..];
    }
    out.push_str(rest);
    Ok(out)
}

/// A comment without its `[%review …]` part (the rest of it, trimmed).
pub fn strip_comment(comment: &str) -> &str {
    match comment.find(COMMAND) {
        Some(at) => comment[..at].trim_end(),
        None => comment.trim(),
    }
}

/// The `[%review …]` part of a comment, if any.
fn review_part(comment: &str) -> Option<&str> {
    comment.find(COMMAND).map(|at| &comment[at..])
}

/// True when the record's game holds a saved review (its header or a move's comment).
pub fn has_review(game: &RecordedGame) -> bool {
    game.header(HEADER).is_some() || game.comments.iter().any(|c| review_part(c).is_some())
}

fn saved_position(value: Value, judged: Judged, best: Option<&String>) -> SavedPosition {
    SavedPosition {
        value,
        judged,
        best: best.cloned(),
    }
}

fn saved_move(m: &MoveReview, review: &Review) -> Result<SavedMove, String> {
    let after = review
        .positions
        .get(m.ply)
        .ok_or_else(|| format!("the review has no position after move {}", m.ply))?;
    Ok(SavedMove {
        class: m.class,
        judged: m.judged,
        before: m.before,
        after: m.after,
        win: [m.win_before, m.win_after],
        graph: [m.graph_before, m.graph_after],
        accuracy: m.accuracy,
        tags: m.tags.clone(),
        best: m.best.clone(),
        alternatives: m
            .alternatives
            .iter()
            .map(|a| SavedAlternative {
                mv: a.mv.clone(),
                value: a.value,
                judged: a.judged,
            })
            .collect(),
        comment: m.comment.clone(),
        why: m.why.as_ref().map(|w| SavedWhy {
            kind: w.kind.to_string(),
            moves: w.moves.clone(),
            cells: w.cells.clone(),
            text: w.text.clone(),
            complete: w.complete,
            proven: w.proven,
            nim_sum: w.nim_sum,
            cost: w.cost,
            blocker: w.blocker.clone(),
            strategy: w.strategy.clone(),
        }),
        position: saved_position(after.value, after.judged, after.best.as_ref()),
    })
}

/// Writes `review` into `game`, the record of the same game: the `[Review]` header and each
/// move's `[%review …]` after the rest of its comment (a review saved before replaced). The
/// error says where the review is not of this game.
pub fn write(game: &mut RecordedGame, review: &Review) -> Result<(), String> {
    if game.header("Variant").is_some_and(|v| v != review.variant) {
        return Err(format!(
            "the review is of {}, not of the record's game",
            review.variant
        ));
    }
    let moves: Vec<&str> = review.moves.iter().map(|m| m.mv.as_str()).collect();
    if moves != game.moves.iter().map(String::as_str).collect::<Vec<_>>() {
        return Err("the review is of other moves than the record's".to_string());
    }
    let start = review
        .positions
        .first()
        .ok_or("the review has no position")?;
    let header = SavedHeader {
        movetime_ms: u64::try_from(review.settings.movetime.as_millis()).unwrap_or(u64::MAX),
        nodes: review.settings.nodes,
        hash_mb: review.settings.hash_mb,
        threads: review.settings.threads,
        win_scale: review.win_scale,
        start: saved_position(start.value, start.judged, start.best.as_ref()),
    };
    let header =
        serde_json::to_string(&header).map_err(|e| format!("cannot write the review: {e}"))?;
    game.headers.retain(|(k, _)| k != HEADER);
    game.headers.push((HEADER.to_string(), header));
    game.comments.resize(game.moves.len(), String::new());
    for (m, comment) in review.moves.iter().zip(game.comments.iter_mut()) {
        let json = serde_json::to_string(&saved_move(m, review)?)
            .map_err(|e| format!("cannot write the review of move {}: {e}", m.ply))?;
        let rest = strip_comment(comment);
        let sep = if rest.is_empty() { "" } else { " " };
        *comment = format!("{rest}{sep}{COMMAND}{}]", escape(&json));
    }
    Ok(())
}

/// The review as a whole record: the game's headers (`Variant`, `Rules`, `FEN`, `Result`),
/// then its moves, each with its review.
pub fn record_text(review: &Review) -> Result<String, String> {
    let mut headers = vec![
        ("Event".to_string(), "sente review".to_string()),
        ("Date".to_string(), record::pgn_date()),
        ("Variant".to_string(), review.variant.to_string()),
    ];
    if !review.rules.is_empty() {
        headers.push(("Rules".to_string(), review.rules.clone()));
    }
    if let Some(fen) = &review.fen {
        headers.push(("FEN".to_string(), fen.clone()));
    }
    headers.push((
        "Result".to_string(),
        review.result.unwrap_or("*").to_string(),
    ));
    let mut game = RecordedGame {
        headers,
        moves: review.moves.iter().map(|m| m.mv.clone()).collect(),
        comments: Vec::new(),
        line: 1,
    };
    write(&mut game, review)?;
    Ok(game.to_text())
}

/// A number of a saved review checked to be finite and within `range`.
fn within(what: &str, x: f64, range: std::ops::RangeInclusive<f64>) -> Result<f64, String> {
    if x.is_finite() && range.contains(&x) {
        Ok(x)
    } else {
        Err(format!(
            "{what} {x} is not within {} to {}",
            range.start(),
            range.end()
        ))
    }
}

fn valued(saved: SavedPosition) -> Valued {
    Valued {
        value: saved.value,
        judged: saved.judged,
        best: saved.best,
        pv: Vec::new(),
    }
}

fn why_of(saved: SavedWhy) -> Result<Why, String> {
    let kind = kind_of(&saved.kind).ok_or_else(|| {
        format!(
            "its reason's kind '{}' is none of {}",
            saved.kind,
            crate::games::why::KINDS.join(", ")
        )
    })?;
    Ok(Why {
        kind,
        moves: saved.moves,
        cells: saved.cells,
        text: saved.text,
        complete: saved.complete,
        proven: saved.proven,
        nim_sum: saved.nim_sum,
        cost: saved.cost,
        blocker: saved.blocker,
        strategy: saved.strategy,
    })
}

/// The saved review of move `ply` (from 0) of `comment`; the error says what is wrong with it.
fn read_move(comment: &str) -> Result<SavedMove, String> {
    let part = review_part(comment).ok_or("no [%review …] in its comment")?;
    let payload = part[COMMAND.len()..]
        .strip_suffix(']')
        .ok_or("its [%review …] does not end the comment with ]")?;
    let json = unescape(payload)?;
    let saved: SavedMove = serde_json::from_str(&json).map_err(|e| e.to_string())?;
    within("its win % before", saved.win[0], 0.0..=100.0)?;
    within("its win % after", saved.win[1], 0.0..=100.0)?;
    within("its graph height before", saved.graph[0], -1.0..=1.0)?;
    within("its graph height after", saved.graph[1], -1.0..=1.0)?;
    if let Some(accuracy) = saved.accuracy {
        within("its accuracy", accuracy, 0.0..=100.0)?;
    }
    Ok(saved)
}

/// The review saved in game `number` (from 1) of the record `text`: `Ok(None)` when the game
/// holds none (a record to review as any other). The error names what is wrong: the game
/// itself, the header, or the first move whose review is missing or malformed.
pub fn read(text: &str, number: usize) -> Result<Option<Review>, String> {
    let games = record::parse(text).map_err(|e| format!("bad record: {e}"))?;
    let Some(recorded) = number.checked_sub(1).and_then(|i| games.get(i)) else {
        // GameRecord says what is wrong.
        return GameRecord::from_record_at(text, number).map(|_| None);
    };
    if !has_review(recorded) {
        return Ok(None);
    }
    let game = GameRecord::from_record_at(text, number)?;
    let header = recorded
        .header(HEADER)
        .ok_or("the moves' comments hold a review but the record has no [Review \"…\"] header")?;
    let header: SavedHeader = serde_json::from_str(header)
        .map_err(|e| format!("the [Review] header is not a saved review's: {e}"))?;
    let mut settings = Settings::checked(
        Duration::from_millis(header.movetime_ms).as_secs_f64(),
        header.nodes,
        header.hash_mb,
        header.threads,
    )
    .map_err(|e| format!("the [Review] header: {e}"))?;
    settings.movetime = Duration::from_millis(header.movetime_ms);
    let scale = within(
        "the [Review] header's win_scale",
        header.win_scale,
        0.0..=1e9,
    )?;
    let positions = game.positions()?;
    let puzzle = positions.first().is_some_and(|p| p.is_puzzle());
    let mut values = vec![valued(header.start)];
    let mut moves = Vec::with_capacity(game.moves().len());
    for (ply, mv) in game.moves().iter().enumerate() {
        let comment = recorded.comments.get(ply).map_or("", String::as_str);
        let bad = |e: String| format!("the review of move {} '{mv}': {e}", ply + 1);
        let saved = read_move(comment).map_err(bad)?;
        let why = saved.why.map(why_of).transpose().map_err(bad)?;
        values.push(valued(saved.position));
        moves.push(MoveReview {
            ply: ply + 1,
            number: if puzzle { ply + 1 } else { (ply + 2) / 2 },
            side: side(positions[ply].side_to_move()),
            words: positions[ply].move_words(mv),
            mv: mv.clone(),
            before: saved.before,
            after: saved.after,
            judged: saved.judged,
            class: saved.class,
            mark: saved.class.mark(),
            tags: saved.tags,
            best: saved.best,
            win_before: saved.win[0],
            win_after: saved.win[1],
            graph_before: saved.graph[0],
            graph_after: saved.graph[1],
            accuracy: saved.accuracy,
            alternatives: saved
                .alternatives
                .into_iter()
                .map(|a| Alternative {
                    mv: a.mv,
                    value: a.value,
                    judged: a.judged,
                })
                .collect(),
            comment: saved.comment,
            why,
        });
    }
    Ok(Some(assemble::assemble(
        &game,
        &positions,
        &values,
        moves,
        (settings, scale),
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_leave_no_brace_and_undo_exactly() {
        let text = r#"{"text":"a {b} at 100% — %7D stays"}"#;
        let escaped = escape(text);
        assert!(
            !escaped.contains('{') && !escaped.contains('}'),
            "{escaped}"
        );
        assert_eq!(unescape(&escaped).as_deref(), Ok(text));
        assert!(unescape("50%").is_err_and(|e| e.contains("'%' is not")));
        assert!(unescape("%4").is_err_and(|e| e.contains("'%4' is not")));
    }

    #[test]
    fn a_comment_keeps_what_comes_before_its_review() {
        assert_eq!(
            strip_comment("+0.10/5 0.010s [%review %7B%7D]"),
            "+0.10/5 0.010s"
        );
        assert_eq!(strip_comment("[%review %7B%7D]"), "");
        assert_eq!(strip_comment(" +0.10/5 "), "+0.10/5");
    }
}
