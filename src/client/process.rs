//! One engine as a child process: its own process group, a reader thread and a writer thread,
//! so that the referee never blocks on a broken engine, and a kill of the whole group when it
//! is dropped.

use super::fsf::{FsfAdapter, Notation, playable};
use super::interrupt;
use crate::protocol::command::{Command, Dialect, GoParams};
use crate::protocol::info::{InfoLine, read_info};
use crate::protocol::line::{InputLine, read_line};
use crate::protocol::option::read_option;
use crate::protocol::parse::parse_command;
use crate::search::score::Reported;
use crossbeam_channel::{Receiver, RecvTimeoutError, Sender, bounded, unbounded};
use std::io::{BufReader, Write};
use std::process::{Child, Command as Program, Stdio};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

/// How long the `ugi` handshake is tried before falling back to `uci`.
pub const UGI_ATTEMPT: Duration = Duration::from_secs(2);
/// How long an engine has to finish its handshake, or to answer `isready`.
pub const SETUP_LIMIT: Duration = Duration::from_secs(10);
/// Lines from an engine waiting to be read (each at most `MAX_LINE_BYTES`, so at most 64 MiB
/// in all); a flooding engine blocks on its own output.
const PENDING_LINES: usize = 64;
/// How often a wait checks for Ctrl-C (and calls a streaming `think`'s watcher).
const POLL: Duration = Duration::from_millis(50);
/// `option` lines kept from a handshake (an engine announcing more has the rest ignored).
const MAX_OPTION_LINES: usize = 256;

/// Which way a line went between sente and an engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// Written to the engine's stdin.
    ToEngine,
    /// Read from the engine's stdout.
    FromEngine,
}

/// Sees every line written to or read from an engine, as it passes (the GUI's raw-protocol
/// pane). Called on the pipe threads: it must not block.
pub type Tap = Arc<dyn Fn(Direction, &str) + Send + Sync>;

/// What a streaming `think`'s watcher wants after seeing a line or a poll tick.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Watch {
    /// Go on waiting for `bestmove`.
    Continue,
    /// Send `stop` (once) and go on waiting for `bestmove`.
    Stop,
}

/// An engine's answer to `go`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reply {
    /// The move (`None` for a bare `bestmove` or `bestmove (none)`).
    pub mv: Option<String>,
    /// Time from `go` to `bestmove`.
    pub taken: Duration,
    /// The last `score`.
    pub score: Option<Reported>,
    /// The last `depth`.
    pub depth: Option<u32>,
}

impl Reply {
    /// Keeps the score and depth of an `info` line, when it gives them.
    fn keep(&mut self, info: &InfoLine) {
        self.depth = info.depth.or(self.depth);
        self.score = info.score.or(self.score);
    }

    /// The record's comment, as cutechess-cli writes it: `+0.12/10 0.052s` (score in
    /// hundredths from the mover's side, `+M3` for a mate, then the depth and the time).
    pub fn comment(&self) -> String {
        let score = match self.score {
            Some(Reported::Mate(n)) => {
                format!("{}M{}", if n < 0 { "-" } else { "+" }, n.unsigned_abs())
            }
            Some(Reported::Centipawns(cp)) => format!(
                "{}{:.2}",
                if cp < 0 { "-" } else { "+" },
                cp.unsigned_abs() as f64 / 100.0
            ),
            None => String::new(),
        };
        let depth = self.depth.map(|d| format!("/{d}")).unwrap_or_default();
        let time = format!("{:.3}s", self.taken.as_secs_f64());
        if score.is_empty() && depth.is_empty() {
            time
        } else {
            format!("{score}{depth} {time}")
        }
    }
}

/// What went wrong with an engine; each kind loses the game with its own termination.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The process exited or closed its output.
    Crash(String),
    /// No answer in time where no clock runs (handshake, `isready`, hard limit).
    Stalled(String),
    /// Output that is not the protocol.
    Protocol(String),
    /// The referee was interrupted (Ctrl-C): nobody loses, the game is dropped.
    Interrupted,
}

/// Why a wait for a line ended without one.
#[derive(Debug)]
enum Wait {
    Deadline,
    /// The engine said it does not know the command (a complaint about `ugi`).
    Refused,
    Closed,
    Interrupted,
}

/// A handle that stops an engine's search from any thread.
#[derive(Clone)]
pub struct EngineInput(Sender<String>);

impl EngineInput {
    /// Sends `stop` (never blocks; the same word in either dialect, and the same through the
    /// Fairy-Stockfish adapter); to an engine that has exited it is dropped.
    pub fn stop(&self) {
        let _ = self.0.send(Command::Stop.line(Dialect::Ugi));
    }
}

/// A handle that kills an engine's process group from any thread, as long as the process has
/// not been reaped (so a reused process id is never hit).
#[derive(Clone)]
pub struct EngineKiller(Arc<Mutex<Option<u32>>>);

impl EngineKiller {
    /// Kills the engine's process group now; its `EngineProcess` then sees a crash.
    pub fn kill(&self) {
        let pid = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(pid) = *pid {
            signal_group(pid);
        }
    }
}

/// A running engine.
pub struct EngineProcess {
    child: Child,
    /// The child's pid until it is reaped (shared with `EngineKiller`s).
    group: Arc<Mutex<Option<u32>>>,
    to_engine: Option<Sender<String>>,
    from_engine: Receiver<InputLine>,
    /// The dialect its handshake used.
    pub dialect: Dialect,
    /// The choices of its `UCI_Variant` option, if it has one.
    pub variants: Option<Vec<String>>,
    /// The name it gave with `id name`.
    pub id_name: Option<String>,
    /// Its `option name ...` lines, as announced (at most `MAX_OPTION_LINES`).
    pub options: Vec<String>,
    /// The translator to Fairy-Stockfish's notation, when the engine speaks it.
    adapter: Option<FsfAdapter>,
}

impl EngineProcess {
    /// Starts the program in its own process group. An error here means it cannot run at all.
    pub fn spawn(cmd: &str, args: &[String]) -> Result<EngineProcess, String> {
        Self::spawn_tapped(cmd, args, None)
    }

    /// `spawn`, with every line to and from the engine shown to `tap` as it passes.
    pub fn spawn_tapped(
        cmd: &str,
        args: &[String],
        tap: Option<Tap>,
    ) -> Result<EngineProcess, String> {
        Self::spawn_with(cmd, args, tap, 0)
    }

    /// `spawn_tapped`, the engine running `niceness` steps below normal priority (0: as
    /// sente), so that a server driving many engines stays responsive.
    pub fn spawn_with(
        cmd: &str,
        args: &[String],
        tap: Option<Tap>,
        niceness: i32,
    ) -> Result<EngineProcess, String> {
        let mut command = Program::new(cmd);
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        own_group(&mut command, niceness);
        let mut child = command
            .spawn()
            .map_err(|e| format!("cannot start '{cmd}': {e}"))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            kill_group(&mut child);
            return Err(format!("'{cmd}' has no pipes"));
        };
        let (to_engine, outgoing) = unbounded::<String>();
        let writer_tap = tap.clone();
        let writer = thread::Builder::new()
            .name("engine-in".into())
            .spawn(move || {
                let mut stdin = stdin;
                for line in outgoing {
                    if let Some(tap) = &writer_tap {
                        tap(Direction::ToEngine, &line);
                    }
                    if writeln!(stdin, "{line}")
                        .and_then(|_| stdin.flush())
                        .is_err()
                    {
                        break;
                    }
                }
            });
        let (incoming, from_engine) = bounded(PENDING_LINES);
        let reader = thread::Builder::new()
            .name("engine-out".into())
            .spawn(move || {
                let mut stdout = BufReader::new(stdout);
                while let Some(line) = read_line(&mut stdout) {
                    if let Some(tap) = &tap {
                        tap(Direction::FromEngine, &shown(&line));
                    }
                    if incoming.send(line).is_err() {
                        break;
                    }
                }
            });
        if writer.is_err() || reader.is_err() {
            kill_group(&mut child);
            return Err("cannot start the engine's pipe threads".to_string());
        }
        Ok(EngineProcess {
            group: Arc::new(Mutex::new(Some(child.id()))),
            child,
            to_engine: Some(to_engine),
            from_engine,
            dialect: Dialect::Ugi,
            variants: None,
            id_name: None,
            options: Vec::new(),
            adapter: None,
        })
    }

    /// A handle stopping the engine's search from another thread.
    pub fn input(&self) -> Option<EngineInput> {
        self.to_engine.clone().map(EngineInput)
    }

    /// A handle killing the engine from another thread.
    pub fn killer(&self) -> EngineKiller {
        EngineKiller(self.group.clone())
    }

    /// Sends one command in sente's notation, written in the engine's dialect (never blocks:
    /// a writer thread feeds the engine); for an engine speaking Fairy-Stockfish's notation,
    /// the adapter translates it first.
    pub fn send(&mut self, command: &Command) {
        let commands = match &mut self.adapter {
            Some(adapter) => adapter.outgoing(command),
            None => vec![command.clone()],
        };
        for command in commands {
            self.send_raw(&command.line(self.dialect));
        }
    }

    /// Sends a line written by someone else's writer (the Python side's), as it is. For an
    /// engine speaking Fairy-Stockfish's notation, a line the protocol parser reads goes
    /// through the adapter as its command; another goes as it is, after the variant's loading.
    pub fn send_text(&mut self, line: &str) {
        match (&mut self.adapter, parse_command(line)) {
            (Some(_), Ok(command)) => self.send(&command),
            (Some(adapter), Err(_)) => {
                for command in adapter.load() {
                    self.send_raw(&command.line(self.dialect));
                }
                self.send_raw(line);
            }
            (None, _) => self.send_raw(line),
        }
    }

    /// Sends one line as it is.
    fn send_raw(&self, line: &str) {
        log::debug!("> {line}");
        if let Some(sink) = &self.to_engine {
            let _ = sink.send(line.to_string());
        }
    }

    /// True when the engine's moves and positions go through the Fairy-Stockfish adapter.
    pub fn speaks_fsf(&self) -> bool {
        self.adapter.is_some()
    }

    /// The adapter's complaint (a variant not loaded, a line it could not translate), if any.
    fn adapter_check(&mut self) -> Result<(), Fault> {
        match &mut self.adapter {
            Some(adapter) => adapter.check().map_err(Fault::Protocol),
            None => Ok(()),
        }
    }

    /// The next line before `deadline`.
    fn next_line(&self, deadline: Instant) -> Result<String, Wait> {
        self.next_line_watched(deadline, &mut || {})
    }

    /// The next line before `deadline`, calling `tick` at every poll without a line.
    fn next_line_watched(&self, deadline: Instant, tick: &mut dyn FnMut()) -> Result<String, Wait> {
        loop {
            if interrupt::raised() {
                return Err(Wait::Interrupted);
            }
            let now = Instant::now();
            if now >= deadline {
                return Err(Wait::Deadline);
            }
            match self.from_engine.recv_timeout((deadline - now).min(POLL)) {
                Ok(InputLine::Text(line)) => {
                    log::debug!("< {line}");
                    return Ok(line);
                }
                Ok(line) => return Ok(shown(&line)),
                Err(RecvTimeoutError::Timeout) => tick(),
                Err(RecvTimeoutError::Disconnected) => return Err(Wait::Closed),
            }
        }
    }

    /// Turns a failed wait into a fault, `what` saying what was awaited.
    fn fault(&mut self, wait: Wait, what: &str, limit: Duration) -> Fault {
        match wait {
            Wait::Interrupted => Fault::Interrupted,
            Wait::Closed => {
                let during = if what == "thinking" {
                    what.to_string()
                } else {
                    format!("waiting for {what}")
                };
                Fault::Crash(format!("{} while {during}", self.exit_text()))
            }
            Wait::Deadline | Wait::Refused => {
                Fault::Stalled(format!("no {what} within {} ms", limit.as_millis()))
            }
        }
    }

    /// How the process ended, as far as can be told now.
    fn exit_text(&mut self) -> String {
        // The output closing usually comes with the exit; give it a moment to be reaped.
        for _ in 0..20 {
            if let Ok(Some(status)) = self.child.try_wait() {
                return format!("exited ({status})");
            }
            thread::sleep(Duration::from_millis(5));
        }
        "closed its output".to_string()
    }

    /// The handshake: `ugi`, or `uci` when asked or when `ugi` gets no `ugiok`; an engine
    /// whose `id name` starts with `Fairy-Stockfish` is spoken to in its notation.
    pub fn handshake(&mut self, proto: Option<Dialect>) -> Result<(), Fault> {
        self.handshake_in(proto, Notation::Auto)
    }

    /// `handshake`, with the engine's notation given (`Notation::Fsf` goes straight to `uci`).
    /// An engine spoken to in Fairy-Stockfish's notation plays what the adapter can load
    /// (`variants` says so).
    pub fn handshake_in(
        &mut self,
        proto: Option<Dialect>,
        notation: Notation,
    ) -> Result<(), Fault> {
        let proto = match (proto, notation) {
            (None, Notation::Fsf) => Some(Dialect::Uci),
            _ => proto,
        };
        self.handshake_dialect(proto)?;
        if notation.is_fsf(self.id_name.as_deref()) {
            self.adapter = Some(FsfAdapter::new());
            self.variants = Some(playable());
        }
        Ok(())
    }

    fn handshake_dialect(&mut self, proto: Option<Dialect>) -> Result<(), Fault> {
        let start = Instant::now();
        if proto != Some(Dialect::Uci) {
            let limit = if proto == Some(Dialect::Ugi) {
                SETUP_LIMIT
            } else {
                UGI_ATTEMPT
            };
            self.send(&Command::Handshake(Dialect::Ugi));
            match self.read_handshake("ugiok", start + limit) {
                Ok(()) => {
                    self.dialect = Dialect::Ugi;
                    return Ok(());
                }
                Err(Wait::Deadline | Wait::Refused) if proto.is_none() => {}
                Err(wait) => return Err(self.fault(wait, "ugiok", limit)),
            }
        }
        self.send(&Command::Handshake(Dialect::Uci));
        let deadline = Instant::now() + SETUP_LIMIT;
        match self.read_handshake("uciok", deadline) {
            Ok(()) => {
                self.dialect = Dialect::Uci;
                Ok(())
            }
            Err(wait) => Err(self.fault(wait, "uciok", SETUP_LIMIT)),
        }
    }

    /// Reads `id` and `option` lines up to `last`. Other lines (banners, complaints about an
    /// unknown `ugi`) are skipped; a complaint ends a `ugi` attempt early.
    fn read_handshake(&mut self, last: &str, deadline: Instant) -> Result<(), Wait> {
        loop {
            let line = self.next_line(deadline)?;
            let mut words = line.split_whitespace();
            match words.next() {
                Some(word) if word == last => return Ok(()),
                Some("id") if words.next() == Some("name") => {
                    self.id_name = Some(words.collect::<Vec<_>>().join(" "));
                }
                Some("option") => {
                    if let Some(choices) = variant_choices(&line) {
                        self.variants = Some(choices);
                    }
                    if self.options.len() < MAX_OPTION_LINES {
                        self.options.push(line.trim().to_string());
                    }
                }
                _ if last == "ugiok" && line.to_ascii_lowercase().contains("unknown") => {
                    return Err(Wait::Refused);
                }
                _ => {}
            }
        }
    }

    /// `isready` answered by `readyok` within `SETUP_LIMIT`; other lines are skipped.
    pub fn sync(&mut self) -> Result<(), Fault> {
        self.send(&Command::IsReady);
        let deadline = Instant::now() + SETUP_LIMIT;
        loop {
            match self.next_line(deadline) {
                Ok(line) if line.trim() == "readyok" => return self.adapter_check(),
                Ok(line) => {
                    if let Some(adapter) = &mut self.adapter {
                        adapter.observe(&line);
                    }
                }
                Err(wait) => return Err(self.fault(wait, "readyok", SETUP_LIMIT)),
            }
        }
    }

    /// Sends `go` and waits for `bestmove` until `deadline`; `info` lines are read (their
    /// last score and depth kept), anything else is a protocol fault. The error carries the
    /// time taken.
    pub fn think(&mut self, go: &GoParams, deadline: Duration) -> Result<Reply, (Fault, Duration)> {
        self.think_streaming(go, deadline, &mut |_| Watch::Continue)
    }

    /// `think`, showing each `info` line to `watch` as it arrives (and `None` at each poll
    /// tick without a line, about every 50 ms); when `watch` answers `Watch::Stop`, `stop` is
    /// sent once and the wait for `bestmove` goes on.
    pub fn think_streaming(
        &mut self,
        go: &GoParams,
        deadline: Duration,
        watch: &mut dyn FnMut(Option<&str>) -> Watch,
    ) -> Result<Reply, (Fault, Duration)> {
        let start = Instant::now();
        self.send(&Command::Go(go.clone()));
        self.await_bestmove(start, deadline, watch)
    }

    /// `think_streaming` with a `go` line written by someone else's writer (the Python
    /// side's), sent as `send_text` sends it.
    pub fn think_streaming_text(
        &mut self,
        go: &str,
        deadline: Duration,
        watch: &mut dyn FnMut(Option<&str>) -> Watch,
    ) -> Result<Reply, (Fault, Duration)> {
        let start = Instant::now();
        self.send_text(go);
        self.await_bestmove(start, deadline, watch)
    }

    /// The wait of `think_streaming` for `bestmove`, `go` having been sent at `start`.
    fn await_bestmove(
        &mut self,
        start: Instant,
        deadline: Duration,
        watch: &mut dyn FnMut(Option<&str>) -> Watch,
    ) -> Result<Reply, (Fault, Duration)> {
        let mut reply = Reply::default();
        let mut stop_sent = false;
        let input = self.input();
        let mut check = |seen: Option<&str>| {
            if watch(seen) == Watch::Stop && !stop_sent {
                stop_sent = true;
                if let Some(input) = &input {
                    input.stop();
                }
            }
        };
        loop {
            let line = match self.next_line_watched(start + deadline, &mut || check(None)) {
                Ok(line) => line,
                Err(Wait::Deadline) => return Err((Fault::Stalled(String::new()), deadline)),
                Err(wait) => {
                    let taken = start.elapsed();
                    return Err((self.fault(wait, "thinking", deadline), taken));
                }
            };
            let mut words = line.split_whitespace();
            match words.next() {
                None | Some("readyok") => {}
                Some("info") => {
                    let line = match &mut self.adapter {
                        Some(adapter) => {
                            adapter.observe(&line);
                            adapter.info_line(&line)
                        }
                        None => line.clone(),
                    };
                    reply.keep(&read_info(&line));
                    check(Some(&line));
                }
                Some("bestmove") => {
                    reply.taken = start.elapsed();
                    if let Err(fault) = self.adapter_check() {
                        return Err((fault, reply.taken));
                    }
                    let mv = words.next().filter(|m| *m != "(none)");
                    reply.mv = match (&self.adapter, mv) {
                        (Some(adapter), Some(mv)) => Some(adapter.move_from_engine(mv)),
                        (_, mv) => mv.map(str::to_string),
                    };
                    return Ok(reply);
                }
                Some(_) => {
                    let shown: String = line.chars().take(80).collect();
                    return Err((
                        Fault::Protocol(format!("unexpected output '{shown}'")),
                        start.elapsed(),
                    ));
                }
            }
        }
    }

    /// Asks the engine to quit, waits a little, then kills what is left of its group.
    pub fn quit(mut self) {
        self.send(&Command::Quit);
        self.to_engine = None;
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                break;
            }
            thread::sleep(Duration::from_millis(5));
        }
        // Drop kills the group (helpers the engine started) and reaps the process.
    }

    /// The process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        self.to_engine = None;
        let mut group = self.group.lock().unwrap_or_else(PoisonError::into_inner);
        kill_group(&mut self.child);
        *group = None;
    }
}

/// A line read from an engine as text (a placeholder for one too long or not UTF-8).
fn shown(line: &InputLine) -> String {
    match line {
        InputLine::Text(text) => text.clone(),
        InputLine::TooLong(n) => format!("<a line of {n} bytes>"),
        InputLine::NotUtf8(at) => format!("<a line that is not UTF-8 at byte {at}>"),
    }
}

/// The choices of a `option name UCI_Variant type combo ... var a var b` line.
fn variant_choices(line: &str) -> Option<Vec<String>> {
    read_option(line)
        .filter(|option| option.name == "UCI_Variant")
        .map(|option| option.vars)
}

/// Starts the child in a process group of its own: a terminal's Ctrl-C reaches only the
/// referee (which then kills the group), and the whole group can be killed at once. On Linux
/// the child is also killed if the referee dies without cleaning up.
/// A positive `niceness` lowers the child's priority.
#[cfg(unix)]
fn own_group(command: &mut Program, niceness: i32) {
    use std::os::unix::process::CommandExt;
    command.process_group(0);
    #[cfg(target_os = "linux")]
    // SAFETY: prctl with PR_SET_PDEATHSIG only sets a flag on the new process, and
    // setpriority only its scheduling priority; both are async-signal-safe and touch no memory
    // of the parent.
    unsafe {
        command.pre_exec(move || {
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
            if niceness > 0 {
                libc::setpriority(libc::PRIO_PROCESS, 0, niceness);
            }
            Ok(())
        });
    }
}

#[cfg(not(unix))]
fn own_group(_command: &mut Program, _niceness: i32) {}

/// Kills the child's process group (the child leads it) and reaps the child.
fn kill_group(child: &mut Child) {
    signal_group(child.id());
    let _ = child.kill();
    let _ = child.wait();
}

/// Sends SIGKILL to the process group led by `pid` (not yet reaped).
fn signal_group(pid: u32) {
    #[cfg(unix)]
    if let Ok(pid) = i32::try_from(pid) {
        // SAFETY: kill has no memory effects; a negative pid names the child's own group.
        unsafe {
            libc::kill(-pid, libc::SIGKILL);
        }
    }
    #[cfg(not(unix))]
    let _ = pid;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The command of a line.
    fn command(line: &str) -> Command {
        parse_command(line).unwrap()
    }

    fn go(line: &str) -> GoParams {
        match command(line) {
            Command::Go(params) => params,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn replies_keep_the_last_score_and_depth() {
        let mut reply = Reply::default();
        reply.keep(&read_info("info depth 3 score cp -12 nodes 4 pv 4"));
        reply.keep(&read_info("info string depth 99 is a joke"));
        reply.keep(&read_info(
            "info depth 7 seldepth 9 score mate 3 lowerbound",
        ));
        reply.taken = Duration::from_millis(52);
        assert_eq!(reply.comment(), "+M3/7 0.052s");
        reply.keep(&read_info("info depth x nodes 9"));
        assert_eq!(reply.comment(), "+M3/7 0.052s");
        reply.keep(&read_info("info depth 8 score cp -12"));
        assert_eq!(reply.comment(), "-0.12/8 0.052s");
        assert_eq!(Reply::default().comment(), "0.000s");
    }

    #[test]
    fn a_streaming_think_shows_info_lines_and_can_stop() {
        let script = r#"while read -r line; do case "$line" in
            ugi) echo "option name Hash type spin default 1 min 1 max 2"; echo ugiok;;
            go*) echo "info depth 1"; echo "info depth 2";;
            stop) echo "bestmove a1";;
            isready) echo readyok;;
        esac; done"#;
        let seen = Arc::new(Mutex::new(Vec::new()));
        let log = seen.clone();
        let tap: Tap = Arc::new(move |dir, line| {
            log.lock().unwrap().push(format!("{dir:?} {line}"));
        });
        let args = vec!["-c".to_string(), script.to_string()];
        let mut engine = EngineProcess::spawn_tapped("sh", &args, Some(tap)).unwrap();
        engine.handshake(Some(Dialect::Ugi)).unwrap();
        assert_eq!(
            engine.options,
            ["option name Hash type spin default 1 min 1 max 2"]
        );
        let mut infos = Vec::new();
        let reply = engine
            .think_streaming(&go("go infinite"), Duration::from_secs(10), &mut |line| {
                if let Some(line) = line {
                    infos.push(line.to_string());
                }
                if infos.len() == 2 {
                    Watch::Stop
                } else {
                    Watch::Continue
                }
            })
            .unwrap();
        assert_eq!(reply.mv.as_deref(), Some("a1"));
        assert_eq!(reply.depth, Some(2));
        assert_eq!(infos, ["info depth 1", "info depth 2"]);
        // A `stop` with no search running: its stray `bestmove` is skipped by the sync.
        let input = engine.input().unwrap();
        input.stop();
        engine.sync().unwrap();
        let killer = engine.killer();
        killer.kill();
        assert!(matches!(
            engine.think(&GoParams::default(), Duration::from_secs(5)),
            Err((Fault::Crash(_), _))
        ));
        drop(engine);
        // After the reap, a killer does nothing.
        killer.kill();
        let seen = seen.lock().unwrap();
        assert!(
            seen.contains(&"ToEngine go infinite".to_string()),
            "{seen:?}"
        );
        assert!(seen.contains(&"ToEngine stop".to_string()), "{seen:?}");
        assert!(
            seen.contains(&"FromEngine bestmove a1".to_string()),
            "{seen:?}"
        );
    }

    #[test]
    fn a_complaint_about_ugi_ends_the_attempt_before_its_deadline() {
        let script = r#"while read -r line; do case "$line" in
            ugi) echo "Unknown command: ugi";;
            uci) echo "id name old"; echo uciok;;
            isready) echo readyok;;
        esac; done"#;
        let args = vec!["-c".to_string(), script.to_string()];
        let mut engine = EngineProcess::spawn("sh", &args).unwrap();
        engine.send(&Command::Handshake(Dialect::Ugi));
        // A hang guard, not a bound: only the complaint can end this wait with `Refused`
        // (without it the wait would end at the deadline, however slow the machine).
        let hang_guard = Instant::now() + Duration::from_secs(120);
        let wait = engine.read_handshake("ugiok", hang_guard);
        assert!(matches!(wait, Err(Wait::Refused)), "{wait:?}");
        engine.send(&Command::Handshake(Dialect::Uci));
        engine.read_handshake("uciok", hang_guard).unwrap();
        assert_eq!(engine.id_name.as_deref(), Some("old"));
        engine.quit();
    }

    #[test]
    fn an_engine_process_speaks_through_the_adapter() {
        let script = format!("{}/tests/engines/fake_fsf.sh", env!("CARGO_MANIFEST_DIR"));
        let mut engine = EngineProcess::spawn("sh", &[script]).unwrap();
        engine.handshake_in(None, Notation::Fsf).unwrap();
        assert_eq!(engine.dialect, Dialect::Uci);
        assert!(engine.speaks_fsf());
        assert_eq!(
            engine.variants,
            Some(vec!["connect4".to_string(), "tictactoe".to_string()])
        );
        engine.send(&command("setoption name UCI_Variant value tictactoe"));
        engine.send(&Command::NewGame);
        engine.sync().unwrap();
        engine.send(&command("position startpos moves b2 a1"));
        let reply = engine
            .think(&go("go depth 1"), Duration::from_secs(10))
            .unwrap();
        assert_eq!(reply.mv.as_deref(), Some("b1"));
        // A drawn, full board: `bestmove (none)` is no move. (Lines of text, as the Python
        // side sends them, go through the adapter too.)
        engine.send_text("position startpos moves b2 a1 c1 a3 a2 c2 b1 b3 c3");
        let reply = engine
            .think_streaming_text("go depth 1", Duration::from_secs(10), &mut |_| {
                Watch::Continue
            })
            .unwrap();
        assert_eq!(reply.mv, None);
        engine.quit();
    }

    #[test]
    fn variant_choices_are_read_from_the_combo() {
        let line = "option name UCI_Variant type combo default connect4 var connect4 var babylon";
        assert_eq!(
            variant_choices(line),
            Some(vec!["connect4".to_string(), "babylon".to_string()])
        );
        assert_eq!(variant_choices("option name Hash type spin"), None);
    }
}
