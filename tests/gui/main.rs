//! `sente gui` in a real browser: headless Chromium driven through chromedriver, each test
//! playing through the page as a person would (clicks and drags) and saving a screenshot under
//! `target/gui-screenshots/`. When the build finds no Chromium or chromedriver on `PATH`
//! (`build.rs`), `cargo test` lists the browser tests as ignored, saying so, unless
//! `SENTE_REQUIRE_BROWSER=1` (as in CI) makes them run and fail. The server's HTTP safety
//! checks need no browser.

mod a11y;
mod elsewhere;
mod errors;
mod extras;
mod flow;
mod game_end;
mod harness;
mod honest;
mod lab;
mod large_boards;
mod lines;
mod nim;
mod perf;
mod proof_tree;
mod puzzles;
mod review;
mod review_layout;
mod review_wait;
mod rules;
mod shown;
mod steps;

use harness::{Browser, start_server};
use serde_json::{Value, json};
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::time::Duration;

const STATE: &str = "window.senteApp.store.state";

/// A Connect Four column's value in words for the side that drops there, computed apart from
/// the page and the server's reading of the engine: sente's solver on the position after the
/// move, its score in the solving literature's convention ((cells + 1 - n) / 2, n the stones
/// on the board before the winning disc) turned into the winner's discs by that formula.
fn column_words(width: u8, height: u8, moves: &str, column: &str) -> String {
    use sente::games::connect4::solver::Solver;
    use sente::games::connect4::{Connect4, Shape};
    use sente::games::{Game, Outcome};
    let shape = Shape::new(width, height).expect("a legal size");
    let after =
        Connect4::<u64>::from_moves(shape, &format!("{moves}{column}")).expect("legal moves");
    match after.outcome() {
        Some(Outcome::Win(_)) => return "win in 1".into(),
        Some(_) => return "draw".into(),
        None => {}
    }
    let score = -Solver::new(16)
        .solve(&after, &mut |_| {})
        .expect("not interrupted");
    literature_words(
        i32::from(width) * i32::from(height),
        moves.len() as i32,
        score,
    )
}

/// A solver score in the literature's convention, for the side to move with `stones` on a
/// board of `cells`, in words: `win in 3` (its own discs to the winning one, the next
/// included), `loss in 6` (the opponent's), `draw`.
fn literature_words(cells: i32, stones: i32, score: i32) -> String {
    if score == 0 {
        return "draw".into();
    }
    // The winner's first disc from here is the next one (a win) or the opponent's (a loss).
    let first = if score > 0 { stones } else { stones + 1 };
    let mut before = cells + 1 - 2 * score.abs();
    if (before - first) % 2 != 0 {
        before -= 1;
    }
    let n = (before - first) / 2 + 1;
    format!("{} in {n}", if score > 0 { "win" } else { "loss" })
}

/// Plays a game against the engine by clicking `legal[0]` whenever it is the person's turn,
/// until it ends; returns the final state.
async fn play_to_the_end(b: &Browser, max_moves: usize) -> Value {
    for _ in 0..max_moves {
        b.wait(
            "the person's turn or the end",
            &format!(
                "{STATE}.outcome || {STATE}.ended || \
                 ({STATE}.side === {STATE}.mode.human && !{STATE}.mode.thinking)"
            ),
        )
        .await;
        let state = b.state().await;
        if !state["outcome"].is_null() || !state["ended"].is_null() {
            return state;
        }
        let plies = state["moves"].as_array().map_or(0, Vec::len);
        let mv = state["legal"][0]
            .as_str()
            .expect("a legal move")
            .to_string();
        b.click(&format!("[data-move=\"{mv}\"]")).await;
        b.wait(
            "the move to be played",
            &format!("{STATE}.moves.length > {plies}"),
        )
        .await;
    }
    panic!("the game did not end in {max_moves} moves");
}

async fn start_play(b: &Browser, seat: &str, seconds: &str) {
    b.click("#mode-play").await;
    b.set_value("#play-seat", seat).await;
    b.set_value("#play-movetime", seconds).await;
    b.click("#start-play").await;
    b.wait(
        "the game to start",
        &format!("{STATE}.mode.kind === 'play'"),
    )
    .await;
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn a_whole_tictactoe_game_against_the_engine_by_clicks() {
    let b = Browser::start("tictactoe").await;
    let server = start_server(&[]);
    b.open(&server.url).await;
    b.new_game("tictactoe").await;
    start_play(&b, "p1", "0.05").await;
    let end = play_to_the_end(&b, 9).await;
    b.wait("the result shown", "document.getElementById('result')")
        .await;
    // sente plays tic-tac-toe perfectly: the person cannot win.
    let result = end["outcome"]["result"].as_str().unwrap_or("");
    assert!(result == "1/2-1/2" || result == "0-1", "{end}");
    b.shot("").await;
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn a_connect_four_game_to_its_end_with_discs_that_drop() {
    let b = Browser::start("connect4").await;
    let server = start_server(&[]);
    b.open(&server.url).await;
    b.new_game("connect4").await;
    start_play(&b, "p1", "0.05").await;
    let end = play_to_the_end(&b, 21).await;
    assert_eq!(
        end["outcome"]["result"], "0-1",
        "sente wins against column 1: {end}"
    );
    b.wait("the result shown", "document.getElementById('result')")
        .await;
    let reason = b
        .eval("document.getElementById('reason').textContent")
        .await;
    assert_eq!(reason, "four in a row");
    b.shot("").await;
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn connect_four_on_a_10x5_board_from_the_rules_form() {
    let b = Browser::start("connect4-10x5").await;
    let server = start_server(&[]);
    b.open(&server.url).await;
    // The width first: 10 x 6 does not fit, the board waits for the height.
    b.new_connect4_game(10, 5).await;
    start_play(&b, "p1", "0.05").await;
    // Column 10, written a, is a legal move and a click target.
    b.wait(
        "the person's turn",
        &format!("{STATE}.side === 'p1' && !{STATE}.mode.thinking"),
    )
    .await;
    b.click("[data-move=\"a\"]").await;
    b.wait(
        "the move and the reply",
        &format!("{STATE}.moves.length >= 2 && {STATE}.moves[0] === 'a'"),
    )
    .await;
    let labels = b
        .eval("[...document.querySelectorAll('.c4-label')].map((t) => t.textContent).join(' ')")
        .await;
    assert_eq!(labels, "1 2 3 4 5 6 7 8 9 a");
    b.shot("").await;
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn babylon_and_rocks_games_for_a_few_moves() {
    let b = Browser::start("babylon").await;
    let server = start_server(&[]);
    b.open(&server.url).await;
    b.new_game("babylon").await;
    start_play(&b, "p1", "0.05").await;
    for turn in 0..2 {
        b.wait(
            "the person's turn",
            &format!("{STATE}.side === 'p1' && !{STATE}.mode.thinking"),
        )
        .await;
        b.click(".bab-stack.movable").await;
        b.wait(
            "targets highlighted",
            "document.querySelector('.bab-stack.target')",
        )
        .await;
        if turn == 0 {
            b.shot("selected").await;
        }
        b.click(".bab-stack.target").await;
        b.wait(
            "the move and the reply",
            &format!(
                "{STATE}.moves.length >= {} || {STATE}.outcome",
                2 * turn + 2
            ),
        )
        .await;
    }
    b.shot("").await;

    // Rush Hour with rocks: the cars by drag, then the rocks by click.
    b.new_game("rushhour-rocks").await;
    start_play(&b, "p1", "0.05").await;
    for turn in 0..2 {
        b.wait(
            "the cars' turn",
            &format!("{STATE}.side === 'p1' && !{STATE}.mode.thinking"),
        )
        .await;
        drag_one_cell(&b).await;
        b.wait(
            "the car move and the rock",
            &format!(
                "{STATE}.moves.length >= {} || {STATE}.outcome",
                2 * turn + 2
            ),
        )
        .await;
    }
    b.wait("a rock on the board", "document.querySelector('.rh-rock')")
        .await;
    b.shot("rocks-cars").await;
    b.click("#resign").await;
    b.click("#resign-ask-confirm").await;
    b.wait("resigned", &format!("{STATE}.ended")).await;
    b.new_game("rushhour-rocks").await;
    start_play(&b, "p2", "0.05").await;
    b.wait(
        "the rocks' turn",
        &format!("{STATE}.side === 'p2' && !{STATE}.mode.thinking && {STATE}.moves.length === 1"),
    )
    .await;
    // One convention: a rock's cell is named as the protocol writes it (`@30`: row 3, column
    // 0, from 0 at the top left), and the board's edges are numbered so.
    let names = b
        .eval("[...document.querySelectorAll('.rh-rock-target')].map((n) => [n.dataset.move, n.getAttribute('aria-label')])")
        .await;
    for pair in names.as_array().expect("rock targets") {
        let (mv, label) = (
            pair[0].as_str().unwrap_or(""),
            pair[1].as_str().unwrap_or(""),
        );
        let digits: Vec<char> = mv.chars().skip(1).collect();
        assert_eq!(
            label,
            format!("{mv}, row {}, column {}: drop a rock", digits[0], digits[1]),
            "{names}"
        );
    }
    let target = names[0][0].as_str().expect("a rock cell").to_string();
    b.click(&format!(".rh-rock-target[data-move=\"{target}\"]"))
        .await;
    b.wait(
        "the rock placed and the cars' reply",
        &format!("{STATE}.moves.length >= 3"),
    )
    .await;
    let state = b.state().await;
    assert_eq!(state["moves"][1], json!(target), "{state}");
    // The rock stands under its column's number and beside its row's.
    let placed = b
        .js(
            "const [r, c] = arguments[0].slice(1).split(''); \
             const centre = (n) => { const b = n.getBoundingClientRect(); return [b.left + b.width / 2, b.top + b.height / 2]; }; \
             const rock = centre(document.querySelector(`.rh-rock[data-rock=\"${r}${c}\"]`)); \
             const column = centre(document.querySelector(`[data-coord=\"column ${c}\"]`)); \
             const row = centre(document.querySelector(`[data-coord=\"row ${r}\"]`)); \
             return [Math.abs(rock[0] - column[0]), Math.abs(rock[1] - row[1])];",
            vec![json!(target)],
        )
        .await;
    assert!(
        placed[0].as_f64().unwrap_or(99.0) < 4.0 && placed[1].as_f64().unwrap_or(99.0) < 4.0,
        "rock {target} off its coordinates: {placed}"
    );
    b.shot("rocks").await;
    b.close().await;
}

/// Drags a vehicle that can move by one cell along its axis.
async fn drag_one_cell(b: &Browser) {
    let plan = b
        .js(
            "const s = window.senteApp.store.state;
             const [v, back, fwd] = s.reach.find(([, b, f]) => b + f > 0);
             const g = document.querySelector(`[data-vehicle=\"${v}\"]`);
             const svg = g.ownerSVGElement;
             const cell = 70 * svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
             const sign = fwd > 0 ? 1 : -1;
             return [v, g.dataset.axis, sign * cell];",
            Vec::new(),
        )
        .await;
    let vehicle = plan[0].as_str().expect("a vehicle");
    let offset = plan[2].as_f64().expect("an offset");
    let css = format!("[data-vehicle=\"{vehicle}\"]");
    if plan[1] == "x" {
        b.drag(&css, offset, 0.0).await;
    } else {
        b.drag(&css, 0.0, offset).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn a_rush_hour_puzzle_solved_and_played_back_to_the_exit() {
    let b = Browser::start("rushhour").await;
    let server = start_server(&[]);
    b.open(&server.url).await;
    b.new_game("rushhour").await;
    // A move by hand: a vehicle dragged one cell.
    drag_one_cell(&b).await;
    b.wait("the dragged move", &format!("{STATE}.moves.length === 1"))
        .await;
    // A line of the public database pastes straight in: the course's second puzzle, solved in
    // 16 steps or 8 slides (tests/data/rushhour/course-puzzles.txt).
    b.set_position("16 BB...GC..H.GCAAH.GC..H..D...FFD.EEE. 1234")
        .await;
    b.wait(
        "the pasted puzzle",
        &format!("{STATE}.start_fen === 'BB...GC..H.GCAAH.GC..H..D...FFD.EEE.'"),
    )
    .await;
    b.click("#solve").await;
    b.wait(
        "the solution",
        &format!("{STATE}.moves.length === 16 && !{STATE}.mode.solving"),
    )
    .await;
    b.click("#nav-forward").await;
    b.click("#nav-forward").await;
    b.wait("two steps forward", &format!("{STATE}.cursor === 2"))
        .await;
    b.click("#nav-back").await;
    b.wait("one step back", &format!("{STATE}.cursor === 1"))
        .await;
    b.shot("step").await;
    b.click("#play-solution").await;
    b.wait(
        "the red car out",
        &format!("{STATE}.outcome && {STATE}.cursor === 16"),
    )
    .await;
    let result = b
        .eval("document.getElementById('result').textContent")
        .await;
    assert_eq!(result, "Solved");
    b.shot("").await;
    // The other metric: 8 slides.
    b.click("#nav-start").await;
    b.wait("the start", &format!("{STATE}.cursor === 0")).await;
    b.set_value("#puzzle-metric", "slides").await;
    b.wait(
        "the slides rules",
        &format!("{STATE}.rules.some(([n, v]) => n === 'RushMetric' && v === 'slides')"),
    )
    .await;
    b.click("#solve").await;
    b.wait(
        "the slides solution",
        &format!("{STATE}.moves.length === 8 && !{STATE}.mode.solving"),
    )
    .await;
    b.close().await;
}

/// The 6x6 puzzle set drawn from the whole game: the hardest puzzle (51 slides) chosen by
/// number of moves, solved in 51 and played to the exit; then a random puzzle of 40 moves.
#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn the_hardest_6x6_puzzle_of_the_set_solved_in_51_slides() {
    let b = Browser::start("rushhour-set").await;
    let server = start_server(&[]);
    b.open(&server.url).await;
    b.new_game("rushhour").await;
    b.set_value("#puzzle-metric", "slides").await;
    b.wait(
        "the slides rules",
        &format!("{STATE}.rules.some(([n, v]) => n === 'RushMetric' && v === 'slides')"),
    )
    .await;
    b.wait(
        "the set's numbers of moves, the hardest first",
        "document.querySelector('#puzzle-set-moves option')?.value === '51'",
    )
    .await;
    let hardest = sente::games::rushhour::puzzles::puzzles_between(51, 51);
    assert_eq!(hardest.len(), 1, "one cluster of 51 moves");
    b.set_value("#puzzle-set-moves", "51").await;
    b.set_value("#puzzle-set-pick", "0").await;
    b.wait(
        "the 51-move puzzle",
        &format!("{STATE}.start_fen === '{}'", hardest[0].board),
    )
    .await;
    b.click("#solve").await;
    b.wait(
        "the solution",
        &format!("{STATE}.moves.length === 51 && !{STATE}.mode.solving"),
    )
    .await;
    b.shot("51").await;
    b.click("#nav-end").await;
    b.wait("the red car out", &format!("{STATE}.outcome")).await;
    let reason = b
        .eval("document.getElementById('reason').textContent")
        .await;
    assert_eq!(reason, "the red car is out in 51 moves (optimal 51)");
    // Another number of moves, then a random puzzle of it.
    b.set_value("#puzzle-set-moves", "40").await;
    b.click("#puzzle-set-random").await;
    let forty: Vec<String> = sente::games::rushhour::puzzles::puzzles_between(40, 40)
        .iter()
        .map(|p| format!("'{}'", p.board))
        .collect();
    b.wait(
        "a random 40-move puzzle",
        &format!("[{}].includes({STATE}.start_fen)", forty.join(",")),
    )
    .await;
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn a_game_tree_walked_by_clicks_to_a_leaf() {
    let b = Browser::start("tree").await;
    let server = start_server(&[]);
    b.open(&server.url).await;
    b.new_game("tree").await;
    b.click(".tree-node.legal[data-move=\"1\"]").await;
    b.wait("the first child", &format!("{STATE}.moves.length === 1"))
        .await;
    b.click(".tree-node.legal[data-move=\"2\"]").await;
    b.wait("a leaf", &format!("{STATE}.outcome")).await;
    // The start tree ((3 12 8) (2 4 6) (14 5 2)): child 1 then 2 is the leaf 12.
    let state = b.state().await;
    assert_eq!(state["outcome"]["result"], "1-0", "{state}");
    b.click("#nav-start").await;
    b.click("#analyse").await;
    b.wait(
        "the value of the tree",
        "document.getElementById('an-score').textContent === '+3'",
    )
    .await;
    b.shot("").await;
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn illegal_moves_and_malformed_messages_are_refused_and_the_session_goes_on() {
    let b = Browser::start("refused").await;
    let server = start_server(&[]);
    b.open(&server.url).await;
    b.new_game("connect4").await;
    b.set_position("444444").await;
    b.wait("a full column", &format!("{STATE}.moves.length === 6"))
        .await;
    // A click on the full column does nothing: it is not a legal target.
    assert_eq!(
        b.eval(
            "document.querySelector('[data-move=\"4\"]').parentNode.classList.contains('legal')"
        )
        .await,
        Value::Bool(false)
    );
    b.click("[data-move=\"4\"]").await;
    // A move the rules refuse, sent as the page would.
    b.send(json!({"type": "play", "moves": ["4"]})).await;
    b.wait(
        "the refusal",
        "[...document.querySelectorAll('.toast-error')].some(t => t.textContent.includes('not a legal move'))",
    )
    .await;
    b.send(json!({"type": "fly"})).await;
    b.wait(
        "the unknown message refused",
        "[...document.querySelectorAll('.toast-error')].some(t => t.textContent.includes('unknown variant'))",
    )
    .await;
    b.send(json!({"type": "setup", "text": "x".repeat(300_000)}))
        .await;
    b.wait(
        "the large message refused",
        "[...document.querySelectorAll('.toast-error')].some(t => t.textContent.includes('the limit is'))",
    )
    .await;
    b.shot("").await;
    // The session goes on.
    let state = b.state().await;
    assert_eq!(state["moves"].as_array().map(Vec::len), Some(6));
    b.click("[data-move=\"3\"]").await;
    b.wait(
        "a legal move played",
        &format!("{STATE}.moves.length === 7"),
    )
    .await;
    // In a game, the engine's turn is not the person's (the engine set, through its options
    // form, to think without its book).
    b.js(
        "document.getElementById('opt-OwnBook').checked = false;",
        Vec::new(),
    )
    .await;
    b.click("#apply-options").await;
    b.wait(
        "the options taken",
        "[...document.querySelectorAll('.toast')].some(t => t.textContent.includes('option(s) of sente set'))",
    )
    .await;
    b.new_game("connect4").await;
    start_play(&b, "p2", "2").await;
    b.send(json!({"type": "play", "moves": ["4"]})).await;
    b.wait(
        "not your turn",
        "[...document.querySelectorAll('.toast-error')].some(t => t.textContent.includes('not your turn'))",
    )
    .await;
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn analysis_lines_appear_column_values_are_exact_and_analysis_stops() {
    let b = Browser::start("analysis").await;
    let server = start_server(&[]);
    b.open(&server.url).await;
    b.new_game("connect4").await;
    // tests/data/connect4/mid.txt: the side to move loses, score -3.
    b.set_moves("5556526744252171625646276", 25).await;
    b.click("#analyse").await;
    b.wait(
        "analysis lines",
        "document.getElementById('an-depth').textContent !== '–' && \
         Number(document.getElementById('view-analysis').querySelector('.panel-body').dataset.lines) >= 2",
    )
    .await;
    b.wait(
        "every column valued",
        "window.senteApp.store.columns && window.senteApp.store.columns.columns.length > 0 && \
         window.senteApp.store.columns.columns.every(c => c.status === 'solved')",
    )
    .await;
    // The side to move loses (the solver's score -3 at 25 stones).
    b.wait(
        "the proof read in words",
        "document.getElementById('an-bar').dataset.proven === '1'",
    )
    .await;
    let words = b
        .eval("document.getElementById('an-score').textContent")
        .await;
    assert_eq!(words, json!(literature_words(42, 25, -3)));
    b.wait("the PV drawn", "document.querySelector('.pv-marker')")
        .await;
    b.shot("").await;
    // Following the view: one move back, a new analysis.
    b.click("#nav-back").await;
    b.wait(
        "the analysis of the new position",
        &format!("window.senteApp.store.info && window.senteApp.store.info.fen === {STATE}.fen"),
    )
    .await;
    b.click("#analyse").await;
    b.wait("the analysis stopped", &format!("!{STATE}.mode.analysis"))
        .await;
    b.wait(
        "the engine told to stop",
        "[...document.querySelectorAll('.log-line.to .log-text')].some(n => n.textContent === 'stop')",
    )
    .await;
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn an_engine_that_crashes_writes_junk_or_plays_an_illegal_move_is_reported() {
    let b = Browser::start("crash").await;
    let faulty = format!("cmd={}/tests/engines/faulty.sh", env!("CARGO_MANIFEST_DIR"));
    let server = start_server(&[
        "--engine",
        &faulty,
        "name=faulty",
        "arg=crash",
        "arg=1",
        "--engine",
        &faulty,
        "name=junk",
        "arg=junk",
        "arg=1",
        "--engine",
        &faulty,
        "name=illegal",
        "arg=illegal",
        "arg=1",
    ]);
    b.open(&server.url).await;
    b.new_game("tictactoe").await;
    b.click("#mode-play").await;
    b.set_value("#play-engine", "faulty").await;
    start_play(&b, "p1", "0.5").await;
    let end = play_to_the_end(&b, 5).await;
    assert_eq!(end["ended"]["result"], "1-0", "{end}");
    b.wait(
        "the crash reported",
        "document.getElementById('reason')?.textContent.includes('crashed')",
    )
    .await;
    b.shot("").await;
    // The server goes on: junk and an illegal move are reported the same way.
    for (engine, why) in [("junk", "protocol error"), ("illegal", "illegal move")] {
        // The game is over: Stop game gave way to Analyse the game (free play).
        b.click("#to-free").await;
        b.new_game("tictactoe").await;
        b.click("#mode-play").await;
        b.set_value("#play-engine", engine).await;
        start_play(&b, "p1", "0.5").await;
        let end = play_to_the_end(&b, 5).await;
        let reason = end["ended"]["reason"].as_str().unwrap_or("");
        assert!(reason.contains(why), "{engine}: {end}");
        b.wait(
            "the fault reported",
            &format!("document.getElementById('reason')?.textContent.includes('{why}')"),
        )
        .await;
    }
    b.close().await;
}

/// Serves one page, on another port, that tries to open the GUI's WebSocket.
fn foreign_site(gui_port: u16) -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
    let port = listener.local_addr().expect("addr").port();
    let page = format!(
        "<!doctype html><title>waiting</title><script>\
         const ws = new WebSocket('ws://127.0.0.1:{gui_port}/ws');\
         ws.onopen = () => document.title = 'opened';\
         ws.onclose = () => {{ if (document.title !== 'opened') document.title = 'refused'; }};\
         </script>"
    );
    std::thread::spawn(move || {
        for stream in listener.incoming().take(8) {
            let Ok(mut stream) = stream else { continue };
            let mut buf = [0u8; 2048];
            let _ = stream.read(&mut buf);
            let _ = write!(
                stream,
                "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{page}",
                page.len()
            );
        }
    });
    port
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn a_page_from_another_origin_cannot_open_the_socket() {
    let b = Browser::start("origin").await;
    let server = start_server(&[]);
    let port = foreign_site(server.port);
    b.client
        .goto(&format!("http://127.0.0.1:{port}/"))
        .await
        .expect("open the foreign page");
    b.wait("the socket refused", "document.title === 'refused'")
        .await;
    // The server's own page still connects.
    b.open(&server.url).await;
    b.wait(
        "connected",
        "document.getElementById('connection').dataset.state === 'open'",
    )
    .await;
    b.shot("").await;
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn a_reload_keeps_the_game() {
    let b = Browser::start("reload").await;
    let server = start_server(&[]);
    b.open(&server.url).await;
    b.new_game("connect4").await;
    b.click_columns(&["4", "4", "3"]).await;
    b.click("#nav-back").await;
    b.wait("one back", &format!("{STATE}.cursor === 2")).await;
    b.client.refresh().await.expect("reload");
    b.wait(
        "the game back",
        &format!(
            "document.body.dataset.ready === '1' && {STATE}.moves.join('') === '443' && {STATE}.cursor === 2"
        ),
    )
    .await;
    b.shot("").await;
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn engines_play_each_other_pause_and_the_game_is_saved_and_loaded() {
    let b = Browser::start("watch").await;
    let server = start_server(&[]);
    b.open(&server.url).await;
    // 12 x 10: no book and no solve there, so every move takes its full 0.2 s and the game is
    // still on when Pause is pressed (a finished game has none; on 7 x 6 the book's and the
    // proven moves come at once, and a loaded machine may click only after the end).
    b.new_connect4_game(12, 10).await;
    b.click("#mode-watch").await;
    b.set_value("#watch-movetime", "0.2").await;
    b.click("#start-watch").await;
    b.wait("some moves", &format!("{STATE}.moves.length >= 2"))
        .await;
    b.click("#pause").await;
    b.wait(
        "paused, the last move in",
        &format!("{STATE}.mode.paused && !{STATE}.mode.thinking"),
    )
    .await;
    let paused_at = b.state().await["moves"].as_array().map_or(0, Vec::len);
    b.shot("paused").await;
    b.click("#pause").await;
    b.wait("the end", &format!("{STATE}.outcome")).await;
    let end = b.state().await;
    assert!(end["moves"].as_array().map_or(0, Vec::len) >= paused_at);
    b.shot("").await;
    b.click("#save-record").await;
    b.wait(
        "the record",
        "document.getElementById('record-text').value.includes('[Variant \"connect4\"]')",
    )
    .await;
    let record = b.eval("document.getElementById('record-text').value").await;
    let record = record.as_str().expect("text").to_string();
    assert!(record.contains("[Termination \"normal\"]"), "{record}");
    // The game is over: Stop game gave way to Analyse the game (free play).
    b.click("#to-free").await;
    b.new_game("tictactoe").await;
    b.set_value("#record-text", &record).await;
    b.click("#load-record").await;
    let moves = end["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .filter_map(Value::as_str)
        .collect::<Vec<_>>()
        .join(" ");
    b.wait(
        "the loaded game",
        &format!("{STATE}.variant === 'connect4' && {STATE}.moves.join(' ') === '{moves}'"),
    )
    .await;
    b.close().await;
}

/// One raw HTTP request; the status line and headers of the answer.
fn http(port: u16, request: &str) -> String {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .expect("timeout");
    stream.write_all(request.as_bytes()).expect("send");
    let mut answer = Vec::new();
    let mut buf = [0u8; 4096];
    while let Ok(n) = stream.read(&mut buf) {
        if n == 0 {
            break;
        }
        answer.extend_from_slice(&buf[..n]);
        if answer.windows(4).any(|w| w == b"\r\n\r\n") {
            break;
        }
    }
    String::from_utf8_lossy(&answer).into_owned()
}

#[test]
fn the_server_serves_only_its_own_files_and_only_its_own_page_opens_the_socket() {
    let server = start_server(&[]);
    let port = server.port;
    let get = |path: &str| {
        http(
            port,
            &format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n"),
        )
    };
    assert!(get("/").starts_with("HTTP/1.1 200"), "{}", get("/"));
    assert!(get("/boards/connect4.js").contains("text/javascript"));
    for bad in [
        "/../Cargo.toml",
        "/%2e%2e/Cargo.toml",
        "/%2E%2E%2FCargo.toml",
        "/boards/..%2f..%2fCargo.toml",
        "/boards/../../Cargo.toml",
        "/src/main.rs",
    ] {
        let answer = get(bad);
        assert!(answer.starts_with("HTTP/1.1 404"), "{bad}: {answer}");
    }
    let upgrade = |origin: &str, host: &str| {
        http(
            port,
            &format!(
                "GET /ws HTTP/1.1\r\nHost: {host}\r\nOrigin: {origin}\r\nConnection: Upgrade\r\n\
                 Upgrade: websocket\r\nSec-WebSocket-Version: 13\r\n\
                 Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
            ),
        )
    };
    let own = format!("127.0.0.1:{port}");
    assert!(upgrade(&format!("http://{own}"), &own).starts_with("HTTP/1.1 101"));
    assert!(upgrade("http://evil.example", &own).starts_with("HTTP/1.1 403"));
    let rebound = format!("evil.example:{port}");
    assert!(upgrade(&format!("http://{rebound}"), &rebound).starts_with("HTTP/1.1 403"));
}

/// The pids of the processes whose parent is `parent`.
fn children(parent: u32) -> Vec<u32> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
            continue;
        };
        // `pid (comm) state ppid ...`; comm may hold spaces, so read after the last ')'.
        let ppid = stat
            .rsplit_once(')')
            .and_then(|(_, rest)| rest.split_whitespace().nth(1))
            .and_then(|p| p.parse::<u32>().ok());
        if ppid == Some(parent)
            && !stat
                .rsplit_once(')')
                .is_some_and(|(_, r)| r.trim_start().starts_with('Z'))
        {
            found.push(pid);
        }
    }
    found
}

async fn wait_until(what: &str, mut condition: impl FnMut() -> bool) {
    let start = std::time::Instant::now();
    while !condition() {
        assert!(
            start.elapsed() < harness::PATIENCE,
            "timed out waiting for {what}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn engines_are_bounded_and_killed_when_the_tab_closes_and_at_ctrl_c() {
    let b = Browser::start("engines").await;
    let mut server = start_server(&["--max-engines", "1"]);
    let pid = server.pid();
    b.open(&server.url).await;
    b.new_game("tictactoe").await;
    b.click("#analyse").await;
    b.wait("analysis lines", "window.senteApp.store.info").await;
    assert_eq!(children(pid).len(), 1, "one engine analysing");
    // Two engines are past the bound of 1: the page says so and the session goes on.
    b.click("#mode-watch").await;
    b.click("#start-watch").await;
    b.wait(
        "the bound reported",
        "[...document.querySelectorAll('.toast-error')].some(t => t.textContent.includes('--max-engines'))",
    )
    .await;
    b.shot("").await;
    b.wait("the analysis ended", &format!("!{STATE}.mode.analysis"))
        .await;
    b.click("#analyse").await;
    b.wait("analysis again", &format!("{STATE}.mode.analysis"))
        .await;
    wait_until("one engine", || children(pid).len() == 1).await;
    // Leaving the page closes its socket: its engine is killed.
    b.client.goto("about:blank").await.expect("leave the page");
    wait_until("the engine killed with its tab", || {
        children(pid).is_empty()
    })
    .await;
    // Ctrl-C: the engines of open tabs are killed and the server exits.
    b.open(&server.url).await;
    b.click("#analyse").await;
    b.wait("analysis lines", "window.senteApp.store.info").await;
    let engines = children(pid);
    assert_eq!(engines.len(), 1);
    // SAFETY: kill has no memory effects.
    unsafe {
        libc::kill(pid as i32, libc::SIGINT);
    }
    wait_until("the server's exit", || server.exited()).await;
    wait_until("no engine left", || {
        engines
            .iter()
            .all(|e| !std::path::Path::new(&format!("/proc/{e}")).exists())
    })
    .await;
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn clocks_run_and_a_person_out_of_time_loses() {
    let b = Browser::start("clock").await;
    let server = start_server(&[]);
    b.open(&server.url).await;
    b.new_game("connect4").await;
    // 2.4 s each, no increment: each side's first move is not timed (as lichess's clocks);
    // sente moves twice, the person once, then the person's clock runs out.
    b.play_with_clock("p2", "0.04", "0").await;
    b.wait(
        "sente's first move, no clock running",
        &format!("{STATE}.clocks && {STATE}.moves.length === 1 && !{STATE}.mode.thinking"),
    )
    .await;
    assert_eq!(b.state().await["clocks"]["running"], Value::Null);
    b.click("[data-move=\"4\"]").await;
    b.wait(
        "the person's clock running",
        &format!("{STATE}.clocks.running === 'p2' && {STATE}.moves.length === 3"),
    )
    .await;
    b.wait(
        "both clocks shown",
        "/^0:0\\d/.test(document.getElementById('clock-p1').textContent) && \
         document.getElementById('clock-p2').classList.contains('running')",
    )
    .await;
    b.shot("running").await;
    b.wait("the flag", &format!("{STATE}.ended")).await;
    let state = b.state().await;
    assert_eq!(state["ended"]["result"], "1-0", "{state}");
    assert!(
        state["ended"]["reason"]
            .as_str()
            .unwrap_or("")
            .contains("lost on time"),
        "{state}"
    );
    b.shot("").await;
    b.close().await;
}
