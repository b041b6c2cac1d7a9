//! Openings: where each pair of games starts (both colour orders play the same opening).

use crate::variants::rules::Rules;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// A start: a fen (or the start position) and moves played from it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Opening {
    /// The fen, `None` for the variant's start position.
    pub fen: Option<String>,
    /// Moves played before the engines take over.
    pub moves: Vec<String>,
}

/// Where openings come from (`--openings`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Openings {
    /// Every game from the start position.
    Start,
    /// `plies=N`: N random legal plies from the start, seeded.
    Random {
        /// Plies per opening.
        plies: u32,
        /// The match's `--seed`.
        seed: u64,
    },
    /// `file=<path>`: the file's openings, in order, again from the top when used up.
    List(Vec<Opening>),
}

impl Openings {
    /// Reads `plies=N` or `file=<path>` (the file's lines checked under `rules`).
    pub fn parse(spec: &str, seed: u64, rules: &Rules) -> Result<Openings, String> {
        if let Some(n) = spec.strip_prefix("plies=") {
            let plies = n
                .parse()
                .map_err(|_| format!("--openings plies= takes a number, not '{n}'"))?;
            return Ok(Openings::Random { plies, seed });
        }
        if let Some(path) = spec.strip_prefix("file=") {
            let text =
                std::fs::read_to_string(path).map_err(|e| format!("--openings {path}: {e}"))?;
            return read_list(&text, rules).map_err(|e| format!("--openings {path}: {e}"));
        }
        Err(format!(
            "--openings takes plies=N or file=<path>, not '{spec}'"
        ))
    }

    /// What the record's `Openings` header says: `start`, `plies=4`, or for a file the number
    /// of openings and a hash of them (`file: 12 openings, fnv1a 5c1e...`), so that records of
    /// the same match compare equal wherever the file lies.
    pub fn describe(&self) -> String {
        match self {
            Openings::Start => "start".to_string(),
            Openings::Random { plies, .. } => format!("plies={plies}"),
            Openings::List(list) => {
                let text: String = list
                    .iter()
                    .map(|o| {
                        format!(
                            "{} moves {}\n",
                            o.fen.as_deref().unwrap_or("startpos"),
                            o.moves.join(" ")
                        )
                    })
                    .collect();
                format!(
                    "file: {} openings, fnv1a {:016x}",
                    list.len(),
                    fnv1a(text.as_bytes())
                )
            }
        }
    }

    /// The opening of pair `index` (games 2·index+1 and 2·index+2).
    pub fn get(&self, index: usize, rules: &Rules) -> Result<Opening, String> {
        match self {
            Openings::Start => Ok(Opening::default()),
            Openings::List(list) => Ok(list[index % list.len()].clone()),
            Openings::Random { plies, seed } => random(*plies, *seed, index, rules),
        }
    }
}

/// The 64-bit FNV-1a hash: stable from one build and machine to the next.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// `plies` random legal moves that do not end the game; the generator depends only on the
/// seed and the index, so concurrent games get the same openings as a sequential run.
fn random(plies: u32, seed: u64, index: usize, rules: &Rules) -> Result<Opening, String> {
    let mut rng = StdRng::seed_from_u64(seed ^ (index as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    'attempt: for _ in 0..1000 {
        let mut pos = rules.position(None, &[])?;
        let mut moves = Vec::new();
        for _ in 0..plies {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                continue 'attempt;
            }
            let mv = legal[rng.random_range(0..legal.len())].clone();
            pos.play_move(&mv)?;
            moves.push(mv);
        }
        if pos.outcome().is_none() {
            return Ok(Opening { fen: None, moves });
        }
    }
    Err(format!(
        "no {plies}-ply opening of {} leaves the game open",
        rules.variant()
    ))
}

/// An openings file: one opening per line, `#` comments and blank lines skipped. A line is
/// `startpos [moves m1 m2 ...]`, `fen <fen> [moves ...]`, a bare fen, or a bare move list
/// from the start position.
fn read_list(text: &str, rules: &Rules) -> Result<Openings, String> {
    let mut list = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let opening = read_line(line, rules).map_err(|e| format!("line {}: {e}", n + 1))?;
        let pos = rules.position(opening.fen.as_deref(), &opening.moves)?;
        if let Some(outcome) = pos.outcome() {
            return Err(format!(
                "line {}: the game is already over ({outcome})",
                n + 1
            ));
        }
        list.push(opening);
    }
    if list.is_empty() {
        return Err("no openings in the file".to_string());
    }
    Ok(Openings::List(list))
}

/// Splits `<head> moves <m1> <m2>...` into the trimmed head and the moves (no moves when
/// there is no ` moves`).
pub fn split_moves(text: &str) -> (String, Vec<String>) {
    match text.split_once(" moves") {
        Some((head, moves)) => (
            head.trim().to_string(),
            moves.split_whitespace().map(str::to_string).collect(),
        ),
        None => (text.trim().to_string(), Vec::new()),
    }
}

/// Reads one opening line (see `read_list`), checked under `rules`.
pub fn read_line(line: &str, rules: &Rules) -> Result<Opening, String> {
    let opening = if let Some(rest) = line.strip_prefix("startpos") {
        let (head, moves) = split_moves(rest);
        if !head.is_empty() {
            return Err(format!("'{head}' after startpos"));
        }
        Opening { fen: None, moves }
    } else if let Some(rest) = line.strip_prefix("fen ") {
        let (fen, moves) = split_moves(rest);
        Opening {
            fen: Some(fen),
            moves,
        }
    } else if let Some(rest) = line.strip_prefix("moves ") {
        let (_, moves) = split_moves(&format!(" moves {rest}"));
        Opening { fen: None, moves }
    } else if rules.position(Some(line), &[]).is_ok() {
        Opening {
            fen: Some(line.to_string()),
            moves: Vec::new(),
        }
    } else {
        Opening {
            fen: None,
            moves: line.split_whitespace().map(str::to_string).collect(),
        }
    };
    rules.position(opening.fen.as_deref(), &opening.moves)?;
    Ok(opening)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_openings_are_legal_open_and_reproducible() {
        let rules = Rules::new("connect4", &[]).unwrap();
        let openings = Openings::parse("plies=6", 7, &rules).unwrap();
        let first = openings.get(3, &rules).unwrap();
        assert_eq!(first.moves.len(), 6);
        assert_eq!(first, openings.get(3, &rules).unwrap());
        assert_ne!(first, openings.get(4, &rules).unwrap());
        let pos = rules.position(None, &first.moves).unwrap();
        assert!(pos.outcome().is_none());
        let other_seed = Openings::parse("plies=6", 8, &rules).unwrap();
        assert_ne!(first, other_seed.get(3, &rules).unwrap());
    }

    #[test]
    fn file_lines_are_fens_or_move_lists() {
        let rules = Rules::new("tictactoe", &[]).unwrap();
        let fen = rules.position(None, &["b2".into()]).unwrap().fen();
        let text = format!(
            "# comment\n\nstartpos moves a1 b2\nb2 a1\nfen {fen} moves a1\n{fen}\nmoves c3\n"
        );
        let Openings::List(list) = read_list(&text, &rules).unwrap() else {
            panic!("not a list");
        };
        assert_eq!(list.len(), 5);
        assert_eq!(list[0].moves, vec!["a1", "b2"]);
        assert_eq!(list[1].moves, vec!["b2", "a1"]);
        assert_eq!(list[2].fen.as_deref(), Some(fen.as_str()));
        assert_eq!(list[2].moves, vec!["a1"]);
        assert_eq!(list[3].moves, Vec::<String>::new());
        assert_eq!(list[4].moves, vec!["c3"]);
        let described = Openings::List(list.clone()).describe();
        assert!(
            described.starts_with("file: 5 openings, fnv1a "),
            "{described}"
        );
        let mut changed = list.clone();
        changed[4].moves = vec!["c2".to_string()];
        assert_ne!(Openings::List(changed).describe(), described);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
        let bad = read_list("a1 a1\n", &rules).unwrap_err();
        assert!(bad.contains("line 1"), "{bad}");
        let over = read_list("a1 b1 a2 b2 a3\n", &rules).unwrap_err();
        assert!(over.contains("already over"), "{over}");
    }
}
