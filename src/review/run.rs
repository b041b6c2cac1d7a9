//! The review run move by move, from the last move to the first: each step values the
//! positions around one move (each position once), classes the move, and where the player
//! erred values every other move there; a stop flag ends it between and during steps.

use super::assemble::{self, graph_p1, side};
use super::judge::{self, Class};
use super::record::GameRecord;
use super::tags::{self, Tag, TagKind};
use super::why;
use super::words;
use super::{Alternative, MoveReview, Review, Settings};
use crate::engine::options::Options;
use crate::games::why::Line;
use crate::variants::registry;
use crate::variants::task::WorkerState;
use crate::variants::value::{self, Ask, Judged, Value, Valued};
use crate::variants::variant::Variant;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Nothing found of a position.
fn unknown() -> Valued {
    Valued {
        value: Value::Unknown,
        judged: Judged::Search,
        best: None,
        pv: Vec::new(),
    }
}

/// The other moves of a position are solved in `movetime / TAG_SOLVE_SHARE` each to tag a move
/// the only one (or a great one): a move whose alternatives are not all proven in it gets no
/// such tag, so that the tags cost a review little.
pub const TAG_SOLVE_SHARE: u32 = 20;

/// The review was stopped (its flag raised) before it ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stopped;

impl std::fmt::Display for Stopped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the review was stopped")
    }
}

/// How far a review has come.
#[derive(Clone, Copy, Debug)]
pub struct Progress<'a> {
    /// Moves reviewed.
    pub done: usize,
    /// Of how many.
    pub total: usize,
    /// The move just reviewed.
    pub reviewed: &'a MoveReview,
}

/// A review under way. It owns the engine's tables (`Settings::hash_mb`), kept from one
/// position to the next; it is `Send`, to be run on a thread of its own.
pub struct Reviewer {
    game: GameRecord,
    options: Options,
    settings: Settings,
    scale: f64,
    puzzle: bool,
    positions: Vec<Box<dyn Variant>>,
    values: Vec<Option<Valued>>,
    /// The search's estimates of the positions, where one was needed beside a proven value.
    estimates: Vec<Option<Valued>>,
    moves: Vec<Option<MoveReview>>,
    /// The moves `moves[..left]` are still to review.
    left: usize,
    state: WorkerState,
    stop: Arc<AtomicBool>,
    /// Strong solves are still tried (none failed in time yet).
    strong: bool,
    /// Weak solves are still tried.
    weak: bool,
}

impl Reviewer {
    /// A review of `game` with `settings`, stopped when `stop` is raised. The error names
    /// what is wrong with the game or the settings.
    pub fn new(
        game: &GameRecord,
        settings: Settings,
        stop: Arc<AtomicBool>,
    ) -> Result<Reviewer, String> {
        let options = game.options(settings.hash_mb, settings.threads)?;
        let positions = game.positions()?;
        let scale =
            registry::entry(game.variant()).map_or(judge::LICHESS_WIN_SCALE, |e| e.win_scale);
        let puzzle = positions.first().is_some_and(|p| p.is_puzzle());
        let plies = game.moves().len();
        Ok(Reviewer {
            game: game.clone(),
            state: WorkerState::new(options.hash_mb),
            options,
            settings,
            scale,
            puzzle,
            values: vec![None; positions.len()],
            estimates: vec![None; positions.len()],
            moves: vec![None; plies],
            left: plies,
            positions,
            stop,
            strong: true,
            weak: true,
        })
    }

    /// The moves to review.
    pub fn total(&self) -> usize {
        self.moves.len()
    }

    /// The moves reviewed so far.
    pub fn done(&self) -> usize {
        self.moves.len() - self.left
    }

    /// The moves reviewed so far (`None` for those still to come), in game order.
    pub fn reviewed(&self) -> &[Option<MoveReview>] {
        &self.moves
    }

    fn check(&self) -> Result<(), Stopped> {
        if self.stop.load(Ordering::Relaxed) {
            Err(Stopped)
        } else {
            Ok(())
        }
    }

    /// Values `pos`: a strong solve (of the value alone unless `with_move`: the move that
    /// keeps it is then not searched for), else a weak one, else a search. A failed solve of a
    /// position of the game (`of_game`) is not tried again on the positions before it.
    fn value_of(
        &mut self,
        pos: &dyn Variant,
        of_game: bool,
        with_move: bool,
    ) -> Result<Valued, Stopped> {
        let movetime = self.settings.movetime;
        let ask = |reviewer: &mut Reviewer, ask| {
            let started = std::time::Instant::now();
            let found = value::value(
                pos,
                ask,
                &|limits| reviewer.options.search_job(limits, reviewer.stop.clone()),
                &mut reviewer.state,
            );
            log::debug!(
                "{ask:?} of {} ({}): {:?} in {:.3} s",
                pos.fen(),
                if of_game {
                    "a position of the game"
                } else {
                    "another move's"
                },
                found.as_ref().map(|f| f.value),
                started.elapsed().as_secs_f64()
            );
            found
        };
        if self.strong {
            let solve = Ask::Solve {
                time: movetime,
                weak: false,
                value_only: !with_move,
            };
            if let Some(found) = ask(self, solve) {
                return Ok(found);
            }
            self.check()?;
            self.strong &= !of_game;
        }
        if self.weak {
            let solve = Ask::Solve {
                time: movetime,
                weak: true,
                value_only: !with_move,
            };
            if let Some(found) = ask(self, solve) {
                return Ok(found);
            }
            self.check()?;
            self.weak &= !of_game;
        }
        let found = ask(self, Ask::Search(self.settings.nodes));
        self.check()?;
        Ok(found.unwrap_or(unknown()))
    }

    /// Who wins `pos` (another move's, for a tag: a weak solve of the value alone) in a
    /// twentieth of the time a position gets (`TAG_SOLVE_SHARE`): `None` when not proven in it
    /// (the tag is then not given).
    fn quick_solve(&mut self, pos: &dyn Variant) -> Result<Option<Valued>, Stopped> {
        let started = std::time::Instant::now();
        let found = value::value(
            pos,
            // Who wins is all a tag compares.
            Ask::Solve {
                time: self.settings.movetime / TAG_SOLVE_SHARE,
                weak: true,
                value_only: true,
            },
            &|limits| self.options.search_job(limits, self.stop.clone()),
            &mut self.state,
        );
        log::debug!(
            "Solve of {} (a tag's other move): {:?} in {:.3} s",
            pos.fen(),
            found.as_ref().map(|f| f.value),
            started.elapsed().as_secs_f64()
        );
        self.check()?;
        Ok(found)
    }

    /// The value of the game's position `ply`, found once. A solve finds the value alone
    /// (the move keeping it comes from judging the move played there: `keeping_move`), but at
    /// the last position, which no move of the game judges.
    fn position_value(&mut self, ply: usize) -> Result<Valued, Stopped> {
        if let Some(found) = &self.values[ply] {
            return Ok(found.clone());
        }
        let pos = self.positions[ply].clone_box();
        let last = ply + 1 == self.positions.len();
        let found = self.value_of(pos.as_ref(), true, last)?;
        self.values[ply] = Some(found.clone());
        Ok(found)
    }

    /// The move keeping the proven value of the game's position `ply`, once move `ply` is
    /// classed `class` and, where it erred, the moves keeping the most are `best`: the move
    /// played where it kept the value, the best other move where it erred, else (a slower
    /// win, a quicker loss) a solve for it. Kept in the position's value.
    fn keeping_move(
        &mut self,
        ply: usize,
        mv: &str,
        class: Class,
        best: &[String],
    ) -> Result<Option<String>, Stopped> {
        let Some(found) = self.values[ply].clone() else {
            return Ok(None);
        };
        if found.best.is_some() || found.judged == Judged::Search {
            return Ok(found.best);
        }
        let keeping = match class {
            Class::Best => Some(mv.to_string()),
            _ if class.erred() => best.first().cloned(),
            Class::Good if found.judged == Judged::Exact => {
                let pos = self.positions[ply].clone_box();
                // The value is known already: a solve that fails here must not stop the
                // strong solves of the positions before (`of_game` false).
                let solved = self.value_of(pos.as_ref(), false, true)?;
                // A solve that did not prove the same value (stopped in time) names no move.
                if solved.value != found.value {
                    return Ok(None);
                }
                let keeping = solved.best.clone();
                self.values[ply] = Some(solved);
                return Ok(keeping);
            }
            _ => None,
        };
        if let Some(slot) = self.values[ply].as_mut() {
            slot.best.clone_from(&keeping);
        }
        Ok(keeping)
    }

    /// The search's estimate of the game's position `ply` (a finished position: its value),
    /// found once.
    fn estimate(&mut self, ply: usize) -> Result<Valued, Stopped> {
        if let Some(found) = &self.estimates[ply] {
            return Ok(found.clone());
        }
        let found = value::value(
            self.positions[ply].as_ref(),
            Ask::Search(self.settings.nodes),
            &|limits| self.options.search_job(limits, self.stop.clone()),
            &mut self.state,
        );
        self.check()?;
        let found = found.unwrap_or(unknown());
        self.estimates[ply] = Some(found.clone());
        Ok(found)
    }

    /// The engine's move at the game's position `ply` once it is valued (one that keeps its
    /// value), if any: `None` before, at a finished position, or where the task gave none.
    pub fn best_at(&self, ply: usize) -> Option<&str> {
        self.values.get(ply)?.as_ref()?.best.as_deref()
    }

    /// Reviews the next move (from the last to the first) and returns it; `None` once every
    /// move is reviewed; `Err(Stopped)` once the stop flag is raised.
    pub fn step(&mut self) -> Result<Option<&MoveReview>, Stopped> {
        if self.left == 0 {
            return Ok(None);
        }
        self.check()?;
        let ply = self.left - 1;
        let after = self.position_value(ply + 1)?;
        let before = self.position_value(ply)?;
        let reviewed = self.judge(ply, &before, &after)?;
        self.moves[ply] = Some(reviewed);
        self.left = ply;
        Ok(self.moves[ply].as_ref())
    }

    /// The value of the position after `mv` from `pos`, moved one ply back to the mover.
    fn kept(&self, pos: &dyn Variant, next: &dyn Variant, found: &Valued) -> Value {
        found
            .value
            .one_ply_back(pos.side_to_move() != next.side_to_move())
    }

    /// Judges move `ply` from the values of the positions before and after it.
    fn judge(
        &mut self,
        ply: usize,
        before: &Valued,
        after: &Valued,
    ) -> Result<MoveReview, Stopped> {
        let pos = self.positions[ply].clone_box();
        let mv = self.game.moves()[ply].clone();
        let kept = self.kept(pos.as_ref(), self.positions[ply + 1].as_ref(), after);
        let engine_move = before.best.as_deref() == Some(mv.as_str());
        // A proven value beside a search's estimate: both positions' estimates are compared
        // (as lichess compares two evaluations), a proven value being no estimate's peer.
        let (judged_before, judged_after) =
            if (before.judged == Judged::Search) != (after.judged == Judged::Search) {
                let was = self.estimate(ply)?;
                let now = self.estimate(ply + 1)?;
                let next = self.positions[ply + 1].clone_box();
                let value = self.kept(pos.as_ref(), next.as_ref(), &now);
                (was, Valued { value, ..now })
            } else {
                (
                    before.clone(),
                    Valued {
                        value: kept,
                        ..after.clone()
                    },
                )
            };
        let (class, judged) = judge::classify(
            judged_before.value,
            judged_after.value,
            self.puzzle,
            engine_move,
            self.scale,
            (judged_before.judged, judged_after.judged),
        );
        let mut alternatives = Vec::new();
        let mut best = Vec::new();
        if class.erred() {
            for other in pos.legal_moves() {
                let (value, how) = if other == mv {
                    (kept, after.judged)
                } else {
                    let mut next = pos.clone_box();
                    if next.play_move(&other).is_err() {
                        continue;
                    }
                    let found = self.value_of(next.as_ref(), false, false)?;
                    (self.kept(pos.as_ref(), next.as_ref(), &found), found.judged)
                };
                alternatives.push(Alternative {
                    mv: other,
                    value,
                    judged: how,
                });
            }
            alternatives
                .sort_by(|a, b| order(b.value, self.scale).total_cmp(&order(a.value, self.scale)));
            let top = alternatives.first().map(|a| order(a.value, self.scale));
            best = alternatives
                .iter()
                .filter(|a| Some(order(a.value, self.scale)) == top)
                .map(|a| a.mv.clone())
                .collect();
        } else {
            if class == Class::Best {
                best.push(mv.clone());
            }
            if let Some(engine) = &before.best
                && !best.contains(engine)
            {
                best.push(engine.clone());
            }
        }
        let comment = if class.erred() {
            words::comment(
                &mv,
                best.first().map(String::as_str),
                (judged_before.value, judged_after.value),
                class,
                (judged, self.puzzle, self.scale),
            )
        } else {
            String::new()
        };
        // The position's move keeping its value, where its value alone was solved.
        let before = &Valued {
            best: self.keeping_move(ply, &mv, class, &best)?,
            ..before.clone()
        };
        if !class.erred()
            && let Some(keeping) = &before.best
            && !best.contains(keeping)
        {
            best.push(keeping.clone());
        }
        let tags = self.tags(ply, &mv, (before, kept), (class, judged))?;
        // A reason for every marked move and every slower win or quicker loss tagged.
        let distance_tagged = tags.iter().any(|t| {
            matches!(
                t.kind,
                TagKind::FasterWinMissed | TagKind::LongerDefenceMissed
            )
        });
        let why = if class.erred() || distance_tagged {
            let number = why::move_number(ply + 1, self.puzzle);
            let asked = why::asked(number, &best, judged_before.value, judged_after.value);
            let proven = judged == Judged::Exact;
            Some(why::reason(pos.as_ref(), &mv, &asked, || {
                self.line_after(ply, proven)
            })?)
        } else {
            None
        };
        // The values the move was judged by (so that accuracy and class agree).
        let win_before = judge::win_percent(judged_before.value, self.scale);
        let win_after = judge::win_percent(judged_after.value, self.scale);
        let next = self.positions[ply + 1].as_ref();
        Ok(MoveReview {
            ply: ply + 1,
            number: why::move_number(ply + 1, self.puzzle),
            side: side(pos.side_to_move()),
            words: pos.move_words(&mv),
            mv,
            before: before.value,
            after: kept,
            judged,
            class,
            mark: class.mark(),
            tags,
            best,
            win_before,
            win_after,
            graph_before: graph_p1(pos.as_ref(), before.value, self.scale),
            graph_after: graph_p1(next, after.value, self.scale),
            // A best move loses nothing (by search: the engine's own move, whose estimate the
            // next search may revise); an erred move never counts as perfect.
            accuracy: (!self.puzzle).then(|| judge::class_accuracy(class, win_before, win_after)),
            alternatives,
            comment,
            why,
        })
    }

    /// The line of best play after move `ply` (0-based): where the move was judged exactly
    /// (`proven`), the solver's line of the position it left, solved on from its end until
    /// it has `LINE_PLIES` plies or ends the game (each solve given at most a second);
    /// otherwise the search's line.
    fn line_after(&mut self, ply: usize, proven: bool) -> Result<Line, Stopped> {
        let started = std::time::Instant::now();
        let line = self.line_of(ply, proven)?;
        log::debug!(
            "Line after ply {ply} ({} plies): in {:.3} s",
            line.moves.len(),
            started.elapsed().as_secs_f64()
        );
        Ok(line)
    }

    /// `line_after`, untimed.
    fn line_of(&mut self, ply: usize, proven: bool) -> Result<Line, Stopped> {
        let found = match &self.values[ply + 1] {
            Some(found) if proven && found.judged == Judged::Exact => found.clone(),
            _ => self.estimate(ply + 1)?,
        };
        let proven = proven && found.judged == Judged::Exact;
        let start = self.positions[ply + 1].clone_box();
        let (mut moves, mut end) = if proven {
            self.along_the_game(ply + 1)
        } else {
            why::follow(start.as_ref(), &found.pv)
        };
        let movetime = self.settings.movetime.min(Duration::from_secs(1));
        while proven && end.outcome().is_none() && moves.len() < why::LINE_PLIES {
            self.check()?;
            let more = value::value(
                end.as_ref(),
                Ask::solve(movetime),
                &|limits| self.options.search_job(limits, self.stop.clone()),
                &mut self.state,
            );
            let Some(more) = more.filter(|m| m.judged == Judged::Exact && !m.pv.is_empty()) else {
                break;
            };
            let (played, next) = why::follow(end.as_ref(), &more.pv);
            if played.is_empty() {
                break;
            }
            moves.extend(played);
            end = next;
        }
        Ok(Line {
            moves,
            proven,
            complete: end.outcome().is_some(),
        })
    }

    /// The start of a line of best play from the game's position `from`, without a search:
    /// the game's own moves while each kept the exact value (judged already: the review runs
    /// from the last move back), then where the game left the value (or ended its record) the
    /// line the solve of that position gave, else its move keeping the value; and the
    /// position the line reaches.
    fn along_the_game(&self, from: usize) -> (Vec<String>, Box<dyn Variant>) {
        let kept_exactly = |m: &MoveReview| m.class == Class::Best && m.judged == Judged::Exact;
        let mut moves = Vec::new();
        let mut end = self.positions[from].clone_box();
        for at in from..self.positions.len() {
            if end.outcome().is_some() {
                break;
            }
            if let Some(m) = self.moves.get(at).and_then(Option::as_ref)
                && kept_exactly(m)
                && end.play_move(&m.mv).is_ok()
            {
                moves.push(m.mv.clone());
                continue;
            }
            // Where the game leaves the line: the position's own line, or its move.
            let Some(found) = self.values[at]
                .as_ref()
                .filter(|found| found.judged == Judged::Exact)
            else {
                break;
            };
            let off = if found.pv.is_empty() {
                found.best.iter().cloned().collect()
            } else {
                found.pv.clone()
            };
            let (played, next) = why::follow(end.as_ref(), &off);
            moves.extend(played);
            end = next;
            break;
        }
        (moves, end)
    }

    /// The tags of move `mv` at position `ply`, from the position's value `before` and the
    /// value the move kept (`kept`, for the mover), its class and how it was judged: the
    /// book's move; where the result was kept exactly, a faster win or a longer defence
    /// missed; a forced move; else, where the result is proven, the only move or a great one
    /// (every other move valued until one keeps the result too).
    fn tags(
        &mut self,
        ply: usize,
        mv: &str,
        (before, kept): (&Valued, Value),
        (class, judged): (Class, Judged),
    ) -> Result<Vec<Tag>, Stopped> {
        let pos = self.positions[ply].clone_box();
        let mut found = Vec::new();
        if self.puzzle || class.erred() || class == Class::Unjudged {
            return Ok(found);
        }
        if judged == Judged::Exact
            && let Some(tag) = tags::distance_tag(before.value, kept, before.best.as_deref())
        {
            found.push(tag);
        }
        if tags::is_forced(pos.as_ref(), mv) {
            found.push(Tag::plain(TagKind::Forced));
        } else if judged != Judged::Search
            && let Some(tag) = self.only_move(pos.as_ref(), mv, before, kept)?
        {
            found.push(Tag::plain(tag));
        }
        if pos.book_move().as_deref() == Some(mv) {
            found.push(Tag::plain(TagKind::Book));
        }
        Ok(found)
    }

    /// `OnlyMove` or `Great` when `mv`, keeping the proven result `kept` of a win or a draw,
    /// is the one move that keeps it: every other move is solved (`quick_solve`) until one
    /// keeps the result too or is not proven in time (none where the engine's own move is
    /// another).
    fn only_move(
        &mut self,
        pos: &dyn Variant,
        mv: &str,
        before: &Valued,
        kept: Value,
    ) -> Result<Option<TagKind>, Stopped> {
        let Some(result) = kept.result() else {
            return Ok(None);
        };
        if result < 0
            || !matches!(kept, Value::Win { .. } | Value::Draw)
            || before.best.as_deref().is_some_and(|best| best != mv)
        {
            return Ok(None);
        }
        let mut others = Vec::new();
        for other in pos.legal_moves() {
            if other == mv {
                continue;
            }
            let mut next = pos.clone_box();
            if next.play_move(&other).is_err() {
                continue;
            }
            let found = self.quick_solve(next.as_ref())?;
            let other_result = found.and_then(|found| {
                let value = self.kept(pos, next.as_ref(), &found);
                value.result().filter(|_| found.judged != Judged::Search)
            });
            let keeps = other_result.is_none_or(|r| r >= result);
            others.push(other_result);
            if keeps {
                return Ok(None);
            }
        }
        Ok(tags::only_move_tag(result, &others))
    }

    /// The whole review, once every move is reviewed (the moves still to review are reviewed
    /// first).
    pub fn finish(mut self) -> Result<Review, Stopped> {
        while self.step()?.is_some() {}
        // A game without moves: its one position.
        if self.values.iter().any(Option::is_none) {
            let last = self.values.len() - 1;
            self.position_value(last)?;
        }
        let values: Vec<Valued> = self
            .values
            .into_iter()
            .map(|found| found.unwrap_or(unknown()))
            .collect();
        let moves: Vec<MoveReview> = self.moves.into_iter().flatten().collect();
        Ok(assemble::assemble(
            &self.game,
            &self.positions,
            &values,
            moves,
            (self.settings, self.scale),
        ))
    }
}

/// A number ordering values for their side: faster wins first, slower losses before faster
/// ones, what only who wins is known of between, estimates by winning chances.
fn order(value: Value, scale: f64) -> f64 {
    match value {
        Value::Win { plies: Some(p) } => 100_000.0 - f64::from(p),
        Value::Win { plies: None } => 90_000.0,
        Value::Loss { plies: Some(p) } => -100_000.0 + f64::from(p),
        Value::Loss { plies: None } => -90_000.0,
        Value::Draw => 0.0,
        Value::Score { cp } => f64::from(cp) / 100.0,
        Value::Estimate { .. } => 100.0 * judge::chances(value, scale).unwrap_or(0.0),
        Value::Unknown => -200_000.0,
    }
}

/// Reviews `game` with `settings` until done or `stop` is raised, telling `progress` each move
/// reviewed.
pub fn review(
    game: &GameRecord,
    settings: Settings,
    stop: Arc<AtomicBool>,
    progress: &mut dyn FnMut(Progress<'_>),
) -> Result<Result<Review, Stopped>, String> {
    let mut reviewer = Reviewer::new(game, settings, stop)?;
    let total = reviewer.total();
    loop {
        let done = reviewer.done() + 1;
        match reviewer.step() {
            Ok(Some(reviewed)) => progress(Progress {
                done,
                total,
                reviewed,
            }),
            Ok(None) => break,
            Err(Stopped) => return Ok(Err(Stopped)),
        }
    }
    Ok(reviewer.finish())
}
