//! Connect Four's static evaluation and move-ordering hint for the heuristic search, at any
//! board size: threats by row parity, open windows and centre control, plus the n-tuple
//! network of the boards that have one (`ntuple`).

use super::Connect4;
use super::bits::Bits;
use super::ntuple::Network;
use super::shape::Geometry;
use crate::games::Seat;

// The search scores finished games itself; these stay far below its mates.
/// The side to move has lost.
pub(super) const LOST_EVAL: i32 = 9000;
/// The side to move completes four at once.
pub(super) const WIN_NEXT_EVAL: i32 = 5000;
/// Every move of the side to move lets the opponent win.
pub(super) const LOSS_NEXT_EVAL: i32 = 5000;
/// Bound on the positional part.
pub(super) const POSITIONAL_CAP: i32 = 3000;
// Per side (the side to move's score minus the opponent's). A side's good rows are odd rows for
// `x`, even rows for `o`; "useful" threats are those not right above an opponent threat.
const LOW_GOOD_THREAT: i32 = 80; // lowest threat of its column, on a good row
const LOW_OTHER_THREAT: i32 = 30; // lowest threat of its column, on another row
const HIGH_THREAT: i32 = 15; // threat above another threat in its column
const STACKED_THREAT: i32 = 80; // threat right under another threat of the same side
const PLAYABLE_THREAT: i32 = 10; // threat the opponent must block now: a tempo
const OPEN_THREE: i32 = 6; // window of four with three stones of the side, one empty
const OPEN_TWO: i32 = 4; // window of four with two stones of the side, two empty
const POTENTIAL_GOOD: i32 = 8; // empty cell of an open two, on a good row
const POTENTIAL_OTHER: i32 = 3; // empty cell of an open two, on another row
const CENTRE_STONE: i32 = 6; // stone in a centre column

/// Static move ordering by column: `width - 1` for a centre column, 2 less per column
/// further out (the two middle columns of an even width both count as centre, less 1).
pub fn centre_order(width: u32, col: u32) -> i32 {
    (width as i32 - 1) - (2 * col as i32 - (width as i32 - 1)).abs()
}

impl<B: Bits> Connect4<B> {
    /// The centre column, or the two middle columns of an even width.
    fn centre_columns(&self) -> B {
        let (s, w) = (self.geo, self.geo.width());
        if w % 2 == 1 {
            s.column_mask(w / 2)
        } else {
            s.column_mask(w / 2 - 1) | s.column_mask(w / 2)
        }
    }

    #[inline(always)]
    /// Positional score of one side from its useful threats, the lowest not playable threat of
    /// every column (both sides) and its good rows: threats, open windows, centre stones.
    fn side_score(&self, mine: B, theirs: B, useful: B, lowest: B, good: B) -> i32 {
        let count = |b: B| b.count_ones() as i32;
        let playable = useful & (mine | theirs).wrapping_add(self.geo.bottom());
        let low = useful & lowest;
        let (twos, threes, potential) = self.open_windows(mine, theirs);
        let potential = potential & !useful;
        count(low & good) * LOW_GOOD_THREAT
            + count(low & !good) * LOW_OTHER_THREAT
            + count(useful & !lowest & !playable) * HIGH_THREAT
            + count(useful & (useful >> 1)) * STACKED_THREAT
            + count(playable) * PLAYABLE_THREAT
            + threes * OPEN_THREE
            + twos * OPEN_TWO
            + count(potential & good) * POTENTIAL_GOOD
            + count(potential & !good) * POTENTIAL_OTHER
            + count(mine & self.centre_columns()) * CENTRE_STONE
    }

    /// The lowest cell of `cells` in each column.
    #[inline(always)]
    fn lowest_per_column(&self, cells: B) -> B {
        let board = self.geo.board();
        let mut above = (cells << 1) & board;
        for _ in 1..self.geo.height() - 1 {
            above |= (above << 1) & board;
        }
        cells & !above
    }

    /// The numbers of windows of four cells free of `theirs` holding exactly two, and exactly
    /// three, stones of `mine` (bit-sliced counting over the four directions), and the empty
    /// cells of the two-stone windows (cells one stone away from becoming a threat).
    #[inline(always)]
    fn open_windows(&self, mine: B, theirs: B) -> (i32, i32, B) {
        let free = self.geo.board() & !theirs;
        let s = self.geo.stride();
        let (mut twos, mut threes, mut potential) = (0, 0, B::ZERO);
        for d in [1, s - 1, s, s + 1] {
            let open = free & (free >> d) & (free >> (2 * d)) & (free >> (3 * d));
            let (a0, a1, a2, a3) = (mine, mine >> d, mine >> (2 * d), mine >> (3 * d));
            let (s1, c1, s2, c2) = (a0 ^ a1, a0 & a1, a2 ^ a3, a2 & a3);
            let low = s1 ^ s2;
            let mid = c1 ^ c2 ^ (s1 & s2);
            let two = open & mid & !low;
            twos += two.count_ones() as i32;
            threes += (open & mid & low).count_ones() as i32;
            potential |= two | (two << d) | (two << (2 * d)) | (two << (3 * d));
        }
        (twos, threes, potential & free & !mine)
    }

    /// The static evaluation (`Game::evaluate`), compiled for BMI2 where the processor has it
    /// (`ntuple::has_bmi2`).
    pub(super) fn evaluation(&self) -> i32 {
        #[cfg(target_arch = "x86_64")]
        if super::ntuple::has_bmi2() {
            // SAFETY: the processor has BMI2.
            return unsafe { self.evaluation_bmi2() };
        }
        self.evaluation_with(Self::network_value)
    }

    /// `evaluation` with BMI2's shifts by a count held in any register (`shlx`, `shrx`): the
    /// board's strides are known only at run time.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "bmi2")]
    fn evaluation_bmi2(&self) -> i32 {
        self.evaluation_with(Self::network_value)
    }

    /// The static evaluation with the network read tuple by tuple as its file lays them out
    /// (`network_value_from_board`): what `evaluation` must equal.
    #[cfg(test)]
    pub(super) fn reference_evaluation(&self) -> i32 {
        self.evaluation_with(Self::network_value_from_board)
    }

    /// The static evaluation, the network's value for the side to move given by `network`.
    #[inline(always)]
    fn evaluation_with(&self, network: impl Fn(&Self) -> i32) -> i32 {
        if self.won {
            return -LOST_EVAL;
        }
        if self.moves == self.geo.cells() {
            return 0;
        }
        let theirs = self.current ^ self.mask;
        let possible = self.possible();
        let mine_w = self.geo.winning_cells(self.current, self.mask);
        if !(mine_w & possible).is_zero() {
            return WIN_NEXT_EVAL;
        }
        let theirs_w = self.geo.winning_cells(theirs, self.mask);
        if Self::non_losing(possible, theirs_w).is_zero() {
            return -LOSS_NEXT_EVAL;
        }
        // Bit rows 0, 2, ... are the rows 1, 3, ... counted from the bottom: `x`'s good rows.
        let (odd, even) = (self.geo.rows_of_parity(0), self.geo.rows_of_parity(1));
        let (my_rows, their_rows) = match self.side_to_move_seat() {
            Seat::P1 => (odd, even),
            Seat::P2 => (even, odd),
        };
        let my_useful = mine_w & !(theirs_w << 1);
        let their_useful = theirs_w & !(mine_w << 1);
        let lowest = self.lowest_per_column((my_useful | their_useful) & !possible);
        let score = self.side_score(self.current, theirs, my_useful, lowest, my_rows)
            - self.side_score(theirs, self.current, their_useful, lowest, their_rows)
            + network(self);
        score.clamp(-POSITIONAL_CAP, POSITIONAL_CAP)
    }

    /// The n-tuple network's value for the side to move, on a board that has one (0 on the
    /// others).
    pub(super) fn network_value(&self) -> i32 {
        self.network_value_by(self.network(), Network::value)
    }

    /// The network's value for the side to move read tuple by tuple as the file lays them out
    /// (`Network::reference_value`), what `network_value` must equal (the tests' reference).
    #[cfg(test)]
    pub(super) fn network_value_from_board(&self) -> i32 {
        self.network_value_by(self.network(), Network::reference_value)
    }

    /// The static evaluation with the network `net` (none: the hand evaluation alone) read by
    /// `Network::value`, or by `Network::reference_value` (`reference`).
    #[cfg(test)]
    pub(super) fn evaluation_with_network(&self, net: Option<&Network>, reference: bool) -> i32 {
        self.evaluation_with(|p| p.network_value_with(net, reference))
    }

    /// The value for the side to move of the network `net` (0 for none) read by
    /// `Network::value`, or by `Network::reference_value` (`reference`).
    #[cfg(test)]
    pub(super) fn network_value_with(&self, net: Option<&Network>, reference: bool) -> i32 {
        if reference {
            self.network_value_by(net, Network::reference_value)
        } else {
            self.network_value_by(net, Network::value)
        }
    }

    /// The network of this position's board, if sente ships one.
    #[inline(always)]
    fn network(&self) -> Option<&'static Network> {
        Network::of_board(self.geo.width(), self.geo.height())
    }

    /// The value for the side to move of the network `net` (0 for none), `value` giving it for
    /// `x` from the stones of `x` and `o`, the playable cells and whether `x` is to move.
    #[inline(always)]
    fn network_value_by(
        &self,
        net: Option<&Network>,
        value: impl Fn(&Network, B, B, B, bool) -> i32,
    ) -> i32 {
        let Some(net) = net else {
            return 0;
        };
        let theirs = self.current ^ self.mask;
        let x_to_move = self.side_to_move_seat() == Seat::P1;
        let (x, o) = if x_to_move {
            (self.current, theirs)
        } else {
            (theirs, self.current)
        };
        let value = value(net, x, o, self.possible(), x_to_move);
        if x_to_move { value } else { -value }
    }

    /// Whether a stone on the playable cell `bit` completes four for the side to move (wins),
    /// is where the opponent would complete four (blocks), and has such a cell right above it
    /// (gives): the winning cells of each side asked about one cell. While neither side has
    /// four, a four through a cell is a four of the stones plus that cell (`has_four`, cheaper
    /// than all the winning cells); otherwise from the winning cells.
    pub(super) fn hint_lines(&self, bit: B) -> (i32, i32, i32) {
        let theirs = self.current ^ self.mask;
        if self.won {
            let their_cells = self.opponent_winning_cells();
            return (
                i32::from(!(bit & self.own_winning_cells()).is_zero()),
                i32::from(!(bit & their_cells).is_zero()),
                i32::from(!((bit << 1) & their_cells).is_zero()),
            );
        }
        let above = (bit << 1) & self.geo.board();
        (
            i32::from(self.geo.has_four(self.current | bit)),
            i32::from(self.geo.has_four(theirs | bit)),
            i32::from(!above.is_zero() && self.geo.has_four(theirs | above)),
        )
    }

    /// The move-ordering hint (`Game::move_order_hint`): wins, then blocks, then threats made,
    /// centre first; a move under an opponent's threat last.
    pub(super) fn order_hint(&self, col: u8) -> i32 {
        let bit = self.move_bit(col);
        if bit.is_zero() {
            return 0;
        }
        let (wins, blocks, gives) = self.hint_lines(bit);
        self.hint_of(col, bit, wins, blocks, gives)
    }

    /// The `order_hint` of each column of `cols`, written to `hints`
    /// (`Game::move_order_hints`): each side's winning cells found once for the node, a move's
    /// wins, blocks and gives read from them (`hint_lines` with the winning cells).
    pub(super) fn order_hints(&self, cols: &[u8], hints: &mut [i32]) {
        #[cfg(target_arch = "x86_64")]
        if super::ntuple::has_bmi2() {
            // SAFETY: the processor has BMI2.
            return unsafe { self.order_hints_bmi2(cols, hints) };
        }
        self.order_hints_by_cells(cols, hints);
    }

    /// `order_hints` compiled for BMI2 (as `evaluation_bmi2`).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "bmi2")]
    fn order_hints_bmi2(&self, cols: &[u8], hints: &mut [i32]) {
        self.order_hints_by_cells(cols, hints);
    }

    /// `order_hints` on any processor.
    #[inline(always)]
    fn order_hints_by_cells(&self, cols: &[u8], hints: &mut [i32]) {
        let possible = self.possible();
        let mine = self.own_winning_cells();
        let theirs = self.opponent_winning_cells();
        for (hint, &col) in hints.iter_mut().zip(cols) {
            let bit = possible & self.column_mask(col);
            *hint = if bit.is_zero() {
                0
            } else {
                self.hint_of(
                    col,
                    bit,
                    i32::from(!(bit & mine).is_zero()),
                    i32::from(!(bit & theirs).is_zero()),
                    i32::from(!((bit << 1) & theirs).is_zero()),
                )
            };
        }
    }

    /// The hint of a move in column `col` onto the playable cell `bit`, given whether it
    /// `wins`, `blocks` and `gives` (each 0 or 1, `hint_lines`).
    #[inline(always)]
    fn hint_of(&self, col: u8, bit: B, wins: i32, blocks: i32, gives: i32) -> i32 {
        let threats = self.threats_after(bit) as i32;
        centre_order(self.geo.width(), u32::from(col))
            + 10 * threats
            + 10_000 * wins
            + 5_000 * blocks
            - 2_000 * gives
    }
}
