//! Search trace lines (protocol.md, "Search trace"): `info trace id <i> parent <p> move
//! <m>|none ply <d> kind max|min|chance|leaf [alpha <a> beta <b>] value <v> [pruned <k>]`,
//! written from a `TraceNode` and read back into one, strictly: a line that is not exactly
//! this shape is refused with the first word that is wrong. Values and window bounds are
//! numbers in the game's own units, written in decimal without an exponent (`3`, `7.67`,
//! `-47`, `999995` for a win), and `inf`/`-inf` for an open end of a window.

use crate::search::trace::{NodeKind, TraceNode, Window};
use std::fmt;

/// Each node kind and its word.
const KINDS: [(NodeKind, &str); 4] = [
    (NodeKind::Max, "max"),
    (NodeKind::Min, "min"),
    (NodeKind::Chance, "chance"),
    (NodeKind::Leaf, "leaf"),
];

/// `max`, `min`, `chance` or `leaf`.
pub fn kind_word(kind: NodeKind) -> &'static str {
    KINDS
        .iter()
        .find(|(k, _)| *k == kind)
        .map_or("leaf", |(_, word)| word)
}

/// A trace value or window bound as the line writes it: a decimal number in the game's
/// units (`3`, `7.67`, `-0.5`: Rust's shortest form that reads back exactly, never an
/// exponent), or `inf`/`-inf` for an open end.
pub struct TraceValue(pub f64);

impl fmt::Display for TraceValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            v if v == f64::INFINITY => write!(f, "inf"),
            v if v == f64::NEG_INFINITY => write!(f, "-inf"),
            // -0 is 0.
            v if v.abs() == 0.0 => write!(f, "0"),
            v => write!(f, "{v}"),
        }
    }
}

/// `info trace id <i> parent <p> move <m>|none ply <d> kind max|min|chance|leaf
/// [alpha <a> beta <b>] value <v> [pruned <k>]`.
impl fmt::Display for TraceNode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "info trace id {} parent {} move {} ply {} kind {}",
            self.id,
            self.parent,
            self.move_text.as_deref().unwrap_or("none"),
            self.ply,
            kind_word(self.kind)
        )?;
        if let Some(window) = self.window {
            write!(
                f,
                " alpha {} beta {}",
                TraceValue(window.alpha),
                TraceValue(window.beta)
            )?;
        }
        write!(f, " value {}", TraceValue(self.value))?;
        if self.pruned > 0 {
            write!(f, " pruned {}", self.pruned)?;
        }
        Ok(())
    }
}

/// A word of a line as an error message shows it (at most 40 characters).
fn shown(word: &str) -> String {
    word.chars().take(40).collect()
}

/// Reads `info trace id <i> parent <p> move <m>|none ply <d> kind max|min|chance|leaf
/// [alpha <a> beta <b>] value <v> [pruned <k>]`; the error names the first word that is wrong.
pub fn read_trace_line(line: &str) -> Result<TraceNode, String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let mut at = 0;
    let mut word = |expected: &str| -> Result<&str, String> {
        let got = words.get(at).copied();
        at += 1;
        match got {
            Some(w) if expected.is_empty() || w == expected => Ok(w),
            Some(w) => Err(format!("expected '{expected}', got '{}'", shown(w))),
            None if expected.is_empty() => Err("the line ends too soon".to_string()),
            None => Err(format!("expected '{expected}', the line ends")),
        }
    };
    word("info")?;
    word("trace")?;
    word("id")?;
    let id = number(word("")?, "id")?;
    word("parent")?;
    let parent = number(word("")?, "parent")?;
    word("move")?;
    let move_text = match word("")? {
        "none" => None,
        mv => Some(mv.to_string()),
    };
    word("ply")?;
    let ply = u32::try_from(number(word("")?, "ply")?).map_err(|_| "ply is too large")?;
    word("kind")?;
    let kind_text = word("")?;
    let Some(&(kind, _)) = KINDS.iter().find(|(_, w)| *w == kind_text) else {
        return Err(format!(
            "kind is max, min, chance or leaf, not '{}'",
            shown(kind_text)
        ));
    };
    let mut next = word("")?;
    let window = if next == "alpha" {
        let alpha = read_value(word("")?, "alpha")?;
        word("beta")?;
        let beta = read_value(word("")?, "beta")?;
        next = word("")?;
        Some(Window { alpha, beta })
    } else {
        None
    };
    if next != "value" {
        return Err(format!("expected 'value', got '{}'", shown(next)));
    }
    let node_value = read_value(word("")?, "value")?;
    let pruned = match words.get(at) {
        None => 0,
        Some(&"pruned") => {
            at += 1;
            let k = words
                .get(at)
                .ok_or("expected the number of pruned children, the line ends")?;
            at += 1;
            usize::try_from(number(k, "pruned")?).map_err(|_| "pruned is too large")?
        }
        Some(other) => return Err(format!("unexpected '{}' after the value", shown(other))),
    };
    if let Some(extra) = words.get(at) {
        return Err(format!("unexpected '{}' at the end", shown(extra)));
    }
    Ok(TraceNode {
        id,
        parent,
        move_text,
        ply,
        kind,
        window,
        value: node_value,
        pruned,
    })
}

fn number(word: &str, name: &str) -> Result<u64, String> {
    word.parse()
        .map_err(|_| format!("{name} is a whole number, not '{}'", shown(word)))
}

/// A value or window bound: a decimal number (`-?digits[.digits]`), or `inf`/`-inf`.
pub fn read_value(word: &str, name: &str) -> Result<f64, String> {
    let refuse = || {
        format!(
            "{name} is a number (3, -0.5, 7.67), inf or -inf, not '{}'",
            shown(word)
        )
    };
    match word {
        "inf" => return Ok(f64::INFINITY),
        "-inf" => return Ok(f64::NEG_INFINITY),
        _ => {}
    }
    let digits = word.strip_prefix('-').unwrap_or(word);
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, "0"));
    let decimal = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
    if !(decimal(whole) && decimal(fraction)) {
        return Err(refuse());
    }
    word.parse::<f64>()
        .ok()
        .filter(|v| v.is_finite())
        .ok_or_else(refuse)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::response::Response;
    use proptest::prelude::*;

    #[test]
    fn trace_lines_read_as_the_protocol_says() {
        let mut node = TraceNode {
            id: 6,
            parent: 1,
            move_text: Some("2".into()),
            ply: 1,
            kind: NodeKind::Min,
            window: Some(Window {
                alpha: 3.0,
                beta: f64::INFINITY,
            }),
            value: 2.0,
            pruned: 2,
        };
        assert_eq!(
            Response::Trace(node.clone()).to_string(),
            "info trace id 6 parent 1 move 2 ply 1 kind min alpha 3 beta inf value 2 pruned 2"
        );
        node.window = Some(Window {
            alpha: f64::NEG_INFINITY,
            beta: -0.05,
        });
        node.pruned = 0;
        node.value = 767.0 / 100.0;
        assert_eq!(
            Response::Trace(node.clone()).to_string(),
            "info trace id 6 parent 1 move 2 ply 1 kind min alpha -inf beta -0.05 value 7.67"
        );
        node.window = None;
        node.move_text = None;
        node.kind = NodeKind::Chance;
        node.value = -999_997.0;
        assert_eq!(
            Response::Trace(node.clone()).to_string(),
            "info trace id 6 parent 1 move none ply 1 kind chance value -999997"
        );
        node.value = -0.0;
        assert!(Response::Trace(node).to_string().ends_with(" value 0"));
    }

    #[test]
    fn lines_that_are_not_the_protocol_are_refused_naming_the_word() {
        for line in [
            "info trace id 2 parent 1 move b2 ply 1 kind chance value 7.67",
            "info trace id 9 parent 4 move @00 ply 3 kind leaf value -999997",
            "info trace id 6 parent 1 move 2 ply 1 kind min alpha 3 beta inf value 2 pruned 2",
            "info trace id 6 parent 1 move 2 ply 1 kind max alpha -inf beta -0.5 value -47",
        ] {
            let node = read_trace_line(line).unwrap();
            assert_eq!(Response::Trace(node).to_string(), line);
        }
        let err = |l: &str| read_trace_line(l).unwrap_err();
        assert!(err("info trace id x parent 0").contains("id is a whole number"));
        assert!(
            err("info trace id 1 parent 0 move none ply 0 kind top value 1").contains("kind is")
        );
        assert!(
            err("info trace id 1 parent 0 move none ply 0 kind max value")
                .contains("ends too soon")
        );
        assert!(
            err("info trace id 1 parent 0 move none ply 0 kind max value 3 extra")
                .contains("unexpected 'extra'")
        );
        assert!(
            err("info trace id 1 parent 0 move none ply 0 kind max alpha 1 value 3")
                .contains("expected 'beta'")
        );
        assert!(
            err("info trace id 1 parent 0 move none ply 0 kind max value 3 pruned")
                .contains("number of pruned children")
        );
        // A value is a plain decimal or an open end: no exponent, NaN or other infinity.
        for word in [
            "1e5", "NaN", "nan", "infinity", "+3", "3.", ".5", "--1", "0x10", "-",
        ] {
            let line = format!("info trace id 1 parent 0 move none ply 0 kind max value {word}");
            assert!(
                err(&line).contains("value is a number (3, -0.5, 7.67), inf or -inf"),
                "{word}"
            );
        }
        assert!(err("info depth 3").contains("expected 'trace'"));
        assert!(err(&format!("info trace id {}", "9".repeat(60))).contains(&"9".repeat(40)));
    }

    /// A value or bound as the trace writes it: an open end, a win, or a value of a game in
    /// its units (any finite number, most with two decimals).
    fn trace_value() -> impl Strategy<Value = f64> {
        prop_oneof![
            Just(f64::INFINITY),
            Just(f64::NEG_INFINITY),
            (-1_000_000i32..=1_000_000).prop_map(f64::from),
            (-100_000_000i64..=100_000_000).prop_map(|h| h as f64 / 100.0),
            proptest::num::f64::NORMAL | proptest::num::f64::SUBNORMAL | proptest::num::f64::ZERO,
        ]
    }

    fn trace_node() -> impl Strategy<Value = TraceNode> {
        let kind = proptest::sample::select(KINDS.map(|(kind, _)| kind).to_vec());
        let move_text = proptest::option::of(
            "[a-zA-Z0-9@:+#=/.-]{1,6}".prop_filter("the root's word", |m| m != "none"),
        );
        let window = proptest::option::of(
            (trace_value(), trace_value()).prop_map(|(alpha, beta)| Window { alpha, beta }),
        );
        (
            (any::<u64>(), any::<u64>(), move_text, any::<u32>()),
            (kind, window, trace_value(), any::<usize>()),
        )
            .prop_map(
                |((id, parent, move_text, ply), (kind, window, value, pruned))| TraceNode {
                    id,
                    parent,
                    move_text,
                    ply,
                    kind,
                    window,
                    value,
                    pruned,
                },
            )
    }

    proptest! {
        #[test]
        fn trace_lines_read_back_as_written(node in trace_node()) {
            let line = Response::Trace(node.clone()).to_string();
            prop_assert_eq!(read_trace_line(&line), Ok(node));
        }

        #[test]
        fn any_line_is_read_without_panicking(line in "info trace \\PC{0,120}") {
            let _ = read_trace_line(&line);
        }
    }
}
