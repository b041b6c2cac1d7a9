//! The end of a game against an engine: a finished game stays finished whatever move is viewed
//! and after a reload, its end is said in the page's words (sides by colour or name, never
//! `p1`/`p2`), and an aborted game offers nothing it cannot do.

use super::harness::{Browser, start_server};
use super::{STATE, play_to_the_end, start_play};
use serde_json::json;

/// True when an element matching `css` is drawn (present and not hidden).
async fn drawn(b: &Browser, css: &str) -> bool {
    b.js(
        "const n = document.querySelector(arguments[0]); \
         return Boolean(n && n.offsetParent !== null);",
        vec![json!(css)],
    )
    .await
    .as_bool()
    .unwrap_or(false)
}

/// After a reload, the game is back finished: no control of a running game (Undo, Hint, a
/// draw offer, Resign), Rematch instead, no clock running, the status saying it is over.
async fn back_finished(b: &Browser, what: &str, plies: usize, cursor: usize) {
    b.client.refresh().await.expect("reload");
    b.wait(
        &format!("{what}: the game back after the reload"),
        &format!(
            "document.body.dataset.ready === '1' && {STATE}.mode.kind === 'play' && \
             {STATE}.moves.length === {plies} && {STATE}.cursor === {cursor} && \
             document.getElementById('mode-status')"
        ),
    )
    .await;
    let state = b.state().await;
    assert_eq!(state["mode"]["over"], true, "{what}: {state}");
    for control in ["#undo", "#hint", "#offer-draw", "#resign", "#abort"] {
        assert!(!drawn(b, control).await, "{what}: {control} is offered");
    }
    assert!(drawn(b, "#rematch").await, "{what}: no Rematch");
    assert!(
        b.text("#mode-status").await.ends_with("game over"),
        "{what}: {}",
        b.text("#mode-status").await
    );
    assert_eq!(
        b.eval("window.senteApp.store.playing()").await,
        false,
        "{what}"
    );
    if !state["clocks"].is_null() {
        assert!(state["clocks"]["running"].is_null(), "{what}: {state}");
        assert!(
            !drawn(b, ".clock.running").await,
            "{what}: a clock is drawn running"
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn a_finished_game_reloads_finished_whatever_move_is_viewed() {
    let b = Browser::start("end-reload").await;
    let server = start_server(&[]);
    b.open(&server.url).await;
    b.new_game("tictactoe").await;

    // Resigned after both sides moved, with a clock (3 min + 2 s), one move back, reloaded.
    b.play_with_clock("p1", "3", "2").await;
    b.wait("the game", &format!("{STATE}.mode.kind === 'play'"))
        .await;
    b.click("[data-move=\"b2\"]").await;
    b.wait(
        "sente's reply",
        &format!("{STATE}.moves.length === 2 && !{STATE}.mode.thinking"),
    )
    .await;
    b.click("#resign").await;
    b.wait(
        "the question",
        "document.getElementById('resign-ask')?.open",
    )
    .await;
    b.click("#resign-ask-confirm").await;
    b.wait("resigned", &format!("{STATE}.ended?.result === '0-1'"))
        .await;
    b.click("#nav-back").await;
    b.wait("one move back", &format!("{STATE}.cursor === 1"))
        .await;
    back_finished(&b, "resigned", 2, 1).await;
    b.shot("resigned-reloaded").await;

    // Played out (sente does not lose tic-tac-toe), viewed at move 2, reloaded.
    b.click("#to-free").await;
    b.wait("free play", &format!("{STATE}.mode.kind === 'free'"))
        .await;
    b.new_game("tictactoe").await;
    start_play(&b, "p1", "0.05").await;
    let end = play_to_the_end(&b, 9).await;
    let plies = end["moves"].as_array().map_or(0, Vec::len);
    b.send(json!({"type": "goto", "ply": 2})).await;
    b.wait("move 2 viewed", &format!("{STATE}.cursor === 2"))
        .await;
    back_finished(&b, "played out", plies, 2).await;
    b.shot("played-out-reloaded").await;
    b.close().await;
}

/// The texts of the toasts shown now.
async fn toasts(b: &Browser) -> Vec<String> {
    let texts = b
        .eval("[...document.querySelectorAll('.toast-text')].map((t) => t.textContent)")
        .await;
    texts
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|t| t.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

/// Clears the toasts, sends `message` and returns the error toast it brings.
async fn refusal_of(b: &Browser, message: serde_json::Value) -> String {
    b.js(
        "document.querySelectorAll('.toast').forEach((t) => t.remove());",
        Vec::new(),
    )
    .await;
    b.send(message).await;
    b.wait("the refusal", "document.querySelector('.toast-error')")
        .await;
    b.text(".toast-error .toast-text").await
}

/// The record the page shows after Save game.
async fn saved_record(b: &Browser) -> String {
    b.js(
        "document.getElementById('record-text').value = '';",
        Vec::new(),
    )
    .await;
    b.click("#save-record").await;
    b.wait(
        "the record",
        "document.getElementById('record-text').value.includes('[Reason')",
    )
    .await;
    b.eval("document.getElementById('record-text').value")
        .await
        .as_str()
        .unwrap_or_default()
        .to_string()
}

/// True when `text` names a seat by the protocol's word (`p1`, `p2`) rather than by its side.
fn seat_word(text: &str) -> bool {
    text.split(|c: char| !c.is_ascii_alphanumeric())
        .any(|w| w == "p1" || w == "p2")
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn the_end_is_said_with_the_sides_names_in_messages_and_the_record() {
    let b = Browser::start("end-words").await;
    let server = start_server(&[]);
    b.open(&server.url).await;
    b.new_game("tictactoe").await;

    // X wins by its rules: a move after the end is refused naming X, and so is the record.
    b.set_moves("a1 b1 a2 b2 a3", 5).await;
    let said = refusal_of(&b, json!({"type": "play", "moves": ["c3"]})).await;
    assert!(said.contains("X won") && !seat_word(&said), "{said}");
    let record = saved_record(&b).await;
    assert!(record.contains("[Reason \"X won\"]"), "{record}");

    // The person (X) resigns against sente: an undo after it is refused naming X.
    b.new_game("tictactoe").await;
    start_play(&b, "p1", "0.2").await;
    b.click("[data-move=\"b2\"]").await;
    b.wait(
        "sente's reply",
        &format!("{STATE}.moves.length === 2 && !{STATE}.mode.thinking"),
    )
    .await;
    b.click("#resign").await;
    b.wait(
        "the question",
        "document.getElementById('resign-ask')?.open",
    )
    .await;
    b.click("#resign-ask-confirm").await;
    b.wait("resigned", &format!("{STATE}.ended?.result === '0-1'"))
        .await;
    let said = refusal_of(&b, json!({"type": "undo"})).await;
    assert!(
        said.contains("X (you) resigned") && !seat_word(&said),
        "{said}"
    );
    let record = saved_record(&b).await;
    assert!(record.contains("[Reason \"X (you) resigned\"]"), "{record}");
    for text in toasts(&b).await {
        assert!(!seat_word(&text), "{text}");
    }
    b.shot("resigned").await;
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn an_aborted_game_without_a_move_offers_no_review() {
    let b = Browser::start("end-aborted").await;
    let server = start_server(&[]);
    b.open(&server.url).await;
    b.new_game("tictactoe").await;
    start_play(&b, "p1", "0.2").await;
    b.click("#abort").await;
    b.wait("aborted", &format!("{STATE}.ended?.result === '*'"))
        .await;
    assert!(drawn(&b, "#rematch").await);
    assert!(
        !drawn(&b, "#review-ended").await,
        "Review offered for a game without a move"
    );
    b.shot("aborted").await;

    // Aborted after sente's first move (the person plays O): that one move can be reviewed.
    b.click("#to-free").await;
    b.wait("free play", &format!("{STATE}.mode.kind === 'free'"))
        .await;
    start_play(&b, "p2", "0.2").await;
    b.wait(
        "sente's first move",
        &format!("{STATE}.moves.length === 1 && !{STATE}.mode.thinking"),
    )
    .await;
    b.click("#abort").await;
    b.wait("aborted", &format!("{STATE}.ended?.result === '*'"))
        .await;
    b.click("#review-ended").await;
    b.wait(
        "the review of the one move",
        "document.getElementById('view-review').querySelector('[data-state=done]')",
    )
    .await;
    b.close().await;
}

/// A Connect Four game Red (sente) has won, Yellow to move: sente's solver proves Red wins at its
/// 7th move from here against the longest defence (`go solve`: `score mate -7`), and a search
/// of depth 14 sees its win (a mate, or -5000 at the shallower depths).
const RED_HAS_WON: &str = "34445616323741175372573";

/// sente's solver's score of `moves` (a digit a move) for the side to move, in the solving
/// literature's convention: positive a win (the faster the larger), negative a loss, 0 a draw.
fn solved(moves: &str) -> i32 {
    use sente::games::connect4::solver::Solver;
    use sente::games::connect4::{Connect4, Shape};
    let shape = Shape::new(7, 6).expect("7 x 6");
    let pos = Connect4::<u64>::from_moves(shape, moves).expect("legal moves");
    Solver::new(16)
        .solve(&pos, &mut |_| {})
        .expect("not interrupted")
}

/// The person's longest defence: the legal move after which the opponent's win is slowest
/// (sente's solver on each move's position, apart from the game's engine).
fn longest_defence(moves: &str, legal: &[String]) -> String {
    use sente::games::connect4::{Connect4, Shape};
    use sente::games::{Game, Outcome};
    let shape = Shape::new(7, 6).expect("7 x 6");
    let opponents = |mv: &String| {
        let after = format!("{moves}{mv}");
        let pos = Connect4::<u64>::from_moves(shape, &after).expect("a legal move");
        match pos.outcome() {
            Some(Outcome::Win(_)) => i32::MIN,
            Some(_) => 0,
            None => solved(&after),
        }
    };
    legal
        .iter()
        .min_by_key(|mv| opponents(mv))
        .expect("a legal move")
        .clone()
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn a_declined_draw_says_no_reason_and_no_offer_follows_for_ten_plies() {
    let b = Browser::start("end-draw").await;
    let server = start_server(&[]);
    b.open(&server.url).await;
    b.new_game("connect4").await;
    let start: Vec<String> = RED_HAS_WON.chars().map(|c| c.to_string()).collect();
    b.send(json!({"type": "new_game", "variant": "connect4", "moves": start}))
        .await;
    b.wait(
        "the won position",
        &format!("{STATE}.moves.length === {}", start.len()),
    )
    .await;
    // sente plays Red at a fixed depth (its answer to an offer is the same search: no clock
    // or load decides it); the person plays Yellow, to move.
    b.click("#mode-play").await;
    b.set_value("#play-seat", "p2").await;
    b.set_value("#play-time-kind", "depth").await;
    b.set_value("#play-depth", "14").await;
    b.click("#start-play").await;
    b.wait(
        "the game to start",
        &format!("{STATE}.mode.kind === 'play'"),
    )
    .await;
    let mut declined_at = None;
    loop {
        b.wait(
            "the person's turn or the end",
            &format!(
                "{STATE}.outcome || {STATE}.ended || \
                 ({STATE}.side === {STATE}.mode.human && !{STATE}.mode.thinking)"
            ),
        )
        .await;
        let state = b.state().await;
        if !state["outcome"].is_null() || !state["ended"].is_null() {
            break;
        }
        let moves: Vec<String> = state["moves"]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|m| m.as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default();
        let plies = moves.len();
        match declined_at {
            // Once both sides have moved in this game, the person offers a draw where sente
            // has won (its solver says so, apart from the game's engine): it declines.
            None if plies >= start.len() + 2 => {
                assert!(solved(&moves.concat()) < 0, "sente has not won here");
                b.click("#offer-draw").await;
                b.wait(
                    "declined",
                    &format!("{STATE}.mode.draw_offer?.status === 'declined'"),
                )
                .await;
                assert_eq!(b.text("#draw-status").await, "sente declined the draw.");
                assert_eq!(
                    b.eval("document.getElementById('offer-draw').disabled")
                        .await,
                    true,
                    "one offer a turn"
                );
                b.shot("declined").await;
                declined_at = Some(plies);
            }
            None => {}
            Some(at) if plies < at + 10 => {
                // Within 10 plies of the declined offer no new one: the button is off and
                // the server refuses one sent anyway, saying when one may come.
                let again = at + 10;
                assert_eq!(state["mode"]["draw_offer_from"], again, "{state}");
                assert_eq!(
                    b.eval("document.getElementById('offer-draw').disabled")
                        .await,
                    true
                );
                let said = b.text("#draw-status").await;
                assert!(said.contains(&format!("once {again} moves")), "{said}");
                let said = refusal_of(&b, json!({"type": "offer_draw"})).await;
                assert!(said.contains(&format!("once {again} moves")), "{said}");
            }
            Some(_) => {
                // Ten plies on, a draw may be offered again.
                assert!(state["mode"]["draw_offer_from"].is_null(), "{state}");
                assert_eq!(
                    b.eval("document.getElementById('offer-draw').disabled")
                        .await,
                    false
                );
                break;
            }
        }
        let legal: Vec<String> = state["legal"]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|m| m.as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default();
        let mv = longest_defence(&moves.concat(), &legal);
        b.click(&format!("[data-move=\"{mv}\"]")).await;
        b.wait("the move", &format!("{STATE}.moves.length > {plies}"))
            .await;
    }
    let at = declined_at.expect("sente declined an offer");
    let plies = b.state().await["moves"].as_array().map_or(0, Vec::len);
    assert!(
        plies >= at + 10,
        "the game ended {} plies after the declined offer, before a new one was allowed",
        plies - at
    );
    b.close().await;
}
