//! One browser tab's session: its game, its mode and its engines. Messages from the page and
//! events from the engines come in, messages for the page go out (collected in an outbox that
//! the socket loop sends). Game modes are in `play.rs`, analysis and puzzles in `analysis.rs`.

use super::analysis::{Analysis, ColumnSolver, PuzzleJob};
use super::catalog::{Engine, check_value};
use super::compare::CompareJob;
use super::engine::{EngineHandle, Event, EventKind, Pool, Setup};
use super::game::{Game, reach, seat_text};
use super::messages::{ClientMessage, GameState, ModeMessage, ServerMessage, VariantEntry};
use super::play::Match;
use super::tree::TraceJob;
use crate::engine::options::Options;
use crate::referee::process::Direction;
use crate::referee::spec::EngineSpec;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Instant;
use tokio::sync::mpsc::UnboundedSender;

/// What every tab of a server shares.
pub struct Shared {
    /// The engines from the command line.
    pub engines: Vec<Engine>,
    /// The bound on engine processes.
    pub pool: Arc<Pool>,
    /// sente itself, for Connect Four's column values (`go solve`).
    pub solver: EngineSpec,
    /// The variants sente plays.
    pub variants: Vec<VariantEntry>,
}

/// Raw-protocol lines a tab forwards per second; the rest are counted, not shown.
const LOG_LINES_PER_SECOND: u32 = 400;

/// A tab's session.
pub struct Tab {
    pub(super) shared: Arc<Shared>,
    pub(super) events: UnboundedSender<Event>,
    outbox: Vec<ServerMessage>,
    pub(super) game: Game,
    /// The game against an engine, or between engines, when one is on.
    pub(super) duel: Option<Match>,
    pub(super) analysis: Option<Analysis>,
    pub(super) columns: Option<ColumnSolver>,
    pub(super) puzzle: Option<PuzzleJob>,
    /// The tree view's traced search.
    pub(super) trace: Option<TraceJob>,
    /// The comparison view's runs.
    pub(super) compare: Option<CompareJob>,
    /// Engine options the page set, per engine name.
    options: HashMap<String, Vec<(String, String)>>,
    log_window: (Instant, u32, u32),
}

impl Tab {
    /// A new tab, playing the default variant.
    pub fn new(shared: Arc<Shared>, events: UnboundedSender<Event>) -> Tab {
        let game = match Game::new(
            crate::engine::variants::DEFAULT_VARIANT,
            &[],
            None,
            Vec::new(),
        ) {
            Ok(game) => game,
            Err(e) => unreachable!("the default variant does not start: {e}"),
        };
        Tab {
            shared,
            events,
            outbox: Vec::new(),
            game,
            duel: None,
            analysis: None,
            columns: None,
            puzzle: None,
            trace: None,
            compare: None,
            options: HashMap::new(),
            log_window: (Instant::now(), 0, 0),
        }
    }

    /// The messages to send now.
    pub fn take_outbox(&mut self) -> Vec<ServerMessage> {
        std::mem::take(&mut self.outbox)
    }

    /// Queues a message for the page.
    pub(super) fn send(&mut self, message: ServerMessage) {
        self.outbox.push(message);
    }

    /// Queues an error for the page (a refused message).
    pub fn error(&mut self, message: impl Into<String>) {
        self.send(ServerMessage::Error {
            message: message.into(),
        });
    }

    /// Queues a notice for the page.
    pub(super) fn notice(&mut self, level: &'static str, message: impl Into<String>) {
        self.send(ServerMessage::Notice {
            level,
            message: message.into(),
        });
    }

    /// The first messages of a socket.
    pub fn welcome(&mut self) {
        self.send(ServerMessage::Welcome {
            version: env!("CARGO_PKG_VERSION").to_string(),
            engines: self
                .shared
                .engines
                .iter()
                .map(|e| e.entry.clone())
                .collect(),
            variants: self.shared.variants.clone(),
            max_message_bytes: super::messages::MAX_MESSAGE_BYTES,
        });
        self.send_state();
    }

    /// A text message from the page.
    pub fn on_text(&mut self, text: &str) {
        let start = Instant::now();
        match super::messages::parse(text) {
            Ok(message) => self.on_message(message),
            Err(e) => self.error(e),
        }
        log::debug!("message handled in {:?}", start.elapsed());
    }

    fn on_message(&mut self, message: ClientMessage) {
        match message {
            ClientMessage::NewGame {
                variant,
                rules,
                fen,
                moves,
                cursor,
            } => match Game::new(&variant, &rules, fen, moves) {
                Ok(mut game) => {
                    if let Some(ply) = cursor {
                        game.goto(ply);
                    }
                    self.replace_game(game);
                }
                Err(e) => self.error(format!("new game: {e}")),
            },
            ClientMessage::Setup { text } => match self.game.setup(&text) {
                Ok(game) => self.replace_game(game),
                Err(e) => self.error(format!("position: {e}")),
            },
            ClientMessage::LoadRecord { text } => match Game::from_record(&text) {
                Ok(game) => self.replace_game(game),
                Err(e) => self.error(format!("record: {e}")),
            },
            ClientMessage::SaveRecord {} => {
                let text = self.record_text();
                self.send(ServerMessage::Record { text });
            }
            ClientMessage::Play { moves } => self.person_plays(&moves),
            ClientMessage::Goto { ply } => {
                self.game.goto(ply);
                self.position_changed();
            }
            ClientMessage::Undo {} => self.undo(),
            ClientMessage::StartPlay {
                engine,
                human,
                limits,
            } => self.start_play(&engine, &human, &limits),
            ClientMessage::StartWatch { engines, limits } => self.start_watch(&engines, &limits),
            ClientMessage::Pause {} => self.pause(true),
            ClientMessage::Resume {} => self.pause(false),
            ClientMessage::StopGame {} => {
                if self.duel.take().is_some() {
                    self.notice("info", "game stopped; both sides are now played by hand");
                }
                self.send_state();
            }
            ClientMessage::Hint {} => self.hint(),
            ClientMessage::Analyse { engine } => self.start_analysis(&engine),
            ClientMessage::StopAnalysis {} => {
                self.analysis = None;
                self.columns = None;
                self.send_state();
            }
            ClientMessage::Solve { engine } => self.solve(&engine),
            ClientMessage::EngineOptions { engine, values } => self.set_options(&engine, values),
            ClientMessage::Trace(request) => self.start_trace(request),
            ClientMessage::StopTrace {} => self.stop_trace(),
            ClientMessage::Compare(request) => self.start_compare(request),
            ClientMessage::StopCompare {} => self.stop_compare(),
        }
    }

    /// An event from one of the tab's engines (events of engines the tab dropped are
    /// ignored).
    pub fn on_event(&mut self, event: Event) {
        if let EventKind::Log { dir, line } = &event.kind {
            if let Some(name) = self.engine_label(event.id) {
                self.log(name, *dir, line.clone());
            }
            return;
        }
        if self.duel.as_ref().is_some_and(|d| d.owns(event.id)) {
            self.duel_event(event);
        } else if self
            .analysis
            .as_ref()
            .is_some_and(|a| a.engine.id == event.id)
        {
            self.analysis_event(event);
        } else if self
            .columns
            .as_ref()
            .is_some_and(|c| c.engine.id == event.id)
        {
            self.columns_event(event);
        } else if self
            .puzzle
            .as_ref()
            .is_some_and(|p| p.engine.id == event.id)
        {
            self.puzzle_event(event);
        } else if self.trace.as_ref().is_some_and(|t| t.engine.id == event.id) {
            self.trace_event(event);
        } else if self.compare.as_ref().is_some_and(|c| c.owns(event.id)) {
            self.compare_event(event);
        }
    }

    /// Every tick (25 ms): clocks, held analysis lines, the raw-protocol lines not shown.
    pub fn on_tick(&mut self) {
        self.duel_tick();
        self.analysis_tick();
        self.trace_tick();
        let (start, _, dropped) = self.log_window;
        if start.elapsed().as_secs() >= 1 {
            if dropped > 0 {
                self.send(ServerMessage::Log {
                    engine: "server".to_string(),
                    dir: "note",
                    line: format!("({dropped} lines not shown)"),
                });
            }
            self.log_window = (Instant::now(), 0, 0);
        }
    }

    fn log(&mut self, engine: String, dir: Direction, line: String) {
        let (_, shown, dropped) = &mut self.log_window;
        if *shown >= LOG_LINES_PER_SECOND {
            *dropped += 1;
            return;
        }
        *shown += 1;
        self.send(ServerMessage::Log {
            engine,
            dir: match dir {
                Direction::ToEngine => "to",
                Direction::FromEngine => "from",
            },
            line,
        });
    }

    /// The name shown in the raw-protocol pane for the engine `id`.
    fn engine_label(&self, id: u64) -> Option<String> {
        if let Some(label) = self.duel.as_ref().and_then(|d| d.label(id)) {
            return Some(label);
        }
        if let Some(a) = self.analysis.as_ref().filter(|a| a.engine.id == id) {
            return Some(format!("{} (analysis)", a.engine.name));
        }
        if let Some(c) = self.columns.as_ref().filter(|c| c.engine.id == id) {
            return Some(format!("{} (column values)", c.engine.name));
        }
        if let Some(p) = self.puzzle.as_ref().filter(|p| p.engine.id == id) {
            return Some(format!("{} (puzzle)", p.engine.name));
        }
        if let Some(t) = self.trace.as_ref().filter(|t| t.engine.id == id) {
            return Some(format!("{} (search tree)", t.engine.name));
        }
        let compare = self.compare.as_ref()?;
        if compare.engine.id == id {
            return Some(format!("{} (comparison)", compare.engine.name));
        }
        compare
            .rocks
            .as_ref()
            .filter(|r| r.id == id)
            .map(|r| format!("{} (rock player)", r.name))
    }

    /// A new game replaces the old one: modes end, analysis follows.
    fn replace_game(&mut self, game: Game) {
        self.duel = None;
        self.puzzle = None;
        let variant_changed = game.variant() != self.game.variant()
            || game.rules.settings != self.game.rules.settings;
        self.game = game;
        if variant_changed {
            // The analysing engine plays the old rules.
            if let Some(name) = self.analysis.take().map(|a| a.engine.name.clone()) {
                self.columns = None;
                self.start_analysis(&name);
                return;
            }
        }
        self.position_changed();
    }

    /// After the viewed position changed.
    pub(super) fn position_changed(&mut self) {
        self.follow_analysis();
        self.send_state();
    }

    fn person_plays(&mut self, moves: &[String]) {
        if self.duel.is_some() {
            self.duel_person_plays(moves);
            return;
        }
        self.puzzle = None;
        match self.game.play_at_cursor(moves, "") {
            Ok(()) => self.position_changed(),
            Err(e) => {
                self.error(e);
                self.send_state();
            }
        }
    }

    fn undo(&mut self) {
        if self.duel.is_some() {
            self.duel_undo();
            return;
        }
        if self.game.cursor == 0 {
            self.error("nothing to undo");
            return;
        }
        let ply = self.game.cursor - 1;
        self.game.truncate(ply);
        self.position_changed();
    }

    /// Starts the engine called `name` on the current variant with the game's rules and the
    /// options the page set for it; a missing engine or a failed start is reported to the
    /// page (and `None` returned).
    pub(super) fn start_engine(&mut self, name: &str) -> Option<EngineHandle> {
        let engine = self.engine(name)?;
        let setup = Setup {
            options: self.setup_options(name),
            spec: engine.spec.clone(),
            variant: self.game.variant().to_string(),
        };
        match EngineHandle::start(setup, &self.shared.pool, self.events.clone()) {
            Ok(handle) => Some(handle),
            Err(e) => {
                self.notice("error", e);
                self.send_state();
                None
            }
        }
    }

    /// The engine called `name`, if the server has it and it plays the current variant.
    pub(super) fn engine(&mut self, name: &str) -> Option<Engine> {
        match self.engine_playing(name, self.game.variant()) {
            Ok(engine) => Some(engine),
            Err(message) => {
                self.error(message);
                None
            }
        }
    }

    /// The engine called `name`, if the server has it and it plays `variant`.
    pub(super) fn engine_playing(&self, name: &str, variant: &str) -> Result<Engine, String> {
        let found = self.shared.engines.iter().find(|e| e.spec.name == name);
        match found {
            None => Err(format!(
                "no engine '{}' on this server",
                super::messages::clip(name)
            )),
            Some(engine) if !engine.plays(variant) => {
                Err(format!("{name} does not play {variant}"))
            }
            Some(engine) => Ok(engine.clone()),
        }
    }

    /// The options the page set for `engine` (never rule options: those are the game's).
    pub(super) fn page_options(&self, engine: &str) -> Vec<(String, String)> {
        self.options.get(engine).cloned().unwrap_or_default()
    }

    /// Rule options, then the page's options for `engine`, to send after the handshake.
    pub(super) fn setup_options(&self, engine: &str) -> Vec<(String, String)> {
        let mut options = self.game.rules.settings.clone();
        options.extend(self.options.get(engine).cloned().unwrap_or_default());
        options
    }

    fn set_options(&mut self, engine: &str, values: Vec<(String, String)>) {
        let Some(found) = self.shared.engines.iter().find(|e| e.spec.name == engine) else {
            self.error(format!(
                "no engine '{}' on this server",
                super::messages::clip(engine)
            ));
            return;
        };
        for (name, value) in &values {
            if Options::is_rule_option(name) {
                self.error(format!("{name} is a rule: set it with the game's rules"));
                return;
            }
            let Some(spec) = found.option(name) else {
                self.error(format!(
                    "{engine} has no option '{}'",
                    super::messages::clip(name)
                ));
                return;
            };
            if let Err(e) = check_value(spec, value) {
                self.error(e);
                return;
            }
            if name.eq_ignore_ascii_case("UCI_Variant") {
                self.error("the variant is the game's: start a new game instead");
                return;
            }
        }
        let count = values.len();
        self.options.insert(engine.to_string(), values);
        self.notice(
            "info",
            format!("{count} option(s) of {engine} set for the engines this tab starts"),
        );
        // A running analysis restarts with them.
        if let Some(name) = self
            .analysis
            .as_ref()
            .map(|a| a.engine.name.clone())
            .filter(|n| n == engine)
        {
            self.analysis = None;
            self.start_analysis(&name);
        }
    }

    /// The game in the record format.
    fn record_text(&self) -> String {
        let players = self.players();
        let limits = self.duel.as_ref().map(|d| d.limits.to_string());
        let forfeit = self.duel.as_ref().and_then(|d| d.forfeit.as_ref());
        self.game.to_record(
            &players,
            limits.as_deref(),
            forfeit.map(|(end, t)| (end, t.as_str())),
        )
    }

    /// Who plays p1 and p2.
    fn players(&self) -> [String; 2] {
        match &self.duel {
            Some(duel) => duel.names.clone(),
            None => ["person".to_string(), "person".to_string()],
        }
    }

    /// Sends the whole state.
    pub(super) fn send_state(&mut self) {
        let state = self.state();
        self.send(ServerMessage::State(Box::new(state)));
    }

    fn state(&self) -> GameState {
        let pos = self.game.viewed();
        let outcome = self.game.outcome_at(pos.as_ref());
        let legal = if outcome.is_some() {
            Vec::new()
        } else {
            pos.legal_moves()
        };
        let at_end = self.game.cursor == self.game.moves.len();
        let forfeit = self
            .duel
            .as_ref()
            .and_then(|d| d.forfeit.as_ref())
            .filter(|_| at_end)
            .map(|(end, _)| end.clone());
        let mode = match &self.duel {
            Some(duel) => duel.mode_message(),
            None => ModeMessage {
                kind: "free",
                players: self.players(),
                human: None,
                paused: false,
                thinking: None,
                analysis: None,
                solving: None,
                limits: None,
            },
        };
        let mode = ModeMessage {
            analysis: self.analysis.as_ref().map(|a| a.engine.name.clone()),
            solving: self.puzzle.as_ref().map(|p| p.engine.name.clone()),
            ..mode
        };
        GameState {
            variant: self.game.variant().to_string(),
            rules: self.game.rules.settings.clone(),
            start_fen: self.game.start_fen.clone(),
            root_fen: self.game.root_fen(),
            moves: self.game.moves.clone(),
            comments: self.game.comments.clone(),
            cursor: self.game.cursor,
            fen: pos.fen(),
            side: seat_text(pos.side_to_move()),
            puzzle: pos.is_puzzle(),
            reach: self
                .game
                .variant()
                .starts_with("rushhour")
                .then(|| reach(&self.game.rules, pos.as_ref())),
            legal,
            outcome,
            forfeit,
            mode,
            clocks: self.duel.as_ref().and_then(|d| d.clocks_message()),
        }
    }
}
