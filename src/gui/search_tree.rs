//! The search tree mode of a tab, for the tree view: a traced search on an engine process set
//! up with `SearchTrace`, `TraceLimit`, the algorithm and the opponent vision, one `go depth N`
//! on the requested position, its `info trace` lines read and checked (`trace.rs`), then the
//! tree sent to the page in bounded messages. An engine that does not trace (not sente, or a
//! search it does not trace) gets a message saying so.

use super::catalog::require_option;
use super::context::{Context, Mode};
use super::engine::{EngineHandle, Event, EventKind, Setup, Think, fault_text};
use super::tab_game::{TabGame, seat_text};
use super::trace::{checked_tree, node_tuple};
use super::wire::{
    InfoMessage, MAX_TRACE_NODES, ServerMessage, TRACE_CHUNK, TraceNumber, TraceRequest,
    TraceStart, TraceSummary,
};
use crate::protocol::command::GoParams;
use crate::protocol::info::read_info;
use crate::protocol::trace::read_trace_line;
use crate::search::trace::TraceNode;
use std::time::{Duration, Instant};

/// Longest a traced search may take (the person can stop it sooner).
const TRACE_DEADLINE: Duration = Duration::from_secs(600);
/// Progress is sent at most this often.
const PROGRESS_EVERY: Duration = Duration::from_millis(200);

/// The search tree mode: the traced search, while it runs.
#[derive(Default)]
pub struct SearchTree {
    job: Option<TraceJob>,
}

impl Mode for SearchTree {
    fn owns(&self, id: u64) -> bool {
        self.job.as_ref().is_some_and(|t| t.engine.id == id)
    }

    fn label(&self, id: u64) -> Option<String> {
        self.job
            .as_ref()
            .filter(|t| t.engine.id == id)
            .map(|t| format!("{} (search tree)", t.engine.name))
    }

    fn on_event(&mut self, ctx: &mut Context, event: Event) {
        self.trace_event(ctx, event);
    }

    fn on_tick(&mut self, ctx: &mut Context) {
        self.trace_tick(ctx);
    }
}

/// A traced search of a tab.
struct TraceJob {
    /// The engine.
    engine: EngineHandle,
    game: TabGame,
    /// True for a proof tree (`Algorithm proof`), whose nodes keep any of their children.
    proof: bool,
    limit: u64,
    started: Instant,
    lines: Vec<TraceNode>,
    truncated: bool,
    /// Notes of the engine (`info string ...`), for the message when it does not trace.
    notes: Vec<String>,
    /// The last `info depth` line.
    info: Option<InfoMessage>,
    /// The first line that could not be read.
    bad_line: Option<String>,
    progress: (Instant, usize),
}

impl SearchTree {
    /// Starts a traced search (ending the one running, if any).
    pub fn start(&mut self, ctx: &mut Context, request: TraceRequest) {
        self.job = None;
        match self.trace_job(ctx, &request) {
            Ok(start) => ctx.send(ServerMessage::TraceStart(Box::new(start))),
            Err(message) => ctx.send(ServerMessage::TraceFailed { message }),
        }
    }

    fn trace_job(
        &mut self,
        ctx: &mut Context,
        request: &TraceRequest,
    ) -> Result<TraceStart, String> {
        let game = TabGame::requested(request.position())?;
        let engine = ctx.engines.playing(&request.engine, game.variant())?;
        let needed = "the search tree";
        require_option(&engine, "SearchTrace", None, needed)?;
        require_option(&engine, "TraceLimit", None, needed)?;
        require_option(&engine, "Algorithm", Some(&request.algorithm), needed)?;
        if request.opponent != "adversarial" {
            require_option(&engine, "Opponent", Some(&request.opponent), needed)?;
        }
        let limit = request.limit.unwrap_or(MAX_TRACE_NODES);
        let mut options = game.rules.settings.clone();
        options.extend(
            ctx.engines
                .page_options(&engine.spec.name)
                .into_iter()
                .filter(|(name, _)| !is_search_option(name)),
        );
        options.extend([
            ("Algorithm".to_string(), request.algorithm.clone()),
            ("SearchTrace".to_string(), "true".to_string()),
            ("TraceLimit".to_string(), limit.to_string()),
        ]);
        if engine.option("Opponent").is_some() {
            options.push(("Opponent".to_string(), request.opponent.clone()));
        }
        let setup = Setup {
            spec: engine.spec.clone(),
            variant: game.variant().to_string(),
            options,
        };
        let handle = ctx.engines.launch(setup)?;
        let position = game.position_command(game.cursor);
        handle.think(Think {
            position: position.clone(),
            go: GoParams {
                depth: Some(request.depth),
                ..GoParams::default()
            },
            deadline: TRACE_DEADLINE,
            ..Think::default()
        });
        let pos = game.viewed();
        let start = TraceStart {
            engine: engine.spec.name.clone(),
            variant: game.variant().to_string(),
            rules: game.rules.settings.clone(),
            fen: pos.fen(),
            position: position.to_string(),
            side: seat_text(pos.side_to_move()),
            algorithm: request.algorithm.clone(),
            opponent: request.opponent.clone(),
            depth: request.depth,
            limit,
        };
        self.job = Some(TraceJob {
            engine: handle,
            game,
            proof: request.algorithm == "proof",
            limit,
            started: Instant::now(),
            lines: Vec::new(),
            truncated: false,
            notes: Vec::new(),
            info: None,
            bad_line: None,
            progress: (Instant::now(), 0),
        });
        Ok(start)
    }

    /// Stops the traced search, if one runs.
    pub fn stop(&mut self, ctx: &mut Context) {
        if self.job.take().is_some() {
            ctx.send(ServerMessage::TraceFailed {
                message: "stopped".to_string(),
            });
        }
    }

    fn trace_event(&mut self, ctx: &mut Context, event: Event) {
        let Some(job) = self.job.as_mut() else {
            return;
        };
        match event.kind {
            EventKind::Info { line, .. } => job.read(&line),
            EventKind::Done { reply, .. } => {
                let Some(job) = self.job.take() else {
                    return;
                };
                match job.finish(reply.mv) {
                    Ok(messages) => {
                        for message in messages {
                            ctx.send(message);
                        }
                    }
                    Err(message) => ctx.send(ServerMessage::TraceFailed { message }),
                }
            }
            EventKind::Failed { fault, .. } => {
                let message = format!("{} {}", job.engine.name, fault_text(&fault));
                self.job = None;
                ctx.send(ServerMessage::TraceFailed { message });
            }
            EventKind::Dead { message } => {
                self.job = None;
                ctx.send(ServerMessage::TraceFailed { message });
            }
            _ => {}
        }
    }

    /// Sends how many lines have come, at most every `PROGRESS_EVERY`.
    fn trace_tick(&mut self, ctx: &mut Context) {
        let Some(job) = self.job.as_mut() else {
            return;
        };
        let (at, sent) = job.progress;
        if job.lines.len() != sent && at.elapsed() >= PROGRESS_EVERY {
            job.progress = (Instant::now(), job.lines.len());
            let lines = job.lines.len() as u64;
            ctx.send(ServerMessage::TraceProgress { lines });
        }
    }
}

/// Options a traced search sets itself (a person's values for them are not used).
fn is_search_option(name: &str) -> bool {
    ["Algorithm", "Opponent", "SearchTrace", "TraceLimit"]
        .iter()
        .any(|o| o.eq_ignore_ascii_case(name))
}

impl TraceJob {
    /// One `info` line of the search.
    fn read(&mut self, line: &str) {
        if self.bad_line.is_some() {
            return;
        }
        if line.starts_with("info trace") {
            if self.lines.len() as u64 >= self.limit {
                self.bad_line = Some(format!(
                    "more info trace lines than the TraceLimit of {}",
                    self.limit
                ));
                return;
            }
            match read_trace_line(line) {
                Ok(node) => self.lines.push(node),
                Err(e) => {
                    let shown: String = line.chars().take(120).collect();
                    self.bad_line = Some(format!(
                        "a trace line that is not the protocol: {e} (in '{shown}')"
                    ));
                }
            }
            return;
        }
        let info = InfoMessage::from(read_info(line));
        if let Some(text) = &info.string {
            if text.starts_with("trace truncated at ") {
                self.truncated = true;
            }
            if self.notes.len() < 8 {
                self.notes.push(text.clone());
            }
        } else if info.depth.is_some() {
            self.info = Some(info);
        }
    }

    /// The messages of the checked tree, or why there is none.
    fn finish(self, best: Option<String>) -> Result<Vec<ServerMessage>, String> {
        let name = &self.engine.name;
        if let Some(bad) = self.bad_line {
            return Err(format!("{name}: {bad}"));
        }
        let info = self.info.unwrap_or_default();
        let (nodes, pruned) = checked_tree(
            name,
            self.lines,
            info.nodes,
            self.truncated,
            &self.notes,
            &self.game,
            self.proof,
        )?;
        let summary = TraceSummary {
            nodes: nodes.len() as u64,
            search_nodes: info.nodes,
            value: TraceNumber(nodes[0].value),
            score: info
                .score_kind
                .as_ref()
                .zip(info.score)
                .map(|(kind, score)| format!("{kind} {score}")),
            best,
            pv: info.pv,
            time_ms: info.time_ms,
            truncated: self.truncated,
            elapsed_ms: self.started.elapsed().as_millis() as u64,
        };
        let mut messages = Vec::with_capacity(nodes.len() / TRACE_CHUNK + 2);
        let mut chunk = Vec::with_capacity(TRACE_CHUNK.min(nodes.len()));
        for (node, moves) in nodes.iter().zip(pruned) {
            chunk.push(node_tuple(node, moves));
            if chunk.len() == TRACE_CHUNK {
                messages.push(ServerMessage::TraceNodes {
                    nodes: std::mem::take(&mut chunk),
                });
            }
        }
        if !chunk.is_empty() {
            messages.push(ServerMessage::TraceNodes { nodes: chunk });
        }
        messages.push(ServerMessage::TraceDone(Box::new(summary)));
        Ok(messages)
    }
}
