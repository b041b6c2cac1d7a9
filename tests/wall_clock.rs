//! No test asserts on wall-clock time. CI runs the tests on a loaded two-core machine, where
//! "it happened within N ms" fails for no fault of the code: a test waits on events (a line,
//! a message, a page state) and speed is measured by benchmarks (`scripts/`). This test reads
//! the tests' sources and fails, naming each line, when
//!
//! - a Rust assertion (`assert!`, `assert_eq!`, `assert_ne!`, with `debug_` or `prop_`), or
//!   the condition of an `if` that compares (`<`, `>`), in `tests/` or in the test code of
//!   `src/` (`tests.rs`, `tests/` folders, and what follows the first `#[cfg(test)]` of a
//!   file) reads the clock: `.elapsed()`, `Instant::now()`, `SystemTime::now()`,
//!   `duration_since(`, or a variable bound from one of them;
//! - a Python `assert` in `python/tests/` reads the clock: `time.time()`, `perf_counter()`,
//!   `monotonic()`, `time_ns()`, `datetime.now()`, or a name bound from one of them
//!   (`t = time.monotonic()`, `times.append(time.perf_counter())`);
//! - a transcript (`tests/transcripts/*.txt`) shortens the wait for a line (`! timeout N`)
//!   below the runner's hang guard, `sente::transcript::HANG_GUARD`.
//!
//! A hang guard is fine: a generous limit that only ends a stuck test. It is named so: an
//! assertion that mentions an identifier containing `hang_guard` (any case), or the browser
//! tests' `PATIENCE`, or a variable bound from an expression that does
//! (`let deadline = Instant::now() + HANG_GUARD`), is not a timing assertion.
//!
//! The check reads code only (comments and string literals are blanked first); a name is
//! followed within the function that binds it (a top-level one in Python), and an `if` only
//! counts when its block fails the test (`Err(`, `panic!`, an assertion), not when it keeps a
//! figure.

use regex::Regex;
use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

/// Something that reads the clock, in Rust.
const RUST_CLOCK: &str = r"\.elapsed\(\)|\bInstant::now\(\)|\bSystemTime::now\(\)|duration_since\(";
/// Something that reads the clock, in Python.
const PYTHON_CLOCK: &str =
    r"\btime\.time\(|\bperf_counter(_ns)?\(|\bmonotonic(_ns)?\(|\btime_ns\(|\bdatetime\.now\(";
/// An identifier naming a hang guard.
const GUARD: &str = r"(?i:\w*hang_guard\w*)|\bPATIENCE\b";

#[test]
fn no_test_asserts_on_wall_clock_time() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut problems = Vec::new();
    let mut rust = Vec::new();
    collect(&root.join("tests"), "rs", &mut rust);
    let mut src = Vec::new();
    collect(&root.join("src"), "rs", &mut src);
    for file in src {
        let text = read(&file);
        let in_tests_folder = file
            .strip_prefix(root.join("src"))
            .is_ok_and(|p| p.components().any(|c| c.as_os_str() == "tests"));
        if in_tests_folder || file.file_name().is_some_and(|n| n == "tests.rs") {
            rust.push(file);
        } else if let Some(at) = text.find("#[cfg(test)]") {
            // Only the test code: what comes before it is blanked, line numbers kept.
            let before: String = text[..at]
                .chars()
                .map(|c| if c == '\n' { '\n' } else { ' ' })
                .collect();
            problems.extend(check_rust(&shown(root, &file), &(before + &text[at..])));
        }
    }
    for file in &rust {
        problems.extend(check_rust(&shown(root, file), &read(file)));
    }
    let mut python = Vec::new();
    collect(&root.join("python").join("tests"), "py", &mut python);
    for file in &python {
        problems.extend(check_python(&shown(root, file), &read(file)));
    }
    let mut transcripts = Vec::new();
    collect(
        &root.join("tests").join("transcripts"),
        "txt",
        &mut transcripts,
    );
    for file in &transcripts {
        problems.extend(check_transcript(&shown(root, file), &read(file)));
    }
    assert!(
        !rust.is_empty() && !python.is_empty() && !transcripts.is_empty(),
        "no test sources found under {}",
        root.display()
    );
    assert!(
        problems.is_empty(),
        "tests assert on wall-clock time (wait for an event instead; a limit that only ends a \
         stuck test is a hang guard and says so; a speed figure goes to a benchmark in \
         scripts/):\n{}",
        problems.join("\n")
    );
}

#[test]
fn the_check_finds_timing_assertions_and_lets_hang_guards_be() {
    let rust = r#"
fn f() {
    let start = Instant::now();
    assert!(start.elapsed() < Duration::from_millis(1800), "{:?}", start.elapsed());
    let sent = Instant::now();
    let caught = Instant::now();
    assert!(caught - sent < Duration::from_millis(100));
    // assert!(start.elapsed() < X) in a comment is no code
    assert!(ok, "the text start.elapsed() is no code");
    assert!(start.elapsed() < harness::PATIENCE, "timed out");
    let deadline = Instant::now() + HANG_GUARD;
    assert!(Instant::now() < deadline, "stuck");
    assert_eq!(
        waited.duration_since(sent),
        x
    );
    let c = '"'; let q = '\''; assert_eq!(start, start);
    let waited = at.saturating_duration_since(sent);
    if waited > bound {
        return Err("slow");
    }
    if start.elapsed() > PATIENCE {
        panic!("stuck");
    }
    if let Some(line) = lines.recv_timeout(left) {}
    if waited > self.slowest {
        self.slowest = waited;
    }
}

fn other(start: u32, left: usize) {
    assert_eq!(start, 3);
    if left < 4 {
        return Err("a count");
    }
}
"#;
    let found = check_rust("a.rs", rust);
    let lines: Vec<&str> = found
        .iter()
        .map(|p| p.split(':').nth(1).unwrap_or(""))
        .collect();
    assert_eq!(lines, ["4", "7", "13", "17", "19"], "{found:#?}");

    let python = r#"
import time

def test_x():
    sent = []
    started = time.monotonic()
    sent.append(time.perf_counter())
    assert time.monotonic() - started < 2
    assert (caught -
            sent[0] < 0.5), "slow"
    # assert time.time() < 3
    assert ok, "time.time() in a message"
    hang_guard = time.monotonic() + HANG_GUARD
    assert time.monotonic() < hang_guard
    assert started


def test_y(started):
    assert started == 3
"#;
    let found = check_python("t.py", python);
    let lines: Vec<&str> = found
        .iter()
        .map(|p| p.split(':').nth(1).unwrap_or(""))
        .collect();
    assert_eq!(lines, ["8", "9", "15"], "{found:#?}");

    let transcript = "> go\n! timeout 1000\n! timeout 600000\n~ bestmove .*\n";
    let found = check_transcript("t.txt", transcript);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].starts_with("t.txt:2:"), "{found:?}");
}

/// Every file under `dir` whose name ends with `.ext`, sorted.
fn collect(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            if path.file_name().is_some_and(|n| n == "node_modules") {
                continue;
            }
            collect(&path, ext, out);
        } else if path.extension().is_some_and(|e| e == ext) {
            out.push(path);
        }
    }
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn shown(root: &Path, path: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .display()
        .to_string()
}

/// `path:line: the line` for the line of `code` holding byte `at`.
fn problem(path: &str, original: &str, code: &str, at: usize, why: &str) -> String {
    let line = code[..at].matches('\n').count();
    let text = original.lines().nth(line).unwrap_or("").trim();
    format!("{path}:{}: {text}   <- {why}", line + 1)
}

/// A name bound from an expression that reads the clock (`let x = ...;` in Rust, `x = ...` or
/// `x.append(...)` in Python), within the function that binds it.
struct Binding {
    name: String,
    /// The byte range of the function (the whole file outside any).
    scope: (usize, usize),
    /// The expression also names a hang guard.
    guard: bool,
}

/// The clock's bindings of `code`, each scoped to the innermost of `scopes` holding it.
fn bound(
    bindings: &Regex,
    code: &str,
    scopes: &[(usize, usize)],
    clock: &Regex,
    guard: &Regex,
) -> Vec<Binding> {
    bindings
        .captures_iter(code)
        .filter(|caps| clock.is_match(&caps["expr"]))
        .map(|caps| {
            let at = caps.get(0).map_or(0, |m| m.start());
            let scope = scopes
                .iter()
                .filter(|(from, to)| (*from..*to).contains(&at))
                .min_by_key(|(from, to)| to - from)
                .copied()
                .unwrap_or((0, code.len()));
            Binding {
                name: caps["name"].to_string(),
                scope,
                guard: guard.is_match(&caps["expr"]),
            }
        })
        .collect()
}

/// Why `text` (at byte `at`: an assertion, or a condition that fails the test) is a timing
/// check, if it is.
fn timing(
    text: &str,
    at: usize,
    names: &[Binding],
    clock: &Regex,
    guard: &Regex,
) -> Option<&'static str> {
    let words: BTreeSet<&str> = text
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .collect();
    let named = |guards: bool| {
        names.iter().any(|b| {
            b.guard == guards
                && (b.scope.0..b.scope.1).contains(&at)
                && words.contains(b.name.as_str())
        })
    };
    if guard.is_match(text) || named(true) {
        None
    } else if clock.is_match(text) {
        Some("checks the clock")
    } else if named(false) {
        Some("checks a time read from the clock")
    } else {
        None
    }
}

/// The byte ranges of the Rust functions of `code` (blanked): from `fn` to its closing brace.
fn rust_functions(code: &str) -> Vec<(usize, usize)> {
    let function = Regex::new(r"\bfn\s+\w+").expect("regex");
    function
        .find_iter(code)
        .filter_map(|m| {
            let open = m.end() + code[m.end()..].find(['{', ';'])?;
            (code.as_bytes()[open] == b'{').then(|| (m.start(), matching(code, open, '{', '}')))
        })
        .collect()
}

/// The byte ranges of the top-level Python functions and classes of `code` (blanked): from
/// `def` or `class` to the next line that starts at the margin.
fn python_functions(code: &str) -> Vec<(usize, usize)> {
    let mut scopes = Vec::new();
    let mut open: Option<usize> = None;
    let mut offset = 0;
    for line in code.split_inclusive('\n') {
        let at_margin = line.starts_with(|c: char| !c.is_whitespace());
        if at_margin && !line.starts_with('@') {
            if let Some(from) = open.take() {
                scopes.push((from, offset));
            }
            if line.starts_with("def ")
                || line.starts_with("async def ")
                || line.starts_with("class ")
            {
                open = Some(offset);
            }
        }
        offset += line.len();
    }
    if let Some(from) = open {
        scopes.push((from, code.len()));
    }
    scopes
}

fn check_rust(path: &str, original: &str) -> Vec<String> {
    let code = blank_rust(original);
    let clock = Regex::new(RUST_CLOCK).expect("regex");
    let guard = Regex::new(GUARD).expect("regex");
    let bindings = Regex::new(r"\blet\s+(?:mut\s+)?(?P<name>\w+)\s*(?::[^=;]*)?=(?P<expr>[^;]*);")
        .expect("regex");
    let names = bound(&bindings, &code, &rust_functions(&code), &clock, &guard);
    let assertion = Regex::new(r"\b(?:debug_|prop_)?assert(?:_eq|_ne)?!\s*\(").expect("regex");
    let mut problems = Vec::new();
    for m in assertion.find_iter(&code) {
        let open = m.end() - 1;
        let close = matching(&code, open, '(', ')');
        if let Some(why) = timing(&code[open..close], m.start(), &names, &clock, &guard) {
            problems.push(problem(path, original, &code, m.start(), why));
        }
    }
    // `if <a comparison> { <fails the test> }`: a time checked by hand, as in
    // `if waited > bound { return Err(..) }`; one that keeps a figure is not a check.
    let condition = Regex::new(r"\bif\s+(?P<cond>[^{;]*?[<>][^{;]*)\{").expect("regex");
    let fails = Regex::new(r"\bErr\(|\bpanic!|\bassert|\bunreachable!").expect("regex");
    for caps in condition.captures_iter(&code) {
        let (whole, cond) = (caps.get(0).expect("a match"), &caps["cond"]);
        let block = &code[whole.end() - 1..matching(&code, whole.end() - 1, '{', '}')];
        if cond.trim_start().starts_with("let ") || !fails.is_match(block) {
            continue;
        }
        if let Some(why) = timing(cond, whole.start(), &names, &clock, &guard) {
            problems.push(problem(path, original, &code, whole.start(), why));
        }
    }
    problems.sort_by_key(|p| line_number(p));
    problems
}

/// The line number of a problem (`path:line: ...`).
fn line_number(problem: &str) -> usize {
    problem
        .split(':')
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

/// The index just past the bracket `close` that closes the `open` one at `from` (or the end).
fn matching(code: &str, from: usize, open: char, close: char) -> usize {
    let mut depth = 0;
    for (i, c) in code[from..].char_indices() {
        if c == open {
            depth += 1;
        } else if c == close {
            depth -= 1;
            if depth == 0 {
                return from + i + 1;
            }
        }
    }
    code.len()
}

/// `code` with the insides of comments, strings and character literals made blanks (newlines
/// kept, so that byte offsets and lines stay).
fn blank_rust(code: &str) -> String {
    let chars: Vec<char> = code.chars().collect();
    let mut out: Vec<char> = chars.clone();
    let blank = |out: &mut Vec<char>, from: usize, to: usize| {
        for c in &mut out[from..to.min(chars.len())] {
            if *c != '\n' {
                *c = ' ';
            }
        }
    };
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            let end = chars[i..]
                .iter()
                .position(|&c| c == '\n')
                .map_or(chars.len(), |p| i + p);
            blank(&mut out, i, end);
            i = end;
        } else if c == '/' && next == Some('*') {
            let (mut depth, mut j) = (1, i + 2);
            while j < chars.len() && depth > 0 {
                if chars[j] == '/' && chars.get(j + 1) == Some(&'*') {
                    depth += 1;
                    j += 1;
                } else if chars[j] == '*' && chars.get(j + 1) == Some(&'/') {
                    depth -= 1;
                    j += 1;
                }
                j += 1;
            }
            blank(&mut out, i, j);
            i = j;
        } else if c == 'r'
            && (i == 0 || !ident(chars[i - 1]) || chars[i - 1] == 'b')
            && matches!(next, Some('"' | '#'))
        {
            let hashes = chars[i + 1..].iter().take_while(|&&c| c == '#').count();
            if chars.get(i + 1 + hashes) != Some(&'"') {
                i += 1;
                continue;
            }
            let start = i + 2 + hashes;
            let mut j = start;
            while j < chars.len()
                && !(chars[j] == '"' && chars[j + 1..].iter().take(hashes).all(|&c| c == '#'))
            {
                j += 1;
            }
            blank(&mut out, start, j);
            i = j + 1 + hashes;
        } else if c == '"' {
            let mut j = i + 1;
            while j < chars.len() && chars[j] != '"' {
                j += if chars[j] == '\\' { 2 } else { 1 };
            }
            blank(&mut out, i + 1, j);
            i = j + 1;
        } else if c == '\'' && next == Some('\\') {
            // An escape: the character after the backslash may be a quote itself.
            let end = chars[(i + 3).min(chars.len())..]
                .iter()
                .position(|&c| c == '\'')
                .map_or(chars.len(), |p| i + 3 + p);
            blank(&mut out, i + 1, end);
            i = end + 1;
        } else if c == '\'' && chars.get(i + 2) == Some(&'\'') {
            blank(&mut out, i + 1, i + 2);
            i += 3;
        } else {
            i += 1;
        }
    }
    out.into_iter().collect()
}

fn check_python(path: &str, original: &str) -> Vec<String> {
    let code = blank_python(original);
    let clock = Regex::new(PYTHON_CLOCK).expect("regex");
    let guard = Regex::new(GUARD).expect("regex");
    let bindings = Regex::new(r"(?m)^[ \t]*(?P<name>\w+)(?:[ \t]*=[ \t]*|\.append\()(?P<expr>.*)$")
        .expect("regex");
    let names = bound(&bindings, &code, &python_functions(&code), &clock, &guard);
    let mut problems = Vec::new();
    // Logical lines: a line goes on while a bracket is open or it ends with a backslash.
    let mut start = 0;
    let mut depth: i32 = 0;
    let mut offset = 0;
    for line in code.split_inclusive('\n') {
        for c in line.chars() {
            match c {
                '(' | '[' | '{' => depth += 1,
                ')' | ']' | '}' => depth -= 1,
                _ => {}
            }
        }
        offset += line.len();
        if depth > 0 || line.trim_end().ends_with('\\') {
            continue;
        }
        let logical = &code[start..offset];
        let statement = logical.trim_start();
        let at = start + (logical.len() - statement.len());
        if (statement.starts_with("assert ") || statement.starts_with("assert("))
            && let Some(why) = timing(statement, at, &names, &clock, &guard)
        {
            problems.push(problem(path, original, &code, at, why));
        }
        start = offset;
        depth = 0;
    }
    problems
}

/// `code` with the insides of comments and string literals made blanks (newlines kept).
fn blank_python(code: &str) -> String {
    let chars: Vec<char> = code.chars().collect();
    let mut out = chars.clone();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '#' {
            while i < chars.len() && chars[i] != '\n' {
                out[i] = ' ';
                i += 1;
            }
        } else if c == '"' || c == '\'' {
            let triple = chars.get(i + 1) == Some(&c) && chars.get(i + 2) == Some(&c);
            let quote = if triple { 3 } else { 1 };
            let mut j = i + quote;
            loop {
                if j >= chars.len() || (!triple && chars[j] == '\n') {
                    break;
                }
                if chars[j] == '\\' {
                    j += 2;
                    continue;
                }
                if chars[j] == c && (!triple || chars[j..].iter().take(3).all(|&q| q == c)) {
                    break;
                }
                j += 1;
            }
            for k in i + quote..j.min(chars.len()) {
                if chars[k] != '\n' {
                    out[k] = ' ';
                }
            }
            i = j + quote;
        } else {
            i += 1;
        }
    }
    out.into_iter().collect()
}

fn check_transcript(path: &str, text: &str) -> Vec<String> {
    let guard = sente::transcript::HANG_GUARD.as_millis();
    text.lines()
        .enumerate()
        .filter_map(|(n, line)| {
            let ms: u128 = line
                .trim()
                .strip_prefix("! timeout ")?
                .trim()
                .parse()
                .ok()?;
            (ms < guard).then(|| {
                format!(
                    "{path}:{}: {line}   <- a wait shorter than the hang guard ({guard} ms)",
                    n + 1
                )
            })
        })
        .collect()
}
