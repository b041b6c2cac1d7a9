//! The text of each typed command: the line a client writes to an engine, in the engine's
//! dialect. `parse.rs` reads it back: `parse_command(&command.line(dialect)) == Ok(command)`
//! for every command the grammar can carry (see the property test below).
//!
//! The dialects differ in two places only: the new-game word (`ucinewgame` / `uginewgame`)
//! and the clock words of `go` (`wtime btime winc binc` / `p1time p2time p1inc p2inc`); the
//! parser reads both dialects' words whatever the handshake was.

use super::command::{Command, Dialect, GoParams, PositionStart, Query};
use std::fmt;

impl Dialect {
    /// The handshake word, `uci` or `ugi` (also the dialect's name).
    pub fn word(self) -> &'static str {
        match self {
            Dialect::Uci => "uci",
            Dialect::Ugi => "ugi",
        }
    }

    /// The new-game word: `ucinewgame` or `uginewgame`.
    pub fn new_game_word(self) -> &'static str {
        match self {
            Dialect::Uci => "ucinewgame",
            Dialect::Ugi => "uginewgame",
        }
    }

    /// The clock words of `go`: the first player's time and increment, then the second's
    /// (`wtime winc btime binc` or `p1time p1inc p2time p2inc`).
    fn clock_words(self) -> [[&'static str; 2]; 2] {
        match self {
            Dialect::Uci => [["wtime", "winc"], ["btime", "binc"]],
            Dialect::Ugi => [["p1time", "p1inc"], ["p2time", "p2inc"]],
        }
    }
}

impl fmt::Display for Dialect {
    /// `uci` or `ugi`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

impl fmt::Display for PositionStart {
    /// `startpos`, or `fen <fen>`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionStart::Startpos => f.write_str("startpos"),
            PositionStart::Fen(fen) => write!(f, "fen {fen}"),
        }
    }
}

/// A command or `go`'s parameters with the dialect to write them in; its `Display` is the
/// text (`Command::written`, `GoParams::written`).
#[derive(Clone, Copy, Debug)]
pub struct Written<'a, T> {
    /// What is written.
    pub item: &'a T,
    /// In which dialect.
    pub dialect: Dialect,
}

impl Command {
    /// The line for this command in `dialect` (without a line ending).
    pub fn line(&self, dialect: Dialect) -> String {
        self.written(dialect).to_string()
    }

    /// This command in `dialect`, to format (`{}`) where a `String` is not needed.
    pub fn written(&self, dialect: Dialect) -> Written<'_, Command> {
        Written {
            item: self,
            dialect,
        }
    }
}

impl fmt::Display for Command {
    /// The line in UGI, sente's own dialect (`line(Dialect::Ugi)`): for showing a command, or
    /// for one written alike in both dialects (all but `NewGame` and a `Go` with clocks).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.written(Dialect::Ugi).fmt(f)
    }
}

impl GoParams {
    /// The words after `go` in `dialect` (empty for no parameter).
    pub fn words(&self, dialect: Dialect) -> String {
        self.written(dialect).to_string()
    }

    /// These parameters in `dialect`, to format (`{}`) where a `String` is not needed.
    pub fn written(&self, dialect: Dialect) -> Written<'_, GoParams> {
        Written {
            item: self,
            dialect,
        }
    }
}

impl fmt::Display for Written<'_, GoParams> {
    /// The words after `go`, separated by one space: each side's clock and increment, then
    /// `movestogo`, `movetime`, `depth`, `nodes`, `infinite`, `solve` (`solve weak value`). `weak`
    /// and `value` are written only after `solve`: the grammar has neither of its own.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = self.item;
        let [[p1time, p1inc], [p2time, p2inc]] = self.dialect.clock_words();
        let numbers = [
            (p1time, p.p1_time),
            (p1inc, p.p1_inc),
            (p2time, p.p2_time),
            (p2inc, p.p2_inc),
            ("movestogo", p.moves_to_go.map(u64::from)),
            ("movetime", p.move_time),
            ("depth", p.depth.map(u64::from)),
            ("nodes", p.nodes),
        ];
        let mut words = Vec::new();
        for (word, value) in numbers {
            if let Some(value) = value {
                words.push(format!("{word} {value}"));
            }
        }
        if p.infinite {
            words.push("infinite".to_string());
        }
        if p.solve {
            words.push("solve".to_string());
            if p.weak {
                words.push("weak".to_string());
            }
            if p.value_only {
                words.push("value".to_string());
            }
        }
        f.write_str(&words.join(" "))
    }
}

impl fmt::Display for Written<'_, Command> {
    /// The command's line: its word, then its arguments separated by single spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.item {
            Command::Handshake(dialect) => f.write_str(dialect.word()),
            Command::IsReady => f.write_str("isready"),
            Command::SetOption { name, value } => {
                write!(f, "setoption name {name}")?;
                match value.as_deref() {
                    None => Ok(()),
                    Some("") => f.write_str(" value"),
                    Some(value) => write!(f, " value {value}"),
                }
            }
            Command::NewGame => f.write_str(self.dialect.new_game_word()),
            Command::Position { start, moves } => {
                write!(f, "position {start}")?;
                if !moves.is_empty() {
                    write!(f, " moves {}", moves.join(" "))?;
                }
                Ok(())
            }
            Command::Go(params) => {
                let words = params.words(self.dialect);
                if words.is_empty() {
                    f.write_str("go")
                } else {
                    write!(f, "go {words}")
                }
            }
            Command::Stop => f.write_str("stop"),
            Command::PonderHit => f.write_str("ponderhit"),
            Command::Debug(on) => f.write_str(if *on { "debug on" } else { "debug off" }),
            Command::Query(query) => write!(f, "query {}", query_word(*query)),
            Command::Display => f.write_str("d"),
            Command::Perft(depth) => write!(f, "perft {depth}"),
            Command::Quit => f.write_str("quit"),
            Command::Empty => Ok(()),
        }
    }
}

/// The word after `query`.
fn query_word(query: Query) -> &'static str {
    match query {
        Query::GameOver => "gameover",
        Query::P1Turn => "p1turn",
        Query::Result => "result",
        Query::Moves => "moves",
        Query::Fen => "fen",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_in_each_dialect() {
        let go = Command::Go(GoParams {
            p1_time: Some(1000),
            p2_time: Some(0),
            p2_inc: Some(20),
            move_time: Some(50),
            ..GoParams::default()
        });
        assert_eq!(
            go.line(Dialect::Uci),
            "go wtime 1000 btime 0 binc 20 movetime 50"
        );
        assert_eq!(
            go.line(Dialect::Ugi),
            "go p1time 1000 p2time 0 p2inc 20 movetime 50"
        );
        assert_eq!(Command::NewGame.line(Dialect::Uci), "ucinewgame");
        assert_eq!(Command::NewGame.line(Dialect::Ugi), "uginewgame");
        // The handshake says its own dialect.
        assert_eq!(Command::Handshake(Dialect::Ugi).line(Dialect::Uci), "ugi");
        assert_eq!(Command::Go(GoParams::default()).line(Dialect::Ugi), "go");
        let solve = GoParams {
            solve: true,
            weak: true,
            ..GoParams::default()
        };
        assert_eq!(solve.words(Dialect::Ugi), "solve weak");
        let value = GoParams {
            solve: true,
            value_only: true,
            ..GoParams::default()
        };
        assert_eq!(value.words(Dialect::Uci), "solve value");
        assert_eq!(
            Command::Position {
                start: PositionStart::Fen("x../.o./... x".into()),
                moves: vec!["c3".into(), "a1".into()],
            }
            .line(Dialect::Ugi),
            "position fen x../.o./... x moves c3 a1"
        );
        assert_eq!(
            Command::Position {
                start: PositionStart::Startpos,
                moves: vec![],
            }
            .line(Dialect::Ugi),
            "position startpos"
        );
        assert_eq!(
            Command::SetOption {
                name: "Clear Hash".into(),
                value: None,
            }
            .line(Dialect::Ugi),
            "setoption name Clear Hash"
        );
        assert_eq!(
            Command::SetOption {
                name: "UCI_Variant".into(),
                value: Some("connect4".into()),
            }
            .line(Dialect::Uci),
            "setoption name UCI_Variant value connect4"
        );
        assert_eq!(
            Command::Query(Query::P1Turn).line(Dialect::Ugi),
            "query p1turn"
        );
        assert_eq!(Command::Empty.line(Dialect::Ugi), "");
        assert_eq!(format!("{}", Command::Stop.written(Dialect::Uci)), "stop");
        assert_eq!(Dialect::Ugi.to_string(), "ugi");
        assert_eq!(Command::NewGame.to_string(), "uginewgame");
    }
}

#[cfg(test)]
mod properties {
    use super::*;
    use crate::protocol::parse::parse_command;
    use proptest::prelude::*;
    use proptest::sample::select;

    // What the grammar can carry, and so what the strategies draw (each is written, then read
    // back unchanged, in both dialects):
    //
    // - An option's name: one or more words, none of them `value` (the parser splits name
    //   and value at the first `value` word), without blanks at either end (they are trimmed).
    //   Its value: any words, `value` among them, or none at all (`Some("")`), again without
    //   blanks at either end.
    // - A fen: words separated by single spaces (the parser joins the fen's words with one
    //   space), none of them `moves` (which ends the fen). A move: one word (any word,
    //   `moves` too, once the move list has begun).
    // - `go`: `movestogo`, `movetime`, `depth` and `nodes` at least 1 (the parser refuses 0
    //   there; clocks and increments may be 0); `weak` and `value` only with `solve` (`go
    //   solve weak value`: there is no `weak` or `value` alone). `perft` at least 1.
    // - `ucinewgame` and `uginewgame` are both `NewGame`; `uci` and `ugi` are the handshake
    //   in their own dialect, whatever the dialect written in.
    //
    // Outside these alphabets a command does not come back unchanged (a name holding the
    // word `value`, `go depth 0`, a fen with two spaces in a row): no client builds such a
    // command, and `refused_or_changed_outside_the_grammar` shows what happens to each.

    /// Single words of option names, fens, moves and values, from the games and the engine.
    const WORDS: &[&str] = &[
        "Hash",
        "UCI_Variant",
        "Clear",
        "Connect4Width",
        "PuzzleHeuristic",
        "name",
        "value",
        "moves",
        "startpos",
        "fen",
        "go",
        "0",
        "7",
        "-1",
        "18446744073709551616",
        "x",
        "o",
        ".../.x./...",
        "......./......./......./......./......./.......",
        "((3",
        "12",
        "8)",
        "..BCCCD.BEFFDAAE...G.EHHIGJJ.KILLL.K",
        "A+1",
        "@34",
        "a1b1",
        "P@d1",
        "0000",
        "/tmp/sente-fsf-1-0-sente-connect4-8x7.ini",
        "\u{e9}t\u{e9}",
        "\u{1F600}",
    ];

    fn words(
        min: usize,
        max: usize,
        allowed: fn(&str) -> bool,
    ) -> impl Strategy<Value = Vec<String>> {
        let pool: Vec<&'static str> = WORDS.iter().copied().filter(|w| allowed(w)).collect();
        proptest::collection::vec(select(pool).prop_map(str::to_string), min..max)
    }

    /// Words joined by one blank each (a space or a tab: both are kept inside a name or a
    /// value).
    fn phrase(min: usize, max: usize, allowed: fn(&str) -> bool) -> impl Strategy<Value = String> {
        (
            words(min, max, allowed),
            proptest::collection::vec(select(&[" ", "\t", "  "][..]), max),
        )
            .prop_map(|(words, blanks)| {
                let mut text = String::new();
                for (i, word) in words.iter().enumerate() {
                    if i > 0 {
                        text.push_str(blanks[i - 1]);
                    }
                    text.push_str(word);
                }
                text
            })
    }

    fn go_params() -> impl Strategy<Value = GoParams> {
        let clock = proptest::option::of(prop_oneof![Just(0u64), any::<u64>()]);
        let limit = proptest::option::of(prop_oneof![Just(1u64), 1..=u64::MAX]);
        let small = proptest::option::of(prop_oneof![Just(1u32), 1..=u32::MAX]);
        (
            (clock.clone(), clock.clone(), clock.clone(), clock),
            (small.clone(), limit.clone(), small, limit),
            (any::<bool>(), any::<bool>(), any::<bool>(), any::<bool>()),
        )
            .prop_map(
                |(
                    (p1_time, p2_time, p1_inc, p2_inc),
                    (moves_to_go, move_time, depth, nodes),
                    (infinite, solve, weak, value_only),
                )| GoParams {
                    p1_time,
                    p2_time,
                    p1_inc,
                    p2_inc,
                    moves_to_go,
                    move_time,
                    depth,
                    nodes,
                    infinite,
                    solve,
                    weak: solve && weak,
                    value_only: solve && value_only,
                },
            )
    }

    fn query() -> impl Strategy<Value = Query> {
        select(
            &[
                Query::GameOver,
                Query::P1Turn,
                Query::Result,
                Query::Moves,
                Query::Fen,
            ][..],
        )
    }

    /// Every variant of `Command`.
    fn command() -> impl Strategy<Value = Command> {
        let start = prop_oneof![
            Just(PositionStart::Startpos),
            words(1, 6, |w| w != "moves").prop_map(|w| PositionStart::Fen(w.join(" "))),
        ];
        prop_oneof![
            select(&[Dialect::Uci, Dialect::Ugi][..]).prop_map(Command::Handshake),
            Just(Command::IsReady),
            (
                phrase(1, 4, |w| w != "value"),
                proptest::option::of(prop_oneof![Just(String::new()), phrase(1, 4, |_| true)]),
            )
                .prop_map(|(name, value)| Command::SetOption { name, value }),
            Just(Command::NewGame),
            (start, words(0, 12, |_| true))
                .prop_map(|(start, moves)| Command::Position { start, moves }),
            go_params().prop_map(Command::Go),
            Just(Command::Stop),
            Just(Command::PonderHit),
            any::<bool>().prop_map(Command::Debug),
            query().prop_map(Command::Query),
            Just(Command::Display),
            (1..=u32::MAX).prop_map(Command::Perft),
            Just(Command::Quit),
            Just(Command::Empty),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig {
            cases: 3000,
            rng_seed: proptest::test_runner::RngSeed::Fixed(48),
            ..ProptestConfig::default()
        })]

        /// Every command the grammar can carry, written in either dialect, is read back as
        /// itself.
        #[test]
        fn written_commands_are_read_back(
            command in command(),
            dialect in select(&[Dialect::Uci, Dialect::Ugi][..]),
        ) {
            let line = command.line(dialect);
            prop_assert!(!line.contains(['\n', '\r']), "{:?}", line);
            prop_assert_eq!(parse_command(&line), Ok(command), "{:?}", line);
        }
    }

    #[test]
    fn refused_or_changed_outside_the_grammar() {
        let written = |command: Command| command.line(Dialect::Ugi);
        let option = |name: &str, value: Option<&str>| Command::SetOption {
            name: name.into(),
            value: value.map(str::to_string),
        };
        // A name holding `value` splits there.
        assert_eq!(
            parse_command(&written(option("max value", Some("3")))),
            Ok(option("max", Some("value 3")))
        );
        // Blanks at either end are trimmed.
        assert_eq!(
            parse_command(&written(option("Hash ", Some(" 3 ")))),
            Ok(option("Hash", Some("3")))
        );
        // A fen's blanks are one space each; `moves` ends it.
        let fen = |fen: &str| Command::Position {
            start: PositionStart::Fen(fen.into()),
            moves: vec![],
        };
        assert_eq!(parse_command(&written(fen("x  o"))), Ok(fen("x o")));
        assert_eq!(parse_command(&written(fen("x moves"))), Ok(fen("x")));
        // Limits of 0 are refused; `weak` and `value` without `solve` are not written.
        for params in [
            GoParams {
                depth: Some(0),
                ..GoParams::default()
            },
            GoParams {
                nodes: Some(0),
                ..GoParams::default()
            },
            GoParams {
                move_time: Some(0),
                ..GoParams::default()
            },
            GoParams {
                moves_to_go: Some(0),
                ..GoParams::default()
            },
        ] {
            assert!(parse_command(&written(Command::Go(params))).is_err());
        }
        assert!(parse_command(&written(Command::Perft(0))).is_err());
        let weak = GoParams {
            weak: true,
            ..GoParams::default()
        };
        assert_eq!(written(Command::Go(weak)), "go");
        let value = GoParams {
            value_only: true,
            ..GoParams::default()
        };
        assert_eq!(written(Command::Go(value)), "go");
    }
}
