//! `GamePosition<G>`: the position of game `G` as the session keeps it (its start under the
//! rules, the current position, the game's exact solver), behind the `Variant` trait.

use super::batch::{Batch, Games, legal_move};
use super::job::SearchJob;
use super::solution::{Solution, SolveError, SolveJob};
use super::solve::solve_by_search;
use super::task::{Prepare, Task};
use super::tasks::{ExactSolver, OwnSolve, perft_task, search_task};
use super::variant::Variant;
use crate::games::rules::RuleValues;
use crate::games::why::{Asked, Why};
use crate::games::{Game, GameError, Outcome, Seat};
use crate::protocol::command::PositionStart;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// The move of a game's opening book in a position, if the book has one.
pub type BookMove<G> = fn(&G) -> Option<<G as Game>::Move>;

/// The position of game `G`, with the start `position startpos` goes back to.
#[derive(Clone)]
pub struct GamePosition<G: Game> {
    /// What `position startpos` sets (it depends on the rules).
    start: G,
    /// The current position.
    pos: G,
    /// The game's exact solver, asked first at every `go`.
    solver: Option<ExactSolver<G>>,
    /// What a new game of timed searches has the worker do first (make the solver).
    prepare: Option<Prepare>,
    /// The move of the game's opening book in a position, for the games with one.
    book: Option<BookMove<G>>,
    /// The game's own exact solve (`Variant::solve`), if it has one besides its search's.
    own_solve: Option<OwnSolve<G>>,
}

impl<G: Game> GamePosition<G> {
    /// The start position under `rules`, searched by the generic searches alone.
    pub fn start(rules: &RuleValues) -> Result<Self, GameError> {
        let start = G::start_with(rules)?;
        Ok(GamePosition {
            pos: start.clone(),
            start,
            solver: None,
            prepare: None,
            book: None,
            own_solve: None,
        })
    }

    /// The same position, whose `go` asks `solver` first and whose new games of timed
    /// searches have the worker run `prepare` first.
    pub fn with_solver(self, solver: ExactSolver<G>, prepare: Option<Prepare>) -> Self {
        GamePosition {
            solver: Some(solver),
            prepare,
            ..self
        }
    }

    /// The same position, whose opening book `book` gives (`Variant::book_move`).
    pub fn with_book(self, book: BookMove<G>) -> Self {
        GamePosition {
            book: Some(book),
            ..self
        }
    }

    /// The same position, solved exactly (`Variant::solve`) by `solve`.
    pub fn with_own_solve(self, solve: OwnSolve<G>) -> Self {
        GamePosition {
            own_solve: Some(solve),
            ..self
        }
    }

    /// The start position under `rules`, whose `go` asks `solver` first (see `ExactSolver`).
    pub fn solved_by(
        rules: &RuleValues,
        solver: ExactSolver<G>,
    ) -> Result<Box<dyn Variant>, GameError> {
        Ok(Box::new(Self::start(rules)?.with_solver(solver, None)))
    }
}

impl<G: Game> Variant for GamePosition<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn set_position(&mut self, start: &PositionStart, moves: &[String]) -> Result<(), String> {
        let mut pos = match start {
            PositionStart::Startpos => self.start.clone(),
            PositionStart::Fen(fen) => self
                .start
                .parse_fen_with_rules(fen)
                .map_err(|e| format!("bad {} fen '{fen}': {e}", G::NAME))?,
        };
        for (i, text) in moves.iter().enumerate() {
            let mv = pos
                .parse_move(text)
                .map_err(|e| format!("illegal move '{text}' (move {} of the list): {e}", i + 1))?;
            pos.play(mv);
        }
        self.pos = pos;
        Ok(())
    }

    fn play_move(&mut self, text: &str) -> Result<(), String> {
        let mv = self.pos.parse_move(text).map_err(|e| e.to_string())?;
        self.pos.play(mv);
        Ok(())
    }

    fn is_puzzle(&self) -> bool {
        G::PLIES_PER_MOVE == 1
    }

    fn fen(&self) -> String {
        self.pos.fen()
    }

    fn legal_moves(&self) -> Vec<String> {
        let mut moves = Vec::new();
        self.pos.legal_moves(&mut moves);
        moves.iter().map(|&m| self.pos.move_text(m)).collect()
    }

    fn side_to_move(&self) -> Seat {
        self.pos.side_to_move()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.pos.outcome()
    }

    fn display(&self) -> String {
        self.pos.display()
    }

    fn evaluate(&self) -> i32 {
        self.pos.evaluate()
    }

    fn has_solver(&self) -> bool {
        self.solver.is_some()
    }

    fn search_task(&self, job: SearchJob) -> Task {
        search_task(self.pos.clone(), self.solver, job)
    }

    fn solve(&self, job: SolveJob<'_>) -> Result<Solution, SolveError> {
        match self.own_solve {
            Some(solve) => solve(&self.pos, job, &|job| solve_by_search(self, job)),
            None => solve_by_search(self, job),
        }
    }

    fn perft_task(&self, depth: u32, stop: Arc<AtomicBool>) -> Task {
        perft_task(self.pos.clone(), depth, stop)
    }

    fn clone_box(&self) -> Box<dyn Variant> {
        Box::new(self.clone())
    }

    fn fen_of_typed(&self, text: &str) -> Option<String> {
        self.pos.fen_of_typed(text)
    }

    fn moves_of_typed(&self, text: &str) -> Option<Vec<String>> {
        self.pos.moves_of_typed(text)
    }

    fn prepare(&self) -> Option<Prepare> {
        self.prepare
    }

    fn action_count(&self) -> u32 {
        self.pos.action_count()
    }

    fn legal_actions(&self) -> Vec<u32> {
        let mut moves = Vec::new();
        self.pos.legal_moves(&mut moves);
        let mut actions: Vec<u32> = moves.into_iter().map(|m| self.pos.action(m)).collect();
        actions.sort_unstable();
        actions
    }

    fn move_action(&self, text: &str) -> Result<u32, String> {
        let mv = self.pos.parse_move(text).map_err(|e| e.to_string())?;
        Ok(self.pos.action(mv))
    }

    fn action_move(&self, action: u32) -> Result<String, String> {
        legal_move(&self.pos, action).map(|mv| self.pos.move_text(mv))
    }

    fn play_action(&mut self, action: u32) -> Result<String, String> {
        let mv = legal_move(&self.pos, action)?;
        let text = self.pos.move_text(mv);
        self.pos.play(mv);
        Ok(text)
    }

    fn max_plies(&self) -> Option<u32> {
        self.pos.max_plies()
    }

    fn return_range(&self) -> (f64, f64) {
        self.pos.return_range()
    }

    fn observation_shape(&self) -> Option<[usize; 3]> {
        self.pos.observation_shape()
    }

    fn observe(&self, out: &mut [f32]) {
        self.pos.observe(out);
    }

    fn batch(&self, games: usize) -> Box<dyn Batch> {
        Box::new(Games::new(self.pos.clone(), games))
    }

    fn seat_names(&self) -> [&'static str; 2] {
        self.pos.seat_names()
    }

    fn explain(&self, mv: &str, asked: &Asked) -> Result<Option<Why>, String> {
        let mv = self.pos.parse_move(mv).map_err(|e| e.to_string())?;
        Ok(self.pos.explain(mv, asked))
    }

    fn book_move(&self) -> Option<String> {
        let mv = (self.book?)(&self.pos)?;
        Some(self.pos.move_text(mv))
    }

    fn move_words(&self, mv: &str) -> Option<String> {
        let mv = self.pos.parse_move(mv).ok()?;
        self.pos.move_words(mv)
    }
}
