//! sente's solver valuing each Connect Four column of the viewed position while it is analysed:
//! `go solve` on each child position, a few seconds each.

use super::context::Context;
use super::engine::{EngineHandle, Event, EventKind, Setup, Think, fault_text};
use super::wire::{ColumnValue, ServerMessage};
use crate::games::Outcome;
use crate::protocol::info::read_info;
use crate::search::solve::connect4::win_score;
use std::time::Duration;

/// The solver's time per Connect Four column, in ms.
const COLUMN_MS: u64 = 3000;

/// sente's solver valuing each Connect Four column of the viewed position.
pub struct ColumnSolver {
    /// The solver (this sente).
    pub engine: EngineHandle,
    epoch: u32,
    fen: String,
    columns: Vec<ColumnValue>,
}

impl ColumnSolver {
    /// Starts the solver on the game's rules; the page is warned when it cannot start.
    pub fn start(ctx: &mut Context) -> Option<ColumnSolver> {
        let setup = Setup {
            options: ctx.game.rules.settings.clone(),
            spec: ctx.engines.shared().solver.clone(),
            variant: ctx.game.variant().to_string(),
        };
        match ctx.engines.launch(setup) {
            Ok(engine) => Some(ColumnSolver {
                engine,
                epoch: 0,
                fen: String::new(),
                columns: Vec::new(),
            }),
            Err(e) => {
                ctx.notice("warning", format!("no column values: {e}"));
                None
            }
        }
    }

    /// True when it values the position `fen`.
    pub fn values(&self, fen: &str) -> bool {
        self.fen == fen
    }

    /// Values every column of the viewed position (finished ones at once, the others by the
    /// solver) and sends them, pending.
    pub fn follow(&mut self, ctx: &mut Context) {
        let pos = ctx.game.viewed();
        let fen = pos.fen();
        let base = ctx.game.position_command(ctx.game.cursor);
        let legal = if pos.outcome().is_some() {
            Vec::new()
        } else {
            pos.legal_moves()
        };
        self.engine.cancel();
        self.epoch = self.epoch.wrapping_add(1) & 0x00ff_ffff;
        self.fen = fen.clone();
        self.columns.clear();
        for (i, mv) in legal.iter().enumerate() {
            let after = ctx
                .game
                .rules
                .position(Some(&fen), std::slice::from_ref(mv))
                .ok();
            let finished = after
                .as_ref()
                .and_then(|p| p.outcome().map(|o| (o, p.fen())));
            let column = match finished {
                Some((Outcome::Win(_), after_fen)) => ColumnValue {
                    mv: mv.clone(),
                    status: "solved",
                    value: Some(winning_column_value(&after_fen)),
                },
                Some(_) => ColumnValue {
                    mv: mv.clone(),
                    status: "solved",
                    value: Some(0),
                },
                None => {
                    let moves = if base.contains(" moves ") {
                        format!("{base} {mv}")
                    } else {
                        format!("{base} moves {mv}")
                    };
                    self.engine.think(Think {
                        position: moves,
                        go: format!("go solve movetime {COLUMN_MS}"),
                        clocks: None,
                        deadline: Duration::from_millis(COLUMN_MS + 5000),
                        tag: (self.epoch << 8) | i as u32,
                        ..Think::default()
                    });
                    ColumnValue {
                        mv: mv.clone(),
                        status: "pending",
                        value: None,
                    }
                }
            };
            self.columns.push(column);
        }
        self.send(ctx);
    }

    fn send(&self, ctx: &mut Context) {
        ctx.send(ServerMessage::Columns {
            fen: self.fen.clone(),
            columns: self.columns.clone(),
        });
    }

    /// An event of the solver; false when the solver is gone (the page is warned).
    pub fn on_event(&mut self, ctx: &mut Context, event: Event) -> bool {
        let epoch = self.epoch;
        let slot = |tag: u32| (tag >> 8 == epoch).then_some((tag & 0xff) as usize);
        match event.kind {
            EventKind::Info { tag, line } => {
                let Some(i) = slot(tag) else { return true };
                let info = read_info(&line);
                let solved = info
                    .string
                    .as_deref()
                    .and_then(|s| s.strip_prefix("solved "))
                    .and_then(|v| v.trim().parse::<i64>().ok());
                if let (Some(value), Some(column)) = (solved, self.columns.get_mut(i)) {
                    // The child's value is the opponent's: negate it.
                    column.value = Some(-value);
                    column.status = "solved";
                    self.send(ctx);
                }
            }
            EventKind::Done { tag, .. } => {
                let Some(i) = slot(tag) else { return true };
                if let Some(column) = self.columns.get_mut(i)
                    && column.status == "pending"
                {
                    column.status = "unproven";
                    self.send(ctx);
                }
            }
            EventKind::Failed { fault, .. } => {
                ctx.notice(
                    "warning",
                    format!("column values: solver {}", fault_text(&fault)),
                );
                return false;
            }
            EventKind::Dead { message } => {
                ctx.notice("warning", format!("column values: {message}"));
                return false;
            }
            _ => {}
        }
        true
    }
}

/// The value, for the player who made it, of a Connect Four move that completed four and left
/// the board `after_fen` (any size): the solver's score of a win by the stone played when one
/// stone fewer was on the board.
fn winning_column_value(after_fen: &str) -> i64 {
    let rows = after_fen.split_whitespace().next().unwrap_or_default();
    let cells = rows.chars().filter(|c| *c != '/').count();
    let stones = rows.chars().filter(|c| matches!(c, 'x' | 'o')).count();
    i64::from(win_score(cells as u32, stones.saturating_sub(1) as u32))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::connect4::{Connect4, Shape};
    use crate::referee::rules::Rules;
    use crate::search::solve::connect4::Solver;

    #[test]
    fn a_winning_column_is_worth_the_solvers_score_at_every_size() {
        // (width, height, moves before the winning move, the winning move): odd and even
        // board sizes, each player winning. The solver scores the position before the move.
        let cases = [
            (7, 6, "121212", "1"),
            (7, 6, "1212123", "2"),
            (5, 5, "121212", "1"),
            (5, 5, "1212123", "2"),
            (9, 5, "1212123", "2"),
            (4, 4, "121212", "1"),
        ];
        for (width, height, before, win) in cases {
            let shape = Shape::new(width, height).expect("a legal size");
            let board = Connect4::<u64>::from_moves(shape, before).expect("legal moves");
            let solved = Solver::new(1)
                .solve(&board, &mut |_| {})
                .expect("not interrupted");
            let size = [
                ("Connect4Width".to_string(), width.to_string()),
                ("Connect4Height".to_string(), height.to_string()),
            ];
            let rules = Rules::new("connect4", &size).expect("a legal size");
            let moves: Vec<String> = before
                .chars()
                .map(String::from)
                .chain([win.into()])
                .collect();
            let after = rules.position(None, &moves).expect("legal moves");
            assert!(
                after.outcome().is_some(),
                "{width}x{height} {before}{win} wins"
            );
            assert_eq!(
                winning_column_value(&after.fen()),
                i64::from(solved),
                "{width}x{height} {before} then {win}"
            );
        }
    }
}
