//! Connect Four on the boards beyond 64 bits (8 x 8, 10 x 8, 12 x 10): opened from the rules
//! form and from a link, drawn inside the window at 1280 and 420 px with every column a target
//! a finger can hit, played by click and by key, against sente, and analysed: the lines, and
//! each column's value once the solver proves it, checked against sente's solver run apart
//! from the page and the server.

use super::harness::{Browser, start_server};
use super::{STATE, literature_words, start_play};
use serde_json::json;

/// Column `i`'s label: `1`-`9`, then `a`, `b`, `c`.
fn label(i: u8) -> String {
    sente::games::connect4::Shape::column_char(i).to_string()
}

/// A column's value in words for the side that drops there, on any board: sente's solver in
/// the 192-bit word (which holds every board) on the position after the move, apart from the
/// page and the server's reading of the engine.
fn column_words(width: u8, height: u8, moves: &str, column: &str) -> String {
    use sente::games::connect4::solver::Solver;
    use sente::games::connect4::{Connect4, Shape, U192};
    use sente::games::{Game, Outcome};
    let shape = Shape::new(width, height).expect("a legal size");
    let after =
        Connect4::<U192>::from_moves(shape, &format!("{moves}{column}")).expect("legal moves");
    match after.outcome() {
        Some(Outcome::Win(_)) => return "win in 1".into(),
        Some(_) => return "draw".into(),
        None => {}
    }
    let score = -Solver::<U192>::new(16)
        .solve(&after, &mut |_| {})
        .expect("not interrupted");
    literature_words(
        i32::from(width) * i32::from(height),
        moves.len() as i32,
        score,
    )
}

/// Waits for an empty `width` x `height` board with a click target per column.
async fn wait_for_board(b: &Browser, width: u8, height: u8) {
    b.wait(
        &format!("an empty {width} x {height} board"),
        &format!(
            "{STATE} && {STATE}.fen.split(' ')[0].split('/').length === {height} && \
             {STATE}.fen.split('/')[0].length === {width} && {STATE}.moves.length === 0 && \
             document.querySelectorAll('.c4-hit').length === {width}"
        ),
    )
    .await;
}

/// The board's place in the window: [leftmost column's left, rightmost's right, narrowest
/// column, the page's scroll width, the board's bottom].
async fn board_geometry(b: &Browser) -> Vec<f64> {
    b.eval(
        "(() => { const r = [...document.querySelectorAll('.c4-hit')].map((n) => n.getBoundingClientRect()); \
           const svg = document.querySelector('.board-svg').getBoundingClientRect(); \
           return [Math.min(...r.map((x) => x.left)), Math.max(...r.map((x) => x.right)), \
             Math.min(...r.map((x) => x.width)), document.documentElement.scrollWidth, svg.bottom - svg.top]; })()",
    )
    .await
    .as_array()
    .expect("the geometry")
    .iter()
    .map(|v| v.as_f64().unwrap_or(f64::NAN))
    .collect()
}

/// The smallest font size, in px as shown, of the board's texts matching `css`.
async fn smallest_text(b: &Browser, css: &str) -> f64 {
    b.js(
        "const svg = document.querySelector('.board-svg'); const scale = svg.getScreenCTM().a; \
         return Math.min(...[...document.querySelectorAll(arguments[0])].map((n) => parseFloat(getComputedStyle(n).fontSize) * scale));",
        vec![json!(css)],
    )
    .await
    .as_f64()
    .unwrap_or(0.0)
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn boards_beyond_64_bits_are_drawn_in_the_window_and_played_at_1280_and_420_px() {
    let b = Browser::start("connect4-large").await;
    let server = start_server(&[]);
    let base = server.url.trim_end_matches('/').to_string();
    b.open(&server.url).await;
    // 12 x 10 from the rules form: the size inputs allow it.
    b.set_value("#variant", "connect4").await;
    b.wait(
        "the size fields",
        "document.getElementById('rule-Connect4Width')",
    )
    .await;
    let max = b
        .eval("[document.getElementById('rule-Connect4Width').max, document.getElementById('rule-Connect4Height').max]")
        .await;
    assert_eq!(max, json!(["12", "31"]), "the size inputs' limits");
    b.set_value("#rule-Connect4Height", "10").await;
    b.set_value("#rule-Connect4Width", "12").await;
    b.click("#new-game").await;
    wait_for_board(&b, 12, 10).await;

    for (width, height) in [(8u8, 8u8), (10, 8), (12, 10)] {
        for window in [1280u32, 420] {
            b.resize(window, 900).await;
            b.client
                .goto(&format!(
                    "{base}?variant=connect4&Connect4Width={width}&Connect4Height={height}"
                ))
                .await
                .expect("open the link");
            wait_for_board(&b, width, height).await;
            let g = board_geometry(&b).await;
            let at = format!("{width} x {height} at {window} px: {g:?}");
            // Every column inside the window, no sideways scrolling, each at least 24 px wide
            // (a fingertip's target on a phone) and the board not squeezed flat.
            assert!(g[0] >= 0.0 && g[1] <= f64::from(window), "{at}");
            assert!(g[3] <= f64::from(window), "{at}");
            assert!(g[2] >= 24.0, "{at}");
            assert!(g[4] >= f64::from(height) * g[2] * 0.9, "{at}");
            let smallest = smallest_text(&b, ".c4-label").await;
            assert!(smallest >= 9.9, "{at}: labels of {smallest} px");
            // The last column by a click, the first by its key.
            let last = label(width - 1);
            b.click(&format!("[data-move=\"{last}\"]")).await;
            b.wait("the click's disc", &format!("{STATE}.moves.length === 1"))
                .await;
            b.press('1').await;
            b.wait("the key's disc", &format!("{STATE}.moves.length === 2"))
                .await;
            let state = b.state().await;
            assert_eq!(state["moves"], json!([last, "1"]), "{at}");
            let bottom = state["fen"]
                .as_str()
                .and_then(|f| f.split(' ').next())
                .and_then(|rows| rows.split('/').next_back())
                .unwrap_or_default()
                .to_string();
            let want = format!("o{}x", ".".repeat(usize::from(width) - 2));
            assert_eq!(bottom, want, "{at}");
            b.shot(&format!("{width}x{height}-{window}")).await;
        }
    }

    // A game against sente on 12 x 10 at 420 px: a click, sente's reply.
    start_play(&b, "p1", "0.05").await;
    b.wait(
        "the person's turn",
        &format!("{STATE}.side === 'p1' && !{STATE}.mode.thinking"),
    )
    .await;
    let before = b.state().await["moves"].as_array().map_or(0, Vec::len);
    b.click("[data-move=\"c\"]").await;
    b.wait(
        "the move and sente's reply",
        &format!(
            "{STATE}.moves.length >= {} && {STATE}.side === 'p1' && !{STATE}.mode.thinking",
            before + 2
        ),
    )
    .await;
    let state = b.state().await;
    assert_eq!(state["moves"][before], json!("c"), "{state}");
    b.shot("12x10-play-420").await;
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn analysis_and_proven_column_values_on_10x8_and_12x10() {
    let b = Browser::start("connect4-large-analysis").await;
    let server = start_server(&[]);
    let base = server.url.trim_end_matches('/').to_string();
    // Positions of sente's own games (10 x 8) and of a random game without fours (12 x 10),
    // 18 and 20 empty cells: every column proven well within the solver's 3 s.
    let cases = [
        (
            10u8,
            8u8,
            "489953453354a143673687785485455877714766654711112aa11aa2222229",
            1280u32,
            "light",
        ),
        (
            12,
            10,
            "258377b988a64a26628892c8a99b845225686653348925144c9c6abbc333aa8a9aabb96bb9b9a614511113226331b1421ccc",
            420,
            "dark",
        ),
    ];
    for (width, height, moves, window, theme) in cases {
        b.resize(window, 1000).await;
        b.open(&format!(
            "{base}/?variant=connect4&Connect4Width={width}&Connect4Height={height}"
        ))
        .await;
        wait_for_board(&b, width, height).await;
        b.js("window.senteTheme(arguments[0]);", vec![json!(theme)])
            .await;
        // The moves typed in the Position box, as a person pastes a game.
        b.set_moves(moves, moves.len()).await;
        b.click("#analyse").await;
        b.wait(
            "analysis lines",
            "document.getElementById('an-depth').textContent !== '–'",
        )
        .await;
        b.wait_columns_proven().await;
        let chips = b
            .eval("Object.fromEntries([...document.querySelectorAll('.c4-value')].map((n) => [n.dataset.columnValue, n.dataset.words]))")
            .await;
        let legal = b.eval(&format!("{STATE}.legal")).await;
        let legal = legal.as_array().expect("legal moves");
        assert!(legal.len() >= 2, "{legal:?}");
        for column in legal {
            let column = column.as_str().expect("a column");
            let want = column_words(width, height, moves, column);
            assert_eq!(
                chips[column],
                json!(want),
                "{width} x {height}, column {column}: {chips}"
            );
        }
        // The chips stay inside the board's columns: none wider than its column.
        let overlap = b
            .eval(
                "(() => { const r = [...document.querySelectorAll('.c4-value rect')].map((n) => n.getBoundingClientRect()).sort((a, b) => a.left - b.left); \
                   return r.slice(1).some((x, i) => x.left < r[i].right - 0.5); })()",
            )
            .await;
        assert_eq!(overlap, json!(false), "chips overlap on {width} x {height}");
        // The chips' words and the column labels at least 10 px high as shown.
        let smallest = smallest_text(&b, ".c4-value text, .c4-label").await;
        assert!(
            smallest >= 9.9,
            "{width} x {height} at {window} px: {smallest} px text"
        );
        b.wait("the PV drawn", "document.querySelector('.pv-marker')")
            .await;
        b.shot(&format!("{width}x{height}-{window}-{theme}")).await;
        b.click("#analyse").await;
        b.wait("the analysis stopped", &format!("!{STATE}.mode.analysis"))
            .await;
    }
    b.close().await;
}
