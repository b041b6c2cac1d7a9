//! One game between two engines, refereed: every move checked with sente's rules, clocks
//! kept by the referee, every fault adjudicated against the engine that made it.

use super::duel::clock::FirstMove;
use super::duel::result::{GameResult, Termination};
use super::duel::{Duel, Ending};
use super::openings::Opening;
use super::spec::EngineSpec;
use crate::client::process::{EngineProcess, Fault};
use crate::games::Seat;
use crate::protocol::command::{Command, PositionStart};
use crate::variants::rules::Rules;

/// A game as played: everything the record holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedGame {
    /// The game's number in the match, from 1.
    pub round: usize,
    /// Engine indexes of the first and second player.
    pub players: [usize; 2],
    /// The opening (fen and moves the engines did not choose).
    pub opening: Opening,
    /// The engines' moves after the opening.
    pub moves: Vec<String>,
    /// For each of `moves`, the engine's score, depth and time (`+0.12/10 0.052s`).
    pub comments: Vec<String>,
    /// The result.
    pub result: GameResult,
    /// How it ended.
    pub termination: Termination,
    /// Why, in words (`p2 played illegal move '9': ...`).
    pub reason: String,
}

/// Why a game could not be played at all.
#[derive(Debug)]
pub enum Abort {
    /// Ctrl-C: the game is dropped.
    Interrupted,
    /// The match cannot go on (an engine that cannot be started, or does not play the
    /// variant).
    Setup(String),
}

/// A seat's engine: its spec and its process slot (kept between games, emptied after a
/// fault so that the next game starts a fresh process).
pub struct Player<'a> {
    /// The engine's spec.
    pub spec: &'a EngineSpec,
    /// Its process, if one is running.
    pub process: &'a mut Option<EngineProcess>,
}

/// Plays one game from `opening`; `players[0]` moves first, `indexes` are the engines'
/// numbers in the match. Every move is timed, the first included.
pub fn play(
    rules: &Rules,
    round: usize,
    opening: &Opening,
    players: [Player<'_>; 2],
    indexes: [usize; 2],
) -> Result<PlayedGame, Abort> {
    let specs = [players[0].spec, players[1].spec];
    let [Player { process: a, .. }, Player { process: b, .. }] = players;
    let slots = [a, b];
    let mut game = PlayedGame {
        round,
        players: indexes,
        opening: opening.clone(),
        moves: Vec::new(),
        comments: Vec::new(),
        result: GameResult::Draw,
        termination: Termination::Normal,
        reason: String::new(),
    };
    let mut duel = Duel::new(
        [Seat::P1, Seat::P2].map(|seat| seat_name(seat).to_string()),
        specs.map(|s| s.limits.clone()),
        FirstMove::Timed,
    );
    for (i, seat) in [Seat::P1, Seat::P2].into_iter().enumerate() {
        match prepare(slots[i], specs[i], rules) {
            Ok(()) => {}
            Err(Setup::Abort(message)) => return Err(Abort::Setup(message)),
            Err(Setup::Fault(Fault::Interrupted)) => return Err(Abort::Interrupted),
            Err(Setup::Fault(fault)) => {
                *slots[i] = None;
                return Ok(ended(game, duel.fault(seat, fault, false)));
            }
        }
    }
    let mut pos = rules
        .position(opening.fen.as_deref(), &opening.moves)
        .map_err(Abort::Setup)?;
    loop {
        if let Some(outcome) = pos.outcome() {
            game.result = GameResult::of(outcome);
            game.reason = outcome.to_string();
            return Ok(game);
        }
        let seat = pos.side_to_move();
        let i = usize::from(seat == Seat::P2);
        let Some(process) = slots[i].as_mut() else {
            return Err(Abort::Setup("engine slot empty".to_string()));
        };
        process.send(&position_command(opening, &game.moves));
        let ending = match process.think(&duel.go(seat), duel.deadline(seat).duration()) {
            Ok(reply) => match duel.engine_moved(seat, &reply, |mv| pos.play_move(mv)) {
                Ok(()) => {
                    game.comments.push(reply.comment());
                    game.moves.push(reply.mv.unwrap_or_default());
                    continue;
                }
                Err(ending) => ending,
            },
            Err((Fault::Interrupted, _)) => return Err(Abort::Interrupted),
            Err((fault, _)) => duel.fault(seat, fault, true),
        };
        *slots[i] = None;
        return Ok(ended(game, ending));
    }
}

/// The game as it ended other than by its rules.
fn ended(mut game: PlayedGame, ending: &Ending) -> PlayedGame {
    game.result = ending.result.unwrap_or(GameResult::Draw);
    game.termination = ending.termination.unwrap_or(Termination::Normal);
    game.reason = ending.reason.clone();
    game
}

/// Why an engine could not be made ready.
enum Setup {
    Fault(Fault),
    Abort(String),
}

/// Starts the engine if needed (handshake, variant, options), then `ucinewgame` and
/// `isready`.
fn prepare(
    slot: &mut Option<EngineProcess>,
    spec: &EngineSpec,
    rules: &Rules,
) -> Result<(), Setup> {
    if slot.is_none() {
        let mut process = EngineProcess::spawn(&spec.cmd, &spec.args)
            .map_err(|e| Setup::Abort(format!("{}: {e}", spec.name)))?;
        process
            .handshake_in(spec.proto, spec.notation)
            .map_err(Setup::Fault)?;
        if let Some(choices) = &process.variants {
            if !choices.iter().any(|c| c == rules.variant()) {
                return Err(Setup::Abort(format!(
                    "{} does not play {} (its UCI_Variant choices: {})",
                    spec.name,
                    rules.variant(),
                    choices.join(" ")
                )));
            }
            process.send(&Command::set_option("UCI_Variant", rules.variant()));
        }
        for (name, value) in &spec.options {
            process.send(&Command::set_option(name, value));
        }
        *slot = Some(process);
    }
    let Some(process) = slot.as_mut() else {
        return Err(Setup::Abort("engine slot empty".to_string()));
    };
    process.send(&Command::NewGame);
    process.sync().map_err(Setup::Fault)
}

/// `p1` or `p2`.
pub fn seat_name(seat: Seat) -> &'static str {
    match seat {
        Seat::P1 => "p1",
        Seat::P2 => "p2",
    }
}

/// `position startpos|fen <fen> [moves ...]` for the opening and the moves since.
pub fn position_command(opening: &Opening, moves: &[String]) -> Command {
    Command::Position {
        start: match &opening.fen {
            Some(fen) => PositionStart::Fen(fen.clone()),
            None => PositionStart::Startpos,
        },
        moves: opening.moves.iter().chain(moves).cloned().collect(),
    }
}
