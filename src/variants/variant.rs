//! A position of any game behind one object-safe trait: what the session, the referee, the
//! GUI and the Python package do with the current position, whatever the game.

use super::batch::Batch;
use super::job::SearchJob;
use super::solution::{Solution, SolveError, SolveJob};
use super::task::{Prepare, Task};
use crate::games::why::{Asked, Why};
use crate::games::{Outcome, Seat};
use crate::protocol::command::PositionStart;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// The current position of some game, as the session sees it.
pub trait Variant: Send {
    /// The variant's name.
    fn name(&self) -> &'static str;
    /// Sets the position; on error the old position stays and the message says why.
    fn set_position(&mut self, start: &PositionStart, moves: &[String]) -> Result<(), String>;
    /// Plays one move given in move notation; on error the position is unchanged.
    fn play_move(&mut self, text: &str) -> Result<(), String>;
    /// True for a one-player puzzle (the side to move never changes).
    fn is_puzzle(&self) -> bool;
    /// The position's fen.
    fn fen(&self) -> String;
    /// The legal moves in move notation.
    fn legal_moves(&self) -> Vec<String>;
    /// Whose turn it is.
    fn side_to_move(&self) -> Seat;
    /// How the game ended, if it did.
    fn outcome(&self) -> Option<Outcome>;
    /// The board drawn for a person.
    fn display(&self) -> String;
    /// The static evaluation the searches use at their depth limit, in centipawns from the
    /// side to move.
    fn evaluate(&self) -> i32;
    /// True when the game's own solver answers its `go solve` (Connect Four's, the rocks
    /// game's table, Nim's theory) or its searches (Rush Hour's puzzle searches), whatever
    /// `Algorithm` says for a two-player game.
    fn has_solver(&self) -> bool;
    /// A task searching a copy of the position.
    fn search_task(&self, job: SearchJob) -> Task;
    /// Solves the position exactly with the game's own solver (Connect Four's, with every
    /// column's value), or with its `go solve` search (asking the game's exact solver first):
    /// runs on the calling thread until done or `job.stop` is raised.
    fn solve(&self, job: SolveJob<'_>) -> Result<Solution, SolveError>;
    /// A task counting move sequences of length `depth`.
    fn perft_task(&self, depth: u32, stop: Arc<AtomicBool>) -> Task;
    /// A copy of this game and position (the Python package's `State.copy` and `undo`).
    fn clone_box(&self) -> Box<dyn Variant>;
    /// A position typed by a person in a form of the game's own that is not a fen (a line of
    /// the Rush Hour database), as a fen; `None` when `text` is not in such a form.
    fn fen_of_typed(&self, text: &str) -> Option<String>;
    /// A move list typed in a form of the game's own (Connect Four's `4453`), as moves.
    fn moves_of_typed(&self, text: &str) -> Option<Vec<String>>;
    /// What a new game of timed searches has the worker do before its first move (make the
    /// game's solver for this board, which takes a while), if anything.
    fn prepare(&self) -> Option<Prepare>;
    /// The number of integer actions of the game (`Game::action_count`).
    fn action_count(&self) -> u32;
    /// The legal moves as integer actions (`Game::action`), ascending.
    fn legal_actions(&self) -> Vec<u32>;
    /// The integer action of a legal move given in move notation.
    fn move_action(&self, text: &str) -> Result<u32, String>;
    /// The move notation of `action`, if it is a legal move here.
    fn action_move(&self, action: u32) -> Result<String, String>;
    /// Plays the legal move of `action` and returns its notation; on error the position is
    /// unchanged.
    fn play_action(&mut self, action: u32) -> Result<String, String>;
    /// The most plies the game can still last (`Game::max_plies`).
    fn max_plies(&self) -> Option<u32>;
    /// The lowest and highest return of either player (`Game::return_range`).
    fn return_range(&self) -> (f64, f64);
    /// The observation tensor's shape (`Game::observation_shape`).
    fn observation_shape(&self) -> Option<[usize; 3]>;
    /// Writes the observation tensor into `out`, zeroed, of the shape's size.
    fn observe(&self, out: &mut [f32]);
    /// `games` copies of this position, stepped together by integer actions (`Batch`).
    fn batch(&self, games: usize) -> Box<dyn Batch>;
    /// The seats as a person names them in this game (`Game::seat_names`).
    fn seat_names(&self) -> [&'static str; 2];
    /// Why the legal move `mv` (move notation), marked by the review, erred, by the game's own
    /// reasons (`Game::explain`); `Ok(None)` when the game has none for it; an error when
    /// `mv` is not a legal move here.
    fn explain(&self, mv: &str, asked: &Asked) -> Result<Option<Why>, String>;
    /// The move of the game's opening book here (`Game::book_move`), in move notation.
    fn book_move(&self) -> Option<String>;
    /// The legal move `mv` (move notation) in words (`Game::move_words`); `None` where the
    /// game has none or `mv` is not legal here.
    fn move_words(&self, mv: &str) -> Option<String>;
}

/// What `d` prints: the board, the variant, the fen, the side to move and the legal moves.
pub fn describe(variant: &dyn Variant) -> String {
    let side = match (variant.outcome(), variant.side_to_move()) {
        (Some(_), _) => "none (game over)",
        (None, Seat::P1) => "p1",
        (None, Seat::P2) => "p2",
    };
    let moves = variant.legal_moves();
    let moves = if moves.is_empty() {
        "(none)".to_string()
    } else {
        moves.join(" ")
    };
    format!(
        "{}\nvariant: {}\nfen: {}\nside to move: {side}\nlegal moves: {moves}",
        variant.display().trim_end(),
        variant.name(),
        variant.fen(),
    )
}
