//! Side lines and sharing: the move list keeps every line as a tree (a move played from an
//! earlier position starts a side line), any move can be opened, a side line made the main
//! line or deleted; the record is downloaded as a file and loaded from one; the address holds
//! the game, so that a link opens the same position.

use super::STATE;
use super::harness::{self, Browser, start_server};
use fantoccini::Locator;
use serde_json::json;
use std::time::{Duration, Instant};

/// The moves' paths in the order the list shows them, a side line in brackets.
async fn shown_tree(b: &Browser) -> String {
    b.eval(
        "(() => { const walk = (box) => [...box.children].map((n) => n.classList.contains('side-line') \
         ? `(${walk(n)})` : n.dataset.path).filter((p) => p !== '').join(' | '); \
         return walk(document.querySelector('#moves .main-line')); })()",
    )
    .await
    .as_str()
    .unwrap_or_default()
    .to_string()
}

async fn click_move(b: &Browser, path: &str) {
    b.click(&format!("#moves .move[data-path=\"{path}\"]"))
        .await;
}

async fn drop_discs(b: &Browser, columns: &str) {
    for column in columns.chars() {
        let before = b.state().await["cursor"].as_u64().unwrap_or(0);
        b.click(&format!("[data-move=\"{column}\"]")).await;
        // At least one more: in a game against an engine, its reply may come at once.
        b.wait("the disc", &format!("{STATE}.cursor >= {}", before + 1))
            .await;
    }
}

async fn line(b: &Browser) -> (String, u64) {
    let state = b.state().await;
    let moves = state["moves"]
        .as_array()
        .map(|m| {
            m.iter()
                .filter_map(|v| v.as_str())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .unwrap_or_default();
    (moves, state["cursor"].as_u64().unwrap_or(0))
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn side_lines_are_kept_opened_promoted_and_deleted_and_a_link_opens_the_position() {
    let b = Browser::start("lines").await;
    let server = start_server(&[]);
    b.open(&server.url).await;
    b.new_game("connect4").await;
    drop_discs(&b, "4453").await;
    // Back to 4 4, then 3: a side line; the main line keeps 5 3.
    click_move(&b, "4 4").await;
    b.wait("two moves viewed", &format!("{STATE}.cursor === 2"))
        .await;
    drop_discs(&b, "36").await;
    assert_eq!(line(&b).await, ("4 4 3 6".to_string(), 4));
    assert_eq!(
        shown_tree(&b).await,
        "4 | 4 4 | 4 4 5 | (4 4 3 | 4 4 3 6) | 4 4 5 3"
    );
    assert_eq!(
        b.eval("document.querySelector('#moves .move.current').dataset.path")
            .await,
        "4 4 3 6"
    );
    // Playing the move that follows keeps what comes after it.
    click_move(&b, "4 4").await;
    b.wait("back to 4 4", &format!("{STATE}.cursor === 2"))
        .await;
    drop_discs(&b, "3").await;
    assert_eq!(line(&b).await, ("4 4 3 6".to_string(), 3));
    b.shot("side-line").await;

    // Any move opens: one of the main line, then back in the side line.
    click_move(&b, "4 4 5 3").await;
    b.wait(
        "the main line",
        &format!("{STATE}.moves.join('') === '4453'"),
    )
    .await;
    assert_eq!(line(&b).await, ("4 4 5 3".to_string(), 4));
    click_move(&b, "4 4 3").await;
    b.wait(
        "the side line, followed to its end",
        &format!("{STATE}.moves.join('') === '4436' && {STATE}.cursor === 3"),
    )
    .await;
    // Made the main line: 4 4 3 6 first, 5 3 now the side line.
    b.click("#promote-line").await;
    assert_eq!(
        shown_tree(&b).await,
        "4 | 4 4 | 4 4 3 | (4 4 5 | 4 4 5 3) | 4 4 3 6"
    );
    assert_eq!(
        b.eval("document.getElementById('promote-line').disabled")
            .await,
        true
    );
    // Deleted from 4 4 5 on: the view goes back to 4 4.
    click_move(&b, "4 4 5").await;
    b.wait(
        "the side line 5",
        &format!("{STATE}.moves.join('') === '4453'"),
    )
    .await;
    b.click("#delete-line").await;
    b.wait(
        "the line deleted",
        &format!("{STATE}.cursor === 2 && {STATE}.moves.join('') === '4436'"),
    )
    .await;
    assert_eq!(shown_tree(&b).await, "4 | 4 4 | 4 4 3 | 4 4 3 6");

    // The address follows the view; a reload keeps the side lines.
    click_move(&b, "4 4").await;
    b.wait("4 4", &format!("{STATE}.cursor === 2")).await;
    drop_discs(&b, "1").await;
    let search = b.eval("location.search").await;
    assert_eq!(search, "?variant=connect4&moves=4+4+1");
    b.client.refresh().await.expect("reload");
    b.wait(
        "the game and its lines back",
        &format!(
            "document.body.dataset.ready === '1' && {STATE}.moves.join('') === '441' && \
             document.querySelectorAll('#moves .side-line').length === 1"
        ),
    )
    .await;
    assert_eq!(shown_tree(&b).await, "4 | 4 4 | 4 4 3 | (4 4 1) | 4 4 3 6");

    // A link opens its position: rules, moves and the viewed ply.
    let link = format!(
        "{}?variant=connect4&Connect4Width=8&moves=4+4+5+8&ply=3",
        server.url.trim_end_matches('/')
    );
    b.client.goto(&link).await.expect("open the link");
    b.wait(
        "the linked position",
        &format!(
            "{STATE} && {STATE}.moves.join('') === '4458' && {STATE}.cursor === 3 && \
             JSON.stringify({STATE}.rules) === '[[\"Connect4Width\",\"8\"]]'"
        ),
    )
    .await;
    assert_eq!(
        b.eval("location.search").await,
        "?variant=connect4&Connect4Width=8&moves=4+4+5+8&ply=3"
    );
    assert_eq!(shown_tree(&b).await, "4 | 4 4 | 4 4 5 | 4 4 5 8");
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn the_record_downloads_as_a_file_and_loads_from_one() {
    let b = Browser::start("record-file").await;
    let server = start_server(&[]);
    b.open(&server.url).await;
    b.new_game("tictactoe").await;
    b.send(json!({"type": "play", "moves": ["b2", "a1", "c3"]}))
        .await;
    b.wait("three moves", &format!("{STATE}.moves.length === 3"))
        .await;
    b.click("#save-record").await;
    let file = b.downloads().join("sente-tictactoe.txt");
    // The download is an event of its own (a file, not a page state): polled, with the page's
    // hang guard.
    let start = Instant::now();
    let record = loop {
        if let Ok(text) = std::fs::read_to_string(&file)
            && text.contains("c3")
        {
            break text;
        }
        assert!(
            start.elapsed() < harness::PATIENCE,
            "no download at {}",
            file.display()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert!(record.contains("[Variant \"tictactoe\"]"), "{record}");
    assert!(record.contains("b2 a1 c3"), "{record}");

    // Loaded from a file: another game first, then the file chosen in the page.
    b.new_game("connect4").await;
    let other = b.downloads().join("game.txt");
    std::fs::write(&other, record.replace("b2 a1 c3", "b2 a1 c3 a3")).expect("write");
    let input = b
        .client
        .find(Locator::Css("#load-file"))
        .await
        .expect("the file input");
    input
        .send_keys(&other.to_string_lossy())
        .await
        .expect("choose the file");
    b.wait(
        "the game of the file",
        &format!("{STATE}.variant === 'tictactoe' && {STATE}.moves.join(' ') === 'b2 a1 c3 a3'"),
    )
    .await;
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn a_link_opened_in_a_tab_with_a_game_wins_asking_first_during_a_game() {
    let b = Browser::start("link-over-game").await;
    let server = start_server(&[]);
    b.open(&server.url).await;
    let link = format!(
        "{}?variant=connect4&moves=4+4+5+3",
        server.url.trim_end_matches('/')
    );
    let linked = format!(
        "{STATE} && {STATE}.mode.kind === 'free' && {STATE}.moves.join('') === '4453' && \
         {STATE}.fen.split('/').length === 6"
    );
    // A 12 x 10 game against sente goes on: the link asks first; keeping the game keeps it.
    b.new_connect4_game(12, 10).await;
    super::start_play(&b, "p1", "0.1").await;
    drop_discs(&b, "6").await;
    b.wait(
        "sente's reply",
        &format!("{STATE}.moves.length === 2 && !{STATE}.mode.thinking"),
    )
    .await;
    b.client.goto(&link).await.expect("open the link");
    b.wait("the question", "document.getElementById('leave')?.open")
        .await;
    b.shot("asked").await;
    b.click("#leave-cancel").await;
    let state = b.state().await;
    assert_eq!(state["mode"]["kind"], "play", "{state}");
    assert_eq!(
        state["fen"].as_str().map(|f| f.split('/').count()),
        Some(10)
    );
    b.wait(
        "the game's address back",
        "location.search.includes('Connect4Width=12')",
    )
    .await;
    // Asked again, and left: the link's game, in free play.
    b.client.goto(&link).await.expect("open the link");
    b.wait("the question", "document.getElementById('leave')?.open")
        .await;
    b.click("#leave-confirm").await;
    b.wait("the linked game", &linked).await;
    assert_eq!(
        b.eval("location.search").await,
        "?variant=connect4&moves=4+4+5+3"
    );

    // A finished game (resigned): the link wins without a question.
    b.new_connect4_game(12, 10).await;
    super::start_play(&b, "p1", "0.1").await;
    drop_discs(&b, "6").await;
    b.wait(
        "sente's reply",
        &format!("{STATE}.moves.length === 2 && !{STATE}.mode.thinking"),
    )
    .await;
    b.click("#resign").await;
    b.wait(
        "the question",
        "document.getElementById('resign-ask')?.open",
    )
    .await;
    b.click("#resign-ask-confirm").await;
    b.wait("resigned", &format!("{STATE}.ended")).await;
    b.client.goto(&link).await.expect("open the link");
    b.wait("the linked game", &linked).await;
    assert_eq!(
        b.eval("Boolean(document.getElementById('leave')?.open)")
            .await,
        false
    );
    b.close().await;
}
