//! The contract every game keeps, checked on random playouts and on any text given to its
//! parsers: no legal move exactly when the game is over, fen and move text round-trip, the hash
//! follows the position, the evaluation stays in bounds, move codes are unique, integer actions
//! and observations keep their ranges and shapes. The registry
//! gives each variant its checks (`Contract`), which the tests and the fuzzer run on every
//! game without listing them.

use super::Game;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// Larger than any static evaluation (the search's mate scores start there:
/// `search::score::MATE_BOUND`).
const EVALUATION_BOUND: i32 = 990_000;

/// The longest random playout: a game of two players that has not ended by then never ends;
/// a one-player puzzle's walk is cut there.
const MAX_PLIES: usize = 10_000;

/// A game's checks, made for its type by `contract::<G>()`.
#[derive(Clone, Copy)]
pub struct Contract {
    /// Plays this many random games from the start position, checking every position.
    pub playouts: fn(usize) -> Result<(), String>,
    /// Gives a text to the fen and move parsers: no panic, and what is accepted round-trips.
    pub parsers: fn(&str) -> Result<(), String>,
}

/// The checks of game `G`.
pub const fn contract<G: Game>() -> Contract {
    Contract {
        playouts: |games| check_random_playouts(&G::startpos(), games),
        parsers: parsers_hold::<G>,
    }
}

/// Plays `games` random games from `start` and checks the contract at every position.
pub fn check_random_playouts<G: Game>(start: &G, games: usize) -> Result<(), String> {
    let mut rng = StdRng::seed_from_u64(0x5e47e);
    for _ in 0..games {
        let mut pos = start.clone();
        let mut plies = 0;
        loop {
            check_position(&pos)?;
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            pos.play(moves[rng.random_range(0..moves.len())]);
            plies += 1;
            if start.max_plies().is_some_and(|most| plies > most as usize) {
                return Err(format!("{}: a playout outlasts max_plies", G::NAME));
            }
            // A game of two players ends; a puzzle's random walk may wander for long.
            if plies >= MAX_PLIES {
                if G::PLIES_PER_MOVE == 1 {
                    break;
                }
                return Err(format!("{}: a playout never ends", G::NAME));
            }
        }
    }
    Ok(())
}

/// Checks the contract at one position (parsed back with the position's own rules).
pub fn check_position<G: Game>(pos: &G) -> Result<(), String> {
    let fen = pos.fen();
    let name = G::NAME;
    let parsed = pos
        .parse_fen_with_rules(&fen)
        .map_err(|e| format!("{name} {fen:?} does not parse: {e}"))?;
    if &parsed != pos || parsed.hash() != pos.hash() {
        return Err(format!("{name} {fen:?} does not round-trip"));
    }
    if pos.display().is_empty() {
        return Err(format!("{name} {fen:?}: nothing displayed"));
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    if moves.is_empty() != pos.outcome().is_some() {
        return Err(format!(
            "{name} {fen}: no legal move must mean game over, and back"
        ));
    }
    if pos.outcome().is_some() && pos.parse_move("1").is_ok() {
        return Err(format!("{name} {fen}: a move after the end"));
    }
    let eval = pos.evaluate();
    if eval.abs() >= EVALUATION_BOUND {
        return Err(format!("{name} {fen}: evaluation {eval} out of bounds"));
    }
    check_actions(pos, &moves)?;
    let mut codes = Vec::new();
    for &mv in &moves {
        let text = pos.move_text(mv);
        if pos.parse_move(&text) != Ok(mv) {
            return Err(format!("{name} {fen}: move {text} does not round-trip"));
        }
        codes.push(G::move_code(mv));
        let mut child = pos.clone();
        child.play(mv);
        let rebuilt = pos
            .parse_fen_with_rules(&child.fen())
            .map_err(|e| format!("{name} {fen} {text}: the child's fen does not parse: {e}"))?;
        if rebuilt.hash() != child.hash() {
            return Err(format!(
                "{name} {fen} {text}: the hash after the move differs from the fresh one"
            ));
        }
    }
    codes.sort_unstable();
    codes.dedup();
    if codes.len() != moves.len() {
        return Err(format!("{name} {fen}: move codes are not unique"));
    }
    // The hints asked at once, for all the moves and for every other one, are each move's.
    let one_by_one: Vec<i32> = moves.iter().map(|&mv| pos.move_order_hint(mv)).collect();
    let mut hints = vec![0; moves.len()];
    pos.move_order_hints(&moves, &mut hints);
    let others: Vec<G::Move> = moves.iter().copied().step_by(2).collect();
    let mut other_hints = vec![0; others.len()];
    pos.move_order_hints(&others, &mut other_hints);
    if hints != one_by_one || other_hints.iter().ne(one_by_one.iter().step_by(2)) {
        return Err(format!(
            "{name} {fen}: the hints asked at once differ from each move's"
        ));
    }
    Ok(())
}

/// The integer actions of `moves` (the legal moves of `pos`) are unique and below
/// `action_count`, which every child keeps, as it keeps the observation's shape; each child's
/// `max_plies` is one less at least; the observation is one plane per kind of cell.
fn check_actions<G: Game>(pos: &G, moves: &[G::Move]) -> Result<(), String> {
    let (name, fen) = (G::NAME, pos.fen());
    let count = pos.action_count();
    let mut actions: Vec<u32> = moves.iter().map(|&mv| pos.action(mv)).collect();
    if let Some(&a) = actions.iter().find(|&&a| a >= count) {
        return Err(format!("{name} {fen}: action {a} of {count}"));
    }
    actions.sort_unstable();
    actions.dedup();
    if actions.len() != moves.len() {
        return Err(format!("{name} {fen}: actions are not unique"));
    }
    if pos.max_plies() == Some(0) && !moves.is_empty() {
        return Err(format!("{name} {fen}: moves after the most plies"));
    }
    let shape = pos.observation_shape();
    if let Some([planes, rows, columns]) = shape {
        let mut tensor = vec![0.0; planes * rows * columns];
        pos.observe(&mut tensor);
        for cell in 0..rows * columns {
            let set: f32 = (0..planes).map(|p| tensor[p * rows * columns + cell]).sum();
            if set != 1.0 {
                return Err(format!("{name} {fen}: cell {cell} is in {set} planes"));
            }
        }
    }
    for &mv in moves {
        let mut child = pos.clone();
        child.play(mv);
        let text = pos.move_text(mv);
        if child.action_count() != count || child.observation_shape() != shape {
            return Err(format!(
                "{name} {fen} {text}: the actions or the observation change"
            ));
        }
        let (before, after) = (pos.max_plies(), child.max_plies());
        if before.is_some() != after.is_some() || after >= before && before.is_some() {
            return Err(format!(
                "{name} {fen} {text}: most plies {before:?} then {after:?}"
            ));
        }
    }
    Ok(())
}

/// Any text given to a game's fen and move parsers: no panic; an accepted fen round-trips (the
/// same position, hash and text); a move accepted from the start prints back as the text.
pub fn parsers_hold<G: Game>(text: &str) -> Result<(), String> {
    let name = G::NAME;
    if let Ok(pos) = G::from_fen(text) {
        let fen = pos.fen();
        match G::from_fen(&fen) {
            Ok(again) if again == pos && again.hash() == pos.hash() && again.fen() == fen => {}
            _ => return Err(format!("{name}: {text:?} -> {fen:?} does not read back")),
        }
        check_move(&pos, text.split(' ').next().unwrap_or(""))?;
    }
    check_move(&G::startpos(), text)
}

/// A move accepted from `pos` prints back as `text` and can be played.
fn check_move<G: Game>(pos: &G, text: &str) -> Result<(), String> {
    if let Ok(mv) = pos.parse_move(text) {
        if pos.move_text(mv) != text {
            return Err(format!(
                "{}: move {text:?} prints as {:?}",
                G::NAME,
                pos.move_text(mv)
            ));
        }
        let mut child = pos.clone();
        child.play(mv);
        let _ = child.fen();
    }
    Ok(())
}
