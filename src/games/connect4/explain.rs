//! Why a Connect Four move erred (`Game::explain`), in the order of the review's kinds:
//! `missed_win` (the mover had four at once), `not_blocked` (the opponent had four at once in
//! a playable cell and the move left it), `under_threat` (the move let the opponent win on top
//! of it), `double_threat` (the opponent can then make two threats at once), `zugzwang` (the
//! opponent wins by the parity of the rows, proved by a search in which it plays only its
//! strategy's moves). Every claim is checked on the board by playing the moves it names:
//! the tactical kinds by a search of at most three plies, the zugzwang by the restricted
//! search (`follow_up_wins`), bounded by `ZUGZWANG_NODES`.

use super::bits::Bits;
use super::shape::Geometry;
use super::{Connect4, SIDES};
use crate::games::why::{Asked, Why, head};
use crate::games::{Game, Seat};
use std::collections::HashMap;

/// The most positions the zugzwang's restricted search visits before it gives up (no
/// reason is then claimed).
pub const ZUGZWANG_NODES: usize = 200_000;

fn side(seat: Seat) -> &'static str {
    SIDES[usize::from(seat == Seat::P2)]
}

impl<B: Bits> Connect4<B> {
    /// The cell `[column, row]` (from 1 at the bottom left) of the lowest bit of `bit`.
    pub fn cell_of(&self, bit: B) -> [u32; 2] {
        let i = bit.trailing_zeros();
        let stride = self.geo.stride();
        [i / stride + 1, i % stride + 1]
    }

    /// The cells of `bits`, left to right, bottom to top.
    fn cells_of(&self, mut bits: B) -> Vec<[u32; 2]> {
        let mut cells = Vec::new();
        while !bits.is_zero() {
            let low = bits.lowest_bit();
            cells.push(self.cell_of(low));
            bits ^= low;
        }
        cells
    }

    /// The 0-based column of the cell `bit`.
    fn column_of(&self, bit: B) -> u8 {
        (bit.trailing_zeros() / self.geo.stride()) as u8
    }

    /// True when the side to move makes four by dropping in `col` (played out to check).
    fn wins_at_once(&self, col: u8) -> bool {
        if !self.can_play(col) || self.outcome().is_some() {
            return false;
        }
        let mut next = self.clone();
        next.play(col);
        next.won
    }

    /// The columns where the side to move makes four at once, each checked by playing it.
    fn winning_columns(&self) -> Vec<u8> {
        (0..self.shape().columns())
            .filter(|&c| self.wins_at_once(c))
            .collect()
    }

    /// The reason of the review's kinds for the move `col` (see the module), if one applies.
    pub fn explain_move(&self, col: u8, asked: &Asked) -> Option<Why> {
        if self.outcome().is_some() || !self.can_play(col) {
            return None;
        }
        let mover = self.side_to_move();
        let head = head(asked.number, side(mover), &self.move_text(col));
        let mut after = self.clone();
        after.play(col);
        self.missed_win(col, &head)
            .or_else(|| self.not_blocked(col, &after, &head))
            .or_else(|| self.under_threat(col, &after, &head))
            .or_else(|| after.double_threat(&head))
            .or_else(|| {
                (asked.result == Some(-1))
                    .then(|| after.zugzwang(col, &head))
                    .flatten()
            })
    }

    /// `missed_win`: the mover could make four at once and did not.
    fn missed_win(&self, col: u8, head: &str) -> Option<Why> {
        let wins = self.winning_columns();
        if wins.is_empty() || wins.contains(&col) {
            return None;
        }
        let win = wins[0];
        let moves: Vec<String> = wins.iter().map(|&c| self.move_text(c)).collect();
        Some(Why {
            kind: "missed_win",
            text: format!(
                "{head} misses the win — {} makes four at once",
                self.move_text(win)
            ),
            cells: wins
                .iter()
                .map(|&c| self.cell_of(self.move_bit(c)))
                .collect(),
            moves,
            ..Why::default()
        })
    }

    /// `not_blocked`: the opponent could complete four at once in a playable cell, and after
    /// the move still can there.
    fn not_blocked(&self, col: u8, after: &Self, head: &str) -> Option<Why> {
        let threats = self.opponent_winning_cells() & self.possible() & !self.move_bit(col);
        let open = self
            .cells_of(threats)
            .into_iter()
            .map(|[c, _]| (c - 1) as u8)
            .filter(|&c| after.wins_at_once(c))
            .collect::<Vec<u8>>();
        let &first = open.first()?;
        let opponent = side(self.side_to_move().other());
        Some(Why {
            kind: "not_blocked",
            text: format!(
                "{head} does not block — {opponent} wins at once in column {}",
                self.move_text(first)
            ),
            moves: open.iter().map(|&c| self.move_text(c)).collect(),
            cells: open
                .iter()
                .map(|&c| after.cell_of(after.move_bit(c)))
                .collect(),
            ..Why::default()
        })
    }

    /// `under_threat`: the move let the opponent make four on top of it.
    fn under_threat(&self, col: u8, after: &Self, head: &str) -> Option<Why> {
        if !after.wins_at_once(col) {
            return None;
        }
        let opponent = side(self.side_to_move().other());
        let cell = after.cell_of(after.move_bit(col));
        Some(Why {
            kind: "under_threat",
            text: format!(
                "{head} lets {opponent} make four on top of it, in column {} (row {})",
                self.move_text(col),
                cell[1]
            ),
            moves: vec![self.move_text(col)],
            cells: vec![cell],
            ..Why::default()
        })
    }

    /// `double_threat` (the position after the move, the opponent to move): a move of the
    /// opponent after which every reply loses at once, and the two threats it makes.
    fn double_threat(&self, head: &str) -> Option<Why> {
        if self.outcome().is_some() || !self.winning_columns().is_empty() {
            return None;
        }
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        let attacker = self.side_to_move();
        for r in moves {
            let mut made = self.clone();
            made.play(r);
            if made.outcome().is_some() || !made.winning_columns().is_empty() {
                continue;
            }
            let mut replies = Vec::new();
            made.legal_moves(&mut replies);
            let all_lose = !replies.is_empty()
                && replies.iter().all(|&s| {
                    let mut answered = made.clone();
                    answered.play(s);
                    !answered.won && !answered.winning_columns().is_empty()
                });
            if !all_lose {
                continue;
            }
            // The threats: the attacker's playable winning cells, and those right above one.
            let wins = made.opponent_winning_cells();
            let playable = wins & made.possible();
            let threats = playable | (wins & (playable << 1));
            let cells = made.cells_of(threats);
            if cells.len() < 2 {
                continue;
            }
            let named = |[c, r]: [u32; 2]| format!("column {c} row {r}");
            return Some(Why {
                kind: "double_threat",
                text: format!(
                    "{head} lets {} play {} with two threats, {} and {} — {} can block only one",
                    side(attacker),
                    self.move_text(r),
                    named(cells[0]),
                    named(cells[1]),
                    side(attacker.other())
                ),
                moves: vec![self.move_text(r)],
                cells: cells[..2].to_vec(),
                ..Why::default()
            });
        }
        None
    }

    /// `zugzwang` (the position after the move `col`, the opponent to move): the opponent has
    /// a threat in a row of its parity (odd rows for the first player, even for the second,
    /// counted from 1) and wins by follow-up — answering every disc in its column — proved by
    /// `follow_up_wins`.
    fn zugzwang(&self, col: u8, head: &str) -> Option<Why> {
        if self.outcome().is_some() {
            return None;
        }
        let winner = self.side_to_move();
        let parity = u32::from(winner == Seat::P1);
        let empty_below = !self.mask & !self.possible() & self.geo.board();
        let threats = self.own_winning_cells() & empty_below;
        let threat = self
            .cells_of(threats)
            .into_iter()
            .find(|&[_, r]| r % 2 == parity)?;
        let mut memo = HashMap::new();
        let mut nodes = 0;
        if !self.follow_up_wins(Some(col), &mut memo, &mut nodes)? {
            return None;
        }
        let rows = if parity == 1 { "odd" } else { "even" };
        Some(Why {
            kind: "zugzwang",
            text: format!(
                "{head} loses by zugzwang — {winner} has a threat at column {col} row {row} \
                 (an {rows} row) and wins by follow-up: {winner} answers each {loser} disc in \
                 the same column, so {loser} must at last fill column {col} row {below}, under \
                 the threat",
                winner = side(winner),
                loser = side(winner.other()),
                col = threat[0],
                row = threat[1],
                below = threat[1] - 1,
            ),
            moves: Vec::new(),
            cells: vec![threat],
            strategy: Some("follow-up".to_string()),
            ..Why::default()
        })
    }

    /// The restricted search of the zugzwang, the winner to move here: true when the winner
    /// wins against every defence while playing only its strategy's moves — four at once if
    /// it can, else the one block of the loser's four, else the follow-up in `last` (the
    /// column the loser just played) if it is open, else any column (the loser filled the
    /// column). `None` once `ZUGZWANG_NODES` positions are visited.
    pub fn follow_up_wins(
        &self,
        last: Option<u8>,
        memo: &mut HashMap<(B, Option<u8>), bool>,
        nodes: &mut usize,
    ) -> Option<bool> {
        if let Some(&known) = memo.get(&(self.key(), last)) {
            return Some(known);
        }
        *nodes += 1;
        if *nodes > ZUGZWANG_NODES {
            return None;
        }
        // The loser's two fours at once: the strategy fails.
        let choices = self.strategy_moves(last).unwrap_or_default();
        let mut result = false;
        for mv in choices {
            let mut next = self.clone();
            next.play(mv);
            if next.loser_cannot_escape(memo, nodes)? {
                result = true;
                break;
            }
        }
        memo.insert((self.key(), last), result);
        Some(result)
    }

    /// The winner's moves of the follow-up strategy here (see `follow_up_wins`); `None` when
    /// the loser has two fours at once (the strategy fails).
    fn strategy_moves(&self, last: Option<u8>) -> Option<Vec<u8>> {
        if self.outcome().is_some() {
            return Some(Vec::new());
        }
        let wins = self.winning_columns();
        if let Some(&win) = wins.first() {
            return Some(vec![win]);
        }
        let blocks = self.opponent_winning_cells() & self.possible();
        if blocks.has_several() {
            return None;
        }
        if !blocks.is_zero() {
            return Some(vec![self.column_of(blocks)]);
        }
        match last {
            Some(col) if self.can_play(col) => Some(vec![col]),
            _ => {
                let mut all = Vec::new();
                self.legal_moves(&mut all);
                Some(all)
            }
        }
    }

    /// The loser to move (after a move of the winner): true when the winner has already won,
    /// or every loser move is answered by the strategy's win.
    fn loser_cannot_escape(
        &self,
        memo: &mut HashMap<(B, Option<u8>), bool>,
        nodes: &mut usize,
    ) -> Option<bool> {
        if self.won {
            return Some(true);
        }
        if self.outcome().is_some() {
            return Some(false);
        }
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        for mv in moves {
            let mut next = self.clone();
            next.play(mv);
            if next.won || !next.follow_up_wins(Some(mv), memo, nodes)? {
                return Some(false);
            }
        }
        Some(true)
    }
}
