//! A game against sente in one tab binds every tab of the server: a second tab on the game's
//! position is refused sente's analysis, its tree and its comparison of it, in words, and gets
//! no `info` of it; another position is free; once the second tab takes the game over, no mark
//! of before stays on its board.

use super::harness::{Browser, start_server};
use super::{STATE, start_play};
use serde_json::json;

/// The refusal's words (src/gui/live.rs).
const REFUSED: &str = "sente plays a game against a person in another tab that has this position";

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn no_tab_gets_the_opponents_view_of_a_live_games_position() {
    let b = Browser::start("elsewhere").await;
    let server = start_server(&[]);
    b.open(&server.url).await;
    b.new_game("connect4").await;
    start_play(&b, "p1", "0.2").await;
    b.click("[data-move=\"4\"]").await;
    b.wait(
        "sente's reply",
        &format!("{STATE}.moves.length === 2 && !{STATE}.mode.thinking"),
    )
    .await;
    let address = b.eval("location.href").await;
    let address = address.as_str().expect("the address").to_string();

    // The same address in a second tab: free play on the game's position.
    let second = b.client.new_window(true).await.expect("a tab").handle;
    b.client
        .switch_to_window(second)
        .await
        .expect("to the second tab");
    b.open(&address).await;
    b.wait(
        "the game said to be elsewhere",
        "document.getElementById('take-over')",
    )
    .await;
    b.wait(
        "the game's position here",
        &format!("{STATE}.mode.kind === 'free' && {STATE}.moves.length === 2"),
    )
    .await;
    // Every message of these kinds is kept, and every info.
    b.js(
        "const s = window.senteApp.store; window.seen = [];
         for (const t of ['info', 'columns', 'trace_start', 'trace_failed', 'compare_start', 'compare_failed', 'review_try_board', 'review_try_failed'])
           s.on(t, (m) => window.seen.push(m));",
        Vec::new(),
    )
    .await;

    // Analyse: refused, said in words, and no analysis runs.
    b.click("#analyse").await;
    b.wait(
        "the analysis refused",
        &format!(
            "[...document.querySelectorAll('.toast-error')].some((t) => t.textContent.includes('{REFUSED}'))"
        ),
    )
    .await;
    assert!(b.state().await["mode"]["analysis"].is_null());
    b.shot("analysis-refused").await;

    // The tree and the comparison of the game's position: refused.
    let game = json!({"variant": "connect4", "moves": ["4", "4"]});
    let mut trace = json!({"type": "trace", "engine": "sente", "algorithm": "minimax", "depth": 2});
    let mut compare =
        json!({"type": "compare", "engine": "sente", "runs": ["minimax"], "depths": [2]});
    for request in [&mut trace, &mut compare] {
        for (k, v) in game.as_object().expect("an object") {
            request[k] = v.clone();
        }
        b.send(request.clone()).await;
    }
    b.wait(
        "the tree and the comparison refused",
        &format!(
            "['trace_failed', 'compare_failed'].every((t) => window.seen.some((m) => m.type === t && m.message.startsWith('{REFUSED}')))"
        ),
    )
    .await;
    // A move tried as Learn tries it, into the game's position: refused, no board given.
    b.send(json!({"type": "review_try", "ply": 1, "move": "4"}))
        .await;
    b.wait(
        "the move tried refused",
        "window.seen.some((m) => m.type === 'review_try_failed' && m.message.includes('another tab that has this position'))",
    )
    .await;
    assert_eq!(
        b.eval("window.seen.filter((m) => m.type === 'review_try_board').length")
            .await,
        0
    );
    // Another position is free: the tree of the game's first move alone.
    trace["moves"] = json!(["3"]);
    b.send(trace).await;
    b.wait(
        "another position's tree",
        "window.seen.some((m) => m.type === 'trace_start')",
    )
    .await;
    let seen = b.eval("window.seen.map((m) => m.type)").await;
    let seen: Vec<&str> = seen
        .as_array()
        .expect("the kinds seen")
        .iter()
        .filter_map(|t| t.as_str())
        .collect();
    assert!(
        !seen.contains(&"info") && !seen.contains(&"columns"),
        "{seen:?}"
    );
    for theme in ["light", "dark"] {
        b.js("window.senteTheme(arguments[0]);", vec![json!(theme)])
            .await;
        b.shot(&format!("refused-{theme}")).await;
    }
    b.js("window.senteTheme('light');", Vec::new()).await;
    b.client
        .set_window_size(420, 900)
        .await
        .expect("a narrow window");
    b.shot("refused-narrow").await;
    b.client
        .set_window_size(1400, 900)
        .await
        .expect("a wide window");

    // Taken over here: the game, and no mark of before on the board.
    b.click("#take-over").await;
    b.wait(
        "the game here",
        &format!("{STATE}.mode.kind === 'play' && {STATE}.moves.length === 2"),
    )
    .await;
    let marks = b
        .eval(
            "(() => { const s = window.senteApp.store; \
             return [s.info, s.columns, s.hint].filter((m) => m !== null).length; })()",
        )
        .await;
    assert_eq!(marks, json!(0));
    b.shot("taken-over").await;
    b.close().await;
}
