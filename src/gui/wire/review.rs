//! The review view's messages: a review of the tab's game asked for (`review`), and the
//! review as it runs (`review_start`, `review_progress`, one per move reviewed, from the last
//! to the first) and ends (`review_done` with the whole review, or `review_failed`); a move
//! tried at a position of the game (`review_try`: learning from the mistakes, a puzzle), the
//! board after it (`review_try_board`), then its judgement and the best reply
//! (`review_try_done`, or `review_try_failed`).

use super::check::{move_list, text};
use super::state::OutcomeMessage;
use crate::review::{MoveReview, Review};
use serde::{Deserialize, Serialize};

/// Longest time a solve of one position may take in a review, in ms.
pub const MAX_REVIEW_MOVETIME_MS: u64 = 60_000;
/// The time a solve of one position gets when the page does not say, in ms.
pub const DEFAULT_REVIEW_MOVETIME_MS: u64 = 10_000;
/// Largest search budget of a position no solve proves.
pub const MAX_REVIEW_NODES: u64 = 100_000_000;

/// A review of the tab's game, every move from the start (`review`).
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ReviewRequest {
    /// The most time a solve of one position may take, in ms (default
    /// `DEFAULT_REVIEW_MOVETIME_MS`, at most `MAX_REVIEW_MOVETIME_MS`).
    #[serde(default)]
    pub movetime_ms: Option<u64>,
    /// The node budget of the search that values a position no solve proves (default the
    /// library's, 1,000,000).
    #[serde(default)]
    pub nodes: Option<u64>,
}

impl ReviewRequest {
    /// Checks the numbers' ranges; the error names the one out of range.
    pub fn validate(&self) -> Result<(), String> {
        if let Some(ms) = self.movetime_ms
            && !(1..=MAX_REVIEW_MOVETIME_MS).contains(&ms)
        {
            return Err(format!(
                "review: movetime_ms is 1 to {MAX_REVIEW_MOVETIME_MS}, not {ms}"
            ));
        }
        if let Some(nodes) = self.nodes
            && !(1..=MAX_REVIEW_NODES).contains(&nodes)
        {
            return Err(format!(
                "review: nodes is 1 to {MAX_REVIEW_NODES}, not {nodes}"
            ));
        }
        Ok(())
    }
}

/// The game a review is of (`review_start`): the page keeps the review under it.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct ReviewStart {
    /// The variant.
    pub variant: String,
    /// Its rule options.
    pub rules: Vec<(String, String)>,
    /// The start fen (none: the variant's start).
    pub fen: Option<String>,
    /// Every move of the game.
    pub moves: Vec<String>,
    /// The moves to review (all of them).
    pub total: usize,
    /// The most time a solve of one position may take, in ms.
    pub movetime_ms: u64,
}

/// One move reviewed (`review_progress`).
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct ReviewProgress {
    /// Moves reviewed so far.
    pub done: usize,
    /// Of how many.
    pub total: usize,
    /// The move just reviewed (its `ply` says which), as in `sente review --json`'s `moves`.
    pub reviewed: MoveReview,
}

/// The whole review (`review_done`), as `sente review --json` prints it.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct ReviewDone {
    /// The review's time, in ms (0 for one read from a record).
    pub elapsed_ms: u64,
    /// The review.
    pub review: Review,
    /// True when the review was read from the game's record (saved with it), not computed.
    pub from_record: bool,
}

/// A move tried at the position after `ply` moves of the tab's game, not played: judged as
/// the review judges a move, with the best reply (`review_try`).
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ReviewTryRequest {
    /// The position: after this many moves of the tab's game.
    pub ply: usize,
    /// The move tried there.
    #[serde(rename = "move")]
    pub mv: String,
    /// As `ReviewRequest::movetime_ms`.
    #[serde(default)]
    pub movetime_ms: Option<u64>,
    /// As `ReviewRequest::nodes`.
    #[serde(default)]
    pub nodes: Option<u64>,
}

impl ReviewTryRequest {
    /// Checks the move's form and the numbers' ranges; the error names what is wrong.
    pub fn validate(&self) -> Result<(), String> {
        text("move", &self.mv)?;
        move_list(std::slice::from_ref(&self.mv)).map_err(|e| format!("review_try: {e}"))?;
        ReviewRequest {
            movetime_ms: self.movetime_ms,
            nodes: self.nodes,
        }
        .validate()
    }
}

/// A board the page draws in place of the game's (a position off the game's line): its fen,
/// its side to move and, when it is finished, its result.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct TriedBoard {
    /// The position's fen.
    pub fen: String,
    /// Its side to move, `p1` or `p2`.
    pub side: &'static str,
    /// Set when the position is finished.
    pub outcome: Option<OutcomeMessage>,
}

/// The board after the move tried (`review_try_board`), sent at once.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct ReviewTryBoard {
    /// The position tried at: after this many moves of the game.
    pub ply: usize,
    /// The move tried.
    #[serde(rename = "move")]
    pub mv: String,
    /// The position after it.
    #[serde(flatten)]
    pub board: TriedBoard,
}

/// The best reply to a move tried, and the board after it.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct TriedReply {
    /// The reply.
    #[serde(rename = "move")]
    pub mv: String,
    /// The position after it.
    #[serde(flatten)]
    pub board: TriedBoard,
}

/// The move tried, judged (`review_try_done`).
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct ReviewTryDone {
    /// The position tried at: after this many moves of the game.
    pub ply: usize,
    /// The move tried.
    #[serde(rename = "move")]
    pub mv: String,
    /// The move judged as the review judges the game's moves (as `review_progress`'s
    /// `reviewed`; its `ply` is `ply + 1`).
    pub reviewed: MoveReview,
    /// The opponent's best reply and the board after it; null where the move ended the game.
    pub reply: Option<TriedReply>,
    /// The judgement's time, in ms.
    pub elapsed_ms: u64,
}

#[cfg(test)]
mod tests {
    use crate::gui::wire::{ClientMessage, parse};

    #[test]
    fn review_requests_are_read_and_checked() {
        assert_eq!(
            parse(r#"{"type":"review"}"#),
            Ok(ClientMessage::Review(super::ReviewRequest::default()))
        );
        let asked = parse(r#"{"type":"review","movetime_ms":500,"nodes":1000}"#);
        assert!(matches!(asked, Ok(ClientMessage::Review(r)) if r.movetime_ms == Some(500)));
        let zero = parse(r#"{"type":"review","movetime_ms":0}"#).expect_err("refused");
        assert!(zero.contains("movetime_ms is 1 to 60000, not 0"), "{zero}");
        let huge = parse(r#"{"type":"review","nodes":1000000000000}"#).expect_err("refused");
        assert!(huge.contains("nodes"), "{huge}");
        assert!(parse(r#"{"type":"review","depth":3}"#).is_err());
        assert_eq!(
            parse(r#"{"type":"stop_review"}"#),
            Ok(ClientMessage::StopReview {})
        );
    }

    #[test]
    fn tried_moves_are_read_and_checked() {
        let asked = parse(r#"{"type":"review_try","ply":3,"move":"b1","movetime_ms":500}"#);
        assert!(
            matches!(&asked, Ok(ClientMessage::ReviewTry(r)) if r.ply == 3 && r.mv == "b1"),
            "{asked:?}"
        );
        let blank = parse(r#"{"type":"review_try","ply":0,"move":"b 1"}"#).expect_err("refused");
        assert!(blank.contains("'b 1' is not a move"), "{blank}");
        let slow = parse(r#"{"type":"review_try","ply":0,"move":"4","movetime_ms":0}"#)
            .expect_err("refused");
        assert!(slow.contains("movetime_ms is 1 to 60000"), "{slow}");
        assert!(parse(r#"{"type":"review_try","move":"4"}"#).is_err());
    }
}
