//! The search tree and the comparison view in the browser: the textbook tree's nodes and
//! pruned stubs counted in the page, stepping in the engine's trace order, a tree of about
//! 60,000 nodes drawn and scrolled, and the comparison tables checked against the scripts'.

use super::harness::{Browser, sente, start_server};
use serde_json::Value;
use std::collections::HashMap;
use std::io::Write;
use std::process::{Command, Stdio};

/// The page's tree view.
const VIEW: &str = "document.getElementById('view-tree')";

/// One node of a trace as sente prints it: parent, move, value.
struct Traced {
    parent: u64,
    mv: String,
    value: i64,
}

/// The `info trace` lines sente prints for `go depth` after `setup`, by id.
fn engine_trace(variant: &str, setup: &[&str], depth: u32) -> HashMap<u64, Traced> {
    let mut child = Command::new(sente())
        .args(["--variant", variant])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start sente");
    let mut input = child.stdin.take().expect("stdin");
    writeln!(input, "setoption name SearchTrace value true").unwrap();
    for line in setup {
        writeln!(input, "{line}").unwrap();
    }
    writeln!(input, "go depth {depth}").unwrap();
    writeln!(input, "quit").unwrap();
    drop(input);
    let output = child.wait_with_output().expect("sente's output");
    let text = String::from_utf8_lossy(&output.stdout);
    let mut nodes = HashMap::new();
    for line in text.lines().filter(|l| l.starts_with("info trace ")) {
        let words: Vec<&str> = line.split_whitespace().collect();
        let field = |name: &str| words[words.iter().position(|w| *w == name).unwrap() + 1];
        nodes.insert(
            field("id").parse().unwrap(),
            Traced {
                parent: field("parent").parse().unwrap(),
                mv: field("move").to_string(),
                value: field("value").parse().unwrap(),
            },
        );
    }
    nodes
}

/// Runs a traced search from the tree view's controls and waits for its drawing.
async fn search(b: &Browser, position: &str, algorithm: &str, depth: u32) {
    b.set_value("#tv-position", position).await;
    b.set_value("#tv-algorithm", algorithm).await;
    b.set_value("#tv-depth", &depth.to_string()).await;
    let before = b.eval(&format!("{VIEW}.dataset.drawnAt || ''")).await;
    b.click("#tv-run").await;
    b.wait(
        &format!("the {algorithm} tree of {position}"),
        &format!("{VIEW}.dataset.state === 'drawn' && ({VIEW}.dataset.drawnAt || '') !== {before}"),
    )
    .await;
}

/// The texts of the elements matching `css`.
async fn texts(b: &Browser, css: &str) -> Vec<String> {
    let value = b
        .js(
            "return [...document.querySelectorAll(arguments[0])].map(n => n.textContent);",
            vec![Value::from(css)],
        )
        .await;
    value
        .as_array()
        .map(|a| a.iter().filter_map(|v| v.as_str().map(String::from)).collect())
        .unwrap_or_default()
}

async fn number(b: &Browser, expression: &str) -> i64 {
    b.eval(expression).await.as_i64().unwrap_or(-1)
}

#[tokio::test(flavor = "multi_thread")]
async fn the_textbook_tree_node_by_node_under_minimax_alpha_beta_and_expectimax() {
    let Some(b) = Browser::start("search-tree").await else {
        return;
    };
    let server = start_server(&[]);
    b.open(&format!("{}#tree", server.url)).await;
    // Minimax: the 13 nodes of the course, no stub.
    search(&b, "textbook", "minimax", 2).await;
    assert_eq!(number(&b, "document.querySelectorAll('#tv-svg .tv-node').length").await, 13);
    assert_eq!(number(&b, "document.querySelectorAll('#tv-svg .tv-stub').length").await, 0);
    assert_eq!(
        texts(&b, "#tv-svg .tv-leaf .tv-value").await,
        ["3", "12", "8", "2", "4", "6", "14", "5", "2"]
    );
    assert_eq!(
        texts(&b, "#tv-svg .tv-min .tv-value").await,
        ["3", "2", "2"]
    );
    assert_eq!(texts(&b, "#tv-svg .tv-max .tv-value").await, ["3"]);
    b.shot("minimax").await;

    // Alpha-beta: 11 nodes, the second subtree cut after its first leaf: two stubs.
    search(&b, "textbook", "alphabeta-plain", 2).await;
    assert_eq!(number(&b, "document.querySelectorAll('#tv-svg .tv-node').length").await, 11);
    assert_eq!(number(&b, "document.querySelectorAll('#tv-svg .tv-stub').length").await, 2);
    // The stubs are node 6's last two children, the leaves 4 and 6 of the textbook.
    assert_eq!(texts(&b, "#tv-svg .tv-stub-text").await, ["4", "6"]);
    assert_eq!(
        b.eval("[...document.querySelectorAll('#tv-svg .tv-stub')].map(s => s.dataset.parent + ':' + s.dataset.move).join(' ')")
            .await,
        "6:2 6:3"
    );
    assert_eq!(texts(&b, "#tv-svg .tv-stub-count").await, ["2 pruned"]);
    // Alpha and beta on hover: node 6 was entered with alpha 3.
    b.js(
        "const n = document.querySelector('#tv-svg [data-id=\"6\"]'); const r = n.getBoundingClientRect(); \
         n.dispatchEvent(new PointerEvent('pointerover', {bubbles: true, clientX: r.left + 5, clientY: r.top + 5}));",
        Vec::new(),
    )
    .await;
    b.wait(
        "the tooltip of node 6",
        "!document.getElementById('tv-tip').hidden && document.getElementById('tv-tip').textContent.includes('α = 3, β = ∞')",
    )
    .await;
    b.shot("alphabeta").await;

    // Stepping: each step enters the next node in the engine's own trace order (ids), with the
    // move and the window the engine printed; values appear as nodes finish.
    let trace = engine_trace(
        "tree",
        &["setoption name Algorithm value alphabeta-plain", "position startpos"],
        2,
    );
    assert_eq!(trace.len(), 11);
    b.click("#tv-first").await;
    b.wait(
        "step 0 drawn",
        "document.getElementById('tv-svg').dataset.step === '0'",
    )
    .await;
    assert_eq!(number(&b, "document.querySelectorAll('#tv-svg .tv-node:not(.tv-ghost)').length").await, 0);
    for id in 1..=11u64 {
        b.click("#tv-next").await;
        b.wait(
            &format!("step {id} drawn"),
            &format!("{VIEW}.dataset.step === '{id}' && document.getElementById('tv-svg').dataset.step === '{id}'"),
        )
        .await;
        let node = &trace[&id];
        let entered = b
            .eval("document.querySelector('#tv-narrative .tv-enter').textContent")
            .await;
        let entered = entered.as_str().unwrap_or("").to_string();
        if id == 1 {
            assert!(entered.starts_with("Enters node 1:"), "{entered}");
        } else {
            assert!(
                entered.starts_with(&format!("Enters node {id} by move {}:", node.mv)),
                "{entered}"
            );
        }
        // The node being searched is the one of this step; those after it are not yet seen.
        if id < 11 {
            assert_eq!(
                b.eval("document.querySelector('#tv-svg .tv-current')?.dataset.id").await,
                id.to_string()
            );
        }
        let seen = b
            .eval("[...document.querySelectorAll('#tv-svg .tv-node:not(.tv-ghost)')].map(n => Number(n.dataset.id)).sort((a, b) => a - b).join(' ')")
            .await;
        let want: Vec<String> = (1..=id).map(|i| i.to_string()).collect();
        assert_eq!(seen, want.join(" "));
        // A leaf shows its value at once; its parent's shows when its last child is done.
        if id == 7 {
            // Node 7 is the leaf 2 under node 6, entered with alpha 3: the cutoff.
            assert_eq!(
                b.eval("document.querySelector('#tv-svg [data-id=\"6\"] .tv-value').textContent").await,
                "2"
            );
            assert_eq!(node.value, 200);
            let cut = texts(&b, "#tv-narrative .tv-cut").await;
            assert_eq!(cut.len(), 1, "{cut:?}");
            assert!(cut[0].contains("2 ≤ α = 3"), "{cut:?}");
            assert_eq!(number(&b, "document.querySelectorAll('#tv-svg .tv-stub').length").await, 2);
            let path = texts(&b, "#tv-path tbody tr.current td").await;
            assert_eq!(path[2..5], ["1", "3", "∞"], "{path:?}");
            b.shot("step-7").await;
        }
        if id == 8 {
            // The root's window after its first two children: alpha 3 (raised), beta inf.
            let root = texts(&b, "#tv-path tbody tr:first-child td").await;
            assert_eq!(root[3..6], ["3", "∞", "≥3"], "{root:?}");
        }
    }
    assert_eq!(trace[&1].parent, 0);

    // Expectimax (random opponent): the min nodes become chance nodes worth their mean.
    search(&b, "textbook", "expectimax-random", 2).await;
    assert_eq!(number(&b, "document.querySelectorAll('#tv-svg .tv-chance').length").await, 3);
    assert_eq!(texts(&b, "#tv-svg .tv-chance .tv-value").await, ["7.67", "4", "7"]);
    assert_eq!(texts(&b, "#tv-svg .tv-max .tv-value").await, ["7.67"]);
    b.shot("expectimax").await;
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn an_engine_that_does_not_trace_is_told_so() {
    let Some(b) = Browser::start("search-tree-refused").await else {
        return;
    };
    let faulty = format!("cmd={}/tests/engines/faulty.sh", env!("CARGO_MANIFEST_DIR"));
    let me = format!("cmd={}", sente().display());
    let server = start_server(&["--engine", &me, "name=sente", "--engine", &faulty, "name=other", "arg=good"]);
    b.open(&format!("{}#tree", server.url)).await;
    b.set_value("#tv-position", "tictactoe-a3").await;
    b.set_value("#tv-engine", "other").await;
    b.set_value("#tv-depth", "3").await;
    b.click("#tv-run").await;
    b.wait(
        "the refusal",
        &format!("{VIEW}.dataset.state === 'failed'"),
    )
    .await;
    let status = b.eval("document.getElementById('tv-status').textContent").await;
    assert!(
        status.as_str().unwrap_or("").contains("other has no option SearchTrace"),
        "{status}"
    );
    b.shot("").await;
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_tree_of_sixty_thousand_nodes_is_drawn_in_part_and_scrolls() {
    let Some(b) = Browser::start("search-tree-large").await else {
        return;
    };
    let server = start_server(&[]);
    b.open(&format!("{}#tree", server.url)).await;
    // Minimax on tic-tac-toe after a3, depth 8: the course's 59,705 nodes (59,704 expanded).
    search(&b, "tictactoe-a3", "minimax", 8).await;
    assert_eq!(b.eval(&format!("{VIEW}.dataset.nodes")).await, "59705");
    let first_draw = b.eval(&format!("{VIEW}.dataset.firstDrawMs")).await;
    let build = b.eval(&format!("{VIEW}.dataset.buildMs")).await;
    eprintln!("tree of 59705 nodes: first drawn {first_draw} ms after the request, {build} ms after its last message");
    // Only the nodes in view are in the page.
    let drawn = number(&b, "document.querySelectorAll('#tv-svg .tv-node').length").await;
    assert!((10..2000).contains(&drawn), "{drawn} nodes drawn");
    b.shot("").await;
    // Everything open: still only what is in view; scrolling to the far right draws the last
    // nodes.
    b.click("#tv-open-all").await;
    b.wait("the whole tree laid out", &format!("{VIEW}.dataset.shown === '59705'")).await;
    let renders = number(&b, "Number(document.getElementById('tv-svg').dataset.renders)").await;
    b.js(
        "const s = document.getElementById('tv-scroll'); s.scrollLeft = s.scrollWidth; s.scrollTop = s.scrollHeight;",
        Vec::new(),
    )
    .await;
    b.wait(
        "a new drawing at the far right",
        &format!("Number(document.getElementById('tv-svg').dataset.renders) > {renders}"),
    )
    .await;
    let last = b
        .eval("Math.max(...[...document.querySelectorAll('#tv-svg .tv-node')].map(n => Number(n.dataset.id)))")
        .await;
    assert_eq!(last, 59705, "the last node is drawn at the far right");
    let drawn = number(&b, "document.querySelectorAll('#tv-svg .tv-node').length").await;
    assert!((10..2000).contains(&drawn), "{drawn} nodes drawn");
    // The page answers: a step and a node opened and closed.
    b.click("#tv-close-all").await;
    b.wait("closed", &format!("{VIEW}.dataset.shown === '9'")).await;
    b.wait("node 2 drawn", r#"document.querySelector('#tv-svg [data-id="2"]')"#).await;
    b.js(r#"document.querySelector('#tv-svg [data-id="2"]').dispatchEvent(new MouseEvent('click', {bubbles: true}));"#, Vec::new()).await;
    b.wait("node 2 opened", &format!("{VIEW}.dataset.shown === '16'")).await;
    b.shot("opened").await;
    b.close().await;
}
