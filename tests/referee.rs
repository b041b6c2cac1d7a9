//! `sente match` and `sente play` through the real binary: short matches between sente
//! configurations (totals, record, replay), the deliberately broken engine of
//! `tests/engines/faulty.sh` adjudicated for each fault, SPRT stopping early, Ctrl-C, and a
//! person's games in the terminal.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

const SENTE: &str = env!("CARGO_BIN_EXE_sente");

fn faulty() -> String {
    format!("{}/tests/engines/faulty.sh", env!("CARGO_MANIFEST_DIR"))
}

fn fake_fsf() -> String {
    format!("{}/tests/engines/fake_fsf.sh", env!("CARGO_MANIFEST_DIR"))
}

/// A fresh path in the temp directory, unique to this test run.
fn temp_path(name: &str) -> PathBuf {
    static COUNT: AtomicUsize = AtomicUsize::new(0);
    let n = COUNT.fetch_add(1, Ordering::SeqCst);
    std::env::temp_dir().join(format!("sente-referee-{}-{n}-{name}", std::process::id()))
}

fn sente(args: &[&str]) -> Output {
    Command::new(SENTE).args(args).output().expect("sente runs")
}

/// The words of `sente match` from `template` (split on blanks; `$SENTE`, `$FAULTY` and
/// `$1`, `$2`... stand for the programs and for `values`, which may hold blanks).
fn match_words(template: &str, values: &[&str]) -> Vec<String> {
    std::iter::once("match".to_string())
        .chain(template.split_whitespace().map(|word| {
            let mut word = word
                .replace("$SENTE", SENTE)
                .replace("$FAULTY", &faulty())
                .replace("$FAKE_FSF", &fake_fsf());
            for (i, value) in values.iter().enumerate().rev() {
                word = word.replace(&format!("${}", i + 1), value);
            }
            word
        }))
        .collect()
}

/// Runs `sente match` (see `match_words`).
fn sente_match(template: &str, values: &[&str]) -> Output {
    Command::new(SENTE)
        .args(match_words(template, values))
        .output()
        .expect("sente runs")
}

/// Replays a record: success and output.
fn replay(path: &std::path::Path) -> (bool, String) {
    let output = sente(&["match", "--replay", &path.display().to_string()]);
    (output.status.success(), stdout(&output))
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// Processes whose command line contains `tag` (Linux).
fn processes_with(tag: &str) -> Vec<String> {
    let mut found = Vec::new();
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return found;
    };
    for entry in entries.flatten() {
        if let Ok(cmdline) = std::fs::read(entry.path().join("cmdline")) {
            let text = String::from_utf8_lossy(&cmdline).replace('\0', " ");
            if text.contains(tag) {
                found.push(format!("{}: {text}", entry.file_name().to_string_lossy()));
            }
        }
    }
    found
}

/// Limits that only a stuck engine exceeds (a margin of 120 s on every timed move, 120 s for
/// a move without a clock): given to an engine that plays correctly, so that a loaded machine
/// never makes it lose on time. The tests' subject, the faulty engine, keeps tight limits.
const HANG_GUARD_LIMITS: &str = "timemargin=120000 hard=120";

/// How long a test reads a program's output for what it waits for: only a stuck program
/// takes this long.
const HANG_GUARD: Duration = Duration::from_secs(120);

/// A `sente match` between `sente` (with the `HANG_GUARD_LIMITS`) and the faulty engine in
/// `mode`, misbehaving from its move `after + 1` of each game, with extra pairs for every
/// engine; returns the output and checks nothing survives it.
fn against_faulty(variant: &str, mode: &str, after: u32, each: &[&str]) -> String {
    let tag = temp_path(mode).display().to_string();
    let template = format!(
        "--variant $1 --games 2 --engine cmd=$SENTE name=sente {HANG_GUARD_LIMITS} \
         --engine cmd=$FAULTY name=faulty arg=$2 arg={after} arg=$3 --each {}",
        each.join(" ")
    );
    let output = sente_match(&template, &[variant, mode, &tag]);
    let text = stdout(&output);
    assert!(
        output.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(
        processes_with(&tag),
        Vec::<String>::new(),
        "left behind after {mode}"
    );
    text
}

#[test]
fn tictactoe_at_full_depth_between_two_configurations_is_all_draws_and_replays() {
    let out = temp_path("tictactoe.txt");
    let output = sente_match(
        "--variant tictactoe --games 4 --engine cmd=$SENTE name=full \
         --engine cmd=$SENTE name=minimax option.Algorithm=minimax --each depth=9 --out $1",
        &[&out.display().to_string()],
    );
    let text = stdout(&output);
    assert!(output.status.success(), "{text}");
    for round in 1..=4 {
        assert!(text.contains(&format!("Finished game {round} (")), "{text}");
    }
    assert!(
        text.contains("Score of full vs minimax: 0 - 0 - 4  [0.500] 4\n"),
        "{text}"
    );
    assert!(text.contains("Elo difference: 0.0 +/- 0.0"), "{text}");
    assert!(text.contains("Terminations: normal 4\n"), "{text}");
    assert!(text.ends_with("Finished match\n"), "{text}");
    let record = std::fs::read_to_string(&out).unwrap();
    assert_eq!(record.matches("[Event \"sente match\"]").count(), 4);
    assert_eq!(record.matches("[Result \"1/2-1/2\"]").count(), 4);
    assert!(
        record.contains("[P1 \"minimax\"]\n[P2 \"full\"]"),
        "{record}"
    );
    assert!(record.contains("[TimeControl \"depth=9\"]"), "{record}");
    let (ok, replayed) = replay(&out);
    assert!(ok, "{replayed}");
    assert!(
        replayed.contains("Replayed 4 games: 4 ok, 0 with errors"),
        "{replayed}"
    );
    assert!(
        replayed.contains("Score of full vs minimax: 0 - 0 - 4"),
        "{replayed}"
    );

    // A record changed by hand no longer replays.
    let tampered = record.replacen("[Result \"1/2-1/2\"]", "[Result \"1-0\"]", 1);
    std::fs::write(&out, tampered).unwrap();
    let (ok, replayed) = replay(&out);
    assert!(!ok, "{replayed}");
    assert!(
        replayed.contains("error: the rules give 1/2-1/2"),
        "{replayed}"
    );
    assert!(replayed.contains("3 ok, 1 with errors"), "{replayed}");
    let _ = std::fs::remove_file(&out);
}

#[test]
fn connect4_at_a_fast_clock_with_paired_openings() {
    let out = temp_path("connect4.txt");
    // The clock is fast for the engines' time management, but the referee's margin is a
    // hang guard: on a loaded machine a move may come late without losing the game. The full
    // search is bounded by depth too, so that its strength does not hang on the machine's
    // speed (a loaded machine gave it too few nodes at this clock to beat depth 2).
    let output = sente_match(
        &format!(
            "--variant connect4 --games 4 --concurrency 2 --openings plies=4 --seed 7 \
             --engine cmd=$SENTE name=full depth=8 \
             --engine cmd=$SENTE name=weak option.Algorithm=minimax option.OwnBook=false \
             depth=2 --each tc=2+0.05 option.Hash=8 {HANG_GUARD_LIMITS} --out $1"
        ),
        &[&out.display().to_string()],
    );
    let text = stdout(&output);
    assert!(output.status.success(), "{text}");
    let score = text
        .lines()
        .find(|l| l.starts_with("Score of full vs weak: "))
        .expect("a score line");
    let numbers: Vec<u32> = score
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|w| w.parse().ok())
        .collect();
    // wins, losses, draws, (score digits), games
    assert_eq!(numbers[0] + numbers[1] + numbers[2], 4, "{score}");
    // A random 4-ply opening can be lost for the side that moves first (the weak engine
    // then wins it with the full search's colours); each opening is played with both colour
    // orders, and the full search wins at least the one with the good side.
    assert!(
        numbers[0] >= 2 && numbers[0] > numbers[1],
        "the full search should beat depth-2 minimax: {score}"
    );
    assert!(text.contains("Terminations: normal 4\n"), "{text}");
    let record = std::fs::read_to_string(&out).unwrap();
    assert_eq!(
        record.matches("[OpeningPlies \"4\"]").count(),
        4,
        "{record}"
    );
    assert!(record.contains("[TimeControl \"2+0.05\"]") || record.contains("P1TimeControl"));
    // Games 1 and 2 share their opening with the colours swapped.
    let games: Vec<&str> = record.split("[Event").skip(1).collect();
    let opening = |round: &str| -> String {
        let game = games
            .iter()
            .find(|g| g.contains(&format!("[Round \"{round}\"]")))
            .expect("the round is recorded");
        let moves = game.split("\n\n").nth(1).unwrap_or("");
        moves
            .split_whitespace()
            .take(4)
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert_eq!(opening("1"), opening("2"));
    assert_eq!(opening("3"), opening("4"));
    assert_ne!(opening("1"), opening("3"));
    let (ok, replayed) = replay(&out);
    assert!(ok, "{replayed}");
    let _ = std::fs::remove_file(&out);
}

#[test]
fn connect4_on_an_8x7_board_follows_the_size_everywhere() {
    let out = temp_path("connect4-8x7.txt");
    // Openings in column 8, which only this board has.
    let openings = temp_path("connect4-8x7-openings.txt");
    std::fs::write(&openings, "8 1\n").unwrap();
    let output = sente_match(
        &format!(
            "--variant connect4 --games 2 --openings file=$2 \
             --engine cmd=$SENTE name=full st=0.05 {HANG_GUARD_LIMITS} \
             --engine cmd=$SENTE name=weak option.Algorithm=minimax depth=2 \
             --each option.Connect4Width=8 option.Connect4Height=7 --out $1"
        ),
        &[&out.display().to_string(), &openings.display().to_string()],
    );
    let text = stdout(&output);
    assert!(output.status.success(), "{text}");
    assert!(text.contains("Terminations: normal 2\n"), "{text}");
    let record = std::fs::read_to_string(&out).unwrap();
    assert_eq!(
        record
            .matches("[Rules \"Connect4Width=8 Connect4Height=7\"]")
            .count(),
        2,
        "{record}"
    );
    let (ok, replayed) = replay(&out);
    assert!(ok, "{replayed}");
    // The same games cannot be replayed on the standard board.
    let standard = record.replace("[Rules \"Connect4Width=8 Connect4Height=7\"]\n", "");
    std::fs::write(&out, standard).unwrap();
    let (ok, replayed) = replay(&out);
    assert!(!ok, "{replayed}");
    assert!(replayed.contains("is not a column 1-7"), "{replayed}");
    let _ = std::fs::remove_file(&out);
    let _ = std::fs::remove_file(&openings);
}

#[test]
fn broken_engines_lose_by_the_right_reason() {
    // A fault that is not about time comes at the faulty engine's second move, its first
    // played under the `HANG_GUARD_LIMITS`. A fault that makes it lose on time or stall comes
    // at its first move: no move of it has to be quick enough for the tight limits, which
    // only its fault can exceed, however loaded the machine.
    let cases: &[(&str, &str, u32, &[&str], &str)] = &[
        (
            "illegal",
            "connect4",
            1,
            &["st=0.05", HANG_GUARD_LIMITS],
            "faulty illegal move 2",
        ),
        (
            "crash",
            "connect4",
            1,
            &["st=0.05", HANG_GUARD_LIMITS],
            "faulty crash 2",
        ),
        (
            "junk",
            "tictactoe",
            1,
            &["st=0.05", HANG_GUARD_LIMITS],
            "faulty protocol error 2",
        ),
        (
            "nomove",
            "tictactoe",
            1,
            &["st=0.05", HANG_GUARD_LIMITS],
            "faulty protocol error 2",
        ),
        (
            "silence",
            "tictactoe",
            0,
            &["st=0.05", "timemargin=100"],
            "faulty time forfeit 2",
        ),
        (
            "silence",
            "tictactoe",
            0,
            &["depth=3", "hard=0.3"],
            "faulty stalled 2",
        ),
        (
            "partial",
            "tictactoe",
            0,
            &["st=0.05"],
            "faulty time forfeit 2",
        ),
        (
            "noread",
            "tictactoe",
            0,
            &["st=0.05"],
            "faulty time forfeit 2",
        ),
        (
            "flood",
            "tictactoe",
            0,
            &["st=0.05", "timemargin=200"],
            "faulty time forfeit 2",
        ),
        (
            "slow",
            "tictactoe",
            0,
            &["tc=0.5+0"],
            "faulty time forfeit 2",
        ),
        (
            "handshake-exit",
            "tictactoe",
            1,
            &["st=0.05", HANG_GUARD_LIMITS],
            "faulty crash 2",
        ),
    ];
    for (mode, variant, after, each, forfeits) in cases {
        let text = against_faulty(variant, mode, *after, each);
        assert!(
            text.contains(&format!("Forfeits: {forfeits}\n")),
            "{mode} {each:?}:\n{text}"
        );
        assert!(
            text.contains("Score of sente vs faulty: 2 - 0 - 0"),
            "{mode}:\n{text}"
        );
    }
}

#[test]
fn openings_from_a_file_start_from_fens_and_move_lists() {
    let openings = temp_path("openings.txt");
    let out = temp_path("from-file.txt");
    // x on b2, o on a1, x to move; then a bare move list.
    std::fs::write(&openings, "# two openings\nfen .../.x./o.. x\nc3 b1\n").unwrap();
    let output = sente_match(
        "--variant tictactoe --games 4 --openings file=$1 --engine cmd=$SENTE name=a \
         --engine cmd=$SENTE name=b --each depth=9 --out $2",
        &[&openings.display().to_string(), &out.display().to_string()],
    );
    let text = stdout(&output);
    assert!(output.status.success(), "{text}");
    let record = std::fs::read_to_string(&out).unwrap();
    assert_eq!(
        record.matches("[FEN \".../.x./o.. x\"]").count(),
        2,
        "{record}"
    );
    assert_eq!(
        record.matches("[OpeningPlies \"0\"]").count(),
        2,
        "{record}"
    );
    assert_eq!(
        record.matches("[OpeningPlies \"2\"]").count(),
        2,
        "{record}"
    );
    let (ok, replayed) = replay(&out);
    assert!(ok, "{replayed}");
    let _ = std::fs::remove_file(&out);
    let _ = std::fs::remove_file(&openings);
}

/// A match of sente against the fake Fairy-Stockfish in `mode`, with `pairs` for the fake and
/// `each` for both; returns the output and the record.
fn against_fake_fsf(variant: &str, mode: &str, pairs: &str, each: &str) -> (String, String) {
    let out = temp_path(&format!("fsf-{mode}.txt"));
    let template = format!(
        "--variant $1 --games 2 --openings plies=2 --engine cmd=$SENTE name=sente \
         --engine cmd=$FAKE_FSF name=fsf arg=$2 {pairs} --each {each} --out $3"
    );
    let output = sente_match(&template, &[variant, mode, &out.display().to_string()]);
    let text = stdout(&output);
    assert!(
        output.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let record = std::fs::read_to_string(&out).unwrap_or_default();
    if mode == "good" {
        let (ok, replayed) = replay(&out);
        assert!(ok, "{replayed}");
    }
    let _ = std::fs::remove_file(&out);
    (text, record)
}

#[test]
fn fairy_stockfish_is_known_by_its_name_and_plays_connect4_at_any_size_in_its_notation() {
    // Detected from `id name Fairy-Stockfish ...`: the variant is loaded from a file written
    // for the size, the moves translated both ways; the record holds sente's columns.
    let (text, record) = against_fake_fsf(
        "connect4",
        "good",
        "",
        "depth=2 option.Connect4Width=8 option.Connect4Height=7",
    );
    assert!(text.contains("Terminations: normal 2\n"), "{text}");
    assert!(text.contains("Forfeits: none\n"), "{text}");
    assert!(!record.contains('@'), "{record}");
    assert!(
        record.contains("[Rules \"Connect4Width=8 Connect4Height=7\"]"),
        "{record}"
    );
    // The widest board both play (files j to l), the options in the other order.
    let (text, _) = against_fake_fsf(
        "connect4",
        "good",
        "",
        "depth=1 option.Connect4Height=4 option.Connect4Width=12",
    );
    assert!(text.contains("Terminations: normal 2\n"), "{text}");
    // Beyond 64 bits: 10 x 8 (88 bits) and Fairy-Stockfish's largest board, 12 x 10 (132 bits,
    // ranks 1 to 10), each game to its end, every move checked and recorded as sente's column.
    for (width, height) in [(10, 8), (12, 10)] {
        let (text, record) = against_fake_fsf(
            "connect4",
            "good",
            "",
            &format!("depth=1 option.Connect4Width={width} option.Connect4Height={height}"),
        );
        assert!(text.contains("Terminations: normal 2\n"), "{text}");
        assert!(text.contains("Forfeits: none\n"), "{text}");
        assert!(!record.contains('@'), "{record}");
        assert!(
            record.contains(&format!(
                "[Rules \"Connect4Width={width} Connect4Height={height}\"]"
            )),
            "{record}"
        );
    }
    // Tic-tac-toe, the notation named.
    let (text, record) = against_fake_fsf("tictactoe", "good", "notation=fsf", "depth=9");
    assert!(text.contains("Terminations: normal 2\n"), "{text}");
    assert!(
        record.contains("cmd=") && record.contains("notation=fsf"),
        "{record}"
    );
}

#[test]
fn fairy_stockfish_faults_are_named() {
    // A variant it did not load (Fairy-Stockfish says nothing): the game is lost, the reason
    // names the variant.
    let (text, record) = against_fake_fsf(
        "connect4",
        "novariants",
        "",
        "depth=2 option.Connect4Width=9",
    );
    assert!(text.contains("Terminations: protocol error 2\n"), "{text}");
    assert!(
        record.contains("did not load variant sente-connect4-9x6"),
        "{record}"
    );
    // A drop above the column's lowest free cell is checked and rejected.
    let (text, record) = against_fake_fsf("connect4", "floating", "", "depth=2");
    assert!(text.contains("Terminations: illegal move 2\n"), "{text}");
    assert!(record.contains("played illegal move 'P@"), "{record}");
    // A board larger than Fairy-Stockfish's 12 x 10, which sente plays: 4 x 11, and 7 x 12
    // beyond 64 bits.
    for (width, height) in [(4, 11), (7, 12)] {
        let (text, record) = against_fake_fsf(
            "connect4",
            "good",
            "",
            &format!("depth=2 option.Connect4Width={width} option.Connect4Height={height}"),
        );
        assert!(text.contains("Terminations: protocol error 2\n"), "{text}");
        assert!(record.contains("at most 12 files x 10 ranks"), "{record}");
    }
    // A game the adapter cannot load into Fairy-Stockfish stops the match with a message.
    let output = sente_match(
        "--variant babylon --games 2 --engine cmd=$SENTE --engine cmd=$FAKE_FSF --each depth=1",
        &[],
    );
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(
        !output.status.success() && err.contains("does not play babylon"),
        "{err}"
    );
}

#[test]
fn a_correct_engine_on_time_is_not_adjudicated() {
    // It thinks 0.2 s a move, at most 1 s of a 10 s clock in a game: only a referee that
    // misreads the clock (or allows no more than the increment and the margin) adjudicates it.
    let text = against_faulty("tictactoe", "sleepy", 0, &["tc=10+0.1"]);
    assert!(text.contains("Forfeits: none\n"), "{text}");
    assert!(text.contains("Terminations: normal 2\n"), "{text}");
}

#[test]
fn an_engine_that_knows_only_uci_is_spoken_to_in_uci() {
    // That its complaint about `ugi` ends the attempt at once (not after the 2 s wait) is
    // checked where the handshake is read, by what ends the wait: src/referee/process.rs.
    let text = against_faulty("connect4", "uci-only", 0, &["depth=1"]);
    assert!(text.contains("Forfeits: none\n"), "{text}");
    assert!(text.contains("Terminations: normal 2\n"), "{text}");
}

#[test]
fn sprt_stops_the_match_once_it_decides() {
    let output = sente_match(
        &format!(
            "--variant connect4 --games 200 --engine cmd=$SENTE name=sente {HANG_GUARD_LIMITS} \
             --engine cmd=$FAULTY name=faulty arg=illegal arg=0 --each st=0.05 \
             --sprt elo0=0 elo1=50 alpha=0.05 beta=0.05"
        ),
        &[],
    );
    let text = stdout(&output);
    assert!(output.status.success(), "{text}");
    assert!(text.contains("H1 was accepted"), "{text}");
    let games = text.matches("Finished game").count();
    assert!((2..20).contains(&games), "{games} games:\n{text}");
}

#[test]
fn bad_match_arguments_are_named() {
    let two = "--engine cmd=x --engine cmd=y --each depth=1";
    let cases = [
        ("--engine cmd=x depth=1".to_string(), "at least two"),
        (
            "--engine cmd=x --engine cmd=y depth=1".to_string(),
            "no limit",
        ),
        (format!("--variant rushhour {two}"), "one-player puzzle"),
        (
            "--engine cmd=/no/such/engine --engine cmd=/no/such/either --each depth=1".to_string(),
            "cannot start",
        ),
        (format!("--openings plies=x {two}"), "plies= takes a number"),
        (
            "--variant babylon --engine cmd=x option.BabylonColours=3 --engine cmd=y \
             --each depth=1"
                .to_string(),
            "for one engine only",
        ),
    ];
    for (args, message) in cases {
        let output = sente_match(&args, &[]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!output.status.success(), "{args}");
        assert!(stderr.contains(message), "{args}: {stderr}");
    }
}

#[cfg(unix)]
#[test]
fn ctrl_c_kills_the_engines_and_keeps_the_finished_games() {
    let tag = temp_path("interrupt").display().to_string();
    let out = temp_path("interrupted.txt");
    let mut referee = Command::new(SENTE)
        .args(match_words(
            "--variant tictactoe --games 50 \
             --engine cmd=$FAULTY name=a arg=sleepy arg=0 arg=$1 \
             --engine cmd=$FAULTY name=b arg=sleepy arg=0 arg=$1 --each st=1 --out $2",
            &[&tag, &out.display().to_string()],
        ))
        .stdout(Stdio::piped())
        .spawn()
        .expect("sente runs");
    let mut lines = BufReader::new(referee.stdout.take().unwrap()).lines();
    let first = lines.next().unwrap().unwrap();
    assert!(first.starts_with("Finished game 1"), "{first}");
    assert!(!processes_with(&tag).is_empty(), "the engines run");
    // SAFETY: kill has no memory effects.
    unsafe {
        libc::kill(referee.id() as i32, libc::SIGINT);
    }
    let rest: Vec<String> = lines.map_while(Result::ok).collect();
    let status = referee.wait().unwrap();
    assert_eq!(status.code(), Some(130), "{rest:?}");
    assert!(
        rest.iter()
            .any(|l| l.starts_with("Match interrupted after ")),
        "{rest:?}"
    );
    assert_eq!(processes_with(&tag), Vec::<String>::new());
    let finished = 1 + rest
        .iter()
        .filter(|l| l.starts_with("Finished game"))
        .count();
    let (ok, replayed) = replay(&out);
    assert!(ok, "{replayed}");
    assert!(
        replayed.contains(&format!("Replayed {finished} games: {finished} ok")),
        "{replayed}"
    );
    let _ = std::fs::remove_file(&out);
}

/// `sente play` driven like a person: reads up to each prompt and answers.
struct Terminal {
    child: std::process::Child,
    input: std::process::ChildStdin,
    output: BufReader<std::process::ChildStdout>,
    seen: String,
}

impl Terminal {
    fn start(args: &[&str]) -> Terminal {
        let mut child = Command::new(SENTE)
            .arg("play")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("sente play runs");
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        Terminal {
            child,
            input,
            output,
            seen: String::new(),
        }
    }

    /// Reads lines until one contains `marker`; returns that line.
    fn until(&mut self, marker: &str) -> String {
        let deadline = Instant::now() + HANG_GUARD;
        loop {
            assert!(
                Instant::now() < deadline,
                "no '{marker}' within the hang guard in:\n{}",
                self.seen
            );
            let mut line = String::new();
            if self.output.read_line(&mut line).unwrap() == 0 {
                panic!("output ended before '{marker}':\n{}", self.seen);
            }
            self.seen.push_str(&line);
            if line.contains(marker) {
                return line;
            }
        }
    }

    fn say(&mut self, text: &str) {
        writeln!(self.input, "{text}").unwrap();
    }

    /// Plays the first legal move at each prompt until the game is over.
    fn play_out(&mut self) -> String {
        loop {
            let line = self.until(": ");
            if line.starts_with("Game over") {
                return line;
            }
            if let Some(moves) = line.strip_prefix("Your move (") {
                let first = moves.split([' ', ')']).next().unwrap().to_string();
                self.say(&first);
            }
        }
    }

    fn quit(mut self) -> String {
        self.say("quit");
        self.until("Bye.");
        assert!(self.child.wait().unwrap().success());
        self.seen
    }
}

#[test]
fn a_person_plays_tictactoe_with_bad_input_undo_and_hint() {
    let mut t = Terminal::start(&["--variant", "tictactoe", "--st", "0.05"]);
    t.until("Your move (");
    t.say("z9");
    assert!(t.until("is not a move here").contains("'z9'"));
    t.say("hint");
    let hint = t.until("hint: ");
    t.until("Your move (");
    t.say("b2");
    t.until("sente plays");
    t.until("Your move (");
    t.say("undo");
    let prompt = t.until("Your move (");
    let cells = prompt.split(['(', ')']).nth(1).unwrap_or("");
    assert_eq!(
        cells.split_whitespace().count(),
        9,
        "all cells free again: {prompt}"
    );
    t.say("undo");
    t.until("nothing to undo");
    let over = t.play_out();
    assert!(
        over.contains("sente wins") || over.contains("Draw"),
        "{over}"
    );
    let seen = t.quit();
    assert!(hint.trim().len() > "hint: ".len(), "{seen}");
}

#[test]
fn a_person_plays_every_two_player_game_to_the_end_as_either_side() {
    for (variant, human) in [
        ("connect4", "second"),
        ("babylon", "first"),
        ("rushhour-rocks", "second"),
        ("tree", "first"),
    ] {
        let mut t = Terminal::start(&["--variant", variant, "--human", human, "--st", "0.05"]);
        let over = t.play_out();
        assert!(over.starts_with("Game over: "), "{variant}: {over}");
        let seen = t.quit();
        if human == "second" {
            assert!(
                seen.find("sente plays") < seen.find("Your move"),
                "{variant}:\n{seen}"
            );
        }
    }
}

#[test]
fn a_person_plays_connect4_on_a_10x5_board() {
    let mut t = Terminal::start(&[
        "--variant",
        "connect4",
        "--st",
        "0.05",
        "--option",
        "Connect4Width=10",
        "--option",
        "Connect4Height=5",
    ]);
    let prompt = t.until("Your move (");
    assert!(prompt.contains("9 a)"), "{prompt}");
    t.say("a");
    t.until("sente plays");
    let over = t.play_out();
    assert!(over.starts_with("Game over: "), "{over}");
    let seen = t.quit();
    assert!(seen.contains("1 2 3 4 5 6 7 8 9 a\n"), "{seen}");
}

#[test]
fn a_person_solves_rush_hour_with_hints() {
    let mut t = Terminal::start(&["--variant", "rushhour", "--st", "0.05"]);
    loop {
        let line = t.until(": ");
        if line.starts_with("Game over") {
            assert!(line.contains("Solved in"), "{line}");
            break;
        }
        t.say("hint");
        let hint = t.until("hint: ");
        let mv = hint.trim().trim_start_matches("hint: ").to_string();
        t.until("Your move (");
        t.say(&mv);
    }
    let seen = t.quit();
    assert!(
        !seen.contains("sente plays"),
        "sente does not move in a puzzle"
    );
}

#[test]
fn end_of_input_leaves_sente_play_cleanly() {
    let mut child = Command::new(SENTE)
        .args(["play", "--variant", "tictactoe", "--st", "0.05"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"b2\n\xff\xfe\nnonsense\n")
        .unwrap();
    let output = child.wait_with_output().unwrap();
    let text = stdout(&output);
    assert!(output.status.success(), "{text}");
    assert!(text.ends_with("Bye.\n"), "{text}");
    assert!(text.contains("sente plays"), "{text}");
}
