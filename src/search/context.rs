//! Everything a search needs besides the position: the algorithm, the limits, the clock's
//! start, the stop flag, the table, the trace limit, and a puzzle's estimate.

use super::algorithm::Algorithm;
use super::limits::Limits;
use super::puzzle;
use super::tt::TranspositionTable;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// The estimate of the moves left that A* and IDA* use on a puzzle, with its name for the
/// report.
pub struct NamedEstimate<'a, G> {
    /// The option value naming it (`zero` for the generic one).
    pub name: &'a str,
    /// The estimate.
    pub estimate: puzzle::Estimate<'a, G>,
}

/// Everything a search needs besides the position.
pub struct SearchContext<'a> {
    /// Which algorithm.
    pub algorithm: Algorithm,
    /// Depth, node and time limits.
    pub limits: Limits,
    /// When `go` arrived.
    pub start: Instant,
    /// Raised by `stop`.
    pub stop: &'a AtomicBool,
    /// The table of the full search.
    pub table: &'a mut TranspositionTable,
    /// `Some(limit)` when `SearchTrace` is on: the textbook searches trace their first
    /// `limit` nodes (`TraceLimit`); the full search is never traced.
    pub trace_limit: Option<u64>,
}
