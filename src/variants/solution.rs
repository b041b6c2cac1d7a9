//! An exact solve of a position of any game (`Variant::solve`): what it is asked (`SolveJob`),
//! what it tells as it goes (`SolveProgress`), and what it finds (`Solution`) or why not
//! (`SolveError`). Each game solves with its own solver; these types are the same for all.

use crate::games::Outcome;
use crate::games::rules::RuleValues;
use crate::search::Algorithm;
use crate::search::score::Reported;
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// What a solve is asked besides the position.
pub struct SolveJob<'a> {
    /// The search to run where the game is solved by a search (a puzzle's `bfs`, `astar`,
    /// `idastar`; a two-player game's `alphabeta`, `minimax`, `alphabeta-plain`); `None`: A*
    /// for a puzzle, the full alpha-beta search otherwise. A game with a solver of its own
    /// for two players (Connect Four, the rocks game, Nim) uses it whatever this says.
    pub algorithm: Option<Algorithm>,
    /// The values of the game's own search options (its registry entry's `search`: Rush
    /// Hour's `PuzzleHeuristic`).
    pub search_options: RuleValues,
    /// The memory the solver's tables may use, in MB.
    pub hash_mb: usize,
    /// The threads that search together (the Connect Four solver's).
    pub threads: usize,
    /// Raised to stop the solve: it then ends with `SolveError::Interrupted`.
    pub stop: Arc<AtomicBool>,
    /// Told each step of the solve, as it narrows the value and finishes each part.
    pub progress: &'a dyn Fn(SolveProgress),
}

/// One report of a solve's progress.
#[derive(Clone, Debug, PartialEq)]
pub struct SolveProgress {
    /// Parts finished: the position's own solve, then (where the game values each move) each
    /// move's that does not end the game.
    pub step: usize,
    /// The parts in all.
    pub steps: usize,
    /// What is being solved (`the position`, `column 4`); `None` once all is done.
    pub doing: Option<String>,
    /// The bounds proven so far on the score of what is being solved, in the game's own score
    /// (`Solution::value`'s `Score`), from the side to move of the position solved; `None`
    /// where the game's solver does not narrow a score.
    pub bounds: Option<(i32, i32)>,
    /// Nodes searched for the part so far.
    pub nodes: u64,
    /// Time since the solve started.
    pub elapsed: Duration,
}

/// The exact value of a position, from the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolvedValue {
    /// In the game's own solver's score (Connect Four: the solving literature's, a win with
    /// the stone played when n stones are on a board of w*h cells scoring (w*h + 1 - n) / 2).
    Score(i32),
    /// As the search reports it: centipawns (the game's evaluation, its leaf values), or a
    /// win or loss in a number of own moves (for a puzzle: its optimal length).
    Reported(Reported),
}

/// A figure of a game's solve besides the value (a puzzle search's counts, the rocks table's
/// note).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Statistic {
    /// A count.
    Count(u64),
    /// A word or a sentence.
    Text(String),
}

/// An exact solution.
#[derive(Clone, Debug, PartialEq)]
pub struct Solution {
    /// The position's exact value.
    pub value: SolvedValue,
    /// A move that keeps the value (for a puzzle, the first of an optimal solution); `None`
    /// when there is no move.
    pub best_move: Option<String>,
    /// The principal line (the whole solution of a puzzle).
    pub pv: Vec<String>,
    /// Each legal move's exact value in the game's own score, from the side to move, in the
    /// order of the legal moves, where the game gives them (Connect Four's columns).
    pub move_values: Vec<(String, i32)>,
    /// The optimal solution's length in moves, for a puzzle.
    pub length: Option<u32>,
    /// Positions searched to prove the value.
    pub nodes: u64,
    /// The game's own figures of the solve, named (a puzzle search's `algorithm`,
    /// `heuristic`, `expanded`, ...; the rocks game's `note`).
    pub statistics: Vec<(&'static str, Statistic)>,
    /// The solver's remarks (the engine's `info string` lines).
    pub notes: Vec<String>,
}

/// Why a solve gave no solution.
#[derive(Clone, Debug, PartialEq)]
pub enum SolveError {
    /// The game is over: nothing to solve.
    Over(Outcome),
    /// `SolveJob::algorithm` does not search this game (the message says why).
    Unfit(String),
    /// The stop flag was raised.
    Interrupted,
    /// The solver stopped before proving the value (its notes say why).
    NotSolved(Vec<String>),
    /// The puzzle has no solution (the notes of its search).
    NoSolution(Vec<String>),
    /// The solver could not run as asked (the engine's `info string error` lines).
    Failed(Vec<String>),
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Over(outcome) => {
                write!(f, "the game is over ({outcome}): nothing to solve")
            }
            SolveError::Unfit(why) => write!(f, "{why}"),
            SolveError::Interrupted => write!(f, "the solve was interrupted"),
            SolveError::NotSolved(notes) => write!(f, "not solved: {}", notes.join("; ")),
            SolveError::NoSolution(notes) if notes.is_empty() => {
                write!(f, "no solution: the puzzle cannot be solved")
            }
            SolveError::NoSolution(notes) => write!(f, "no solution: {}", notes.join("; ")),
            SolveError::Failed(errors) => write!(f, "{}", errors.join("; ")),
        }
    }
}

impl std::error::Error for SolveError {}
