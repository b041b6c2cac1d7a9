//! A game against an engine stays honest: nothing of the opponent's thinking reaches the page
//! during the game (checked on the socket itself, every frame the page receives), the tree and
//! the comparison refuse it the game's position, leaving the game asks first (a real dialog,
//! by the keyboard too), Resign, Offer a draw and Abort end it as lichess does, each side's
//! clock starts with its first move; a link with a wrong move opens its legal part, and a second
//! tab on the same game offers to take it over and the tab it leaves has its controls off.

use super::a11y::{axe_source, violations};
use super::harness::{Browser, sente, start_server};
use super::{STATE, start_play};
use fantoccini::key::Key;
use serde_json::{Value, json};

/// From now on, every WebSocket frame the page reads is kept in `window.frames_seen` (the
/// page reads `event.data` once per message: the getter records it).
async fn record_frames(b: &Browser) {
    b.js(
        "if (window.frames_seen) { window.frames_seen = []; return; }
         window.frames_seen = [];
         const data = Object.getOwnPropertyDescriptor(MessageEvent.prototype, 'data');
         Object.defineProperty(MessageEvent.prototype, 'data', {
           configurable: true,
           get() {
             const value = data.get.call(this);
             if (this.target instanceof WebSocket) window.frames_seen.push(value);
             return value;
           },
         });",
        Vec::new(),
    )
    .await;
}

/// The frames recorded so far, read as JSON.
async fn frames(b: &Browser) -> Vec<Value> {
    let texts = b.eval("window.frames_seen").await;
    texts
        .as_array()
        .expect("recorded frames")
        .iter()
        .map(|t| serde_json::from_str(t.as_str().expect("a text frame")).expect("JSON"))
        .collect()
}

/// What of `opponent`'s thinking a frame carries, if anything: an `info` message, a protocol
/// line of its, a comment on its moves, or a score or principal line anywhere.
fn leak(frame: &Value, opponent: &str) -> Option<String> {
    let text = frame.to_string();
    match frame["type"].as_str() {
        Some("info") => return Some(format!("an info message: {text}")),
        Some("log")
            if frame["engine"]
                .as_str()
                .is_some_and(|e| e.starts_with(opponent)) =>
        {
            return Some(format!("a protocol line: {text}"));
        }
        Some("state")
            if frame["comments"]
                .as_array()
                .is_some_and(|c| c.iter().any(|c| c != "")) =>
        {
            return Some(format!("a comment on a move: {text}"));
        }
        _ => {}
    }
    ["score cp", "score mate", " pv ", "\"pv\"", "info depth"]
        .iter()
        .find(|w| text.contains(*w))
        .map(|w| format!("'{w}' in {text}"))
}

async fn shown(b: &Browser, css: &str) -> bool {
    b.js(
        "const n = document.querySelector(arguments[0]); \
         return Boolean(n && n.offsetParent !== null);",
        vec![json!(css)],
    )
    .await
    .as_bool()
    .unwrap_or(false)
}

/// axe-core on the page as it is, light and dark (no serious or critical violation), with a
/// screenshot of each and one at 420 px (dark) with `css` scrolled into view, named `label`.
async fn looked_at(b: &Browser, axe: Option<&str>, label: &str, css: &str) {
    let mut found = Vec::new();
    for theme in ["light", "dark"] {
        b.js("window.senteTheme(arguments[0]);", vec![json!(theme)])
            .await;
        if let Some(axe) = axe {
            found.extend(violations(b, axe, &format!("{label} ({theme})")).await);
        }
        b.shot(&format!("{label}-{theme}")).await;
    }
    b.client
        .set_window_size(420, 900)
        .await
        .expect("a narrow window");
    b.js(
        "document.querySelector(arguments[0])?.scrollIntoView({ block: 'center' });",
        vec![json!(css)],
    )
    .await;
    b.shot_here(&format!("{label}-narrow")).await;
    b.client
        .set_window_size(1400, 1100)
        .await
        .expect("a wide window");
    b.js("window.senteTheme('light');", Vec::new()).await;
    assert!(found.is_empty(), "axe-core:\n{}", found.join("\n"));
}

/// Starts a game against sente with a clock of `minutes` and no increment.
async fn start_clock_game(b: &Browser, seat: &str, minutes: &str) {
    b.click("#mode-play").await;
    b.set_value("#play-seat", seat).await;
    b.set_value("#play-time-kind", "clock").await;
    b.set_value("#play-base", minutes).await;
    b.set_value("#play-inc", "0").await;
    b.click("#start-play").await;
    b.wait("the game", &format!("{STATE}.mode.kind === 'play'"))
        .await;
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn the_socket_carries_nothing_of_the_opponent_until_the_game_ends() {
    let b = Browser::start("honest-socket").await;
    let axe = axe_source();
    let server = start_server(&[]);
    b.open(&server.url).await;
    b.new_game("connect4").await;
    // Out of sente's opening book: it searches, and writes info lines.
    b.set_moves("4455", 4).await;
    record_frames(&b).await;
    start_play(&b, "p1", "0.3").await;
    for (i, column) in ["5", "3"].iter().enumerate() {
        b.wait(
            "the person's turn",
            &format!("{STATE}.side === 'p1' && !{STATE}.mode.thinking"),
        )
        .await;
        b.click(&format!("[data-move=\"{column}\"]")).await;
        b.wait(
            "sente's reply",
            &format!(
                "{STATE}.moves.length === {} && !{STATE}.mode.thinking",
                6 + 2 * i
            ),
        )
        .await;
    }
    // A hint and a draw offer: both are searches of sente's, and say nothing more.
    b.click("#hint").await;
    b.wait("the hint", "window.senteApp.store.hint").await;
    // The panel says where its lines are; nothing offers to show them.
    assert!(
        b.text("#log-hidden")
            .await
            .starts_with("sente's lines are held back during your game against it")
    );
    assert!(!shown(&b, "#log-reveal").await, "Show anyway is gone");
    assert_eq!(
        b.eval("document.querySelectorAll('#log .log-line.from').length")
            .await,
        0
    );
    looked_at(&b, axe.as_deref(), "during", "#mode-box").await;
    b.click("#offer-draw").await;
    b.wait(
        "sente's answer to the draw offer",
        &format!("{STATE}.mode.draw_offer?.status === 'declined' || {STATE}.ended"),
    )
    .await;
    // The frames up to the game's end (a draw may have been agreed: its lines come after).
    let during: Vec<Value> = frames(&b)
        .await
        .into_iter()
        .take_while(|f| f["type"] != "state" || f["ended"].is_null())
        .collect();
    // The page heard the game: sente's replies, the hint, the draw offer pending.
    assert!(
        during
            .iter()
            .any(|f| f["type"] == "state" && f["moves"].as_array().map(Vec::len) == Some(8))
            && during.iter().any(|f| f["type"] == "hint")
            && during
                .iter()
                .any(|f| f["mode"]["draw_offer"]["status"] == "pending"),
        "the game's frames: {during:?}"
    );
    let leaks: Vec<String> = during.iter().filter_map(|f| leak(f, "sente")).collect();
    assert!(
        leaks.is_empty(),
        "the opponent's thinking on the socket during the game:\n{}",
        leaks.join("\n")
    );

    // Resigned, the game is over: the lines held back come, and the comments with them.
    if b.state().await["ended"].is_null() {
        b.click("#resign").await;
        b.wait("the question", "document.getElementById('resign-ask')")
            .await;
        b.click("#resign-ask-confirm").await;
    }
    b.wait(
        "the game over",
        &format!("{STATE}.ended && window.senteApp.store.over !== null"),
    )
    .await;
    b.wait(
        "sente's lines after the game",
        "[...document.querySelectorAll('#log .log-line.from')].some((l) => l.textContent.includes('info depth'))",
    )
    .await;
    assert!(
        b.text("#log")
            .await
            .contains("sente's lines, held back while you played it")
    );
    let state = b.state().await;
    assert!(
        state["comments"]
            .as_array()
            .is_some_and(|c| c.iter().any(|c| c != "")),
        "sente's comments after the end: {state}"
    );
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn the_tree_and_the_comparison_refuse_the_opponent_the_games_position() {
    let b = Browser::start("honest-lab").await;
    let axe = axe_source();
    let me = format!("cmd={}", sente().display());
    let server = start_server(&[
        "--engine",
        &me,
        "name=sente",
        "--engine",
        &me,
        "name=helper",
    ]);
    b.open(&server.url).await;
    b.new_game("tictactoe").await;
    b.set_moves("b2 a1", 2).await;
    b.click("#mode-play").await;
    b.set_value("#play-engine", "sente").await;
    start_play(&b, "p1", "0.2").await;
    let state = b.state().await;
    let moves = state["moves"].clone();

    // The tree: the game's position with sente is refused in the page, with the reason...
    b.click("#page-tree").await;
    b.wait("the tree page", "document.body.dataset.page === 'tree'")
        .await;
    b.set_value("#tv-position", "current").await;
    b.set_value("#tv-engine", "sente").await;
    b.wait(
        "the refusal said",
        "document.getElementById('tv-refused').textContent.startsWith('sente is your opponent') && \
         document.getElementById('tv-run').disabled",
    )
    .await;
    looked_at(&b, axe.as_deref(), "tree-refused", "#tv-refused").await;
    // ... and by the server, whatever the page sends.
    b.send(
        json!({"type": "trace", "engine": "sente", "variant": "tictactoe",
        "moves": moves, "algorithm": "minimax", "depth": 2}),
    )
    .await;
    b.wait(
        "the server's refusal",
        "document.getElementById('tv-status').textContent.startsWith('sente is your opponent: it cannot show its view of the game')",
    )
    .await;
    // Typed as a position, an earlier position of the game: refused too.
    b.send(
        json!({"type": "trace", "engine": "sente", "variant": "tictactoe",
        "text": "b2", "algorithm": "minimax", "depth": 2}),
    )
    .await;
    b.wait(
        "the earlier position refused",
        "document.getElementById('tv-status').textContent.includes(\"the game's position after 1 moves\")",
    )
    .await;
    // Another engine may show the game's position; sente any other position.
    b.set_value("#tv-engine", "helper").await;
    b.wait(
        "free again",
        "document.getElementById('tv-refused').hidden && !document.getElementById('tv-run').disabled",
    )
    .await;
    b.set_value("#tv-depth", "2").await;
    b.click("#tv-run").await;
    b.wait(
        "helper's tree of the game's position",
        "document.getElementById('view-tree').dataset.state === 'drawn'",
    )
    .await;
    b.set_value("#tv-position", "textbook").await;
    b.set_value("#tv-engine", "sente").await;
    b.click("#tv-run").await;
    b.wait(
        "sente's tree of the textbook",
        "document.getElementById('view-tree').dataset.state === 'drawn' && \
         document.getElementById('view-tree').dataset.nodes === '13'",
    )
    .await;

    // The comparison: the same.
    b.click("#page-compare").await;
    b.wait(
        "the compare page",
        "document.body.dataset.page === 'compare'",
    )
    .await;
    b.set_value("#cmp-position", "current").await;
    b.set_value("#cmp-engine", "sente").await;
    b.wait(
        "the refusal said",
        "document.getElementById('cmp-refused').textContent.startsWith('sente is your opponent') && \
         document.getElementById('cmp-run').disabled",
    )
    .await;
    b.send(
        json!({"type": "compare", "engine": "sente", "variant": "tictactoe",
        "moves": moves, "runs": ["minimax"], "depths": [2]}),
    )
    .await;
    b.wait(
        "the server's refusal",
        "document.getElementById('cmp-status').textContent.startsWith('sente is your opponent')",
    )
    .await;
    looked_at(&b, axe.as_deref(), "compare-refused", "#cmp-refused").await;
    // Still the game, untouched.
    assert_eq!(b.state().await["mode"]["kind"], "play");
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn leaving_a_game_asks_first_and_keeping_it_keeps_it() {
    let b = Browser::start("honest-leave").await;
    let axe = axe_source();
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
    let playing = format!("{STATE}.mode.kind === 'play' && {STATE}.moves.length === 2");

    // Another game from the list: asked, and kept.
    b.set_value("#variant", "tictactoe").await;
    b.wait("the question", "document.getElementById('leave')?.open")
        .await;
    assert_eq!(b.text("#leave h2").await, "Leave the game?");
    assert!(
        b.text("#leave p")
            .await
            .starts_with("Your game against sente is not over.")
    );
    // The safe answer has the focus; the keyboard answers.
    assert_eq!(b.eval("document.activeElement.id").await, "leave-cancel");
    let mut found = Vec::new();
    if let Some(axe) = &axe {
        for theme in ["light", "dark"] {
            b.js("window.senteTheme(arguments[0]);", vec![json!(theme)])
                .await;
            found.extend(violations(&b, axe, &format!("leave dialog ({theme})")).await);
            b.shot(&format!("dialog-{theme}")).await;
        }
        b.js("window.senteTheme('light');", Vec::new()).await;
    }
    b.press(Key::Escape.into()).await;
    b.wait(
        "the dialog gone, the game kept",
        &format!("!document.getElementById('leave') && {playing}"),
    )
    .await;
    assert_eq!(
        b.eval("document.getElementById('variant').value").await,
        "connect4"
    );

    // New game: asked; Enter on the focused "Keep playing" keeps it.
    b.click("#new-game").await;
    b.wait("the question", "document.getElementById('leave')?.open")
        .await;
    b.press(Key::Enter.into()).await;
    b.wait(
        "kept",
        &format!("!document.getElementById('leave') && {playing}"),
    )
    .await;

    // Set position: asked; Keep playing.
    b.set_value("#setup-text", "4444").await;
    b.click("#setup-apply").await;
    b.wait("the question", "document.getElementById('leave')?.open")
        .await;
    b.click("#leave-cancel").await;
    b.wait("kept", &playing).await;

    // Browser Back: asked; kept, then left.
    b.client.back().await.expect("back");
    b.wait("the question", "document.getElementById('leave')?.open")
        .await;
    b.click("#leave-cancel").await;
    b.wait("kept", &playing).await;
    b.client.back().await.expect("back");
    b.wait("the question", "document.getElementById('leave')?.open")
        .await;
    // Tab to "Leave the game", then Enter.
    b.press(Key::Tab.into()).await;
    assert_eq!(b.eval("document.activeElement.id").await, "leave-confirm");
    b.press(Key::Enter.into()).await;
    b.wait(
        "the game left",
        &format!("{STATE}.mode.kind === 'free' && !document.getElementById('leave')"),
    )
    .await;
    assert_eq!(b.state().await["moves"].as_array().map(Vec::len), Some(2));
    // Without a game, nothing is asked.
    b.new_game("tictactoe").await;
    assert!(found.is_empty(), "axe-core:\n{}", found.join("\n"));
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn resign_offer_a_draw_and_abort_end_the_game_as_lichess_does() {
    let b = Browser::start("honest-results").await;
    let axe = axe_source();
    let server = start_server(&[]);
    b.open(&server.url).await;
    b.new_game("tictactoe").await;

    // Abort before both sides have moved: no result.
    start_play(&b, "p1", "0.2").await;
    assert!(b.state().await["mode"]["abortable"].as_bool().unwrap());
    assert!(
        shown(&b, "#abort").await && !shown(&b, "#resign").await && !shown(&b, "#offer-draw").await
    );
    b.click("#abort").await;
    b.wait("aborted", &format!("{STATE}.ended?.result === '*'"))
        .await;
    assert_eq!(b.text("#result").await, "Game aborted");
    assert!(
        b.text("#reason")
            .await
            .contains("aborted before both sides had moved")
    );
    assert!(shown(&b, "#rematch").await);

    // A drawn position: sente's own search finds it drawn, and it accepts.
    b.click("#to-free").await;
    b.wait("free play", &format!("{STATE}.mode.kind === 'free'"))
        .await;
    b.set_moves("b2 a1 c3 a3", 4).await;
    start_play(&b, "p1", "0.2").await;
    b.click("[data-move=\"a2\"]").await;
    b.wait(
        "sente blocks",
        &format!("{STATE}.moves.length === 6 && !{STATE}.mode.thinking"),
    )
    .await;
    assert!(!b.state().await["mode"]["abortable"].as_bool().unwrap());
    assert!(
        shown(&b, "#resign").await && shown(&b, "#offer-draw").await && !shown(&b, "#abort").await
    );
    looked_at(&b, axe.as_deref(), "controls", "#mode-box").await;
    b.click("#offer-draw").await;
    b.wait("the draw", &format!("{STATE}.ended?.result === '1/2-1/2'"))
        .await;
    assert_eq!(b.text("#result").await, "Draw");
    let reason = b.text("#reason").await;
    assert!(
        reason.starts_with("draw agreed: sente's own search") && reason.contains("for itself"),
        "{reason}"
    );
    b.shot("draw-agreed").await;

    // A won position for sente: it declines, and says nothing of why.
    b.click("#to-free").await;
    b.wait("free play", &format!("{STATE}.mode.kind === 'free'"))
        .await;
    b.set_moves("a1 c1", 2).await;
    start_play(&b, "p1", "0.2").await;
    b.click("[data-move=\"b1\"]").await;
    b.wait(
        "sente's reply",
        &format!("{STATE}.moves.length === 4 && !{STATE}.mode.thinking"),
    )
    .await;
    b.click("#offer-draw").await;
    b.wait(
        "declined",
        &format!("{STATE}.mode.draw_offer?.status === 'declined'"),
    )
    .await;
    assert_eq!(b.text("#draw-status").await, "sente declined the draw.");
    assert_eq!(
        b.eval("document.getElementById('offer-draw').disabled")
            .await,
        true,
        "one offer a move"
    );
    looked_at(&b, axe.as_deref(), "draw-declined", "#draw-status").await;

    // Resign: asked, then sente wins by resignation, as the record says.
    b.click("#resign").await;
    b.wait(
        "the question",
        "document.getElementById('resign-ask')?.open",
    )
    .await;
    assert_eq!(
        b.eval("document.activeElement.id").await,
        "resign-ask-cancel"
    );
    b.click("#resign-ask-confirm").await;
    b.wait("resigned", &format!("{STATE}.ended?.result === '0-1'"))
        .await;
    assert_eq!(b.text("#result").await, "sente wins");
    assert_eq!(b.text("#reason").await, "X (you) resigned");
    b.send(json!({"type": "save_record"})).await;
    b.wait(
        "the record",
        "document.getElementById('record-text').value.includes('[Termination \"resignation\"]')",
    )
    .await;
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn each_sides_clock_starts_with_its_first_move() {
    let b = Browser::start("honest-clock").await;
    let server = start_server(&[]);
    b.open(&server.url).await;
    b.new_game("connect4").await;
    start_clock_game(&b, "p1", "1").await;
    let state = b.state().await;
    assert_eq!(state["clocks"]["running"], Value::Null, "{state}");
    assert_eq!(state["clocks"]["p1_ms"], 60000);
    // A hint is a search of sente's: time passes while it thinks, and no clock runs.
    b.click("#hint").await;
    b.wait("the hint", "window.senteApp.store.hint").await;
    let state = b.state().await;
    assert_eq!(state["clocks"]["running"], Value::Null, "{state}");
    assert_eq!(state["clocks"]["p1_ms"], 60000);
    assert_eq!(b.text("#clock-p1").await, "1:00");
    assert_eq!(b.text("#clock-p2").await, "1:00");
    b.shot("before-the-first-move").await;
    // The person's first move and sente's are not timed; from then on the person's clock runs.
    b.click("[data-move=\"4\"]").await;
    b.wait(
        "sente's first move",
        &format!("{STATE}.moves.length === 2 && !{STATE}.mode.thinking"),
    )
    .await;
    let state = b.state().await;
    assert_eq!(state["clocks"]["p1_ms"], 60000, "{state}");
    assert_eq!(state["clocks"]["p2_ms"], 60000, "{state}");
    assert_eq!(state["clocks"]["running"], "p1", "{state}");
    assert_eq!(state["mode"]["abortable"], false);
    b.click("[data-move=\"4\"]").await;
    b.wait(
        "sente's second move",
        &format!("{STATE}.moves.length === 4 && !{STATE}.mode.thinking"),
    )
    .await;
    let state = b.state().await;
    assert!(
        state["clocks"]["p1_ms"].as_i64().unwrap() < 60000,
        "{state}"
    );
    assert!(
        state["clocks"]["p2_ms"].as_i64().unwrap() < 60000,
        "{state}"
    );
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn a_link_with_a_wrong_move_opens_its_legal_part_and_says_what_was_wrong() {
    let b = Browser::start("honest-links").await;
    let axe = axe_source();
    let server = start_server(&[]);
    let open = |query: &'static str| {
        let url = format!("{}?{query}", server.url);
        let b = &b;
        async move {
            b.client.goto("about:blank").await.expect("away");
            b.open(&url).await;
            b.js("sessionStorage.clear();", Vec::new()).await;
        }
    };
    let sticky =
        "[...document.querySelectorAll('.toast.sticky')].map((t) => t.textContent).join(' | ')";

    open("variant=tictactoe&moves=b2+b2").await;
    b.wait(
        "tic-tac-toe after b2, and the error",
        &format!(
            "{STATE}.variant === 'tictactoe' && {STATE}.moves.join(' ') === 'b2' && \
             document.querySelector('.toast.sticky')"
        ),
    )
    .await;
    let said = b.eval(sticky).await;
    assert!(
        said.as_str()
            .unwrap()
            .contains("Opened the game up to its last legal move: move 2 'b2' is not a legal move"),
        "{said}"
    );
    looked_at(&b, axe.as_deref(), "tictactoe", ".toast.sticky").await;

    open("variant=connect4&moves=4+4+9+3").await;
    b.wait(
        "Connect Four after 4 4, and the error",
        &format!(
            "{STATE}.variant === 'connect4' && {STATE}.moves.join(' ') === '4 4' && \
             document.querySelector('.toast.sticky')"
        ),
    )
    .await;
    assert!(
        b.eval(sticky)
            .await
            .as_str()
            .unwrap()
            .contains("move 3 '9' is not a legal move")
    );

    // A bad variant or rule: said, and the page keeps a game of its own.
    for (query, words) in [
        ("variant=chess&moves=e4", "unknown variant"),
        (
            "variant=connect4&Bogus=1",
            "not rule options of connect4: Bogus",
        ),
        ("variant=connect4&Connect4Width=99", "Connect4Width"),
    ] {
        open(query).await;
        b.wait(
            &format!("the error for {query}"),
            &format!(
                "[...document.querySelectorAll('.toast.sticky')].some((t) => \
                 t.textContent.startsWith('The game asked for could not be opened') && \
                 t.textContent.includes({}))",
                json!(words)
            ),
        )
        .await;
    }
    looked_at(&b, axe.as_deref(), "bad-rule", ".toast.sticky").await;
    // Dismissed, it goes.
    b.click(".toast.sticky .toast-close").await;
    b.wait("dismissed", "!document.querySelector('.toast.sticky')")
        .await;
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn a_second_tab_on_the_games_address_offers_to_take_it_over() {
    let b = Browser::start("honest-tabs").await;
    let axe = axe_source();
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
    let first = b.client.window().await.expect("the first tab");
    let address = b.eval("location.href").await;
    let address = address.as_str().expect("the address").to_string();

    // The same address in a new tab (a session of its own): it says where the game is.
    let second = b.client.new_window(true).await.expect("a tab").handle;
    b.client
        .switch_to_window(second.clone())
        .await
        .expect("to the second tab");
    b.open(&address).await;
    b.wait(
        "the game said to be elsewhere",
        "document.getElementById('elsewhere').textContent.startsWith('This game is being played in another tab (against sente)') && \
         document.getElementById('take-over')",
    )
    .await;
    assert_eq!(b.state().await["mode"]["kind"], "free");
    if let Some(axe) = &axe {
        let found = violations(&b, axe, "the offer to take over").await;
        assert!(found.is_empty(), "axe-core:\n{}", found.join("\n"));
    }
    b.shot("offer").await;
    b.click("#take-over").await;
    b.wait(
        "the game here",
        &format!(
            "{STATE}.mode.kind === 'play' && {STATE}.moves.length === 2 && \
             document.getElementById('elsewhere').hidden && document.getElementById('undo')"
        ),
    )
    .await;

    // The first tab: told, its controls off.
    b.client
        .switch_to_window(first.clone())
        .await
        .expect("to the first tab");
    b.wait(
        "the first tab told",
        "document.body.dataset.connection === 'taken' && \
         document.getElementById('elsewhere').textContent.startsWith('This game continues in another tab: the controls here are off.')",
    )
    .await;
    for control in [
        "#undo",
        "#hint",
        "#resign",
        "#new-game",
        "#variant",
        "#analyse",
        "#setup-apply",
    ] {
        let off = b
            .js(
                "const n = document.querySelector(arguments[0]); return Boolean(n && n.closest('[inert]'));",
                vec![json!(control)],
            )
            .await;
        assert_eq!(off, true, "{control} is live in the tab that lost its game");
    }
    if let Some(axe) = &axe {
        for theme in ["light", "dark"] {
            b.js("window.senteTheme(arguments[0]);", vec![json!(theme)])
                .await;
            let found = violations(&b, axe, &format!("a tab taken over ({theme})")).await;
            assert!(found.is_empty(), "axe-core:\n{}", found.join("\n"));
            b.shot(&format!("taken-{theme}")).await;
        }
        b.js("window.senteTheme('light');", Vec::new()).await;
    }
    b.client
        .set_window_size(420, 900)
        .await
        .expect("a narrow window");
    b.shot("taken-narrow").await;
    b.client
        .set_window_size(1400, 1100)
        .await
        .expect("a wide window");
    // Taken back: the game is here again, and the second tab is told.
    b.click("#take-back").await;
    b.wait(
        "the game back",
        &format!(
            "document.body.dataset.connection === 'open' && {STATE}.mode.kind === 'play' && \
             document.getElementById('elsewhere').hidden && !document.querySelector('main.layout').inert"
        ),
    )
    .await;
    b.client
        .switch_to_window(second)
        .await
        .expect("to the second tab");
    b.wait(
        "the second tab told",
        "document.body.dataset.connection === 'taken'",
    )
    .await;
    b.close().await;
}
