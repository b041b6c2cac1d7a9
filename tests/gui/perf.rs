//! The GUI's speed, measured in headless Chromium (ignored in `cargo test`; run by
//! `scripts/gui_perf.sh`): how soon the page is interactive, how soon an engine's `info` line is
//! on the page, and how 20 tabs, each with an engine analysing, answer a move.

use super::harness::{Browser, start_server};
use serde_json::json;
use std::time::Duration;

const STATE: &str = "window.senteApp.store.state";

/// Minimum, median, 95th percentile and maximum, in ms.
fn summary(mut values: Vec<f64>) -> String {
    values.sort_by(f64::total_cmp);
    let at = |q: f64| values[((values.len() - 1) as f64 * q).round() as usize];
    format!(
        "{} samples: min {:.1}, median {:.1}, p95 {:.1}, max {:.1} ms",
        values.len(),
        at(0.0),
        at(0.5),
        at(0.95),
        at(1.0)
    )
}

fn numbers(value: serde_json::Value) -> Vec<f64> {
    value
        .as_array()
        .map(|a| a.iter().filter_map(|v| v.as_f64()).collect())
        .unwrap_or_default()
}

/// Collects, in the page, the delay of each `info ... string sent <ns>` line from the
/// engine's write to its arrival.
const COLLECT_LATENCY: &str = "window.latencies = [];
    window.senteApp.store.on('info', (m) => {
      const sent = /sent (\\d+)/.exec(m.string || '');
      if (!sent) return;
      const now = (performance.timeOrigin + performance.now()) * 1e6;
      window.latencies.push((now - Number(sent[1])) / 1e6);
    });";

/// Plays `mv` and records, in the page, the time until the new state arrives.
const TIMED_MOVE: &str = "const plies = window.senteApp.store.state.moves.length;
    const start = performance.now();
    const token = {};
    window.timing = token;
    window.roundTrip = null;
    window.senteApp.store.on('state', (s) => {
      if (window.timing === token && window.roundTrip === null && s.moves.length > plies) {
        window.roundTrip = performance.now() - start;
      }
    });
    window.senteApp.send({type: 'play', moves: [arguments[0]]});";

#[tokio::test(flavor = "multi_thread")]
#[ignore = "a measurement: scripts/gui_perf.sh"]
async fn measure_gui_speed() {
    let Some(b) = Browser::start("perf").await else {
        return;
    };
    let ticker = format!("cmd={}/tests/engines/ticker.py", env!("CARGO_MANIFEST_DIR"));
    let sente = format!("cmd={}", super::harness::sente().display());
    let server = start_server(&[
        "--max-engines",
        "64",
        "--engine",
        &sente,
        "name=sente",
        "--engine",
        &ticker,
        "name=ticker",
    ]);
    // 1. The page interactive: from navigation start to the first state drawn with its
    // handlers in place (document.body.dataset.readyMs), over 15 fresh loads.
    let mut ready = Vec::new();
    for _ in 0..15 {
        b.client.goto("about:blank").await.expect("blank");
        b.open(&server.url).await;
        let ms = b.eval("Number(document.body.dataset.readyMs)").await;
        ready.push(ms.as_f64().expect("readyMs"));
    }
    println!("page interactive after loading: {}", summary(ready));

    // 2. Info line latency: the ticker engine analysing, 300 lines.
    b.js(COLLECT_LATENCY, Vec::new()).await;
    b.send(json!({"type": "new_game", "variant": "tictactoe"}))
        .await;
    b.send(json!({"type": "analyse", "engine": "ticker"})).await;
    b.wait("300 lines", "window.latencies.length >= 300").await;
    let quiet = numbers(b.eval("window.latencies").await);
    b.send(json!({"type": "stop_analysis"})).await;
    println!(
        "info line, engine write to page (idle machine): {}",
        summary(quiet)
    );

    // 3. Twenty tabs, each analysing Connect Four with its own sente (20 processes searching
    // without end, and each tab's column solver besides, on this machine's cores); in each tab
    // a move's round trip; then the ticker's latency in a 21st tab while the twenty search.
    let first = b.client.window().await.expect("window");
    let mut tabs = Vec::new();
    for _ in 0..20 {
        let tab = b.client.new_window(true).await.expect("new tab");
        b.client
            .switch_to_window(tab.handle.clone())
            .await
            .expect("switch");
        b.open(&server.url).await;
        b.send(json!({"type": "new_game", "variant": "connect4"}))
            .await;
        b.wait("connect4", &format!("{STATE}.variant === 'connect4'"))
            .await;
        b.send(json!({"type": "analyse", "engine": "sente"})).await;
        b.wait("analysing", "window.senteApp.store.info").await;
        tabs.push(tab.handle);
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    let mut trips = Vec::new();
    for round in 0..3 {
        for tab in &tabs {
            b.client
                .switch_to_window(tab.clone())
                .await
                .expect("switch");
            // A tab brought to the front first wakes up (Chromium lowers the priority of
            // hidden tabs' renderers): one untimed round trip, then the timed move.
            b.js(
                "window.woken = false; window.senteApp.store.on('state', () => { window.woken = true; });
                 window.senteApp.send({type: 'goto', ply: window.senteApp.store.state.cursor});",
                Vec::new(),
            )
            .await;
            b.wait("the tab awake", "window.woken").await;
            let legal = b.eval(&format!("{STATE}.legal[0]")).await;
            b.js(TIMED_MOVE, vec![legal]).await;
            b.wait("the move's state", "window.roundTrip !== null")
                .await;
            trips.push(b.eval("window.roundTrip").await.as_f64().expect("ms"));
            let _ = round;
        }
    }
    println!("move round trip, 20 tabs analysing: {}", summary(trips));
    b.client.switch_to_window(first).await.expect("switch");
    b.send(json!({"type": "new_game", "variant": "connect4"}))
        .await;
    b.wait("connect4", &format!("{STATE}.variant === 'connect4'"))
        .await;
    let mut own = Vec::new();
    for _ in 0..10 {
        let legal = b.eval(&format!("{STATE}.legal[0]")).await;
        b.js(TIMED_MOVE, vec![legal]).await;
        b.wait("the move's state", "window.roundTrip !== null")
            .await;
        own.push(b.eval("window.roundTrip").await.as_f64().expect("ms"));
    }
    println!(
        "move round trip in a tab without analysis, 20 other tabs analysing: {}",
        summary(own)
    );
    b.send(json!({"type": "new_game", "variant": "tictactoe"}))
        .await;
    b.js(COLLECT_LATENCY, Vec::new()).await;
    b.send(json!({"type": "analyse", "engine": "ticker"})).await;
    b.wait("300 lines", "window.latencies.length >= 300").await;
    let loaded = numbers(b.eval("window.latencies").await);
    println!(
        "info line, engine write to page, 20 other tabs analysing: {}",
        summary(loaded)
    );
    b.close().await;
}
