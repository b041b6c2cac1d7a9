//! Nim in the browser: its board from the rules form (heaps, misère), matches taken by mouse
//! and keyboard, a game against sente whose replies keep the nim-sum at zero, the end said in
//! words, and Nim's position in the search tree and comparison views.

use super::STATE;
use super::harness::{Browser, start_server};
use fantoccini::key::Key;

/// The nim-sum of the heaps of a fen (`3/4/5 1`).
fn nim_sum(fen: &str) -> u64 {
    fen.split_whitespace()
        .next()
        .unwrap_or_default()
        .split('/')
        .map(|h| h.parse::<u64>().expect("a heap"))
        .fold(0, |sum, h| sum ^ h)
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn nim_is_played_by_mouse_and_keyboard_and_searched_in_the_views() {
    let b = Browser::start("nim").await;
    let server = start_server(&[]);
    b.open(&server.url).await;
    b.set_value("#variant", "nim").await;
    b.wait(
        "Nim's rules in the form, with their declared labels",
        "document.querySelector('#rules-form').textContent.includes('Heaps (matches in each)') \
         && document.getElementById('rule-NimHeaps') && document.getElementById('rule-NimMisere')",
    )
    .await;
    b.set_value("#rule-NimHeaps", "2 5 7").await;
    b.click("#new-game").await;
    b.wait(
        "the heaps of the form",
        &format!("{STATE}.variant === 'nim' && {STATE}.fen === '2/5/7 1'"),
    )
    .await;
    // A click takes the match and every one to its right: the third match of heap 3 of 7 takes 5.
    b.click("[data-key='h3m3']").await;
    b.wait("3-5 played", &format!("{STATE}.moves.join(' ') === '3-5'"))
        .await;
    b.wait(
        "the taken matches drawn as outlines",
        "document.querySelectorAll('.nim-taken').length === 5",
    )
    .await;
    // The keyboard: the cursor on the board, an arrow to the next match, Enter takes.
    b.js(
        "document.querySelector('#board [data-key][tabindex=\"0\"]').focus();",
        Vec::new(),
    )
    .await;
    let label = b
        .eval("document.activeElement.getAttribute('aria-label')")
        .await;
    assert_eq!(
        label.as_str(),
        Some("heap 1, match 1 of 2: take 2 matches (1 to 2)")
    );
    b.press(Key::Right.into()).await;
    b.wait(
        "the cursor on the second match",
        "document.activeElement.getAttribute('aria-label') === 'heap 1, match 2 of 2: take 1 match'",
    )
    .await;
    b.press(Key::Enter.into()).await;
    b.wait(
        "1-1 played",
        &format!("{STATE}.moves.join(' ') === '3-5 1-1'"),
    )
    .await;
    b.shot("free").await;

    // Against sente, which moves first from 3 4 5: it takes 2 from heap 1, the only move to a
    // nim-sum of zero, and wins whatever the person plays.
    b.set_position("fen 3/4/5 1").await;
    super::start_play(&b, "p2", "0.05").await;
    b.wait(
        "sente's first move",
        &format!("{STATE}.moves.length === 1 && !{STATE}.mode.thinking"),
    )
    .await;
    let state = b.state().await;
    assert_eq!(state["moves"][0], "1-2", "the only winning move of 3 4 5");
    assert_eq!(nim_sum(state["fen"].as_str().unwrap()), 0);
    let end = super::play_to_the_end(&b, 20).await;
    assert_eq!(end["outcome"]["result"], "1-0", "{end}");
    b.wait(
        "the end in words",
        "document.getElementById('status').textContent.includes('took the last match')",
    )
    .await;
    b.shot("lost").await;

    // Misère from the rules form: the end says who took the last match and that it lost.
    b.set_value("#variant", "nim").await;
    b.set_value("#rule-NimHeaps", "1 1").await;
    b.click("#rule-NimMisere").await;
    b.click("#new-game").await;
    b.wait("misère 1 1", &format!("{STATE}.fen === '1/1 1'"))
        .await;
    b.click("[data-move='1-1']").await;
    b.click("[data-move='2-1']").await;
    b.wait(
        "the first player wins: the second took the last match",
        &format!("{STATE}.outcome?.result === '1-0'"),
    )
    .await;
    b.wait(
        "the misère end in words",
        "document.getElementById('status').textContent.includes('misère')",
    )
    .await;

    // The search tree of the game's position (minimax), and the comparison view.
    b.set_value("#variant", "nim").await;
    b.set_value("#rule-NimHeaps", "1 2 2").await;
    b.click("#new-game").await;
    b.wait("1/2/2", &format!("{STATE}.fen === '1/2/2 1'")).await;
    b.open(&format!("{}#tree", server.url)).await;
    b.wait("the game back", &format!("{STATE}?.fen === '1/2/2 1'"))
        .await;
    b.set_value("#tv-position", "current").await;
    b.set_value("#tv-algorithm", "minimax").await;
    b.set_value("#tv-depth", "5").await;
    b.click("#tv-run").await;
    b.wait(
        "the tree drawn",
        "document.getElementById('view-tree').dataset.state === 'drawn'",
    )
    .await;
    b.shot("tree").await;
    b.open(&format!("{}#compare", server.url)).await;
    b.wait("the game back", &format!("{STATE}?.fen === '1/2/2 1'"))
        .await;
    b.set_value("#cmp-position", "current").await;
    b.set_value("#cmp-depths", "5").await;
    b.click("#cmp-run").await;
    b.wait(
        "the comparison done",
        "(document.getElementById('view-compare').dataset.doneAt || '0') !== '0'",
    )
    .await;
    let table = b
        .eval("document.getElementById('cmp-markdown').value")
        .await;
    let table = table.as_str().unwrap_or_default().to_string();
    assert!(
        table.contains("minimax") && table.contains("alphabeta"),
        "{table}"
    );
    b.shot("compare").await;
    b.close().await;
}
