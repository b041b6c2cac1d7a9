//! The `sente` command: the engine by default, plus `bench` and `transcript`.

use clap::{Parser, Subcommand};
use std::io::Write;
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
    },
    /// Make the Connect Four opening book (`sente book connect4 --plies 8 --out FILE`).
    Book {
        /// The game (only `connect4`).
        game: String,
        /// Whose book: `first` or `second`.
        #[arg(long, default_value = "first")]
        side: String,
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

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let cli = Cli::parse();
    let outcome = match cli.command {
        None => sente::engine::run_stdio(cli.variant.as_deref()),
        Some(Tool::Bench { hash }) => {
            sente::bench::run(hash, &mut std::io::stdout().lock()).map(|_| ())
        }
        Some(Tool::Solve {
            game,
            hash,
            threads,
            keep_table,
        }) => {
            if game == "connect4" {
                sente::search::solve::batch::run(
                    &mut std::io::stdin().lock(),
                    &mut std::io::stdout().lock(),
                    hash,
                    threads,
                    keep_table,
                )
                .map_err(|e| e.to_string())
            } else {
                Err(format!("no exact solver for '{game}' (connect4 has one)"))
            }
        }
        Some(Tool::Book {
            game,
            side,
            plies,
            out,
            hash,
            threads,
        }) => make_book(&game, &side, plies, &out, hash, threads),
        Some(Tool::Transcript {
            engine,
            args,
            files,
        }) => transcripts(engine, &args, &files),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("sente: {e}");
            ExitCode::FAILURE
        }
    }
}

fn make_book(
    game: &str,
    side: &str,
    plies: u32,
    out: &std::path::Path,
    hash: usize,
    threads: usize,
) -> Result<(), String> {
    use sente::search::solve::book::BookSide;
    if game != "connect4" {
        return Err(format!("no book for '{game}' (connect4 has one)"));
    }
    let side = match side {
        "first" => BookSide::First,
        "second" => BookSide::Second,
        _ => return Err(format!("--side is first or second, not '{side}'")),
    };
    let mut solver = sente::search::solve::connect4::Solver::new(hash);
    solver.set_threads(threads);
    let mut file = std::io::BufWriter::new(
        std::fs::File::create(out).map_err(|e| format!("{}: {e}", out.display()))?,
    );
    let start = std::time::Instant::now();
    let mut count = 0;
    let book = sente::search::solve::book::generate(
        &mut solver,
        side,
        plies,
        &mut file,
        &mut |moves, col| {
            count += 1;
            eprintln!(
                "{count:5} {:8.1} s  {moves:<12} -> {}",
                start.elapsed().as_secs_f64(),
                col + 1
            );
        },
    )
    .map_err(|e| e.to_string())?
    .map_err(|_| "interrupted".to_string())?;
    file.flush().map_err(|e| e.to_string())?;
    eprintln!(
        "{} positions in {:.1} s, {} solver nodes",
        book.len(),
        start.elapsed().as_secs_f64(),
        solver.nodes
    );
    Ok(())
}

fn transcripts(engine: Option<PathBuf>, args: &[String], files: &[PathBuf]) -> Result<(), String> {
    let program = match engine {
        Some(path) => path,
        None => std::env::current_exe().map_err(|e| e.to_string())?,
    };
    let mut failed = 0;
    let mut out = std::io::stdout().lock();
    for file in files {
        let line = match sente::transcript::run_file(&program, args, file) {
            Ok(()) => format!("ok   {}", file.display()),
            Err(e) => {
                failed += 1;
                format!("FAIL {e}")
            }
        };
        // A closed stdout (`| head`) ends the listing, not the program.
        let _ = writeln!(out, "{line}");
    }
    let _ = writeln!(out, "{} passed, {failed} failed", files.len() - failed);
    if failed == 0 {
        Ok(())
    } else {
        Err(format!("{failed} transcript(s) failed"))
    }
}
