//! The `sente` command line: its arguments (clap) and where each subcommand goes. The engine
//! runs by default; every subcommand's work is done by its module of the library. The top
//! layer: it may call every other.

use crate::variants::registry::DEFAULT_VARIANT;
use clap::{Parser, Subcommand};
use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "sente", version, about = "A game engine speaking UCI and UGI")]
struct Cli {
    /// The variant to start with (see `uci` for the list).
    #[arg(long)]
    variant: Option<String>,
    #[command(subcommand)]
    command: Option<Tool>,
}

#[derive(Subcommand)]
enum Tool {
    /// Search fixed positions to fixed depths and print nodes, time and speed.
    Bench {
        /// Transposition table size in MB.
        #[arg(long, default_value_t = 16)]
        hash: usize,
    },
    /// Solve positions exactly, one per line of stdin (`sente solve connect4`).
    Solve {
        /// The game (only `connect4` has an exact solver).
        game: String,
        /// Transposition table size in MB.
        #[arg(long, default_value_t = 64)]
        hash: usize,
        /// Threads sharing the table.
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Keep the table from one position to the next.
        #[arg(long)]
        keep_table: bool,
        /// Columns of the Connect Four board.
        #[arg(long, default_value_t = 7)]
        width: u8,
        /// Rows of the Connect Four board.
        #[arg(long, default_value_t = 6)]
        height: u8,
        /// Prove only who wins (score 1, 0 or -1), not how fast.
        #[arg(long)]
        weak: bool,
        /// Prove only whether each score is at least this (one null-window search): prints
        /// `>=S` or `<S` in place of the score.
        #[arg(
            long,
            value_name = "S",
            allow_negative_numbers = true,
            conflicts_with = "weak"
        )]
        at_least: Option<i32>,
        /// Keep the table in this file: loaded if it is there (saved by a run with the same
        /// board and --hash), saved every --save-minutes and at the end, so that a
        /// long solve stopped midway goes on from the last save when run again (the time
        /// printed is then that run's); each narrowing of the score is said on stderr.
        #[arg(long, value_name = "FILE")]
        table: Option<PathBuf>,
        /// Minutes between two saves of --table during a solve.
        #[arg(long, default_value_t = 30.0, requires = "table", value_parser = positive_minutes)]
        save_minutes: f64,
        /// Solve nothing: print what --table holds on each position, `<moves> <lower>
        /// <upper>` and `best <column>` if it recorded one, or `<moves> unknown`: how far a
        /// long solve stopped midway has got (list a position's moves to see which are
        /// refuted). The file is only read.
        #[arg(long, requires = "table", conflicts_with_all = ["weak", "at_least"])]
        bounds: bool,
        /// Give up a position after this many seconds of solving: its line says `unknown` in
        /// place of the score (`<moves> unknown <nodes> <microseconds>`), and the next position
        /// is solved; a kept table keeps what the abandoned solve proved.
        #[arg(long, value_name = "S", conflicts_with = "bounds", value_parser = positive_seconds)]
        max_seconds: Option<f64>,
    },
    /// Make the Connect Four opening book (`sente book connect4 --plies 8 --out FILE`), or the
    /// table of weak values (`sente book connect4 --weak-values --stones 4 --out FILE`).
    Book {
        /// The game (only `connect4`).
        game: String,
        /// Whose book: `first`, `second`, or `openings` (both sides after any opening of
        /// `--opening` moves and one more).
        #[arg(long, default_value = "first")]
        side: String,
        /// The opening's moves for `--side openings`.
        #[arg(long, default_value_t = 2)]
        opening: u32,
        /// Instead of making a book, pack this text book into `--out` (the compact form
        /// sente ships the openings book in).
        #[arg(long)]
        pack: Option<PathBuf>,
        /// Instead of a book, the table of the weak value (win, draw or loss) of every
        /// position with at most `--stones` stones, kept in `--progress` as it is made (a
        /// stopped run goes on where it stopped).
        #[arg(long, conflicts_with = "pack")]
        weak_values: bool,
        /// As `--weak-values`, the table of the exact score (how fast who wins) of every
        /// position with at most `--stones` stones.
        #[arg(long, conflicts_with_all = ["pack", "weak_values"])]
        exact_scores: bool,
        /// The most stones of a position in the table of values.
        #[arg(long, default_value_t = 4)]
        stones: u32,
        /// Where the table of values keeps its progress (default: `<out>.progress`).
        #[arg(long)]
        progress: Option<PathBuf>,
        /// Book positions have fewer stones than this.
        #[arg(long, default_value_t = 8)]
        plies: u32,
        /// Where to write the book.
        #[arg(long)]
        out: PathBuf,
        /// Solver table size in MB.
        #[arg(long, default_value_t = 1024)]
        hash: usize,
        /// Solver threads.
        #[arg(long, default_value_t = 1)]
        threads: usize,
    },
    /// Play engines against each other, refereed by sente's rules (see protocol.md, "sente match").
    Match(Box<crate::referee::match_command::MatchArgs>),
    /// Review a game: every move classed exactly where a solver answers, accuracies, the better
    /// moves (see protocol.md, "sente review").
    Review(Box<crate::review::ReviewArgs>),
    /// Play sente in the terminal.
    Play {
        /// The game.
        #[arg(long, default_value = DEFAULT_VARIANT)]
        variant: String,
        /// Your seat: `first` or `second` (ignored in one-player puzzles).
        #[arg(long, default_value = "first")]
        human: String,
        /// sente's time per move and per hint, in seconds.
        #[arg(long, default_value_t = 1.0)]
        st: f64,
        /// An engine option, `Name=value` (rule options such as BabylonColours also set the
        /// rules); repeatable.
        #[arg(long = "option")]
        options: Vec<String>,
    },
    /// Serve a web page that plays and analyses every game (see gui.md).
    Gui(crate::gui::GuiArgs),
    /// Rush Hour tools (`sente rushhour universe --size 6 --walls 0 --out FILE`).
    #[command(subcommand)]
    Rushhour(RushhourTool),
    /// Play transcript files (`> sent`, `< expected`) against an engine.
    Transcript {
        /// The engine to test (default: this sente).
        #[arg(long)]
        engine: Option<PathBuf>,
        /// Arguments for the engine.
        #[arg(long = "arg", allow_hyphen_values = true)]
        args: Vec<String>,
        /// Transcript files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
}

/// `sente rushhour` tools.
#[derive(Subcommand)]
enum RushhourTool {
    /// Enumerate every board of an N x N game, one interesting puzzle per cluster, as Michael
    /// Fogleman's database does (see protocol.md, "sente rushhour universe").
    Universe {
        /// Board side: 4, 5 or 6.
        #[arg(long, default_value_t = 6)]
        size: usize,
        /// The most walls (1-cell blockers): 0, 1 or 2.
        #[arg(long, default_value_t = 0)]
        walls: usize,
        /// Where to write the puzzles, one line each, sorted.
        #[arg(long)]
        out: PathBuf,
        /// Enumerate only part K of M (`K/M`, 1 <= K <= M); the parts' lines merge into the
        /// whole run's.
        #[arg(long, value_name = "K/M")]
        shard: Option<String>,
        /// Worker threads (default: one per core).
        #[arg(long)]
        threads: Option<usize>,
        /// Seconds between progress lines on stderr.
        #[arg(long, default_value_t = 10.0)]
        progress: f64,
    },
    /// Print puzzles of the set shipped with sente (6x6, no walls, drawn from the universe):
    /// `moves board cluster_states`, one a line; a board is a fen for `position fen`.
    Puzzles {
        /// Only the puzzles of this many moves (slides).
        #[arg(long, conflicts_with_all = ["min", "max"])]
        moves: Option<u32>,
        /// Only the puzzles of at least this many moves.
        #[arg(long)]
        min: Option<u32>,
        /// Only the puzzles of at most this many moves.
        #[arg(long)]
        max: Option<u32>,
    },
}

/// Runs the `sente` command with `args` (the program's name first, as `std::env::args_os`
/// gives them): the engine by default, or a subcommand. The `sente` binary calls it, and so
/// does the Python package's `sente` console entry (`pip install ./python`).
pub fn run<I, T>(args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    // A second call in one process (none but tests) keeps the first logger.
    let _ = env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .try_init();
    let matches = match <Cli as clap::CommandFactory>::command().try_get_matches_from(args) {
        Ok(matches) => matches,
        Err(e) => e.exit(),
    };
    let mut cli = match <Cli as clap::FromArgMatches>::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
    // Each `--engine` occurrence is one engine's group of pairs.
    let groups = |name: &str| -> Vec<Vec<String>> {
        matches
            .subcommand_matches(name)
            .and_then(|sub| sub.get_occurrences::<String>("engines"))
            .map(|groups| groups.map(|g| g.cloned().collect()).collect())
            .unwrap_or_default()
    };
    match &mut cli.command {
        Some(Tool::Match(args)) => args.engine_groups = groups("match"),
        Some(Tool::Gui(args)) => args.engine_groups = groups("gui"),
        _ => {}
    }
    let outcome = match cli.command {
        None => crate::engine::run_stdio(cli.variant.as_deref()),
        Some(Tool::Bench { hash }) => {
            crate::bench::run(hash, &mut std::io::stdout().lock()).map(|_| ())
        }
        Some(Tool::Solve {
            game,
            hash,
            threads,
            keep_table,
            width,
            height,
            weak,
            at_least,
            table,
            save_minutes,
            bounds,
            max_seconds,
        }) => crate::games::connect4::Shape::new(width, height)
            .map_err(|e| e.0)
            .and_then(|shape| {
                use crate::games::connect4::batch::{BatchConfig, TableFile, run_stdio};
                let table_file = table.map(|path| TableFile {
                    path,
                    every: std::time::Duration::from_secs_f64(save_minutes * 60.0),
                });
                let config = BatchConfig {
                    shape,
                    hash_mb: hash,
                    threads,
                    keep_table,
                    weak,
                    at_least,
                    table_file,
                    bounds_only: bounds,
                    max_time: max_seconds.map(std::time::Duration::from_secs_f64),
                };
                run_stdio(&game, config)
            }),
        Some(Tool::Book {
            game,
            pack: Some(text),
            out,
            ..
        }) => crate::games::connect4::book::make::pack_file(&game, &text, &out),
        Some(Tool::Book {
            game,
            weak_values,
            exact_scores,
            stones,
            progress,
            out,
            hash,
            threads,
            ..
        }) if weak_values || exact_scores => crate::games::connect4::book::value_table::make_file(
            &game,
            if exact_scores {
                crate::games::connect4::solver::value_table::Kind::Exact
            } else {
                crate::games::connect4::solver::value_table::Kind::Weak
            },
            stones,
            &out,
            progress.as_deref(),
            hash,
            threads,
        ),
        Some(Tool::Book {
            game,
            side,
            opening,
            pack: None,
            plies,
            out,
            hash,
            threads,
            ..
        }) => crate::games::connect4::book::make::make_file(
            &game, &side, opening, plies, &out, hash, threads,
        ),
        Some(Tool::Match(args)) => return crate::referee::match_command::run(&args),
        Some(Tool::Review(args)) => return crate::review::run_command(&args),
        Some(Tool::Play {
            variant,
            human,
            st,
            options,
        }) => crate::referee::play::run_stdio(&variant, &human, st, &options),
        Some(Tool::Transcript {
            engine,
            args,
            files,
        }) => crate::transcript::run_files(engine, &args, &files),
        Some(Tool::Gui(args)) => args.into_config().and_then(crate::gui::run),
        Some(Tool::Rushhour(RushhourTool::Universe {
            size,
            walls,
            out,
            shard,
            threads,
            progress,
        })) => crate::games::rushhour::universe::command::universe(
            size,
            walls,
            &out,
            shard.as_deref(),
            threads,
            progress,
        ),
        Some(Tool::Rushhour(RushhourTool::Puzzles { moves, min, max })) => {
            crate::games::rushhour::universe::command::puzzles(moves, min, max)
        }
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("sente: {e}");
            ExitCode::FAILURE
        }
    }
}

/// A `--save-minutes` value: a number of minutes above 0 and at most a million.
fn positive_minutes(text: &str) -> Result<f64, String> {
    positive_number(text, "minutes", 1e6)
}

/// A `--max-seconds` value: a number of seconds above 0 and at most a billion.
fn positive_seconds(text: &str) -> Result<f64, String> {
    positive_number(text, "seconds", 1e9)
}

/// A number above 0 and at most `most`, of `unit`s.
fn positive_number(text: &str, unit: &str, most: f64) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(n) if n > 0.0 && n <= most => Ok(n),
        _ => Err(format!(
            "expected a number of {unit} above 0 and at most {most}, not '{text}'"
        )),
    }
}
