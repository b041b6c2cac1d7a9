//! sente's solver valuing each move of the viewed position while it is analysed (each Connect
//! Four column: the variants whose registry entry values moves exactly): `go solve` on each
//! child position, a few seconds each. A value is the mover's result and its distance in
//! plies, read from the solver's `score mate N` / `score cp 0`: nothing here knows a game's
//! own scores.

use super::context::Context;
use super::engine::{EngineHandle, Event, EventKind, Setup, Think, fault_text};
use super::wire::{ColumnValue, ServerMessage};
use crate::games::Outcome;
use crate::protocol::command::{Command, GoParams};
use crate::protocol::info::read_info;
use crate::search::score::Reported;
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
    /// The last exact score (an `info` score without a bound) of each column's solve.
    exact: Vec<Option<Reported>>,
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
                exact: Vec::new(),
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
        self.exact = vec![None; legal.len()];
        for (i, mv) in legal.iter().enumerate() {
            let after = ctx
                .game
                .rules
                .position(Some(&fen), std::slice::from_ref(mv))
                .ok();
            let finished = after.as_ref().and_then(|p| p.outcome());
            let column = match finished {
                // The move ends the game: it wins at once, or draws.
                Some(outcome) => ColumnValue {
                    mv: mv.clone(),
                    status: "solved",
                    result: Some(if matches!(outcome, Outcome::Win(_)) {
                        "win"
                    } else {
                        "draw"
                    }),
                    plies: matches!(outcome, Outcome::Win(_)).then_some(1),
                    score: None,
                },
                None => {
                    let mut position = base.clone();
                    if let Command::Position { moves, .. } = &mut position {
                        moves.push(mv.clone());
                    }
                    self.engine.think(Think {
                        position,
                        go: GoParams {
                            solve: true,
                            move_time: Some(COLUMN_MS),
                            ..GoParams::default()
                        },
                        deadline: Duration::from_millis(COLUMN_MS + 5000),
                        tag: (self.epoch << 8) | i as u32,
                        ..Think::default()
                    });
                    ColumnValue {
                        mv: mv.clone(),
                        status: "pending",
                        result: None,
                        plies: None,
                        score: None,
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
                // The proof's score is the one without a bound; `solved` closes the solve.
                if let (Some(score), None) = (info.score, info.bound)
                    && let Some(exact) = self.exact.get_mut(i)
                {
                    *exact = Some(score);
                }
                let solved = info
                    .string
                    .as_deref()
                    .is_some_and(|s| s.starts_with("solved"));
                let proof = self.exact.get(i).copied().flatten();
                if let (true, Some(score), Some(column)) = (solved, proof, self.columns.get_mut(i))
                {
                    match mover_value(score) {
                        Some((result, plies)) => {
                            column.result = Some(result);
                            column.plies = plies;
                            column.status = "solved";
                        }
                        None => column.status = "unproven",
                    }
                    column.score = Some(score_text(score));
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

/// A move's value for the side that plays it, from the solver's exact score of the position
/// after it (from the opponent's side, as `score mate N` counts: the side's own moves, `-N`
/// the other side's): the result and, for a win or a loss, the plies from before the move to
/// the move that ends the game. `None` when the score proves nothing (a `cp` other than 0).
pub fn mover_value(after: Reported) -> Option<(&'static str, Option<u32>)> {
    match after {
        Reported::Centipawns(0) => Some(("draw", None)),
        Reported::Centipawns(_) | Reported::Mate(0) => None,
        // The opponent wins with its n-th move: plies 2, 4, ... after this one.
        Reported::Mate(n) if n > 0 => Some(("loss", Some(2 * n.unsigned_abs()))),
        // The opponent loses to the mover's n-th move after this one: plies 3, 5, ...
        Reported::Mate(n) => Some(("win", Some(2 * n.unsigned_abs() + 1))),
    }
}

/// A score as the `info` line wrote it: `mate -2`, `cp 0`.
fn score_text(score: Reported) -> String {
    match score {
        Reported::Centipawns(cp) => format!("cp {cp}"),
        Reported::Mate(n) => format!("mate {n}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Game;
    use crate::games::connect4::solver::Solver;
    use crate::games::connect4::{Connect4, Shape};
    use crate::variants::tasks::connect4::reported;

    #[test]
    fn a_score_after_the_move_is_the_movers_result_and_distance() {
        assert_eq!(mover_value(Reported::Centipawns(0)), Some(("draw", None)));
        assert_eq!(mover_value(Reported::Centipawns(35)), None);
        assert_eq!(mover_value(Reported::Mate(1)), Some(("loss", Some(2))));
        assert_eq!(mover_value(Reported::Mate(13)), Some(("loss", Some(26))));
        assert_eq!(mover_value(Reported::Mate(-1)), Some(("win", Some(3))));
        assert_eq!(mover_value(Reported::Mate(-2)), Some(("win", Some(5))));
    }

    /// A position's value for its side to move under perfect play, the winner hurrying and
    /// the loser delaying: the independent count.
    #[derive(Clone, Copy, Debug, PartialEq)]
    enum Value {
        /// Wins with the game's last move this many plies on.
        Win(u32),
        Draw,
        /// Loses at the opponent's move this many plies on (0: already lost).
        Loss(u32),
    }

    impl Value {
        /// The value one ply earlier, for the other side.
        fn before(self) -> Value {
            match self {
                Value::Win(p) => Value::Loss(p + 1),
                Value::Draw => Value::Draw,
                Value::Loss(p) => Value::Win(p + 1),
            }
        }

        /// Larger is better for the side to move.
        fn rank(self) -> (u8, i64) {
            match self {
                Value::Win(p) => (2, -i64::from(p)),
                Value::Draw => (1, 0),
                Value::Loss(p) => (0, i64::from(p)),
            }
        }
    }

    /// A plain minimax to the end of the game.
    fn minimax(pos: &Connect4) -> Value {
        match pos.outcome() {
            Some(Outcome::Win(_)) => return Value::Loss(0),
            Some(_) => return Value::Draw,
            None => {}
        }
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        moves
            .into_iter()
            .map(|mv| {
                let mut child = pos.clone();
                child.play(mv);
                minimax(&child).before()
            })
            .max_by_key(|v| v.rank())
            .unwrap_or(Value::Draw)
    }

    #[test]
    fn the_solvers_score_after_each_move_gives_the_distance_a_plain_minimax_finds() {
        // Small boards near their end, so that a plain minimax reaches every leaf: each
        // move's value read from the solver's reported score equals the minimax's.
        let cases = [
            (4, 4, "1212343"),
            (4, 4, "12213443"),
            (5, 4, "12345123453"),
            (5, 4, "33331111552"),
            (4, 5, "12341234123"),
        ];
        for (width, height, moves) in cases {
            let shape = Shape::new(width, height).expect("a legal size");
            let pos = Connect4::<u64>::from_moves(shape, moves).expect("legal moves");
            let mut legal = Vec::new();
            pos.legal_moves(&mut legal);
            for mv in legal {
                let mut after = pos.clone();
                after.play(mv);
                if after.outcome().is_some() {
                    continue;
                }
                let want = match minimax(&after).before() {
                    Value::Win(p) => ("win", Some(p)),
                    Value::Draw => ("draw", None),
                    Value::Loss(p) => ("loss", Some(p)),
                };
                let solved = Solver::new(1)
                    .solve(&after, &mut |_| {})
                    .expect("not interrupted");
                let got = mover_value(reported(&after, solved));
                assert_eq!(
                    got,
                    Some(want),
                    "{width}x{height} {moves} then {}",
                    pos.move_text(mv)
                );
            }
        }
    }
}
