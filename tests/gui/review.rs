//! The review view in a real browser: a tic-tac-toe, a Connect Four and a Rush Hour game
//! reviewed through the page, every move's class checked against classes computed here apart
//! from sente's review (a plain minimax over the rules for the two-player games, a plain
//! breadth-first search for the puzzle); the graph (a point per move, coloured by class; a
//! click and the arrow keys view a move), the better move on the board, learning from the
//! mistakes (a move that keeps the value accepted, a losing one refused), Cancel, a reload
//! keeping the review, and axe-core on the view, light and dark.

use super::STATE;
use super::a11y::{axe_source, violations};
use super::harness::{Browser, start_server};
use sente::games::{Game, Outcome};
use serde_json::{Value, json};
use std::collections::HashMap;

/// The review shown for the game on the page (its finished review).
pub(super) const REVIEWED: &str = "document.getElementById('view-review')?.querySelector('.panel-body')?.dataset.state === 'done'";

/// A position's value for its side to move, with best play: (result: 1 win, 0 draw, -1 loss;
/// plies to the end: the winner the fewest, the loser the most).
pub(super) type Exact = (i32, u32);

/// The exact value of `pos` by a plain minimax over the rules (memoised by fen).
pub(super) fn minimax<G: Game>(pos: &G, memo: &mut HashMap<String, Exact>) -> Exact {
    if let Some(outcome) = pos.outcome() {
        let result = match outcome {
            Outcome::Win(seat) if seat == pos.side_to_move() => 1,
            Outcome::Win(_) => -1,
            _ => 0,
        };
        return (result, 0);
    }
    let key = pos.fen();
    if let Some(&known) = memo.get(&key) {
        return known;
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut best: Option<Exact> = None;
    for mv in moves {
        let mut next = pos.clone();
        next.play(mv);
        let kept = back(pos, &next, minimax(&next, memo));
        if best.is_none_or(|b| rank(kept) > rank(b)) {
            best = Some(kept);
        }
    }
    let best = best.expect("a position that goes on has a move");
    memo.insert(key, best);
    best
}

/// The value of `next` (for its side to move) seen from `pos`'s side to move, one ply back.
pub(super) fn back<G: Game>(pos: &G, next: &G, (result, plies): Exact) -> Exact {
    let result = if next.side_to_move() == pos.side_to_move() {
        result
    } else {
        -result
    };
    (result, plies + 1)
}

/// Larger is better for the side: a win sooner, a loss later.
pub(super) fn rank((result, plies): Exact) -> i64 {
    match result {
        1 => 1000 - i64::from(plies),
        -1 => -1000 + i64::from(plies),
        _ => 0,
    }
}

/// A move's class from the value before it and the value it keeps, both for the mover, by
/// the rule protocol.md states: a blunder changes who wins; otherwise best when the distance
/// is kept, good (tagged, never marked) when a win is made slower or a loss quicker.
pub(super) fn class_of(before: Exact, after: Exact) -> &'static str {
    if after.0 < before.0 {
        return "blunder";
    }
    let given = match before.0 {
        1 => i64::from(after.1) - i64::from(before.1),
        -1 => i64::from(before.1) - i64::from(after.1),
        _ => 0,
    };
    if given <= 0 { "best" } else { "good" }
}

/// Every move's class and the moves that keep the value before it, computed here.
fn expected<G: Game>(start: &G, moves: &[&str]) -> Vec<(&'static str, Vec<String>, Vec<String>)> {
    let mut memo = HashMap::new();
    let mut pos = start.clone();
    let mut out = Vec::new();
    for text in moves {
        let before = minimax(&pos, &mut memo);
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        let (mut keeping, mut losing) = (Vec::new(), Vec::new());
        for mv in legal {
            let mut next = pos.clone();
            next.play(mv);
            let kept = back(&pos, &next, minimax(&next, &mut memo));
            let name = pos.move_text(mv);
            if matches!(class_of(before, kept), "best" | "good") {
                keeping.push(name);
            } else if kept.0 < before.0 {
                losing.push(name);
            }
        }
        let mv = pos.parse_move(text).expect("a legal move");
        let mut next = pos.clone();
        next.play(mv);
        let kept = back(&pos, &next, minimax(&next, &mut memo));
        out.push((class_of(before, kept), keeping, losing));
        pos = next;
    }
    out
}

/// The tic-tac-toe position after `moves`.
pub(super) fn position(moves: &[&str]) -> sente::games::tictactoe::TicTacToe {
    let mut pos = sente::games::tictactoe::TicTacToe::startpos();
    for text in moves {
        let mv = pos.parse_move(text).expect("a legal move");
        pos.play(mv);
    }
    pos
}

/// The moves that keep the value of the tic-tac-toe position after `moves` (by the plain
/// minimax).
pub(super) fn expect_after(moves: &[&str]) -> Vec<String> {
    let pos = position(moves);
    let mut memo = HashMap::new();
    let before = minimax(&pos, &mut memo);
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    legal
        .into_iter()
        .filter(|&mv| {
            let mut next = pos.clone();
            next.play(mv);
            let kept = back(&pos, &next, minimax(&next, &mut memo));
            matches!(class_of(before, kept), "best" | "good")
        })
        .map(|mv| pos.move_text(mv))
        .collect()
}

/// The number the move list writes before move `ply` (from 1): `3.` the first player's
/// third move, `3…` the second player's.
pub(super) fn move_number(ply: usize) -> String {
    if ply % 2 == 1 {
        format!("{}.", ply.div_ceil(2))
    } else {
        format!("{}…", ply / 2)
    }
}

/// The classes the page shows for each move: the graph's points (ply, class, fill colour).
pub(super) async fn graph_points(b: &Browser) -> Vec<(u64, String, String)> {
    let points = b
        .eval(
            "[...document.querySelectorAll('#review-graph .rg-point')].map((p) => \
             [Number(p.dataset.ply), p.dataset.class, getComputedStyle(p).fill])",
        )
        .await;
    points
        .as_array()
        .expect("the points")
        .iter()
        .map(|p| {
            (
                p[0].as_u64().unwrap_or(0),
                p[1].as_str().unwrap_or("").to_string(),
                p[2].as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

/// Opens `query` (a link to a game) and reviews it; returns the classes the page shows per
/// move, after checking the graph, the move list's marks and the erred moves' list agree.
async fn review_link(b: &Browser, url: &str, query: &str, plies: usize) -> Vec<String> {
    b.open(&format!("{url}?{query}")).await;
    b.wait(
        "the linked game",
        &format!("{STATE}.moves.length === {plies}"),
    )
    .await;
    b.click("#review-start").await;
    b.wait("the review", REVIEWED).await;
    let points = graph_points(b).await;
    assert_eq!(points.len(), plies, "a point per move: {points:?}");
    // Each class one colour, and the erred classes each their own.
    let mut colour_of: HashMap<String, String> = HashMap::new();
    for (i, (ply, class, fill)) in points.iter().enumerate() {
        assert_eq!(*ply as usize, i + 1, "{points:?}");
        let known = colour_of
            .entry(class.clone())
            .or_insert_with(|| fill.clone());
        assert_eq!(known, fill, "one colour per class: {points:?}");
    }
    let erred: Vec<&String> = ["inaccuracy", "mistake", "blunder"]
        .iter()
        .filter_map(|c| colour_of.get(*c))
        .collect();
    let mut distinct = erred.clone();
    distinct.dedup();
    assert_eq!(distinct.len(), erred.len(), "{colour_of:?}");
    let classes: Vec<String> = points.into_iter().map(|p| p.1).collect();
    // The move list: `?!`, `?`, `??` after the moves that erred, with the library's comment.
    let marks = b
        .eval(
            "[...document.querySelectorAll('#moves .main-line > .move[data-ply]')].filter((m) => m.dataset.ply !== '0').map((m) => \
             [m.dataset.class || '', m.querySelector('.review-mark')?.textContent || '', m.title])",
        )
        .await;
    let marks = marks.as_array().expect("the move list");
    assert_eq!(marks.len(), plies, "{marks:?}");
    for (m, class) in marks.iter().zip(&classes) {
        let mark = match class.as_str() {
            "inaccuracy" => "?!",
            "mistake" => "?",
            "blunder" => "??",
            _ => "",
        };
        assert_eq!(m[0], json!(class), "{marks:?}");
        assert_eq!(m[1], json!(mark), "{marks:?}");
        if !mark.is_empty() {
            assert!(
                m[2].as_str().is_some_and(|t| t.contains(':')),
                "a comment on an erred move: {m}"
            );
        }
    }
    let listed = b
        .eval("document.querySelectorAll('#review-erred li').length")
        .await;
    // The list: the moves that erred, and those with a reason without erring (a tag's).
    let erred_count = classes
        .iter()
        .filter(|c| ["inaccuracy", "mistake", "blunder"].contains(&c.as_str()))
        .count();
    let tagged_with_reason = b
        .eval(
            "window.senteApp.store.reviewRun.moves.filter((m) =>              !['inaccuracy', 'mistake', 'blunder'].includes(m.class) && m.why).length",
        )
        .await;
    assert_eq!(
        listed.as_u64(),
        tagged_with_reason.as_u64().map(|n| n + erred_count as u64)
    );
    classes
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn a_tictactoe_game_reviewed_graph_better_move_learning_and_reload() {
    let b = Browser::start("review-tictactoe").await;
    let server = start_server(&[]);
    let moves = ["a1", "b2", "c3", "a3", "c1", "b1", "b3", "a2", "c2"];
    let expect = expected(&sente::games::tictactoe::TicTacToe::startpos(), &moves);
    let classes = review_link(
        &b,
        &server.url,
        &format!("variant=tictactoe&moves={}", moves.join("+")),
        moves.len(),
    )
    .await;
    let wanted: Vec<&str> = expect.iter().map(|e| e.0).collect();
    assert_eq!(
        classes, wanted,
        "the page's classes against a plain minimax"
    );
    // Accuracy and counts per side.
    let counts = b
        .eval("[...document.querySelectorAll('#review-summary tbody tr')].map((r) => [...r.cells].map((c) => c.textContent))")
        .await;
    let count = |seat: usize, class: &str| {
        wanted
            .iter()
            .enumerate()
            .filter(|(i, c)| i % 2 == seat && **c == class)
            .count()
            .to_string()
    };
    for seat in 0..2 {
        let row = &counts[seat];
        assert_eq!(row[2], json!(count(seat, "inaccuracy")), "{counts}");
        assert_eq!(row[3], json!(count(seat, "mistake")), "{counts}");
        assert_eq!(row[4], json!(count(seat, "blunder")), "{counts}");
        assert!(
            row[1].as_str().is_some_and(|a| a.ends_with('%')),
            "{counts}"
        );
    }
    let judged = b.text("#review-judged").await;
    assert!(judged.contains("9 moves judged exactly"), "{judged}");

    // A click on a point views its move; the keyboard steps from there.
    b.click("#review-graph .rg-point[data-ply=\"4\"]").await;
    b.wait("move 4 viewed", &format!("{STATE}.cursor === 4"))
        .await;
    b.js(
        "document.getElementById('review-graph').focus();",
        Vec::new(),
    )
    .await;
    b.press('\u{E014}').await; // ArrowRight
    b.wait("move 5 by the keyboard", &format!("{STATE}.cursor === 5"))
        .await;
    b.press('\u{E012}').await; // ArrowLeft
    b.press('\u{E012}').await;
    b.wait("move 3 by the keyboard", &format!("{STATE}.cursor === 3"))
        .await;
    let focused = b
        .eval("document.activeElement?.id === 'review-graph' && document.activeElement.getAttribute('aria-valuenow') === '3'")
        .await;
    assert_eq!(
        focused,
        json!(true),
        "the graph keeps the focus and says the move"
    );
    let name = b
        .eval("document.getElementById('review-graph').getAttribute('aria-label')")
        .await;
    assert!(name.as_str().is_some_and(|n| n.contains("graph")), "{name}");

    // Show the better move at the first blunder: the position before it, its best move marked.
    let blunder = wanted
        .iter()
        .position(|c| *c == "blunder")
        .expect("a blunder")
        + 1;
    b.click(&format!("#review-graph .rg-point[data-ply=\"{blunder}\"]"))
        .await;
    b.wait(
        "the blunder viewed",
        &format!("{STATE}.cursor === {blunder}"),
    )
    .await;
    b.click("#review-better").await;
    b.wait(
        "the position before the blunder, a move marked",
        &format!(
            "{STATE}.cursor === {} && document.querySelector('.ttt-cell.hint')",
            blunder - 1
        ),
    )
    .await;
    let marked = b
        .eval("document.querySelector('.ttt-cell.hint').dataset.move")
        .await;
    let keeping = &expect[blunder - 1].1;
    assert!(
        keeping.iter().any(|k| json!(k) == marked),
        "the better move {marked} keeps the value ({keeping:?})"
    );
    b.shot("better").await;

    // Learn from the mistakes of the side of the last blunder.
    let last = wanted
        .iter()
        .rposition(|c| *c == "blunder")
        .expect("a blunder");
    let seat = if last % 2 == 0 { "p1" } else { "p2" };
    b.js(
        "const s = document.getElementById('learn-side'); s.value = arguments[0]; s.dispatchEvent(new Event('change'));",
        vec![json!(seat)],
    )
    .await;
    b.click("#learn-start").await;
    let first = wanted
        .iter()
        .enumerate()
        .position(|(i, c)| i % 2 == last % 2 && (*c == "blunder" || *c == "mistake"))
        .expect("a lesson");
    b.wait(
        "the first lesson's position",
        &format!("{STATE}.cursor === {first} && document.getElementById('learn-prompt')"),
    )
    .await;
    let (_, keeping, losing) = &expect[first];
    // The board draws the lesson on the next frame (the better move's mark gone).
    b.next_frame().await;
    // Before the person moves nothing gives the answer away: no value in the question, no
    // graph, no comment, no mark on the board, no tooltip in the move list.
    let prompt = b.text("#learn-prompt").await;
    assert!(
        !["win", "draw", "loss"].iter().any(|w| prompt.contains(w)),
        "{prompt}"
    );
    let hidden = b
        .eval(
            "document.getElementById('review-graph-box').hidden && document.getElementById('review-here').hidden \
             && !document.querySelector('#board .board-marks, .ttt-cell.hint') \
             && ![...document.querySelectorAll('#moves .move')].some((m) => m.title)",
        )
        .await;
    assert_eq!(hidden, json!(true), "nothing gives the answer away");
    let wrong = losing.first().expect("a losing move there");
    b.click(&format!(".ttt-cell[data-move=\"{wrong}\"]")).await;
    b.wait(
        "the losing move refused, with the server's reason",
        "document.getElementById('learn-feedback')?.classList.contains('wrong') && \
         document.getElementById('learn-why') && !document.getElementById('learn-why').textContent.includes('judges it')",
    )
    .await;
    let why = b.text("#learn-why").await;
    assert!(
        why.contains(&format!(": {wrong} ")),
        "the reason names the move tried: {why}"
    );
    for right in keeping {
        assert!(
            !why.contains(&format!("; {right} ")),
            "the reason does not give the answer {right}: {why}"
        );
    }
    assert_eq!(
        b.state().await["cursor"],
        json!(first),
        "a move tried is not played"
    );
    // The game's own move tried again: the review's reason for it, the clause naming the
    // better move left out.
    let reviewed = b
        .eval(&format!(
            "window.senteApp.store.reviewRun.moves[{first}].why.text"
        ))
        .await;
    let reviewed = reviewed.as_str().expect("the review's reason").to_string();
    let answer_free = match reviewed.find("; ") {
        Some(at)
            if keeping
                .iter()
                .any(|k| reviewed[at + 2..].starts_with(&format!("{k} "))) =>
        {
            let rest = &reviewed[at..];
            let end = rest.find(" —").unwrap_or(rest.len());
            format!("{}{}", &reviewed[..at], &rest[end..])
        }
        _ => reviewed.clone(),
    };
    b.click(&format!(".ttt-cell[data-move=\"{}\"]", moves[first]))
        .await;
    b.wait(
        "the game's move explained by the review's reason",
        &format!(
            "document.getElementById('learn-why')?.textContent === {}",
            json!(answer_free)
        ),
    )
    .await;
    // A right move: played on the board, then the opponent's best reply, the game unchanged.
    b.js(
        "window.shownFens = []; const board = document.getElementById('board'); \
         new MutationObserver(() => window.shownFens.push(board.dataset.fen)).observe(board, { attributes: true, attributeFilter: ['data-fen'] });",
        Vec::new(),
    )
    .await;
    let right = keeping.first().expect("a move keeping the value");
    b.click(&format!(".ttt-cell[data-move=\"{right}\"]")).await;
    b.wait(
        "the move keeping the value played on, and the reply",
        "document.getElementById('learn-feedback')?.classList.contains('right') && \
         document.getElementById('review-learn').dataset.stage === 'reply'",
    )
    .await;
    // The board draws the reply on the next frame.
    b.next_frame().await;
    let reply = b
        .eval("document.getElementById('learn-reply').dataset.reply")
        .await;
    let reply = reply.as_str().expect("a reply").to_string();
    let mut line: Vec<&str> = moves[..first].to_vec();
    line.push(right);
    let answer_fen = position(&line).fen();
    let replies = expect_after(&line);
    assert!(
        replies.contains(&reply),
        "the reply {reply} keeps the opponent's value ({replies:?})"
    );
    line.push(&reply);
    let reply_fen = position(&line).fen();
    let shown = b.eval("window.shownFens").await;
    let mut fens: Vec<String> = shown
        .as_array()
        .expect("the fens shown")
        .iter()
        .filter_map(|f| f.as_str().map(str::to_string))
        .collect();
    fens.dedup();
    let at = |fen: &str| fens.iter().position(|f| f == fen);
    assert!(
        at(&answer_fen).is_some() && at(&answer_fen) < at(&reply_fen),
        "the board showed the answer, then the reply: {fens:?}"
    );
    assert_eq!(
        b.eval("document.getElementById('board').dataset.fen").await,
        json!(reply_fen)
    );
    let state = b.state().await;
    assert_eq!(
        state["moves"].as_array().map_or(0, Vec::len),
        moves.len(),
        "the game is unchanged: {state}"
    );
    assert_eq!(state["cursor"], json!(first));
    let said = b.text("#learn-reply").await;
    assert!(
        said.starts_with(&format!("{} ", move_number(first + 2))) && said.contains(&reply),
        "the reply numbered as the move list numbers it: {said}"
    );
    if let Some(axe) = axe_source() {
        let mut found = Vec::new();
        for theme in ["light", "dark"] {
            b.js("window.senteTheme(arguments[0]);", vec![json!(theme)])
                .await;
            found.extend(violations(&b, &axe, &format!("learn, played on ({theme})")).await);
        }
        b.js("window.senteTheme('light');", Vec::new()).await;
        assert!(found.is_empty(), "axe-core found:\n{}", found.join("\n"));
    }
    b.resize(1400, 900).await;
    b.shot("learn").await;
    b.resize(420, 1600).await;
    b.shot("learn-narrow").await;
    b.js("window.senteTheme('dark');", Vec::new()).await;
    b.shot("learn-narrow-dark").await;
    b.js("window.senteTheme('light');", Vec::new()).await;
    b.resize(1400, 1100).await;
    // Then the next mistake: its position, the game's own board again.
    b.click("#learn-next").await;
    b.wait(
        "the next lesson",
        "document.getElementById('learn-prompt')?.textContent.startsWith('2 of') && \
         document.getElementById('board').dataset.tried === ''",
    )
    .await;
    let next = wanted
        .iter()
        .enumerate()
        .skip(first + 1)
        .position(|(i, c)| i % 2 == last % 2 && (*c == "blunder" || *c == "mistake"))
        .expect("a second lesson")
        + first
        + 1;
    b.wait(
        "the second lesson's position",
        &format!("{STATE}.cursor === {next}"),
    )
    .await;
    // Show the answer: the right move played, then its reply.
    b.click("#learn-answer").await;
    b.wait(
        "the answer played on",
        "document.getElementById('review-learn').dataset.stage === 'reply'",
    )
    .await;
    b.next_frame().await;
    let mut answered: Vec<&str> = moves[..next].to_vec();
    let shown_answer = b
        .eval("document.getElementById('board').dataset.tried.split(' ')[0]")
        .await;
    let shown_answer = shown_answer.as_str().expect("the answer").to_string();
    assert!(
        expect[next].1.contains(&shown_answer),
        "the answer {shown_answer} keeps the value ({:?})",
        expect[next].1
    );
    answered.push(&shown_answer);
    // To the end, and the summary.
    loop {
        b.click("#learn-next").await;
        b.wait(
            "the next lesson or the summary",
            "document.getElementById('learn-summary') || document.getElementById('learn-prompt')",
        )
        .await;
        if b.eval("Boolean(document.getElementById('learn-summary'))")
            .await
            == json!(true)
        {
            break;
        }
    }
    let summary = b.text("#learn-summary").await;
    assert!(
        summary.starts_with("Done: 1 of 2 found, 1 shown"),
        "{summary}"
    );

    // A reload shows the review again, without asking the server for it.
    b.client.refresh().await.expect("reload");
    b.wait("the page back", "document.body.dataset.ready === '1'")
        .await;
    b.wait("the review kept", REVIEWED).await;
    assert_eq!(
        b.eval("window.senteApp.store.reviewRun").await,
        Value::Null,
        "no review was run after the reload"
    );
    assert_eq!(graph_points(&b).await.len(), moves.len());
    b.close().await;
}

/// `text` written for a link's query (`+` and the rest of what is not a plain character
/// escaped).
fn query_text(text: &str) -> String {
    text.bytes()
        .map(|c| match c {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'.' | b'-' | b'_' => (c as char).to_string(),
            _ => format!("%{c:02X}"),
        })
        .collect()
}

/// A Connect Four game late enough to review at once: columns 1, 2, 6 and 7 filled in pairs
/// (no four can be made there), then in columns 3-5 the second best move (by the plain
/// minimax) every `k`-th move and the best otherwise, until the game ends; of `k` from 2 to
/// 4, the game with a blunder and the most moves that erred.
fn late_connect_four() -> (String, Vec<String>) {
    use sente::games::connect4::{Connect4, Shape};
    let shape = Shape::new(7, 6).expect("7 x 6");
    let start =
        Connect4::<u64>::from_moves(shape, "121221211212676776766767").expect("legal moves");
    let mut found = None;
    let mut most = (false, 0);
    for k in 2..5 {
        let (fen, moves) = second_best_now_and_then(start.clone(), k);
        let texts: Vec<&str> = moves.iter().map(String::as_str).collect();
        let classes = expected(&start, &texts);
        let blunder = classes.iter().any(|e| e.0 == "blunder");
        let erred = classes
            .iter()
            .filter(|e| e.0 != "best" && e.0 != "good")
            .count();
        if erred > 0 && (blunder, erred) > most {
            most = (blunder, erred);
            found = Some((fen, moves));
        }
    }
    found.expect("a late game with a move that erred")
}

/// From `pos`, the second best move every `k`-th move and the best otherwise, until the game
/// ends: the start's fen and the moves.
fn second_best_now_and_then(
    mut pos: sente::games::connect4::Connect4<u64>,
    k: usize,
) -> (String, Vec<String>) {
    let mut memo = HashMap::new();
    let fen = pos.fen();
    let mut moves = Vec::new();
    while pos.outcome().is_none() {
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        let mut valued: Vec<(i64, _)> = legal
            .into_iter()
            .map(|mv| {
                let mut next = pos.clone();
                next.play(mv);
                (rank(back(&pos, &next, minimax(&next, &mut memo))), mv)
            })
            .collect();
        valued.sort_by_key(|v| -v.0);
        let best = valued[0].0;
        let pick = if moves.len() % k == 0 {
            valued.iter().find(|v| v.0 < best).unwrap_or(&valued[0])
        } else {
            &valued[0]
        };
        moves.push(pos.move_text(pick.1));
        pos.play(pick.1);
    }
    (fen, moves)
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn a_connect_four_game_reviewed_exactly_with_the_better_move_shown() {
    let b = Browser::start("review-connect4").await;
    let server = start_server(&[]);
    let (fen, moves) = late_connect_four();
    let start = <sente::games::connect4::Connect4<u64> as Game>::from_fen(&fen).expect("a fen");
    let texts: Vec<&str> = moves.iter().map(String::as_str).collect();
    let expect = expected(&start, &texts);
    b.resize(1400, 1900).await;
    let classes = review_link(
        &b,
        &server.url,
        &format!(
            "variant=connect4&fen={}&moves={}",
            query_text(&fen),
            moves.join(",")
        ),
        moves.len(),
    )
    .await;
    let wanted: Vec<&str> = expect.iter().map(|e| e.0).collect();
    assert_eq!(
        classes, wanted,
        "the page's classes against a plain minimax ({fen} {moves:?})"
    );
    // The better move at the first move that erred, marked on the board.
    let erred = wanted
        .iter()
        .position(|c| ["inaccuracy", "mistake", "blunder"].contains(c))
        .expect("a move that erred")
        + 1;
    b.click(&format!("#review-erred .review-jump[data-ply=\"{erred}\"]"))
        .await;
    b.wait(
        "the erred move viewed",
        &format!("{STATE}.cursor === {erred}"),
    )
    .await;
    b.click("#review-better").await;
    b.wait(
        "the better column marked",
        &format!(
            "{STATE}.cursor === {} && document.querySelector('.c4-hint')",
            erred - 1
        ),
    )
    .await;
    let marked = b
        .eval("document.querySelector('.c4-hint').dataset.hint")
        .await;
    assert!(
        expect[erred - 1].1.iter().any(|k| json!(k) == marked),
        "the better move {marked} keeps the value ({:?})",
        expect[erred - 1].1
    );
    b.shot("").await;
    b.js("window.senteTheme('dark');", Vec::new()).await;
    b.shot("dark").await;
    b.js("window.senteTheme('light');", Vec::new()).await;

    // Learning from the side's mistakes: a right column played on, then the solver's reply.
    let first = wanted
        .iter()
        .position(|c| ["mistake", "blunder"].contains(c))
        .expect("a mistake or a blunder");
    let seat = if first % 2 == 0 { "p1" } else { "p2" };
    b.js(
        "const s = document.getElementById('learn-side'); s.value = arguments[0]; s.dispatchEvent(new Event('change'));",
        vec![json!(seat)],
    )
    .await;
    b.click("#learn-start").await;
    b.wait(
        "the first lesson",
        &format!("{STATE}.cursor === {first} && document.getElementById('learn-prompt')"),
    )
    .await;
    let right = expect[first].1.first().expect("a column keeping the value");
    b.click(&format!("[data-move=\"{right}\"]")).await;
    b.wait(
        "the column played on, and the reply",
        "document.getElementById('review-learn').dataset.stage === 'reply'",
    )
    .await;
    // The board draws the column and the reply on the next frame.
    b.next_frame().await;
    let tried = b
        .eval("document.getElementById('board').dataset.tried")
        .await;
    let tried: Vec<String> = tried
        .as_str()
        .expect("the moves tried")
        .split_whitespace()
        .map(str::to_string)
        .collect();
    assert_eq!(tried.first(), Some(right), "{tried:?}");
    let mut after = start.clone();
    for text in texts[..first]
        .iter()
        .copied()
        .chain(tried.iter().map(String::as_str))
    {
        let mv = after.parse_move(text).expect("a legal move");
        after.play(mv);
    }
    if tried.len() == 2 {
        // The reply keeps the opponent's value, by the plain minimax.
        let mut before = start.clone();
        for text in texts[..first].iter().copied().chain([right.as_str()]) {
            let mv = before.parse_move(text).expect("a legal move");
            before.play(mv);
        }
        let keeping = expected(&before, &[tried[1].as_str()]);
        assert!(
            matches!(keeping[0].0, "best" | "good"),
            "the reply {} keeps the value",
            tried[1]
        );
    }
    assert_eq!(
        b.eval("document.getElementById('board').dataset.fen").await,
        json!(after.fen())
    );
    b.resize(1400, 900).await;
    b.shot("learn").await;
    b.js("window.senteTheme('dark');", Vec::new()).await;
    b.shot("learn-dark").await;
    b.js("window.senteTheme('light');", Vec::new()).await;
    b.resize(420, 1000).await;
    b.shot("learn-narrow").await;
    b.click("#learn-stop").await;
    b.resize(1400, 1900).await;
    b.resize(420, 1800).await;
    b.wait(
        "nothing wider than the window",
        "document.documentElement.scrollWidth <= 420",
    )
    .await;
    b.shot("narrow").await;
    b.js("window.senteTheme('dark');", Vec::new()).await;
    b.shot("narrow-dark").await;
    b.js("window.senteTheme('light');", Vec::new()).await;
    b.close().await;
}

/// The fewest moves from `pos` to the exit, by a plain breadth-first search over the rules.
fn exit_distance<G: Game>(pos: &G) -> Option<u32> {
    let mut seen = std::collections::HashSet::new();
    let mut layer = vec![pos.clone()];
    seen.insert(pos.fen());
    let mut depth = 0;
    while !layer.is_empty() {
        let mut next_layer = Vec::new();
        for at in &layer {
            if at.outcome().is_some() {
                return Some(depth);
            }
            let mut moves = Vec::new();
            at.legal_moves(&mut moves);
            for mv in moves {
                let mut next = at.clone();
                next.play(mv);
                if seen.insert(next.fen()) {
                    next_layer.push(next);
                }
            }
        }
        layer = next_layer;
        depth += 1;
    }
    None
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn a_rush_hour_puzzle_game_reviewed_by_the_distance_to_the_exit() {
    use sente::games::rushhour::{Metric, RushHour};
    let b = Browser::start("review-rushhour").await;
    let server = start_server(&[]);
    // The course's second puzzle (8 slides: tests/data/rushhour/course-puzzles.txt), a move
    // a slide (in steps every move changes the distance by one: the cells' parity): a move
    // away from the exit, one that does not bring it nearer, then the shortest way out.
    let fen = "BB...GC..H.GCAAH.GC..H..D...FFD.EEE.";
    let start = RushHour::parse(fen, Metric::Slides).expect("the puzzle");
    let mut pos = start.clone();
    let mut moves = Vec::new();
    let mut classes = Vec::new();
    for step in 0.. {
        if pos.outcome().is_some() {
            break;
        }
        let before = exit_distance(&pos).expect("solvable");
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        let scored: Vec<(u32, (u8, i8))> = legal
            .into_iter()
            .map(|mv| {
                let mut next = pos.clone();
                next.play(mv);
                (exit_distance(&next).map_or(u32::MAX, |d| d + 1), mv)
            })
            .collect();
        // A blunder (further away) first, a mistake (no nearer) where there is one, then the
        // best each time.
        let wanted = if step == 0 {
            before + 2
        } else if !classes.contains(&"mistake") {
            before + 1
        } else {
            before
        };
        let (after, mv) = scored
            .iter()
            .copied()
            .find(|s| s.0 == wanted)
            .or_else(|| scored.iter().copied().min_by_key(|s| s.0))
            .expect("a move");
        classes.push(match after - before {
            0 => "best",
            1 => "mistake",
            _ => "blunder",
        });
        moves.push(pos.move_text(mv));
        pos.play(mv);
        assert!(step < 100, "the puzzle is not solved");
    }
    assert!(
        classes.contains(&"blunder") && classes.contains(&"mistake"),
        "{classes:?}"
    );
    let shown = review_link(
        &b,
        &server.url,
        &format!(
            "variant=rushhour&RushMetric=slides&fen={}&moves={}",
            query_text(fen),
            moves
                .iter()
                .map(|m| query_text(m))
                .collect::<Vec<_>>()
                .join(",")
        ),
        moves.len(),
    )
    .await;
    assert_eq!(
        shown, classes,
        "the page's classes against a plain BFS ({moves:?})"
    );
    let summary = b.text("#review-puzzle").await;
    assert_eq!(
        summary,
        format!("Solved in {} moves (optimal 8).", moves.len()),
        "{summary}"
    );
    b.shot("").await;
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn a_long_review_is_cancelled_after_its_first_move_and_axe_finds_nothing() {
    let b = Browser::start("review-cancel").await;
    let server = start_server(&[]);
    // A 16-disc Connect Four game: its last moves are reviewed at once, its first ones take
    // the solver long.
    b.open(&format!(
        "{}?variant=connect4&moves=4+4+4+4+3+3+3+3+2+2+2+2+6+6+6+6",
        server.url
    ))
    .await;
    b.wait("the game", &format!("{STATE}.moves.length === 16"))
        .await;
    b.click("#review-start").await;
    b.wait(
        "the first move reviewed",
        "window.senteApp.store.reviewRun?.done >= 1",
    )
    .await;
    b.wait(
        "the progress bar",
        "!document.getElementById('review-progress-box').hidden && document.getElementById('review-progress').value >= 1",
    )
    .await;
    b.shot("running").await;
    b.click("#review-cancel").await;
    b.wait(
        "cancelled",
        "window.senteApp.store.reviewRun?.cancelled === true && \
         document.getElementById('review-progress-box').hidden && \
         document.getElementById('review-status').textContent === 'Review cancelled.'",
    )
    .await;
    let run = b.eval("window.senteApp.store.reviewRun").await;
    assert!(
        run["done"].as_u64().unwrap_or(16) < 16 && run["review"].is_null(),
        "the review stopped before its end: {run}"
    );
    // The session goes on: a bad request is refused with its reason, and a tic-tac-toe game
    // is reviewed at once.
    b.send(json!({ "type": "review", "movetime_ms": 0 })).await;
    b.wait(
        "the bad request refused",
        "[...document.querySelectorAll('.toast-error')].some((t) => t.textContent.includes('movetime_ms is 1 to'))",
    )
    .await;
    b.open(&format!(
        "{}?variant=tictactoe&moves=a1+b2+c3+a3+c1+b1+b3+a2+c2",
        server.url
    ))
    .await;
    b.click("#review-start").await;
    b.wait("the review", REVIEWED).await;
    let Some(axe) = axe_source() else {
        return;
    };
    let mut found = Vec::new();
    for theme in ["light", "dark"] {
        b.js("window.senteTheme(arguments[0]);", vec![json!(theme)])
            .await;
        b.click("#review-erred .review-jump").await;
        b.wait(
            "a better move offered",
            "document.getElementById('review-better')",
        )
        .await;
        found.extend(violations(&b, &axe, &format!("review ({theme})")).await);
        b.click("#learn-start").await;
        b.wait("a lesson", "document.getElementById('learn-prompt')")
            .await;
        found.extend(violations(&b, &axe, &format!("learning ({theme})")).await);
        b.click("#learn-stop").await;
    }
    assert!(found.is_empty(), "axe-core found:\n{}", found.join("\n"));
    // A board the solver does not finish in the time given: every move judged by search, and
    // the page says so (a ring on each point, the count under the table).
    b.js("window.senteTheme('light');", Vec::new()).await;
    b.open(&format!(
        "{}?variant=connect4&Connect4Width=12&Connect4Height=10&moves=1+2+3+4",
        server.url
    ))
    .await;
    b.wait("the game", &format!("{STATE}.moves.length === 4"))
        .await;
    b.send(json!({ "type": "review", "movetime_ms": 200, "nodes": 2000 }))
        .await;
    b.wait("the review", REVIEWED).await;
    let judged = b
        .eval("[...document.querySelectorAll('#review-graph .rg-point')].map((p) => p.dataset.judged)")
        .await;
    assert_eq!(judged, json!(["search", "search", "search", "search"]));
    let said = b.text("#review-judged").await;
    assert!(said.starts_with("4 moves by search"), "{said}");
    assert!(
        b.text(".review-legend")
            .await
            .contains("not judged exactly"),
        "the legend says what a ring is"
    );
    b.js(
        "document.getElementById('view-review').scrollIntoView();",
        Vec::new(),
    )
    .await;
    b.shot_here("search").await;
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn no_review_while_a_game_against_sente_goes_on_and_review_after_it() {
    let b = Browser::start("review-after-a-game").await;
    let server = start_server(&[]);
    b.open(&server.url).await;
    b.new_game("tictactoe").await;
    super::start_play(&b, "p1", "0.05").await;
    b.wait(
        "the person's turn",
        &format!("{STATE}.side === 'p1' && !{STATE}.mode.thinking"),
    )
    .await;
    b.click("[data-move=\"a1\"]").await;
    b.wait(
        "sente's reply",
        &format!("{STATE}.moves.length === 2 && !{STATE}.mode.thinking"),
    )
    .await;
    assert_eq!(
        b.eval("document.getElementById('review-start').disabled")
            .await,
        json!(true),
        "Review is off during the game"
    );
    // Asked anyway (as a page could): refused, the game going on.
    b.send(json!({ "type": "review" })).await;
    b.wait(
        "the review refused",
        "window.senteApp.store.reviewRun?.error?.includes('goes on')",
    )
    .await;
    assert_eq!(b.state().await["mode"]["kind"], json!("play"));
    let end = super::play_to_the_end(&b, 9).await;
    assert!(!end["outcome"].is_null(), "{end}");
    b.click("#review-ended").await;
    b.wait("the review", REVIEWED).await;
    let plies = end["moves"].as_array().map_or(0, Vec::len);
    assert_eq!(graph_points(&b).await.len(), plies);
    // Learning is from the person's side.
    assert_eq!(
        b.eval("document.getElementById('learn-side').value").await,
        json!("p1")
    );
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn a_record_with_a_saved_review_shows_it_without_computing_it() {
    // The review saved in the record by sente's own writer, one reason edited: the page must
    // show the record's words, which no review computed anew would give.
    let game =
        sente::review::GameRecord::from_move_text("tictactoe", &[], None, "a1 b2 a2 a3 c1 b1 c2")
            .expect("a game");
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let reviewed =
        sente::review::review(&game, sente::review::Settings::default(), stop, &mut |_| {})
            .expect("a game")
            .expect("not stopped");
    let text = sente::review::saved::record_text(&reviewed).expect("a record");
    let edited = text.replacen("c2 does not block", "c2 (as saved) does not block", 1);
    assert_ne!(edited, text, "the reason is in the record");
    let b = Browser::start("review-from-record").await;
    let server = start_server(&[]);
    b.open(&server.url).await;
    b.set_value("#record-text", &edited).await;
    b.click("#load-record").await;
    b.wait(
        "the game and its saved review",
        &format!("{STATE}.moves.join(' ') === 'a1 b2 a2 a3 c1 b1 c2' && {REVIEWED}"),
    )
    .await;
    let status = b.text("#review-status").await;
    assert!(
        status.contains("Review read from the record: 7 moves"),
        "{status}"
    );
    let erred = b.text("#review-erred").await;
    assert!(erred.contains("c2 (as saved) does not block"), "{erred}");
    assert_eq!(
        b.eval("window.senteApp.store.reviewRun.review.sides[0].blunders")
            .await,
        json!(1)
    );
    // The move list's comments hold no saved review's JSON; Save game writes the review again.
    let titles = b
        .eval("[...document.querySelectorAll('#moves .move[data-ply]')].map((m) => m.title).join(' ')")
        .await;
    assert!(
        !titles.as_str().unwrap_or("").contains("%review"),
        "{titles}"
    );
    b.js(
        "document.getElementById('record-text').value = '';",
        Vec::new(),
    )
    .await;
    b.click("#save-record").await;
    b.wait(
        "the record saved again with its review",
        "document.getElementById('record-text').value.includes('c2 (as saved) does not block')",
    )
    .await;
    b.shot("review-from-record").await;
    b.resize(420, 1800).await;
    b.js("window.senteTheme('dark');", Vec::new()).await;
    b.shot("narrow-dark").await;
    b.close().await;
}
