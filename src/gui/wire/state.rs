//! The `state` message: everything the page draws about a tab's game and what the tab is doing.

use serde::Serialize;

/// Everything the page draws about the game.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct GameState {
    /// The variant's name.
    pub variant: String,
    /// The rule options set (`[["BabylonColours", "3"]]`).
    pub rules: Vec<(String, String)>,
    /// The fen the game started from (`None`: the start position).
    pub start_fen: Option<String>,
    /// The start position's fen (as `start_fen`, or the variant's start).
    pub root_fen: String,
    /// Every move from the start.
    pub moves: Vec<String>,
    /// A comment per move (engine score, depth and time; empty for a person's move).
    pub comments: Vec<String>,
    /// How many of `moves` lead to the viewed position.
    pub cursor: usize,
    /// The viewed position.
    pub fen: String,
    /// Its side to move, `p1` or `p2`.
    pub side: &'static str,
    /// One player (Rush Hour).
    pub puzzle: bool,
    /// Its legal moves (empty once it is over).
    pub legal: Vec<String>,
    /// Rush Hour: how far each vehicle can go by legal moves, `[back, forward]` cells.
    pub reach: Option<Vec<(String, i32, i32)>>,
    /// Set when the viewed position is finished.
    pub outcome: Option<OutcomeMessage>,
    /// Set at the last move of a game with engines that ended other than by its rules: a
    /// forfeit (crash, time, illegal move), a resignation, an agreed draw, an abort (`*`).
    pub ended: Option<OutcomeMessage>,
    /// What the tab is doing.
    pub mode: ModeMessage,
    /// The clocks of a game with a clock.
    pub clocks: Option<ClocksMessage>,
}

/// A result and why.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct OutcomeMessage {
    /// `1-0`, `0-1`, `1/2-1/2` (`*`: an aborted game).
    pub result: String,
    /// In words (`p1 won`, `p2 crashed: ...`).
    pub reason: String,
}

/// What the tab is doing.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct ModeMessage {
    /// `free` (a person plays both sides), `play` (against an engine) or `watch`.
    pub kind: &'static str,
    /// Who plays p1 and p2 (`you`, or an engine's name).
    pub players: [String; 2],
    /// The person's seat in `play`.
    pub human: Option<&'static str>,
    /// An engine game between moves, waiting for `resume`.
    pub paused: bool,
    /// The seat whose engine is thinking.
    pub thinking: Option<&'static str>,
    /// The analysing engine, when analysis runs.
    pub analysis: Option<String>,
    /// The engine solving the puzzle, while it does.
    pub solving: Option<String>,
    /// The limits text (`st=1`, `2+0.05`).
    pub limits: Option<String>,
    /// A game against an engine that the person may still abort (not both sides have moved).
    pub abortable: bool,
    /// The person's draw offer on this turn: pending, or declined and why.
    pub draw_offer: Option<DrawOfferMessage>,
    /// A game with engines that is over (by its rules at its last position, or ended
    /// otherwise), whatever ply is viewed: the page offers no control of a running game then.
    pub over: bool,
    /// After a declined draw offer, while fewer moves have been played: the number of moves
    /// from which the person may offer a draw again.
    pub draw_offer_from: Option<usize>,
}

/// A draw offer and the engine's answer.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct DrawOfferMessage {
    /// `pending` (the engine searches the position) or `declined`.
    pub status: &'static str,
    /// In words (`sente is considering your draw offer`, `sente declined the draw`).
    pub reason: String,
}

/// The clocks of a timed game.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct ClocksMessage {
    /// The first player's time left, in ms.
    pub p1_ms: i64,
    /// The second player's time left, in ms.
    pub p2_ms: i64,
    /// The seat whose clock runs.
    pub running: Option<&'static str>,
}
