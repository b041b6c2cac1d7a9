//! Optimal solving of one-player puzzles (every move costs one): breadth-first search, A* and
//! IDA*, each counting what the course compares (states expanded, states generated, the open
//! list's peak).

pub mod astar;
pub mod bfs;
pub mod counts;
pub mod idastar;

pub use astar::astar;
pub use bfs::breadth_first;
pub use counts::{PuzzleAlgorithm, PuzzleCounts};
pub use idastar::ida_star;

/// How a puzzle search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleResult<M> {
    /// A solution; optimal when the estimate never overestimates (breadth-first: always).
    Solved(Vec<M>),
    /// No sequence of moves solves the puzzle.
    Unsolvable,
    /// `stop` or a limit came first.
    Stopped,
}

/// An estimate of the moves a position still needs. A* and IDA* return optimal solutions when
/// it never exceeds the true number (it is admissible); `&|_| 0` makes A* a uniform-cost search.
pub type Estimate<'a, G> = &'a dyn Fn(&G) -> u32;

/// What a puzzle search did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PuzzleStats {
    /// States expanded: their successors were generated (the `nodes` of `info`).
    pub expanded: u64,
    /// Successors generated: one per legal move of an expanded state, repeats included.
    pub generated: u64,
    /// The largest size of the open list: the queue (breadth-first), the priority queue with its
    /// outdated entries (A*), the longest path held (IDA*, which keeps no open list).
    pub peak_open: u64,
    /// Searches run: IDA*'s iterations (one per cost bound); 1 for the others.
    pub iterations: u32,
    /// The hashes of the expanded states in order, recorded only when `Some` at the start.
    pub trace: Option<Vec<u64>>,
}

impl PuzzleStats {
    /// Statistics that record the order of expansions.
    pub fn traced() -> PuzzleStats {
        PuzzleStats {
            trace: Some(Vec::new()),
            ..PuzzleStats::default()
        }
    }

    /// Counts the expansion of the state with hash `key`.
    fn expand(&mut self, key: u64) {
        self.expanded += 1;
        if let Some(trace) = &mut self.trace {
            trace.push(key);
        }
    }

    /// Notes the open list's size.
    fn open(&mut self, size: usize) {
        self.peak_open = self.peak_open.max(size as u64);
    }
}

/// The moves from the root to `key`, following each state's parent and the move from it (the
/// root has none).
fn path<M: Copy>(mut key: u64, parent: impl Fn(u64) -> Option<(u64, M)>) -> Vec<M> {
    let mut line = Vec::new();
    while let Some((from, mv)) = parent(key) {
        line.push(mv);
        key = from;
    }
    line.reverse();
    line
}
