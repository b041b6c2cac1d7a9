//! One thread's exact search of a Connect Four position, generic over the board's geometry so
//! that every board size runs with its dimensions known at compile time.

use super::board::Board;
use super::busy::Busy;
use super::claimeven::claimeven_bound;
use super::dead::dead_stones;
use super::table::{Bounds, SolverTable, TableKey};
use crate::games::connect4::{Bits, Connect4, Geometry};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Enhanced transposition cutoffs are tried in positions with at least this many empty cells
/// (near the end, subtrees are too small to repay the extra table probes).
const ETC_EMPTY: i32 = 9;
/// Mirror positions share table entries in positions with at least this many empty cells.
const SYMMETRY_EMPTY: i32 = 15;
/// Positions of boards at most this wide share table entries when they differ only in the
/// colour of dead stones (`dead`): there a row is one or two lines and stones die early (with
/// full lines alone the whole 4 x 10 board took 42% of the nodes, 5 x 9 74%; with colours too
/// 4 x 13 takes 74% of that, 5 x 9 83%). On wider boards full lines alone saved 3-7% of the
/// nodes and did not repay finding them; the colours' rule saves 1-8% there yet takes 17-20%
/// more time (`wide.txt`'s 8 x 8, 9 x 7 and 10 x 6).
const DEAD_STONES_WIDTH: u32 = 5;
/// Beyond every score: a bound that says nothing.
const NO_BOUND: i32 = 1 << 20;
/// The ordering bonus of the table's best move.
const TABLE_MOVE_BONUS: u32 = 10000;
/// Bits of a column's history weight per empty cell of the position where it cut off, in
/// thirds: a cutoff with `e` empty cells adds `2^(2e/3)`, so the cutoffs nearest the root
/// count most.
const HISTORY_THIRDS: u32 = 2;
/// Boards at least this wide order moves of equal promise by their column's history; on
/// four-wide boards the centre-first order alone searches fewer nodes (whole 4 x 10 to 4 x 14
/// boards in 12-33% fewer), while five-wide ones need 6% more without it (5 x 8, 5 x 9).
const HISTORY_WIDTH: u32 = 5;
/// Threads of a parallel solve mark the positions they search, and leave the moves another
/// is searching for last, in positions with at least this many empty cells.
const BUSY_EMPTY: i32 = 16;
/// On boards at most this wide, every thread of a parallel solve (not only the helpers)
/// leaves a move another thread is in for later, except the first move it searches at a node,
/// which it searches with the others (ABDADA's eldest brother): at a node that cuts off at its
/// first move, skipping ahead would search siblings the cutoff makes useless. With two
/// threads the whole 5 x 12 board took 1,324-1,400 s instead of 1,970 (one thread: 2,296 s;
/// the helpers alone sharing the first move, 1,438 s), 5 x 10 31-36 s instead of 41-43 (57 s);
/// wider boards lost by sharing it (the harder 9 x 7 set 142 s instead of 92, 7 x 6 18 s
/// instead of 16; 8 x 5 gained, 20 s instead of 23), and there only the helpers defer, the
/// main thread keeping its order.
const SHARED_FIRST_WIDTH: u32 = 5;
/// How often (in nodes) the stop flags and the clock are polled.
const POLL_MASK: u64 = 0xfff;

/// The word of a geometry's bitboards.
type Word<G> = <G as Geometry>::Bits;

/// A move of an open node, with what ordering it learnt.
#[derive(Clone, Copy, Debug, Default)]
struct Move<B> {
    /// How promising it looks: its threats and the table's advice in the high half, its
    /// column's history in the low half.
    score: u128,
    /// The cell it plays.
    bit: B,
    /// Its column.
    col: u32,
    /// The mover's winning cells after it.
    threats: B,
    /// The table key of the open position its forced moves lead to (0 when not needed).
    key: B,
    /// Whether `key` is that position's mirror image's.
    mirrored: bool,
    /// Where its forced moves lead (when `key` is needed: far enough from the end).
    line: Line<B>,
    /// The most this move is worth, from what the enhanced transposition cutoffs learnt of
    /// its child: a move worth at most alpha is not searched.
    cap: i32,
}

/// Where the forced moves from a position lead: to the end of the game (its score for the
/// side to move of the position), or to an open position (`sign` -1 when the side to move
/// there is the other one).
#[derive(Clone, Copy, Debug)]
enum Line<B> {
    /// The score, for the side to move of the first position.
    Over(i32),
    /// A position with at least two moves that do not lose at once (`next`), its opponent's
    /// winning cells, and whose move it is.
    Open {
        b: Board<B>,
        opponent_win: B,
        next: B,
        sign: i32,
    },
}

impl<B: Default> Default for Line<B> {
    fn default() -> Self {
        Line::Over(0)
    }
}

/// An open node of a parallel solve's path: its table key and its window.
#[derive(Clone, Copy, Debug)]
struct Ancestor<B> {
    key: B,
    alpha: i32,
    beta: i32,
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
pub struct Search<'a, G: Geometry>
where
    G::Bits: TableKey,
{
    geo: G,
    table: &'a SolverTable<G::Bits>,
    /// Positions searched (forced moves are played without counting one).
    pub nodes: u64,
    limits: &'a Limits,
    /// Columns from the centre out, the order among moves of equal promise.
    order: [u32; 16],
    /// Set once a limit ends the search; its results are then meaningless.
    pub interrupted: bool,
    /// False for the main thread of a parallel solve, which on wide boards searches the moves
    /// in their order; the helpers leave the moves another thread is searching for later
    /// (`SHARED_FIRST_WIDTH`).
    helper: bool,
    /// The positions the threads of a parallel solve are searching.
    busy: Option<&'a Busy>,
    /// In a parallel solve, the open nodes being searched where positions are marked busy,
    /// root first, with their windows: when another thread's table entry settles one of them,
    /// this thread stops searching below it (`check_ancestors`).
    path: Vec<Ancestor<Word<G>>>,
    /// The depth in `path` being returned to, and the bound the table gave it, while the
    /// nodes below it unwind (`interrupted` is set meanwhile).
    unwind: Option<(usize, i32)>,
    /// For each side (the parity of the stones on the board) and column, how much the moves
    /// there have cut off in this search, less what they cost before another move cut off:
    /// the order among moves of equal promise (before the centre-first column order).
    history: [[u64; 16]; 2],
}

impl<'a, G: Geometry> Search<'a, G>
where
    G::Bits: TableKey,
{
    /// A search on a board of geometry `geo`; `thread` numbers the threads of a parallel
    /// solve (0: the main one).
    pub fn new(geo: G, table: &'a SolverTable<G::Bits>, limits: &'a Limits, thread: usize) -> Self {
        Search {
            geo,
            table,
            nodes: 0,
            limits,
            order: column_order(geo.width()),
            interrupted: false,
            helper: thread > 0,
            busy: None,
            path: Vec::new(),
            unwind: None,
            history: [[0; 16]; 2],
        }
    }

    /// The same search, one of several threads sharing `busy`.
    pub fn sharing(mut self, busy: &'a Busy) -> Self {
        self.busy = Some(busy);
        self
    }

    /// Cells of the board.
    #[inline(always)]
    fn cells(&self) -> i32 {
        self.geo.cells() as i32
    }

    /// The score of a win with the stone played when `moves` stones are on the board.
    #[inline(always)]
    fn win_score(&self, moves: i32) -> i32 {
        (self.cells() + 1 - moves) / 2
    }

    /// True when the side to move in `b` completes four at once.
    #[inline(always)]
    pub fn can_win_next(&self, b: Board<Word<G>>) -> bool {
        !(self.geo.winning_cells(b.current, b.mask) & self.possible(b)).is_zero()
    }

    #[inline(always)]
    fn possible(&self, b: Board<Word<G>>) -> Word<G> {
        b.mask.wrapping_add(self.geo.bottom()) & self.geo.board()
    }

    /// The side to move's stones, with the dead stones too on boards at most
    /// `DEAD_STONES_WIDTH` wide: the part of the table key that says whose each stone is, the
    /// same for positions that differ only in the colour of stones no four can use.
    #[inline(always)]
    fn merged_dead_stones(&self, b: Board<Word<G>>) -> Word<G> {
        if self.geo.width() <= DEAD_STONES_WIDTH {
            b.current | dead_stones(self.geo, b.current, b.mask)
        } else {
            b.current
        }
    }

    /// The key shared with the mirrored position: the smaller of the two keys, and whether
    /// it is the mirror's. Late in the game mirror positions are rare, and the plain key is
    /// used.
    #[inline(always)]
    fn canonical_key(&self, b: Board<Word<G>>) -> (Word<G>, bool) {
        let key = self
            .merged_dead_stones(b)
            .wrapping_add(b.mask)
            .wrapping_add(self.geo.bottom());
        if self.cells() - b.moves < SYMMETRY_EMPTY {
            return (key, false);
        }
        let mirror = self.geo.mirror(key);
        if mirror < key {
            (mirror, true)
        } else {
            (key, false)
        }
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
        } else if !self.interrupted {
            self.check_ancestors();
        }
    }

    /// Whether another thread has settled a node of the path since this thread entered it:
    /// its table entry now bounds its score outside its window. Then the nodes below it are
    /// left unsearched (as if interrupted, storing nothing) and it returns that bound. In a
    /// parallel solve a thread is often deep in a move of a node that another thread has just
    /// cut off or refuted; without this it would finish a subtree nobody needs. With two
    /// threads the whole 5 x 12 board took 1,251 and 1,329 s instead of 1,324 and 1,400 (one
    /// thread: 2,296 s), the harder 9 x 7 set 85-88 s instead of 90-93.
    fn check_ancestors(&mut self) {
        for (depth, node) in self.path.iter().enumerate() {
            let Some(entry) = self.table.get(node.key) else {
                continue;
            };
            let bound = if entry.bounds.lower >= node.beta {
                entry.bounds.lower
            } else if entry.bounds.upper <= node.alpha {
                entry.bounds.upper
            } else {
                continue;
            };
            self.unwind = Some((depth, bound));
            self.interrupted = true;
            return;
        }
    }

    /// Whether the score of `b` (not over, no immediate win for the side to move) is above
    /// `probe`: a null-window search, giving a bound on the score (at least `probe + 1`, or
    /// at most `probe`), or `None` if a limit ended it.
    pub fn probe(&mut self, b: Board<Word<G>>, probe: i32) -> Option<i32> {
        let threats = self.geo.winning_cells(b.current ^ b.mask, b.mask);
        let r = self.negamax(b, probe, probe + 1, threats);
        (!self.interrupted).then_some(r)
    }

    /// What the table holds on `b`'s score, within `score_range`, and the best move it
    /// recorded (a column of `b`, mirrored back when `b` was stored as its mirror image).
    pub fn table_bounds(&self, b: Board<Word<G>>) -> Option<(Bounds, Option<u8>)> {
        let (key, mirrored) = self.canonical_key(b);
        let entry = self.table.get(key)?;
        let (lower, upper) = self.score_range(b);
        let bounds = Bounds {
            lower: entry.bounds.lower.max(lower),
            upper: entry.bounds.upper.min(upper),
        };
        let width = self.geo.width() as u8;
        let best = entry
            .best
            .map(|col| if mirrored { width - 1 - col } else { col });
        Some((bounds, best))
    }

    /// The widest score range of `b`: losing to the opponent's next stone, winning with our
    /// next stone.
    pub fn score_range(&self, b: Board<Word<G>>) -> (i32, i32) {
        (
            -(self.cells() - b.moves) / 2,
            (self.cells() + 1 - b.moves) / 2,
        )
    }

    /// The value of `b` after the side to move drops a stone on the playable cell `bit`, seen
    /// from the side to move of `b`, compared with `score`: true when it is at least `score`.
    pub fn move_reaches(&mut self, b: Board<Word<G>>, bit: Word<G>, score: i32) -> Option<bool> {
        if !(self.geo.winning_cells(b.current, b.mask) & bit).is_zero() {
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
            let threats = self
                .geo
                .winning_cells(child.current ^ child.mask, child.mask);
            self.negamax(child, -score, -score + 1, threats)
        };
        (!self.interrupted).then_some(v <= -score)
    }

    /// The inner null-window search (fail-soft within the window): the score of `b`, which
    /// cannot win at once, exactly if inside `(alpha, beta)`, else a bound on the right side.
    /// `opponent_win` holds the opponent's winning cells. Forced moves (a block, or the one
    /// move that does not hand the opponent a win) are played at once, without counting a
    /// node, probing the table or ordering moves.
    fn negamax(&mut self, b: Board<Word<G>>, alpha: i32, beta: i32, opponent_win: Word<G>) -> i32 {
        let line = self.forced_line(b, opponent_win);
        self.follow(line, alpha, beta, None)
    }

    /// `negamax` of the position that `line` starts from; `key`, when the caller has it, is
    /// the table key of the open position the line leads to (and whether it is the mirror's).
    #[inline(always)]
    fn follow(
        &mut self,
        line: Line<Word<G>>,
        alpha: i32,
        beta: i32,
        key: Option<(Word<G>, bool)>,
    ) -> i32 {
        match line {
            Line::Over(score) => score,
            Line::Open {
                b,
                opponent_win,
                next,
                sign,
            } => {
                let (alpha, beta) = if sign == 1 {
                    (alpha, beta)
                } else {
                    (-beta, -alpha)
                };
                sign * self.open_node(b, alpha, beta, opponent_win, next, key)
            }
        }
    }

    /// Plays the forced moves from `b` (whose opponent's winning cells are `opponent_win`):
    /// a block, or the one move that does not hand the opponent a win.
    #[inline(always)]
    fn forced_line(&self, b: Board<Word<G>>, opponent_win: Word<G>) -> Line<Word<G>> {
        let geo = self.geo;
        let cells = self.cells();
        let (mut b, mut sign, mut opponent_win) = (b, 1, opponent_win);
        loop {
            let next = Connect4::non_losing(self.possible(b), opponent_win);
            if next.is_zero() {
                return Line::Over(sign * -(cells - b.moves) / 2);
            }
            if b.moves >= cells - 2 {
                return Line::Over(0);
            }
            if next.has_several() {
                return Line::Open {
                    b,
                    opponent_win,
                    next,
                    sign,
                };
            }
            b = b.play(next);
            sign = -sign;
            opponent_win = geo.winning_cells(b.current ^ b.mask, b.mask);
        }
    }

    /// `negamax` at a position with at least two moves that do not lose at once: `next`.
    /// `known_key` is its table key when the parent computed it for its enhanced cutoffs (as
    /// Steininger's solver keeps a child's hash from that lookup), so that the dead stones and
    /// the mirror image are not worked out twice.
    fn open_node(
        &mut self,
        b: Board<Word<G>>,
        mut alpha: i32,
        mut beta: i32,
        opponent_win: Word<G>,
        next: Word<G>,
        known_key: Option<(Word<G>, bool)>,
    ) -> i32 {
        let geo = self.geo;
        let cells = self.cells();
        self.nodes += 1;
        if self.nodes & POLL_MASK == 0 {
            self.poll();
        }
        if self.interrupted {
            return 0;
        }
        let (key, mirrored) = known_key.unwrap_or_else(|| self.canonical_key(b));
        self.table.prefetch(key);
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
        // A side whose stones and the empty cells hold no four cannot win: at most a draw
        // for it (Steininger's solver bounds its side to move so).
        let empty = geo.board() & !b.mask;
        if beta > 0 && !geo.has_four(b.current | empty) {
            beta = 0;
            if alpha >= beta {
                return beta;
            }
        }
        if alpha < 0 && !geo.has_four((b.current ^ b.mask) | empty) {
            alpha = 0;
            if alpha >= beta {
                return alpha;
            }
        }
        if let Some(bound) = claimeven_bound(self.geo, b)
            && bound < beta
        {
            beta = bound;
            if alpha >= beta {
                return beta;
            }
        }
        let nodes_before = self.nodes;
        let mut table_move = u32::MAX;
        if let Some(entry) = self.table.get(key) {
            let bounds = entry.bounds;
            if let Some(col) = entry.best {
                table_move = if mirrored {
                    geo.width() - 1 - u32::from(col)
                } else {
                    u32::from(col)
                };
            }
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

        // Order the moves by the threats they make, then by their column's history, centre
        // first among equals; a move after which the opponent has no move that does not lose
        // wins with our next stone. Far enough from the end, the children's table entries are
        // fetched meanwhile.
        let side = (b.moves & 1) as usize;
        let etc = cells - b.moves >= ETC_EMPTY;
        let mut moves = [Move::<Word<G>>::default(); 16];
        let mut count = 0;
        for &col in &self.order[..geo.width() as usize] {
            let bit = next & geo.column_mask(col);
            if bit.is_zero() {
                continue;
            }
            let mine = b.current | bit;
            let mask = b.mask | bit;
            let my_win = geo.winning_cells(mine, mask);
            let playable = mask.wrapping_add(geo.bottom()) & geo.board();
            if Connect4::non_losing(playable, my_win).is_zero() {
                return max;
            }
            let mut promise = self.move_score(b, my_win, opponent_win, playable, col);
            if col == table_move {
                promise += TABLE_MOVE_BONUS;
            }
            let score = (u128::from(promise) << 64) | u128::from(self.history[side][col as usize]);
            let ((key, mirrored), line) = if etc {
                let line = self.forced_line(b.play(bit), my_win);
                let key = match line {
                    Line::Open { b: end, .. } => {
                        let key = self.canonical_key(end);
                        self.table.prefetch(key.0);
                        key
                    }
                    Line::Over(_) => (Word::<G>::ZERO, false),
                };
                (key, line)
            } else {
                ((Word::<G>::ZERO, false), Line::Over(0))
            };
            let mut j = count;
            while j > 0 && moves[j - 1].score < score {
                moves[j] = moves[j - 1];
                j -= 1;
            }
            moves[j] = Move {
                score,
                bit,
                col,
                threats: my_win,
                key,
                mirrored,
                line,
                cap: NO_BOUND,
            };
            count += 1;
        }
        // No move wins with our next stone: at best with the one after.
        let max = (cells - 3 - b.moves) / 2;
        if beta > max {
            beta = max;
            if alpha >= beta {
                return beta;
            }
        }

        // Enhanced transposition cutoffs: what the table and the claimeven bound say of the
        // children bounds this position from below, and may end the search at once. A child
        // with a forced reply is never in the table itself: its bounds are those of the open
        // position its forced moves lead to (as Steininger's solver looks them up).
        if etc {
            // Our score is at most the best of the children's upper bounds for us.
            let mut ceiling = i32::MIN;
            for m in &mut moves[..count] {
                // The child's bounds, from those of the open position its forced moves lead
                // to (or its score, if they end the game).
                let (lower, upper) = match m.line {
                    Line::Over(score) => (score, score),
                    Line::Open { b: end, sign, .. } => {
                        let mut upper = claimeven_bound(self.geo, end).unwrap_or(NO_BOUND);
                        let mut lower = -NO_BOUND;
                        if let Some(entry) = self.table.get(m.key) {
                            upper = upper.min(entry.bounds.upper);
                            lower = entry.bounds.lower;
                        }
                        if sign == 1 {
                            (lower, upper)
                        } else {
                            (-upper, -lower)
                        }
                    }
                };
                if -upper > alpha {
                    alpha = -upper;
                    if alpha >= beta {
                        return alpha;
                    }
                }
                ceiling = ceiling.max(-lower);
                m.cap = -lower;
            }
            if ceiling < beta {
                beta = ceiling;
                if alpha >= beta {
                    return beta;
                }
            }
        }

        let limit = (cells + 1) / 2;
        let alpha_before = alpha;
        let mut best = None;
        // The best of the moves' upper bounds: the score when every move fails low (fail-soft,
        // where alpha would say only that the score is at most alpha), so that the table and
        // the caller get the tightest bound the search proved.
        let mut value = -NO_BOUND;
        // In a parallel solve, a helper leaves a move another thread is searching for last;
        // on narrow boards every thread does, but never the first move it searches here
        // (`SHARED_FIRST_WIDTH`).
        let busy = self.busy.filter(|_| etc && cells - b.moves >= BUSY_EMPTY);
        let marked = busy.is_some_and(|busy| busy.enter(key.mark()));
        let depth = self.path.len();
        if busy.is_some() {
            self.path.push(Ancestor { key, alpha, beta });
        }
        let mut deferred = [0usize; 16];
        let mut deferrals = 0;
        let mut searched = 0;
        let mut i = 0;
        let cut = loop {
            let index = if i < count {
                i
            } else if i < count + deferrals {
                deferred[i - count]
            } else {
                break None;
            };
            let m = moves[index];
            if m.cap <= alpha {
                // The table proves it fails low: no node to search (Steininger's solver drops
                // such children too), and alpha stays a bound on the score.
                value = value.max(m.cap);
                i += 1;
                continue;
            }
            if let Some(busy) = busy
                && i < count
                && if geo.width() <= SHARED_FIRST_WIDTH {
                    searched > 0
                } else {
                    self.helper
                }
                && busy.is_busy(m.key.mark())
            {
                deferred[deferrals] = i;
                deferrals += 1;
                i += 1;
                continue;
            }
            i += 1;
            searched += 1;
            let score = -if etc {
                self.follow(m.line, -beta, -alpha, Some((m.key, m.mirrored)))
            } else {
                self.negamax(b.play(m.bit), -beta, -alpha, m.threats)
            };
            if self.interrupted {
                // Another thread settled this node meanwhile: its bound from the table.
                if let Some((to, bound)) = self.unwind
                    && to == depth
                    && busy.is_some()
                {
                    self.unwind = None;
                    self.interrupted = false;
                    break Some(bound);
                }
                break Some(0);
            }
            if score >= beta {
                self.credit_cutoff(side, &moves[..count], m.col, cells - b.moves);
                let bounds = Bounds {
                    lower: score,
                    upper: limit,
                };
                self.store(key, mirrored, bounds, Some(m.col), nodes_before);
                break Some(score);
            }
            value = value.max(score);
            if score > alpha {
                alpha = score;
                best = Some(m.col);
                if busy.is_some() {
                    self.path[depth].alpha = alpha;
                }
            }
        };
        if busy.is_some() {
            self.path.pop();
        }
        if marked && let Some(busy) = busy {
            busy.leave(key.mark());
        }
        if let Some(score) = cut {
            return score;
        }
        let bounds = if alpha > alpha_before {
            Bounds {
                lower: alpha,
                upper: alpha,
            }
        } else {
            // Every move failed low: the score is at most the best of their bounds.
            alpha = alpha.min(value);
            Bounds {
                lower: -limit,
                upper: alpha,
            }
        };
        self.store(key, mirrored, bounds, best, nodes_before);
        alpha
    }

    /// Records that the move in column `col` of `moves` (those of a position with `empty`
    /// empty cells, `side` to move, in their order) cut off: its column's history gains
    /// `2^(HISTORY_THIRDS * empty / 3)`, the columns ordered before it (searched before it
    /// without a cutoff, unless another thread had them) lose half that. Nothing is recorded on
    /// boards narrower than `HISTORY_WIDTH`.
    #[inline(always)]
    fn credit_cutoff(&mut self, side: usize, moves: &[Move<Word<G>>], col: u32, empty: i32) {
        if self.geo.width() < HISTORY_WIDTH {
            return;
        }
        let weight = 1u64 << (HISTORY_THIRDS * empty as u32 / 3).min(62);
        let history = &mut self.history[side];
        history[col as usize] = history[col as usize].saturating_add(weight);
        for tried in moves.iter().take_while(|m| m.col != col) {
            let h = &mut history[tried.col as usize];
            *h = h.saturating_sub(weight / 2);
        }
    }

    /// Stores what the search of a position (of canonical key `key`, mirrored if `mirrored`)
    /// found, since `nodes_before`.
    #[inline(always)]
    fn store(
        &self,
        key: Word<G>,
        mirrored: bool,
        bounds: Bounds,
        best: Option<u32>,
        nodes_before: u64,
    ) {
        let best = best.map(|col| {
            let col = if mirrored {
                self.geo.width() - 1 - col
            } else {
                col
            };
            col as u8
        });
        self.table
            .store(key, bounds, best, self.nodes - nodes_before);
    }
}

impl<G: Geometry> Search<'_, G>
where
    G::Bits: TableKey,
{
    /// How promising a move looks for the side to move of `b`, from `my_win`, its threats
    /// after the move, `opponent_win`, the opponent's, and `playable`, the cells playable
    /// after it: its threats that are not right above an opponent threat, weighted by how soon
    /// they bind the opponent (right above a playable cell: the opponent may never play under
    /// them) and by row parity, then the centre.
    #[inline(always)]
    fn move_score(
        &self,
        b: Board<Word<G>>,
        my_win: Word<G>,
        opponent_win: Word<G>,
        playable: Word<G>,
        col: u32,
    ) -> u32 {
        let geo = self.geo;
        let useful = my_win & !(opponent_win << 1);
        let next = (playable << 1) & geo.board();
        let after_next = (next << 1) & geo.board();
        // The mover's good rows: odd rows (from 1 at the bottom) for the first player, even
        // rows for the second.
        let good = geo.rows_of_parity(b.moves as u32 % 2);
        let edge = col.min(geo.width() - 1 - col);
        // Threats are few: one pass over them is cheaper than counting bits four times.
        let mut score = 10 * edge;
        let mut threats = useful;
        while !threats.is_zero() {
            let t = threats.lowest_bit();
            score += 60
                + if (t & next).is_zero() { 0 } else { 120 }
                + if (t & after_next).is_zero() { 0 } else { 50 }
                + if (t & good).is_zero() { 0 } else { 20 };
            threats ^= t;
        }
        score
    }
}

/// The columns of a board `width` wide from the centre out, the left one first among two
/// at the same distance.
pub fn column_order(width: u32) -> [u32; 16] {
    let mut order = [0; 16];
    let mut cols: Vec<u32> = (0..width).collect();
    cols.sort_by_key(|&c| ((2 * c as i32 - (width as i32 - 1)).abs(), c));
    order[..cols.len()].copy_from_slice(&cols);
    order
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::connect4::solver::minimax::exact;
    use crate::games::connect4::{Layout, Shape};
    use std::collections::HashMap;

    /// A null-window search's fail-soft result is a true bound (at most the score's bound when
    /// it fails low, at least when it fails high), on every position of 4 x 5 and 5 x 4 not won
    /// at once, each around every score it can have, with one table for all of them so that
    /// the searches also read the bounds the others stored (scores by plain minimax).
    #[test]
    fn fail_soft_results_bound_the_score() {
        for (w, h) in [(4, 5), (5, 4)] {
            let shape = Shape::new(w, h).expect("fits");
            let layout = Layout::<u64>::new(shape).expect("fits");
            let mut scores = HashMap::new();
            exact(&Connect4::<u64>::start(shape).expect("fits"), &mut scores);
            let mut table = SolverTable::<u64>::new(1);
            table.set_board(shape.bits(), 30);
            let limits = Limits::default();
            let mut search = Search::new(layout, &table, &limits, 0);
            let (mut below, mut above) = (0, 0);
            for scored in scores.values() {
                let b = Board {
                    current: scored.current,
                    mask: scored.mask,
                    moves: scored.mask.count_ones() as i32,
                };
                if search.can_win_next(b) {
                    continue;
                }
                let (lower, upper) = search.score_range(b);
                for probe in lower..upper {
                    let r = search.probe(b, probe).expect("no limit");
                    if r <= probe {
                        assert!(scored.score <= r, "{w}x{h} {scored:?}: {r} at {probe}");
                        below += usize::from(r < probe);
                    } else {
                        assert!(scored.score >= r, "{w}x{h} {scored:?}: {r} at {probe}");
                        above += usize::from(r > probe + 1);
                    }
                }
            }
            // The bounds are fail-soft: many lie beyond the window.
            assert!(below > 0 && above > 0, "{w}x{h}: {below} {above}");
        }
    }

    /// A thread of a parallel solve leaves a node of its path once the table settles it
    /// outside the window it is searched with (another thread stored that bound), and not
    /// while the table's bounds leave the window open.
    #[test]
    fn a_node_another_thread_settled_is_left() {
        let shape = Shape::new(5, 8).expect("fits");
        let layout = Layout::<u64>::new(shape).expect("fits");
        let mut table = SolverTable::<u64>::new(1);
        table.set_board(shape.bits(), 40);
        let limits = Limits::default();
        let busy = Busy::new(4);
        let mut search = Search::new(layout, &table, &limits, 1).sharing(&busy);
        let empty = Board {
            current: 0,
            mask: 0,
            moves: 0,
        };
        let (key, _) = search.canonical_key(empty);
        let child = empty.play(layout.bottom() & layout.column_mask(2));
        let (child_key, _) = search.canonical_key(child);
        search.path.push(Ancestor {
            key,
            alpha: 0,
            beta: 1,
        });
        search.path.push(Ancestor {
            key: child_key,
            alpha: -1,
            beta: 0,
        });
        search.check_ancestors();
        assert_eq!((search.unwind, search.interrupted), (None, false));
        // Bounds that leave the windows open change nothing.
        table.store(
            key,
            Bounds {
                lower: -3,
                upper: 3,
            },
            None,
            1,
        );
        table.store(
            child_key,
            Bounds {
                lower: -3,
                upper: 2,
            },
            None,
            1,
        );
        search.check_ancestors();
        assert_eq!((search.unwind, search.interrupted), (None, false));
        // The child refuted below its window: the search returns to it with that bound.
        table.store(
            child_key,
            Bounds {
                lower: -3,
                upper: -2,
            },
            None,
            1,
        );
        search.check_ancestors();
        assert_eq!((search.unwind, search.interrupted), (Some((1, -2)), true));
        // The root proven above its window comes first: the search returns there.
        table.store(key, Bounds { lower: 2, upper: 3 }, None, 1);
        search.check_ancestors();
        assert_eq!(search.unwind, Some((0, 2)));
    }
}
