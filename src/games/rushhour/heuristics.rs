//! Estimates of the moves a Rush Hour position still needs, for A* and IDA* (option
//! `PuzzleHeuristic`). Each is a lower bound in both metrics (protocol.md gives the argument):
//! a move moves one vehicle, so the moves of a solution are the sum over the vehicles of the
//! moves each makes, and each estimate adds up, vehicle by vehicle, moves that this vehicle
//! cannot avoid.

use super::{MAX_VEHICLES, Metric, RushHour, SIZE, Vehicle};

/// An estimate of the moves left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Heuristic {
    /// 0: A* becomes a uniform-cost search.
    Zero,
    /// The course's first estimate: the cells between the red car and the exit (`steps`), or 1
    /// while the red car is not out (`slides`, where it may cross them in one move).
    Distance,
    /// The course's second: `Distance` plus the vehicles between the red car and the exit.
    Blockers,
    /// sente's own: the red car's distance, plus, for every vehicle that must move, the fewest
    /// moves it needs (1 in `slides`): the vehicles in the red car's way, and those standing
    /// where such a vehicle must pass when it has only one way out, and so on.
    Movers,
}

impl Heuristic {
    /// Every estimate, by option name, weakest first (in the order of the variants).
    pub const ALL: [(&'static str, Heuristic); 4] = [
        ("zero", Heuristic::Zero),
        ("distance", Heuristic::Distance),
        ("blockers", Heuristic::Blockers),
        ("movers", Heuristic::Movers),
    ];

    /// The option name.
    pub const fn name(self) -> &'static str {
        Heuristic::ALL[self as usize].0
    }

    /// The estimate of the moves `pos` still needs, in its metric.
    pub fn estimate(self, pos: &RushHour) -> u32 {
        if pos.solved() {
            return 0;
        }
        match self {
            Heuristic::Zero => 0,
            Heuristic::Distance => distance(pos),
            Heuristic::Blockers => distance(pos) + blockers(pos),
            Heuristic::Movers => movers(pos),
        }
    }
}

/// The cells between the red car's front and the exit.
fn cells_to_exit(pos: &RushHour) -> u32 {
    let red = pos.vehicle(0);
    (SIZE - usize::from(red.at + red.length)) as u32
}

/// The red car's own moves: one per cell in `steps`, one in `slides` (not out yet).
fn distance(pos: &RushHour) -> u32 {
    match pos.metric() {
        Metric::Steps => cells_to_exit(pos),
        Metric::Slides => 1,
    }
}

/// The vehicles on the cells between the red car and the exit.
fn blockers(pos: &RushHour) -> u32 {
    let red = pos.vehicle(0);
    let owners = owners(pos);
    (red.at + red.length..SIZE as u8)
        .filter(|&col| matches!(owners[red.cell(col)], Owner::Vehicle(_)))
        .count() as u32
}

/// What stands on a cell.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Owner {
    Empty,
    Wall,
    Vehicle(u8),
}

fn owners(pos: &RushHour) -> [Owner; SIZE * SIZE] {
    let mut owners = [Owner::Empty; SIZE * SIZE];
    for (cell, owner) in owners.iter_mut().enumerate() {
        if pos.walls() & (1 << cell) != 0 {
            *owner = Owner::Wall;
        }
    }
    for v in 0..pos.vehicle_count() {
        let vehicle = pos.vehicle(v);
        for k in 0..vehicle.length {
            owners[vehicle.cell(vehicle.at + k)] = Owner::Vehicle(v as u8);
        }
    }
    owners
}

/// A way for a vehicle to leave one of its cells: moving `shift` cells in one direction,
/// through the cells along its axis from `first` to `last` (those it enters).
#[derive(Clone, Copy)]
struct Way {
    shift: u8,
    first: u8,
    last: u8,
}

/// The ways `vehicle` can leave the cell at `along` on its axis, if the board and its walls
/// allow them (other vehicles are not considered): backwards, then forwards.
fn ways_out(vehicle: &Vehicle, along: u8, walls: u64) -> [Option<Way>; 2] {
    let clear = |first: u8, last: u8| (first..=last).all(|k| walls & (1 << vehicle.cell(k)) == 0);
    let end = vehicle.at + vehicle.length;
    // Backwards until its last cell is before `along`.
    let back = end - along;
    // `then`, not `then_some`: the way's cells are computed only when it exists (they would
    // underflow otherwise).
    let backwards = (back <= vehicle.at && clear(vehicle.at - back, vehicle.at - 1)).then(|| Way {
        shift: back,
        first: vehicle.at - back,
        last: vehicle.at - 1,
    });
    // Forwards until its first cell is past `along`.
    let forth = along + 1 - vehicle.at;
    let forwards = (end + forth <= SIZE as u8 && clear(end, end + forth - 1)).then(|| Way {
        shift: forth,
        first: end,
        last: end + forth - 1,
    });
    [backwards, forwards]
}

/// `Movers`: the least number of moves of each vehicle that must move, summed.
///
/// The red car must cross every cell to the exit, so each vehicle on them must leave the cell
/// it holds there. A vehicle that must leave a cell has at most two ways, backwards or forwards,
/// each a fixed shift through fixed cells (walls and the board's edge rule some out). It needs
/// at least the smaller feasible shift in `steps`, one move in `slides`. When only one way is
/// feasible, every vehicle on the cells that way passes through must leave that cell in turn.
/// Each vehicle counts once, with the largest of the bounds found for it.
fn movers(pos: &RushHour) -> u32 {
    let owners = owners(pos);
    let steps = pos.metric() == Metric::Steps;
    let mut need = [0u32; MAX_VEHICLES];
    need[0] = distance(pos);
    // The (vehicle, cell it must leave) pairs found, each queued once.
    let mut found = [0u64; MAX_VEHICLES];
    let mut work = [(0u8, 0u8); MAX_VEHICLES * SIZE * SIZE];
    let mut queued = 0;
    let mut queue_owners = |work: &mut [(u8, u8)], queued: &mut usize, mover: u8, cell: usize| {
        if let Owner::Vehicle(other) = owners[cell]
            && other != mover
            && found[usize::from(other)] & (1 << cell) == 0
        {
            found[usize::from(other)] |= 1 << cell;
            work[*queued] = (other, cell as u8);
            *queued += 1;
        }
    };
    let red = pos.vehicle(0);
    for col in red.at + red.length..SIZE as u8 {
        queue_owners(&mut work, &mut queued, 0, red.cell(col));
    }
    while queued > 0 {
        queued -= 1;
        let (v, cell) = work[queued];
        let vehicle = pos.vehicle(usize::from(v));
        let along = if vehicle.horizontal {
            cell % SIZE as u8
        } else {
            cell / SIZE as u8
        };
        let bound = match ways_out(&vehicle, along, pos.walls()) {
            [None, None] => continue,
            [Some(a), Some(b)] => a.shift.min(b.shift),
            [Some(only), None] | [None, Some(only)] => {
                for k in only.first..=only.last {
                    queue_owners(&mut work, &mut queued, v, vehicle.cell(k));
                }
                only.shift
            }
        };
        let bound = if steps { u32::from(bound) } else { 1 };
        need[usize::from(v)] = need[usize::from(v)].max(bound);
    }
    need.iter().sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::rushhour::START;

    fn estimates(board: &str, metric: Metric) -> Vec<u32> {
        let pos = RushHour::parse(board, metric).expect("board");
        Heuristic::ALL
            .iter()
            .map(|(_, h)| h.estimate(&pos))
            .collect()
    }

    #[test]
    fn the_course_start() {
        // ..BCCC
        // D.BEFF
        // DAAE..   A must cross columns 3-5 (3 steps); the truck E stands on column 3.
        // .G.EHH   E (rows 1-3) cannot leave row 2 upwards (off the board): down 2 steps,
        // IGJJ.K   through rows 4 and 5, where J and L stand. J may leave column 3 left 1 or
        // ILLL.K   right 2: 1 step. L can only go left 1 (right is off the board), onto I's
        //          cell: I (rows 4-5) can only go up 1. 3 + 2 + 1 + 1 + 1 steps.
        assert_eq!(estimates(START, Metric::Steps), [0, 3, 4, 8]);
        assert_eq!(estimates(START, Metric::Slides), [0, 1, 2, 5]);
    }

    #[test]
    fn a_truck_across_the_exit_row_has_one_way_out() {
        // The truck B (rows 0-2, column 4) cannot leave row 2 upwards: down 3 steps, through
        // rows 3-5, where C (row 4, columns 3-4) stands; C can only go left, 1 step.
        let board = "....B.\
                     ....B.\
                     AA..B.\
                     ......\
                     ...CC.\
                     ......";
        assert_eq!(estimates(board, Metric::Steps), [0, 4, 5, 4 + 3 + 1]);
        assert_eq!(estimates(board, Metric::Slides), [0, 1, 2, 3]);
    }

    #[test]
    fn walls_rule_out_a_way() {
        // B (rows 1-2, column 3) could leave row 2 up 1 but for the wall: down 2, through rows
        // 3 and 4, where C (row 4, columns 2-3) stands; C may leave column 3 left 1 or right 2.
        let board = "...x..\
                     ...B..\
                     AA.B..\
                     ......\
                     ..CC..\
                     ......";
        assert_eq!(estimates(board, Metric::Steps), [0, 4, 5, 4 + 2 + 1]);
        assert_eq!(estimates(board, Metric::Slides), [0, 1, 2, 3]);
    }

    #[test]
    fn solved_is_zero() {
        let board = "....B.....B.....AA...D.....D..EEE...";
        assert_eq!(estimates(board, Metric::Steps), [0, 0, 0, 0]);
        assert_eq!(estimates(board, Metric::Slides), [0, 0, 0, 0]);
    }

    #[test]
    fn names_round_trip() {
        for (name, h) in Heuristic::ALL {
            assert_eq!(h.name(), name);
        }
    }
}
