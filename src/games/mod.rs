//! The `Game` trait every sente game implements, and the types it shares with the search.
//!
//! A game knows its rules and its notations, nothing of the protocol or of the search.

pub mod babylon;
pub mod connect4;
pub mod contract;
pub mod drop_game;
mod error;
pub mod nim;
mod outcome;
pub mod rocks;
pub mod rules;
pub mod rushhour;
pub mod theory;
pub mod tictactoe;
pub mod tree;
pub mod why;

#[cfg(test)]
pub mod test_data;

pub use error::{GameError, game_error};
pub use outcome::{Outcome, Seat};
use rules::{RuleOption, RuleValues};
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use theory::Theory;
use why::{Asked, Why};

/// A position of a game, with its rules.
///
/// Positions are small values: the search copies them (copy-make) instead of undoing moves.
/// Legal moves come in a fixed, deterministic order (textbook node counts depend on it).
/// The search negates a score only when the side to move changes between a position and its
/// child, so one-player puzzles and games with unequal sides fit the same loop.
pub trait Game: Clone + PartialEq + fmt::Debug + Send + 'static {
    /// A move; cheap to copy.
    type Move: Copy + Eq + fmt::Debug + Send + 'static;

    /// The variant name used by `UCI_Variant` and `--variant`.
    const NAME: &'static str;

    /// Plies per move of one side, for counting mates in the side's own moves: 2 when the
    /// sides alternate, 1 for a one-player puzzle.
    const PLIES_PER_MOVE: u32 = 2;

    /// How many of the search's score units (the protocol's `score cp`) make one unit of the
    /// game's own values, the ones a person reads: 100 for a game tree, whose leaf `3` scores
    /// `cp 300`; 1 for the games whose evaluation counts in its own points. The search trace
    /// and Python's values are written in the game's units (protocol.md, "Search trace").
    /// One of 1, 10 or 100, so that a value in the game's units has at most two decimals.
    const VALUE_UNIT: i32 = 1;

    /// The options that change this game's rules (its size, how moves count...), each
    /// declared once here: the engine's `setoption` names and `option` lines, the GUI's
    /// settings form and the Python keyword arguments are made from them.
    const RULES: &'static [RuleOption] = &[];

    /// The usual start position.
    fn startpos() -> Self;

    /// The start position under `rules` (a value for each option of `RULES`, each already
    /// checked against its declaration); an error says why these values cannot go together.
    fn start_with(rules: &RuleValues) -> Result<Self, GameError> {
        let _ = rules;
        Ok(Self::startpos())
    }

    /// A position typed by a person in a form of the game's own that is not its fen (a line
    /// of a puzzle database), as a fen; `None` when `text` is not in such a form.
    fn fen_of_typed(&self, text: &str) -> Option<String> {
        let _ = text;
        None
    }

    /// A move list typed by a person in a form of the game's own (Connect Four's `4453`, one
    /// character a move), as moves; `None` when `text` is not in such a form.
    fn moves_of_typed(&self, text: &str) -> Option<Vec<String>> {
        let _ = text;
        None
    }

    /// Parses the position notation (protocol.md, "fen"), checking that the position is possible.
    fn from_fen(fen: &str) -> Result<Self, GameError>;

    /// Parses a fen under the rules of `self` (rules set by options, like a metric), which
    /// `from_fen` alone does not know.
    fn parse_fen_with_rules(&self, fen: &str) -> Result<Self, GameError> {
        Self::from_fen(fen)
    }

    /// The position notation; `from_fen(p.fen())` gives back `p`.
    fn fen(&self) -> String;

    /// The seat whose turn it is; once the game is over, the seat that would move next (the
    /// search scores a finished position from that seat's point of view).
    fn side_to_move(&self) -> Seat;

    /// `Some` once the game is over. A position with no legal move is always over.
    fn outcome(&self) -> Option<Outcome>;

    /// Appends the legal moves, in generation order, to `moves` (nothing once the game is over).
    fn legal_moves(&self, moves: &mut Vec<Self::Move>);

    /// Plays a move known to be legal.
    fn play(&mut self, mv: Self::Move);

    /// Static evaluation in centipawn-like units, from the point of view of the side to move.
    /// Must stay well inside `±search::score::MATE_BOUND`.
    fn evaluate(&self) -> i32;

    /// A hash of the position (equal positions, equal hashes), for the transposition table.
    fn hash(&self) -> u64;

    /// A number identifying a move among the legal moves of this position (stored in the
    /// transposition table).
    fn move_code(mv: Self::Move) -> u16;

    /// A static ordering hint: moves with a higher hint are searched first by the full search
    /// (after the table move and killers). Plain minimax and alpha-beta ignore it.
    fn move_order_hint(&self, _mv: Self::Move) -> i32 {
        0
    }

    /// The `move_order_hint` of each of `moves`, written to `hints` (as long as `moves`): the
    /// full search asks once a node, so that a game can find what its moves' hints share once.
    /// By default one `move_order_hint` a move.
    fn move_order_hints(&self, moves: &[Self::Move], hints: &mut [i32]) {
        for (hint, &mv) in hints.iter_mut().zip(moves) {
            *hint = self.move_order_hint(mv);
        }
    }

    /// The move notation of `mv` (protocol.md).
    fn move_text(&self, mv: Self::Move) -> String;

    /// Parses a move and checks it is legal here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, GameError> {
        if let Some(outcome) = self.outcome() {
            return game_error(format!("the game is over ({outcome})"));
        }
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves
            .into_iter()
            .find(|&m| self.move_text(m) == text)
            .ok_or_else(|| GameError(format!("'{text}' is not a legal move here")))
    }

    /// The board drawn for a person, several lines.
    fn display(&self) -> String;

    /// The number of integer actions of the game under this position's rules (OpenSpiel's
    /// `num_distinct_actions`, the size of PettingZoo's action space): the moves of this
    /// position and of every position reached from it have actions below it.
    fn action_count(&self) -> u32;

    /// The integer action of `mv` (the learning libraries' form of a move): below
    /// `action_count`, unique among the position's moves, and the same number for the same
    /// move in every position of the game. protocol.md ("Integer actions") gives each game's.
    fn action(&self, mv: Self::Move) -> u32;

    /// The most plies a game from this position can still last (OpenSpiel's
    /// `max_game_length`); `None` when a game can go on for ever (a puzzle's walk).
    fn max_plies(&self) -> Option<u32> {
        None
    }

    /// The lowest and highest return a finished game gives either player (OpenSpiel's
    /// `min_utility` and `max_utility`): -1 and 1 for a game won or lost; for a game tree,
    /// plus and minus its largest leaf.
    fn return_range(&self) -> (f64, f64) {
        (-1.0, 1.0)
    }

    /// The shape `[planes, rows, columns]` of the observation tensor (`observe`), the same for
    /// every position of the game; `None` for a game without one.
    fn observation_shape(&self) -> Option<[usize; 3]> {
        None
    }

    /// Writes the observation tensor, `observation_shape` in row-major order, into `out`
    /// (already zeroed, of that size): one plane per kind of cell, 1.0 where a cell is of that
    /// kind. The two games OpenSpiel also has use its layout (protocol.md, "Integer actions").
    fn observe(&self, out: &mut [f32]) {
        let _ = out;
    }

    /// The position's value by the game's own theory, when it has one that needs no search
    /// (Nim's nim-sum): who wins with perfect play and the moves that keep that value. `None`
    /// for the games whose value only a search or a solver finds.
    fn theory(&self) -> Option<Theory<Self::Move>> {
        None
    }

    /// The seats as a person names them in this game (`Red`, `Yellow`), for the sentences of
    /// the review's reasons.
    fn seat_names(&self) -> [&'static str; 2] {
        ["First player", "Second player"]
    }

    /// Why `mv`, played here and marked by the review (`asked`: what the review proved of
    /// it), erred, in the game's own terms, every claim checked on the board; `None` when the
    /// game has no reason of its own for it (the review then gives the line of best play,
    /// `why::line`).
    fn explain(&self, mv: Self::Move, asked: &Asked) -> Option<Why> {
        let _ = (mv, asked);
        None
    }

    /// The legal move `mv` in words, as a person says it (`takes 3 from heap 2`, `car A one
    /// square right`), for the review's lists beside the notation; `None` where the notation
    /// says it already.
    fn move_words(&self, mv: Self::Move) -> Option<String> {
        let _ = mv;
        None
    }
}

/// Plays up to `plies` random legal moves on `pos`, fewer if the game ends first: the random
/// positions of tests, fuzzing and experiments.
pub fn play_random_moves<G: Game, R: rand::Rng + ?Sized>(pos: &mut G, plies: usize, rng: &mut R) {
    use rand::RngExt;
    let mut moves = Vec::new();
    for _ in 0..plies {
        moves.clear();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        pos.play(moves[rng.random_range(0..moves.len())]);
    }
}

/// The number of move sequences of length `depth` from `pos` (a finished game is not extended).
pub fn perft<G: Game>(pos: &G, depth: u32) -> u64 {
    perft_until(pos, depth, &AtomicBool::new(false)).unwrap_or(0)
}

/// `perft`, giving up (`None`) once `stop` is raised.
pub fn perft_until<G: Game>(pos: &G, depth: u32, stop: &AtomicBool) -> Option<u64> {
    if depth == 0 {
        return Some(1);
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    if depth == 1 {
        return Some(moves.len() as u64);
    }
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    let mut total = 0;
    for mv in moves {
        let mut child = pos.clone();
        child.play(mv);
        total += perft_until(&child, depth - 1, stop)?;
    }
    Some(total)
}
