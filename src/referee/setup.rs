//! The match a game belongs to, as every block of the record says it: the `Variant` and
//! `Rules` headers and `Games`, `Openings`, `Seed`, `Engine<n>`, `Engine<n>Setup` and `SPRT`.
//! `--merge` compares them so that it never mixes games of different matches.

use super::config::MatchConfig;
use super::record::RecordedGame;
use super::stats::Sprt;

/// The headers a block carries about its match, after the game's own.
pub fn headers(config: &MatchConfig) -> Vec<(String, String)> {
    let mut headers = vec![
        ("Games".to_string(), config.games.to_string()),
        ("Openings".to_string(), config.openings.describe()),
        ("Seed".to_string(), config.seed.to_string()),
    ];
    for (i, engine) in config.engines.iter().enumerate() {
        headers.push((format!("Engine{}", i + 1), engine.name.clone()));
        headers.push((format!("Engine{}Setup", i + 1), engine.setup_text()));
    }
    if let Some(sprt) = &config.sprt {
        headers.push(("SPRT".to_string(), sprt_text(sprt)));
    }
    headers
}

/// `elo0=0 elo1=10 alpha=0.05 beta=0.05`, read back by `Sprt::parse`.
fn sprt_text(sprt: &Sprt) -> String {
    format!(
        "elo0={} elo1={} alpha={} beta={}",
        sprt.elo0, sprt.elo1, sprt.alpha, sprt.beta
    )
}

/// A match as its record's blocks describe it.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchSetup {
    /// The headers that must be equal in every game of the match, in a fixed order.
    pub key: Vec<(String, String)>,
    /// The engines' names, in the order of the command line.
    pub names: Vec<String>,
    /// Games per pair of engines.
    pub games: usize,
    /// The test the match was played under, if any.
    pub sprt: Option<Sprt>,
}

impl MatchSetup {
    /// Reads a block's match headers.
    pub fn read(game: &RecordedGame) -> Result<MatchSetup, String> {
        let required = |key: &str| {
            game.header(key).ok_or_else(|| {
                format!(
                    "no [{key}] header: only records written by sente match since --shard \
                     (which say what match each game belongs to) can be merged"
                )
            })
        };
        let mut key = Vec::new();
        let mut keep = |name: &str, value: &str| key.push((name.to_string(), value.to_string()));
        for name in ["Variant", "Games", "Openings", "Seed"] {
            keep(name, required(name)?);
        }
        keep("Rules", game.header("Rules").unwrap_or(""));
        keep("SPRT", game.header("SPRT").unwrap_or(""));
        let mut names = Vec::new();
        while let Some(name) = game.header(&format!("Engine{}", names.len() + 1)) {
            let n = names.len() + 1;
            keep(&format!("Engine{n}"), name);
            keep(
                &format!("Engine{n}Setup"),
                required(&format!("Engine{n}Setup"))?,
            );
            names.push(name.to_string());
        }
        if names.len() < 2 {
            required(&format!("Engine{}", names.len() + 1))?;
        }
        let games_text = required("Games")?;
        let games = games_text
            .parse()
            .map_err(|_| format!("[Games \"{games_text}\"] is not a number"))?;
        let sprt = match game.header("SPRT") {
            Some(text) => {
                let words: Vec<String> = text.split_whitespace().map(str::to_string).collect();
                Some(Sprt::parse(&words).map_err(|e| format!("[SPRT \"{text}\"]: {e}"))?)
            }
            None => None,
        };
        Ok(MatchSetup {
            key,
            names,
            games,
            sprt,
        })
    }

    /// Games in the whole match: each pair of engines plays `games` (at most `usize::MAX`).
    pub fn total(&self) -> usize {
        let engines = self.names.len();
        (engines * (engines - 1) / 2).saturating_mul(self.games)
    }

    /// `Ok` when `other` describes the same match; otherwise the first header that differs.
    pub fn same_match(&self, other: &MatchSetup) -> Result<(), String> {
        if self.names.len() != other.names.len() {
            return Err(format!(
                "{} engines where the first game has {}",
                other.names.len(),
                self.names.len()
            ));
        }
        let shown = |(name, value): &(String, String)| {
            if value.is_empty() {
                format!("no [{name}]")
            } else {
                format!("[{name} \"{value}\"]")
            }
        };
        for (mine, theirs) in self.key.iter().zip(&other.key) {
            if mine != theirs {
                return Err(format!(
                    "{} where the first game has {}",
                    shown(theirs),
                    shown(mine)
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn block(extra: &[(&str, &str)]) -> RecordedGame {
        let mut headers = vec![
            ("Variant", "tictactoe"),
            ("Games", "5"),
            ("Openings", "start"),
            ("Seed", "1"),
            ("Engine1", "a"),
            ("Engine1Setup", "cmd=x depth=1 timemargin=100 hard=30"),
            ("Engine2", "b"),
            ("Engine2Setup", "cmd=y depth=1 timemargin=100 hard=30"),
            ("Engine3", "c"),
            ("Engine3Setup", "cmd=z depth=1 timemargin=100 hard=30"),
        ];
        for (key, value) in extra {
            headers.retain(|(k, _)| k != key);
            if !value.is_empty() {
                headers.push((key, value));
            }
        }
        RecordedGame {
            headers: headers
                .into_iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            ..RecordedGame::default()
        }
    }

    #[test]
    fn the_match_is_read_back_and_compared_header_by_header() {
        let setup = MatchSetup::read(&block(&[])).unwrap();
        assert_eq!(setup.names, vec!["a", "b", "c"]);
        // Three pairs of five games.
        assert_eq!(setup.total(), 15);
        assert_eq!(setup.sprt, None);
        assert!(setup.same_match(&setup).is_ok());
        let sprt = block(&[("SPRT", "elo0=0 elo1=5 alpha=0.05 beta=0.1")]);
        let with_sprt = MatchSetup::read(&sprt).unwrap();
        assert_eq!(with_sprt.sprt.map(|s| s.beta), Some(0.1));
        assert_eq!(
            setup.same_match(&with_sprt).unwrap_err(),
            "[SPRT \"elo0=0 elo1=5 alpha=0.05 beta=0.1\"] where the first game has no [SPRT]"
        );
        let two = MatchSetup::read(&block(&[("Engine3", "")])).unwrap();
        assert_eq!(two.total(), 5);
        assert_eq!(
            setup.same_match(&two).unwrap_err(),
            "2 engines where the first game has 3"
        );
        let rules = MatchSetup::read(&block(&[("Rules", "BabylonColours=3")])).unwrap();
        assert!(setup.same_match(&rules).unwrap_err().starts_with("[Rules"));
        let err = |extra: &[(&str, &str)]| MatchSetup::read(&block(extra)).unwrap_err();
        assert!(err(&[("Seed", "")]).contains("no [Seed] header"));
        assert!(err(&[("Engine2Setup", "")]).contains("no [Engine2Setup] header"));
        assert!(err(&[("Engine2", "")]).contains("no [Engine2] header"));
        assert!(err(&[("Games", "many")]).contains("not a number"));
        assert!(err(&[("SPRT", "elo0=1")]).contains("[SPRT"));
    }
}
