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

/// The computed value of `property` of the first element matching `css`.
async fn style_of(b: &Browser, css: &str, property: &str) -> String {
    b.js(
        "return getComputedStyle(document.querySelector(arguments[0])).getPropertyValue(arguments[1]);",
        vec![json!(css), json!(property)],
    )
    .await
    .as_str()
    .unwrap_or_default()
    .to_string()
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn a_sides_colour_and_a_new_games_protocol_panel_agree_with_the_game() {
    let b = Browser::start("shown-sides").await;
    let server = start_server(&[]);
    b.open(&server.url).await;
    b.new_game("tictactoe").await;
    // The dot of the side to move (under the board) has the colour of its pieces, light and
    // dark: X after two moves, O after three.
    for (moves, side, piece) in [("b2 a1", "p1", ".ttt-x line"), ("b2 a1 c3", "p2", ".ttt-o")] {
        b.set_moves(moves, moves.split(' ').count()).await;
        for theme in ["light", "dark"] {
            b.js("window.senteTheme(arguments[0]);", vec![json!(theme)])
                .await;
            assert_eq!(
                style_of(
                    &b,
                    &format!("#status .seat-dot.seat-{side}"),
                    "background-color"
                )
                .await,
                style_of(&b, piece, "stroke").await,
                "{side} ({theme})"
            );
        }
    }
    b.js("window.senteTheme('light');", Vec::new()).await;
    b.shot("tictactoe-seats").await;

    // A game against sente leaves its lines in the protocol panel once it ends; a new game
    // starts with the panel empty.
    b.new_game("tictactoe").await;
    start_play(&b, "p1", "0.05").await;
    play_to_the_end(&b, 9).await;
    b.wait(
        "sente's lines, given at the end",
        "document.querySelectorAll('#log .log-line').length > 0",
    )
    .await;
    b.new_game("connect4").await;
    // The panel adds lines once a frame: two frames on, whatever came is drawn.
    let lines = b
        .js(
            "return new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => \
               done([...document.querySelectorAll('#log .log-text')].map((n) => n.textContent)))));",
            Vec::new(),
        )
        .await;
    assert_eq!(
        lines,
        json!([]),
        "the last game's lines in a new game's panel"
    );
    b.shot("new-game-log").await;
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn at_420_px_a_games_controls_are_in_view_under_the_board() {
    let b = Browser::start("shown-narrow-game").await;
    let server = start_server(&[]);
    b.open(&server.url).await;
    b.new_game("connect4").await;
    start_play(&b, "p1", "0.1").await;
    b.click("[data-move=\"4\"]").await;
    b.wait(
        "sente's reply",
        &format!("{STATE}.moves.length === 2 && !{STATE}.mode.thinking"),
    )
    .await;
    // A page 420 x 850 (the window's frame around it added).
    b.resize(420, 850).await;
    let inner = b.eval("window.innerHeight").await.as_u64().unwrap_or(850) as u32;
    b.resize(420, 850 + 850u32.saturating_sub(inner)).await;
    b.wait("a page 850 px high", "window.innerHeight === 850")
        .await;
    b.js("window.scrollTo(0, 0);", Vec::new()).await;
    // The whole board and, under it, Undo, Hint, Offer a draw and Resign, without a scroll.
    let rects = b
        .js(
            "return ['#board', '#undo', '#hint', '#offer-draw', '#resign'].map((css) => { \
               const r = document.querySelector(css).getBoundingClientRect(); \
               return [css, r.top, r.bottom, r.width]; });",
            Vec::new(),
        )
        .await;
    let height = b.eval("window.innerHeight").await.as_f64().unwrap_or(0.0);
    let board_bottom = rects[0][2].as_f64().unwrap_or(f64::MAX);
    for rect in rects.as_array().expect("rectangles") {
        let (top, bottom) = (
            rect[1].as_f64().unwrap_or(-1.0),
            rect[2].as_f64().unwrap_or(-1.0),
        );
        assert!(
            top >= 0.0 && bottom <= height && rect[3].as_f64().unwrap_or(0.0) > 0.0,
            "{} at {top}-{bottom}, the window {height} px high: {rects}",
            rect[0]
        );
        if rect[0] != "#board" {
            assert!(
                top >= board_bottom,
                "{} above the board's bottom: {rects}",
                rect[0]
            );
        }
    }
    b.shot_here("controls-in-view").await;
    b.close().await;
}
