//! The test vectors of `tests/data/`, compiled into the unit tests so that they read the very
//! files the integration tests and scripts use.

/// The lines of a vector file that carry data: not blank, not a `#` comment.
fn data_lines(text: &'static str) -> impl Iterator<Item = &'static str> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
}

/// The perft counts of `variant` from its start position, depth 1 first
/// (`tests/data/perft/perft.txt`).
pub fn perft_counts(variant: &str) -> Vec<u64> {
    let text = include_str!("../../tests/data/perft/perft.txt");
    let line = data_lines(text)
        .find(|l| l.split_whitespace().next() == Some(variant))
        .unwrap_or_else(|| panic!("no perft line for {variant}"));
    line.split_whitespace()
        .skip(1)
        .map(|n| n.parse().expect("a perft count"))
        .collect()
}

/// Babylon's winners from the start, `table[C - 1][N - 1]` is 1 or 2
/// (`tests/data/babylon/table.txt`).
pub fn babylon_winners() -> Vec<Vec<u8>> {
    let text = include_str!("../../tests/data/babylon/table.txt");
    data_lines(text)
        .map(|l| {
            l.split_whitespace()
                .skip(1)
                .map(|w| w.parse().expect("a winner, 1 or 2"))
                .collect()
        })
        .collect()
}

/// One line of `tests/data/rushhour/rocks.txt`.
pub struct RocksVector {
    /// The position.
    pub fen: &'static str,
    /// What `value` counts (`legal car moves ...`, `legal rock placements ...`, `exact value ...`).
    pub what: &'static str,
    /// The count or the value.
    pub value: u32,
}

/// The rocks game's vectors (`tests/data/rushhour/rocks.txt`).
pub fn rocks_vectors() -> Vec<RocksVector> {
    let text = include_str!("../../tests/data/rushhour/rocks.txt");
    data_lines(text)
        .map(|l| {
            let fields: Vec<&str> = l.split('|').map(str::trim).collect();
            RocksVector {
                fen: fields[0],
                what: fields[1],
                value: fields[2].parse().expect("a count"),
            }
        })
        .collect()
}
