//! A whole in-process session fed arbitrary lines. The first byte picks the variant; the rest
//! goes through the input reader as lines. So that one input runs in milliseconds, every line
//! that parses as `go` is replaced by one of a few short searches (chosen by its length),
//! `perft` depths are capped at 2 and `Hash` values at 8 MB. Checks: no panic, the output is
//! UTF-8, every `isready` before `quit` gets a `readyok`, and every `go` gets exactly one
//! `bestmove` or the error of a full queue (at most one when `quit` came: the waiting ones are
//! dropped). The session is closed (its search thread joined) after each input, so memory does
//! not pile up between inputs.

#![no_main]

use libfuzzer_sys::fuzz_target;
use sente::protocol::line::{InputLine, read_line};
use sente::engine::session::Session;
use sente::protocol::command::Command;
use sente::protocol::parse::parse_command;
use std::io::Cursor;

const SEARCHES: [&str; 5] = [
    "go depth 1",
    "go nodes 200",
    "go movetime 2",
    "go infinite",
    "go depth 3 nodes 500",
];

/// The line to send instead of `text`, keeping each input fast and small.
fn tame(text: String) -> InputLine {
    match parse_command(&text) {
        Ok(Command::Go(_)) => InputLine::Text(SEARCHES[text.len() % SEARCHES.len()].to_string()),
        Ok(Command::Perft(depth)) if depth > 2 => InputLine::Text("perft 2".to_string()),
        Ok(Command::SetOption { name, value })
            if name.eq_ignore_ascii_case("hash")
                && value
                    .as_deref()
                    .and_then(|v| v.parse::<u64>().ok())
                    .is_some_and(|mb| mb > 8) =>
        {
            InputLine::Text("setoption name Hash value 8".to_string())
        }
        _ => InputLine::Text(text),
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let variants: Vec<&str> = sente::variants::registry::names().collect();
    let variant = variants[usize::from(which) % variants.len()];
    let (sink, lines) = crossbeam_channel::unbounded();
    let mut reader = Cursor::new(rest);
    let (mut gos, mut readies, mut quit) = (0, 0, false);
    while let Some(line) = read_line(&mut reader) {
        let line = match line {
            InputLine::Text(text) => tame(text),
            other => other,
        };
        if let InputLine::Text(text) = &line
            && !quit
        {
            match parse_command(text) {
                Ok(Command::Go(_)) => gos += 1,
                Ok(Command::IsReady) => readies += 1,
                Ok(Command::Quit) => quit = true,
                _ => {}
            }
        }
        if sink.send(line).is_err() {
            break;
        }
    }
    drop(sink);
    let mut session = Session::new(Vec::new(), Some(variant)).expect("a session starts");
    session.run(lines);
    let out = String::from_utf8(session.close()).expect("the output is UTF-8");
    let bestmoves = out.lines().filter(|l| l.starts_with("bestmove ")).count();
    // Exact lines: error messages quote the rejected text, which may hold these words.
    let busy = out
        .lines()
        .filter(|l| {
            *l == "info string error: go: 64 commands are already waiting for the running one; not queued"
        })
        .count();
    let readyoks = out.lines().filter(|l| *l == "readyok").count();
    if quit {
        // Searches waiting at `quit` are dropped without their `bestmove`.
        assert!(bestmoves + busy <= gos, "{out}");
    } else {
        assert_eq!(bestmoves + busy, gos, "{out}");
    }
    assert_eq!(readyoks, readies, "{out}");
});
