//! The analysis mode of a tab: an engine searching the viewed position without end (`go
//! infinite`), following the view, and for Connect Four the exact value of every column
//! (`columns.rs`).

use super::columns::ColumnSolver;
use super::context::{Context, Mode};
use super::engine::{EngineHandle, Event, EventKind, Think, fault_text};
use super::live::Viewer;
use super::wire::{InfoMessage, ServerMessage};
use crate::protocol::command::GoParams;
use crate::protocol::info::read_info;
use crate::variants::registry;
use std::time::{Duration, Instant};

/// How long an analysis may run: until stopped.
const FOREVER: Duration = Duration::from_secs(365 * 86_400);
/// Analysis lines closer together than this are merged (the latest is sent at the next
/// tick).
const INFO_GAP: Duration = Duration::from_millis(15);

/// The analysis mode: the analysing engine and the column values, when they run.
#[derive(Default)]
pub struct Analysis {
    running: Option<Running>,
    columns: Option<ColumnSolver>,
}

/// An engine analysing the viewed position.
struct Running {
    engine: EngineHandle,
    /// The search's tag and the fen it searches.
    tag: u32,
    fen: String,
    last_sent: Instant,
    held: Option<InfoMessage>,
}

impl Mode for Analysis {
    fn owns(&self, id: u64) -> bool {
        self.running.as_ref().is_some_and(|a| a.engine.id == id)
            || self.columns.as_ref().is_some_and(|c| c.engine.id == id)
    }

    fn label(&self, id: u64) -> Option<String> {
        if let Some(a) = self.running.as_ref().filter(|a| a.engine.id == id) {
            return Some(format!("{} (analysis)", a.engine.name));
        }
        self.columns
            .as_ref()
            .filter(|c| c.engine.id == id)
            .map(|c| format!("{} (column values)", c.engine.name))
    }

    fn on_event(&mut self, ctx: &mut Context, event: Event) {
        if self
            .running
            .as_ref()
            .is_some_and(|a| a.engine.id == event.id)
        {
            self.analysis_event(ctx, event);
        } else if let Some(solver) = self.columns.as_mut()
            && solver.engine.id == event.id
            && !solver.on_event(ctx, event)
        {
            self.columns = None;
        }
    }

    /// Sends an analysis line held back by `INFO_GAP`.
    fn on_tick(&mut self, ctx: &mut Context) {
        if let Some(analysis) = self.running.as_mut()
            && let Some(info) = analysis.held.take()
        {
            analysis.last_sent = Instant::now();
            ctx.send(ServerMessage::Info(Box::new(info)));
        }
    }
}

impl Analysis {
    /// The analysing engine's name, when analysis runs.
    pub fn engine_name(&self) -> Option<&str> {
        self.running.as_ref().map(|a| a.engine.name.as_str())
    }

    /// Stops the analysis and the column values.
    pub fn stop(&mut self) {
        self.running = None;
        self.columns = None;
    }

    /// Starts analysing with the engine `name` (a name the server does not have leaves the
    /// running analysis alone).
    pub fn start(&mut self, ctx: &mut Context, name: &str) {
        if ctx.engine(name).is_none() {
            return;
        }
        self.restart(ctx, name);
    }

    /// Stops the analysing engine (the column values go on) and starts `name` in its place.
    pub fn restart(&mut self, ctx: &mut Context, name: &str) {
        self.running = None;
        let Some(handle) = ctx.start_engine(name) else {
            return;
        };
        self.running = Some(Running {
            engine: handle,
            tag: 0,
            fen: String::new(),
            last_sent: Instant::now(),
            held: None,
        });
        self.follow(ctx);
        ctx.send_state();
    }

    /// Points the analysis (and the column values) at the viewed position; stops it at a
    /// position of a game against the analysing engine that goes on in another tab.
    pub fn follow(&mut self, ctx: &mut Context) {
        let pos = ctx.game.viewed();
        let fen = pos.fen();
        if let Some(name) = self.engine_name().map(str::to_string)
            && let Some(message) = ctx.refusal(Viewer::Engine(&name), &fen)
        {
            self.stop();
            ctx.error(format!("analysis stopped: {message}"));
            ctx.send_state();
            return;
        }
        let over = pos.outcome().is_some();
        let position = ctx.game.position_command(ctx.game.cursor);
        if let Some(analysis) = self.running.as_mut()
            && analysis.fen != fen
        {
            analysis.engine.cancel();
            analysis.tag = analysis.tag.wrapping_add(1);
            analysis.fen = fen.clone();
            analysis.held = None;
            if !over {
                analysis.engine.think(Think {
                    position,
                    go: GoParams {
                        infinite: true,
                        ..GoParams::default()
                    },
                    deadline: FOREVER,
                    tag: analysis.tag,
                    ..Think::default()
                });
            }
        }
        self.follow_columns(ctx);
    }

    /// Connect Four under analysis: every column of the viewed position valued by the solver.
    fn follow_columns(&mut self, ctx: &mut Context) {
        if self.running.is_none() || !registry::features(ctx.game.variant()).move_values {
            self.columns = None;
            return;
        }
        let fen = ctx.game.viewed().fen();
        if self.columns.as_ref().is_some_and(|c| c.values(&fen)) {
            return;
        }
        if let Some(message) = ctx.refusal(Viewer::ThisSente, &fen) {
            self.columns = None;
            ctx.notice("warning", format!("no column values: {message}"));
            return;
        }
        if self.columns.is_none() {
            self.columns = ColumnSolver::start(ctx);
        }
        if let Some(solver) = self.columns.as_mut() {
            solver.follow(ctx);
        }
    }

    fn analysis_event(&mut self, ctx: &mut Context, event: Event) {
        let Some(analysis) = self.running.as_mut() else {
            return;
        };
        match event.kind {
            EventKind::Info { tag, line } if tag == analysis.tag => {
                let mut info = InfoMessage::from(read_info(&line));
                info.source = "analysis".to_string();
                info.engine = analysis.engine.name.clone();
                info.fen = analysis.fen.clone();
                if analysis.last_sent.elapsed() < INFO_GAP && info.string.is_none() {
                    analysis.held = Some(info);
                } else {
                    analysis.last_sent = Instant::now();
                    analysis.held = None;
                    ctx.send(ServerMessage::Info(Box::new(info)));
                }
            }
            EventKind::Failed { fault, .. } => {
                let name = analysis.engine.name.clone();
                self.running = None;
                ctx.notice("error", format!("analysis: {name} {}", fault_text(&fault)));
                ctx.send_state();
            }
            EventKind::Dead { message } => {
                self.running = None;
                ctx.notice("error", format!("analysis: {message}"));
                ctx.send_state();
            }
            _ => {}
        }
    }
}
