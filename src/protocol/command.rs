//! The typed commands a line of input can be.

/// Which dialect a handshake used: the replies differ only in their last line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// `uci` ... `uciok`.
    Uci,
    /// `ugi` ... `ugiok`.
    Ugi,
}

/// Where a `position` command starts from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionStart {
    /// The variant's start position.
    Startpos,
    /// A position in the variant's fen notation.
    Fen(String),
}

/// Limits and modes given with `go`. Times are in milliseconds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoParams {
    /// Clock of the first player (`wtime` or `p1time`).
    pub p1_time: Option<u64>,
    /// Clock of the second player (`btime` or `p2time`).
    pub p2_time: Option<u64>,
    /// Increment of the first player (`winc` or `p1inc`).
    pub p1_inc: Option<u64>,
    /// Increment of the second player (`binc` or `p2inc`).
    pub p2_inc: Option<u64>,
    /// Moves until the next time control.
    pub moves_to_go: Option<u32>,
    /// Exact time for this move.
    pub move_time: Option<u64>,
    /// Maximum depth in plies.
    pub depth: Option<u32>,
    /// Maximum number of nodes.
    pub nodes: Option<u64>,
    /// Search until `stop`.
    pub infinite: bool,
    /// Search until the value is proven (`go solve`).
    pub solve: bool,
    /// Prove only who wins (`go solve weak`).
    pub weak: bool,
    /// Prove only the value, not which move keeps it (`go solve value`).
    pub value_only: bool,
}

/// What `query` asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Query {
    /// `query gameover`: is the game over?
    GameOver,
    /// `query p1turn`: is it the first player's turn?
    P1Turn,
    /// `query result`: who won.
    Result,
    /// `query moves`: the legal moves.
    Moves,
    /// `query fen`: the position's fen.
    Fen,
}

/// One line of input, parsed (or to be written: `write.rs`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Command {
    /// `uci` or `ugi`: identify and list options.
    Handshake(Dialect),
    /// `isready`.
    IsReady,
    /// `setoption name <name> [value <value>]`.
    SetOption {
        /// The option's name (may contain spaces).
        name: String,
        /// The value, if given.
        value: Option<String>,
    },
    /// `ucinewgame` / `uginewgame`.
    NewGame,
    /// `position ...`.
    Position {
        /// Start position or fen.
        start: PositionStart,
        /// Moves played from there.
        moves: Vec<String>,
    },
    /// `go ...`.
    Go(GoParams),
    /// `stop`.
    Stop,
    /// `ponderhit`: accepted and ignored (sente does not ponder).
    PonderHit,
    /// `debug on|off`.
    Debug(bool),
    /// `query ...`.
    Query(Query),
    /// `d`: draw the position.
    Display,
    /// `perft <depth>`.
    Perft(u32),
    /// `quit`.
    Quit,
    /// An empty or blank line: ignored.
    #[default]
    Empty,
}

impl Command {
    /// `setoption name <name> value <value>`.
    pub fn set_option(name: impl Into<String>, value: impl Into<String>) -> Command {
        Command::SetOption {
            name: name.into(),
            value: Some(value.into()),
        }
    }
}
