//! The game record to review: a variant under its rules, a start position and the moves,
//! every move checked with sente's rules; read from a record (`sente match --out`, the GUI's
//! Save game) or given as a move list.

use crate::engine::options::Options;
use crate::protocol::command::PositionStart;
use crate::referee::record;
use crate::variants::registry;
use crate::variants::rules::Rules;
use crate::variants::variant::Variant;

/// Most moves a reviewed game may have.
pub const MAX_PLIES: usize = 4096;

/// A game to review.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// The variant and its rule options.
    rules: Rules,
    /// The start fen (`None`: the variant's start under the rules).
    fen: Option<String>,
    /// Every move from the start.
    moves: Vec<String>,
}

impl GameRecord {
    /// A game of `variant` under the rule options `rules` (`("BabylonColours", "3")`), from
    /// `fen` (the variant's start when `None`) with `moves`. The error names what is wrong: an
    /// unknown variant, an option that is not one of the variant's rules or a bad value, a bad
    /// fen, or the first illegal move with its number.
    pub fn new(
        variant: &str,
        rules: &[(String, String)],
        fen: Option<&str>,
        moves: &[String],
    ) -> Result<GameRecord, String> {
        if registry::entry(variant).is_none() {
            let names: Vec<&str> = registry::names().collect();
            return Err(format!(
                "no variant '{variant}' (the variants: {})",
                names.join(", ")
            ));
        }
        let not_rules: Vec<&str> = rules
            .iter()
            .filter(|(name, _)| {
                registry::rule_option(name).is_none_or(|(owner, _)| owner != variant)
            })
            .map(|(name, _)| name.as_str())
            .collect();
        if !not_rules.is_empty() {
            return Err(format!(
                "not rule options of {variant}: {}",
                not_rules.join(", ")
            ));
        }
        let mut sorted = rules.to_vec();
        // Options that fit only together (a Connect Four width and height) come in any order.
        sorted.sort();
        let rules = Rules::new(variant, &sorted)?;
        if moves.len() > MAX_PLIES {
            return Err(format!(
                "{} moves: a reviewed game has at most {MAX_PLIES}",
                moves.len()
            ));
        }
        let game = GameRecord {
            rules,
            fen: fen
                .map(str::trim)
                .filter(|f| !f.is_empty())
                .map(str::to_string),
            moves: moves.to_vec(),
        };
        game.positions()?;
        Ok(game)
    }

    /// The first game of a record in `sente match --out`'s format (the GUI saves games in it
    /// too): its `Variant`, `Rules`, `FEN` and moves.
    pub fn from_record(text: &str) -> Result<GameRecord, String> {
        GameRecord::from_record_at(text, 1)
    }

    /// Game `number` (from 1) of a record.
    pub fn from_record_at(text: &str, number: usize) -> Result<GameRecord, String> {
        let games = record::parse(text).map_err(|e| format!("bad record: {e}"))?;
        if games.is_empty() {
            return Err(
                "no game in the record (a game is [Key \"Value\"] headers, then its moves)"
                    .to_string(),
            );
        }
        let first = number
            .checked_sub(1)
            .and_then(|i| games.get(i))
            .ok_or_else(|| format!("the record has {} game(s): no game {number}", games.len()))?;
        let variant = first
            .header("Variant")
            .ok_or("the record's game has no [Variant \"...\"] header")?;
        let rules = Rules::from_settings(variant, first.header("Rules").unwrap_or(""))?;
        GameRecord::new(variant, &rules.settings, first.header("FEN"), &first.moves)
    }

    /// A game of `variant` from a move list as a person types it: moves separated by spaces
    /// (`4 4 5 3`), or one word in a form of the game's own (Connect Four's `4453`).
    pub fn from_move_text(
        variant: &str,
        rules: &[(String, String)],
        fen: Option<&str>,
        text: &str,
    ) -> Result<GameRecord, String> {
        let words: Vec<String> = text.split_whitespace().map(str::to_string).collect();
        let typed = match words.as_slice() {
            [word] => GameRecord::new(variant, rules, fen, &[])?
                .positions()?
                .first()
                .and_then(|start| start.moves_of_typed(word)),
            _ => None,
        };
        GameRecord::new(variant, rules, fen, &typed.unwrap_or(words))
    }

    /// The variant's name.
    pub fn variant(&self) -> &'static str {
        self.rules.variant()
    }

    /// The rule options set, as `Name=value` words.
    pub fn rules_text(&self) -> String {
        self.rules.settings_text()
    }

    /// The start fen, when not the variant's start.
    pub fn fen(&self) -> Option<&str> {
        self.fen.as_deref()
    }

    /// The moves.
    pub fn moves(&self) -> &[String] {
        &self.moves
    }

    /// The engine options a review of it runs with: the variant and its rules, the table
    /// size and threads.
    pub fn options(&self, hash_mb: usize, threads: usize) -> Result<Options, String> {
        let mut options = Options::default();
        options.set("UCI_Variant", Some(self.variant()))?;
        for (name, value) in &self.rules.settings {
            options.set(name, Some(value))?;
        }
        options.hash_mb = hash_mb.max(1);
        options.threads = threads.max(1);
        Ok(options)
    }

    /// Every position of the game, from the start to the last; the error names the first
    /// illegal move.
    pub fn positions(&self) -> Result<Vec<Box<dyn Variant>>, String> {
        let mut pos = self.rules.position(None, &[])?;
        if let Some(fen) = &self.fen {
            pos.set_position(&PositionStart::Fen(fen.clone()), &[])?;
        }
        let mut positions = Vec::with_capacity(self.moves.len() + 1);
        for (i, mv) in self.moves.iter().enumerate() {
            let mut next = pos.clone_box();
            if let Some(outcome) = pos.outcome() {
                return Err(format!(
                    "move {} '{mv}' comes after the end of the game ({outcome})",
                    i + 1
                ));
            }
            next.play_move(mv)
                .map_err(|e| format!("move {} '{mv}' is not legal: {e}", i + 1))?;
            positions.push(pos);
            pos = next;
        }
        positions.push(pos);
        Ok(positions)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn bad_games_name_what_is_wrong() {
        let err = |r: Result<GameRecord, String>| r.expect_err("refused");
        assert!(err(GameRecord::new("chess", &[], None, &[])).contains("no variant 'chess'"));
        let illegal = err(GameRecord::new("tictactoe", &[], None, &moves("b2 b2")));
        assert!(illegal.contains("move 2 'b2' is not legal"), "{illegal}");
        let after = err(GameRecord::new(
            "tictactoe",
            &[],
            None,
            &moves("a1 b1 a2 b2 a3 c3"),
        ));
        assert!(after.contains("move 6 'c3' comes after the end"), "{after}");
        let option = [("Connect4Width".to_string(), "8".to_string())];
        assert!(err(GameRecord::new("tictactoe", &option, None, &[])).contains("Connect4Width"));
        let value = [("Connect4Width".to_string(), "99".to_string())];
        assert!(err(GameRecord::new("connect4", &value, None, &[])).contains("Connect4Width"));
        assert!(err(GameRecord::new("connect4", &[], Some("nonsense"), &[])).contains("fen"));
        assert!(err(GameRecord::from_record("4 4 4\n")).contains("bad record"));
        assert!(err(GameRecord::from_record("[Event \"x\"]\n\n4 4\n")).contains("no [Variant"));
        let bad_move = "[Variant \"connect4\"]\n\n4 4 9 1-0\n";
        assert!(err(GameRecord::from_record(bad_move)).contains("move 3 '9'"));
    }

    #[test]
    fn a_record_gives_its_variant_rules_and_moves() {
        let text = "[Event \"x\"]\n[Variant \"connect4\"]\n[Rules \"Connect4Width=8 Connect4Height=7\"]\n\n4 {+0.10/5 0.010s} 5 8 1-0\n";
        let game = GameRecord::from_record(text).expect("a game");
        assert_eq!(game.variant(), "connect4");
        assert_eq!(game.moves(), moves("4 5 8"));
        assert_eq!(game.positions().expect("legal").len(), 4);
        assert!(game.rules_text().contains("Connect4Width=8"));
    }
}
