//! Rush Hour against a rock-dropping opponent (the course's two-player game). p1 moves the
//! vehicles, one vehicle one cell per turn (`A+1`); p2 places the rock (`@<row><col>`, 0-based
//! from the top-left) on an empty cell, not on the red car's row, not on the row nor the column
//! of the rock it replaces; the rock blocks vehicles until the next rock move. A side with no
//! legal move plays `0000` (a rock pass removes the rock). p1 wins when the red car is out;
//! p2 wins once p1 has made `RocksMaxTurns` moves without getting out.

pub mod solver;

use crate::games::rules::{OptionType, RuleOption, RuleValues};
use crate::games::rushhour::{EXIT_ROW, MAX_VEHICLES, Metric, RushHour, SIZE, START, typed_board};
use crate::games::{Game, GameError, Outcome, Seat, game_error};

/// Default `RocksMaxTurns`.
pub const DEFAULT_MAX_TURNS: u32 = 100;

/// The rule option of the rocks game: the car moves the cars have.
const RULES: &[RuleOption] = &[RuleOption {
    name: "RocksMaxTurns",
    keyword: "max_turns",
    label: "Car moves at most",
    help: "Car moves the cars have to get out; the rocks win after that.",
    kind: OptionType::Spin {
        default: DEFAULT_MAX_TURNS as i64,
        min: 1,
        max: 10_000,
    },
    check: None,
}];

/// A move of either side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RockMove {
    /// A vehicle moves one cell (`(vehicle index, +1 or -1)`).
    Car(u8, i8),
    /// The rock goes to this cell (row * 6 + column).
    Rock(u8),
    /// No legal move: `0000` (for the rocks, the rock is taken away).
    Pass,
}

/// A position of the rocks game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RushHourRocks {
    board: RushHour,
    rock: Option<u8>,
    side: Seat,
    /// Car moves made so far.
    turns: u32,
    max_turns: u32,
}

impl RushHourRocks {
    /// The course's main puzzle, cars to move, with `max_turns` car moves to get out.
    pub fn start(max_turns: u32) -> RushHourRocks {
        RushHourRocks {
            board: RushHour::startpos(),
            rock: None,
            side: Seat::P1,
            turns: 0,
            max_turns,
        }
    }

    /// Parses `<board with * for the rock> <c|r> [<car moves made>]` with `max_turns`.
    pub fn parse(fen: &str, max_turns: u32) -> Result<RushHourRocks, GameError> {
        let words: Vec<&str> = fen.split_whitespace().collect();
        let (board, side, turns) = match words[..] {
            [board, side] => (board, side, "0"),
            [board, side, turns] => (board, side, turns),
            _ => return game_error("a rocks fen is <board> <c|r> [<car moves made>]"),
        };
        let side = match side {
            "c" => Seat::P1,
            "r" => Seat::P2,
            other => return game_error(format!("the side to move is c or r, not '{other}'")),
        };
        let turns: u32 = turns
            .parse()
            .map_err(|_| GameError(format!("bad number of car moves '{turns}'")))?;
        let rocks: Vec<usize> = board.match_indices('*').map(|(i, _)| i).collect();
        if rocks.len() > 1 {
            return game_error("at most one rock ('*')");
        }
        let plain = board.replace('*', ".");
        let board = RushHour::parse(&plain, Metric::Steps)?;
        Ok(RushHourRocks {
            board,
            rock: rocks.first().map(|&i| i as u8),
            side,
            turns,
            max_turns,
        })
    }

    fn rock_mask(&self) -> u64 {
        self.rock.map_or(0, |cell| 1 << cell)
    }

    /// The rock cells open to p2.
    fn rock_cells(&self) -> impl Iterator<Item = u8> + '_ {
        let open = rock_targets(self.board.occupied_cells(), self.rock);
        (0..(SIZE * SIZE) as u8).filter(move |&cell| open & (1 << cell) != 0)
    }

    /// The vehicles' configuration.
    pub fn board(&self) -> &RushHour {
        &self.board
    }

    /// The rock's cell (row * 6 + column), if there is a rock.
    pub fn rock(&self) -> Option<u8> {
        self.rock
    }

    /// Car moves made so far.
    pub fn turns(&self) -> u32 {
        self.turns
    }

    /// Car moves the cars have to get out (`RocksMaxTurns`).
    pub fn max_turns(&self) -> u32 {
        self.max_turns
    }
}

/// The cells where p2 may put the rock, one bit per cell (row * 6 + column), when the vehicles
/// and walls take `occupied` and the rock to replace is at `old`: empty, off the red car's row,
/// off the old rock's row and column.
pub fn rock_targets(occupied: u64, old: Option<u8>) -> u64 {
    const ROW: u64 = 0b11_1111;
    const COLUMN: u64 = 0x0_4104_1041;
    let all = (1u64 << (SIZE * SIZE)) - 1;
    let mut open = all & !occupied & !(ROW << (EXIT_ROW * SIZE));
    if let Some(old) = old {
        let (row, col) = (usize::from(old) / SIZE, usize::from(old) % SIZE);
        open &= !(ROW << (row * SIZE)) & !(COLUMN << col);
    }
    open
}

impl Game for RushHourRocks {
    type Move = RockMove;
    const NAME: &'static str = "rushhour-rocks";
    const RULES: &'static [RuleOption] = RULES;

    fn startpos() -> Self {
        RushHourRocks::start(DEFAULT_MAX_TURNS)
    }

    fn start_with(rules: &RuleValues) -> Result<Self, GameError> {
        let turns = rules.number("RocksMaxTurns")?;
        let turns = u32::try_from(turns)
            .map_err(|_| GameError(format!("RocksMaxTurns {turns} is out of range")))?;
        Ok(RushHourRocks::start(turns))
    }

    /// A line of the Rush Hour puzzle database: its board, the cars to move.
    fn fen_of_typed(&self, text: &str) -> Option<String> {
        typed_board(text).map(|board| format!("{board} c"))
    }

    fn from_fen(fen: &str) -> Result<Self, GameError> {
        RushHourRocks::parse(fen, DEFAULT_MAX_TURNS)
    }

    fn parse_fen_with_rules(&self, fen: &str) -> Result<Self, GameError> {
        RushHourRocks::parse(fen, self.max_turns)
    }

    fn fen(&self) -> String {
        let mut board = self.board.fen().into_bytes();
        if let Some(cell) = self.rock {
            board[usize::from(cell)] = b'*';
        }
        let side = if self.side == Seat::P1 { 'c' } else { 'r' };
        let board = String::from_utf8_lossy(&board).into_owned();
        if self.turns == 0 {
            format!("{board} {side}")
        } else {
            format!("{board} {side} {}", self.turns)
        }
    }

    fn side_to_move(&self) -> Seat {
        self.side
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.board.solved() {
            Some(Outcome::Win(Seat::P1))
        } else if self.turns >= self.max_turns {
            Some(Outcome::Win(Seat::P2))
        } else {
            None
        }
    }

    fn legal_moves(&self, moves: &mut Vec<RockMove>) {
        if self.outcome().is_some() {
            return;
        }
        let before = moves.len();
        match self.side {
            Seat::P1 => {
                let mut cars = Vec::new();
                self.board.vehicle_moves(self.rock_mask(), &mut cars);
                moves.extend(cars.into_iter().map(|(v, d)| RockMove::Car(v, d)));
            }
            Seat::P2 => moves.extend(self.rock_cells().map(RockMove::Rock)),
        }
        if moves.len() == before {
            moves.push(RockMove::Pass);
        }
    }

    fn play(&mut self, mv: RockMove) {
        match mv {
            RockMove::Car(v, d) => self.board.play((v, d)),
            RockMove::Rock(cell) => self.rock = Some(cell),
            RockMove::Pass if self.side == Seat::P2 => self.rock = None,
            RockMove::Pass => {}
        }
        if self.side == Seat::P1 {
            self.turns += 1;
        }
        self.side = self.side.other();
    }

    /// The exact rock-free number of steps the cars still need (100 cp each), from the side to
    /// move: a lower bound on their car moves.
    fn evaluate(&self) -> i32 {
        let cars = match self.board.steps_to_exit() {
            Some(steps) => -100 * i32::from(steps),
            None => -9000,
        };
        if self.side == Seat::P1 { cars } else { -cars }
    }

    fn hash(&self) -> u64 {
        let extra = u64::from(self.rock.map_or(63, |c| c))
            | u64::from(self.side == Seat::P2) << 6
            | u64::from(self.turns) << 7;
        self.board.hash() ^ extra.wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    fn move_code(mv: RockMove) -> u16 {
        match mv {
            RockMove::Car(v, d) => u16::from(v) << 1 | u16::from(d > 0),
            RockMove::Rock(cell) => 0x100 | u16::from(cell),
            RockMove::Pass => 0x200,
        }
    }

    /// A car's step `2 x vehicle + 1` on or `2 x vehicle` back (vehicles numbered from 0 in
    /// the fen's order of letters), the rock on a cell `32 + row x 6 + column`, the pass 68.
    fn action(&self, mv: RockMove) -> u32 {
        let cars = 2 * MAX_VEHICLES as u32;
        match mv {
            RockMove::Car(v, d) => 2 * u32::from(v) + u32::from(d > 0),
            RockMove::Rock(cell) => cars + u32::from(cell),
            RockMove::Pass => cars + (SIZE * SIZE) as u32,
        }
    }

    fn action_count(&self) -> u32 {
        (2 * MAX_VEHICLES + SIZE * SIZE + 1) as u32
    }

    /// Each car move is answered by a rock move (or a pass) until the cars' moves run out.
    fn max_plies(&self) -> Option<u32> {
        let cars = self.max_turns.saturating_sub(self.turns);
        Some(match self.side {
            Seat::P1 => (2 * cars).saturating_sub(1),
            Seat::P2 => 2 * cars,
        })
    }

    fn move_text(&self, mv: RockMove) -> String {
        match mv {
            RockMove::Car(v, d) => self.board.move_text((v, d)),
            RockMove::Rock(cell) => {
                format!("@{}{}", usize::from(cell) / SIZE, usize::from(cell) % SIZE)
            }
            RockMove::Pass => "0000".to_string(),
        }
    }

    fn display(&self) -> String {
        let fen = self.fen();
        let board = fen.split_whitespace().next().unwrap_or(START);
        let mut out = String::new();
        for (r, row) in board.as_bytes().chunks(SIZE).enumerate() {
            out.push_str(&String::from_utf8_lossy(row));
            out.push_str(if r == EXIT_ROW { " <- exit\n" } else { "\n" });
        }
        out.push_str(&format!(
            "car moves made: {} of {}\n",
            self.turns, self.max_turns
        ));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::perft;

    fn moves(fen: &str) -> Vec<String> {
        let pos = RushHourRocks::from_fen(fen).expect("fen");
        let mut list = Vec::new();
        pos.legal_moves(&mut list);
        list.iter().map(|&m| pos.move_text(m)).collect()
    }

    #[test]
    fn course_move_counts() {
        // tests/data/rushhour/rocks.txt: the counts of legal moves.
        let counts: Vec<_> = crate::games::test_data::rocks_vectors()
            .into_iter()
            .filter(|v| v.what.starts_with("legal "))
            .collect();
        assert_eq!(counts.len(), 3);
        for v in counts {
            assert_eq!(moves(v.fen).len() as u32, v.value, "{} ({})", v.fen, v.what);
        }
        assert_eq!(perft(&RushHourRocks::startpos(), 1), 5);
    }

    #[test]
    fn rock_rules() {
        let rocks = moves("..BCCCD.BEFFDAAE...G.EHHIGJJ.KILLL.K r");
        // Never on the red car's row, never on a vehicle.
        assert!(rocks.iter().all(|m| !m.starts_with("@2")), "{rocks:?}");
        assert!(!rocks.contains(&"@02".to_string()), "B is there");
        // Not on the row nor the column of the rock it replaces (here at row 0, column 0).
        let after = moves("*.BCCCD.BEFFDAAE...G.EHHIGJJ.KILLL.K r");
        for m in &after {
            let (row, col) = (&m[1..2], &m[2..3]);
            assert!(row != "0" && col != "0" && row != "2", "{m}");
        }
        // The rock blocks vehicles: D cannot move up into it.
        let blocked = moves("*.BCCCD.BEFFDAAE...G.EHHIGJJ.KILLL.K c");
        assert!(!blocked.contains(&"D-1".to_string()), "{blocked:?}");
    }

    #[test]
    fn no_legal_move_is_a_pass_and_a_rock_pass_removes_the_rock() {
        // Every free cell off row 2 is on the row or column of the rock: the rocks pass.
        let board = format!("*.....{}AA....{}", ".xxxxx", ".xxxxx".repeat(3));
        let mut pos = RushHourRocks::from_fen(&format!("{board} r")).expect("fen");
        let mut list = Vec::new();
        pos.legal_moves(&mut list);
        assert_eq!(list, [RockMove::Pass]);
        pos.play(RockMove::Pass);
        assert!(!pos.fen().contains('*'));
    }

    #[test]
    fn the_cars_lose_after_the_last_turn_and_win_when_out() {
        let pos = RushHourRocks::parse("..BCCCD.BEFFDAAE...G.EHHIGJJ.KILLL.K r 5", 5).expect("fen");
        assert_eq!(pos.outcome(), Some(Outcome::Win(Seat::P2)));
        let out = RushHourRocks::from_fen("....B.....B.....AA...D.....D..EEE... r").expect("fen");
        assert_eq!(out.outcome(), Some(Outcome::Win(Seat::P1)));
    }

    #[test]
    fn rocks_conforms() {
        crate::games::contract::check_random_playouts(&RushHourRocks::startpos(), 4)
            .unwrap_or_else(|e| panic!("{e}"));
    }
}
