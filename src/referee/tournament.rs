//! `sente match`: schedules the games (two engines, or a round-robin), plays them on
//! `--concurrency` threads, prints one line per finished game, writes the record, and ends
//! with cutechess-cli's summary lines.

use super::game::{self, Abort, GameResult, PlayedGame, Player, TERMINATIONS, Termination};
use super::interrupt;
use super::openings::Openings;
use super::process::EngineProcess;
use super::record::RecordedGame;
use super::rules::Rules;
use super::spec::EngineSpec;
use super::stats::{Decision, Sprt, Tally};
use crossbeam_channel::unbounded;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;

/// Everything a match needs.
pub struct MatchConfig {
    /// The variant and its rule options.
    pub rules: Rules,
    /// Two engines, or more for a round-robin.
    pub engines: Vec<EngineSpec>,
    /// Games per pair of engines.
    pub games: usize,
    /// Games played at once.
    pub concurrency: usize,
    /// Where games start.
    pub openings: Openings,
    /// Stop early when this test decides (two engines only).
    pub sprt: Option<Sprt>,
    /// The record file.
    pub out: Option<PathBuf>,
    /// The record's `Event`.
    pub event: String,
}

/// How a match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchEnd {
    /// Every scheduled game was played (or the SPRT decided).
    Completed,
    /// Ctrl-C or SIGTERM stopped it.
    Interrupted,
}

/// One scheduled game.
#[derive(Clone, Copy, Debug)]
struct Pairing {
    round: usize,
    /// Engine indexes: first player, second player.
    players: [usize; 2],
    /// Both colour orders of a pair share this opening.
    opening: usize,
}

/// The games: for each opening, every pair of engines plays it with both colour orders, until
/// each pair has played `games` games.
fn schedule(engines: usize, games: usize) -> Vec<Pairing> {
    let pairs: Vec<(usize, usize)> = (0..engines)
        .flat_map(|i| (i + 1..engines).map(move |j| (i, j)))
        .collect();
    let mut list = Vec::new();
    for opening in 0..games.div_ceil(2) {
        for &(i, j) in &pairs {
            for (k, players) in [[i, j], [j, i]].into_iter().enumerate() {
                if 2 * opening + k < games {
                    list.push(Pairing {
                        round: list.len() + 1,
                        players,
                        opening,
                    });
                }
            }
        }
    }
    list
}

/// Plays the match, writing progress and the summary to `out`.
pub fn run(config: &MatchConfig, out: &mut dyn Write) -> Result<MatchEnd, String> {
    if config.engines.len() < 2 {
        return Err("a match needs at least two --engine".to_string());
    }
    if config.sprt.is_some() && config.engines.len() != 2 {
        return Err("--sprt needs exactly two engines".to_string());
    }
    if config.rules.position(None, &[])?.is_puzzle() {
        return Err(format!(
            "{} is a one-player puzzle; two-player matches need another variant \
             (rushhour-rocks is Rush Hour for two)",
            config.rules.variant()
        ));
    }
    let mut record = match &config.out {
        Some(path) => Some(
            std::fs::File::create(path).map_err(|e| format!("--out {}: {e}", path.display()))?,
        ),
        None => None,
    };
    interrupt::install();
    let pairings = schedule(config.engines.len(), config.games);
    let total = pairings.len();
    let (jobs, queue) = unbounded();
    for pairing in pairings {
        let _ = jobs.send(pairing);
    }
    drop(jobs);
    let (results, finished) = unbounded();
    let stop = AtomicBool::new(false);
    let mut board = Standings::new(config.engines.len());
    let mut progress = Progress::on_terminal();
    let mut failure = None;
    thread::scope(|scope| {
        for _ in 0..config.concurrency.max(1) {
            let queue = queue.clone();
            let results = results.clone();
            let stop = &stop;
            scope.spawn(move || {
                let mut slots: Vec<Option<EngineProcess>> =
                    config.engines.iter().map(|_| None).collect();
                for pairing in queue {
                    if stop.load(Ordering::SeqCst) || interrupt::raised() {
                        break;
                    }
                    let outcome = play_one(config, pairing, &mut slots);
                    let aborted = outcome.is_err();
                    if results.send(outcome).is_err() || aborted {
                        break;
                    }
                }
                for process in slots.into_iter().flatten() {
                    process.quit();
                }
            });
        }
        drop(results);
        for outcome in finished {
            let played = match outcome {
                Ok(played) => played,
                Err(Abort::Interrupted) => continue,
                Err(Abort::Setup(message)) => {
                    stop.store(true, Ordering::SeqCst);
                    failure.get_or_insert(message);
                    continue;
                }
            };
            board.add(&played);
            let [a, b] = played.players.map(|i| config.engines[i].name.as_str());
            progress.clear();
            let _ = writeln!(
                out,
                "Finished game {} ({a} vs {b}): {} {{{}}} {} plies",
                played.round,
                played.result,
                played.reason,
                played.opening.moves.len() + played.moves.len()
            );
            if let Some(file) = record.as_mut() {
                let block = record_of(config, &played).to_text();
                if let Err(e) = file.write_all(block.as_bytes()).and_then(|_| file.flush()) {
                    failure.get_or_insert(format!("--out: {e}"));
                    stop.store(true, Ordering::SeqCst);
                }
            }
            let _ = out.flush();
            progress.show(board.games, total, &board.pair(0, 1), &config.engines[0].name);
            if let Some(sprt) = &config.sprt
                && sprt.decide(&board.pair(0, 1)) != Decision::Continue
            {
                stop.store(true, Ordering::SeqCst);
            }
        }
    });
    progress.clear();
    if let Some(message) = failure {
        return Err(message);
    }
    let names: Vec<&str> = config.engines.iter().map(|e| e.name.as_str()).collect();
    let _ = write!(out, "{}", board.summary(&names, config.sprt.as_ref()));
    if interrupt::raised() {
        let _ = writeln!(
            out,
            "Match interrupted after {} of {total} games",
            board.games
        );
        return Ok(MatchEnd::Interrupted);
    }
    let _ = writeln!(out, "Finished match");
    Ok(MatchEnd::Completed)
}

/// A progress bar on stderr when it is a terminal (stdout stays lines to parse).
struct Progress {
    shown: bool,
    enabled: bool,
}

impl Progress {
    fn on_terminal() -> Progress {
        use std::io::IsTerminal;
        Progress {
            shown: false,
            enabled: std::io::stderr().is_terminal(),
        }
    }

    /// `[=====>     ] 45/100  full 20-15-10`.
    fn show(&mut self, done: usize, total: usize, first: &Tally, name: &str) {
        if !self.enabled {
            return;
        }
        const WIDTH: usize = 30;
        let filled = (WIDTH * done).checked_div(total).unwrap_or(WIDTH);
        eprint!(
            "\r[{}{}] {done}/{total}  {name} {}-{}-{}",
            "=".repeat(filled),
            " ".repeat(WIDTH - filled),
            first.wins,
            first.losses,
            first.draws
        );
        self.shown = true;
    }

    /// Erases the bar so that a line can be printed.
    fn clear(&mut self) {
        if self.shown {
            eprint!("\r\x1b[K");
            self.shown = false;
        }
    }
}

/// Plays one scheduled game with the worker's engine processes.
fn play_one(
    config: &MatchConfig,
    pairing: Pairing,
    slots: &mut [Option<EngineProcess>],
) -> Result<PlayedGame, Abort> {
    let opening = config
        .openings
        .get(pairing.opening, &config.rules)
        .map_err(Abort::Setup)?;
    let [p1, p2] = pairing.players;
    let (low, high) = slots.split_at_mut(p1.max(p2));
    let (first, second) = if p1 < p2 {
        (&mut low[p1], &mut high[0])
    } else {
        (&mut high[0], &mut low[p2])
    };
    let players = [
        Player {
            spec: &config.engines[p1],
            process: first,
        },
        Player {
            spec: &config.engines[p2],
            process: second,
        },
    ];
    game::play(
        &config.rules,
        pairing.round,
        &opening,
        players,
        pairing.players,
    )
}

/// The record block of a played game.
fn record_of(config: &MatchConfig, played: &PlayedGame) -> RecordedGame {
    let [a, b] = played.players.map(|i| &config.engines[i]);
    let mut headers = vec![
        ("Event", config.event.clone()),
        ("Date", today()),
        ("Round", played.round.to_string()),
        ("P1", a.name.clone()),
        ("P2", b.name.clone()),
        ("Variant", config.rules.variant().to_string()),
    ];
    let rules = config.rules.settings_text();
    if !rules.is_empty() {
        headers.push(("Rules", rules));
    }
    if let Some(fen) = &played.opening.fen {
        headers.push(("FEN", fen.clone()));
    }
    let (tc_a, tc_b) = (a.limits.to_string(), b.limits.to_string());
    if tc_a == tc_b {
        headers.push(("TimeControl", tc_a));
    } else {
        headers.push(("P1TimeControl", tc_a));
        headers.push(("P2TimeControl", tc_b));
    }
    headers.push(("OpeningPlies", played.opening.moves.len().to_string()));
    headers.push(("Result", played.result.to_string()));
    headers.push(("Termination", played.termination.as_str().to_string()));
    headers.push(("Reason", played.reason.clone()));
    RecordedGame {
        headers: headers
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect(),
        moves: played
            .opening
            .moves
            .iter()
            .chain(&played.moves)
            .cloned()
            .collect(),
        comments: played
            .opening
            .moves
            .iter()
            .map(|_| String::new())
            .chain(played.comments.iter().cloned())
            .collect(),
        line: 0,
    }
}

/// Today's date as PGN writes it, `2026.11.23` (UTC).
fn today() -> String {
    let days = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400) as i64;
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

/// Results so far: every pair's tally (from the lower index's side) and the terminations.
pub struct Standings {
    pairs: BTreeMap<(usize, usize), Tally>,
    /// Forfeits per engine and termination.
    forfeits: BTreeMap<(usize, Termination), u32>,
    terminations: BTreeMap<Termination, u32>,
    engines: usize,
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
            games: 0,
        }
    }

    /// Counts a game: `players` are engine indexes (first player first).
    pub fn add_result(
        &mut self,
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
        let tally = self.pairs.entry((low, high)).or_default();
        match low_points {
            x if x > 0.75 => tally.wins += 1,
            x if x < 0.25 => tally.losses += 1,
            _ => tally.draws += 1,
        }
        *self.terminations.entry(termination).or_default() += 1;
        if termination != Termination::Normal {
            let loser = if result == GameResult::P1Win { p2 } else { p1 };
            *self.forfeits.entry((loser, termination)).or_default() += 1;
        }
    }

    fn add(&mut self, played: &PlayedGame) {
        self.add_result(played.players, played.result, played.termination);
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
                if let Some(sprt) = sprt {
                    text.push_str(&sprt.line(&t));
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
        text.push_str(&format!(
            "Terminations: {}\n",
            if counts.is_empty() {
                "none".to_string()
            } else {
                counts.join(", ")
            }
        ));
        let forfeits: Vec<String> = self
            .forfeits
            .iter()
            .map(|((engine, t), n)| format!("{} {} {n}", names[*engine], t.as_str()))
            .collect();
        text.push_str(&format!(
            "Forfeits: {}\n",
            if forfeits.is_empty() {
                "none".to_string()
            } else {
                forfeits.join(", ")
            }
        ));
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_play_each_opening_with_both_colour_orders() {
        let two = schedule(2, 5);
        let players: Vec<[usize; 2]> = two.iter().map(|p| p.players).collect();
        assert_eq!(players, vec![[0, 1], [1, 0], [0, 1], [1, 0], [0, 1]]);
        let openings: Vec<usize> = two.iter().map(|p| p.opening).collect();
        assert_eq!(openings, vec![0, 0, 1, 1, 2]);
        let rounds: Vec<usize> = two.iter().map(|p| p.round).collect();
        assert_eq!(rounds, vec![1, 2, 3, 4, 5]);
        let three = schedule(3, 2);
        assert_eq!(three.len(), 6);
        for (a, b) in [(0, 1), (0, 2), (1, 2)] {
            assert!(three.iter().any(|p| p.players == [a, b]));
            assert!(three.iter().any(|p| p.players == [b, a]));
        }
    }

    #[test]
    fn standings_count_from_the_first_engine_and_name_forfeits() {
        let mut board = Standings::new(2);
        board.add_result([0, 1], GameResult::P1Win, Termination::Normal);
        board.add_result([1, 0], GameResult::P1Win, Termination::Normal);
        board.add_result([1, 0], GameResult::P2Win, Termination::IllegalMove);
        board.add_result([0, 1], GameResult::Draw, Termination::Normal);
        let t = board.pair(0, 1);
        assert_eq!((t.wins, t.losses, t.draws), (2, 1, 1));
        let summary = board.summary(&["a", "b"], None);
        assert!(
            summary.starts_with("Score of a vs b: 2 - 1 - 1  [0.625] 4\n"),
            "{summary}"
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
        board.add_result([0, 1], GameResult::P1Win, Termination::Normal);
        board.add_result([2, 0], GameResult::P2Win, Termination::Normal);
        board.add_result([1, 2], GameResult::Draw, Termination::Normal);
        let summary = board.summary(&["a", "b", "c"], None);
        assert!(summary.contains("Score of b vs c: 0 - 0 - 1"), "{summary}");
        let first_row = summary.lines().find(|l| l.starts_with("   1")).unwrap();
        assert!(first_row.contains(" a "), "{summary}");
    }

    #[test]
    fn today_is_a_pgn_date() {
        let date = today();
        assert_eq!(date.len(), 10);
        assert!(date.starts_with("20"), "{date}");
        assert_eq!(&date[4..5], ".");
    }
}
