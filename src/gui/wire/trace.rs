//! The tree view's messages: what a traced search is, its nodes as the page reads them, and
//! its end.

use serde::Serialize;

/// What a traced search is.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct TraceStart {
    /// The engine's name.
    pub engine: String,
    /// The variant.
    pub variant: String,
    /// Its rule options.
    pub rules: Vec<(String, String)>,
    /// The position searched, as a fen.
    pub fen: String,
    /// The position searched, as the `position` command sent.
    pub position: String,
    /// The root's side to move, `p1` or `p2`.
    pub side: &'static str,
    /// `minimax` or `alphabeta-plain`.
    pub algorithm: String,
    /// The opponent vision (`adversarial`: none).
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

/// A node for the page: `[id, parent, move, ply, kind, alpha, beta, value, pruned, pruned
/// moves]` (`move` null at the root, `alpha`/`beta` null without a window, ±1000001 for an
/// open end).
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct NodeTuple(
    pub u64,
    pub u64,
    pub Option<String>,
    pub u32,
    pub &'static str,
    pub Option<i32>,
    pub Option<i32>,
    pub i32,
    pub usize,
    pub Vec<String>,
);
