//! The review beside the board, and its reasons drawn on the board, in a real browser: at
//! 1400 x 900 the board and the review (graph, marked moves with their reasons, accuracy) side
//! by side and both wholly in the window while one steps through the review, the progress bar
//! in view while it runs; at 420 px the board kept in view while the list scrolls; the cells a
//! `not_blocked` and a `double_threat` name ringed on the board, checked against a scan of the
//! grid written here; axe-core on the review with a reason shown, light and dark.

use super::STATE;
use super::a11y::{axe_source, violations};
use super::harness::{Browser, start_server};
use serde_json::{Value, json};

/// The review shown for the game on the page (its finished review).
const REVIEWED: &str = "document.getElementById('view-review')?.querySelector('.panel-body')?.dataset.state === 'done'";

/// The issue's game (Red first): Red's 5 at ply 11 leaves Yellow four in column 2
/// (`not_blocked`), Yellow's 6 at ply 12 misses it (`missed_win`), and Yellow wins at ply 14.
const ISSUE_GAME: &str = "4 4 4 4 3 5 2 1 3 3 5 6 6 2";

/// A 7 x 6 grid by column, bottom first: 0 empty, 1 Red, 2 Yellow.
type Grid = [[u8; 6]; 7];

fn grid_of(moves: &[&str]) -> Grid {
    let mut grid: Grid = [[0; 6]; 7];
    for (i, mv) in moves.iter().enumerate() {
        let c: usize = mv.parse::<usize>().expect("a column") - 1;
        let r = grid[c].iter().position(|&s| s == 0).expect("room");
        grid[c][r] = if i % 2 == 0 { 1 } else { 2 };
    }
    grid
}

/// Whether `who` has four in a row.
fn four(grid: &Grid, who: u8) -> bool {
    let at = |c: i32, r: i32| {
        (0..7).contains(&c) && (0..6).contains(&r) && grid[c as usize][r as usize] == who
    };
    (0..7).any(|c| {
        (0..6).any(|r| {
            [(1, 0), (0, 1), (1, 1), (1, -1)]
                .iter()
                .any(|&(dc, dr)| (0..4).all(|k| at(c + k * dc, r + k * dr)))
        })
    })
}

/// The cells (`[column, row]` from 1 at the bottom left) where a disc of `who` dropped now
/// makes four.
fn wins_now(grid: &Grid, who: u8) -> Vec<String> {
    let mut cells = Vec::new();
    for c in 0..7 {
        if let Some(r) = grid[c].iter().position(|&s| s == 0) {
            let mut next = *grid;
            next[c][r] = who;
            if four(&next, who) {
                cells.push(format!("{},{}", c + 1, r + 1));
            }
        }
    }
    cells
}

/// Sizes the window so that the page's viewport is `width` x `height` px (the window's own
/// bars take some of its height).
async fn viewport(b: &Browser, width: u32, height: u32) {
    b.resize(width, height).await;
    let inner = b
        .eval("innerHeight")
        .await
        .as_u64()
        .unwrap_or(u64::from(height));
    let bars = u64::from(height).saturating_sub(inner);
    if bars > 0 {
        b.resize(width, height + u32::try_from(bars).unwrap_or(0))
            .await;
    }
    b.wait(
        &format!("a viewport {width} x {height}"),
        &format!("innerWidth === {width} && innerHeight === {height}"),
    )
    .await;
}

/// Whether the element of `css` lies wholly in the window.
async fn in_window(b: &Browser, css: &str) -> Value {
    b.js(
        "const n = document.querySelector(arguments[0]); if (!n) return 'missing'; \
         const r = n.getBoundingClientRect(); \
         return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5 \
           ? true : `${arguments[0]}: ${Math.round(r.left)},${Math.round(r.top)} to ${Math.round(r.right)},${Math.round(r.bottom)} in ${innerWidth} x ${innerHeight}`;",
        vec![json!(css)],
    )
    .await
}

/// Asserts that the board and the review (its graph, its summary and its list) are in the
/// window, the review beside the board.
async fn both_in_window(b: &Browser, when: &str) {
    for css in [
        "#view-board",
        "#board svg",
        "#view-review",
        "#review-graph",
        "#review-summary",
        "#review-erred",
    ] {
        assert_eq!(in_window(b, css).await, json!(true), "{when}");
    }
    let beside = b
        .eval(
            "document.getElementById('view-review').getBoundingClientRect().left >= \
             document.getElementById('view-board').getBoundingClientRect().right",
        )
        .await;
    assert_eq!(beside, json!(true), "{when}: the review beside the board");
}

/// The cells ringed on the board and the moves numbered there.
async fn marks(b: &Browser) -> (Vec<String>, Vec<String>) {
    let found = b
        .eval(
            "[[...document.querySelectorAll('#board-marks [data-mark-cell]')].map((n) => n.dataset.markCell), \
              [...document.querySelectorAll('#board-marks [data-mark-move]')].map((n) => n.dataset.markMove)]",
        )
        .await;
    let list = |v: &Value| -> Vec<String> {
        v.as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|s| s.as_str().map(String::from))
                    .collect()
            })
            .unwrap_or_default()
    };
    let mut cells = list(&found[0]);
    cells.sort();
    (cells, list(&found[1]))
}

/// Views the marked move of `ply` from the list of marked moves (errors and tags with a reason) and waits for its marks.
async fn view_marked(b: &Browser, ply: usize) {
    b.click(&format!("#review-erred .review-jump[data-ply=\"{ply}\"]"))
        .await;
    b.wait(
        "the move's reason marked on the board",
        &format!("{STATE}.cursor === {ply} && document.getElementById('board-marks') && document.getElementById('review-why-marks')"),
    )
    .await;
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn the_review_beside_the_board_with_the_cells_of_its_reasons_marked() {
    let b = Browser::start("review").await;
    let server = start_server(&[]);
    viewport(&b, 1400, 900).await;
    let moves: Vec<&str> = ISSUE_GAME.split(' ').collect();
    b.open(&format!(
        "{}?variant=connect4&moves={}",
        server.url,
        moves.join("+")
    ))
    .await;
    b.wait(
        "the game, won by Yellow",
        &format!("{STATE}.moves.length === 14 && {STATE}.outcome?.result === '0-1'"),
    )
    .await;
    // While the review runs, its progress bar is in the window each time it moves.
    b.js(
        "window.progressSeen = []; window.senteApp.store.on('review', (run) => { \
           if (!run?.running) return; const r = document.getElementById('review-progress-box').getBoundingClientRect(); \
           window.progressSeen.push(r.height > 0 && r.top >= 0 && r.bottom <= innerHeight); });",
        Vec::new(),
    )
    .await;
    b.click("#review-start").await;
    b.wait("the review", REVIEWED).await;
    let seen = b.eval("window.progressSeen").await;
    assert!(
        seen.as_array()
            .is_some_and(|s| !s.is_empty() && s.iter().all(|v| v == &json!(true))),
        "the progress bar in the window while the review ran: {seen}"
    );
    both_in_window(&b, "the review done").await;
    // Stepping through the review: each marked move from the list, then the graph's keys.
    let marked = b
        .eval("[...document.querySelectorAll('#review-erred .review-jump')].map((n) => Number(n.dataset.ply))")
        .await;
    let marked: Vec<u64> = marked
        .as_array()
        .expect("the list")
        .iter()
        .filter_map(Value::as_u64)
        .collect();
    assert!(marked.contains(&11) && marked.contains(&12), "{marked:?}");
    for ply in &marked {
        b.click(&format!("#review-erred .review-jump[data-ply=\"{ply}\"]"))
            .await;
        b.wait(
            "the marked move viewed",
            &format!("{STATE}.cursor === {ply}"),
        )
        .await;
        both_in_window(&b, &format!("move {ply} viewed from the list")).await;
    }
    b.click("#review-graph").await;
    for key in ['\u{E012}', '\u{E012}', '\u{E014}'] {
        let before = b.eval(&format!("{STATE}.cursor")).await;
        b.press(key).await;
        b.wait(
            "the graph's key viewed a move",
            &format!("{STATE}.cursor !== {before}"),
        )
        .await;
        both_in_window(&b, "stepping with the graph's keys").await;
    }

    // Ply 11: Red's 5 leaves Yellow four at once; the page rings the cells where Yellow wins
    // now, by a scan of the grid after the move.
    view_marked(&b, 11).await;
    let why = b
        .eval("window.senteApp.store.reviewRun.moves[10].why")
        .await;
    assert_eq!(why["kind"], json!("not_blocked"), "{why}");
    let (cells, _) = marks(&b).await;
    let mut expected = wins_now(&grid_of(&moves[..11]), 2);
    expected.sort();
    assert!(!expected.is_empty());
    assert_eq!(cells, expected, "the threat Red left: {why}");
    let words = b.text("#review-why").await;
    assert!(
        words.contains(why["text"].as_str().unwrap_or("?")),
        "{words}"
    );
    let listed = b.text("#review-erred li.current .review-why-text").await;
    assert_eq!(listed.trim(), why["text"].as_str().unwrap_or("?"));
    // The marks said in words beside the board, and as the marks' own name.
    let said = b.text("#review-why-marks").await;
    for cell in &expected {
        let (c, r) = cell.split_once(',').expect("a cell");
        assert!(said.contains(&format!("column {c}, row {r}")), "{said}");
    }
    assert_eq!(
        b.eval("document.getElementById('board-marks').getAttribute('aria-label')")
            .await,
        json!(said)
    );
    both_in_window(&b, "a reason marked").await;
    b.shot("").await;
    b.shot("not-blocked").await;

    // axe on the review with a reason on the board, light and dark.
    if let Some(axe) = axe_source() {
        let mut found = Vec::new();
        for theme in ["light", "dark"] {
            b.js("window.senteTheme(arguments[0]);", vec![json!(theme)])
                .await;
            found.extend(violations(&b, &axe, &format!("a reason marked ({theme})")).await);
        }
        b.js("window.senteTheme('light');", Vec::new()).await;
        assert!(found.is_empty(), "axe-core found:\n{}", found.join("\n"));
    }

    // At 420 px: the board stays in the window while the list of marked moves scrolls.
    viewport(&b, 420, 900).await;
    b.wait(
        "nothing wider than the window",
        "document.documentElement.scrollWidth <= 420",
    )
    .await;
    b.shot("narrow").await;
    let last = marked.last().copied().expect("a marked move");
    b.js(
        "document.querySelector(`#review-erred li[data-ply=\"${arguments[0]}\"]`).scrollIntoView({ block: 'end' });",
        vec![json!(last)],
    )
    .await;
    let scrolled = b.eval("window.scrollY").await;
    assert!(
        scrolled.as_f64().is_some_and(|y| y > 0.0),
        "the page scrolled: {scrolled}"
    );
    assert_eq!(
        in_window(&b, "#board svg").await,
        json!(true),
        "the board kept in view"
    );
    let clear = b
        .js(
            "const item = document.querySelector(`#review-erred li[data-ply=\"${arguments[0]}\"]`).getBoundingClientRect(); \
             const board = document.getElementById('view-board').getBoundingClientRect(); \
             return item.top >= board.bottom - 0.5 && item.bottom <= innerHeight + 0.5;",
            vec![json!(last)],
        )
        .await;
    assert_eq!(
        clear,
        json!(true),
        "the last marked move shown under the board"
    );
    b.shot_here("narrow-scrolled").await;
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn a_double_threat_rings_both_threats_and_numbers_the_move_that_makes_them() {
    let b = Browser::start("review-reason").await;
    let server = start_server(&[]);
    viewport(&b, 1400, 900).await;
    // Red 3, Yellow 3, Red 4, then Yellow's 1 lets Red drop a disc making two threats.
    let moves = ["3", "3", "4", "1"];
    b.open(&format!(
        "{}?variant=connect4&moves={}",
        server.url,
        moves.join("+")
    ))
    .await;
    b.wait("the game", &format!("{STATE}.moves.length === 4"))
        .await;
    b.click("#review-start").await;
    b.wait("the review", REVIEWED).await;
    view_marked(&b, 4).await;
    let why = b.eval("window.senteApp.store.reviewRun.moves[3].why").await;
    assert_eq!(why["kind"], json!("double_threat"), "{why}");
    let (cells, numbered) = marks(&b).await;
    // The numbered move is Red's; after it every cell where Red wins at once is ringed, two at
    // least, and Yellow has no four of its own at once.
    assert_eq!(numbered.len(), 1, "{numbered:?}");
    let column = numbered[0].strip_prefix("1:").expect("move 1").to_string();
    let mut after: Vec<&str> = moves.to_vec();
    after.push(&column);
    let grid = grid_of(&after);
    let mut threats = wins_now(&grid, 1);
    threats.sort();
    assert!(
        threats.len() >= 2,
        "two threats after {column}: {threats:?}"
    );
    assert!(wins_now(&grid, 2).is_empty(), "Yellow cannot win at once");
    assert_eq!(cells, threats, "{why}");
    both_in_window(&b, "a double threat marked").await;
    b.shot("double-threat").await;
    b.close().await;
}
