//! The engine's options, each declared once: the engine's own in `ENGINE_OPTIONS`, the
//! games' rule options in their modules (`Game::RULES`) and the games' search options in their
//! tasks (`SearchOptions`), both gathered by the registry. From the declarations come the
//! `option` lines of `uci`/`ugi` and the checked changes `setoption` makes.

use crate::games::rules::{OptionType, OptionValue, RuleOption, RuleValues, choice_words};
use crate::protocol::response::{OptionKind, Response};
use crate::search::Algorithm;
use crate::search::limits::Limits;
use crate::search::textbook::Vision;
use crate::variants::job::SearchJob;
use crate::variants::registry::{self, DEFAULT_VARIANT};
use crate::variants::variant::Variant;
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// Default transposition table size in MB.
pub const DEFAULT_HASH_MB: usize = 16;
/// Largest accepted `Hash`.
pub const MAX_HASH_MB: usize = 16_384;
/// Largest accepted `Threads`.
pub const MAX_THREADS: usize = 256;
/// Default `TraceLimit`.
pub const DEFAULT_TRACE_LIMIT: u64 = 100_000;
/// Largest accepted `TraceLimit`.
pub const MAX_TRACE_LIMIT: usize = 100_000_000;

/// `Algorithm`'s choices.
const ALGORITHMS: [&str; Algorithm::ALL.len()] = choice_words(&Algorithm::ALL);
/// `Opponent`'s choices: `adversarial`, or how a chance opponent chooses.
const OPPONENTS: [(&str, Option<OpponentChoice>); 4] = [
    ("adversarial", None),
    ("random", Some(OpponentChoice::Random)),
    ("pessimistic", Some(OpponentChoice::Pessimistic)),
    ("optimistic", Some(OpponentChoice::Optimistic)),
];

/// An option of the engine that is not a game's rule: its declaration and what setting it
/// does.
pub struct EngineOption {
    /// The name `setoption` takes (compared without regard to case).
    pub name: &'static str,
    /// One line of help.
    pub help: &'static str,
    /// Its type, default and range.
    pub kind: OptionType,
    /// Stores a value (already checked against `kind`) and says what the session must do.
    apply: fn(&mut Options, &OptionValue) -> Change,
}

/// The engine's own options, in the order `uci` announces them (each game's search options
/// follow the one they name, the games' rule options come last).
pub const ENGINE_OPTIONS: &[EngineOption] = &[
    EngineOption {
        name: "UCI_Variant",
        help: "The game played.",
        kind: OptionType::Combo {
            default: DEFAULT_VARIANT,
            choices: &registry::NAMES,
        },
        apply: |o, v| {
            o.variant = registry::names()
                .find(|n| *n == v.word())
                .unwrap_or(DEFAULT_VARIANT);
            Change::Variant
        },
    },
    EngineOption {
        name: "Hash",
        help: "Memory of the transposition table and of the exact solvers' tables, in MB.",
        kind: OptionType::Spin {
            default: DEFAULT_HASH_MB as i64,
            min: 1,
            max: MAX_HASH_MB as i64,
        },
        apply: |o, v| {
            o.hash_mb = v.number() as usize;
            Change::Hash
        },
    },
    EngineOption {
        name: "Clear Hash",
        help: "Empties the tables.",
        kind: OptionType::Button,
        apply: |_, _| Change::ClearHash,
    },
    EngineOption {
        name: "Threads",
        help: "Threads of the Connect Four solver (the searches use one).",
        kind: OptionType::Spin {
            default: 1,
            min: 1,
            max: MAX_THREADS as i64,
        },
        apply: |o, v| {
            o.threads = v.number() as usize;
            Change::Stored
        },
    },
    EngineOption {
        name: "Opponent",
        help: "How the searches see the opponent: adversarial, or a chance player (expectimax).",
        kind: OptionType::Combo {
            default: "adversarial",
            choices: &choice_words(&OPPONENTS),
        },
        apply: |o, v| {
            o.opponent = OPPONENTS
                .iter()
                .find(|(n, _)| *n == v.word())
                .and_then(|&(_, choice)| choice);
            Change::Stored
        },
    },
    EngineOption {
        name: "OpponentTemperature",
        help: "How much a pessimistic or optimistic chance opponent leans, in centipawns.",
        kind: OptionType::Spin {
            default: 100,
            min: 1,
            max: 1_000_000,
        },
        apply: |o, v| {
            o.opponent_temperature = v.number() as u32;
            Change::Stored
        },
    },
    EngineOption {
        name: "Algorithm",
        help: "The search: the full search (alphabeta), a textbook one, or a puzzle search.",
        kind: OptionType::Combo {
            default: "alphabeta",
            choices: &ALGORITHMS,
        },
        apply: |o, v| {
            o.algorithm = Algorithm::ALL
                .iter()
                .find(|(n, _)| *n == v.word())
                .map_or(Algorithm::AlphaBeta, |&(_, a)| a);
            Change::Stored
        },
    },
    EngineOption {
        name: "SearchTrace",
        help: "The textbook searches print one `info trace` line per node.",
        kind: OptionType::Check { default: false },
        apply: |o, v| {
            o.search_trace = v.flag();
            Change::Stored
        },
    },
    EngineOption {
        name: "TraceLimit",
        help: "Nodes traced at most per go.",
        kind: OptionType::Spin {
            default: DEFAULT_TRACE_LIMIT as i64,
            min: 1,
            max: MAX_TRACE_LIMIT as i64,
        },
        apply: |o, v| {
            o.trace_limit = v.number() as u64;
            Change::Stored
        },
    },
];

/// The settings of one game: its rules as last asked for (each value checked) and as in force
/// (the last values that made a start position together), and its search options.
#[derive(Clone, Debug, PartialEq, Eq)]
struct GameRules {
    variant: &'static str,
    asked: RuleValues,
    in_force: RuleValues,
    search: RuleValues,
}

/// The current value of every option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// `UCI_Variant`.
    pub variant: &'static str,
    /// `Hash`, in MB.
    pub hash_mb: usize,
    /// `Threads` (used by the Connect Four solver; the searches use one thread).
    pub threads: usize,
    /// `Algorithm`.
    pub algorithm: Algorithm,
    /// `Opponent`: `adversarial` (None) or how a chance opponent chooses.
    pub opponent: Option<OpponentChoice>,
    /// `OpponentTemperature`, in centipawns.
    pub opponent_temperature: u32,
    /// `SearchTrace`: the textbook searches print one `info trace` line per node.
    pub search_trace: bool,
    /// `TraceLimit`: nodes traced at most per `go`.
    pub trace_limit: u64,
    /// The rule and search options of every game.
    rules: Vec<GameRules>,
}

/// How a chance opponent chooses among its moves (`Opponent` other than `adversarial`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpponentChoice {
    /// Uniformly.
    Random,
    /// Leaning to its best replies.
    Pessimistic,
    /// Leaning to its worst replies.
    Optimistic,
}

/// What a successful `setoption` changed, for the session to act on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// The variant changed: the position goes back to the new variant's start.
    Variant,
    /// The table must be resized.
    Hash,
    /// The table must be emptied (`Clear Hash`).
    ClearHash,
    /// The rules of this variant changed: if it is being played, a new game starts at the
    /// start position built when the rules were checked.
    Rules(&'static str, NewStart),
    /// A rule option kept for when others make it valid (a Connect Four width that fits only
    /// with another height): the game's rules in force stay, the note says why.
    Pending(String),
    /// Nothing besides the stored value.
    Stored,
}

/// The start position of a game under new rules, built once when `setoption` checked that
/// the rules fit, and handed on to whoever starts the new game. Two are equal when they are
/// the same variant at the same position.
pub struct NewStart(pub Box<dyn Variant>);

impl Clone for NewStart {
    fn clone(&self) -> Self {
        NewStart(self.0.clone_box())
    }
}

impl fmt::Debug for NewStart {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "NewStart({} {})", self.0.name(), self.0.fen())
    }
}

impl PartialEq for NewStart {
    fn eq(&self, other: &Self) -> bool {
        self.0.name() == other.0.name() && self.0.fen() == other.0.fen()
    }
}

impl Eq for NewStart {}

impl Default for Options {
    fn default() -> Self {
        Options {
            variant: DEFAULT_VARIANT,
            hash_mb: DEFAULT_HASH_MB,
            threads: 1,
            algorithm: Algorithm::AlphaBeta,
            opponent: None,
            opponent_temperature: 100,
            search_trace: false,
            trace_limit: DEFAULT_TRACE_LIMIT,
            rules: registry::entries()
                .map(|entry| GameRules {
                    variant: entry.name,
                    asked: entry.default_rules(),
                    in_force: entry.default_rules(),
                    search: entry.default_search_options(),
                })
                .collect(),
        }
    }
}

impl Options {
    /// The job of a `go` with `limits` under these options (algorithm, threads, trace, the
    /// variant's search options), starting now.
    pub fn search_job(&self, limits: Limits, stop: Arc<AtomicBool>) -> SearchJob {
        SearchJob {
            algorithm: self.search_algorithm(),
            limits,
            start: Instant::now(),
            stop,
            threads: self.threads,
            search_options: self.search_options(self.variant),
            trace_limit: self.trace_limit(),
        }
    }

    /// The search `go` runs: `Algorithm`, or expectimax under `Opponent random`.
    pub fn search_algorithm(&self) -> Algorithm {
        let temperature = self.opponent_temperature;
        match self.opponent {
            None => self.algorithm,
            Some(OpponentChoice::Random) => Algorithm::Expectimax(Vision::Random),
            Some(OpponentChoice::Pessimistic) => {
                Algorithm::Expectimax(Vision::Pessimistic { temperature })
            }
            Some(OpponentChoice::Optimistic) => {
                Algorithm::Expectimax(Vision::Optimistic { temperature })
            }
        }
    }

    /// `Some(TraceLimit)` when `SearchTrace` is on.
    pub fn trace_limit(&self) -> Option<u64> {
        self.search_trace.then_some(self.trace_limit)
    }

    /// The `option name ...` lines: the engine's options, each followed by the games' search
    /// options announced after it, then every game's rule options.
    pub fn announce(&self) -> Vec<Response> {
        let engine = ENGINE_OPTIONS.iter().flat_map(|o| {
            let search = registry::entries()
                .filter(|e| e.search.announced_after == o.name)
                .flat_map(|e| e.search.options);
            std::iter::once((o.name, o.kind)).chain(search.map(|s| (s.name, s.kind)))
        });
        let rules = registry::entries().flat_map(|e| e.rules.iter().map(|o| (o.name, o.kind)));
        engine
            .chain(rules)
            .map(|(name, kind)| Response::Option {
                name: name.to_string(),
                kind: OptionKind::from(kind),
            })
            .collect()
    }

    /// The rules in force of `variant` (the defaults for a name not registered).
    pub fn rules(&self, variant: &str) -> RuleValues {
        self.game_rules(variant)
            .map_or_else(|| RuleValues::defaults(&[]), |rules| rules.in_force.clone())
    }

    /// The values of `variant`'s search options (none for a name not registered).
    pub fn search_options(&self, variant: &str) -> RuleValues {
        self.game_rules(variant)
            .map_or_else(|| RuleValues::defaults(&[]), |rules| rules.search.clone())
    }

    fn game_rules(&self, variant: &str) -> Option<&GameRules> {
        self.rules.iter().find(|r| r.variant == variant)
    }

    /// The variant's start position under its rules in force.
    pub fn start_position(&self) -> Result<Box<dyn Variant>, String> {
        registry::create(self.variant, &self.rules(self.variant))
    }

    /// Why the rules last asked for `variant` are not in force (they do not make a start
    /// position together), if they are not.
    pub fn unfit_rules(&self, variant: &str) -> Option<String> {
        let rules = self.game_rules(variant)?;
        if rules.asked == rules.in_force {
            return None;
        }
        registry::create(variant, &rules.asked).err()
    }

    /// True for the options that change a game's rules (`Change::Rules`), whatever their
    /// value.
    pub fn is_rule_option(name: &str) -> bool {
        registry::rule_option(name).is_some()
    }

    /// Applies `setoption name <name> value <value>`; on error nothing changes.
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<Change, String> {
        if let Some((variant, option)) = registry::rule_option(name) {
            let value = needed(name, value)?;
            return self.set_rule(variant, option.name, value);
        }
        if let Some((variant, option)) = registry::search_option(name) {
            let value = needed(name, value)?;
            return self.set_search_option(variant, option, value);
        }
        let option = ENGINE_OPTIONS
            .iter()
            .find(|o| o.name.eq_ignore_ascii_case(name))
            .ok_or_else(|| format!("unknown option '{name}'"))?;
        let text = match option.kind {
            OptionType::Button => "",
            _ => needed(name, value)?,
        };
        let value = option.kind.parse(option.name, text).map_err(|e| {
            // The variant's error says it in a player's words.
            if option.name == "UCI_Variant" {
                let all: Vec<&str> = registry::names().collect();
                format!("unknown variant '{text}' (one of: {})", all.join(", "))
            } else {
                e
            }
        })?;
        Ok((option.apply)(self, &value))
    }

    /// Sets search option `option` of `variant` (kept for that game, whichever is played).
    fn set_search_option(
        &mut self,
        variant: &'static str,
        option: &'static RuleOption,
        value: &str,
    ) -> Result<Change, String> {
        let Some(rules) = self.rules.iter_mut().find(|r| r.variant == variant) else {
            return Err(format!("no settings of '{variant}'"));
        };
        rules
            .search
            .set(std::slice::from_ref(option), option.name, value)?;
        Ok(Change::Stored)
    }

    /// Sets rule option `name` of `variant`: in force at once when the game's rules then
    /// make a start position, otherwise kept for when others make them fit.
    fn set_rule(
        &mut self,
        variant: &'static str,
        name: &str,
        value: &str,
    ) -> Result<Change, String> {
        let Some(entry) = registry::entry(variant) else {
            return Err(format!("no variant '{variant}'"));
        };
        let Some(rules) = self.rules.iter_mut().find(|r| r.variant == variant) else {
            return Err(format!("no rules of '{variant}'"));
        };
        let mut asked = rules.asked.clone();
        asked.set(entry.rules, name, value)?;
        rules.asked = asked;
        match entry.start(&rules.asked) {
            Ok(start) => {
                rules.in_force = rules.asked.clone();
                Ok(Change::Rules(variant, NewStart(start)))
            }
            Err(e) => Ok(Change::Pending(format!(
                "{e}: {variant} keeps {} until another rule option makes it fit",
                settings_text(&rules.in_force)
            ))),
        }
    }
}

/// Rules as `Name=value` words: `Connect4Width=7 Connect4Height=6`.
pub fn settings_text(rules: &RuleValues) -> String {
    rules
        .iter()
        .map(|(n, v)| format!("{n}={v}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The value of `setoption name <name> value <value>`, which must be there.
fn needed<'a>(name: &str, value: Option<&'a str>) -> Result<&'a str, String> {
    value
        .filter(|v| !v.is_empty())
        .ok_or_else(|| format!("option '{name}' needs a value"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_values_change_nothing() {
        let mut options = Options::default();
        let before = options.clone();
        assert!(options.set("Hash", Some("0")).is_err());
        assert!(options.set("Hash", Some("lots")).is_err());
        assert!(options.set("Hash", None).is_err());
        assert!(options.set("UCI_Variant", Some("chess")).is_err());
        assert!(options.set("Algorithm", Some("magic")).is_err());
        assert!(options.set("PuzzleHeuristic", Some("manhattan")).is_err());
        assert!(options.set("OwnBook", Some("maybe")).is_err());
        assert!(options.set("SearchTrace", Some("yes")).is_err());
        assert!(options.set("TraceLimit", Some("0")).is_err());
        assert!(options.set("TraceLimit", Some("100000001")).is_err());
        assert!(options.set("Colour", Some("red")).is_err());
        assert_eq!(options, before);
    }

    #[test]
    fn names_and_choices_ignore_case() {
        let mut options = Options::default();
        assert_eq!(options.set("hash", Some("64")), Ok(Change::Hash));
        assert_eq!(options.hash_mb, 64);
        assert_eq!(
            options.set("uci_variant", Some("TicTacToe")),
            Ok(Change::Variant)
        );
        assert_eq!(options.variant, "tictactoe");
        assert_eq!(
            options.set("Algorithm", Some("minimax")),
            Ok(Change::Stored)
        );
        assert_eq!(options.algorithm, Algorithm::Minimax);
        assert_eq!(
            options.set("Algorithm", Some("IDAstar")),
            Ok(Change::Stored)
        );
        assert_eq!(options.algorithm, Algorithm::IdaStar);
        assert_eq!(
            options.set("puzzleheuristic", Some("Blockers")),
            Ok(Change::Stored)
        );
        let search = options.search_options("rushhour");
        assert_eq!(search.word("PuzzleHeuristic"), Ok("blockers"));
    }

    #[test]
    fn the_trace_is_off_until_asked_for() {
        let mut options = Options::default();
        assert_eq!(options.trace_limit(), None);
        assert_eq!(options.set("tracelimit", Some("5")), Ok(Change::Stored));
        assert_eq!(options.trace_limit(), None);
        assert_eq!(options.set("SearchTrace", Some("TRUE")), Ok(Change::Stored));
        assert_eq!(options.trace_limit(), Some(5));
    }

    /// The Connect Four board `options` starts new games on, as `width x height`.
    fn board(options: &Options) -> String {
        let rules = options.rules("connect4");
        let side = |name| rules.get(name).map(ToString::to_string).unwrap_or_default();
        format!("{}x{}", side("Connect4Width"), side("Connect4Height"))
    }

    #[test]
    fn connect4_sizes_stay_within_the_limits() {
        let mut options = Options::default();
        // The rules changed, carrying the start position of the board `width x height`.
        let rules = |width, height| {
            let entry = registry::entry("connect4").expect("registered");
            let mut rules = entry.default_rules();
            for (name, size) in [("Connect4Width", width), ("Connect4Height", height)] {
                assert_eq!(rules.set(entry.rules, name, size), Ok(()));
            }
            let start = entry.start(&rules).expect("fits");
            Ok(Change::Rules("connect4", NewStart(start)))
        };
        assert_eq!(options.set("connect4width", Some("8")), rules("8", "6"));
        assert_eq!(options.set("Connect4Height", Some("8")), rules("8", "8"));
        assert_eq!(board(&options), "8x8");
        assert_eq!(options.unfit_rules("connect4"), None);
        // Out of range: refused, nothing changes.
        assert!(options.set("Connect4Width", Some("3")).is_err());
        assert!(options.set("Connect4Width", Some("13")).is_err());
        assert!(options.set("Connect4Height", Some("32")).is_err());
        assert_eq!(board(&options), "8x8");
        assert_eq!(options.set("Connect4Width", Some("12")), rules("12", "8"));
        assert_eq!(board(&options), "12x8");
        // 12 x 11 needs 144 bits and is beyond 12 x 10: the board stays 12 x 8, but the
        // height is kept for when the width makes it fit, whichever comes first.
        let Ok(Change::Pending(e)) = options.set("Connect4Height", Some("11")) else {
            panic!("not pending");
        };
        assert!(
            e.contains("12x11")
                && e.contains("128")
                && e.contains("12x10")
                && e.contains("keeps Connect4Width=12 Connect4Height=8"),
            "{e}"
        );
        assert_eq!(board(&options), "12x8");
        assert!(options.unfit_rules("connect4").is_some());
        assert_eq!(options.set("Connect4Width", Some("10")), rules("10", "11"));
        assert_eq!(board(&options), "10x11");
        assert!(matches!(
            options.set("Connect4Height", Some("31")),
            Ok(Change::Pending(_))
        ));
        assert_eq!(options.set("Connect4Width", Some("4")), rules("4", "31"));
        assert_eq!(board(&options), "4x31");
        assert_eq!(options.set("Connect4Height", Some("10")), rules("4", "10"));
        assert_eq!(options.set("Connect4Width", Some("12")), rules("12", "10"));
        assert_eq!(board(&options), "12x10");
        assert!(Options::is_rule_option("CONNECT4WIDTH"));
        assert!(!Options::is_rule_option("Hash"));
    }

    #[test]
    fn every_declared_option_is_announced_once_and_set_by_its_name() {
        let options = Options::default();
        let announced: Vec<String> = options
            .announce()
            .iter()
            .map(|line| line.to_string())
            .collect();
        let declared = ENGINE_OPTIONS
            .iter()
            .map(|o| (o.name, o.kind))
            .chain(registry::entries().flat_map(|e| e.rules.iter().map(|r| (r.name, r.kind))))
            .chain(
                registry::entries().flat_map(|e| e.search.options.iter().map(|r| (r.name, r.kind))),
            );
        let mut count = 0;
        for (name, kind) in declared {
            count += 1;
            let line = format!("option name {name} {}", OptionKind::from(kind));
            assert_eq!(
                announced.iter().filter(|l| **l == line).count(),
                1,
                "{line} in {announced:?}"
            );
            // Its default is a value `setoption` takes, under its own name in any case.
            let value = kind.default_value().map(|v| v.to_string());
            let mut set = Options::default();
            let change = set.set(&name.to_ascii_uppercase(), value.as_deref());
            assert!(change.is_ok(), "{name}: {change:?}");
        }
        assert_eq!(count, announced.len());
    }
}
