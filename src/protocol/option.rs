//! `option` lines: the kind of each option sente announces (`OptionKind`, written after
//! `uci`/`ugi`) and the reader of any engine's `option` line (`read_option`), side by side so
//! that what sente writes it reads back. The reader is lenient: another engine may announce
//! a `string` option, leave out a `min`, or write a default sente would not.

use crate::games::rules::OptionType;
use std::fmt;

/// The kind of an option, as `option name ... type ...` announces it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// A number in a range.
    Spin {
        /// Default value.
        default: i64,
        /// Smallest value.
        min: i64,
        /// Largest value.
        max: i64,
    },
    /// One of a list of words.
    Combo {
        /// Default choice.
        default: String,
        /// All choices.
        choices: Vec<String>,
    },
    /// `true` or `false`.
    Check {
        /// Default value.
        default: bool,
    },
    /// An action without value.
    Button,
    /// Free text on one line (`type string default <text>`; the default may be empty).
    Text {
        /// Default value.
        default: String,
    },
}

impl From<OptionType> for OptionKind {
    fn from(kind: OptionType) -> OptionKind {
        match kind {
            OptionType::Spin { default, min, max } => OptionKind::Spin { default, min, max },
            OptionType::Combo { default, choices } => OptionKind::Combo {
                default: default.to_string(),
                choices: choices.iter().map(|c| c.to_string()).collect(),
            },
            OptionType::Check { default } => OptionKind::Check { default },
            OptionType::Text { default } => OptionKind::Text {
                default: default.to_string(),
            },
            OptionType::Button => OptionKind::Button,
        }
    }
}

/// `type spin default <d> min <a> max <b>`, `type combo default <d> var <v>...`,
/// `type check default true|false` or `type button` (what follows the option's name).
impl fmt::Display for OptionKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionKind::Spin { default, min, max } => {
                write!(f, "type spin default {default} min {min} max {max}")
            }
            OptionKind::Combo { default, choices } => {
                write!(f, "type combo default {default}")?;
                for choice in choices {
                    write!(f, " var {choice}")?;
                }
                Ok(())
            }
            OptionKind::Check { default } => write!(f, "type check default {default}"),
            OptionKind::Button => write!(f, "type button"),
            OptionKind::Text { default } => write!(f, "type string default {default}"),
        }
    }
}

/// The words that start a field of an `option` line after its name.
const KEYS: [&str; 5] = ["type", "default", "min", "max", "var"];

/// An `option` line as read, sente's or another engine's: its fields as written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OptionLine {
    /// The option's name (may hold spaces: `Clear Hash`).
    pub name: String,
    /// The word after `type`: `check`, `spin`, `combo`, `button`, `string`, or another.
    pub kind: String,
    /// The default, as written (a `string` option's may hold key words: `my min book`).
    pub default: Option<String>,
    /// `min`, when it is a whole number.
    pub min: Option<i64>,
    /// `max`, when it is a whole number.
    pub max: Option<i64>,
    /// The `var` choices, in order.
    pub vars: Vec<String>,
}

impl OptionLine {
    /// The kind as sente announces its own options: `None` for a type sente does not know or
    /// a field missing or malformed for its type (a spin without a `min`).
    pub fn option_kind(&self) -> Option<OptionKind> {
        let default = self.default.as_deref();
        match self.kind.as_str() {
            "spin" => Some(OptionKind::Spin {
                default: default?.parse().ok()?,
                min: self.min?,
                max: self.max?,
            }),
            "combo" => Some(OptionKind::Combo {
                default: default?.to_string(),
                choices: self.vars.clone(),
            }),
            "check" => Some(OptionKind::Check {
                default: default?.parse().ok()?,
            }),
            "button" => Some(OptionKind::Button),
            "string" => Some(OptionKind::Text {
                default: default.unwrap_or_default().to_string(),
            }),
            _ => None,
        }
    }
}

/// Reads `option name <name> type <kind> [default <v>] [min <n>] [max <n>] [var <v>]...`:
/// `None` for a line that is not an `option` line or gives no name or no type. A field's
/// value runs to the next key word (so a name may hold spaces but no key word); a `string`
/// option's default runs to the end of the line.
pub fn read_option(line: &str) -> Option<OptionLine> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.first() != Some(&"option") || words.get(1) != Some(&"name") {
        return None;
    }
    let mut option = OptionLine::default();
    let mut key = "name";
    let mut value: Vec<&str> = Vec::new();
    fn finish(key: &str, value: &mut Vec<&str>, option: &mut OptionLine) {
        let text = value.join(" ");
        value.clear();
        match key {
            "name" => option.name = text,
            "type" => option.kind = text,
            "default" => option.default = Some(text),
            "min" => option.min = text.parse().ok(),
            "max" => option.max = text.parse().ok(),
            _ => option.vars.push(text),
        }
    }
    for word in &words[2..] {
        // `name` may contain key words only before `type`; a `default` string is one value.
        if KEYS.contains(word) && !(key == "default" && option.kind == "string") {
            finish(key, &mut value, &mut option);
            key = word;
        } else {
            value.push(word);
        }
    }
    finish(key, &mut value, &mut option);
    if option.name.is_empty() || option.kind.is_empty() {
        return None;
    }
    Some(option)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::response::Response;
    use proptest::prelude::*;

    #[test]
    fn option_kinds_read_as_the_protocol_says() {
        let combo = OptionKind::Combo {
            default: "a".into(),
            choices: vec!["a".into(), "b".into()],
        };
        assert_eq!(combo.to_string(), "type combo default a var a var b");
    }

    #[test]
    fn other_engines_option_lines_are_read_into_fields() {
        let spin = read_option("option name Hash type spin default 16 min 1 max 16384").unwrap();
        assert_eq!(
            (spin.kind.as_str(), spin.min, spin.max),
            ("spin", Some(1), Some(16384))
        );
        assert_eq!(spin.default.as_deref(), Some("16"));
        let button = read_option("option name Clear Hash type button").unwrap();
        assert_eq!(button.name, "Clear Hash");
        assert_eq!(button.option_kind(), Some(OptionKind::Button));
        let combo =
            read_option("option name UCI_Variant type combo default chess var chess var giveaway")
                .unwrap();
        assert_eq!(combo.vars, ["chess", "giveaway"]);
        let string = read_option("option name Book File type string default my min book").unwrap();
        assert_eq!(string.default.as_deref(), Some("my min book"));
        assert_eq!(
            string.option_kind(),
            Some(OptionKind::Text {
                default: "my min book".to_string()
            })
        );
        let no_min = read_option("option name Threads type spin default 1 max 8").unwrap();
        assert_eq!((no_min.min, no_min.option_kind()), (None, None));
        assert_eq!(read_option("option type spin"), None);
        assert_eq!(read_option("option name Hash"), None);
        assert_eq!(read_option("id name x"), None);
    }

    /// A word of a name or a choice: no blank, not a key word.
    fn word() -> impl Strategy<Value = String> {
        "[a-zA-Z0-9_-]{1,10}".prop_filter("a key word", |w| !KEYS.contains(&w.as_str()))
    }

    /// A name or a choice: one to three words.
    fn words() -> impl Strategy<Value = String> {
        proptest::collection::vec(word(), 1..4).prop_map(|w| w.join(" "))
    }

    fn option_kind() -> impl Strategy<Value = OptionKind> {
        prop_oneof![
            (any::<i64>(), any::<i64>(), any::<i64>())
                .prop_map(|(default, min, max)| OptionKind::Spin { default, min, max }),
            (words(), proptest::collection::vec(words(), 0..6))
                .prop_map(|(default, choices)| OptionKind::Combo { default, choices }),
            any::<bool>().prop_map(|default| OptionKind::Check { default }),
            Just(OptionKind::Button),
            words().prop_map(|default| OptionKind::Text { default }),
        ]
    }

    proptest! {
        #[test]
        fn option_lines_read_back_as_written(name in words(), kind in option_kind()) {
            let line = Response::Option { name: name.clone(), kind: kind.clone() }.to_string();
            let read = read_option(&line).expect("an option line");
            prop_assert_eq!(read.name.as_str(), name.as_str());
            prop_assert_eq!(read.option_kind(), Some(kind));
        }

        #[test]
        fn any_line_is_read_without_panicking(line in "option name \\PC{0,100}") {
            let _ = read_option(&line);
        }
    }
}
