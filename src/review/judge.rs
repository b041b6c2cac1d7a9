//! How a move is judged: its class from the value before it and the value it keeps, exactly
//! where both are proven, by lichess's thresholds on winning chances where one is a search's
//! estimate; and lichess's accuracy, per move and per game.
//!
//! lichess's formulas (lila `modules/analyse/src/main/AccuracyPercent.scala`, scalachess
//! `eval.scala`'s `WinPercent`, lila `modules/tree/src/main/Advice.scala`, scalalib's `Maths`;
//! described at lichess.org/page/accuracy):
//! - winning chances `2 / (1 + exp(-k * cp)) - 1` in [-1, 1], win % `50 + 50 * chances`; lichess's
//!   `k` is 0.00368208 for Stockfish's centipawns, sente's is fitted per game to its own scores
//!   (docs/performance.md, "Winning chances");
//! - a drop of 0.3 / 0.2 / 0.1 in winning chances is a blunder / mistake / inaccuracy;
//! - a move's accuracy from the drop `d` in win %:
//!   `103.1668100711649 * exp(-0.04354415386753951 * d) - 3.166924740191411 + 1`, within 0-100,
//!   and 100 when nothing is lost; sente caps an erred move's at the accuracy of its class's
//!   threshold (so that a side never shows 100 % beside an inaccuracy, a mistake or a blunder);
//! - a side's accuracy: the mean of the harmonic mean of its moves' accuracies (each at
//!   least 1) and their mean weighted by the volatility around the move: the standard deviation of
//!   the win % over a window of `clamp(moves / 10, 2, 8)` positions, within 0.5-12.

use crate::variants::value::{Judged, Value};
use serde::{Deserialize, Serialize};

pub use crate::variants::registry::LICHESS_WIN_SCALE;

/// A move's class.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Class {
    /// Keeps the value exactly (or, by search, is the engine's move, or loses nothing).
    Best,
    /// Keeps the result but not the distance (a slower win, a quicker loss: tagged, see
    /// `tags`); or kept the result where only who wins is known; or loses less than 0.1 in
    /// winning chances by search.
    Good,
    /// By search a drop of 0.1 to 0.2 in winning chances.
    Inaccuracy,
    /// A lower final score in a game tree; by search a drop of 0.2 to 0.3. In a puzzle: does
    /// not bring the solution nearer.
    Mistake,
    /// Changes who wins (a win to a draw or a loss, a draw to a loss); by search a drop of 0.3
    /// or more. In a puzzle: takes the solution further away (or out of reach).
    Blunder,
    /// Not judged: nothing was found of one of the positions in the time given.
    Unjudged,
}

impl Class {
    /// The mark written after the move: `?!`, `?` or `??`.
    pub fn mark(self) -> &'static str {
        match self {
            Class::Inaccuracy => "?!",
            Class::Mistake => "?",
            Class::Blunder => "??",
            _ => "",
        }
    }

    /// True for an inaccuracy, a mistake or a blunder.
    pub fn erred(self) -> bool {
        matches!(self, Class::Inaccuracy | Class::Mistake | Class::Blunder)
    }

    /// The class's name.
    pub fn name(self) -> &'static str {
        match self {
            Class::Best => "best",
            Class::Good => "good",
            Class::Inaccuracy => "inaccuracy",
            Class::Mistake => "mistake",
            Class::Blunder => "blunder",
            Class::Unjudged => "unjudged",
        }
    }
}

/// lichess's drops in winning chances for an inaccuracy, a mistake and a blunder.
pub const CHANCE_DROPS: (f64, f64, f64) = (0.1, 0.2, 0.3);

/// Winning chances in [-1, 1] of a value for its side: 1 a win, 0 a draw, -1 a loss (a final
/// score by its sign), an estimate by the logistic curve of constant `scale`; `None` for
/// nothing known.
pub fn chances(value: Value, scale: f64) -> Option<f64> {
    match value {
        Value::Estimate { cp } => Some(2.0 / (1.0 + (-scale * f64::from(cp)).exp()) - 1.0),
        Value::Unknown => None,
        other => other.result().map(f64::from),
    }
}

/// The winner's moves to the end of a proven win or loss (`plies` from the side to move): a win
/// in `p` plies ends with the side's `(p + 1) / 2`-th move, a loss in `p` plies with the
/// opponent's `p / 2`-th (protocol.md's `score mate n`: a win in `2n - 1` plies, `mate -n` a
/// loss in `2n`); `None` when the distance is not known or the value is no win or loss.
pub fn winner_moves(value: Value) -> Option<u32> {
    match value {
        Value::Win { plies: Some(p) } => Some(p.div_ceil(2)),
        Value::Loss { plies: Some(p) } => Some(p / 2),
        _ => None,
    }
}

/// Proven values' share of the evaluation graph: a proven win (or loss) lies between this and
/// 1 (-1), the sooner the higher; a search's winning chances are halved into the band between.
pub const GRAPH_PROVEN: f64 = 0.5;

/// The evaluation graph's height of a value for its side, in [-1, 1]: a proven win in `n` of
/// the winner's moves at `0.5 + 0.5 * 10 / (n + 9)` (1 for a win in 1, 0.75 in 11, 0.66 in
/// 21; 0.5 for a win of unknown distance), a proven loss the same below 0, a draw 0, a search's
/// estimate its winning chances halved (within -0.5..0.5), a game tree's final score 0.75 by
/// its sign. So that a win in 3 lies above a win in 30, and a loss in 2 below a loss in 38.
pub fn graph_height(value: Value, scale: f64) -> f64 {
    let proven = |n: Option<u32>| {
        GRAPH_PROVEN
            + (1.0 - GRAPH_PROVEN) * n.map_or(0.0, |n| (10.0 / (f64::from(n) + 9.0)).min(1.0))
    };
    match value {
        Value::Win { .. } => proven(winner_moves(value)),
        Value::Loss { .. } => -proven(winner_moves(value)),
        Value::Draw | Value::Unknown => 0.0,
        Value::Score { cp } => 0.75 * f64::from(cp.signum()),
        Value::Estimate { .. } => GRAPH_PROVEN * chances(value, scale).unwrap_or(0.0),
    }
}

/// Win % (0-100) of a value for its side (50 when nothing is known).
pub fn win_percent(value: Value, scale: f64) -> f64 {
    50.0 + 50.0 * chances(value, scale).unwrap_or(0.0)
}

/// The class of a move and how it was judged, from the value `before` it (of the position it
/// was played in) and the value `after` it (of the position it led to, moved one ply back:
/// seen by the mover, counted from the position before the move), both for the mover;
/// `is_engine_move` when it is the move the engine's search chose there; `puzzle` for a
/// one-player puzzle (where the value is the distance to the solution).
pub fn classify(
    before: Value,
    after: Value,
    puzzle: bool,
    is_engine_move: bool,
    scale: f64,
    how: (Judged, Judged),
) -> (Class, Judged) {
    let judged = match how {
        (Judged::Search, _) | (_, Judged::Search) => Judged::Search,
        (Judged::Weak, _) | (_, Judged::Weak) => Judged::Weak,
        _ => Judged::Exact,
    };
    if judged == Judged::Search {
        return (by_chances(before, after, is_engine_move, scale), judged);
    }
    let (Some(was), Some(now)) = (before.result(), after.result()) else {
        return (Class::Unjudged, judged);
    };
    if now < was {
        return (Class::Blunder, judged);
    }
    if now > was {
        // Only an unproven value can be beaten (a weak one mixed with an exact one cannot).
        return (Class::Best, judged);
    }
    let class = match (before, after) {
        (Value::Win { plies: Some(b) }, Value::Win { plies: Some(a) }) if puzzle => {
            match a.saturating_sub(b) {
                0 => Class::Best,
                1 => Class::Mistake,
                _ => Class::Blunder,
            }
        }
        // A slower forced win or a quicker forced loss keeps the result: not an error (lichess
        // never marks a longer forced mate), a tag.
        (Value::Win { plies: Some(b) }, Value::Win { plies: Some(a) }) if a > b => Class::Good,
        (Value::Loss { plies: Some(b) }, Value::Loss { plies: Some(a) }) if a < b => Class::Good,
        (Value::Win { plies: Some(_) }, Value::Win { plies: Some(_) })
        | (Value::Loss { plies: Some(_) }, Value::Loss { plies: Some(_) }) => Class::Best,
        (Value::Score { cp: b }, Value::Score { cp: a }) if a < b => Class::Mistake,
        (Value::Draw, Value::Draw) | (Value::Score { .. }, Value::Score { .. }) => Class::Best,
        (Value::Loss { plies: None }, Value::Loss { plies: None }) if puzzle => Class::Best,
        // Who wins is kept; how fast is not known on one side.
        _ => Class::Good,
    };
    (class, judged)
}

/// lichess's class by the drop in winning chances.
fn by_chances(before: Value, after: Value, is_engine_move: bool, scale: f64) -> Class {
    let (Some(was), Some(now)) = (chances(before, scale), chances(after, scale)) else {
        return Class::Unjudged;
    };
    // The engine's own move keeps its estimate: a drop is the next search seeing further.
    if is_engine_move {
        return Class::Best;
    }
    let drop = was - now;
    let (inaccuracy, mistake, blunder) = CHANCE_DROPS;
    if drop >= blunder {
        Class::Blunder
    } else if drop >= mistake {
        Class::Mistake
    } else if drop >= inaccuracy {
        Class::Inaccuracy
    } else if drop <= 0.0 {
        Class::Best
    } else {
        Class::Good
    }
}

/// lichess's accuracy of a move from the mover's win % before and after it.
pub fn move_accuracy(before: f64, after: f64) -> f64 {
    if after >= before {
        return 100.0;
    }
    let drop = before - after;
    let raw =
        103.166_810_071_164_9 * (-0.043_544_153_867_539_51 * drop).exp() - 3.166_924_740_191_411;
    (raw + 1.0).clamp(0.0, 100.0)
}

/// The accuracy of a move of `class` from the mover's win % before and after it: 100 for a
/// best move, lichess's otherwise, and for an inaccuracy, a mistake or a blunder at most the
/// accuracy of a drop at its class's threshold (lichess's 0.1 / 0.2 / 0.3 in winning chances:
/// 5 / 10 / 15 points of win %), so that a move marked erred never counts as perfect (a game
/// tree's lower final score keeps the win %, a proven blunder's drop is always larger).
pub fn class_accuracy(class: Class, before: f64, after: f64) -> f64 {
    let (inaccuracy, mistake, blunder) = CHANCE_DROPS;
    let threshold = match class {
        Class::Best => return 100.0,
        Class::Inaccuracy => inaccuracy,
        Class::Mistake => mistake,
        Class::Blunder => blunder,
        Class::Good | Class::Unjudged => return move_accuracy(before, after),
    };
    move_accuracy(before, after).min(move_accuracy(50.0 * threshold, 0.0))
}

/// lichess's game accuracy of each side: `wins` is the first player's win % at every position
/// of the game (one more than the moves; their spread weighs the moves), `moves[i]` the side
/// (0 or 1) that made move `i` and its accuracy. `None` for a side without a move.
pub fn game_accuracy(wins: &[f64], moves: &[(usize, f64)]) -> [Option<f64>; 2] {
    let count = moves.len().min(wins.len().saturating_sub(1));
    let window = (wins.len() / 10).clamp(2, 8).min(wins.len());
    let mut per_side: [Vec<(f64, f64)>; 2] = [Vec::new(), Vec::new()];
    for (i, &(side, accuracy)) in moves.iter().enumerate().take(count) {
        // The first windows repeat the opening's, so that every move has one.
        let start = (i + 2).saturating_sub(window).min(wins.len() - window);
        let weight = standard_deviation(&wins[start..start + window]).clamp(0.5, 12.0);
        per_side[side.min(1)].push((accuracy, weight));
    }
    per_side.map(|moves| {
        if moves.is_empty() {
            return None;
        }
        let weight: f64 = moves.iter().map(|m| m.1).sum();
        let weighted = moves.iter().map(|m| m.0 * m.1).sum::<f64>() / weight;
        let harmonic = moves.len() as f64 / moves.iter().map(|m| 1.0 / m.0.max(1.0)).sum::<f64>();
        Some((weighted + harmonic) / 2.0)
    })
}

/// The population standard deviation.
fn standard_deviation(values: &[f64]) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    let mean = values.iter().sum::<f64>() / values.len() as f64;
    (values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / values.len() as f64).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    const EXACT: (Judged, Judged) = (Judged::Exact, Judged::Exact);

    fn win(plies: u32) -> Value {
        Value::Win { plies: Some(plies) }
    }

    fn loss(plies: u32) -> Value {
        Value::Loss { plies: Some(plies) }
    }

    fn class(before: Value, after: Value) -> Class {
        classify(before, after, false, false, LICHESS_WIN_SCALE, EXACT).0
    }

    #[test]
    fn exact_classes_follow_who_wins_and_a_slower_win_is_no_error() {
        assert_eq!(class(win(5), win(5)), Class::Best);
        // A win in 5 becoming a win in 7 or 17, a loss in 20 becoming a loss in 8: the result
        // is kept, good (tagged by the review), never marked.
        assert_eq!(class(win(5), win(7)), Class::Good);
        assert_eq!(class(win(5), win(17)), Class::Good);
        assert_eq!(class(loss(20), loss(8)), Class::Good);
        assert_eq!(class(loss(20), loss(20)), Class::Best);
        assert_eq!(class(win(5), Value::Draw), Class::Blunder);
        assert_eq!(class(win(5), loss(4)), Class::Blunder);
        assert_eq!(class(Value::Draw, loss(30)), Class::Blunder);
        assert_eq!(class(Value::Draw, Value::Draw), Class::Best);
        assert_eq!(
            class(Value::Score { cp: 300 }, Value::Score { cp: 200 }),
            Class::Mistake
        );
        assert_eq!(
            class(Value::Score { cp: 300 }, Value::Score { cp: -200 }),
            Class::Blunder
        );
        // Only who wins known: kept is good, lost a blunder.
        let weak = (Judged::Weak, Judged::Exact);
        let unknown = Value::Win { plies: None };
        let judged = |a| classify(unknown, a, false, false, LICHESS_WIN_SCALE, weak);
        assert_eq!(judged(win(9)), (Class::Good, Judged::Weak));
        assert_eq!(judged(Value::Draw), (Class::Blunder, Judged::Weak));
    }

    #[test]
    fn a_puzzle_move_must_bring_the_exit_nearer() {
        let puzzle = |b, a| classify(win(b), win(a), true, false, LICHESS_WIN_SCALE, EXACT).0;
        assert_eq!(puzzle(12, 12), Class::Best);
        assert_eq!(puzzle(12, 13), Class::Mistake);
        assert_eq!(puzzle(12, 14), Class::Blunder);
    }

    #[test]
    fn search_classes_are_lichess_drops_in_winning_chances() {
        let search = (Judged::Search, Judged::Search);
        let by = |b: i32, a: i32, engine| {
            classify(
                Value::Estimate { cp: b },
                Value::Estimate { cp: a },
                false,
                engine,
                LICHESS_WIN_SCALE,
                search,
            )
            .0
        };
        // lichess's curve: +100 cp is 0.1821 winning chances, 0 is 0.
        assert!(
            (chances(Value::Estimate { cp: 100 }, LICHESS_WIN_SCALE).unwrap() - 0.1821).abs()
                < 0.001
        );
        assert_eq!(by(100, 100, true), Class::Best);
        assert_eq!(by(100, -100, true), Class::Best);
        assert_eq!(by(100, 90, false), Class::Good);
        assert_eq!(by(100, 0, false), Class::Inaccuracy);
        assert_eq!(by(100, -50, false), Class::Mistake);
        assert_eq!(by(100, -100, false), Class::Blunder);
    }

    #[test]
    fn the_graph_draws_proven_values_by_distance_above_the_estimates() {
        let h = |v| graph_height(v, LICHESS_WIN_SCALE);
        // A win in 3 (5 plies) above a win in 30 (59 plies); a loss in 2 below a loss in 38.
        assert!(h(win(5)) > h(win(59)));
        assert!(h(loss(4)) < h(loss(76)));
        assert_eq!(h(win(1)), 1.0);
        assert_eq!(h(loss(2)), -1.0);
        assert_eq!(h(Value::Win { plies: None }), GRAPH_PROVEN);
        assert_eq!(h(Value::Draw), 0.0);
        // Every estimate lies between the proven losses and the proven wins.
        for cp in [-100_000, -300, 0, 250, 100_000] {
            let e = h(Value::Estimate { cp });
            assert!(e.abs() <= GRAPH_PROVEN && e < h(win(200)) && e > h(loss(200)));
        }
    }

    #[test]
    fn accuracy_follows_lichess() {
        assert_eq!(move_accuracy(60.0, 70.0), 100.0);
        // No drop: 103.17 - 3.17 + 1, capped at 100.
        assert_eq!(move_accuracy(50.0, 50.0), 100.0);
        // A drop of 10 points: 103.1668 * e^-0.43544 - 3.1669 + 1 = 64.57.
        assert!((move_accuracy(60.0, 50.0) - 64.57).abs() < 0.01);
        assert_eq!(move_accuracy(100.0, 0.0), 0.0);
        // An erred move never counts as perfect: a game tree's lower final score keeps the
        // win %, yet its accuracy is at most a drop of 10 points' (the mistake threshold).
        assert_eq!(class_accuracy(Class::Best, 100.0, 0.0), 100.0);
        assert_eq!(class_accuracy(Class::Good, 100.0, 100.0), 100.0);
        let mistake = class_accuracy(Class::Mistake, 100.0, 100.0);
        assert!(
            (mistake - move_accuracy(10.0, 0.0)).abs() < 1e-9,
            "{mistake}"
        );
        assert!(class_accuracy(Class::Inaccuracy, 50.0, 50.0) < 81.0);
        assert_eq!(
            class_accuracy(Class::Blunder, 100.0, 0.0),
            move_accuracy(100.0, 0.0)
        );
        // Every move perfect: 100 for both; a side without moves: none.
        let wins = [50.0, 50.0, 50.0, 50.0];
        let perfect = [(0, 100.0), (1, 100.0), (0, 100.0)];
        assert_eq!(game_accuracy(&wins, &perfect), [Some(100.0), Some(100.0)]);
        assert_eq!(
            game_accuracy(&wins[..2], &perfect[..1]),
            [Some(100.0), None]
        );
        // One blunder of p2 (from 50 to 100 for p1): p2's accuracy falls, p1's stays.
        let blunder = move_accuracy(50.0, 0.0);
        let moves = [(0, 100.0), (1, blunder), (0, 100.0), (1, 100.0)];
        let [p1, p2] = game_accuracy(&[50.0, 50.0, 100.0, 100.0, 100.0], &moves);
        assert_eq!(p1, Some(100.0));
        let p2 = p2.expect("p2 moved");
        assert!(p2 < 60.0 && p2 > 0.0, "{p2}");
    }
}
