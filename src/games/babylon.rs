//! Babylon, the tablet-stacking game: C colours x N tablets, each a stack of height 1. A move
//! puts one whole stack on another when their top colours or their heights are equal; the
//! moved stack's colour is on top and the heights add. Whoever cannot move loses.
//!
//! A stack is coded in one byte (colour in the high 3 bits, height in the low 5); a position
//! is the sorted list of its stack codes, so equal stacks are interchangeable and a move
//! `<stack><stack>` (`a2b1`: an a-topped stack of height 2 onto a b-topped stack of height 1)
//! names it exactly.

use super::rules::{OptionType, RuleOption, RuleValues};
use super::{Game, GameError, Outcome, Seat, game_error};

/// Most colours a position may use (letters `a`..`h`).
pub const MAX_COLOURS: u8 = 8;
/// Most stacks a position may hold.
pub const MAX_STACKS: usize = 31;
/// The tallest possible stack (all tablets on one).
const MAX_HEIGHT: u32 = MAX_STACKS as u32;

/// A Babylon position: its stacks, sorted, and the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Babylon {
    stacks: [u8; MAX_STACKS],
    len: u8,
    side: Seat,
}

fn code(colour: u8, height: u8) -> u8 {
    colour << 5 | height
}

fn colour_of(code: u8) -> u8 {
    code >> 5
}

fn height_of(code: u8) -> u8 {
    code & 31
}

fn stack_text(code: u8) -> String {
    format!("{}{}", (b'a' + colour_of(code)) as char, height_of(code))
}

/// Reads `<colour letter><height>` at the start of `text`; returns the code and the rest.
fn parse_stack(text: &str) -> Result<(u8, &str), GameError> {
    let mut chars = text.chars();
    let colour = match chars.next() {
        Some(c @ 'a'..='h') => c as u8 - b'a',
        Some(c) => return game_error(format!("'{c}' is not a colour (a-h)")),
        None => return game_error("a stack is missing"),
    };
    let rest = chars.as_str();
    let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let height: u32 = rest[..digits]
        .parse()
        .map_err(|_| GameError(format!("stack '{text}' has no height")))?;
    if height == 0 || height > MAX_HEIGHT {
        return game_error(format!("height {height} is out of range (1-{MAX_HEIGHT})"));
    }
    Ok((code(colour, height as u8), &rest[digits..]))
}

impl Babylon {
    /// The start with `colours` colours of `tablets` tablets each (at most 31 tablets).
    pub fn start(colours: u8, tablets: u8) -> Result<Babylon, GameError> {
        let count = usize::from(colours) * usize::from(tablets);
        if colours == 0 || colours > MAX_COLOURS || tablets == 0 || count > MAX_STACKS {
            return game_error(format!(
                "{colours} colours x {tablets} tablets: at most {MAX_COLOURS} colours and {MAX_STACKS} tablets"
            ));
        }
        let codes: Vec<u8> = (0..colours)
            .flat_map(|c| std::iter::repeat_n(code(c, 1), usize::from(tablets)))
            .collect();
        Ok(Babylon::from_codes(&codes, Seat::P1))
    }

    fn from_codes(codes: &[u8], side: Seat) -> Babylon {
        let mut stacks = [0; MAX_STACKS];
        stacks[..codes.len()].copy_from_slice(codes);
        stacks[..codes.len()].sort_unstable();
        Babylon {
            stacks,
            len: codes.len() as u8,
            side,
        }
    }

    fn codes(&self) -> &[u8] {
        &self.stacks[..usize::from(self.len)]
    }

    /// The tablets in play (the stacks' heights added), the same all game.
    fn tablets(&self) -> u32 {
        self.codes().iter().map(|&s| u32::from(height_of(s))).sum()
    }

    /// The position with colours renamed in a canonical order (by each colour's sorted
    /// heights): positions equal up to a renaming of colours have the same canonical codes.
    fn canonical_codes(&self) -> Vec<u8> {
        let mut colours: Vec<(Vec<u8>, u8)> = (0..MAX_COLOURS)
            .map(|c| {
                let heights = self
                    .codes()
                    .iter()
                    .filter(|&&s| colour_of(s) == c)
                    .map(|&s| height_of(s))
                    .collect();
                (heights, c)
            })
            .filter(|(heights, _): &(Vec<u8>, u8)| !heights.is_empty())
            .collect();
        colours.sort();
        let mut rename = [0u8; MAX_COLOURS as usize];
        for (new, (_, old)) in colours.iter().enumerate() {
            rename[usize::from(*old)] = new as u8;
        }
        let mut codes: Vec<u8> = self
            .codes()
            .iter()
            .map(|&s| code(rename[usize::from(colour_of(s))], height_of(s)))
            .collect();
        codes.sort_unstable();
        codes
    }
}

/// The rule options of Babylon: how many tablets of how many colours.
const RULES: &[RuleOption] = &[
    RuleOption {
        name: "BabylonColours",
        keyword: "colours",
        label: "Colours",
        help: "Colours of tablets (colours x tablets per colour at most 31).",
        kind: OptionType::Spin {
            default: 4,
            min: 1,
            max: MAX_COLOURS as i64,
        },
        check: None,
    },
    RuleOption {
        name: "BabylonTablets",
        keyword: "per_colour",
        label: "Tablets per colour",
        help: "Tablets of each colour (colours x tablets per colour at most 31).",
        kind: OptionType::Spin {
            default: 3,
            min: 1,
            max: MAX_STACKS as i64,
        },
        check: None,
    },
];

impl Game for Babylon {
    /// `(moved stack, stack it goes onto)`, as codes.
    type Move = (u8, u8);
    const NAME: &'static str = "babylon";
    const RULES: &'static [RuleOption] = RULES;

    fn start_with(rules: &RuleValues) -> Result<Self, GameError> {
        let count = |name| {
            let n = rules.number(name)?;
            u8::try_from(n).map_err(|_| GameError(format!("{name} {n} is out of range")))
        };
        Babylon::start(count("BabylonColours")?, count("BabylonTablets")?)
    }

    fn startpos() -> Self {
        Babylon::from_codes(
            &(0..4u8)
                .flat_map(|c| std::iter::repeat_n(code(c, 1), 3))
                .collect::<Vec<u8>>(),
            Seat::P1,
        )
    }

    fn from_fen(fen: &str) -> Result<Self, GameError> {
        let words: Vec<&str> = fen.split_whitespace().collect();
        let Some((side, stacks)) = words.split_last() else {
            return game_error("empty fen");
        };
        let side = match *side {
            "1" => Seat::P1,
            "2" => Seat::P2,
            other => return game_error(format!("the side to move is 1 or 2, not '{other}'")),
        };
        if stacks.is_empty() {
            return game_error("no stacks before the side to move");
        }
        if stacks.len() > MAX_STACKS {
            return game_error(format!("more than {MAX_STACKS} stacks"));
        }
        let mut codes = Vec::new();
        for word in stacks {
            let (stack, rest) = parse_stack(word)?;
            if !rest.is_empty() {
                return game_error(format!("cannot read stack '{word}'"));
            }
            codes.push(stack);
        }
        let total: u32 = codes.iter().map(|&s| u32::from(height_of(s))).sum();
        if total > MAX_HEIGHT {
            return game_error(format!("{total} tablets in all; at most {MAX_HEIGHT}"));
        }
        Ok(Babylon::from_codes(&codes, side))
    }

    fn fen(&self) -> String {
        let mut words: Vec<String> = self.codes().iter().map(|&s| stack_text(s)).collect();
        words.push(if self.side == Seat::P1 { "1" } else { "2" }.to_string());
        words.join(" ")
    }

    fn side_to_move(&self) -> Seat {
        self.side
    }

    fn outcome(&self) -> Option<Outcome> {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.is_empty().then_some(Outcome::Win(self.side.other()))
    }

    fn legal_moves(&self, moves: &mut Vec<(u8, u8)>) {
        // Each distinct stack once, with how many there are.
        let mut distinct: Vec<(u8, usize)> = Vec::with_capacity(usize::from(self.len));
        for &s in self.codes() {
            match distinct.last_mut() {
                Some((last, count)) if *last == s => *count += 1,
                _ => distinct.push((s, 1)),
            }
        }
        for &(from, from_count) in &distinct {
            for &(onto, _) in &distinct {
                // A stack onto its twin needs two of them.
                if from == onto && from_count < 2 {
                    continue;
                }
                if colour_of(from) == colour_of(onto) || height_of(from) == height_of(onto) {
                    moves.push((from, onto));
                }
            }
        }
    }

    fn play(&mut self, (from, onto): (u8, u8)) {
        let mut codes = self.codes().to_vec();
        if let Some(i) = codes.iter().position(|&s| s == from) {
            codes.remove(i);
        }
        if let Some(j) = codes.iter().position(|&s| s == onto) {
            codes[j] = code(colour_of(from), height_of(from) + height_of(onto));
        }
        *self = Babylon::from_codes(&codes, self.side.other());
    }

    fn evaluate(&self) -> i32 {
        0
    }

    fn hash(&self) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325 ^ u64::from(self.side == Seat::P2);
        for c in self.canonical_codes() {
            h = (h ^ u64::from(c)).wrapping_mul(0x0100_0000_01b3);
        }
        h ^ (h >> 29)
    }

    fn move_code((from, onto): (u8, u8)) -> u16 {
        u16::from(from) << 8 | u16::from(onto)
    }

    /// `from * S + onto`, each stack numbered `colour * T + height - 1` (colour `a` = 0) with
    /// T the tablets in play and S = 8 x T the stacks there can be: the number stays the
    /// same all game, as T does.
    fn action(&self, (from, onto): (u8, u8)) -> u32 {
        let tablets = self.tablets();
        let index = |code| u32::from(colour_of(code)) * tablets + u32::from(height_of(code)) - 1;
        index(from) * u32::from(MAX_COLOURS) * tablets + index(onto)
    }

    fn action_count(&self) -> u32 {
        (u32::from(MAX_COLOURS) * self.tablets()).pow(2)
    }

    /// Each move makes one stack of two: at most one move fewer than there are stacks.
    fn max_plies(&self) -> Option<u32> {
        Some(u32::from(self.len).saturating_sub(1))
    }

    fn move_text(&self, (from, onto): (u8, u8)) -> String {
        format!("{}{}", stack_text(from), stack_text(onto))
    }

    fn display(&self) -> String {
        let mut out = String::new();
        for &s in self.codes() {
            out.push_str(&format!(
                "{:<4}{}\n",
                stack_text(s),
                ((b'a' + colour_of(s)) as char)
                    .to_string()
                    .repeat(usize::from(height_of(s)))
            ));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::perft;
    use crate::search::{Algorithm, run_for_test};

    fn moves_of(pos: &Babylon) -> Vec<String> {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        moves.iter().map(|&m| pos.move_text(m)).collect()
    }

    /// Which player wins from the start (1 or 2), by the generic search run to a proof.
    fn winner(colours: u8, tablets: u8) -> u8 {
        let pos = Babylon::start(colours, tablets).expect("start");
        if let Some(Outcome::Win(seat)) = pos.outcome() {
            return if seat == Seat::P1 { 1 } else { 2 };
        }
        let result = run_for_test(&pos, Algorithm::AlphaBeta, None);
        assert!(result.proven);
        if result.score.expect("a score") > 0 {
            1
        } else {
            2
        }
    }

    #[test]
    fn moves_need_equal_colours_or_equal_heights() {
        let start = Babylon::start(2, 2).expect("start");
        assert_eq!(moves_of(&start), ["a1a1", "a1b1", "b1a1", "b1b1"]);
        // Equal colour (a1 onto a2), equal height (a1 onto b1), neither (a2 onto b1: refused).
        let pos = Babylon::from_fen("a1 a2 b1 2").expect("fen");
        assert_eq!(moves_of(&pos), ["a1a2", "a1b1", "a2a1", "b1a1"]);
        assert!(pos.parse_move("a2b1").is_err());
        assert!(
            pos.parse_move("b1b1").is_err(),
            "one b1 cannot go onto itself"
        );
        let mut after = pos.clone();
        after.play(pos.parse_move("a1b1").expect("legal"));
        assert_eq!(after.fen(), "a2 a2 1");
    }

    #[test]
    fn whoever_cannot_move_loses() {
        let pos = Babylon::from_fen("a2 b1 1").expect("fen");
        assert_eq!(pos.outcome(), Some(Outcome::Win(Seat::P2)));
        let pos = Babylon::from_fen("c5 2").expect("fen");
        assert_eq!(pos.outcome(), Some(Outcome::Win(Seat::P1)));
    }

    #[test]
    fn the_small_game_graph_matches_the_course() {
        // C=2, N=2: 4 moves at the start; every game lasts 2 or 3 moves.
        let start = Babylon::start(2, 2).expect("start");
        assert_eq!(perft(&start, 1), 4);
        assert_eq!(perft(&start, 4), 0);
    }

    #[test]
    fn colour_renamings_share_a_hash() {
        let a = Babylon::from_fen("a1 a2 b3 c1 1").expect("fen");
        let b = Babylon::from_fen("c1 c2 a3 b1 1").expect("fen");
        assert_eq!(a.hash(), b.hash());
        let other_side = Babylon::from_fen("c1 c2 a3 b1 2").expect("fen");
        assert_ne!(a.hash(), other_side.hash());
        assert_ne!(
            a.hash(),
            Babylon::from_fen("a1 a2 b3 b1 1").expect("fen").hash()
        );
    }

    #[test]
    fn fen_round_trips_and_rejects_nonsense() {
        let pos = Babylon::from_fen("b2 a1 a1 c3 2").expect("fen");
        assert_eq!(pos.fen(), "a1 a1 b2 c3 2");
        for bad in ["", "1", "a1 3", "a0 1", "z1 1", "a 1", "a1x 1", "a40 1"] {
            assert!(Babylon::from_fen(bad).is_err(), "accepted {bad:?}");
        }
        assert!(Babylon::start(6, 6).is_err());
    }

    #[test]
    fn winners_match_the_course_table() {
        // tests/data/babylon/table.txt, C and N from 1 to 4.
        let table = crate::games::test_data::babylon_winners();
        assert_eq!(table.len(), 4);
        for (c, row) in table.iter().enumerate() {
            for (n, &expected) in row.iter().enumerate() {
                assert_eq!(
                    winner(c as u8 + 1, n as u8 + 1),
                    expected,
                    "C={} N={}",
                    c + 1,
                    n + 1
                );
            }
        }
    }

    #[test]
    fn babylon_conforms() {
        crate::games::contract::check_random_playouts(&Babylon::start(3, 3).expect("start"), 100)
            .unwrap_or_else(|e| panic!("{e}"));
    }
}
