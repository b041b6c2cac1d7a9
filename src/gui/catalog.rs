//! The engines the server may start (from `--engine`, never from the page), each asked once
//! at startup for its name, variants and `option` lines; the options read into form fields,
//! a value from the page checked against them, and an option a view needs looked for.

use super::wire::{EngineEntry, OptionSpec};
use crate::client::process::EngineProcess;
use crate::engine::options::ENGINE_OPTIONS;
use crate::protocol::option::read_option;
use crate::referee::spec::EngineSpec;
use crate::variants::registry;

/// An engine's `option` line (read by the protocol's reader) as a form field, with what
/// sente's own declarations say of it: the variant whose rules it changes (`BabylonColours`:
/// `babylon`), a label for a form and a line of help.
pub fn option_spec(line: &str) -> Option<OptionSpec> {
    let option = read_option(line)?;
    let mut spec = OptionSpec {
        name: option.name,
        kind: option.kind,
        default: option.default,
        min: option.min,
        max: option.max,
        vars: option.vars,
        ..OptionSpec::default()
    };
    if let Some((variant, rule)) = registry::rule_option(&spec.name) {
        spec.rule_of = Some(variant.to_string());
        spec.label = Some(rule.label.to_string());
        spec.help = Some(rule.help.to_string());
    } else if let Some(option) = ENGINE_OPTIONS.iter().find(|o| o.name == spec.name) {
        spec.help = Some(option.help.to_string());
    }
    Some(spec)
}

/// Checks a value the page gives for `spec`.
pub fn check_value(spec: &OptionSpec, value: &str) -> Result<(), String> {
    let name = &spec.name;
    match spec.kind.as_str() {
        "spin" => {
            let n: i64 = value
                .parse()
                .map_err(|_| format!("{name} takes a whole number, not '{value}'"))?;
            let (min, max) = (spec.min.unwrap_or(i64::MIN), spec.max.unwrap_or(i64::MAX));
            if !(min..=max).contains(&n) {
                return Err(format!("{name} is from {min} to {max}, not {n}"));
            }
            Ok(())
        }
        "check" if value == "true" || value == "false" => Ok(()),
        "check" => Err(format!("{name} is true or false, not '{value}'")),
        "combo" if spec.vars.iter().any(|v| v == value) => Ok(()),
        "combo" => Err(format!(
            "{name} is one of {}, not '{value}'",
            spec.vars.join(", ")
        )),
        "button" => Ok(()),
        _ if value.contains(char::is_control) => Err(format!("{name}: a control character")),
        _ => Ok(()),
    }
}

/// An engine of the server: how to start it and what it said at startup.
#[derive(Clone, Debug)]
pub struct Engine {
    /// From `--engine`.
    pub spec: EngineSpec,
    /// What the page is told.
    pub entry: EngineEntry,
}

impl Engine {
    /// The option `name` (case-insensitive, as UCI names are).
    pub fn option(&self, name: &str) -> Option<&OptionSpec> {
        self.entry
            .options
            .iter()
            .find(|o| o.name.eq_ignore_ascii_case(name))
    }

    /// True when it plays `variant` (or did not say which it plays).
    pub fn plays(&self, variant: &str) -> bool {
        self.entry
            .variants
            .as_ref()
            .is_none_or(|v| v.iter().any(|n| n == variant))
    }
}

/// Starts each engine once (all at the same time), reads its handshake and quits it.
pub fn probe(specs: Vec<EngineSpec>) -> Vec<Engine> {
    let handles: Vec<_> = specs
        .into_iter()
        .map(|spec| {
            std::thread::spawn(move || {
                let entry = probe_one(&spec);
                Engine { spec, entry }
            })
        })
        .collect();
    handles.into_iter().filter_map(|h| h.join().ok()).collect()
}

fn probe_one(spec: &EngineSpec) -> EngineEntry {
    let mut entry = EngineEntry {
        name: spec.name.clone(),
        id_name: None,
        variants: None,
        options: Vec::new(),
        error: None,
    };
    let mut process = match EngineProcess::spawn(&spec.cmd, &spec.args) {
        Ok(p) => p,
        Err(e) => {
            entry.error = Some(e);
            return entry;
        }
    };
    match process.handshake_in(spec.proto, spec.notation) {
        Ok(()) => {
            entry.id_name = process.id_name.clone();
            entry.variants = process.variants.clone();
            entry.options = process
                .options
                .iter()
                .filter_map(|l| option_spec(l))
                .collect();
        }
        Err(fault) => entry.error = Some(format!("handshake failed: {fault:?}")),
    }
    process.quit();
    entry
}

/// Checks that `engine` has the option `name`, and the value `value` among its choices when
/// it is a combo; the error says what the view needs.
pub fn require_option(
    engine: &Engine,
    name: &str,
    value: Option<&str>,
    needed_for: &str,
) -> Result<(), String> {
    let who = &engine.spec.name;
    let Some(option) = engine.option(name) else {
        return Err(format!(
            "{who} has no option {name}: {needed_for} needs an engine that has it, as sente does"
        ));
    };
    if let Some(value) = value
        && option.kind == "combo"
        && !option.vars.iter().any(|v| v == value)
    {
        return Err(format!(
            "{who}'s option {name} has no value {value} (it has {}): {needed_for} needs it, as sente has",
            option.vars.join(", ")
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn option_lines_are_read_into_form_fields() {
        let spin = option_spec("option name Hash type spin default 16 min 1 max 16384").unwrap();
        assert_eq!(
            (spin.kind.as_str(), spin.min, spin.max),
            ("spin", Some(1), Some(16384))
        );
        assert_eq!(spin.default.as_deref(), Some("16"));
        assert_eq!(spin.rule_of, None);
        let button = option_spec("option name Clear Hash type button").unwrap();
        assert_eq!(button.name, "Clear Hash");
        let combo =
            option_spec("option name RushMetric type combo default steps var steps var slides")
                .unwrap();
        assert_eq!(combo.vars, ["steps", "slides"]);
        assert_eq!(combo.rule_of.as_deref(), Some("rushhour"));
        let string = option_spec("option name Book File type string default my min book").unwrap();
        assert_eq!(string.default.as_deref(), Some("my min book"));
        assert_eq!(option_spec("option type spin"), None);
        assert_eq!(option_spec("id name x"), None);
        let colours = option_spec("option name BabylonColours type spin default 4 min 1 max 8");
        assert_eq!(colours.unwrap().rule_of.as_deref(), Some("babylon"));
    }

    #[test]
    fn values_are_checked_against_the_option() {
        let spin = option_spec("option name Hash type spin default 16 min 1 max 64").unwrap();
        assert!(check_value(&spin, "8").is_ok());
        assert!(
            check_value(&spin, "0")
                .unwrap_err()
                .contains("from 1 to 64")
        );
        assert!(check_value(&spin, "x").is_err());
        let check = option_spec("option name OwnBook type check default true").unwrap();
        assert!(check_value(&check, "false").is_ok());
        assert!(check_value(&check, "yes").is_err());
        let combo = option_spec("option name A type combo default x var x var y").unwrap();
        assert!(check_value(&combo, "y").is_ok());
        assert!(check_value(&combo, "z").is_err());
    }
}
