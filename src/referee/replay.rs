//! `sente match --replay <file>`: re-checks every game of a record with sente's rules and
//! recomputes the score.

use super::record;
use super::standings::Standings;
use std::io::Write;

/// Replays the record at `path`, printing one line per game and the score; returns the number
/// of games that failed their check.
pub fn run(path: &std::path::Path, out: &mut dyn Write) -> Result<usize, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let games = record::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    if games.is_empty() {
        return Err(format!("{}: no games", path.display()));
    }
    let mut names: Vec<String> = Vec::new();
    let mut results = Vec::new();
    let mut failed = 0;
    for game in &games {
        let round = game.header("Round").unwrap_or("?");
        match record::check(game) {
            Ok(checked) => {
                let _ = writeln!(
                    out,
                    "Game {round} ({} vs {}): ok, {} {}, {} plies",
                    checked.p1,
                    checked.p2,
                    checked.result,
                    checked.termination.as_str(),
                    game.moves.len()
                );
                let mut index = |name: &str| match names.iter().position(|n| n == name) {
                    Some(i) => i,
                    None => {
                        names.push(name.to_string());
                        names.len() - 1
                    }
                };
                let players = [index(&checked.p1), index(&checked.p2)];
                // A game without a numeric Round is counted as the game at its place in the record.
                let number = round.parse().unwrap_or(results.len() + 1);
                results.push((number, players, checked.result, checked.termination));
            }
            Err(e) => {
                failed += 1;
                let _ = writeln!(out, "Game {round} (line {}): error: {e}", game.line);
            }
        }
    }
    if names.len() >= 2 {
        let mut board = Standings::new(names.len());
        for (number, players, result, termination) in results {
            board.add_result(number, players, result, termination);
        }
        let refs: Vec<&str> = names.iter().map(String::as_str).collect();
        let _ = write!(out, "{}", board.summary(&refs, None));
    }
    let _ = writeln!(
        out,
        "Replayed {} games: {} ok, {failed} with errors",
        games.len(),
        games.len() - failed
    );
    Ok(failed)
}
