//! What a match is: the rules, the engines, the games, the openings and where the record
//! goes; read by the tournament that plays it and by the record's match headers (`setup`).

use super::openings::Openings;
use super::selection::Selection;
use super::spec::EngineSpec;
use super::stats::Sprt;
use crate::variants::rules::Rules;
use std::path::PathBuf;

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
    /// The seed of the random openings (`--seed`), recorded with every game.
    pub seed: u64,
    /// The games of the match this run plays.
    pub selection: Selection,
    /// Stop early when this test decides (two engines only; a partial selection records it
    /// for `--merge` but does not stop on its own games).
    pub sprt: Option<Sprt>,
    /// The record file.
    pub out: Option<PathBuf>,
    /// The record's `Event`.
    pub event: String,
}
