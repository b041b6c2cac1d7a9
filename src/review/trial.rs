//! A move tried at a position of a game, judged as the review judges the game's own moves (the
//! page's "learn from your mistakes" and its puzzles ask for it): the game up to the position,
//! with the move tried as its last move, is reviewed at that move only (its value, class, tags
//! and, where it erred, its reason), and the opponent's best reply named (the engine's move at
//! the position the move left, one that keeps its value).

use super::run::{Reviewer, Stopped};
use super::{GameRecord, MoveReview, Settings};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// A move tried, judged.
#[derive(Clone, Debug, PartialEq)]
pub struct Trial {
    /// The move judged as the review judges a move of the game (its `ply` the game's plies).
    pub reviewed: MoveReview,
    /// The opponent's best reply (a move keeping the value of the position the move left);
    /// `None` where the move ended the game or the engine named none.
    pub reply: Option<String>,
}

/// Judges the last move of `game` (the move tried, played after the position it is tried at)
/// with `settings`, and finds the best reply to it; stopped when `stop` is raised. The error
/// names what is wrong: a game without a move, a bad setting, or the stop.
pub fn trial(
    game: &GameRecord,
    settings: Settings,
    stop: Arc<AtomicBool>,
) -> Result<Trial, String> {
    let plies = game.moves().len();
    if plies == 0 {
        return Err("no move to judge".to_string());
    }
    let mut reviewer = Reviewer::new(game, settings, stop)?;
    let reviewed = match reviewer.step() {
        Ok(Some(reviewed)) => reviewed.clone(),
        Ok(None) => return Err("no move to judge".to_string()),
        Err(Stopped) => return Err(Stopped.to_string()),
    };
    let reply = reviewer.best_at(plies).map(str::to_string);
    Ok(Trial { reviewed, reply })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::tictactoe::TicTacToe;
    use crate::games::{Game, Outcome};
    use crate::review::Class;

    /// Who wins `pos` with best play, for its side to move: 1, 0, -1 (a plain minimax over the
    /// rules, apart from the review's solver).
    fn result(pos: &TicTacToe) -> i32 {
        if let Some(outcome) = pos.outcome() {
            return match outcome {
                Outcome::Win(seat) if seat == pos.side_to_move() => 1,
                Outcome::Win(_) => -1,
                _ => 0,
            };
        }
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        moves
            .into_iter()
            .map(|mv| {
                let mut next = pos.clone();
                next.play(mv);
                -result(&next)
            })
            .max()
            .unwrap_or(0)
    }

    fn after(moves: &[&str]) -> TicTacToe {
        let mut pos = TicTacToe::startpos();
        for text in moves {
            let mv = pos.parse_move(text).expect("a legal move");
            pos.play(mv);
        }
        pos
    }

    fn tried(moves: &[&str]) -> Trial {
        let moves: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        let game = GameRecord::new("tictactoe", &[], None, &moves).expect("a game");
        trial(&game, Settings::default(), Arc::new(AtomicBool::new(false))).expect("judged")
    }

    #[test]
    fn a_move_tried_is_judged_and_the_reply_keeps_the_opponents_value() {
        // O's a3 after a1 b2 c3 lets X win (a blunder); X's reply keeps the win.
        let line = ["a1", "b2", "c3", "a3"];
        let judged = tried(&line);
        assert_eq!(judged.reviewed.ply, 4);
        assert_eq!(judged.reviewed.mv, "a3");
        assert_eq!(result(&after(&line[..3])), 0, "a draw before");
        assert_eq!(-result(&after(&line)), -1, "O loses after a3");
        assert_eq!(judged.reviewed.class, Class::Blunder);
        assert!(judged.reviewed.why.is_some(), "a reason for a blunder");
        let reply = judged.reply.expect("a reply");
        let mut replied = line.to_vec();
        replied.push(&reply);
        assert_eq!(-result(&after(&replied)), 1, "X still wins after {reply}");
        // A move keeping the draw (b1: every move of O's keeping it, by the minimax) is best.
        let keeping = ["a1", "b2", "c3", "b1"];
        assert_eq!(-result(&after(&keeping)), 0);
        let judged = tried(&keeping);
        assert!(
            !judged.reviewed.class.erred(),
            "{:?}",
            judged.reviewed.class
        );
        assert!(judged.reviewed.why.is_none());
    }

    #[test]
    fn a_move_ending_the_game_has_no_reply() {
        // X completes the first row.
        let judged = tried(&["a1", "a2", "b1", "b2", "c1"]);
        assert_eq!(judged.reviewed.class, Class::Best);
        assert_eq!(judged.reply, None);
    }
}
