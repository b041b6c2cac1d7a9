//! Why a tic-tac-toe move erred (`Game::explain`), in the order of the review's kinds:
//! `missed_win` (the mover could make three at once), `not_blocked` (the opponent could make
//! three at once and the move left the cell), `fork` (the opponent can then make two threats
//! with one move). Each claim is checked by playing the moves it names: a fork by every
//! reply of the mover losing at once.

use super::{FULL, SIDES, TicTacToe};
use crate::games::why::{Asked, Why, head};
use crate::games::{Game, Seat};

fn side(seat: Seat) -> &'static str {
    SIDES[usize::from(seat == Seat::P2)]
}

impl TicTacToe {
    /// The cell `[column, row]` (from 1 at the bottom left) of cell number `cell`.
    pub fn cell_xy(cell: u8) -> [u32; 2] {
        [u32::from(cell % 3) + 1, 3 - u32::from(cell / 3)]
    }

    /// The empty cells where `seat` would complete three in a row (played out on a copy).
    fn completing(&self, seat: Seat) -> Vec<u8> {
        let empty = FULL & !(self.x | self.o);
        (0..9u8)
            .filter(|&c| empty & (1 << c) != 0)
            .filter(|&c| Self::has_line(self.stones(seat) | (1 << c)))
            .collect()
    }

    /// The moves after which the side to move has three in a row.
    fn winning_cells(&self) -> Vec<u8> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        self.completing(self.side_to_move())
    }

    /// The reason of the review's kinds for the move `cell`, if one applies.
    pub fn explain_move(&self, cell: u8, asked: &Asked) -> Option<Why> {
        let mover = self.side_to_move();
        let head = head(asked.number, side(mover), &self.move_text(cell));
        let mut after = self.clone();
        after.play(cell);
        if after.outcome().is_some() {
            return None;
        }
        let wins = self.winning_cells();
        if !wins.is_empty() && !wins.contains(&cell) {
            return Some(Why {
                kind: "missed_win",
                text: format!(
                    "{head} misses the win — {} makes three at once",
                    self.move_text(wins[0])
                ),
                moves: wins.iter().map(|&c| self.move_text(c)).collect(),
                cells: wins.iter().map(|&c| Self::cell_xy(c)).collect(),
                ..Why::default()
            });
        }
        // The opponent's threats: its winning cells were it to move, still open after.
        let open: Vec<u8> = after
            .winning_cells()
            .into_iter()
            .filter(|&c| self.completing(mover.other()).contains(&c))
            .collect();
        if let Some(&threat) = open.first() {
            return Some(Why {
                kind: "not_blocked",
                text: format!(
                    "{head} does not block — {} makes three at once on {}",
                    side(mover.other()),
                    self.move_text(threat)
                ),
                moves: open.iter().map(|&c| self.move_text(c)).collect(),
                cells: open.iter().map(|&c| Self::cell_xy(c)).collect(),
                ..Why::default()
            });
        }
        after.fork(&head)
    }

    /// `fork` (the opponent to move): a move of the opponent after which every reply loses
    /// at once, and its two threats.
    fn fork(&self, head: &str) -> Option<Why> {
        if !self.winning_cells().is_empty() {
            return None;
        }
        let attacker = self.side_to_move();
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        for r in moves {
            let mut made = self.clone();
            made.play(r);
            if made.outcome().is_some() || !made.winning_cells().is_empty() {
                continue;
            }
            let threats = made.completing(attacker);
            let mut replies = Vec::new();
            made.legal_moves(&mut replies);
            let all_lose = !replies.is_empty()
                && replies.iter().all(|&s| {
                    let mut answered = made.clone();
                    answered.play(s);
                    answered.outcome().is_none() && !answered.winning_cells().is_empty()
                });
            if !all_lose || threats.len() < 2 {
                continue;
            }
            return Some(Why {
                kind: "fork",
                text: format!(
                    "{head} lets {} fork with {}: threats on {} and {} — {} can block only one",
                    side(attacker),
                    self.move_text(r),
                    self.move_text(threats[0]),
                    self.move_text(threats[1]),
                    side(attacker.other())
                ),
                moves: vec![self.move_text(r)],
                cells: threats[..2].iter().map(|&c| Self::cell_xy(c)).collect(),
                ..Why::default()
            });
        }
        None
    }
}
