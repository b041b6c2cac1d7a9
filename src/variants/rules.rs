//! The referee's own copy of the rules: positions of the match's variant, built with sente's
//! `Game` implementations and the rule options the engines are given.

use super::registry;
use super::variant::Variant;
use crate::games::drop_game::DropGame;
use crate::games::rules::RuleValues;
use crate::protocol::command::PositionStart;

/// A variant and its rule options.
#[derive(Clone, Debug)]
pub struct Rules {
    variant: &'static str,
    values: RuleValues,
    /// The rule options set (`BabylonColours=3`), in the order given, for the record.
    pub settings: Vec<(String, String)>,
}

impl Rules {
    /// The rules of `variant` (any case); of `options` (engine options given to every engine),
    /// those that change a game's rules are checked and kept (a bad value is an error), those of
    /// `variant` applied; the others are left to the engines. A Connect Four width and height
    /// that fit only together come in any order.
    pub fn new(variant: &str, options: &[(String, String)]) -> Result<Rules, String> {
        let entry = registry::entries()
            .find(|e| e.name.eq_ignore_ascii_case(variant))
            .ok_or_else(|| {
                let all: Vec<&str> = registry::names().collect();
                format!(
                    "variant: unknown variant '{variant}' (one of: {})",
                    all.join(", ")
                )
            })?;
        let mut values = entry.default_rules();
        let mut settings = Vec::new();
        for (name, value) in options {
            let Some((owner, _)) = registry::rule_option(name) else {
                continue;
            };
            let Some(owner) = registry::entry(owner) else {
                continue;
            };
            // Another game's rule option is checked on that game's rules, and kept.
            let mut checked = owner.default_rules();
            let target = if owner.name == entry.name {
                &mut values
            } else {
                &mut checked
            };
            target
                .set(owner.rules, name, value)
                .map_err(|e| format!("option {name}: {e}"))?;
            settings.push((name.clone(), value.clone()));
        }
        registry::create(entry.name, &values)
            .map_err(|e| format!("the rule options of {variant}: {e}"))?;
        Ok(Rules {
            variant: entry.name,
            values,
            settings,
        })
    }

    /// The rules written back as they are read: `BabylonColours=3 BabylonTablets=2`.
    pub fn settings_text(&self) -> String {
        self.settings
            .iter()
            .map(|(n, v)| format!("{n}={v}"))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Reads `settings_text` back.
    pub fn from_settings(variant: &str, text: &str) -> Result<Rules, String> {
        let mut pairs = Vec::new();
        for pair in text.split_whitespace() {
            let (n, v) = pair
                .split_once('=')
                .ok_or_else(|| format!("rule '{pair}' is not Name=value"))?;
            pairs.push((n.to_string(), v.to_string()));
        }
        let rules = Rules::new(variant, &pairs)?;
        if rules.settings.len() != pairs.len() {
            return Err(format!("'{text}' are not all rule options of {variant}"));
        }
        Ok(rules)
    }

    /// The variant's name.
    pub fn variant(&self) -> &'static str {
        self.variant
    }

    /// The game as stones in a row under these rules (its registry entry's `drop_game`), or
    /// why it is not one.
    pub fn drop_game(&self) -> Result<DropGame, String> {
        let of = registry::entry(self.variant)
            .and_then(|e| e.drop_game)
            .ok_or_else(|| format!("{} is not a game of stones in a row", self.variant))?;
        of(&self.values).map_err(|e| e.to_string())
    }

    /// The start position, or `fen`, with `moves` played (each checked).
    pub fn position(
        &self,
        fen: Option<&str>,
        moves: &[String],
    ) -> Result<Box<dyn Variant>, String> {
        let mut pos = registry::create(self.variant, &self.values)?;
        let start = match fen {
            Some(fen) => PositionStart::Fen(fen.to_string()),
            None => PositionStart::Startpos,
        };
        pos.set_position(&start, moves)?;
        Ok(pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_options_are_kept_and_others_left_to_the_engines() {
        let options = [
            ("Hash".to_string(), "16".to_string()),
            ("BabylonColours".to_string(), "2".to_string()),
            ("MyOwnOption".to_string(), "x".to_string()),
        ];
        let rules = Rules::new("babylon", &options).unwrap();
        assert_eq!(rules.settings_text(), "BabylonColours=2");
        let pos = rules.position(None, &[]).unwrap();
        let default = Rules::new("babylon", &[])
            .unwrap()
            .position(None, &[])
            .unwrap();
        assert_ne!(pos.fen(), default.fen());
        let again = Rules::from_settings("babylon", "BabylonColours=2").unwrap();
        assert_eq!(again.position(None, &[]).unwrap().fen(), pos.fen());
        assert!(Rules::from_settings("babylon", "Hash=3").is_err());
        assert!(Rules::new("chess", &[]).is_err());
        // Connect Four sizes that fit only together, in either order.
        for pairs in [
            [("Connect4Width", "12"), ("Connect4Height", "4")],
            [("Connect4Height", "4"), ("Connect4Width", "12")],
        ] {
            let pairs: Vec<(String, String)> = pairs
                .iter()
                .map(|(n, v)| (n.to_string(), v.to_string()))
                .collect();
            let rules = Rules::new("connect4", &pairs).unwrap();
            let fen = rules.position(None, &[]).unwrap().fen();
            assert!(fen.starts_with("............/"), "{fen}");
            assert_eq!(rules.settings.len(), 2);
        }
        // 12 x (11 + 1) cells are more than the widest board word holds.
        let unfit = [
            ("Connect4Width".to_string(), "12".to_string()),
            ("Connect4Height".to_string(), "11".to_string()),
        ];
        let e = Rules::new("connect4", &unfit).unwrap_err();
        assert!(e.contains("12x11"), "{e}");
        let too_many = [("BabylonColours".to_string(), "9".to_string())];
        assert!(
            Rules::new("babylon", &too_many)
                .unwrap_err()
                .contains("BabylonColours")
        );
    }
}
