//! IDA*: depth-first searches bounded by `f = g + h`, the bound raised at each iteration to the
//! smallest `f` that exceeded it, with a table of the states met (memory-enhanced IDA*):
//!
//! - a state met again in the same iteration by as many moves or more is not searched again:
//!   its subtree has been searched (or, if it is on the current path, is being searched) with
//!   at least as much of the bound left;
//! - a state whose subtree was searched without finding a goal keeps what that search learned:
//!   no goal is nearer than the smallest `f` beyond the bound met below it, minus its own `g`.
//!   Later visits and iterations use the larger of this and the estimate.
//!
//! The table holds at most a given number of states; past it, states go unrecorded (the search
//! is slower, never wrong).

use super::{Estimate, PuzzleResult, PuzzleStats};
use crate::games::Game;
use crate::search::control::Control;
use std::collections::HashMap;

/// Bytes a table entry takes (key, record, and the map's own overhead), to size the table.
pub const TABLE_ENTRY_BYTES: usize = 40;

/// What the table knows of a state.
#[derive(Clone, Copy)]
struct Record {
    /// The iteration that last met it, and the fewest moves it was reached by in it.
    iteration: u32,
    g: u32,
    /// A lower bound on its moves to a goal, learned by searching it.
    learned: u32,
}

/// How a bounded depth-first search ended.
enum Probe {
    Found,
    /// No goal within the bound: the smallest `f` beyond it that was met (`u32::MAX` if none).
    Beyond(u32),
    Stopped,
}

/// One iteration's search.
struct Iteration<'s, 'a, G: Game> {
    estimate: Estimate<'s, G>,
    control: &'s mut Control<'a>,
    stats: &'s mut PuzzleStats,
    number: u32,
    bound: u32,
    table: &'s mut HashMap<u64, Record>,
    max_entries: usize,
    line: &'s mut Vec<G::Move>,
}

impl<G: Game> Iteration<'_, '_, G> {
    fn search(&mut self, pos: &G, g: u32) -> Probe {
        let key = pos.hash();
        let record = self.table.get(&key).copied();
        let h = (self.estimate)(pos).max(record.map_or(0, |r| r.learned));
        let f = g.saturating_add(h);
        if f > self.bound {
            return Probe::Beyond(f);
        }
        if pos.outcome().is_some() {
            return Probe::Found;
        }
        match record {
            Some(r) if r.iteration == self.number && r.g <= g => return Probe::Beyond(f),
            Some(_) => self.record(key, g, None),
            None if self.table.len() < self.max_entries => self.record(key, g, None),
            None => {}
        }
        if self.control.visit() {
            return Probe::Stopped;
        }
        self.stats.expand(key);
        self.stats.open(g as usize + 1);
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let mut beyond = u32::MAX;
        for mv in moves {
            let mut next = pos.clone();
            next.play(mv);
            self.stats.generated += 1;
            self.line.push(mv);
            match self.search(&next, g + 1) {
                Probe::Beyond(f) => beyond = beyond.min(f),
                found_or_stopped => return found_or_stopped,
            }
            self.line.pop();
        }
        if beyond != u32::MAX {
            self.record(key, g, Some(beyond - g));
        }
        Probe::Beyond(beyond)
    }

    /// Notes that `key` was met by `g` moves in this iteration, and what was learned of it.
    fn record(&mut self, key: u64, g: u32, learned: Option<u32>) {
        let number = self.number;
        if let Some(r) = self.table.get_mut(&key) {
            r.iteration = number;
            r.g = g;
            r.learned = r.learned.max(learned.unwrap_or(0));
        } else if self.table.len() < self.max_entries {
            self.table.insert(
                key,
                Record {
                    iteration: number,
                    g,
                    learned: learned.unwrap_or(0),
                },
            );
        }
    }
}

/// IDA* from `root` with `estimate`, remembering at most `max_entries` states; `control`
/// counts expanded positions (over all iterations) and may stop it.
pub fn ida_star<G: Game>(
    root: &G,
    estimate: Estimate<'_, G>,
    control: &mut Control<'_>,
    stats: &mut PuzzleStats,
    max_entries: usize,
) -> PuzzleResult<G::Move> {
    let mut bound = estimate(root);
    let mut table = HashMap::new();
    let mut line = Vec::new();
    loop {
        stats.iterations += 1;
        let number = stats.iterations;
        line.clear();
        let mut iteration = Iteration {
            estimate,
            control: &mut *control,
            stats: &mut *stats,
            number,
            bound,
            table: &mut table,
            max_entries,
            line: &mut line,
        };
        match iteration.search(root, 0) {
            Probe::Found => return PuzzleResult::Solved(line),
            Probe::Stopped => return PuzzleResult::Stopped,
            Probe::Beyond(u32::MAX) => return PuzzleResult::Unsolvable,
            Probe::Beyond(next) => bound = next,
        }
    }
}
