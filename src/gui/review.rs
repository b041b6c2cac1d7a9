//! The review mode of a tab, for the review view: the tab's game reviewed move by move
//! (`crate::review`) on a thread of its own, the progress and each move reviewed sent to the
//! page as they come, then the whole review; a stop flag cancels it. One review per tab: a new
//! one stops the one running. The thread waits its turn in the server's queue
//! (`review_queue`: at most two reviews run at once, the page is told how many are ahead) and
//! runs below the priority of play and analysis.

use super::context::{Context, InProcessMode};
use super::live::Viewer;
use super::review_queue::{self, ReviewQueue};
use super::tab_game::TabGame;
use super::wire::review::{DEFAULT_REVIEW_MOVETIME_MS, MAX_REVIEW_MOVETIME_MS};
use super::wire::{ReviewDone, ReviewProgress, ReviewRequest, ReviewStart, ServerMessage};
use crate::review::{self, Reviewer, Settings, Stopped};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::time::Instant;

/// Memory for the review's tables, in MB (the library's default).
const REVIEW_HASH_MB: usize = 256;

/// The review mode: the review running, if any, and the last one of the tab's game (run here
/// or read from its record), which a saved record carries.
#[derive(Default)]
pub struct Review {
    job: Option<Job>,
    last: Option<review::Review>,
}

/// What the review's thread tells the tab.
enum Report {
    /// The review waits: this many reviews run or wait before it (0: it runs now).
    Waiting(usize),
    /// One more move reviewed.
    Progress(ReviewProgress),
    /// The review is complete.
    Done(ReviewDone),
    /// The review could not run.
    Failed(String),
}

/// A review running on its thread.
struct Job {
    stop: Arc<AtomicBool>,
    reports: Receiver<Report>,
}

impl Drop for Job {
    /// A review nobody waits for stops.
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

impl InProcessMode for Review {
    /// Sends what the review's thread reported since the last tick.
    fn on_tick(&mut self, ctx: &mut Context) {
        let Some(job) = &self.job else {
            return;
        };
        let mut ended = false;
        loop {
            match job.reports.try_recv() {
                Ok(Report::Waiting(ahead)) => {
                    ctx.send(ServerMessage::ReviewWaiting { ahead });
                }
                Ok(Report::Progress(progress)) => {
                    ctx.send(ServerMessage::ReviewProgress(Box::new(progress)));
                }
                Ok(Report::Done(done)) => {
                    self.last = Some(done.review.clone());
                    ctx.send(ServerMessage::ReviewDone(Box::new(done)));
                    ended = true;
                    break;
                }
                Ok(Report::Failed(message)) => {
                    ctx.send(ServerMessage::ReviewFailed {
                        message,
                        cancelled: false,
                    });
                    ended = true;
                    break;
                }
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    ctx.send(ServerMessage::ReviewFailed {
                        message: "the review ended without a result".to_string(),
                        cancelled: false,
                    });
                    ended = true;
                    break;
                }
            }
        }
        if ended {
            self.job = None;
        }
    }
}

impl Review {
    /// True while a review runs.
    pub fn running(&self) -> bool {
        self.job.is_some()
    }

    /// Starts a review of `game` (every move from its start), stopping the one running; a
    /// game that cannot be reviewed gets `review_failed` saying why.
    pub fn start(&mut self, ctx: &mut Context, request: &ReviewRequest) {
        if self.job.is_some() {
            self.stop(ctx);
        }
        // sente's solvers judge every position of the game: none of a game against sente
        // that goes on in another tab.
        let refused = (0..=ctx.game.moves.len())
            .find_map(|ply| ctx.refusal(Viewer::ThisSente, &ctx.game.position_at(ply).fen()));
        if let Some(message) = refused {
            ctx.send(ServerMessage::ReviewFailed {
                message: format!("review: {message}"),
                cancelled: false,
            });
            return;
        }
        let queue = Arc::clone(&ctx.engines.shared().reviews);
        match start_job(ctx.game, request, queue) {
            Ok((job, start)) => {
                self.job = Some(job);
                ctx.send(ServerMessage::ReviewStart(Box::new(start)));
            }
            Err(message) => ctx.send(ServerMessage::ReviewFailed {
                message: format!("review: {message}"),
                cancelled: false,
            }),
        }
    }

    /// The last review of the tab's game (run or read from its record), if it is of the
    /// game `game` now holds: its variant, rules, start and moves.
    pub fn of_game(&self, game: &TabGame) -> Option<&review::Review> {
        self.last.as_ref().filter(|r| {
            r.variant == game.variant()
                && r.rules == game.rules.settings_text()
                && r.fen == game.start_fen
                && r.moves.iter().map(|m| &m.mv).eq(game.moves.iter())
        })
    }

    /// Shows `saved`, a review read from the record of the tab's game (`review_start`, then
    /// `review_done` with `from_record`), without computing it; a review running stops.
    pub fn show_saved(&mut self, ctx: &mut Context, saved: review::Review) {
        if self.job.is_some() {
            self.stop(ctx);
        }
        let game = &*ctx.game;
        let start = ReviewStart {
            variant: game.variant().to_string(),
            rules: game.rules.settings.clone(),
            fen: game.start_fen.clone(),
            moves: game.moves.clone(),
            total: saved.moves.len(),
            movetime_ms: u64::try_from(saved.settings.movetime.as_millis()).unwrap_or(u64::MAX),
        };
        ctx.send(ServerMessage::ReviewStart(Box::new(start)));
        ctx.send(ServerMessage::ReviewDone(Box::new(ReviewDone {
            elapsed_ms: 0,
            review: saved.clone(),
            from_record: true,
        })));
        self.last = Some(saved);
    }

    /// Stops the review running (the page is told), if any.
    pub fn stop(&mut self, ctx: &mut Context) {
        if self.job.take().is_some() {
            ctx.send(ServerMessage::ReviewFailed {
                message: "review cancelled".to_string(),
                cancelled: true,
            });
        }
    }
}

/// The review of `game` started on its thread, and the game it is of.
fn start_job(
    game: &TabGame,
    request: &ReviewRequest,
    queue: Arc<ReviewQueue>,
) -> Result<(Job, ReviewStart), String> {
    let movetime_ms = request
        .movetime_ms
        .unwrap_or(DEFAULT_REVIEW_MOVETIME_MS)
        .clamp(1, MAX_REVIEW_MOVETIME_MS);
    let nodes = request.nodes.unwrap_or(Settings::default().nodes);
    let settings = Settings::checked(movetime_ms as f64 / 1000.0, nodes, REVIEW_HASH_MB, 1)?;
    let reviewed = review::GameRecord::new(
        game.variant(),
        &game.rules.settings,
        game.start_fen.as_deref(),
        &game.moves,
    )?;
    if reviewed.moves().is_empty() {
        return Err("the game has no move to review: play or load a game first".to_string());
    }
    let stop = Arc::new(AtomicBool::new(false));
    let (sender, reports) = mpsc::channel();
    let start = ReviewStart {
        variant: game.variant().to_string(),
        rules: game.rules.settings.clone(),
        fen: game.start_fen.clone(),
        moves: game.moves.clone(),
        total: reviewed.moves().len(),
        movetime_ms,
    };
    let flag = Arc::clone(&stop);
    let place = queue.enter();
    std::thread::Builder::new()
        .name("sente-review".to_string())
        .spawn(move || {
            review_queue::lower_priority();
            // The tables are made once the turn comes, and freed before it is given back.
            let told = |ahead| {
                let _ = sender.send(Report::Waiting(ahead));
            };
            if let Some(_turn) = place.wait_turn(&flag, told) {
                run(&reviewed, settings, flag, &sender);
            }
        })
        .map_err(|e| format!("cannot start the review: {e}"))?;
    Ok((Job { stop, reports }, start))
}

/// The review's thread: each move as it is reviewed, then the whole review (nothing once
/// stopped: the tab has said so).
fn run(game: &review::GameRecord, settings: Settings, stop: Arc<AtomicBool>, out: &Sender<Report>) {
    let started = Instant::now();
    let mut reviewer = match Reviewer::new(game, settings, stop) {
        Ok(reviewer) => reviewer,
        Err(e) => {
            let _ = out.send(Report::Failed(format!("review: {e}")));
            return;
        }
    };
    let total = reviewer.total();
    loop {
        let reviewed = match reviewer.step() {
            Ok(Some(reviewed)) => reviewed.clone(),
            Ok(None) => break,
            Err(Stopped) => return,
        };
        let progress = ReviewProgress {
            done: reviewer.done(),
            total,
            reviewed,
        };
        if out.send(Report::Progress(progress)).is_err() {
            return;
        }
    }
    if let Ok(review) = reviewer.finish() {
        let elapsed_ms = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
        let _ = out.send(Report::Done(ReviewDone {
            elapsed_ms,
            review,
            from_record: false,
        }));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(variant: &str, moves: &str) -> TabGame {
        let moves = moves.split_whitespace().map(str::to_string).collect();
        TabGame::new(variant, &[], None, moves).expect("a legal game")
    }

    /// A queue of its own (the server's is shared by every tab).
    fn queue() -> Arc<ReviewQueue> {
        ReviewQueue::new(review_queue::MAX_REVIEWS)
    }

    /// Reads the reports of a review to its end: the progress, then the review.
    fn reports(job: &Job) -> (Vec<ReviewProgress>, Result<ReviewDone, String>) {
        let mut progress = Vec::new();
        loop {
            match job.reports.recv() {
                Ok(Report::Progress(p)) => progress.push(p),
                Ok(Report::Waiting(_)) => {}
                Ok(Report::Done(done)) => return (progress, Ok(done)),
                Ok(Report::Failed(e)) => return (progress, Err(e)),
                Err(_) => return (progress, Err("no report".to_string())),
            }
        }
    }

    #[test]
    fn a_review_reports_each_move_from_the_last_then_the_whole() {
        let game = game("tictactoe", "a1 b2 c3 a3 c1 b1 b3 a2 c2");
        let (job, start) = start_job(&game, &ReviewRequest::default(), queue()).expect("a review");
        assert_eq!(start.total, 9);
        assert_eq!(start.movetime_ms, DEFAULT_REVIEW_MOVETIME_MS);
        let (progress, done) = reports(&job);
        let plies: Vec<usize> = progress.iter().map(|p| p.reviewed.ply).collect();
        assert_eq!(plies, (1..=9).rev().collect::<Vec<_>>());
        assert_eq!(progress.last().map(|p| p.done), Some(9));
        let done = done.expect("the review");
        assert_eq!(done.review.moves.len(), 9);
        // a3 (move 4) lets X win; b3 (move 7) throws X's win away; a2 (move 8) O's draw.
        let classes: Vec<&str> = done.review.moves.iter().map(|m| m.class.name()).collect();
        assert_eq!(classes[3], "blunder");
        assert_eq!(classes[6], "blunder");
        assert_eq!(classes[7], "blunder");
        let json = serde_json::to_string(&ServerMessage::ReviewDone(Box::new(done))).expect("JSON");
        assert!(
            json.starts_with(r#"{"type":"review_done","elapsed_ms":"#),
            "{json}"
        );
    }

    #[test]
    fn every_game_is_reviewed() {
        for variant in crate::variants::registry::names() {
            // A few of its first legal moves.
            let mut game = TabGame::new(variant, &[], None, Vec::new()).expect("the start");
            for _ in 0..4 {
                let pos = game.last();
                if pos.outcome().is_some() {
                    break;
                }
                let Some(mv) = pos.legal_moves().into_iter().next() else {
                    break;
                };
                game.play_at_cursor(&[mv], "").expect("a legal move");
            }
            let plies = game.moves.len();
            let request = ReviewRequest {
                movetime_ms: Some(500),
                nodes: Some(10_000),
            };
            let (job, start) = start_job(&game, &request, queue()).expect("a review");
            assert_eq!(start.total, plies, "{variant}");
            let (progress, done) = reports(&job);
            assert_eq!(progress.len(), plies, "{variant}");
            let done = done.unwrap_or_else(|e| panic!("{variant}: {e}"));
            assert_eq!(done.review.moves.len(), plies, "{variant}");
            assert_eq!(done.review.variant, variant);
        }
    }

    #[test]
    fn a_game_without_moves_and_a_stopped_review_say_so() {
        let empty = game("connect4", "");
        let Err(e) = start_job(&empty, &ReviewRequest::default(), queue()) else {
            panic!("an empty game reviewed");
        };
        assert!(e.contains("no move to review"), "{e}");
        let (job, _) = start_job(
            &game("connect4", "4 4 4 4 3 3"),
            &ReviewRequest::default(),
            queue(),
        )
        .expect("a review");
        job.stop.store(true, Ordering::Relaxed);
        // Stopped: the thread ends without a review (at most the moves reviewed before).
        let (_, done) = reports(&job);
        assert!(done.is_err());
    }
}
