//! The searches `go` may run (option `Algorithm`, and expectimax chosen by `Opponent`), and
//! which games each searches.

use super::textbook;

/// Which search `go` runs (option `Algorithm`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algorithm {
    /// Iterative-deepening principal-variation alpha-beta with table and move ordering; on a
    /// one-player puzzle, breadth-first search.
    AlphaBeta,
    /// Plain minimax: no pruning, no table, children in generation order.
    Minimax,
    /// Plain alpha-beta: children in generation order, no table.
    AlphaBetaPlain,
    /// Expectimax (chosen by the option `Opponent`, whatever `Algorithm` says): the opponent's
    /// nodes are chance nodes worth the expectation of their children.
    Expectimax(textbook::Vision),
    /// The proof tree of the root's exact value for its side to move (`proof`): one best
    /// move at each of its nodes, every reply at the other side's, to the end of the game.
    Proof,
    /// One-player puzzles: breadth-first search.
    Bfs,
    /// One-player puzzles: A* with the puzzle's estimate.
    AStar,
    /// One-player puzzles: IDA* with the puzzle's estimate.
    IdaStar,
}

impl Algorithm {
    /// Every algorithm, by option name.
    pub const ALL: [(&'static str, Algorithm); 7] = [
        ("alphabeta", Algorithm::AlphaBeta),
        ("minimax", Algorithm::Minimax),
        ("alphabeta-plain", Algorithm::AlphaBetaPlain),
        ("proof", Algorithm::Proof),
        ("bfs", Algorithm::Bfs),
        ("astar", Algorithm::AStar),
        ("idastar", Algorithm::IdaStar),
    ];

    /// The option name (`expectimax` for the algorithm `Opponent` chooses).
    pub fn name(self) -> &'static str {
        Algorithm::ALL
            .iter()
            .find(|(_, a)| *a == self)
            .map_or("expectimax", |(name, _)| name)
    }

    /// True for the textbook searches (minimax, plain alpha-beta, expectimax, the proof
    /// tree), the traced ones.
    pub fn is_textbook(self) -> bool {
        matches!(
            self,
            Algorithm::Minimax
                | Algorithm::AlphaBetaPlain
                | Algorithm::Expectimax(_)
                | Algorithm::Proof
        )
    }

    /// True for the algorithms that only search one-player puzzles.
    pub fn is_puzzle_only(self) -> bool {
        matches!(self, Algorithm::Bfs | Algorithm::AStar | Algorithm::IdaStar)
    }

    /// Whether this algorithm can search a game with `one_player` (a puzzle) or two players;
    /// the error says why not.
    pub fn check(self, one_player: bool, game: &str) -> Result<(), String> {
        if self.is_puzzle_only() && !one_player {
            return Err(format!(
                "Algorithm {} searches one-player puzzles; {game} has two players \
                 (alphabeta, minimax, alphabeta-plain or proof search it)",
                self.name()
            ));
        }
        Ok(())
    }
}
