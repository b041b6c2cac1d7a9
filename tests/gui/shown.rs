//! What the page shows of a game agrees with the game: a game tree's leaf in the game's own
//! units, a side's colour the same on its pieces and its seat, a new game's protocol panel
//! without the lines of the game before.

use super::harness::{Browser, start_server};
use super::{STATE, play_to_the_end, start_play};
use serde_json::json;

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn a_game_trees_leaf_is_said_in_the_games_units() {
    let b = Browser::start("shown-tree").await;
    let server = start_server(&[]);
    b.open(&server.url).await;
    // The textbook tree ((3 12 8) (2 4 6) (14 5 2)): the second branch, then its first leaf, 2.
    b.send(json!({"type": "new_game", "variant": "tree", "rules": [], "moves": ["2", "1"]}))
        .await;
    b.wait(
        "the leaf",
        &format!("{STATE}.variant === 'tree' && {STATE}.moves.length === 2 && {STATE}.outcome"),
    )
    .await;
    b.wait("the banner", "document.getElementById('reason')")
        .await;
    assert_eq!(b.text("#reason").await, "a leaf worth 2 for Max");
    let analysis = b.text("#an-off-text").await;
    assert!(analysis.contains("a leaf worth 2 for Max"), "{analysis}");
    b.shot("leaf").await;
    b.close().await;
}

