//! A position typed in the Position box that cannot be read, or cannot happen, is refused with
//! its own fault (which field, what was expected, why), said under the box; a refused move is
//! named with its number, in a typed list as in a played one.

use super::STATE;
use super::harness::{Browser, start_server};
use serde_json::json;

async fn set_position(b: &Browser, text: &str) -> String {
    b.set_position(text).await;
    b.wait(
        "the fault under the box",
        "!document.getElementById('setup-error').hidden",
    )
    .await;
    let said = b
        .eval("document.getElementById('setup-error').textContent")
        .await
        .as_str()
        .unwrap_or_default()
        .to_string();
    // Typing clears it.
    b.js(
        "const n = document.getElementById('setup-text'); n.value = ''; \
         n.dispatchEvent(new Event('input'));",
        Vec::new(),
    )
    .await;
    said
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn a_malformed_or_impossible_position_says_what_is_wrong_with_it() {
    let b = Browser::start("errors").await;
    let server = start_server(&[]);
    b.open(&server.url).await;
    b.new_game("connect4").await;
    for (text, wanted) in [
        (
            "xxxx/ooo/zz 9",
            "bad connect4 fen 'xxxx/ooo/zz 9': fen row 2 has 3 cells",
        ),
        (
            "......./......./......./......./...x.../....... o",
            "floating stone in column 4, row 2 from the bottom: the cell below is empty",
        ),
        (
            "......./......./......./......./oooo.../xxxx... x",
            "both x and o have four in a row",
        ),
        (
            "4444444",
            "move 7 '4' is not a legal move: column 4 is full",
        ),
        (
            "4 4 9",
            "move 3 '9' is not a legal move: '9' is not a column 1-7",
        ),
    ] {
        let said = set_position(&b, text).await;
        assert!(said.contains(wanted), "{text}: {said}");
        assert!(!said.contains("index"), "{text}: {said}");
        if !text.starts_with('4') {
            assert!(!said.contains("is not a column"), "{text}: {said}");
        }
    }
    b.set_position("xxxx/ooo/zz 9").await;
    b.wait(
        "the fault shown",
        "!document.getElementById('setup-error').hidden",
    )
    .await;
    b.shot("").await;
    // Nothing changed; a move refused while playing is named the same way.
    assert_eq!(b.state().await["moves"].as_array().map(Vec::len), Some(0));
    b.set_position("444444").await;
    b.wait("six discs", &format!("{STATE}.moves.length === 6"))
        .await;
    assert_eq!(
        b.eval("document.getElementById('setup-error').hidden")
            .await,
        true
    );
    b.send(json!({"type": "play", "moves": ["4"]})).await;
    b.wait(
        "the refused move named",
        "[...document.querySelectorAll('.toast-error')].some(t => \
         t.textContent.includes(\"move 7 '4' is not a legal move: column 4 is full\"))",
    )
    .await;
    b.close().await;
}
