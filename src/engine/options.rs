//! The engine's options: their announcement for `uci`/`ugi` and the checked changes that
//! `setoption` makes.

use super::job::SearchJob;
use super::variants::{self, StartRules};
use crate::games::Game;
use crate::games::babylon::{Babylon, MAX_COLOURS, MAX_STACKS};
use crate::games::connect4::Connect4;
use crate::games::connect4::shape::{MAX_HEIGHT, MAX_WIDTH, MIN_SIDE, Shape};
use crate::games::rushhour::{Metric, RushHour};
use crate::games::rushhour_heuristics::Heuristic;
use crate::games::rushhour_rocks::{DEFAULT_MAX_TURNS, RushHourRocks};
use crate::protocol::response::{OptionKind, Response};
use crate::search::Algorithm;
use crate::search::limits::Limits;
use crate::search::textbook::Vision;
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

/// Default `PuzzleHeuristic`: the strongest estimate.
pub const DEFAULT_HEURISTIC: Heuristic = Heuristic::Movers;

/// The options that change rules, in lower case.
const RULE_OPTIONS: [&str; 6] = [
    "rushmetric",
    "rocksmaxturns",
    "babyloncolours",
    "babylontablets",
    "connect4width",
    "connect4height",
];

/// The current value of every option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// `UCI_Variant`.
    pub variant: &'static str,
    /// `Hash`, in MB.
    pub hash_mb: usize,
    /// `Threads` (accepted; the search uses one thread).
    pub threads: usize,
    /// `Algorithm`.
    pub algorithm: Algorithm,
    /// `PuzzleHeuristic`: the estimate A* and IDA* use on Rush Hour.
    pub puzzle_heuristic: Heuristic,
    /// `OwnBook`: play book moves where there are some.
    pub own_book: bool,
    /// `Opponent`: `adversarial` (None) or how a chance opponent chooses.
    pub opponent: Option<OpponentChoice>,
    /// `OpponentTemperature`, in centipawns.
    pub opponent_temperature: u32,
    /// `RushMetric`: how Rush Hour moves count.
    pub rush_metric: Metric,
    /// `RocksMaxTurns`: car moves the cars have to get out in the rocks game.
    pub rocks_max_turns: u32,
    /// `BabylonColours`.
    pub babylon_colours: u8,
    /// `BabylonTablets`: tablets per colour.
    pub babylon_tablets: u8,
    /// `Connect4Width` and `Connect4Height`: the Connect Four board.
    pub connect4_shape: Shape,
    /// The width and height last asked for: the board once they fit 64 bits together (either
    /// option may come first).
    pub connect4_request: (u8, u8),
    /// `SearchTrace`: the textbook searches print one `info trace` line per node.
    pub search_trace: bool,
    /// `TraceLimit`: nodes traced at most per `go`.
    pub trace_limit: u64,
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
    /// The rules of this variant changed: if it is being played, a new game starts.
    Rules(&'static str),
    /// A rule option kept for when another makes it valid (a Connect Four width that fits
    /// 64 bits only with another height): nothing changes yet, the note says why.
    Pending(String),
    /// Nothing besides the stored value.
    Stored,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            variant: variants::DEFAULT_VARIANT,
            hash_mb: DEFAULT_HASH_MB,
            threads: 1,
            algorithm: Algorithm::AlphaBeta,
            puzzle_heuristic: DEFAULT_HEURISTIC,
            own_book: true,
            opponent: None,
            opponent_temperature: 100,
            rush_metric: Metric::Steps,
            rocks_max_turns: DEFAULT_MAX_TURNS,
            babylon_colours: 4,
            babylon_tablets: 3,
            connect4_shape: Shape::STANDARD,
            connect4_request: (Shape::STANDARD.columns(), Shape::STANDARD.rows()),
            search_trace: false,
            trace_limit: DEFAULT_TRACE_LIMIT,
        }
    }
}

impl Options {
    /// The job of a `go` with `limits` under these options (algorithm, threads, book,
    /// heuristic, trace), starting now.
    pub fn search_job(&self, limits: Limits, stop: Arc<AtomicBool>) -> SearchJob {
        SearchJob {
            algorithm: self.search_algorithm(),
            limits,
            start: Instant::now(),
            stop,
            threads: self.threads,
            own_book: self.own_book,
            heuristic: self.puzzle_heuristic,
            trace_limit: self.trace_limit(),
        }
    }

    /// The rules the variants' start positions depend on.
    pub fn start_rules(&self) -> StartRules {
        StartRules {
            connect4_shape: self.connect4_shape,
            rush_metric: self.rush_metric,
            rocks_max_turns: self.rocks_max_turns,
            babylon_colours: self.babylon_colours,
            babylon_tablets: self.babylon_tablets,
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

    /// The `option name ...` lines.
    pub fn announce(&self) -> Vec<Response> {
        let option = |name: &str, kind| Response::Option {
            name: name.to_string(),
            kind,
        };
        vec![
            option(
                "UCI_Variant",
                OptionKind::Combo {
                    default: variants::DEFAULT_VARIANT.to_string(),
                    choices: variants::names().map(str::to_string).collect(),
                },
            ),
            option(
                "Hash",
                OptionKind::Spin {
                    default: DEFAULT_HASH_MB as i64,
                    min: 1,
                    max: MAX_HASH_MB as i64,
                },
            ),
            option("Clear Hash", OptionKind::Button),
            option(
                "Threads",
                OptionKind::Spin {
                    default: 1,
                    min: 1,
                    max: MAX_THREADS as i64,
                },
            ),
            option("OwnBook", OptionKind::Check { default: true }),
            option(
                "Opponent",
                OptionKind::Combo {
                    default: "adversarial".to_string(),
                    choices: ["adversarial", "random", "pessimistic", "optimistic"]
                        .map(str::to_string)
                        .to_vec(),
                },
            ),
            option(
                "OpponentTemperature",
                OptionKind::Spin {
                    default: 100,
                    min: 1,
                    max: 1_000_000,
                },
            ),
            option(
                "RushMetric",
                OptionKind::Combo {
                    default: "steps".to_string(),
                    choices: vec!["steps".to_string(), "slides".to_string()],
                },
            ),
            option(
                "RocksMaxTurns",
                OptionKind::Spin {
                    default: i64::from(DEFAULT_MAX_TURNS),
                    min: 1,
                    max: 10_000,
                },
            ),
            option(
                "BabylonColours",
                OptionKind::Spin {
                    default: 4,
                    min: 1,
                    max: i64::from(MAX_COLOURS),
                },
            ),
            option(
                "BabylonTablets",
                OptionKind::Spin {
                    default: 3,
                    min: 1,
                    max: MAX_STACKS as i64,
                },
            ),
            option(
                "Connect4Width",
                OptionKind::Spin {
                    default: i64::from(Shape::STANDARD.columns()),
                    min: i64::from(MIN_SIDE),
                    max: i64::from(MAX_WIDTH),
                },
            ),
            option(
                "Connect4Height",
                OptionKind::Spin {
                    default: i64::from(Shape::STANDARD.rows()),
                    min: i64::from(MIN_SIDE),
                    max: i64::from(MAX_HEIGHT),
                },
            ),
            option(
                "Algorithm",
                OptionKind::Combo {
                    default: "alphabeta".to_string(),
                    choices: Algorithm::ALL.iter().map(|(n, _)| n.to_string()).collect(),
                },
            ),
            option("SearchTrace", OptionKind::Check { default: false }),
            option(
                "TraceLimit",
                OptionKind::Spin {
                    default: DEFAULT_TRACE_LIMIT as i64,
                    min: 1,
                    max: MAX_TRACE_LIMIT as i64,
                },
            ),
            option(
                "PuzzleHeuristic",
                OptionKind::Combo {
                    default: DEFAULT_HEURISTIC.name().to_string(),
                    choices: Heuristic::ALL.iter().map(|(n, _)| n.to_string()).collect(),
                },
            ),
        ]
    }

    /// Why the Connect Four size last asked for is not the board's (it does not fit 64 bits),
    /// if it is not.
    pub fn unfit_connect4_request(&self) -> Option<String> {
        let (width, height) = self.connect4_request;
        Shape::new(width, height).err().map(|e| e.0)
    }

    /// True for the options that change a game's rules (`Change::Rules`), whatever their
    /// value.
    pub fn is_rule_option(name: &str) -> bool {
        RULE_OPTIONS.contains(&name.to_ascii_lowercase().as_str())
    }

    /// Applies `setoption name <name> value <value>`; on error nothing changes.
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<Change, String> {
        let lower = name.to_ascii_lowercase();
        if lower == "clear hash" {
            return Ok(Change::ClearHash);
        }
        let known = [
            "uci_variant",
            "hash",
            "threads",
            "algorithm",
            "ownbook",
            "opponent",
            "opponenttemperature",
            "rushmetric",
            "rocksmaxturns",
            "babyloncolours",
            "babylontablets",
            "connect4width",
            "connect4height",
            "searchtrace",
            "tracelimit",
            "puzzleheuristic",
        ];
        if !known.contains(&lower.as_str()) {
            return Err(format!("unknown option '{name}'"));
        }
        let Some(value) = value.filter(|v| !v.is_empty()) else {
            return Err(format!("option '{name}' needs a value"));
        };
        match lower.as_str() {
            "uci_variant" => {
                let variant = variants::names()
                    .find(|n| n.eq_ignore_ascii_case(value))
                    .ok_or_else(|| {
                        let all: Vec<&str> = variants::names().collect();
                        format!("unknown variant '{value}' (one of: {})", all.join(", "))
                    })?;
                self.variant = variant;
                Ok(Change::Variant)
            }
            "hash" => {
                self.hash_mb = spin(name, value, 1, MAX_HASH_MB)?;
                Ok(Change::Hash)
            }
            "threads" => {
                self.threads = spin(name, value, 1, MAX_THREADS)?;
                Ok(Change::Stored)
            }
            "babyloncolours" | "babylontablets" => {
                let colours_option = lower == "babyloncolours";
                let max = if colours_option {
                    usize::from(MAX_COLOURS)
                } else {
                    MAX_STACKS
                };
                let n = spin(name, value, 1, max)? as u8;
                let (colours, tablets) = if colours_option {
                    (n, self.babylon_tablets)
                } else {
                    (self.babylon_colours, n)
                };
                if usize::from(colours) * usize::from(tablets) > MAX_STACKS {
                    return Err(format!(
                        "{colours} colours x {tablets} tablets is more than {MAX_STACKS} tablets"
                    ));
                }
                (self.babylon_colours, self.babylon_tablets) = (colours, tablets);
                Ok(Change::Rules(Babylon::NAME))
            }
            "connect4width" | "connect4height" => {
                let (mut width, mut height) = self.connect4_request;
                if lower == "connect4width" {
                    width = spin(name, value, MIN_SIDE.into(), MAX_WIDTH.into())? as u8;
                } else {
                    height = spin(name, value, MIN_SIDE.into(), MAX_HEIGHT.into())? as u8;
                }
                self.connect4_request = (width, height);
                match Shape::new(width, height) {
                    Ok(shape) => {
                        self.connect4_shape = shape;
                        Ok(Change::Rules(Connect4::NAME))
                    }
                    Err(e) => Ok(Change::Pending(format!(
                        "{e}: the board stays {} until the other dimension makes it fit",
                        self.connect4_shape
                    ))),
                }
            }
            "rocksmaxturns" => {
                self.rocks_max_turns = spin(name, value, 1, 10_000)? as u32;
                Ok(Change::Rules(RushHourRocks::NAME))
            }
            "rushmetric" => {
                self.rush_metric = match value.to_ascii_lowercase().as_str() {
                    "steps" => Metric::Steps,
                    "slides" => Metric::Slides,
                    _ => {
                        return Err(format!("option '{name}' is steps or slides, got '{value}'"));
                    }
                };
                Ok(Change::Rules(RushHour::NAME))
            }
            "opponent" => {
                self.opponent = match value.to_ascii_lowercase().as_str() {
                    "adversarial" => None,
                    "random" => Some(OpponentChoice::Random),
                    "pessimistic" => Some(OpponentChoice::Pessimistic),
                    "optimistic" => Some(OpponentChoice::Optimistic),
                    _ => {
                        return Err(format!(
                            "option '{name}' is adversarial, random, pessimistic or optimistic, got '{value}'"
                        ));
                    }
                };
                Ok(Change::Stored)
            }
            "opponenttemperature" => {
                self.opponent_temperature = spin(name, value, 1, 1_000_000)? as u32;
                Ok(Change::Stored)
            }
            "puzzleheuristic" => {
                self.puzzle_heuristic = Heuristic::ALL
                    .iter()
                    .find(|(n, _)| n.eq_ignore_ascii_case(value))
                    .map(|&(_, h)| h)
                    .ok_or_else(|| {
                        let all: Vec<&str> = Heuristic::ALL.iter().map(|(n, _)| *n).collect();
                        format!("unknown heuristic '{value}' (one of: {})", all.join(", "))
                    })?;
                Ok(Change::Stored)
            }
            "ownbook" => {
                self.own_book = check(name, value)?;
                Ok(Change::Stored)
            }
            "searchtrace" => {
                self.search_trace = check(name, value)?;
                Ok(Change::Stored)
            }
            "tracelimit" => {
                self.trace_limit = spin(name, value, 1, MAX_TRACE_LIMIT)? as u64;
                Ok(Change::Stored)
            }
            _ => {
                self.algorithm = Algorithm::ALL
                    .iter()
                    .find(|(n, _)| n.eq_ignore_ascii_case(value))
                    .map(|&(_, a)| a)
                    .ok_or_else(|| {
                        let all: Vec<&str> = Algorithm::ALL.iter().map(|(n, _)| *n).collect();
                        format!("unknown algorithm '{value}' (one of: {})", all.join(", "))
                    })?;
                Ok(Change::Stored)
            }
        }
    }
}

fn check(name: &str, value: &str) -> Result<bool, String> {
    match value.to_ascii_lowercase().as_str() {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(format!(
            "option '{name}' needs true or false, got '{value}'"
        )),
    }
}

fn spin(name: &str, value: &str, min: usize, max: usize) -> Result<usize, String> {
    match value.parse::<usize>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        _ => Err(format!(
            "option '{name}' needs a whole number from {min} to {max}, got '{value}'"
        )),
    }
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
        assert_eq!(options.puzzle_heuristic, Heuristic::Blockers);
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

    #[test]
    fn connect4_sizes_fit_one_bitboard() {
        let mut options = Options::default();
        let rules = Ok(Change::Rules("connect4"));
        assert_eq!(options.set("connect4width", Some("8")), rules);
        assert_eq!(options.set("Connect4Height", Some("7")), rules);
        assert_eq!(options.connect4_shape, Shape::new(8, 7).unwrap());
        assert_eq!(options.unfit_connect4_request(), None);
        // Out of range: refused, nothing changes.
        assert!(options.set("Connect4Width", Some("3")).is_err());
        assert!(options.set("Connect4Height", Some("16")).is_err());
        assert_eq!(options.connect4_request, (8, 7));
        // 12 x 7 needs 96 bits: the board stays 8 x 7, but the width is kept for when the
        // height makes it fit, whichever comes first.
        let Ok(Change::Pending(e)) = options.set("Connect4Width", Some("12")) else {
            panic!("not pending");
        };
        assert!(
            e.contains("12x7") && e.contains("64") && e.contains("stays 8x7"),
            "{e}"
        );
        assert_eq!(options.connect4_shape, Shape::new(8, 7).unwrap());
        assert!(options.unfit_connect4_request().is_some());
        assert_eq!(options.set("Connect4Height", Some("4")), rules);
        assert_eq!(options.connect4_shape, Shape::new(12, 4).unwrap());
        assert!(matches!(
            options.set("Connect4Height", Some("15")),
            Ok(Change::Pending(_))
        ));
        assert_eq!(options.set("Connect4Width", Some("4")), rules);
        assert_eq!(options.connect4_shape, Shape::new(4, 15).unwrap());
        assert!(Options::is_rule_option("CONNECT4WIDTH"));
    }
}
