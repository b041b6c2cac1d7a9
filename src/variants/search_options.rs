//! A game's search options: how sente searches the game (Rush Hour's A* estimate, Connect
//! Four's opening book), not what its rules are. Each game's task declares its own beside the
//! code that reads them (`tasks/<game>.rs`) and its registry entry carries them; the engine
//! announces them among its own options, keeps their values per game, and hands the played
//! game's values to each search in its `SearchJob`.

use crate::games::rules::RuleOption;

/// The search options of one game and where `uci` lists them.
#[derive(Clone, Copy, Debug)]
pub struct SearchOptions {
    /// The declarations: name, type, default and help, as a rule option's (the `keyword` is
    /// the Python argument that sets it, if any).
    pub options: &'static [RuleOption],
    /// The engine option whose `option` line these follow in what `uci` and `ugi` announce.
    pub announced_after: &'static str,
    /// The option (one of `options`, a combo) that chooses the estimate of the moves left A*
    /// and IDA* use on the game's puzzles (Rush Hour's `PuzzleHeuristic`), if the game has one.
    pub puzzle_estimate: Option<&'static str>,
}

impl SearchOptions {
    /// No search options: a game searched as the engine's options alone say.
    pub const NONE: SearchOptions = SearchOptions {
        options: &[],
        announced_after: "",
        puzzle_estimate: None,
    };

    /// The declaration of the option choosing the puzzle searches' estimate, if any.
    pub fn puzzle_estimate(&self) -> Option<&'static RuleOption> {
        let name = self.puzzle_estimate?;
        self.options.iter().find(|o| o.name == name)
    }
}
