//! The messages from the page, one JSON object per WebSocket text message with a `type` field
//! naming it (documented in `gui.md`); each is checked here (shape by serde, sizes and ranges
//! by `validate`) before a tab acts on it.

use super::check::{clip, move_list, pairs, text};
use super::requests::{CompareRequest, TraceRequest};
use super::review::{ReviewRequest, ReviewTryRequest};
use serde::Deserialize;

/// Largest message the page may send, in bytes; a larger one gets an `error` back.
pub const MAX_MESSAGE_BYTES: usize = 256 * 1024;
/// Largest frame the WebSocket layer reads at all (beyond it the connection is closed).
pub const MAX_FRAME_BYTES: usize = 1024 * 1024;

/// A message from the page.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// A new game of `variant` with these rule options, from `fen` (or the start) with
    /// `moves` played; the view at `cursor` (default: the last move). Ends any mode.
    NewGame {
        variant: String,
        #[serde(default)]
        rules: Vec<(String, String)>,
        #[serde(default)]
        fen: Option<String>,
        #[serde(default)]
        moves: Vec<String>,
        #[serde(default)]
        cursor: Option<usize>,
    },
    /// A position typed or pasted by a person: a fen, a move list, or a Rush Hour database
    /// line, in the current variant.
    Setup { text: String },
    /// A person's moves, played in order at the viewed position.
    Play { moves: Vec<String> },
    /// View the position after `ply` moves.
    Goto { ply: usize },
    /// Take back the person's last move (and the engine's reply in a game).
    Undo {},
    /// A person against `engine`; the person plays `human` (`p1` or `p2`).
    StartPlay {
        engine: String,
        human: String,
        limits: LimitsMessage,
    },
    /// Two engines against each other from the viewed position.
    StartWatch {
        engines: [String; 2],
        limits: LimitsMessage,
    },
    /// Pause an engine game (after the move being thought about).
    Pause {},
    /// Resume a paused engine game.
    Resume {},
    /// End the game mode; the position stays, both sides are played by hand.
    StopGame {},
    /// The person gives up the game against the engine.
    Resign {},
    /// The person offers the engine a draw (on their turn, once both sides have moved).
    OfferDraw {},
    /// The person calls off a game against an engine before both sides have moved.
    Abort {},
    /// A move suggestion for the person (in a game against an engine, or a puzzle).
    Hint {},
    /// Analyse the viewed position with `engine` until told to stop (follows the view).
    Analyse { engine: String },
    /// Stop analysing.
    StopAnalysis {},
    /// Solve the puzzle from the viewed position with `engine`; the solution becomes the
    /// moves after it.
    Solve { engine: String },
    /// Engine options for the engines this tab starts from now on (checked against the
    /// engine's own `option` lines).
    EngineOptions {
        engine: String,
        values: Vec<(String, String)>,
    },
    /// Ask for the game in the record format (`record` answers).
    SaveRecord {},
    /// A record's text: its first game is loaded.
    LoadRecord { text: String },
    /// A traced search for the tree view (its own position, apart from the game).
    Trace(TraceRequest),
    /// Stop the traced search.
    StopTrace {},
    /// Searches compared on one position (the comparison view).
    Compare(CompareRequest),
    /// Stop the comparison.
    StopCompare {},
    /// Review the tab's game, every move from the start (the review view); a review already
    /// running is stopped first.
    Review(ReviewRequest),
    /// Stop the review (`review_failed` with `cancelled` answers).
    StopReview {},
    /// A move tried at a position of the tab's game, not played: the board after it, then its
    /// judgement and the best reply (learning from the mistakes, a puzzle).
    ReviewTry(ReviewTryRequest),
}

/// How long an engine may think per move.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct LimitsMessage {
    /// Fixed time per move.
    #[serde(default)]
    pub movetime_ms: Option<u64>,
    /// A clock per side: base time.
    #[serde(default)]
    pub base_ms: Option<u64>,
    /// A clock per side: increment.
    #[serde(default)]
    pub inc_ms: Option<u64>,
    /// Depth limit.
    #[serde(default)]
    pub depth: Option<u32>,
}

impl ClientMessage {
    /// Checks sizes and ranges that serde cannot; the error names what is wrong.
    pub fn validate(&self) -> Result<(), String> {
        match self {
            ClientMessage::NewGame {
                variant,
                rules,
                fen,
                moves,
                ..
            } => {
                text("variant", variant)?;
                pairs("rules", rules)?;
                if let Some(fen) = fen {
                    text("fen", fen)?;
                }
                move_list(moves)
            }
            ClientMessage::Setup { text: t } => text("text", t),
            ClientMessage::Play { moves } => {
                if moves.is_empty() {
                    return Err("play: no move".to_string());
                }
                move_list(moves)
            }
            ClientMessage::StartPlay {
                engine,
                human,
                limits,
            } => {
                text("engine", engine)?;
                if human != "p1" && human != "p2" {
                    return Err(format!("human is p1 or p2, not '{}'", clip(human)));
                }
                limits.validate()
            }
            ClientMessage::StartWatch { engines, limits } => {
                text("engine", &engines[0])?;
                text("engine", &engines[1])?;
                limits.validate()
            }
            ClientMessage::Analyse { engine } | ClientMessage::Solve { engine } => {
                text("engine", engine)
            }
            ClientMessage::EngineOptions { engine, values } => {
                text("engine", engine)?;
                pairs("values", values)
            }
            ClientMessage::Trace(request) => request.validate(),
            ClientMessage::Compare(request) => request.validate(),
            ClientMessage::Review(request) => request.validate(),
            ClientMessage::ReviewTry(request) => request.validate(),
            ClientMessage::LoadRecord { text: t } => {
                if t.len() > MAX_MESSAGE_BYTES {
                    return Err("the record is too long".to_string());
                }
                Ok(())
            }
            ClientMessage::Goto { .. }
            | ClientMessage::Undo {}
            | ClientMessage::Pause {}
            | ClientMessage::Resume {}
            | ClientMessage::StopGame {}
            | ClientMessage::Resign {}
            | ClientMessage::OfferDraw {}
            | ClientMessage::Abort {}
            | ClientMessage::Hint {}
            | ClientMessage::StopAnalysis {}
            | ClientMessage::SaveRecord {}
            | ClientMessage::StopTrace {}
            | ClientMessage::StopCompare {}
            | ClientMessage::StopReview {} => Ok(()),
        }
    }
}

/// Longest time a limit may give, in ms (one day).
const MAX_LIMIT_MS: u64 = 86_400_000;

impl LimitsMessage {
    fn validate(&self) -> Result<(), String> {
        for (name, value) in [("movetime_ms", self.movetime_ms), ("base_ms", self.base_ms)] {
            if let Some(ms) = value
                && !(1..=MAX_LIMIT_MS).contains(&ms)
            {
                return Err(format!("{name} is from 1 to {MAX_LIMIT_MS}, not {ms}"));
            }
        }
        if let Some(ms) = self.inc_ms
            && ms > MAX_LIMIT_MS
        {
            return Err(format!("inc_ms is at most {MAX_LIMIT_MS}, not {ms}"));
        }
        if self.inc_ms.is_some() && self.base_ms.is_none() {
            return Err("inc_ms needs base_ms".to_string());
        }
        if let Some(depth) = self.depth
            && !(1..=128).contains(&depth)
        {
            return Err(format!("depth is from 1 to 128, not {depth}"));
        }
        if self.movetime_ms.is_none() && self.base_ms.is_none() && self.depth.is_none() {
            return Err("limits: give movetime_ms, base_ms or depth".to_string());
        }
        Ok(())
    }
}

/// Reads one message from the page: size, JSON shape, then `validate`.
pub fn parse(text: &str) -> Result<ClientMessage, String> {
    if text.len() > MAX_MESSAGE_BYTES {
        return Err(format!(
            "message of {} bytes; the limit is {MAX_MESSAGE_BYTES}",
            text.len()
        ));
    }
    let message: ClientMessage =
        serde_json::from_str(text).map_err(|e| format!("bad message: {e}"))?;
    message.validate()?;
    Ok(message)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::wire::check::MAX_TEXT;

    #[test]
    fn messages_are_read_and_checked() {
        assert_eq!(
            parse(r#"{"type":"play","moves":["4"]}"#),
            Ok(ClientMessage::Play {
                moves: vec!["4".to_string()]
            })
        );
        assert_eq!(parse(r#"{"type":"undo"}"#), Ok(ClientMessage::Undo {}));
        let err = |t: &str| parse(t).unwrap_err();
        assert!(err("not json").contains("bad message"));
        assert!(err(r#"{"type":"fly"}"#).contains("unknown variant"));
        assert!(err(r#"{"type":"undo","x":1}"#).contains("unknown field"));
        assert!(err(r#"{"type":"play","moves":[]}"#).contains("no move"));
        assert!(err(r#"{"type":"play","moves":["a b"]}"#).contains("not a move"));
        assert!(err(r#"{"type":"goto","ply":-1}"#).contains("bad message"));
        assert!(
            err(r#"{"type":"start_play","engine":"sente","human":"p3","limits":{"depth":1}}"#)
                .contains("p1 or p2")
        );
        assert!(
            err(r#"{"type":"start_play","engine":"sente","human":"p1","limits":{}}"#)
                .contains("give movetime_ms")
        );
        assert!(
            err(
                r#"{"type":"start_play","engine":"sente","human":"p1","limits":{"movetime_ms":0}}"#
            )
            .contains("movetime_ms is from 1")
        );
        let long = format!(
            r#"{{"type":"setup","text":"{}"}}"#,
            "x".repeat(MAX_TEXT + 1)
        );
        assert!(err(&long).contains("longer than"));
        let huge = " ".repeat(MAX_MESSAGE_BYTES + 1);
        assert!(err(&huge).contains("the limit is"));
        assert!(err(r#"{"type":"setup","text":"a\u0000b"}"#).contains("control"));
    }
}
