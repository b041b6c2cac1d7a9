//! A game's rule options, declared once in the game's module: name, type, default, range and
//! a line of help. The engine's `setoption` and `option` lines, the start positions, the GUI's
//! settings form and the Python keyword arguments are all made from these declarations.

use super::error::{GameError, game_error};
use std::fmt;

/// The type of an option's value, with its default and range: the four kinds of the UCI
/// `option` line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionType {
    /// A whole number from `min` to `max`.
    Spin {
        /// The value when none is set.
        default: i64,
        /// The smallest value.
        min: i64,
        /// The largest value.
        max: i64,
    },
    /// One word of `choices` (compared without regard to case).
    Combo {
        /// The value when none is set.
        default: &'static str,
        /// Every word accepted.
        choices: &'static [&'static str],
    },
    /// `true` or `false`.
    Check {
        /// The value when none is set.
        default: bool,
    },
    /// Free text on one line, checked by whoever reads it (a game's start position).
    Text {
        /// The value when none is set.
        default: &'static str,
    },
    /// An action without a value (`Clear Hash`).
    Button,
}

/// A checked value of an option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionValue {
    /// Of a `Spin`.
    Number(i64),
    /// Of a `Combo` (one of its choices, as declared) or a `Text`.
    Word(String),
    /// Of a `Check`.
    Flag(bool),
}

impl fmt::Display for OptionValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionValue::Number(n) => write!(f, "{n}"),
            OptionValue::Word(w) => f.write_str(w),
            OptionValue::Flag(b) => write!(f, "{b}"),
        }
    }
}

impl OptionValue {
    /// The number of a `Spin` value (0 for another kind, which a value checked against its
    /// declaration never is).
    pub fn number(&self) -> i64 {
        match self {
            OptionValue::Number(n) => *n,
            _ => 0,
        }
    }

    /// The word of a `Combo` or `Text` value (empty for another kind).
    pub fn word(&self) -> &str {
        match self {
            OptionValue::Word(w) => w,
            _ => "",
        }
    }

    /// The flag of a `Check` value (false for another kind).
    pub fn flag(&self) -> bool {
        matches!(self, OptionValue::Flag(true))
    }
}

impl OptionType {
    /// The words a `Combo` accepts (none for another kind).
    pub fn choices(self) -> &'static [&'static str] {
        match self {
            OptionType::Combo { choices, .. } => choices,
            _ => &[],
        }
    }

    /// The value when none is set (`None` for a button).
    pub fn default_value(self) -> Option<OptionValue> {
        match self {
            OptionType::Spin { default, .. } => Some(OptionValue::Number(default)),
            OptionType::Combo { default, .. } => Some(OptionValue::Word(default.to_string())),
            OptionType::Check { default } => Some(OptionValue::Flag(default)),
            OptionType::Text { default } => Some(OptionValue::Word(default.to_string())),
            OptionType::Button => None,
        }
    }

    /// Reads `text` as a value of this type; the error names `name`, what it takes and what
    /// it got.
    pub fn parse(self, name: &str, text: &str) -> Result<OptionValue, String> {
        let text = text.trim();
        match self {
            OptionType::Spin { min, max, .. } => match text.parse::<i64>() {
                Ok(n) if (min..=max).contains(&n) => Ok(OptionValue::Number(n)),
                _ => Err(format!(
                    "option '{name}' needs a whole number from {min} to {max}, got '{text}'"
                )),
            },
            OptionType::Combo { choices, .. } => choices
                .iter()
                .find(|c| c.eq_ignore_ascii_case(text))
                .map(|c| OptionValue::Word(c.to_string()))
                .ok_or_else(|| {
                    format!(
                        "option '{name}' is one of {}, got '{text}'",
                        choices.join(", ")
                    )
                }),
            OptionType::Check { .. } => match text.to_ascii_lowercase().as_str() {
                "true" => Ok(OptionValue::Flag(true)),
                "false" => Ok(OptionValue::Flag(false)),
                _ => Err(format!("option '{name}' needs true or false, got '{text}'")),
            },
            OptionType::Text { .. } if text.contains(char::is_control) => Err(format!(
                "option '{name}' is one line of text without control characters"
            )),
            OptionType::Text { .. } => Ok(OptionValue::Word(text.to_string())),
            OptionType::Button => Ok(OptionValue::Flag(true)),
        }
    }
}

/// The words of a `(name, value)` table, in order: the choices of a combo option whose
/// values are that table's.
pub const fn choice_words<T, const N: usize>(table: &[(&'static str, T); N]) -> [&'static str; N] {
    let mut words = [""; N];
    let mut i = 0;
    while i < N {
        words[i] = table[i].0;
        i += 1;
    }
    words
}

/// An option that changes a game's rules, declared once in the game's module.
#[derive(Clone, Copy, Debug)]
pub struct RuleOption {
    /// The engine option's name (`setoption name Connect4Width`), unique among all options.
    pub name: &'static str,
    /// The Python keyword argument (`sente.State("connect4", width=8)`).
    pub keyword: &'static str,
    /// A short label for a settings form (`Board width`).
    pub label: &'static str,
    /// One line of help.
    pub help: &'static str,
    /// Its type, default and range.
    pub kind: OptionType,
    /// What a value must be besides its type (a `Text`'s form), checked when it is set; the
    /// error says why not. Values that are fine alone but not together are the game's
    /// `start_with`'s to refuse.
    pub check: Option<ValueCheck>,
}

/// What a rule option's value must be besides its type: `Err` says why not.
pub type ValueCheck = fn(&str) -> Result<(), String>;

/// The values of one game's rule options: every option of its declarations, each given a
/// checked value or its default.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleValues {
    values: Vec<(&'static str, OptionValue)>,
}

impl RuleValues {
    /// The defaults of `options`.
    pub fn defaults(options: &[RuleOption]) -> RuleValues {
        RuleValues {
            values: options
                .iter()
                .filter_map(|o| o.kind.default_value().map(|v| (o.name, v)))
                .collect(),
        }
    }

    /// Sets the option `name` (any case) of these rules from `text`, checked against its
    /// declaration in `options`; on error nothing changes.
    pub fn set(&mut self, options: &[RuleOption], name: &str, text: &str) -> Result<(), String> {
        let option = options
            .iter()
            .find(|o| o.name.eq_ignore_ascii_case(name))
            .ok_or_else(|| format!("'{name}' is not a rule option of this game"))?;
        let value = option.kind.parse(option.name, text)?;
        if let Some(check) = option.check {
            check(text.trim()).map_err(|e| format!("option '{}': {e}", option.name))?;
        }
        match self.values.iter_mut().find(|(n, _)| *n == option.name) {
            Some(slot) => slot.1 = value,
            None => self.values.push((option.name, value)),
        }
        Ok(())
    }

    /// The value of option `name`, if these rules have it.
    pub fn get(&self, name: &str) -> Option<&OptionValue> {
        self.values.iter().find(|(n, _)| *n == name).map(|(_, v)| v)
    }

    /// The number of `Spin` option `name`; an error if the game's rules lack it.
    pub fn number(&self, name: &str) -> Result<i64, GameError> {
        match self.get(name) {
            Some(OptionValue::Number(n)) => Ok(*n),
            _ => game_error(format!("the rules have no number {name}")),
        }
    }

    /// The word or text of `Combo` or `Text` option `name`; an error if the rules lack it.
    pub fn word(&self, name: &str) -> Result<&str, GameError> {
        match self.get(name) {
            Some(OptionValue::Word(w)) => Ok(w),
            _ => game_error(format!("the rules have no word {name}")),
        }
    }

    /// Each option and its value, in the order of the declarations.
    pub fn iter(&self) -> impl Iterator<Item = (&'static str, &OptionValue)> {
        self.values.iter().map(|(n, v)| (*n, v))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const OPTIONS: &[RuleOption] = &[
        RuleOption {
            name: "Width",
            keyword: "width",
            label: "Width",
            help: "Columns.",
            kind: OptionType::Spin {
                default: 7,
                min: 4,
                max: 12,
            },
            check: None,
        },
        RuleOption {
            name: "Metric",
            keyword: "metric",
            label: "Metric",
            help: "How moves count.",
            kind: OptionType::Combo {
                default: "steps",
                choices: &["steps", "slides"],
            },
            check: None,
        },
        RuleOption {
            name: "Heaps",
            keyword: "heaps",
            label: "Heaps",
            help: "Matches per heap.",
            kind: OptionType::Text { default: "3 4 5" },
            check: None,
        },
    ];

    #[test]
    fn values_are_checked_against_their_declaration() {
        let mut rules = RuleValues::defaults(OPTIONS);
        assert_eq!(rules.number("Width"), Ok(7));
        assert_eq!(rules.word("Metric"), Ok("steps"));
        assert_eq!(rules.word("Heaps"), Ok("3 4 5"));
        assert_eq!(rules.set(OPTIONS, "width", "9"), Ok(()));
        assert_eq!(rules.set(OPTIONS, "METRIC", "Slides"), Ok(()));
        assert_eq!(rules.word("Metric"), Ok("slides"));
        let before = rules.clone();
        let e = rules.set(OPTIONS, "Width", "13").unwrap_err();
        assert!(e.contains("'Width'") && e.contains("4 to 12") && e.contains("'13'"));
        assert!(rules.set(OPTIONS, "Metric", "miles").is_err());
        assert!(rules.set(OPTIONS, "Heaps", "1\n2").is_err());
        assert!(rules.set(OPTIONS, "Colour", "red").is_err());
        assert_eq!(rules, before);
        assert_eq!(rules.number("Width"), Ok(9));
        assert!(rules.number("Metric").is_err());
    }
}
