//! One game between two players, as a state machine that does no I/O: the limits and clocks
//! of each side, the typed `go` for the side to move and how long it may think, each move
//! applied (checked by the caller's position, charged to the mover's clock), and every way a
//! game ends other than by its rules (a fault, time, a resignation, an agreed draw, an abort).
//! `sente match` drives it synchronously (`referee::game`), `sente play` in the terminal
//! (`referee::play`), the page's games asynchronously (`gui::play`); the only rule they set
//! differently is whether a side's first move is timed ([`clock::FirstMove`]).

pub mod clock;
pub mod result;

use super::spec::MoveLimits;
use crate::client::process::{Fault, Reply};
use crate::games::Seat;
use crate::protocol::command::GoParams;
use crate::search::score::Reported;
use clock::{Clocks, FirstMove};
use result::{GameResult, Termination};
use std::time::Duration;

/// A clock game's draw offer is searched for the engine's time left divided by this (plus the
/// increment), about what it spends on a move.
const DRAW_SHARE: i64 = 30;

/// How a game ended other than by its rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    /// The result (`None`: aborted, no result).
    pub result: Option<GameResult>,
    /// The record's termination (`None` for an abort: the record is unfinished).
    pub termination: Option<Termination>,
    /// The side that lost by its fault, time or resignation.
    pub loser: Option<Seat>,
    /// Why, in words, the loser's label first (`p2 played illegal move '9': ...`).
    pub reason: String,
}

impl Ending {
    /// The result's text: `1-0`, `0-1`, `1/2-1/2`, or `*` for an abort.
    pub fn result_text(&self) -> String {
        self.result
            .map_or_else(|| "*".to_string(), |r| r.to_string())
    }
}

/// How long a side may think about its move before it loses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deadline {
    /// True when the move is timed (a clock or a move time): running over is a time forfeit;
    /// otherwise the hard limit, and running over it is a stall.
    pub timed: bool,
    /// The limit in ms: the time left or the move time plus the margin, or the hard limit.
    pub ms: u64,
}

impl Deadline {
    /// The limit as a duration.
    pub fn duration(self) -> Duration {
        Duration::from_millis(self.ms)
    }
}

/// A game between two players in progress.
#[derive(Clone, Debug)]
pub struct Duel {
    /// The label of each side in reasons (`p1`, or `p1 (sente)`).
    labels: [String; 2],
    /// The limits of each side.
    limits: [MoveLimits; 2],
    /// The clocks.
    clocks: Clocks,
    /// Whether each side has moved.
    moved: [bool; 2],
    /// How the game ended other than by its rules, once it has.
    ended: Option<Ending>,
}

/// The arrays' index of a seat.
fn index(seat: Seat) -> usize {
    usize::from(seat == Seat::P2)
}

impl Duel {
    /// A game whose sides play under `limits` (each side's clock from its time control), with
    /// `first_move` saying whether a side's first move is timed; `labels` name the sides in
    /// reasons.
    pub fn new(labels: [String; 2], limits: [MoveLimits; 2], first_move: FirstMove) -> Duel {
        let controls = [limits[0].clock, limits[1].clock];
        Duel {
            labels,
            limits,
            clocks: Clocks::new(controls, first_move),
            moved: [false, false],
            ended: None,
        }
    }

    /// The limits of `seat`.
    pub fn limits(&self, seat: Seat) -> &MoveLimits {
        &self.limits[index(seat)]
    }

    /// The clocks.
    pub fn clocks(&self) -> &Clocks {
        &self.clocks
    }

    /// How the game ended other than by its rules, once it has.
    pub fn ended(&self) -> Option<&Ending> {
        self.ended.as_ref()
    }

    /// True when `seat` has moved in this game.
    pub fn has_moved(&self, seat: Seat) -> bool {
        self.moved[index(seat)]
    }

    /// True while the game may be called off: it goes on and not both sides have moved.
    pub fn abortable(&self) -> bool {
        self.ended.is_none() && !self.moved.iter().all(|m| *m)
    }

    /// The `go` for `seat`'s move: the clocks of the sides that have one (time left, and the
    /// increment when there is one), then `seat`'s move time, depth and nodes.
    pub fn go(&self, seat: Seat) -> GoParams {
        let clock = |side: Seat| {
            let left = self.clocks.left_ms(side).map(|left| left.max(0) as u64);
            let inc = self
                .clocks
                .control(side)
                .map(|tc| tc.inc_ms)
                .filter(|inc| *inc > 0);
            (left, inc)
        };
        let (p1_time, p1_inc) = clock(Seat::P1);
        let (p2_time, p2_inc) = clock(Seat::P2);
        let limits = self.limits(seat);
        GoParams {
            p1_time,
            p1_inc,
            p2_time,
            p2_inc,
            move_time: limits.move_time_ms,
            depth: limits.depth,
            nodes: limits.nodes,
            ..GoParams::default()
        }
    }

    /// How long `seat` may think about its move: its time left, else its move time, plus the
    /// margin; else the hard limit.
    pub fn deadline(&self, seat: Seat) -> Deadline {
        let limits = self.limits(seat);
        match (self.clocks.left_ms(seat), limits.move_time_ms) {
            (Some(left), _) => Deadline {
                timed: true,
                ms: left.max(0) as u64 + limits.margin(),
            },
            (None, Some(ms)) => Deadline {
                timed: true,
                ms: ms + limits.margin(),
            },
            (None, None) => Deadline {
                timed: false,
                ms: limits.hard(),
            },
        }
    }

    /// An engine's reply to `seat`'s `go`: its move is played by `play` (the caller's position,
    /// which checks it), then charged to `seat`'s clock. A reply without a move, or a move
    /// `play` refuses, loses the game.
    pub fn engine_moved(
        &mut self,
        seat: Seat,
        reply: &Reply,
        play: impl FnOnce(&str) -> Result<(), String>,
    ) -> Result<(), &Ending> {
        let Some(mv) = reply.mv.as_deref() else {
            let fault = Fault::Protocol("bestmove without a move".to_string());
            return Err(self.fault(seat, fault, false));
        };
        if let Err(e) = play(mv) {
            let shown: String = mv.chars().take(40).collect();
            let text = format!("played illegal move '{shown}': {e}");
            return Err(self.forfeit(seat, Termination::IllegalMove, &text));
        }
        self.moved(seat, reply.taken);
        Ok(())
    }

    /// `seat` made a move (checked by the caller) that took `taken`: it is charged to its
    /// clock.
    pub fn moved(&mut self, seat: Seat, taken: Duration) {
        self.clocks.charge(seat, taken);
        self.moved[index(seat)] = true;
    }

    /// `seat`'s engine failed; `of_a_move` when the failed search was one whose deadline is
    /// the game's (not set by the engine's other work): then running past it is a time forfeit
    /// for a timed side.
    pub fn fault(&mut self, seat: Seat, fault: Fault, of_a_move: bool) -> &Ending {
        let deadline = self.deadline(seat);
        let (termination, text) = match fault {
            Fault::Stalled(text) if text.is_empty() => {
                let (termination, what) = if deadline.timed && of_a_move {
                    (Termination::TimeForfeit, "lost on time")
                } else {
                    (Termination::Stalled, "stalled")
                };
                let text = format!("{what}: no bestmove within {} ms", deadline.ms);
                (termination, text)
            }
            Fault::Stalled(text) => (Termination::Stalled, format!("stalled: {text}")),
            Fault::Crash(text) => (Termination::Crash, format!("crashed: {text}")),
            Fault::Protocol(text) => (
                Termination::ProtocolError,
                format!("protocol error: {text}"),
            ),
            Fault::Interrupted => (Termination::ProtocolError, "interrupted".to_string()),
        };
        self.forfeit(seat, termination, &text)
    }

    /// `seat` loses by `termination`, for `text` (said after its label); the first ending
    /// stands.
    pub fn forfeit(&mut self, seat: Seat, termination: Termination, text: &str) -> &Ending {
        let reason = format!("{} {text}", self.labels[index(seat)]);
        self.end(Ending {
            result: Some(GameResult::forfeit(seat)),
            termination: Some(termination),
            loser: Some(seat),
            reason,
        })
    }

    /// `seat` has thought for `elapsed` on a running clock: past its time left it loses on
    /// time (a person's clock, watched by the caller; an engine's is its deadline).
    pub fn flag(&mut self, seat: Seat, elapsed: Duration) -> Option<&Ending> {
        if self.ended.is_some() || !self.clocks.flagged(seat, elapsed) {
            return None;
        }
        Some(self.forfeit(seat, Termination::TimeForfeit, "lost on time"))
    }

    /// `seat` gives the game up.
    pub fn resign(&mut self, seat: Seat) -> &Ending {
        self.forfeit(seat, Termination::Resignation, "resigned")
    }

    /// Both sides agree to a draw, for `reason`.
    pub fn agree_draw(&mut self, reason: String) -> &Ending {
        self.end(Ending {
            result: Some(GameResult::Draw),
            termination: Some(Termination::Agreement),
            loser: None,
            reason,
        })
    }

    /// The game is called off before both sides have moved: no result. Refused (with why)
    /// once both have.
    pub fn abort(&mut self) -> Result<&Ending, &'static str> {
        if !self.abortable() {
            return Err("abort: both sides have moved (resign, or offer a draw)");
        }
        Ok(self.end(Ending {
            result: None,
            termination: None,
            loser: None,
            reason: "aborted before both sides had moved".to_string(),
        }))
    }

    /// The search with which `engine` answers a draw offer, and how long it may take: what it
    /// would spend on a move (its move time and depth, or a share of its clock).
    pub fn draw_search(&self, engine: Seat) -> (GoParams, Deadline) {
        let limits = self.limits(engine);
        let mut go = GoParams {
            move_time: limits.move_time_ms,
            depth: limits.depth,
            ..GoParams::default()
        };
        let mut allowed = limits.move_time_ms.unwrap_or(0);
        if let (Some(left), Some(tc)) = (self.clocks.left_ms(engine), self.clocks.control(engine)) {
            let share = ((left.max(0) / DRAW_SHARE) as u64 + tc.inc_ms).max(1);
            if limits.move_time_ms.is_none() {
                go.move_time = Some(share);
            }
            allowed = allowed.max(share);
        }
        let deadline = if allowed > 0 {
            Deadline {
                timed: true,
                ms: allowed + limits.margin(),
            }
        } else {
            Deadline {
                timed: false,
                ms: limits.hard(),
            }
        };
        (go, deadline)
    }

    /// Records the first ending; later ones do not replace it.
    fn end(&mut self, ending: Ending) -> &Ending {
        self.ended.get_or_insert(ending)
    }
}

/// Whether an engine accepts a draw, from its own score of the position (from its side):
/// drawn or lost for it.
pub fn accepts_draw(own: Option<Reported>) -> bool {
    match own {
        Some(Reported::Centipawns(cp)) => cp <= 0,
        Some(Reported::Mate(n)) => n < 0,
        None => false,
    }
}

#[cfg(test)]
mod tests;
