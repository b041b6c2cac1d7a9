//! The review's proof tree in the browser: a short Babylon game with a losing first move is
//! reviewed, the move's `line` reason offers "Show the proof tree", pressed from the keyboard
//! it opens the search tree on the position after the move with `Algorithm proof`, and the
//! tree drawn has the node count of the proof tree computed here by plain minimax (every reply
//! of the side that erred, the first best answer to each); light, dark and 420 px, axe-core
//! finding nothing serious on the review with the button nor on the proof tree.

use super::STATE;
use super::a11y::{axe_source, violations};
use super::harness::{Browser, start_server};
use sente::games::babylon::Babylon;
use sente::games::{Game, Outcome, Seat};
use serde_json::json;
use std::collections::HashMap;

/// The page's tree view.
const VIEW: &str = "document.getElementById('view-tree')";
/// The review is done.
const REVIEWED: &str = "document.getElementById('view-review')?.querySelector('.panel-body')?.dataset.state === 'done'";

/// A position's exact value for its side to move by plain minimax: a win `p` plies from the
/// root is worth `1_000_000 - p`.
fn exact(pos: &Babylon, ply: u32, memo: &mut HashMap<(String, u32), i64>) -> i64 {
    let key = (pos.fen(), ply);
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let mover = pos.side_to_move();
    let value = match pos.outcome() {
        Some(Outcome::Win(seat)) if seat == mover => 1_000_000 - i64::from(ply),
        Some(Outcome::Win(_)) => -(1_000_000 - i64::from(ply)),
        Some(_) => 0,
        None => children(pos)
            .iter()
            .map(|(_, child)| -exact(child, ply + 1, memo))
            .max()
            .expect("a position not over has a move"),
    };
    memo.insert(key, value);
    value
}

/// The moves of `pos` in the rules' order, each with the position it leads to.
fn children(pos: &Babylon) -> Vec<(String, Babylon)> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|mv| {
            let mut child = pos.clone();
            child.play(mv);
            (pos.move_text(mv), child)
        })
        .collect()
}

/// The size of the proof tree of `pos` for `prover`: at its nodes the first child worth the
/// node's value, at the other side's every child, down to the end of the game.
fn proof_size(
    pos: &Babylon,
    ply: u32,
    prover: Seat,
    memo: &mut HashMap<(String, u32), i64>,
) -> u64 {
    if pos.outcome().is_some() {
        return 1;
    }
    let value = exact(pos, ply, memo);
    let mut size = 1;
    for (_, child) in children(pos) {
        if pos.side_to_move() != prover {
            size += proof_size(&child, ply + 1, prover, memo);
        } else if -exact(&child, ply + 1, memo) == value {
            return size + proof_size(&child, ply + 1, prover, memo);
        }
    }
    size
}

/// A game from `fen` whose first move loses a won position, then best play (each side's first
/// best move) to the end: its moves and the proof tree's size after the first.
fn game_with_a_losing_first_move(fen: &str) -> Option<(Vec<String>, u64)> {
    let start = Babylon::from_fen(fen).expect("a Babylon fen");
    let mut memo = HashMap::new();
    if exact(&start, 0, &mut memo) <= 0 {
        return None;
    }
    let (first, mut pos) = children(&start)
        .into_iter()
        .find(|(_, child)| -exact(child, 1, &mut memo) < 0)?;
    let size = proof_size(&pos, 1, pos.side_to_move(), &mut memo);
    let mut moves = vec![first];
    let mut ply = 1;
    while pos.outcome().is_none() {
        let value = exact(&pos, ply, &mut memo);
        let (mv, next) = children(&pos)
            .into_iter()
            .find(|(_, child)| -exact(child, ply + 1, &mut memo) == value)
            .expect("a best move");
        moves.push(mv);
        pos = next;
        ply += 1;
    }
    Some((moves, size))
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn a_babylon_blunder_opens_its_proof_tree_from_the_review() {
    let (fen, (moves, size)) = [
        "a1 a1 b1 b1 c1 c1 1",
        "a1 a1 b1 b2 c1 c1 1",
        "a1 a1 a1 b1 b1 c1 c1 1",
    ]
    .into_iter()
    .find_map(|fen| game_with_a_losing_first_move(fen).map(|g| (fen, g)))
    .expect("a position with a losing first move");
    assert!(size > 3, "a proof tree worth drawing: {size}");
    let b = Browser::start("proof-tree").await;
    let server = start_server(&[]);
    b.resize(1400, 900).await;
    let query = format!(
        "variant=babylon&fen={}&moves={}",
        fen.replace(' ', "+"),
        moves.join("+")
    );
    b.open(&format!("{}?{query}", server.url)).await;
    b.wait(
        "the linked game",
        &format!("{STATE}.moves.length === {}", moves.len()),
    )
    .await;
    b.click("#review-start").await;
    b.wait("the review", REVIEWED).await;
    b.click("#review-graph .rg-point[data-ply=\"1\"]").await;
    b.wait(
        "the first move's line and its proof button",
        "document.querySelector('.review-reason[data-kind=\"line\"]') && document.getElementById('review-proof')",
    )
    .await;
    b.shot("review").await;
    let axe = axe_source();
    let mut found = Vec::new();
    if let Some(axe) = &axe {
        for theme in ["dark", "light"] {
            b.js("window.senteTheme(arguments[0]);", vec![json!(theme)])
                .await;
            found.extend(violations(&b, axe, &format!("review ({theme})")).await);
        }
    }
    b.resize(420, 900).await;
    b.js(
        "document.getElementById('review-proof').scrollIntoView({ block: 'center' });",
        Vec::new(),
    )
    .await;
    b.shot_here("review-narrow").await;
    b.resize(1400, 900).await;
    // From the keyboard: the button focused, Enter.
    b.js(
        "document.getElementById('review-proof').focus();",
        Vec::new(),
    )
    .await;
    b.press('\u{E007}').await;
    b.wait(
        "the proof tree drawn",
        &format!("document.body.dataset.page === 'tree' && {VIEW}.dataset.state === 'drawn'"),
    )
    .await;
    assert_eq!(
        b.eval(&format!("{VIEW}.dataset.nodes")).await,
        json!(size.to_string()),
        "the proof tree's nodes against plain minimax"
    );
    assert_eq!(
        b.eval("document.getElementById('tv-algorithm').value")
            .await,
        json!("proof")
    );
    assert_eq!(
        b.eval("document.getElementById('tv-depth').disabled").await,
        json!(true)
    );
    assert_eq!(
        b.eval("document.activeElement.id").await,
        json!("tv-status")
    );
    let status = b.text("#tv-status").await;
    assert!(
        status.starts_with(&format!("Proof tree, to the end of the game: {size} nodes")),
        "{status}"
    );
    let words = b.text("#tv-proof").await;
    assert!(
        words.contains("second player, to move at the root"),
        "{words}"
    );
    // The tree's root is the position after the move, as the review names it.
    let label = b
        .eval("document.getElementById('tv-position').selectedOptions[0].textContent")
        .await;
    assert!(
        label.as_str().is_some_and(|l| l.contains(&moves[0])),
        "{label}"
    );
    b.shot("wide").await;
    b.js("window.senteTheme(arguments[0]);", vec![json!("dark")])
        .await;
    b.shot("dark").await;
    if let Some(axe) = &axe {
        found.extend(violations(&b, axe, "proof tree (dark)").await);
    }
    b.js("window.senteTheme(arguments[0]);", vec![json!("light")])
        .await;
    if let Some(axe) = &axe {
        found.extend(violations(&b, axe, "proof tree (light)").await);
    }
    b.resize(420, 900).await;
    b.shot("narrow").await;
    assert!(found.is_empty(), "axe-core found:\n{}", found.join("\n"));
    b.close().await;
}
