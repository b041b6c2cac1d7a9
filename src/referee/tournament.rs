//! `sente match`: schedules the games (two engines, or a round-robin), plays those of the
//! selection (`--shard`, `--rounds`) on `--concurrency` threads, writes each finished game to
//! the record then prints its line, and ends with cutechess-cli's summary lines.

use super::config::MatchConfig;
use super::game::{self, Abort, PlayedGame, Player};
use super::progress::Progress;
use super::record::{self, RecordedGame};
use super::setup;
use super::standings::Standings;
use super::stats::Decision;
use crate::client::interrupt;
use crate::client::process::EngineProcess;
use crate::engine::options::Options;
use crossbeam_channel::unbounded;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;

/// How a match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchEnd {
    /// Every scheduled game was played (or the SPRT decided).
    Completed,
    /// Ctrl-C or SIGTERM stopped it.
    Interrupted,
}

/// One scheduled game.
#[derive(Clone, Copy, Debug)]
struct Pairing {
    round: usize,
    /// Engine indexes: first player, second player.
    players: [usize; 2],
    /// Both colour orders of a pair share this opening.
    opening: usize,
}

/// The games: for each opening, every pair of engines plays it with both colour orders, until
/// each pair has played `games` games.
fn schedule(engines: usize, games: usize) -> Vec<Pairing> {
    let pairs: Vec<(usize, usize)> = (0..engines)
        .flat_map(|i| (i + 1..engines).map(move |j| (i, j)))
        .collect();
    let mut list = Vec::new();
    for opening in 0..games.div_ceil(2) {
        for &(i, j) in &pairs {
            for (k, players) in [[i, j], [j, i]].into_iter().enumerate() {
                if 2 * opening + k < games {
                    list.push(Pairing {
                        round: list.len() + 1,
                        players,
                        opening,
                    });
                }
            }
        }
    }
    list
}

/// The players (engine indexes, first player first) of game `round` (from 1) of the match
/// `schedule` makes, computed without making it: each opening is played by every pair in
/// turn, both colour orders, the last opening only once per pair when `games` is odd.
pub fn players_of_game(engines: usize, games: usize, round: usize) -> [usize; 2] {
    let pairs = (engines * engines.saturating_sub(1) / 2).max(1);
    let index = round.saturating_sub(1);
    let full = (games / 2).saturating_mul(2 * pairs);
    let (pair, swapped) = if index < full {
        ((index % (2 * pairs)) / 2, index % 2 == 1)
    } else {
        (index - full, false)
    };
    let (mut i, mut rest) = (0, pair);
    while i + 1 < engines && rest >= engines - 1 - i {
        rest -= engines - 1 - i;
        i += 1;
    }
    let (a, b) = (i, i + 1 + rest);
    if swapped { [b, a] } else { [a, b] }
}

/// Plays the match, writing progress and the summary to `out`.
pub fn run(config: &MatchConfig, out: &mut dyn Write) -> Result<MatchEnd, String> {
    if config.engines.len() < 2 {
        return Err("a match needs at least two --engine".to_string());
    }
    if config.sprt.is_some() && config.engines.len() != 2 {
        return Err("--sprt needs exactly two engines".to_string());
    }
    for engine in &config.engines {
        for (name, value) in &engine.options {
            let shared = config
                .rules
                .settings
                .iter()
                .any(|(n, v)| n.eq_ignore_ascii_case(name) && v == value);
            if Options::is_rule_option(name) && !shared {
                return Err(format!(
                    "{}: option.{name}={value} changes the rules for one engine only; \
                     give it with --each so that every engine and the referee play the same game",
                    engine.name
                ));
            }
        }
    }
    if config.rules.position(None, &[])?.is_puzzle() {
        return Err(format!(
            "{} is a one-player puzzle; two-player matches need another variant \
             (rushhour-rocks is Rush Hour for two)",
            config.rules.variant()
        ));
    }
    let mut record = match &config.out {
        Some(path) => Some(
            std::fs::File::create(path).map_err(|e| format!("--out {}: {e}", path.display()))?,
        ),
        None => None,
    };
    interrupt::install();
    let pairings: Vec<Pairing> = schedule(config.engines.len(), config.games)
        .into_iter()
        .filter(|p| config.selection.contains(p.round))
        .collect();
    // Only the whole match can stop on its own results.
    let sprt = config.sprt.filter(|_| config.selection.is_whole());
    let headers = setup::headers(config);
    let total = pairings.len();
    let (jobs, queue) = unbounded();
    for pairing in pairings {
        let _ = jobs.send(pairing);
    }
    drop(jobs);
    let (results, finished) = unbounded();
    let stop = AtomicBool::new(false);
    let mut board = Standings::new(config.engines.len());
    let mut progress = Progress::on_terminal();
    let mut failure = None;
    thread::scope(|scope| {
        for _ in 0..config.concurrency.max(1) {
            let queue = queue.clone();
            let results = results.clone();
            let stop = &stop;
            scope.spawn(move || {
                let mut slots: Vec<Option<EngineProcess>> =
                    config.engines.iter().map(|_| None).collect();
                for pairing in queue {
                    if stop.load(Ordering::SeqCst) || interrupt::raised() {
                        break;
                    }
                    let outcome = play_one(config, pairing, &mut slots);
                    let aborted = outcome.is_err();
                    if results.send(outcome).is_err() || aborted {
                        break;
                    }
                }
                for process in slots.into_iter().flatten() {
                    process.quit();
                }
            });
        }
        drop(results);
        for outcome in finished {
            let played = match outcome {
                Ok(played) => played,
                Err(Abort::Interrupted) => continue,
                Err(Abort::Setup(message)) => {
                    stop.store(true, Ordering::SeqCst);
                    failure.get_or_insert(message);
                    continue;
                }
            };
            board.add(&played);
            // The record holds a game before its line announces it (a reader of the line, as
            // the Ray driver's task, finds the block complete).
            if let Some(file) = record.as_mut() {
                let block = record_of(config, &headers, &played).to_text();
                if let Err(e) = file.write_all(block.as_bytes()).and_then(|_| file.flush()) {
                    failure.get_or_insert(format!("--out: {e}"));
                    stop.store(true, Ordering::SeqCst);
                }
            }
            let [a, b] = played.players.map(|i| config.engines[i].name.as_str());
            progress.clear();
            let _ = writeln!(
                out,
                "Finished game {} ({a} vs {b}): {} {{{}}} {} plies",
                played.round,
                played.result,
                played.reason,
                played.opening.moves.len() + played.moves.len()
            );
            let _ = out.flush();
            progress.show(
                board.games,
                total,
                &board.pair(0, 1),
                &config.engines[0].name,
            );
            if let Some(sprt) = &sprt
                && sprt.decide(&board.paired()) != Decision::Continue
            {
                stop.store(true, Ordering::SeqCst);
            }
        }
    });
    progress.clear();
    if let Some(message) = failure {
        return Err(message);
    }
    let names: Vec<&str> = config.engines.iter().map(|e| e.name.as_str()).collect();
    let _ = write!(out, "{}", board.summary(&names, sprt.as_ref()));
    if interrupt::raised() {
        let _ = writeln!(
            out,
            "Match interrupted after {} of {total} games",
            board.games
        );
        return Ok(MatchEnd::Interrupted);
    }
    let _ = writeln!(out, "Finished match");
    Ok(MatchEnd::Completed)
}

/// Plays one scheduled game with the worker's engine processes.
fn play_one(
    config: &MatchConfig,
    pairing: Pairing,
    slots: &mut [Option<EngineProcess>],
) -> Result<PlayedGame, Abort> {
    let opening = config
        .openings
        .get(pairing.opening, &config.rules)
        .map_err(Abort::Setup)?;
    let [p1, p2] = pairing.players;
    let (low, high) = slots.split_at_mut(p1.max(p2));
    let (first, second) = if p1 < p2 {
        (&mut low[p1], &mut high[0])
    } else {
        (&mut high[0], &mut low[p2])
    };
    let players = [
        Player {
            spec: &config.engines[p1],
            process: first,
        },
        Player {
            spec: &config.engines[p2],
            process: second,
        },
    ];
    game::play(
        &config.rules,
        pairing.round,
        &opening,
        players,
        pairing.players,
    )
}

/// The record block of a played game: its own headers, then the match's (`setup`).
fn record_of(
    config: &MatchConfig,
    setup: &[(String, String)],
    played: &PlayedGame,
) -> RecordedGame {
    let [a, b] = played.players.map(|i| &config.engines[i]);
    let mut headers = vec![
        ("Event", config.event.clone()),
        ("Date", record::pgn_date()),
        ("Round", played.round.to_string()),
        ("P1", a.name.clone()),
        ("P2", b.name.clone()),
        ("Variant", config.rules.variant().to_string()),
    ];
    let rules = config.rules.settings_text();
    if !rules.is_empty() {
        headers.push(("Rules", rules));
    }
    if let Some(fen) = &played.opening.fen {
        headers.push(("FEN", fen.clone()));
    }
    let (tc_a, tc_b) = (a.limits.to_string(), b.limits.to_string());
    if tc_a == tc_b {
        headers.push(("TimeControl", tc_a));
    } else {
        headers.push(("P1TimeControl", tc_a));
        headers.push(("P2TimeControl", tc_b));
    }
    headers.push(("OpeningPlies", played.opening.moves.len().to_string()));
    headers.push(("Result", played.result.to_string()));
    headers.push(("Termination", played.termination.as_str().to_string()));
    headers.push(("Reason", played.reason.clone()));
    RecordedGame {
        headers: headers
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .chain(setup.iter().cloned())
            .collect(),
        moves: played
            .opening
            .moves
            .iter()
            .chain(&played.moves)
            .cloned()
            .collect(),
        comments: played
            .opening
            .moves
            .iter()
            .map(|_| String::new())
            .chain(played.comments.iter().cloned())
            .collect(),
        line: 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_play_each_opening_with_both_colour_orders() {
        let two = schedule(2, 5);
        let players: Vec<[usize; 2]> = two.iter().map(|p| p.players).collect();
        assert_eq!(players, vec![[0, 1], [1, 0], [0, 1], [1, 0], [0, 1]]);
        let openings: Vec<usize> = two.iter().map(|p| p.opening).collect();
        assert_eq!(openings, vec![0, 0, 1, 1, 2]);
        let rounds: Vec<usize> = two.iter().map(|p| p.round).collect();
        assert_eq!(rounds, vec![1, 2, 3, 4, 5]);
        for (engines, games) in [(2, 5), (3, 2), (3, 3), (4, 7), (5, 1)] {
            for pairing in schedule(engines, games) {
                assert_eq!(
                    players_of_game(engines, games, pairing.round),
                    pairing.players,
                    "{engines} engines, {games} games, game {}",
                    pairing.round
                );
            }
        }
        let three = schedule(3, 2);
        assert_eq!(three.len(), 6);
        for (a, b) in [(0, 1), (0, 2), (1, 2)] {
            assert!(three.iter().any(|p| p.players == [a, b]));
            assert!(three.iter().any(|p| p.players == [b, a]));
        }
    }
}
