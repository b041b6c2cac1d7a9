//! The Connect Four solver against the reference positions of `tests/data/connect4`:
//! every score exact, through the batch command's code and through `go solve`.

use sente::games::Game;
use sente::games::connect4::batch;
use sente::games::connect4::solver::Solver;
use sente::games::connect4::{Connect4, Shape};
use std::path::PathBuf;

fn reference(set: &str) -> Vec<(String, i32)> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/connect4")
        .join(format!("{set}.txt"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut words = l.split_whitespace();
            let moves = words.next().expect("moves").to_string();
            let score = words.next().and_then(|s| s.parse().ok()).expect("score");
            (moves, score)
        })
        .collect()
}

fn solve_all(positions: &[(String, i32)], threads: usize) -> Vec<String> {
    let input: String = positions.iter().map(|(m, _)| format!("{m}\n")).collect();
    run_lines(
        &input,
        batch::BatchConfig {
            threads,
            ..batch::BatchConfig::standard(16)
        },
    )
}

fn check_set(set: &str, count: usize, threads: usize) {
    let mut positions = reference(set);
    assert!(
        positions.len() >= count.min(100),
        "{set}: too few positions"
    );
    positions.truncate(count);
    let lines = solve_all(&positions, threads);
    assert_eq!(lines.len(), positions.len());
    for ((moves, score), line) in positions.iter().zip(&lines) {
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(words[0], moves);
        assert_eq!(words[1], score.to_string(), "{set}: {moves}: got {line}");
        assert!(
            words[2].parse::<u64>().is_ok() && words[3].parse::<f64>().is_ok(),
            "{line}"
        );
    }
}

#[test]
fn end_positions_solve_exactly() {
    check_set("end", usize::MAX, 1);
}

#[test]
fn mid_positions_solve_exactly() {
    check_set("mid", usize::MAX, 1);
}

#[test]
fn weak_solving_gives_who_wins_every_mid_position() {
    let positions = reference("mid");
    let input: String = positions.iter().map(|(m, _)| format!("{m}\n")).collect();
    let mut out = Vec::new();
    let config = batch::BatchConfig {
        weak: true,
        ..batch::BatchConfig::standard(16)
    };
    batch::run(&mut input.as_bytes(), &mut out, config).expect("batch run");
    let text = String::from_utf8(out).expect("utf-8");
    for ((moves, score), line) in positions.iter().zip(text.lines()) {
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(words[0], moves);
        assert_eq!(words[1], score.signum().to_string(), "{moves}: got {line}");
    }
    assert_eq!(text.lines().count(), positions.len());
}

#[test]
fn begin_positions_solve_exactly_with_two_threads() {
    check_set("begin", 6, 2);
}

#[test]
fn batch_reports_bad_and_finished_positions_and_goes_on() {
    let input = "44x\n4444444\n1212121\n4453\n";
    let mut out = Vec::new();
    let config = batch::BatchConfig {
        threads: 2,
        keep_table: true,
        ..batch::BatchConfig::standard(1)
    };
    batch::run(&mut input.as_bytes(), &mut out, config).expect("batch run");
    let text = String::from_utf8(out).expect("utf-8");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert!(lines[0].starts_with("44x error "), "{text}");
    assert!(lines[1].starts_with("4444444 error "), "{text}");
    assert!(
        lines[2].starts_with("1212121 error the game is over"),
        "{text}"
    );
    assert!(lines[3].starts_with("4453 "), "{text}");
}

/// A line `<moves> >=T` asks whether its position scores at least `T`, whatever else the
/// batch asks (here exact scores from a kept table, then `--at-least` of every other line);
/// a bound that is not a whole number is an error of its line alone.
#[test]
fn a_line_asks_its_own_bound() {
    let positions: Vec<(String, i32)> = reference("mid").into_iter().take(20).collect();
    let mut input = String::new();
    for (moves, score) in &positions {
        input += &format!("{moves} >={score}\n{moves} >={}\n{moves}\n", score + 1);
    }
    input += "4453 >=x\n4453 >=\n";
    let lines = run_lines(
        &input,
        batch::BatchConfig {
            keep_table: true,
            ..batch::BatchConfig::standard(16)
        },
    );
    assert_eq!(lines.len(), 3 * positions.len() + 2);
    for ((moves, score), three) in positions.iter().zip(lines.chunks(3)) {
        let answers: Vec<Vec<&str>> = three.iter().map(|l| l.split(' ').collect()).collect();
        assert_eq!(answers[0][..2], [moves.as_str(), &format!(">={score}")]);
        assert_eq!(
            answers[1][..2],
            [moves.as_str(), &format!("<{}", score + 1)]
        );
        assert_eq!(answers[2][..2], [moves.as_str(), &score.to_string()]);
    }
    let last = &lines[lines.len() - 2..];
    assert!(
        last[0].starts_with("4453 >=x error the bound 'x'"),
        "{last:?}"
    );
    assert!(
        last[1].starts_with("4453 >= error the bound ''"),
        "{last:?}"
    );
    // The empty board (a line of the bound alone) on 4 x 4, a draw, with --at-least 1 for the
    // lines that ask nothing of their own.
    let lines = run_lines(
        ">=0\n\n>=-1\n",
        batch::BatchConfig {
            shape: Shape::new(4, 4).expect("4 x 4"),
            at_least: Some(1),
            ..batch::BatchConfig::standard(1)
        },
    );
    let answers: Vec<&str> = lines
        .iter()
        .map(|l| l.split(' ').nth(1).unwrap_or(""))
        .collect();
    assert_eq!(answers, [">=0", "<1", ">=-1"], "{lines:?}");
}

/// `batch::run`'s output lines for `input`.
fn run_lines(input: &str, config: batch::BatchConfig) -> Vec<String> {
    let mut out = Vec::new();
    batch::run(&mut input.as_bytes(), &mut out, config).expect("batch run");
    String::from_utf8(out)
        .expect("utf-8")
        .lines()
        .map(str::to_string)
        .collect()
}

/// `max_time` (`sente solve --max-seconds`): a position whose solve outlasts it is given up as
/// `unknown` with its nodes, and the next one is solved. The limit here is already past when
/// each solve starts, so the empty board (millions of nodes) stops at its first look at the
/// clock, while an end position (a handful of nodes, fewer than lie between two looks)
/// finishes with its exact score.
#[test]
fn batch_gives_up_a_position_past_its_time_and_goes_on() {
    let input = "\n5341652523462351422157335627763\n";
    let mut out = Vec::new();
    let config = batch::BatchConfig {
        keep_table: true,
        max_time: Some(std::time::Duration::ZERO),
        ..batch::BatchConfig::standard(1)
    };
    batch::run(&mut input.as_bytes(), &mut out, config).expect("batch run");
    let text = String::from_utf8(out).expect("utf-8");
    let lines: Vec<Vec<&str>> = text
        .lines()
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert_eq!(lines[0][0], "unknown", "{text}");
    let nodes: u64 = lines[0][1].parse().expect("nodes");
    assert!(nodes > 0, "{text}");
    assert_eq!(
        lines[1][..2],
        ["5341652523462351422157335627763", "6"],
        "{text}"
    );
}

/// `sente solve --table`: a second run loads what the first saved and proves the same scores
/// from it in far fewer nodes (two threads, so the counts are compared loosely), and
/// `--bounds` reads each position's score back from it without solving; a table
/// saved for another board is refused by name, and a missing directory is an error naming
/// the file.
#[test]
fn batch_keeps_its_table_in_a_file_between_runs() {
    let dir = std::env::temp_dir().join(format!("sente-table-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("6x5.table");
    let run = |width: u8, path: &std::path::Path| {
        let mut out = Vec::new();
        let config = batch::BatchConfig {
            shape: Shape::new(width, 5).expect("shape"),
            threads: 2,
            table_file: Some(batch::TableFile {
                path: path.to_path_buf(),
                every: std::time::Duration::from_millis(1),
            }),
            ..batch::BatchConfig::standard(8)
        };
        batch::run(&mut "\n3\n".as_bytes(), &mut out, config).map(|()| {
            let text = String::from_utf8(out).expect("utf-8");
            let fields = |line: &str| -> (i32, u64) {
                let words: Vec<&str> = line.split_whitespace().collect();
                let score = words[words.len() - 3].parse().expect("score");
                (score, words[words.len() - 2].parse().expect("nodes"))
            };
            text.lines().map(fields).collect::<Vec<_>>()
        })
    };
    let first = run(6, &path).expect("first run");
    let second = run(6, &path).expect("second run");
    assert_eq!(first.len(), 2);
    let scores = |run: &[(i32, u64)]| run.iter().map(|r| r.0).collect::<Vec<_>>();
    assert_eq!(scores(&second), scores(&first));
    // The empty board's solve: what the second position needs is in the table either way.
    let (fresh, loaded) = (first[0].1, second[0].1);
    assert!(
        loaded * 10 < fresh,
        "{loaded} nodes from the table, {fresh} without"
    );
    // `--bounds` reads the saved table back without solving: the root of each solve was
    // narrowed to its score, and each line says what it holds on its position.
    let config_for_bounds = |path: std::path::PathBuf| batch::BatchConfig {
        shape: Shape::new(6, 5).expect("shape"),
        table_file: Some(batch::TableFile {
            path,
            every: std::time::Duration::from_secs(3600),
        }),
        bounds_only: true,
        ..batch::BatchConfig::standard(8)
    };
    let mut out = Vec::new();
    let config = config_for_bounds(path.clone());
    batch::run(&mut "\n3\n3x\n".as_bytes(), &mut out, config).expect("bounds");
    let text = String::from_utf8(out).expect("utf-8");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    for (at, (line, (score, _))) in lines.iter().zip(&first).enumerate() {
        let words: Vec<&str> = line.split_whitespace().collect();
        let bound = |word: Option<&&str>| word.and_then(|w| w.parse::<i32>().ok());
        // The empty board's line starts with its bounds, the next with its move `3`.
        assert_eq!(bound(words.get(at)), Some(*score), "{text}");
        assert_eq!(bound(words.get(at + 1)), Some(*score), "{text}");
        assert_eq!(words.get(at + 2), Some(&"best"), "{text}");
    }
    assert!(lines[2].starts_with("3x error "), "{text}");
    // With no file there is nothing to read, and --bounds never writes one.
    let absent = dir.join("absent.table");
    let message = batch::run(
        &mut "\n".as_bytes(),
        &mut Vec::new(),
        config_for_bounds(absent.clone()),
    )
    .expect_err("no table to read")
    .to_string();
    assert!(message.contains("absent.table"), "{message}");
    assert!(!absent.exists());
    let other = run(7, &path)
        .expect_err("a 6 x 5 table for 7 x 5")
        .to_string();
    assert!(
        other.contains("6x5.table") && other.contains("width is 6"),
        "{other}"
    );
    let nowhere = dir.join("missing").join("t.table");
    let message = run(6, &nowhere).expect_err("no directory").to_string();
    assert!(message.contains("t.table"), "{message}");
    std::fs::remove_dir_all(&dir).expect("removed");
}

/// A sente engine process: the child, its stdin, and the lines of its stdout.
fn start_engine() -> (
    std::process::Child,
    std::process::ChildStdin,
    std::io::Lines<std::io::BufReader<std::process::ChildStdout>>,
) {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_sente"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("sente starts");
    let stdin = child.stdin.take().expect("stdin");
    let lines = BufReader::new(child.stdout.take().expect("stdout")).lines();
    (child, stdin, lines)
}

/// Solves `positions` through a real engine session: `position` then `go solve` for each
/// (the next once the `bestmove` came), and returns the scores of the
/// `info string solved <score>` lines and the best moves.
fn solve_in_session(positions: &[(String, i32)]) -> (Vec<i32>, Vec<String>) {
    use std::io::Write;
    let (mut child, mut stdin, mut lines) = start_engine();
    let mut scores = Vec::new();
    let mut best = Vec::new();
    writeln!(stdin, "setoption name Hash value 64").expect("sent");
    for (moves, _) in positions {
        let spaced: Vec<String> = moves.chars().map(String::from).collect();
        writeln!(
            stdin,
            "position startpos moves {}\ngo solve",
            spaced.join(" ")
        )
        .expect("sent");
        loop {
            let line = lines.next().expect("a line").expect("text");
            if let Some(score) = line.strip_prefix("info string solved ") {
                scores.push(score.parse().expect("a score"));
            }
            assert!(!line.starts_with("info string error"), "{moves}: {line}");
            if let Some(mv) = line.strip_prefix("bestmove ") {
                best.push(mv.to_string());
                break;
            }
        }
    }
    drop(stdin);
    let _ = child.wait();
    (scores, best)
}

#[test]
fn go_solve_agrees_with_every_end_and_mid_position_and_keeps_the_value() {
    for set in ["end", "mid"] {
        let positions = reference(set);
        let (scores, best) = solve_in_session(&positions);
        let expected: Vec<i32> = positions.iter().map(|(_, s)| *s).collect();
        assert_eq!(scores, expected, "{set}");
        // Every best move keeps the value.
        let mut checker = Solver::new(16);
        for ((moves, score), mv) in positions.iter().zip(&best) {
            let pos = Connect4::from_move_string(moves).expect("moves");
            let col = pos.parse_move(mv).expect("a legal move");
            assert_eq!(
                checker.move_reaches(&pos, col, *score),
                Ok(true),
                "{moves}: {mv}"
            );
        }
    }
}

/// The move time of `timed_go_in_session`, in ms: a hang guard. The weak solve, given three
/// quarters of it, ends in milliseconds; then the search is stopped (a proven win is played at
/// once).
const HANG_GUARD_MS: u32 = 120_000;

/// Plays `go movetime HANG_GUARD_MS` on a `width` x `height` board after `moves` (columns, no
/// spaces) through a real engine session, sends `stop` once the weak solve has said what it
/// found, and returns the `info string` texts and the `bestmove`.
fn timed_go_in_session(width: u8, height: u8, moves: &str) -> (Vec<String>, String) {
    use std::io::Write;
    let (mut child, mut stdin, mut lines) = start_engine();
    let spaced: Vec<String> = moves.chars().map(String::from).collect();
    writeln!(
        stdin,
        "setoption name Connect4Width value {width}\nsetoption name Connect4Height value \
         {height}\nucinewgame\nposition startpos moves {}\ngo movetime {HANG_GUARD_MS}",
        spaced.join(" ")
    )
    .expect("sent");
    let mut notes = Vec::new();
    let best = loop {
        let line = lines.next().expect("a line").expect("text");
        if let Some(note) = line.strip_prefix("info string ") {
            // The weak solve's word: solved (the move comes at once), or the heuristic search
            // takes over (proven lost, or not solved in time).
            if note.starts_with("solved weak") || note.ends_with("heuristic search") {
                writeln!(stdin, "stop").expect("sent");
            }
            notes.push(note.to_string());
        }
        if let Some(mv) = line.strip_prefix("bestmove ") {
            break mv.to_string();
        }
    };
    drop(stdin);
    let _ = child.wait();
    (notes, best)
}

#[test]
fn timed_go_on_8x7_plays_a_weakly_solved_win_and_searches_a_lost_position() {
    // 16 stones of a game on 8 x 7 (40 empty cells): a win for x, weakly solved in
    // milliseconds, long before the full solve's 34 empty cells.
    let moves = "4123444175524423";
    let shape = Shape::new(8, 7).expect("fits");
    let pos = Connect4::<u64>::from_moves(shape, moves).expect("moves");
    let mut checker = Solver::new(16);
    assert_eq!(checker.solve_weak(&pos, &mut |_| {}), Ok(1));
    let (notes, best) = timed_go_in_session(8, 7, moves);
    assert!(notes.iter().any(|n| n == "solved weak win"), "{notes:?}");
    let col = pos.parse_move(&best).expect("a legal move");
    assert_eq!(
        checker.move_reaches(&pos, col, 1),
        Ok(true),
        "{best} keeps the win"
    );
    // After x's 2 (another winning move) o is lost: the heuristic search plays on.
    let lost = format!("{moves}2");
    let pos = Connect4::<u64>::from_moves(shape, &lost).expect("moves");
    assert_eq!(checker.solve_weak(&pos, &mut |_| {}), Ok(-1));
    let (notes, best) = timed_go_in_session(8, 7, &lost);
    assert!(
        notes.iter().any(|n| n == "proven lost; heuristic search"),
        "{notes:?}"
    );
    assert!(pos.parse_move(&best).is_ok(), "{best}");
}
