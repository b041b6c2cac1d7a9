//! Rush Hour, the sliding-block puzzle: vehicles of length 2 or 3 on a 6x6 grid move along
//! their own axis; the red car `A` (horizontal, third row) must reach the right edge.
//!
//! Fen: the 36 cells row by row from the top (`.` or `o` empty, `x` a wall, `A`..`Z`
//! vehicles), the notation of the public database of Rush Hour puzzles. A move is
//! `<vehicle><+|-><distance>` (`+` right or down). In the `steps` metric every move is one cell;
//! in the `slides` metric a vehicle slides any free distance in one move.

mod explain;
pub mod grid;
pub mod heuristics;
pub mod puzzles;
pub mod universe;

use crate::games::rules::{OptionType, RuleOption, RuleValues};
use crate::games::why::{Asked, Why};
use crate::games::{Game, GameError, Outcome, Seat, game_error};
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, OnceLock};

/// The course's main puzzle (46 steps, 26 slides).
pub const START: &str = "..BCCCD.BEFFDAAE...G.EHHIGJJ.KILLL.K";
/// Cells per side.
pub const SIZE: usize = 6;
/// The row of the red car.
pub const EXIT_ROW: usize = 2;
/// Most vehicles on a board.
pub const MAX_VEHICLES: usize = 16;

/// How moves are counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Metric {
    /// One cell per move (the course's count).
    Steps,
    /// Any distance per move (the puzzle database's count).
    Slides,
}

/// What does not change while the puzzle is played: vehicles' axes, lengths, fixed lines, walls.
#[derive(Debug, PartialEq, Eq)]
struct Layout {
    letters: Vec<u8>,
    horizontal: Vec<bool>,
    length: Vec<u8>,
    /// The row of a horizontal vehicle, the column of a vertical one.
    line: Vec<u8>,
    walls: u64,
    metric: Metric,
    /// Steps to the exit from every configuration reachable from the first one, made on
    /// first use.
    distances: Distances,
}

/// The table of exact rock-free distances (steps) to a solved configuration, by position
/// hash. Not part of a layout's identity.
#[derive(Debug, Default)]
struct Distances(OnceLock<HashMap<u64, u16>>);

impl PartialEq for Distances {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for Distances {}

/// One vehicle of a position, as estimates of the moves left see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Vehicle {
    /// True when it moves along its row.
    pub horizontal: bool,
    /// 2 or 3 cells.
    pub length: u8,
    /// Its row (horizontal) or column (vertical).
    pub line: u8,
    /// Its leftmost column (horizontal) or topmost row (vertical).
    pub at: u8,
}

impl Vehicle {
    /// The cell `along` its axis on its line (0-based row * 6 + column).
    pub fn cell(&self, along: u8) -> usize {
        if self.horizontal {
            usize::from(self.line) * SIZE + usize::from(along)
        } else {
            usize::from(along) * SIZE + usize::from(self.line)
        }
    }
}

/// A position: where each vehicle stands along its axis.
#[derive(Clone, Debug)]
pub struct RushHour {
    layout: Arc<Layout>,
    /// Leftmost column (horizontal) or topmost row (vertical) of each vehicle.
    at: [u8; MAX_VEHICLES],
}

impl PartialEq for RushHour {
    fn eq(&self, other: &Self) -> bool {
        self.layout == other.layout && self.at == other.at
    }
}

impl Eq for RushHour {}

fn bit(row: usize, col: usize) -> u64 {
    1 << (row * SIZE + col)
}

impl RushHour {
    /// Parses a board in `metric`.
    pub fn parse(fen: &str, metric: Metric) -> Result<RushHour, GameError> {
        let board: Vec<u8> = fen.trim().bytes().collect();
        if board.len() != SIZE * SIZE {
            return game_error(format!("a board has 36 cells, this one {}", board.len()));
        }
        let mut walls = 0;
        let mut letters: Vec<u8> = Vec::new();
        for (i, &c) in board.iter().enumerate() {
            match c {
                b'.' | b'o' => {}
                b'x' => walls |= 1 << i,
                b'A'..=b'Z' => {
                    if !letters.contains(&c) {
                        letters.push(c);
                    }
                }
                _ => return game_error(format!("bad cell '{}' at {}", c as char, i + 1)),
            }
        }
        letters.sort_unstable();
        if letters.first() != Some(&b'A') {
            return game_error("there is no red car A");
        }
        if letters.len() > MAX_VEHICLES {
            return game_error(format!("more than {MAX_VEHICLES} vehicles"));
        }
        let mut layout = Layout {
            letters: letters.clone(),
            horizontal: Vec::new(),
            length: Vec::new(),
            line: Vec::new(),
            walls,
            metric,
            distances: Distances::default(),
        };
        let mut at = [0; MAX_VEHICLES];
        for (v, &letter) in letters.iter().enumerate() {
            let cells: Vec<usize> = (0..SIZE * SIZE).filter(|&i| board[i] == letter).collect();
            let (first, last) = (cells[0], cells[cells.len() - 1]);
            let len = cells.len();
            let horizontal = first / SIZE == last / SIZE;
            let contiguous = if horizontal {
                last - first + 1 == len
            } else {
                first % SIZE == last % SIZE && (last - first) / SIZE + 1 == len
            };
            if !(2..=3).contains(&len) || !contiguous {
                return game_error(format!(
                    "vehicle {} is not a straight line of 2 or 3 cells",
                    letter as char
                ));
            }
            if letter == b'A' && !(horizontal && first / SIZE == EXIT_ROW) {
                return game_error("the red car A must lie across the third row");
            }
            layout.horizontal.push(horizontal);
            layout.length.push(len as u8);
            if horizontal {
                layout.line.push((first / SIZE) as u8);
                at[v] = (first % SIZE) as u8;
            } else {
                layout.line.push((first % SIZE) as u8);
                at[v] = (first / SIZE) as u8;
            }
        }
        Ok(RushHour {
            layout: Arc::new(layout),
            at,
        })
    }

    /// The same position counted in `metric`.
    pub fn with_metric(&self, metric: Metric) -> RushHour {
        let layout = &*self.layout;
        RushHour {
            layout: Arc::new(Layout {
                letters: layout.letters.clone(),
                horizontal: layout.horizontal.clone(),
                length: layout.length.clone(),
                line: layout.line.clone(),
                walls: layout.walls,
                metric,
                distances: Distances::default(),
            }),
            at: self.at,
        }
    }

    fn vehicles(&self) -> usize {
        self.layout.letters.len()
    }

    /// The number of vehicles, the red car (index 0) included.
    pub fn vehicle_count(&self) -> usize {
        self.vehicles()
    }

    /// Vehicle `v` (0 is the red car; the others in letter order).
    pub fn vehicle(&self, v: usize) -> Vehicle {
        let l = &self.layout;
        Vehicle {
            horizontal: l.horizontal[v],
            length: l.length[v],
            line: l.line[v],
            at: self.at[v],
        }
    }

    /// The walls, one bit per cell (row * 6 + column).
    pub fn walls(&self) -> u64 {
        self.layout.walls
    }

    /// How moves count.
    pub fn metric(&self) -> Metric {
        self.layout.metric
    }

    /// Where every vehicle stands, as one number: equal for two positions of the same puzzle
    /// exactly when they are equal (unlike `hash`, which may collide).
    pub fn placement(&self) -> u128 {
        u128::from_le_bytes(self.at)
    }

    /// True when `other` is a position of the same puzzle: same vehicles, walls and metric.
    pub fn same_puzzle(&self, other: &RushHour) -> bool {
        Arc::ptr_eq(&self.layout, &other.layout) || self.layout == other.layout
    }

    fn cells(&self, v: usize, at: u8) -> u64 {
        let l = &self.layout;
        (0..usize::from(l.length[v]))
            .map(|k| {
                if l.horizontal[v] {
                    bit(usize::from(l.line[v]), usize::from(at) + k)
                } else {
                    bit(usize::from(at) + k, usize::from(l.line[v]))
                }
            })
            .fold(0, |a, b| a | b)
    }

    fn occupied(&self) -> u64 {
        (0..self.vehicles()).fold(self.layout.walls, |m, v| m | self.cells(v, self.at[v]))
    }

    /// Appends the moves of the vehicles (in the current metric) with the cells `blocked`
    /// also in the way (a rock).
    pub fn vehicle_moves(&self, blocked: u64, moves: &mut Vec<(u8, i8)>) {
        let occupied = self.occupied() | blocked;
        let longest = match self.layout.metric {
            Metric::Steps => 1,
            Metric::Slides => SIZE as i8,
        };
        for v in 0..self.vehicles() {
            let own = self.cells(v, self.at[v]);
            let others = occupied & !own;
            let len = self.layout.length[v] as i8;
            for dir in [-1i8, 1] {
                for d in 1..=longest {
                    let to = self.at[v] as i8 + dir * d;
                    if to < 0 || to + len > SIZE as i8 || self.cells(v, to as u8) & others != 0 {
                        break;
                    }
                    moves.push((v as u8, dir * d));
                }
            }
        }
    }

    /// Every cell taken by a vehicle or a wall.
    pub fn occupied_cells(&self) -> u64 {
        self.occupied()
    }

    /// The exact number of steps to get the red car out with no rock in the way, from this
    /// configuration (`None` if it cannot get out). The table of every configuration reachable
    /// from this one is built at the first call (a breadth-first search from the solved ones).
    pub fn steps_to_exit(&self) -> Option<u16> {
        let table = self.layout.distances.0.get_or_init(|| {
            let steps = self.with_metric(Metric::Steps);
            // Every configuration reachable (moves can be undone, so this is one component).
            let mut seen: HashMap<u64, RushHour> = HashMap::from([(steps.hash(), steps.clone())]);
            let mut queue = VecDeque::from([steps]);
            let mut moves = Vec::new();
            while let Some(pos) = queue.pop_front() {
                moves.clear();
                pos.vehicle_moves(0, &mut moves);
                for &mv in &moves {
                    let mut next = pos.clone();
                    next.play(mv);
                    if let std::collections::hash_map::Entry::Vacant(slot) = seen.entry(next.hash())
                    {
                        slot.insert(next.clone());
                        queue.push_back(next);
                    }
                }
            }
            // Distances from the solved configurations backwards.
            let mut distance: HashMap<u64, u16> = HashMap::new();
            let mut queue: VecDeque<&RushHour> = VecDeque::new();
            for (key, pos) in &seen {
                if pos.solved() {
                    distance.insert(*key, 0);
                    queue.push_back(pos);
                }
            }
            while let Some(pos) = queue.pop_front() {
                let d = distance[&pos.hash()];
                moves.clear();
                pos.vehicle_moves(0, &mut moves);
                for &mv in &moves {
                    let mut next = pos.clone();
                    next.play(mv);
                    let key = next.hash();
                    if !distance.contains_key(&key)
                        && let Some(known) = seen.get(&key)
                    {
                        distance.insert(key, d + 1);
                        queue.push_back(known);
                    }
                }
            }
            distance
        });
        table.get(&self.hash()).copied()
    }

    /// True once the red car stands on the two rightmost cells of its row.
    pub fn solved(&self) -> bool {
        usize::from(self.at[0]) + usize::from(self.layout.length[0]) == SIZE
    }
}

/// The rule option of Rush Hour: how moves count.
const RULES: &[RuleOption] = &[RuleOption {
    name: "RushMetric",
    keyword: "metric",
    label: "Metric: steps or slides",
    help: "How moves count: steps (one cell a move, the course's) or slides (any distance, the puzzle database's).",
    kind: OptionType::Combo {
        default: "steps",
        choices: &["steps", "slides"],
    },
    check: None,
}];

impl Metric {
    /// The metric `RushMetric` names (`steps` or `slides`).
    pub fn of_rules(rules: &RuleValues) -> Result<Metric, GameError> {
        match rules.word("RushMetric")? {
            "slides" => Ok(Metric::Slides),
            "steps" => Ok(Metric::Steps),
            other => game_error(format!("RushMetric is steps or slides, not '{other}'")),
        }
    }
}

/// A line of Michael Fogleman's Rush Hour database, `<moves> <36-cell board> <cluster
/// size>`, or a board among at most three words: the board, if `text` is one.
pub fn typed_board(text: &str) -> Option<&str> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let board = words.iter().copied().find(|w| is_board_text(w))?;
    (words.len() <= 3).then_some(board)
}

/// True for 36 cells of `.`, `o`, `x` and vehicle letters: a board as the database writes it.
fn is_board_text(word: &str) -> bool {
    word.len() == SIZE * SIZE
        && word
            .chars()
            .all(|c| c == '.' || c == 'o' || c == 'x' || c.is_ascii_uppercase())
}

impl Game for RushHour {
    /// `(vehicle index, signed distance)`.
    type Move = (u8, i8);
    const NAME: &'static str = "rushhour";
    const PLIES_PER_MOVE: u32 = 1;
    const RULES: &'static [RuleOption] = RULES;

    fn start_with(rules: &RuleValues) -> Result<Self, GameError> {
        Ok(Self::startpos().with_metric(Metric::of_rules(rules)?))
    }

    /// A line of the puzzle database (`<moves> <board> <cluster size>`): its board.
    fn fen_of_typed(&self, text: &str) -> Option<String> {
        typed_board(text).map(str::to_string)
    }

    fn startpos() -> Self {
        RushHour::parse(START, Metric::Steps).unwrap_or_else(|e| panic!("start: {e}"))
    }

    fn from_fen(fen: &str) -> Result<Self, GameError> {
        RushHour::parse(fen, Metric::Steps)
    }

    fn parse_fen_with_rules(&self, fen: &str) -> Result<Self, GameError> {
        RushHour::parse(fen, self.layout.metric)
    }

    fn fen(&self) -> String {
        let mut board = vec![b'.'; SIZE * SIZE];
        for (i, cell) in board.iter_mut().enumerate() {
            if self.layout.walls & (1 << i) != 0 {
                *cell = b'x';
            }
        }
        for v in 0..self.vehicles() {
            let cells = self.cells(v, self.at[v]);
            for (i, cell) in board.iter_mut().enumerate() {
                if cells & (1 << i) != 0 {
                    *cell = self.layout.letters[v];
                }
            }
        }
        String::from_utf8_lossy(&board).into_owned()
    }

    fn side_to_move(&self) -> Seat {
        Seat::P1
    }

    fn outcome(&self) -> Option<Outcome> {
        self.solved().then_some(Outcome::Win(Seat::P1))
    }

    fn legal_moves(&self, moves: &mut Vec<(u8, i8)>) {
        if self.solved() {
            return;
        }
        self.vehicle_moves(0, moves);
    }

    fn play(&mut self, (v, d): (u8, i8)) {
        let v = usize::from(v);
        self.at[v] = (self.at[v] as i8 + d) as u8;
    }

    /// Minus the cells between the red car and the exit, and the vehicles in the way.
    fn evaluate(&self) -> i32 {
        let occupied = self.occupied();
        let front = usize::from(self.at[0]) + usize::from(self.layout.length[0]);
        let blockers = (front..SIZE)
            .filter(|&c| occupied & bit(EXIT_ROW, c) != 0)
            .count() as i32;
        -(10 * (SIZE - front) as i32 + 30 * blockers)
    }

    fn hash(&self) -> u64 {
        self.at[..self.vehicles()]
            .iter()
            .fold(0xcbf2_9ce4_8422_2325, |h, &a| {
                (h ^ u64::from(a)).wrapping_mul(0x0100_0000_01b3)
            })
    }

    fn move_code((v, d): (u8, i8)) -> u16 {
        u16::from(v) << 8 | u16::from(d as u8)
    }

    /// `vehicle x 8 + k`, vehicles numbered from 0 in the fen's order of letters and k 0 to 3
    /// for a slide of 4 to 1 cells back (left or up), 4 to 7 for 1 to 4 cells on.
    fn action(&self, (v, d): (u8, i8)) -> u32 {
        let k = if d < 0 {
            i32::from(d) + 4
        } else {
            i32::from(d) + 3
        };
        u32::from(v) * 8 + k.clamp(0, 7) as u32
    }

    fn action_count(&self) -> u32 {
        MAX_VEHICLES as u32 * 8
    }

    fn move_words(&self, (v, d): (u8, i8)) -> Option<String> {
        let v = usize::from(v);
        if v >= self.vehicle_count() {
            return None;
        }
        let way = match (self.vehicle(v).horizontal, d > 0) {
            (true, true) => "right",
            (true, false) => "left",
            (false, true) => "down",
            (false, false) => "up",
        };
        let n = d.unsigned_abs();
        let number = ["one", "two", "three", "four", "five"]
            .get(usize::from(n).wrapping_sub(1))
            .map_or_else(|| n.to_string(), |w| (*w).to_string());
        let squares = if n == 1 { "square" } else { "squares" };
        Some(format!(
            "car {} {number} {squares} {way}",
            self.layout.letters[v] as char
        ))
    }

    fn explain(&self, mv: (u8, i8), asked: &Asked) -> Option<Why> {
        self.explain_move(mv, asked)
    }

    fn move_text(&self, (v, d): (u8, i8)) -> String {
        format!(
            "{}{}{}",
            self.layout.letters[usize::from(v)] as char,
            if d > 0 { '+' } else { '-' },
            d.unsigned_abs()
        )
    }

    fn display(&self) -> String {
        let fen = self.fen();
        let mut out = String::new();
        for (r, row) in fen.as_bytes().chunks(SIZE).enumerate() {
            out.push_str(&String::from_utf8_lossy(row));
            out.push_str(if r == EXIT_ROW { " <- exit\n" } else { "\n" });
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(pos: &RushHour) -> Vec<String> {
        let mut list = Vec::new();
        pos.legal_moves(&mut list);
        list.iter().map(|&m| pos.move_text(m)).collect()
    }

    #[test]
    fn the_course_counts_five_moves_at_the_start() {
        let pos = RushHour::startpos();
        assert_eq!(moves(&pos), ["D-1", "D+1", "I-1", "J+1", "L+1"]);
        let mut after = pos.clone();
        after.play(pos.parse_move("L+1").expect("legal"));
        assert_eq!(moves(&after).len(), 6);
        assert_eq!(after.fen(), "..BCCCD.BEFFDAAE...G.EHHIGJJ.KI.LLLK");
        let slides = pos.with_metric(Metric::Slides);
        assert!(moves(&slides).len() >= 5);
    }

    #[test]
    fn the_red_car_out_is_solved() {
        let pos =
            RushHour::parse("....B.....B.....AA...D.....D..EEE...", Metric::Steps).expect("fen");
        assert_eq!(pos.outcome(), Some(Outcome::Win(Seat::P1)));
        assert!(moves(&pos).is_empty());
    }

    #[test]
    fn exact_distances_to_the_exit() {
        assert_eq!(RushHour::startpos().steps_to_exit(), Some(46));
        let nine =
            RushHour::parse("....B.....BC.AA.BC.D.....D.....DEEE.", Metric::Slides).expect("board");
        assert_eq!(nine.steps_to_exit(), Some(9));
        let walled =
            RushHour::parse("............AAx.....................", Metric::Steps).expect("board");
        assert_eq!(walled.steps_to_exit(), None);
    }

    #[test]
    fn bad_boards_are_errors() {
        for bad in [
            "",
            "..BCCCD.BEFFDAAE...G.EHHIGJJ.KILLL.",
            "..BCCCD.BEFFD.AE...G.EHHIGJJ.KILLL.K",
            "..BCCCD.BEFFDAAE...G.EHHIGJJ.KILLL?K",
            "A.BCCCA.BEFFD..E...G.EHHIGJJ.KILLL.K",
            "..BCCCD.BEFFDAAE...G.EHHIGJJ.KIBBB.K",
        ] {
            assert!(RushHour::from_fen(bad).is_err(), "accepted {bad:?}");
        }
    }

    #[test]
    fn rushhour_conforms() {
        crate::games::contract::check_random_playouts(&RushHour::startpos(), 5)
            .unwrap_or_else(|e| panic!("{e}"));
    }
}
