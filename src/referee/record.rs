//! The game record (`--out`): one PGN-like block per game, `[Key "Value"]` headers then the
//! moves and the result; read back and re-checked by `sente match --replay`.

use super::duel::result::{GameResult, Termination};
use crate::variants::rules::Rules;
use std::fmt::Write;

/// A game as the record holds it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RecordedGame {
    /// The headers in file order.
    pub headers: Vec<(String, String)>,
    /// Every move from the start position or `FEN`, opening included.
    pub moves: Vec<String>,
    /// A comment per move (`+0.12/10 0.052s`; empty for none, as for opening moves). May be
    /// shorter than `moves`.
    pub comments: Vec<String>,
    /// Line of the block's first header, for messages.
    pub line: usize,
}

impl RecordedGame {
    /// A header's value.
    pub fn header(&self, key: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// A header that must be there.
    fn required(&self, key: &str) -> Result<&str, String> {
        self.header(key).ok_or_else(|| format!("no [{key}] header"))
    }

    /// The block's text: headers, a blank line, the moves (each with its `{comment}`)
    /// wrapped at 80 columns ending with the result, a blank line.
    pub fn to_text(&self) -> String {
        let mut text = String::new();
        for (key, value) in &self.headers {
            let value = value.replace('\\', "\\\\").replace('"', "\\\"");
            let _ = writeln!(text, "[{key} \"{value}\"]");
        }
        text.push('\n');
        let result = self.header("Result").unwrap_or("*");
        let mut line = String::new();
        let units = self.moves.iter().enumerate().map(|(i, mv)| {
            match self.comments.get(i).filter(|c| !c.is_empty()) {
                Some(comment) => format!("{mv} {{{comment}}}"),
                None => mv.clone(),
            }
        });
        for word in units.chain([result.to_string()]) {
            if !line.is_empty() && line.len() + 1 + word.len() > 80 {
                text.push_str(&line);
                text.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&word);
        }
        text.push_str(&line);
        text.push_str("\n\n");
        text
    }
}

/// Reads every block of a record.
pub fn parse(text: &str) -> Result<Vec<RecordedGame>, String> {
    let mut games = Vec::new();
    let mut current: Option<RecordedGame> = None;
    let mut in_moves = false;
    for (n, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.starts_with('[') {
            if in_moves {
                games.extend(current.take());
                in_moves = false;
            }
            let game = current.get_or_insert_with(|| RecordedGame {
                line: n + 1,
                ..RecordedGame::default()
            });
            let (key, value) = header(line).ok_or_else(|| format!("line {}: bad header", n + 1))?;
            game.headers.push((key, value));
        } else if line.is_empty() {
            continue;
        } else {
            let game = current
                .as_mut()
                .ok_or_else(|| format!("line {}: moves before any header", n + 1))?;
            in_moves = true;
            read_movetext(line, game).map_err(|e| format!("line {}: {e}", n + 1))?;
        }
    }
    games.extend(current);
    for game in &mut games {
        // The last word of the movetext is the result.
        if let Some(last) = game.moves.last()
            && (GameResult::parse(last).is_some() || last == "*")
        {
            game.moves.pop();
        }
        game.comments.resize(game.moves.len(), String::new());
    }
    Ok(games)
}

/// Adds a line of moves and `{comments}` to `game` (a comment belongs to the move before it
/// and stays on one line).
fn read_movetext(line: &str, game: &mut RecordedGame) -> Result<(), String> {
    let mut rest = line;
    loop {
        rest = rest.trim_start();
        if rest.is_empty() {
            return Ok(());
        }
        if let Some(inner) = rest.strip_prefix('{') {
            let end = inner
                .find('}')
                .ok_or("a comment without its closing brace")?;
            if game.moves.is_empty() {
                return Err("a comment before any move".to_string());
            }
            game.comments.resize(game.moves.len(), String::new());
            if let Some(last) = game.comments.last_mut() {
                *last = inner[..end].to_string();
            }
            rest = &inner[end + 1..];
        } else {
            let end = rest
                .find(|c: char| c.is_whitespace() || c == '{')
                .unwrap_or(rest.len());
            game.moves.push(rest[..end].to_string());
            rest = &rest[end..];
        }
    }
}

/// `[Key "Value"]`, with `\"` and `\\` escapes.
fn header(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?;
    let (key, rest) = inner.split_once(' ')?;
    let quoted = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            value.push(chars.next()?);
        } else {
            value.push(c);
        }
    }
    Some((key.to_string(), value))
}

/// What a re-checked game says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    /// First player's name.
    pub p1: String,
    /// Second player's name.
    pub p2: String,
    /// The result.
    pub result: GameResult,
    /// How it ended.
    pub termination: Termination,
}

/// Replays a recorded game with sente's rules: every move must be legal; a game ended by the
/// rules must end in the recorded result; a forfeit or a resignation must leave the game
/// unfinished and give the win to one side (for an illegal move or a time forfeit, the other
/// side than the one to move), an agreement must leave it unfinished as a draw.
pub fn check(game: &RecordedGame) -> Result<Checked, String> {
    let variant = game.required("Variant")?;
    let rules = Rules::from_settings(variant, game.header("Rules").unwrap_or(""))?;
    let fen = game.header("FEN");
    let mut pos = rules.position(fen, &[])?;
    for (i, mv) in game.moves.iter().enumerate() {
        pos.play_move(mv)
            .map_err(|e| format!("move {} '{mv}': {e}", i + 1))?;
    }
    let result_text = game.required("Result")?;
    let result = GameResult::parse(result_text)
        .ok_or_else(|| format!("result '{result_text}' is not 1-0, 0-1 or 1/2-1/2"))?;
    let termination_text = game.required("Termination")?;
    let termination = Termination::parse(termination_text)
        .ok_or_else(|| format!("unknown termination '{termination_text}'"))?;
    match (termination, pos.outcome()) {
        (Termination::Normal, Some(outcome)) => {
            let by_rules = GameResult::of(outcome);
            if by_rules != result {
                return Err(format!(
                    "the rules give {by_rules} ({outcome}), the record {result}"
                ));
            }
        }
        (Termination::Normal, None) => {
            return Err("ended normally but the game is not over".to_string());
        }
        (_, Some(outcome)) => {
            return Err(format!(
                "a {} in a finished game ({outcome})",
                termination.as_str()
            ));
        }
        (Termination::Agreement, None) => {
            if result != GameResult::Draw {
                return Err(format!("an agreement scored {result}, not as a draw"));
            }
        }
        (_, None) => {
            if result == GameResult::Draw {
                return Err(format!("a {} scored as a draw", termination.as_str()));
            }
            let mover_lost = result == GameResult::forfeit(pos.side_to_move());
            let mover_at_fault = matches!(
                termination,
                Termination::IllegalMove | Termination::TimeForfeit
            );
            if mover_at_fault && !mover_lost {
                return Err(format!(
                    "a {} by the side not to move",
                    termination.as_str()
                ));
            }
        }
    }
    Ok(Checked {
        p1: game.required("P1")?.to_string(),
        p2: game.required("P2")?.to_string(),
        result,
        termination,
    })
}

/// Today's date as PGN writes it, `2026.11.23` (UTC).
pub fn pgn_date() -> String {
    let days = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400) as i64;
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(headers: &[(&str, &str)], moves: &str) -> RecordedGame {
        RecordedGame {
            headers: headers
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            moves: moves.split_whitespace().map(str::to_string).collect(),
            comments: Vec::new(),
            line: 1,
        }
    }

    fn tictactoe(result: &str, termination: &str, moves: &str) -> RecordedGame {
        game(
            &[
                ("Event", "test \"quoted\""),
                ("P1", "a"),
                ("P2", "b"),
                ("Variant", "tictactoe"),
                ("Result", result),
                ("Termination", termination),
            ],
            moves,
        )
    }

    #[test]
    fn blocks_round_trip_through_text() {
        let long: Vec<String> = (0..30).map(|i| format!("move{i}")).collect();
        let mut commented = tictactoe("1-0", "normal", "a1 b1 a2 b2 a3");
        commented.comments = ["", "", "+0.12/3 0.010s", "-M2/9 1.500s", "0.001s"]
            .map(str::to_string)
            .to_vec();
        let games = [commented, game(&[("Result", "1/2-1/2")], &long.join(" "))];
        let text: String = games.iter().map(RecordedGame::to_text).collect();
        assert!(text.lines().all(|l| l.len() <= 80));
        let back = parse(&text).unwrap();
        assert_eq!(back.len(), 2);
        assert_eq!(back[0].headers, games[0].headers);
        assert_eq!(back[0].moves, games[0].moves);
        assert_eq!(back[0].comments, games[0].comments);
        assert!(
            text.contains("a2 {+0.12/3 0.010s} b2 {-M2/9 1.500s}"),
            "{text}"
        );
        assert_eq!(back[1].moves, long);
        assert!(parse("a1 b1\n").is_err());
        assert!(parse("[Event broken]\n").is_err());
        assert!(parse("[Event \"x\"]\n\n{early} a1\n").is_err());
        assert!(parse("[Event \"x\"]\n\na1 {open\n").is_err());
    }

    #[test]
    fn replay_checks_moves_results_and_forfeits() {
        let ok = check(&tictactoe("1-0", "normal", "a1 b1 a2 b2 a3")).unwrap();
        assert_eq!((ok.p1.as_str(), ok.result), ("a", GameResult::P1Win));
        let err = |g: RecordedGame| check(&g).unwrap_err();
        assert!(err(tictactoe("0-1", "normal", "a1 b1 a2 b2 a3")).contains("rules give 1-0"));
        assert!(err(tictactoe("1-0", "normal", "a1 b1 a2 b2")).contains("not over"));
        assert!(err(tictactoe("1-0", "normal", "a1 a1")).contains("move 2 'a1'"));
        // p2 to move after 3 plies: a time forfeit must be p2's loss.
        assert!(check(&tictactoe("1-0", "time forfeit", "a1 b1 a2")).is_ok());
        assert!(err(tictactoe("0-1", "time forfeit", "a1 b1 a2")).contains("side not to move"));
        assert!(err(tictactoe("1/2-1/2", "crash", "a1")).contains("draw"));
        assert!(err(tictactoe("1-0", "crash", "a1 b1 a2 b2 a3")).contains("finished game"));
        assert!(err(tictactoe("1-0", "resigned", "a1")).contains("unknown termination"));
        // Either side may resign; a resignation is not a draw, an agreement is nothing else.
        assert!(check(&tictactoe("1-0", "resignation", "a1 b1 a2")).is_ok());
        assert!(check(&tictactoe("0-1", "resignation", "a1 b1 a2")).is_ok());
        assert!(err(tictactoe("1/2-1/2", "resignation", "a1")).contains("draw"));
        assert!(check(&tictactoe("1/2-1/2", "agreement", "a1 b1")).is_ok());
        assert!(err(tictactoe("1-0", "agreement", "a1 b1")).contains("not as a draw"));
        assert!(err(tictactoe("1/2-1/2", "agreement", "a1 b1 a2 b2 a3")).contains("finished"));
    }

    #[test]
    fn today_is_a_pgn_date() {
        let date = pgn_date();
        assert_eq!(date.len(), 10);
        assert!(date.starts_with("20"), "{date}");
        assert_eq!(&date[4..5], ".");
    }
}
