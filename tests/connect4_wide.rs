//! The Connect Four solver beyond 64 bits and its 128-bit path on the 64-bit boards: the
//! positions of `tests/data/connect4/wide.txt` (8 x 8, 9 x 7, 10 x 6, 4 x 16 and 5 x 12, valued
//! by Christophe Steininger's solver) and `wide-fresh.txt` (8 x 8, 9 x 7, 10 x 6) solved exactly, and every vector of a 64-bit board (7 x 6's `end`,
//! `mid` and `begin`, 9 x 5's `nine-by-five`) solved in a 128-bit word to the same score as in
//! the 64-bit word.

use sente::games::connect4::Shape;
use sente::games::connect4::batch::{self, BatchConfig};
use sente::games::connect4::solver::SolverWord;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// The lines of a file of `tests/data/connect4`, comments left out, split into words.
fn vectors(file: &str) -> Vec<Vec<String>> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/connect4")
        .join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split_whitespace().map(str::to_string).collect())
        .collect()
}

/// `(moves, score, nodes)` of each position solved by the solver of words `B` on `shape`, a
/// fresh table per position.
fn solve_in<B: SolverWord>(shape: Shape, positions: &[String]) -> Vec<(String, i32, u64)> {
    let input: String = positions.iter().map(|m| format!("{m}\n")).collect();
    let mut out = Vec::new();
    let config = BatchConfig {
        shape,
        ..BatchConfig::standard(16)
    };
    batch::run_in::<B>(&mut input.as_bytes(), &mut out, config).expect("batch run");
    let text = String::from_utf8(out).expect("utf-8");
    let lines: Vec<(String, i32, u64)> = text
        .lines()
        .map(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            let score = words[1]
                .parse()
                .unwrap_or_else(|_| panic!("no score: {line}"));
            let nodes = words[2]
                .parse()
                .unwrap_or_else(|_| panic!("no nodes: {line}"));
            (words[0].to_string(), score, nodes)
        })
        .collect();
    assert_eq!(lines.len(), positions.len(), "{text}");
    lines
}

/// Every position of `file` (`width height moves score ...`) solved in the narrowest word its
/// board fits, as `sente solve` chooses it, to the file's score; the file holds `boards`, at
/// least 50 positions each, every one with `empty` empty cells.
fn solves_as_the_file_says(
    file: &str,
    boards: &[(u8, u8)],
    empty: std::ops::RangeInclusive<usize>,
) {
    let mut found: BTreeMap<(u8, u8), Vec<(String, i32)>> = BTreeMap::new();
    for words in vectors(file) {
        let (w, h): (u8, u8) = (
            words[0].parse().expect("width"),
            words[1].parse().expect("height"),
        );
        let score: i32 = words[3].parse().expect("score");
        found
            .entry((w, h))
            .or_default()
            .push((words[2].clone(), score));
    }
    assert_eq!(found.keys().copied().collect::<Vec<_>>(), boards, "{file}");
    for ((w, h), positions) in &found {
        let shape = Shape::new(*w, *h).expect("a board sente holds");
        assert!(shape.bits() > 64, "{shape} fits 64 bits");
        assert!(
            positions.len() >= 50,
            "{file} {shape}: {} positions",
            positions.len()
        );
        let input: String = positions.iter().map(|(m, _)| format!("{m}\n")).collect();
        let mut out = Vec::new();
        let config = BatchConfig {
            shape,
            ..BatchConfig::standard(16)
        };
        batch::run(&mut input.as_bytes(), &mut out, config).expect("batch run");
        let text = String::from_utf8(out).expect("utf-8");
        assert_eq!(text.lines().count(), positions.len(), "{text}");
        for ((moves, score), line) in positions.iter().zip(text.lines()) {
            let words: Vec<&str> = line.split_whitespace().collect();
            assert_eq!(words[0], moves);
            assert_eq!(
                words[1],
                score.to_string(),
                "{file} {shape} {moves}: got {line}"
            );
            let cells = usize::from(*w) * usize::from(*h) - moves.len();
            assert!(
                empty.contains(&cells),
                "{file} {shape} {moves}: {cells} empty"
            );
        }
    }
}

#[test]
fn boards_beyond_64_bits_solve_as_steiningers_solver_does() {
    solves_as_the_file_says(
        "wide.txt",
        &[(4, 16), (5, 12), (8, 8), (9, 7), (10, 6)],
        16..=30,
    );
}

#[test]
fn positions_of_other_games_with_20_to_32_empty_cells_solve_as_steiningers_solver_does() {
    solves_as_the_file_says("wide-fresh.txt", &[(8, 8), (9, 7), (10, 6)], 20..=32);
}

/// Every position of a 64-bit board's vector file solved in both words: the same score (the
/// file's), and the 128-bit word's node count printed beside the 64-bit one's when they differ.
fn both_words_agree(file: &str, shape: Shape, moves_at: usize, score_at: usize) {
    let rows = vectors(file);
    let positions: Vec<String> = rows.iter().map(|r| r[moves_at].clone()).collect();
    let narrow = solve_in::<u64>(shape, &positions);
    let wide = solve_in::<u128>(shape, &positions);
    let mut differ = 0;
    for ((row, a), b) in rows.iter().zip(&narrow).zip(&wide) {
        assert_eq!(a.0, row[moves_at]);
        assert_eq!(b.0, row[moves_at]);
        assert_eq!(a.1.to_string(), row[score_at], "{file} 64 bits: {}", a.0);
        assert_eq!(
            b.1, a.1,
            "{file} {}: 128 bits {}, 64 bits {}",
            a.0, b.1, a.1
        );
        if a.2 != b.2 {
            differ += 1;
        }
    }
    eprintln!(
        "{file}: {} positions, the same scores; node counts differ on {differ}",
        rows.len()
    );
}

#[test]
fn the_128_bit_path_equals_the_64_bit_one_on_every_7x6_vector() {
    for set in ["end.txt", "mid.txt", "begin.txt"] {
        both_words_agree(set, Shape::STANDARD, 0, 1);
    }
}

#[test]
fn the_128_bit_path_equals_the_64_bit_one_on_every_9x5_vector() {
    let shape = Shape::new(9, 5).expect("9 x 5");
    assert!(shape.bits() <= 64);
    both_words_agree("nine-by-five.txt", shape, 2, 3);
}

/// `sente solve connect4 --width W --height H` with `input` on stdin: (success, stdout, stderr).
fn sente_solve(width: u8, height: u8, input: &str) -> (bool, String, String) {
    sente_solve_with(width, height, &[], input)
}

/// `sente_solve` with more arguments.
fn sente_solve_with(width: u8, height: u8, more: &[&str], input: &str) -> (bool, String, String) {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_sente"))
        .args(["solve", "connect4", "--width", &width.to_string()])
        .args(["--height", &height.to_string()])
        .args(more)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start sente solve");
    // sente refuses a board too large before it reads a line, and may be gone before the
    // positions are written: a broken pipe then says nothing; its output and status do.
    let _ = child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes());
    let out = child.wait_with_output().expect("sente solve's output");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn sente_solve_takes_every_board_up_to_12x10_and_names_the_limit_beyond() {
    // A 10 x 8 position of sente's own games (18 empty cells) and a 12 x 10 one of a random
    // game without fours (20 empty), with their scores as the 192-bit word gives them apart
    // from the command; a finished position and a column beyond the board are errors.
    let cases = [
        (
            10,
            8,
            "489953453354a143673687785485455877714766654711112aa11aa2222229",
        ),
        (
            12,
            10,
            "258377b988a64a26628892c8a99b845225686653348925144c9c6abbc333aa8a9aabb96bb9b9a614511113226331b1421ccc",
        ),
    ];
    for (width, height, moves) in cases {
        let shape = Shape::new(width, height).expect("a board sente holds");
        let want = solve_in::<sente::games::connect4::U192>(shape, &[moves.to_string()])[0].1;
        let (ok, out, err) = sente_solve(width, height, &format!("{moves}\n1212121\nd\n"));
        assert!(ok, "{err}");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 3, "{out}");
        let words: Vec<&str> = lines[0].split_whitespace().collect();
        assert_eq!(words[..2], [moves, &want.to_string()], "{out}");
        assert!(
            lines[1].starts_with("1212121 error the game is over"),
            "{out}"
        );
        assert!(lines[2].starts_with("d error "), "{out}");
    }
    for (width, height) in [(12, 11), (7, 20), (13, 4)] {
        let (ok, out, err) = sente_solve(width, height, "4\n");
        assert!(!ok && out.is_empty(), "{width}x{height}: {out}");
        assert!(
            err.contains(&format!(
                "a {width}x{height} board is too large: at most 12 columns, and width x \
                 (height + 1) at most 128 or the board at most 12x10"
            )),
            "{width}x{height}: {err}"
        );
    }
}

#[test]
fn sente_solve_at_least_proves_one_bound_of_the_score() {
    // The 10 x 8 position above: its score is reached, one more is not, and a bound below
    // (negative: a second player's bound) is.
    let moves = "489953453354a143673687785485455877714766654711112aa11aa2222229";
    let shape = Shape::new(10, 8).expect("a board sente holds");
    let score = solve_in::<u128>(shape, &[moves.to_string()])[0].1;
    for (bound, verdict) in [
        (score, format!(">={score}")),
        (score + 1, format!("<{}", score + 1)),
        (-score.abs() - 1, format!(">={}", -score.abs() - 1)),
    ] {
        let bound = bound.to_string();
        let (ok, out, err) = sente_solve_with(
            10,
            8,
            &["--at-least", &bound],
            &format!("{moves}\n1212121\n"),
        );
        assert!(ok, "{err}");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 2, "{out}");
        let words: Vec<&str> = lines[0].split_whitespace().collect();
        assert_eq!(words[..2], [moves, verdict.as_str()], "{out}");
        assert!(
            lines[1].starts_with("1212121 error the game is over"),
            "{out}"
        );
    }
    let (ok, _, err) = sente_solve_with(10, 8, &["--at-least", "1", "--weak"], "");
    assert!(!ok && err.contains("--weak"), "{err}");
}
