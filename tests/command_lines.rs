//! No line for an engine is written by hand: outside `src/protocol/` (whose `write.rs` writes
//! every `Command` in a dialect), no string literal in `src/` or in the Python glue
//! (`python/src`) begins a command of the protocol (`"go …"`, `"setoption name …"`,
//! `"position startpos"`, `"stop"`, `"isready"`, `"quit"`, `"uci"`, `"ugi"`,
//! `"ucinewgame"`...). A client builds the typed `Command` and sends it; its line is
//! `Command::line`'s, which the parser reads back. The test fails naming each such literal's
//! file and line.
//!
//! A literal begins a command when it starts with a command word, alone or followed by what
//! may follow it in a line (one of its argument words, a number after `perft`, or a `{…}`
//! placeholder): `"go movetime {}"`, `"setoption name "`, `"go"` do; `"go to the last move"`,
//! `"stop the game first"` (a person's messages) do not.
//!
//! Not counted: test code (`#[cfg(test)]` items and the files of modules declared that way),
//! comments (a doc comment may name a command), and a literal in a match pattern
//! (`"quit" | "exit" => …` reads a person's word; it writes nothing). A literal that is a
//! command word but no line (a label naming a command in a message) is named in `ALLOWED`
//! with its reason; an entry that no longer matches a literal is a problem too, so that the
//! table stays true. (`python/sente/engine.py`, the Python side's own client, writes its own
//! lines: it is Python, not scanned.)

mod rust_source;

use rust_source::{Literal, collect_files, item_end, lex};
use std::fs;
use std::path::{Path, PathBuf};

/// The first words of the protocol's commands, each with the words that may follow it (`d`,
/// too common a literal, is left out). `go` has UCI's words sente does not read too: a line
/// with them is still a line for an engine.
const COMMAND_WORDS: &[(&str, &[&str])] = &[
    ("uci", &[]),
    ("ugi", &[]),
    ("isready", &[]),
    ("setoption", &["name"]),
    ("ucinewgame", &[]),
    ("uginewgame", &[]),
    ("position", &["startpos", "fen"]),
    (
        "go",
        &[
            "wtime",
            "btime",
            "winc",
            "binc",
            "p1time",
            "p2time",
            "p1inc",
            "p2inc",
            "movestogo",
            "movetime",
            "depth",
            "nodes",
            "infinite",
            "solve",
            "ponder",
            "mate",
            "searchmoves",
        ],
    ),
    ("stop", &[]),
    ("ponderhit", &[]),
    ("debug", &["on", "off"]),
    ("query", &["gameover", "p1turn", "result", "moves", "fen"]),
    ("perft", &[]),
    ("quit", &[]),
];

/// A literal allowed to begin with a command word, with the reason.
struct Allowed {
    /// The file, from the repository's root.
    file: &'static str,
    /// The literal's text.
    literal: &'static str,
    /// Why it is no line for an engine.
    why: &'static str,
}

const ALLOWED: &[Allowed] = &[
    Allowed {
        file: "src/engine/session.rs",
        literal: "go",
        why: "the engine's own label for a `go` it received, in its error when too many \
              commands wait (`go: 16 commands are already waiting ...`)",
    },
    Allowed {
        file: "src/engine/session.rs",
        literal: "perft",
        why: "the engine's own label for a `perft` it received, as for `go`",
    },
    Allowed {
        file: "python/src/engine.rs",
        literal: "go",
        why: "the label of a Python exception raised by `EngineProcess.go` (`go: no answer in \
              time`); the line itself is the Python side's",
    },
    Allowed {
        file: "python/src/engine.rs",
        literal: "isready",
        why: "the label of a Python exception raised by `EngineProcess.sync`, which sends \
              `isready`",
    },
];

#[test]
fn no_line_for_an_engine_is_written_by_hand() {
    // SENTE_COMMAND_LINES_ROOT checks another tree (an older checkout, say).
    let root = std::env::var_os("SENTE_COMMAND_LINES_ROOT")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")));
    let problems = check(&root, &["src", "python/src"], ALLOWED);
    assert!(
        problems.is_empty(),
        "lines for an engine written by hand (build the protocol's Command and send it; its \
         line is Command::line's):\n{}",
        problems.join("\n")
    );
}

#[test]
fn the_check_finds_a_planted_line_and_keeps_its_allowed_literals() {
    let root = std::env::temp_dir().join(format!("sente-command-lines-{}", std::process::id()));
    let write = |path: &str, text: &str| {
        let file = root.join(path);
        fs::create_dir_all(file.parent().expect("a file has a parent")).expect("temp dir");
        fs::write(file, text).expect("temp file");
    };
    write(
        "src/referee/game.rs",
        "//! Sends `go` and \"stop\".\n\
         fn f(p: &mut P) {\n\
         \x20   p.send(&format!(\"go movetime {}\", 5));\n\
         \x20   let s = \"setoption: a message\"; p.say(\"go to the last move\");\n\
         \x20   match w { \"quit\" | \"q\" => {}, _ => {} }\n\
         \x20   p.send(r#\"position startpos\"#); /* \"stop\" */ let c = '\"';\n\
         \x20   p.send(\"isready\"); p.send(\"setoption name \"); p.send(\"perft 3\");\n\
         }\n\
         #[cfg(test)]\nmod tests { fn t() { send(\"stop\"); } }\n\
         #[cfg(test)]\nmod more;\n",
    );
    write("src/referee/game/more.rs", "fn t() { send(\"uci\"); }\n");
    write(
        "src/protocol/write.rs",
        "fn w() -> &str { \"ucinewgame\" }\n",
    );
    write(
        "python/src/engine.rs",
        "fn f() { fault(\"go\"); label(\"isready\"); }\n",
    );
    let allowed = [
        Allowed {
            file: "python/src/engine.rs",
            literal: "go",
            why: "a label",
        },
        Allowed {
            file: "python/src/engine.rs",
            literal: "stop",
            why: "no longer there",
        },
    ];
    let problems = check(&root, &["src", "python/src"], &allowed);
    let _ = fs::remove_dir_all(&root);
    assert_eq!(
        problems,
        [
            "src/referee/game.rs:3: \"go movetime {}\"",
            "src/referee/game.rs:6: \"position startpos\"",
            "src/referee/game.rs:7: \"isready\"",
            "src/referee/game.rs:7: \"setoption name \"",
            "src/referee/game.rs:7: \"perft 3\"",
            "python/src/engine.rs:1: \"isready\"",
            "python/src/engine.rs: the allowed literal \"stop\" (no longer there) is not there",
        ],
        "{problems:#?}"
    );
}

/// Every literal beginning with a command word in the `.rs` files under `dirs` (relative to
/// `root`) but `src/protocol/`, as `file:line: "literal"`, then every entry of `allowed`
/// that matched nothing.
fn check(root: &Path, dirs: &[&str], allowed: &[Allowed]) -> Vec<String> {
    let mut problems = Vec::new();
    let mut used = vec![false; allowed.len()];
    for dir in dirs {
        let mut files = Vec::new();
        collect_files(&root.join(dir), &mut files);
        let test_files = test_module_files(&files);
        for file in &files {
            let relative = file
                .strip_prefix(root)
                .expect("under the root")
                .to_string_lossy()
                .replace('\\', "/");
            if relative.starts_with("src/protocol/") || test_files.contains(file) {
                continue;
            }
            let text = fs::read_to_string(file).expect("a readable source file");
            for literal in command_literals(&text) {
                let allowance = allowed
                    .iter()
                    .position(|a| a.file == relative && a.literal == literal.text);
                match allowance {
                    Some(i) => used[i] = true,
                    None => {
                        problems.push(format!("{relative}:{}: {:?}", literal.line, literal.text))
                    }
                }
            }
        }
    }
    for (entry, used) in allowed.iter().zip(used) {
        if !used {
            problems.push(format!(
                "{}: the allowed literal {:?} ({}) is not there",
                entry.file, entry.literal, entry.why
            ));
        }
    }
    problems
}

/// The files of modules declared under `#[cfg(test)]` (`#[cfg(test)] mod tests;`), and of
/// their own children.
fn test_module_files(files: &[PathBuf]) -> Vec<PathBuf> {
    let mut test_dirs = Vec::new();
    let mut test_files = Vec::new();
    for file in files {
        let text = fs::read_to_string(file).expect("a readable source file");
        let (code, _) = lex(&text);
        for (start, end) in test_items(&code) {
            let item = &code[start..end];
            let words: Vec<&str> = item
                .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .filter(|w| !w.is_empty())
                .collect();
            let Some(name) = words
                .iter()
                .position(|w| *w == "mod")
                .and_then(|i| words.get(i + 1))
            else {
                continue;
            };
            if !item.trim_end().ends_with(';') {
                continue;
            }
            // A child of `a/mod.rs`, `lib.rs` or `main.rs` lives in `a/`; of `a/b.rs`, in `a/b/`.
            let parent = file.parent().expect("a file has a parent");
            let stem = file.file_stem().expect("a file name").to_string_lossy();
            let dir = if matches!(stem.as_ref(), "mod" | "lib" | "main") {
                parent.to_path_buf()
            } else {
                parent.join(stem.as_ref())
            };
            test_files.push(dir.join(format!("{name}.rs")));
            test_dirs.push(dir.join(name));
        }
    }
    test_files.extend(
        files
            .iter()
            .filter(|f| test_dirs.iter().any(|d| f.starts_with(d)))
            .cloned(),
    );
    test_files
}

/// The literals of `text` that begin a command, outside test items and match patterns.
fn command_literals(text: &str) -> Vec<Literal> {
    let (code, literals) = lex(text);
    let tests = test_items(&code);
    literals
        .into_iter()
        .filter(|(at, _)| !tests.iter().any(|(start, end)| (*start..*end).contains(at)))
        .filter(|(at, _)| !in_pattern(&code[at + 2..]))
        .map(|(_, literal)| literal)
        .filter(|literal| begins_a_command(&literal.text))
        .collect()
}

/// Whether `text` starts with a command word, alone or followed by a word that may follow it.
fn begins_a_command(text: &str) -> bool {
    let mut words = text.split([' ', '\t']);
    let first = words.next().unwrap_or("");
    let Some((_, arguments)) = COMMAND_WORDS.iter().find(|(word, _)| *word == first) else {
        return false;
    };
    match words.find(|w| !w.is_empty()) {
        None => true,
        Some(next) => {
            next.starts_with('{')
                || arguments.contains(&next)
                || (first == "perft" && next.parse::<u32>().is_ok())
        }
    }
}

/// Whether the code after a literal makes it a match pattern: `=>` or a single `|` follows.
fn in_pattern(after: &str) -> bool {
    let after = after.trim_start();
    after.starts_with("=>") || (after.starts_with('|') && !after.starts_with("||"))
}

/// Where the items marked `#[cfg(test)]` stand in the code (byte ranges, the mark included).
fn test_items(code: &str) -> Vec<(usize, usize)> {
    const MARK: &str = "#[cfg(test)]";
    let mut items = Vec::new();
    let mut from = 0;
    while let Some(at) = code[from..].find(MARK) {
        let start = from + at;
        let item = start + MARK.len();
        let end = item + item_end(&code[item..]);
        items.push((start, end));
        from = end;
    }
    items
}
