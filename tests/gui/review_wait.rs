//! A review waits its turn in the page: two reviews of other sessions run (at most two at
//! once, server-wide), so the page's review says `waiting: 2 reviews ahead`; once they go (their
//! sockets closed, their reviews stopped), the page's review runs and finishes.

use super::STATE;
use super::harness::{Browser, start_server};
use serde_json::json;

/// A game whose review does not end before the test closes its socket: two moves on Connect
/// Four's largest board, far beyond any solve, reviewed with the largest budgets `review`
/// accepts (60 s a solve, 100 M nodes a search).
const LONG: [&str; 2] = ["6", "7"];

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn a_review_waits_its_turn_and_says_how_many_are_ahead() {
    let b = Browser::start("review-wait").await;
    let server = start_server(&[]);
    b.open(&server.url).await;
    b.wait("the page", &format!("{STATE} !== null")).await;
    // Two other sessions (sockets of their own, opened from the page) review the long game.
    b.js(
        "const moves = arguments[0];
         window.others = [];
         for (let i = 0; i < 2; i++) {
           const ws = new WebSocket(`ws://${location.host}/ws`);
           ws.running = false;
           ws.onmessage = (e) => {
             const m = JSON.parse(e.data);
             if (m.type === 'welcome') {
               const rules = [['Connect4Width', '12'], ['Connect4Height', '10']];
               ws.send(JSON.stringify({ type: 'new_game', variant: 'connect4', rules, moves }));
               ws.send(JSON.stringify({ type: 'review', movetime_ms: 60000, nodes: 100000000 }));
             }
             // Asked: its place in the queue is taken, before the page's review.
             if (m.type === 'review_start') ws.running = true;
           };
           window.others.push(ws);
         }",
        vec![json!(LONG)],
    )
    .await;
    b.wait(
        "the two other reviews asked",
        "window.others.every((ws) => ws.running)",
    )
    .await;
    // The page's review of a short game waits behind them.
    b.send(json!({"type": "new_game", "variant": "tictactoe", "moves": ["a1", "b2", "c3"]}))
        .await;
    b.wait("the game", &format!("{STATE}.moves.length === 3"))
        .await;
    b.click("#review-start").await;
    b.wait(
        "the page's review waiting",
        "document.getElementById('review-progress-text').textContent === 'waiting: 2 reviews ahead'",
    )
    .await;
    b.shot("waiting").await;
    b.js("window.senteTheme('dark');", Vec::new()).await;
    b.client
        .set_window_size(420, 900)
        .await
        .expect("a narrow window");
    b.js(
        "document.getElementById('review-progress-box').scrollIntoView({ block: 'center' });",
        Vec::new(),
    )
    .await;
    b.shot("waiting-narrow-dark").await;
    b.js("window.senteTheme('light');", Vec::new()).await;
    b.client
        .set_window_size(1400, 900)
        .await
        .expect("a wide window");
    // The others go: the page's review runs and ends.
    b.js("window.others.forEach((ws) => ws.close());", Vec::new())
        .await;
    b.wait(
        "the page's review done",
        "document.getElementById('view-review').querySelector('[data-state=done]')",
    )
    .await;
    b.close().await;
}
