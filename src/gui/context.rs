//! The narrow interface between a tab and its modes: a mode gets a `Context` (the tab's game,
//! its engine launcher and a sink for what goes to the page) with each call, and implements
//! `Mode` so that the tab can route its engines' events to it. A mode never sees the tab or
//! another mode.

use super::catalog::Engine;
use super::engine::{EngineHandle, Event, Setup};
use super::launcher::Launcher;
use super::live::{Asked, Viewer};
use super::tab_game::TabGame;
use super::wire::{InfoMessage, ServerMessage};
use crate::protocol::info::read_info;

/// What a mode sends the tab's way.
#[derive(Debug)]
pub enum Outgoing {
    /// A message for the page.
    Message(ServerMessage),
    /// The tab's whole state is to be sent here.
    State,
    /// The viewed position changed: the tab's analysis follows it, then the state is sent.
    PositionChanged,
}

/// What a mode may touch during one call.
pub struct Context<'a> {
    /// The tab's game.
    pub game: &'a mut TabGame,
    /// The tab's way to its engines.
    pub engines: &'a Launcher,
    out: &'a mut Vec<Outgoing>,
}

impl<'a> Context<'a> {
    /// A context over `game` and `engines`, collecting into `out`.
    pub fn new(
        game: &'a mut TabGame,
        engines: &'a Launcher,
        out: &'a mut Vec<Outgoing>,
    ) -> Context<'a> {
        Context { game, engines, out }
    }

    /// Queues a message for the page.
    pub fn send(&mut self, message: ServerMessage) {
        self.out.push(Outgoing::Message(message));
    }

    /// Queues an error for the page (a refused message).
    pub fn error(&mut self, message: impl Into<String>) {
        self.send(ServerMessage::Error {
            message: message.into(),
        });
    }

    /// Queues a notice for the page.
    pub fn notice(&mut self, level: &'static str, message: impl Into<String>) {
        self.send(ServerMessage::Notice {
            level,
            message: message.into(),
        });
    }

    /// Queues the tab's whole state.
    pub fn send_state(&mut self) {
        self.out.push(Outgoing::State);
    }

    /// Says the viewed position changed (the analysis follows, the state is sent).
    pub fn position_changed(&mut self) {
        self.out.push(Outgoing::PositionChanged);
    }

    /// Sends an `info` line read into fields.
    pub fn send_info(&mut self, source: &str, engine: &str, fen: &str, line: &str) {
        let mut info = InfoMessage::from(read_info(line));
        info.source = source.to_string();
        info.engine = engine.to_string();
        info.fen = fen.to_string();
        self.send(ServerMessage::Info(Box::new(info)));
    }

    /// Why `viewer` may not show its values of the position `fen` of the tab's variant and
    /// rules: a game against it goes on in another tab that has this position.
    pub fn refusal(&self, viewer: Viewer, fen: &str) -> Option<String> {
        self.engines.refusal(
            viewer,
            Asked::Values,
            self.game.variant(),
            &self.game.rules.settings,
            fen,
        )
    }

    /// The engine called `name`, if the server has it and it plays the current variant; else
    /// the page is told why.
    pub fn engine(&mut self, name: &str) -> Option<Engine> {
        match self.engines.playing(name, self.game.variant()) {
            Ok(engine) => Some(engine),
            Err(message) => {
                self.error(message);
                None
            }
        }
    }

    /// Starts the engine called `name` on the current variant with the game's rules and the
    /// options the page set for it; a missing engine or a failed start is reported to the
    /// page (and `None` returned).
    pub fn start_engine(&mut self, name: &str) -> Option<EngineHandle> {
        let engine = self.engine(name)?;
        let mut options = self.game.rules.settings.clone();
        options.extend(self.engines.page_options(name));
        let setup = Setup {
            options,
            spec: engine.spec.clone(),
            variant: self.game.variant().to_string(),
        };
        match self.engines.launch(setup) {
            Ok(handle) => Some(handle),
            Err(e) => {
                self.notice("error", e);
                self.send_state();
                None
            }
        }
    }
}

/// A mode of a tab (a game with engines, analysis, a puzzle's solution, the search tree, a
/// comparison): it owns its engines and hears their events.
pub trait Mode {
    /// True when the engine `id` is one of the mode's.
    fn owns(&self, id: u64) -> bool;

    /// The name shown in the raw-protocol pane for the engine `id`, if it is the mode's.
    fn label(&self, id: u64) -> Option<String>;

    /// An event of one of the mode's engines.
    fn on_event(&mut self, ctx: &mut Context, event: Event);

    /// Every tick (25 ms): clocks, held lines, progress.
    fn on_tick(&mut self, _ctx: &mut Context) {}
}

/// A mode that runs in this process and owns no engine (the review, a move tried in a lesson):
/// it only ticks, to pass on what its thread found.
pub trait InProcessMode {
    /// Every tick (25 ms): what its thread reported since the last one.
    fn on_tick(&mut self, ctx: &mut Context);
}

/// An in-process mode owns no engine and hears no engine's event.
impl<T: InProcessMode> Mode for T {
    fn owns(&self, _id: u64) -> bool {
        false
    }

    fn label(&self, _id: u64) -> Option<String> {
        None
    }

    fn on_event(&mut self, _ctx: &mut Context, _event: Event) {}

    fn on_tick(&mut self, ctx: &mut Context) {
        InProcessMode::on_tick(self, ctx);
    }
}
