//! Connect Four's rules at every board size and in every word, against an independent
//! plain-array board.

use super::eval::{LOSS_NEXT_EVAL, LOST_EVAL, POSITIONAL_CAP, WIN_NEXT_EVAL};
use super::ntuple::{Network, TESTED_BOARDS, WindowsNetwork};
use super::*;
use crate::games::perft;
use crate::with_board_word;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::collections::HashMap;

fn pos(moves: &str) -> Connect4 {
    Connect4::from_move_string(moves).expect("valid move string")
}

fn legal<B: Bits>(p: &Connect4<B>) -> Vec<u8> {
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    moves
}

/// Every board size from 4 x 4 to 12 x 10 and 4 x 31.
fn all_shapes() -> Vec<Shape> {
    Shape::all().collect()
}

/// The empty board of `shape` in words `B`.
fn start<B: Bits>(shape: Shape) -> Connect4<B> {
    Connect4::start(shape).expect("the word holds the board")
}

/// A random game on `shape` of up to `cells` plies, as a move string.
fn random_moves(shape: Shape, rng: &mut StdRng) -> String {
    let (mut p, mut s) = (start::<U192>(shape), String::new());
    for _ in 0..rng.random_range(0..=shape.cells()) {
        let moves = legal(&p);
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.random_range(0..moves.len())];
        s += &p.move_text(mv);
        p.play(mv);
    }
    s
}

/// The move string of the left-right mirrored game.
fn mirror(shape: Shape, moves: &str) -> String {
    let w = shape.columns();
    moves
        .chars()
        .map(|c| Shape::column_char(w - 1 - shape.parse_column(c).expect("column")))
        .collect()
}

/// A plain Connect Four board, written independently of the bitboards: `cells[col][row]`
/// holds 0 (empty), 1 (`x`) or 2 (`o`).
#[derive(Clone)]
struct PlainBoard {
    width: usize,
    height: usize,
    cells: Vec<Vec<u8>>,
    moves: usize,
    won: bool,
}

impl PlainBoard {
    fn new(width: usize, height: usize) -> Self {
        PlainBoard {
            width,
            height,
            cells: vec![vec![0; height]; width],
            moves: 0,
            won: false,
        }
    }

    fn legal(&self) -> Vec<usize> {
        if self.won || self.moves == self.width * self.height {
            return Vec::new();
        }
        (0..self.width)
            .filter(|&c| self.cells[c][self.height - 1] == 0)
            .collect()
    }

    fn at(&self, col: i64, row: i64) -> u8 {
        if col < 0 || row < 0 || col >= self.width as i64 || row >= self.height as i64 {
            0
        } else {
            self.cells[col as usize][row as usize]
        }
    }

    fn play(&mut self, col: usize) {
        let row = self.cells[col].iter().position(|&v| v == 0).expect("room");
        let who = 1 + (self.moves % 2) as u8;
        self.cells[col][row] = who;
        self.moves += 1;
        let (c, r) = (col as i64, row as i64);
        for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
            let run = |sign: i64| {
                (1..4)
                    .take_while(|k| self.at(c + sign * k * dc, r + sign * k * dr) == who)
                    .count()
            };
            if 1 + run(1) + run(-1) >= 4 {
                self.won = true;
            }
        }
    }

    /// Takes back the last stone of column `col` (the move just played there).
    fn undo(&mut self, col: usize) {
        let row = self.cells[col]
            .iter()
            .rposition(|&v| v != 0)
            .expect("a stone");
        self.cells[col][row] = 0;
        self.moves -= 1;
        self.won = false;
    }

    fn perft(&mut self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut total = 0;
        for c in self.legal() {
            self.play(c);
            total += self.perft(depth - 1);
            self.undo(c);
        }
        total
    }
}

#[test]
fn perft_matches_reference() {
    let expected = crate::games::test_data::perft_counts("connect4");
    assert_eq!(expected.len(), 9);
    for (depth, n) in (1..).zip(expected) {
        assert_eq!(perft(&<Connect4>::startpos(), depth), n, "depth {depth}");
        if depth <= 7 {
            assert_eq!(perft(&start::<u128>(Shape::STANDARD), depth), n);
            assert_eq!(perft(&start::<U192>(Shape::STANDARD), depth), n);
        }
    }
}

/// Perft of `shape` in its own word against the plain board.
fn perft_against_plain(shape: Shape, depth: u32) {
    let (w, h) = (usize::from(shape.columns()), usize::from(shape.rows()));
    let plain = PlainBoard::new(w, h).perft(depth);
    let counted = with_board_word!(shape, B => perft(&start::<B>(shape), depth));
    assert_eq!(counted, plain, "{shape} depth {depth}");
}

#[test]
fn perft_at_other_sizes_matches_a_plain_board() {
    // Depths reaching the first wins (7 plies) wherever the count stays small.
    for (w, h, depth) in [
        (4, 4, 10),
        (5, 4, 8),
        (4, 5, 9),
        (6, 5, 7),
        (8, 7, 6),
        (9, 6, 6),
        (10, 5, 5),
        (12, 4, 5),
        (4, 15, 9),
        (5, 11, 7),
        (4, 31, 8),
        (11, 10, 5),
        (12, 9, 5),
    ] {
        perft_against_plain(Shape::new(w, h).expect("fits"), depth);
    }
}

#[test]
fn perft_beyond_64_bits_matches_a_plain_board() {
    // The boards of issue 30, to the first wins: 8 x 8, 9 x 7, 10 x 6 (128-bit words) and
    // 12 x 10 (192-bit).
    for (w, h) in [(8, 8), (9, 7), (10, 6), (12, 10)] {
        perft_against_plain(Shape::new(w, h).expect("fits"), 7);
    }
}

/// Random games of `shape` in words `B`, move by move beside the plain board.
fn random_games_agree<B: Bits>(shape: Shape, rng: &mut StdRng) {
    let (w, h) = (usize::from(shape.columns()), usize::from(shape.rows()));
    let (mut wins, mut draws) = (0, 0);
    let games = if shape.cells() > 60 { 20 } else { 60 };
    for _ in 0..games {
        let (mut p, mut plain) = (start::<B>(shape), PlainBoard::new(w, h));
        loop {
            let moves = legal(&p);
            let plain_moves: Vec<u8> = plain.legal().iter().map(|&c| c as u8).collect();
            assert_eq!(moves, plain_moves, "{shape}: {}", p.fen());
            assert_eq!(
                Connect4::<B>::from_fen(&p.fen()).as_ref(),
                Ok(&p),
                "{shape}"
            );
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.random_range(0..moves.len())];
            assert_eq!(p.is_winning_move(mv), {
                let mut next = plain.clone();
                next.play(usize::from(mv));
                next.won
            });
            p.play(mv);
            plain.play(usize::from(mv));
        }
        match p.outcome() {
            Some(Outcome::Win(seat)) => {
                wins += 1;
                assert!(plain.won);
                assert_eq!(seat, [Seat::P1, Seat::P2][(plain.moves + 1) % 2]);
            }
            Some(Outcome::Draw) => {
                draws += 1;
                assert!(!plain.won && plain.moves == w * h);
            }
            other => panic!("{shape}: game not over: {other:?}"),
        }
    }
    assert!(wins > 0, "{shape}: {wins} wins {draws} draws");
}

#[test]
fn random_games_agree_with_a_plain_board_at_every_size() {
    let mut rng = StdRng::seed_from_u64(15);
    for shape in all_shapes() {
        with_board_word!(shape, B => random_games_agree::<B>(shape, &mut rng));
    }
    // The wider words play the narrower boards alike.
    for shape in [Shape::STANDARD, Shape::new(8, 7).expect("fits")] {
        random_games_agree::<u128>(shape, &mut rng);
        random_games_agree::<U192>(shape, &mut rng);
    }
    random_games_agree::<U192>(Shape::new(8, 8).expect("fits"), &mut rng);
}

#[test]
fn every_word_agrees_with_the_narrowest_on_random_positions() {
    // Fen, moves, evaluation, hints and keys of a position, in each word that holds it.
    fn describe<B: Bits>(p: &Connect4<B>) -> (String, Vec<u8>, i32, Vec<i32>, [u64; 3]) {
        let hints = (0..p.shape().columns())
            .map(|c| p.move_order_hint(c))
            .collect();
        (p.fen(), legal(p), p.evaluate(), hints, p.key().words())
    }
    let mut rng = StdRng::seed_from_u64(30);
    for shape in all_shapes() {
        for _ in 0..20 {
            let moves = random_moves(shape, &mut rng);
            let widest = Connect4::<U192>::from_moves(shape, &moves).expect("replays");
            let narrow = with_board_word!(shape, B => {
                let p = Connect4::<B>::from_moves(shape, &moves).expect("replays");
                assert_eq!(p.in_word::<U192>().as_ref(), Ok(&widest));
                assert_eq!(p.hash() == widest.hash(), shape.word() == shape::WordSize::W192);
                describe(&p)
            });
            assert_eq!(narrow, describe(&widest), "{shape} {moves}");
            if shape.bits() <= 128 {
                let wide = Connect4::<u128>::from_moves(shape, &moves).expect("replays");
                assert_eq!(describe(&wide), narrow, "{shape} {moves}");
            }
        }
    }
}

#[test]
fn fours_in_every_direction_win_for_both_sides() {
    for (moves, winner) in [
        ("1122334", Seat::P1),
        ("71122334", Seat::P2),
        ("1212121", Seat::P1),
        ("71212121", Seat::P2),
        ("12234334544", Seat::P1),
        ("712234334544", Seat::P2),
        ("76654554344", Seat::P1),
        ("176654554344", Seat::P2),
    ] {
        let (before, last) = moves.split_at(moves.len() - 1);
        assert_eq!(pos(before).outcome(), None, "{moves}: over too early");
        let col = last.as_bytes()[0] - b'1';
        assert!(pos(before).is_winning_move(col), "{moves}");
        let p = pos(moves);
        assert_eq!(p.outcome(), Some(Outcome::Win(winner)), "{moves}");
        assert!(legal(&p).is_empty(), "{moves}: moves after a win");
        assert!(p.parse_move("6").unwrap_err().0.contains("over"));
        assert_eq!(<Connect4>::from_fen(&p.fen()), Ok(p));
    }
}

#[test]
fn the_last_columns_of_wide_boards_are_letters() {
    let shape = Shape::new(12, 4).expect("fits");
    // x plays 9 a b c along the bottom row, o stacks on 1.
    let p = Connect4::<u64>::from_moves(shape, "91a1b1c").expect("moves");
    assert_eq!(p.outcome(), Some(Outcome::Win(Seat::P1)));
    assert_eq!(
        p.fen(),
        "............/o.........../o.........../o.......xxxx o"
    );
    let q = Connect4::<u64>::from_moves(shape, "91a1b1").expect("moves");
    assert_eq!(q.parse_move("c"), Ok(11));
    assert_eq!(q.parse_move("C"), Ok(11));
    assert!(q.parse_move("d").unwrap_err().0.contains("1-9, a-c"));
    assert_eq!(q.move_text(9), "a");
    assert!(q.display().ends_with("\n1 2 3 4 5 6 7 8 9 a b c\n"));
    let narrow = Shape::new(10, 5).expect("fits");
    let e = Connect4::<u64>::from_moves(narrow, "4b").unwrap_err().0;
    assert!(e.contains("'b' at index 1 is not a column 1-9, a-a"), "{e}");
    // 12 x 10 (192-bit words): x along the bottom row, columns 9 to c, o stacked on 1.
    let largest = Shape::new(12, 10).expect("fits");
    let p = Connect4::<U192>::from_moves(largest, "91a1b1c").expect("moves");
    assert_eq!(p.outcome(), Some(Outcome::Win(Seat::P1)));
    let fen = p.fen();
    let rows: Vec<&str> = fen
        .split(' ')
        .next()
        .unwrap_or_default()
        .split('/')
        .collect();
    assert_eq!((rows.len(), rows[9]), (10, "o.......xxxx"));
    // Column c filled to row 10, the last cell of the 132 bits: x and o by twos.
    let full = Connect4::<U192>::from_moves(largest, "c1cc11cc11cc11cc11c").expect("moves");
    assert!(!full.can_play(11) && full.can_play(10));
    assert_eq!(full.fen().split('/').next(), Some("...........x"));
}

/// Fens of `shape` in words `B`: the start's, random positions', and another size's refused.
fn fens_round_trip<B: Bits>(shape: Shape, rng: &mut StdRng) {
    let start = start::<B>(shape);
    let fen = start.fen();
    assert_eq!(fen.split('/').count(), usize::from(shape.rows()));
    assert_eq!(Connect4::<B>::from_fen(&fen).as_ref(), Ok(&start));
    assert_eq!(start.parse_fen_with_rules(&fen).as_ref(), Ok(&start));
    assert_eq!(fen_shape(&fen), Ok(shape));
    for _ in 0..20 {
        let moves = random_moves(shape, rng);
        let p = Connect4::<B>::from_moves(shape, &moves).expect("replays");
        assert_eq!(
            Connect4::<B>::from_fen(&p.fen()).as_ref(),
            Ok(&p),
            "{shape} {moves}"
        );
    }
    if !shape.is_standard() {
        let e = <Connect4>::startpos()
            .parse_fen_with_rules(&fen)
            .unwrap_err()
            .0;
        assert!(e.contains(&format!("{shape} board")), "{e}");
    }
}

#[test]
fn fens_round_trip_and_name_their_size() {
    let mut rng = StdRng::seed_from_u64(6);
    for shape in all_shapes() {
        with_board_word!(shape, B => fens_round_trip::<B>(shape, &mut rng));
    }
    // Too small, too large.
    let e = <Connect4>::from_fen("..../..../.... x").unwrap_err().0;
    assert!(e.contains("too small"), "{e}");
    for (w, h) in [(13, 4), (12, 11), (4, 32), (5, 25), (300, 4)] {
        let board = vec![".".repeat(w); h].join("/") + " x";
        let e = Connect4::<U192>::from_fen(&board).unwrap_err().0;
        assert!(
            e.contains("too large") && e.contains("12x10"),
            "{w}x{h}: {e}"
        );
    }
    // A board its word does not hold: the position of a 64-bit session cannot read 8 x 8.
    let eight = ["........"; 8].join("/") + " x";
    let e = <Connect4>::from_fen(&eight).unwrap_err().0;
    assert!(e.contains("8x8") && e.contains("64-bit"), "{e}");
    let e = <Connect4>::startpos()
        .parse_fen_with_rules(&eight)
        .unwrap_err()
        .0;
    assert!(e.contains("8x8 board") && e.contains("7x6"), "{e}");
    assert!(Connect4::<u128>::from_fen(&eight).is_ok());
}

#[test]
fn full_board_without_four_is_a_draw() {
    let p = pos("111111222222333333544444455555666666777777");
    assert_eq!((p.moves_played(), p.outcome()), (42, Some(Outcome::Draw)));
    assert!(legal(&p).is_empty());
    let fen = "oooxooo/xxxoxxx/oooxooo/xxxoxxx/oooxooo/xxxoxxx x";
    assert_eq!(p.fen(), fen);
    assert_eq!(<Connect4>::from_fen(fen), Ok(p));
}

#[test]
fn fen_and_display_round_trip() {
    let start = "......./......./......./......./......./....... x";
    assert_eq!(<Connect4>::startpos().fen(), start);
    assert_eq!(<Connect4>::from_fen(start), Ok(<Connect4>::startpos()));
    let p = pos("4453");
    assert_eq!(p.fen(), "......./......./......./......./...o.../..oxx.. x");
    assert_eq!(<Connect4>::from_fen(&p.fen()), Ok(p.clone()));
    let bottom = "\n. . . o . . .\n. . o x x . .\n1 2 3 4 5 6 7\n";
    assert!(p.display().ends_with(bottom) && p.display().lines().count() == 7);
    let won = <Connect4>::from_fen("......./......./......./......./ooo..../xxxx... o");
    assert_eq!(won.map(|p| p.outcome()), Ok(Some(Outcome::Win(Seat::P1))));
}

#[test]
fn bad_fens_are_rejected() {
    let e = "......./......./......./......./......."; // five empty rows
    let b = "......./......./......./......./"; // four
    for (bad, why) in [
        (String::new(), "empty"),
        (format!("{e}/......."), "side"),
        (format!("{e}/...... x"), "cells"),
        (format!("{e}/......q x"), "bad cell"),
        (format!("{e}/....... z"), "bad side"),
        (format!("{e}/....... x o"), "unexpected"),
        (format!("{b}...x.../....... o"), "column 4, row 2"),
        (format!("{e}/xx..... o"), "counts"),
        (format!("{e}/x...... x"), "side to move"),
        (format!("{b}oooo.../xxxx... x"), "both"),
        (format!("{b}ooo..../xxxx..o x"), "is to move"),
        (
            "......./......./x.....x/xoo...x/xoo...x/xooo..x o".into(),
            "single last",
        ),
    ] {
        let e = <Connect4>::from_fen(&bad).expect_err(&bad);
        assert!(e.0.contains(why), "{bad:?}: '{e}' lacks '{why}'");
    }
    // Five rows make a 7x5 board: a fen of its own, not the game's.
    let five = format!("{e} x");
    assert!(<Connect4>::from_fen(&five).is_ok());
    let e = <Connect4>::startpos()
        .parse_fen_with_rules(&five)
        .unwrap_err()
        .0;
    assert!(e.contains("7x5 board") && e.contains("7x6"), "{e}");
}

#[test]
fn move_strings_agree_with_played_moves() {
    let mut p = <Connect4>::startpos();
    for ch in "4453271".chars() {
        p.play(p.parse_move(&ch.to_string()).expect("legal"));
    }
    assert_eq!(pos("4453271"), p);
    assert_eq!(pos(""), <Connect4>::startpos());
    let error = |moves: &str| Connect4::from_move_string(moves).unwrap_err().0;
    assert!(error("8").contains("index 0") && error("440").contains("index 2"));
    assert!(error("4a").contains("index 1") && error("12121215").contains("index 7"));
    assert!(error("1111111").contains("index 6: column 1 is full"));
    let full = pos("111111");
    assert!(!full.can_play(0) && full.can_play(1) && !full.can_play(7));
    assert!(full.parse_move("1").unwrap_err().0.contains("full"));
    for bad in ["0", "8", "x", "44", "", "a"] {
        assert!(full.parse_move(bad).is_err(), "accepted {bad:?}");
    }
    assert_eq!(legal(&full), [1, 2, 3, 4, 5, 6]);
}

/// Keys of random positions of `shape` in words `B`: unique, below `2^bits`, mirrored.
fn keys_unique_and_mirrored<B: Bits>(shape: Shape, rng: &mut StdRng) {
    let (mut by_key, mut by_fen) = (HashMap::new(), HashMap::new());
    let limit = B::low_bits(shape.bits());
    for _ in 0..300 {
        let moves = random_moves(shape, rng);
        let p = Connect4::<B>::from_moves(shape, &moves).expect("replays");
        assert!(p.key() & !limit == B::ZERO && p.evaluate().abs() <= LOST_EVAL);
        assert_eq!(by_key.entry(p.key()).or_insert_with(|| p.fen()), &p.fen());
        assert_eq!(by_fen.entry(p.fen()).or_insert(p.key()), &p.key());
        let m = Connect4::<B>::from_moves(shape, &mirror(shape, &moves)).expect("replays");
        assert_eq!(p.mirror_key(), m.key(), "{shape} {moves}");
        assert_eq!(
            p.evaluate(),
            m.evaluate(),
            "{shape} {moves}: evaluation not symmetric"
        );
    }
    assert!(by_key.len() > 150, "{shape}");
}

#[test]
fn keys_are_unique_and_mirror_at_every_size() {
    let mut rng = StdRng::seed_from_u64(42);
    for shape in all_shapes() {
        with_board_word!(shape, B => keys_unique_and_mirrored::<B>(shape, &mut rng));
    }
}

#[test]
fn winning_and_non_losing_moves() {
    let p = pos("112233");
    assert!(p.can_win_next() && p.evaluate() == WIN_NEXT_EVAL);
    let wins: Vec<u8> = (0..7).filter(|&c| p.is_winning_move(c)).collect();
    assert_eq!(wins, [3]);
    assert!(pos("121212").is_winning_move(0) && !pos("121212").is_winning_move(1));
    // o must block the bottom of column 4.
    let p = pos("11223");
    assert!(!p.can_win_next());
    assert_eq!(p.non_losing_moves(), p.move_bit(3));
    // Two open ends: o cannot stop both.
    let p = pos("22334");
    let open_ends = p.move_bit(0) | p.move_bit(4);
    assert_eq!(p.opponent_winning_cells() & p.possible(), open_ends);
    assert_eq!(p.non_losing_moves(), 0);
    assert_eq!(p.evaluate(), -LOSS_NEXT_EVAL);
    // x threatens the second cell of column 4: o must not play under it.
    let p = pos("3112273");
    assert_eq!(p.opponent_winning_cells(), 1 << (3 * 7 + 1));
    let safe = p.possible() & !p.column_mask(3);
    assert_eq!(p.non_losing_moves(), safe);
}

#[test]
fn move_order_prefers_centre_wins_and_blocks() {
    let p = <Connect4>::startpos();
    let hints: Vec<i32> = (0..7).map(|c| p.move_order_hint(c)).collect();
    assert_eq!(hints, [0, 2, 4, 6, 4, 2, 0]);
    assert!(p.evaluate().abs() < 50);
    let best = |p: Connect4| legal(&p).into_iter().max_by_key(|&c| p.move_order_hint(c));
    assert_eq!(best(pos("112233")), Some(3));
    assert_eq!(best(pos("11223")), Some(3));
    assert_eq!(best(pos("77665")), Some(3));
    // An even width has two centre columns.
    let even = start::<u64>(Shape::new(8, 7).expect("fits"));
    let hints: Vec<i32> = (0..8).map(|c| even.move_order_hint(c)).collect();
    assert!(hints[3] == hints[4] && hints[4] > hints[5] && hints[5] > hints[6]);
}

#[test]
fn connect4_keeps_the_contract_on_many_playouts() {
    let checked = crate::games::contract::check_random_playouts(&<Connect4>::startpos(), 200);
    assert_eq!(checked, Ok(()));
}

/// The 9 x 6 board, the one with an n-tuple network.
fn nine_by_six() -> Shape {
    Shape::new(9, 6).expect("a board size")
}

/// A 9 x 6 position evaluated with the network read tuple by tuple as its file lays them out
/// (the way before the segments of `ntuple::Fast`), checking at each evaluated node that the
/// evaluation the engine uses gives the same value.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Reference(Connect4);

impl Game for Reference {
    type Move = u8;
    const NAME: &'static str = "connect4-reference";

    fn startpos() -> Self {
        Reference(start(nine_by_six()))
    }
    fn from_fen(fen: &str) -> Result<Self, GameError> {
        Connect4::from_fen(fen).map(Reference)
    }
    fn fen(&self) -> String {
        self.0.fen()
    }
    fn side_to_move(&self) -> Seat {
        self.0.side_to_move()
    }
    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }
    fn legal_moves(&self, moves: &mut Vec<u8>) {
        self.0.legal_moves(moves);
    }
    fn play(&mut self, col: u8) {
        self.0.play(col);
    }
    fn evaluate(&self) -> i32 {
        let reference = self.0.reference_evaluation();
        assert_eq!(self.0.evaluation(), reference, "{}", self.0.fen());
        reference
    }
    fn hash(&self) -> u64 {
        self.0.hash()
    }
    fn move_code(col: u8) -> u16 {
        Connect4::<u64>::move_code(col)
    }
    fn move_order_hint(&self, col: u8) -> i32 {
        self.0.move_order_hint(col)
    }
    fn move_text(&self, col: u8) -> String {
        self.0.move_text(col)
    }
    fn display(&self) -> String {
        self.0.display()
    }
    fn action_count(&self) -> u32 {
        self.0.action_count()
    }
    fn action(&self, col: u8) -> u32 {
        self.0.action(col)
    }
    fn max_plies(&self) -> Option<u32> {
        self.0.max_plies()
    }
}

/// 30 positions of 9 x 6 from random games of 4 to 18 plies, not finished.
fn nine_by_six_positions() -> Vec<Connect4> {
    let mut rng = StdRng::seed_from_u64(51);
    let mut out = Vec::new();
    while out.len() < 30 {
        let mut p: Connect4 = start(nine_by_six());
        for _ in 0..rng.random_range(4..=18) {
            let moves = legal(&p);
            if moves.is_empty() {
                break;
            }
            p.play(moves[rng.random_range(0..moves.len())]);
        }
        if p.outcome().is_none() {
            out.push(p);
        }
    }
    out
}

#[test]
fn the_network_by_segments_equals_the_reference_in_random_games() {
    let mut rng = StdRng::seed_from_u64(7);
    for game in 0..200 {
        let mut p: Connect4 = start(nine_by_six());
        let mut wide: Connect4<u128> = start(nine_by_six());
        loop {
            assert_eq!(
                p.evaluation(),
                p.reference_evaluation(),
                "game {game}: {}",
                p.fen()
            );
            assert_eq!(p.network_value(), p.network_value_from_board());
            assert_eq!(wide.network_value(), p.network_value());
            let moves = legal(&p);
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.random_range(0..moves.len())];
            p.play(mv);
            wide.play(mv);
        }
    }
    // Boards without a network add nothing.
    assert_eq!(pos("4453").network_value(), 0);
}

/// The value of `made` for the side to move of `plain`, read cell by cell from the plain board.
fn windows_value(made: &WindowsNetwork, plain: &PlainBoard) -> i32 {
    let cell = |c: u32, r: u32| {
        let (c, r) = (c as usize, r as usize);
        match plain.cells[c][r] {
            0 if r == 0 || plain.cells[c][r - 1] != 0 => 3,
            v => v,
        }
    };
    let x_to_move = plain.moves.is_multiple_of(2);
    let value = made.value_by_cell(cell, x_to_move);
    if x_to_move { value } else { -value }
}

#[test]
fn windows_networks_agree_with_the_cells_and_the_hand_evaluation_on_every_board() {
    let mut rng = StdRng::seed_from_u64(52);
    // The boards beyond the solver's reach (7 x 6 is the ntuple module's own test's).
    for &(width, height) in TESTED_BOARDS.iter().filter(|&&b| b != (7, 6)) {
        let shape = Shape::new(width, height).expect("a board");
        let made = WindowsNetwork::new(width, height, u64::from(width) << 8 | u64::from(height));
        let net = Network::parse(&made.file).expect("a windows network");
        let (mut to_move, mut added) = ([0; 2], 0);
        with_board_word!(shape, B => {
            for game in 0..30 {
                let mut p = start::<B>(shape);
                let mut plain = PlainBoard::new(usize::from(width), usize::from(height));
                loop {
                    let expected = windows_value(&made, &plain);
                    let here = || format!("{shape} game {game}: {}", p.fen());
                    assert_eq!(p.network_value_with(Some(&net), false), expected, "{}", here());
                    assert_eq!(p.network_value_with(Some(&net), true), expected, "{}", here());
                    to_move[plain.moves % 2] += 1;
                    let hand = p.evaluation_with_network(None, false);
                    let with = p.evaluation_with_network(Some(&net), false);
                    assert_eq!(with, p.evaluation_with_network(Some(&net), true), "{}", here());
                    if p.outcome().is_some() || hand.abs() >= LOSS_NEXT_EVAL.min(WIN_NEXT_EVAL) {
                        assert_eq!(with, hand, "{}", here());
                    } else if hand.abs() < POSITIONAL_CAP {
                        let sum = (hand + expected).clamp(-POSITIONAL_CAP, POSITIONAL_CAP);
                        assert_eq!(with, sum, "{}", here());
                        added += 1;
                    }
                    let moves = legal(&p);
                    if moves.is_empty() {
                        break;
                    }
                    let mv = moves[rng.random_range(0..moves.len())];
                    p.play(mv);
                    plain.play(usize::from(mv));
                }
            }
        });
        assert!(to_move[0] > 100 && to_move[1] > 100, "{shape}: {to_move:?}");
        assert!(added > 100, "{shape}: {added}");
    }
}

#[test]
fn fixed_depth_searches_match_the_whole_board_evaluation() {
    use crate::search::{Algorithm, run_for_test};
    let mut searched = 0;
    for (i, p) in nine_by_six_positions().into_iter().enumerate() {
        let depth = 7 + (i % 3) as u32;
        let fast = run_for_test(&p, Algorithm::AlphaBeta, Some(depth));
        let reference = run_for_test(&Reference(p.clone()), Algorithm::AlphaBeta, Some(depth));
        assert_eq!(
            (&fast.best_move, fast.score, fast.nodes),
            (&reference.best_move, reference.score, reference.nodes),
            "{} at depth {depth}",
            p.fen()
        );
        // Some positions are settled in a few nodes; most take a real search.
        searched += usize::from(fast.nodes > 1000);
    }
    assert!(searched >= 20, "{searched} positions took a real search");
}

#[test]
fn order_hints_equal_the_winning_cells_reading() {
    // The hint as it was written: each side's winning cells, the cell played and the one above.
    fn by_winning_cells<B: Bits>(p: &Connect4<B>, col: u8) -> (i32, i32, i32) {
        let bit = p.move_bit(col);
        let theirs = p.opponent_winning_cells();
        (
            i32::from(!(bit & p.own_winning_cells()).is_zero()),
            i32::from(!(bit & theirs).is_zero()),
            i32::from(!((bit << 1) & theirs).is_zero()),
        )
    }
    let mut rng = StdRng::seed_from_u64(11);
    for shape in all_shapes() {
        for _ in 0..20 {
            let moves = random_moves(shape, &mut rng);
            with_board_word!(shape, B => {
                let p = Connect4::<B>::from_moves(shape, &moves).expect("a legal game");
                for col in 0..shape.columns() {
                    if p.can_play(col) {
                        assert_eq!(
                            p.hint_lines(p.move_bit(col)),
                            by_winning_cells(&p, col),
                            "{shape} {moves} column {col}"
                        );
                    }
                }
                // The hints of a node at once (full columns too, and a column asked alone).
                let cols: Vec<u8> = (0..shape.columns()).rev().collect();
                let mut hints = vec![0; cols.len()];
                p.order_hints(&cols, &mut hints);
                let one_by_one: Vec<i32> = cols.iter().map(|&c| p.order_hint(c)).collect();
                assert_eq!(hints, one_by_one, "{shape} {moves}");
                p.order_hints(&cols[1..2], &mut hints[..1]);
                assert_eq!(hints[0], one_by_one[1], "{shape} {moves}");
            });
        }
    }
}
