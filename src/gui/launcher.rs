//! How a tab starts engines: the server's engines, process pool and solver (shared by every
//! tab), the tab's event channel, and the engine options the page set for this tab.

use super::catalog::{Engine, check_value};
use super::engine::{EngineHandle, Event, Setup};
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
}

/// A tab's way to its engines.
pub struct Launcher {
    shared: Arc<Shared>,
    events: UnboundedSender<Event>,
    /// Engine options the page set, per engine name.
    options: HashMap<String, Vec<(String, String)>>,
}

impl Launcher {
    /// The launcher of a tab whose engines report on `events`.
    pub fn new(shared: Arc<Shared>, events: UnboundedSender<Event>) -> Launcher {
        Launcher {
            shared,
            events,
            options: HashMap::new(),
        }
    }

    /// What the server offers every tab.
    pub fn shared(&self) -> &Shared {
        &self.shared
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
