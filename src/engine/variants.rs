//! The registry of variants, and the bridge from the generic `Game` code to the session: a
//! position of any game behind one object-safe trait, which also builds the worker's tasks.

use super::exact::solve_task;
use super::job::{SearchJob, report_line};
use super::puzzles::rushhour_task;
use super::rocks::rocks_task;
use super::worker::{Task, WorkerState};
use crate::games::babylon::Babylon;
use crate::games::connect4::Connect4;
use crate::games::connect4::Shape;
use crate::games::rushhour::{Metric, RushHour};
use crate::games::rushhour_rocks::RushHourRocks;
use crate::games::tictactoe::TicTacToe;
use crate::games::tree::GameTree;
use crate::games::{Game, Outcome, Seat, perft_until};
use crate::protocol::command::PositionStart;
use crate::protocol::response::Response;
use crate::search::{self, Report, SearchContext};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// The variant a new session plays.
pub const DEFAULT_VARIANT: &str = "connect4";

/// Every variant: its name and how to make its start position. Adding a game means adding
/// its module in `games/` and one line here.
const REGISTRY: &[(&str, MakeVariant)] = &[
    (Connect4::NAME, |rules| {
        Box::new(
            Session::starting_at(Connect4::start(rules.connect4_shape)).with_solver(solve_task),
        )
    }),
    (TicTacToe::NAME, |_| Box::new(Session::<TicTacToe>::new())),
    (GameTree::NAME, |_| Box::new(Session::<GameTree>::new())),
    (RushHour::NAME, |rules| {
        Box::new(
            Session::starting_at(RushHour::startpos().with_metric(rules.rush_metric))
                .with_solver(rushhour_task),
        )
    }),
    (RushHourRocks::NAME, |rules| {
        Box::new(
            Session::starting_at(RushHourRocks::start(rules.rocks_max_turns))
                .with_solver(rocks_task),
        )
    }),
    (Babylon::NAME, |rules| {
        let start = Babylon::start(rules.babylon_colours, rules.babylon_tablets)
            .unwrap_or_else(|_| Babylon::startpos());
        Box::new(Session::starting_at(start))
    }),
];

/// What a `go` with `SearchTrace` on says when its search is not traced.
pub const NOT_TRACED: &str = "search not traced: SearchTrace traces minimax, alphabeta-plain and expectimax, not the full search (alphabeta) or an exact solver";

/// Makes a variant at its start position (which may depend on the rules).
type MakeVariant = fn(&StartRules) -> Box<dyn Variant>;

/// The rules a variant's start position depends on (the rule options of `options.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StartRules {
    /// `Connect4Width` and `Connect4Height`.
    pub connect4_shape: Shape,
    /// `RushMetric`.
    pub rush_metric: Metric,
    /// `RocksMaxTurns`.
    pub rocks_max_turns: u32,
    /// `BabylonColours`.
    pub babylon_colours: u8,
    /// `BabylonTablets`.
    pub babylon_tablets: u8,
}

/// The names of all variants.
pub fn names() -> impl Iterator<Item = &'static str> {
    REGISTRY.iter().map(|(name, _)| *name)
}

/// A variant at its start position under `rules`, by name.
pub fn create(name: &str, rules: &StartRules) -> Option<Box<dyn Variant>> {
    REGISTRY
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, make)| make(rules))
}

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
    /// A task searching a copy of the position.
    fn search_task(&self, job: SearchJob) -> Task;
    /// A task counting move sequences of length `depth`.
    fn perft_task(&self, depth: u32, stop: Arc<AtomicBool>) -> Task;
    /// A copy of this game and position (the Python package's `State.copy` and `undo`).
    fn clone_box(&self) -> Box<dyn Variant>;
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

/// A game's exact solver, asked first at every `go`: returns the `bestmove` line, or `None`
/// to leave the position to the generic search.
type ExactSolver<G> = fn(&G, &SearchJob, &mut WorkerState, &dyn Fn(Response)) -> Option<Response>;

/// The position of game `G`.
#[derive(Clone)]
struct Session<G: Game> {
    /// What `position startpos` sets.
    start: G,
    pos: G,
    solver: Option<ExactSolver<G>>,
}

impl<G: Game> Session<G> {
    fn new() -> Self {
        Self::starting_at(G::startpos())
    }

    /// A game whose start position is `start` (it depends on the rules).
    fn starting_at(start: G) -> Self {
        Session {
            pos: start.clone(),
            start,
            solver: None,
        }
    }

    /// The same game, whose `go` asks `solver` first (see `ExactSolver`).
    fn with_solver(mut self, solver: ExactSolver<G>) -> Self {
        self.solver = Some(solver);
        self
    }
}

impl<G: Game> Variant for Session<G> {
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

    fn search_task(&self, job: SearchJob) -> Task {
        let pos = self.pos.clone();
        let solver = self.solver;
        Box::new(move |state, say| {
            let job = SearchJob {
                start: Instant::now(),
                ..job
            };
            // Only the textbook searches are traced: not the full search, nor the puzzle
            // searches, nor a two-player game's exact solver, which takes every `go solve`.
            let solved = solver.is_some() && job.limits.solve && G::PLIES_PER_MOVE != 1;
            let textbook = job.algorithm.is_textbook() && !solved;
            if job.trace_limit.is_some() && !textbook && pos.outcome().is_none() {
                say(Response::InfoString(NOT_TRACED.to_string()));
            }
            if let Some(last) = solver.and_then(|solve| solve(&pos, &job, state, say)) {
                return last;
            }
            let context = SearchContext {
                algorithm: job.algorithm,
                limits: job.limits,
                start: job.start,
                stop: &job.stop,
                table: &mut state.table,
                trace_limit: job.trace_limit,
            };
            let mut report = |r: Report| say(report_line::<G>(r));
            let result = search::run(&pos, context, &mut report);
            Response::BestMove(result.best_move)
        })
    }

    fn clone_box(&self) -> Box<dyn Variant> {
        Box::new(self.clone())
    }

    fn perft_task(&self, depth: u32, stop: Arc<AtomicBool>) -> Task {
        let pos = self.pos.clone();
        Box::new(move |_, _| {
            let start = Instant::now();
            match perft_until(&pos, depth, &stop) {
                Some(nodes) => Response::InfoString(format!(
                    "perft depth {depth} nodes {nodes} time {}",
                    start.elapsed().as_millis()
                )),
                None => Response::InfoString(format!("perft depth {depth} stopped")),
            }
        })
    }
}
