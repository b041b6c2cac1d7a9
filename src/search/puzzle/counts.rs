//! What a puzzle search reports once it ends: which search ran with which estimate, and the
//! counts the course compares (protocol.md, the puzzle game's section).

/// Which puzzle search ran.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleAlgorithm {
    /// Breadth-first search (also what `alphabeta` runs on a puzzle).
    Bfs,
    /// A*.
    AStar,
    /// IDA*.
    IdaStar,
}

impl PuzzleAlgorithm {
    /// Every puzzle search, by the name its counts give it (the option `Algorithm`'s value).
    pub const ALL: [(&'static str, PuzzleAlgorithm); 3] = [
        ("bfs", PuzzleAlgorithm::Bfs),
        ("astar", PuzzleAlgorithm::AStar),
        ("idastar", PuzzleAlgorithm::IdaStar),
    ];

    /// `bfs`, `astar` or `idastar`.
    pub fn name(self) -> &'static str {
        PuzzleAlgorithm::ALL
            .iter()
            .find(|(_, a)| *a == self)
            .map_or("bfs", |(name, _)| name)
    }

    /// The search called `name`, if one is.
    pub fn from_name(name: &str) -> Option<PuzzleAlgorithm> {
        PuzzleAlgorithm::ALL
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, a)| *a)
    }
}

/// The counts of one finished puzzle search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleCounts {
    /// The search that ran.
    pub algorithm: PuzzleAlgorithm,
    /// The estimate A* and IDA* used, by its option value (`none` for breadth-first search);
    /// one word.
    pub heuristic: String,
    /// States expanded.
    pub expanded: u64,
    /// Successors generated.
    pub generated: u64,
    /// The open list's largest size (IDA*: the longest path held).
    pub peak_open: u64,
    /// Searches run: IDA*'s iterations, 1 for the others.
    pub iterations: u32,
    /// The search's own time, in microseconds.
    pub microseconds: u64,
}
