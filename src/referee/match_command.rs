//! `sente match`: its arguments, and what they run (a replay of a record, a merge of records
//! played in parts, or a match), with its exit status.

use super::openings::Openings;
use super::selection::Selection;
use super::stats::Sprt;
use super::{config, merge, replay, spec, tournament};
use crate::variants::registry::DEFAULT_VARIANT;
use crate::variants::rules::Rules;
use std::path::PathBuf;
use std::process::ExitCode;

/// `sente match` arguments.
#[derive(clap::Args)]
pub struct MatchArgs {
    /// The game.
    #[arg(long, default_value = DEFAULT_VARIANT)]
    pub variant: String,
    /// Games per pair of engines.
    #[arg(long, default_value_t = 2)]
    pub games: usize,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// `plies=N` (random plies, the same for both colour orders) or `file=<path>`.
    #[arg(long)]
    pub openings: Option<String>,
    /// Seed of the random openings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// An engine: `cmd=<program> name=<name> arg=<arg> proto=uci|ugi notation=auto|sente|fsf
    /// option.<Name>=<value>` and limits `tc=<base>+<inc> st=<s> depth=<n> nodes=<n> timemargin=<ms> hard=<s>`.
    #[arg(long = "engine", num_args = 1.., value_name = "KEY=VALUE", action = clap::ArgAction::Append)]
    pub engines: Vec<String>,
    /// The `--engine` groups, one per occurrence (main.rs fills them from clap's matches).
    #[arg(skip)]
    pub engine_groups: Vec<Vec<String>>,
    /// Pairs applied to every engine (an engine's own pairs win).
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    pub each: Vec<String>,
    /// Stop when this test decides: `elo0=0 elo1=10 alpha=0.05 beta=0.05`.
    #[arg(long, num_args = 4, value_name = "KEY=VALUE")]
    pub sprt: Option<Vec<String>>,
    /// Write the game record here.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// The record's Event.
    #[arg(long, default_value = "sente match")]
    pub event: String,
    /// Re-check the games of a record instead of playing.
    #[arg(long, conflicts_with_all = ["engines", "out"])]
    pub replay: Option<PathBuf>,
    /// Play only the games whose number is K modulo N (`K/N`, 1 <= K <= N).
    #[arg(long, value_name = "K/N")]
    pub shard: Option<String>,
    /// Play only these games (`1-10,15`: numbers as in the record's Round).
    #[arg(long, value_name = "LIST")]
    pub rounds: Option<String>,
    /// Join the records of a match played in parts and print its summary (with --out, the
    /// merged record) instead of playing.
    #[arg(
        long,
        num_args = 1..,
        value_name = "FILE",
        conflicts_with_all = [
            "engines", "each", "replay", "sprt", "shard", "rounds", "openings", "variant",
            "games", "seed", "concurrency", "event",
        ],
    )]
    pub merge: Option<Vec<PathBuf>>,
}

/// Exit status of a match stopped by Ctrl-C (128 + SIGINT, as shells report it).
const INTERRUPTED: u8 = 130;

/// Runs `sente match` as `args` ask (a replay, a merge or a match) with its report on stdout
/// and an error on stderr: the exit status is 0 when it went through, 1 on an error or a
/// replay that found a game to fail, 130 when Ctrl-C stopped the match.
pub fn run(args: &MatchArgs) -> ExitCode {
    let mut out = std::io::stdout().lock();
    let outcome = (|| -> Result<ExitCode, String> {
        if let Some(path) = &args.replay {
            let failed = replay::run(path, &mut out)?;
            return Ok(if failed == 0 {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            });
        }
        if let Some(paths) = &args.merge {
            merge::run(paths, args.out.as_deref(), &mut out)?;
            return Ok(ExitCode::SUCCESS);
        }
        let selection = Selection::parse(args.shard.as_deref(), args.rounds.as_deref())?;
        let engines = spec::engines(&args.engine_groups, &args.each)?;
        let rules = Rules::new(&args.variant, &spec::shared_options(&args.each)?)?;
        let openings = match &args.openings {
            Some(text) => Openings::parse(text, args.seed, &rules)?,
            None => Openings::Start,
        };
        let sprt = args.sprt.as_deref().map(Sprt::parse).transpose()?;
        let config = config::MatchConfig {
            rules,
            engines,
            games: args.games,
            concurrency: args.concurrency,
            openings,
            seed: args.seed,
            selection,
            sprt,
            out: args.out.clone(),
            event: args.event.clone(),
        };
        Ok(match tournament::run(&config, &mut out)? {
            tournament::MatchEnd::Completed => ExitCode::SUCCESS,
            tournament::MatchEnd::Interrupted => ExitCode::from(INTERRUPTED),
        })
    })();
    outcome.unwrap_or_else(|e| {
        eprintln!("sente match: {e}");
        ExitCode::FAILURE
    })
}
