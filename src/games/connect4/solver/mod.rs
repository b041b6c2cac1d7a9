//! The exact Connect Four solver, at every board size: null-window alpha-beta searches on the
//! exact score (first who wins at all, then whether the score is beyond each bound found), a
//! table of both bounds and the best move per position (mirror images share an entry), forced
//! moves played without a node, wins in two found while ordering, a claimeven bound for the
//! first player on boards of even height, enhanced transposition cutoffs both ways, and moves
//! ordered by the threats they make. Several threads search each null window together,
//! sharing the table, the helpers leaving the moves another thread is busy with for later
//! (ABDADA) and each thread leaving a node another has settled meanwhile. The solver is
//! written once over the board's word (`Solver<B>`: `u64`, `u128` or `U192`, chosen by the
//! caller from the board with `with_board_word!`; its table's entries widen with it where the
//! board's scores or keys need it: `table`), and the sizes a word lists run a copy of the
//! search compiled for them (`search::Search<Fixed<W, H, B>>`, chosen by `Word::specialise`),
//! its masks and shifts constants; the others run on the run-time `Layout`.
//!
//! Scores follow the solving literature (`tests/data/connect4/README.md`), generalised to a
//! board of `W x H` cells: a win completed by the stone played when `n` stones are already
//! on the board scores `(W * H + 1 - n) / 2` (rounded down) for the side to move, a loss the
//! negative of the opponent's win, a draw 0. On 7 x 6 this is `22 - k` for a win with the
//! winner's `k`-th stone.

mod board;
mod busy;
mod claimeven;
mod dead;
#[cfg(test)]
mod minimax;
mod saved;
mod score;
mod search;
mod slots;
pub mod table;
pub mod value_table;

use crate::games::connect4::shape::GeometryVisitor;
use crate::games::connect4::{Connect4, Geometry, Shape, Word};
use crate::games::{Game, Outcome};
use board::Board;
use search::{Limits, Search};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;
use table::{SolverTable, TableKey};
use value_table::ValueTable;

pub use saved::TableSaver;
pub use score::win_score;

/// A word the solver runs on: its board sizes (`Word`) and its table's keys (`TableKey`).
pub trait SolverWord: Word + TableKey {}

impl<B: Word + TableKey> SolverWord for B {}

/// A parallel solve runs alone for this many nodes first.
const SOLO_NODES: u64 = 200_000;

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

/// The solver of the boards held in words `B`, with its table; reuse it across positions to
/// keep what it learnt.
pub struct Solver<B: SolverWord = u64> {
    table: Arc<SolverTable<B>>,
    /// The board size of the positions in the table.
    table_shape: Option<Shape>,
    /// Positions searched (over all threads; forced moves are played without counting one)
    /// since it was last set to 0.
    pub nodes: u64,
    limits: Limits,
    /// Threads of a solve (the calling one included).
    threads: usize,
    /// The values (who wins, or exact scores) of the first plies, looked up rather than
    /// searched.
    values: Option<ValueTable<'static>>,
}

impl<B: SolverWord> Solver<B> {
    /// A solver with a table of about `megabytes` MB (at least what exact keys of its word
    /// need: 1 MB for 64-bit boards, 8 MB beyond, 128 MB for 12 x 10).
    pub fn new(megabytes: usize) -> Self {
        Solver {
            table: Arc::new(SolverTable::new(megabytes)),
            table_shape: None,
            nodes: 0,
            limits: Limits::default(),
            threads: 1,
            values: None,
        }
    }

    /// Makes later solves look positions up in `table` first: a weak solve of a position in it
    /// takes no search; a strong one neither if the table holds exact scores or the position
    /// is drawn, else (a table of weak values) only the search for how fast; `move_reaches`
    /// answers from it when it can.
    pub fn set_value_table(&mut self, table: Option<ValueTable<'static>>) {
        self.values = table;
    }

    /// The score range the table of values gives `pos` (`None` if it does not hold it): the
    /// score itself from a table of exact scores; from one of weak values, a win at least 1,
    /// a loss at most -1, a draw 0.
    fn table_range(&self, pos: &Connect4<B>) -> Option<(i32, i32)> {
        self.values.as_ref()?.range(pos)
    }

    /// Solves with `threads` threads sharing the table: every thread runs each null-window
    /// search, the helpers leaving the moves another thread is searching for later (on narrow
    /// boards every thread, all but the first move it searches at a node) and leaving a node
    /// another thread has settled meanwhile, and the first to finish gives the bound.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        match Arc::get_mut(&mut self.table) {
            Some(table) => table.clear(),
            None => self.table = Arc::new(self.table.empty_like()),
        }
    }

    /// Makes later solves give up once `flag` is raised or `deadline` passes.
    pub fn set_stop(&mut self, flag: Arc<AtomicBool>, deadline: Option<Instant>) {
        self.limits.stop = Some(flag);
        self.limits.deadline = deadline;
    }

    /// Empties the table if it holds positions of another board size than `shape`.
    fn use_shape(&mut self, shape: Shape) {
        if self.table_shape != Some(shape) {
            if self.table_shape.is_some() {
                self.clear();
            }
            // The largest score either way: a win with the first player's fourth stone.
            let (key_bits, max_score) = (shape.bits(), win_score(shape.cells(), 6));
            match Arc::get_mut(&mut self.table) {
                Some(table) => table.set_board(key_bits, max_score),
                None => {
                    let mut table = self.table.empty_like();
                    table.set_board(key_bits, max_score);
                    self.table = Arc::new(table);
                }
            }
            self.table_shape = Some(shape);
        }
    }

    /// The exact score of `pos` (which must not be over), reporting each narrowing step.
    pub fn solve(
        &mut self,
        pos: &Connect4<B>,
        report: &mut dyn FnMut(Narrowing),
    ) -> Result<i32, Interrupted> {
        self.solve_within(pos, false, report)
    }

    /// Who wins `pos` (which must not be over): 1 if the side to move wins, 0 for a draw,
    /// -1 if it loses, without proving how fast (a weak solution: at most two null-window
    /// searches, around 0 and -1).
    pub fn solve_weak(
        &mut self,
        pos: &Connect4<B>,
        report: &mut dyn FnMut(Narrowing),
    ) -> Result<i32, Interrupted> {
        self.solve_within(pos, true, report)
    }

    /// True when the score of `pos` (which must not be over) is at least `score`: one
    /// null-window search around it, on all the solver's threads, where the exact score needs
    /// several: a bound of a long solve can be proven on its own, or split into the bounds of
    /// the positions after it.
    pub fn reaches(&mut self, pos: &Connect4<B>, score: i32) -> Result<bool, Interrupted> {
        self.use_shape(pos.shape());
        B::specialise(
            pos.layout(),
            ReachesOn {
                solver: self,
                pos,
                score,
            },
        )
    }

    /// What the table holds on `pos`'s score without searching (`None` when nothing): its
    /// bounds, within the widest range the stones left allow, and the best move it recorded
    /// (0-based column). How far a long solve, its table saved to a file, has got.
    pub fn table_bounds(&mut self, pos: &Connect4<B>) -> Option<(table::Bounds, Option<u8>)> {
        self.use_shape(pos.shape());
        B::specialise(pos.layout(), TableBoundsOn { solver: self, pos })
    }

    /// The exact score of every legal column of `pos` (which must not be over), in column
    /// order, each from the side to move of `pos`: a column that wins at once is worth the
    /// win's score, one that fills the board without a win 0, any other the negated score of
    /// the position it leads to.
    pub fn column_scores(&mut self, pos: &Connect4<B>) -> Result<Vec<(u8, i32)>, Interrupted> {
        self.column_scores_reporting(pos, &mut |_, _| {})
    }

    /// `column_scores`, telling `report` of each column's solve as it narrows: the column
    /// (0-based) and the narrowing of the position it leads to (from that position's side to
    /// move). A column that ends the game needs no solve and reports nothing.
    pub fn column_scores_reporting(
        &mut self,
        pos: &Connect4<B>,
        report: &mut dyn FnMut(u8, Narrowing),
    ) -> Result<Vec<(u8, i32)>, Interrupted> {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let mut scores = Vec::with_capacity(moves.len());
        for col in moves {
            let mut child = pos.clone();
            child.play(col);
            let score = match child.outcome() {
                Some(Outcome::Win(_)) => win_score(pos.shape().cells(), pos.moves_played()),
                Some(_) => 0,
                None => -self.solve(&child, &mut |n| report(col, n))?,
            };
            scores.push((col, score));
        }
        Ok(scores)
    }

    fn solve_within(
        &mut self,
        pos: &Connect4<B>,
        weak: bool,
        report: &mut dyn FnMut(Narrowing),
    ) -> Result<i32, Interrupted> {
        self.use_shape(pos.shape());
        B::specialise(
            pos.layout(),
            SolveOn {
                solver: self,
                pos,
                weak,
                report,
            },
        )
    }

    /// True when the value of `pos` after playing column `col` (0-based) is at least `score`
    /// for the side to move of `pos`.
    pub fn move_reaches(
        &mut self,
        pos: &Connect4<B>,
        col: u8,
        score: i32,
    ) -> Result<bool, Interrupted> {
        self.use_shape(pos.shape());
        let bit = pos.move_bit(col);
        if bit.is_zero() {
            return Ok(false);
        }
        if self.values.is_some() {
            let mut child = pos.clone();
            child.play(col);
            // The child's range, seen from the side to move of `pos`.
            if let Some((lower, upper)) = self.table_range(&child).map(|(l, u)| (-u, -l)) {
                if lower >= score {
                    return Ok(true);
                }
                if upper < score {
                    return Ok(false);
                }
            }
        }
        let task = MoveReaches {
            solver: self,
            board: Board::of(pos),
            bit,
            score,
        };
        B::specialise(pos.layout(), task).ok_or(Interrupted)
    }

    /// Runs `task` on a search of geometry `geo` on this thread, counting its nodes.
    fn search_on<G: Geometry<Bits = B>, T>(
        &mut self,
        geo: G,
        task: impl FnOnce(&mut Search<G>) -> Option<T>,
    ) -> Option<T> {
        let mut search = Search::new(geo, &self.table, &self.limits, 0);
        let result = task(&mut search);
        self.nodes += search.nodes;
        result
    }

    /// `reaches` on a board of geometry `geo`.
    fn reaches_on<G: Geometry<Bits = B>>(
        &mut self,
        geo: G,
        pos: &Connect4<B>,
        score: i32,
    ) -> Result<bool, Interrupted> {
        if pos.can_win_next() {
            return Ok(win_score(geo.cells(), pos.moves_played()) >= score);
        }
        let board = Board::of(pos);
        let (mut lower, mut upper) =
            Search::new(geo, &self.table, &self.limits, 0).score_range(board);
        if let Some((low, high)) = self.table_range(pos) {
            (lower, upper) = (lower.max(low), upper.min(high));
        }
        if lower >= score {
            return Ok(true);
        }
        if upper < score {
            return Ok(false);
        }
        // A null window around `score - 1` fails high (a result above it) exactly when the
        // score is at least `score`.
        let r = self.probe_on(geo, board, score - 1).ok_or(Interrupted)?;
        Ok(r >= score)
    }

    /// `solve` (`solve_weak` if `weak`) on a board of geometry `geo`.
    fn solve_on<G: Geometry<Bits = B>>(
        &mut self,
        geo: G,
        pos: &Connect4<B>,
        weak: bool,
        report: &mut dyn FnMut(Narrowing),
    ) -> Result<i32, Interrupted> {
        let board = Board::of(pos);
        if pos.can_win_next() {
            let score = win_score(geo.cells(), pos.moves_played());
            return Ok(if weak { 1 } else { score });
        }
        let (mut lower, mut upper) =
            Search::new(geo, &self.table, &self.limits, 0).score_range(board);
        if let Some((low, high)) = self.table_range(pos) {
            if weak || low == high {
                return Ok(if weak { low.signum() } else { low });
            }
            (lower, upper) = (lower.max(low), upper.min(high));
        }
        if weak {
            // The weak solution narrows the range to the sign: -1 stands for any loss, 1 for
            // any win.
            (lower, upper) = (lower.max(-1), upper.min(1));
        }
        if self.threads > 1 {
            // Small solves end before threads would pay for themselves: try alone first
            // (what this finds stays in the table).
            let threads = self.threads;
            self.threads = 1;
            self.limits.nodes = Some(SOLO_NODES);
            let alone = self.narrow(geo, board, (lower, upper), &mut |_| {});
            (self.threads, self.limits.nodes) = (threads, None);
            if alone.is_ok() || self.limits.stop_requested() {
                return alone;
            }
        }
        self.narrow(geo, board, (lower, upper), report)
    }

    /// The exact score of `board` in `range` by null-window searches, reporting each step:
    /// first who wins at all, then whether the score is beyond the bound just found (the
    /// fail-soft bounds are usually the exact score, which the next search then proves).
    fn narrow<G: Geometry<Bits = B>>(
        &mut self,
        geo: G,
        board: Board<B>,
        (mut lower, mut upper): (i32, i32),
        report: &mut dyn FnMut(Narrowing),
    ) -> Result<i32, Interrupted> {
        let base = self.nodes;
        let mut probe = 0.clamp(lower, upper - 1);
        while lower < upper {
            let r = self.probe_on(geo, board, probe).ok_or(Interrupted)?;
            // A bound beyond the range (a weak solve's range is only the sign) is its end.
            if r <= probe {
                upper = r.max(lower);
                probe = upper - 1;
            } else {
                lower = r.min(upper);
                probe = lower;
            }
            probe = probe.max(lower).min(upper - 1);
            report(Narrowing {
                lower,
                upper,
                nodes: self.nodes - base,
            });
        }
        Ok(lower)
    }

    /// One null-window search of `board` around `probe`, on all the solver's threads at once
    /// (the first to finish gives the bound, the others stop).
    fn probe_on<G: Geometry<Bits = B>>(
        &mut self,
        geo: G,
        board: Board<B>,
        probe: i32,
    ) -> Option<i32> {
        if self.threads <= 1 {
            return self.search_on(geo, |s| s.probe(board, probe));
        }
        let finished = Arc::new(AtomicBool::new(false));
        let limits = Limits {
            finished: Some(Arc::clone(&finished)),
            ..self.limits.clone()
        };
        let found = std::sync::Mutex::new(None);
        let helper_nodes = AtomicU64::new(0);
        let table = &*self.table;
        let threads = self.threads;
        let busy = busy::Busy::new(16);
        let busy = &busy;
        let (mine, my_nodes) = std::thread::scope(|scope| {
            for k in 1..threads {
                let (limits, found, helper_nodes) = (&limits, &found, &helper_nodes);
                scope.spawn(move || {
                    let mut helper = Search::new(geo, table, limits, k).sharing(busy);
                    if let Some(r) = helper.probe(board, probe) {
                        if let Ok(mut slot) = found.lock() {
                            slot.get_or_insert(r);
                        }
                        if let Some(flag) = &limits.finished {
                            flag.store(true, Ordering::Relaxed);
                        }
                    }
                    helper_nodes.fetch_add(helper.nodes, Ordering::Relaxed);
                });
            }
            let mut search = Search::new(geo, table, &limits, 0).sharing(busy);
            let mine = search.probe(board, probe);
            finished.store(true, Ordering::Relaxed);
            (mine, search.nodes)
        });
        self.nodes += my_nodes + helper_nodes.load(Ordering::Relaxed);
        let theirs = found.lock().ok().and_then(|slot| *slot);
        mine.or(theirs)
    }
}

/// `solve_on` at the compile-time geometry of the position's board.
struct SolveOn<'a, 'r, B: SolverWord> {
    solver: &'a mut Solver<B>,
    pos: &'a Connect4<B>,
    weak: bool,
    report: &'a mut (dyn FnMut(Narrowing) + 'r),
}

impl<B: SolverWord> GeometryVisitor<B> for SolveOn<'_, '_, B> {
    type Output = Result<i32, Interrupted>;
    fn visit<G: Geometry<Bits = B>>(self, geo: G) -> Self::Output {
        self.solver.solve_on(geo, self.pos, self.weak, self.report)
    }
}

/// `reaches_on` at the compile-time geometry of the position's board.
struct ReachesOn<'a, B: SolverWord> {
    solver: &'a mut Solver<B>,
    pos: &'a Connect4<B>,
    score: i32,
}

impl<B: SolverWord> GeometryVisitor<B> for ReachesOn<'_, B> {
    type Output = Result<bool, Interrupted>;
    fn visit<G: Geometry<Bits = B>>(self, geo: G) -> Self::Output {
        self.solver.reaches_on(geo, self.pos, self.score)
    }
}

/// `Search::table_bounds` at the compile-time geometry of the position's board.
struct TableBoundsOn<'a, B: SolverWord> {
    solver: &'a mut Solver<B>,
    pos: &'a Connect4<B>,
}

impl<B: SolverWord> GeometryVisitor<B> for TableBoundsOn<'_, B> {
    type Output = Option<(table::Bounds, Option<u8>)>;
    fn visit<G: Geometry<Bits = B>>(self, geo: G) -> Self::Output {
        Search::new(geo, &self.solver.table, &self.solver.limits, 0)
            .table_bounds(Board::of(self.pos))
    }
}

/// `Search::move_reaches` at the compile-time geometry of the position's board.
struct MoveReaches<'a, B: SolverWord> {
    solver: &'a mut Solver<B>,
    board: Board<B>,
    bit: B,
    score: i32,
}

impl<B: SolverWord> GeometryVisitor<B> for MoveReaches<'_, B> {
    type Output = Option<bool>;
    fn visit<G: Geometry<Bits = B>>(self, geo: G) -> Self::Output {
        let MoveReaches {
            solver,
            board,
            bit,
            score,
        } = self;
        solver.search_on(geo, |s| s.move_reaches(board, bit, score))
    }
}

#[cfg(test)]
mod column_tests {
    use super::*;

    #[test]
    fn the_best_column_is_worth_the_position() {
        // Positions from the start of 7x6 games, and one of 5x4.
        let shape = Shape::new(5, 4).expect("fits");
        let positions = [
            Connect4::from_move_string("4455443").expect("moves"),
            Connect4::from_move_string("44444432").expect("moves"),
            Connect4::from_moves(shape, "33332").expect("moves"),
        ];
        let mut solver = Solver::new(16);
        for pos in positions {
            let columns = solver.column_scores(&pos).expect("not stopped");
            let mut legal = Vec::new();
            pos.legal_moves(&mut legal);
            assert_eq!(columns.iter().map(|c| c.0).collect::<Vec<_>>(), legal);
            let best = columns.iter().map(|c| c.1).max().expect("a column");
            assert_eq!(best, solver.solve(&pos, &mut |_| {}).expect("solved"));
        }
    }

    #[test]
    fn a_winning_column_is_worth_its_win() {
        // x has three in the bottom row (1 2 3), o three in column 7: x wins at column 4 with
        // its 4th stone, 22 - 4.
        let pos = Connect4::from_move_string("172737").expect("moves");
        let mut solver = Solver::new(16);
        let columns = solver.column_scores(&pos).expect("not stopped");
        assert!(columns.contains(&(3, 18)), "{columns:?}");
    }
}

#[cfg(test)]
mod reaches_tests {
    use super::*;

    /// Each position's score `s`, solved, is reached at `s` and not at `s + 1`, whether the
    /// bound is asked of a fresh table or after the solve, on 64 and 128-bit boards.
    #[test]
    fn a_bound_is_reached_exactly_up_to_the_score() {
        let narrow = Shape::new(5, 4).expect("fits");
        let wide = Shape::new(8, 8).expect("fits");
        let cases: [(Shape, &str); 5] = [
            (Shape::STANDARD, "4455443"),
            (Shape::STANDARD, "44444432156"),
            (narrow, "33332"),
            (narrow, ""),
            (wide, "32525536162356665571566522462288882"),
        ];
        for (shape, moves) in cases {
            let check = |score: i32| {
                if shape.bits() <= 64 {
                    let pos = Connect4::<u64>::from_moves(shape, moves).expect("moves");
                    let fresh = Solver::<u64>::new(16).reaches(&pos, score);
                    (fresh, Solver::<u64>::new(16).solve(&pos, &mut |_| {}))
                } else {
                    let pos = Connect4::<u128>::from_moves(shape, moves).expect("moves");
                    let fresh = Solver::<u128>::new(16).reaches(&pos, score);
                    (fresh, Solver::<u128>::new(16).solve(&pos, &mut |_| {}))
                }
            };
            let (_, solved) = check(0);
            let score = solved.expect("solved");
            assert_eq!(check(score).0, Ok(true), "{moves} at {score}");
            assert_eq!(check(score + 1).0, Ok(false), "{moves} above {score}");
            assert_eq!(check(score - 3).0, Ok(true), "{moves} below {score}");
        }
    }

    /// After a solve, the same solver answers a bound from its table at once.
    #[test]
    fn a_bound_after_a_solve_comes_from_the_table() {
        let pos = Connect4::from_move_string("4455443").expect("moves");
        let mut solver = Solver::new(16);
        let score = solver.solve(&pos, &mut |_| {}).expect("solved");
        solver.nodes = 0;
        assert_eq!(solver.reaches(&pos, score), Ok(true));
        assert_eq!(solver.reaches(&pos, score + 1), Ok(false));
        assert!(solver.nodes < 100, "{} nodes", solver.nodes);
    }
}

#[cfg(test)]
mod narrow_tests {
    use super::*;

    /// The positions of a board in `tests/data/connect4/wide.txt`, with their scores.
    fn wide_positions(width: u32, height: u32) -> Vec<(String, i32)> {
        include_str!("../../../../tests/data/connect4/wide.txt")
            .lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| l.split_whitespace().collect::<Vec<_>>())
            .filter(|w| w[0] == width.to_string() && w[1] == height.to_string())
            .map(|w| (w[2].to_string(), w[3].parse().expect("a score")))
            .collect()
    }

    /// 5 x 12 and 4 x 16, whose scores fit 6-bit bounds, in u64 entries (64 and 512 MB) and
    /// in u128 entries (32 and 256 MB, too few buckets for their keys' bits and five work bits
    /// in u64 entries):
    /// every position scores as Steininger's solver found.
    #[test]
    fn u64_entries_of_wider_keys_solve_as_the_word_s_own() {
        for (width, height, narrow_mb, wide_mb) in [(5, 12, 64, 32), (4, 16, 512, 256)] {
            let shape = Shape::new(width as u8, height as u8).expect("a board");
            let positions = wide_positions(width, height);
            assert!(positions.len() >= 50);
            for (megabytes, narrow) in [(narrow_mb, true), (wide_mb, false)] {
                let mut solver = Solver::<u128>::new(megabytes);
                for (moves, score) in positions.iter().take(20) {
                    let pos = Connect4::<u128>::from_moves(shape, moves).expect("moves");
                    solver.clear();
                    assert_eq!(
                        solver.solve(&pos, &mut |_| {}),
                        Ok(*score),
                        "{shape} {moves}"
                    );
                }
                assert_eq!(
                    solver.table.is_narrow(),
                    narrow,
                    "{shape} in {megabytes} MB"
                );
            }
        }
    }
}
