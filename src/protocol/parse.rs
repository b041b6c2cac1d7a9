//! nom parsers turning one input line into a typed `Command`, or an error naming what was
//! wrong and at which column.

use super::command::{Command, Dialect, GoParams, PositionStart, Query};
use nom::bytes::complete::{tag, take_till1, take_while};
use nom::character::complete::{char, digit1, space0, space1};
use nom::combinator::{eof, opt, recognize};
use nom::error::{ErrorKind, ParseError as NomParseError};
use nom::sequence::preceded;
use nom::{IResult, Parser};
use std::fmt;

/// Why a line was rejected: a message and the 1-based column where the problem starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// What was wrong.
    pub message: String,
    /// 1-based character column in the line.
    pub column: usize,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (column {})", self.message, self.column)
    }
}

/// nom's error for our parsers: where it happened and, once known, what went wrong.
#[derive(Debug)]
struct LineError<'a> {
    at: &'a str,
    message: Option<String>,
}

impl<'a> NomParseError<&'a str> for LineError<'a> {
    fn from_error_kind(input: &'a str, _kind: ErrorKind) -> Self {
        LineError {
            at: input,
            message: None,
        }
    }

    fn append(_input: &'a str, _kind: ErrorKind, other: Self) -> Self {
        other
    }
}

type Res<'a, T> = IResult<&'a str, T, LineError<'a>>;

/// A hard failure at `at` with a message: no other alternative is tried.
fn fail<'a, T>(at: &'a str, message: impl Into<String>) -> Res<'a, T> {
    Err(nom::Err::Failure(LineError {
        at,
        message: Some(message.into()),
    }))
}

fn is_blank(c: char) -> bool {
    c == ' ' || c == '\t'
}

/// One whitespace-free token.
fn word(input: &str) -> Res<'_, &str> {
    take_till1(is_blank).parse(input)
}

/// Whitespace then a token.
fn next_word(input: &str) -> Res<'_, &str> {
    preceded(space1, word).parse(input)
}

/// The end of the line, allowing trailing blanks.
fn end(input: &str) -> Res<'_, ()> {
    let (rest, _) = space0(input)?;
    match eof::<&str, LineError>.parse(rest) {
        Ok((rest, _)) => Ok((rest, ())),
        Err(_) => fail(rest, format!("unexpected '{}'", first_word(rest))),
    }
}

fn first_word(input: &str) -> &str {
    input.split(is_blank).next().unwrap_or("")
}

/// A whole number of at least `min`; anything else (a negative or smaller value, a value too
/// large for `T`, not a number) is an error naming `what` and the value.
fn number<'a, T: TryFrom<u64>>(what: &str, input: &'a str, min: u64) -> Res<'a, T> {
    let Ok((rest, _)) = space1::<&str, LineError>(input) else {
        return fail(input, format!("'{what}' needs a number"));
    };
    let parsed: Res<&str> = recognize((opt(char('-')), digit1)).parse(rest);
    let Ok((after, digits)) = parsed else {
        return fail(
            rest,
            format!("'{what}' needs a number, got '{}'", first_word(rest)),
        );
    };
    if !after.is_empty() && !after.starts_with(is_blank) {
        return fail(
            rest,
            format!("'{what}' needs a number, got '{}'", first_word(rest)),
        );
    }
    let too_small = || {
        fail(
            rest,
            format!("'{what}' must be at least {min}, got {digits}"),
        )
    };
    let magnitude = digits.trim_start_matches('-');
    if magnitude.len() < digits.len() && magnitude.bytes().any(|b| b != b'0') {
        return too_small();
    }
    match magnitude.parse::<u64>() {
        Ok(n) if n < min => too_small(),
        Ok(n) => match T::try_from(n) {
            Ok(n) => Ok((after, n)),
            Err(_) => fail(rest, format!("'{what}' value {digits} is too large")),
        },
        Err(_) => fail(rest, format!("'{what}' value {digits} is too large")),
    }
}

fn parse_go(mut input: &str) -> Res<'_, Command> {
    let mut params = GoParams::default();
    loop {
        let (rest, _) = space0(input)?;
        if rest.is_empty() {
            return Ok((rest, Command::Go(params)));
        }
        let (after, key) = word(rest)?;
        input = match key {
            "wtime" | "p1time" => set(&mut params.p1_time, key, after)?,
            "btime" | "p2time" => set(&mut params.p2_time, key, after)?,
            "winc" | "p1inc" => set(&mut params.p1_inc, key, after)?,
            "binc" | "p2inc" => set(&mut params.p2_inc, key, after)?,
            "movestogo" => set(&mut params.moves_to_go, key, after)?,
            "movetime" => set(&mut params.move_time, key, after)?,
            "depth" => set(&mut params.depth, key, after)?,
            "nodes" => set(&mut params.nodes, key, after)?,
            "infinite" => {
                params.infinite = true;
                after
            }
            "solve" => {
                params.solve = true;
                // `weak` and `value` qualify `solve`, in either order.
                let mut rest = after;
                loop {
                    match next_word(rest) {
                        Ok((more, "weak")) if !params.weak => {
                            params.weak = true;
                            rest = more;
                        }
                        Ok((more, "value")) if !params.value_only => {
                            params.value_only = true;
                            rest = more;
                        }
                        _ => break rest,
                    }
                }
            }
            _ => return fail(rest, format!("unknown go parameter '{key}'")),
        };
    }
}

/// Parses the number after `key` into `slot`, returning the rest of the line. Clock times
/// and increments may be 0; every other limit must be at least 1.
fn set<'a, T: TryFrom<u64>>(
    slot: &mut Option<T>,
    key: &str,
    input: &'a str,
) -> Result<&'a str, nom::Err<LineError<'a>>> {
    let min = match key {
        "wtime" | "btime" | "winc" | "binc" | "p1time" | "p2time" | "p1inc" | "p2inc" => 0,
        _ => 1,
    };
    let (rest, n) = number(key, input, min)?;
    *slot = Some(n);
    Ok(rest)
}

fn parse_position(input: &str) -> Res<'_, Command> {
    let Ok((rest, kind)) = next_word(input) else {
        return fail(input, "position needs 'startpos' or 'fen'");
    };
    let (mut rest, start) = match kind {
        "startpos" => (rest, PositionStart::Startpos),
        "fen" => {
            let mut fen_words = Vec::new();
            let mut cursor = rest;
            while let Ok((after, w)) = next_word(cursor) {
                if w == "moves" {
                    break;
                }
                fen_words.push(w);
                cursor = after;
            }
            if fen_words.is_empty() {
                return fail(rest, "'fen' needs a position");
            }
            (cursor, PositionStart::Fen(fen_words.join(" ")))
        }
        other => {
            let at = &input[input.len() - input.trim_start_matches(is_blank).len()..];
            return fail(
                at,
                format!("position needs 'startpos' or 'fen', got '{other}'"),
            );
        }
    };
    let mut moves = Vec::new();
    if let Ok((after, w)) = next_word(rest) {
        if w != "moves" {
            let at = rest.trim_start_matches(is_blank);
            return fail(at, format!("expected 'moves', got '{w}'"));
        }
        rest = after;
        while let Ok((after, mv)) = next_word(rest) {
            moves.push(mv.to_string());
            rest = after;
        }
    }
    let (rest, _) = end(rest)?;
    Ok((rest, Command::Position { start, moves }))
}

fn parse_setoption(input: &str) -> Res<'_, Command> {
    let (rest, _) = match preceded(space1, tag::<&str, &str, LineError>("name")).parse(input) {
        Ok(ok) => ok,
        Err(_) => return fail(input, "setoption needs 'name <option>'"),
    };
    let body = rest.trim_matches(is_blank);
    let (name, value) = split_value(body);
    if name.is_empty() {
        return fail(rest, "setoption needs an option name after 'name'");
    }
    Ok((
        "",
        Command::SetOption {
            name: name.to_string(),
            value: value.map(str::to_string),
        },
    ))
}

/// Splits `<name words> value <value words>` at the first `value` token.
fn split_value(body: &str) -> (&str, Option<&str>) {
    let mut offset = 0;
    for token in body.split(is_blank) {
        if token == "value" {
            let name = body[..offset].trim_matches(is_blank);
            let value = body[offset + token.len()..].trim_matches(is_blank);
            return (name, Some(value));
        }
        offset += token.len() + 1;
    }
    (body, None)
}

fn parse_query(input: &str) -> Res<'_, Command> {
    let Ok((rest, what)) = next_word(input) else {
        return fail(input, "query needs gameover, p1turn, result, moves or fen");
    };
    let query = match what {
        "gameover" => Query::GameOver,
        "p1turn" => Query::P1Turn,
        "result" => Query::Result,
        "moves" => Query::Moves,
        "fen" => Query::Fen,
        _ => {
            let at = input.trim_start_matches(is_blank);
            return fail(at, format!("unknown query '{what}'"));
        }
    };
    let (rest, _) = end(rest)?;
    Ok((rest, Command::Query(query)))
}

fn parse_debug(input: &str) -> Res<'_, Command> {
    let (rest, on) = match next_word(input) {
        Ok((rest, "on")) => (rest, true),
        Ok((rest, "off")) => (rest, false),
        _ => return fail(input, "debug needs 'on' or 'off'"),
    };
    let (rest, _) = end(rest)?;
    Ok((rest, Command::Debug(on)))
}

/// A command that takes no argument.
fn bare(input: &str, command: Command) -> Res<'_, Command> {
    let (rest, _) = end(input)?;
    Ok((rest, command))
}

fn command(input: &str) -> Res<'_, Command> {
    let (input, _) = take_while(is_blank).parse(input)?;
    if input.is_empty() {
        return Ok((input, Command::Empty));
    }
    let (rest, name) = word(input)?;
    match name {
        "uci" => bare(rest, Command::Handshake(Dialect::Uci)),
        "ugi" => bare(rest, Command::Handshake(Dialect::Ugi)),
        "isready" => bare(rest, Command::IsReady),
        "ucinewgame" | "uginewgame" => bare(rest, Command::NewGame),
        "stop" => bare(rest, Command::Stop),
        "ponderhit" => bare(rest, Command::PonderHit),
        "quit" => bare(rest, Command::Quit),
        "d" => bare(rest, Command::Display),
        "debug" => parse_debug(rest),
        "setoption" => parse_setoption(rest),
        "position" => parse_position(rest),
        "go" => parse_go(rest),
        "query" => parse_query(rest),
        "perft" => {
            let (rest, depth) = number::<u32>("perft", rest, 1)?;
            let (rest, _) = end(rest)?;
            Ok((rest, Command::Perft(depth)))
        }
        _ => fail(input, format!("unknown command '{name}'")),
    }
}

/// Parses one line (without its line ending; a trailing `\r` is ignored).
pub fn parse_command(line: &str) -> Result<Command, ParseError> {
    let line = line.strip_suffix('\r').unwrap_or(line);
    match command(line) {
        Ok((_, cmd)) => Ok(cmd),
        Err(nom::Err::Error(e)) | Err(nom::Err::Failure(e)) => {
            let consumed = line.len() - e.at.len();
            Err(ParseError {
                message: e.message.unwrap_or_else(|| "malformed line".to_string()),
                column: line[..consumed].chars().count() + 1,
            })
        }
        Err(nom::Err::Incomplete(_)) => Err(ParseError {
            message: "incomplete line".to_string(),
            column: line.chars().count() + 1,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(line: &str) -> Command {
        parse_command(line).unwrap_or_else(|e| panic!("{line:?}: {e}"))
    }

    fn err(line: &str) -> ParseError {
        match parse_command(line) {
            Ok(cmd) => panic!("{line:?} parsed as {cmd:?}"),
            Err(e) => e,
        }
    }

    #[test]
    fn simple_commands() {
        assert_eq!(ok("uci"), Command::Handshake(Dialect::Uci));
        assert_eq!(ok("ugi\r"), Command::Handshake(Dialect::Ugi));
        assert_eq!(ok("  isready  "), Command::IsReady);
        assert_eq!(ok("\tuginewgame"), Command::NewGame);
        assert_eq!(ok(""), Command::Empty);
        assert_eq!(ok(" \t "), Command::Empty);
        assert_eq!(ok("perft 5"), Command::Perft(5));
        assert_eq!(ok("debug on"), Command::Debug(true));
        assert_eq!(ok("query p1turn"), Command::Query(Query::P1Turn));
    }

    #[test]
    fn position_with_fen_and_moves() {
        assert_eq!(
            ok("position startpos moves 4 4 3"),
            Command::Position {
                start: PositionStart::Startpos,
                moves: vec!["4".into(), "4".into(), "3".into()],
            }
        );
        assert_eq!(
            ok("position fen x../.o./... x  moves a1"),
            Command::Position {
                start: PositionStart::Fen("x../.o./... x".into()),
                moves: vec!["a1".into()],
            }
        );
        assert_eq!(
            ok("position startpos"),
            Command::Position {
                start: PositionStart::Startpos,
                moves: vec![],
            }
        );
    }

    #[test]
    fn go_parameters_in_both_dialects() {
        let Command::Go(p) = ok("go wtime 1000 btime 2000 winc 10 binc 20 movestogo 5") else {
            panic!()
        };
        assert_eq!(
            (p.p1_time, p.p2_time, p.p1_inc, p.p2_inc, p.moves_to_go),
            (Some(1000), Some(2000), Some(10), Some(20), Some(5))
        );
        let Command::Go(p) = ok("go p1time 5 p2time 6 p1inc 1 p2inc 2 depth 3 nodes 9") else {
            panic!()
        };
        assert_eq!(
            (p.p1_time, p.p2_time, p.depth, p.nodes),
            (Some(5), Some(6), Some(3), Some(9))
        );
        let Command::Go(p) = ok("go wtime 0 binc 0 infinite") else {
            panic!()
        };
        assert_eq!((p.p1_time, p.p2_inc, p.infinite), (Some(0), Some(0), true));
        assert!(matches!(ok("go"), Command::Go(p) if p == GoParams::default()));
        let Command::Go(p) = ok("go solve weak movetime 50") else {
            panic!()
        };
        assert_eq!((p.solve, p.weak, p.move_time), (true, true, Some(50)));
        let Command::Go(p) = ok("go solve movetime 50") else {
            panic!()
        };
        assert_eq!((p.solve, p.weak), (true, false));
        let Command::Go(p) = ok("go solve value weak movetime 50") else {
            panic!()
        };
        assert_eq!(
            (p.solve, p.weak, p.value_only, p.move_time),
            (true, true, true, Some(50))
        );
        let Command::Go(p) = ok("go solve value") else {
            panic!()
        };
        assert_eq!((p.solve, p.weak, p.value_only), (true, false, true));
        // `value` qualifies `solve` only.
        err("go value");
    }

    #[test]
    fn setoption_names_and_values_may_have_spaces() {
        assert_eq!(
            ok("setoption name Clear Hash"),
            Command::SetOption {
                name: "Clear Hash".into(),
                value: None,
            }
        );
        assert_eq!(
            ok("setoption name UCI_Variant value tictactoe"),
            Command::SetOption {
                name: "UCI_Variant".into(),
                value: Some("tictactoe".into()),
            }
        );
    }

    #[test]
    fn numbers_out_of_range_are_refused_naming_the_parameter_and_value() {
        for (line, message, column) in [
            ("go depth -1", "'depth' must be at least 1, got -1", 10),
            ("go depth 0", "'depth' must be at least 1, got 0", 10),
            ("go nodes 0", "'nodes' must be at least 1, got 0", 10),
            (
                "go movetime -5",
                "'movetime' must be at least 1, got -5",
                13,
            ),
            ("go movetime 0", "'movetime' must be at least 1, got 0", 13),
            (
                "go movestogo 0",
                "'movestogo' must be at least 1, got 0",
                14,
            ),
            (
                "go wtime -30 infinite",
                "'wtime' must be at least 0, got -30",
                10,
            ),
            ("go btime -1", "'btime' must be at least 0, got -1", 10),
            ("go p1inc -2", "'p1inc' must be at least 0, got -2", 10),
            ("go depth -0", "'depth' must be at least 1, got -0", 10),
            ("perft 0", "'perft' must be at least 1, got 0", 7),
        ] {
            let e = err(line);
            assert_eq!((e.message.as_str(), e.column), (message, column), "{line}");
        }
        let Command::Go(p) = ok("go depth 1 nodes 1 movetime 1 movestogo 1 wtime 0 winc 0") else {
            panic!()
        };
        assert_eq!(
            (
                p.depth,
                p.nodes,
                p.move_time,
                p.moves_to_go,
                p.p1_time,
                p.p1_inc
            ),
            (Some(1), Some(1), Some(1), Some(1), Some(0), Some(0))
        );
        assert_eq!(ok("perft 1"), Command::Perft(1));
        assert!(matches!(ok("go p2time -0"), Command::Go(p) if p.p2_time == Some(0)));
    }

    #[test]
    fn errors_name_the_problem_and_column() {
        let e = err("go movetime abc");
        assert_eq!(e.column, 13);
        assert!(e.message.contains("movetime"), "{e}");
        let e = err("go depth");
        assert!(e.message.contains("depth"), "{e}");
        let e = err("go sideways 3");
        assert_eq!(e.column, 4);
        let e = err("frobnicate now");
        assert!(e.message.contains("frobnicate"), "{e}");
        assert_eq!(e.column, 1);
        assert_eq!(err("isready now").column, 9);
        assert_eq!(
            err("position").message,
            "position needs 'startpos' or 'fen'"
        );
        assert!(err("position startpos 4 4").message.contains("'moves'"));
        assert!(err("position fen").message.contains("fen"));
        assert!(err("query nothing").message.contains("nothing"));
        assert!(err("perft -").message.contains("perft"));
        assert_eq!(
            err("perft -1").message,
            "'perft' must be at least 1, got -1"
        );
        assert!(
            err("go depth 99999999999999999999")
                .message
                .contains("large")
        );
        assert!(err("setoption value 3").message.contains("name"));
    }
}

#[cfg(test)]
mod properties {
    use super::*;
    use proptest::prelude::*;

    const WORDS: &[&str] = &[
        "uci",
        "ugi",
        "isready",
        "go",
        "position",
        "startpos",
        "fen",
        "moves",
        "setoption",
        "name",
        "value",
        "query",
        "perft",
        "depth",
        "movetime",
        "wtime",
        "infinite",
        "stop",
        "-5",
        "0",
        "18446744073709551616",
        "4",
        "a1",
        "x",
        "/",
        "\t",
        "",
        "quit",
        "d",
    ];

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        #[test]
        fn arbitrary_text_never_panics(line in "\\PC{0,200}") {
            if let Err(e) = parse_command(&line) {
                prop_assert!(!e.message.is_empty());
                prop_assert!(e.column >= 1 && e.column <= line.chars().count() + 1);
            }
        }

        #[test]
        fn arbitrary_token_sequences_never_panic(
            words in proptest::collection::vec(proptest::sample::select(WORDS), 0..12),
            blanks in proptest::collection::vec(proptest::sample::select(&[" ", "  ", "\t", " \t "][..]), 12),
        ) {
            let mut line = String::new();
            for (word, blank) in words.iter().zip(blanks.iter()) {
                line.push_str(word);
                line.push_str(blank);
            }
            if let Err(e) = parse_command(&line) {
                prop_assert!(e.column >= 1 && e.column <= line.chars().count() + 1);
            }
        }
    }

    /// Every command word.
    const COMMANDS: &[&str] = &[
        "uci",
        "ugi",
        "isready",
        "ucinewgame",
        "uginewgame",
        "stop",
        "ponderhit",
        "quit",
        "d",
        "debug",
        "setoption",
        "position",
        "go",
        "query",
        "perft",
    ];

    /// Argument words of every command, numbers at the edges of their types, and fens and
    /// moves of the games.
    const ARGUMENTS: &[&str] = &[
        "startpos",
        "fen",
        "moves",
        "name",
        "value",
        "Hash",
        "UCI_Variant",
        "Clear",
        "connect4",
        "tictactoe",
        "on",
        "off",
        "gameover",
        "p1turn",
        "result",
        "wtime",
        "btime",
        "winc",
        "binc",
        "p1time",
        "p2time",
        "p1inc",
        "p2inc",
        "movestogo",
        "movetime",
        "depth",
        "nodes",
        "infinite",
        "solve",
        "0",
        "7",
        "-1",
        "-",
        "4294967295",
        "4294967296",
        "18446744073709551615",
        "18446744073709551616",
        "4",
        "a1",
        "x",
        ".../.x./... o",
        "......./......./......./......./......./....... x",
        "((3 12 8) (2 4 6))",
        "..BCCCD.BEFFDAAE...G.EHHIGJJ.KILLL.K",
        "A+1",
        "@34",
        "a1b1",
        "0000",
        "\u{e9}",
    ];

    /// Usual first arguments.
    const HEADS: &[&str] = &[
        "",
        "startpos",
        "startpos moves",
        "fen",
        "fen .../.x./... o moves",
        "name",
        "name Hash value",
        "depth 3",
        "moves",
    ];

    /// The command words a successfully parsed command may come from.
    fn words_of(command: &Command) -> &'static [&'static str] {
        match command {
            Command::Handshake(Dialect::Uci) => &["uci"],
            Command::Handshake(Dialect::Ugi) => &["ugi"],
            Command::IsReady => &["isready"],
            Command::NewGame => &["ucinewgame", "uginewgame"],
            Command::Stop => &["stop"],
            Command::PonderHit => &["ponderhit"],
            Command::Quit => &["quit"],
            Command::Display => &["d"],
            Command::Debug(_) => &["debug"],
            Command::SetOption { .. } => &["setoption"],
            Command::Position { .. } => &["position"],
            Command::Go(_) => &["go"],
            Command::Query(_) => &["query"],
            Command::Perft(_) => &["perft"],
            Command::Empty => &[],
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        /// A real command word followed by argument words in any order: no panic; an accepted
        /// line is the command its first word names, with its words where they belong; a
        /// rejected one names a column inside the line.
        #[test]
        fn command_words_with_any_arguments(
            lead in proptest::sample::select(&[" ", "", "\t"][..]),
            command in proptest::sample::select(COMMANDS),
            head in proptest::sample::select(HEADS),
            tail in proptest::collection::vec(proptest::sample::select(ARGUMENTS), 0..10),
            blank in proptest::sample::select(&[" ", "  ", "\t"][..]),
        ) {
            // A usual start of the arguments (so that many lines get past it), then any words.
            let mut arguments: Vec<&str> = head.split(' ').filter(|w| !w.is_empty()).collect();
            arguments.extend(tail);
            let mut line = format!("{lead}{command}");
            for argument in &arguments {
                line.push_str(blank);
                line.push_str(argument);
            }
            match parse_command(&line) {
                Ok(parsed) => {
                    prop_assert!(words_of(&parsed).contains(&command), "{:?} -> {:?}", line, parsed);
                    match parsed {
                        Command::Position { start, moves } => {
                            if let PositionStart::Fen(fen) = start {
                                prop_assert!(fen.split(is_blank).all(|w| w != "moves"));
                            }
                            let listed = arguments.iter().position(|w| *w == "moves");
                            let given: usize = listed.map_or(0, |i| {
                                arguments[i + 1..]
                                    .iter()
                                    .map(|a| a.split(is_blank).count())
                                    .sum()
                            });
                            prop_assert_eq!(moves.len(), given);
                            prop_assert!(moves.iter().all(|m| !m.is_empty() && !m.contains(is_blank)));
                        }
                        Command::SetOption { name, .. } => prop_assert!(!name.is_empty()),
                        _ => {}
                    }
                }
                Err(e) => {
                    prop_assert!(!e.message.is_empty());
                    prop_assert!(e.column >= 1 && e.column <= line.chars().count() + 1);
                }
            }
        }
    }
}
