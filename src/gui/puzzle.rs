//! The puzzle mode of a tab: a Rush Hour puzzle solved optimally from the viewed position, the
//! solution put after it to step through (or only its first move, as a hint).

use super::context::{Context, Mode};
use super::engine::{EngineHandle, Event, EventKind, Think, fault_text};
use super::wire::ServerMessage;
use crate::protocol::command::GoParams;
use crate::protocol::info::read_info;
use std::time::Duration;

/// A puzzle solver's time, in ms.
const PUZZLE_MS: u64 = 60_000;

/// The puzzle mode: the puzzle being solved, when one is.
#[derive(Default)]
pub struct Puzzle {
    job: Option<PuzzleJob>,
}

/// A puzzle being solved (or a puzzle hint).
struct PuzzleJob {
    /// The engine.
    engine: EngineHandle,
    /// The ply it starts from.
    ply: usize,
    /// Only the first move is wanted.
    hint: bool,
    pv: Vec<String>,
    unsolvable: bool,
}

impl Mode for Puzzle {
    fn owns(&self, id: u64) -> bool {
        self.job.as_ref().is_some_and(|p| p.engine.id == id)
    }

    fn label(&self, id: u64) -> Option<String> {
        self.job
            .as_ref()
            .filter(|p| p.engine.id == id)
            .map(|p| format!("{} (puzzle)", p.engine.name))
    }

    fn on_event(&mut self, ctx: &mut Context, event: Event) {
        self.puzzle_event(ctx, event);
    }
}

impl Puzzle {
    /// The engine solving the puzzle, while it does.
    pub fn solving(&self) -> Option<&str> {
        self.job.as_ref().map(|p| p.engine.name.as_str())
    }

    /// Stops solving.
    pub fn stop(&mut self) {
        self.job = None;
    }

    /// Solves the puzzle from the viewed position.
    pub fn solve(&mut self, ctx: &mut Context, name: &str) {
        self.start_puzzle(ctx, name, false);
    }

    /// A hint outside a game: the first move of a puzzle's solution.
    pub fn hint_free(&mut self, ctx: &mut Context) {
        if !ctx.game.viewed().is_puzzle() {
            ctx.error("a hint is for a game against an engine, or a puzzle (analyse instead)");
            return;
        }
        let variant = ctx.game.variant();
        let Some(name) = ctx
            .engines
            .shared()
            .engines
            .iter()
            .find(|e| e.plays(variant) && e.entry.error.is_none())
            .map(|e| e.spec.name.clone())
        else {
            ctx.error(format!("no engine plays {variant}"));
            return;
        };
        self.start_puzzle(ctx, &name, true);
    }

    fn start_puzzle(&mut self, ctx: &mut Context, name: &str, hint: bool) {
        let pos = ctx.game.viewed();
        if !pos.is_puzzle() {
            ctx.error("only a puzzle (Rush Hour) is solved; analyse other games");
            return;
        }
        if let Some(outcome) = ctx.game.outcome_at(pos.as_ref()) {
            ctx.error(format!("already {}", outcome.reason));
            return;
        }
        // A name the server does not have leaves the running job alone.
        if ctx.engine(name).is_none() {
            return;
        }
        self.job = None;
        let Some(handle) = ctx.start_engine(name) else {
            return;
        };
        handle.think(Think {
            position: ctx.game.position_command(ctx.game.cursor),
            go: GoParams {
                move_time: Some(PUZZLE_MS),
                ..GoParams::default()
            },
            deadline: Duration::from_millis(PUZZLE_MS + 5000),
            tag: 0,
            ..Think::default()
        });
        self.job = Some(PuzzleJob {
            engine: handle,
            ply: ctx.game.cursor,
            hint,
            pv: Vec::new(),
            unsolvable: false,
        });
        ctx.send_state();
    }

    fn puzzle_event(&mut self, ctx: &mut Context, event: Event) {
        let Some(job) = self.job.as_mut() else {
            return;
        };
        match event.kind {
            EventKind::Info { line, .. } => {
                let info = read_info(&line);
                if info.string.as_deref() == Some("unsolvable") {
                    job.unsolvable = true;
                }
                if !info.pv.is_empty() {
                    job.pv = info.pv.clone();
                }
                let name = job.engine.name.clone();
                let fen = ctx.game.position_at(job.ply).fen();
                ctx.send_info("solve", &name, &fen, &line);
            }
            EventKind::Done { reply, .. } => {
                let Some(job) = self.job.take() else {
                    return;
                };
                self.puzzle_solved(ctx, job, reply.mv);
            }
            EventKind::Failed { fault, .. } => {
                let name = job.engine.name.clone();
                self.job = None;
                ctx.notice("error", format!("puzzle: {name} {}", fault_text(&fault)));
                ctx.send_state();
            }
            EventKind::Dead { message } => {
                self.job = None;
                ctx.notice("error", format!("puzzle: {message}"));
                ctx.send_state();
            }
            _ => {}
        }
    }

    fn puzzle_solved(&mut self, ctx: &mut Context, job: PuzzleJob, best: Option<String>) {
        if job.unsolvable || best.as_deref().is_none_or(|m| m == "0000") {
            ctx.notice(
                "warning",
                "the engine found no solution: the puzzle is unsolvable",
            );
            ctx.send_state();
            return;
        }
        if job.hint {
            if let Some(mv) = best {
                ctx.send(ServerMessage::Hint { mv });
            }
            ctx.send_state();
            return;
        }
        // Keep the longest legal prefix of the solution.
        let mut pos = ctx.game.position_at(job.ply);
        let mut line = Vec::new();
        for mv in &job.pv {
            if pos.outcome().is_some() || pos.play_move(mv).is_err() {
                break;
            }
            line.push(mv.clone());
        }
        let solved = pos.outcome().is_some();
        if line.is_empty() {
            ctx.notice("error", "the engine's solution is not a legal line here");
            ctx.send_state();
            return;
        }
        ctx.game.goto(job.ply);
        if let Err(e) = ctx.game.play_at_cursor(&line, "") {
            ctx.notice("error", format!("solution: {e}"));
        }
        ctx.game.goto(job.ply);
        let metric = ctx
            .game
            .rules
            .settings
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case("RushMetric"))
            .map_or("steps", |(_, v)| v.as_str())
            .to_string();
        if solved {
            ctx.notice(
                "info",
                format!(
                    "optimal solution: {} moves ({metric}); step through it with the move list",
                    line.len()
                ),
            );
        } else {
            ctx.notice(
                "warning",
                format!(
                    "the engine's line ({} moves) does not reach the exit",
                    line.len()
                ),
            );
        }
        ctx.position_changed();
    }
}
