//! Steps asked faster than the server answers: the page holds the server's messages (as a
//! loaded machine delays them) while a step is asked twice, by the review graph's arrow keys,
//! the move list's arrow keys and its buttons; once the answers come, the page views the
//! move two steps away, not the move one step away asked twice.

use super::STATE;
use super::harness::{Browser, start_server};
use super::review::REVIEWED;
use serde_json::json;

/// Holds the server's messages in `window.held` (the store takes none of them).
const HOLD: &str = "const store = window.senteApp.store; window.held = []; \
     window.takes = store.receive; store.receive = (m) => { window.held.push(m); };";

/// Gives the held messages to the store, in order, and takes the next ones again.
const RELEASE: &str = "const store = window.senteApp.store; store.receive = window.takes; \
     for (const m of window.held.splice(0)) store.receive(m);";

/// Asks twice by `ask` (run with the server's messages held), waits for the server's two
/// answers, gives them to the page and checks that it views `expected`.
async fn twice(b: &Browser, what: &str, ask: impl AsyncFn(), expected: u64) {
    b.js(HOLD, Vec::new()).await;
    ask().await;
    ask().await;
    b.wait(
        &format!("the server's two answers ({what})"),
        "window.held.filter((m) => m.type === 'state').length === 2",
    )
    .await;
    b.js(RELEASE, Vec::new()).await;
    assert_eq!(
        b.state().await["cursor"],
        json!(expected),
        "{what}: two steps asked before the first answer make two steps"
    );
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn two_steps_asked_before_the_server_answers_make_two_steps() {
    let b = Browser::start("steps").await;
    let server = start_server(&[]);
    let moves = ["a1", "b2", "c3", "a3", "c1", "b1", "b3", "a2", "c2"];
    b.open(&format!(
        "{}?variant=tictactoe&moves={}&ply=5",
        server.url,
        moves.join("+")
    ))
    .await;
    b.wait(
        "the linked game",
        &format!("{STATE}.moves.length === 9 && {STATE}.cursor === 5"),
    )
    .await;
    b.click("#review-start").await;
    b.wait("the review", REVIEWED).await;

    // The review graph's keys.
    b.js(
        "document.getElementById('review-graph').focus();",
        Vec::new(),
    )
    .await;
    twice(
        &b,
        "the graph's ArrowLeft",
        async || b.press('\u{E012}').await,
        3,
    )
    .await;
    twice(
        &b,
        "the graph's ArrowRight",
        async || b.press('\u{E014}').await,
        5,
    )
    .await;

    // The move list's keys (on the document).
    b.js("document.activeElement?.blur();", Vec::new()).await;
    twice(
        &b,
        "the move list's ArrowLeft",
        async || b.press('\u{E012}').await,
        3,
    )
    .await;
    twice(
        &b,
        "the move list's ArrowRight",
        async || b.press('\u{E014}').await,
        5,
    )
    .await;

    // The move list's buttons.
    twice(&b, "‹", async || b.click("#nav-back").await, 3).await;
    twice(&b, "›", async || b.click("#nav-forward").await, 5).await;
    b.close().await;
}
