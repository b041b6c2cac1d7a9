//! The Rush Hour solver against the course puzzles of `tests/data/rushhour`: optimal
//! lengths in both metrics, and the solution really solves the puzzle.

use sente::games::Game;
use sente::games::rushhour::{Metric, RushHour};
use sente::search::control::Control;
use sente::search::limits::Limits;
use sente::search::puzzle::{PuzzleResult, breadth_first};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

fn solve(board: &str, metric: Metric) -> usize {
    let pos = RushHour::parse(board, metric).expect("board");
    let stop = AtomicBool::new(false);
    let mut control = Control::new(&stop, &Limits::default(), Instant::now());
    let PuzzleResult::Solved(line) = breadth_first(&pos, &mut control) else {
        panic!("{board}: not solved");
    };
    let mut after = pos.clone();
    for &mv in &line {
        let text = after.move_text(mv);
        let checked = after.parse_move(&text).expect("a legal move");
        after.play(checked);
    }
    assert!(after.solved(), "{board}: the line does not solve it");
    line.len()
}

#[test]
fn course_puzzles_solve_optimally_in_both_metrics() {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/rushhour/course-puzzles.txt");
    let text = std::fs::read_to_string(&path).expect("course puzzles");
    let mut count = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let words: Vec<&str> = line.split_whitespace().collect();
        let (board, steps, slides) = (words[0], words[1], words[2]);
        assert_eq!(solve(board, Metric::Steps).to_string(), steps, "{line}");
        assert_eq!(solve(board, Metric::Slides).to_string(), slides, "{line}");
        count += 1;
    }
    assert!(count >= 6);
}
