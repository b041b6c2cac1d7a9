//! What lichess players expect: an optional move sound (off by default, the choice kept in
//! localStorage, a knock for each move added to the game and none for stepping through it),
//! and the list of keyboard shortcuts that `?` opens and Escape closes (a modal dialog, axe
//! clean in light and dark).

use super::STATE;
use super::a11y::{axe_source, violations};
use super::harness::{Browser, start_server};
use fantoccini::key::Key;
use serde_json::json;

/// The sounds the page made so far.
async fn played(b: &Browser) -> i64 {
    b.eval("window.senteSoundsPlayed()")
        .await
        .as_i64()
        .expect("a count")
}

async fn kept(b: &Browser) -> serde_json::Value {
    b.eval("localStorage.getItem('sente-gui-sound')").await
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn the_move_sound_is_off_until_turned_on_and_kept() {
    let b = Browser::start("sound").await;
    let server = start_server(&[]);
    b.open(&server.url).await;
    b.new_game("connect4").await;
    // Off by default: nothing kept, the toggle says so, a move makes no sound.
    assert_eq!(kept(&b).await, json!(null));
    assert_eq!(b.text("#sound").await, "Sound off");
    assert_eq!(
        b.eval("document.getElementById('sound').getAttribute('aria-pressed')")
            .await,
        "false"
    );
    b.click("[data-move=\"4\"]").await;
    b.wait("the move", &format!("{STATE}.moves.length === 1"))
        .await;
    assert_eq!(played(&b).await, 0);
    // On: kept, a knock to hear it, and one for each move added.
    b.click("#sound").await;
    assert_eq!(b.text("#sound").await, "Sound on");
    assert_eq!(
        b.eval("document.getElementById('sound').getAttribute('aria-pressed')")
            .await,
        "true"
    );
    assert_eq!(kept(&b).await, "on");
    assert_eq!(played(&b).await, 1);
    b.shot("on").await;
    b.click("[data-move=\"3\"]").await;
    b.wait("the move", &format!("{STATE}.moves.length === 2"))
        .await;
    b.wait("its knock", "window.senteSoundsPlayed() === 2")
        .await;
    // Stepping back through the moves: no sound.
    b.send(json!({"type": "goto", "ply": 0})).await;
    b.wait("the start viewed", &format!("{STATE}.cursor === 0"))
        .await;
    assert_eq!(played(&b).await, 2);
    // A reload keeps the choice; turned off, it is forgotten.
    b.open(&server.url).await;
    b.wait("the page", &format!("{STATE} !== null")).await;
    assert_eq!(b.text("#sound").await, "Sound on");
    b.click("#sound").await;
    assert_eq!(b.text("#sound").await, "Sound off");
    assert_eq!(kept(&b).await, json!(null));
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn question_mark_opens_the_shortcuts_and_escape_closes_them() {
    let b = Browser::start("shortcuts").await;
    let axe = axe_source();
    let server = start_server(&[]);
    b.open(&server.url).await;
    b.wait("the page", &format!("{STATE} !== null")).await;
    let open = "Boolean(document.querySelector('dialog#shortcuts[open]'))";
    b.js("document.activeElement?.blur();", Vec::new()).await;
    b.press('?').await;
    b.wait("the shortcuts", open).await;
    let rows = b
        .eval("document.querySelectorAll('#shortcuts tbody tr').length")
        .await;
    assert!(rows.as_i64().is_some_and(|n| n >= 8), "{rows}");
    assert_eq!(b.eval("document.activeElement.id").await, "shortcuts-close");
    assert!(
        b.text("#shortcuts")
            .await
            .contains("one move back or forward")
    );
    for theme in ["light", "dark"] {
        b.js("window.senteTheme(arguments[0]);", vec![json!(theme)])
            .await;
        if let Some(axe) = &axe {
            let found = violations(&b, axe, &format!("the shortcuts ({theme})")).await;
            assert!(found.is_empty(), "axe-core:\n{}", found.join("\n"));
        }
        b.shot(&format!("open-{theme}")).await;
    }
    b.js("window.senteTheme('light');", Vec::new()).await;
    b.client
        .set_window_size(420, 900)
        .await
        .expect("a narrow window");
    b.shot("open-narrow").await;
    b.press(Key::Escape.into()).await;
    b.wait(
        "the shortcuts closed",
        "!document.getElementById('shortcuts')",
    )
    .await;
    // In a text field `?` is a character, not the list.
    b.js("document.getElementById('setup-text').focus();", Vec::new())
        .await;
    b.press('?').await;
    assert_eq!(b.eval(open).await, false);
    // A narrow window hides the header's button; a wide one has it, and Close closes the list.
    b.shot("header-narrow").await;
    assert_eq!(
        b.eval("getComputedStyle(document.getElementById('shortcuts-open')).display")
            .await,
        "none"
    );
    b.client
        .set_window_size(1400, 900)
        .await
        .expect("a wide window");
    b.click("#shortcuts-open").await;
    b.wait("the shortcuts", open).await;
    b.click("#shortcuts-close").await;
    b.wait(
        "the shortcuts closed",
        "!document.getElementById('shortcuts')",
    )
    .await;
    b.close().await;
}
