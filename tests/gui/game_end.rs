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
    b.click("#mode-play").await;
    b.set_value("#play-seat", "p1").await;
    b.set_value("#play-time-kind", "clock").await;
    b.set_value("#play-base", "3").await;
    b.set_value("#play-inc", "2").await;
    b.click("#start-play").await;
    b.wait("the game", &format!("{STATE}.mode.kind === 'play'"))
        .await;
    b.click("[data-move=\"b2\"]").await;
    b.wait(
        "sente's reply",
        &format!("{STATE}.moves.length === 2 && !{STATE}.mode.thinking"),
    )
    .await;
    b.click("#resign").await;
    b.wait("the question", "document.getElementById('resign-ask')?.open")
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

