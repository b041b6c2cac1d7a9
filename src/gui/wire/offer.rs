//! What the server offers the page in its `welcome`: its engines (with their options read into
//! form fields) and sente's variants.

use crate::variants::registry::WholeGames;
use serde::Serialize;

/// An engine the page may pick.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct EngineEntry {
    /// The name given with `name=` (what the page sends back).
    pub name: String,
    /// What it said with `id name`.
    pub id_name: Option<String>,
    /// Its variants (`UCI_Variant` choices), if it said.
    pub variants: Option<Vec<String>>,
    /// Its options, read from its `option` lines.
    pub options: Vec<OptionSpec>,
    /// Why it could not be asked, if it could not.
    pub error: Option<String>,
}

/// A variant sente knows.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct VariantEntry {
    /// Its name.
    pub name: String,
    /// One player (Rush Hour).
    pub puzzle: bool,
    /// Its start position's fen with the default rules.
    pub start_fen: String,
    /// The analysis shows each legal move's exact value (Connect Four's columns).
    pub move_values: bool,
    /// The comparison view plays whole games of it (the rocks experiment), with the words for
    /// its players.
    pub whole_games: Option<WholeGamesEntry>,
    /// The option choosing the estimate of its puzzle searches (A*, IDA*) and the estimates
    /// it offers, as the game declares them (Rush Hour's `PuzzleHeuristic`); `None` for a game
    /// without one.
    pub puzzle_estimate: Option<EstimateEntry>,
    /// The engine's `cp` units in one of the game's own (`TabGame::VALUE_UNIT`: 100 for a game
    /// tree, else 1): the analysis writes scores in the game's units, as the tree view.
    pub value_unit: i32,
}

/// The estimate option of a variant's puzzle searches: its name and choices.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct EstimateEntry {
    /// The option's name (`PuzzleHeuristic`).
    pub option: String,
    /// Every estimate it takes (`zero`, `distance`, `blockers`, `movers`).
    pub choices: Vec<String>,
}

/// The comparison view's whole games of a variant, as its registry entry declares them
/// (`registry::WholeGames`).
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct WholeGamesEntry {
    /// What the first player (each compared search) moves: `car`.
    pub first: String,
    /// What sente's exact second player moves: `rock`.
    pub second: String,
    /// The script that plays the same games, whose table the export copies.
    pub script: String,
}

impl From<WholeGames> for WholeGamesEntry {
    fn from(games: WholeGames) -> Self {
        WholeGamesEntry {
            first: games.first.to_string(),
            second: games.second.to_string(),
            script: games.script.to_string(),
        }
    }
}

/// One `option` line, read for a form.
#[derive(Clone, Debug, Default, Serialize, PartialEq, Eq)]
pub struct OptionSpec {
    /// The option's name (may hold spaces: `Clear Hash`).
    pub name: String,
    /// `check`, `spin`, `combo`, `button` or `string`.
    pub kind: String,
    /// The default, as written.
    pub default: Option<String>,
    /// `spin`'s lower bound.
    pub min: Option<i64>,
    /// `spin`'s upper bound.
    pub max: Option<i64>,
    /// `combo` choices.
    pub vars: Vec<String>,
    /// The variant whose rules it changes (`BabylonColours`: `babylon`), if it is a rule
    /// option sente knows.
    pub rule_of: Option<String>,
    /// A label for a form, from sente's declaration of a rule option.
    pub label: Option<String>,
    /// One line of help, from sente's declaration of the option.
    pub help: Option<String>,
}
