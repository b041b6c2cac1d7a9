//! A review saved in its game record and read back (protocol.md, "A review in the record"):
//! reviewed, written into the record's comments, read back equal to the review (classes, tags,
//! reasons, values, summaries), for Connect Four and tic-tac-toe; malformed comments named; a
//! record without a review reviewed as before; and `sente review --save` then `sente review`
//! of the file, which shows the saved review without a solve.

use sente::referee::record;
use sente::review::saved;
use sente::review::{GameRecord, Review, Settings, review};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

fn reviewed(game: &GameRecord, movetime: Duration) -> Review {
    let settings = Settings {
        movetime,
        nodes: 20_000,
        hash_mb: 64,
        threads: 1,
    };
    review(
        game,
        settings,
        Arc::new(AtomicBool::new(false)),
        &mut |_| {},
    )
    .expect("a game")
    .expect("not stopped")
}

/// Saves `review` as a record, reads it back and checks the two are equal.
fn round_trip(review: &Review) -> String {
    let text = saved::record_text(review).expect("written");
    let back = saved::read(&text, 1)
        .expect("read")
        .expect("a saved review");
    for (m, b) in review.moves.iter().zip(&back.moves) {
        assert_eq!(
            (m.class, &m.tags, &m.why),
            (b.class, &b.tags, &b.why),
            "move {}",
            m.ply
        );
    }
    assert_eq!(&back, review, "the whole review read back");
    // Written again from what was read: the same comments.
    assert_eq!(
        record::parse(&saved::record_text(&back).expect("written")).expect("a record")[0].comments,
        record::parse(&text).expect("a record")[0].comments
    );
    text
}

#[test]
fn a_connect_four_review_is_read_back_from_its_record_as_it_was() {
    // Red's 5 (move 6) leaves Yellow four in column 2, and Yellow's 6 misses it.
    let game = GameRecord::from_move_text("connect4", &[], None, "4 4 4 4 3 5 2 1 3 3 5 6 6 2")
        .expect("a game");
    let review = reviewed(&game, Duration::from_secs(10));
    let marked: Vec<&str> = review
        .moves
        .iter()
        .filter_map(|m| m.why.as_ref().map(|w| w.kind))
        .collect();
    assert!(marked.contains(&"not_blocked"), "{marked:?}");
    assert!(review.moves.iter().any(|m| !m.tags.is_empty()), "tags kept");
    let text = round_trip(&review);
    // Each move's comment is one `[%review …]` without braces, and the record reads as any other.
    let recorded = &record::parse(&text).expect("a record")[0];
    assert_eq!(recorded.moves, game.moves());
    for comment in &recorded.comments {
        assert!(
            comment.starts_with("[%review ") && comment.ends_with(']'),
            "{comment}"
        );
        assert!(
            !comment.contains('{') && !comment.contains('}'),
            "{comment}"
        );
    }
    assert_eq!(
        GameRecord::from_record(&text).expect("a game").moves(),
        game.moves()
    );
}

#[test]
fn a_tic_tac_toe_review_with_an_engine_comment_is_read_back() {
    let game =
        GameRecord::from_move_text("tictactoe", &[], None, "a1 b2 a2 a3 c1 b1 c2").expect("a game");
    let review = reviewed(&game, Duration::from_secs(60));
    assert_eq!(review.moves[6].class.name(), "blunder");
    assert!(review.moves[6].why.is_some());
    round_trip(&review);
    // A comment of the engine's before the review stays, once, however often it is saved.
    let mut recorded = record::parse(&saved::record_text(&review).expect("written"))
        .expect("a record")
        .remove(0);
    recorded.comments[0] = "+0.10/5 0.010s".to_string();
    saved::write(&mut recorded, &review).expect("written");
    saved::write(&mut recorded, &review).expect("written again");
    assert!(recorded.comments[0].starts_with("+0.10/5 0.010s [%review "));
    assert_eq!(
        saved::strip_comment(&recorded.comments[0]),
        "+0.10/5 0.010s"
    );
    let back = saved::read(&recorded.to_text(), 1).expect("read");
    assert_eq!(back.as_ref(), Some(&review));
}

/// A change made to a saved record.
type Edit = dyn Fn(&mut record::RecordedGame);

#[test]
fn malformed_saved_reviews_are_named_and_a_plain_record_has_none() {
    let game =
        GameRecord::from_move_text("tictactoe", &[], None, "a1 b2 a2 a3 c1 b1 c2").expect("a game");
    let review = reviewed(&game, Duration::from_secs(60));
    let text = saved::record_text(&review).expect("written");
    let plain = "[Variant \"tictactoe\"]\n\na1 {+0.10/5 0.010s} b2 *\n";
    assert_eq!(saved::read(plain, 1), Ok(None));
    let edit = |f: &dyn Fn(&mut record::RecordedGame)| {
        let mut recorded = record::parse(&text).expect("a record").remove(0);
        f(&mut recorded);
        saved::read(&recorded.to_text(), 1).expect_err("refused")
    };
    let cases: Vec<(Box<Edit>, &str)> = vec![
        (
            Box::new(|g| g.headers.retain(|(k, _)| k != saved::HEADER)),
            "no [Review",
        ),
        (
            Box::new(|g| g.comments[2] = String::new()),
            "move 3 'a2': no [%review",
        ),
        (
            Box::new(|g| g.comments[6] = g.comments[6].replace("blunder", "blundr")),
            "move 7 'c2'",
        ),
        (
            Box::new(|g| {
                g.comments[6] =
                    g.comments[6].replace("\"why\":%7B\"kind\":\"", "\"why\":%7B\"kind\":\"x")
            }),
            "is none of",
        ),
        (
            Box::new(|g| g.comments[1] = g.comments[1].trim_end_matches(']').to_string()),
            "does not end the comment",
        ),
        (
            Box::new(|g| g.comments[1] = g.comments[1].replace("%7B", "%7X")),
            "'%7X' is not",
        ),
        (
            Box::new(|g| {
                let (name, header) = g
                    .headers
                    .iter_mut()
                    .find(|(k, _)| k == saved::HEADER)
                    .expect("a header");
                assert_eq!(name, saved::HEADER);
                *header = header.replace("\"nodes\":", "\"nodes\":-");
            }),
            "[Review] header",
        ),
        (
            Box::new(|g| {
                let c = &mut g.comments[0];
                let at = c.find("\"win\":[").expect("win") + "\"win\":[".len();
                c.insert(at, '1');
            }),
            "win % before",
        ),
    ];
    for (f, says) in cases {
        let err = edit(f.as_ref());
        assert!(err.contains(says), "{says}: {err}");
    }
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
fn sente_review_saves_the_review_and_shows_it_again_without_a_solve() {
    let dir = std::env::temp_dir().join(format!("sente-review-saved-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a directory");
    let file = dir.join("game.txt");
    let path = file.to_str().expect("a path");
    let moves = "a1 b2 a2 a3 c1 b1 c2";
    let (code, fresh, err) =
        sente_review(&["--variant", "tictactoe", "--moves", moves, "--save", path]);
    assert_eq!(code, Some(0), "{err}");
    assert!(!fresh.contains("read from the record"), "{fresh}");
    // The saved reason is edited: what is shown is the record's, not a solve's.
    let text = std::fs::read_to_string(&file).expect("saved");
    assert!(text.contains("[Review \""), "{text}");
    let edited = text.replacen("c2 loses", "c2 (saved) loses", 1);
    assert_ne!(edited, text, "the reason is in the record: {text}");
    std::fs::write(&file, &edited).expect("written");
    let (code, shown, err) = sente_review(&[path]);
    assert_eq!(code, Some(0), "{err}");
    assert!(shown.starts_with("review read from the record"), "{shown}");
    assert!(shown.contains("c2 (saved) loses"), "{shown}");
    assert_eq!(
        shown.lines().skip(1).count(),
        fresh.lines().count(),
        "{shown}\n{fresh}"
    );
    let (code, json, err) = sente_review(&[path, "--json"]);
    assert_eq!(code, Some(0));
    assert!(err.contains("review read from the record"), "{err}");
    let review: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    assert_eq!(review["moves"][6]["class"], "blunder");
    // --again reviews it anew: the reason is the solver's again.
    let (code, again, _) = sente_review(&[path, "--again"]);
    assert_eq!(code, Some(0));
    assert!(
        !again.contains("(saved)") && !again.contains("read from the record"),
        "{again}"
    );
    // A malformed review is named, never a panic.
    let at = edited.rfind("\"class\":\"blunder\"").expect("a blunder");
    let broken = format!(
        "{}\"class\":7{}",
        &edited[..at],
        &edited[at + "\"class\":\"blunder\"".len()..]
    );
    std::fs::write(&file, broken).expect("written");
    let (code, _, err) = sente_review(&[path]);
    assert_eq!(code, Some(1));
    assert!(err.contains("the review of move 7 'c2'"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_nim_review_keeps_its_reason_and_its_moves_in_words() {
    // From 3/4/5, 2-3 leaves 3/1/5 (nim-sum 7): the win given away, a nim_sum reason.
    let game = GameRecord::from_move_text("nim", &[], None, "2-3 1-3").expect("a game");
    let review = reviewed(&game, Duration::from_secs(60));
    assert_eq!(
        review.moves[0].words.as_deref(),
        Some("takes 3 from heap 2")
    );
    assert_eq!(
        review.moves[0].why.as_ref().map(|w| w.kind),
        Some("nim_sum")
    );
    let text = round_trip(&review);
    let back = saved::read(&text, 1).expect("read").expect("a review");
    assert_eq!(back.moves[1].words.as_deref(), Some("takes 3 from heap 1"));
}
