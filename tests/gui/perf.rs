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
    let b = Browser::start("perf").await;
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

/// Records, in the page, the gaps between animation frames until `window.gapsOn` is false.
const COLLECT_FRAME_GAPS: &str = "window.gaps = []; window.gapsOn = true;
    let last = performance.now();
    const frame = (t) => { window.gaps.push(t - last); last = t; if (window.gapsOn) requestAnimationFrame(frame); };
    requestAnimationFrame(frame);";

/// The search tree's time to first draw: from the request (the click on Search) to the tree on
/// screen, and from the tree's last message to it; the longest gap between frames meanwhile;
/// the layout of the whole tree opened; a redraw after a scroll.
#[tokio::test(flavor = "multi_thread")]
#[ignore = "a measurement: scripts/tree_view_perf.sh"]
async fn measure_tree_view() {
    let b = Browser::start("tree-perf").await;
    let server = start_server(&[]);
    b.open(&format!("{}#tree", server.url)).await;
    let view = "document.getElementById('view-tree')";
    for (position, algorithm, depth, what) in [
        (
            "tictactoe-a3",
            "minimax",
            "8",
            "tic-tac-toe after a3, minimax depth 8",
        ),
        (
            "current",
            "alphabeta-plain",
            "9",
            "Connect Four start, alpha-beta depth 9 (TraceLimit 100000)",
        ),
    ] {
        let (mut first, mut build, mut gaps) = (Vec::new(), Vec::new(), Vec::new());
        let mut nodes = String::new();
        for round in 0..6 {
            b.set_value("#tv-position", position).await;
            b.set_value("#tv-algorithm", algorithm).await;
            b.set_value("#tv-depth", depth).await;
            let before = b.eval(&format!("{view}.dataset.drawnAt || ''")).await;
            b.js(COLLECT_FRAME_GAPS, Vec::new()).await;
            b.click("#tv-run").await;
            b.wait(
                "the tree drawn",
                &format!("{view}.dataset.state === 'drawn' && ({view}.dataset.drawnAt || '') !== {before}"),
            )
            .await;
            b.js("window.gapsOn = false;", Vec::new()).await;
            nodes = b
                .eval(&format!("{view}.dataset.nodes"))
                .await
                .as_str()
                .unwrap_or("")
                .to_string();
            // The first round warms the page and the engine up; it is not counted.
            if round == 0 {
                continue;
            }
            let number = |v: serde_json::Value| {
                v.as_str()
                    .and_then(|s| s.parse::<f64>().ok())
                    .unwrap_or(f64::NAN)
            };
            first.push(number(b.eval(&format!("{view}.dataset.firstDrawMs")).await));
            build.push(number(b.eval(&format!("{view}.dataset.buildMs")).await));
            gaps.push(
                b.eval("Math.max(...window.gaps)")
                    .await
                    .as_f64()
                    .unwrap_or(f64::NAN),
            );
        }
        println!(
            "tree {what}, {nodes} nodes: first draw after the request: {}",
            summary(first)
        );
        println!(
            "tree {what}, {nodes} nodes: first draw after the last message: {}",
            summary(build)
        );
        println!(
            "tree {what}, {nodes} nodes: longest frame gap from the request to the draw: {}",
            summary(gaps)
        );
        // Everything open, then scrolled across.
        b.click("#tv-open-all").await;
        b.wait(
            "the whole tree laid out",
            &format!("{view}.dataset.shown === '{nodes}'"),
        )
        .await;
        let layout = b.eval(&format!("Number({view}.dataset.layoutMs)")).await;
        let mut renders = Vec::new();
        for step in 1..=20 {
            let count = b
                .eval("Number(document.getElementById('tv-svg').dataset.renders)")
                .await;
            b.js(
                "const s = document.getElementById('tv-scroll'); s.scrollLeft = s.scrollWidth * arguments[0] / 20; s.scrollTop = s.scrollHeight * (arguments[0] % 4) / 4;",
                vec![json!(step)],
            )
            .await;
            b.wait(
                "the redraw",
                &format!("Number(document.getElementById('tv-svg').dataset.renders) > {count}"),
            )
            .await;
            renders.push(
                b.eval("Number(document.getElementById('tv-svg').dataset.renderMs)")
                    .await
                    .as_f64()
                    .unwrap_or(f64::NAN),
            );
        }
        println!(
            "tree {what}, {nodes} nodes, all open: layout {layout} ms; redraw after a scroll: {}",
            summary(renders)
        );
        b.click("#tv-close-all").await;
    }
    b.close().await;
}
