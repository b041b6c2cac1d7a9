//! Each game's fen and move parsers on arbitrary text. The first byte picks the game, the
//! rest (as UTF-8, lossily) is the text. No panic; an accepted fen round-trips (same
//! position, same hash, same fen text); a move accepted from the start position or from the
//! parsed position prints back as the same text and can be played.

#![no_main]

use libfuzzer_sys::fuzz_target;
use sente::games::Game;
use sente::games::babylon::Babylon;
use sente::games::connect4::Connect4;
use sente::games::rushhour::RushHour;
use sente::games::rushhour_rocks::RushHourRocks;
use sente::games::tictactoe::TicTacToe;
use sente::games::tree::GameTree;

fn check<G: Game + PartialEq + std::fmt::Debug>(text: &str) {
    if let Ok(pos) = G::from_fen(text) {
        let fen = pos.fen();
        let again = G::from_fen(&fen).unwrap_or_else(|e| panic!("{text:?} -> {fen:?}: {e}"));
        assert_eq!(again, pos, "{text:?} -> {fen:?}");
        assert_eq!(again.hash(), pos.hash());
        assert_eq!(again.fen(), fen);
        check_move(&pos, text);
        // The first word of the text as a move of the parsed position too.
        check_move(&pos, text.split(' ').next().unwrap_or(""));
    }
    check_move(&G::startpos(), text);
}

fn check_move<G: Game>(pos: &G, text: &str) {
    if let Ok(mv) = pos.parse_move(text) {
        assert_eq!(pos.move_text(mv), text);
        let mut child = pos.clone();
        child.play(mv);
        let _ = child.fen();
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    match which % 6 {
        0 => check::<TicTacToe>(&text),
        1 => check::<Connect4>(&text),
        2 => check::<GameTree>(&text),
        3 => check::<RushHour>(&text),
        4 => check::<RushHourRocks>(&text),
        _ => check::<Babylon>(&text),
    }
});
