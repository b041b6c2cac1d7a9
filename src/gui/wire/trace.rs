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
    /// `minimax`, `alphabeta-plain` or `proof`.
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
    /// The root's value from p1's point of view, in the game's units (as in the trace).
    pub value: TraceNumber,
    /// The `score` of the `info depth` line as the engine wrote it (`cp 300`, `mate 3`), from
    /// the side to move.
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
/// moves]` (`move` null at the root, `alpha`/`beta` null without a window; values in the
/// game's units, as the trace writes them).
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct NodeTuple(
    pub u64,
    pub u64,
    pub Option<String>,
    pub u32,
    pub &'static str,
    pub Option<TraceNumber>,
    pub Option<TraceNumber>,
    pub TraceNumber,
    pub usize,
    pub Vec<String>,
);

/// A trace value or window bound for the page, in the game's units: a JSON number, or the
/// string `"inf"` or `"-inf"` for an open end (JSON has no infinity).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TraceNumber(pub f64);

impl Serialize for TraceNumber {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            v if v == f64::INFINITY => serializer.serialize_str("inf"),
            v if v == f64::NEG_INFINITY => serializer.serialize_str("-inf"),
            v => serializer.serialize_f64(v),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_go_to_the_page_in_the_games_units_with_open_ends_as_words() {
        let node = NodeTuple(
            6,
            1,
            Some("2".into()),
            1,
            "min",
            Some(TraceNumber(3.0)),
            Some(TraceNumber(f64::INFINITY)),
            TraceNumber(7.67),
            2,
            vec!["2".into(), "3".into()],
        );
        assert_eq!(
            serde_json::to_string(&node).unwrap(),
            r#"[6,1,"2",1,"min",3.0,"inf",7.67,2,["2","3"]]"#
        );
        assert_eq!(
            serde_json::to_string(&TraceNumber(f64::NEG_INFINITY)).unwrap(),
            r#""-inf""#
        );
    }
}
