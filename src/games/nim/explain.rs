//! Why a Nim move erred (`Game::explain`): `nim_sum`, Bouton's theory in words — the move
//! left a nim-sum (the heaps' exclusive or) other than 0, from which the opponent wins by
//! making it 0 again, where the better move leaves 0; in misère play with only single matches
//! left, their number instead. Each claim is checked by playing the moves it names.

use super::Nim;
use crate::games::why::{Asked, Why, count, head};
use crate::games::{Game, Seat};

/// The names of p1 and p2.
const SIDES: [&str; 2] = ["First player", "Second player"];

fn side(seat: Seat) -> &'static str {
    SIDES[usize::from(seat == Seat::P2)]
}

impl Nim {
    /// True when only heaps of at most one match are left, where misère play counts them
    /// rather than their nim-sum.
    fn singles_only(&self) -> bool {
        self.heaps().iter().all(|&h| h <= 1)
    }

    /// What a position left to the opponent is, in words: `nim-sum 5`, or in misère play's
    /// end `3 single matches`.
    fn left_words(&self) -> String {
        if self.is_misere() && self.singles_only() {
            let ones = self.heaps().iter().filter(|&&h| h == 1).count() as u32;
            count(ones, "single match", "single matches")
        } else {
            format!("nim-sum {}", self.nim_sum())
        }
    }

    /// The `nim_sum` reason for the move `mv` from a won position, if it threw the win away
    /// (`None` otherwise: the review gives the line).
    pub fn explain_move(&self, mv: (u8, u8), asked: &Asked) -> Option<Why> {
        let theory = self.theory()?;
        let mover = self.side_to_move();
        if theory.winner != Some(mover) || theory.keeping.contains(&mv) {
            return None;
        }
        let mut after = self.clone();
        after.play(mv);
        // Checked: the opponent now wins by the theory, and the better move leaves it lost.
        if after.theory().is_some_and(|t| t.winner == Some(mover)) {
            return None;
        }
        let best = *theory.keeping.iter().find(|&&m| {
            let mut kept = self.clone();
            kept.play(m);
            kept.outcome().is_some() || kept.theory().is_some_and(|t| t.winner == Some(mover))
        })?;
        let mut kept = self.clone();
        kept.play(best);
        let heaps = |p: &Nim| {
            p.heaps()
                .iter()
                .map(u8::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        };
        // The opponent's answer by the theory, and what it leaves.
        let answer = after.theory().and_then(|t| t.keeping.first().copied());
        let answered = answer.map(|a| {
            let mut next = after.clone();
            next.play(a);
            format!(
                " — {} leaving {}",
                after.move_text(a),
                if next.outcome().is_some() {
                    "no match".to_string()
                } else {
                    next.left_words()
                }
            )
        });
        let text = format!(
            "{} leaves heaps {} ({}), won for {}{}; {} leaves {} ({}), lost for {}",
            head(asked.number, side(mover), &self.move_text(mv)),
            heaps(&after),
            after.left_words(),
            side(mover.other()),
            answered.unwrap_or_default(),
            self.move_text(best),
            heaps(&kept),
            kept.left_words(),
            side(mover.other())
        );
        Some(Why {
            kind: "nim_sum",
            moves: vec![self.move_text(best)],
            text,
            nim_sum: Some(u32::from(after.nim_sum())),
            ..Why::default()
        })
    }
}
