//! Transcript tests: a file of lines to send (`> ...`) and output to expect (`< ...`), played
//! against a real engine process. The format is documented in protocol.md ("Transcripts").
//!
//! | line            | meaning                                                              |
//! |-----------------|----------------------------------------------------------------------|
//! | `> text`        | send `text` (plus a newline) to the engine                           |
//! | `< text`        | the next output line is exactly `text`                               |
//! | `~ regex`       | the next output line matches `regex` (whole line)                    |
//! | `...< text`     | skip output lines until one is exactly `text`                        |
//! | `...~ regex`    | skip output lines until one matches `regex`                          |
//! | `*~ regex`      | before the next expectation, skip only lines matching `regex`        |
//! | `! sleep N`     | wait N milliseconds                                                  |
//! | `! silence N`   | no output line may arrive within N milliseconds                      |
//! | `! timeout N`   | wait at most N ms for each later expectation (default 60000)         |
//! | `! close`       | close the engine's stdin (end of input)                              |
//! | `! exit N`      | the engine exits with status N (stdin is closed first)               |
//! | `# ...`, blank  | comment                                                              |
//!
//! At the end of the file stdin is closed, the engine must exit with status 0, and every line
//! it printed must have been matched.
//!
//! The wait for an expected line or for the exit is a hang guard (`HANG_GUARD`, or `! timeout`):
//! a transcript says what must happen and in which order, never how soon, so that it passes
//! on a loaded machine; only a stuck engine reaches the guard.

use crossbeam_channel::{Receiver, RecvTimeoutError, unbounded};
use regex::Regex;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// How long an expected line or the exit is waited for unless `! timeout` says otherwise.
pub const HANG_GUARD: Duration = Duration::from_secs(60);

/// How one expected line is matched.
#[derive(Debug)]
pub enum Pattern {
    /// Exactly this text.
    Exact(String),
    /// A regular expression matching the whole line.
    Regex(Regex),
}

impl Pattern {
    fn matches(&self, line: &str) -> bool {
        match self {
            Pattern::Exact(text) => text == line,
            Pattern::Regex(re) => re.is_match(line),
        }
    }
}

/// Which output lines an expectation may pass over before the one it matches.
#[derive(Debug)]
pub enum Skip {
    /// None: the next line must match.
    Nothing,
    /// Any line (`...< text`, `...~ regex`).
    Anything,
    /// Only lines matching this (a `*~ regex` line before the expectation).
    Matching(Regex),
}

/// One step of a transcript, with its line number in the file.
#[derive(Debug)]
pub enum Step {
    /// Send a line.
    Send(String),
    /// Expect a line, after passing over the lines `skip` allows.
    Expect {
        /// What to match.
        pattern: Pattern,
        /// What may come first.
        skip: Skip,
    },
    /// Wait.
    Sleep(Duration),
    /// No output for this long.
    Silence(Duration),
    /// Change the wait limit of expectations.
    Timeout(Duration),
    /// Close stdin.
    Close,
    /// Expect the process to exit with this status.
    Exit(i32),
}

/// Parses a transcript; each step comes with its 1-based line number.
pub fn parse(text: &str) -> Result<Vec<(usize, Step)>, String> {
    let mut steps = Vec::new();
    // A `*~ regex` waiting for the expectation it belongs to, with its line number.
    let mut filter: Option<(usize, Regex)> = None;
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let line = raw.trim_end_matches('\r');
        let step = if line.trim().is_empty() || line.starts_with('#') {
            continue;
        } else if let Some(re) = line.strip_prefix("*~ ") {
            if filter.is_some() {
                return Err(format!("line {n}: two '*~' lines in a row"));
            }
            filter = Some((
                n,
                whole_line_regex(re).map_err(|e| format!("line {n}: {e}"))?,
            ));
            continue;
        } else if let Some(rest) = line.strip_prefix("> ") {
            Step::Send(rest.to_string())
        } else if line == ">" {
            Step::Send(String::new())
        } else if let Some(rest) = line.strip_prefix("...") {
            expectation(rest, Skip::Anything).map_err(|e| format!("line {n}: {e}"))?
        } else if let Some(rest) = line.strip_prefix("! ") {
            directive(rest).map_err(|e| format!("line {n}: {e}"))?
        } else {
            let skip = match filter.take() {
                Some((_, re)) => Skip::Matching(re),
                None => Skip::Nothing,
            };
            expectation(line, skip).map_err(|e| format!("line {n}: {e}"))?
        };
        if let Some((at, _)) = &filter {
            return Err(format!(
                "line {at}: '*~' must come right before a '<' or '~' expectation"
            ));
        }
        steps.push((n, step));
    }
    if let Some((at, _)) = filter {
        return Err(format!(
            "line {at}: '*~' at the end, with no expectation after it"
        ));
    }
    Ok(steps)
}

/// A regex that must match a whole line.
fn whole_line_regex(re: &str) -> Result<Regex, String> {
    Regex::new(&format!("^(?:{re})$")).map_err(|e| format!("bad regex: {e}"))
}

fn expectation(line: &str, skip: Skip) -> Result<Step, String> {
    let pattern = if let Some(text) = line.strip_prefix("< ") {
        Pattern::Exact(text.to_string())
    } else if let Some(re) = line.strip_prefix("~ ") {
        Pattern::Regex(whole_line_regex(re)?)
    } else {
        return Err(format!(
            "cannot read '{line}' (expected '> ', '< ', '~ ', '...', '*~ ' or '! ')"
        ));
    };
    Ok(Step::Expect { pattern, skip })
}

fn directive(text: &str) -> Result<Step, String> {
    let mut words = text.split_whitespace();
    let name = words.next().unwrap_or("");
    let arg = words.next();
    let number = || -> Result<u64, String> {
        arg.and_then(|a| a.parse().ok())
            .ok_or_else(|| format!("'! {name}' needs a number"))
    };
    Ok(match name {
        "sleep" => Step::Sleep(Duration::from_millis(number()?)),
        "silence" => Step::Silence(Duration::from_millis(number()?)),
        "timeout" => Step::Timeout(Duration::from_millis(number()?)),
        "close" => Step::Close,
        "exit" => Step::Exit(number()? as i32),
        _ => return Err(format!("unknown directive '! {name}'")),
    })
}

/// A running engine with its output arriving on a channel.
struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    seen: Vec<String>,
}

impl Engine {
    fn start(program: &Path, args: &[String]) -> Result<Engine, String> {
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", program.display()))?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let (sink, lines) = unbounded();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sink.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Ok(Engine {
            child,
            stdin,
            lines,
            seen: Vec::new(),
        })
    }

    fn next_line(&mut self, deadline: Instant) -> Result<Option<String>, String> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => {
                self.seen.push(line.clone());
                Ok(Some(line))
            }
            Err(RecvTimeoutError::Timeout) => Ok(None),
            Err(RecvTimeoutError::Disconnected) => Err("the engine closed its output".into()),
        }
    }

    fn wait_exit(&mut self, limit: Duration) -> Result<i32, String> {
        self.stdin = None;
        let deadline = Instant::now() + limit;
        loop {
            if let Some(status) = self.child.try_wait().map_err(|e| e.to_string())? {
                return Ok(status.code().unwrap_or(-1));
            }
            if Instant::now() >= deadline {
                let _ = self.child.kill();
                let _ = self.child.wait();
                return Err(format!("the engine did not exit within {limit:?}"));
            }
            thread::sleep(Duration::from_millis(2));
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Plays `steps` against `program args`; the error names the failing line of the transcript
/// and shows the engine's output so far.
pub fn run(program: &Path, args: &[String], steps: &[(usize, Step)]) -> Result<(), String> {
    let mut engine = Engine::start(program, args)?;
    let outcome = play(&mut engine, steps);
    outcome.map_err(|e| {
        let tail: Vec<&String> = engine.seen.iter().rev().take(20).rev().collect();
        let shown: Vec<&str> = tail.iter().map(|s| s.as_str()).collect();
        format!("{e}\n--- last output lines ---\n{}", shown.join("\n"))
    })
}

fn play(engine: &mut Engine, steps: &[(usize, Step)]) -> Result<(), String> {
    let mut timeout = HANG_GUARD;
    let mut exited = false;
    for (n, step) in steps {
        let at = |e: String| format!("line {n}: {e}");
        match step {
            Step::Send(text) => {
                let stdin = engine
                    .stdin
                    .as_mut()
                    .ok_or_else(|| at("stdin is closed".into()))?;
                writeln!(stdin, "{text}")
                    .and_then(|_| stdin.flush())
                    .map_err(|e| at(format!("cannot send '{text}': {e}")))?;
            }
            Step::Expect { pattern, skip } => {
                let deadline = Instant::now() + timeout;
                loop {
                    match engine.next_line(deadline).map_err(at)? {
                        None => return Err(at(format!("no line matching {pattern:?} in time"))),
                        Some(line) if pattern.matches(&line) => break,
                        Some(line) => match skip {
                            Skip::Anything => {}
                            Skip::Matching(re) if re.is_match(&line) => {}
                            _ => {
                                return Err(at(format!("expected {pattern:?}, got '{line}'")));
                            }
                        },
                    }
                }
            }
            Step::Sleep(d) => thread::sleep(*d),
            Step::Silence(d) => {
                if let Some(line) = engine.next_line(Instant::now() + *d).ok().flatten() {
                    return Err(at(format!("expected silence, got '{line}'")));
                }
            }
            Step::Timeout(d) => timeout = *d,
            Step::Close => engine.stdin = None,
            Step::Exit(code) => {
                let status = engine.wait_exit(timeout).map_err(at)?;
                if status != *code {
                    return Err(at(format!("exit status {status}, expected {code}")));
                }
                exited = true;
            }
        }
    }
    if !exited {
        let status = engine.wait_exit(timeout)?;
        if status != 0 {
            return Err(format!("at the end: exit status {status}, expected 0"));
        }
    }
    // Everything printed must have been matched.
    if let Ok(line) = engine.lines.recv_timeout(Duration::from_millis(200)) {
        return Err(format!("at the end: unexpected output '{line}'"));
    }
    Ok(())
}

/// Runs the transcript in `file` against `program args`.
pub fn run_file(program: &Path, args: &[String], file: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
    let steps = parse(&text).map_err(|e| format!("{}: {e}", file.display()))?;
    run(program, args, &steps).map_err(|e| format!("{}: {e}", file.display()))
}

/// `sente transcript`: runs each of `files` against `program args` (this sente when `program`
/// is `None`), prints `ok   <file>` or `FAIL <why>` for each on stdout, then the counts; an
/// error when one failed.
pub fn run_files(
    program: Option<PathBuf>,
    args: &[String],
    files: &[PathBuf],
) -> Result<(), String> {
    let program = match program {
        Some(path) => path,
        None => std::env::current_exe().map_err(|e| e.to_string())?,
    };
    let mut failed = 0;
    let mut out = std::io::stdout().lock();
    for file in files {
        let line = match run_file(&program, args, file) {
            Ok(()) => format!("ok   {}", file.display()),
            Err(e) => {
                failed += 1;
                format!("FAIL {e}")
            }
        };
        // A closed stdout (`| head`) ends the listing, not the program.
        let _ = writeln!(out, "{line}");
    }
    let _ = writeln!(out, "{} passed, {failed} failed", files.len() - failed);
    if failed == 0 {
        Ok(())
    } else {
        Err(format!("{failed} transcript(s) failed"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_kind_of_line() {
        let steps =
            parse("# c\n> uci\n< uciok\n~ id .*\n...< readyok\n...~ best.*\n! sleep 5\n! exit 0\n")
                .expect("parses");
        assert_eq!(steps.len(), 7);
        assert!(matches!(steps[0].1, Step::Send(ref s) if s == "uci"));
        assert!(matches!(
            steps[3].1,
            Step::Expect {
                skip: Skip::Anything,
                ..
            }
        ));
        assert!(matches!(
            steps[2].1,
            Step::Expect {
                skip: Skip::Nothing,
                ..
            }
        ));
        assert!(matches!(steps[6].1, Step::Exit(0)));
        let steps = parse("*~ info .*\n< bestmove 4\n").expect("parses");
        assert_eq!(steps.len(), 1);
        assert!(matches!(
            steps[0].1,
            Step::Expect {
                skip: Skip::Matching(_),
                ..
            }
        ));
        assert!(parse("*~ info .*\n> go\n").is_err());
        assert!(parse("*~ info .*\n").is_err());
        assert!(parse("*~ info .*\n*~ x\n< y\n").is_err());
        assert!(parse("? what").is_err());
        assert!(parse("~ (").is_err());
        assert!(parse("! dance").is_err());
    }
}
