//! Results of a match so far: each pair's tally, terminations and forfeits, and the closing
//! summary lines.

use super::duel::result::{GameResult, TERMINATIONS, Termination};
use super::game::PlayedGame;
use super::stats::{Paired, Sprt, Tally};
use std::collections::BTreeMap;

/// Results so far: every pair's tally (from the lower index's side) and the terminations.
pub struct Standings {
    pairs: BTreeMap<(usize, usize), Tally>,
    /// Forfeits per engine and termination.
    forfeits: BTreeMap<(usize, Termination), u32>,
    terminations: BTreeMap<Termination, u32>,
    engines: usize,
    /// Two engines: the first engine's points in each opening's games, by opening (games
    /// `2k - 1` and `2k` of the match share opening `k`).
    by_opening: BTreeMap<usize, Vec<f64>>,
    /// Games counted.
    pub games: usize,
}

impl Standings {
    /// No game yet, `engines` engines.
    pub fn new(engines: usize) -> Standings {
        Standings {
            pairs: BTreeMap::new(),
            forfeits: BTreeMap::new(),
            terminations: BTreeMap::new(),
            engines,
            by_opening: BTreeMap::new(),
            games: 0,
        }
    }

    /// Counts game `round` (from 1) of the match: `players` are engine indexes (first player
    /// first).
    pub fn add_result(
        &mut self,
        round: usize,
        players: [usize; 2],
        result: GameResult,
        termination: Termination,
    ) {
        self.games += 1;
        let [p1, p2] = players;
        let (low, high, low_points) = if p1 < p2 {
            (p1, p2, result.p1_points())
        } else {
            (p2, p1, 1.0 - result.p1_points())
        };
        if self.engines == 2 {
            // `low` is the first engine.
            self.by_opening
                .entry(round.saturating_sub(1) / 2)
                .or_default()
                .push(low_points);
        }
        self.pairs.entry((low, high)).or_default().count(low_points);
        *self.terminations.entry(termination).or_default() += 1;
        if termination.is_fault() {
            let loser = if result == GameResult::P1Win { p2 } else { p1 };
            *self.forfeits.entry((loser, termination)).or_default() += 1;
        }
    }

    /// Counts a played game.
    pub fn add(&mut self, played: &PlayedGame) {
        self.add_result(
            played.round,
            played.players,
            played.result,
            played.termination,
        );
    }

    /// Two engines' games in pairs (one opening, both colour orders), from the first engine's
    /// side; the SPRT's sample.
    pub fn paired(&self) -> Paired {
        let mut paired = Paired::default();
        for points in self.by_opening.values() {
            match points[..] {
                [a, b] => paired.counts[((a + b) * 2.0).round() as usize] += 1,
                _ => {
                    for &x in points {
                        paired.single.count(x);
                    }
                }
            }
        }
        paired
    }

    /// The tally of engine `a` against engine `b`.
    pub fn pair(&self, a: usize, b: usize) -> Tally {
        let t = self
            .pairs
            .get(&(a.min(b), a.max(b)))
            .copied()
            .unwrap_or_default();
        if a <= b {
            t
        } else {
            Tally {
                wins: t.losses,
                losses: t.wins,
                draws: t.draws,
            }
        }
    }

    /// Engine `a` against all the others.
    fn overall(&self, a: usize) -> Tally {
        let mut total = Tally::default();
        for b in (0..self.engines).filter(|&b| b != a) {
            let t = self.pair(a, b);
            total.wins += t.wins;
            total.losses += t.losses;
            total.draws += t.draws;
        }
        total
    }

    /// The closing lines: `Score of`, `Elo difference`, `SPRT` (if any) per pair, a ranking
    /// table for a round-robin, the terminations and forfeits.
    pub fn summary(&self, names: &[&str], sprt: Option<&Sprt>) -> String {
        let mut text = String::new();
        for a in 0..self.engines {
            for b in a + 1..self.engines {
                let t = self.pair(a, b);
                text.push_str(&format!(
                    "Score of {} vs {}: {} - {} - {}  [{:.3}] {}\n",
                    names[a],
                    names[b],
                    t.wins,
                    t.losses,
                    t.draws,
                    t.score(),
                    t.games()
                ));
                text.push_str(&t.elo_line());
                text.push('\n');
                let paired = self.paired();
                if self.engines == 2 {
                    text.push_str(&paired.line());
                    text.push('\n');
                }
                if let Some(sprt) = sprt {
                    text.push_str(&sprt.line(&paired));
                    text.push('\n');
                }
            }
        }
        if self.engines > 2 {
            text.push_str(&self.ranking(names));
        }
        let counts: Vec<String> = TERMINATIONS
            .iter()
            .filter_map(|t| {
                self.terminations
                    .get(t)
                    .map(|n| format!("{} {n}", t.as_str()))
            })
            .collect();
        text.push_str(&format!("Terminations: {}\n", list_or_none(&counts)));
        let forfeits: Vec<String> = self
            .forfeits
            .iter()
            .map(|((engine, t), n)| format!("{} {} {n}", names[*engine], t.as_str()))
            .collect();
        text.push_str(&format!("Forfeits: {}\n", list_or_none(&forfeits)));
        text
    }

    /// cutechess-cli's round-robin table, best score first.
    fn ranking(&self, names: &[&str]) -> String {
        let mut rows: Vec<(usize, Tally)> =
            (0..self.engines).map(|a| (a, self.overall(a))).collect();
        rows.sort_by(|x, y| y.1.score().total_cmp(&x.1.score()));
        let width = names.iter().map(|n| n.len()).max().unwrap_or(4).max(4);
        let mut text = format!(
            "Rank {:<width$} {:>7} {:>7} {:>7} {:>7} {:>7}\n",
            "Name", "Elo", "+/-", "Games", "Score", "Draw"
        );
        for (rank, (a, t)) in rows.iter().enumerate() {
            let (elo, error) = t.elo();
            let draws = if t.games() == 0 {
                0.0
            } else {
                100.0 * f64::from(t.draws) / f64::from(t.games())
            };
            text.push_str(&format!(
                "{:>4} {:<width$} {:>7.0} {:>7.0} {:>7} {:>6.1}% {:>6.1}%\n",
                rank + 1,
                names[*a],
                elo,
                error,
                t.games(),
                100.0 * t.score(),
                draws
            ));
        }
        text
    }
}

/// `a, b, c`, or `none`.
fn list_or_none(items: &[String]) -> String {
    if items.is_empty() {
        "none".to_string()
    } else {
        items.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standings_count_from_the_first_engine_and_name_forfeits() {
        let mut board = Standings::new(2);
        board.add_result(1, [0, 1], GameResult::P1Win, Termination::Normal);
        board.add_result(2, [1, 0], GameResult::P1Win, Termination::Normal);
        board.add_result(4, [1, 0], GameResult::P2Win, Termination::IllegalMove);
        board.add_result(5, [0, 1], GameResult::Draw, Termination::Normal);
        let t = board.pair(0, 1);
        assert_eq!((t.wins, t.losses, t.draws), (2, 1, 1));
        let summary = board.summary(&["a", "b"], None);
        assert!(
            summary.starts_with("Score of a vs b: 2 - 1 - 1  [0.625] 4\n"),
            "{summary}"
        );
        // Games 1 and 2 are a pair (a won, b won: 1 point of 2); 4 and 5 are alone.
        assert!(
            summary.contains("\nPtnml(0-2): [0, 0, 1, 0, 0]\n"),
            "{summary}"
        );
        let paired = board.paired();
        assert_eq!(paired.counts, [0, 0, 1, 0, 0]);
        assert_eq!(
            (
                paired.single.wins,
                paired.single.losses,
                paired.single.draws
            ),
            (1, 0, 1)
        );
        assert!(
            summary.contains("Terminations: normal 3, illegal move 1\n"),
            "{summary}"
        );
        assert!(
            summary.contains("Forfeits: b illegal move 1\n"),
            "{summary}"
        );
    }

    #[test]
    fn round_robin_has_a_ranking() {
        let mut board = Standings::new(3);
        board.add_result(1, [0, 1], GameResult::P1Win, Termination::Normal);
        board.add_result(2, [2, 0], GameResult::P2Win, Termination::Normal);
        board.add_result(3, [1, 2], GameResult::Draw, Termination::Normal);
        let summary = board.summary(&["a", "b", "c"], None);
        assert!(summary.contains("Score of b vs c: 0 - 0 - 1"), "{summary}");
        assert!(!summary.contains("Ptnml"), "{summary}");
        let first_row = summary.lines().find(|l| l.starts_with("   1")).unwrap();
        assert!(first_row.contains(" a "), "{summary}");
    }
}
