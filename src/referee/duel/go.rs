//! The text of a typed `go` in an engine's dialect: the one place a game's `go` line is
//! written (to be replaced by the protocol's command writer once it exists).

use crate::protocol::command::{Dialect, GoParams};

/// `go` with its words in this order: the clocks (`wtime`/`winc`/`btime`/`binc`, or
/// `p1time`/`p1inc`/`p2time`/`p2inc` in UGI), `movestogo`, `infinite`, `solve [weak]`,
/// `movetime`, `depth`, `nodes`.
pub fn go_text(params: &GoParams, dialect: Dialect) -> String {
    let names = match dialect {
        Dialect::Uci => ["wtime", "winc", "btime", "binc"],
        Dialect::Ugi => ["p1time", "p1inc", "p2time", "p2inc"],
    };
    let mut line = "go".to_string();
    let mut word = |name: &str, value: Option<String>| {
        if let Some(value) = value {
            line.push(' ');
            line.push_str(name);
            if !value.is_empty() {
                line.push(' ');
                line.push_str(&value);
            }
        }
    };
    let number = |n: Option<u64>| n.map(|n| n.to_string());
    let flag = |on: bool| on.then(String::new);
    word(names[0], number(params.p1_time));
    word(names[1], number(params.p1_inc));
    word(names[2], number(params.p2_time));
    word(names[3], number(params.p2_inc));
    word("movestogo", params.moves_to_go.map(|n| n.to_string()));
    word("infinite", flag(params.infinite));
    word("solve", flag(params.solve));
    word("weak", flag(params.solve && params.weak));
    word("movetime", number(params.move_time));
    word("depth", params.depth.map(|n| n.to_string()));
    word("nodes", number(params.nodes));
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::parse::parse_command;

    #[test]
    fn a_go_is_written_in_its_dialect_and_read_back() {
        let params = GoParams {
            p1_time: Some(900),
            p1_inc: Some(50),
            p2_time: Some(1000),
            p2_inc: Some(50),
            move_time: Some(100),
            depth: Some(4),
            nodes: Some(5000),
            ..GoParams::default()
        };
        assert_eq!(
            go_text(&params, Dialect::Uci),
            "go wtime 900 winc 50 btime 1000 binc 50 movetime 100 depth 4 nodes 5000"
        );
        assert_eq!(
            go_text(&params, Dialect::Ugi),
            "go p1time 900 p1inc 50 p2time 1000 p2inc 50 movetime 100 depth 4 nodes 5000"
        );
        for dialect in [Dialect::Uci, Dialect::Ugi] {
            let text = go_text(&params, dialect);
            assert_eq!(
                parse_command(&text),
                Ok(crate::protocol::command::Command::Go(params.clone())),
                "{text}"
            );
        }
        let solve = GoParams {
            solve: true,
            move_time: Some(300),
            ..GoParams::default()
        };
        assert_eq!(go_text(&solve, Dialect::Ugi), "go solve movetime 300");
        assert_eq!(go_text(&GoParams::default(), Dialect::Uci), "go");
    }
}
