//! The messages between the page and the server, one JSON object per WebSocket text message,
//! each with a `type` field naming it (documented in `gui.md`). Every message from the page is
//! checked here (shape by serde, sizes and ranges by `validate`) before a tab acts on it.

use super::compare::CompareRow;
use super::lab::{CompareRequest, TraceRequest};
use super::trace::NodeTuple;
use serde::{Deserialize, Serialize};

/// Largest message the page may send, in bytes; a larger one gets an `error` back.
pub const MAX_MESSAGE_BYTES: usize = 256 * 1024;
/// Largest frame the WebSocket layer reads at all (beyond it the connection is closed).
pub const MAX_FRAME_BYTES: usize = 1024 * 1024;
/// Longest move list a message may carry.
pub const MAX_MOVES: usize = 4096;
/// Longest name, move, option value or fen in a message, in bytes.
pub const MAX_TEXT: usize = 4096;

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
            | ClientMessage::Hint {}
            | ClientMessage::StopAnalysis {}
            | ClientMessage::SaveRecord {}
            | ClientMessage::StopTrace {}
            | ClientMessage::StopCompare {} => Ok(()),
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

pub(super) fn text(name: &str, value: &str) -> Result<(), String> {
    if value.len() > MAX_TEXT {
        return Err(format!("{name} is longer than {MAX_TEXT} bytes"));
    }
    if value.chars().any(|c| c.is_control() && c != '\t') {
        return Err(format!("{name} holds a control character"));
    }
    Ok(())
}

pub(super) fn pairs(name: &str, values: &[(String, String)]) -> Result<(), String> {
    if values.len() > 256 {
        return Err(format!("{name}: more than 256 pairs"));
    }
    for (n, v) in values {
        text(name, n)?;
        text(name, v)?;
    }
    Ok(())
}

pub(super) fn move_list(moves: &[String]) -> Result<(), String> {
    if moves.len() > MAX_MOVES {
        return Err(format!("more than {MAX_MOVES} moves"));
    }
    for mv in moves {
        if mv.is_empty() || mv.len() > 64 || mv.contains(char::is_whitespace) {
            return Err(format!("'{}' is not a move", clip(mv)));
        }
    }
    Ok(())
}

/// At most 40 characters of `text`, for messages.
pub fn clip(text: &str) -> String {
    text.chars().take(40).collect()
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

/// A message to the page.
#[derive(Clone, Debug, Serialize, PartialEq)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    /// The first message on a socket: what the server offers.
    Welcome {
        version: String,
        engines: Vec<EngineEntry>,
        variants: Vec<VariantEntry>,
        max_message_bytes: usize,
    },
    /// The game as it stands (sent after every change).
    State(Box<GameState>),
    /// An `info` line of a search, read into fields.
    Info(Box<InfoMessage>),
    /// The exact value of each Connect Four column (analysis).
    Columns {
        fen: String,
        columns: Vec<ColumnValue>,
    },
    /// A line said to (`to`) or by (`from`) an engine of this tab.
    Log {
        engine: String,
        dir: &'static str,
        line: String,
    },
    /// A message from the page was refused; the session goes on.
    Error { message: String },
    /// Something to tell the person: an engine fault, a game's end, a limit reached.
    Notice {
        level: &'static str,
        message: String,
    },
    /// A suggested move for the person.
    Hint { mv: String },
    /// The game in the record format.
    Record { text: String },
    /// A traced search was started for the tree view.
    TraceStart(Box<TraceStart>),
    /// How many trace lines the engine has sent so far.
    TraceProgress { lines: u64 },
    /// Nodes of the finished, checked trace, in id order (at most `TRACE_CHUNK` a message).
    TraceNodes { nodes: Vec<NodeTuple> },
    /// The traced search is complete: every node was sent.
    TraceDone(Box<TraceSummary>),
    /// The traced search failed or was stopped; nothing more comes.
    TraceFailed { message: String },
    /// A comparison started: its rows, all pending.
    CompareStart(Box<CompareStart>),
    /// One row of the comparison, when it starts and when it ends.
    CompareRow(Box<CompareRow>),
    /// Every row of the comparison is done.
    CompareDone { elapsed_ms: u64 },
    /// The comparison failed or was stopped; the rows not done stay so.
    CompareFailed { message: String },
}

/// Most nodes in one `trace_nodes` message.
pub const TRACE_CHUNK: usize = 4000;

/// What a traced search is.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct TraceStart {
    /// The engine's name.
    pub engine: String,
    /// The variant, its rules and the position searched (fen and the `position` command).
    pub variant: String,
    pub rules: Vec<(String, String)>,
    pub fen: String,
    pub position: String,
    /// The root's side to move, `p1` or `p2`.
    pub side: &'static str,
    /// `minimax` or `alphabeta-plain`; `opponent` the vision (`adversarial`: none).
    pub algorithm: String,
    pub opponent: String,
    /// `go depth`.
    pub depth: u32,
    /// `TraceLimit`.
    pub limit: u64,
}

/// The end of a traced search.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct TraceSummary {
    /// Nodes traced (and sent).
    pub nodes: u64,
    /// The search's own node count (`nodes` of its `info depth` line).
    pub search_nodes: Option<u64>,
    /// The root's value from p1's point of view (as in the trace).
    pub value: i32,
    /// The `score` of the `info depth` line (`cp 300`, `mate 3`), from the side to move.
    pub score: Option<String>,
    /// `bestmove`.
    pub best: Option<String>,
    /// The principal variation.
    pub pv: Vec<String>,
    /// The engine's `time`, in ms.
    pub time_ms: Option<u64>,
    /// True when the engine stopped tracing at the limit (the tree is its first nodes).
    pub truncated: bool,
    /// From the request to the tree checked, in ms.
    pub elapsed_ms: u64,
}

/// The rows of a comparison, before they run.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct CompareStart {
    /// The engine's name.
    pub engine: String,
    /// The variant, its rules and the position (fen and the `position` command).
    pub variant: String,
    pub rules: Vec<(String, String)>,
    pub fen: String,
    pub position: String,
    /// `search` (two-player searches at depths), `puzzle` (one-player optimal searches) or
    /// `games` (the rocks experiment: whole games against sente's rock player).
    pub kind: &'static str,
    /// Every row, pending.
    pub rows: Vec<CompareRow>,
}

/// An engine the page may pick.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct EngineEntry {
    /// The name given with `name=` (what the page sends back).
    pub name: String,
    /// What it said with `id name`.
    pub id_name: Option<String>,
    /// Its variants (`UCI_Variant` choices), if it said.
    pub variants: Option<Vec<String>>,
    /// Its options, read from its `option` lines.
    pub options: Vec<super::catalog::OptionSpec>,
    /// Why it could not be asked, if it could not.
    pub error: Option<String>,
}

/// A variant sente knows.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct VariantEntry {
    /// Its name.
    pub name: String,
    /// One player (Rush Hour).
    pub puzzle: bool,
    /// Its start position's fen with the default rules.
    pub start_fen: String,
}

/// Everything the page draws about the game.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct GameState {
    /// The variant's name.
    pub variant: String,
    /// The rule options set (`[["BabylonColours", "3"]]`).
    pub rules: Vec<(String, String)>,
    /// The fen the game started from (`None`: the start position).
    pub start_fen: Option<String>,
    /// The start position's fen (as `start_fen`, or the variant's start).
    pub root_fen: String,
    /// Every move from the start.
    pub moves: Vec<String>,
    /// A comment per move (engine score, depth and time; empty for a person's move).
    pub comments: Vec<String>,
    /// How many of `moves` lead to the viewed position.
    pub cursor: usize,
    /// The viewed position.
    pub fen: String,
    /// Its side to move, `p1` or `p2`.
    pub side: &'static str,
    /// One player (Rush Hour).
    pub puzzle: bool,
    /// Its legal moves (empty once it is over).
    pub legal: Vec<String>,
    /// Rush Hour: how far each vehicle can go by legal moves, `[back, forward]` cells.
    pub reach: Option<Vec<(String, i32, i32)>>,
    /// Set when the viewed position is finished.
    pub outcome: Option<OutcomeMessage>,
    /// Set when a game ended by a forfeit (crash, time, illegal move) at the last move.
    pub forfeit: Option<OutcomeMessage>,
    /// What the tab is doing.
    pub mode: ModeMessage,
    /// The clocks of a game with a clock.
    pub clocks: Option<ClocksMessage>,
}

/// A result and why.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct OutcomeMessage {
    /// `1-0`, `0-1`, `1/2-1/2`.
    pub result: String,
    /// In words (`p1 won`, `p2 crashed: ...`).
    pub reason: String,
}

/// What the tab is doing.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct ModeMessage {
    /// `free` (a person plays both sides), `play` (against an engine) or `watch`.
    pub kind: &'static str,
    /// Who plays p1 and p2 (`you`, or an engine's name).
    pub players: [String; 2],
    /// The person's seat in `play`.
    pub human: Option<&'static str>,
    /// An engine game between moves, waiting for `resume`.
    pub paused: bool,
    /// The seat whose engine is thinking.
    pub thinking: Option<&'static str>,
    /// The analysing engine, when analysis runs.
    pub analysis: Option<String>,
    /// The engine solving the puzzle, while it does.
    pub solving: Option<String>,
    /// The limits text (`st=1`, `2+0.05`).
    pub limits: Option<String>,
}

/// The clocks of a timed game.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct ClocksMessage {
    /// The first player's time left, in ms.
    pub p1_ms: i64,
    /// The second player's time left, in ms.
    pub p2_ms: i64,
    /// The seat whose clock runs.
    pub running: Option<&'static str>,
}

/// An `info` line read into fields.
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct InfoMessage {
    /// `analysis`, `p1`, `p2`, `hint` or `solve`.
    pub source: String,
    /// The engine's name.
    pub engine: String,
    /// The fen of the position searched.
    pub fen: String,
    /// `depth`.
    pub depth: Option<u64>,
    /// `seldepth`.
    pub seldepth: Option<u64>,
    /// `cp` or `mate`.
    pub score_kind: Option<String>,
    /// The score, from the side to move.
    pub score: Option<i64>,
    /// `lowerbound` or `upperbound`.
    pub bound: Option<String>,
    /// `nodes`.
    pub nodes: Option<u64>,
    /// `nps`.
    pub nps: Option<u64>,
    /// `time`, in ms.
    pub time_ms: Option<u64>,
    /// `hashfull`, in permille.
    pub hashfull: Option<u64>,
    /// The principal variation.
    pub pv: Vec<String>,
    /// The text after `info string`.
    pub string: Option<String>,
}

/// A Connect Four column's exact value from the solver.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct ColumnValue {
    /// The move (column label).
    pub mv: String,
    /// `pending`, `solved`, `unproven` (time ran out) or `error`.
    pub status: &'static str,
    /// The value for the side to move, in the solving literature's convention (positive: it
    /// wins; 0: draw).
    pub value: Option<i64>,
}

#[cfg(test)]
mod tests {
    use super::*;

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
