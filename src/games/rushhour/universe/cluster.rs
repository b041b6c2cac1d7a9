//! One cluster (every board reachable from a start board), judged as Fogleman's `Cluster` does
//! for its canonical start board (the smallest of the cluster, by horizontal mask, then vertical
//! mask): solvable when some board has the primary car at the right edge; its puzzle
//! is the board farthest from every solved board (the smallest such), kept when minimal:
//! every piece but the primary car that does not move in the first optimal solution (the first
//! in move order) is needed, i.e. without it the puzzle takes fewer moves.

use super::table::KeyTable;
use crate::games::rushhour::grid::{Layout, Slide, State};

/// What one cluster turned out to be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The primary car never reaches the edge.
    Unsolvable {
        /// Boards in the cluster.
        states: usize,
    },
    /// Solvable, but a piece can go without changing the number of moves.
    NotMinimal {
        /// Boards in the cluster.
        states: usize,
    },
    /// An interesting puzzle.
    Puzzle(Puzzle),
    /// More boards than an edge can number (2^27; far beyond the clusters of a 6x6 board).
    TooLarge {
        /// Boards in the cluster.
        states: usize,
    },
}

/// One line of the universe: `moves board cluster_states distance_counts`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// Optimal solution length of the puzzle (the cluster's largest distance to a goal).
    pub moves: usize,
    /// The puzzle, relabelled in reading order.
    pub board: String,
    /// Boards in the cluster.
    pub states: usize,
    /// Boards of the cluster at each distance 0, 1, ... `moves` from a solved board.
    pub counts: Vec<u64>,
}

impl Puzzle {
    /// Fogleman's output line: moves on two digits, board, states, counts joined by commas.
    pub fn line(&self) -> String {
        let counts: Vec<String> = self.counts.iter().map(u64::to_string).collect();
        format!(
            "{:02} {} {} {}",
            self.moves,
            self.board,
            self.states,
            counts.join(",")
        )
    }
}

/// Reusable buffers for judging clusters one after another.
#[derive(Default)]
pub struct Explorer {
    table: KeyTable,
    states: Vec<State>,
    distance: Vec<u16>,
    queue: Vec<u32>,
    /// The moves of every board, in move order: the next board's index, the piece above bit 27.
    edges: Vec<u32>,
    /// Where each board's moves start in `edges` (one more entry than boards).
    first_edge: Vec<u32>,
    small_table: KeyTable,
    frontier: Vec<State>,
    next: Vec<State>,
    slides: Vec<Slide>,
}

const UNKNOWN: u16 = u16::MAX;
/// Board indexes take the low bits of an edge, the moving piece the high ones.
const PIECE_SHIFT: u32 = 27;
const INDEX_MASK: u32 = (1 << PIECE_SHIFT) - 1;

impl Explorer {
    /// Fresh buffers.
    pub fn new() -> Explorer {
        Explorer::default()
    }

    /// Judges the cluster of `start`, and appends to `packed` the keys ([`State::key`]) of its
    /// packed boards: those from which no piece slides left or up (every slide leads to a
    /// larger key). The packed boards are the ones Fogleman's enumerator generates, the
    /// smallest board of the cluster among them.
    pub fn judge(&mut self, layout: &Layout, start: &State, packed: &mut Vec<u128>) -> Verdict {
        self.table.clear();
        self.states.clear();
        self.queue.clear();
        self.edges.clear();
        self.first_edge.clear();
        self.table.insert(start.code, 0);
        self.states.push(*start);
        let mut i = 0;
        while i < self.states.len() {
            let state = self.states[i];
            if layout.solved(&state) {
                self.queue.push(i as u32);
            }
            self.first_edge.push(self.edges.len() as u32);
            layout.slides(&state, &mut self.slides);
            let key = state.key();
            if self.slides.iter().all(|s| s.key() > key) {
                packed.push(key);
            }
            for s in &self.slides {
                self.table.prefetch(s.code);
            }
            for s in &self.slides {
                let (j, new) = self.table.entry(s.code, self.states.len() as u32);
                if new {
                    self.states.push(layout.apply(&state, s));
                }
                self.edges.push(j | u32::from(s.piece) << PIECE_SHIFT);
            }
            i += 1;
        }
        self.first_edge.push(self.edges.len() as u32);
        if self.states.len() > INDEX_MASK as usize {
            return Verdict::TooLarge {
                states: self.states.len(),
            };
        }
        let states = self.states.len();
        if self.queue.is_empty() {
            return Verdict::Unsolvable { states };
        }
        let (farthest, moves) = self.distances();
        if !self.minimal(layout, farthest, moves) {
            return Verdict::NotMinimal { states };
        }
        let mut counts = vec![0u64; moves as usize + 1];
        for &d in &self.distance {
            counts[d as usize] += 1;
        }
        Verdict::Puzzle(Puzzle {
            moves: moves as usize,
            board: layout.board_string(&self.states[farthest]),
            states,
            counts,
        })
    }

    /// Distances to the nearest solved board, from the solved boards in `queue`: the farthest
    /// board (the smallest of the farthest) and its distance.
    #[inline(never)]
    fn distances(&mut self) -> (usize, u16) {
        self.distance.clear();
        self.distance.resize(self.states.len(), UNKNOWN);
        for &g in &self.queue {
            self.distance[g as usize] = 0;
        }
        let mut farthest = self.queue[0] as usize;
        let mut head = 0;
        while head < self.queue.len() {
            let at = self.queue[head] as usize;
            head += 1;
            let d = self.distance[at] + 1;
            let (from, to) = (
                self.first_edge[at] as usize,
                self.first_edge[at + 1] as usize,
            );
            for &edge in &self.edges[from..to] {
                let j = (edge & INDEX_MASK) as usize;
                if self.distance[j] == UNKNOWN {
                    self.distance[j] = d;
                    self.queue.push(j as u32);
                }
            }
        }
        let mut best = self.distance[farthest];
        for (j, &d) in self.distance.iter().enumerate() {
            if d > best || (d == best && self.states[j].key() < self.states[farthest].key()) {
                best = d;
                farthest = j;
            }
        }
        (farthest, best)
    }

    /// Fogleman's "minimal": the pieces that do not move in the first optimal solution from
    /// `puzzle` (index into `states`) are each needed for its `moves` moves.
    #[inline(never)]
    fn minimal(&mut self, layout: &Layout, puzzle: usize, moves: u16) -> bool {
        let mut moved = 0u32;
        let mut at = puzzle;
        while self.distance[at] > 0 {
            let want = self.distance[at] - 1;
            let (from, to) = (
                self.first_edge[at] as usize,
                self.first_edge[at + 1] as usize,
            );
            let step = self.edges[from..to]
                .iter()
                .find(|&&e| self.distance[(e & INDEX_MASK) as usize] == want);
            let Some(&edge) = step else {
                // Unreachable: a board at distance d > 0 has a neighbour at d - 1.
                return false;
            };
            let (piece, j) = (edge >> PIECE_SHIFT, (edge & INDEX_MASK) as usize);
            moved |= 1 << piece;
            at = j;
        }
        if moves == 0 {
            // Already solved: without any other piece it still takes 0 moves.
            return layout.count() == 1;
        }
        let board = self.states[puzzle];
        for i in 1..layout.count() {
            if moved >> i & 1 == 0 {
                let (less, state) = layout.without(&board, i);
                if !self.solves_within(&less, &state, moves as usize - 1) {
                    return false;
                }
            }
        }
        true
    }

    /// Whether `state` can be solved in at most `limit` moves (breadth-first, stopping at the
    /// first solved board).
    #[inline(never)]
    fn solves_within(&mut self, layout: &Layout, state: &State, limit: usize) -> bool {
        if layout.solved(state) {
            return true;
        }
        self.small_table.clear();
        self.frontier.clear();
        self.small_table.insert(state.code, 0);
        self.frontier.push(*state);
        for _ in 0..limit {
            self.next.clear();
            let target = layout.target();
            for s in &self.frontier {
                layout.slides(s, &mut self.slides);
                if self.slides.iter().any(|m| m.piece == 0 && m.to == target) {
                    return true;
                }
                for m in &self.slides {
                    self.small_table.prefetch(m.code);
                }
                for m in &self.slides {
                    if self.small_table.insert(m.code, 0) {
                        self.next.push(layout.apply(s, m));
                    }
                }
            }
            if self.next.is_empty() {
                return false;
            }
            std::mem::swap(&mut self.frontier, &mut self.next);
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::rushhour::grid::parse_board;

    fn judge(size: usize, line: &str) -> (Verdict, Vec<u128>) {
        let pieces = parse_board(size, line).expect("a valid board");
        let (layout, state) = Layout::new(size, &pieces).expect("a valid layout");
        let mut packed = Vec::new();
        let verdict = Explorer::new().judge(&layout, &state, &mut packed);
        (verdict, packed)
    }

    /// Fogleman's hardest 6x6 puzzle without walls (a comment in his `main.cpp`): 51 moves, a
    /// cluster of 4,780 boards. Judged from the puzzle or from its smallest board, the same.
    #[test]
    fn the_51_move_cluster() {
        let pieces = parse_board(6, "BCDDE.BCF.EGB.FAAGHHHI.G..JIKKLLJMM.").expect("a valid board");
        let (layout, state) = Layout::new(6, &pieces).expect("a valid layout");
        let mut explorer = Explorer::new();
        let mut packed = Vec::new();
        let from_puzzle = explorer.judge(&layout, &state, &mut packed);
        // The smallest board and the packed boards of the cluster, explored once more here.
        let mut smallest = state;
        let mut seen = KeyTable::new();
        let mut todo = vec![state];
        let mut expected = Vec::new();
        seen.insert(state.code, 0);
        while let Some(s) = todo.pop() {
            if s.key() < smallest.key() {
                smallest = s;
            }
            let mut slides_left_or_up = false;
            layout.for_each_move(&s, |_, n| {
                slides_left_or_up |= n.key() < s.key();
                if seen.insert(n.code, 0) {
                    todo.push(*n);
                }
            });
            if !slides_left_or_up {
                expected.push(s.key());
            }
        }
        assert_eq!(seen.len(), 4780);
        packed.sort_unstable();
        expected.sort_unstable();
        assert_eq!(packed, expected);
        assert!(packed.contains(&smallest.key()));
        let verdict = explorer.judge(&layout, &smallest, &mut Vec::new());
        assert_eq!(verdict, from_puzzle);
        let Verdict::Puzzle(p) = verdict else {
            panic!("the 51-move cluster is not a puzzle");
        };
        assert_eq!(p.moves, 51);
        assert_eq!(p.states, 4780);
        // His comment's board is one of the three farthest; his code (this version) keeps the
        // smallest by its order of boards (horizontal mask first), which is this one.
        assert_eq!(p.board, "BCC.D.BEF.DGBEFAAGHHHI.G..JIKKLLJMM.");
        assert_eq!(p.counts.iter().sum::<u64>(), 4780);
        assert_eq!(p.counts[51], 3);
        assert_eq!(moves_to_solve(&layout, &state), 51);
    }

    /// Breadth-first search from `state` to the first solved board.
    fn moves_to_solve(layout: &Layout, state: &State) -> usize {
        let mut seen = KeyTable::new();
        seen.insert(state.code, 0);
        let mut level = vec![*state];
        for depth in 0.. {
            if level.iter().any(|s| layout.solved(s)) {
                return depth;
            }
            let mut next = Vec::new();
            for s in &level {
                layout.for_each_move(s, |_, n| {
                    if seen.insert(n.code, 0) {
                        next.push(*n);
                    }
                });
            }
            assert!(!next.is_empty(), "unsolvable");
            level = next;
        }
        unreachable!()
    }

    #[test]
    fn a_lone_car() {
        let lone = Verdict::Puzzle(Puzzle {
            moves: 1,
            board: "....AA..........".into(),
            states: 3,
            counts: vec![1, 2],
        });
        let (verdict, packed) = judge(4, "....AA..........");
        assert_eq!(verdict, lone);
        assert_eq!(packed, [(1u128 << 4 | 1 << 5) << 64]);
        assert_eq!(judge(4, ".....AA.........").0, lone);
    }
}
