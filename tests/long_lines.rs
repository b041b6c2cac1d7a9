//! Over-long input lines through the real binary: a 50 MB line is read to its end, dropped
//! and answered with one error line, the session goes on answering, and memory stays bounded
//! (the reader keeps at most 1 MiB of a line; protocol.md, "Conventions").

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::thread;
use std::time::Duration;

const MEGABYTES: usize = 50;

/// Peak resident memory the engine may reach while reading the line, in MB: the program with
/// its 16 MB table needs about 21 (measured), the reader at most 1 MiB more; keeping the whole
/// line would need 50 more.
const PEAK_MB: u64 = 30;

fn start() -> (Child, ChildStdin, Receiver<String>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sente"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("sente starts");
    let stdin = child.stdin.take().expect("stdin");
    let stdout = child.stdout.take().expect("stdout");
    let (sink, lines) = channel();
    thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if sink.send(line).is_err() {
                break;
            }
        }
    });
    (child, stdin, lines)
}

/// Writes `MEGABYTES` MB of `x` without a newline (returns once sente has read all but the
/// pipe's buffer).
fn write_long_line(stdin: &mut ChildStdin) {
    let chunk = vec![b'x'; 1 << 20];
    for _ in 0..MEGABYTES {
        stdin.write_all(&chunk).expect("write");
    }
    stdin.flush().expect("flush");
}

/// The peak resident memory of `pid` in MB (Linux), or `None` elsewhere.
fn peak_rss_mb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024)
}

/// How long a test waits for a line it expects: a hang guard, only a stuck engine takes it.
const HANG_GUARD: Duration = Duration::from_secs(120);

fn next_line(lines: &Receiver<String>) -> String {
    lines
        .recv_timeout(HANG_GUARD)
        .expect("a line within the hang guard")
}

fn error_line() -> String {
    format!(
        "info string error: line too long ({} bytes; the limit is 1048576), ignored",
        MEGABYTES << 20
    )
}

#[test]
fn a_50_mb_line_is_dropped_with_one_error_and_memory_stays_bounded() {
    let (mut child, mut stdin, lines) = start();
    write_long_line(&mut stdin);
    thread::sleep(Duration::from_millis(100));
    // Still inside the line (no newline yet): nothing said, memory bounded.
    assert!(lines.try_recv().is_err());
    if let Some(peak) = peak_rss_mb(child.id()) {
        assert!(
            peak <= PEAK_MB,
            "peak RSS {peak} MB inside a {MEGABYTES} MB line"
        );
    }
    stdin.write_all(b"\nisready\nquery fen\n").expect("write");
    stdin.flush().expect("flush");
    assert_eq!(next_line(&lines), error_line());
    assert_eq!(next_line(&lines), "readyok");
    assert_eq!(
        next_line(&lines),
        "response ......./......./......./......./......./....... x"
    );
    if let Some(peak) = peak_rss_mb(child.id()) {
        assert!(peak <= PEAK_MB, "peak RSS {peak} MB after the line");
    }
    stdin.write_all(b"quit\n").expect("write");
    drop(stdin);
    assert!(child.wait().expect("exit").success());
    assert!(lines.recv_timeout(Duration::from_secs(1)).is_err());
}

#[test]
fn an_endless_line_ended_by_end_of_input_gets_its_error_then_exit_0() {
    let (mut child, mut stdin, lines) = start();
    write_long_line(&mut stdin);
    drop(stdin);
    assert_eq!(next_line(&lines), error_line());
    assert!(child.wait().expect("exit").success());
    assert!(lines.recv_timeout(Duration::from_secs(1)).is_err());
}
