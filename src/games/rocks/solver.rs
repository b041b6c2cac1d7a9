//! The rocks game (Rush Hour against a rock-dropping opponent) solved by retrograde analysis.
//!
//! A state is the vehicles' configuration, the rock's cell (or none) and the side to move. The
//! turn counter is left out: the cars win a game with `k` car moves left exactly when they can
//! force the red car out within `k` car moves, so one number per state decides every turn
//! limit: the fewest car moves the cars need against the best rock play (`value`), or "never"
//! when the rocks can hold them forever.
//!
//! The configurations are those reachable from the root's by car moves (with no rock in the
//! way, which the rock can only take away: every configuration of the game is among them), and
//! each goes with every rock cell that is empty in it. The values come out of a breadth-first
//! search backwards from the solved configurations, in order of value (car moves count 1, rock
//! moves 0, so a double-ended queue keeps the order): a cars-to-move state takes its value from
//! the first of its successors to be settled, plus one; a rocks-to-move state when the last of
//! its successors is settled. Predecessors are generated, not stored: a car step is undone by
//! the opposite step (blocked by the same rock), and a rock placement came from any earlier rock
//! off the new rock's row and column, or from none.

use crate::games::rocks::{RockMove, RushHourRocks, rock_targets};
use crate::games::rushhour::{RushHour, SIZE, START};
use crate::games::{Game, Seat};
use std::collections::{HashMap, VecDeque};

/// Rock slots per configuration: the 36 cells, then "no rock".
const SLOTS: usize = SIZE * SIZE + 1;
/// The slot of "no rock".
const NO_ROCK: usize = SIZE * SIZE;
/// A value not settled (yet); at the end, the rocks hold the cars forever.
const UNSETTLED: u16 = u16::MAX;
/// How often (in states settled) the stop flag is polled.
const POLL: u32 = 4096;

/// The value of a state, ignoring the turn limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// The cars get out in this many car moves against any rock play, and no sooner against
    /// the best.
    CarsOutIn(u16),
    /// The rocks can keep the cars in forever.
    Held,
}

/// Why no table was made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RocksError {
    /// It would take more than the memory allowed (the bytes it had reached).
    TooBig(usize),
    /// The stop flag was raised.
    Stopped,
    /// The position is over.
    Over,
}

/// The solved rocks game of one puzzle: the value of every state of its configurations.
pub struct RocksTable {
    /// A position of the puzzle, for its vehicles and walls.
    puzzle: RushHour,
    /// Configuration index by placement.
    index: HashMap<u128, u32>,
    /// Per configuration: occupied cells, and whether the red car is out.
    occupied: Vec<u64>,
    solved: Vec<bool>,
    /// Car steps of each configuration (with no rock): `edges[first[c]..first[c + 1]]`, each
    /// the configuration it leads to and the cell the vehicle enters.
    first: Vec<u32>,
    edges: Vec<(u32, u8)>,
    /// Per state (`state_id`): its value in car moves, or `UNSETTLED`.
    value: Vec<u16>,
    /// The longest the backwards search's queue grew.
    pub peak_queue: usize,
    /// States given a value by the backwards search (the others are held forever, or not
    /// legal: a rock on a vehicle).
    pub settled: u64,
}

/// A state's number: configuration, rock slot, side.
fn state_id(config: u32, slot: usize, side: Seat) -> usize {
    (config as usize * SLOTS + slot) * 2 + usize::from(side == Seat::P2)
}

fn slot(rock: Option<u8>) -> usize {
    rock.map_or(NO_ROCK, usize::from)
}

fn rock_of(slot: usize) -> Option<u8> {
    (slot != NO_ROCK).then_some(slot as u8)
}

impl RocksTable {
    /// Solves the puzzle of `root` with at most `max_bytes` of tables (those kept, and those
    /// of the search), asking `stop` now and then whether to give up.
    pub fn solve(
        root: &RushHourRocks,
        max_bytes: usize,
        stop: &dyn Fn() -> bool,
    ) -> Result<RocksTable, RocksError> {
        if root.board().solved() {
            return Err(RocksError::Over);
        }
        let mut table = RocksTable::configurations(root.board(), max_bytes, stop)?;
        let states = table.occupied.len() * SLOTS * 2;
        // The values (2 bytes a state), the rock moves left (1 byte a rocks-to-move state).
        let needed = table.bytes() + states * 2 + states / 2;
        if needed > max_bytes {
            return Err(RocksError::TooBig(needed));
        }
        table.value = vec![UNSETTLED; states];
        table.settle(max_bytes - needed, stop)?;
        Ok(table)
    }

    /// Every configuration reachable from `board` by car steps (with no rock), with its steps.
    /// Solved configurations are expanded too, only so that the steps into them can be undone.
    fn configurations(
        board: &RushHour,
        max_bytes: usize,
        stop: &dyn Fn() -> bool,
    ) -> Result<RocksTable, RocksError> {
        let mut table = RocksTable {
            puzzle: board.clone(),
            index: HashMap::from([(board.placement(), 0)]),
            occupied: Vec::new(),
            solved: Vec::new(),
            first: vec![0],
            edges: Vec::new(),
            value: Vec::new(),
            peak_queue: 0,
            settled: 0,
        };
        let mut boards = vec![board.clone()];
        let mut moves = Vec::new();
        let mut next_config = 0;
        while next_config < boards.len() {
            let pos = boards[next_config].clone();
            next_config += 1;
            table.occupied.push(pos.occupied_cells());
            table.solved.push(pos.solved());
            moves.clear();
            pos.vehicle_moves(0, &mut moves);
            for &(v, d) in &moves {
                let mut next = pos.clone();
                next.play((v, d));
                let entered = entered_cell(&pos, &next);
                let fresh = boards.len() as u32;
                let target = *table.index.entry(next.placement()).or_insert(fresh);
                if target == fresh {
                    boards.push(next);
                }
                table.edges.push((target, entered));
            }
            table.first.push(table.edges.len() as u32);
            if next_config % POLL as usize == 0 {
                if stop() {
                    return Err(RocksError::Stopped);
                }
                let bytes = table.bytes() + boards.len() * std::mem::size_of::<RushHour>();
                if bytes > max_bytes {
                    return Err(RocksError::TooBig(bytes));
                }
            }
        }
        Ok(table)
    }

    /// Memory held by the tables, in bytes.
    pub fn bytes(&self) -> usize {
        // A map entry: key, value, and about one control byte per slot at 7/8 load.
        self.index.capacity() * (16 + 4 + 2)
            + self.occupied.capacity() * 8
            + self.solved.capacity()
            + self.first.capacity() * 4
            + self.edges.capacity() * std::mem::size_of::<(u32, u8)>()
            + self.value.capacity() * 2
    }

    /// The number of configurations.
    pub fn configurations_count(&self) -> usize {
        self.occupied.len()
    }

    /// The number of states (configuration, rock slot, side), legal or not.
    pub fn states(&self) -> usize {
        self.value.len()
    }

    /// The steps of configuration `c` that the rock in `slot` does not block.
    fn steps(&self, c: u32, slot: usize) -> impl Iterator<Item = u32> + '_ {
        let range = self.first[c as usize] as usize..self.first[c as usize + 1] as usize;
        self.edges[range]
            .iter()
            .filter(move |&&(_, entered)| usize::from(entered) != slot)
            .map(|&(to, _)| to)
    }

    /// The rock moves from configuration `c` with the rock in `slot`: 0 means a pass.
    fn rock_moves(&self, c: u32, slot: usize) -> u32 {
        rock_targets(self.occupied[c as usize], rock_of(slot)).count_ones()
    }

    /// The backwards search (see the module's documentation), its queue within `queue_bytes`.
    fn settle(&mut self, queue_bytes: usize, stop: &dyn Fn() -> bool) -> Result<(), RocksError> {
        let configs = self.occupied.len() as u32;
        // Rock moves not yet settled, per rocks-to-move state (rock slot, configuration).
        let mut pending: Vec<u8> = vec![0; configs as usize * SLOTS];
        let mut queue: VecDeque<u32> = VecDeque::new();
        for c in 0..configs {
            let empty = !self.occupied[c as usize];
            for s in 0..SLOTS {
                if s != NO_ROCK && empty & (1 << s) == 0 {
                    continue;
                }
                if self.solved[c as usize] {
                    for side in [Seat::P1, Seat::P2] {
                        self.value[state_id(c, s, side)] = 0;
                        queue.push_back(state_id(c, s, side) as u32);
                    }
                } else {
                    pending[c as usize * SLOTS + s] = self.rock_moves(c, s).max(1) as u8;
                }
            }
        }
        let mut settled = 0u32;
        let mut earlier: Vec<usize> = Vec::new();
        while let Some(id) = queue.pop_front() {
            settled += 1;
            if settled.is_multiple_of(POLL) {
                if stop() {
                    return Err(RocksError::Stopped);
                }
                if queue.capacity() * 4 > queue_bytes {
                    return Err(RocksError::TooBig(self.bytes() + queue.capacity() * 4));
                }
            }
            self.peak_queue = self.peak_queue.max(queue.len() + 1);
            let id = id as usize;
            let value = self.value[id];
            let (c, s) = ((id / 2 / SLOTS) as u32, id / 2 % SLOTS);
            if id % 2 == 1 {
                // Rocks to move: the cars stepped here from a configuration this one steps back
                // to (the same rock blocking), or passed here when they had no step.
                let mut from: Vec<u32> = self.steps(c, s).collect();
                if from.is_empty() {
                    from.push(c);
                }
                for from in from {
                    let p = state_id(from, s, Seat::P1);
                    if !self.solved[from as usize] && self.value[p] == UNSETTLED {
                        self.value[p] = value + 1;
                        queue.push_back(p as u32);
                    }
                }
            } else {
                // Cars to move: the rocks put the rock here (and the rock before, if any, was
                // off its row and column), or passed here (no rock) when they could not move.
                let empty = !self.occupied[c as usize];
                let olds = (0..NO_ROCK)
                    .filter(|&old| empty & (1 << old) != 0)
                    .chain([NO_ROCK]);
                earlier.clear();
                match rock_of(s) {
                    Some(rock) => {
                        if rock_targets(self.occupied[c as usize], None) & (1 << rock) != 0 {
                            let (row, col) = (usize::from(rock) / SIZE, usize::from(rock) % SIZE);
                            earlier.extend(olds.filter(|&old| {
                                old == NO_ROCK || (old / SIZE != row && old % SIZE != col)
                            }));
                        }
                    }
                    None => earlier.extend(olds.filter(|&old| self.rock_moves(c, old) == 0)),
                }
                for &old in &earlier {
                    let p = state_id(c, old, Seat::P2);
                    if self.value[p] != UNSETTLED {
                        continue;
                    }
                    let left = &mut pending[c as usize * SLOTS + old];
                    *left -= 1;
                    if *left == 0 {
                        self.value[p] = value;
                        queue.push_front(p as u32);
                    }
                }
            }
        }
        self.settled = settled as u64;
        Ok(())
    }

    /// The configuration of `pos` if it is a position of this table's puzzle.
    fn config(&self, pos: &RushHourRocks) -> Option<u32> {
        if !self.puzzle.same_puzzle(pos.board()) {
            return None;
        }
        self.index.get(&pos.board().placement()).copied()
    }

    /// True when the table holds the value of `pos`.
    pub fn covers(&self, pos: &RushHourRocks) -> bool {
        self.config(pos).is_some()
    }

    /// The value of `pos` ignoring its turn limit, if the table covers it.
    pub fn value(&self, pos: &RushHourRocks) -> Option<Value> {
        let c = self.config(pos)?;
        let value = self.value[state_id(c, slot(pos.rock()), pos.side_to_move())];
        Some(match value {
            UNSETTLED => Value::Held,
            n => Value::CarsOutIn(n),
        })
    }

    /// The winner of `pos` under its turn limit and the plies to the end of the game with both
    /// sides playing perfectly (the winner as fast as it can, the loser as slowly), if the
    /// table covers it and the game is not over.
    pub fn result(&self, pos: &RushHourRocks) -> Option<(Seat, u32)> {
        let left = pos
            .max_turns()
            .checked_sub(pos.turns())
            .filter(|&k| k > 0)?;
        if pos.board().solved() {
            return None;
        }
        let cars_first = pos.side_to_move() == Seat::P1;
        let plies = |car_moves: u32| 2 * car_moves - u32::from(cars_first);
        Some(match self.value(pos)? {
            Value::CarsOutIn(n) if u32::from(n) <= left => (Seat::P1, plies(u32::from(n))),
            _ => (Seat::P2, plies(left)),
        })
    }

    /// A move keeping the value of `pos`, the first in generation order: the cars' fastest way
    /// out, the rocks' longest hold; when the cars cannot get out in time, the cars' move to the
    /// lowest value and the rocks' to the highest. `None` when the table does not cover `pos`
    /// or the game is over.
    pub fn best_move(&self, pos: &RushHourRocks) -> Option<RockMove> {
        self.value(pos)?;
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let rank = |mv: &RockMove| {
            let mut child = pos.clone();
            child.play(*mv);
            match self.value(&child) {
                Some(Value::CarsOutIn(n)) => u32::from(n),
                _ => u32::MAX,
            }
        };
        match pos.side_to_move() {
            Seat::P1 => moves.iter().copied().min_by_key(rank),
            Seat::P2 => moves.iter().copied().rev().max_by_key(rank),
        }
    }
}

/// The cell a car step from `before` to `after` makes a vehicle enter.
fn entered_cell(before: &RushHour, after: &RushHour) -> u8 {
    let entered = after.occupied_cells() & !before.occupied_cells();
    entered.trailing_zeros() as u8
}

/// The course's main puzzle (for the tests and the bench of the rocks table).
pub fn main_puzzle() -> RushHourRocks {
    RushHourRocks::parse(&format!("{START} c"), 100).unwrap_or_else(|e| panic!("{e}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::test_data::rocks_vectors;
    use crate::search::{Algorithm, run_for_test, score};
    use rand::rngs::StdRng;
    use rand::{RngExt, SeedableRng};

    fn solve(pos: &RushHourRocks) -> RocksTable {
        RocksTable::solve(pos, 1 << 30, &|| false).expect("solved")
    }

    /// The fens of the course's puzzles with an exact value, and the value.
    fn course_values() -> Vec<(RushHourRocks, u16)> {
        rocks_vectors()
            .into_iter()
            .filter(|v| v.what.starts_with("exact value"))
            .map(|v| {
                let pos = RushHourRocks::parse(v.fen, 100).expect("fen");
                (pos, v.value as u16)
            })
            .collect()
    }

    #[test]
    fn the_course_values() {
        let values = course_values();
        assert_eq!(
            values.iter().map(|(_, v)| *v).collect::<Vec<_>>(),
            [10, 14, 16, 57]
        );
        for (pos, value) in values {
            let table = solve(&pos);
            assert_eq!(
                table.value(&pos),
                Some(Value::CarsOutIn(value)),
                "{}",
                pos.fen()
            );
            // Cars to move: their value-th move gets out, the rocks having moved value - 1 times.
            let plies = 2 * u32::from(value) - 1;
            assert_eq!(table.result(&pos), Some((Seat::P1, plies)));
        }
    }

    /// The score the alpha-beta search proves for `pos` (with its turn limit).
    fn alpha_beta_proof(pos: &RushHourRocks) -> i32 {
        let result = run_for_test(pos, Algorithm::AlphaBeta, None);
        assert!(result.proven, "{} not proven", pos.fen());
        result.score.expect("a score")
    }

    fn table_score(table: &RocksTable, pos: &RushHourRocks) -> i32 {
        let (winner, plies) = table.result(pos).expect("covered, not over");
        if winner == pos.side_to_move() {
            score::win_in(plies)
        } else {
            score::loss_in(plies)
        }
    }

    #[test]
    fn the_table_agrees_with_alpha_beta_proofs_on_random_positions_and_turn_limits() {
        // Random positions of the three smaller course puzzles (either side to move, with or
        // without a rock), each with turn limits around its value, so that both sides win some.
        let mut rng = StdRng::seed_from_u64(13);
        let mut wins = [0, 0];
        for (root, _) in course_values().into_iter().filter(|(_, v)| *v <= 16) {
            let table = solve(&root);
            for _ in 0..8 {
                let mut pos = root.clone();
                let plies = rng.random_range(0..12);
                crate::games::play_random_moves(&mut pos, plies, &mut rng);
                let Some(Value::CarsOutIn(value)) = table.value(&pos) else {
                    panic!("{}: the rocks hold the cars forever?", pos.fen());
                };
                if value == 0 {
                    continue;
                }
                for left in [value - 1, value, value + 1] {
                    if left == 0 {
                        continue;
                    }
                    let limited = RushHourRocks::parse(&pos.fen(), pos.turns() + u32::from(left))
                        .expect("fen");
                    assert_eq!(
                        table_score(&table, &limited),
                        alpha_beta_proof(&limited),
                        "{} with {left} car moves left",
                        pos.fen()
                    );
                    let (winner, _) = table.result(&limited).expect("a result");
                    wins[usize::from(winner == Seat::P2)] += 1;
                }
            }
        }
        assert!(
            wins[0] >= 40 && wins[1] >= 20,
            "cars won {}, rocks {}",
            wins[0],
            wins[1]
        );
    }

    /// Plays `pos` to the end: the table's moves for `table_side`, random moves for the other.
    fn play_out(
        table: &RocksTable,
        mut pos: RushHourRocks,
        table_side: Seat,
        rng: &mut StdRng,
    ) -> RushHourRocks {
        let mut moves = Vec::new();
        while pos.outcome().is_none() {
            let mv = if pos.side_to_move() == table_side {
                table.best_move(&pos).expect("a move")
            } else {
                moves.clear();
                pos.legal_moves(&mut moves);
                moves[rng.random_range(0..moves.len())]
            };
            pos.play(mv);
        }
        pos
    }

    #[test]
    fn perfect_play_for_both_sides() {
        // The table's cars get out within the value against any rocks (here random ones), and
        // in exactly the value against the table's rocks; the table's rocks keep random cars in
        // for at least the value.
        let mut rng = StdRng::seed_from_u64(5);
        for (root, value) in course_values() {
            let table = solve(&root);
            let value = u32::from(value);
            let mut both = root.clone();
            while both.outcome().is_none() {
                both.play(table.best_move(&both).expect("a move"));
            }
            assert!(both.board().solved());
            assert_eq!(both.turns(), value, "{}", root.fen());
            for _ in 0..5 {
                let cars = play_out(&table, root.clone(), Seat::P1, &mut rng);
                assert!(cars.board().solved() && cars.turns() <= value);
                let rocks = play_out(&table, root.clone(), Seat::P2, &mut rng);
                assert!(!rocks.board().solved() || rocks.turns() >= value);
            }
        }
    }

    #[test]
    fn too_little_memory_or_a_stop_is_an_error() {
        let main = main_puzzle();
        assert!(matches!(
            RocksTable::solve(&main, 1 << 20, &|| false),
            Err(RocksError::TooBig(_))
        ));
        assert_eq!(
            RocksTable::solve(&main, 1 << 30, &|| true).err(),
            Some(RocksError::Stopped)
        );
        let out = RushHourRocks::from_fen("....B.....B.....AA...D.....D..EEE... c").expect("fen");
        assert_eq!(
            RocksTable::solve(&out, 1 << 30, &|| false).err(),
            Some(RocksError::Over)
        );
    }

    #[test]
    fn another_puzzle_is_not_covered() {
        let (nine, _) = course_values().remove(0);
        let table = solve(&nine);
        assert!(table.covers(&nine));
        assert!(!table.covers(&main_puzzle()));
        assert_eq!(table.value(&main_puzzle()), None);
    }
}
