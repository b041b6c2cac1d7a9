//! Checks every game must pass, run on random playouts: no legal move exactly when the game is
//! over, fen and move text round-trip, the hash follows the position, the evaluation stays in
//! bounds.

use super::Game;
use crate::search::score::MATE_BOUND;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// Plays `games` random games from `start` and checks the `Game` contract at every position.
pub fn check_random_playouts<G: Game + PartialEq + std::fmt::Debug>(start: &G, games: usize) {
    let mut rng = StdRng::seed_from_u64(0x5e47e);
    for _ in 0..games {
        let mut pos = start.clone();
        let mut plies = 0;
        loop {
            check_position(&pos);
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.random_range(0..moves.len())];
            pos.play(mv);
            plies += 1;
            assert!(plies < 10_000, "{}: a playout never ends", G::NAME);
        }
    }
}

/// Checks the contract at one position.
pub fn check_position<G: Game + PartialEq + std::fmt::Debug>(pos: &G) {
    let fen = pos.fen();
    let parsed = G::from_fen(&fen).unwrap_or_else(|e| panic!("{fen:?} does not parse: {e}"));
    assert_eq!(&parsed, pos, "fen {fen:?} does not round-trip");
    assert_eq!(
        parsed.hash(),
        pos.hash(),
        "hash differs after fen round-trip"
    );
    assert!(!pos.display().is_empty());

    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    assert_eq!(
        moves.is_empty(),
        pos.outcome().is_some(),
        "{fen}: no legal move must mean game over, and back"
    );
    if pos.outcome().is_some() {
        assert!(pos.parse_move("1").is_err());
    }
    let eval = pos.evaluate();
    assert!(
        eval.abs() < MATE_BOUND,
        "{fen}: evaluation {eval} out of bounds"
    );

    let mut codes = Vec::new();
    for &mv in &moves {
        let text = pos.move_text(mv);
        assert_eq!(
            pos.parse_move(&text),
            Ok(mv),
            "{fen}: move {text} does not round-trip"
        );
        codes.push(G::move_code(mv));
        let mut child = pos.clone();
        child.play(mv);
        let rebuilt = G::from_fen(&child.fen()).expect("child fen parses");
        assert_eq!(
            rebuilt.hash(),
            child.hash(),
            "incremental hash differs from fresh"
        );
    }
    codes.sort_unstable();
    codes.dedup();
    assert_eq!(codes.len(), moves.len(), "{fen}: move codes are not unique");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::connect4::Connect4;
    use crate::games::tictactoe::TicTacToe;

    #[test]
    fn tictactoe_conforms() {
        check_random_playouts(&TicTacToe::startpos(), 300);
    }

    #[test]
    fn connect4_conforms() {
        check_random_playouts(&Connect4::startpos(), 200);
    }
}

#[cfg(test)]
mod parser_properties {
    use crate::games::Game;
    use crate::games::babylon::Babylon;
    use crate::games::connect4::Connect4;
    use crate::games::rushhour::RushHour;
    use crate::games::rushhour_rocks::RushHourRocks;
    use crate::games::tictactoe::TicTacToe;
    use crate::games::tree::GameTree;
    use proptest::prelude::*;

    /// Any text given to a game's fen and move parsers: no panic; an accepted fen round-trips.
    fn parsers_hold<G: Game + PartialEq + std::fmt::Debug>(
        text: &str,
    ) -> Result<(), TestCaseError> {
        if let Ok(pos) = G::from_fen(text) {
            let again = G::from_fen(&pos.fen());
            prop_assert!(again.as_ref() == Ok(&pos), "{text:?} -> {:?}", pos.fen());
        }
        let start = G::startpos();
        if let Ok(mv) = start.parse_move(text) {
            prop_assert_eq!(start.move_text(mv), text.to_string());
        }
        Ok(())
    }

    fn all_games(text: &str) -> Result<(), TestCaseError> {
        parsers_hold::<TicTacToe>(text)?;
        parsers_hold::<Connect4>(text)?;
        parsers_hold::<GameTree>(text)?;
        parsers_hold::<RushHour>(text)?;
        parsers_hold::<RushHourRocks>(text)?;
        parsers_hold::<Babylon>(text)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn arbitrary_text(text in "\\PC{0,80}") {
            all_games(&text)?;
        }

        #[test]
        fn text_made_of_notation_characters(text in "[.xoXO/ ()0-9a-hA-Q*+@-]{0,60}") {
            all_games(&text)?;
        }

        #[test]
        fn boards_of_the_right_size(board in "[.xA-E]{36}", side in "[cr12xo]") {
            all_games(&format!("{board} {side}"))?;
            all_games(&board)?;
        }
    }
}
