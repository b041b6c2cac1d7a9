//! The comparison mode of a tab, for the comparison view: runs on one position, one after
//! another on one engine process, each set up with `setoption` and a new game as
//! `scripts/compare_algorithms.py` does: two-player searches (`go depth N`: value, best move,
//! nodes, time from the `info depth` line), Rush Hour's puzzle searches (`go`: the `info string
//! puzzle ...` counts, as `scripts/puzzle_algorithms.py` reads them), and whole games of a game
//! that declares them (`registry::WholeGames`: the rocks experiment of
//! `scripts/rocks_experiment.py`): each compared search plays the first player against sente's
//! exact second player, refereed with sente's rules, beside the exact value from `go solve`.
//! The players' words (`car player`, `rock player`) are the game's declaration's.

use super::catalog::require_option;
use super::context::{Context, Mode};
use super::engine::{EngineHandle, Event, EventKind, Setup, Think, fault_text};
use super::tab_game::{TabGame, seat_text};
use super::wire::{
    CompareRequest, CompareRow, CompareStart, InfoMessage, RunSpec, ServerMessage, WholeGamesEntry,
    run_spec,
};
use crate::games::{Outcome, Seat};
use crate::protocol::command::{Command, GoParams};
use crate::protocol::info::read_info;
use crate::protocol::puzzle::read_puzzle_counts;
use crate::search::puzzle::PuzzleCounts;
use crate::variants::registry::{self, WholeGames};
use std::time::{Duration, Instant};

/// Longest one search of a comparison may take.
const RUN_DEADLINE: Duration = Duration::from_secs(300);
/// The tag of the exact value's search (`go solve`), before the games.
const EXACT_TAG: u32 = u32::MAX;

/// What a comparison runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Search,
    Puzzle,
    Games,
}

/// The game a `Games` row is playing.
struct Playing {
    moves: Vec<String>,
    states: u64,
    time_ms: u64,
    first_started: bool,
    second_started: bool,
}

/// The comparison mode: the comparison, while it runs.
#[derive(Default)]
pub struct Compare {
    job: Option<CompareJob>,
}

impl Mode for Compare {
    fn owns(&self, id: u64) -> bool {
        self.job.as_ref().is_some_and(|c| c.owns(id))
    }

    fn label(&self, id: u64) -> Option<String> {
        let compare = self.job.as_ref()?;
        if compare.engine.id == id {
            return Some(format!("{} (comparison)", compare.engine.name));
        }
        let second = compare.second.as_ref().filter(|s| s.engine.id == id)?;
        Some(format!(
            "{} ({} player)",
            second.engine.name, second.players.second
        ))
    }

    fn on_event(&mut self, ctx: &mut Context, event: Event) {
        self.compare_event(ctx, event);
    }
}

/// A comparison of a tab.
struct CompareJob {
    /// The runs' engine (the first player in games).
    engine: EngineHandle,
    /// Games: sente's exact second player (full alpha-beta), which also gives the exact value.
    second: Option<SecondPlayer>,
    game: TabGame,
    kind: Kind,
    specs: Vec<RunSpec>,
    /// The option choosing the puzzle searches' estimate, as the game declares it.
    estimate_option: Option<&'static str>,
    rows: Vec<CompareRow>,
    at: usize,
    tag: u32,
    info: Option<InfoMessage>,
    notes: Vec<String>,
    /// A puzzle search's counts, once its line came.
    counts: Option<PuzzleCounts>,
    playing: Option<Playing>,
    exact: Option<String>,
    has_opponent: bool,
    started: Instant,
}

impl CompareJob {
    /// True when `id` is one of its engines.
    fn owns(&self, id: u64) -> bool {
        self.engine.id == id || self.second.as_ref().is_some_and(|s| s.engine.id == id)
    }

    /// The second player (`from_second`) or the compared search's, in the game's words:
    /// `the rock player`, `the car player`.
    fn player(&self, from_second: bool) -> String {
        let players = self.second.as_ref().map(|s| s.players);
        let name = match (players, from_second) {
            (Some(p), false) => p.first,
            (Some(p), true) => p.second,
            (None, _) => "compared",
        };
        format!("the {name} player")
    }
}

/// Games: sente's exact second player, and the words for both players.
struct SecondPlayer {
    /// Its engine.
    engine: EngineHandle,
    /// The game's declaration of its whole games.
    players: WholeGames,
}

/// Options a comparison sets itself for each run.
fn is_run_option(name: &str) -> bool {
    [
        "Algorithm",
        "Opponent",
        "PuzzleHeuristic",
        "SearchTrace",
        "TraceLimit",
    ]
    .iter()
    .any(|o| o.eq_ignore_ascii_case(name))
}

impl Compare {
    /// Starts a comparison (ending the one running, if any).
    pub fn start(&mut self, ctx: &mut Context, request: CompareRequest) {
        self.job = None;
        match self.compare_job(ctx, &request) {
            Ok(start) => {
                ctx.send(ServerMessage::CompareStart(Box::new(start)));
                self.compare_next(ctx);
            }
            Err(message) => ctx.send(ServerMessage::CompareFailed { message }),
        }
    }

    fn compare_job(
        &mut self,
        ctx: &mut Context,
        request: &CompareRequest,
    ) -> Result<CompareStart, String> {
        let game = TabGame::requested(request.position())?;
        let variant = game.variant();
        let engine = ctx.engines.playing(&request.engine, variant)?;
        let is_puzzle = game.viewed().is_puzzle();
        let specs: Vec<RunSpec> = request.runs.iter().filter_map(|r| run_spec(r)).collect();
        let estimate_option = registry::puzzle_estimate(variant);
        let needed = "the comparison";
        let whole_games = registry::features(variant).whole_games;
        for spec in &specs {
            if spec.puzzle && !is_puzzle {
                return Err(format!(
                    "{} searches one-player puzzles; {variant} has two players",
                    spec.name
                ));
            }
            if let Some(players) = whole_games.filter(|_| spec.puzzle && request.games) {
                return Err(format!(
                    "{} is not a {} player of the games",
                    spec.name, players.first
                ));
            }
            require_option(&engine, "Algorithm", Some(spec.algorithm), needed)?;
            if spec.opponent != "adversarial" {
                require_option(&engine, "Opponent", Some(spec.opponent), needed)?;
            }
            if let Some(word) = spec.estimate {
                let option = estimate_option
                    .filter(|o| o.kind.choices().contains(&word))
                    .ok_or_else(|| {
                        format!("{variant} declares no estimate '{word}' for {}", spec.name)
                    })?;
                require_option(&engine, option.name, Some(word), needed)?;
            }
        }
        let players = whole_games_of(variant, request.games)?;
        let kind = if request.games {
            Kind::Games
        } else if specs.iter().all(|s| s.puzzle) {
            Kind::Puzzle
        } else {
            Kind::Search
        };
        // Two-player runs at each depth (depth first, as the scripts' tables), then the
        // puzzle searches once each.
        let mut plan: Vec<(&RunSpec, Option<u32>)> = Vec::new();
        for &depth in &request.depths {
            plan.extend(specs.iter().filter(|s| !s.puzzle).map(|s| (s, Some(depth))));
        }
        plan.extend(specs.iter().filter(|s| s.puzzle).map(|s| (s, None)));
        let rows = plan
            .iter()
            .enumerate()
            .map(|(index, (spec, depth))| CompareRow {
                index,
                run: spec.name.to_string(),
                algorithm: spec.algorithm.to_string(),
                opponent: spec.opponent.to_string(),
                heuristic: spec.estimate.map(str::to_string),
                depth: *depth,
                status: "pending",
                ..CompareRow::default()
            })
            .collect::<Vec<_>>();
        let mut options = game.rules.settings.clone();
        options.extend(
            ctx.engines
                .page_options(&engine.spec.name)
                .into_iter()
                .filter(|(name, _)| !is_run_option(name)),
        );
        let setup = Setup {
            spec: engine.spec.clone(),
            variant: variant.to_string(),
            options,
        };
        let handle = ctx.engines.launch(setup)?;
        let second = if let Some(players) = players {
            let setup = Setup {
                spec: ctx.engines.shared().solver.clone(),
                variant: variant.to_string(),
                options: game.rules.settings.clone(),
            };
            let engine = ctx.engines.launch(setup)?;
            // The exact value first: the first player's fewest moves against the second's best
            // play.
            engine.think(Think {
                position: game.position_command(game.cursor),
                go: GoParams {
                    solve: true,
                    ..GoParams::default()
                },
                deadline: RUN_DEADLINE,
                tag: EXACT_TAG,
                ..Think::default()
            });
            Some(SecondPlayer { engine, players })
        } else {
            None
        };
        let pos = game.viewed();
        let start = CompareStart {
            engine: engine.spec.name.clone(),
            variant: variant.to_string(),
            rules: game.rules.settings.clone(),
            fen: pos.fen(),
            position: game.position_command(game.cursor).to_string(),
            side: seat_text(pos.side_to_move()),
            value_unit: registry::entry(variant).map_or(1, |e| e.value_unit),
            kind: match kind {
                Kind::Search => "search",
                Kind::Puzzle => "puzzle",
                Kind::Games => "games",
            },
            whole_games: players.map(WholeGamesEntry::from),
            rows: rows.clone(),
        };
        self.job = Some(CompareJob {
            engine: handle,
            second,
            game,
            kind,
            specs: plan.iter().map(|(s, _)| (*s).clone()).collect(),
            estimate_option: estimate_option.map(|o| o.name),
            rows,
            at: 0,
            tag: 0,
            info: None,
            notes: Vec::new(),
            counts: None,
            playing: None,
            exact: None,
            has_opponent: engine.option("Opponent").is_some(),
            started: Instant::now(),
        });
        Ok(start)
    }

    /// Stops the comparison, if one runs.
    pub fn stop(&mut self, ctx: &mut Context) {
        if self.job.take().is_some() {
            ctx.send(ServerMessage::CompareFailed {
                message: "stopped".to_string(),
            });
        }
    }

    /// Starts the next row, or ends the comparison.
    fn compare_next(&mut self, ctx: &mut Context) {
        let Some(job) = self.job.as_mut() else {
            return;
        };
        if job.kind == Kind::Games && job.exact.is_none() {
            // The games wait for the exact value.
            return;
        }
        if job.at >= job.rows.len() {
            let elapsed_ms = job.started.elapsed().as_millis() as u64;
            self.job = None;
            ctx.send(ServerMessage::CompareDone { elapsed_ms });
            return;
        }
        let row = &mut job.rows[job.at];
        row.status = "running";
        let message = ServerMessage::CompareRow(Box::new(row.clone()));
        match job.kind {
            Kind::Games => {
                job.playing = Some(Playing {
                    moves: Vec::new(),
                    states: 0,
                    time_ms: 0,
                    first_started: false,
                    second_started: false,
                });
                ctx.send(message);
                self.compare_play(ctx);
            }
            _ => {
                job.search();
                ctx.send(message);
            }
        }
    }

    /// Games: the next move of the running game, or its end.
    fn compare_play(&mut self, ctx: &mut Context) {
        let Some(job) = self.job.as_mut() else {
            return;
        };
        let Some(mut playing) = job.playing.take() else {
            return;
        };
        let line = job.line(&playing.moves);
        let pos = match job
            .game
            .rules
            .position(job.game.start_fen.as_deref(), &line)
        {
            Ok(pos) => pos,
            Err(e) => unreachable!("the game's moves were checked: {e}"),
        };
        if let Some(outcome) = pos.outcome() {
            let row = &mut job.rows[job.at];
            // The first player moves first: every other move is theirs.
            row.first_moves = Some(playing.moves.len().div_ceil(2) as u64);
            row.won = Some(outcome == Outcome::Win(Seat::P1));
            row.nodes = Some(playing.states);
            row.time_ms = Some(playing.time_ms as f64);
            row.exact = job.exact.clone();
            row.status = "done";
            self.compare_row_done(ctx);
            return;
        }
        job.tag = job.tag.wrapping_add(1) % EXACT_TAG;
        let depth = job.rows[job.at].depth.unwrap_or(1);
        let mut think = Think {
            position: job.position_after(&playing.moves),
            go: GoParams {
                depth: Some(depth),
                ..GoParams::default()
            },
            deadline: RUN_DEADLINE,
            tag: job.tag,
            ..Think::default()
        };
        job.info = None;
        job.notes.clear();
        job.counts = None;
        if pos.side_to_move() == Seat::P1 {
            if !playing.first_started {
                playing.first_started = true;
                think.prelude = run_options(&job.specs[job.at], job.has_opponent, None);
                think.new_game = true;
            }
            job.engine.think(think);
        } else if let Some(second) = &job.second {
            if !playing.second_started {
                playing.second_started = true;
                think.new_game = true;
            }
            second.engine.think(think);
        }
        job.playing = Some(playing);
    }

    /// The running row is finished (done or failed): send it, start the next.
    fn compare_row_done(&mut self, ctx: &mut Context) {
        let Some(job) = self.job.as_mut() else {
            return;
        };
        let row = job.rows[job.at].clone();
        job.at += 1;
        ctx.send(ServerMessage::CompareRow(Box::new(row)));
        self.compare_next(ctx);
    }

    fn compare_event(&mut self, ctx: &mut Context, event: Event) {
        let Some(job) = self.job.as_mut() else {
            return;
        };
        let from_second = job.second.as_ref().is_some_and(|s| s.engine.id == event.id);
        match event.kind {
            EventKind::Info { tag, line } if tag == job.tag || tag == EXACT_TAG => {
                if let Some(counts) = read_puzzle_counts(&line) {
                    job.counts = Some(counts);
                }
                let info = InfoMessage::from(read_info(&line));
                if let Some(text) = info.string {
                    if job.notes.len() < 16 {
                        job.notes.push(text);
                    }
                } else if info.depth.is_some() {
                    job.info = Some(info);
                }
            }
            EventKind::Done { tag, .. } if tag == EXACT_TAG && from_second => {
                // As the script: the `mate` of the last `info depth` line, else `?`.
                let exact = job
                    .info
                    .take()
                    .and_then(|i| (i.score_kind.as_deref() == Some("mate")).then_some(i.score))
                    .flatten()
                    .map_or("?".to_string(), |n| n.to_string());
                job.exact = Some(exact);
                self.compare_next(ctx);
            }
            EventKind::Done { tag, reply } if tag == job.tag => match job.kind {
                Kind::Games => {
                    let who = job.player(from_second);
                    let Some(playing) = job.playing.as_mut() else {
                        return;
                    };
                    if !from_second {
                        let info = job.info.take().unwrap_or_default();
                        playing.states += info.nodes.unwrap_or(0);
                        playing.time_ms += info.time_ms.unwrap_or(0);
                    }
                    match reply.mv {
                        Some(mv) => {
                            playing.moves.push(mv);
                            if let Err(e) = job.checked_line() {
                                let row = &mut job.rows[job.at];
                                row.status = "error";
                                row.error = Some(format!("{who}: {e}"));
                                job.playing = None;
                                self.compare_row_done(ctx);
                                return;
                            }
                            self.compare_play(ctx);
                        }
                        _ => {
                            let row = &mut job.rows[job.at];
                            row.status = "error";
                            row.error = Some(format!("{who} gave no move"));
                            job.playing = None;
                            self.compare_row_done(ctx);
                        }
                    }
                }
                _ => {
                    job.finish_search(reply.mv);
                    self.compare_row_done(ctx);
                }
            },
            EventKind::Failed { fault, .. } => {
                let name = if from_second {
                    job.player(true)
                } else {
                    job.engine.name.clone()
                };
                self.job = None;
                ctx.send(ServerMessage::CompareFailed {
                    message: format!("{name} {}", fault_text(&fault)),
                });
            }
            EventKind::Dead { message } => {
                self.job = None;
                ctx.send(ServerMessage::CompareFailed { message });
            }
            _ => {}
        }
    }
}

/// The players' words of whole games of `variant` when `games` asks for them (`None`
/// otherwise); an error when the game declares none.
fn whole_games_of(variant: &str, games: bool) -> Result<Option<WholeGames>, String> {
    match registry::features(variant).whole_games {
        Some(players) => Ok(Some(players).filter(|_| games)),
        None if games => {
            let offered: Vec<&str> = registry::entries()
                .filter(|e| e.features.whole_games.is_some())
                .map(|e| e.name)
                .collect();
            Err(format!(
                "whole games are played on {}, not {variant}",
                offered.join(", ")
            ))
        }
        None => Ok(None),
    }
}

/// The `setoption` commands of a run (`Opponent` only for an engine that has it: the runs
/// needing another vision were refused for the others; the estimate by the option the game
/// declares for it, `estimate_option`).
fn run_options(spec: &RunSpec, has_opponent: bool, estimate_option: Option<&str>) -> Vec<Command> {
    let mut commands = vec![Command::set_option("Algorithm", spec.algorithm)];
    if has_opponent {
        commands.push(Command::set_option("Opponent", spec.opponent));
    }
    if let (Some(word), Some(option)) = (spec.estimate, estimate_option) {
        commands.push(Command::set_option(option, word));
    }
    commands
}

impl CompareJob {
    /// Starts the running row's search.
    fn search(&mut self) {
        let spec = &self.specs[self.at];
        self.tag = self.tag.wrapping_add(1) % EXACT_TAG;
        self.info = None;
        self.notes.clear();
        self.counts = None;
        let go = GoParams {
            depth: self.rows[self.at].depth.filter(|_| !spec.puzzle),
            ..GoParams::default()
        };
        self.engine.think(Think {
            prelude: run_options(spec, self.has_opponent, self.estimate_option),
            new_game: true,
            position: self.game.position_command(self.game.cursor),
            go,
            deadline: RUN_DEADLINE,
            tag: self.tag,
        });
    }

    /// Fills the running row from its search's lines.
    fn finish_search(&mut self, best: Option<String>) {
        let info = self.info.take();
        let puzzle = self.specs[self.at].puzzle;
        let counts = self.counts.take();
        let row = &mut self.rows[self.at];
        row.best = best;
        let Some(info) = info else {
            row.status = "error";
            row.error = Some(match self.notes.iter().find(|n| n.starts_with("error")) {
                Some(e) => e.clone(),
                None => "the engine gave no info depth line".to_string(),
            });
            return;
        };
        row.value = info
            .score_kind
            .as_ref()
            .zip(info.score)
            .map(|(kind, score)| format!("{kind} {score}"));
        row.nodes = info.nodes;
        row.time_ms = info.time_ms.map(|t| t as f64);
        if puzzle {
            let Some(counts) = counts else {
                row.status = "error";
                row.error = Some("no 'info string puzzle ...' counts line".to_string());
                return;
            };
            row.nodes = Some(counts.expanded);
            row.generated = Some(counts.generated);
            row.peak_open = Some(counts.peak_open);
            row.iterations = Some(u64::from(counts.iterations));
            row.time_ms = Some(counts.microseconds as f64 / 1000.0);
            row.length = (info.score_kind.as_deref() == Some("mate"))
                .then_some(info.score)
                .flatten()
                .map(|n| n.unsigned_abs());
        }
        row.status = "done";
    }

    /// The moves to the compared position, then `extra`.
    fn line(&self, extra: &[String]) -> Vec<String> {
        let mut line = self.game.moves[..self.game.cursor].to_vec();
        line.extend(extra.iter().cloned());
        line
    }

    /// `position ...` of the compared position after `extra`.
    fn position_after(&self, extra: &[String]) -> Command {
        let mut game = self.game.clone();
        game.moves = self.line(extra);
        game.position_command(game.moves.len())
    }

    /// Games: the moves played so far are legal (sente's rules judge).
    fn checked_line(&self) -> Result<(), String> {
        let Some(playing) = &self.playing else {
            return Ok(());
        };
        self.game
            .rules
            .position(self.game.start_fen.as_deref(), &self.line(&playing.moves))
            .map(|_| ())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_games_are_those_a_game_declares() {
        let rocks = whole_games_of("rushhour-rocks", true).expect("declared");
        let words = rocks.map(|p| (p.first, p.second));
        assert_eq!(words, Some(("car", "rock")));
        assert_eq!(whole_games_of("rushhour-rocks", false), Ok(None));
        assert_eq!(whole_games_of("tictactoe", false), Ok(None));
        assert_eq!(
            whole_games_of("tictactoe", true),
            Err("whole games are played on rushhour-rocks, not tictactoe".to_string())
        );
    }

    #[test]
    fn each_run_sets_its_options() {
        let spec = run_spec("astar-movers").unwrap();
        let option = registry::puzzle_estimate("rushhour").map(|o| o.name);
        let lines: Vec<String> = run_options(&spec, true, option)
            .iter()
            .map(Command::to_string)
            .collect();
        assert_eq!(
            lines,
            [
                "setoption name Algorithm value astar",
                "setoption name Opponent value adversarial",
                "setoption name PuzzleHeuristic value movers"
            ]
        );
    }
}
