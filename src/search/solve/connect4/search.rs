//! One thread's exact search of a Connect Four position, generic over the board's geometry so
//! that the standard 7 x 6 board runs with every dimension known at compile time.

use super::super::table::{Bounds, SolverTable};
use crate::games::connect4::{Connect4, Geometry};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Enhanced transposition cutoffs are tried in positions with at least this many empty cells
/// (near the end, subtrees are too small to repay the extra table probes).
const ETC_EMPTY: i32 = 9;
/// Mirror positions share table entries in positions with at least this many empty cells.
const SYMMETRY_EMPTY: i32 = 15;
/// How often (in nodes) the stop flags and the clock are polled.
const POLL_MASK: u64 = 0xfff;

/// The position as the solver plays it: no win flag, no checks.
#[derive(Clone, Copy, Debug)]
pub struct Board {
    pub current: u64,
    pub mask: u64,
    pub moves: i32,
}

impl Board {
    /// The solver's view of `pos`.
    pub fn of(pos: &Connect4) -> Board {
        let (current, mask) = pos.bitboards();
        Board {
            current,
            mask,
            moves: pos.moves_played() as i32,
        }
    }

    #[inline(always)]
    fn play(&self, bit: u64) -> Board {
        Board {
            current: self.current ^ self.mask,
            mask: self.mask | bit,
            moves: self.moves + 1,
        }
    }
}

/// What ends a search early: the caller's flag and deadline, another thread's finish, a node
/// budget.
#[derive(Clone, Default)]
pub struct Limits {
    /// Raised by `stop`.
    pub stop: Option<std::sync::Arc<AtomicBool>>,
    /// When the time is up.
    pub deadline: Option<Instant>,
    /// Raised when another thread of a parallel solve has finished.
    pub finished: Option<std::sync::Arc<AtomicBool>>,
    /// Give up once this many nodes are searched.
    pub nodes: Option<u64>,
}

impl Limits {
    /// True when `stop` or the deadline (not another thread) ends the solve.
    pub fn stop_requested(&self) -> bool {
        self.stop
            .as_ref()
            .is_some_and(|f| f.load(Ordering::Relaxed))
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

/// One thread's search over a shared table.
pub struct Search<'a, G: Geometry> {
    geo: G,
    table: &'a SolverTable,
    /// Calls of the inner search.
    pub nodes: u64,
    limits: &'a Limits,
    /// Columns from the centre out, the order among moves of equal promise.
    order: [u32; 16],
    /// Set once a limit ends the search; its results are then meaningless.
    pub interrupted: bool,
}

impl<'a, G: Geometry> Search<'a, G> {
    /// A search on a board of geometry `geo`; `variant` picks one of several tie-breaking
    /// column orders (the threads of a parallel solve use different ones).
    pub fn new(geo: G, table: &'a SolverTable, limits: &'a Limits, variant: usize) -> Self {
        Search {
            geo,
            table,
            nodes: 0,
            limits,
            order: column_order(geo.width(), variant),
            interrupted: false,
        }
    }

    /// Cells of the board.
    #[inline(always)]
    fn cells(&self) -> i32 {
        self.geo.cells() as i32
    }

    /// The score of a win with the stone played when `moves` stones are on the board.
    #[inline(always)]
    pub fn win_score(&self, moves: i32) -> i32 {
        (self.cells() + 1 - moves) / 2
    }

    /// True when the side to move in `b` completes four at once.
    #[inline(always)]
    pub fn can_win_next(&self, b: Board) -> bool {
        self.geo.winning_cells(b.current, b.mask) & self.possible(b) != 0
    }

    #[inline(always)]
    fn possible(&self, b: Board) -> u64 {
        (b.mask + self.geo.bottom()) & self.geo.board()
    }

    /// The key shared with the mirrored position: the smaller of the two keys. Late in the
    /// game mirror positions are rare, and the plain key is used.
    #[inline(always)]
    fn canonical_key(&self, b: Board) -> u64 {
        let key = b.current + b.mask + self.geo.bottom();
        if self.cells() - b.moves < SYMMETRY_EMPTY {
            return key;
        }
        key.min(self.geo.mirror(key))
    }

    fn poll(&mut self) {
        if self.limits.stop_requested()
            || self
                .limits
                .finished
                .as_ref()
                .is_some_and(|f| f.load(Ordering::Relaxed))
            || self.limits.nodes.is_some_and(|n| self.nodes >= n)
        {
            self.interrupted = true;
        }
    }

    /// The exact score of `b` (not over, no immediate win for the side to move), by null-window
    /// searches narrowing `[lower, upper]`, reporting each step.
    pub fn solve(&mut self, b: Board, report: &mut dyn FnMut(i32, i32, u64)) -> Option<i32> {
        let mut lower = -(self.cells() - b.moves) / 2;
        let mut upper = (self.cells() + 1 - b.moves) / 2;
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
            let r = self.negamax(b, probe, probe + 1);
            if self.interrupted {
                return None;
            }
            if r <= probe {
                upper = r;
            } else {
                lower = r;
            }
            report(lower, upper, self.nodes);
        }
        Some(lower)
    }

    /// The value of `b` after the side to move drops a stone on the playable cell `bit`, seen
    /// from the side to move of `b`, compared with `score`: true when it is at least `score`.
    pub fn move_reaches(&mut self, b: Board, bit: u64, score: i32) -> Option<bool> {
        if self.geo.winning_cells(b.current, b.mask) & bit != 0 {
            return Some(self.win_score(b.moves) >= score);
        }
        let child = b.play(bit);
        if child.moves == self.cells() {
            return Some(0 >= score);
        }
        // The child's value v (for the opponent) must be at most -score.
        let v = if self.can_win_next(child) {
            self.win_score(child.moves)
        } else {
            self.negamax(child, -score, -score + 1)
        };
        (!self.interrupted).then_some(v <= -score)
    }

    /// The inner null-window search (fail-soft within the window): the score of `b`, which
    /// cannot win at once, exactly if inside `(alpha, beta)`, else a bound on the right side.
    fn negamax(&mut self, b: Board, mut alpha: i32, mut beta: i32) -> i32 {
        let geo = self.geo;
        let cells = self.cells();
        self.nodes += 1;
        if self.nodes & POLL_MASK == 0 {
            self.poll();
        }
        if self.interrupted {
            return 0;
        }
        let opponent_win = geo.winning_cells(b.current ^ b.mask, b.mask);
        let next = Connect4::non_losing(self.possible(b), opponent_win);
        if next == 0 {
            return -(cells - b.moves) / 2;
        }
        if b.moves >= cells - 2 {
            return 0;
        }
        // The opponent cannot win at its next move: we lose at its stone after that at best.
        let min = -(cells - 2 - b.moves) / 2;
        if alpha < min {
            alpha = min;
            if alpha >= beta {
                return alpha;
            }
        }
        // We cannot win at once: at best with our stone after next.
        let max = (cells - 1 - b.moves) / 2;
        if beta > max {
            beta = max;
            if alpha >= beta {
                return beta;
            }
        }
        let key = self.canonical_key(b);
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
        let mut moves = [(0u32, 0u64); 16];
        let mut count = 0;
        for &col in &self.order[..geo.width() as usize] {
            let bit = next & geo.column_mask(col);
            if bit != 0 {
                let score = geo
                    .winning_cells(b.current | bit, b.mask | bit)
                    .count_ones();
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
        if cells - b.moves >= ETC_EMPTY {
            for &(_, bit) in &moves[..count] {
                let child = b.play(bit);
                if let Some(bounds) = self.table.get(self.canonical_key(child))
                    && -bounds.upper >= beta
                {
                    return -bounds.upper;
                }
            }
        }

        let limit = (cells + 1) / 2;
        let alpha_before = alpha;
        for &(_, bit) in &moves[..count] {
            let score = -self.negamax(b.play(bit), -beta, -alpha);
            if self.interrupted {
                return 0;
            }
            if score >= beta {
                let bounds = Bounds {
                    lower: score,
                    upper: limit,
                };
                self.table.narrow(key, bounds, b.moves as u32);
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
                lower: -limit,
                upper: alpha,
            }
        };
        self.table.narrow(key, bounds, b.moves as u32);
        alpha
    }
}

/// The columns of a board `width` wide from the centre out; `variant` > 0 breaks the ties
/// differently (the orders of the helper threads of a parallel solve).
pub fn column_order(width: u32, variant: usize) -> [u32; 16] {
    let mut cols: Vec<u32> = (0..width).collect();
    // Centre first; among equals the left one (`variant` 1 and 3: the right one).
    let right_first = variant % 2 == 1;
    cols.sort_by_key(|&c| {
        let d = (2 * c as i32 - (width as i32 - 1)).abs();
        (d, if right_first { u32::MAX - c } else { c })
    });
    if variant >= 2 && width > 2 {
        // Swap the first two: the column next to the centre first.
        cols.swap(0, 1);
    }
    let mut order = [0; 16];
    order[..cols.len()].copy_from_slice(&cols);
    order
}
