//! Makers of the variants whose position type depends on their rules: a Connect Four board is
//! kept in the narrowest word it fits (64, 128 or 192 bits), chosen when the rules are known.
//! Apart from the task files so that `position.rs` (which runs the tasks) and the tasks stay
//! one-way.

use super::position::GamePosition;
use super::tasks::connect4::{book_move, prepare, solve_task};
use super::tasks::connect4_solve;
use super::variant::Variant;
use crate::games::GameError;
use crate::games::connect4::{Connect4, shape_of};
use crate::games::rules::RuleValues;
use crate::with_board_word;

/// The start position of a Connect Four session under `rules`, its bitboards in the narrowest
/// word its board fits, with the solver of that word (asked first at every `go`, made before
/// a game of timed searches), the shipped opening book (7 x 6 only), and its exact solve of the
/// position and every column.
pub fn connect4(rules: &RuleValues) -> Result<Box<dyn Variant>, GameError> {
    with_board_word!(shape_of(rules)?, B => {
        let start = GamePosition::<Connect4<B>>::start(rules)?;
        let start = start
            .with_solver(solve_task::<B>, Some(prepare::<B>))
            .with_book(book_move::<B>)
            .with_own_solve(connect4_solve::solve::<B>);
        let start: Box<dyn Variant> = Box::new(start);
        Ok(start)
    })
}
