//! The moves a person tries on a position of the tab's game without playing them (the review's
//! "learn from your mistakes" and the page's puzzles): the board after the move sent at once,
//! then, from a thread of its own, the move judged as the review judges the game's moves
//! (`crate::review::trial`) with the opponent's best reply and the board after it. One move
//! tried a tab at a time: a new one stops the one being judged.

use super::context::{Context, InProcessMode};
use super::live::Viewer;
use super::tab_game::seat_text;
use super::wire::review::{DEFAULT_REVIEW_MOVETIME_MS, MAX_REVIEW_MOVETIME_MS};
use super::wire::{
    OutcomeMessage, ReviewTryBoard, ReviewTryDone, ReviewTryRequest, ServerMessage, TriedBoard,
    TriedReply,
};
use crate::referee::duel::result::GameResult;
use crate::review::{self, GameRecord, Settings};
use crate::variants::variant::Variant;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::Instant;

/// Memory for a tried move's tables, in MB.
const TRY_HASH_MB: usize = 64;

/// The move being judged, if any.
#[derive(Default)]
pub struct ReviewTry {
    job: Option<Job>,
}

/// A move being judged on its thread.
struct Job {
    ply: usize,
    mv: String,
    stop: Arc<AtomicBool>,
    done: Receiver<Result<ReviewTryDone, String>>,
}

impl Drop for Job {
    /// A judgement nobody waits for stops.
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

impl InProcessMode for ReviewTry {
    /// Sends the judgement once its thread has it.
    fn on_tick(&mut self, ctx: &mut Context) {
        let Some(job) = &self.job else {
            return;
        };
        let message = match job.done.try_recv() {
            Err(TryRecvError::Empty) => return,
            Ok(Ok(done)) => ServerMessage::ReviewTryDone(Box::new(done)),
            Ok(Err(message)) => failed(job.ply, &job.mv, message),
            Err(TryRecvError::Disconnected) => failed(
                job.ply,
                &job.mv,
                "the judgement ended without a result".to_string(),
            ),
        };
        ctx.send(message);
        self.job = None;
    }
}

impl ReviewTry {
    /// Tries `request`'s move at its position of the tab's game: the board after it at once
    /// (`review_try_board`), its judgement later (`review_try_done`); refused with
    /// `review_try_failed` naming why (a ply past the game, a finished position, an illegal
    /// move). The move being judged, if any, is stopped first.
    pub fn start(&mut self, ctx: &mut Context, request: &ReviewTryRequest) {
        if let Some(job) = self.job.take() {
            ctx.send(failed(
                job.ply,
                &job.mv,
                "replaced by another move tried".to_string(),
            ));
        }
        match start_job(ctx, request) {
            Ok((job, board)) => {
                ctx.send(ServerMessage::ReviewTryBoard(Box::new(board)));
                self.job = Some(job);
            }
            Err(message) => ctx.send(failed(request.ply, &request.mv, message)),
        }
    }
}

/// `review_try_failed` for the move `mv` tried after `ply` moves.
fn failed(ply: usize, mv: &str, message: String) -> ServerMessage {
    ServerMessage::ReviewTryFailed {
        ply,
        mv: mv.to_string(),
        message: format!("review_try: {message}"),
    }
}

/// The board of `pos`.
fn board(pos: &dyn Variant) -> TriedBoard {
    TriedBoard {
        fen: pos.fen(),
        side: seat_text(pos.side_to_move()),
        outcome: pos.outcome().map(|outcome| OutcomeMessage {
            result: GameResult::of(outcome).to_string(),
            reason: if pos.is_puzzle() {
                "solved".to_string()
            } else {
                outcome.to_string()
            },
        }),
    }
}

/// The judgement of `request`'s move started on its thread, and the board after the move.
fn start_job(
    ctx: &mut Context,
    request: &ReviewTryRequest,
) -> Result<(Job, ReviewTryBoard), String> {
    let game = &ctx.game;
    if request.ply > game.moves.len() {
        return Err(format!(
            "the game has {} moves: no position after {}",
            game.moves.len(),
            request.ply
        ));
    }
    let mut pos = game.position_at(request.ply);
    if let Some(outcome) = pos.outcome() {
        return Err(format!("the position is finished ({outcome})"));
    }
    let before = pos.fen();
    pos.play_move(&request.mv)
        .map_err(|e| format!("'{}' is not a legal move here: {e}", request.mv))?;
    // The judgement shows sente's values of both positions: none of a live game's.
    if let Some(message) = [before, pos.fen()]
        .iter()
        .find_map(|fen| ctx.refusal(Viewer::ThisSente, fen))
    {
        return Err(message);
    }
    let tried = ReviewTryBoard {
        ply: request.ply,
        mv: request.mv.clone(),
        board: board(pos.as_ref()),
    };
    let movetime_ms = request
        .movetime_ms
        .unwrap_or(DEFAULT_REVIEW_MOVETIME_MS)
        .clamp(1, MAX_REVIEW_MOVETIME_MS);
    let nodes = request.nodes.unwrap_or(Settings::default().nodes);
    let settings = Settings::checked(movetime_ms as f64 / 1000.0, nodes, TRY_HASH_MB, 1)?;
    let mut moves = game.moves[..request.ply].to_vec();
    moves.push(request.mv.clone());
    let record = GameRecord::new(
        game.variant(),
        &game.rules.settings,
        game.start_fen.as_deref(),
        &moves,
    )?;
    let stop = Arc::new(AtomicBool::new(false));
    let (sender, done) = mpsc::channel();
    let flag = Arc::clone(&stop);
    let (ply, mv) = (request.ply, request.mv.clone());
    std::thread::Builder::new()
        .name("sente-review-try".to_string())
        .spawn(move || {
            let started = Instant::now();
            let judged = review::trial(&record, settings, flag).and_then(|trial| {
                let reply = match trial.reply {
                    Some(reply) => {
                        let mut next = pos.clone_box();
                        next.play_move(&reply)
                            .map_err(|e| format!("the engine's reply '{reply}' is illegal: {e}"))?;
                        Some(TriedReply {
                            mv: reply,
                            board: board(next.as_ref()),
                        })
                    }
                    None => None,
                };
                Ok(ReviewTryDone {
                    ply,
                    mv,
                    reviewed: trial.reviewed,
                    reply,
                    elapsed_ms: u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX),
                })
            });
            let _ = sender.send(judged);
        })
        .map_err(|e| format!("cannot start the judgement: {e}"))?;
    Ok((
        Job {
            ply: request.ply,
            mv: request.mv.clone(),
            stop,
            done,
        },
        tried,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::tab_game::TabGame;

    #[test]
    fn the_board_of_a_position_says_its_side_and_its_end() {
        let game = TabGame::new(
            "tictactoe",
            &[],
            None,
            ["a1", "a2", "b1", "b2", "c1"].map(String::from).to_vec(),
        )
        .expect("a game");
        let over = board(game.last().as_ref());
        assert_eq!(over.side, "p2");
        assert_eq!(over.outcome.map(|o| o.result), Some("1-0".to_string()));
        let going = board(game.position_at(4).as_ref());
        assert_eq!((going.side, going.outcome), ("p1", None));
    }
}
