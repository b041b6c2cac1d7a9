//! The Python package (`python/`) for real: built and installed into a fresh virtual
//! environment (`python3 -m venv`, `pip install ./python`), then its pytest suite
//! (`python/tests`) run against this build's `sente` binary, and the course notebook
//! (`examples/course.ipynb`, when there is one) executed top to bottom. Needs `python3` with
//! `venv`, and `maturin` and `pytest` installed for it (`pip install -r
//! python/requirements-dev.txt`), and for the notebook `nbclient`, `nbformat` and `ipykernel`;
//! when the build finds them missing (`build.rs`), `cargo test` lists the test as ignored,
//! saying so, unless `SENTE_REQUIRE_PYTHON=1` (as `.ci/run` sets) makes it run and fail.
//!
//! The environment sees the system's packages (maturin, pytest, nbclient), and the build
//! runs without isolation, so nothing is downloaded; it shares this crate's target directory
//! (`CARGO_TARGET_DIR`, else `target/`), so the engine crate is not compiled twice.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const REPO: &str = env!("CARGO_MANIFEST_DIR");

/// Fails, saying which tool is missing.
fn missing(why: &str) -> ! {
    panic!("the Python package test cannot run: {why} (pip install -r python/requirements-dev.txt)")
}

fn run(command: &mut Command) -> Option<Output> {
    command.stdin(Stdio::null()).output().ok()
}

fn succeeds(command: &mut Command) -> bool {
    run(command).is_some_and(|o| o.status.success())
}

/// Runs a step that must work, showing its output when it does not.
fn must(what: &str, command: &mut Command) {
    let output = run(command).unwrap_or_else(|| panic!("{what}: cannot run {command:?}"));
    assert!(
        output.status.success(),
        "{what} failed ({}):\n{}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .map(|p| {
            if p.is_absolute() {
                p
            } else {
                Path::new(REPO).join(p)
            }
        })
        .unwrap_or_else(|| Path::new(REPO).join("target"))
}

#[test]
#[cfg_attr(
    sente_no_python,
    ignore = "python3 with venv, maturin, pytest, nbclient, nbformat and ipykernel not found"
)]
fn the_python_package_builds_and_passes_its_tests() {
    if !succeeds(Command::new("python3").arg("--version")) {
        missing("no python3");
    }
    let venv = target_dir().join("python-test-venv");
    let _ = std::fs::remove_dir_all(&venv);
    if !succeeds(
        Command::new("python3")
            .args(["-m", "venv", "--system-site-packages"])
            .arg(&venv),
    ) {
        missing("python3 -m venv does not work (Debian: apt-get install python3-venv)");
    }
    let python = venv.join("bin").join("python");
    if !succeeds(Command::new(&python).args(["-m", "pip", "--version"])) {
        missing("no pip in the virtual environment");
    }
    for module in ["maturin", "pytest"] {
        if !succeeds(Command::new(&python).args(["-c", &format!("import {module}")])) {
            missing(&format!("python3 cannot import {module}"));
        }
    }
    must(
        "pip install ./python",
        Command::new(&python)
            .args([
                "-m",
                "pip",
                "install",
                "--quiet",
                "--no-input",
                "--no-build-isolation",
                "--no-deps",
            ])
            .arg(Path::new(REPO).join("python"))
            .env("CARGO_TARGET_DIR", target_dir())
            .env("PIP_DISABLE_PIP_VERSION_CHECK", "1"),
    );
    must(
        "pytest python/tests",
        Command::new(&python)
            .args(["-m", "pytest", "-q", "-p", "no:cacheprovider"])
            .arg(Path::new(REPO).join("python").join("tests"))
            .current_dir(&venv)
            .env("SENTE_BIN", env!("CARGO_BIN_EXE_sente")),
    );
    let notebook = Path::new(REPO).join("examples").join("course.ipynb");
    if notebook.exists() {
        for module in ["nbclient", "nbformat", "ipykernel"] {
            if !succeeds(Command::new(&python).args(["-c", &format!("import {module}")])) {
                missing(&format!("python3 cannot import {module} for the notebook"));
            }
        }
        must(
            "the course notebook",
            Command::new(&python)
                .arg(
                    Path::new(REPO)
                        .join("python")
                        .join("tests")
                        .join("run_notebook.py"),
                )
                .arg(&notebook)
                .current_dir(&venv)
                .env("SENTE_BIN", env!("CARGO_BIN_EXE_sente")),
        );
    }
}
