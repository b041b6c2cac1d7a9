//! Session stress: the real `sente` binary driven by random (seeded, reproducible) command
//! sequences for every variant, checking the protocol's invariants on everything it prints:
//!
//! - every stdout line has one of the shapes of protocol.md ("Output lines"; the `d` block
//!   and the handshake block are checked as blocks);
//! - every accepted `go` gets exactly one `bestmove`, in the order the `go` commands were
//!   sent, legal in the position it searched (asked with `query moves` before the `go`;
//!   `0000` only when there is no legal move or the puzzle is unsolvable), and the first move
//!   of each `pv` is legal there too; a `go infinite` ends only after a `stop` (or the end of
//!   input); no `info` or `bestmove` line arrives when no task runs or waits;
//! - a `go` or `perft` sent while other tasks run or wait is queued, never refused: racing
//!   bursts are sent without waiting for anything (`stop` then `go` at once, `perft` then `go`,
//!   several `go` before one `stop`), and no error line may come of them;
//! - `perft 1` counts the legal moves; `perft 0`, `go depth 0`, `go nodes 0`, `go movetime 0`
//!   and negative clocks are refused with one error;
//! - every `isready` gets a `readyok`, in order with the other answers, and one sent while a
//!   `go infinite` runs or waits, not yet stopped, before that search's `bestmove` (the
//!   session answers at once while a task runs, never after it); every `query` gets one
//!   `response`; every bad line exactly one error line and nothing else; accepted
//!   `position`, `setoption`, `ucinewgame` and `stop` without a search print nothing; an
//!   accepted `position fen` round-trips through `query fen`;
//! - after `quit` nothing is answered (no `readyok`, no `response`), the task running when it
//!   arrived ends with its `bestmove` (or perft line), the tasks waiting are dropped, and the
//!   process exits with status 0, after `quit` or at end of input.
//!
//! `SENTE_STRESS_SEQUENCES` (default 300) sequences run, `SENTE_STRESS_THREADS` (default 2)
//! at a time; sequence `i` uses seed
//! `SENTE_STRESS_SEED + i` (default base 1). A failure names its seed and shows the end of
//! the conversation; rerun one sequence with
//! `SENTE_STRESS_SEED=<seed> SENTE_STRESS_SEQUENCES=1 cargo test --release --test session_stress -- --nocapture`.
//!
//! No check depends on the machine's speed: the driver waits for lines, and `HANG_GUARD`
//! only ends a stuck conversation. How soon `readyok` comes is measured, not checked: the
//! summary names the slowest (the first `isready` of a process, which also waits for it to
//! start, is not timed, nor the first after a command that clears or replaces the table,
//! which `readyok` waits for); `scripts/stress.sh` runs the long mode and holds that figure to
//! the protocol's 50 ms.

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use regex::Regex;
use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::thread;
use std::time::{Duration, Instant};

/// A hang guard: how long the driver waits for the lines it expects (a search to its limit
/// included) before it calls the conversation stuck. Only a stuck engine reaches it.
const HANG_GUARD: Duration = Duration::from_secs(120);

/// Lines that are not moves of any variant.
const NOT_MOVES: [&str; 8] = ["z9", "0", "99", "a0", "Q+1", "@99", "h9h9", "-"];

/// Lines that are always rejected (an unknown command, bad arguments).
const JUNK: [&str; 20] = [
    "frobnicate",
    "position fen zz/zz q",
    "position fen ((1 2) moves 1",
    "go sideways",
    "go depth x",
    "go movetime -",
    "position",
    "position nowhere",
    "position startpos 4",
    "query nothing",
    "isready now",
    "perft",
    "setoption",
    "debug maybe",
    "perft 0",
    "go depth 0",
    "go nodes 0",
    "go movetime 0",
    "go movestogo 0 wtime 100 btime 100",
    "go wtime -1 btime 5",
];

/// What the next synchronous answer must be.
#[derive(Debug)]
enum Expect {
    /// `readyok`, for an `isready`.
    Ready {
        /// When the `isready` was sent, for the figures (`None`: not timed, as the first one,
        /// which waits for the process to start).
        sent: Option<Instant>,
        /// The search this `readyok` must come before: a `go infinite` that ran or waited,
        /// not stopped, when the `isready` was sent (it cannot end before a later `stop`).
        before_end_of: Option<u64>,
    },
    /// One `response` line, exactly this text after `response` when given.
    Response(Option<String>),
    /// One `info string error: ...` line containing this text.
    Error(&'static str),
    /// The block of `d`, played in this variant.
    Display(&'static str),
    /// The handshake block, ending with this word.
    Handshake(&'static str),
}

/// Most tasks the driver lets run or wait at once (the engine queues up to 64 behind the
/// running one).
const MAX_TASKS: usize = 12;

/// A task the engine's worker runs or will run, as the driver knows it.
#[derive(Debug)]
enum Task {
    Search {
        /// Its number in the conversation.
        id: u64,
        /// Some line of it has arrived (so it was running before anything later).
        printed: bool,
        /// The legal moves of the searched position.
        legal: Vec<String>,
        /// `go infinite`: it cannot end before `stop`.
        infinite: bool,
        /// `stop` was sent.
        stopped: bool,
        /// The search said the puzzle cannot be solved.
        unsolvable: bool,
    },
    Perft {
        depth: u32,
        /// The expected count for depth 1.
        nodes: Option<usize>,
        stopped: bool,
    },
}

/// Figures of one or more sequences.
#[derive(Default, Debug)]
struct Stats {
    sequences: u64,
    commands: u64,
    searches: u64,
    /// `info trace` lines seen.
    trace_lines: u64,
    /// Racing bursts sent (commands sent at once, without waiting for any answer).
    bursts: u64,
    readyoks: u64,
    /// `readyok` lines for an `isready` sent during a `go infinite`, each checked to come
    /// before that search's `bestmove`.
    readyoks_in_search: u64,
    ready_max: Duration,
    /// The seed of the sequence and the lines sent before the slowest `readyok`.
    ready_max_after: String,
}

/// One engine process and what the driver expects of it.
struct Driver {
    rng: StdRng,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Option<(Instant, String)>>,
    queue: VecDeque<Expect>,
    /// The tasks sent and not finished, in order: the first runs, the others wait.
    tasks: VecDeque<Task>,
    /// The variant played and the position as `position` sets it: a start and moves.
    variant: &'static str,
    start: String,
    moves: Vec<String>,
    /// The text of the last `response`.
    last_response: Option<String>,
    /// Inside a `d` block: its variant and the labelled lines still to come.
    display: Option<(&'static str, usize)>,
    /// Inside a handshake block.
    handshake: bool,
    history: Vec<String>,
    stats: Stats,
    /// The seed, named with the slowest `readyok`.
    seed: u64,
    /// The number of the next search.
    next_search: u64,
    /// A command since the last `isready` may have the worker clear or replace its table.
    table_work: bool,
    shapes: Shapes,
}

/// The shapes of protocol lines outside blocks.
struct Shapes {
    info: Regex,
    trace: Regex,
    other: Regex,
}

impl Shapes {
    fn new() -> Shapes {
        Shapes {
            info: Regex::new(
                r"^info depth \d+ seldepth \d+ score (cp|mate) -?\d+( lowerbound| upperbound)? nodes \d+ nps \d+ time \d+( hashfull \d+)?( pv( \S+)+)?$",
            )
            .expect("regex"),
            trace: Regex::new(
                r"^info trace id \d+ parent \d+ move \S+ ply \d+ kind (max|min|chance|leaf)( alpha (-?\d+(\.\d+)?|-inf) beta (-?\d+(\.\d+)?|inf))? value -?\d+(\.\d+)?( pruned \d+)?$",
            )
            .expect("regex"),
            other: Regex::new(
                r"^(readyok|info string \S.*|bestmove \S+|response( .*)?|info string perft depth \d+ (nodes \d+ time \d+|stopped))$",
            )
            .expect("regex"),
        }
    }
}

fn is_async(line: &str) -> bool {
    line.starts_with("info depth ")
        || line.starts_with("info trace ")
        || line.starts_with("bestmove ")
        || (line.starts_with("info string ") && !line.starts_with("info string error: "))
}

/// Every variant sente plays.
fn variants() -> Vec<&'static str> {
    sente::variants::registry::names().collect()
}

fn pick<T: Copy>(rng: &mut StdRng, items: &[T]) -> T {
    items[rng.random_range(0..items.len())]
}

impl Driver {
    fn start(seed: u64) -> Result<Driver, String> {
        let mut rng = StdRng::seed_from_u64(seed);
        let variant = pick(&mut rng, &variants());
        let mut child = Command::new(env!("CARGO_BIN_EXE_sente"))
            .args(["--variant", variant])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start sente: {e}"))?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let (sink, lines) = channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sink.send(Some((Instant::now(), line))).is_err() {
                    return;
                }
            }
            let _ = sink.send(None);
        });
        Ok(Driver {
            rng,
            stdin: child.stdin.take(),
            child,
            lines,
            queue: VecDeque::new(),
            tasks: VecDeque::new(),
            variant,
            start: "startpos".to_string(),
            moves: Vec::new(),
            last_response: None,
            display: None,
            handshake: false,
            history: Vec::new(),
            stats: Stats::default(),
            seed,
            next_search: 0,
            table_work: false,
            shapes: Shapes::new(),
        })
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        // New games, and options that resize or clear the table (Hash, Clear Hash, rules).
        const TABLE_WORK: [&str; 3] = ["ucinewgame", "uginewgame", "setoption"];
        if TABLE_WORK.iter().any(|w| line.starts_with(w)) {
            self.table_work = true;
        }
        self.history.push(format!("> {line}"));
        self.stats.commands += 1;
        let stdin = self.stdin.as_mut().ok_or("stdin is closed")?;
        writeln!(stdin, "{line}").map_err(|e| format!("write {line:?}: {e}"))?;
        stdin.flush().map_err(|e| format!("flush: {e}"))
    }

    fn expect(&mut self, line: &str, what: Expect) -> Result<(), String> {
        self.send(line)?;
        // `readyok` waits for the table work queued before it: not timed, nor the `isready`
        // sent before that wait is over.
        let waiting = self
            .queue
            .iter()
            .any(|e| matches!(e, Expect::Ready { sent: None, .. }));
        let what = match what {
            Expect::Ready {
                sent: Some(_),
                before_end_of,
            } if std::mem::take(&mut self.table_work) || waiting => Expect::Ready {
                sent: None,
                before_end_of,
            },
            other => other,
        };
        self.queue.push_back(what);
        Ok(())
    }

    /// Handles output until `done` holds.
    fn pump(&mut self, done: impl Fn(&Driver) -> bool) -> Result<(), String> {
        let deadline = Instant::now() + HANG_GUARD;
        while !done(self) {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(Some((at, line))) => self.handle(at, line)?,
                Ok(None) => return Err("the engine closed its output".to_string()),
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!(
                        "nothing for {HANG_GUARD:?}; waiting for {:?}, tasks {:?}",
                        self.queue.front(),
                        self.tasks
                    ));
                }
                Err(RecvTimeoutError::Disconnected) => return Err("reader gone".to_string()),
            }
        }
        Ok(())
    }

    /// `isready`, its `readyok` expected (timed for the figures).
    fn isready(&mut self) -> Result<(), String> {
        let before_end_of = self.tasks.iter().find_map(|task| match task {
            Task::Search {
                id,
                infinite: true,
                stopped: false,
                ..
            } => Some(*id),
            _ => None,
        });
        self.expect(
            "isready",
            Expect::Ready {
                sent: Some(Instant::now()),
                before_end_of,
            },
        )
    }

    /// `isready`, then everything up to its `readyok`.
    fn sync(&mut self) -> Result<(), String> {
        self.isready()?;
        self.pump(|d| d.queue.is_empty())
    }

    /// The text of the answer to `query <what>`.
    fn ask(&mut self, what: &str) -> Result<String, String> {
        self.expect(&format!("query {what}"), Expect::Response(None))?;
        self.pump(|d| d.queue.is_empty())?;
        self.last_response
            .take()
            .ok_or_else(|| "no response".to_string())
    }

    fn legal_moves(&mut self) -> Result<Vec<String>, String> {
        Ok(self
            .ask("moves")?
            .split_whitespace()
            .map(str::to_string)
            .collect())
    }

    fn handle(&mut self, at: Instant, line: String) -> Result<(), String> {
        self.history.push(format!("< {line}"));
        if let Some((variant, left)) = self.display {
            return self.display_line(variant, left, &line);
        }
        if self.handshake {
            return self.handshake_line(&line);
        }
        if is_async(&line) {
            return self.task_line(&line);
        }
        match self.queue.pop_front() {
            None => Err(format!("unexpected line {line:?}")),
            Some(Expect::Ready {
                sent,
                before_end_of,
            }) => {
                if line != "readyok" {
                    return Err(format!("expected readyok, got {line:?}"));
                }
                if before_end_of.is_some() {
                    self.stats.readyoks_in_search += 1;
                }
                let Some(sent) = sent else {
                    return Ok(());
                };
                // A figure for the summary, never a check: how soon it comes depends on the
                // machine's load.
                let waited = at.saturating_duration_since(sent);
                self.stats.readyoks += 1;
                if waited > self.stats.ready_max {
                    self.stats.ready_max = waited;
                    let sent: Vec<&String> =
                        self.history.iter().filter(|l| l.starts_with('>')).collect();
                    let from = sent.len().saturating_sub(6);
                    self.stats.ready_max_after =
                        format!("seed {}, sent last {:?}", self.seed, &sent[from..]);
                }
                Ok(())
            }
            Some(Expect::Response(text)) => {
                let Some(answer) = line.strip_prefix("response") else {
                    return Err(format!("expected a response, got {line:?}"));
                };
                if !(answer.is_empty() || answer.starts_with(' ')) {
                    return Err(format!("bad response line {line:?}"));
                }
                let answer = answer.trim_start().to_string();
                if text.as_ref().is_some_and(|t| *t != answer) {
                    return Err(format!("expected response {text:?}, got {line:?}"));
                }
                self.last_response = Some(answer);
                Ok(())
            }
            Some(Expect::Error(part)) => {
                if line.starts_with("info string error: ") && line.contains(part) {
                    Ok(())
                } else {
                    Err(format!("expected an error with {part:?}, got {line:?}"))
                }
            }
            Some(Expect::Display(variant)) => self.display_line(variant, 4, &line),
            Some(Expect::Handshake(ok)) => {
                self.queue.push_front(Expect::Handshake(ok));
                self.handshake = true;
                self.handshake_line(&line)
            }
        }
    }

    /// A line of the `d` block: board lines, then `variant:`, `fen:`, `side to move:` and
    /// `legal moves:`.
    fn display_line(
        &mut self,
        variant: &'static str,
        left: usize,
        line: &str,
    ) -> Result<(), String> {
        const LABELS: [&str; 4] = ["variant: ", "fen: ", "side to move: ", "legal moves: "];
        let label = LABELS[4 - left];
        if line.starts_with(label) {
            if left == 4 && line != format!("variant: {variant}") {
                return Err(format!("display of variant {variant}: {line:?}"));
            }
            if left == 2 && !matches!(&line[14..], "p1" | "p2" | "none (game over)") {
                return Err(format!("bad display line {line:?}"));
            }
            self.display = (left > 1).then_some((variant, left - 1));
            return Ok(());
        }
        self.display = Some((variant, left));
        let protocol_word = ["info", "bestmove", "response", "readyok"]
            .iter()
            .any(|w| line.starts_with(w));
        if left < 4
            || line.is_empty()
            || protocol_word
            || LABELS.iter().any(|l| line.starts_with(l))
        {
            return Err(format!("bad display line {line:?}, expected {label:?}"));
        }
        Ok(())
    }

    fn handshake_line(&mut self, line: &str) -> Result<(), String> {
        let Some(Expect::Handshake(ok)) = self.queue.front() else {
            return Err("handshake state lost".to_string());
        };
        let ok = *ok;
        let shape = line.starts_with("id name sente ")
            || line == "id author the sente developers"
            || (line.starts_with("option name ") && line.contains(" type "));
        if line == ok {
            self.queue.pop_front();
            self.handshake = false;
            Ok(())
        } else if shape {
            Ok(())
        } else {
            Err(format!("bad handshake line {line:?}"))
        }
    }

    /// A line of the running search or perft.
    fn task_line(&mut self, line: &str) -> Result<(), String> {
        let shaped = if line.starts_with("info depth ") {
            self.shapes.info.is_match(line)
        } else if line.starts_with("info trace ") {
            self.stats.trace_lines += 1;
            self.shapes.trace.is_match(line)
        } else {
            self.shapes.other.is_match(line)
        };
        if !shaped {
            return Err(format!("line of no protocol shape: {line:?}"));
        }
        let ended = match self.tasks.front_mut() {
            None => return Err(format!("{line:?} while no search or perft runs")),
            Some(Task::Perft {
                depth,
                nodes,
                stopped,
            }) => {
                let words: Vec<&str> = line.split(' ').collect();
                if words.len() < 6 || words[2..4] != ["perft", "depth"] {
                    return Err(format!("unexpected {line:?} during perft"));
                }
                if words[4] != depth.to_string() {
                    return Err(format!("perft {depth} answered {line:?}"));
                }
                if words[5] == "stopped" {
                    if !*stopped {
                        return Err(format!("{line:?} without stop"));
                    }
                } else if let Some(n) = nodes
                    && words[6] != n.to_string()
                {
                    return Err(format!("perft {depth}: expected {n} nodes, got {line:?}"));
                }
                true
            }
            Some(Task::Search {
                id,
                printed,
                legal,
                infinite,
                stopped,
                unsolvable,
            }) => {
                *printed = true;
                if line == "info string unsolvable" {
                    *unsolvable = true;
                }
                if let Some(pv) = line.split(" pv ").nth(1)
                    && line.starts_with("info depth ")
                {
                    let first = pv.split(' ').next().unwrap_or("");
                    if !legal.iter().any(|m| m == first) {
                        return Err(format!("pv starts with {first:?}, not legal in {legal:?}"));
                    }
                }
                // A traced child of the root is reached by a legal move.
                if let Some(rest) = line.strip_prefix("info trace ")
                    && let Some(mv) = rest
                        .split(" move ")
                        .nth(1)
                        .and_then(|r| r.split(' ').next())
                    && rest.contains(" ply 1 ")
                    && !legal.iter().any(|m| m == mv)
                {
                    return Err(format!(
                        "traced move {mv:?} at ply 1 is not legal in {legal:?}"
                    ));
                }
                match line.strip_prefix("bestmove ") {
                    Some(_) if *infinite && !*stopped => {
                        return Err(format!("{line:?} for a go infinite before any stop"));
                    }
                    Some(_)
                        if self.queue.iter().any(|e| {
                            matches!(e, Expect::Ready { before_end_of: Some(of), .. } if of == id)
                        }) =>
                    {
                        return Err(format!(
                            "{line:?} before the readyok of an isready sent while this go \
                             infinite ran or waited: isready waited for the search"
                        ));
                    }
                    Some(mv) => {
                        let ok = if mv == "0000" {
                            legal.is_empty() || *unsolvable
                        } else {
                            legal.iter().any(|m| m == mv)
                        };
                        if !ok {
                            return Err(format!("bestmove {mv} is not legal in {legal:?}"));
                        }
                        true
                    }
                    None => false,
                }
            }
        };
        if ended {
            self.tasks.pop_front();
        }
        Ok(())
    }

    fn position_line(&self) -> String {
        let start = if self.start == "startpos" {
            "position startpos".to_string()
        } else {
            format!("position fen {}", self.start)
        };
        if self.moves.is_empty() {
            start
        } else {
            format!("{start} moves {}", self.moves.join(" "))
        }
    }

    fn new_game(&mut self) {
        self.start = "startpos".to_string();
        self.moves.clear();
    }

    /// Random legal moves added to the position, one `position` line each.
    fn walk(&mut self) -> Result<(), String> {
        for _ in 0..self.rng.random_range(1..6) {
            let legal = self.legal_moves()?;
            if legal.is_empty() {
                break;
            }
            let mv = legal[self.rng.random_range(0..legal.len())].clone();
            self.moves.push(mv);
            let line = self.position_line();
            self.send(&line)?;
        }
        Ok(())
    }

    /// A `position` with one illegal move at the end: one error, the position stays.
    fn illegal_move(&mut self) -> Result<(), String> {
        let legal = self.legal_moves()?;
        let bad = pick(&mut self.rng, &NOT_MOVES).to_string();
        if legal.contains(&bad) {
            return Ok(());
        }
        let mut line = self.position_line();
        if self.moves.is_empty() {
            line.push_str(" moves");
        }
        line.push(' ');
        line.push_str(&bad);
        self.expect(&line, Expect::Error("position: illegal move"))
    }

    /// `position fen` with the current fen: accepted, and `query fen` gives it back.
    fn fen_round_trip(&mut self) -> Result<(), String> {
        let fen = self.ask("fen")?;
        self.send(&format!("position fen {fen}"))?;
        self.start = fen.clone();
        self.moves.clear();
        self.expect("query fen", Expect::Response(Some(fen)))
    }

    /// A random `go`, after asking the legal moves.
    fn go(&mut self) -> Result<(), String> {
        let legal = self.legal_moves()?;
        self.go_in(legal)
    }

    /// A random `go` in the position whose legal moves are `legal`, sent at once.
    fn go_in(&mut self, legal: Vec<String>) -> Result<(), String> {
        let rng = &mut self.rng;
        let (line, infinite) = match rng.random_range(0..8) {
            0 => (format!("go depth {}", rng.random_range(1..4)), false),
            1 => (format!("go nodes {}", rng.random_range(1..3000)), false),
            2 => (format!("go movetime {}", rng.random_range(1..25)), false),
            3 => (
                format!(
                    "go wtime {0} btime {0} winc 5 binc 5",
                    rng.random_range(0..400)
                ),
                false,
            ),
            4 => (
                format!("go solve movetime {}", rng.random_range(1..40)),
                false,
            ),
            5 => (
                format!("go depth {} nodes 5000", rng.random_range(1..5)),
                false,
            ),
            6 => ("go".to_string(), false),
            _ => ("go infinite".to_string(), true),
        };
        self.send(&line)?;
        self.stats.searches += 1;
        let id = self.next_search;
        self.next_search += 1;
        self.tasks.push_back(Task::Search {
            id,
            printed: false,
            legal,
            infinite,
            stopped: false,
            unsolvable: false,
        });
        Ok(())
    }

    /// A random `perft`, after asking the legal moves.
    fn perft(&mut self) -> Result<(), String> {
        let legal = self.legal_moves()?;
        self.perft_in(legal.len())
    }

    /// A random `perft` in a position with `legal` legal moves, sent at once.
    fn perft_in(&mut self, legal: usize) -> Result<(), String> {
        let max = if matches!(self.variant, "babylon" | "rushhour-rocks") {
            2
        } else {
            3
        };
        let depth = self.rng.random_range(1..=max);
        self.send(&format!("perft {depth}"))?;
        self.tasks.push_back(Task::Perft {
            depth,
            nodes: (depth == 1).then_some(legal),
            stopped: false,
        });
        Ok(())
    }

    /// Commands that race the running task, sent one after the other without waiting for
    /// any answer: `stop` then `go`, `perft` then `go`, or several `go` then `stop`.
    fn burst(&mut self) -> Result<(), String> {
        let legal = self.legal_moves()?;
        self.stats.bursts += 1;
        match self.rng.random_range(0..3) {
            0 => {
                self.stop()?;
                self.go_in(legal)
            }
            1 => {
                self.perft_in(legal.len())?;
                self.go_in(legal)
            }
            _ => {
                for _ in 0..self.rng.random_range(2..5) {
                    self.go_in(legal.clone())?;
                }
                self.stop()
            }
        }
    }

    /// `stop`: it ends the running task and every waiting one.
    fn stop(&mut self) -> Result<(), String> {
        self.send("stop")?;
        self.mark_stopped();
        Ok(())
    }

    /// Every task sent so far is stopped (by `stop`, or by the end of input).
    fn mark_stopped(&mut self) {
        for task in &mut self.tasks {
            let (Task::Search { stopped, .. } | Task::Perft { stopped, .. }) = task;
            *stopped = true;
        }
    }

    fn set_option(&mut self) -> Result<(), String> {
        match self.rng.random_range(0..12) {
            0 | 1 => {
                let mb = self.rng.random_range(1..=64);
                self.send(&format!("setoption name Hash value {mb}"))
            }
            2 | 3 => {
                let variant = pick(&mut self.rng, &variants());
                self.send(&format!("setoption name UCI_Variant value {variant}"))?;
                self.variant = variant;
                self.new_game();
                Ok(())
            }
            4 => self.send("setoption name Clear Hash"),
            5 => {
                let algorithm = pick(&mut self.rng, &["alphabeta", "minimax", "alphabeta-plain"]);
                self.send(&format!("setoption name Algorithm value {algorithm}"))
            }
            6 => {
                let threads = self.rng.random_range(1..=2);
                self.send(&format!("setoption name Threads value {threads}"))
            }
            7 => {
                let opponent = if self.rng.random_bool(0.7) {
                    "adversarial"
                } else {
                    pick(&mut self.rng, &["random", "pessimistic", "optimistic"])
                };
                self.send(&format!("setoption name Opponent value {opponent}"))
            }
            8 if self.rng.random_bool(0.5) => {
                let on = pick(&mut self.rng, &["true", "false"]);
                self.send(&format!("setoption name OwnBook value {on}"))
            }
            8 => {
                // Small limits keep traced searches short.
                let on = pick(&mut self.rng, &["true", "false"]);
                let limit = self.rng.random_range(1..=300);
                self.send(&format!("setoption name SearchTrace value {on}"))?;
                self.send(&format!("setoption name TraceLimit value {limit}"))
            }
            9 => {
                let (name, value, variant) = match self.rng.random_range(0..6) {
                    0 => (
                        "RushMetric",
                        pick(&mut self.rng, &["steps", "slides"]).to_string(),
                        "rushhour",
                    ),
                    1 => (
                        "RocksMaxTurns",
                        self.rng.random_range(1..200).to_string(),
                        "rushhour-rocks",
                    ),
                    2 => (
                        "BabylonColours",
                        self.rng.random_range(1..=4).to_string(),
                        "babylon",
                    ),
                    // Any width 4-8 with any height 4-7 fits the 64-bit board.
                    3 => (
                        "Connect4Width",
                        self.rng.random_range(4..=8).to_string(),
                        "connect4",
                    ),
                    4 => (
                        "Connect4Height",
                        self.rng.random_range(4..=7).to_string(),
                        "connect4",
                    ),
                    _ => (
                        "BabylonTablets",
                        self.rng.random_range(1..=4).to_string(),
                        "babylon",
                    ),
                };
                self.send(&format!("setoption name {name} value {value}"))?;
                // New rules for the game being played: a new game at its start.
                if variant == self.variant {
                    self.new_game();
                }
                Ok(())
            }
            10 => {
                let (line, part) = pick(
                    &mut self.rng,
                    &[
                        ("setoption name Hash value 0", "Hash"),
                        ("setoption name Hash value 99999", "Hash"),
                        ("setoption name UCI_Variant value chess", "chess"),
                        ("setoption name Colour value 3", "Colour"),
                        ("setoption name Threads value x", "Threads"),
                    ],
                );
                self.expect(line, Expect::Error(part))
            }
            _ => {
                let line = pick(&mut self.rng, &["ucinewgame", "uginewgame"]);
                self.send(line)
            }
        }
    }

    fn junk(&mut self) -> Result<(), String> {
        let base = pick(&mut self.rng, &JUNK);
        let mut line = base.to_string();
        if self.rng.random_bool(0.3) {
            // Odd spacing and a stray word after a rejected line change nothing.
            line = format!("\t {line}  ");
        }
        self.expect(&line, Expect::Error(""))
    }

    /// One random step.
    fn step(&mut self) -> Result<(), String> {
        let room = self.tasks.len() + 4 < MAX_TASKS;
        match self.rng.random_range(0..24) {
            0 | 1 => self.walk(),
            2 => self.illegal_move(),
            3 => self.fen_round_trip(),
            4..=6 if room => self.go(),
            7 | 8 if room => self.burst(),
            9 if room => self.perft(),
            4..=10 => self.stop(),
            11 => self.sync(),
            12 => {
                for _ in 0..self.rng.random_range(2..60) {
                    self.isready()?;
                }
                Ok(())
            }
            13 => {
                let what = pick(
                    &mut self.rng,
                    &["gameover", "p1turn", "result", "moves", "fen"],
                );
                self.expect(&format!("query {what}"), Expect::Response(None))
            }
            14 => {
                let variant = self.variant;
                self.expect("d", Expect::Display(variant))
            }
            15..=17 => self.set_option(),
            18 => self.junk(),
            19 => {
                let (line, ok) = pick(&mut self.rng, &[("uci", "uciok"), ("ugi", "ugiok")]);
                self.expect(line, Expect::Handshake(ok))
            }
            20 => {
                let line = pick(&mut self.rng, &["", "  ", "\t", "ponderhit", "debug on"]);
                self.send(line)
            }
            _ => {
                // Let a running search go on for a moment.
                let ms = self.rng.random_range(0..15);
                thread::sleep(Duration::from_millis(ms));
                Ok(())
            }
        }
    }

    /// Reads everything left once stdin is closed or `quit` sent, and checks the exit.
    fn finish(&mut self) -> Result<(), String> {
        let quit = self.rng.random_bool(0.5);
        if quit {
            // Everything asked so far is answered first. After `quit`, nothing is answered;
            // the task running when it arrives ends with its last line, the waiting ones are
            // dropped (a task that has printed something was running).
            self.sync()?;
            // sente may exit before it has read the lines after `quit`: a broken pipe on
            // them is fine.
            self.history
                .push("> quit\n> isready\n> query fen".to_string());
            if let Some(mut stdin) = self.stdin.take() {
                let _ = stdin.write_all(b"quit\nisready\nquery fen\n");
                let _ = stdin.flush();
            }
            self.mark_stopped();
            let deadline = Instant::now() + HANG_GUARD;
            loop {
                let left = deadline.saturating_duration_since(Instant::now());
                match self.lines.recv_timeout(left) {
                    Ok(Some((_, line))) => {
                        self.history.push(format!("< {line}"));
                        if !is_async(&line) || self.tasks.is_empty() {
                            return Err(format!("{line:?} after quit"));
                        }
                        self.task_line(&line)?;
                    }
                    Ok(None) => break,
                    Err(_) => return Err("no end of output after quit".to_string()),
                }
            }
            if let Some(Task::Search { printed: true, .. }) = self.tasks.front() {
                return Err("the search running at quit did not print its bestmove".to_string());
            }
        } else {
            // End of input: bounded tasks finish, unbounded searches are stopped; all of it
            // is printed.
            self.history.push("! close".to_string());
            self.stdin = None;
            // Unbounded searches are stopped by the engine (and bounded ones may be too, as
            // far as the driver can tell: it does not check that a bounded one finishes).
            self.mark_stopped();
            loop {
                match self.lines.recv_timeout(HANG_GUARD) {
                    Ok(Some((at, line))) => self.handle(at, line)?,
                    Ok(None) => break,
                    Err(_) => return Err("no end of output after end of input".to_string()),
                }
            }
            if !self.queue.is_empty() || !self.tasks.is_empty() {
                return Err(format!(
                    "output ended early: waiting for {:?}, tasks {:?}",
                    self.queue, self.tasks
                ));
            }
        }
        let deadline = Instant::now() + HANG_GUARD;
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) if status.success() => return Ok(()),
                Ok(Some(status)) => return Err(format!("exit status {status}")),
                Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(2)),
                Ok(None) => return Err("the engine does not exit".to_string()),
                Err(e) => return Err(format!("wait: {e}")),
            }
        }
    }

    fn run(&mut self) -> Result<(), String> {
        // Wait for the process to start: readyok latency is timed from then on.
        self.expect(
            "isready",
            Expect::Ready {
                sent: None,
                before_end_of: None,
            },
        )?;
        self.pump(|d| d.queue.is_empty())?;
        let steps = self.rng.random_range(5..60);
        for _ in 0..steps {
            self.step()?;
        }
        if self.rng.random_bool(0.5) {
            if !self.tasks.is_empty() {
                self.stop()?;
            }
            self.pump(|d| d.tasks.is_empty() && d.queue.is_empty())?;
        }
        self.finish()
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn env_number(name: &str, default: u64) -> u64 {
    match std::env::var(name) {
        Ok(text) => text
            .parse()
            .unwrap_or_else(|_| panic!("{name} must be a whole number, got {text:?}")),
        Err(_) => default,
    }
}

/// The conversation with runs of equal lines shown once, with their count.
fn collapse(history: &[String]) -> Vec<String> {
    let mut out: Vec<(String, usize)> = Vec::new();
    for line in history {
        match out.last_mut() {
            Some((last, n)) if last == line => *n += 1,
            _ => out.push((line.clone(), 1)),
        }
    }
    out.into_iter()
        .map(|(line, n)| {
            if n > 1 {
                format!("{line}   (x{n})")
            } else {
                line
            }
        })
        .collect()
}

/// Runs one sequence; on failure the message names the seed and ends with the conversation.
fn run_sequence(seed: u64) -> Result<Stats, String> {
    let mut driver = Driver::start(seed)?;
    let outcome = driver.run();
    driver.stats.sequences = 1;
    match outcome {
        Ok(()) => Ok(std::mem::take(&mut driver.stats)),
        Err(e) => {
            let history = collapse(&driver.history);
            let from = history.len().saturating_sub(80);
            Err(format!(
                "seed {seed} (variant now {}): {e}\n\
                 rerun: SENTE_STRESS_SEED={seed} SENTE_STRESS_SEQUENCES=1 cargo test --release --test session_stress -- --nocapture\n\
                 last lines:\n{}",
                driver.variant,
                history[from..].join("\n")
            ))
        }
    }
}

#[test]
fn random_sequences_keep_the_protocol() {
    let sequences = env_number("SENTE_STRESS_SEQUENCES", 300);
    let base = env_number("SENTE_STRESS_SEED", 1);
    let threads = env_number("SENTE_STRESS_THREADS", 2);
    let next = AtomicU64::new(0);
    let total = Mutex::new(Stats::default());
    let failures = Mutex::new(Vec::new());
    let started = Instant::now();
    thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= sequences {
                        break;
                    }
                    match run_sequence(base + i) {
                        Ok(stats) => {
                            let mut total = total.lock().expect("lock");
                            total.sequences += stats.sequences;
                            total.commands += stats.commands;
                            total.searches += stats.searches;
                            total.trace_lines += stats.trace_lines;
                            total.bursts += stats.bursts;
                            total.readyoks += stats.readyoks;
                            total.readyoks_in_search += stats.readyoks_in_search;
                            if stats.ready_max > total.ready_max {
                                total.ready_max = stats.ready_max;
                                total.ready_max_after = stats.ready_max_after;
                            }
                        }
                        Err(e) => {
                            failures.lock().expect("lock").push(e);
                            // Stop early: one failure is enough to look at.
                            next.store(sequences, Ordering::Relaxed);
                        }
                    }
                }
            });
        }
    });
    let total = total.into_inner().expect("lock");
    println!(
        "{} sequences, {} commands, {} searches ({} trace lines), {} racing bursts, {} readyok ({} during a go infinite; slowest {:.1} ms, {}) in {:.1} s",
        total.sequences,
        total.commands,
        total.searches,
        total.trace_lines,
        total.bursts,
        total.readyoks,
        total.readyoks_in_search,
        total.ready_max.as_secs_f64() * 1000.0,
        total.ready_max_after,
        started.elapsed().as_secs_f64()
    );
    let failures = failures.into_inner().expect("lock");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert_eq!(total.sequences, sequences);
}
