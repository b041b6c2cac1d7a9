//! `sente play`: a person plays sente in the terminal. The board is drawn after each move, the
//! prompt names the legal moves, bad input is answered and asked again; `undo`, `hint`,
//! `moves`, `new`, `help` and `quit` are always there. In a one-player puzzle (Rush Hour) the
//! person makes every move and sente gives hints.

use super::duel::Duel;
use super::duel::clock::FirstMove;
use super::game::position_command;
use super::openings::Opening;
use super::spec::MoveLimits;
use crate::client::process::{EngineProcess, Reply};
use crate::games::Seat;
use crate::protocol::command::{Command, Dialect};
use crate::variants::rules::Rules;
use std::io::{BufRead, Write};
use std::path::PathBuf;

/// What `sente play` was asked.
pub struct PlayConfig {
    /// The variant and its rule options.
    pub rules: Rules,
    /// Options for the engine (rule options included).
    pub options: Vec<(String, String)>,
    /// The person's seat in a two-player game.
    pub human: Seat,
    /// sente's time per move (and per hint), in ms.
    pub move_time_ms: u64,
    /// The engine program (this sente).
    pub engine: PathBuf,
}

impl PlayConfig {
    /// `sente play`'s arguments read: the variant, the person's seat (`first` or `second`),
    /// sente's seconds per move and the `Name=value` options; this sente is the engine.
    pub fn from_arguments(
        variant: &str,
        human: &str,
        st: f64,
        options: &[String],
    ) -> Result<PlayConfig, String> {
        let human = match human {
            "first" => Seat::P1,
            "second" => Seat::P2,
            _ => return Err(format!("--human is first or second, not '{human}'")),
        };
        if !(st.is_finite() && st > 0.0 && st < 1e6) {
            return Err(format!("--st takes a positive number of seconds, not {st}"));
        }
        let mut pairs = Vec::new();
        for option in options {
            let (name, value) = option
                .split_once('=')
                .ok_or_else(|| format!("--option takes Name=value, not '{option}'"))?;
            pairs.push((name.to_string(), value.to_string()));
        }
        Ok(PlayConfig {
            rules: Rules::new(variant, &pairs)?,
            options: pairs,
            human,
            move_time_ms: ((st * 1000.0).round() as u64).max(1),
            engine: std::env::current_exe().map_err(|e| e.to_string())?,
        })
    }
}

/// Extra time a move may take beyond its move time before sente is declared stuck, in ms.
const GRACE_MS: u64 = 5000;

const HELP: &str = "Type a move in the game's notation, or:
  undo   take back your last move (and sente's reply)
  hint   ask sente for a move
  moves  list the legal moves
  new    start again
  quit   leave";

/// `sente play` on stdin and stdout: [`PlayConfig::from_arguments`], then [`run`].
pub fn run_stdio(variant: &str, human: &str, st: f64, options: &[String]) -> Result<(), String> {
    let config = PlayConfig::from_arguments(variant, human, st, options)?;
    run(
        &config,
        &mut std::io::stdin().lock(),
        &mut std::io::stdout().lock(),
    )
}

/// Plays one session; returns when the person quits or the input ends.
pub fn run(
    config: &PlayConfig,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<(), String> {
    let mut engine = EngineProcess::spawn(&config.engine.to_string_lossy(), &[])?;
    engine
        .handshake(Some(Dialect::Ugi))
        .map_err(|e| format!("the engine did not start: {e:?}"))?;
    engine.send(&Command::set_option("UCI_Variant", config.rules.variant()));
    for (name, value) in &config.options {
        engine.send(&Command::set_option(name, value));
    }
    engine
        .sync()
        .map_err(|e| format!("the engine is not ready: {e:?}"))?;
    let puzzle = config.rules.position(None, &[])?.is_puzzle();
    let mut history: Vec<String> = Vec::new();
    let mut duel = new_duel(config);
    let say = |out: &mut dyn Write, text: &str| -> Result<(), String> {
        writeln!(out, "{text}")
            .and_then(|_| out.flush())
            .map_err(|e| e.to_string())
    };
    say(out, &introduction(config, puzzle))?;
    let mut show_board = true;
    loop {
        let pos = config.rules.position(None, &history)?;
        if show_board {
            say(out, &format!("\n{}", pos.display()))?;
            show_board = false;
        }
        let human_turn = puzzle || pos.side_to_move() == config.human || pos.outcome().is_some();
        if !human_turn {
            let seat = pos.side_to_move();
            let reply = search(&mut engine, &mut duel, seat, &history)?;
            let mut next = config.rules.position(None, &history)?;
            duel.engine_moved(seat, &reply, |mv| next.play_move(mv))
                .map_err(|end| end.reason.clone())?;
            let mv = reply.mv.clone().unwrap_or_default();
            say(out, &format!("sente plays {mv} ({})", reply.comment()))?;
            history.push(mv);
            show_board = true;
            continue;
        }
        match pos.outcome() {
            Some(outcome) => say(out, &game_over(config, puzzle, &history, outcome))?,
            None => {
                let legal = pos.legal_moves();
                say(out, &format!("Your move ({}): ", legal.join(" ")))?;
            }
        }
        let mut line = String::new();
        match input.read_line(&mut line) {
            Ok(0) => return finish(engine, out),
            Ok(_) => {}
            Err(e) => {
                say(out, &format!("cannot read that line ({e}); try again"))?;
                continue;
            }
        }
        let word = line.trim();
        match word {
            "" => {}
            "quit" | "exit" | "q" => return finish(engine, out),
            "help" | "?" => say(out, HELP)?,
            "moves" => say(out, &pos.legal_moves().join(" "))?,
            "new" => {
                history.clear();
                duel = new_duel(config);
                show_board = true;
            }
            "undo" => {
                if undo(config, puzzle, &mut history)? {
                    show_board = true;
                } else {
                    say(out, "nothing to undo")?;
                }
            }
            "hint" => {
                if pos.outcome().is_some() {
                    say(out, "the game is over: undo, new or quit")?;
                } else {
                    // sente's seat: the limits are the same, a fault is sente's.
                    let seat = config.human.other();
                    let reply = search(&mut engine, &mut duel, seat, &history)?;
                    let mv = reply.mv.ok_or("sente found no move")?;
                    say(out, &format!("hint: {mv}"))?;
                }
            }
            text => {
                let mut next = config.rules.position(None, &history)?;
                match next.play_move(text) {
                    Ok(()) => {
                        history.push(text.to_string());
                        show_board = true;
                    }
                    Err(e) => say(
                        out,
                        &format!("'{text}' is not a move here: {e} (help lists the commands)"),
                    )?,
                }
            }
        }
    }
}

/// The first lines: who plays what.
fn introduction(config: &PlayConfig, puzzle: bool) -> String {
    let variant = config.rules.variant();
    if puzzle {
        format!("{variant}: solve the puzzle; sente gives hints. Type help for the commands.")
    } else {
        let seat = match config.human {
            Seat::P1 => "first (p1)",
            Seat::P2 => "second (p2)",
        };
        format!("{variant}: you play {seat}, sente the other side. Type help for the commands.")
    }
}

/// Takes back the person's last move and the engine's replies after it. False when there is
/// nothing of the person's to take back.
fn undo(config: &PlayConfig, puzzle: bool, history: &mut Vec<String>) -> Result<bool, String> {
    if puzzle {
        return Ok(history.pop().is_some());
    }
    // Find the last position where the person was to move and took a move.
    let mut keep = history.len();
    while keep > 0 {
        keep -= 1;
        let before = config.rules.position(None, &history[..keep])?;
        if before.side_to_move() == config.human {
            history.truncate(keep);
            return Ok(true);
        }
    }
    Ok(false)
}

/// The line shown when the game is over.
fn game_over(
    config: &PlayConfig,
    puzzle: bool,
    history: &[String],
    outcome: crate::games::Outcome,
) -> String {
    let verdict = if puzzle {
        format!("Solved in {} moves.", history.len())
    } else {
        match outcome.result_name() {
            "p1win" if config.human == Seat::P1 => "You win.".to_string(),
            "p2win" if config.human == Seat::P2 => "You win.".to_string(),
            "draw" => "Draw.".to_string(),
            _ => "sente wins.".to_string(),
        }
    };
    format!("Game over: {outcome}. {verdict} Type undo, new or quit: ")
}

/// The game's state: sente's time per move for both sides (the same for a hint), no clocks.
fn new_duel(config: &PlayConfig) -> Duel {
    let limits = MoveLimits {
        move_time_ms: Some(config.move_time_ms),
        margin_ms: Some(GRACE_MS),
        ..MoveLimits::default()
    };
    let mut labels = ["sente".to_string(), "sente".to_string()];
    labels[usize::from(config.human == Seat::P2)] = "you".to_string();
    // No clocks: the first-move setting of a person's game changes nothing here.
    Duel::new(labels, [limits.clone(), limits], FirstMove::Untimed)
}

/// sente's search of the position after `history` for `seat`, with the game's `go` and
/// deadline; a fault ends the session.
fn search(
    engine: &mut EngineProcess,
    duel: &mut Duel,
    seat: Seat,
    history: &[String],
) -> Result<Reply, String> {
    engine.send(&position_command(&Opening::default(), history));
    engine
        .think(&duel.go(seat), duel.deadline(seat).duration())
        .map_err(|(fault, _)| duel.fault(seat, fault, true).reason.clone())
}

/// Says goodbye and stops the engine.
fn finish(engine: EngineProcess, out: &mut dyn Write) -> Result<(), String> {
    engine.quit();
    writeln!(out, "Bye.").map_err(|e| e.to_string())
}
