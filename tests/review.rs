//! The game review checked exactly: every move's values, class and best moves against an
//! independent computation in the test, over the games' rules alone (legal moves, play,
//! outcome): plain minimax for tic-tac-toe and small Connect Four boards (the end of a 7 x 6
//! game too), breadth-first search for a Rush Hour puzzle. None of sente's solvers or searches
//! is used by the checks.

use sente::games::Outcome;
use sente::review::{Class, GameRecord, Review, Settings, TagKind, Value, review};
use sente::variants::variant::Variant;
use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// A value for the side to move as the minimax finds it: who wins (1, 0, -1) and in how many
/// plies (the winner hurrying, the loser holding out).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Exact {
    result: i32,
    plies: u32,
}

impl Exact {
    /// The value seen by the player who moved into the position, one ply earlier.
    fn back(self) -> Exact {
        Exact {
            result: -self.result,
            plies: self.plies + 1,
        }
    }

    /// True when `self` is better than `other` for its side.
    fn better(self, other: Exact) -> bool {
        match self.result.cmp(&other.result) {
            std::cmp::Ordering::Equal => match self.result {
                1 => self.plies < other.plies,
                -1 => self.plies > other.plies,
                _ => false,
            },
            order => order == std::cmp::Ordering::Greater,
        }
    }

    /// As the review writes it (a draw's distance is not kept).
    fn value(self) -> Value {
        match self.result {
            1 => Value::Win {
                plies: Some(self.plies),
            },
            -1 => Value::Loss {
                plies: Some(self.plies),
            },
            _ => Value::Draw,
        }
    }
}

/// Plain minimax with a table of positions by fen, over the rules alone.
#[derive(Default)]
struct Minimax {
    known: HashMap<String, Exact>,
}

impl Minimax {
    fn value(&mut self, pos: &dyn Variant) -> Exact {
        let fen = pos.fen();
        if let Some(&known) = self.known.get(&fen) {
            return known;
        }
        let value = match pos.outcome() {
            // The player who just moved won.
            Some(Outcome::Win(seat)) if seat != pos.side_to_move() => Exact {
                result: -1,
                plies: 0,
            },
            Some(Outcome::Win(_)) => Exact {
                result: 1,
                plies: 0,
            },
            Some(_) => Exact {
                result: 0,
                plies: 0,
            },
            None => {
                let mut best: Option<Exact> = None;
                for mv in pos.legal_moves() {
                    let mut child = pos.clone_box();
                    child.play_move(&mv).expect("a legal move");
                    let value = self.value(child.as_ref()).back();
                    if best.is_none_or(|b| value.better(b)) {
                        best = Some(value);
                    }
                }
                best.expect("a position not over has a move")
            }
        };
        self.known.insert(fen, value);
        value
    }

    /// The value of `mv` from `pos`, for the player of the move.
    fn after(&mut self, pos: &dyn Variant, mv: &str) -> Exact {
        let mut child = pos.clone_box();
        child.play_move(mv).expect("a legal move");
        self.value(child.as_ref()).back()
    }
}

/// The class the issue gives a move from the exact values before and after it (for the mover):
/// a change of result a blunder; the result kept, best when the distance is kept, good (a tag,
/// never a mark) when a win is made slower or a loss quicker.
fn two_player_class(before: Exact, after: Exact) -> Class {
    if after.result < before.result {
        return Class::Blunder;
    }
    assert_eq!(after.result, before.result, "no move beats the best");
    if after == before {
        Class::Best
    } else {
        Class::Good
    }
}

/// The tags the issue gives a move, from the exact values of every move of `pos` (brute force
/// over them): a faster win or a longer defence missed (the result kept, the distance not),
/// forced (the one legal move, or the one after which the opponent cannot win at once), else
/// the only move keeping a win or a draw (great when every other loses), and the book's move
/// (none on the boards of these tests).
fn two_player_tags(pos: &dyn Variant, mv: &str, minimax: &mut Minimax) -> Vec<TagKind> {
    let before = minimax.value(pos);
    let after = minimax.after(pos, mv);
    let mut tags = Vec::new();
    if after.result < before.result {
        return tags;
    }
    if after != before {
        tags.push(if before.result == 1 {
            TagKind::FasterWinMissed
        } else {
            TagKind::LongerDefenceMissed
        });
    }
    let legal = pos.legal_moves();
    let mover = pos.side_to_move();
    // The opponent wins at once after `m`: the move itself hands it the game, or one reply does.
    let loses_at_once = |m: &String| {
        let mut child = pos.clone_box();
        child.play_move(m).expect("legal");
        let won = |p: &dyn Variant| matches!(p.outcome(), Some(Outcome::Win(s)) if s != mover);
        if child.outcome().is_some() {
            return won(child.as_ref());
        }
        child.legal_moves().iter().any(|reply| {
            let mut next = child.clone_box();
            next.play_move(reply).expect("legal");
            won(next.as_ref())
        })
    };
    let others: Vec<&String> = legal.iter().filter(|m| *m != mv).collect();
    let forced = others.is_empty()
        || (!loses_at_once(&mv.to_string()) && others.iter().all(|m| loses_at_once(m)));
    if forced {
        tags.push(TagKind::Forced);
    } else if before.result >= 0 {
        let results: Vec<i32> = others
            .iter()
            .map(|m| minimax.after(pos, m).result)
            .collect();
        if !results.is_empty() && results.iter().all(|&r| r < before.result) {
            tags.push(if results.iter().all(|&r| r < 0) {
                TagKind::Great
            } else {
                TagKind::OnlyMove
            });
        }
    }
    // The book is data: its own lookup is the reference (`book_moves_are_tagged` reads its
    // text).
    if pos.book_move().as_deref() == Some(mv) {
        tags.push(TagKind::Book);
    }
    tags
}

/// A small deterministic generator (64-bit LCG) for the games' moves.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

fn settings() -> Settings {
    Settings {
        movetime: Duration::from_secs(3600),
        nodes: 10_000,
        hash_mb: 16,
        threads: 1,
    }
}

fn reviewed(game: &GameRecord) -> Review {
    let stop = Arc::new(AtomicBool::new(false));
    let mut heard = 0;
    let review = review(game, settings(), stop, &mut |p| {
        heard += 1;
        assert_eq!(p.done, heard, "progress counts the moves reviewed");
    })
    .expect("a game")
    .expect("not stopped");
    assert_eq!(heard, game.moves().len());
    review
}

/// Checks every move of a two-player game's review against minimax.
fn check_two_player(game: &GameRecord, minimax: &mut Minimax) -> Review {
    let review = reviewed(game);
    let positions = game.positions().expect("legal");
    assert_eq!(review.moves.len(), game.moves().len());
    for (i, m) in review.moves.iter().enumerate() {
        let pos = positions[i].as_ref();
        let before = minimax.value(pos);
        let after = minimax.value(positions[i + 1].as_ref()).back();
        let want = two_player_class(before, after);
        let context = format!("{} move {} '{}'", game.variant(), m.ply, m.mv);
        assert_eq!(m.before, before.value(), "{context}: before");
        assert_eq!(m.after, after.value(), "{context}: after");
        assert_eq!(m.class, want, "{context}: class");
        assert_eq!(m.mark, want.mark(), "{context}");
        let tags: Vec<TagKind> = m.tags.iter().map(|t| t.kind).collect();
        assert_eq!(
            tags,
            two_player_tags(pos, &m.mv, minimax),
            "{context}: tags"
        );
        // The best moves: every move keeping the value where the player erred, and at least
        // one (each keeping it) otherwise.
        assert!(!m.best.is_empty(), "{context}: a best move");
        for best in &m.best {
            assert!(
                minimax.after(pos, best) == before,
                "{context}: {best} named best"
            );
        }
        if want.erred() {
            let all: Vec<String> = pos.legal_moves();
            assert_eq!(
                m.alternatives.len(),
                all.len(),
                "{context}: every move valued"
            );
            for alt in &m.alternatives {
                let exact = minimax.after(pos, &alt.mv);
                assert_eq!(alt.value, exact.value(), "{context}: {}", alt.mv);
            }
            let mut keeping: Vec<String> = all
                .into_iter()
                .filter(|mv| minimax.after(pos, mv) == before)
                .collect();
            let mut named = m.best.clone();
            keeping.sort();
            named.sort();
            assert_eq!(named, keeping, "{context}: the better moves");
            assert!(!m.comment.is_empty(), "{context}: a comment");
        } else {
            assert!(m.alternatives.is_empty(), "{context}");
        }
    }
    // The summary counts the classes.
    for side in &review.sides {
        let own = review.moves.iter().filter(|m| m.side == side.side);
        let count = |class| own.clone().filter(|m| m.class == class).count();
        assert_eq!(side.blunders, count(Class::Blunder));
        assert_eq!(side.mistakes, count(Class::Mistake));
        assert_eq!(side.inaccuracies, count(Class::Inaccuracy));
        assert_eq!(side.judged.exact, side.moves, "every move judged exactly");
        assert!(side.moves == 0 || side.accuracy.is_some());
    }
    consistent(&review);
    review
}

/// Classes, marks, counts, tags and accuracy agree: each side's counts are its marks and its
/// tags; a side with an inaccuracy, a mistake or a blunder never shows 100 % (as the CLI and
/// the page show it, cut to one decimal); an erred move's accuracy is below 100; no exact move
/// is an inaccuracy or a mistake unless it lowers a final score; a tagged distance is never a
/// mark.
fn consistent(review: &Review) {
    for side in &review.sides {
        let own: Vec<_> = review
            .moves
            .iter()
            .filter(|m| m.side == side.side)
            .collect();
        let marks = |mark: &str| own.iter().filter(|m| m.mark == mark).count();
        assert_eq!(side.inaccuracies, marks("?!"), "{:?}", side.side);
        assert_eq!(side.mistakes, marks("?"), "{:?}", side.side);
        assert_eq!(side.blunders, marks("??"), "{:?}", side.side);
        let tagged = |kind: TagKind| {
            own.iter()
                .flat_map(|m| &m.tags)
                .filter(|t| t.kind == kind)
                .count()
        };
        let t = side.tags;
        assert_eq!(t.faster_win_missed, tagged(TagKind::FasterWinMissed));
        assert_eq!(
            t.longer_defence_missed,
            tagged(TagKind::LongerDefenceMissed)
        );
        assert_eq!(t.only_move, tagged(TagKind::OnlyMove));
        assert_eq!(t.great, tagged(TagKind::Great));
        assert_eq!(t.forced, tagged(TagKind::Forced));
        assert_eq!(t.book, tagged(TagKind::Book));
        let erred = side.inaccuracies + side.mistakes + side.blunders;
        if erred > 0 && review.puzzle.is_none() {
            let accuracy = side.accuracy.expect("a side with moves");
            assert_ne!(
                sente::review::accuracy_text(accuracy),
                "100.0",
                "{:?}: 100 % beside {erred} errors",
                side.side
            );
        }
    }
    for m in &review.moves {
        if m.class.erred() && review.puzzle.is_none() {
            assert!(m.accuracy.is_some_and(|a| a < 100.0), "move {}", m.ply);
        }
        if m.judged == sente::review::Judged::Exact && review.puzzle.is_none() {
            let score = matches!(m.before, Value::Score { .. });
            assert!(
                score || !matches!(m.class, Class::Inaccuracy | Class::Mistake),
                "move {}: exact {:?}",
                m.ply,
                m.class
            );
        }
        let distance = m.tags.iter().any(|t| {
            matches!(
                t.kind,
                TagKind::FasterWinMissed | TagKind::LongerDefenceMissed
            )
        });
        assert!(!distance || m.mark.is_empty(), "move {}", m.ply);
    }
}

/// A game of `plies` moves from `start`'s position, each move the best one (by minimax) with
/// probability 1/2 and a random one otherwise, stopping at the end.
fn varied_game(
    variant: &str,
    rules: &[(String, String)],
    plies: usize,
    seed: u64,
    minimax: &mut Minimax,
) -> GameRecord {
    let mut rng = Lcg(seed);
    let start = GameRecord::new(variant, rules, None, &[]).expect("a start");
    let mut pos = start.positions().expect("a start").remove(0);
    let mut moves = Vec::new();
    while moves.len() < plies && pos.outcome().is_none() {
        let legal = pos.legal_moves();
        let mv = if rng.below(2) == 0 {
            legal[rng.below(legal.len())].clone()
        } else {
            let best = minimax.value(pos.as_ref());
            legal
                .iter()
                .find(|mv| {
                    let mut child = pos.clone_box();
                    child.play_move(mv).expect("legal");
                    minimax.value(child.as_ref()).back() == best
                })
                .expect("a best move")
                .clone()
        };
        pos.play_move(&mv).expect("legal");
        moves.push(mv);
    }
    GameRecord::new(variant, rules, None, &moves).expect("legal")
}

#[test]
fn tic_tac_toe_games_are_classed_as_minimax_values_them() {
    let mut minimax = Minimax::default();
    let mut classes = HashSet::new();
    let mut tags = HashSet::new();
    for seed in 0..24 {
        let game = varied_game("tictactoe", &[], 9, seed, &mut minimax);
        let review = check_two_player(&game, &mut minimax);
        classes.extend(review.moves.iter().map(|m| m.class));
        tags.extend(
            review
                .moves
                .iter()
                .flat_map(|m| m.tags.iter().map(|t| t.kind)),
        );
    }
    // Each tag but the book's (Connect Four's) met on a position where the brute force above
    // confirmed it.
    for kind in [
        TagKind::FasterWinMissed,
        TagKind::OnlyMove,
        TagKind::Great,
        TagKind::Forced,
    ] {
        assert!(tags.contains(&kind), "{kind:?} in {tags:?}");
    }
    // The games hold blunders and best moves at least (tic-tac-toe's wins are too short
    // for the rest).
    assert!(classes.contains(&Class::Blunder) && classes.contains(&Class::Best));
}

#[test]
fn connect_four_games_on_a_small_board_are_classed_as_minimax_values_them() {
    let rules = vec![
        ("Connect4Width".to_string(), "4".to_string()),
        ("Connect4Height".to_string(), "4".to_string()),
    ];
    let mut minimax = Minimax::default();
    let mut classes = HashSet::new();
    for seed in 0..6 {
        let game = varied_game("connect4", &rules, 16, seed, &mut minimax);
        let review = check_two_player(&game, &mut minimax);
        classes.extend(review.moves.iter().map(|m| m.class));
    }
    assert!(classes.contains(&Class::Blunder), "{classes:?}");
}

#[test]
fn the_end_of_a_seven_by_six_game_is_classed_as_minimax_values_it() {
    // 26 stones played at random (none ending the game), then random play to the end:
    // minimax from the 26th stone on.
    let mut rng = Lcg(11);
    let empty = GameRecord::new("connect4", &[], None, &[]).expect("a start");
    let mut pos = empty.positions().expect("a start").remove(0);
    let mut opening = Vec::new();
    while opening.len() < 26 {
        let going_on: Vec<String> = pos
            .legal_moves()
            .into_iter()
            .filter(|mv| {
                let mut child = pos.clone_box();
                child.play_move(mv).expect("legal");
                child.outcome().is_none()
            })
            .collect();
        let mv = going_on[rng.below(going_on.len())].clone();
        pos.play_move(&mv).expect("legal");
        opening.push(mv);
    }
    let start = GameRecord::new("connect4", &[], None, &opening).expect("legal");
    let fen = start.positions().expect("legal")[opening.len()].fen();
    let mut minimax = Minimax::default();
    let mut moves = Vec::new();
    while pos.outcome().is_none() {
        let legal = pos.legal_moves();
        let mv = legal[rng.below(legal.len())].clone();
        pos.play_move(&mv).expect("legal");
        moves.push(mv);
    }
    let game = GameRecord::new("connect4", &[], Some(&fen), &moves).expect("legal");
    let review = check_two_player(&game, &mut minimax);
    assert!(review.result.is_some(), "the game ended");
}

/// Moves to the solution of a puzzle from `pos`, by breadth-first search over its moves.
fn bfs_distance(pos: &dyn Variant) -> Option<u32> {
    let mut seen = HashSet::from([pos.fen()]);
    let mut queue = VecDeque::from([(pos.clone_box(), 0)]);
    while let Some((here, moves)) = queue.pop_front() {
        if here.outcome().is_some() {
            return Some(moves);
        }
        for mv in here.legal_moves() {
            let mut next = here.clone_box();
            next.play_move(&mv).expect("legal");
            if seen.insert(next.fen()) {
                queue.push_back((next, moves + 1));
            }
        }
    }
    None
}

#[test]
fn a_rush_hour_game_is_classed_by_the_distance_to_the_exit() {
    // The course's nine-step puzzle: wandering moves, then the way out.
    let board = "....B.....BC.AA.BC.D.....D.....DEEE.";
    let start = GameRecord::new("rushhour", &[], Some(board), &[]).expect("a puzzle");
    let mut pos = start.positions().expect("a puzzle").remove(0);
    let mut rng = Lcg(3);
    let mut moves = Vec::new();
    for _ in 0..8 {
        let legal = pos.legal_moves();
        let mv = legal[rng.below(legal.len())].clone();
        pos.play_move(&mv).expect("legal");
        moves.push(mv);
    }
    while pos.outcome().is_none() {
        let here = bfs_distance(pos.as_ref()).expect("solvable");
        let mv = pos
            .legal_moves()
            .into_iter()
            .find(|mv| {
                let mut next = pos.clone_box();
                next.play_move(mv).expect("legal");
                bfs_distance(next.as_ref()) == Some(here - 1)
            })
            .expect("a move nearer the exit");
        pos.play_move(&mv).expect("legal");
        moves.push(mv);
    }
    let game = GameRecord::new("rushhour", &[], Some(board), &moves).expect("legal");
    let review = reviewed(&game);
    let positions = game.positions().expect("legal");
    let mut classes = HashSet::new();
    for (i, m) in review.moves.iter().enumerate() {
        let before = bfs_distance(positions[i].as_ref()).expect("solvable");
        let after = bfs_distance(positions[i + 1].as_ref()).expect("solvable");
        let want = match after.cmp(&before) {
            std::cmp::Ordering::Less => Class::Best,
            std::cmp::Ordering::Equal => Class::Mistake,
            std::cmp::Ordering::Greater => Class::Blunder,
        };
        assert_eq!(
            m.before,
            Value::Win {
                plies: Some(before)
            },
            "move {}",
            m.ply
        );
        assert_eq!(m.class, want, "move {} '{}'", m.ply, m.mv);
        classes.insert(m.class);
        if want.erred() {
            let nearer: Vec<String> = positions[i]
                .legal_moves()
                .into_iter()
                .filter(|mv| {
                    let mut next = positions[i].clone_box();
                    next.play_move(mv).expect("legal");
                    bfs_distance(next.as_ref()) == Some(before - 1)
                })
                .collect();
            let mut named = m.best.clone();
            named.sort();
            let mut nearer = nearer;
            nearer.sort();
            assert_eq!(named, nearer, "move {}: the moves nearer the exit", m.ply);
        }
    }
    assert!(classes.contains(&Class::Best) && classes.contains(&Class::Blunder));
    let puzzle = review.puzzle.expect("a puzzle's summary");
    assert!(puzzle.solved);
    assert_eq!(puzzle.optimal, Some(9));
    assert_eq!(puzzle.moves, moves.len());
}

#[test]
fn the_issue_s_game_marks_no_slower_win_and_shows_no_perfect_side_beside_an_error() {
    // Issue #49: Red's 3 (ply 5) throws the win away; Yellow's 6 (ply 12) wins in 13 where 2
    // won at once: a tag, not a `?`.
    let moves = "4 4 4 4 3 5 2 1 3 3 5 6 6 2";
    let (code, text, err) = sente_review(&["--variant", "connect4", "--moves", moves]);
    assert_eq!(code, Some(0), "{err}");
    let line = |number: &str| {
        text.lines()
            .find(|l| l.trim_start().starts_with(number))
            .unwrap_or_else(|| panic!("no move {number}: {text}"))
            .to_string()
    };
    let slower = line("6… p2  6 ");
    assert!(slower.contains(" good "), "{slower}");
    assert!(!slower.contains('?'), "{slower}");
    assert!(
        slower.contains("[faster win missed: win in 13, where 2 wins in 1]"),
        "{slower}"
    );
    let blunder = line("3. p1  3??");
    assert!(
        blunder.contains("3 loses in 18: 4 still wins in 19"),
        "{blunder}"
    );
    // The first move, as the Analysis view says it: a win in 21 (the first player's 21st
    // disc), the only move that wins, the book's.
    let first = line("1. p1  4 ");
    assert!(first.contains("win in 21 (exact)"), "{first}");
    assert!(first.contains("[only move; book]"), "{first}");
    for side in text
        .lines()
        .filter(|l| l.starts_with("p1:") || l.starts_with("p2:"))
    {
        let perfect = side.contains("accuracy 100.0 %");
        let errors = ["inaccurac", "mistake", "blunder"]
            .iter()
            .any(|k| !side.contains(&format!(" 0 {k}")));
        assert!(!(perfect && errors), "{side}");
    }
}

#[test]
fn classes_counts_tags_and_accuracy_agree_on_the_committed_games() {
    // The review benchmark's 40-ply 7 x 6 games, with little time per solve: the early
    // positions judged by who wins only or by search, where the thresholds are lichess's.
    let text = include_str!("data/connect4/review-games.txt");
    let quick = Settings {
        movetime: Duration::from_millis(50),
        nodes: 20_000,
        hash_mb: 16,
        threads: 1,
    };
    let mut games = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let moves = line.split('#').next().unwrap_or("").trim();
        let game = GameRecord::from_move_text("connect4", &[], None, moves).expect("a game");
        let stop = Arc::new(AtomicBool::new(false));
        let review = review(&game, quick, stop, &mut |_| {})
            .expect("a game")
            .expect("not stopped");
        assert_eq!(review.moves.len(), 40);
        consistent(&review);
        games += 1;
    }
    assert_eq!(games, 12);
}

#[test]
fn book_moves_are_tagged() {
    // Judged by search (too little time to solve): the book's tag does not depend on it. The
    // shipped text books' lines, read here: the empty board's move is 4, after 4 4 it is 4.
    let game = GameRecord::from_move_text("connect4", &[], None, "4 4 4").expect("a game");
    let settings = Settings {
        movetime: Duration::from_millis(1),
        nodes: 1_000,
        hash_mb: 16,
        threads: 1,
    };
    let first = include_str!("../books/connect4-first.txt");
    assert!(first.lines().any(|l| l == " 4") && first.lines().any(|l| l == "44 4"));
    let stop = Arc::new(AtomicBool::new(false));
    let review = review(&game, settings, stop, &mut |_| {})
        .expect("a game")
        .expect("not stopped");
    let book = |i: usize| review.moves[i].tags.iter().any(|t| t.kind == TagKind::Book);
    assert!(book(0) && book(2), "{:?}", review.moves);
    assert_eq!(review.sides[0].tags.book, 2);
}

#[test]
fn a_stopped_review_says_so() {
    let game = GameRecord::new(
        "tictactoe",
        &[],
        None,
        &["b2".to_string(), "a1".to_string()],
    )
    .expect("legal");
    let stop = Arc::new(AtomicBool::new(true));
    let outcome = review(&game, settings(), stop, &mut |_| {}).expect("a game");
    assert!(outcome.is_err());
}

/// Runs `sente review` with `args`: its exit status, stdout and stderr.
fn sente_review(args: &[&str]) -> (Option<i32>, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_sente"))
        .arg("review")
        .args(args)
        .output()
        .expect("sente runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn sente_review_prints_the_annotated_game_or_json_and_names_bad_input() {
    // x a1, o b2, x a2, o a3, x c1, o b1 (threatens b3), x c2?? (b3 still drew).
    let moves = "a1 b2 a2 a3 c1 b1 c2";
    let (code, text, _) = sente_review(&["--variant", "tictactoe", "--moves", moves]);
    assert_eq!(code, Some(0));
    assert!(text.contains("4. p1  c2??  blunder"), "{text}");
    assert!(text.contains("c2 loses in 1: b3 still draws"), "{text}");
    assert!(text.contains("p1: accuracy"), "{text}");
    let (code, json, _) = sente_review(&["--variant", "tictactoe", "--moves", moves, "--json"]);
    assert_eq!(code, Some(0));
    let review: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    let last = &review["moves"][6];
    assert_eq!(last["class"], "blunder");
    assert_eq!(last["best"], serde_json::json!(["b3"]));
    assert_eq!(review["sides"][0]["blunders"], 1);
    assert_eq!(review["positions"].as_array().map(Vec::len), Some(8));
    // A record (the format `sente match --out` writes) with its rules.
    let record = std::env::temp_dir().join(format!("sente-review-{}.txt", std::process::id()));
    std::fs::write(
        &record,
        "[Variant \"connect4\"]\n[Rules \"Connect4Width=4 Connect4Height=4\"]\n\n1 2 1 2 1 2 1 1-0\n",
    )
    .expect("written");
    let (code, text, err) = sente_review(&[record.to_str().expect("a path")]);
    let _ = std::fs::remove_file(&record);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        text.starts_with("connect4 (Connect4Height=4 Connect4Width=4), 7 moves, 1-0"),
        "{text}"
    );
    for (args, says) in [
        (
            &["--variant", "chess", "--moves", "e4"][..],
            "no variant 'chess'",
        ),
        (
            &["--variant", "tictactoe", "--moves", "b2 b2"],
            "move 2 'b2' is not legal",
        ),
        (
            &["--variant", "tictactoe", "--moves", "b2", "--movetime", "0"],
            "--movetime",
        ),
        (
            &[
                "--variant",
                "tictactoe",
                "--moves",
                "b2",
                "--option",
                "Connect4Width=5",
            ],
            "not rule options of tictactoe",
        ),
        (&["/no/such/record"], "/no/such/record"),
    ] {
        let (code, _, err) = sente_review(args);
        assert_eq!(code, Some(1), "{args:?}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}
