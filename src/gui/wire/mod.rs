//! The bottom layer of the GUI: every message between the page and the server and the types
//! inside them, as JSON (documented in `gui.md`), with the checks on what the page sends. It
//! imports nothing else of `gui/`.

pub mod check;
pub mod client;
pub mod compare;
pub mod offer;
pub mod requests;
pub mod review;
pub mod runs;
pub mod search;
pub mod server;
pub mod state;
pub mod trace;

pub use check::clip;
pub use client::{ClientMessage, LimitsMessage, MAX_FRAME_BYTES, MAX_MESSAGE_BYTES, parse};
pub use compare::{CompareRow, CompareStart};
pub use offer::{EngineEntry, EstimateEntry, OptionSpec, VariantEntry, WholeGamesEntry};
pub use requests::{CompareRequest, MAX_TRACE_NODES, PositionRef, TraceRequest};
pub use review::{
    ReviewDone, ReviewProgress, ReviewRequest, ReviewStart, ReviewTryBoard, ReviewTryDone,
    ReviewTryRequest, TriedBoard, TriedReply,
};
pub use runs::{RunSpec, run_names, run_spec};
pub use search::{ColumnValue, InfoMessage};
pub use server::{ServerMessage, TRACE_CHUNK};
pub use state::{ClocksMessage, DrawOfferMessage, GameState, ModeMessage, OutcomeMessage};
pub use trace::{NodeTuple, TraceNumber, TraceStart, TraceSummary};
