//! The searches a comparison can run, by the names the page sends, and the opponent visions a
//! traced search may take.

use crate::variants::registry;

/// The opponent visions, as `Opponent` names them.
pub const OPPONENTS: [&str; 4] = ["adversarial", "random", "pessimistic", "optimistic"];

/// One search a comparison can run: the engine options that make it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunSpec {
    /// Its name in messages (`minimax`, `expectimax-random`, `astar-movers`).
    pub name: String,
    /// `Algorithm`.
    pub algorithm: &'static str,
    /// `Opponent`.
    pub opponent: &'static str,
    /// For A* and IDA*: the estimate of the moves left, a choice of the option a puzzle game
    /// declares for it (`movers`, of Rush Hour's `PuzzleHeuristic`).
    pub estimate: Option<&'static str>,
    /// A one-player puzzle search (`go` without a depth).
    pub puzzle: bool,
}

/// The runs that take no estimate: name, `Algorithm`, `Opponent`, whether a puzzle search.
/// Expectimax is `Algorithm minimax` with a chance opponent (the engine runs expectimax
/// whatever `Algorithm` says).
const FIXED: &[(&str, &str, &str, bool)] = &[
    ("minimax", "minimax", "adversarial", false),
    ("alphabeta-plain", "alphabeta-plain", "adversarial", false),
    ("alphabeta", "alphabeta", "adversarial", false),
    ("expectimax-random", "minimax", "random", false),
    ("expectimax-pessimistic", "minimax", "pessimistic", false),
    ("expectimax-optimistic", "minimax", "optimistic", false),
    ("bfs", "bfs", "adversarial", true),
];

/// The puzzle searches that take a game's estimate, run as `<algorithm>-<estimate>`.
pub const ESTIMATED: [&str; 2] = ["astar", "idastar"];

/// The run called `name`: a fixed one, or A* or IDA* with an estimate a game declares
/// (`astar-movers`).
pub fn run_spec(name: &str) -> Option<RunSpec> {
    if let Some(&(name, algorithm, opponent, puzzle)) = FIXED.iter().find(|r| r.0 == name) {
        return Some(RunSpec {
            name: name.to_string(),
            algorithm,
            opponent,
            estimate: None,
            puzzle,
        });
    }
    let (algorithm, estimate) = name.split_once('-')?;
    let algorithm = ESTIMATED.into_iter().find(|&a| a == algorithm)?;
    let estimate = registry::puzzle_estimate_words().find(|&w| w == estimate)?;
    Some(RunSpec {
        name: name.to_string(),
        algorithm,
        opponent: "adversarial",
        estimate: Some(estimate),
        puzzle: true,
    })
}

/// Every run's name: the fixed ones, then A* and IDA* with each estimate the games declare.
pub fn run_names() -> Vec<String> {
    let fixed = FIXED.iter().map(|r| r.0.to_string());
    let estimated = ESTIMATED.into_iter().flat_map(|algorithm| {
        registry::puzzle_estimate_words().map(move |word| format!("{algorithm}-{word}"))
    });
    fixed.chain(estimated).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_estimated_runs_are_those_the_games_declare() {
        let names = run_names();
        assert_eq!(names.len(), FIXED.len() + 2 * 4, "{names:?}");
        for word in ["zero", "distance", "blockers", "movers"] {
            let spec = run_spec(&format!("idastar-{word}")).expect("declared by Rush Hour");
            assert_eq!((spec.algorithm, spec.estimate), ("idastar", Some(word)));
            assert!(spec.puzzle);
        }
        assert_eq!(run_spec("bfs").map(|s| s.estimate), Some(None));
        assert_eq!(run_spec("astar-nothing"), None);
        assert_eq!(run_spec("minimax-movers"), None);
        assert_eq!(run_spec("astar"), None);
    }
}
