//! What the tree view and the comparison view share: their requests from the page (each naming
//! its own position, apart from the tab's game), the searches they can run, the position a
//! request names (every move checked), and the engine options a run needs.

use super::catalog::Engine;
use super::game::Game;
use super::messages::{clip, move_list, pairs, text};
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
    /// The variant and its rule options.
    pub variant: String,
    #[serde(default)]
    pub rules: Vec<(String, String)>,
    /// The position: a fen (or the start) with moves, or a position typed as for `setup`.
    #[serde(default)]
    pub fen: Option<String>,
    #[serde(default)]
    pub moves: Vec<String>,
    #[serde(default)]
    pub text: Option<String>,
    /// `minimax` or `alphabeta-plain`.
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
    /// The engine (sente, or one with its `Algorithm`, `Opponent`, `PuzzleHeuristic`).
    pub engine: String,
    /// The variant, its rules and the position, as in `TraceRequest`.
    pub variant: String,
    #[serde(default)]
    pub rules: Vec<(String, String)>,
    #[serde(default)]
    pub fen: Option<String>,
    #[serde(default)]
    pub moves: Vec<String>,
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

/// The opponent visions, as `Opponent` names them.
pub const OPPONENTS: [&str; 4] = ["adversarial", "random", "pessimistic", "optimistic"];

/// One search a comparison can run: the engine options that make it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunSpec {
    /// Its name in messages (`minimax`, `expectimax-random`, `astar-movers`).
    pub name: &'static str,
    /// `Algorithm`.
    pub algorithm: &'static str,
    /// `Opponent`.
    pub opponent: &'static str,
    /// `PuzzleHeuristic`, for A* and IDA*.
    pub heuristic: Option<&'static str>,
    /// A one-player puzzle search (`go` without a depth).
    pub puzzle: bool,
}

const fn search(name: &'static str, algorithm: &'static str, opponent: &'static str) -> RunSpec {
    RunSpec {
        name,
        algorithm,
        opponent,
        heuristic: None,
        puzzle: false,
    }
}

const fn puzzle(name: &'static str, algorithm: &'static str, heuristic: &'static str) -> RunSpec {
    RunSpec {
        name,
        algorithm,
        opponent: "adversarial",
        heuristic: if heuristic.is_empty() {
            None
        } else {
            Some(heuristic)
        },
        puzzle: true,
    }
}

/// Every run a comparison offers. Expectimax is `Algorithm minimax` with a chance opponent
/// (the engine runs expectimax whatever `Algorithm` says).
pub const RUNS: &[RunSpec] = &[
    search("minimax", "minimax", "adversarial"),
    search("alphabeta-plain", "alphabeta-plain", "adversarial"),
    search("alphabeta", "alphabeta", "adversarial"),
    search("expectimax-random", "minimax", "random"),
    search("expectimax-pessimistic", "minimax", "pessimistic"),
    search("expectimax-optimistic", "minimax", "optimistic"),
    puzzle("bfs", "bfs", ""),
    puzzle("astar-zero", "astar", "zero"),
    puzzle("astar-distance", "astar", "distance"),
    puzzle("astar-blockers", "astar", "blockers"),
    puzzle("astar-movers", "astar", "movers"),
    puzzle("idastar-zero", "idastar", "zero"),
    puzzle("idastar-distance", "idastar", "distance"),
    puzzle("idastar-blockers", "idastar", "blockers"),
    puzzle("idastar-movers", "idastar", "movers"),
];

/// The run called `name`.
pub fn run_spec(name: &str) -> Option<&'static RunSpec> {
    RUNS.iter().find(|r| r.name == name)
}

fn depth(value: u32) -> Result<(), String> {
    if (1..=MAX_DEPTH).contains(&value) {
        Ok(())
    } else {
        Err(format!("depth is from 1 to {MAX_DEPTH}, not {value}"))
    }
}

fn position_fields(
    variant: &str,
    rules: &[(String, String)],
    fen: &Option<String>,
    moves: &[String],
    typed: &Option<String>,
) -> Result<(), String> {
    text("variant", variant)?;
    pairs("rules", rules)?;
    if let Some(fen) = fen {
        text("fen", fen)?;
    }
    if let Some(typed) = typed {
        text("text", typed)?;
    }
    move_list(moves)
}

impl TraceRequest {
    /// Checks names, sizes and ranges; the error names what is wrong.
    pub fn validate(&self) -> Result<(), String> {
        text("engine", &self.engine)?;
        position_fields(
            &self.variant,
            &self.rules,
            &self.fen,
            &self.moves,
            &self.text,
        )?;
        if !["minimax", "alphabeta-plain"].contains(&self.algorithm.as_str()) {
            return Err(format!(
                "a traced search is minimax or alphabeta-plain, not '{}'",
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
    pub fn game(&self) -> Result<Game, String> {
        position(
            &self.variant,
            &self.rules,
            &self.fen,
            &self.moves,
            &self.text,
        )
    }
}

impl CompareRequest {
    /// Checks names, sizes and ranges; the error names what is wrong.
    pub fn validate(&self) -> Result<(), String> {
        text("engine", &self.engine)?;
        position_fields(
            &self.variant,
            &self.rules,
            &self.fen,
            &self.moves,
            &self.text,
        )?;
        if self.runs.is_empty() {
            return Err("compare: no run".to_string());
        }
        if self.runs.len() > RUNS.len() {
            return Err(format!("compare: at most {} runs", RUNS.len()));
        }
        for name in &self.runs {
            if run_spec(name).is_none() {
                let names: Vec<&str> = RUNS.iter().map(|r| r.name).collect();
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
    pub fn game(&self) -> Result<Game, String> {
        position(
            &self.variant,
            &self.rules,
            &self.fen,
            &self.moves,
            &self.text,
        )
    }
}

/// The position a request names: `text` typed as for `setup`, or `fen` (the start when absent)
/// with `moves`; refused when the game is already over there.
fn position(
    variant: &str,
    rules: &[(String, String)],
    fen: &Option<String>,
    moves: &[String],
    typed: &Option<String>,
) -> Result<Game, String> {
    let game = Game::new(variant, rules, fen.clone(), moves.to_vec())?;
    let game = match typed.as_deref().map(str::trim) {
        Some(t) if !t.is_empty() => game.setup(t)?,
        _ => game,
    };
    if let Some(outcome) = game.viewed().outcome() {
        return Err(format!("the game is over in this position ({outcome})"));
    }
    Ok(game)
}

/// Checks that `engine` has the option `name`, and the value `value` among its choices when
/// it is a combo; the error says what the view needs.
pub fn require_option(
    engine: &Engine,
    name: &str,
    value: Option<&str>,
    needed_for: &str,
) -> Result<(), String> {
    let who = &engine.spec.name;
    let Some(option) = engine.option(name) else {
        return Err(format!(
            "{who} has no option {name}: {needed_for} needs an engine that has it, as sente does"
        ));
    };
    if let Some(value) = value
        && option.kind == "combo"
        && !option.vars.iter().any(|v| v == value)
    {
        return Err(format!(
            "{who}'s option {name} has no value {value} (it has {}): {needed_for} needs it, as sente has",
            option.vars.join(", ")
        ));
    }
    Ok(())
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
        assert_eq!(
            ok.game().unwrap().viewed().fen(),
            "((3 12 8) (2 4 6) (14 5 2))"
        );
        let err = |j: &str| trace(j).unwrap_err();
        assert!(
            err(r#"{"engine":"sente","variant":"tree","algorithm":"alphabeta","depth":2}"#)
                .contains("minimax or alphabeta-plain")
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

    #[test]
    fn the_position_is_checked_and_must_not_be_over() {
        let game = position("tictactoe", &[], &None, &["a3".to_string()], &None).unwrap();
        assert_eq!(game.moves, ["a3"]);
        let typed = position("connect4", &[], &None, &[], &Some("4 3 5".into())).unwrap();
        assert_eq!(typed.moves, ["4", "3", "5"]);
        assert!(position("tictactoe", &[], &None, &["a3".into(), "a3".into()], &None).is_err());
        let over = ["a1", "a2", "b1", "b2", "c1"].map(String::from);
        assert!(
            position("tictactoe", &[], &None, &over, &None)
                .unwrap_err()
                .contains("over")
        );
    }
}
