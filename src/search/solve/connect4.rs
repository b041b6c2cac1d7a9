//! The exact Connect Four solver: null-window alpha-beta on the exact score, the score
//! bracketed by iterative narrowing, a table of both bounds keyed on the position (mirror
//! positions share an entry), immediate wins and moves handing the opponent a win detected
//! before searching, enhanced transposition cutoffs, and moves ordered by the threats they
//! create, centre first.
//!
//! Scores follow the solving literature (`tests/data/connect4/README.md`): positive
//! when the side to move wins, `22 - (stones the winner has played when it completes four)`;
//! 0 for a draw; negative when it loses.

use super::table::{Bounds, SolverTable};
use crate::games::connect4::{BOARD, BOTTOM, Connect4, HEIGHT, WIDTH};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

const CELLS: i32 = WIDTH as i32 * HEIGHT as i32;
const H1: u32 = HEIGHT as u32 + 1;
/// Columns from the centre out.
const COLUMN_ORDER: [u32; WIDTH as usize] = [3, 2, 4, 1, 5, 0, 6];
/// The orders of the helper threads of a parallel solve: other ways to break ties, so that
/// the threads explore different parts of the tree first.
const HELPER_ORDERS: [[u32; WIDTH as usize]; 3] = [
    [3, 4, 2, 5, 1, 6, 0],
    [2, 3, 4, 1, 5, 0, 6],
    [4, 3, 2, 5, 1, 6, 0],
];
/// Enhanced transposition cutoffs are tried in positions with fewer stones than this (near
/// the end, subtrees are too small to repay the extra table probes).
const ETC_BEFORE: i32 = 34;
/// Mirror positions share table entries in positions with fewer stones than this.
const SYMMETRY_BEFORE: i32 = 28;
/// A parallel solve runs alone for this many nodes first.
const SOLO_NODES: u64 = 200_000;
/// How often (in nodes) the stop flag and the clock are polled.
const POLL_MASK: u64 = 0xfff;

/// The position as the solver plays it: no win flag, no checks.
#[derive(Clone, Copy, Debug)]
struct Board {
    current: u64,
    mask: u64,
    moves: i32,
}

impl Board {
    fn of(pos: &Connect4) -> Board {
        let (current, mask) = pos.bitboards();
        Board {
            current,
            mask,
            moves: pos.moves_played() as i32,
        }
    }

    #[inline]
    fn possible(&self) -> u64 {
        (self.mask + BOTTOM) & BOARD
    }

    #[inline]
    fn opponent_winning(&self) -> u64 {
        Connect4::winning_cells(self.current ^ self.mask, self.mask)
    }

    #[inline]
    fn can_win_next(&self) -> bool {
        Connect4::winning_cells(self.current, self.mask) & self.possible() != 0
    }

    #[inline]
    fn play(&self, bit: u64) -> Board {
        Board {
            current: self.current ^ self.mask,
            mask: self.mask | bit,
            moves: self.moves + 1,
        }
    }

    #[inline]
    fn key(&self) -> u64 {
        self.current + self.mask + BOTTOM
    }

    /// The key shared with the mirrored position: the smaller of the two keys. Late in the
    /// game mirror positions are rare, and the plain key is used.
    #[inline]
    fn canonical_key(&self) -> u64 {
        let key = self.key();
        if self.moves >= SYMMETRY_BEFORE {
            return key;
        }
        let col = (1u64 << H1) - 1;
        let mut mirror = 0;
        for c in 0..u32::from(WIDTH) {
            mirror |= ((key >> (c * H1)) & col) << ((u32::from(WIDTH) - 1 - c) * H1);
        }
        key.min(mirror)
    }

    /// Ordering score of dropping on `bit`: the threats it leaves, weighted.
    #[inline]
    fn move_score(&self, bit: u64) -> u32 {
        Connect4::winning_cells(self.current | bit, self.mask | bit).count_ones()
    }
}

/// Why a solve ended without a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Interrupted;

/// One narrowing step, for progress reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Narrowing {
    /// The score is at least this...
    pub lower: i32,
    /// ...and at most this.
    pub upper: i32,
    /// Nodes so far.
    pub nodes: u64,
}

/// The solver with its table; reuse it across positions to keep what it learnt.
pub struct Solver {
    table: Arc<SolverTable>,
    /// Positions searched (calls of the inner search, over all threads) since it was last set
    /// to 0.
    pub nodes: u64,
    stop: Option<(Arc<AtomicBool>, Option<Instant>)>,
    /// Raised when another thread of a parallel solve has finished.
    finished: Option<Arc<AtomicBool>>,
    /// Threads of a solve (the calling one included).
    threads: usize,
    /// The column order among moves of equal threats.
    order: [u32; WIDTH as usize],
    /// Stop once `nodes` reaches this (the single-threaded start of a parallel solve).
    node_limit: Option<u64>,
    interrupted: bool,
}

impl Solver {
    /// A solver with a table of about `megabytes` MB.
    pub fn new(megabytes: usize) -> Self {
        Solver {
            table: Arc::new(SolverTable::new(megabytes)),
            nodes: 0,
            stop: None,
            finished: None,
            threads: 1,
            order: COLUMN_ORDER,
            node_limit: None,
            interrupted: false,
        }
    }

    /// Solves with `threads` threads sharing the table (lazy SMP: every thread runs the whole
    /// solve, each with its own move order, and the first to finish gives the value).
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        match Arc::get_mut(&mut self.table) {
            Some(table) => table.clear(),
            None => self.table = Arc::new(SolverTable::new(self.table.bytes() >> 20)),
        }
    }

    /// Makes later solves give up once `flag` is raised or `deadline` passes.
    pub fn set_stop(&mut self, flag: Arc<AtomicBool>, deadline: Option<Instant>) {
        self.stop = Some((flag, deadline));
    }

    /// True when `stop` or the deadline (not another thread) ends the solve.
    fn stop_requested(&self) -> bool {
        self.stop.as_ref().is_some_and(|(flag, deadline)| {
            flag.load(Ordering::Relaxed) || deadline.is_some_and(|d| Instant::now() >= d)
        })
    }

    fn poll(&mut self) {
        if self.stop_requested()
            || self
                .finished
                .as_ref()
                .is_some_and(|f| f.load(Ordering::Relaxed))
            || self.node_limit.is_some_and(|n| self.nodes >= n)
        {
            self.interrupted = true;
        }
    }

    /// The exact score of `pos` (which must not be over), reporting each narrowing step.
    pub fn solve(
        &mut self,
        pos: &Connect4,
        report: &mut dyn FnMut(Narrowing),
    ) -> Result<i32, Interrupted> {
        if self.threads <= 1 {
            return self.solve_alone(pos, report);
        }
        // Small solves end before threads would pay for themselves: try alone first (what
        // this finds stays in the table).
        self.node_limit = Some(self.nodes + SOLO_NODES);
        let alone = self.solve_alone(pos, &mut |_| {});
        self.node_limit = None;
        if alone.is_ok() || self.stop_requested() {
            return alone;
        }
        let finished = Arc::new(AtomicBool::new(false));
        self.finished = Some(Arc::clone(&finished));
        let found = std::sync::Mutex::new(None);
        let helper_nodes = std::sync::atomic::AtomicU64::new(0);
        let mine = std::thread::scope(|scope| {
            for k in 1..self.threads {
                let mut helper = Solver {
                    table: Arc::clone(&self.table),
                    nodes: 0,
                    stop: self.stop.clone(),
                    finished: Some(Arc::clone(&finished)),
                    threads: 1,
                    order: HELPER_ORDERS[(k - 1) % HELPER_ORDERS.len()],
                    node_limit: None,
                    interrupted: false,
                };
                let (finished, found, helper_nodes) = (&finished, &found, &helper_nodes);
                scope.spawn(move || {
                    if let Ok(score) = helper.solve_alone(pos, &mut |_| {}) {
                        if let Ok(mut slot) = found.lock() {
                            slot.get_or_insert(score);
                        }
                        finished.store(true, Ordering::Relaxed);
                    }
                    helper_nodes.fetch_add(helper.nodes, Ordering::Relaxed);
                });
            }
            let mine = self.solve_alone(pos, report);
            finished.store(true, Ordering::Relaxed);
            mine
        });
        self.finished = None;
        self.nodes += helper_nodes.load(Ordering::Relaxed);
        let theirs = found.lock().ok().and_then(|slot| *slot);
        mine.or(theirs.ok_or(Interrupted))
    }

    /// `solve` on this thread alone.
    fn solve_alone(
        &mut self,
        pos: &Connect4,
        report: &mut dyn FnMut(Narrowing),
    ) -> Result<i32, Interrupted> {
        self.interrupted = false;
        let board = Board::of(pos);
        if board.can_win_next() {
            return Ok((CELLS + 1 - board.moves) / 2);
        }
        let mut lower = -(CELLS - board.moves) / 2;
        let mut upper = (CELLS + 1 - board.moves) / 2;
        let mut first = true;
        while lower < upper {
            let mut probe = lower + (upper - lower) / 2;
            if first && lower < 0 && upper > 0 {
                // First ask who wins at all: the answer bounds the score on one side at once.
                probe = 0;
            } else if probe <= 0 && lower / 2 < probe {
                probe = lower / 2;
            } else if probe >= 0 && upper / 2 > probe {
                probe = upper / 2;
            }
            first = false;
            let r = self.negamax(board, probe, probe + 1);
            if self.interrupted {
                return Err(Interrupted);
            }
            if r <= probe {
                upper = r;
            } else {
                lower = r;
            }
            report(Narrowing {
                lower,
                upper,
                nodes: self.nodes,
            });
        }
        Ok(lower)
    }

    /// True when the value of `pos` after playing column `col` (0-based) is at least `score`
    /// for the side to move of `pos`.
    pub fn move_reaches(
        &mut self,
        pos: &Connect4,
        col: u8,
        score: i32,
    ) -> Result<bool, Interrupted> {
        self.interrupted = false;
        let board = Board::of(pos);
        let bit = pos.move_bit(col);
        if bit == 0 {
            return Ok(false);
        }
        if Connect4::winning_cells(board.current, board.mask) & bit != 0 {
            return Ok((CELLS + 1 - board.moves) / 2 >= score);
        }
        let child = board.play(bit);
        if child.moves == CELLS {
            return Ok(0 >= score);
        }
        // The child's value v (for the opponent) must be at most -score.
        let v = if child.can_win_next() {
            (CELLS + 1 - child.moves) / 2
        } else {
            self.negamax(child, -score, -score + 1)
        };
        if self.interrupted {
            return Err(Interrupted);
        }
        Ok(v <= -score)
    }

    /// The inner null-window search (fail-soft within the window): the score of `b`, which
    /// cannot win at once, exactly if inside `(alpha, beta)`, else a bound on the right side.
    fn negamax(&mut self, b: Board, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes & POLL_MASK == 0 {
            self.poll();
        }
        if self.interrupted {
            return 0;
        }
        let opponent_win = b.opponent_winning();
        let next = Connect4::non_losing(b.possible(), opponent_win);
        if next == 0 {
            return -(CELLS - b.moves) / 2;
        }
        if b.moves >= CELLS - 2 {
            return 0;
        }
        // The opponent cannot win at its next move: we lose at its stone after that at best.
        let min = -(CELLS - 2 - b.moves) / 2;
        if alpha < min {
            alpha = min;
            if alpha >= beta {
                return alpha;
            }
        }
        // We cannot win at once: at best with our stone after next.
        let max = (CELLS - 1 - b.moves) / 2;
        if beta > max {
            beta = max;
            if alpha >= beta {
                return beta;
            }
        }
        let key = b.canonical_key();
        if let Some(bounds) = self.table.get(key) {
            if bounds.upper < beta {
                beta = bounds.upper;
                if alpha >= beta {
                    return beta;
                }
            }
            if bounds.lower > alpha {
                alpha = bounds.lower;
                if alpha >= beta {
                    return alpha;
                }
            }
        }

        // Order the moves: more threats first, centre first among equals.
        let mut moves = [(0u32, 0u64); WIDTH as usize];
        let mut count = 0;
        for &col in self.order.iter() {
            let bit = next & (((1u64 << HEIGHT) - 1) << (col * H1));
            if bit != 0 {
                let score = b.move_score(bit);
                let mut j = count;
                while j > 0 && moves[j - 1].0 < score {
                    moves[j] = moves[j - 1];
                    j -= 1;
                }
                moves[j] = (score, bit);
                count += 1;
            }
        }

        // Enhanced transposition cutoff: a child already known to be bad enough for the
        // opponent ends the search at once.
        for &(_, bit) in &moves[..count * usize::from(b.moves < ETC_BEFORE)] {
            let child = b.play(bit);
            if let Some(bounds) = self.table.get(child.canonical_key())
                && -bounds.upper >= beta
            {
                return -bounds.upper;
            }
        }

        let alpha_before = alpha;
        for &(_, bit) in &moves[..count] {
            let score = -self.negamax(b.play(bit), -beta, -alpha);
            if self.interrupted {
                return 0;
            }
            if score >= beta {
                self.table.narrow(
                    key,
                    Bounds {
                        lower: score,
                        upper: i32::MAX >> 8,
                    }
                    .clamped(),
                    b.moves as u32,
                );
                return score;
            }
            if score > alpha {
                alpha = score;
            }
        }
        let bounds = if alpha > alpha_before {
            Bounds {
                lower: alpha,
                upper: alpha,
            }
        } else {
            Bounds {
                lower: -(CELLS),
                upper: alpha,
            }
            .clamped()
        };
        self.table.narrow(key, bounds, b.moves as u32);
        alpha
    }
}

impl Bounds {
    /// Limits both bounds to the representable scores.
    fn clamped(self) -> Bounds {
        let limit = (CELLS + 1) / 2;
        Bounds {
            lower: self.lower.clamp(-limit, limit),
            upper: self.upper.clamp(-limit, limit),
        }
    }
}
