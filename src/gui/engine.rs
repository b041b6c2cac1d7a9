//! A tab's engine process, driven on a blocking thread through `client::process` and bridged
//! to the tab's tokio task by channels.

use super::pool::Pool;
use crate::client::process::{
    Direction, EngineInput, EngineKiller, EngineProcess, Fault, Reply, Tap, Watch,
};
use crate::protocol::command::{Command, GoParams};
use crate::referee::spec::EngineSpec;
use crossbeam_channel::{Receiver, Sender, unbounded};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use tokio::sync::mpsc::UnboundedSender;

/// Engines run this much below the server's priority: however many search, the server and
/// the browser keep answering the person.
const NICENESS: i32 = 10;

/// How to set an engine up for a game.
#[derive(Clone, Debug)]
pub struct Setup {
    /// The engine.
    pub spec: EngineSpec,
    /// The variant, sent as `UCI_Variant` when the engine has that option.
    pub variant: String,
    /// Rule options and engine options, sent with `setoption` in this order.
    pub options: Vec<(String, String)>,
}

/// A search for the engine to run.
#[derive(Clone, Debug, Default)]
pub struct Think {
    /// Commands sent first (`setoption ...` between the searches of a comparison).
    pub prelude: Vec<Command>,
    /// Send `ucinewgame` (`uginewgame`) after the prelude.
    pub new_game: bool,
    /// `position ...`.
    pub position: Command,
    /// The `go`, written in the engine's dialect.
    pub go: GoParams,
    /// Longest wait for `bestmove`.
    pub deadline: Duration,
    /// The tab's own label for this search, given back with its events.
    pub tag: u32,
}

/// What an engine's thread tells its tab.
#[derive(Debug)]
pub struct Event {
    /// The engine handle's id (`EngineHandle::id`).
    pub id: u64,
    /// What happened.
    pub kind: EventKind,
}

/// The kinds of `Event`.
#[derive(Debug)]
pub enum EventKind {
    /// Handshake and setup are done.
    Ready { id_name: Option<String> },
    /// An `info` line of the search `tag`.
    Info { tag: u32, line: String },
    /// The search `tag` ended with `bestmove`.
    Done { tag: u32, reply: Reply },
    /// The search `tag` failed; the process is gone.
    Failed { tag: u32, fault: Fault },
    /// The engine could not be set up; the process is gone.
    Dead { message: String },
    /// A line to or from the engine.
    Log { dir: Direction, line: String },
}

enum Job {
    Think { generation: u64, think: Think },
}

/// A running engine of a tab. Dropping it kills the process at once.
pub struct EngineHandle {
    /// Unique in the server; events carry it.
    pub id: u64,
    /// The engine's name (`name=`).
    pub name: String,
    jobs: Sender<Job>,
    input: Option<EngineInput>,
    killer: EngineKiller,
    generation: Arc<AtomicU64>,
}

impl EngineHandle {
    /// Starts the engine and its thread; the setup (handshake, options, `isready`) runs on the
    /// thread and ends with `Ready` or `Dead`.
    pub fn start(
        setup: Setup,
        pool: &Arc<Pool>,
        events: UnboundedSender<Event>,
    ) -> Result<EngineHandle, String> {
        let ticket = pool.admit()?;
        let id = ticket.id;
        let log_events = events.clone();
        let tap: Tap = Arc::new(move |dir, line: &str| {
            let _ = log_events.send(Event {
                id,
                kind: EventKind::Log {
                    dir,
                    line: line.chars().take(2000).collect(),
                },
            });
        });
        let process =
            EngineProcess::spawn_with(&setup.spec.cmd, &setup.spec.args, Some(tap), NICENESS)
                .map_err(|e| format!("{}: {e}", setup.spec.name))?;
        let killer = process.killer();
        ticket.register(killer.clone());
        let input = process.input();
        let (jobs, queue) = unbounded();
        let generation = Arc::new(AtomicU64::new(0));
        let name = setup.spec.name.clone();
        let worker_generation = generation.clone();
        let spawned = std::thread::Builder::new()
            .name(format!("gui-engine-{id}"))
            .spawn(move || {
                let _ticket = ticket;
                run(process, setup, queue, worker_generation, id, events);
            });
        if let Err(e) = spawned {
            killer.kill();
            return Err(format!("cannot start the engine's thread: {e}"));
        }
        Ok(EngineHandle {
            id,
            name,
            jobs,
            input,
            killer,
            generation,
        })
    }

    /// Queues a search; it runs after those before it unless `cancel` is called first.
    pub fn think(&self, think: Think) {
        let generation = self.generation.load(Ordering::SeqCst);
        let _ = self.jobs.send(Job::Think { generation, think });
    }

    /// Drops the queued searches and stops the running one (its `Done` still comes).
    pub fn cancel(&self) {
        self.generation.fetch_add(1, Ordering::SeqCst);
        if let Some(input) = &self.input {
            input.stop();
        }
    }
}

impl Drop for EngineHandle {
    fn drop(&mut self) {
        self.killer.kill();
    }
}

/// The engine's thread: setup, then searches in order.
fn run(
    mut process: EngineProcess,
    setup: Setup,
    queue: Receiver<Job>,
    generation: Arc<AtomicU64>,
    id: u64,
    events: UnboundedSender<Event>,
) {
    let say = |kind| {
        let _ = events.send(Event { id, kind });
    };
    if let Err(message) = prepare(&mut process, &setup) {
        say(EventKind::Dead { message });
        return;
    }
    say(EventKind::Ready {
        id_name: process.id_name.clone(),
    });
    for job in queue {
        let Job::Think {
            generation: wanted,
            think,
        } = job;
        if wanted != generation.load(Ordering::SeqCst) {
            continue;
        }
        for command in &think.prelude {
            process.send(command);
        }
        if think.new_game {
            process.send(&Command::NewGame);
        }
        process.send(&think.position);
        let tag = think.tag;
        let result = process.think_streaming(&think.go, think.deadline, &mut |line| {
            if let Some(line) = line {
                say(EventKind::Info {
                    tag,
                    line: line.to_string(),
                });
            }
            if generation.load(Ordering::SeqCst) == wanted {
                Watch::Continue
            } else {
                Watch::Stop
            }
        });
        match result {
            Ok(reply) => say(EventKind::Done { tag, reply }),
            Err((fault, _)) => {
                say(EventKind::Failed { tag, fault });
                return;
            }
        }
    }
}

/// Handshake, variant, options, new game and `isready`.
fn prepare(process: &mut EngineProcess, setup: &Setup) -> Result<(), String> {
    let name = &setup.spec.name;
    process
        .handshake_in(setup.spec.proto, setup.spec.notation)
        .map_err(|f| format!("{name}: {}", fault_text(&f)))?;
    if let Some(choices) = &process.variants {
        if !choices.contains(&setup.variant) {
            return Err(format!(
                "{name} does not play {} (its variants: {})",
                setup.variant,
                choices.join(" ")
            ));
        }
        process.send(&Command::set_option("UCI_Variant", &setup.variant));
    }
    for (option, value) in setup.spec.options.iter().chain(&setup.options) {
        process.send(&Command::set_option(option, value));
    }
    process.send(&Command::NewGame);
    process
        .sync()
        .map_err(|f| format!("{name}: {}", fault_text(&f)))
}

/// A fault in words.
pub fn fault_text(fault: &Fault) -> String {
    match fault {
        Fault::Crash(text) => format!("crashed: {text}"),
        Fault::Stalled(text) if text.is_empty() => "did not answer in time".to_string(),
        Fault::Stalled(text) => format!("stalled: {text}"),
        Fault::Protocol(text) => format!("protocol error: {text}"),
        Fault::Interrupted => "interrupted".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::client::fsf::Notation;
    use crate::protocol::command::PositionStart;
    use crate::referee::spec::MoveLimits;

    #[test]
    fn a_fairy_stockfish_engine_plays_the_page_s_board_in_sente_s_moves() {
        let script = format!("{}/tests/engines/fake_fsf.sh", env!("CARGO_MANIFEST_DIR"));
        let spec = EngineSpec {
            name: "fsf".to_string(),
            cmd: "sh".to_string(),
            args: vec![script],
            proto: None,
            notation: Notation::Auto,
            options: Vec::new(),
            limits: MoveLimits::default(),
        };
        let setup = Setup {
            spec,
            variant: "connect4".to_string(),
            options: vec![
                ("Connect4Width".to_string(), "8".to_string()),
                ("Connect4Height".to_string(), "7".to_string()),
            ],
        };
        let (sender, mut events) = tokio::sync::mpsc::unbounded_channel();
        let pool = Pool::new(2);
        let handle = EngineHandle::start(setup, &pool, sender).unwrap();
        handle.think(Think {
            position: Command::Position {
                start: PositionStart::Startpos,
                moves: vec!["4".to_string()],
            },
            go: GoParams {
                depth: Some(1),
                ..GoParams::default()
            },
            deadline: Duration::from_secs(10),
            tag: 7,
            ..Think::default()
        });
        let (mut infos, mut logs) = (Vec::new(), Vec::new());
        let reply = loop {
            let event = events.blocking_recv().expect("the engine's events");
            match event.kind {
                EventKind::Info { line, .. } => infos.push(line),
                EventKind::Log { line, .. } => logs.push(line),
                EventKind::Done { tag: 7, reply } => break reply,
                EventKind::Dead { message } => panic!("{message}"),
                EventKind::Failed { fault, .. } => panic!("{fault:?}"),
                _ => {}
            }
        };
        // Column d holds one stone: the centre drop is d2, column 4 for the page.
        assert_eq!(reply.mv.as_deref(), Some("4"));
        assert!(infos.iter().any(|l| l.ends_with(" pv 4")), "{infos:?}");
        assert!(
            logs.iter().any(|l| l == "position startpos moves P@d1"),
            "{logs:?}"
        );
        assert!(
            logs.iter()
                .any(|l| l == "setoption name UCI_Variant value sente-connect4-8x7"),
            "{logs:?}"
        );
    }
}
