//! The referee's own copy of the rules: positions of the match's variant, built with sente's
//! `Game` implementations and the rule options the engines are given.

use crate::engine::options::{Change, Options};
use crate::protocol::command::PositionStart;
use crate::variants::variant::Variant;

/// A variant and its rule options.
#[derive(Clone, Debug)]
pub struct Rules {
    options: Options,
    /// The rule options set (`BabylonColours=3`), in the order given, for the record.
    pub settings: Vec<(String, String)>,
}

impl Rules {
    /// The rules of `variant`; of `options` (engine options given to every engine), those that
    /// change rules are applied (a bad value is an error), the others are left to the engines.
    pub fn new(variant: &str, options: &[(String, String)]) -> Result<Rules, String> {
        let mut rules = Options::default();
        rules
            .set("UCI_Variant", Some(variant))
            .map_err(|e| format!("variant: {e}"))?;
        let mut settings = Vec::new();
        for (name, value) in options.iter().filter(|(n, _)| Options::is_rule_option(n)) {
            match rules.set(name, Some(value)) {
                // A Connect Four width and height fitting only together come in any order.
                Ok(Change::Rules(_) | Change::Pending(_)) => {
                    settings.push((name.clone(), value.clone()))
                }
                Ok(_) => {}
                Err(e) => return Err(format!("option {name}: {e}")),
            }
        }
        if let Some(e) = rules.unfit_rules(rules.variant) {
            return Err(format!("the rule options of {variant}: {e}"));
        }
        Ok(Rules {
            options: rules,
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
        self.options.variant
    }

    /// The start position, or `fen`, with `moves` played (each checked).
    pub fn position(
        &self,
        fen: Option<&str>,
        moves: &[String],
    ) -> Result<Box<dyn Variant>, String> {
        let mut pos = self.options.start_position()?;
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
