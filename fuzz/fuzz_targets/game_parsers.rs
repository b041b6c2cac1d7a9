//! Each game's fen and move parsers on arbitrary text. The first byte picks the variant of the
//! registry (every game, none listed here), the rest (as UTF-8, lossily) is the text. No
//! panic; an accepted fen round-trips (same position, same hash, same fen text); a move
//! accepted from the start position or from the parsed position prints back as the same text
//! and can be played (`games::contract::parsers_hold`).

#![no_main]

use libfuzzer_sys::fuzz_target;
use sente::variants::registry;

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    let entries: Vec<_> = registry::entries().collect();
    let entry = entries[usize::from(which) % entries.len()];
    if let Err(e) = (entry.contract.parsers)(&text) {
        panic!("{}: {e}", entry.name);
    }
});
