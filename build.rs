//! Lists the GUI page's files (`src/gui/page/`) for `gui/assets.rs` to build into the binary:
//! a new board or view module is served without being named anywhere else. And finds the
//! tools that some integration tests need, so that a test whose tool is missing shows as
//! `ignored` (with the reason) in `cargo test` rather than as a pass that ran nothing.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// A tool some tests need: the `cfg` set when it is missing, the variable that requires it
/// instead (`.ci/run` sets them all), and how to look for it.
struct Tool {
    cfg: &'static str,
    require: &'static str,
    found: fn() -> bool,
}

/// Browser tests (`tests/gui`; the comparison view's also runs scripts with python3), the
/// Python package's test (`tests/python.rs`), the Ray cluster's tests (`tests/cluster.rs`).
const TOOLS: [Tool; 4] = [
    Tool {
        cfg: "sente_no_browser",
        require: "SENTE_REQUIRE_BROWSER",
        found: browser_found,
    },
    Tool {
        cfg: "sente_no_python3",
        require: "SENTE_REQUIRE_BROWSER",
        found: python3_found,
    },
    Tool {
        cfg: "sente_no_python",
        require: "SENTE_REQUIRE_PYTHON",
        found: python_found,
    },
    Tool {
        cfg: "sente_no_ray",
        require: "SENTE_REQUIRE_RAY",
        found: ray_found,
    },
];

fn main() -> io::Result<()> {
    find_test_tools();
    let page = Path::new("src/gui/page");
    println!("cargo::rerun-if-changed={}", page.display());
    let mut files = Vec::new();
    collect(page, page, &mut files)?;
    files.sort();
    let mut list = String::from("&[\n");
    for file in &files {
        let mime = match Path::new(file).extension().and_then(|e| e.to_str()) {
            Some("html") => "HTML",
            Some("js") => "JS",
            Some("css") => "CSS",
            Some("svg") => "SVG",
            other => panic!("src/gui/page/{file}: no content type for {other:?}"),
        };
        list.push_str(&format!("    asset!({file:?}, {mime}),\n"));
    }
    list.push(']');
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    fs::write(out.join("page_assets.rs"), list)
}

/// Sets each missing tool's `cfg` (the tests that need it carry `#[cfg_attr(cfg, ignore =
/// "...")]`), unless its variable requires the tool: then the tests run, and fail saying what
/// is missing. Looked for again when `PATH` or a variable changes.
fn find_test_tools() {
    println!("cargo::rerun-if-env-changed=PATH");
    for tool in &TOOLS {
        println!("cargo::rustc-check-cfg=cfg({})", tool.cfg);
        println!("cargo::rerun-if-env-changed={}", tool.require);
        let required = std::env::var_os(tool.require).is_some_and(|v| !v.is_empty() && v != "0");
        if !required && !(tool.found)() {
            println!("cargo::rustc-cfg={}", tool.cfg);
        }
    }
}

/// Whether a program of one of these names is a file in a directory of `PATH`.
fn on_path(names: &[&str]) -> bool {
    let Some(path) = std::env::var_os("PATH") else {
        return false;
    };
    std::env::split_paths(&path).any(|dir| names.iter().any(|name| dir.join(name).is_file()))
}

/// Chromium (under one of the names `tests/gui/harness.rs` looks for) and chromedriver.
fn browser_found() -> bool {
    on_path(&["chromium", "chromium-browser", "google-chrome"]) && on_path(&["chromedriver"])
}

/// `python3` on `PATH`.
fn python3_found() -> bool {
    on_path(&["python3"])
}

/// Whether `python3 -c code` runs and succeeds.
fn python_runs(code: &str) -> bool {
    Command::new("python3")
        .args(["-c", code])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// `python3` able to make a virtual environment with pip, with what `tests/python.rs` imports
/// (`python/requirements-dev.txt`): maturin and pytest, and for the notebook nbclient,
/// nbformat and ipykernel.
fn python_found() -> bool {
    python_runs("import venv, ensurepip, maturin, pytest, nbclient, nbformat, ipykernel")
}

/// `python3` able to import Ray (`scripts/requirements.txt`).
fn ray_found() -> bool {
    python_runs("import ray")
}

/// The files under `dir`, as paths relative to `root` with `/` between parts.
fn collect(root: &Path, dir: &Path, files: &mut Vec<String>) -> io::Result<()> {
    for entry in fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            collect(root, &path, files)?;
        } else if let Ok(relative) = path.strip_prefix(root) {
            let parts: Vec<String> = relative
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            files.push(parts.join("/"));
        }
    }
    Ok(())
}
