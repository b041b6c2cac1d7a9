//! The keyboard and screen readers: Connect Four by its column keys, a focus cursor moved by
//! the arrows with Enter/Space on every board, the move list by Home/End/↑/↓, accessible
//! names on every cell and stack, results and engine replies in the live region; and
//! axe-core (tests/gui/node_modules, `npm ci` in tests/gui) on every view in light and dark
//! mode.

use super::STATE;
use super::harness::{Browser, REQUIRE, start_server};
use fantoccini::key::Key;
use serde_json::{Value, json};
use std::path::PathBuf;

/// The focused element's accessible name (its `aria-label`).
async fn focused_label(b: &Browser) -> String {
    b.eval("document.activeElement?.getAttribute('aria-label') || ''")
        .await
        .as_str()
        .unwrap_or_default()
        .to_string()
}

async fn focus_board(b: &Browser) {
    b.js(
        "document.querySelector('#board [data-key][tabindex=\"0\"]').focus();",
        Vec::new(),
    )
    .await;
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn every_board_plays_from_the_keyboard_and_speaks_to_screen_readers() {
    let b = Browser::start("keyboard").await;
    let server = start_server(&[]);
    b.open(&server.url).await;
    b.new_game("connect4").await;
    // A column by its key, anywhere on the page.
    b.press('4').await;
    b.wait(
        "column 4 by its key",
        &format!("{STATE}.moves.join('') === '4'"),
    )
    .await;
    b.press('3').await;
    b.wait("column 3", &format!("{STATE}.moves.join('') === '43'"))
        .await;
    // The move list: Home, End, ↑, ↓, ←.
    b.press(Key::Home.into()).await;
    b.wait("Home: the start", &format!("{STATE}.cursor === 0"))
        .await;
    b.press(Key::End.into()).await;
    b.wait("End: the last move", &format!("{STATE}.cursor === 2"))
        .await;
    b.press(Key::Up.into()).await;
    b.wait("↑: the start", &format!("{STATE}.cursor === 0"))
        .await;
    b.press(Key::Down.into()).await;
    b.wait("↓: the last move", &format!("{STATE}.cursor === 2"))
        .await;
    b.press(Key::Left.into()).await;
    b.wait("←: one back", &format!("{STATE}.cursor === 1"))
        .await;
    b.press(Key::End.into()).await;
    b.wait("End", &format!("{STATE}.cursor === 2")).await;
    // Tab reaches the board; its columns have names; the arrows move the cursor, Enter drops.
    focus_board(&b).await;
    assert_eq!(focused_label(&b).await, "column 1, 0 discs, red to play");
    for _ in 0..3 {
        b.press(Key::Right.into()).await;
    }
    assert_eq!(focused_label(&b).await, "column 4, 1 disc, red to play");
    b.press(Key::Enter.into()).await;
    b.wait(
        "Enter drops in column 4",
        &format!("{STATE}.moves.join('') === '434'"),
    )
    .await;
    b.wait(
        "the cursor kept on column 4 after the redraw",
        "document.activeElement?.getAttribute('aria-label') === 'column 4, 2 discs, yellow to play'",
    )
    .await;
    b.shot("connect4").await;
    // A result and an engine's reply are said in the live region.
    b.set_position("1212121").await;
    b.wait(
        "the result announced",
        "document.getElementById('announce').textContent === 'Red wins: four in a row'",
    )
    .await;

    // Tic-tac-toe against sente: cells by the arrows and Space, sente's reply announced.
    b.set_value("#variant", "tictactoe").await;
    b.wait("tic-tac-toe", &format!("{STATE}.variant === 'tictactoe'"))
        .await;
    super::start_play(&b, "p1", "0.05").await;
    b.wait(
        "the person's turn",
        &format!("{STATE}.side === 'p1' && !{STATE}.mode.thinking"),
    )
    .await;
    focus_board(&b).await;
    assert_eq!(focused_label(&b).await, "a3, empty, X to play");
    b.press(Key::Down.into()).await;
    b.press(Key::Right.into()).await;
    assert_eq!(focused_label(&b).await, "b2, empty, X to play");
    b.press(' ').await;
    b.wait(
        "b2 played and sente's reply announced",
        &format!(
            "{STATE}.moves[0] === 'b2' && {STATE}.moves.length === 2 && \
             document.getElementById('announce').textContent.startsWith('sente: put O on ')"
        ),
    )
    .await;

    // Babylon: a stack picked with Enter, the target chosen with the arrows and Enter.
    b.set_value("#variant", "babylon").await;
    b.leave_game().await;
    b.wait("Babylon", &format!("{STATE}.variant === 'babylon'"))
        .await;
    focus_board(&b).await;
    assert_eq!(
        focused_label(&b).await,
        "a1: stack 1, 1 high, top red, can move"
    );
    b.press(Key::Enter.into()).await;
    b.wait(
        "the stack picked, the cursor kept",
        "document.activeElement?.getAttribute('aria-label') === 'a1: stack 1, 1 high, top red, selected'",
    )
    .await;
    b.press(Key::Right.into()).await;
    assert_eq!(
        focused_label(&b).await,
        "a1: stack 2, 1 high, top red, the selected stack can go onto it"
    );
    b.press(Key::Enter.into()).await;
    b.wait("a Babylon move", &format!("{STATE}.moves.length === 1"))
        .await;

    // Rush Hour: a vehicle taken with Enter slides with the arrows.
    b.set_value("#variant", "rushhour").await;
    b.wait("Rush Hour", &format!("{STATE}.variant === 'rushhour'"))
        .await;
    let plan = b
        .eval(&format!(
            "(() => {{ const [v, back, fwd] = {STATE}.reach.find(([, b, f]) => b + f > 0); \
               const g = document.querySelector(`[data-vehicle=\"${{v}}\"]`); \
               return [v, g.dataset.axis, fwd > 0 ? 1 : -1, fwd > 0 ? fwd : back]; }})()"
        ))
        .await;
    let vehicle = plan[0].as_str().expect("a vehicle").to_string();
    b.js(
        "document.querySelector(`[data-vehicle=\"${arguments[0]}\"]`).focus();",
        vec![json!(vehicle)],
    )
    .await;
    assert!(focused_label(&b).await.contains("can move"));
    b.press(Key::Enter.into()).await;
    let key = match (plan[1].as_str(), plan[2].as_i64()) {
        (Some("x"), Some(1)) => Key::Right,
        (Some("x"), _) => Key::Left,
        (_, Some(1)) => Key::Down,
        _ => Key::Up,
    };
    b.press(key.into()).await;
    b.wait(
        "the vehicle slid one cell",
        &format!("{STATE}.moves.length === 1 && {STATE}.moves[0].startsWith('{vehicle}')"),
    )
    .await;
    // Slid on past its reach (the keys pressed faster than the board answers): it stops at
    // the end of its reach and says so, no illegal move sent.
    let reach = plan[3].as_u64().expect("the reach") as usize;
    b.js(
        "window.refused = []; window.senteApp.store.on('error', (m) => window.refused.push(m.message));",
        Vec::new(),
    )
    .await;
    for _ in 0..reach + 2 {
        b.press(key.into()).await;
    }
    b.wait(
        "the vehicle at the end of its reach, saying so",
        &format!(
            "{STATE}.moves.length === {reach} && \
             document.getElementById('hint-text').textContent.includes('cannot go further') && \
             document.getElementById('announce').textContent.includes('cannot go further')"
        ),
    )
    .await;
    b.shot("rushhour").await;
    assert_eq!(b.eval("window.refused").await, json!([]), "no move refused");
    assert!(
        b.eval(&format!(
            "{STATE}.moves.every((m) => m.startsWith('{vehicle}'))"
        ))
        .await
        .as_bool()
        .unwrap_or(false)
    );
    // Tab leaves the board: the vehicle is let go; back on it, the arrows move the cursor.
    b.press(Key::Tab.into()).await;
    b.wait(
        "the vehicle let go",
        "!document.querySelector('#board .grabbed') && \
         document.getElementById('announce').textContent === 'let go'",
    )
    .await;
    b.js(
        "document.querySelector(`[data-vehicle=\"${arguments[0]}\"]`).focus();",
        vec![json!(vehicle)],
    )
    .await;
    let back = match key {
        Key::Right => Key::Left,
        Key::Left => Key::Right,
        Key::Down => Key::Up,
        _ => Key::Down,
    };
    b.js(
        "window.sent = []; const send = window.senteApp.send; \
         window.senteApp.send = (m, o) => { window.sent.push(m.type); return send(m, o); };",
        Vec::new(),
    )
    .await;
    b.press(back.into()).await;
    assert_eq!(b.eval("window.sent").await, json!([]), "no slide sent");
    assert!(
        b.eval("!document.querySelector('#board .grabbed')")
            .await
            .as_bool()
            .unwrap_or(false)
    );

    // Every control of the Position panel is reached by Tab, "Open file…" too.
    b.js(
        "document.getElementById('load-record').focus();",
        Vec::new(),
    )
    .await;
    b.press(Key::Tab.into()).await;
    assert_eq!(
        b.eval("document.activeElement?.textContent").await,
        json!("Open file…"),
        "Tab after Load game"
    );
    b.close().await;
}

/// axe-core's script, or None after one line saying why (a panic under SENTE_REQUIRE_BROWSER).
pub(super) fn axe_source() -> Option<String> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/gui/node_modules/axe-core/axe.min.js");
    match std::fs::read_to_string(&path) {
        Ok(source) => Some(source),
        Err(e) => {
            let message = format!(
                "accessibility test skipped: {} ({e}); run `npm ci` in tests/gui \
                 (set {REQUIRE}=1 to make this a failure)",
                path.display()
            );
            if std::env::var_os(REQUIRE).is_some_and(|v| v != "0" && !v.is_empty()) {
                panic!("{message}");
            }
            eprintln!("{message}");
            None
        }
    }
}

/// The serious and critical violations axe-core finds on the page as it is, one line each:
/// WCAG 2.2 A and AA, the best practices, and the experimental rules (among them
/// `label-content-name-mismatch`: a control's visible text must be in its accessible name).
pub(super) async fn violations(b: &Browser, axe: &str, view: &str) -> Vec<String> {
    let loaded = b.eval("typeof window.axe").await;
    if loaded != "object" {
        b.js(&format!("{axe}\n;return true;"), Vec::new()).await;
    }
    let found: Value = b
        .client
        .execute_async(
            "const done = arguments[arguments.length - 1];
             const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice', 'experimental'];
             window.axe.run(document, { resultTypes: ['violations'], runOnly: { type: 'tag', values: TAGS } })
               .then((r) => done(r.violations
                 .filter((v) => v.impact === 'serious' || v.impact === 'critical')
                 .map((v) => `${v.id} (${v.impact}): ${v.help}; ` +
                   v.nodes.slice(0, 4).map((n) => n.target.join(' ') + ' ' + (n.failureSummary || '').replace(/\\s+/g, ' ')).join(' | '))))
               .catch((e) => done([`axe failed: ${e}`]));",
            Vec::new(),
        )
        .await
        .unwrap_or_else(|e| panic!("axe on {view}: {e}"));
    found
        .as_array()
        .map(|list| {
            list.iter()
                .map(|v| format!("{view}: {}", v.as_str().unwrap_or_default()))
                .collect()
        })
        .unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn axe_finds_no_serious_violation_on_any_view_light_or_dark() {
    let Some(axe) = axe_source() else {
        return;
    };
    let b = Browser::start("axe").await;
    let server = start_server(&[]);
    b.open(&server.url).await;
    let mut found = Vec::new();
    for theme in ["light", "dark"] {
        b.js("window.senteTheme(arguments[0]);", vec![json!(theme)])
            .await;
        b.new_game("connect4").await;
        b.set_moves("4453", 4).await;
        found.extend(violations(&b, &axe, &format!("play ({theme})")).await);
        b.click("#analyse").await;
        b.wait(
            "analysis lines",
            "document.getElementById('an-score').textContent !== '–'",
        )
        .await;
        found.extend(violations(&b, &axe, &format!("analysis ({theme})")).await);
        b.shot(&format!("analysis-{theme}")).await;
        b.click("#analyse").await;
        b.click("#page-tree").await;
        b.wait("the tree page", "document.body.dataset.page === 'tree'")
            .await;
        found.extend(violations(&b, &axe, &format!("search tree ({theme})")).await);
        b.click("#page-compare").await;
        b.wait(
            "the compare page",
            "document.body.dataset.page === 'compare'",
        )
        .await;
        found.extend(violations(&b, &axe, &format!("compare ({theme})")).await);
        b.click("#page-play").await;
        // Babylon's stacks: each named by the label drawn under it (`a1: stack 1, ...`).
        b.new_game("babylon").await;
        found.extend(violations(&b, &axe, &format!("Babylon play ({theme})")).await);
        b.shot(&format!("babylon-{theme}")).await;
    }
    // A game against sente: the players with their seats, the active one tinted.
    b.new_game("connect4").await;
    super::start_play(&b, "p1", "0.05").await;
    b.wait(
        "the person's turn",
        &format!("{STATE}.side === 'p1' && !{STATE}.mode.thinking"),
    )
    .await;
    for theme in ["dark", "light"] {
        b.js("window.senteTheme(arguments[0]);", vec![json!(theme)])
            .await;
        found.extend(violations(&b, &axe, &format!("a game against sente ({theme})")).await);
        b.shot(&format!("game-{theme}")).await;
    }
    assert!(found.is_empty(), "axe-core:\n{}", found.join("\n"));
    b.close().await;
}
