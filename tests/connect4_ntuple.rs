//! The positions each shipped evaluation network (9 x 6, 8 x 7, 7 x 8, 10 x 6, 9 x 7, 8 x 8,
//! 10 x 8) was fitted to (`books/connect4-<W>x<H>-ntuple-values.txt`, made by
//! `scripts/connect4_ntuple.py label`): a sample of them, those with enough stones to solve in
//! milliseconds (24 on the boards of 64 bits, 30 on the larger ones, 40 on 10 x 8), weak-solved
//! again here to the value the file gives.

use sente::games::connect4::Shape;
use sente::games::connect4::batch::{self, BatchConfig};
use std::path::PathBuf;

/// A board's labelled positions, `(moves, value for the side to move)`.
fn labelled(width: u8, height: u8) -> Vec<(String, i32)> {
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
            (moves.to_string(), value)
        })
        .collect()
}

/// Weak-solves every 300th position of at least `min_stones` stones of the board's file again,
/// with the solver of the board's word.
fn check_sample(width: u8, height: u8, at_least: usize, min_stones: usize) {
    let rows = labelled(width, height);
    assert!(rows.len() > at_least, "{} positions", rows.len());
    assert!(rows.iter().all(|(_, v)| (-1..=1).contains(v)));
    let sample: Vec<&(String, i32)> = rows
        .iter()
        .filter(|(moves, _)| moves.len() >= min_stones)
        .step_by(300)
        .collect();
    let input: String = sample.iter().map(|(m, _)| format!("{m}\n")).collect();
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
    for ((moves, value), (solved_moves, solved_value)) in sample.iter().zip(&solved) {
        assert_eq!(moves, solved_moves);
        assert_eq!(value, solved_value, "{width}x{height}: {moves}");
    }
}

#[test]
fn the_9x6_networks_positions_have_the_weak_solvers_values() {
    check_sample(9, 6, 80_000, 24);
}

#[test]
fn the_8x7_networks_positions_have_the_weak_solvers_values() {
    check_sample(8, 7, 50_000, 24);
}

#[test]
fn the_7x8_networks_positions_have_the_weak_solvers_values() {
    check_sample(7, 8, 60_000, 24);
}

#[test]
fn the_10x6_networks_positions_have_the_weak_solvers_values() {
    check_sample(10, 6, 40_000, 30);
}

#[test]
fn the_9x7_networks_positions_have_the_weak_solvers_values() {
    check_sample(9, 7, 50_000, 30);
}

#[test]
fn the_8x8_networks_positions_have_the_weak_solvers_values() {
    check_sample(8, 8, 60_000, 30);
}

#[test]
fn the_10x8_networks_positions_have_the_weak_solvers_values() {
    check_sample(10, 8, 75_000, 40);
}
