//! `sente match --shard` and `--merge` through the real binary: a match with deterministic
//! engines (fixed depth) played in shards and merged is the match played whole, game for game
//! and line for line; merges of games from different matches, overlapping shards, tampered
//! games or records without the match headers are refused by name.

mod common;

use common::{SENTE, games_by_round, temp_path};
use std::path::Path;
use std::process::{Command, Output};

/// `sente match` with `args` (split on blanks; `$SENTE` is the binary) and `extra` words.
fn sente_match(args: &str, extra: &[&str]) -> Output {
    Command::new(SENTE)
        .arg("match")
        .args(args.split_whitespace().map(|w| w.replace("$SENTE", SENTE)))
        .args(extra)
        .output()
        .expect("sente runs")
}

fn text(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// Runs `sente match`, checks it succeeded and returns its stdout.
fn played(args: &str, extra: &[&str]) -> String {
    let output = sente_match(args, extra);
    assert!(
        output.status.success(),
        "{args} {extra:?}: {}{}",
        text(&output),
        String::from_utf8_lossy(&output.stderr)
    );
    text(&output)
}

/// `sente match --merge <files> [--out <out>]`.
fn merge(files: &[&Path], out: Option<&Path>) -> Output {
    let mut command = Command::new(SENTE);
    command.args(["match", "--merge"]).args(files);
    if let Some(out) = out {
        command.arg("--out").arg(out);
    }
    command.output().expect("sente runs")
}

fn path_text(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 temp path")
}

/// Connect Four from random 4-ply openings, both engines at a fixed depth: every game is
/// determined by its number.
const CONNECT4: &str = "--variant connect4 --games 12 --openings plies=4 --seed 7 \
    --engine cmd=$SENTE name=deep depth=8 \
    --engine cmd=$SENTE name=shallow depth=5 option.OwnBook=false --each option.Hash=8";

#[test]
fn shards_merged_are_the_match_played_whole() {
    let whole = temp_path("whole.txt");
    let whole_out = played(CONNECT4, &["--out", path_text(&whole)]);
    let shards: Vec<_> = (1..=3)
        .map(|k| temp_path(&format!("shard{k}.txt")))
        .collect();
    for (k, shard) in shards.iter().enumerate() {
        let part = format!("{}/3", k + 1);
        // The shards may run at any concurrency.
        let concurrency = if k == 1 { "2" } else { "1" };
        let out = played(
            CONNECT4,
            &[
                "--shard",
                &part,
                "--concurrency",
                concurrency,
                "--out",
                path_text(shard),
            ],
        );
        let numbers: Vec<usize> = out
            .lines()
            .filter_map(|l| l.strip_prefix("Finished game "))
            .filter_map(|l| l.split(' ').next()?.parse().ok())
            .collect();
        assert_eq!(numbers.len(), 4, "{out}");
        assert!(numbers.iter().all(|n| n % 3 == (k + 1) % 3), "{out}");
    }

    let merged = temp_path("merged.txt");
    let output = merge(&[&shards[2], &shards[0], &shards[1]], Some(&merged));
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    // The same lines: every game in order, the score, the terminations, `Finished match`.
    assert_eq!(text(&output), whole_out);
    assert!(whole_out.ends_with("Finished match\n"), "{whole_out}");
    let (whole_games, merged_games) = (games_by_round(&whole), games_by_round(&merged));
    assert_eq!(merged_games.len(), 12);
    assert_eq!(merged_games, whole_games);
    let replayed = Command::new(SENTE)
        .args(["match", "--replay"])
        .arg(&merged)
        .output()
        .unwrap();
    assert!(text(&replayed).contains("Replayed 12 games: 12 ok, 0 with errors"));

    // Two shards of three: the summary of what is there, and what is missing.
    let partial = merge(&[&shards[0], &shards[2]], None);
    assert!(partial.status.success());
    let partial = text(&partial);
    assert!(
        partial.ends_with("Merged 8 of 12 games; missing: 2, 5, 8, 11\n"),
        "{partial}"
    );
    assert!(partial.contains("Score of deep vs shallow: "), "{partial}");

    // --rounds picks games by number, and can be merged with the shards it completes.
    let rounds = temp_path("rounds.txt");
    played(
        CONNECT4,
        &["--rounds", "2-5,8,11", "--out", path_text(&rounds)],
    );
    let refused = merge(&[&shards[0], &rounds], None);
    let message = String::from_utf8_lossy(&refused.stderr).into_owned();
    assert!(!refused.status.success());
    assert!(
        message.contains("game 4 is in the records twice"),
        "{message}"
    );
    let completed = temp_path("completed.txt");
    played(
        CONNECT4,
        &["--rounds", "2,5,8,11", "--out", path_text(&completed)],
    );
    let output = merge(&[&shards[0], &completed, &shards[2]], None);
    assert_eq!(text(&output), whole_out);
    for path in shards.iter().chain([&whole, &merged, &rounds, &completed]) {
        let _ = std::fs::remove_file(path);
    }
}

/// Tic-tac-toe at a low depth: fast, and every game the same.
const TICTACTOE: &str = "--variant tictactoe --games 4 --engine cmd=$SENTE name=a \
    --engine cmd=$SENTE name=b --each depth=2";

#[test]
fn merges_of_different_matches_are_refused_by_name() {
    let reference = temp_path("reference.txt");
    played(
        TICTACTOE,
        &["--shard", "1/2", "--out", path_text(&reference)],
    );
    let cases: &[(&str, &[&str], &str)] = &[
        (
            TICTACTOE,
            &["--seed", "8"],
            "[Seed \"8\"] where the first game has [Seed \"1\"]",
        ),
        (
            "--variant tictactoe --games 6 --engine cmd=$SENTE name=a \
             --engine cmd=$SENTE name=b --each depth=2",
            &[],
            "[Games \"6\"]",
        ),
        (
            "--variant tictactoe --games 4 --engine cmd=$SENTE name=a \
             --engine cmd=$SENTE name=b --each depth=3",
            &[],
            "[Engine1Setup",
        ),
        (
            "--variant tictactoe --games 4 --engine cmd=$SENTE name=a option.Hash=4 \
             --engine cmd=$SENTE name=b --each depth=2",
            &[],
            "option.Hash=4",
        ),
        (
            "--variant tictactoe --games 4 --engine cmd=$SENTE name=a \
             --engine cmd=$SENTE name=c --each depth=2",
            &[],
            "[Engine2 \"c\"]",
        ),
        (
            "--variant tictactoe --games 4 --engine cmd=$SENTE name=a \
             --engine cmd=$SENTE name=b --each depth=2 --openings plies=2",
            &[],
            "[Openings \"plies=2\"] where the first game has [Openings \"start\"]",
        ),
        (
            "--variant connect4 --games 4 --engine cmd=$SENTE name=a \
             --engine cmd=$SENTE name=b --each depth=2",
            &[],
            "[Variant \"connect4\"]",
        ),
        (
            "--variant tictactoe --games 4 --engine cmd=$SENTE name=a \
             --engine cmd=$SENTE name=b --engine cmd=$SENTE name=c --each depth=2",
            &[],
            "3 engines where the first game has 2",
        ),
        (
            TICTACTOE,
            &["--sprt", "elo0=0", "elo1=10", "alpha=0.05", "beta=0.05"],
            "[SPRT \"elo0=0 elo1=10 alpha=0.05 beta=0.05\"] where the first game has no [SPRT]",
        ),
        // The same match: shard 1/2 again overlaps.
        (
            TICTACTOE,
            &["--shard", "1/2"],
            "game 1 is in the records twice",
        ),
    ];
    for (args, extra, message) in cases {
        let other = temp_path("other.txt");
        // Shard 2/2 of the other match, unless the case names its shard.
        let mut words = extra.to_vec();
        if !extra.contains(&"--shard") {
            words.extend(["--shard", "2/2"]);
        }
        words.extend(["--out", path_text(&other)]);
        played(args, &words);
        let output = merge(&[&reference, &other], None);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            !output.status.success(),
            "{args} {extra:?}: {}",
            text(&output)
        );
        assert!(stderr.contains(message), "{args} {extra:?}: {stderr}");
        let _ = std::fs::remove_file(&other);
    }

    // A game changed by hand fails its check, as in --replay.
    let record = std::fs::read_to_string(&reference).unwrap();
    let tampered = temp_path("tampered.txt");
    std::fs::write(
        &tampered,
        record.replacen("[Result \"1/2-1/2\"]", "[Result \"1-0\"]", 1),
    )
    .unwrap();
    let output = merge(&[&tampered], None);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("game 1: the rules give 1/2-1/2"),
        "{stderr}"
    );
    // A huge match costs nothing more to merge.
    let huge = format!("{}", usize::MAX);
    std::fs::write(
        &tampered,
        record.replace("[Games \"4\"]", &format!("[Games \"{huge}\"]")),
    )
    .unwrap();
    let output = merge(&[&tampered], None);
    assert!(
        text(&output).ends_with(&format!("Merged 2 of {huge} games; missing: 2, 4-{huge}\n")),
        "{}",
        text(&output)
    );
    // A record from before the match headers still replays, but cannot be merged.
    let old: String = record
        .lines()
        .filter(|l| {
            !["[Games", "[Openings", "[Seed", "[Engine"]
                .iter()
                .any(|h| l.starts_with(h))
        })
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(&tampered, old).unwrap();
    let output = merge(&[&tampered], None);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("no [Games] header"), "{stderr}");
    let replayed = Command::new(SENTE)
        .args(["match", "--replay"])
        .arg(&tampered)
        .output()
        .unwrap();
    assert!(replayed.status.success(), "{}", text(&replayed));
    let empty = temp_path("empty.txt");
    std::fs::write(&empty, "").unwrap();
    let output = merge(&[&empty], None);
    assert!(String::from_utf8_lossy(&output.stderr).contains("no games"));
    for path in [&reference, &tampered, &empty] {
        let _ = std::fs::remove_file(path);
    }
}

#[test]
fn a_shard_records_the_sprt_for_the_merge_but_does_not_stop_on_its_own_games() {
    let faulty = format!("{}/tests/engines/faulty.sh", env!("CARGO_MANIFEST_DIR"));
    // sente's margin is a hang guard: a loaded machine never makes it lose on time.
    let args = format!(
        "--variant connect4 --games 200 \
         --engine cmd=$SENTE name=sente timemargin=120000 hard=120 \
         --engine cmd={faulty} name=faulty arg=illegal arg=0 --each st=0.05 \
         --sprt elo0=0 elo1=50 alpha=0.05 beta=0.05"
    );
    let shard = temp_path("sprt-shard.txt");
    let out = played(&args, &["--shard", "1/10", "--out", path_text(&shard)]);
    // All 20 games of the shard, though the test would have decided after fewer.
    assert_eq!(out.matches("Finished game").count(), 20, "{out}");
    assert!(!out.contains("SPRT:"), "{out}");
    let output = merge(&[&shard], None);
    let merged = text(&output);
    assert!(merged.contains("H1 was accepted"), "{merged}");
    assert!(merged.ends_with("Finished match\n"), "{merged}");
    let _ = std::fs::remove_file(&shard);
}

#[test]
fn bad_selections_are_named() {
    for (extra, message) in [
        (["--shard", "4/3"], "--shard takes K/N"),
        (["--rounds", "5-2"], "--rounds takes game numbers"),
    ] {
        let output = sente_match(TICTACTOE, &extra);
        assert!(!output.status.success());
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(message), "{stderr}");
    }
}

#[test]
fn a_round_robin_in_shards_merges_to_the_whole_with_its_ranking() {
    let args = "--variant tictactoe --games 2 --engine cmd=$SENTE name=a depth=1 \
                --engine cmd=$SENTE name=b depth=3 --engine cmd=$SENTE name=c depth=9";
    let whole = played(args, &[]);
    assert!(whole.contains("Rank Name"), "{whole}");
    let parts: Vec<_> = (1..=2).map(|k| temp_path(&format!("rr{k}.txt"))).collect();
    for (k, part) in parts.iter().enumerate() {
        played(
            args,
            &["--shard", &format!("{}/2", k + 1), "--out", path_text(part)],
        );
    }
    let output = merge(&[&parts[1], &parts[0]], None);
    assert_eq!(text(&output), whole);
    for part in &parts {
        let _ = std::fs::remove_file(part);
    }
}
