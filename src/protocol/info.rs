//! `info` lines: sente's search info (`SearchInfo`, one line per iteration) and the reader of
//! any engine's `info` line (`read_info`), side by side so that what sente writes it reads
//! back. The reader is lenient: it reads other engines' lines too (Fairy-Stockfish's
//! `multipv`, `tbhits`, `currmove`...), skipping the words it does not know.

use crate::search::score::Reported;
use std::fmt;

/// How many moves of a `pv` are read (the rest of a longer one is dropped).
pub const MAX_PV_READ: usize = 256;

/// The qualifier of a score that is only a bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoreBound {
    /// `lowerbound`: the score is at least this.
    Lower,
    /// `upperbound`: the score is at most this.
    Upper,
}

impl ScoreBound {
    /// `lowerbound` or `upperbound`.
    pub fn word(self) -> &'static str {
        match self {
            ScoreBound::Lower => "lowerbound",
            ScoreBound::Upper => "upperbound",
        }
    }
}

/// One `info` line reported by a search.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchInfo {
    /// Completed depth.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// The score from the side to move.
    pub score: Option<Reported>,
    /// `lowerbound` / `upperbound` qualifier, if the score is only a bound.
    pub bound: Option<ScoreBound>,
    /// Positions visited.
    pub nodes: u64,
    /// Milliseconds since `go`.
    pub time_ms: u64,
    /// Transposition table fill in permille.
    pub hashfull: Option<u32>,
    /// The principal variation, in move notation.
    pub pv: Vec<String>,
}

impl SearchInfo {
    /// Nodes per second, as the line gives it (the time counted as at least 1 ms).
    pub fn nps(&self) -> u64 {
        self.nodes * 1000 / self.time_ms.max(1)
    }
}

/// `info depth <d> seldepth <s> [score cp <x>|mate <n>] [lowerbound|upperbound] nodes <n>
/// nps <n> time <ms> [hashfull <h>] [pv <moves>]`.
impl fmt::Display for SearchInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "info depth {} seldepth {}", self.depth, self.seldepth)?;
        match self.score {
            Some(Reported::Centipawns(cp)) => write!(f, " score cp {cp}")?,
            Some(Reported::Mate(n)) => write!(f, " score mate {n}")?,
            None => {}
        }
        if let Some(bound) = self.bound {
            write!(f, " {}", bound.word())?;
        }
        write!(
            f,
            " nodes {} nps {} time {}",
            self.nodes,
            self.nps(),
            self.time_ms
        )?;
        if let Some(hashfull) = self.hashfull {
            write!(f, " hashfull {hashfull}")?;
        }
        if !self.pv.is_empty() {
            write!(f, " pv {}", self.pv.join(" "))?;
        }
        Ok(())
    }
}

/// An `info` line as read, sente's or another engine's: each field the line gives.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct InfoLine {
    /// `depth`.
    pub depth: Option<u32>,
    /// `seldepth`.
    pub seldepth: Option<u32>,
    /// `score cp <x>` or `score mate <n>`, from the side to move.
    pub score: Option<Reported>,
    /// `lowerbound` or `upperbound`.
    pub bound: Option<ScoreBound>,
    /// `nodes`.
    pub nodes: Option<u64>,
    /// `nps`.
    pub nps: Option<u64>,
    /// `time`, in ms.
    pub time_ms: Option<u64>,
    /// `hashfull`, in permille.
    pub hashfull: Option<u32>,
    /// The moves after `pv` (at most `MAX_PV_READ`).
    pub pv: Vec<String>,
    /// The text after `info string`, its words joined by single spaces.
    pub string: Option<String>,
}

impl InfoLine {
    /// The line as sente's own search info, when it gives the fields sente always writes
    /// (depth, seldepth, nodes and time).
    pub fn search_info(&self) -> Option<SearchInfo> {
        Some(SearchInfo {
            depth: self.depth?,
            seldepth: self.seldepth?,
            score: self.score,
            bound: self.bound,
            nodes: self.nodes?,
            time_ms: self.time_ms?,
            hashfull: self.hashfull,
            pv: self.pv.clone(),
        })
    }
}

/// Reads an `info` line (the leading `info` may be left out). Unknown words are skipped, a
/// value that is not a number leaves its field empty, everything after `pv` is the line's
/// moves and everything after `string` its text. Never fails: a line with nothing known
/// reads as an empty `InfoLine`.
pub fn read_info(line: &str) -> InfoLine {
    let mut info = InfoLine::default();
    let words: Vec<&str> = line.split_whitespace().collect();
    let mut i = usize::from(words.first() == Some(&"info"));
    let value = |at: usize| words.get(at + 1).copied().unwrap_or("");
    while i < words.len() {
        match words[i] {
            "depth" => info.depth = value(i).parse().ok(),
            "seldepth" => info.seldepth = value(i).parse().ok(),
            "nodes" => info.nodes = value(i).parse().ok(),
            "nps" => info.nps = value(i).parse().ok(),
            "time" => info.time_ms = value(i).parse().ok(),
            "hashfull" => info.hashfull = value(i).parse().ok(),
            "score" => {
                let amount = words.get(i + 2).and_then(|v| v.parse().ok());
                let score = match (value(i), amount) {
                    ("cp", Some(cp)) => Some(Reported::Centipawns(cp)),
                    ("mate", Some(n)) => Some(Reported::Mate(n)),
                    _ => None,
                };
                if score.is_some() {
                    info.score = score;
                    i += 2;
                }
                i += 1;
                continue;
            }
            "lowerbound" | "upperbound" => {
                info.bound = Some(if words[i] == "lowerbound" {
                    ScoreBound::Lower
                } else {
                    ScoreBound::Upper
                });
                i += 1;
                continue;
            }
            "pv" => {
                info.pv = words[i + 1..]
                    .iter()
                    .take(MAX_PV_READ)
                    .map(|w| w.to_string())
                    .collect();
                break;
            }
            "string" => {
                info.string = Some(words[i + 1..].join(" "));
                break;
            }
            _ => {
                i += 1;
                continue;
            }
        }
        i += 2;
    }
    info
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::response::Response;
    use proptest::prelude::*;

    #[test]
    fn search_info_reads_as_the_protocol_says() {
        let info = SearchInfo {
            depth: 3,
            seldepth: 5,
            score: Some(Reported::Mate(-2)),
            bound: None,
            nodes: 2000,
            time_ms: 4,
            hashfull: Some(1),
            pv: vec!["4".into(), "3".into()],
        };
        assert_eq!(
            Response::Info(info).to_string(),
            "info depth 3 seldepth 5 score mate -2 nodes 2000 nps 500000 time 4 hashfull 1 pv 4 3"
        );
    }

    #[test]
    fn other_engines_lines_are_read_into_fields() {
        let info = read_info(
            "info depth 7 seldepth 9 score cp -12 upperbound nodes 4000 nps 20000 time 200 hashfull 3 pv 4 4 3",
        );
        assert_eq!((info.depth, info.seldepth), (Some(7), Some(9)));
        assert_eq!(info.score, Some(Reported::Centipawns(-12)));
        assert_eq!(info.bound, Some(ScoreBound::Upper));
        assert_eq!(
            (info.nodes, info.nps, info.time_ms, info.hashfull),
            (Some(4000), Some(20000), Some(200), Some(3))
        );
        assert_eq!(info.pv, ["4", "4", "3"]);
        // Fairy-Stockfish's line: the words sente does not write are skipped.
        let fsf = read_info(
            "info depth 12 seldepth 14 multipv 1 score cp 35 nodes 52138 nps 1737933 hashfull 17 tbhits 0 time 30 pv d4 d5",
        );
        assert_eq!(
            (fsf.depth, fsf.score, fsf.time_ms, fsf.pv.len()),
            (Some(12), Some(Reported::Centipawns(35)), Some(30), 2)
        );
        let text = read_info("info string solved -3");
        assert_eq!(text.string.as_deref(), Some("solved -3"));
        assert_eq!(text.depth, None);
        let odd = read_info("info depth x score mate 3 currmove 4");
        assert_eq!((odd.depth, odd.score), (None, Some(Reported::Mate(3))));
        let bare = read_info("depth 3 score cp -12 nodes 4 pv 4");
        assert_eq!((bare.depth, bare.nodes), (Some(3), Some(4)));
        assert_eq!(read_info("score cp"), InfoLine::default());
        assert_eq!(read_info(""), InfoLine::default());
        let long = format!("info pv {}", vec!["1"; MAX_PV_READ + 5].join(" "));
        assert_eq!(read_info(&long).pv.len(), MAX_PV_READ);
    }

    /// A move or a word of free text: no blank, never empty.
    fn word() -> impl Strategy<Value = String> {
        "[a-zA-Z0-9@:+#=/.-]{1,6}"
    }

    fn search_info() -> impl Strategy<Value = SearchInfo> {
        let score = prop_oneof![
            Just(None),
            any::<i32>().prop_map(|cp| Some(Reported::Centipawns(cp))),
            any::<i32>().prop_map(|n| Some(Reported::Mate(n))),
        ];
        let bound = prop_oneof![
            Just(None),
            Just(Some(ScoreBound::Lower)),
            Just(Some(ScoreBound::Upper)),
        ];
        (
            (any::<u32>(), any::<u32>(), score, bound),
            (
                0..1u64 << 50,
                any::<u64>(),
                proptest::option::of(any::<u32>()),
            ),
            proptest::collection::vec(word(), 0..12),
        )
            .prop_map(
                |((depth, seldepth, score, bound), (nodes, time_ms, hashfull), pv)| SearchInfo {
                    depth,
                    seldepth,
                    score,
                    bound,
                    nodes,
                    time_ms,
                    hashfull,
                    pv,
                },
            )
    }

    proptest! {
        #[test]
        fn search_info_lines_read_back_as_written(info in search_info()) {
            let line = Response::Info(info.clone()).to_string();
            let read = read_info(&line);
            prop_assert_eq!(read.nps, Some(info.nps()));
            prop_assert_eq!(read.string.as_deref(), None);
            prop_assert_eq!(read.search_info(), Some(info));
        }

        #[test]
        fn info_string_lines_read_back_as_written(words in proptest::collection::vec(word(), 0..12)) {
            let text = words.join(" ");
            let read = read_info(&Response::InfoString(text.clone()).to_string());
            prop_assert_eq!(read.string.as_deref(), Some(text.as_str()));
            prop_assert_eq!(read.search_info(), None);
            let error = read_info(&Response::Error(text.clone()).to_string());
            prop_assert_eq!(error.string, Some(format!("error: {text}").trim_end().to_string()));
        }

        #[test]
        fn any_line_is_read_without_panicking(line in "\\PC{0,200}") {
            let _ = read_info(&line);
        }
    }
}
