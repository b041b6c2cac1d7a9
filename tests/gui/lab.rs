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

/// One node of a trace as sente prints it: parent, move, value (in the game's units).
struct Traced {
    parent: u64,
    mv: String,
    value: f64,
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
        .map(|a| {
            a.iter()
                .filter_map(|v| v.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default()
}

async fn number(b: &Browser, expression: &str) -> i64 {
    b.eval(expression).await.as_i64().unwrap_or(-1)
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn the_textbook_tree_node_by_node_under_minimax_alpha_beta_and_expectimax() {
    let b = Browser::start("search-tree").await;
    let server = start_server(&[]);
    b.open(&format!("{}#tree", server.url)).await;
    // Minimax: the 13 nodes of the course, no stub.
    search(&b, "textbook", "minimax", 2).await;
    assert_eq!(
        number(&b, "document.querySelectorAll('#tv-svg .tv-node').length").await,
        13
    );
    assert_eq!(
        number(&b, "document.querySelectorAll('#tv-svg .tv-stub').length").await,
        0
    );
    assert_eq!(
        texts(&b, "#tv-svg .tv-leaf .tv-value").await,
        ["3", "12", "8", "2", "4", "6", "14", "5", "2"]
    );
    assert_eq!(
        texts(&b, "#tv-svg .tv-min .tv-value").await,
        ["3", "2", "2"]
    );
    assert_eq!(texts(&b, "#tv-svg .tv-max .tv-value").await, ["3"]);
    // The summary says the tree's 3 once, in the tree's units, not the engine's `cp 300`.
    assert_eq!(
        b.eval("document.getElementById('tv-value-out').textContent")
            .await,
        "3 for the first player"
    );
    let engine = b
        .eval("document.getElementById('tv-engine-out').textContent")
        .await;
    assert!(!engine.as_str().unwrap_or("").contains("cp"), "{engine}");
    b.shot("minimax").await;

    // Alpha-beta: 11 nodes, the second subtree cut after its first leaf: two stubs.
    search(&b, "textbook", "alphabeta-plain", 2).await;
    assert_eq!(
        number(&b, "document.querySelectorAll('#tv-svg .tv-node').length").await,
        11
    );
    assert_eq!(
        number(&b, "document.querySelectorAll('#tv-svg .tv-stub').length").await,
        2
    );
    // Node 6 is cut: its 2 is only an upper bound, as the textbook writes it.
    assert_eq!(
        texts(&b, "#tv-svg .tv-min .tv-value").await,
        ["3", "≤2", "2"]
    );
    assert_eq!(texts(&b, "#tv-svg .tv-max .tv-value").await, ["3"]);
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
        &[
            "setoption name Algorithm value alphabeta-plain",
            "position startpos",
        ],
        2,
    );
    assert_eq!(trace.len(), 11);
    b.click("#tv-first").await;
    b.wait(
        "step 0 drawn",
        "document.getElementById('tv-svg').dataset.step === '0'",
    )
    .await;
    assert_eq!(
        number(
            &b,
            "document.querySelectorAll('#tv-svg .tv-node:not(.tv-ghost)').length"
        )
        .await,
        0
    );
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
                b.eval("document.querySelector('#tv-svg .tv-current')?.dataset.id")
                    .await,
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
            // Node 7 is the leaf 2 under node 6, entered with alpha 3: the cutoff, and node 6
            // worth at most 2.
            assert_eq!(
                b.eval("document.querySelector('#tv-svg [data-id=\"6\"] .tv-value').textContent")
                    .await,
                "≤2"
            );
            // The engine's line and the page say the tree's own 2, not centipawns.
            assert_eq!(node.value, 2.0);
            let cut = texts(&b, "#tv-narrative .tv-cut").await;
            assert_eq!(cut.len(), 1, "{cut:?}");
            assert!(cut[0].contains("2 ≤ α = 3"), "{cut:?}");
            assert_eq!(
                number(&b, "document.querySelectorAll('#tv-svg .tv-stub').length").await,
                2
            );
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
    assert_eq!(
        number(&b, "document.querySelectorAll('#tv-svg .tv-chance').length").await,
        3
    );
    assert_eq!(
        texts(&b, "#tv-svg .tv-chance .tv-value").await,
        ["7.67", "4", "7"]
    );
    assert_eq!(texts(&b, "#tv-svg .tv-max .tv-value").await, ["7.67"]);
    // The principal line ends at the chance node of move 1: no leaf under it is on the line
    // (the engine's pv names the opponent's reply, which is chance).
    assert_eq!(
        number(
            &b,
            "document.querySelectorAll('#tv-svg .tv-node.tv-pv').length"
        )
        .await,
        2
    );
    assert_eq!(
        number(
            &b,
            "document.querySelectorAll('#tv-svg .tv-chance.tv-pv').length"
        )
        .await,
        1
    );
    assert_eq!(
        number(
            &b,
            "document.querySelectorAll('#tv-svg .tv-edge.tv-pv').length"
        )
        .await,
        1
    );
    b.shot("expectimax").await;
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn an_engine_that_does_not_trace_is_told_so() {
    let b = Browser::start("search-tree-refused").await;
    let faulty = format!("cmd={}/tests/engines/faulty.sh", env!("CARGO_MANIFEST_DIR"));
    let me = format!("cmd={}", sente().display());
    let server = start_server(&[
        "--engine",
        &me,
        "name=sente",
        "--engine",
        &faulty,
        "name=other",
        "arg=good",
    ]);
    b.open(&format!("{}#tree", server.url)).await;
    b.set_value("#tv-position", "tictactoe-a3").await;
    b.set_value("#tv-engine", "other").await;
    b.set_value("#tv-depth", "3").await;
    b.click("#tv-run").await;
    b.wait("the refusal", &format!("{VIEW}.dataset.state === 'failed'"))
        .await;
    let status = b
        .eval("document.getElementById('tv-status').textContent")
        .await;
    assert!(
        status
            .as_str()
            .unwrap_or("")
            .contains("other has no option SearchTrace"),
        "{status}"
    );
    b.shot("").await;
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn a_tree_of_sixty_thousand_nodes_is_drawn_in_part_and_scrolls() {
    let b = Browser::start("search-tree-large").await;
    let server = start_server(&[]);
    b.open(&format!("{}#tree", server.url)).await;
    // Minimax on tic-tac-toe after a3, depth 8: the course's 59,705 nodes (59,704 expanded).
    search(&b, "tictactoe-a3", "minimax", 8).await;
    assert_eq!(b.eval(&format!("{VIEW}.dataset.nodes")).await, "59705");
    let first_draw = b.eval(&format!("{VIEW}.dataset.firstDrawMs")).await;
    let build = b.eval(&format!("{VIEW}.dataset.buildMs")).await;
    eprintln!(
        "tree of 59705 nodes: first drawn {first_draw} ms after the request, {build} ms after its last message"
    );
    // Only the nodes in view are in the page.
    let drawn = number(&b, "document.querySelectorAll('#tv-svg .tv-node').length").await;
    assert!((10..2000).contains(&drawn), "{drawn} nodes drawn");
    b.shot("").await;
    // Everything open: still only what is in view; scrolling to the far right draws the last
    // nodes.
    b.click("#tv-open-all").await;
    b.wait(
        "the whole tree laid out",
        &format!("{VIEW}.dataset.shown === '59705'"),
    )
    .await;
    let renders = number(
        &b,
        "Number(document.getElementById('tv-svg').dataset.renders)",
    )
    .await;
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
    b.wait("closed", &format!("{VIEW}.dataset.shown === '9'"))
        .await;
    b.wait(
        "node 2 drawn",
        r#"document.querySelector('#tv-svg [data-id="2"]')"#,
    )
    .await;
    b.js(r#"document.querySelector('#tv-svg [data-id="2"]').dispatchEvent(new MouseEvent('click', {bubbles: true}));"#, Vec::new()).await;
    b.wait("node 2 opened", &format!("{VIEW}.dataset.shown === '16'"))
        .await;
    b.shot("opened").await;
    // Stepping deep into the closed tree opens the path to the node being searched.
    b.js(
        "const s = document.getElementById('tv-slider'); s.value = '30000'; s.dispatchEvent(new Event('input'));",
        Vec::new(),
    )
    .await;
    b.wait(
        "node 30000 drawn as the current node",
        "document.querySelector('#tv-svg .tv-current')?.dataset.id === '30000'",
    )
    .await;
    b.click("#tv-next").await;
    b.wait(
        "node 30001 current",
        "document.querySelector('#tv-svg .tv-current')?.dataset.id === '30001'",
    )
    .await;
    b.shot("stepping").await;
    b.close().await;
}

/// The comparison view.
const COMPARE: &str = "document.getElementById('view-compare')";

/// `python3 scripts/<script> --engine <this sente> <args>`, started now (the tables take a few
/// seconds).
fn start_script(script: &str, args: &[&str]) -> std::process::Child {
    let root = env!("CARGO_MANIFEST_DIR");
    Command::new("python3")
        .arg(format!("{root}/scripts/{script}"))
        .arg("--engine")
        .arg(sente())
        .args(args)
        .current_dir(root)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| {
            panic!("the comparison test needs python3 to run scripts/{script}: {e}")
        })
}

/// A script's whole output.
fn finish_script(child: std::process::Child) -> String {
    let output = child.wait_with_output().expect("the script's output");
    assert!(
        output.status.success(),
        "the script failed: {}",
        output.status
    );
    String::from_utf8(output.stdout).expect("UTF-8")
}

/// The cells of the table rows of `text` (header and separator lines left out): those after
/// the line `section` (up to the next `###`), or without one those of the first table.
fn table_rows(text: &str, section: Option<&str>) -> Vec<Vec<String>> {
    let mut inside = section.is_none();
    let mut rows = Vec::new();
    let mut header = true;
    for line in text.lines() {
        if let Some(title) = section
            && line.starts_with("###")
        {
            inside = line.trim() == title;
            header = true;
            continue;
        }
        if !inside || !line.starts_with('|') {
            if section.is_none() && !rows.is_empty() {
                break;
            }
            header = true;
            continue;
        }
        if header {
            // The header line, then the separator.
            if line.starts_with("|---") {
                header = false;
            }
            continue;
        }
        rows.push(
            line.trim_matches('|')
                .split(" | ")
                .map(|c| c.trim().to_string())
                .collect(),
        );
    }
    rows
}

/// The page's table, as its markdown export.
async fn page_rows(b: &Browser) -> Vec<Vec<String>> {
    let text = b
        .eval("document.getElementById('cmp-markdown').value")
        .await;
    table_rows(text.as_str().unwrap_or(""), None)
}

/// Runs a comparison from the view's controls and waits until it is done.
async fn compare(b: &Browser, position: &str, depths: &str, setup: &str) {
    b.set_value("#cmp-position", position).await;
    b.js(setup, Vec::new()).await;
    if !depths.is_empty() {
        b.set_value("#cmp-depths", depths).await;
    }
    let before = b.eval(&format!("{COMPARE}.dataset.doneAt || '0'")).await;
    b.click("#cmp-run").await;
    b.wait(
        &format!("the comparison of {position}"),
        &format!("({COMPARE}.dataset.doneAt || '0') !== {before}"),
    )
    .await;
}

/// The cells `columns` of each row.
fn cut(rows: &[Vec<String>], columns: std::ops::RangeInclusive<usize>) -> Vec<Vec<String>> {
    rows.iter().map(|r| r[columns.clone()].to_vec()).collect()
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(
    any(sente_no_browser, sente_no_python3),
    ignore = "chromium, chromedriver or python3 not found"
)]
async fn the_comparison_view_reproduces_the_course_tables() {
    let b = Browser::start("compare").await;
    let algorithms = start_script("compare_algorithms.py", &[]);
    let puzzles = start_script("puzzle_algorithms.py", &["--repeat", "1"]);
    let rocks = start_script("rocks_experiment.py", &["--seeds", "0"]);
    let server = start_server(&[]);
    b.open(&format!("{}#compare", server.url)).await;

    // Minimax, plain and full alpha-beta and the expectimax visions on the textbook tree and
    // on tic-tac-toe after a3: the script's rows, every column but the time.
    let two_player = finish_script(algorithms);
    for (position, depth, section, nodes) in [
        ("textbook", "2", "### Explicit trees", ["13", "11", "15"]),
        (
            "tictactoe-a3",
            "8",
            "### Tic-tac-toe after a corner opening (x a3)",
            ["59705", "2788", "1768"],
        ),
    ] {
        compare(&b, position, depth, "").await;
        let page = page_rows(&b).await;
        assert_eq!(page.len(), 6, "{page:?}");
        let script: Vec<Vec<String>> = table_rows(&two_player, Some(section))
            .into_iter()
            .take(3)
            .collect();
        assert_eq!(cut(&page[..3], 0..=5), cut(&script, 0..=5), "{position}");
        assert_eq!(
            page[..3].iter().map(|r| r[5].as_str()).collect::<Vec<_>>(),
            nodes
        );
        // The table on the page says the same.
        let minimax = texts(&b, "#cmp-table tr[data-run='minimax'] td.col-nodes").await;
        assert_eq!(minimax, [nodes[0]], "{minimax:?}");
        let visions: Vec<&str> = page[3..].iter().map(|r| r[2].as_str()).collect();
        assert_eq!(
            visions,
            [
                "expectimax random",
                "expectimax pessimistic",
                "expectimax optimistic"
            ]
        );
        // One bar per row, each with its node count.
        assert_eq!(
            number(
                &b,
                "document.querySelectorAll('#cmp-chart .chart-bar rect').length"
            )
            .await,
            6
        );
    }
    assert_eq!(
        texts(&b, "#cmp-chart .chart-value").await[..3],
        ["59,705", "2,788", "1,768"]
    );
    b.shot("tictactoe").await;
    // The CSV export holds the same rows.
    b.js(
        "window.exported = null; \
         URL.createObjectURL = (blob) => { blob.text().then((t) => { window.exported = t; }); return '#'; }; \
         document.getElementById('cmp-download-csv').click();",
        Vec::new(),
    )
    .await;
    b.wait("the CSV", "window.exported !== null").await;
    let csv = b.eval("window.exported").await;
    let csv = csv.as_str().unwrap_or("").to_string();
    assert!(
        csv.starts_with("position,depth,algorithm,value,best move,nodes,time (ms)\n"),
        "{csv}"
    );
    assert!(csv.contains("\na3,8,minimax,cp 0,b2,59705,"), "{csv}");

    // Rush Hour: BFS, A* and IDA* with each estimate on the lab's main puzzle, as
    // scripts/puzzle_algorithms.py counts them (length, expanded, generated, peak open,
    // iterations).
    compare(&b, "solve22", "", "").await;
    let page = page_rows(&b).await;
    let lab = finish_script(puzzles);
    let script: Vec<Vec<String>> = table_rows(&lab, Some("### Metric `steps`"))
        .into_iter()
        .filter(|r| r[0] == "solve22 (main)")
        .collect();
    assert_eq!(script.len(), 9);
    assert_eq!(cut(&page, 0..=7), cut(&script, 0..=7));
    assert_eq!(page[0][4], "4644", "BFS expands 4644 states");
    b.shot("rushhour").await;

    // The rocks experiment on its 9-step puzzle: each car player's states over a whole game,
    // its moves and the exact value, as scripts/rocks_experiment.py plays them.
    compare(&b, "rocks-9", "3", "").await;
    let page = page_rows(&b).await;
    let experiment = finish_script(rocks);
    let script: Vec<Vec<String>> = table_rows(&experiment, None)
        .into_iter()
        .filter(|r| r[0].starts_with("`....B.....BC.AA.BC.D.....D.....DEEE.`"))
        .collect();
    assert_eq!(script.len(), 5);
    assert_eq!(page, script);
    b.shot("rocks").await;
    b.close().await;
}

/// The element `css`'s box: [left, top, right, bottom] in the window.
async fn rect(b: &Browser, css: &str) -> Vec<f64> {
    let value = b
        .js(
            "const r = document.querySelector(arguments[0]).getBoundingClientRect(); \
             return [r.left, r.top, r.right, r.bottom];",
            vec![Value::from(css)],
        )
        .await;
    value
        .as_array()
        .map(|v| v.iter().filter_map(Value::as_f64).collect())
        .unwrap_or_default()
}

/// One name per search on every view (the option values where a value is meant), values as
/// the tree view writes them, results cleared when another position is picked, a truncated
/// tree that says why its root is not its drawn child's value, and both views read at 420 px.
#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn the_lab_views_say_one_name_the_course_units_and_read_on_a_phone() {
    let b = Browser::start("lab-words").await;
    let server = start_server(&[]);
    b.open(&format!("{}#tree", server.url)).await;
    let names = [
        "Minimax",
        "Alpha-beta",
        "Full search",
        "Expectimax, random opponent",
        "Expectimax, pessimistic opponent",
        "Expectimax, optimistic opponent",
    ];
    // The tree view: the traced searches by their names, the option value said under them.
    let options = texts(&b, "#tv-algorithm option").await;
    // ... and the proof tree, which only the tree view draws.
    let traced: Vec<&str> = names
        .iter()
        .copied()
        .filter(|n| *n != "Full search")
        .chain(["Proof tree"])
        .collect();
    assert_eq!(options, traced);
    b.set_value("#tv-algorithm", "alphabeta-plain").await;
    assert_eq!(
        texts(&b, "#tv-option").await,
        ["Engine options: Algorithm alphabeta-plain"]
    );
    search(&b, "textbook", "alphabeta-plain", 2).await;
    assert!(texts(&b, "#tv-status").await[0].starts_with("Alpha-beta, depth 2: 11 nodes"));
    assert_eq!(texts(&b, "#tv-value-out").await, ["3 for the first player"]);
    let engine = texts(&b, "#tv-engine-out").await;
    assert!(!engine[0].contains("cp"), "{engine:?}");
    // Another position picked: the old tree goes.
    b.set_value("#tv-position", "tictactoe-a3").await;
    b.wait(
        "the tree cleared",
        &format!(
            "{VIEW}.dataset.state === 'cleared' && !document.querySelector('#tv-svg .tv-node')"
        ),
    )
    .await;
    assert_eq!(texts(&b, "#tv-summary").await, [""]);

    // A tree cut at TraceLimit: the root's value counts children that are not drawn, and the
    // page says so, marking the nodes whose values do.
    b.set_value("#tv-limit", "30").await;
    search(&b, "connect4", "alphabeta-plain", 4).await;
    assert!(texts(&b, "#tv-status").await[0].contains("(the first 30 of "));
    let said = texts(&b, "#tv-truncated").await;
    assert!(
        said.len() == 1 && said[0].contains("need not be the value of any child drawn under it"),
        "{said:?}"
    );
    let partial = b
        .eval("[...document.querySelectorAll('#tv-svg .tv-partial')].map((n) => Number(n.dataset.id))")
        .await;
    // The path to node 30 (the last drawn, at ply 3, under the levels open): 1, 2, 3 and 30.
    assert_eq!(partial, serde_json::json!([1, 2, 3]));
    assert!(said[0].contains("The 4 nodes marked …"), "{said:?}");
    b.js(
        "const n = document.querySelector('#tv-svg [data-id=\"1\"]'); const r = n.getBoundingClientRect(); \
         n.dispatchEvent(new PointerEvent('pointerover', {bubbles: true, clientX: r.left + 5, clientY: r.top + 5}));",
        Vec::new(),
    )
    .await;
    b.wait(
        "the root's tooltip",
        "document.getElementById('tv-tip').textContent.includes('its value counts children that are not drawn')",
    )
    .await;
    b.shot("truncated").await;
    b.set_value("#tv-limit", "100000").await;

    // The comparison: the same names, the option values beside the checkboxes, and the values
    // as the tree view writes them (3, not cp 300).
    b.click("#page-compare").await;
    b.wait(
        "the compare page",
        "document.body.dataset.page === 'compare'",
    )
    .await;
    b.set_value("#cmp-position", "textbook").await;
    let labels = b
        .eval("[...document.querySelectorAll('.cmp-run')].map((n) => [n.firstChild.nextSibling.textContent, n.querySelector('code').textContent])")
        .await;
    assert_eq!(
        labels[1],
        serde_json::json!(["Alpha-beta", "Algorithm alphabeta-plain"])
    );
    let shown: Vec<String> = labels
        .as_array()
        .expect("labels")
        .iter()
        .filter_map(|l| l[0].as_str().map(str::to_string))
        .collect();
    assert_eq!(shown, names);
    compare(&b, "textbook", "2", "").await;
    assert_eq!(texts(&b, "#cmp-table td.col-search").await, names);
    assert_eq!(
        texts(&b, "#cmp-chart .chart-label").await,
        names,
        "the chart's labels"
    );
    let values = texts(&b, "#cmp-table td.col-value").await;
    assert_eq!(values[..3], ["3", "3", "3"], "{values:?}");
    assert_eq!(values[3], "7.67", "expectimax as the tree view says it");
    assert!(values.iter().all(|v| !v.contains("cp")), "{values:?}");
    assert_eq!(
        texts(&b, "#cmp-caption").await,
        ["position ((3 12 8) (2 4 6) (14 5 2)) · depth 2"]
    );
    // The export stays in the scripts' words (option values, the engine's scores).
    let exported = b
        .eval("document.getElementById('cmp-markdown').value")
        .await;
    assert!(
        exported
            .as_str()
            .unwrap_or("")
            .contains("| alphabeta-plain | cp 300 |"),
        "{exported}"
    );

    // At 420 px: every column of the table and the chart's text readable.
    b.resize(420, 900).await;
    b.wait(
        "the chart drawn narrow",
        "document.querySelector('#cmp-chart svg')?.dataset.layout === 'narrow'",
    )
    .await;
    let table = rect(&b, "#cmp-table table").await;
    let scroll = rect(&b, "#cmp-table").await;
    assert!(
        table[2] <= scroll[2] + 0.5,
        "table {table:?} in its box {scroll:?}"
    );
    let nodes = rect(&b, "#cmp-table tr[data-run='minimax'] td.col-nodes").await;
    let width = b.eval("document.documentElement.clientWidth").await;
    assert!(
        nodes[2] <= width.as_f64().unwrap_or(0.0),
        "the nodes column {nodes:?} in a {width} px page"
    );
    // The chart's text at least 12 px high on the screen.
    let label = rect(&b, "#cmp-chart .chart-bar:nth-of-type(4) .chart-label").await;
    assert!(label[3] - label[1] >= 12.0, "a label {label:?}");
    b.js(
        "document.getElementById('cmp-table').scrollIntoView();",
        Vec::new(),
    )
    .await;
    b.shot_here("compare-narrow").await;
    // Another position: the table goes.
    b.set_value("#cmp-position", "tictactoe-a3").await;
    b.wait(
        "the comparison cleared",
        &format!(
            "{COMPARE}.dataset.state === 'cleared' && !document.querySelector('#cmp-table table')"
        ),
    )
    .await;

    // The tree at 420 px: the principal line in view, its leaf too.
    b.click("#page-tree").await;
    b.wait("the tree page", "document.body.dataset.page === 'tree'")
        .await;
    search(&b, "textbook", "minimax", 2).await;
    b.js(
        "document.getElementById('tv-scroll').scrollIntoView();",
        Vec::new(),
    )
    .await;
    let box_ = rect(&b, "#tv-scroll").await;
    let line = b
        .eval(
            "[...document.querySelectorAll('#tv-svg .tv-node.tv-pv')].map((n) => { \
               const r = n.getBoundingClientRect(); return [Number(n.dataset.id), r.left, r.right]; })",
        )
        .await;
    let line = line.as_array().expect("the line's nodes");
    assert_eq!(line.len(), 3, "root, node 2 and its leaf: {line:?}");
    for node in line {
        let (left, right) = (
            node[1].as_f64().unwrap_or(-1.0),
            node[2].as_f64().unwrap_or(1e9),
        );
        assert!(
            left >= box_[0] && right <= box_[2],
            "node {} at {left}..{right} outside the box {box_:?}",
            node[0]
        );
    }
    b.shot_here("tree-narrow").await;
    b.close().await;
}
