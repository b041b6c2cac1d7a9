//! `sente rushhour universe` against the expected universes of tests/data/rushhour/universe/
//! (4x4, 5x5, 5x5 with one wall; checked once against Fogleman's program, see the README there),
//! shards whose lines merge into the whole run's, and bad arguments.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::process::{Command, Output};

const SENTE: &str = env!("CARGO_BIN_EXE_sente");

/// A path in the temp directory unique to this process and `name`.
fn temp_path(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("sente-universe-{}-{name}", std::process::id()))
}

fn expected(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/rushhour/universe")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Runs the universe with `extra` arguments; its output lines and stderr.
fn universe(size: &str, walls: &str, extra: &[&str], tag: &str) -> (String, String) {
    let out = temp_path(&format!("universe-{size}-{walls}-{tag}.txt"));
    let run: Output = Command::new(SENTE)
        .args([
            "rushhour", "universe", "--size", size, "--walls", walls, "--out",
        ])
        .arg(&out)
        .args(extra)
        .output()
        .expect("sente runs");
    let stderr = String::from_utf8_lossy(&run.stderr).into_owned();
    assert!(run.status.success(), "sente failed: {stderr}");
    let lines = std::fs::read_to_string(&out).expect("the output file");
    let _ = std::fs::remove_file(&out);
    (lines, stderr)
}

fn check(size: &str, walls: &str, file: &str, summary: &str) {
    let (lines, stderr) = universe(size, walls, &[], "whole");
    assert!(
        lines == expected(file),
        "{size}x{size} walls {walls} differs from {file}"
    );
    assert!(
        stderr.contains(summary),
        "summary {summary:?} not in {stderr}"
    );
}

#[test]
fn universe_4x4() {
    check(
        "4",
        "0",
        "4x4.txt",
        "1349 boards generated, 880 clusters, 493 solvable, 32 puzzles",
    );
}

#[test]
fn universe_5x5() {
    check(
        "5",
        "0",
        "5x5.txt",
        "268109 boards generated, 130299 clusters, 62106 solvable, 1730 puzzles",
    );
}

#[test]
fn universe_5x5_with_one_wall() {
    check(
        "5",
        "1",
        "5x5-walls1.txt",
        "2988670 boards generated, 1655079 clusters, 831255 solvable, 6041 puzzles",
    );
}

#[test]
fn shards_merge_into_the_whole_universe() {
    let whole = expected("5x5.txt");
    let mut union = BTreeSet::new();
    let mut count = 0;
    for k in 1..=3 {
        let (lines, stderr) = universe("5", "0", &["--shard", &format!("{k}/3")], &format!("{k}"));
        assert!(stderr.contains(&format!("shard {k}/3")), "{stderr}");
        assert!(!lines.is_empty(), "shard {k}/3 found no puzzle");
        count += lines.lines().count();
        union.extend(lines.lines().map(str::to_string));
    }
    let union: Vec<String> = union.into_iter().collect();
    assert_eq!(count, union.len(), "the shards overlap");
    assert_eq!(union.join("\n") + "\n", whole);
}

#[test]
fn bad_arguments_are_explained() {
    for (args, says) in [
        (&["--size", "7"][..], "--size 7"),
        (&["--size", "4", "--walls", "3"][..], "--walls 3"),
        (&["--size", "4", "--shard", "0/3"][..], "--shard"),
        (&["--size", "4", "--shard", "4/3"][..], "--shard"),
        (&["--size", "4", "--progress", "0"][..], "--progress"),
    ] {
        let run = Command::new(SENTE)
            .args(["rushhour", "universe", "--out"])
            .arg(temp_path("universe-bad.txt"))
            .args(args)
            .output()
            .expect("sente runs");
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert!(!run.status.success(), "{args:?} accepted");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
    }
}
