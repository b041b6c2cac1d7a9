//! What a position is worth, as the engine's own `go` tasks prove or estimate it: the
//! variant's `go solve` (its exact solver, found through the registry), `go solve weak` (who
//! wins, not how fast) or a search of a fixed node budget, run on a worker state the caller
//! keeps (so that tables carry over from one position to the next), and the lines the task
//! said read back into a [`Valued`]. The game review values every position of a game this
//! way, whatever the game.
//!
//! How the lines read (protocol.md, "`go` limits" and "Search"): a `go solve` whose notes do
//! not say it stopped (`stopped before the value was proven`, `stopped before a solution was
//! found`) proved its last `info` line's score: `score mate n` a win with the side's `n`-th
//! move (`2n - 1` plies), `mate -n` a loss at the opponent's `n`-th (`2n` plies), `n` moves
//! for a one-player puzzle, `cp 0` a draw and any other `cp` a final score (game trees); an
//! `info string unsolvable` a puzzle without a solution. A weak solve's note `solved weak
//! win|draw|loss` gives who wins without the distance. A search's last `score cp` is an
//! estimate, its `score mate` (without a bound) a win or loss it proved.

use super::job::SearchJob;
use super::task::WorkerState;
use super::variant::Variant;
use crate::games::{Outcome, Seat};
use crate::protocol::response::Response;
use crate::search::limits::Limits;
use crate::search::score::Reported;
use crate::search::{NOT_PROVEN, NOT_SOLVED, SOLVED_WEAK, UNSOLVABLE};
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// What a position is worth for its side to move (for a one-player puzzle, for the player).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Value {
    /// The side to move wins, with best play on both sides, `plies` plies from here (the
    /// last being the move that ends the game); `None` when only who wins is proven. For a
    /// puzzle: solved in `plies` moves.
    Win {
        /// Plies to the end, if known.
        plies: Option<u32>,
    },
    /// The side to move loses, `plies` plies from here with best play (the longest
    /// resistance); `None` when only who wins is proven. For a puzzle: no solution.
    Loss {
        /// Plies to the end, if known.
        plies: Option<u32>,
    },
    /// Nobody wins with best play.
    Draw,
    /// The game ends with this score for the side to move, in centipawns (game trees, 100
    /// per unit).
    Score {
        /// The score.
        cp: i32,
    },
    /// Not proven: a search's estimate in centipawns for the side to move.
    Estimate {
        /// The estimate.
        cp: i32,
    },
    /// Nothing was found in the time given.
    Unknown,
}

/// How a value was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Judged {
    /// Proven, with how fast (or a draw).
    Exact,
    /// Proven who wins, not how fast (a weak solve).
    Weak,
    /// Estimated by a search of a fixed budget.
    Search,
}

/// A position's value, how it was found, and the engine's move there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Valued {
    /// The value for the side to move.
    pub value: Value,
    /// How it was found.
    pub judged: Judged,
    /// The move the task played (one that keeps the value), if any.
    pub best: Option<String>,
    /// The task's last principal variation (a solve's: moves that keep the value; a
    /// search's: its line), empty when it gave none.
    pub pv: Vec<String>,
}

/// Which task to ask.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ask {
    /// `go solve [weak] [value] movetime <ms>`: the exact value, or with `weak` who wins
    /// (games without a weak solver solve fully); with `value_only`, the value alone, without
    /// the move that keeps it (the `Valued` has no `best` and no `pv`): where a solver answers
    /// from a table, no search at all.
    Solve {
        /// The most the solve may take.
        time: Duration,
        /// Who wins only.
        weak: bool,
        /// The value only.
        value_only: bool,
    },
    /// `go nodes <n>`: the search's estimate.
    Search(u64),
}

impl Ask {
    /// `go solve movetime <ms>`: the exact value and a move keeping it.
    pub fn solve(time: Duration) -> Ask {
        Ask::Solve {
            time,
            weak: false,
            value_only: false,
        }
    }
}

impl Value {
    /// Who wins, from the side to move: 1, 0 or -1; `None` for an estimate or nothing.
    pub fn result(self) -> Option<i32> {
        match self {
            Value::Win { .. } => Some(1),
            Value::Draw => Some(0),
            Value::Loss { .. } => Some(-1),
            Value::Score { cp } => Some(cp.signum()),
            Value::Estimate { .. } | Value::Unknown => None,
        }
    }

    /// The same value one ply earlier, seen by the player who moved into the position:
    /// negated when `turn_passes` (the sides alternate), and one ply further from the end.
    pub fn one_ply_back(self, turn_passes: bool) -> Value {
        let further = |plies: Option<u32>| plies.map(|p| p + 1);
        match (self, turn_passes) {
            (Value::Win { plies }, true) => Value::Loss {
                plies: further(plies),
            },
            (Value::Loss { plies }, true) => Value::Win {
                plies: further(plies),
            },
            (Value::Win { plies }, false) => Value::Win {
                plies: further(plies),
            },
            (Value::Loss { plies }, false) => Value::Loss {
                plies: further(plies),
            },
            (Value::Score { cp }, true) => Value::Score { cp: -cp },
            (Value::Estimate { cp }, true) => Value::Estimate { cp: -cp },
            (other, _) => other,
        }
    }
}

/// The value of a finished position for its side to move (the seat that would move next).
pub fn of_outcome(outcome: Outcome, side_to_move: Seat, puzzle: bool) -> Value {
    let done = Some(0);
    match outcome {
        // A solved puzzle is won by its player, who is always to move.
        Outcome::Win(_) if puzzle => Value::Win { plies: done },
        Outcome::Win(seat) if seat == side_to_move => Value::Win { plies: done },
        Outcome::Win(_) => Value::Loss { plies: done },
        Outcome::Draw => Value::Draw,
        Outcome::Score(0) => Value::Draw,
        Outcome::Score(cp) if side_to_move == Seat::P1 => Value::Score { cp },
        Outcome::Score(cp) => Value::Score { cp: -cp },
    }
}

/// Values `variant`'s position by `ask`, running its own `go` task on `state`, the task's job
/// made by `job` from the ask's limits (its algorithm, threads... and its stop flag: raised,
/// it ends the task; the value then found, if any, is returned). `None` when the task proved nothing: a solve stopped by its time or by
/// `stop`, or a search that finished no iteration.
pub fn value(
    variant: &dyn Variant,
    ask: Ask,
    job: &dyn Fn(Limits) -> SearchJob,
    state: &mut WorkerState,
) -> Option<Valued> {
    if let Some(outcome) = variant.outcome() {
        return Some(Valued {
            value: of_outcome(outcome, variant.side_to_move(), variant.is_puzzle()),
            judged: Judged::Exact,
            best: None,
            pv: Vec::new(),
        });
    }
    let limits = match ask {
        Ask::Solve {
            time,
            weak,
            value_only,
        } => Limits {
            move_time: Some(time),
            solve: true,
            weak,
            value_only,
            ..Limits::default()
        },
        Ask::Search(nodes) => Limits {
            nodes: Some(nodes),
            ..Limits::default()
        },
    };
    let task = variant.search_task(job(limits));
    let lines = std::cell::RefCell::new(Vec::new());
    let last = task(state, &|line| lines.borrow_mut().push(line));
    let lines = lines.into_inner();
    let solve = !matches!(ask, Ask::Search(_));
    let found = read(&lines, variant.is_puzzle(), solve)?;
    // A value alone: the task's move is any legal one, not a move keeping the value.
    let value_only = matches!(
        ask,
        Ask::Solve {
            value_only: true,
            ..
        }
    );
    Some(Valued {
        value: found.0,
        judged: found.1,
        best: match last {
            Response::BestMove(best) if !value_only => best,
            _ => None,
        },
        pv: if value_only {
            Vec::new()
        } else {
            last_pv(&lines)
        },
    })
}

/// The principal variation of the task's last `info` line with a score and a line.
fn last_pv(lines: &[Response]) -> Vec<String> {
    lines
        .iter()
        .rev()
        .find_map(|line| match line {
            Response::Info(info) if info.score.is_some() && !info.pv.is_empty() => {
                Some(info.pv.clone())
            }
            _ => None,
        })
        .unwrap_or_default()
}

/// A value from the lines of a finished task (before its `bestmove`): of a `go solve` if
/// `solve`, else of a search.
pub fn read(lines: &[Response], puzzle: bool, solve: bool) -> Option<(Value, Judged)> {
    let notes = || {
        lines.iter().filter_map(|line| match line {
            Response::InfoString(text) => Some(text.as_str()),
            _ => None,
        })
    };
    if solve {
        if notes().any(|n| n == NOT_PROVEN || n == NOT_SOLVED) {
            return None;
        }
        if notes().any(|n| n == UNSOLVABLE) {
            return Some((Value::Loss { plies: None }, Judged::Exact));
        }
        let weak = notes().find_map(|n| {
            let rest = n.strip_prefix(SOLVED_WEAK)?.trim_start();
            match rest.split_whitespace().next()? {
                "win" => Some(Value::Win { plies: None }),
                "draw" => Some(Value::Draw),
                "loss" => Some(Value::Loss { plies: None }),
                _ => None,
            }
        });
        if let Some(value) = weak {
            let judged = if value == Value::Draw {
                Judged::Exact
            } else {
                Judged::Weak
            };
            return Some((value, judged));
        }
    }
    let info = lines.iter().rev().find_map(|line| match line {
        Response::Info(info) if info.score.is_some() => Some(info),
        _ => None,
    })?;
    let exact = info.bound.is_none();
    let value = match info.score? {
        Reported::Mate(n) if exact || solve => mate_value(n, puzzle),
        Reported::Mate(n) => Value::Estimate {
            cp: if n > 0 { 100_000 } else { -100_000 },
        },
        Reported::Centipawns(cp) if solve && cp == 0 => Value::Draw,
        Reported::Centipawns(cp) if solve => Value::Score { cp },
        Reported::Centipawns(cp) => Value::Estimate { cp },
    };
    let judged = if matches!(value, Value::Estimate { .. }) {
        Judged::Search
    } else {
        Judged::Exact
    };
    Some((value, judged))
}

/// `score mate n` as a value: a win with the side's `n`-th move, a loss at the opponent's
/// `n`-th (`-n`); for a puzzle, solved in `n` moves.
fn mate_value(n: i32, puzzle: bool) -> Value {
    let moves = n.unsigned_abs();
    match (puzzle, n > 0) {
        (true, _) => Value::Win { plies: Some(moves) },
        (false, true) => Value::Win {
            plies: Some(2 * moves - 1),
        },
        (false, false) => Value::Loss {
            plies: Some(2 * moves),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::options::Options;
    use crate::protocol::command::PositionStart;
    use crate::protocol::response::{ScoreBound, SearchInfo};
    use crate::variants::registry;
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;

    fn info(score: Reported, bound: Option<ScoreBound>) -> Response {
        Response::Info(SearchInfo {
            depth: 1,
            seldepth: 1,
            score: Some(score),
            bound,
            nodes: 1,
            time_ms: 0,
            hashfull: None,
            pv: vec![],
        })
    }

    fn note(text: &str) -> Response {
        Response::InfoString(text.to_string())
    }

    #[test]
    fn lines_read_as_the_protocol_says() {
        let win = [info(Reported::Mate(3), None)];
        assert_eq!(
            read(&win, false, true),
            Some((Value::Win { plies: Some(5) }, Judged::Exact))
        );
        assert_eq!(
            read(&[info(Reported::Mate(-2), None)], false, true),
            Some((Value::Loss { plies: Some(4) }, Judged::Exact))
        );
        assert_eq!(
            read(&win, true, true),
            Some((Value::Win { plies: Some(3) }, Judged::Exact))
        );
        let stopped = [info(Reported::Mate(3), None), note(NOT_PROVEN)];
        assert_eq!(read(&stopped, false, true), None);
        let weak = [
            info(Reported::Mate(12), Some(ScoreBound::Lower)),
            note("solved weak win"),
        ];
        assert_eq!(
            read(&weak, false, true),
            Some((Value::Win { plies: None }, Judged::Weak))
        );
        assert_eq!(
            read(&[note("solved weak draw (the game's theory)")], false, true),
            Some((Value::Draw, Judged::Exact))
        );
        assert_eq!(
            read(&[info(Reported::Centipawns(300), None)], false, true),
            Some((Value::Score { cp: 300 }, Judged::Exact))
        );
        assert_eq!(
            read(&[info(Reported::Centipawns(0), None)], false, true),
            Some((Value::Draw, Judged::Exact))
        );
        assert_eq!(
            read(&[info(Reported::Centipawns(35), None)], false, false),
            Some((Value::Estimate { cp: 35 }, Judged::Search))
        );
        assert_eq!(
            read(&[info(Reported::Mate(-1), None)], false, false),
            Some((Value::Loss { plies: Some(2) }, Judged::Exact))
        );
        assert_eq!(
            read(&[note(UNSOLVABLE)], true, true),
            Some((Value::Loss { plies: None }, Judged::Exact))
        );
        assert_eq!(read(&[], false, false), None);
    }

    #[test]
    fn values_move_one_ply_back_to_the_mover() {
        let loss = Value::Loss { plies: Some(4) };
        assert_eq!(loss.one_ply_back(true), Value::Win { plies: Some(5) });
        assert_eq!(
            Value::Win { plies: None }.one_ply_back(true),
            Value::Loss { plies: None }
        );
        assert_eq!(
            Value::Win { plies: Some(7) }.one_ply_back(false),
            Value::Win { plies: Some(8) }
        );
        assert_eq!(
            Value::Estimate { cp: 40 }.one_ply_back(true),
            Value::Estimate { cp: -40 }
        );
        assert_eq!(Value::Draw.one_ply_back(true), Value::Draw);
    }

    /// Values every variant's start position by its own `go solve`, through the registry.
    #[test]
    fn tasks_value_positions_of_every_game() {
        let options = Options::default();
        let stop = Arc::new(AtomicBool::new(false));
        let cases = [
            ("tictactoe", "", Value::Draw),
            // x has a1 b1, o a2 b2: x wins at c1.
            ("tictactoe", "a1 a2 b1 b2", Value::Win { plies: Some(1) }),
            // x (4, 5) wins with its 4th stone whatever o does (3 or 6 makes two threats).
            ("connect4", "4 4 5 5", Value::Win { plies: Some(3) }),
            // o to move after x's three in a row with both ends open: lost at x's next stone.
            ("connect4", "3 3 4 4 5", Value::Loss { plies: Some(2) }),
            ("tree", "", Value::Score { cp: 300 }),
        ];
        for (name, moves, want) in cases {
            let rules = registry::entry(name).expect("registered").default_rules();
            let mut variant = registry::create(name, &rules).expect("a start");
            let moves: Vec<String> = moves.split_whitespace().map(str::to_string).collect();
            variant
                .set_position(&PositionStart::Startpos, &moves)
                .expect("legal");
            let mut state = WorkerState::new(16);
            let valued = value(
                variant.as_ref(),
                Ask::solve(Duration::from_secs(3600)),
                &|limits| options.search_job(limits, stop.clone()),
                &mut state,
            )
            .expect("proven");
            assert_eq!(valued.value, want, "{name} {moves:?}");
            assert!(valued.best.is_some(), "{name}");
        }
    }
}
