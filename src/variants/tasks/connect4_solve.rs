//! Connect Four's exact solve (`Variant::solve`): the solver on the position, then on each
//! column, giving the exact score of the position and of every column (the solving
//! literature's scores), and telling each narrowing of the bounds as it goes.

use super::Solved;
use crate::games::Game;
use crate::games::connect4::Connect4;
use crate::games::connect4::solver::{Interrupted, Narrowing, Solver, SolverWord, value_table};
use crate::variants::solution::{Solution, SolveError, SolveJob, SolveProgress, SolvedValue};
use std::time::Instant;

/// Solves `pos`: its score, and each legal column's (the score of the position after it,
/// from the side to move of `pos`), the best move the first column of the highest score.
/// `job.algorithm` and the search options are not used: the solver is the same for all.
/// The progress has one part for the position and one per column that does not end the game.
pub fn solve<B: SolverWord>(
    pos: &Connect4<B>,
    job: SolveJob<'_>,
    _by_search: &dyn Fn(SolveJob<'_>) -> Solved,
) -> Solved {
    if let Some(outcome) = pos.outcome() {
        return Err(SolveError::Over(outcome));
    }
    let started = Instant::now();
    let steps = 1 + open_columns(pos);
    let tell = |step, doing: Option<String>, bounds, nodes| {
        (job.progress)(SolveProgress {
            step,
            steps,
            doing,
            bounds,
            nodes,
            elapsed: started.elapsed(),
        })
    };
    let mut solver = Solver::<B>::new(job.hash_mb);
    solver.set_value_table(value_table::shipped());
    solver.set_threads(job.threads);
    solver.set_stop(job.stop.clone(), None);
    let position = || Some("the position".to_string());
    tell(0, position(), None, 0);
    let interrupted = |Interrupted| SolveError::Interrupted;
    let score = solver
        .solve(pos, &mut |n: Narrowing| {
            tell(0, position(), Some((n.lower, n.upper)), n.nodes)
        })
        .map_err(interrupted)?;
    let mut done = 1;
    let mut current = None;
    let columns = solver
        .column_scores_reporting(pos, &mut |col, n: Narrowing| {
            if current.is_some_and(|c| c != col) {
                done += 1;
            }
            current = Some(col);
            // The column's position is the opponent's: its bounds negated, from ours.
            tell(
                done,
                Some(format!("column {}", pos.move_text(col))),
                Some((-n.upper, -n.lower)),
                n.nodes,
            );
        })
        .map_err(interrupted)?;
    // Every node of the solve: the position's and each column's (a position the shipped table
    // answers takes none, its columns may take the whole time).
    let nodes = solver.nodes;
    tell(steps, None, Some((score, score)), nodes);
    let move_values: Vec<(String, i32)> = columns
        .into_iter()
        .map(|(col, s)| (pos.move_text(col), s))
        .collect();
    // The first column of the highest score.
    let best_move = move_values
        .iter()
        .fold(None::<&(String, i32)>, |best, column| match best {
            Some(b) if b.1 >= column.1 => Some(b),
            _ => Some(column),
        })
        .map(|(mv, _)| mv.clone());
    Ok(Solution {
        value: SolvedValue::Score(score),
        pv: best_move.iter().cloned().collect(),
        best_move,
        move_values,
        length: None,
        nodes,
        statistics: Vec::new(),
        notes: Vec::new(),
    })
}

/// The legal columns of `pos` after which the game goes on (each needs a solve of its own).
fn open_columns<B: SolverWord>(pos: &Connect4<B>) -> usize {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves
        .into_iter()
        .filter(|&col| {
            let mut child = pos.clone();
            child.play(col);
            child.outcome().is_none()
        })
        .count()
}
