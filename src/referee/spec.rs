//! What `--engine` and `--each` say: an engine's command, name, protocol, options and limits,
//! parsed from `key=value` pairs.

use crate::client::fsf::Notation;
use crate::protocol::command::Dialect;
use std::fmt;

/// Time added to a clock or a fixed move time before a slow move loses, in ms (`timemargin=`).
pub const DEFAULT_MARGIN_MS: u64 = 100;
/// How long an engine without a clock may think about one move, in ms (`hard=`).
pub const DEFAULT_HARD_LIMIT_MS: u64 = 30_000;

/// A clock: base time and increment per move, in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Time on the clock at the start.
    pub base_ms: u64,
    /// Time added after each move.
    pub inc_ms: u64,
}

/// How long an engine may think: the limits sent with `go` and the referee's guards.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveLimits {
    /// `tc=<base s>+<inc s>`: a clock per side.
    pub clock: Option<TimeControl>,
    /// `st=<s>`: a fixed time per move, in ms.
    pub move_time_ms: Option<u64>,
    /// `depth=<n>`.
    pub depth: Option<u32>,
    /// `nodes=<n>`.
    pub nodes: Option<u64>,
    /// `timemargin=<ms>`: grace before a clock or move time is exceeded.
    pub margin_ms: Option<u64>,
    /// `hard=<s>`: longest think per move when there is neither clock nor move time.
    pub hard_ms: Option<u64>,
}

impl MoveLimits {
    /// The grace in ms before a timed move loses.
    pub fn margin(&self) -> u64 {
        self.margin_ms.unwrap_or(DEFAULT_MARGIN_MS)
    }

    /// The hard limit per move in ms.
    pub fn hard(&self) -> u64 {
        self.hard_ms.unwrap_or(DEFAULT_HARD_LIMIT_MS)
    }

    /// True when `go` would carry no limit at all.
    pub fn is_unlimited(&self) -> bool {
        self.clock.is_none()
            && self.move_time_ms.is_none()
            && self.depth.is_none()
            && self.nodes.is_none()
    }
}

impl fmt::Display for MoveLimits {
    /// The record's `TimeControl` text: `2+0.05`, `st=1`, `depth=4`, `nodes=1000`, joined by
    /// commas.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        if let Some(tc) = self.clock {
            parts.push(format!("{}+{}", seconds(tc.base_ms), seconds(tc.inc_ms)));
        }
        if let Some(ms) = self.move_time_ms {
            parts.push(format!("st={}", seconds(ms)));
        }
        if let Some(d) = self.depth {
            parts.push(format!("depth={d}"));
        }
        if let Some(n) = self.nodes {
            parts.push(format!("nodes={n}"));
        }
        if parts.is_empty() {
            parts.push("-".to_string());
        }
        f.write_str(&parts.join(","))
    }
}

/// Milliseconds written as seconds without trailing zeros (`2`, `0.05`).
fn seconds(ms: u64) -> String {
    let text = format!("{}.{:03}", ms / 1000, ms % 1000);
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// One engine of a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// The name in results and records (`name=`, default: the command's file name).
    pub name: String,
    /// The program (`cmd=`).
    pub cmd: String,
    /// Its arguments (`arg=`, repeatable).
    pub args: Vec<String>,
    /// `proto=uci|ugi`; `None`: try `ugi`, fall back to `uci`.
    pub proto: Option<Dialect>,
    /// `notation=auto|sente|fsf`: how moves, positions and variants are written to it.
    pub notation: Notation,
    /// `option.<Name>=<value>`, sent with `setoption` in this order.
    pub options: Vec<(String, String)>,
    /// The limits.
    pub limits: MoveLimits,
}

impl EngineSpec {
    /// Everything that makes this engine play as it does, as `key=value` words (the record's
    /// `Engine<n>Setup`): `cmd=`, each `arg=`, `proto=` if given, each `option.`, then the
    /// limits, with the margin and the hard limit always written out.
    pub fn setup_text(&self) -> String {
        let mut words = vec![format!("cmd={}", self.cmd)];
        words.extend(self.args.iter().map(|a| format!("arg={a}")));
        if let Some(proto) = self.proto {
            words.push(format!("proto={proto}"));
        }
        if self.notation != Notation::Auto {
            words.push(format!("notation={}", self.notation.as_str()));
        }
        words.extend(self.options.iter().map(|(n, v)| format!("option.{n}={v}")));
        let limits = &self.limits;
        if let Some(tc) = limits.clock {
            words.push(format!("tc={}+{}", seconds(tc.base_ms), seconds(tc.inc_ms)));
        }
        if let Some(ms) = limits.move_time_ms {
            words.push(format!("st={}", seconds(ms)));
        }
        if let Some(d) = limits.depth {
            words.push(format!("depth={d}"));
        }
        if let Some(n) = limits.nodes {
            words.push(format!("nodes={n}"));
        }
        words.push(format!("timemargin={}", limits.margin()));
        words.push(format!("hard={}", seconds(limits.hard())));
        words.join(" ")
    }
}

/// Builds the engines from each `--engine` group, with the `--each` pairs applied first (an
/// engine's own pairs override them). Names are made unique.
pub fn engines(groups: &[Vec<String>], each: &[String]) -> Result<Vec<EngineSpec>, String> {
    let mut specs = Vec::new();
    for (i, group) in groups.iter().enumerate() {
        let mut draft = Draft::default();
        for pair in each {
            draft.apply(pair).map_err(|e| format!("--each: {e}"))?;
        }
        for pair in group {
            draft
                .apply(pair)
                .map_err(|e| format!("--engine #{}: {e}", i + 1))?;
        }
        specs.push(
            draft
                .finish()
                .map_err(|e| format!("--engine #{}: {e}", i + 1))?,
        );
    }
    let names: Vec<String> = specs.iter().map(|s| s.name.clone()).collect();
    for (i, spec) in specs.iter_mut().enumerate() {
        if names.iter().filter(|n| **n == names[i]).count() > 1 {
            spec.name = format!("{}-{}", names[i], i + 1);
        }
    }
    Ok(specs)
}

/// The `option.<Name>=<value>` pairs of `--each`: the options every engine gets.
pub fn shared_options(each: &[String]) -> Result<Vec<(String, String)>, String> {
    let mut draft = Draft::default();
    for pair in each {
        draft.apply(pair).map_err(|e| format!("--each: {e}"))?;
    }
    Ok(draft.options)
}

/// The pairs of one engine as they are read.
#[derive(Default)]
struct Draft {
    name: Option<String>,
    cmd: Option<String>,
    args: Vec<String>,
    proto: Option<Dialect>,
    notation: Notation,
    options: Vec<(String, String)>,
    limits: MoveLimits,
}

impl Draft {
    fn apply(&mut self, pair: &str) -> Result<(), String> {
        let (key, value) = pair
            .split_once('=')
            .ok_or_else(|| format!("'{pair}' is not key=value"))?;
        if let Some(option) = key.strip_prefix("option.") {
            if option.is_empty() {
                return Err(format!("'{pair}' names no option"));
            }
            self.options.retain(|(name, _)| name != option);
            self.options.push((option.to_string(), value.to_string()));
            return Ok(());
        }
        match key {
            "cmd" => self.cmd = Some(non_empty(key, value)?),
            "name" => self.name = Some(non_empty(key, value)?),
            "arg" => self.args.push(value.to_string()),
            "proto" => {
                self.proto = Some(match value {
                    "uci" => Dialect::Uci,
                    "ugi" => Dialect::Ugi,
                    _ => return Err(format!("proto is uci or ugi, not '{value}'")),
                })
            }
            "notation" => self.notation = Notation::parse(value)?,
            "tc" => self.limits.clock = Some(parse_clock(value)?),
            "st" => self.limits.move_time_ms = Some(at_least_one(key, value, parse_seconds)?),
            "depth" => self.limits.depth = Some(at_least_one(key, value, parse_count)?),
            "nodes" => self.limits.nodes = Some(at_least_one(key, value, parse_count)?),
            "timemargin" => self.limits.margin_ms = Some(parse_count(key, value)?),
            "hard" => self.limits.hard_ms = Some(parse_seconds(key, value)?),
            _ => {
                return Err(format!(
                    "unknown key '{key}' (cmd, name, arg, proto, notation, option.<Name>, tc, st, \
                     depth, nodes, timemargin, hard)"
                ));
            }
        }
        Ok(())
    }

    fn finish(self) -> Result<EngineSpec, String> {
        let cmd = self.cmd.ok_or("no cmd=<program>")?;
        if self.limits.is_unlimited() {
            return Err("no limit: give tc=, st=, depth= or nodes=".to_string());
        }
        let name = self.name.unwrap_or_else(|| {
            std::path::Path::new(&cmd)
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_else(|| cmd.clone())
        });
        Ok(EngineSpec {
            name,
            cmd,
            args: self.args,
            proto: self.proto,
            notation: self.notation,
            options: self.options,
            limits: self.limits,
        })
    }
}

fn non_empty(key: &str, value: &str) -> Result<String, String> {
    if value.trim().is_empty() {
        Err(format!("{key}= is empty"))
    } else {
        Ok(value.to_string())
    }
}

fn parse_count<T: std::str::FromStr>(key: &str, value: &str) -> Result<T, String> {
    value
        .parse()
        .map_err(|_| format!("{key}= takes a whole number, not '{value}'"))
}

/// A limit read by `parse` that must be at least 1 (ms, plies or nodes): engines refuse a
/// `go` with `movetime 0`, `depth 0` or `nodes 0`.
fn at_least_one<T: TryFrom<u8> + PartialOrd>(
    key: &str,
    value: &str,
    parse: fn(&str, &str) -> Result<T, String>,
) -> Result<T, String> {
    let n = parse(key, value)?;
    match T::try_from(1) {
        Ok(one) if n >= one => Ok(n),
        _ => Err(format!(
            "{key}= must be at least 1 (ms, plies or nodes), not '{value}'"
        )),
    }
}

/// Seconds (`2`, `0.05`) to milliseconds.
fn parse_seconds(key: &str, value: &str) -> Result<u64, String> {
    match value.parse::<f64>() {
        Ok(s) if (0.0..1e9).contains(&s) => Ok((s * 1000.0).round() as u64),
        _ => Err(format!("{key}= takes seconds, not '{value}'")),
    }
}

/// `<base s>+<inc s>` or `<base s>`.
fn parse_clock(value: &str) -> Result<TimeControl, String> {
    let (base, inc) = value.split_once('+').unwrap_or((value, "0"));
    let base_ms = parse_seconds("tc", base)?;
    if base_ms == 0 {
        return Err(format!("tc={value} leaves no time on the clock"));
    }
    Ok(TimeControl {
        base_ms,
        inc_ms: parse_seconds("tc", inc)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn each_applies_to_every_engine_and_an_engine_overrides_it() {
        let specs = engines(
            &[
                words("cmd=target/release/sente name=full"),
                words("cmd=./mine arg=--quiet arg=-v proto=ugi option.Hash=16 st=0.5"),
            ],
            &words("tc=2+0.05 option.Hash=8"),
        )
        .unwrap();
        assert_eq!(specs[0].name, "full");
        assert_eq!(specs[0].options, vec![("Hash".into(), "8".into())]);
        assert_eq!(
            specs[0].limits.clock,
            Some(TimeControl {
                base_ms: 2000,
                inc_ms: 50
            })
        );
        assert_eq!(specs[1].name, "mine");
        assert_eq!(specs[1].args, vec!["--quiet", "-v"]);
        assert_eq!(specs[1].proto, Some(Dialect::Ugi));
        assert_eq!(specs[1].options, vec![("Hash".into(), "16".into())]);
        assert_eq!(specs[1].limits.move_time_ms, Some(500));
        assert_eq!(specs[1].limits.to_string(), "2+0.05,st=0.5");
        assert_eq!(
            specs[1].setup_text(),
            "cmd=./mine arg=--quiet arg=-v proto=ugi option.Hash=16 tc=2+0.05 st=0.5 \
             timemargin=100 hard=30"
        );
        assert_eq!(
            specs[0].setup_text(),
            "cmd=target/release/sente option.Hash=8 tc=2+0.05 timemargin=100 hard=30"
        );
        let shared = shared_options(&words("tc=2+0.05 option.Hash=8 option.Hash=4")).unwrap();
        assert_eq!(shared, vec![("Hash".into(), "4".into())]);
    }

    #[test]
    fn equal_names_are_numbered() {
        let specs = engines(&[words("cmd=a depth=1"), words("cmd=a depth=2")], &[]).unwrap();
        assert_eq!(specs[0].name, "a-1");
        assert_eq!(specs[1].name, "a-2");
    }

    #[test]
    fn bad_pairs_are_named() {
        let err = |group: &str| engines(&[words(group)], &[]).unwrap_err();
        assert!(err("cmd=x").contains("no limit"));
        assert!(err("depth=3").contains("no cmd"));
        assert!(err("cmd=x depth=three").contains("depth= takes a whole number"));
        assert!(err("cmd=x tc=0").contains("no time"));
        assert!(err("cmd=x st=-1").contains("st= takes seconds"));
        assert!(err("cmd=x st=0").contains("st= must be at least 1"));
        assert!(err("cmd=x st=0.0001").contains("st= must be at least 1"));
        assert!(err("cmd=x depth=0").contains("depth= must be at least 1"));
        assert!(err("cmd=x nodes=0").contains("nodes= must be at least 1"));
        assert!(err("cmd=x proto=xboard depth=1").contains("uci or ugi"));
        assert!(err("cmd=x colour=red depth=1").contains("unknown key 'colour'"));
        assert!(err("cmd=x depth").contains("not key=value"));
    }
}
