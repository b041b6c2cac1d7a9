//! The contract every game keeps, checked on random playouts and on any text given to its
//! parsers: no legal move exactly when the game is over, fen and move text round-trip, the hash
//! follows the position, the evaluation stays in bounds, move codes are unique. The registry
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
