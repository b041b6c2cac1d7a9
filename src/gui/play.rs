//! Games with engines in a tab: a person against an engine (either seat, clock or time per
//! move, undo, hint, resign, a draw offer, abort) and engine against engine (live, clocks,
//! pause). The game's state is the referee's [`Duel`], as in `sente match`: the server keeps
//! the clocks (each side's from its first move, as lichess: [`FirstMove::Untimed`]) and checks
//! every move, and an engine's fault loses the game as in `sente match`.

use super::context::{Context, Mode};
use super::engine::{EngineHandle, Event, EventKind, Think};
use super::tab_game::{TabGame, seat_text};
use super::wire::{
    ClocksMessage, DrawOfferMessage, LimitsMessage, ModeMessage, OutcomeMessage, ServerMessage,
};
use crate::client::process::Reply;
use crate::games::Seat;
use crate::protocol::command::GoParams;
use crate::referee::duel::clock::FirstMove;
use crate::referee::duel::result::Termination;
use crate::referee::duel::{Duel, accepts_draw};
use crate::referee::spec::{MoveLimits, TimeControl};
use crate::search::score::Reported;
use std::time::{Duration, Instant};

/// A hint's thinking time when the game has no move time, in ms.
const HINT_MS: u64 = 1000;
/// The tag of a hint's search.
const HINT_TAG: u32 = u32::MAX;
/// The tag of the search that answers a draw offer.
const DRAW_TAG: u32 = u32::MAX - 1;
/// After a declined draw offer, the plies before the person may offer one again (an offer a
/// move would make the engine's answers an evaluation oracle).
pub const DRAW_OFFER_PAUSE: usize = 10;

/// Who plays a game with engines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A person (in `human`'s seat) against an engine.
    Play { human: Seat },
    /// Two engines.
    Watch,
}

/// A game with engines.
pub struct Match {
    /// Who plays.
    pub kind: Kind,
    /// The engine of each seat (`None` for the person).
    pub seats: [Option<EngineHandle>; 2],
    /// The players' names.
    pub names: [String; 2],
    /// The game's state: limits, clocks, how it ended other than by its rules.
    state: Duel,
    /// When the side to move started thinking.
    turn_start: Instant,
    /// No new move is asked for while paused.
    pub paused: bool,
    /// The seat whose clock runs.
    pub running: Option<Seat>,
    /// The seat whose engine is searching, and that search's tag.
    thinking: Option<(Seat, u32)>,
    next_tag: u32,
    hint_pending: bool,
    /// The person's draw offer on this turn: being searched, or declined.
    draw: Option<DrawOffer>,
    /// After a declined offer: the number of moves from which a draw may be offered again.
    draw_offer_from: Option<usize>,
}

/// A draw offer of the person's.
#[derive(Clone, Debug, PartialEq)]
enum DrawOffer {
    /// The engine searches the position to answer.
    Pending,
    /// The engine said no (in words, without its reason: a draw may be offered again
    /// [`DRAW_OFFER_PAUSE`] plies later).
    Declined(String),
}

fn index(seat: Seat) -> usize {
    usize::from(seat == Seat::P2)
}

impl Match {
    /// The limits per move (the same for both sides).
    pub fn limits(&self) -> &MoveLimits {
        self.state.limits(Seat::P1)
    }

    /// How the game ended other than by its rules (a fault, time, a resignation, an agreed
    /// draw, an abort): the result and why, and the record's termination (none for an abort:
    /// the record is unfinished).
    pub fn ended(&self) -> Option<(OutcomeMessage, Option<Termination>)> {
        self.state.ended().map(|end| {
            let outcome = OutcomeMessage {
                result: end.result_text(),
                reason: end.reason.clone(),
            };
            (outcome, end.termination)
        })
    }

    /// True when `id` is one of its engines.
    pub fn owns(&self, id: u64) -> bool {
        self.seats.iter().flatten().any(|e| e.id == id)
    }

    /// `sente (p1)` for the raw-protocol pane.
    pub fn label(&self, id: u64) -> Option<String> {
        [Seat::P1, Seat::P2].into_iter().find_map(|seat| {
            self.seats[index(seat)]
                .as_ref()
                .filter(|e| e.id == id)
                .map(|e| format!("{} ({})", e.name, seat_text(seat)))
        })
    }

    /// True once the game is over: finished by its rules at `game`'s last position, or ended
    /// otherwise (a fault, time, a resignation, an agreed draw, an abort).
    pub fn over(&self, game: &TabGame) -> bool {
        self.state.ended().is_some() || game.last().outcome().is_some()
    }

    /// The mode for the page (`game`: the tab's game, to say whether it is over).
    pub fn mode_message(&self, game: &TabGame) -> ModeMessage {
        ModeMessage {
            kind: match self.kind {
                Kind::Play { .. } => "play",
                Kind::Watch => "watch",
            },
            players: self.names.clone(),
            human: match self.kind {
                Kind::Play { human } => Some(seat_text(human)),
                Kind::Watch => None,
            },
            paused: self.paused,
            thinking: self.thinking.map(|(seat, _)| seat_text(seat)),
            analysis: None,
            solving: None,
            limits: Some(self.limits().to_string()),
            abortable: self.abortable(),
            draw_offer: self.draw.as_ref().map(|offer| match offer {
                DrawOffer::Pending => DrawOfferMessage {
                    status: "pending",
                    reason: format!("{} is considering your draw offer", self.names_opponent()),
                },
                DrawOffer::Declined(reason) => DrawOfferMessage {
                    status: "declined",
                    reason: reason.clone(),
                },
            }),
            over: self.over(game),
            draw_offer_from: self
                .draw_offer_from
                .filter(|from| game.moves.len() < *from && !self.over(game)),
        }
    }

    /// The opponent's name in a game against an engine (empty between engines).
    fn names_opponent(&self) -> &str {
        self.opponent().unwrap_or("")
    }

    /// True while a game against an engine goes on and the person may still abort it: not
    /// both sides have moved.
    pub fn abortable(&self) -> bool {
        matches!(self.kind, Kind::Play { .. }) && self.state.abortable()
    }

    /// The engine a person plays against, while the game goes on (not over at `game`'s last
    /// position, not ended otherwise): nothing of its thinking may reach the page then.
    pub fn opponent_in_game(&self, game: &TabGame) -> Option<&EngineHandle> {
        let Kind::Play { human } = self.kind else {
            return None;
        };
        if self.over(game) {
            return None;
        }
        self.seats[index(human.other())].as_ref()
    }

    /// The engine a person plays against (`None` between engines).
    pub fn opponent(&self) -> Option<&str> {
        match self.kind {
            Kind::Play { human } => Some(self.names[index(human.other())].as_str()),
            Kind::Watch => None,
        }
    }

    /// The clocks for the page, the running one counted down to now.
    pub fn clocks_message(&self) -> Option<ClocksMessage> {
        let clocks = self.state.clocks();
        let running = self.running;
        let mut shown = [clocks.left_ms(Seat::P1)?, clocks.left_ms(Seat::P2)?];
        if let Some(seat) = running {
            shown[index(seat)] -= self.turn_start.elapsed().as_millis() as i64;
        }
        Some(ClocksMessage {
            p1_ms: shown[0],
            p2_ms: shown[1],
            running: running.map(seat_text),
        })
    }
}

/// The play mode of a tab: its game with engines, when one is on.
#[derive(Default)]
pub struct Play {
    duel: Option<Match>,
}

/// Why no game with engines can start from the viewed position, if it cannot.
pub fn refusal(game: &TabGame) -> Option<String> {
    let pos = game.viewed();
    if pos.is_puzzle() {
        return Some(
            "a puzzle has one player: play it by hand, or ask for its solution".to_string(),
        );
    }
    pos.outcome()
        .map(|outcome| format!("the game is over ({outcome}): start a new one"))
}

impl Mode for Play {
    fn owns(&self, id: u64) -> bool {
        self.duel.as_ref().is_some_and(|d| d.owns(id))
    }

    fn label(&self, id: u64) -> Option<String> {
        self.duel.as_ref().and_then(|d| d.label(id))
    }

    fn on_event(&mut self, ctx: &mut Context, event: Event) {
        self.duel_event(ctx, event);
    }

    fn on_tick(&mut self, ctx: &mut Context) {
        self.duel_tick(ctx);
    }
}

impl Play {
    /// The game with engines, when one is on.
    pub fn duel(&self) -> Option<&Match> {
        self.duel.as_ref()
    }

    /// Ends the game with engines; true when one was on.
    pub fn stop(&mut self) -> bool {
        self.duel.take().is_some()
    }

    /// A person (`human`: `p1` or `p2`) against `engine`, from the viewed position.
    pub fn start_play(
        &mut self,
        ctx: &mut Context,
        engine: &str,
        human: &str,
        limits: &LimitsMessage,
    ) {
        let human = if human == "p2" { Seat::P2 } else { Seat::P1 };
        let mut names = [String::new(), String::new()];
        names[index(human)] = "you".to_string();
        names[index(human.other())] = engine.to_string();
        let mut seats = [None, None];
        seats[index(human.other())] = Some(engine.to_string());
        self.start_match(ctx, Kind::Play { human }, seats, names, limits);
    }

    /// Two engines against each other, from the viewed position.
    pub fn start_watch(
        &mut self,
        ctx: &mut Context,
        engines: &[String; 2],
        limits: &LimitsMessage,
    ) {
        let seats = [Some(engines[0].clone()), Some(engines[1].clone())];
        self.start_match(ctx, Kind::Watch, seats, engines.clone(), limits);
    }

    fn start_match(
        &mut self,
        ctx: &mut Context,
        kind: Kind,
        engines: [Option<String>; 2],
        names: [String; 2],
        limits: &LimitsMessage,
    ) {
        self.duel = None;
        let limits = MoveLimits {
            clock: limits.base_ms.map(|base_ms| TimeControl {
                base_ms,
                inc_ms: limits.inc_ms.unwrap_or(0),
            }),
            move_time_ms: limits.movetime_ms,
            depth: limits.depth,
            margin_ms: Some(ctx.engines.shared().time_margin_ms),
            ..MoveLimits::default()
        };
        let mut seats = [None, None];
        for (i, name) in engines.iter().enumerate() {
            let Some(name) = name else { continue };
            let Some(handle) = ctx.start_engine(name) else {
                return;
            };
            seats[i] = Some(handle);
        }
        let ply = ctx.game.cursor;
        ctx.game.truncate(ply);
        let labels = [Seat::P1, Seat::P2]
            .map(|seat| format!("{} ({})", seat_text(seat), names[index(seat)]));
        // Each side's first move is off its clock, as lichess's.
        let state = Duel::new(labels, [limits.clone(), limits], FirstMove::Untimed);
        self.duel = Some(Match {
            kind,
            seats,
            names,
            state,
            turn_start: Instant::now(),
            paused: false,
            // No clock runs before its side's first move.
            running: None,
            thinking: None,
            next_tag: 0,
            hint_pending: false,
            draw: None,
            draw_offer_from: None,
        });
        self.advance(ctx);
        ctx.send_state();
    }

    /// Asks the engine to move if it is its turn.
    fn advance(&mut self, ctx: &mut Context) {
        let last = ctx.game.last();
        let position = ctx.game.position_command(ctx.game.moves.len());
        let Some(duel) = self.duel.as_mut() else {
            return;
        };
        if duel.state.ended().is_some() || last.outcome().is_some() {
            duel.thinking = None;
            return;
        }
        let seat = last.side_to_move();
        if duel.paused || duel.thinking.is_some() {
            return;
        }
        let Some(engine) = duel.seats[index(seat)].as_ref() else {
            return;
        };
        duel.next_tag = duel.next_tag.wrapping_add(1) % DRAW_TAG;
        let tag = duel.next_tag;
        engine.think(Think {
            position,
            go: duel.state.go(seat),
            deadline: duel.state.deadline(seat).duration(),
            tag,
            ..Think::default()
        });
        duel.thinking = Some((seat, tag));
    }

    fn duel_event(&mut self, ctx: &mut Context, event: Event) {
        let Some(duel) = self.duel.as_mut() else {
            return;
        };
        let Some(seat) = [Seat::P1, Seat::P2].into_iter().find(|s| {
            duel.seats[index(*s)]
                .as_ref()
                .is_some_and(|e| e.id == event.id)
        }) else {
            return;
        };
        match event.kind {
            EventKind::Ready { .. } | EventKind::Log { .. } => {}
            // Against a person, the engine's thinking (its moves' searches, a hint's, a draw
            // offer's) would give the game away: none of it goes to the page.
            EventKind::Info { .. } if matches!(duel.kind, Kind::Play { .. }) => {}
            EventKind::Info { line, .. } => {
                let source = seat_text(seat);
                let fen = ctx.game.last().fen();
                let name = self.duel.as_ref().map(|d| d.names[index(seat)].clone());
                if let Some(name) = name {
                    ctx.send_info(source, &name, &fen, &line);
                }
            }
            EventKind::Done { tag, reply } if tag == HINT_TAG => {
                if duel.hint_pending {
                    duel.hint_pending = false;
                    match reply.mv {
                        Some(mv) => ctx.send(ServerMessage::Hint { mv }),
                        None => ctx.notice("warning", "the engine has no hint here"),
                    }
                }
            }
            EventKind::Done { tag, reply } if tag == DRAW_TAG => {
                if duel.draw == Some(DrawOffer::Pending) {
                    self.answer_draw(ctx, reply);
                }
            }
            EventKind::Done { tag, reply } => {
                if duel.thinking == Some((seat, tag)) {
                    duel.thinking = None;
                    self.engine_moved(ctx, seat, reply);
                }
            }
            EventKind::Failed { tag, fault } => {
                // A search with the game's deadline: running past it is a time forfeit.
                let of_a_move =
                    duel.thinking == Some((seat, tag)) || tag == HINT_TAG || tag == DRAW_TAG;
                self.forfeit(ctx, seat, |state| {
                    state.fault(seat, fault, of_a_move);
                });
            }
            EventKind::Dead { message } => {
                self.forfeit(ctx, seat, |state| {
                    state.forfeit(seat, Termination::Crash, &message);
                });
            }
        }
    }

    fn engine_moved(&mut self, ctx: &mut Context, seat: Seat, reply: Reply) {
        let Some(duel) = self.duel.as_mut() else {
            return;
        };
        if duel.state.ended().is_some() {
            return;
        }
        let follow = ctx.game.cursor == ctx.game.moves.len();
        let view = ctx.game.cursor;
        let comment = reply.comment();
        let played = duel.state.engine_moved(seat, &reply, |mv| {
            ctx.game.goto(ctx.game.moves.len());
            ctx.game.play_at_cursor(&[mv.to_string()], &comment)
        });
        let played = played.is_ok();
        if !follow || !played {
            ctx.game.goto(view);
        }
        if played {
            duel.turn_start = Instant::now();
            self.after_move(ctx);
        } else {
            self.lost(ctx, seat);
        }
    }

    /// `seat` loses by what `lose` records in the game's state (a fault, time), unless the game
    /// has ended already.
    fn forfeit(&mut self, ctx: &mut Context, seat: Seat, lose: impl FnOnce(&mut Duel)) {
        let Some(duel) = self.duel.as_mut() else {
            return;
        };
        if duel.state.ended().is_some() {
            return;
        }
        lose(&mut duel.state);
        self.lost(ctx, seat);
    }

    /// `seat` has lost by its fault or time (the game's state says how): its engine is stopped
    /// and the page told.
    fn lost(&mut self, ctx: &mut Context, seat: Seat) {
        let Some(duel) = self.duel.as_mut() else {
            return;
        };
        let Some(reason) = duel.state.ended().map(|end| end.reason.clone()) else {
            return;
        };
        duel.seats[index(seat)] = None;
        self.end(ctx);
        ctx.notice("error", format!("game over: {reason}"));
    }

    /// Ends the game other than by its rules (its state says how): nothing more is searched,
    /// no clock runs.
    fn end(&mut self, ctx: &mut Context) {
        let Some(duel) = self.duel.as_mut() else {
            return;
        };
        for engine in duel.seats.iter().flatten() {
            engine.cancel();
        }
        duel.thinking = None;
        duel.running = None;
        duel.hint_pending = false;
        duel.draw = None;
        ctx.send_state();
    }

    /// After a move of either side: the game's end, or the next move.
    fn after_move(&mut self, ctx: &mut Context) {
        let over = ctx.game.last().outcome();
        if let Some(outcome) = over {
            if let Some(duel) = self.duel.as_mut() {
                duel.running = None;
            }
            ctx.notice("info", format!("game over: {outcome}"));
        } else {
            let side = ctx.game.last().side_to_move();
            if let Some(duel) = self.duel.as_mut() {
                duel.running = (!duel.paused && duel.state.clocks().runs(side)).then_some(side);
            }
        }
        if let Some(duel) = self.duel.as_mut() {
            // An offer (or its answer) holds for one turn.
            duel.draw = None;
        }
        self.advance(ctx);
        // An analysis asked of another engine follows the game.
        ctx.position_changed();
    }

    /// A person's move in a game against an engine, checked (their turn, the last move).
    pub fn person_plays(&mut self, ctx: &mut Context, moves: &[String]) {
        let Some(duel) = self.duel.as_ref() else {
            return;
        };
        let last = ctx.game.last();
        let refusal = match duel.kind {
            Kind::Watch => Some("the engines are playing: stop the game to play by hand"),
            _ if duel.state.ended().is_some() || last.outcome().is_some() => {
                Some("the game is over")
            }
            Kind::Play { human } if last.side_to_move() != human => Some("it is not your turn"),
            _ if ctx.game.cursor != ctx.game.moves.len() => {
                Some("go to the last move to play (or stop the game)")
            }
            _ if moves.len() != 1 => Some("one move at a time"),
            _ => None,
        };
        if let Some(refusal) = refusal {
            ctx.error(refusal);
            ctx.send_state();
            return;
        }
        let seat = last.side_to_move();
        self.withdraw_draw();
        if let Some(duel) = self.duel.as_mut() {
            duel.hint_pending = false;
        }
        match ctx.game.play_at_cursor(moves, "") {
            Ok(()) => {
                if let Some(duel) = self.duel.as_mut() {
                    duel.state.moved(seat, duel.turn_start.elapsed());
                    duel.turn_start = Instant::now();
                }
                self.after_move(ctx);
            }
            Err(e) => {
                ctx.error(e);
                ctx.send_state();
            }
        }
    }

    /// Takes back the person's last move and the engine's replies after it.
    pub fn undo(&mut self, ctx: &mut Context) {
        let Some(duel) = self.duel.as_mut() else {
            return;
        };
        let Kind::Play { human } = duel.kind else {
            ctx.error("undo is for a game against an engine");
            return;
        };
        if let Some(end) = duel.state.ended() {
            ctx.error(format!("the game is over: {}", end.reason));
            return;
        }
        let mut keep = ctx.game.moves.len();
        let mut found = false;
        while keep > 0 {
            keep -= 1;
            if ctx.game.position_at(keep).side_to_move() == human {
                found = true;
                break;
            }
        }
        if !found {
            ctx.error("nothing of yours to undo");
            return;
        }
        if let Some(duel) = self.duel.as_mut() {
            for engine in duel.seats.iter().flatten() {
                engine.cancel();
            }
            duel.thinking = None;
            duel.hint_pending = false;
            duel.draw = None;
            duel.turn_start = Instant::now();
        }
        ctx.game.truncate(keep);
        ctx.game.goto(keep);
        self.after_move(ctx);
    }

    /// Pauses (or resumes) an engine game.
    pub fn pause(&mut self, ctx: &mut Context, paused: bool) {
        let Some(duel) = self.duel.as_mut() else {
            ctx.error("no game to pause");
            return;
        };
        if duel.kind != Kind::Watch {
            ctx.error("only an engine game pauses");
            return;
        }
        if duel.paused == paused {
            return;
        }
        duel.paused = paused;
        let last = ctx.game.last();
        let Some(duel) = self.duel.as_mut() else {
            return;
        };
        if paused {
            // The engine thinking now finishes its move; its clock stops after it.
            if duel.thinking.is_none() {
                duel.running = None;
            }
        } else if last.outcome().is_none() && duel.state.ended().is_none() {
            duel.turn_start = Instant::now();
            let side = last.side_to_move();
            duel.running = duel.state.clocks().runs(side).then_some(side);
        }
        self.advance(ctx);
        ctx.send_state();
    }

    /// A move suggestion for the person, from the engine they play.
    pub fn hint(&mut self, ctx: &mut Context) {
        let Some(duel) = self.duel.as_mut() else {
            return;
        };
        let Kind::Play { human } = duel.kind else {
            ctx.error("a hint is for a game against an engine");
            return;
        };
        let last = ctx.game.last();
        if last.outcome().is_some() || last.side_to_move() != human || duel.state.ended().is_some()
        {
            ctx.error("a hint is for your turn");
            return;
        }
        let position = ctx.game.position_command(ctx.game.moves.len());
        let Some(duel) = self.duel.as_mut() else {
            return;
        };
        let Some(engine) = duel.seats[index(human.other())].as_ref() else {
            return;
        };
        let ms = duel.limits().move_time_ms.unwrap_or(HINT_MS).min(HINT_MS);
        engine.think(Think {
            position,
            go: GoParams {
                move_time: Some(ms),
                ..GoParams::default()
            },
            deadline: Duration::from_millis(ms) + Duration::from_secs(5),
            tag: HINT_TAG,
            ..Think::default()
        });
        duel.hint_pending = true;
    }

    /// The person in a game against an engine that goes on, or why not (for the page).
    fn person_in_game(&self, ctx: &Context, what: &str) -> Result<Seat, String> {
        let Some(duel) = self.duel.as_ref() else {
            return Err(format!("{what}: no game against an engine"));
        };
        let Kind::Play { human } = duel.kind else {
            return Err(format!("{what} is for a game against an engine"));
        };
        if let Some(end) = duel.state.ended() {
            return Err(format!("{what}: the game is over ({})", end.reason));
        }
        if let Some(outcome) = ctx.game.last().outcome() {
            return Err(format!("{what}: the game is over ({outcome})"));
        }
        Ok(human)
    }

    /// The person gives the game up: the engine wins.
    pub fn resign(&mut self, ctx: &mut Context) {
        let human = match self.person_in_game(ctx, "resign") {
            Ok(human) => human,
            Err(e) => return ctx.error(e),
        };
        if let Some(duel) = self.duel.as_mut() {
            duel.state.resign(human);
        }
        self.end(ctx);
    }

    /// The person calls the game off before both sides have moved: no result.
    pub fn abort(&mut self, ctx: &mut Context) {
        if let Err(e) = self.person_in_game(ctx, "abort") {
            return ctx.error(e);
        }
        let Some(duel) = self.duel.as_mut() else {
            return;
        };
        if let Err(refusal) = duel.state.abort() {
            return ctx.error(refusal);
        }
        self.end(ctx);
    }

    /// The person offers a draw on their turn: the engine searches the position under the
    /// game's limits and accepts when its own score says the position is drawn or lost for it.
    pub fn offer_draw(&mut self, ctx: &mut Context) {
        let human = match self.person_in_game(ctx, "a draw offer") {
            Ok(human) => human,
            Err(e) => return ctx.error(e),
        };
        let last = ctx.game.last();
        let position = ctx.game.position_command(ctx.game.moves.len());
        let Some(duel) = self.duel.as_mut() else {
            return;
        };
        let refusal = if duel.abortable() {
            Some("a draw may be offered once both sides have moved (abort instead)".to_string())
        } else if last.side_to_move() != human {
            Some("offer a draw on your turn".to_string())
        } else {
            match (&duel.draw, duel.draw_offer_from) {
                (Some(DrawOffer::Pending), _) => {
                    Some("your draw offer is being considered".to_string())
                }
                (_, Some(from)) if ctx.game.moves.len() < from => Some(format!(
                    "{} declined your last draw offer: a draw may be offered again once {from} \
                     moves have been played ({DRAW_OFFER_PAUSE} after it)",
                    duel.names[index(human.other())]
                )),
                _ => None,
            }
        };
        if let Some(refusal) = refusal {
            return ctx.error(refusal);
        }
        let Some(engine) = duel.seats[index(human.other())].as_ref() else {
            return;
        };
        // What the engine would spend on a move: the move time, the depth, or a share of its
        // clock.
        let (go, deadline) = duel.state.draw_search(human.other());
        engine.think(Think {
            position,
            go,
            deadline: deadline.duration(),
            tag: DRAW_TAG,
            ..Think::default()
        });
        duel.draw = Some(DrawOffer::Pending);
        ctx.send_state();
    }

    /// The engine's answer to a draw offer, from the score of its search of the position (the
    /// person to move: the engine's own score is its opposite).
    fn answer_draw(&mut self, ctx: &mut Context, reply: Reply) {
        let Some(duel) = self.duel.as_mut() else {
            return;
        };
        let Kind::Play { human } = duel.kind else {
            return;
        };
        let name = duel.names[index(human.other())].clone();
        let plies = ctx.game.moves.len();
        let depth = reply
            .depth
            .map(|d| format!(" (depth {d})"))
            .unwrap_or_default();
        let own = reply.score.map(|score| match score {
            Reported::Centipawns(cp) => Reported::Centipawns(-cp),
            Reported::Mate(n) => Reported::Mate(-n),
        });
        let accepts = accepts_draw(own);
        match own {
            Some(score) if accepts => {
                let reason = format!(
                    "draw agreed: {name}'s own search{depth} scores the position {} for itself",
                    score_words(score)
                );
                duel.state.agree_draw(reason);
                self.end(ctx);
            }
            _ => {
                // Nothing of why (its score, that it searched): an answer with a reason, or an
                // offer a move, would make the engine an evaluation oracle.
                duel.draw = Some(DrawOffer::Declined(format!("{name} declined the draw")));
                duel.draw_offer_from = Some(plies + DRAW_OFFER_PAUSE);
                ctx.send_state();
            }
        }
    }

    /// A pending draw offer is withdrawn (the person moved, or took a move back): its search
    /// is stopped.
    fn withdraw_draw(&mut self) {
        let Some(duel) = self.duel.as_mut() else {
            return;
        };
        if duel.draw.take() == Some(DrawOffer::Pending) {
            for engine in duel.seats.iter().flatten() {
                engine.cancel();
            }
        }
    }

    /// Every tick: a person's clock running out.
    fn duel_tick(&mut self, ctx: &mut Context) {
        let Some(duel) = self.duel.as_ref() else {
            return;
        };
        let (Kind::Play { human }, Some(running)) = (duel.kind, duel.running) else {
            return;
        };
        let elapsed = duel.turn_start.elapsed();
        if running == human && duel.state.clocks().flagged(human, elapsed) {
            self.forfeit(ctx, human, |state| {
                state.flag(human, elapsed);
            });
        }
    }
}

/// A score from its player's side in words: `+0.40`, `0.00`, `a loss in 3`.
fn score_words(score: Reported) -> String {
    match score {
        Reported::Centipawns(0) => "0.00 (even)".to_string(),
        Reported::Centipawns(cp) => format!("{:+.2}", f64::from(cp) / 100.0),
        Reported::Mate(n) if n > 0 => format!("a win in {n}"),
        Reported::Mate(n) => format!("a loss in {}", n.unsigned_abs()),
    }
}
