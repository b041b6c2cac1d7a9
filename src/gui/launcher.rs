//! How a tab starts engines: the server's engines, process pool and solver (shared by every
//! tab), the tab's event channel, and the engine options the page set for this tab.

use super::catalog::{Engine, check_value};
use super::engine::{EngineHandle, Event, Setup};
use super::live::{Asked, LiveGame, LiveGames, Viewer};
use super::pool::Pool;
use super::review_queue::ReviewQueue;
use super::wire::{VariantEntry, clip};
use crate::engine::options::Options;
use crate::referee::spec::EngineSpec;
use std::collections::HashMap;
use std::sync::Arc;
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
    /// Grace beyond a clock or move time before an engine of a game loses on time, in ms.
    pub time_margin_ms: u64,
    /// The reviews running and waiting, server-wide.
    pub reviews: Arc<ReviewQueue>,
    /// The games against a person that go on, in every tab.
    pub live: LiveGames,
}

/// A tab's way to its engines.
pub struct Launcher {
    shared: Arc<Shared>,
    /// The tab's id among the server's live games.
    tab: u64,
    events: UnboundedSender<Event>,
    /// Engine options the page set, per engine name.
    options: HashMap<String, Vec<(String, String)>>,
}

impl Drop for Launcher {
    /// A tab gone has no live game.
    fn drop(&mut self) {
        self.shared.live.set(self.tab, None);
    }
}

impl Launcher {
    /// The launcher of a tab whose engines report on `events`.
    pub fn new(shared: Arc<Shared>, events: UnboundedSender<Event>) -> Launcher {
        let tab = shared.live.tab_id();
        Launcher {
            shared,
            tab,
            events,
            options: HashMap::new(),
        }
    }

    /// What the server offers every tab.
    pub fn shared(&self) -> &Shared {
        &self.shared
    }

    /// Sets (or clears, with `None`) this tab's live game against a person.
    pub fn publish(&self, game: Option<LiveGame>) {
        self.shared.live.set(self.tab, game);
    }

    /// Why `viewer` may not show its values of the position `fen` of `variant` under `rules`
    /// here: a game against it goes on in another tab that has this position.
    pub fn refusal(
        &self,
        viewer: Viewer,
        asked: Asked,
        variant: &str,
        rules: &[(String, String)],
        fen: &str,
    ) -> Option<String> {
        self.shared
            .live
            .refusal(self.tab, viewer, asked, variant, rules, fen)
    }

    /// True when `engine` runs this sente's program (its view is that of sente's solvers).
    pub fn is_this_sente(&self, engine: &str) -> bool {
        let solver = &self.shared.solver;
        self.shared.engines.iter().any(|e| {
            e.spec.name == engine && e.spec.cmd == solver.cmd && e.spec.args == solver.args
        })
    }

    /// Starts an engine process whose events come to this tab.
    pub fn launch(&self, setup: Setup) -> Result<EngineHandle, String> {
        EngineHandle::start(setup, &self.shared.pool, self.events.clone())
    }

    /// The engine called `name`, if the server has it and it plays `variant`.
    pub fn playing(&self, name: &str, variant: &str) -> Result<Engine, String> {
        let found = self.shared.engines.iter().find(|e| e.spec.name == name);
        match found {
            None => Err(format!("no engine '{}' on this server", clip(name))),
            Some(engine) if !engine.plays(variant) => {
                Err(format!("{name} does not play {variant}"))
            }
            Some(engine) => Ok(engine.clone()),
        }
    }

    /// The options the page set for `engine` (never rule options: those are the game's).
    pub fn page_options(&self, engine: &str) -> Vec<(String, String)> {
        self.options.get(engine).cloned().unwrap_or_default()
    }

    /// Keeps `values` as the page's options for `engine`, each checked against the engine's
    /// own `option` lines (rules and the variant are the game's); gives how many were set.
    pub fn set_options(
        &mut self,
        engine: &str,
        values: Vec<(String, String)>,
    ) -> Result<usize, String> {
        let Some(found) = self.shared.engines.iter().find(|e| e.spec.name == engine) else {
            return Err(format!("no engine '{}' on this server", clip(engine)));
        };
        for (name, value) in &values {
            if Options::is_rule_option(name) {
                return Err(format!("{name} is a rule: set it with the game's rules"));
            }
            let Some(spec) = found.option(name) else {
                return Err(format!("{engine} has no option '{}'", clip(name)));
            };
            check_value(spec, value)?;
            if name.eq_ignore_ascii_case("UCI_Variant") {
                return Err("the variant is the game's: start a new game instead".to_string());
            }
        }
        let count = values.len();
        self.options.insert(engine.to_string(), values);
        Ok(count)
    }
}
