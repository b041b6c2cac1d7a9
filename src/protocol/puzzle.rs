//! A puzzle search's counts (protocol.md, "rushhour"): `info string puzzle algorithm
//! <bfs|astar|idastar> heuristic <h> expanded <n> generated <n> peakopen <n> iterations <n>
//! microseconds <n>`, written from `PuzzleCounts` and read back into one.

use crate::search::puzzle::{PuzzleAlgorithm, PuzzleCounts};
use std::fmt;

/// The text after `info string`: `puzzle algorithm <a> heuristic <h> expanded <n> generated
/// <n> peakopen <n> iterations <n> microseconds <n>`.
impl fmt::Display for PuzzleCounts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "puzzle algorithm {} heuristic {} expanded {} generated {} peakopen {} \
             iterations {} microseconds {}",
            self.algorithm.name(),
            self.heuristic,
            self.expanded,
            self.generated,
            self.peak_open,
            self.iterations,
            self.microseconds
        )
    }
}

/// Reads an `info string puzzle ...` line: `None` for another line, or one without all seven
/// fields well formed. The fields are pairs of a key and a value, in any order; a key this
/// reader does not know is skipped with its value.
pub fn read_puzzle_counts(line: &str) -> Option<PuzzleCounts> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let ["info", "string", "puzzle", fields @ ..] = words.as_slice() else {
        return None;
    };
    let field = |key: &str| {
        fields
            .chunks(2)
            .find(|pair| pair[0] == key)
            .and_then(|pair| pair.get(1).copied())
    };
    let number = |key: &str| field(key).and_then(|v| v.parse::<u64>().ok());
    Some(PuzzleCounts {
        algorithm: PuzzleAlgorithm::from_name(field("algorithm")?)?,
        heuristic: field("heuristic")?.to_string(),
        expanded: number("expanded")?,
        generated: number("generated")?,
        peak_open: number("peakopen")?,
        iterations: u32::try_from(number("iterations")?).ok()?,
        microseconds: number("microseconds")?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::response::Response;
    use proptest::prelude::*;

    #[test]
    fn the_counts_read_as_the_protocol_says() {
        let line = "info string puzzle algorithm astar heuristic movers expanded 804 generated 4753 peakopen 364 iterations 1 microseconds 630";
        let counts = read_puzzle_counts(line).unwrap();
        assert_eq!(
            counts,
            PuzzleCounts {
                algorithm: PuzzleAlgorithm::AStar,
                heuristic: "movers".to_string(),
                expanded: 804,
                generated: 4753,
                peak_open: 364,
                iterations: 1,
                microseconds: 630,
            }
        );
        assert_eq!(Response::PuzzleCounts(counts).to_string(), line);
        assert_eq!(
            read_puzzle_counts("info string trace truncated at 5 nodes"),
            None
        );
        assert_eq!(
            read_puzzle_counts("info string puzzle algorithm dfs heuristic none"),
            None
        );
        let missing = line.replace(" peakopen 364", "");
        assert_eq!(read_puzzle_counts(&missing), None);
        let more = line.replace("iterations", "future 7 iterations");
        assert_eq!(read_puzzle_counts(&more).map(|c| c.expanded), Some(804));
    }

    fn counts() -> impl Strategy<Value = PuzzleCounts> {
        let algorithm = proptest::sample::select(PuzzleAlgorithm::ALL.map(|(_, a)| a).to_vec());
        (
            (algorithm, "[a-z0-9_-]{1,10}", any::<u64>()),
            (any::<u64>(), any::<u64>(), any::<u32>(), any::<u64>()),
        )
            .prop_map(
                |(
                    (algorithm, heuristic, expanded),
                    (generated, peak_open, iterations, microseconds),
                )| PuzzleCounts {
                    algorithm,
                    heuristic,
                    expanded,
                    generated,
                    peak_open,
                    iterations,
                    microseconds,
                },
            )
    }

    proptest! {
        #[test]
        fn the_counts_read_back_as_written(counts in counts()) {
            let line = Response::PuzzleCounts(counts.clone()).to_string();
            prop_assert_eq!(read_puzzle_counts(&line), Some(counts));
        }

        #[test]
        fn any_line_is_read_without_panicking(line in "info string puzzle \\PC{0,120}") {
            let _ = read_puzzle_counts(&line);
        }
    }
}
