//! Puzzles from one's own games in a real browser: a tic-tac-toe game reviewed, each position
//! where one move alone keeps the result (by a plain minimax written here, a forced block left
//! out) kept as a puzzle, the export's text checked exactly against the game (in the page and
//! as the downloaded file), a puzzle played in the Your puzzles view (a wrong move explained, the
//! right one played on the board, then the opponent's best reply), and axe-core on the view,
//! light and dark, at 1400 x 900 and 420 px.

use super::STATE;
use super::a11y::{axe_source, violations};
use super::harness::{self, Browser, start_server};
use super::review::{REVIEWED, back, expect_after, minimax, move_number, position};
use sente::games::{Game, Outcome};
use serde_json::json;
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// True when the side to move at `pos` loses at once by `mv`: the opponent's next move wins.
fn loses_at_once<G: Game>(pos: &G, mv: G::Move) -> bool {
    let mover = pos.side_to_move();
    let mut next = pos.clone();
    next.play(mv);
    if next.outcome().is_some() {
        return false;
    }
    let mut replies = Vec::new();
    next.legal_moves(&mut replies);
    replies.into_iter().any(|reply| {
        let mut after = next.clone();
        after.play(reply);
        matches!(after.outcome(), Some(Outcome::Win(seat)) if seat != mover)
    })
}

/// The puzzles of the game `moves`, as the export writes them: each position where the move
/// played is the only one keeping a win or a draw (every other move gives a worse result) and
/// is not forced (the one legal move, or the one move after which the opponent cannot win at
/// once).
fn expected_puzzles(moves: &[&str]) -> Vec<(Vec<String>, String, &'static str)> {
    let mut memo = HashMap::new();
    let mut out = Vec::new();
    for (i, played) in moves.iter().enumerate() {
        let pos = position(&moves[..i]);
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        let mut result = |mv| {
            let mut next = pos.clone();
            next.play(mv);
            back(&pos, &next, minimax(&next, &mut memo)).0
        };
        let results: Vec<(String, i32)> = legal
            .iter()
            .map(|&mv| (pos.move_text(mv), result(mv)))
            .collect();
        let kept = results
            .iter()
            .find(|(m, _)| m == played)
            .expect("the move played is legal")
            .1;
        let only = kept >= 0
            && results
                .iter()
                .filter(|(m, _)| m != played)
                .all(|(_, r)| *r < kept);
        let mv = pos.parse_move(played).expect("a legal move");
        let forced = legal.len() == 1
            || (!loses_at_once(&pos, mv)
                && legal
                    .iter()
                    .filter(|&&other| other != mv)
                    .all(|&other| loses_at_once(&pos, other)));
        if only && !forced {
            let goal = if kept == 1 { "win" } else { "draw" };
            out.push((
                moves[..i].iter().map(|m| m.to_string()).collect(),
                played.to_string(),
                goal,
            ));
        }
    }
    out
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn a_reviewed_game_makes_puzzles_played_and_exported() {
    let b = Browser::start("puzzles").await;
    let server = start_server(&[]);
    let moves = ["a1", "b2", "c3", "a3", "c1", "b1", "b3", "a2", "c2"];
    let puzzles = expected_puzzles(&moves);
    assert!(!puzzles.is_empty(), "the game has an only move");
    b.open(&format!(
        "{}?variant=tictactoe&moves={}",
        server.url,
        moves.join("+")
    ))
    .await;
    b.wait("no puzzle yet", "document.getElementById('puzzles-none')")
        .await;
    b.click("#review-start").await;
    b.wait("the review", REVIEWED).await;
    // The export: exactly the game's positions with one move keeping the result.
    let mut text = String::from("# sente puzzles: variant\trules\tstart\tmoves\tsolution\tgoal\n");
    for (before, solution, goal) in &puzzles {
        let line = if before.is_empty() {
            "-".to_string()
        } else {
            before.join(" ")
        };
        text += &format!("tictactoe\t-\tstartpos\t{line}\t{solution}\t{goal}\n");
    }
    b.wait(
        "the puzzles kept",
        &format!(
            "document.getElementById('puzzles-export')?.value === {}",
            json!(text)
        ),
    )
    .await;
    let heading = b.text("#puzzles-heading").await;
    assert_eq!(
        heading,
        format!(
            "Puzzle 1 of {} (Tic-tac-toe): {} to move at {}",
            puzzles.len(),
            if puzzles[0].0.len().is_multiple_of(2) {
                "X"
            } else {
                "O"
            },
            move_number(puzzles[0].0.len() + 1)
        )
    );
    // Downloaded: the same text in a file (an event of its own, polled with the hang guard).
    b.click("#puzzles-export-box summary").await;
    b.click("#puzzles-download").await;
    let file = b.downloads().join("sente-puzzles.txt");
    let start = Instant::now();
    let saved = loop {
        if let Ok(saved) = std::fs::read_to_string(&file)
            && saved.ends_with('\n')
        {
            break saved;
        }
        assert!(
            start.elapsed() < harness::PATIENCE,
            "no download at {}",
            file.display()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert_eq!(saved, text);
    // A second review of the same game keeps no puzzle twice.
    b.client.refresh().await.expect("reload");
    b.wait("the page back", "document.body.dataset.ready === '1'")
        .await;
    b.wait("the review kept", REVIEWED).await;
    assert_eq!(
        b.eval("document.getElementById('puzzles-export').value")
            .await,
        json!(text)
    );

    // The first puzzle played: its position on the board, a wrong move explained.
    let (before, solution, goal) = &puzzles[0];
    let before: Vec<&str> = before.iter().map(String::as_str).collect();
    b.click("#puzzles-play").await;
    b.wait(
        "the puzzle's position",
        &format!(
            "{STATE}.moves.join(' ') === {} && document.querySelector('#view-puzzles .panel-body').dataset.state === 'playing'",
            json!(before.join(" "))
        ),
    )
    .await;
    let prompt = b.text("#puzzles-prompt").await;
    assert_eq!(prompt, format!("Find the only move that {goal}s."));
    let pos = position(&before);
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    let wrong = legal
        .iter()
        .map(|&mv| pos.move_text(mv))
        .find(|m| m != solution)
        .expect("another move");
    let wrong_mv = pos.parse_move(&wrong).expect("legal");
    let mut next = pos.clone();
    next.play(wrong_mv);
    let (result, plies) = back(&pos, &next, minimax(&next, &mut HashMap::new()));
    // What it does where the goal was kept: it loses, or only draws where a win was there.
    let value = match result {
        0 => "only draws (draw)".to_string(),
        -1 => format!("loses (loss in {})", plies / 2),
        _ => format!("is slower (win in {})", plies.div_ceil(2)),
    };
    b.click(&format!(".ttt-cell[data-move=\"{wrong}\"]")).await;
    b.wait(
        "the wrong move judged by the server",
        "document.getElementById('puzzles-feedback')?.classList.contains('wrong') && \
         document.getElementById('puzzles-why') && !document.getElementById('puzzles-why').textContent.includes('judges it')",
    )
    .await;
    let why = b.text("#puzzles-why").await;
    assert!(why.starts_with(&format!("{wrong}: it {value}.")), "{why}");
    assert!(!why.contains(&format!("; {solution} ")), "no answer: {why}");
    assert_eq!(
        b.state().await["moves"].as_array().map_or(0, Vec::len),
        before.len(),
        "a move tried is not played"
    );
    let Some(axe) = axe_source() else {
        return;
    };
    let mut found = Vec::new();
    for theme in ["light", "dark"] {
        b.js("window.senteTheme(arguments[0]);", vec![json!(theme)])
            .await;
        found.extend(violations(&b, &axe, &format!("puzzles, a wrong move ({theme})")).await);
    }
    b.js("window.senteTheme('light');", Vec::new()).await;
    // The solution: played on the board, then the opponent's best reply.
    b.click(&format!(".ttt-cell[data-move=\"{solution}\"]"))
        .await;
    b.wait(
        "the solution played on, and the reply",
        "document.getElementById('puzzles-feedback')?.classList.contains('right') && \
         document.getElementById('puzzles-reply') && !document.getElementById('puzzles-reply').textContent.endsWith('replies…')",
    )
    .await;
    let reply = b
        .eval("document.getElementById('puzzles-reply').dataset.reply")
        .await;
    let reply = reply.as_str().unwrap_or_default().to_string();
    let mut line = before.clone();
    line.push(solution);
    if reply.is_empty() {
        assert!(
            position(&line).outcome().is_some(),
            "no reply: the game ended"
        );
    } else {
        let replies = expect_after(&line);
        assert!(
            replies.contains(&reply),
            "{reply} keeps the value ({replies:?})"
        );
        line.push(&reply);
    }
    assert_eq!(
        b.eval("document.getElementById('board').dataset.fen").await,
        json!(position(&line).fen()),
        "the board shows the solution and the reply"
    );
    let feedback = b.text("#puzzles-feedback").await;
    assert_eq!(
        feedback,
        format!(
            "Right: {} {solution} is the only move that {goal}s.",
            move_number(before.len() + 1)
        )
    );
    for theme in ["light", "dark"] {
        b.js("window.senteTheme(arguments[0]);", vec![json!(theme)])
            .await;
        found.extend(violations(&b, &axe, &format!("puzzles, solved ({theme})")).await);
    }
    b.js("window.senteTheme('light');", Vec::new()).await;
    b.resize(1400, 900).await;
    b.shot("").await;
    b.js("window.senteTheme('dark');", Vec::new()).await;
    b.shot("dark").await;
    b.js("window.senteTheme('light');", Vec::new()).await;
    b.resize(420, 1400).await;
    b.wait(
        "nothing wider than the window",
        "document.documentElement.scrollWidth <= 420",
    )
    .await;
    b.shot("narrow").await;
    b.js("window.senteTheme('dark');", Vec::new()).await;
    b.shot("narrow-dark").await;
    assert!(found.is_empty(), "axe-core found:\n{}", found.join("\n"));
    b.close().await;
}
