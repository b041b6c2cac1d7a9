//! One browser tab's session, on top of the modes: its game, its modes (a game with engines,
//! analysis, a puzzle's solution, the search tree, a comparison) and its engines. Messages
//! from the page and events from the engines come in and are dispatched to the modes;
//! messages for the page go out (collected in an outbox that the socket loop sends).

use super::analysis::Analysis;
use super::compare::Compare;
use super::context::{Context, Mode, Outgoing};
use super::engine::{Event, EventKind};
use super::launcher::{Launcher, Shared};
use super::live::{Asked, LiveGame, Viewer};
use super::play::{self, Match, Play};
use super::puzzle::Puzzle;
use super::review::Review;
use super::review_try::ReviewTry;
use super::search_tree::SearchTree;
use super::tab_game::{TabGame, reach, seat_text};
use super::wire::{self, ClientMessage, GameState, ModeMessage, ServerMessage};
use crate::client::process::Direction;
use std::sync::Arc;
use std::time::Instant;
use tokio::sync::mpsc::UnboundedSender;

/// Raw-protocol lines a tab forwards per second; the rest are counted, not shown.
const LOG_LINES_PER_SECOND: u32 = 400;
/// The opponent's raw-protocol lines held back during a game against it (the page keeps as
/// many); older ones are counted, not kept.
const HELD_LINES: usize = 800;

/// An opponent's raw-protocol lines held back during a game against it.
struct Held {
    /// Its name (`sente`).
    name: String,
    /// Its label in the raw-protocol pane (`sente (p2)`).
    label: String,
    /// The lines (direction and text), the latest `HELD_LINES`.
    lines: Vec<(Direction, String)>,
    /// How many older lines were dropped.
    dropped: usize,
}

/// The modes of a tab, each on its own.
#[derive(Default)]
struct Modes {
    /// The game against an engine, or between engines.
    play: Play,
    /// The analysing engine and the column values.
    analysis: Analysis,
    /// The puzzle being solved.
    puzzle: Puzzle,
    /// The tree view's traced search.
    search_tree: SearchTree,
    /// The comparison view's runs.
    compare: Compare,
    /// The review of the game.
    review: Review,
    /// The move tried at a position of the game (learning, a puzzle), being judged.
    review_try: ReviewTry,
}

impl Modes {
    /// Every mode, in the order events are offered to them.
    fn all(&mut self) -> [&mut dyn Mode; 7] {
        [
            &mut self.play,
            &mut self.analysis,
            &mut self.puzzle,
            &mut self.search_tree,
            &mut self.compare,
            &mut self.review,
            &mut self.review_try,
        ]
    }
}

/// A tab's session.
pub struct Tab {
    engines: Launcher,
    outbox: Vec<ServerMessage>,
    game: TabGame,
    modes: Modes,
    log_window: (Instant, u32, u32),
    /// The opponent's raw-protocol lines during a game against it, sent when it ends.
    held: Option<Held>,
}

impl Tab {
    /// A new tab, playing the default variant.
    pub fn new(shared: Arc<Shared>, events: UnboundedSender<Event>) -> Tab {
        let game = match TabGame::new(
            crate::variants::registry::DEFAULT_VARIANT,
            &[],
            None,
            Vec::new(),
        ) {
            Ok(game) => game,
            Err(e) => unreachable!("the default variant does not start: {e}"),
        };
        Tab {
            engines: Launcher::new(shared, events),
            outbox: Vec::new(),
            game,
            modes: Modes::default(),
            log_window: (Instant::now(), 0, 0),
            held: None,
        }
    }

    /// The messages to send now (with the opponent's lines held back during a game against
    /// it, once the game is over).
    pub fn take_outbox(&mut self) -> Vec<ServerMessage> {
        if self.held.is_some() && self.opponent_in_game().is_none() {
            self.release_held();
        }
        std::mem::take(&mut self.outbox)
    }

    /// The engine a person plays against while the game goes on: nothing of its thinking
    /// (its `info` and protocol lines, its comments on its moves, its trace or comparison of
    /// the game's positions) reaches the page until the game ends.
    fn opponent_in_game(&self) -> Option<(u64, &str)> {
        self.modes
            .play
            .duel()
            .and_then(|duel| duel.opponent_in_game(&self.game))
            .map(|engine| (engine.id, engine.name.as_str()))
    }

    /// Sends the opponent's lines held back during the game, after a note saying so.
    fn release_held(&mut self) {
        let Some(Held {
            name,
            label,
            lines,
            dropped,
        }) = self.held.take()
        else {
            return;
        };
        let mut note = format!("{name}'s lines, held back while you played it:");
        if dropped > 0 {
            note.push_str(&format!(" ({dropped} earlier lines not kept)"));
        }
        self.outbox.push(ServerMessage::Log {
            engine: "server".to_string(),
            dir: "note",
            line: note,
        });
        for (dir, line) in lines {
            self.outbox.push(ServerMessage::Log {
                engine: label.clone(),
                dir: direction_word(dir),
                line,
            });
        }
    }

    /// Queues a message for the page.
    fn send(&mut self, message: ServerMessage) {
        self.outbox.push(message);
    }

    /// Queues an error for the page (a refused message).
    pub fn error(&mut self, message: impl Into<String>) {
        self.send(ServerMessage::Error {
            message: message.into(),
        });
    }

    /// Queues a notice for the page.
    fn notice(&mut self, level: &'static str, message: impl Into<String>) {
        self.send(ServerMessage::Notice {
            level,
            message: message.into(),
        });
    }

    /// Runs `call` on the modes with a context over the game and the engines, then sends what
    /// it queued (the state where it asked for it).
    fn with_modes<R>(&mut self, call: impl FnOnce(&mut Modes, &mut Context) -> R) -> R {
        let mut out = Vec::new();
        let result = {
            let mut ctx = Context::new(&mut self.game, &self.engines, &mut out);
            call(&mut self.modes, &mut ctx)
        };
        for item in out {
            match item {
                Outgoing::Message(message) => self.send(message),
                Outgoing::State => self.send_state(),
                Outgoing::PositionChanged => self.position_changed(),
            }
        }
        result
    }

    /// The first messages of a socket.
    pub fn welcome(&mut self, session: &str, resumed: bool) {
        let shared = self.engines.shared();
        let message = ServerMessage::Welcome {
            version: env!("CARGO_PKG_VERSION").to_string(),
            engines: shared.engines.iter().map(|e| e.entry.clone()).collect(),
            variants: shared.variants.clone(),
            max_message_bytes: wire::MAX_MESSAGE_BYTES,
            session: session.to_string(),
            resumed,
        };
        self.send(message);
        self.send_state();
    }

    /// True while a game with engines goes on: the tab outlives its socket for a while, so
    /// that a reload finds it.
    pub fn keeps_a_game(&self) -> bool {
        self.modes.play.duel().is_some()
    }

    /// A text message from the page.
    pub fn on_text(&mut self, text: &str) {
        let start = Instant::now();
        match wire::parse(text) {
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
            } => match TabGame::new_partial(&variant, &rules, fen, moves) {
                Ok((mut game, refused)) => {
                    if let Some(ply) = cursor {
                        game.goto(ply);
                    }
                    self.replace_game(game);
                    if let Some(refused) = refused {
                        self.error(format!("new game: {refused}; the game stops before it"));
                    }
                }
                Err(e) => self.error(format!("new game: {e}")),
            },
            ClientMessage::Setup { text } => match self.game.setup(&text) {
                Ok(game) => self.replace_game(game),
                Err(e) => self.error(format!("position: {e}")),
            },
            ClientMessage::LoadRecord { text } => match TabGame::from_record(&text) {
                Ok(game) => {
                    self.replace_game(game);
                    self.show_saved_review(&text);
                }
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
            } => {
                if let Some(message) = self.viewed_refused(std::slice::from_ref(&engine)) {
                    self.error(format!("play: {message}"));
                    return;
                }
                self.start_match(|play, ctx| play.start_play(ctx, &engine, &human, &limits))
            }
            ClientMessage::StartWatch { engines, limits } => {
                if let Some(message) = self.viewed_refused(&engines) {
                    self.error(format!("watch: {message}"));
                    return;
                }
                self.start_match(|play, ctx| play.start_watch(ctx, &engines, &limits))
            }
            ClientMessage::Resign {} => self.with_modes(|m, ctx| m.play.resign(ctx)),
            ClientMessage::OfferDraw {} => self.with_modes(|m, ctx| m.play.offer_draw(ctx)),
            ClientMessage::Abort {} => self.with_modes(|m, ctx| m.play.abort(ctx)),
            ClientMessage::Pause {} => self.with_modes(|m, ctx| m.play.pause(ctx, true)),
            ClientMessage::Resume {} => self.with_modes(|m, ctx| m.play.pause(ctx, false)),
            ClientMessage::StopGame {} => {
                if self.modes.play.stop() {
                    self.notice("info", "game stopped; both sides are now played by hand");
                }
                self.send_state();
            }
            ClientMessage::Hint {} => {
                if self.modes.play.duel().is_some() {
                    self.with_modes(|m, ctx| m.play.hint(ctx));
                } else {
                    self.with_modes(|m, ctx| m.puzzle.hint_free(ctx));
                }
            }
            ClientMessage::Analyse { engine } => self.start_analysis(&engine),
            ClientMessage::StopAnalysis {} => {
                self.modes.analysis.stop();
                self.send_state();
            }
            ClientMessage::Solve { engine } => {
                if self.modes.play.duel().is_some() {
                    self.error("stop the game first");
                    return;
                }
                self.with_modes(|m, ctx| m.puzzle.solve(ctx, &engine));
            }
            ClientMessage::EngineOptions { engine, values } => self.set_options(&engine, values),
            ClientMessage::Trace(request) => {
                if let Some(message) = self.guarded(&request.engine, request.position()) {
                    self.send(ServerMessage::TraceFailed { message });
                    return;
                }
                self.with_modes(|m, ctx| m.search_tree.start(ctx, request))
            }
            ClientMessage::StopTrace {} => self.with_modes(|m, ctx| m.search_tree.stop(ctx)),
            ClientMessage::Compare(request) => {
                if let Some(message) = self.guarded(&request.engine, request.position()) {
                    self.send(ServerMessage::CompareFailed { message });
                    return;
                }
                self.with_modes(|m, ctx| m.compare.start(ctx, request))
            }
            ClientMessage::StopCompare {} => self.with_modes(|m, ctx| m.compare.stop(ctx)),
            ClientMessage::Review(request) => {
                if let Some(message) = self.game_goes_on() {
                    self.send(ServerMessage::ReviewFailed {
                        message,
                        cancelled: false,
                    });
                    return;
                }
                self.with_modes(|m, ctx| m.review.start(ctx, &request))
            }
            ClientMessage::StopReview {} => self.with_modes(|m, ctx| m.review.stop(ctx)),
            ClientMessage::ReviewTry(request) => {
                if let Some(message) = self.game_goes_on() {
                    self.send(ServerMessage::ReviewTryFailed {
                        ply: request.ply,
                        mv: request.mv,
                        message,
                    });
                    return;
                }
                self.with_modes(|m, ctx| m.review_try.start(ctx, &request))
            }
        }
    }

    /// An event from one of the tab's engines (events of engines the tab dropped are
    /// ignored).
    pub fn on_event(&mut self, event: Event) {
        if let EventKind::Log { dir, line } = &event.kind {
            let opponent = self
                .opponent_in_game()
                .map(|(id, name)| (id, name.to_string()));
            if let Some((id, name)) = opponent
                && id == event.id
            {
                let label = self.engine_label(id).unwrap_or_else(|| name.clone());
                self.hold(name, label, *dir, line.clone());
                return;
            }
            if let Some(name) = self.engine_label(event.id) {
                self.log(name, *dir, line.clone());
            }
            return;
        }
        self.with_modes(|modes, ctx| {
            if let Some(mode) = modes.all().into_iter().find(|m| m.owns(event.id)) {
                mode.on_event(ctx, event);
            }
        });
    }

    /// Every tick (25 ms): clocks, held analysis lines, the raw-protocol lines not shown.
    pub fn on_tick(&mut self) {
        self.with_modes(|modes, ctx| {
            for mode in modes.all() {
                mode.on_tick(ctx);
            }
        });
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
            dir: direction_word(dir),
            line,
        });
    }

    /// Keeps a line of the opponent's until the game ends (the latest `HELD_LINES`).
    fn hold(&mut self, name: String, label: String, dir: Direction, line: String) {
        let held = self.held.get_or_insert_with(|| Held {
            name,
            label,
            lines: Vec::new(),
            dropped: 0,
        });
        if held.lines.len() == HELD_LINES {
            held.lines.remove(0);
            held.dropped += 1;
        }
        held.lines.push((dir, line));
    }

    /// Why the game may not be reviewed yet: a game with engines goes on (its review would
    /// show the opponent's view of it, or judge a game not played out).
    fn game_goes_on(&self) -> Option<String> {
        let duel = self.modes.play.duel()?;
        if duel.over(&self.game) {
            return None;
        }
        Some(match duel.opponent() {
            Some(opponent) => format!(
                "review: your game against {opponent} goes on; review it once it ends (resign, \
                 offer a draw, or play it out)"
            ),
            None => "review: the game between engines goes on; review it once it ends, or stop \
                     it first"
                .to_string(),
        })
    }

    /// Why the tree or the comparison may not search this position with `engine`: it is the
    /// opponent of a game against a person that goes on (here or in another tab), and the
    /// position is one of the game's. Any other position, or another engine, is free.
    fn guarded(&self, engine: &str, position: wire::PositionRef) -> Option<String> {
        let asked = TabGame::requested(position).ok()?;
        let elsewhere = self.engines.refusal(
            Viewer::Engine(engine),
            Asked::Values,
            asked.variant(),
            &asked.rules.settings,
            &asked.viewed().fen(),
        );
        if elsewhere.is_some() {
            return elsewhere;
        }
        let (_, opponent) = self.opponent_in_game()?;
        if opponent != engine {
            return None;
        }
        if asked.variant() != self.game.variant()
            || asked.rules.settings != self.game.rules.settings
        {
            return None;
        }
        let fen = asked.viewed().fen();
        let ply =
            (0..=self.game.moves.len()).find(|&ply| self.game.position_at(ply).fen() == fen)?;
        let which = if ply == self.game.moves.len() {
            "the game's position".to_string()
        } else {
            format!("the game's position after {ply} moves")
        };
        Some(format!(
            "{engine} is your opponent: it cannot show its view of {which} while the game goes on; \
             pick another position or another engine, or wait for the game to end"
        ))
    }

    /// Why one of `engines` may not play from the viewed position: a game against it goes on
    /// in another tab that has this position (its moves from here are its view of it).
    fn viewed_refused(&self, engines: &[String]) -> Option<String> {
        let fen = self.game.viewed().fen();
        engines.iter().find_map(|name| {
            self.engines.refusal(
                Viewer::Engine(name),
                Asked::Game,
                self.game.variant(),
                &self.game.rules.settings,
                &fen,
            )
        })
    }

    /// The name shown in the raw-protocol pane for the engine `id`.
    fn engine_label(&mut self, id: u64) -> Option<String> {
        self.modes.all().into_iter().find_map(|m| m.label(id))
    }

    /// A new game replaces the old one: modes end, analysis follows.
    fn replace_game(&mut self, game: TabGame) {
        self.modes.play.stop();
        self.modes.puzzle.stop();
        let variant_changed = game.variant() != self.game.variant()
            || game.rules.settings != self.game.rules.settings;
        self.game = game;
        if variant_changed {
            // The analysing engine plays the old rules.
            if let Some(name) = self.modes.analysis.engine_name().map(str::to_string) {
                self.modes.analysis.stop();
                self.start_analysis(&name);
                return;
            }
        }
        self.position_changed();
    }

    /// After the viewed position changed.
    fn position_changed(&mut self) {
        self.with_modes(|m, ctx| m.analysis.follow(ctx));
        self.send_state();
    }

    fn person_plays(&mut self, moves: &[String]) {
        if self.modes.play.duel().is_some() {
            self.with_modes(|m, ctx| m.play.person_plays(ctx, moves));
            return;
        }
        self.modes.puzzle.stop();
        match self.game.play_at_cursor(moves, "") {
            Ok(()) => self.position_changed(),
            Err(e) => {
                self.error(e);
                self.send_state();
            }
        }
    }

    fn undo(&mut self) {
        if self.modes.play.duel().is_some() {
            self.with_modes(|m, ctx| m.play.undo(ctx));
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

    /// A game with engines from the viewed position: every other mode of the game ends.
    fn start_match(&mut self, start: impl FnOnce(&mut Play, &mut Context)) {
        if let Some(refusal) = play::refusal(&self.game) {
            self.error(refusal);
            return;
        }
        self.modes.play.stop();
        self.modes.analysis.stop();
        self.modes.puzzle.stop();
        self.with_modes(|m, ctx| start(&mut m.play, ctx));
    }

    fn start_analysis(&mut self, name: &str) {
        // Against an engine, the person may knowingly ask another engine; between engines,
        // and of the opponent itself, analysis waits for the game to end.
        if let Some(duel) = self.modes.play.duel() {
            match duel.opponent() {
                None => {
                    self.error("stop the game to analyse");
                    return;
                }
                Some(opponent) if opponent == name => {
                    let message = format!(
                        "{name} is your opponent: it cannot analyse the game it plays; \
                         ask another engine, or wait for the game to end"
                    );
                    self.error(message);
                    return;
                }
                Some(_) => {}
            }
        }
        let fen = self.game.viewed().fen();
        let refused = self.engines.refusal(
            Viewer::Engine(name),
            Asked::Values,
            self.game.variant(),
            &self.game.rules.settings,
            &fen,
        );
        if let Some(message) = refused {
            self.error(format!("analysis: {message}"));
            return;
        }
        self.with_modes(|m, ctx| m.analysis.start(ctx, name));
    }

    fn set_options(&mut self, engine: &str, values: Vec<(String, String)>) {
        let count = match self.engines.set_options(engine, values) {
            Ok(count) => count,
            Err(e) => {
                self.error(e);
                return;
            }
        };
        self.notice(
            "info",
            format!("{count} option(s) of {engine} set for the engines this tab starts"),
        );
        // A running analysis restarts with them.
        if self.modes.analysis.engine_name() == Some(engine) {
            self.with_modes(|m, ctx| m.analysis.restart(ctx, engine));
        }
    }

    /// The game in the record format (without the opponent's comments on its moves while the
    /// game against it goes on).
    fn record_text(&self) -> String {
        let players = self.players();
        let duel = self.modes.play.duel();
        let limits = duel.map(|d| d.limits().to_string());
        let ended = duel.and_then(Match::ended);
        let ended = ended
            .as_ref()
            .map(|(end, t)| (end, t.map_or("", |t| t.as_str())));
        if self.opponent_in_game().is_some() {
            let mut game = self.game.clone();
            game.comments.iter_mut().for_each(String::clear);
            return game.to_record(&players, limits.as_deref(), ended, None);
        }
        let review = self.modes.review.of_game(&self.game);
        self.game
            .to_record(&players, limits.as_deref(), ended, review)
    }

    /// The review saved in the record `text` of the game just loaded, shown without computing
    /// it (a record without one shows none); a malformed one is named in an error.
    fn show_saved_review(&mut self, text: &str) {
        match crate::review::saved::read(text, 1) {
            Ok(Some(review)) => self.with_modes(|m, ctx| m.review.show_saved(ctx, review)),
            Ok(None) => {}
            Err(e) => self.error(format!("record: its saved review is not read: {e}")),
        }
    }

    /// Who plays p1 and p2.
    fn players(&self) -> [String; 2] {
        match self.modes.play.duel() {
            Some(duel) => duel.names.clone(),
            None => ["person".to_string(), "person".to_string()],
        }
    }

    /// Sends the whole state (and tells the server whether a game against a person goes on
    /// here, with its positions).
    fn send_state(&mut self) {
        self.publish_live();
        let state = self.state();
        self.send(ServerMessage::State(Box::new(state)));
    }

    /// This tab's game against a person, while it goes on, in the server's live games: no other
    /// tab gets its opponent's view of the game's positions meanwhile.
    fn publish_live(&self) {
        let live = self.opponent_in_game().map(|(_, name)| LiveGame {
            engine: name.to_string(),
            this_sente: self.engines.is_this_sente(name),
            variant: self.game.variant().to_string(),
            rules: self.game.rules.settings.clone(),
            start: self.game.position_at(0).fen(),
            fens: (self.game.moves.len().min(1)..=self.game.moves.len())
                .map(|ply| self.game.position_at(ply).fen())
                .collect(),
        });
        self.engines.publish(live);
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
        let duel = self.modes.play.duel();
        let ended = duel
            .and_then(Match::ended)
            .filter(|_| at_end)
            .map(|(end, _)| end);
        let mode = match duel {
            Some(duel) => duel.mode_message(&self.game),
            None => ModeMessage {
                kind: "free",
                players: self.players(),
                human: None,
                paused: false,
                thinking: None,
                analysis: None,
                solving: None,
                limits: None,
                abortable: false,
                draw_offer: None,
                over: false,
                draw_offer_from: None,
            },
        };
        let mode = ModeMessage {
            analysis: self.modes.analysis.engine_name().map(str::to_string),
            solving: self.modes.puzzle.solving().map(str::to_string),
            ..mode
        };
        // The opponent's comments on its moves (its score) wait for the end of the game.
        let comments = if self.opponent_in_game().is_some() {
            vec![String::new(); self.game.comments.len()]
        } else {
            self.game.comments.clone()
        };
        GameState {
            variant: self.game.variant().to_string(),
            rules: self.game.rules.settings.clone(),
            start_fen: self.game.start_fen.clone(),
            root_fen: self.game.root_fen(),
            moves: self.game.moves.clone(),
            comments,
            cursor: self.game.cursor,
            fen: pos.fen(),
            side: seat_text(pos.side_to_move()),
            puzzle: pos.is_puzzle(),
            reach: Some(reach(&self.game.rules, pos.as_ref())).filter(|r| !r.is_empty()),
            legal,
            outcome,
            ended,
            mode,
            clocks: duel.and_then(|d| d.clocks_message()),
        }
    }
}

/// `to` or `from`, for the raw-protocol pane.
fn direction_word(dir: Direction) -> &'static str {
    match dir {
        Direction::ToEngine => "to",
        Direction::FromEngine => "from",
    }
}
