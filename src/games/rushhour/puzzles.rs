//! The puzzle set shipped with sente: 6x6 Rush Hour puzzles without walls drawn from the
//! enumeration of the whole game (`data/rushhour/puzzles-6x6.txt`, made by
//! `scripts/rush_puzzle_set.py` from the lines of `sente rushhour universe --size 6 --walls 0`):
//! every puzzle of 40 moves and more, and an even sample of each smaller number of moves. A
//! puzzle's board is a fen `position fen` reads; its moves are slides (`RushMetric slides`).

/// One puzzle of the set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SetPuzzle {
    /// The fewest slides that solve it (a vehicle moving any distance is one move).
    pub moves: u32,
    /// 36 cells row-major from the top: `.` empty, `A` the red car, other letters vehicles.
    pub board: &'static str,
    /// Boards reachable from it (its cluster).
    pub states: u64,
}

/// The set's file, built in.
pub const TEXT: &str = include_str!("../../../data/rushhour/puzzles-6x6.txt");

/// The set's file as shipped, its comment lines first.
pub fn text() -> &'static str {
    TEXT
}

/// Every puzzle of the set, by number of moves, then board. (The file is built in and checked
/// by a test, so no line is malformed; one that were would be left out.)
pub fn puzzles() -> Vec<SetPuzzle> {
    TEXT.lines().filter_map(parse_line).collect()
}

/// The puzzles of `min` to `max` moves.
pub fn puzzles_between(min: u32, max: u32) -> Vec<SetPuzzle> {
    puzzles()
        .into_iter()
        .filter(|p| (min..=max).contains(&p.moves))
        .collect()
}

fn parse_line(line: &'static str) -> Option<SetPuzzle> {
    if line.starts_with('#') {
        return None;
    }
    let mut fields = line.split(' ');
    let moves = fields.next()?.parse().ok()?;
    let board = fields.next()?;
    let states = fields.next()?.parse().ok()?;
    (board.len() == 36 && fields.next().is_none()).then_some(SetPuzzle {
        moves,
        board,
        states,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_is_a_puzzle_in_order() {
        let lines = TEXT.lines().filter(|l| !l.starts_with('#')).count();
        let all = puzzles();
        assert_eq!(all.len(), lines, "a line of the set does not parse");
        assert!(
            all.windows(2)
                .all(|w| (w[0].moves, w[0].board) < (w[1].moves, w[1].board))
        );
        assert!(all.iter().all(|p| p.board.contains("AA") && p.states > 0));
        let some = puzzles_between(all[0].moves, all[0].moves);
        assert!(!some.is_empty() && some.iter().all(|p| p.moves == all[0].moves));
    }
}
