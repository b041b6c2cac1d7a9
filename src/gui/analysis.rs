//! Analysis in a tab: an engine searching the viewed position without end (`go infinite`),
//! following the view; for Connect Four the exact value of every column from sente's solver
//! (`go solve` on each child position, a few seconds each); and Rush Hour puzzles solved
//! optimally, the solution put after the viewed position to step through.

use super::engine::{EngineHandle, Event, EventKind, Setup, Think, fault_text};
use super::messages::{ColumnValue, InfoMessage, ServerMessage};
use super::tab::Tab;
use crate::games::Outcome;
use crate::search::solve::connect4::win_score;
use std::time::{Duration, Instant};

/// How long an analysis may run: until stopped.
const FOREVER: Duration = Duration::from_secs(365 * 86_400);
/// The solver's time per Connect Four column, in ms.
const COLUMN_MS: u64 = 3000;
/// A puzzle solver's time, in ms.
const PUZZLE_MS: u64 = 60_000;
/// Analysis lines closer together than this are merged (the latest is sent at the next
/// tick).
const INFO_GAP: Duration = Duration::from_millis(15);

/// An engine analysing the viewed position.
pub struct Analysis {
    /// The engine.
    pub engine: EngineHandle,
    /// The search's tag and the fen it searches.
    tag: u32,
    fen: String,
    last_sent: Instant,
    held: Option<InfoMessage>,
}

/// sente's solver valuing each Connect Four column of the viewed position.
pub struct ColumnSolver {
    /// The solver (this sente).
    pub engine: EngineHandle,
    epoch: u32,
    fen: String,
    columns: Vec<ColumnValue>,
}

/// A puzzle being solved (or a puzzle hint).
pub struct PuzzleJob {
    /// The engine.
    pub engine: EngineHandle,
    /// The ply it starts from.
    ply: usize,
    /// Only the first move is wanted.
    hint: bool,
    pv: Vec<String>,
    unsolvable: bool,
}

/// Reads an `info` line into fields (unknown words are skipped).
pub fn parse_info(line: &str) -> InfoMessage {
    let mut info = InfoMessage::default();
    let words: Vec<&str> = line.split_whitespace().collect();
    let mut i = usize::from(words.first() == Some(&"info"));
    let number = |w: Option<&&str>| w.and_then(|w| w.parse::<u64>().ok());
    while i < words.len() {
        match words[i] {
            "depth" => info.depth = number(words.get(i + 1)),
            "seldepth" => info.seldepth = number(words.get(i + 1)),
            "nodes" => info.nodes = number(words.get(i + 1)),
            "nps" => info.nps = number(words.get(i + 1)),
            "time" => info.time_ms = number(words.get(i + 1)),
            "hashfull" => info.hashfull = number(words.get(i + 1)),
            "score" => {
                if let (Some(kind @ ("cp" | "mate")), Some(value)) = (
                    words.get(i + 1).copied(),
                    words.get(i + 2).and_then(|v| v.parse::<i64>().ok()),
                ) {
                    info.score_kind = Some(kind.to_string());
                    info.score = Some(value);
                    i += 2;
                }
                i += 1;
                continue;
            }
            "lowerbound" | "upperbound" => {
                info.bound = Some(words[i].to_string());
                i += 1;
                continue;
            }
            "pv" => {
                info.pv = words[i + 1..]
                    .iter()
                    .take(256)
                    .map(|w| w.to_string())
                    .collect();
                break;
            }
            "string" => {
                info.string = Some(words[i + 1..].join(" "));
                break;
            }
            _ => {
                i += 1;
                continue;
            }
        }
        i += 2;
    }
    info
}

impl Tab {
    /// Sends an `info` line read into fields.
    pub(super) fn send_info(&mut self, source: &str, engine: &str, fen: &str, line: &str) {
        let mut info = parse_info(line);
        info.source = source.to_string();
        info.engine = engine.to_string();
        info.fen = fen.to_string();
        self.send(ServerMessage::Info(Box::new(info)));
    }

    pub(super) fn start_analysis(&mut self, name: &str) {
        if self.duel.is_some() {
            self.error("stop the game to analyse");
            return;
        }
        // A name the server does not have leaves the running job alone.
        if self.engine(name).is_none() {
            return;
        }
        self.analysis = None;
        let Some(handle) = self.start_engine(name) else {
            return;
        };
        self.analysis = Some(Analysis {
            engine: handle,
            tag: 0,
            fen: String::new(),
            last_sent: Instant::now(),
            held: None,
        });
        self.position_changed();
    }

    /// Points the analysis (and the column values) at the viewed position.
    pub(super) fn follow_analysis(&mut self) {
        let pos = self.game.viewed();
        let fen = pos.fen();
        let over = pos.outcome().is_some();
        let position = self.game.position_command(self.game.cursor);
        if let Some(analysis) = self.analysis.as_mut()
            && analysis.fen != fen
        {
            analysis.engine.cancel();
            analysis.tag = analysis.tag.wrapping_add(1);
            analysis.fen = fen.clone();
            analysis.held = None;
            if !over {
                analysis.engine.think(Think {
                    position,
                    go: "go infinite".to_string(),
                    clocks: None,
                    deadline: FOREVER,
                    tag: analysis.tag,
                    ..Think::default()
                });
            }
        }
        self.follow_columns();
    }

    pub(super) fn analysis_event(&mut self, event: Event) {
        let Some(analysis) = self.analysis.as_mut() else {
            return;
        };
        match event.kind {
            EventKind::Info { tag, line } if tag == analysis.tag => {
                let mut info = parse_info(&line);
                info.source = "analysis".to_string();
                info.engine = analysis.engine.name.clone();
                info.fen = analysis.fen.clone();
                if analysis.last_sent.elapsed() < INFO_GAP && info.string.is_none() {
                    analysis.held = Some(info);
                } else {
                    analysis.last_sent = Instant::now();
                    analysis.held = None;
                    self.send(ServerMessage::Info(Box::new(info)));
                }
            }
            EventKind::Failed { fault, .. } => {
                let name = analysis.engine.name.clone();
                self.analysis = None;
                self.notice("error", format!("analysis: {name} {}", fault_text(&fault)));
                self.send_state();
            }
            EventKind::Dead { message } => {
                self.analysis = None;
                self.notice("error", format!("analysis: {message}"));
                self.send_state();
            }
            _ => {}
        }
    }

    /// Sends an analysis line held back by `INFO_GAP`.
    pub(super) fn analysis_tick(&mut self) {
        if let Some(analysis) = self.analysis.as_mut()
            && let Some(info) = analysis.held.take()
        {
            analysis.last_sent = Instant::now();
            self.send(ServerMessage::Info(Box::new(info)));
        }
    }

    /// Connect Four under analysis: every column of the viewed position valued by the solver.
    fn follow_columns(&mut self) {
        if self.analysis.is_none() || self.game.variant() != "connect4" {
            self.columns = None;
            return;
        }
        let pos = self.game.viewed();
        let fen = pos.fen();
        if self.columns.as_ref().is_some_and(|c| c.fen == fen) {
            return;
        }
        if self.columns.is_none() {
            let setup = Setup {
                options: self.game.rules.settings.clone(),
                spec: self.shared.solver.clone(),
                variant: "connect4".to_string(),
            };
            match EngineHandle::start(setup, &self.shared.pool, self.events.clone()) {
                Ok(engine) => {
                    self.columns = Some(ColumnSolver {
                        engine,
                        epoch: 0,
                        fen: String::new(),
                        columns: Vec::new(),
                    })
                }
                Err(e) => {
                    self.notice("warning", format!("no column values: {e}"));
                    return;
                }
            }
        }
        let base = self.game.position_command(self.game.cursor);
        let legal = if pos.outcome().is_some() {
            Vec::new()
        } else {
            pos.legal_moves()
        };
        let Some(solver) = self.columns.as_mut() else {
            return;
        };
        solver.engine.cancel();
        solver.epoch = solver.epoch.wrapping_add(1) & 0x00ff_ffff;
        solver.fen = fen.clone();
        solver.columns.clear();
        for (i, mv) in legal.iter().enumerate() {
            let after = self
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
                    solver.engine.think(Think {
                        position: moves,
                        go: format!("go solve movetime {COLUMN_MS}"),
                        clocks: None,
                        deadline: Duration::from_millis(COLUMN_MS + 5000),
                        tag: (solver.epoch << 8) | i as u32,
                        ..Think::default()
                    });
                    ColumnValue {
                        mv: mv.clone(),
                        status: "pending",
                        value: None,
                    }
                }
            };
            solver.columns.push(column);
        }
        self.send_columns();
    }

    fn send_columns(&mut self) {
        if let Some(solver) = &self.columns {
            let message = ServerMessage::Columns {
                fen: solver.fen.clone(),
                columns: solver.columns.clone(),
            };
            self.send(message);
        }
    }

    pub(super) fn columns_event(&mut self, event: Event) {
        let Some(solver) = self.columns.as_mut() else {
            return;
        };
        let slot = |tag: u32| (tag >> 8 == solver.epoch).then_some((tag & 0xff) as usize);
        match event.kind {
            EventKind::Info { tag, line } => {
                let Some(i) = slot(tag) else { return };
                let info = parse_info(&line);
                let solved = info
                    .string
                    .as_deref()
                    .and_then(|s| s.strip_prefix("solved "))
                    .and_then(|v| v.trim().parse::<i64>().ok());
                if let (Some(value), Some(column)) = (solved, solver.columns.get_mut(i)) {
                    // The child's value is the opponent's: negate it.
                    column.value = Some(-value);
                    column.status = "solved";
                    self.send_columns();
                }
            }
            EventKind::Done { tag, .. } => {
                let Some(i) = slot(tag) else { return };
                if let Some(column) = solver.columns.get_mut(i)
                    && column.status == "pending"
                {
                    column.status = "unproven";
                    self.send_columns();
                }
            }
            EventKind::Failed { fault, .. } => {
                self.columns = None;
                self.notice(
                    "warning",
                    format!("column values: solver {}", fault_text(&fault)),
                );
            }
            EventKind::Dead { message } => {
                self.columns = None;
                self.notice("warning", format!("column values: {message}"));
            }
            _ => {}
        }
    }

    /// Solves the puzzle from the viewed position.
    pub(super) fn solve(&mut self, name: &str) {
        self.start_puzzle(name, false);
    }

    /// A hint outside a game: the first move of a puzzle's solution.
    pub(super) fn hint_free(&mut self) {
        if !self.game.viewed().is_puzzle() {
            self.error("a hint is for a game against an engine, or a puzzle (analyse instead)");
            return;
        }
        let variant = self.game.variant();
        let Some(name) = self
            .shared
            .engines
            .iter()
            .find(|e| e.plays(variant) && e.entry.error.is_none())
            .map(|e| e.spec.name.clone())
        else {
            self.error(format!("no engine plays {variant}"));
            return;
        };
        self.start_puzzle(&name, true);
    }

    fn start_puzzle(&mut self, name: &str, hint: bool) {
        if self.duel.is_some() {
            self.error("stop the game first");
            return;
        }
        let pos = self.game.viewed();
        if !pos.is_puzzle() {
            self.error("only a puzzle (Rush Hour) is solved; analyse other games");
            return;
        }
        if let Some(outcome) = self.game.outcome_at(pos.as_ref()) {
            self.error(format!("already {}", outcome.reason));
            return;
        }
        // A name the server does not have leaves the running job alone.
        if self.engine(name).is_none() {
            return;
        }
        self.puzzle = None;
        let Some(handle) = self.start_engine(name) else {
            return;
        };
        handle.think(Think {
            position: self.game.position_command(self.game.cursor),
            go: format!("go movetime {PUZZLE_MS}"),
            clocks: None,
            deadline: Duration::from_millis(PUZZLE_MS + 5000),
            tag: 0,
            ..Think::default()
        });
        self.puzzle = Some(PuzzleJob {
            engine: handle,
            ply: self.game.cursor,
            hint,
            pv: Vec::new(),
            unsolvable: false,
        });
        self.send_state();
    }

    pub(super) fn puzzle_event(&mut self, event: Event) {
        let Some(job) = self.puzzle.as_mut() else {
            return;
        };
        match event.kind {
            EventKind::Info { line, .. } => {
                let info = parse_info(&line);
                if info.string.as_deref() == Some("unsolvable") {
                    job.unsolvable = true;
                }
                if !info.pv.is_empty() {
                    job.pv = info.pv.clone();
                }
                let name = job.engine.name.clone();
                let fen = self.game.position_at(job.ply).fen();
                self.send_info("solve", &name, &fen, &line);
            }
            EventKind::Done { reply, .. } => {
                let Some(job) = self.puzzle.take() else {
                    return;
                };
                self.puzzle_solved(job, reply.mv);
            }
            EventKind::Failed { fault, .. } => {
                let name = job.engine.name.clone();
                self.puzzle = None;
                self.notice("error", format!("puzzle: {name} {}", fault_text(&fault)));
                self.send_state();
            }
            EventKind::Dead { message } => {
                self.puzzle = None;
                self.notice("error", format!("puzzle: {message}"));
                self.send_state();
            }
            _ => {}
        }
    }

    fn puzzle_solved(&mut self, job: PuzzleJob, best: Option<String>) {
        if job.unsolvable || best.as_deref().is_none_or(|m| m == "0000") {
            self.notice(
                "warning",
                "the engine found no solution: the puzzle is unsolvable",
            );
            self.send_state();
            return;
        }
        if job.hint {
            if let Some(mv) = best {
                self.send(ServerMessage::Hint { mv });
            }
            self.send_state();
            return;
        }
        // Keep the longest legal prefix of the solution.
        let mut pos = self.game.position_at(job.ply);
        let mut line = Vec::new();
        for mv in &job.pv {
            if pos.outcome().is_some() || pos.play_move(mv).is_err() {
                break;
            }
            line.push(mv.clone());
        }
        let solved = pos.outcome().is_some();
        if line.is_empty() {
            self.notice("error", "the engine's solution is not a legal line here");
            self.send_state();
            return;
        }
        self.game.goto(job.ply);
        if let Err(e) = self.game.play_at_cursor(&line, "") {
            self.notice("error", format!("solution: {e}"));
        }
        self.game.goto(job.ply);
        let metric = self
            .game
            .rules
            .settings
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case("RushMetric"))
            .map_or("steps", |(_, v)| v.as_str())
            .to_string();
        if solved {
            self.notice(
                "info",
                format!(
                    "optimal solution: {} moves ({metric}); step through it with the move list",
                    line.len()
                ),
            );
        } else {
            self.notice(
                "warning",
                format!(
                    "the engine's line ({} moves) does not reach the exit",
                    line.len()
                ),
            );
        }
        self.position_changed();
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
            let board = Connect4::from_moves(shape, before).expect("legal moves");
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

    #[test]
    fn info_lines_are_read_into_fields() {
        let info = parse_info(
            "info depth 7 seldepth 9 score cp -12 upperbound nodes 4000 nps 20000 time 200 hashfull 3 pv 4 4 3",
        );
        assert_eq!((info.depth, info.seldepth), (Some(7), Some(9)));
        assert_eq!(
            (info.score_kind.as_deref(), info.score),
            (Some("cp"), Some(-12))
        );
        assert_eq!(info.bound.as_deref(), Some("upperbound"));
        assert_eq!(
            (info.nodes, info.nps, info.time_ms),
            (Some(4000), Some(20000), Some(200))
        );
        assert_eq!(info.pv, ["4", "4", "3"]);
        let text = parse_info("info string solved -3");
        assert_eq!(text.string.as_deref(), Some("solved -3"));
        let mate = parse_info("info depth x score mate 3 currmove 4");
        assert_eq!((mate.depth, mate.score), (None, Some(3)));
    }
}
