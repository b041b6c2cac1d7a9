//! `sente review`: reads a game (a record, or a variant and a move list), reviews it, and
//! prints the annotated game and its summary, or the review as JSON (`--json`); `--save`
//! writes the game with its review in its comments (`saved`). A record that holds a saved
//! review shows it as saved, without a solve (`--again` reviews it anew). Exit status:
//! 0 reviewed, 1 an error (printed on stderr: a bad record, an illegal move, an unknown
//! variant or option...), 2 bad arguments, 130 interrupted (Ctrl-C).

use super::record::GameRecord;
use super::run::{Progress, review};
use super::saved;
use super::words::annotated;
use super::{Review, Settings};
use std::io::{IsTerminal, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// `sente review` arguments.
#[derive(clap::Args, Debug)]
pub struct ReviewArgs {
    /// A game record (`sente match --out`'s format, as the GUI saves games; `-` reads stdin).
    #[arg(conflicts_with_all = ["variant", "moves"], required_unless_present = "variant")]
    pub record: Option<PathBuf>,
    /// Which game of the record, from 1.
    #[arg(long, default_value_t = 1, requires = "record")]
    pub game: usize,
    /// The variant of a move list (instead of a record).
    #[arg(long, requires = "moves")]
    pub variant: Option<String>,
    /// The moves, separated by spaces (`4 4 5 3`), or in a form of the game's own (`4453`).
    #[arg(long, requires = "variant", allow_hyphen_values = true)]
    pub moves: Option<String>,
    /// The start position of a move list (default: the variant's start).
    #[arg(long, requires = "variant")]
    pub fen: Option<String>,
    /// A rule option of a move list's variant, `Name=value` (`Connect4Width=8`); repeatable.
    #[arg(long = "option", value_name = "NAME=VALUE", requires = "variant")]
    pub options: Vec<String>,
    /// The most time a solve of one position may take, in seconds (the strong solve, then
    /// the weak one).
    #[arg(long, default_value_t = 10.0)]
    pub movetime: f64,
    /// The node budget of the search valuing a position no solve proves in time.
    #[arg(long, default_value_t = 1_000_000)]
    pub nodes: u64,
    /// Memory for the engine's tables, in MB.
    #[arg(long, default_value_t = 256)]
    pub hash: usize,
    /// Threads of the Connect Four solver.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Print the review as JSON (protocol.md, "sente review").
    #[arg(long)]
    pub json: bool,
    /// Also write the game with its review in its comments to this file (protocol.md, "A
    /// review in the record"); `sente review` and the GUI read it back without a solve.
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    /// Review a record that holds a saved review anew, instead of showing the saved one.
    #[arg(long, requires = "record")]
    pub again: bool,
}

impl ReviewArgs {
    /// The record's text, if the arguments name a record.
    fn record_text(&self) -> Result<Option<String>, String> {
        let Some(path) = &self.record else {
            return Ok(None);
        };
        if path.as_os_str() == "-" {
            let mut text = String::new();
            std::io::stdin()
                .read_to_string(&mut text)
                .map_err(|e| format!("stdin: {e}"))?;
            return Ok(Some(text));
        }
        std::fs::read_to_string(path)
            .map(Some)
            .map_err(|e| format!("{}: {e}", path.display()))
    }

    /// The game the arguments name.
    pub fn game(&self) -> Result<GameRecord, String> {
        self.game_of(self.record_text()?.as_deref())
    }

    /// The game of the record `text`, else of the move list the arguments give.
    fn game_of(&self, text: Option<&str>) -> Result<GameRecord, String> {
        if let Some(text) = text {
            return GameRecord::from_record_at(text, self.game);
        }
        let variant = self
            .variant
            .as_deref()
            .ok_or("no record and no --variant")?;
        let mut rules = Vec::new();
        for pair in &self.options {
            let (name, value) = pair
                .split_once('=')
                .ok_or_else(|| format!("--option '{pair}' is not Name=value"))?;
            rules.push((name.trim().to_string(), value.trim().to_string()));
        }
        let text = self.moves.as_deref().unwrap_or("");
        GameRecord::from_move_text(variant, &rules, self.fen.as_deref(), text)
    }

    /// The settings the arguments give.
    pub fn settings(&self) -> Result<Settings, String> {
        Settings::checked(self.movetime, self.nodes, self.hash, self.threads)
            .map_err(|e| format!("--{e}"))
    }
}

/// Runs `sente review`.
pub fn run(args: &ReviewArgs) -> ExitCode {
    match reviewed(args) {
        Ok(Some((review, from_record))) => {
            if let Some(path) = &args.save {
                let written = saved::record_text(&review).and_then(|text| {
                    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
                });
                if let Err(e) = written {
                    return failed(&e);
                }
            }
            let text = if args.json {
                if from_record {
                    eprintln!("sente review: {FROM_RECORD}");
                }
                match review.to_json() {
                    Ok(json) => json + "\n",
                    Err(e) => return failed(&e),
                }
            } else if from_record {
                format!("{FROM_RECORD}\n{}", annotated(&review))
            } else {
                annotated(&review)
            };
            let mut out = std::io::stdout().lock();
            if out
                .write_all(text.as_bytes())
                .and_then(|()| out.flush())
                .is_err()
            {
                return ExitCode::FAILURE;
            }
            ExitCode::SUCCESS
        }
        Ok(None) => ExitCode::from(130),
        Err(e) => failed(&e),
    }
}

/// What `sente review` says of a review read from its record.
pub const FROM_RECORD: &str =
    "review read from the record (saved with the game, not recomputed; --again reviews it anew)";

fn failed(message: &str) -> ExitCode {
    eprintln!("sente review: {message}");
    ExitCode::FAILURE
}

/// The review the arguments ask for, and true when it was read from the record; `None` when
/// interrupted (said on stderr).
fn reviewed(args: &ReviewArgs) -> Result<Option<(Review, bool)>, String> {
    let text = args.record_text()?;
    let settings = args.settings()?;
    if let Some(text) = &text
        && !args.again
        && let Some(review) = saved::read(text, args.game)?
    {
        return Ok(Some((review, true)));
    }
    let game = args.game_of(text.as_deref())?;
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    if let Err(e) = ctrlc::set_handler(move || flag.store(true, Ordering::SeqCst)) {
        log::debug!("no Ctrl-C handler: {e}");
    }
    let terminal = std::io::stderr().is_terminal();
    let mut last_done = 0;
    let total = game.moves().len();
    let outcome = review(&game, settings, stop, &mut |p: Progress<'_>| {
        last_done = p.done;
        if terminal {
            eprint!("\rreviewed {} of {} moves", p.done, p.total);
        }
    });
    if terminal && total > 0 {
        eprintln!();
    }
    match outcome? {
        Ok(review) => Ok(Some((review, false))),
        Err(_) => {
            eprintln!("sente review: interrupted after {last_done} of {total} moves");
            Ok(None)
        }
    }
}
