//! `sente gui`: a local web server whose page plays and analyses every sente game with any
//! UCI/UGI engine given on the command line. The page's files (`page/`) are built into the
//! binary; each browser tab talks to the server over one WebSocket (see `gui.md`).

// The bottom: the messages between the page and the server.
pub mod wire;
// The middle: what the modes share.
pub mod assets;
pub mod catalog;
pub mod columns;
pub mod context;
pub mod engine;
pub mod launcher;
pub mod live;
pub mod pool;
pub mod review_queue;
pub mod tab_game;
pub mod trace;
// The modes, each on its own.
pub mod analysis;
pub mod compare;
pub mod play;
pub mod puzzle;
pub mod review;
pub mod review_try;
pub mod search_tree;
// The top: a tab dispatching to its modes, and the server.
pub mod server;
pub mod tab;

use crate::referee::spec::{EngineSpec, MoveLimits};
use crate::variants::registry;
use launcher::Shared;
use std::io::Write;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use wire::{EstimateEntry, VariantEntry, WholeGamesEntry};

/// Default bound on engine processes per server.
pub const DEFAULT_MAX_ENGINES: usize = 32;
/// Default grace beyond a clock or move time before an engine of a game loses on time, in ms:
/// more than `sente match` gives, for a machine that is also running a browser and other
/// engines.
pub const DEFAULT_TIME_MARGIN_MS: u64 = 1000;

/// What `sente gui` was asked.
pub struct GuiConfig {
    /// The address to listen on.
    pub host: String,
    /// The port (0: any free one).
    pub port: u16,
    /// The engines (from `--engine`; this sente when none is given).
    pub engines: Vec<EngineSpec>,
    /// At most this many engine processes at once.
    pub max_engines: usize,
    /// Grace beyond a clock or move time before an engine of a game loses on time, in ms.
    pub time_margin_ms: u64,
}

/// `sente gui` arguments.
#[derive(clap::Args)]
pub struct GuiArgs {
    /// The port (0: any free one).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The address to listen on.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// An engine the page may use: `cmd=<program> name=<name> arg=<arg> proto=uci|ugi
    /// notation=auto|sente|fsf option.<Name>=<value>` (default: this sente).
    #[arg(long = "engine", num_args = 1.., value_name = "KEY=VALUE", action = clap::ArgAction::Append)]
    pub engines: Vec<String>,
    /// The `--engine` groups, one per occurrence (main.rs fills them from clap's matches).
    #[arg(skip)]
    pub engine_groups: Vec<Vec<String>>,
    /// At most this many engine processes at once.
    #[arg(long, default_value_t = DEFAULT_MAX_ENGINES)]
    pub max_engines: usize,
    /// Grace in ms beyond a clock or move time before an engine of a game loses on time.
    #[arg(long, value_name = "MS", default_value_t = DEFAULT_TIME_MARGIN_MS)]
    pub time_margin: u64,
}

impl GuiArgs {
    /// The configuration these arguments ask for: the `--engine` groups read (this sente when
    /// there is none).
    pub fn into_config(self) -> Result<GuiConfig, String> {
        // The page sets the limits; a limit given here only satisfies the engine keys' check.
        let engines = if self.engine_groups.is_empty() {
            vec![this_sente("sente")?]
        } else {
            crate::referee::spec::engines(&self.engine_groups, &["st=1".to_string()])?
        };
        Ok(GuiConfig {
            host: self.host,
            port: self.port,
            engines,
            max_engines: self.max_engines,
            time_margin_ms: self.time_margin,
        })
    }
}

/// This sente binary as an engine named `name`.
pub fn this_sente(name: &str) -> Result<EngineSpec, String> {
    let exe = std::env::current_exe().map_err(|e| format!("cannot find this program: {e}"))?;
    Ok(EngineSpec {
        name: name.to_string(),
        cmd: exe.to_string_lossy().into_owned(),
        args: Vec::new(),
        proto: Some(crate::protocol::command::Dialect::Ugi),
        notation: crate::client::fsf::Notation::Sente,
        options: Vec::new(),
        limits: MoveLimits::default(),
    })
}

/// Serves the page until Ctrl-C (or SIGTERM); every engine process is killed on the way out.
pub fn run(config: GuiConfig) -> Result<(), String> {
    let ip: IpAddr = config
        .host
        .parse()
        .map_err(|_| format!("--host takes an IP address, not '{}'", config.host))?;
    if config.max_engines == 0 {
        return Err("--max-engines must be at least 1".to_string());
    }
    let engines = catalog::probe(config.engines);
    for engine in &engines {
        if let Some(e) = &engine.entry.error {
            eprintln!("sente gui: engine {}: {e}", engine.spec.name);
        }
    }
    let shared = Arc::new(Shared {
        engines,
        pool: pool::Pool::new(config.max_engines),
        solver: this_sente("sente solver")?,
        variants: variant_entries(),
        time_margin_ms: config.time_margin_ms,
        reviews: review_queue::ReviewQueue::new(review_queue::MAX_REVIEWS),
        live: live::LiveGames::default(),
    });
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server: {e}"))?;
    let pool = shared.pool.clone();
    let outcome = runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(SocketAddr::new(ip, config.port))
            .await
            .map_err(|e| format!("cannot listen on {}:{}: {e}", config.host, config.port))?;
        let bound = listener
            .local_addr()
            .map_err(|e| format!("no local address: {e}"))?;
        let app = server::App {
            shared,
            hosts: Arc::new(host_names(bound)),
        };
        let shown = match bound.ip() {
            IpAddr::V6(v6) => format!("[{v6}]:{}", bound.port()),
            IpAddr::V4(v4) => format!("{v4}:{}", bound.port()),
        };
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "sente gui: http://{shown}/");
        let _ = out.flush();
        drop(out);
        let serve = axum::serve(listener, server::router(app));
        tokio::select! {
            result = serve => result.map_err(|e| format!("server: {e}")),
            _ = shutdown_signal() => Ok(()),
        }
    });
    pool.kill_all();
    runtime.shutdown_timeout(std::time::Duration::from_millis(500));
    outcome
}

/// Ctrl-C or SIGTERM.
async fn shutdown_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = tokio::signal::ctrl_c() => {}
                    _ = term.recv() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

/// The `Host` values the page may be loaded under; empty when listening on every address.
fn host_names(bound: SocketAddr) -> Vec<String> {
    let port = bound.port();
    match bound.ip() {
        ip if ip.is_unspecified() => Vec::new(),
        IpAddr::V4(v4) if v4.is_loopback() => {
            vec![format!("{v4}:{port}"), format!("localhost:{port}")]
        }
        IpAddr::V6(v6) if v6.is_loopback() => {
            vec![format!("[{v6}]:{port}"), format!("localhost:{port}")]
        }
        IpAddr::V4(v4) => vec![format!("{v4}:{port}")],
        IpAddr::V6(v6) => vec![format!("[{v6}]:{port}")],
    }
}

/// Every variant with its default rules.
fn variant_entries() -> Vec<VariantEntry> {
    registry::entries()
        .filter_map(|entry| {
            let name = entry.name;
            let pos = entry.start(&entry.default_rules()).ok()?;
            Some(VariantEntry {
                name: name.to_string(),
                puzzle: pos.is_puzzle(),
                start_fen: pos.fen(),
                move_values: entry.features.move_values,
                whole_games: entry.features.whole_games.map(WholeGamesEntry::from),
                puzzle_estimate: entry.search.puzzle_estimate().map(|o| EstimateEntry {
                    option: o.name.to_string(),
                    choices: o.kind.choices().iter().map(|c| c.to_string()).collect(),
                }),
                value_unit: entry.value_unit,
            })
        })
        .collect()
}
