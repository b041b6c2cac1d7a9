//! Nim, the matchsticks game ("jeu des allumettes"): heaps of matches; a move takes one or more
//! matches from one heap; who takes the last match wins (normal play), or loses (misère play,
//! the rule `NimMisere`).
//!
//! Heaps are numbered from 1, left to right, and keep their number when empty. A move is
//! written `<heap>-<matches>`: `2-3` takes 3 matches from heap 2. Moves are generated heap by
//! heap, fewest matches first. The fen is the heaps' sizes joined by `/`, then the side to move
//! (`1` or `2`): `3/4/5 1` is the start with the default heaps. The game's theory (Bouton's, the
//! Sprague-Grundy theorem for one game) values every position at once: the side to move wins
//! exactly when the nim-sum (the heaps' exclusive or) is not zero, and a winning move makes it
//! zero; in misère play the same holds while a heap has two matches or more, and with only
//! heaps of one match the side to move wins when their number is even.

mod explain;

use super::rules::{OptionType, OptionValue, RuleOption, RuleValues};
use super::theory::Theory;
use super::why::{Asked, Why};
use super::{Game, GameError, Outcome, Seat, game_error};

/// Most heaps.
pub const MAX_HEAPS: usize = 12;
/// Most matches in a heap.
pub const MAX_MATCHES: u8 = 99;

/// The rule options of Nim: the heaps, and misère play.
const RULES: &[RuleOption] = &[
    RuleOption {
        name: "NimHeaps",
        keyword: "heaps",
        label: "Heaps (matches in each)",
        help: "The matches of each heap at the start, separated by spaces: 1 to 12 heaps of 1 to 99 matches.",
        kind: OptionType::Text { default: "3 4 5" },
        check: Some(|text| {
            parse_heaps(text.split_whitespace().collect(), false)
                .map(drop)
                .map_err(|e| e.0)
        }),
    },
    RuleOption {
        name: "NimMisere",
        keyword: "misere",
        label: "Misère: who takes the last match loses",
        help: "Misère play: who takes the last match loses (in normal play, who takes it wins).",
        kind: OptionType::Check { default: false },
        check: None,
    },
];

/// A Nim position: the heaps, the side to move, and the rule of the last match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nim {
    heaps: [u8; MAX_HEAPS],
    count: u8,
    side: Seat,
    misere: bool,
}

/// Reads heap sizes, one a word: 1 to `MAX_HEAPS` numbers of 0 to `MAX_MATCHES` (at least 1
/// when `empty_allowed` is false).
fn parse_heaps(words: Vec<&str>, empty_allowed: bool) -> Result<Vec<u8>, GameError> {
    if words.is_empty() {
        return game_error("no heap: give the matches of each heap");
    }
    if words.len() > MAX_HEAPS {
        return game_error(format!("{} heaps: at most {MAX_HEAPS}", words.len()));
    }
    let least = u8::from(!empty_allowed);
    words
        .iter()
        .enumerate()
        .map(|(i, word)| match word.parse::<u8>() {
            Ok(n) if (least..=MAX_MATCHES).contains(&n) => Ok(n),
            _ => game_error(format!(
                "heap {} is '{word}': a heap holds {least} to {MAX_MATCHES} matches",
                i + 1
            )),
        })
        .collect()
}

impl Nim {
    /// The start with these heaps, first player to move.
    pub fn start(heaps: &[u8], misere: bool) -> Result<Nim, GameError> {
        if heaps.is_empty() || heaps.len() > MAX_HEAPS {
            return game_error(format!("1 to {MAX_HEAPS} heaps, not {}", heaps.len()));
        }
        if let Some(&h) = heaps.iter().find(|&&h| h > MAX_MATCHES) {
            return game_error(format!("a heap of {h}: at most {MAX_MATCHES} matches"));
        }
        let mut all = [0; MAX_HEAPS];
        all[..heaps.len()].copy_from_slice(heaps);
        Ok(Nim {
            heaps: all,
            count: heaps.len() as u8,
            side: Seat::P1,
            misere,
        })
    }

    /// The heaps, in order.
    pub fn heaps(&self) -> &[u8] {
        &self.heaps[..usize::from(self.count)]
    }

    /// True in misère play (who takes the last match loses).
    pub fn is_misere(&self) -> bool {
        self.misere
    }

    /// The nim-sum: the exclusive or of the heaps.
    pub fn nim_sum(&self) -> u8 {
        self.heaps().iter().fold(0, |sum, &h| sum ^ h)
    }

    /// Reads a fen under the rule of the last match `misere`.
    fn parse(fen: &str, misere: bool) -> Result<Nim, GameError> {
        let words: Vec<&str> = fen.split_whitespace().collect();
        let (heaps, side) = match words[..] {
            [heaps, side] => (heaps, side),
            [] => return game_error("empty fen"),
            [_] => return game_error("the fen lacks the side to move (1 or 2)"),
            [_, _, extra, ..] => return game_error(format!("unexpected '{extra}' after the side")),
        };
        let side = match side {
            "1" => Seat::P1,
            "2" => Seat::P2,
            other => return game_error(format!("the side to move is 1 or 2, not '{other}'")),
        };
        let mut pos = Nim::start(&parse_heaps(heaps.split('/').collect(), true)?, misere)?;
        pos.side = side;
        Ok(pos)
    }

    /// True when the side to move wins with perfect play, and its winning moves.
    fn winning_moves(&self) -> (bool, Vec<(u8, u8)>) {
        let heaps = self.heaps();
        let sum = self.nim_sum();
        let big = heaps.iter().filter(|&&h| h > 1).count();
        let ones = heaps.iter().filter(|&&h| h == 1).count();
        let mut wins = Vec::new();
        if self.misere && big <= 1 {
            if big == 0 {
                // Heaps of one match only: taking one leaves an odd number to the opponent.
                if ones % 2 == 0 {
                    wins.extend(
                        (0..heaps.len())
                            .filter(|&i| heaps[i] == 1)
                            .map(|i| (i as u8, 1)),
                    );
                }
                return (ones % 2 == 0, wins);
            }
            // One big heap: leave it at 0 or 1 so that an odd number of single matches remain.
            let (i, &h) = heaps
                .iter()
                .enumerate()
                .find(|(_, h)| **h > 1)
                .unwrap_or((0, &0));
            let keep = if ones % 2 == 0 { 1 } else { 0 };
            wins.push((i as u8, h - keep));
            return (true, wins);
        }
        for (i, &h) in heaps.iter().enumerate() {
            let target = h ^ sum;
            if target < h {
                wins.push((i as u8, h - target));
            }
        }
        (sum != 0, wins)
    }
}

/// SplitMix64's finalizer: a bijection of 64-bit words that spreads every input bit.
fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

impl Game for Nim {
    /// `(heap index from 0, matches taken)`.
    type Move = (u8, u8);
    const NAME: &'static str = "nim";
    const RULES: &'static [RuleOption] = RULES;

    fn startpos() -> Self {
        Nim {
            heaps: [3, 4, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            count: 3,
            side: Seat::P1,
            misere: false,
        }
    }

    fn start_with(rules: &RuleValues) -> Result<Self, GameError> {
        let heaps = parse_heaps(rules.word("NimHeaps")?.split_whitespace().collect(), false)
            .map_err(|e| GameError(format!("NimHeaps: {e}")))?;
        let misere = rules.get("NimMisere") == Some(&OptionValue::Flag(true));
        Nim::start(&heaps, misere)
    }

    fn from_fen(fen: &str) -> Result<Self, GameError> {
        Nim::parse(fen, false)
    }

    fn parse_fen_with_rules(&self, fen: &str) -> Result<Self, GameError> {
        Nim::parse(fen, self.misere)
    }

    fn fen(&self) -> String {
        let heaps: Vec<String> = self.heaps().iter().map(u8::to_string).collect();
        let side = if self.side == Seat::P1 { 1 } else { 2 };
        format!("{} {side}", heaps.join("/"))
    }

    fn side_to_move(&self) -> Seat {
        self.side
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.heaps().iter().any(|&h| h > 0) {
            return None;
        }
        // The other side took the last match.
        Some(Outcome::Win(if self.misere {
            self.side
        } else {
            self.side.other()
        }))
    }

    fn legal_moves(&self, moves: &mut Vec<(u8, u8)>) {
        for (i, &h) in self.heaps().iter().enumerate() {
            moves.extend((1..=h).map(|take| (i as u8, take)));
        }
    }

    fn play(&mut self, (heap, take): (u8, u8)) {
        let heap = &mut self.heaps[usize::from(heap)];
        *heap = heap.saturating_sub(take);
        self.side = self.side.other();
    }

    /// 0: short of the nim-sum, which solves the game, Nim has no static estimate; a search
    /// sees only the ends it reaches.
    fn evaluate(&self) -> i32 {
        0
    }

    /// The position packed exactly (7 bits a heap, the side, the rule: 86 bits at most), then
    /// folded to 64 bits by a bijective mix: one position, one hash, up to 8 heaps.
    fn hash(&self) -> u64 {
        let packed = self
            .heaps()
            .iter()
            .fold(u128::from(self.misere) << 1 | self.side as u128, |h, &n| {
                h << 7 | u128::from(n)
            });
        mix(packed as u64 ^ mix((packed >> 64) as u64))
    }

    fn move_code((heap, take): (u8, u8)) -> u16 {
        u16::from(heap) << 8 | u16::from(take)
    }

    /// `(matches - 1) x heaps + heap` (heap from 0), as OpenSpiel's `nim` numbers its
    /// actions, with room for the 99 matches a heap may hold.
    fn action(&self, (heap, take): (u8, u8)) -> u32 {
        (u32::from(take) - 1) * u32::from(self.count) + u32::from(heap)
    }

    fn action_count(&self) -> u32 {
        u32::from(MAX_MATCHES) * u32::from(self.count)
    }

    /// Each move takes a match at least.
    fn max_plies(&self) -> Option<u32> {
        Some(self.heaps().iter().map(|&h| u32::from(h)).sum())
    }

    fn move_text(&self, (heap, take): (u8, u8)) -> String {
        format!("{}-{take}", heap + 1)
    }

    fn parse_move(&self, text: &str) -> Result<(u8, u8), GameError> {
        if let Some(outcome) = self.outcome() {
            return game_error(format!("the game is over ({outcome})"));
        }
        let Some((heap, take)) = text.split_once('-') else {
            return game_error(format!(
                "'{text}' is not a move: <heap>-<matches>, as 2-3 (3 matches from heap 2)"
            ));
        };
        let (Ok(heap), Ok(take)) = (heap.parse::<usize>(), take.parse::<u8>()) else {
            return game_error(format!(
                "'{text}' is not a move: <heap>-<matches>, as 2-3 (3 matches from heap 2)"
            ));
        };
        if heap == 0 || heap > self.heaps().len() {
            return game_error(format!(
                "'{text}': there is no heap {heap} (heaps 1 to {})",
                self.heaps().len()
            ));
        }
        let left = self.heaps[heap - 1];
        if take == 0 || take > left {
            return game_error(format!(
                "'{text}': heap {heap} has {left} matches; take 1 to {left}"
            ));
        }
        let mv = ((heap - 1) as u8, take);
        // Only the canonical text is a legal move's (`2-03` is not `2-3`).
        if self.move_text(mv) != text {
            return game_error(format!("'{text}' is written {}", self.move_text(mv)));
        }
        Ok(mv)
    }

    fn display(&self) -> String {
        let mut out = String::new();
        for (i, &h) in self.heaps().iter().enumerate() {
            out.push_str(&format!(
                "{:>2} {:<w$} {h}\n",
                i + 1,
                "|".repeat(usize::from(h)),
                w = usize::from(MAX_MATCHES.min(20))
            ));
        }
        out.push_str(if self.misere {
            "misère: who takes the last match loses\n"
        } else {
            "who takes the last match wins\n"
        });
        out
    }

    fn move_words(&self, (heap, take): (u8, u8)) -> Option<String> {
        Some(format!("takes {take} from heap {}", heap + 1))
    }

    fn explain(&self, mv: (u8, u8), asked: &Asked) -> Option<Why> {
        self.explain_move(mv, asked)
    }

    fn theory(&self) -> Option<Theory<(u8, u8)>> {
        if self.outcome().is_some() {
            return None;
        }
        let (wins, moves) = self.winning_moves();
        let keeping = if wins {
            moves
        } else {
            let mut all = Vec::new();
            self.legal_moves(&mut all);
            all
        };
        Some(Theory {
            winner: Some(if wins { self.side } else { self.side.other() }),
            keeping,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::contract::check_random_playouts;
    use crate::games::perft;
    use std::collections::HashMap;

    /// Who wins `heaps` (sorted) with `misere`, by trying every move: an independent check of
    /// the theory (plain arrays, no nim-sum).
    fn brute_force(
        heaps: Vec<u8>,
        misere: bool,
        memo: &mut HashMap<(Vec<u8>, bool), bool>,
    ) -> bool {
        if heaps.iter().all(|&h| h == 0) {
            // The opponent took the last match.
            return misere;
        }
        if let Some(&known) = memo.get(&(heaps.clone(), misere)) {
            return known;
        }
        let mut wins = false;
        'all: for i in 0..heaps.len() {
            for take in 1..=heaps[i] {
                let mut next = heaps.clone();
                next[i] -= take;
                next.sort_unstable();
                if !brute_force(next, misere, memo) {
                    wins = true;
                    break 'all;
                }
            }
        }
        memo.insert((heaps, misere), wins);
        wins
    }

    #[test]
    fn the_theory_matches_a_brute_force_on_every_small_position() {
        let mut memo = HashMap::new();
        for misere in [false, true] {
            for a in 0..=5u8 {
                for b in 0..=5u8 {
                    for c in 0..=6u8 {
                        let mut pos = Nim::start(&[a, b, c], misere).unwrap();
                        for side in [Seat::P1, Seat::P2] {
                            pos.side = side;
                            let Some(theory) = pos.theory() else {
                                assert!(pos.outcome().is_some());
                                continue;
                            };
                            let mut sorted = vec![a, b, c];
                            sorted.sort_unstable();
                            let wins = brute_force(sorted, misere, &mut memo);
                            assert_eq!(
                                theory.winner == Some(side),
                                wins,
                                "{} misère {misere}",
                                pos.fen()
                            );
                            // The keeping moves are exactly the moves to a position lost for the
                            // opponent (when winning), or every move (when losing).
                            let mut moves = Vec::new();
                            pos.legal_moves(&mut moves);
                            let expected: Vec<(u8, u8)> = moves
                                .into_iter()
                                .filter(|&mv| {
                                    let mut next = pos.clone();
                                    next.play(mv);
                                    let mut heaps = next.heaps().to_vec();
                                    heaps.sort_unstable();
                                    !wins || !brute_force(heaps, misere, &mut memo)
                                })
                                .collect();
                            assert_eq!(theory.keeping, expected, "{} misère {misere}", pos.fen());
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn the_full_search_agrees_with_minimax_and_the_theory() {
        use crate::search::{Algorithm, run_for_test};
        // Positions that transpose at different plies: the table must tell them apart.
        for fen in [
            "3/4/2 2",
            "3/4/5 1",
            "1/2/2 1",
            "3/1/2 1",
            "2/5/0/6 2",
            "1/1/1/4 1",
        ] {
            let pos = Nim::from_fen(fen).unwrap();
            for depth in [3, 6, 14] {
                let full = run_for_test(&pos, Algorithm::AlphaBeta, Some(depth));
                let minimax = run_for_test(&pos, Algorithm::Minimax, Some(depth));
                assert_eq!(full.score, minimax.score, "{fen} depth {depth}");
            }
            let solved = run_for_test(&pos, Algorithm::AlphaBeta, None);
            let theory = pos.theory().unwrap();
            let wins = theory.winner == Some(pos.side_to_move());
            assert_eq!(solved.score.is_some_and(|s| s > 0), wins, "{fen}");
            if wins {
                let best = solved.best_move.unwrap();
                assert!(
                    theory.keeping.iter().any(|&m| pos.move_text(m) == best),
                    "{fen} {best}"
                );
            }
        }
    }

    #[test]
    fn one_position_one_hash_up_to_eight_heaps() {
        let mut seen = HashMap::new();
        // Every position of four heaps of 0 to 7 matches, either side to move.
        for n in 0..8u32.pow(4) * 2 {
            let heaps: Vec<u8> = (0..4).map(|i| (n / 8u32.pow(i) % 8) as u8).collect();
            let mut pos = Nim::start(&heaps, false).unwrap();
            if n >= 8u32.pow(4) {
                pos.side = Seat::P2;
            }
            if let Some(other) = seen.insert(pos.hash(), pos.fen()) {
                panic!("{other} and {} share a hash", pos.fen());
            }
        }
    }

    #[test]
    fn perft_matches_the_vectors() {
        let expected = crate::games::test_data::perft_counts("nim");
        assert!(!expected.is_empty());
        for (depth, &count) in expected.iter().enumerate() {
            assert_eq!(
                perft(&Nim::startpos(), depth as u32 + 1),
                count,
                "depth {}",
                depth + 1
            );
        }
    }

    #[test]
    fn nim_conforms() {
        assert_eq!(check_random_playouts(&Nim::startpos(), 200), Ok(()));
        let wide = Nim::start(&[1, 7, 2, 9, 4, 99, 0], false).unwrap();
        assert_eq!(check_random_playouts(&wide, 50), Ok(()));
        let misere = Nim::start(&[3, 1, 6], true).unwrap();
        assert_eq!(check_random_playouts(&misere, 100), Ok(()));
        let misere = Nim::start(&[2, 3], true).unwrap();
        assert_eq!(
            misere.parse_fen_with_rules("1/0 2").map(|p| p.is_misere()),
            Ok(true)
        );
    }

    #[test]
    fn notation_and_rules() {
        let mut rules = RuleValues::defaults(RULES);
        assert_eq!(Nim::start_with(&rules).unwrap().fen(), "3/4/5 1");
        rules.set(RULES, "NimHeaps", "  1   2 ").unwrap();
        rules.set(RULES, "NimMisere", "true").unwrap();
        let pos = Nim::start_with(&rules).unwrap();
        assert_eq!((pos.fen().as_str(), pos.is_misere()), ("1/2 1", true));
        // A bad list of heaps is refused when set, naming the heap at fault.
        for bad in ["", "0 3", "1 100", "x", "1 2 3 4 5 6 7 8 9 10 11 12 13"] {
            assert!(rules.set(RULES, "NimHeaps", bad).is_err(), "{bad:?}");
        }
        let e = rules.set(RULES, "NimHeaps", "3 0 5").unwrap_err();
        assert!(e.contains("heap 2 is '0'"), "{e}");
        assert_eq!(Nim::start_with(&rules).unwrap().fen(), "1/2 1");
        let pos = Nim::startpos();
        assert_eq!(pos.parse_move("2-3"), Ok((1, 3)));
        for bad in ["2", "0-1", "4-1", "2-0", "2-5", "2-03", "b-1", "2-1-1"] {
            assert!(pos.parse_move(bad).is_err(), "{bad}");
        }
        let e = pos.parse_move("3-6").unwrap_err().0;
        assert!(e.contains("heap 3 has 5 matches"), "{e}");
        for bad in [
            "3/4/5",
            "3/4/5 3",
            "3/x/5 1",
            "3/4/5 1 2",
            "1/2/3/4/5/6/7/8/9/10/11/12/13 1",
            "100 1",
        ] {
            assert!(Nim::from_fen(bad).is_err(), "{bad}");
        }
        // Empty heaps keep their place: the game ends when all are empty.
        let mut end = Nim::from_fen("0/1/0 2").unwrap();
        end.play(end.parse_move("2-1").unwrap());
        assert_eq!(end.fen(), "0/0/0 1");
        assert_eq!(end.outcome(), Some(Outcome::Win(Seat::P2)));
        let misere = Nim::parse("0/0/0 1", true).unwrap();
        assert_eq!(misere.outcome(), Some(Outcome::Win(Seat::P1)));
    }
}
