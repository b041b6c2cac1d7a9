//! The session loop: the only writer to stdout. It waits on input lines and on the worker's
//! events, owns the options and the current position, and answers `isready`, `query` and `d`
//! at once, also while a search runs. Searches and perfts are tasks handed to the worker in the
//! order they arrive; one that arrives while another runs waits its turn (at most
//! `MAX_WAITING_TASKS`), and `stop` ends the running task and every waiting one.

use super::options::{Change, Options};
use super::worker::{Event, Job, Worker};
use crate::games::{Outcome, Seat};
use crate::protocol::command::{Command, GoParams, Query};
use crate::protocol::line::{InputLine, MAX_LINE_BYTES};
use crate::protocol::parse::parse_command;
use crate::protocol::response::Response;
use crate::search::Algorithm;
use crate::search::limits::{Clock, Limits};
use crate::variants::task::Task;
use crate::variants::variant::{Variant, describe};
use crossbeam_channel::{Receiver, select};
use std::collections::VecDeque;
use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// The engine's name and version, as `id name` gives it.
pub const ENGINE_NAME: &str = concat!("sente ", env!("CARGO_PKG_VERSION"));
/// The `id author` line's text.
pub const ENGINE_AUTHOR: &str = "the sente developers";

/// Whether the loop goes on after a line.
#[derive(Debug, PartialEq, Eq)]
enum Flow {
    Continue,
    Quit,
}

/// Most `go`/`perft` commands waiting behind the running task; past it, one is refused.
pub const MAX_WAITING_TASKS: usize = 64;

/// A task sent to the worker (a search or a perft), running or waiting its turn.
struct PendingTask {
    /// Raised to stop it (before it starts, if it has not yet).
    stop: Arc<AtomicBool>,
    /// True when it ends by itself in bounded time (a depth, node or time limit, a perft).
    bounded: bool,
}

/// One engine session writing protocol lines to `out`.
pub struct Session<W: Write> {
    out: W,
    options: Options,
    variant: Box<dyn Variant>,
    worker: Worker,
    /// The tasks the worker has been given and not finished, in order: the first is running,
    /// the others wait their turn (the worker runs its jobs one after the other).
    tasks: VecDeque<PendingTask>,
    /// False once stdout is closed: nothing more can be said.
    open: bool,
}

impl<W: Write> Session<W> {
    /// A session playing `variant` (or the default one).
    pub fn new(out: W, variant: Option<&str>) -> Result<Self, String> {
        let mut options = Options::default();
        if let Some(name) = variant {
            options.set("UCI_Variant", Some(name))?;
        }
        let variant = options.start_position()?;
        let worker = Worker::spawn(options.hash_mb)
            .map_err(|e| format!("cannot start the search thread: {e}"))?;
        Ok(Session {
            out,
            options,
            variant,
            worker,
            tasks: VecDeque::new(),
            open: true,
        })
    }

    /// Gives back the output (for tests).
    pub fn into_output(self) -> W {
        self.out
    }

    /// Stops any running task, waits for the search thread to end, and gives back the output.
    /// For sessions run in-process (tests, fuzzing): unlike dropping the session, nothing of
    /// it stays behind. The engine process does not wait (`quit` exits at once).
    pub fn close(self) -> W {
        self.stop_tasks();
        self.worker.shut_down();
        self.out
    }

    /// Runs until `quit`, the end of input, or stdout closing.
    pub fn run(&mut self, lines: Receiver<InputLine>) {
        let events = self.worker.events().clone();
        while self.open {
            select! {
                recv(lines) -> line => match line {
                    Ok(line) => {
                        if self.handle_input(line) == Flow::Quit {
                            self.quit(&events);
                            break;
                        }
                    }
                    Err(_) => {
                        self.finish_tasks(&events);
                        break;
                    }
                },
                recv(events) -> event => match event {
                    Ok(event) => self.handle_event(event),
                    Err(_) => break,
                },
            }
        }
        self.stop_tasks();
    }

    /// At the end of input: lets bounded tasks finish, stops unbounded ones, and prints what
    /// every task says (so that a piped script gets one `bestmove` per `go`).
    fn finish_tasks(&mut self, events: &Receiver<Event>) {
        for task in self.tasks.iter().filter(|task| !task.bounded) {
            task.stop.store(true, Ordering::Relaxed);
        }
        self.drain_events(events, 0);
    }

    /// At `quit`: stops every task, prints the running one's last lines (its `bestmove`), and
    /// drops the waiting ones unseen.
    fn quit(&mut self, events: &Receiver<Event>) {
        self.stop_tasks();
        let waiting = self.tasks.len().saturating_sub(1);
        self.drain_events(events, waiting);
    }

    /// Handles the worker's events until at most `keep` tasks are left.
    fn drain_events(&mut self, events: &Receiver<Event>, keep: usize) {
        while self.tasks.len() > keep && self.open {
            match events.recv() {
                Ok(event) => self.handle_event(event),
                Err(_) => break,
            }
        }
    }

    /// Raises the stop flag of the running task and of every waiting one.
    fn stop_tasks(&self) {
        for task in &self.tasks {
            task.stop.store(true, Ordering::Relaxed);
        }
    }

    fn say(&mut self, response: Response) {
        if !self.open {
            return;
        }
        let written = writeln!(self.out, "{response}").and_then(|_| self.out.flush());
        if written.is_err() {
            self.open = false;
        }
    }

    fn error(&mut self, message: impl Into<String>) {
        self.say(Response::Error(message.into()));
    }

    /// Waits until the worker has done its queued jobs (no task runs: only table clears and
    /// resizes can be queued).
    fn wait_for_worker(&mut self) {
        self.worker.send(Job::Ready);
        while let Ok(event) = self.worker.events().recv() {
            if matches!(event, Event::Ready) {
                return;
            }
            self.handle_event(event);
        }
    }

    fn handle_event(&mut self, event: Event) {
        match event {
            Event::Ready => {}
            Event::Line(line) => self.say(line),
            Event::Done(last) => {
                self.tasks.pop_front();
                self.say(last);
            }
        }
    }

    fn handle_input(&mut self, line: InputLine) -> Flow {
        match line {
            InputLine::Text(text) => match parse_command(&text) {
                Ok(command) => return self.handle_command(command),
                Err(e) => self.error(e.to_string()),
            },
            InputLine::TooLong(bytes) => self.error(format!(
                "line too long ({bytes} bytes; the limit is {MAX_LINE_BYTES}), ignored"
            )),
            InputLine::NotUtf8(at) => self.error(format!(
                "line is not valid UTF-8 (byte {}), ignored",
                at + 1
            )),
        }
        Flow::Continue
    }

    fn handle_command(&mut self, command: Command) -> Flow {
        log::debug!("command {command:?}");
        match command {
            Command::Handshake(dialect) => {
                self.say(Response::IdName(ENGINE_NAME.to_string()));
                self.say(Response::IdAuthor(ENGINE_AUTHOR.to_string()));
                for option in self.options.announce() {
                    self.say(option);
                }
                self.say(Response::HandshakeOk(dialect));
            }
            // While a search runs, at once; otherwise once the worker has done what is queued
            // (clearing or allocating a table of many MB can take a second, which would
            // otherwise be taken from the next move's time).
            Command::IsReady => {
                if self.tasks.is_empty() {
                    self.wait_for_worker();
                }
                self.say(Response::ReadyOk)
            }
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::NewGame => {
                self.worker.send(Job::ClearTable);
                // Timed searches of some games call their solver: make it before the game,
                // not in the time of a move (a table of hundreds of MB takes a while).
                if let Some(prepare) = self.variant.prepare()
                    && self.options.search_algorithm() == Algorithm::AlphaBeta
                {
                    self.worker.send(Job::Prepare(prepare));
                }
            }
            Command::Position { start, moves } => {
                if let Err(e) = self.variant.set_position(&start, &moves) {
                    self.error(format!("position: {e}"));
                }
            }
            Command::Go(params) => self.go(&params),
            Command::Stop => self.stop_tasks(),
            Command::PonderHit | Command::Debug(_) | Command::Empty => {}
            Command::Query(query) => self.query(query),
            Command::Display => self.display(),
            Command::Perft(depth) => {
                let stop = Arc::new(AtomicBool::new(false));
                let task = self.variant.perft_task(depth, Arc::clone(&stop));
                self.start_task("perft", task, stop, true);
            }
            Command::Quit => return Flow::Quit,
        }
        Flow::Continue
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        let mut options = self.options.clone();
        match options.set(name, value) {
            Err(e) => self.error(format!("setoption: {e}")),
            Ok(change) => {
                self.options = options;
                match change {
                    Change::Variant => {
                        match self.options.start_position() {
                            Ok(variant) => self.variant = variant,
                            Err(e) => self.error(format!("setoption: {e}")),
                        }
                        self.worker.send(Job::ClearTable);
                    }
                    Change::Rules(variant, start) => {
                        // New rules for the current game: a new game at its new start (the
                        // one built when the rules were checked).
                        if variant == self.options.variant {
                            self.variant = start.0;
                            self.worker.send(Job::ClearTable);
                        }
                    }
                    Change::Hash => self.worker.send(Job::ResizeTable(self.options.hash_mb)),
                    Change::ClearHash => self.worker.send(Job::ClearTable),
                    Change::Pending(note) => self.say(Response::InfoString(note)),
                    Change::Stored => {}
                }
            }
        }
    }

    fn go(&mut self, params: &GoParams) {
        let algorithm = self.options.search_algorithm();
        if let Err(message) = algorithm.check(self.variant.is_puzzle(), self.variant.name()) {
            self.error(format!("go: {message}"));
            return;
        }
        let stop = Arc::new(AtomicBool::new(false));
        let limits = limits(params, self.variant.side_to_move());
        let bounded = !limits.infinite
            && (limits.solve
                || limits.depth.is_some()
                || limits.nodes.is_some()
                || limits.move_time.is_some()
                || limits.clock.is_some());
        let job = self.options.search_job(limits, Arc::clone(&stop));
        let task = self.variant.search_task(job);
        self.start_task("go", task, stop, bounded);
    }

    /// Gives `task` to the worker, which starts it once the tasks before it have ended; or,
    /// when `MAX_WAITING_TASKS` already wait, refuses it with an error naming `command`.
    fn start_task(&mut self, command: &str, task: Task, stop: Arc<AtomicBool>, bounded: bool) {
        if self.tasks.len() > MAX_WAITING_TASKS {
            self.error(format!(
                "{command}: {MAX_WAITING_TASKS} commands are already waiting for the running one; not queued"
            ));
            return;
        }
        self.tasks.push_back(PendingTask { stop, bounded });
        self.worker.send(Job::Task(task));
    }

    fn query(&mut self, query: Query) {
        let answer = match query {
            Query::GameOver => self.variant.outcome().is_some().to_string(),
            Query::P1Turn => (self.variant.side_to_move() == Seat::P1).to_string(),
            Query::Result => self
                .variant
                .outcome()
                .map_or("none", Outcome::result_name)
                .to_string(),
            Query::Moves => self.variant.legal_moves().join(" "),
            Query::Fen => self.variant.fen(),
        };
        self.say(Response::QueryResponse(answer));
    }

    fn display(&mut self) {
        let text = describe(self.variant.as_ref());
        self.say(Response::Text(text));
    }
}

/// The search limits of `go`, taking the clock of the side to move.
pub fn limits(params: &GoParams, side: Seat) -> Limits {
    let ms = Duration::from_millis;
    let (time, inc) = match side {
        Seat::P1 => (params.p1_time, params.p1_inc),
        Seat::P2 => (params.p2_time, params.p2_inc),
    };
    Limits {
        depth: params.depth,
        nodes: params.nodes,
        move_time: params.move_time.map(ms),
        clock: time.map(|t| Clock {
            remaining: ms(t),
            increment: ms(inc.unwrap_or(0)),
            moves_to_go: params.moves_to_go,
        }),
        infinite: params.infinite,
        solve: params.solve,
        weak: params.weak,
        value_only: params.value_only,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::registry;
    use crossbeam_channel::unbounded;

    /// Runs a session on `lines` (then end of input) and returns what it printed.
    fn output(variant: &str, lines: &[&str]) -> Vec<String> {
        let (sink, input) = unbounded();
        for line in lines {
            sink.send(InputLine::Text(line.to_string())).expect("send");
        }
        drop(sink);
        let mut session = Session::new(Vec::new(), Some(variant)).expect("session");
        session.run(input);
        String::from_utf8(session.close())
            .expect("utf-8")
            .lines()
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn rejected_lines_change_nothing() {
        let bad = [
            "position startpos moves b2 b2",
            "position fen xxx/ooo/... x",
            "position fen nonsense",
            "position startpos moves z9",
            "setoption name UCI_Variant value chess",
            "setoption name Hash value 0",
            "go movetime soon",
            "frobnicate",
            "query sideways",
        ];
        let mut lines = vec!["position startpos moves b2 a1", "query fen", "query moves"];
        for line in bad {
            lines.push(line);
            lines.push("query fen");
            lines.push("query moves");
        }
        let out = output("tictactoe", &lines);
        let errors = out
            .iter()
            .filter(|l| l.starts_with("info string error: "))
            .count();
        assert_eq!(errors, bad.len(), "{out:?}");
        let answers: Vec<&String> = out.iter().filter(|l| l.starts_with("response")).collect();
        assert!(
            answers.chunks(2).all(|pair| pair == &answers[..2]),
            "{answers:?}"
        );
        assert_eq!(answers[0], "response .../.x./o.. x");
    }

    /// The `bestmove` lines of `out`, in order.
    fn bestmoves(out: &[String]) -> Vec<&str> {
        out.iter()
            .filter_map(|l| l.strip_prefix("bestmove "))
            .collect()
    }

    #[test]
    fn one_bestmove_per_go_in_order_however_fast_they_come() {
        let mut lines = Vec::new();
        for i in 0..30 {
            lines.push("position startpos moves 4 4");
            lines.push(if i % 2 == 0 {
                "go depth 6"
            } else {
                "go infinite"
            });
            lines.push("stop");
            lines.push("isready");
        }
        let out = output("connect4", &lines);
        assert_eq!(bestmoves(&out).len(), 30, "{out:?}");
        assert!(!out.iter().any(|l| l.contains("error")), "{out:?}");
        assert_eq!(out.iter().filter(|l| *l == "readyok").count(), 30);
    }

    #[test]
    fn a_waiting_go_searches_the_position_it_was_given() {
        // Each go waits behind the one before; each searches its own position.
        let out = output(
            "tictactoe",
            &[
                "position startpos moves a1 b2 a2",
                "go depth 9",
                "position startpos moves a1 b2 c3 a3",
                "go depth 9",
                "perft 1",
                "position startpos",
                "go depth 1",
            ],
        );
        // The perft line's time is cut off: it is not part of what is compared.
        let ends: Vec<&str> = out
            .iter()
            .filter(|l| l.starts_with("bestmove") || l.contains("perft"))
            .map(|l| l.split(" time ").next().unwrap_or(l))
            .collect();
        assert_eq!(
            ends,
            [
                "bestmove a3",
                "bestmove c1",
                "info string perft depth 1 nodes 5",
                "bestmove b2",
            ],
            "{out:?}"
        );
    }

    #[test]
    fn stop_ends_the_running_task_and_those_waiting_before_it_not_later_ones() {
        let out = output(
            "connect4",
            &[
                "perft 12",
                "go infinite",
                "go depth 20",
                "stop",
                "position startpos moves 4 4 4 4 4",
                "go depth 3",
            ],
        );
        let depth_3 = "info depth 3 ";
        assert_eq!(
            out.iter().filter(|l| l.starts_with(depth_3)).count(),
            1,
            "the go after stop is searched normally: {out:?}"
        );
        assert_eq!(out[0], "info string perft depth 12 stopped", "{out:?}");
        assert_eq!(bestmoves(&out).len(), 3, "{out:?}");
        let last_info = out.iter().rev().find(|l| l.starts_with("info depth"));
        assert!(last_info.is_some_and(|l| l.starts_with(depth_3)), "{out:?}");
    }

    #[test]
    fn at_most_64_commands_wait() {
        let mut lines = vec!["go infinite"];
        lines.extend(std::iter::repeat_n("go depth 1", MAX_WAITING_TASKS + 2));
        lines.push("stop");
        let out = output("tictactoe", &lines);
        let refused: Vec<&String> = out.iter().filter(|l| l.contains("error")).collect();
        assert_eq!(
            refused,
            [
                &"info string error: go: 64 commands are already waiting for the running one; not queued",
                &"info string error: go: 64 commands are already waiting for the running one; not queued",
            ],
        );
        assert_eq!(bestmoves(&out).len(), 1 + MAX_WAITING_TASKS, "{out:?}");
    }

    #[test]
    fn quit_prints_the_running_search_s_bestmove_and_drops_the_waiting_ones() {
        let out = output(
            "connect4",
            &["go infinite", "go depth 3", "perft 3", "quit", "isready"],
        );
        assert_eq!(bestmoves(&out).len(), 1, "{out:?}");
        assert_eq!(
            out.last().map(String::as_str),
            Some("bestmove 4"),
            "{out:?}"
        );
        assert!(!out.iter().any(|l| l == "readyok" || l.contains("perft")));
    }

    #[test]
    fn end_of_input_finishes_every_waiting_task() {
        let out = output(
            "tictactoe",
            &["go infinite", "go depth 2", "perft 2", "go", "go depth 9"],
        );
        assert_eq!(bestmoves(&out), ["b2", "b2", "b2", "b2"], "{out:?}");
        assert!(
            out.iter()
                .any(|l| l.starts_with("info string perft depth 2 nodes 72 time ")),
            "{out:?}"
        );
        assert!(
            out.iter().any(|l| l.starts_with("info depth 9 ")),
            "{out:?}"
        );
    }

    #[test]
    fn end_of_input_lets_a_bounded_search_finish() {
        let out = output("tictactoe", &["go depth 9"]);
        assert!(
            out.iter().any(|l| l.starts_with("info depth 9 ")),
            "{out:?}"
        );
        assert_eq!(out.last().map(String::as_str), Some("bestmove b2"));
    }

    #[test]
    fn variant_switch_resets_the_position() {
        let out = output(
            "connect4",
            &[
                "position startpos moves 4",
                "setoption name UCI_Variant value tictactoe",
                "query fen",
                "setoption name UCI_Variant value connect4",
                "query fen",
            ],
        );
        assert_eq!(
            out,
            [
                "response .../.../... x",
                "response ......./......./......./......./......./....... x"
            ]
        );
    }

    #[test]
    fn a_rule_option_builds_the_start_position_once() {
        let mut session = Session::new(Vec::new(), Some("connect4")).expect("session");
        let before = registry::starts_built();
        session.set_option("Connect4Width", Some("8"));
        assert_eq!(registry::starts_built() - before, 1);
        // Another game's rules: built once to check them, and the game played stays.
        session.set_option("BabylonColours", Some("3"));
        assert_eq!(registry::starts_built() - before, 2);
        session.set_option("Connect4Height", Some("7"));
        assert_eq!(registry::starts_built() - before, 3);
        assert_eq!(
            session.variant.fen(),
            "......../......../......../......../......../......../........ x"
        );
        let out = String::from_utf8(session.close()).expect("utf-8");
        assert_eq!(out, "");
    }

    mod fen_round_trip {
        use super::output;
        use crate::variants::registry;
        use proptest::prelude::*;
        use rand::rngs::StdRng;
        use rand::{RngExt, SeedableRng};

        /// The variant's name and the fen after `plies` random moves from its start (every
        /// variant of the registry, by its index).
        fn playout_fen(variant: usize, seed: u64, plies: usize) -> (&'static str, String) {
            let entries: Vec<_> = registry::entries().collect();
            let entry = entries[variant % entries.len()];
            let mut pos = entry
                .start(&entry.default_rules())
                .unwrap_or_else(|e| panic!("{}: {e}", entry.name));
            let mut rng = StdRng::seed_from_u64(seed);
            for _ in 0..plies {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let mv = &moves[rng.random_range(0..moves.len())];
                pos.play_move(mv)
                    .unwrap_or_else(|e| panic!("{}: {e}", entry.name));
            }
            (entry.name, pos.fen())
        }

        /// `position fen <text>` then `query fen` in a real session: either one error and the
        /// start position's fen, or the fen, which read back gives itself. Returns whether
        /// the fen was accepted.
        fn session_round_trip(variant: &str, text: &str) -> Result<bool, TestCaseError> {
            let position = format!("position fen {text}");
            let out = output(variant, &[&position, "query fen"]);
            match out.as_slice() {
                [answer] => {
                    let fen = answer.strip_prefix("response ");
                    prop_assert!(fen.is_some(), "{}", answer);
                    let again = format!("position fen {}", fen.unwrap_or_default());
                    let out_again = output(variant, &[&again, "query fen"]);
                    prop_assert_eq!(&out_again, &out, "{} {:?}", variant, text);
                    Ok(true)
                }
                [error, start] => {
                    prop_assert!(
                        error.starts_with(&format!(
                            "info string error: position: bad {variant} fen"
                        )),
                        "{:?}",
                        out
                    );
                    let fresh = output(variant, &["query fen"]);
                    prop_assert_eq!(std::slice::from_ref(start), fresh.as_slice());
                    Ok(false)
                }
                _ => {
                    prop_assert!(false, "{} {:?}: {:?}", variant, text, out);
                    Ok(false)
                }
            }
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(300))]

            /// Positions reached by random play, given as fens to a real session: accepted,
            /// and `query fen` gives back the same text (the engine's own fens), which reads
            /// back as itself.
            #[test]
            fn reachable_positions(variant in 0usize..64, seed in any::<u64>(), plies in 0usize..60) {
                let (name, fen) = playout_fen(variant, seed, plies);
                prop_assert!(session_round_trip(name, &fen)?, "{:?} rejected", fen);
                let out = output(name, &[&format!("position fen {fen}"), "query fen"]);
                prop_assert_eq!(out, vec![format!("response {fen}")]);
            }

            /// Arbitrary notation text as a fen: rejected with one error line (the position
            /// stays at the start), or accepted and round-tripping through `query fen`.
            #[test]
            fn arbitrary_fens(
                variant in 0usize..64,
                text in "[.xoXO/ ()0-9a-hA-Q*+@-]{1,50}",
            ) {
                prop_assume!(!text.trim().is_empty());
                let name = playout_fen(variant, 0, 0).0;
                session_round_trip(name, text.trim())?;
            }
        }
    }
}
