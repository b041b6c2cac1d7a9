//! The searches a comparison can run, by the names the page sends, and the opponent visions a
//! traced search may take.

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
