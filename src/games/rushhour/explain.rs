//! Why a Rush Hour move erred (`Game::explain`): `cost` — the optimal move, what the played
//! one cost (the moves it added to the solution, from the review's exact distances) and the
//! vehicle that now stands between the red car and the exit (read off the board after it).

use super::{RushHour, SIZE};
use crate::games::Game;
use crate::games::why::{Asked, Why, count};

impl RushHour {
    /// The vehicle nearest the red car on its way to the exit (the moved vehicle `moved` first
    /// if it now stands there), and its cells; `None` when the way is clear (walls aside).
    fn blocker(&self, moved: usize) -> Option<(usize, u64)> {
        let red = self.vehicle(0);
        let path: Vec<usize> = (usize::from(red.at) + usize::from(red.length)..SIZE)
            .map(|col| usize::from(red.line) * SIZE + col)
            .collect();
        let cells = |v: usize| -> u64 {
            let vehicle = self.vehicle(v);
            (0..vehicle.length)
                .map(|k| 1u64 << vehicle.cell(vehicle.at + k))
                .fold(0, |a, b| a | b)
        };
        let in_path = |v: usize| path.iter().any(|&c| cells(v) & (1 << c) != 0);
        if moved != 0 && in_path(moved) {
            return Some((moved, cells(moved)));
        }
        path.iter().find_map(|&c| {
            (1..self.vehicle_count())
                .find(|&v| cells(v) & (1 << c) != 0)
                .map(|v| (v, cells(v)))
        })
    }

    /// The letter of vehicle `v`.
    fn letter(&self, v: usize) -> String {
        char::from(self.layout.letters[v]).to_string()
    }

    /// The `cost` reason for the move `mv`, where the review proved the distances.
    pub fn explain_move(&self, mv: (u8, i8), asked: &Asked) -> Option<Why> {
        let mut after = self.clone();
        after.play(mv);
        let blocker = after.blocker(usize::from(mv.0));
        let cost = asked.given_away;
        let mut text = format!("Move {}: {}", asked.number, self.move_text(mv));
        match cost {
            Some(n) => text += &format!(" costs {}", count(n, "move", "moves")),
            None if asked.result == Some(-1) => text += " leaves no solution",
            None => text += " does not bring the exit nearer",
        }
        if let Some(best) = asked.best.first().filter(|b| **b != self.move_text(mv)) {
            text += &format!("; {best} was optimal");
        }
        if let Some((v, _)) = blocker {
            text += &format!(" — {} now stands in the red car's way", self.letter(v));
        }
        let cells = blocker.map_or(Vec::new(), |(_, bits)| {
            (0..SIZE * SIZE)
                .filter(|c| bits & (1 << c) != 0)
                .map(|c| [(c % SIZE) as u32 + 1, (SIZE - c / SIZE) as u32])
                .collect()
        });
        Some(Why {
            kind: "cost",
            moves: asked.best.first().cloned().into_iter().collect(),
            cells,
            text,
            cost,
            blocker: blocker.map(|(v, _)| self.letter(v)),
            ..Why::default()
        })
    }
}
