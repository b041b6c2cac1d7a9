//! `sente match --merge <files>`: joins the records of a match played in parts (`--shard`,
//! `--rounds`), checks every game as `--replay` does, refuses games of different matches or
//! a game found twice, and prints what the match played whole prints; `--out` writes the
//! merged record in game order.

use super::duel::result::{GameResult, Termination};
use super::record::{self, RecordedGame};
use super::selection::missing_text;
use super::setup::MatchSetup;
use super::standings::Standings;
use super::stats::Decision;
use super::tournament::players_of_game;
use std::io::Write;
use std::path::{Path, PathBuf};

/// A checked game and where it was read.
struct Merged {
    round: usize,
    players: [usize; 2],
    result: GameResult,
    termination: Termination,
    game: RecordedGame,
    place: String,
}

/// Merges the records at `paths`: prints a `Finished game` line per game in game order, the
/// summary, and `Finished match` when every game of the match is there (or its SPRT decided),
/// otherwise which games are missing. Writes the merged record to `out_path` if given.
pub fn run(paths: &[PathBuf], out_path: Option<&Path>, out: &mut dyn Write) -> Result<(), String> {
    let mut first: Option<(MatchSetup, String)> = None;
    let mut games: Vec<Merged> = Vec::new();
    for path in paths {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let blocks = record::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        for game in blocks {
            let place = format!("{} line {}", path.display(), game.line);
            let merged =
                read_game(game, &mut first, &place).map_err(|e| format!("{place}: {e}"))?;
            games.push(merged);
        }
    }
    let Some((setup, _)) = first else {
        return Err("no games in the records to merge".to_string());
    };
    let names: Vec<&str> = setup.names.iter().map(String::as_str).collect();
    for merged in &games {
        let [a, b] = players_of_game(names.len(), setup.games, merged.round);
        if merged.players != [a, b] {
            return Err(format!(
                "{}: game {} has {} vs {}, where the match has {} vs {}",
                merged.place,
                merged.round,
                names[merged.players[0]],
                names[merged.players[1]],
                names[a],
                names[b]
            ));
        }
    }
    games.sort_by_key(|g| g.round);
    for pair in games.windows(2) {
        if pair[0].round == pair[1].round {
            return Err(format!(
                "game {} is in the records twice ({} and {}): the parts overlap",
                pair[0].round, pair[0].place, pair[1].place
            ));
        }
    }
    let mut board = Standings::new(names.len());
    for merged in &games {
        board.add_result(
            merged.round,
            merged.players,
            merged.result,
            merged.termination,
        );
        let _ = writeln!(
            out,
            "Finished game {} ({} vs {}): {} {{{}}} {} plies",
            merged.round,
            names[merged.players[0]],
            names[merged.players[1]],
            merged.result,
            merged.game.header("Reason").unwrap_or(""),
            merged.game.moves.len()
        );
    }
    if let Some(path) = out_path {
        let text: String = games.iter().map(|g| g.game.to_text()).collect();
        std::fs::write(path, text).map_err(|e| format!("--out {}: {e}", path.display()))?;
    }
    let _ = write!(out, "{}", board.summary(&names, setup.sprt.as_ref()));
    let decided = setup
        .sprt
        .is_some_and(|sprt| sprt.decide(&board.paired()) != Decision::Continue);
    let total = setup.total();
    if games.len() == total || decided {
        let _ = writeln!(out, "Finished match");
    } else {
        let present: Vec<usize> = games.iter().map(|g| g.round).collect();
        let _ = writeln!(
            out,
            "Merged {} of {total} games; missing: {}",
            games.len(),
            missing_text(&present, total)
        );
    }
    Ok(())
}

/// Checks one block: its moves and result, its match against the first block's, its number.
fn read_game(
    game: RecordedGame,
    first: &mut Option<(MatchSetup, String)>,
    place: &str,
) -> Result<Merged, String> {
    let round_text = game.header("Round").unwrap_or("?").to_string();
    let in_game = |e: String| format!("game {round_text}: {e}");
    let checked = record::check(&game).map_err(in_game)?;
    let setup = MatchSetup::read(&game).map_err(in_game)?;
    let (first_setup, first_place) =
        first.get_or_insert_with(|| (setup.clone(), place.to_string()));
    first_setup
        .same_match(&setup)
        .map_err(|e| format!("game {round_text} is not of the match of {first_place}: {e}"))?;
    let total = setup.total();
    let round = round_text
        .parse::<usize>()
        .ok()
        .filter(|r| (1..=total).contains(r))
        .ok_or_else(|| {
            format!("[Round \"{round_text}\"] is not a game number of a {total}-game match")
        })?;
    let index = |name: &str| {
        setup
            .names
            .iter()
            .position(|n| n == name)
            .ok_or_else(|| in_game(format!("player '{name}' is none of the match's engines")))
    };
    let players = [index(&checked.p1)?, index(&checked.p2)?];
    Ok(Merged {
        round,
        players,
        result: checked.result,
        termination: checked.termination,
        game,
        place: place.to_string(),
    })
}
