//! The layers of `src/`, checked from the source: every `use crate::…`, `use super::…` and
//! inline `crate::…` / `super::…` / `child::…` path outside `#[cfg(test)]` is an edge from the
//! module that writes it to the module it names. The test fails, naming the files, when
//!
//! - a lower layer imports a higher one (games → search → protocol → variants → engine and
//!   client → referee → gui; `shard` sits with the games, `bench` with the engine,
//!   `transcript` and `review` with the referee, `cli` on top of all), or
//! - a module of `search` is named after a game, or imports a game's own module (`search`
//!   holds only what every game can use), or
//! - the modules of one folder import each other in a loop (a subfolder counts as one module
//!   from outside, and `mod.rs` as one of its folder's modules).
//!
//! Test code may reach anywhere: it is not part of the layering.
//!
//! The Python glue (`python/src`, a crate of its own whose `sente::…` paths name this crate's
//! modules) is checked too: it may import nothing above the referee (so never the GUI), but
//! for the exceptions named in `GLUE_EXCEPTIONS`. (`python/tests/test_imports.py` checks that
//! the Python modules of `python/sente` import each other without a loop.)

mod rust_source;

use rust_source::{collect_files, item_end};
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// A module's path from the crate root: `["gui", "tab"]` for `src/gui/tab.rs`.
type ModulePath = Vec<String>;

/// The rank of each top-level module: a module may import only modules of a lower rank
/// (or its own top-level module). Equal ranks may import each other one way only, which the
/// loop check at the top level enforces.
const LAYERS: &[(&str, u32)] = &[
    // Each game with its own exact solvers, books, tables and networks.
    ("games", 0),
    // `--shard K/N` imports nothing, so that the universe (a game's) and the match (referee)
    // read it the same way.
    ("shard", 0),
    // `games::connect4`'s macro over the board words, exported at the crate's root.
    ("with_board_word", 0),
    // What every game can use: alpha-beta, the textbook searches, the table, limits.
    ("search", 1),
    ("protocol", 2),
    // The catalogue of variants: registry, `Variant`, the worker's tasks, values, batches.
    ("variants", 3),
    // The UCI process: session, worker thread, input, options.
    ("engine", 4),
    ("bench", 4),
    // Driving another engine: its process, its lines, the FSF adapter.
    ("client", 4),
    ("referee", 5),
    ("review", 5),
    ("transcript", 5),
    ("gui", 6),
    // The command line (`sente` and its subcommands), which calls every other.
    ("cli", 7),
];

/// One import: where it is written and what it names.
#[derive(Clone, Debug)]
struct Import {
    from: ModulePath,
    to: ModulePath,
    file: PathBuf,
    text: String,
    /// A `pub use`: it forwards a name rather than using it, so it makes no loop.
    reexport: bool,
}

/// A source file read as a module: its path, its file and its code without comments,
/// literals and test items.
struct SourceModule {
    path: ModulePath,
    file: PathBuf,
    code: String,
    /// Child modules declared with `mod name;` or `mod name { … }` outside tests.
    children: BTreeSet<String>,
}

#[test]
fn no_layer_imports_a_higher_one_and_no_folder_has_a_loop() {
    // SENTE_LAYERS_SRC checks another tree (an older checkout's `src`, say).
    let src = std::env::var_os("SENTE_LAYERS_SRC")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    let problems = check(&src);
    assert!(
        problems.is_empty(),
        "the layers of src/ are broken:\n{}",
        problems.join("\n")
    );
}

#[test]
fn the_check_finds_a_loop_and_an_upward_import() {
    let root = std::env::temp_dir().join(format!("sente-layers-{}", std::process::id()));
    let write = |path: &str, text: &str| {
        let file = root.join(path);
        fs::create_dir_all(file.parent().expect("a file has a parent")).expect("temp dir");
        fs::write(file, text).expect("temp file");
    };
    write("lib.rs", "pub mod games;\npub mod gui;\npub mod search;\n");
    write("games/mod.rs", "pub mod a;\npub mod b;\n");
    write("games/a.rs", "use super::b::B;\npub struct A;\n");
    write(
        "games/b.rs",
        "pub struct B;\nfn f() -> crate::games::a::A { crate::gui::G }\n\
         #[cfg(test)]\nmod tests { use crate::gui::Only; }\n",
    );
    write("gui/mod.rs", "use crate::games::a::A;\npub struct G;\n");
    // A folder's own module calling into a child (no `use`) that imports it back.
    write(
        "search/mod.rs",
        "pub mod run;\npub struct Report;\nfn go() { run::iterate() }\n",
    );
    write("search/run.rs", "use super::Report;\npub fn iterate() {}\n");
    let problems = check(&root);
    let _ = fs::remove_dir_all(&root);
    assert_eq!(problems.len(), 4, "{problems:#?}");
    let games_root = root.with_extension("games");
    let write = |path: &str, text: &str| {
        let file = games_root.join(path);
        fs::create_dir_all(file.parent().expect("a file has a parent")).expect("temp dir");
        fs::write(file, text).expect("temp file");
    };
    write("lib.rs", "pub mod games;\npub mod search;\n");
    write(
        "games/mod.rs",
        "pub mod rules;\npub mod chess;\npub trait Game {}\n",
    );
    write("games/rules.rs", "pub struct RuleOption;\n");
    write("games/chess.rs", "pub struct Chess;\n");
    write(
        "search/mod.rs",
        "pub mod chess;\nuse crate::games::Game;\nuse crate::games::rules::RuleOption;\n",
    );
    write("search/chess.rs", "use crate::games::chess::Chess;\n");
    let named = check(&games_root);
    let _ = fs::remove_dir_all(&games_root);
    assert_eq!(named.len(), 2, "{named:#?}");
    assert!(named[0].contains("search::chess is named after the game `chess`"));
    assert!(named[1].contains("search/chess.rs imports the game `chess`"));
    assert!(problems[0].contains("games/b.rs") && problems[0].contains("`gui` (rank 6)"));
    assert!(problems[1].contains("loop in src/: games/mod.rs -> gui/mod.rs -> games/mod.rs"));
    assert!(problems[2].contains("loop in games/: games/a.rs -> games/b.rs -> games/a.rs"));
    assert!(
        problems[3].contains("loop in search/: search/mod.rs -> search/run.rs -> search/mod.rs")
    );
    assert!(problems[3].contains("search/mod.rs: run::iterate"));
}

/// The highest layer the Python glue may import: `python/src` (whose `sente::…` paths name
/// this crate's modules) sits on the engine, the referee and the protocol, never on the GUI.
const GLUE_CEILING: &str = "referee";

/// An import of `python/src` allowed above `GLUE_CEILING`, named with its reason.
struct GlueException {
    /// The file, under `python/src`.
    file: &'static str,
    /// The module it may import, under `sente::` (`gui::server`), with everything under it.
    module: &'static str,
    /// Why.
    why: &'static str,
}

/// The Python glue's imports above `GLUE_CEILING`, each with its reason. An exception that
/// no longer matches an import is a problem too, so that the table stays true.
const GLUE_EXCEPTIONS: &[GlueException] = &[GlueException {
    file: "cli.rs",
    module: "cli",
    why: "the `sente` command `pip install ./python` installs: its console entry runs the \
          crate's own command line (the engine, `sente gui`, `sente match`...), nothing else",
}];

#[test]
fn the_python_glue_imports_nothing_above_the_referee() {
    // SENTE_LAYERS_GLUE checks another tree (an older checkout's `python/src`, say).
    let glue = std::env::var_os("SENTE_LAYERS_GLUE")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("python")
                .join("src")
        });
    let problems = check_glue(&glue, GLUE_EXCEPTIONS);
    assert!(
        problems.is_empty(),
        "the Python glue (python/src) imports above `{GLUE_CEILING}`:\n{}",
        problems.join("\n")
    );
}

#[test]
fn the_glue_check_finds_a_gui_import_and_keeps_its_named_exceptions() {
    let root = std::env::temp_dir().join(format!("sente-glue-{}", std::process::id()));
    let write = |path: &str, text: &str| {
        let file = root.join(path);
        fs::create_dir_all(file.parent().expect("a file has a parent")).expect("temp dir");
        fs::write(file, text).expect("temp file");
    };
    write(
        "engine.rs",
        "use sente::{engine::session, gui::catalog::parse_option};\n\
         // sente::gui::info in a comment is no import\n\
         fn f() { let _ = \"sente::gui::x\"; ::sente::gui::info::parse_info(\"\"); }\n",
    );
    write(
        "cli.rs",
        "use sente::gui::server::serve;\nuse sente::referee::play;\n\
         #[cfg(test)]\nmod tests { use sente::gui::Only; }\n",
    );
    write("lib.rs", "mod cli;\nmod engine;\nuse sente::nowhere::X;\n");
    let exceptions = [
        GlueException {
            file: "cli.rs",
            module: "gui::server",
            why: "the command-line entry point serves the GUI",
        },
        GlueException {
            file: "state.rs",
            module: "gui::tab",
            why: "a stale exception",
        },
    ];
    let problems = check_glue(&root, &exceptions);
    let _ = fs::remove_dir_all(&root);
    assert_eq!(problems.len(), 4, "{problems:#?}");
    assert!(problems[0].contains("engine.rs imports `sente::gui::catalog::parse_option`"));
    assert!(problems[0].contains("(rank 6, above `referee`)"));
    assert!(problems[1].contains("engine.rs imports `sente::gui::info::parse_info`"));
    assert!(problems[2].contains("lib.rs names `sente::nowhere`, which has no layer"));
    assert!(problems[3].contains("state.rs may import `sente::gui::tab`"));
    assert!(problems[3].contains("a stale exception"));
}

/// Every problem of the glue crate's sources under `dir`: an import of a layer above
/// `GLUE_CEILING` that no exception names, a `sente::` module without a layer, and an
/// exception that matches no import.
fn check_glue(dir: &Path, exceptions: &[GlueException]) -> Vec<String> {
    let ceiling = rank(&vec![GLUE_CEILING.to_string()]).expect("the ceiling has a layer");
    let mut files = Vec::new();
    collect_files(dir, &mut files);
    let mut problems = Vec::new();
    let mut used = vec![false; exceptions.len()];
    let roots = BTreeSet::from(["sente".to_string()]);
    for file in files {
        let text = fs::read_to_string(&file).expect("a readable source file");
        let (code, _) = without_tests(&strip_comments_and_literals(&text));
        let name = shown(&file, dir);
        let mut seen = BTreeSet::new();
        for raw in raw_paths(&code, &roots) {
            if raw.path.first().is_none_or(|root| root != "sente") || raw.path.len() < 2 {
                continue;
            }
            let module = raw.path[1..].to_vec();
            let named = module.join("::");
            match rank(&module) {
                None => {
                    if seen.insert(module[0].clone()) {
                        problems.push(format!(
                            "{name} names `sente::{}`, which has no layer: add it to LAYERS in \
                             tests/layers.rs",
                            module[0]
                        ));
                    }
                }
                Some(r) if r > ceiling => {
                    let excepted = exceptions.iter().position(|e| {
                        e.file == name
                            && (named == e.module || named.starts_with(&format!("{}::", e.module)))
                    });
                    match excepted {
                        Some(i) => used[i] = true,
                        None if seen.insert(named.clone()) => problems.push(format!(
                            "{name} imports `sente::{named}` (rank {r}, above `{GLUE_CEILING}`): \
                             {}",
                            raw.text
                        )),
                        None => {}
                    }
                }
                Some(_) => {}
            }
        }
    }
    for (exception, used) in exceptions.iter().zip(used) {
        if !used {
            problems.push(format!(
                "GLUE_EXCEPTIONS says {} may import `sente::{}` ({}), but it does not: remove \
                 the exception",
                exception.file, exception.module, exception.why
            ));
        }
    }
    problems
}

/// Every problem found under `src`, one message each.
fn check(src: &Path) -> Vec<String> {
    let modules = read_modules(src);
    let known: BTreeSet<ModulePath> = modules.iter().map(|m| m.path.clone()).collect();
    let imports = resolve_imports(&modules, &known);
    let mut problems = upward_imports(&imports, src);
    problems.extend(loops(&imports, &known, src));
    problems.extend(games_named_by_search(&imports, &known, src));
    problems
}

/// The modules of `games` that every game shares rather than a game of its own.
const SHARED_GAME_MODULES: &[&str] = &[
    "contract",
    "error",
    "outcome",
    "rules",
    "test_data",
    "theory",
];

/// `search` holds only what every game can use: no module of it is named after a game, and
/// none of its non-test code imports a game's own module (a game's solver lives in the game's
/// folder; what it needs from a generic floor moves down, never the solver up).
fn games_named_by_search(
    imports: &[Import],
    known: &BTreeSet<ModulePath>,
    src: &Path,
) -> Vec<String> {
    let games: BTreeSet<&str> = known
        .iter()
        .filter(|path| path.len() == 2 && path[0] == "games")
        .map(|path| path[1].as_str())
        .filter(|name| !SHARED_GAME_MODULES.contains(name))
        .collect();
    let mut problems = Vec::new();
    for path in known
        .iter()
        .filter(|p| p.first().is_some_and(|top| top == "search"))
    {
        if let Some(game) = path.iter().find(|part| games.contains(part.as_str())) {
            problems.push(format!(
                "search::{} is named after the game `{game}`: a game's code lives in src/games/{game}",
                path[1..].join("::")
            ));
        }
    }
    for import in imports {
        let from_search = import.from.first().is_some_and(|top| top == "search");
        let game = (import.to.len() >= 2 && import.to[0] == "games")
            .then(|| import.to[1].as_str())
            .filter(|name| games.contains(name));
        if let (true, Some(game)) = (from_search, game) {
            problems.push(format!(
                "{} imports the game `{game}` ({}): src/search/ is for every game",
                shown(&import.file, src),
                import.text
            ));
        }
    }
    problems
}

/// The modules of the crate: every `.rs` file under `src` but `main.rs` and the files of
/// test-only modules.
fn read_modules(src: &Path) -> Vec<SourceModule> {
    let mut files = Vec::new();
    collect_files(src, &mut files);
    let mut modules = Vec::new();
    let mut test_only = BTreeSet::new();
    for file in files {
        let relative = file.strip_prefix(src).expect("under src").to_path_buf();
        let Some(path) = module_path(&relative) else {
            continue;
        };
        let text = fs::read_to_string(&file).expect("a readable source file");
        let (code, test_children) = without_tests(&strip_comments_and_literals(&text));
        for child in test_children {
            let mut child_path = path.clone();
            child_path.push(child);
            test_only.insert(child_path);
        }
        let children = declared_children(&code);
        modules.push(SourceModule {
            path,
            file,
            code,
            children,
        });
    }
    modules.retain(|m| !test_only.iter().any(|t| m.path.starts_with(t)));
    modules
}

/// `gui/tab.rs` → `gui::tab`, `gui/mod.rs` → `gui`, `lib.rs` → the root; `main.rs` is the
/// binary, outside the library's layers.
fn module_path(relative: &Path) -> Option<ModulePath> {
    let mut parts: Vec<String> = relative
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let last = parts.pop()?;
    let stem = last.strip_suffix(".rs")?;
    if parts.is_empty() && stem == "main" {
        return None;
    }
    if !(stem == "mod" || (parts.is_empty() && stem == "lib")) {
        parts.push(stem.to_string());
    }
    Some(parts)
}

/// The code with comments blanked and string and character literals emptied (newlines
/// kept), so that neither a doc link nor a message is taken for an import.
fn strip_comments_and_literals(text: &str) -> String {
    rust_source::lex(text).0
}

/// The code without the items marked `#[cfg(test)]`, and the names of the child modules
/// declared that way (`#[cfg(test)] mod tests;`: their files are test code too).
fn without_tests(code: &str) -> (String, Vec<String>) {
    const MARK: &str = "#[cfg(test)]";
    let mut out = String::new();
    let mut test_children = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find(MARK) {
        out.push_str(&rest[..at]);
        let item = &rest[at + MARK.len()..];
        let end = item_end(item);
        let words: Vec<&str> = item[..end]
            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .filter(|w| !w.is_empty())
            .collect();
        if let Some(i) = words.iter().position(|w| *w == "mod")
            && item[..end].trim_end().ends_with(';')
            && let Some(name) = words.get(i + 1)
        {
            test_children.push(name.to_string());
        }
        out.extend(item[..end].chars().filter(|c| *c == '\n'));
        rest = &item[end..];
    }
    out.push_str(rest);
    (out, test_children)
}

/// The modules declared in a file's code (`mod x;`, `pub(crate) mod x { … }`).
fn declared_children(code: &str) -> BTreeSet<String> {
    let words: Vec<&str> = code
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty())
        .collect();
    words
        .windows(2)
        .filter(|w| w[0] == "mod")
        .map(|w| w[1].to_string())
        .collect()
}

/// A path a module writes, made absolute.
struct Written {
    path: ModulePath,
    text: String,
    /// The name it is re-exported under, for a `pub use`.
    reexport: Option<String>,
}

/// Every path a module writes in its `use` trees and its code, made absolute (paths into
/// other crates left out).
fn written_paths(module: &SourceModule) -> Vec<Written> {
    raw_paths(&module.code, &module.children)
        .into_iter()
        .filter_map(|raw| {
            Some(Written {
                path: absolute_path(&module.path, &module.children, &raw.path)?,
                text: raw.text,
                reexport: raw.reexport,
            })
        })
        .collect()
}

/// A path as the code writes it, before it is made absolute.
struct RawPath {
    path: Vec<String>,
    /// The `use` item it comes from, or the path itself.
    text: String,
    /// The name it is re-exported under, for a `pub use`.
    reexport: Option<String>,
}

/// Every path of `code`'s `use` trees, then every path written inline that starts with
/// `crate`, `super` or one of `roots`.
fn raw_paths(code: &str, roots: &BTreeSet<String>) -> Vec<RawPath> {
    let mut written = Vec::new();
    let mut rest_of_code = String::new();
    let mut rest = code;
    // `use` trees first (they may hold braces), then the paths written in the code.
    while let Some(at) = find_word(rest, "use") {
        let before = rest[..at].trim_end();
        let public = before.ends_with("pub")
            || (before.ends_with(')')
                && before.rfind("pub").is_some_and(|p| {
                    before[p + 3..].trim_start().starts_with('(')
                        && !before[p..].contains([';', '}', '{'])
                }));
        rest_of_code.push_str(&rest[..at]);
        let tree = &rest[at + 3..];
        let end = tree.find(';').unwrap_or(tree.len());
        let text = format!("use {};", squeeze(&tree[..end]));
        for used in expand_use_tree(&tree[..end]) {
            written.push(RawPath {
                path: used.path,
                text: text.clone(),
                reexport: public.then_some(used.name),
            });
        }
        rest = &tree[end..];
    }
    rest_of_code.push_str(rest);
    for path in inline_paths(&rest_of_code, roots) {
        written.push(RawPath {
            text: path.join("::"),
            path,
            reexport: None,
        });
    }
    written
}

/// Every import of every module, each resolved to the module that defines what it names:
/// a name re-exported by a `pub use` is followed to where it comes from.
fn resolve_imports(modules: &[SourceModule], known: &BTreeSet<ModulePath>) -> Vec<Import> {
    let written: Vec<(&SourceModule, Vec<Written>)> =
        modules.iter().map(|m| (m, written_paths(m))).collect();
    let mut reexports: BTreeMap<(ModulePath, String), ModulePath> = BTreeMap::new();
    for (module, paths) in &written {
        for w in paths {
            if let Some(name) = &w.reexport {
                reexports.insert((module.path.clone(), name.clone()), w.path.clone());
            }
        }
    }
    let mut imports = Vec::new();
    for (module, paths) in &written {
        for w in paths {
            let Some(target) = defining_module(&w.path, known, &reexports) else {
                continue;
            };
            if target != module.path {
                imports.push(Import {
                    from: module.path.clone(),
                    to: target,
                    file: module.file.clone(),
                    text: w.text.clone(),
                    reexport: w.reexport.is_some(),
                });
            }
        }
    }
    imports
}

/// The module that defines what `path` names, following re-exports (at most a few hops).
fn defining_module(
    path: &[String],
    known: &BTreeSet<ModulePath>,
    reexports: &BTreeMap<(ModulePath, String), ModulePath>,
) -> Option<ModulePath> {
    let mut path = path.to_vec();
    for _ in 0..8 {
        let module = longest_known_prefix(&path, known)?;
        let Some(name) = path.get(module.len()) else {
            return Some(module);
        };
        match reexports.get(&(module.clone(), name.clone())) {
            Some(source) if *source != path[..=module.len()] => {
                let mut next = source.clone();
                next.extend(path[module.len() + 1..].iter().cloned());
                path = next;
            }
            _ => return Some(module),
        }
    }
    longest_known_prefix(&path, known)
}

fn squeeze(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Where `word` stands alone in `text` (not inside a longer name).
fn find_word(text: &str, word: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut from = 0;
    while let Some(found) = text[from..].find(word) {
        let at = from + found;
        let before_ok = at == 0 || !ident(bytes[at - 1]);
        let after = at + word.len();
        let after_ok = after >= bytes.len() || !ident(bytes[after]);
        if before_ok && after_ok {
            return Some(at);
        }
        from = at + word.len();
    }
    None
}

/// The paths of a `use` tree: `super::{a::{B, C}, d}` → `super::a::B`, `super::a::C`,
/// `super::d`.
fn expand_use_tree(tree: &str) -> Vec<UsePath> {
    let tokens = tokenize(tree);
    let mut paths = Vec::new();
    expand(&tokens, &mut 0, &[], &mut paths);
    paths
}

/// One path of a `use` tree and the name it is known by where it is used (`as` or its last
/// segment).
struct UsePath {
    path: Vec<String>,
    name: String,
}

fn tokenize(text: &str) -> Vec<String> {
    let mut tokens = Vec::new();
    let mut word = String::new();
    for c in text.chars() {
        if c.is_alphanumeric() || c == '_' || c == '*' {
            word.push(c);
            continue;
        }
        if !word.is_empty() {
            tokens.push(std::mem::take(&mut word));
        }
        if matches!(c, '{' | '}' | ',') {
            tokens.push(c.to_string());
        }
    }
    if !word.is_empty() {
        tokens.push(word);
    }
    tokens
}

fn expand(tokens: &[String], at: &mut usize, prefix: &[String], paths: &mut Vec<UsePath>) {
    let mut path = prefix.to_vec();
    let mut alias = None;
    while *at < tokens.len() {
        let token = tokens[*at].as_str();
        *at += 1;
        match token {
            "{" => {
                loop {
                    expand(tokens, at, &path, paths);
                    match tokens.get(*at).map(String::as_str) {
                        Some(",") => *at += 1,
                        Some("}") => {
                            *at += 1;
                            break;
                        }
                        _ => break,
                    }
                }
                return;
            }
            "," | "}" => {
                *at -= 1;
                break;
            }
            "as" => {
                alias = tokens.get(*at).cloned();
                *at += 1;
            }
            "self" if !path.is_empty() => {}
            "pub" | "crate" if path.is_empty() && tokens.get(*at).is_some_and(|t| t == "(") => {}
            name => path.push(name.to_string()),
        }
    }
    if !path.is_empty() && path.len() > prefix.len() {
        let name = alias.unwrap_or_else(|| path.last().cloned().unwrap_or_default());
        paths.push(UsePath { path, name });
    }
}

/// The `crate::…` and `super::…` paths written in code, and those starting with one of the
/// module's own children (`alphabeta::Searcher::new` in `search/mod.rs`).
fn inline_paths(code: &str, children: &BTreeSet<String>) -> Vec<Vec<String>> {
    let mut paths = Vec::new();
    let starts = ["crate", "super"]
        .into_iter()
        .chain(children.iter().map(String::as_str));
    for start in starts {
        let mut from = 0;
        while let Some(found) = find_word(&code[from..], start) {
            let at = from + found;
            from = at + start.len();
            // `a::score::X` names `a`'s child, not this module's (`::sente::x` is the crate).
            if code[..at]
                .trim_end()
                .strip_suffix("::")
                .is_some_and(|before| before.ends_with(|c: char| c.is_alphanumeric() || c == '_'))
            {
                continue;
            }
            let mut path = vec![start.to_string()];
            let mut rest = &code[at + start.len()..];
            while let Some(after) = rest.trim_start().strip_prefix("::") {
                let after = after.trim_start();
                let len = after
                    .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .unwrap_or(after.len());
                if len == 0 {
                    break;
                }
                path.push(after[..len].to_string());
                rest = &after[len..];
            }
            if path.len() > 1 {
                paths.push(path);
            }
        }
    }
    paths
}

/// A written path made absolute from the module that writes it; `None` for a path into
/// another crate.
fn absolute_path(
    module: &ModulePath,
    children: &BTreeSet<String>,
    path: &[String],
) -> Option<ModulePath> {
    let first = path.first()?;
    let (mut base, rest) = match first.as_str() {
        "crate" => (Vec::new(), &path[1..]),
        "self" => (module.clone(), &path[1..]),
        "super" => (module.clone(), path),
        name if children.contains(name) => (module.clone(), path),
        _ => return None,
    };
    let mut rest = rest;
    while rest.first().is_some_and(|s| s == "super") {
        base.pop()?;
        rest = &rest[1..];
    }
    base.extend(rest.iter().cloned());
    Some(base)
}

fn longest_known_prefix(path: &[String], known: &BTreeSet<ModulePath>) -> Option<ModulePath> {
    (0..=path.len())
        .rev()
        .map(|n| path[..n].to_vec())
        .find(|prefix| known.contains(prefix))
}

fn rank(path: &ModulePath) -> Option<u32> {
    let top = path.first()?;
    LAYERS
        .iter()
        .find(|(name, _)| name == top)
        .map(|(_, rank)| *rank)
}

fn shown(file: &Path, src: &Path) -> String {
    file.strip_prefix(src)
        .unwrap_or(file)
        .to_string_lossy()
        .into_owned()
}

/// An import from a lower layer into a higher one, and a top-level module missing from the
/// table.
fn upward_imports(imports: &[Import], src: &Path) -> Vec<String> {
    let mut problems = Vec::new();
    let mut seen = BTreeSet::new();
    for import in imports {
        let (Some(from_top), Some(to_top)) = (import.from.first(), import.to.first()) else {
            continue;
        };
        if from_top == to_top {
            continue;
        }
        match (rank(&import.from), rank(&import.to)) {
            (Some(from), Some(to))
                if from < to && seen.insert((import.file.clone(), import.to.clone())) =>
            {
                problems.push(format!(
                    "{} (`{from_top}`, rank {from}) imports `{to_top}` (rank {to}): {}",
                    shown(&import.file, src),
                    import.text
                ));
            }
            (None, _) | (_, None) => {
                let unranked = if rank(&import.from).is_none() {
                    from_top
                } else {
                    to_top
                };
                if seen.insert((PathBuf::new(), vec![unranked.clone()])) {
                    problems.push(format!(
                        "`{unranked}` has no layer: add it to LAYERS in tests/layers.rs"
                    ));
                }
            }
            _ => {}
        }
    }
    problems
}

/// Each loop among the modules of one folder, as a cycle of files.
fn loops(imports: &[Import], known: &BTreeSet<ModulePath>, src: &Path) -> Vec<String> {
    let folders: BTreeSet<ModulePath> = known
        .iter()
        .filter(|m| known.iter().any(|k| k.len() > m.len() && k.starts_with(m)))
        .cloned()
        .collect();
    let mut problems = Vec::new();
    for folder in &folders {
        // Nodes: the folder's own module (mod.rs) and each child, a subfolder as one node.
        let node_of = |path: &ModulePath| -> Option<ModulePath> {
            if !path.starts_with(folder) {
                return None;
            }
            Some(path[..(folder.len() + 1).min(path.len())].to_vec())
        };
        let mut edges: BTreeMap<ModulePath, BTreeMap<ModulePath, &Import>> = BTreeMap::new();
        for import in imports.iter().filter(|i| !i.reexport) {
            if let (Some(from), Some(to)) = (node_of(&import.from), node_of(&import.to))
                && from != to
            {
                edges.entry(from).or_default().entry(to).or_insert(import);
            }
        }
        for (group, cycle) in cycles(&edges) {
            let file_of = |node: &ModulePath| node_file(node, known, src);
            let names: Vec<String> = cycle.iter().map(file_of).collect();
            let first = names[0].clone();
            let lines: Vec<String> = cycle
                .iter()
                .zip(cycle.iter().cycle().skip(1))
                .map(|(a, b)| {
                    let import = edges[a][b];
                    format!("    {}: {}", shown(&import.file, src), import.text)
                })
                .collect();
            let folder_name = if folder.is_empty() {
                "src/".to_string()
            } else {
                format!("{}/", folder.join("/"))
            };
            let members: Vec<String> = group.iter().map(file_of).collect();
            problems.push(format!(
                "loop in {folder_name}: {} -> {first}\n{}\n    ({} modules import each other: {})",
                names.join(" -> "),
                lines.join("\n"),
                members.len(),
                members.join(", ")
            ));
        }
    }
    problems
}

/// The file a node stands for: `gui/tab.rs`, `gui/` for a subfolder, `gui/mod.rs` for the
/// folder's own module.
fn node_file(node: &ModulePath, known: &BTreeSet<ModulePath>, src: &Path) -> String {
    let is_folder = known
        .iter()
        .any(|k| k.len() > node.len() && k.starts_with(node));
    let joined = node.join("/");
    let file = if src.join(&joined).join("mod.rs").exists() {
        format!("{joined}/mod.rs")
    } else if is_folder {
        format!("{joined}/")
    } else {
        format!("{joined}.rs")
    };
    if node.is_empty() {
        "lib.rs".to_string()
    } else {
        file
    }
}

/// Each strongly connected group of two or more nodes with one cycle through it (Tarjan's
/// algorithm, then a shortest way back within the group).
fn cycles(
    edges: &BTreeMap<ModulePath, BTreeMap<ModulePath, &Import>>,
) -> Vec<(BTreeSet<ModulePath>, Vec<ModulePath>)> {
    let nodes: BTreeSet<&ModulePath> = edges
        .iter()
        .flat_map(|(from, tos)| std::iter::once(from).chain(tos.keys()))
        .collect();
    let mut groups = Vec::new();
    let mut index = BTreeMap::new();
    let mut low = BTreeMap::new();
    let mut stack: Vec<&ModulePath> = Vec::new();
    let mut on_stack = BTreeSet::new();
    let mut next = 0usize;
    for node in &nodes {
        if !index.contains_key(*node) {
            strong_connect(
                node,
                edges,
                &mut index,
                &mut low,
                &mut stack,
                &mut on_stack,
                &mut next,
                &mut groups,
            );
        }
    }
    groups
        .into_iter()
        .filter(|group: &BTreeSet<ModulePath>| group.len() > 1)
        .map(|group| {
            let cycle = shortest_cycle(&group, edges);
            (group, cycle)
        })
        .collect()
}

#[allow(clippy::too_many_arguments)]
fn strong_connect<'a>(
    node: &'a ModulePath,
    edges: &'a BTreeMap<ModulePath, BTreeMap<ModulePath, &Import>>,
    index: &mut BTreeMap<&'a ModulePath, usize>,
    low: &mut BTreeMap<&'a ModulePath, usize>,
    stack: &mut Vec<&'a ModulePath>,
    on_stack: &mut BTreeSet<&'a ModulePath>,
    next: &mut usize,
    groups: &mut Vec<BTreeSet<ModulePath>>,
) {
    index.insert(node, *next);
    low.insert(node, *next);
    *next += 1;
    stack.push(node);
    on_stack.insert(node);
    if let Some(targets) = edges.get(node) {
        for target in targets.keys() {
            if !index.contains_key(target) {
                strong_connect(target, edges, index, low, stack, on_stack, next, groups);
                let l = low[node].min(low[target]);
                low.insert(node, l);
            } else if on_stack.contains(target) {
                let l = low[node].min(index[target]);
                low.insert(node, l);
            }
        }
    }
    if low[node] == index[node] {
        let mut group = BTreeSet::new();
        while let Some(top) = stack.pop() {
            on_stack.remove(top);
            group.insert(top.clone());
            if top == node {
                break;
            }
        }
        groups.push(group);
    }
}

/// The shortest cycle through the group's first node, by breadth-first search inside it.
fn shortest_cycle(
    group: &BTreeSet<ModulePath>,
    edges: &BTreeMap<ModulePath, BTreeMap<ModulePath, &Import>>,
) -> Vec<ModulePath> {
    let start = group.iter().next().expect("a group has a node").clone();
    let mut parent: BTreeMap<ModulePath, ModulePath> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([start.clone()]);
    while let Some(node) = queue.pop_front() {
        for target in edges.get(&node).into_iter().flat_map(|t| t.keys()) {
            if !group.contains(target) {
                continue;
            }
            if *target == start {
                let mut cycle = vec![node.clone()];
                let mut at = node.clone();
                while let Some(p) = parent.get(&at) {
                    cycle.push(p.clone());
                    at = p.clone();
                }
                cycle.reverse();
                return cycle;
            }
            if !parent.contains_key(target) && *target != start {
                parent.insert(target.clone(), node.clone());
                queue.push_back(target.clone());
            }
        }
    }
    vec![start]
}
