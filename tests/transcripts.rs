//! Plays every `tests/transcripts/*.txt` against the built `sente` binary (two at a time)
//! and reports all failing files at once.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

#[test]
fn transcripts() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/transcripts");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/transcripts exists")
        .map(|entry| entry.expect("readable directory").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "txt"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no transcript in {}", dir.display());

    let engine = Path::new(env!("CARGO_BIN_EXE_sente"));
    let queue = Mutex::new(files.iter());
    let failures = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| {
                loop {
                    // Take the next file without holding the lock while it runs.
                    let next = queue.lock().unwrap().next();
                    let Some(file) = next else { break };
                    if let Err(e) = sente::transcript::run_file(engine, &[], file) {
                        failures.lock().unwrap().push(e);
                    }
                }
            });
        }
    });
    let mut failures = failures.into_inner().unwrap();
    failures.sort();
    assert!(
        failures.is_empty(),
        "{} of {} transcripts failed:\n\n{}",
        failures.len(),
        files.len(),
        failures.join("\n\n")
    );
}
