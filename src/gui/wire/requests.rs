//! The tree view's and the comparison view's requests (`trace`, `compare`): each names its own
//! position, apart from the tab's game, and what to search there; checked here.

use super::check::{clip, move_list, pairs, text};
use super::runs::{OPPONENTS, run_names, run_spec};
use serde::Deserialize;

/// Most nodes a traced search may send to the page (the engine's `TraceLimit` default).
pub const MAX_TRACE_NODES: u64 = 100_000;
/// Deepest search a request may ask for.
pub const MAX_DEPTH: u32 = 64;
/// Most depths one comparison may run.
pub const MAX_DEPTHS: usize = 8;

/// A traced search for the tree view (`trace`).
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TraceRequest {
    /// The engine (it must have `SearchTrace`).
    pub engine: String,
    /// The variant.
    pub variant: String,
    /// Its rule options.
    #[serde(default)]
    pub rules: Vec<(String, String)>,
    /// The start fen (none: the variant's start).
    #[serde(default)]
    pub fen: Option<String>,
    /// The moves from it.
    #[serde(default)]
    pub moves: Vec<String>,
    /// A position typed as for `setup`, instead of `fen` and `moves`.
    #[serde(default)]
    pub text: Option<String>,
    /// `minimax`, `alphabeta-plain` or `proof`.
    pub algorithm: String,
    /// `adversarial` (the default), or a chance opponent: `random`, `pessimistic`, `optimistic`
    /// (expectimax).
    #[serde(default = "adversarial")]
    pub opponent: String,
    /// `go depth`.
    pub depth: u32,
    /// `TraceLimit` (default and most: `MAX_TRACE_NODES`).
    #[serde(default)]
    pub limit: Option<u64>,
}

/// A comparison of searches on one position (`compare`).
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct CompareRequest {
    /// The engine (sente, or one with its `Algorithm`, `Opponent` and the game's estimate option).
    pub engine: String,
    /// The variant; it and the position's fields are as in `TraceRequest`.
    pub variant: String,
    /// Its rule options.
    #[serde(default)]
    pub rules: Vec<(String, String)>,
    /// The start fen (none: the variant's start).
    #[serde(default)]
    pub fen: Option<String>,
    /// The moves from it.
    #[serde(default)]
    pub moves: Vec<String>,
    /// A position typed as for `setup`, instead of `fen` and `moves`.
    #[serde(default)]
    pub text: Option<String>,
    /// The runs, by name (`RUNS`), in the order wanted.
    pub runs: Vec<String>,
    /// The depths of the two-player searches (ignored by the puzzle searches).
    #[serde(default)]
    pub depths: Vec<u32>,
    /// `rushhour-rocks`: play whole games against sente's rock player (the course's
    /// experiment) instead of one search.
    #[serde(default)]
    pub games: bool,
}

fn adversarial() -> String {
    "adversarial".to_string()
}

/// The position a request names: `text` typed as for `setup`, or `fen` (the start when absent)
/// with `moves`, in `variant` under `rules`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PositionRef<'a> {
    /// The variant.
    pub variant: &'a str,
    /// Its rule options.
    pub rules: &'a [(String, String)],
    /// The start fen (`None`: the variant's start).
    pub fen: Option<&'a str>,
    /// The moves from it.
    pub moves: &'a [String],
    /// A position typed by a person, read as `setup` reads it.
    pub text: Option<&'a str>,
}

impl PositionRef<'_> {
    /// Checks the fields' sizes and characters.
    fn validate(&self) -> Result<(), String> {
        text("variant", self.variant)?;
        pairs("rules", self.rules)?;
        if let Some(fen) = self.fen {
            text("fen", fen)?;
        }
        if let Some(typed) = self.text {
            text("text", typed)?;
        }
        move_list(self.moves)
    }
}

fn depth(value: u32) -> Result<(), String> {
    if (1..=MAX_DEPTH).contains(&value) {
        Ok(())
    } else {
        Err(format!("depth is from 1 to {MAX_DEPTH}, not {value}"))
    }
}

impl TraceRequest {
    /// Checks names, sizes and ranges; the error names what is wrong.
    pub fn validate(&self) -> Result<(), String> {
        text("engine", &self.engine)?;
        self.position().validate()?;
        if !["minimax", "alphabeta-plain", "proof"].contains(&self.algorithm.as_str()) {
            return Err(format!(
                "a traced search is minimax, alphabeta-plain or proof, not '{}'",
                clip(&self.algorithm)
            ));
        }
        if !OPPONENTS.contains(&self.opponent.as_str()) {
            return Err(format!(
                "opponent is one of {}, not '{}'",
                OPPONENTS.join(", "),
                clip(&self.opponent)
            ));
        }
        depth(self.depth)?;
        if let Some(limit) = self.limit
            && !(1..=MAX_TRACE_NODES).contains(&limit)
        {
            return Err(format!(
                "limit is from 1 to {MAX_TRACE_NODES} nodes, not {limit}"
            ));
        }
        Ok(())
    }

    /// The position searched.
    pub fn position(&self) -> PositionRef<'_> {
        PositionRef {
            variant: &self.variant,
            rules: &self.rules,
            fen: self.fen.as_deref(),
            moves: &self.moves,
            text: self.text.as_deref(),
        }
    }
}

impl CompareRequest {
    /// Checks names, sizes and ranges; the error names what is wrong.
    pub fn validate(&self) -> Result<(), String> {
        text("engine", &self.engine)?;
        self.position().validate()?;
        if self.runs.is_empty() {
            return Err("compare: no run".to_string());
        }
        let names = run_names();
        if self.runs.len() > names.len() {
            return Err(format!("compare: at most {} runs", names.len()));
        }
        for name in &self.runs {
            if run_spec(name).is_none() {
                return Err(format!(
                    "no run '{}' (the runs: {})",
                    clip(name),
                    names.join(", ")
                ));
            }
        }
        if self.depths.len() > MAX_DEPTHS {
            return Err(format!("compare: at most {MAX_DEPTHS} depths"));
        }
        for &d in &self.depths {
            depth(d)?;
        }
        let two_player = self
            .runs
            .iter()
            .any(|r| run_spec(r).is_some_and(|s| !s.puzzle));
        if two_player && self.depths.is_empty() {
            return Err("compare: give the depths of the searches".to_string());
        }
        Ok(())
    }

    /// The position compared.
    pub fn position(&self) -> PositionRef<'_> {
        PositionRef {
            variant: &self.variant,
            rules: &self.rules,
            fen: self.fen.as_deref(),
            moves: &self.moves,
            text: self.text.as_deref(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn trace(json: &str) -> Result<TraceRequest, String> {
        let request: TraceRequest =
            serde_json::from_str(json).map_err(|e| format!("bad message: {e}"))?;
        request.validate()?;
        Ok(request)
    }

    #[test]
    fn requests_are_checked() {
        let ok = trace(r#"{"engine":"sente","variant":"tree","algorithm":"minimax","depth":2}"#)
            .unwrap();
        assert_eq!(ok.opponent, "adversarial");
        assert_eq!(ok.position().variant, "tree");
        let err = |j: &str| trace(j).unwrap_err();
        assert!(
            err(r#"{"engine":"sente","variant":"tree","algorithm":"alphabeta","depth":2}"#)
                .contains("minimax, alphabeta-plain or proof")
        );
        assert!(
            err(r#"{"engine":"sente","variant":"tree","algorithm":"minimax","depth":0}"#)
                .contains("depth is from 1")
        );
        assert!(
            err(r#"{"engine":"sente","variant":"tree","algorithm":"minimax","depth":2,"limit":0}"#)
                .contains("limit is from 1")
        );
        assert!(
            err(r#"{"engine":"sente","variant":"tree","algorithm":"minimax","depth":2,"opponent":"kind"}"#)
                .contains("opponent is one of")
        );
        assert!(
            err(r#"{"engine":"sente","variant":"tree","algorithm":"minimax","depth":2,"x":1}"#)
                .contains("unknown field")
        );
        let compare = |j: &str| -> Result<CompareRequest, String> {
            let r: CompareRequest = serde_json::from_str(j).map_err(|e| e.to_string())?;
            r.validate()?;
            Ok(r)
        };
        assert!(
            compare(
                r#"{"engine":"sente","variant":"tree","runs":["minimax","alphabeta"],"depths":[2]}"#
            )
            .is_ok()
        );
        assert!(
            compare(r#"{"engine":"sente","variant":"tree","runs":["magic"],"depths":[2]}"#)
                .unwrap_err()
                .contains("no run 'magic'")
        );
        assert!(
            compare(r#"{"engine":"sente","variant":"tree","runs":["minimax"]}"#)
                .unwrap_err()
                .contains("give the depths")
        );
        assert!(
            compare(r#"{"engine":"sente","variant":"rushhour","runs":["bfs","astar-movers"]}"#)
                .is_ok()
        );
    }
}
