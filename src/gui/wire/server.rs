//! The messages to the page, one JSON object each with a `type` field naming it (documented in
//! `gui.md`); the types inside them are in the sibling modules.

use super::compare::{CompareRow, CompareStart};
use super::offer::{EngineEntry, VariantEntry};
use super::review::{ReviewDone, ReviewProgress, ReviewStart, ReviewTryBoard, ReviewTryDone};
use super::search::{ColumnValue, InfoMessage};
use super::state::GameState;
use super::trace::{NodeTuple, TraceStart, TraceSummary};
use serde::Serialize;

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
        /// The session's id: the page reconnects with `/ws?session=<id>` to find its game.
        session: String,
        /// True when this socket took over a session that already had a game.
        resumed: bool,
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
    /// A review of the tab's game started: the game it is of.
    ReviewStart(Box<ReviewStart>),
    /// The review waits for its turn (at most two run at once, server-wide): `ahead` reviews
    /// run or wait before it; 0 when its turn has come and it runs.
    ReviewWaiting { ahead: usize },
    /// One more move reviewed (from the last move to the first).
    ReviewProgress(Box<ReviewProgress>),
    /// The review is complete.
    ReviewDone(Box<ReviewDone>),
    /// The review failed, or was cancelled (`cancelled`); nothing more comes of it.
    ReviewFailed { message: String, cancelled: bool },
    /// The board after a move tried (`review_try`), at once.
    ReviewTryBoard(Box<ReviewTryBoard>),
    /// The move tried, judged, with the best reply.
    ReviewTryDone(Box<ReviewTryDone>),
    /// The move tried was refused, or its judgement failed or was replaced by another's.
    ReviewTryFailed {
        ply: usize,
        #[serde(rename = "move")]
        mv: String,
        message: String,
    },
}

/// Most nodes in one `trace_nodes` message.
pub const TRACE_CHUNK: usize = 4000;
