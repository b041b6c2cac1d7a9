//! The positions each shipped evaluation network (9 x 6, 8 x 7, 7 x 8, 10 x 6, 9 x 7, 8 x 8,
//! 10 x 8, 12 x 10) was fitted to (`books/connect4-<W>x<H>-ntuple-values.txt`, made by
//! `scripts/connect4_ntuple.py label`, or `games` on 12 x 10): a sample of those the weak solver
//! labelled, with enough stones to solve in milliseconds (24 on the boards of 64 bits, 30 on the
//! larger ones, 40 on 10 x 8; on 12 x 10 the games' last positions, of 72 stones or more),
//! weak-solved again here to the value the file gives. (12 x 10's other labels are game
//! results, which nothing recomputes.) And `connect4_ntuple.py search`, which appends the
//! deeper searches' scores, stopped and resumed.

use sente::games::connect4::Shape;
use sente::games::connect4::batch::{self, BatchConfig};
use std::path::{Path, PathBuf};
use std::process::Command;

/// One labelled position of a board's file.
struct Label {
    /// The moves from the empty board.
    moves: String,
    /// Its value for the side to move: 1, 0 or -1.
    value: i32,
    /// Whether the weak solver gave the value (every line of `label`'s files; the lines of
    /// `games`' files that say `solver`), not a game's result (`game`).
    by_solver: bool,
}

/// A board's labelled positions.
fn labelled(width: u8, height: u8) -> Vec<Label> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join(format!("books/connect4-{width}x{height}-ntuple-values.txt"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .map(|line| {
            let mut words = line.split_whitespace();
            let moves = words.next().unwrap_or_else(|| panic!("no moves: {line}"));
            let value = words
                .next()
                .and_then(|v| v.parse().ok())
                .unwrap_or_else(|| panic!("no value: {line}"));
            let by_solver = match words.next() {
                None | Some("solver") => true,
                Some("game") => false,
                Some(other) => panic!("source {other}: {line}"),
            };
            Label {
                moves: moves.to_string(),
                value,
                by_solver,
            }
        })
        .collect()
}

/// Weak-solves every `step`-th position the solver labelled that `keep` accepts in the board's
/// file again, with the solver of the board's word.
fn check_sample(
    width: u8,
    height: u8,
    at_least: usize,
    step: usize,
    keep: impl Fn(&Label) -> bool,
) {
    let rows = labelled(width, height);
    assert!(rows.len() > at_least, "{} positions", rows.len());
    assert!(rows.iter().all(|row| (-1..=1).contains(&row.value)));
    let sample: Vec<&Label> = rows
        .iter()
        .filter(|row| row.by_solver && keep(row))
        .step_by(step)
        .collect();
    assert!(sample.len() >= 10, "{} positions to solve", sample.len());
    let input: String = sample
        .iter()
        .map(|row| format!("{}\n", row.moves))
        .collect();
    let config = BatchConfig {
        shape: Shape::new(width, height).expect("a board sente plays"),
        weak: true,
        keep_table: true,
        ..BatchConfig::standard(64)
    };
    let mut out = Vec::new();
    batch::run(&mut input.as_bytes(), &mut out, config).expect("batch run");
    let text = String::from_utf8(out).expect("utf-8");
    let solved: Vec<(String, i32)> = text
        .lines()
        .map(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            (
                words[0].to_string(),
                words[1].parse().unwrap_or_else(|_| panic!("{line}")),
            )
        })
        .collect();
    assert_eq!(solved.len(), sample.len(), "{text}");
    for (row, (solved_moves, solved_value)) in sample.iter().zip(&solved) {
        assert_eq!(&row.moves, solved_moves);
        assert_eq!(&row.value, solved_value, "{width}x{height}: {}", row.moves);
    }
}

/// Every 300th position of at least `min_stones` stones.
fn check_stones(width: u8, height: u8, at_least: usize, min_stones: usize) {
    check_sample(width, height, at_least, 300, |row| {
        row.moves.len() >= min_stones
    });
}

#[test]
fn the_9x6_networks_positions_have_the_weak_solvers_values() {
    check_stones(9, 6, 80_000, 24);
}

#[test]
fn the_8x7_networks_positions_have_the_weak_solvers_values() {
    check_stones(8, 7, 50_000, 24);
}

#[test]
fn the_7x8_networks_positions_have_the_weak_solvers_values() {
    check_stones(7, 8, 60_000, 24);
}

#[test]
fn the_10x6_networks_positions_have_the_weak_solvers_values() {
    check_stones(10, 6, 40_000, 30);
}

#[test]
fn the_9x7_networks_positions_have_the_weak_solvers_values() {
    check_stones(9, 7, 50_000, 30);
}

#[test]
fn the_8x8_networks_positions_have_the_weak_solvers_values() {
    check_stones(8, 8, 60_000, 30);
}

#[test]
fn the_10x8_networks_positions_have_the_weak_solvers_values() {
    check_stones(10, 8, 75_000, 40);
}

#[test]
fn the_12x10_networks_solved_positions_have_the_weak_solvers_values() {
    check_sample(12, 10, 40_000, 40, |row| row.moves.len() >= 72);
}

/// `connect4_ntuple.py search` on 7 x 6 at depth 2, in two processes: each line gets sente's
/// score appended. Stopped midway (a part file holding one line with a score sente would not
/// give it, then a line cut short), it goes on from there: the kept line is not searched again,
/// the cut one is, and every other line is as a search run whole has it; the parts are removed.
#[test]
#[cfg_attr(sente_no_python3, ignore = "no python3")]
fn a_stopped_search_goes_on_from_its_part_files() {
    let dir = std::env::temp_dir().join(format!("sente-search-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temp directory");
    let values = dir.join("values.txt");
    let input = [
        "4453 1 game",
        "444 -1 game",
        "3344 1 game",
        "41 1 game",
        "1234567 -1 game",
    ];
    std::fs::write(&values, input.map(|l| format!("{l}\n")).concat()).expect("the values");
    let search = |out: &Path| -> (String, String) {
        let output = Command::new("python3")
            .arg(format!(
                "{}/scripts/connect4_ntuple.py",
                env!("CARGO_MANIFEST_DIR")
            ))
            .args(["search", "--width", "7", "--height", "6", "--depth", "2"])
            .args(["--jobs", "2", "--sente", env!("CARGO_BIN_EXE_sente")])
            .arg("--values")
            .arg(&values)
            .arg("--out")
            .arg(out)
            .output()
            .expect("python3 runs");
        let stderr = String::from_utf8_lossy(&output.stderr).to_string();
        assert!(output.status.success(), "{stderr}");
        (std::fs::read_to_string(out).expect("the output"), stderr)
    };
    let (whole, said) = search(&dir.join("whole.txt"));
    assert!(
        said.contains("5 lines: 0 searched before, 5 to search"),
        "{said}"
    );
    let mut scored: Vec<(&str, i32)> = whole
        .lines()
        .map(|l| {
            let (line, score) = l.rsplit_once(' ').expect("a score appended");
            (line, score.parse().expect("a whole score"))
        })
        .collect();
    scored.sort();
    let mut sorted = input.to_vec();
    sorted.sort();
    assert_eq!(scored.iter().map(|s| s.0).collect::<Vec<_>>(), sorted);

    let out = dir.join("resumed.txt");
    let part = dir.join("resumed.txt.part0");
    std::fs::write(&part, "4453 1 game 777\n1234567 -1 game 3").expect("a part file");
    let (resumed, said) = search(&out);
    assert!(
        said.contains("5 lines: 1 searched before, 4 to search"),
        "{said}"
    );
    let first = whole
        .lines()
        .find(|l| l.starts_with("4453 "))
        .expect("4453");
    assert_eq!(resumed, whole.replace(first, "4453 1 game 777"));
    assert!(!part.exists() && !dir.join("resumed.txt.part1").exists());
    let _ = std::fs::remove_dir_all(&dir);
}
