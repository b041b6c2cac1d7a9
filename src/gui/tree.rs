//! The tree view's traced search: an engine process set up with `SearchTrace`, `TraceLimit`,
//! the algorithm and the opponent vision, one `go depth N` on the requested position, its
//! `info trace` lines read and checked (`trace.rs`), then the tree sent to the page in bounded
//! messages. An engine that does not trace (not sente, or a search it does not trace) gets a
//! message saying so.

use super::analysis::parse_info;
use super::engine::{EngineHandle, Event, EventKind, Setup, Think, fault_text};
use super::game::{Game, seat_text};
use super::lab::{MAX_TRACE_NODES, TraceRequest, require_option};
use super::messages::{InfoMessage, ServerMessage, TRACE_CHUNK, TraceStart, TraceSummary};
use super::tab::Tab;
use super::trace::{NodeTuple, checked_tree, parse_trace_line};
use crate::search::trace::TraceNode;
use std::time::{Duration, Instant};

/// Longest a traced search may take (the person can stop it sooner).
const TRACE_DEADLINE: Duration = Duration::from_secs(600);
/// Progress is sent at most this often.
const PROGRESS_EVERY: Duration = Duration::from_millis(200);

/// A traced search of a tab.
pub struct TraceJob {
    /// The engine.
    pub engine: EngineHandle,
    game: Game,
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

impl Tab {
    /// Starts a traced search (ending the one running, if any).
    pub(super) fn start_trace(&mut self, request: TraceRequest) {
        self.trace = None;
        match self.trace_job(&request) {
            Ok(start) => self.send(ServerMessage::TraceStart(Box::new(start))),
            Err(message) => self.send(ServerMessage::TraceFailed { message }),
        }
    }

    fn trace_job(&mut self, request: &TraceRequest) -> Result<TraceStart, String> {
        let game = request.game()?;
        let engine = self.engine_playing(&request.engine, game.variant())?;
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
            self.page_options(&engine.spec.name)
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
        let handle = EngineHandle::start(setup, &self.shared.pool, self.events.clone())?;
        let position = game.position_command(game.cursor);
        handle.think(Think {
            position: position.clone(),
            go: format!("go depth {}", request.depth),
            deadline: TRACE_DEADLINE,
            ..Think::default()
        });
        let pos = game.viewed();
        let start = TraceStart {
            engine: engine.spec.name.clone(),
            variant: game.variant().to_string(),
            rules: game.rules.settings.clone(),
            fen: pos.fen(),
            position,
            side: seat_text(pos.side_to_move()),
            algorithm: request.algorithm.clone(),
            opponent: request.opponent.clone(),
            depth: request.depth,
            limit,
        };
        self.trace = Some(TraceJob {
            engine: handle,
            game,
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
    pub(super) fn stop_trace(&mut self) {
        if self.trace.take().is_some() {
            self.send(ServerMessage::TraceFailed {
                message: "stopped".to_string(),
            });
        }
    }

    pub(super) fn trace_event(&mut self, event: Event) {
        let Some(job) = self.trace.as_mut() else {
            return;
        };
        match event.kind {
            EventKind::Info { line, .. } => job.read(&line),
            EventKind::Done { reply, .. } => {
                let Some(job) = self.trace.take() else {
                    return;
                };
                match job.finish(reply.mv) {
                    Ok(messages) => {
                        for message in messages {
                            self.send(message);
                        }
                    }
                    Err(message) => self.send(ServerMessage::TraceFailed { message }),
                }
            }
            EventKind::Failed { fault, .. } => {
                let message = format!("{} {}", job.engine.name, fault_text(&fault));
                self.trace = None;
                self.send(ServerMessage::TraceFailed { message });
            }
            EventKind::Dead { message } => {
                self.trace = None;
                self.send(ServerMessage::TraceFailed { message });
            }
            _ => {}
        }
    }

    /// Sends how many lines have come, at most every `PROGRESS_EVERY`.
    pub(super) fn trace_tick(&mut self) {
        let Some(job) = self.trace.as_mut() else {
            return;
        };
        let (at, sent) = job.progress;
        if job.lines.len() != sent && at.elapsed() >= PROGRESS_EVERY {
            job.progress = (Instant::now(), job.lines.len());
            let lines = job.lines.len() as u64;
            self.send(ServerMessage::TraceProgress { lines });
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
            match parse_trace_line(line) {
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
        let info = parse_info(line);
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
        )?;
        let summary = TraceSummary {
            nodes: nodes.len() as u64,
            search_nodes: info.nodes,
            value: nodes[0].value,
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
            chunk.push(NodeTuple::new(node, moves));
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
