//! The flow of a game as a new player meets it: choosing a game starts it, a finished game
//! says who won and why with the winning line and the last move marked, the controls of a
//! running game give way to Rematch and Swap sides.

use super::harness::{Browser, sente, start_server};
use super::{STATE, play_to_the_end, start_play};
use serde_json::json;

async fn count(b: &Browser, css: &str) -> u64 {
    b.js(
        "return document.querySelectorAll(arguments[0]).length;",
        vec![json!(css)],
    )
    .await
    .as_u64()
    .unwrap_or(0)
}

/// Whether an element matching `css` is on the page and shown.
async fn shown(b: &Browser, css: &str) -> bool {
    b.js(
        "const n = document.querySelector(arguments[0]); \
         return Boolean(n && n.offsetParent !== null);",
        vec![json!(css)],
    )
    .await
    .as_bool()
    .unwrap_or(false)
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn choosing_a_game_starts_it_and_the_end_names_the_winner_the_reason_and_the_line() {
    let b = Browser::start("result").await;
    let server = start_server(&[]);
    b.open(&server.url).await;
    b.new_game("connect4").await;
    b.click("[data-move=\"4\"]").await;
    b.wait("a disc", &format!("{STATE}.moves.length === 1"))
        .await;
    // Choosing tic-tac-toe in the list starts tic-tac-toe: Play then plays tic-tac-toe.
    b.set_value("#variant", "tictactoe").await;
    b.wait(
        "tic-tac-toe started by the list alone",
        &format!("{STATE}.variant === 'tictactoe' && {STATE}.moves.length === 0"),
    )
    .await;
    start_play(&b, "p1", "0.05").await;
    assert_eq!(b.state().await["variant"], "tictactoe");
    let end = play_to_the_end(&b, 9).await;
    b.wait("the banner", "document.getElementById('result-banner')")
        .await;
    let result = end["outcome"]["result"].as_str().unwrap_or_default();
    if result == "0-1" {
        assert_eq!(b.text("#result").await, "sente wins");
        assert_eq!(b.text("#reason").await, "three in a row");
        assert_eq!(count(&b, ".ttt-cell.win").await, 3);
    } else {
        assert_eq!(result, "1/2-1/2", "sente cannot lose: {end}");
        assert_eq!(b.text("#result").await, "Draw");
        assert_eq!(b.text("#reason").await, "the board is full");
    }
    assert_eq!(count(&b, ".ttt-cell.last").await, 1);
    for gone in ["#undo", "#hint", "#resign", "#abort", "#offer-draw"] {
        assert!(!shown(&b, gone).await, "{gone} after the end");
    }
    assert!(shown(&b, "#rematch").await && shown(&b, "#swap-sides").await);
    // Rematch: the same seats from the first position.
    b.click("#rematch").await;
    b.wait(
        "the rematch",
        &format!(
            "{STATE}.mode.kind === 'play' && {STATE}.mode.human === 'p1' && \
             {STATE}.moves.length === 0 && !{STATE}.outcome && document.getElementById('undo')"
        ),
    )
    .await;

    // Connect Four: column 1 every time loses to sente's four in a row.
    b.set_value("#variant", "connect4").await;
    b.leave_game().await;
    b.wait(
        "Connect Four from the list",
        &format!("{STATE}.variant === 'connect4' && {STATE}.mode.kind === 'free'"),
    )
    .await;
    start_play(&b, "p1", "0.05").await;
    let end = play_to_the_end(&b, 21).await;
    assert_eq!(end["outcome"]["result"], "0-1", "{end}");
    b.wait("the banner", "document.getElementById('result-banner')")
        .await;
    assert_eq!(b.text("#result").await, "sente wins");
    assert_eq!(b.text("#reason").await, "four in a row");
    assert!(count(&b, ".c4-win").await >= 4);
    let last = end["moves"]
        .as_array()
        .and_then(|m| m.last())
        .and_then(|m| m.as_str())
        .unwrap_or_default()
        .to_string();
    assert_eq!(
        b.eval("document.querySelector('.c4-last')?.dataset.last")
            .await,
        last
    );
    assert!(!shown(&b, "#undo").await && !shown(&b, "#hint").await);
    assert!(
        !b.text("#mode-status").await.contains("p1"),
        "players by name or colour"
    );
    b.shot("connect4").await;
    // Swap sides: sente opens.
    b.click("#swap-sides").await;
    b.wait(
        "the swapped game",
        &format!(
            "{STATE}.mode.kind === 'play' && {STATE}.mode.human === 'p2' && !{STATE}.outcome \
             && {STATE}.moves.length <= 1"
        ),
    )
    .await;

    // Free play: the colour wins.
    b.set_value("#variant", "connect4").await;
    b.leave_game().await;
    b.wait("free play", &format!("{STATE}.mode.kind === 'free'"))
        .await;
    b.set_position("1212121").await;
    b.wait("red's four", &format!("{STATE}.outcome")).await;
    assert_eq!(b.text("#result").await, "Red wins");
    assert_eq!(count(&b, ".c4-win").await, 4);

    // Babylon: no legal move.
    b.set_value("#variant", "babylon").await;
    b.wait("Babylon", &format!("{STATE}.variant === 'babylon'"))
        .await;
    let legal = b.eval(&format!("{STATE}.legal[0]")).await;
    b.send(json!({"type": "play", "moves": [legal]})).await;
    b.wait("a Babylon move", &format!("{STATE}.moves.length === 1"))
        .await;
    assert_eq!(count(&b, ".bab-stack.last").await, 1, "the stack just made");
    b.set_position("a1 b2 1").await;
    b.wait("no legal move", &format!("{STATE}.outcome")).await;
    assert_eq!(b.text("#result").await, "Second player wins");
    assert_eq!(b.text("#reason").await, "first player has no legal move");

    // Rush Hour with rocks, one car move at most: the turn limit.
    b.set_value("#variant", "rushhour-rocks").await;
    b.wait(
        "the rocks form",
        "document.getElementById('rule-RocksMaxTurns')",
    )
    .await;
    b.set_value("#rule-RocksMaxTurns", "1").await;
    b.click("#new-game").await;
    b.wait(
        "a rocks game of one car move",
        &format!("{STATE}.rules.some(([n, v]) => n === 'RocksMaxTurns' && v === '1')"),
    )
    .await;
    let legal = b.eval(&format!("{STATE}.legal[0]")).await;
    b.send(json!({"type": "play", "moves": [legal]})).await;
    b.wait("the turn limit", &format!("{STATE}.outcome")).await;
    assert_eq!(b.text("#result").await, "Rocks win");
    assert!(b.text("#reason").await.starts_with("turn limit"));
    assert_eq!(count(&b, ".rh-vehicle.last").await, 1);
    b.shot("rocks").await;
    b.close().await;
}

/// Asks for a hint and waits until the board marks it (`marker`: a CSS selector) and the page
/// says it in words starting with `words`.
async fn hint_shown(b: &Browser, button: &str, marker: &str, words: &str) -> String {
    b.click(button).await;
    b.wait(
        &format!("the hint marked ({marker}) and said"),
        &format!(
            "window.senteApp.store.hint && document.querySelector('{marker}') && \
             document.getElementById('hint-text').textContent.startsWith('{words}')"
        ),
    )
    .await;
    b.text("#hint-text").await
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn a_hint_is_marked_on_the_board_and_said_in_words() {
    let b = Browser::start("hint").await;
    let server = start_server(&[]);
    b.open(&server.url).await;
    let my_turn = format!("{STATE}.side === {STATE}.mode.human && !{STATE}.mode.thinking");

    b.new_game("connect4").await;
    start_play(&b, "p1", "0.05").await;
    b.wait("the person's turn", &my_turn).await;
    let said = hint_shown(&b, "#hint", ".c4-hint", "Hint: drop a disc in column ").await;
    let hint = b.eval("window.senteApp.store.hint").await;
    assert_eq!(
        b.eval("document.querySelector('.c4-hint').dataset.hint")
            .await,
        hint
    );
    assert!(said.ends_with(hint.as_str().unwrap_or("?")), "{said}");
    b.shot("connect4").await;

    b.set_value("#variant", "tictactoe").await;
    b.leave_game().await;
    b.wait("tic-tac-toe", &format!("{STATE}.variant === 'tictactoe'"))
        .await;
    start_play(&b, "p1", "0.05").await;
    b.wait("the person's turn", &my_turn).await;
    hint_shown(&b, "#hint", ".ttt-cell.hint", "Hint: put X on ").await;

    b.set_value("#variant", "babylon").await;
    b.leave_game().await;
    b.wait("Babylon", &format!("{STATE}.variant === 'babylon'"))
        .await;
    start_play(&b, "p1", "0.05").await;
    b.wait("the person's turn", &my_turn).await;
    hint_shown(&b, "#hint", ".bab-hint", "Hint: put the ").await;
    b.shot("babylon").await;

    // A puzzle's hint: the first move of the optimal solution, an arrow on the car.
    b.set_value("#variant", "rushhour").await;
    b.leave_game().await;
    b.wait("Rush Hour", &format!("{STATE}.variant === 'rushhour'"))
        .await;
    hint_shown(
        &b,
        "#puzzle-hint",
        ".rh-vehicle.hint .rh-arrow",
        "Hint: move ",
    )
    .await;
    b.shot("rushhour").await;
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn nothing_of_the_engines_thinking_shows_during_a_game_against_it() {
    let b = Browser::start("no-leak").await;
    let server = start_server(&[]);
    b.open(&server.url).await;
    b.new_game("connect4").await;
    // A position sente loses with perfect play, so out of its opening books: it searches.
    b.set_moves("4455", 4).await;
    start_play(&b, "p1", "0.3").await;
    b.click("[data-move=\"5\"]").await;
    // sente searches, then replies; its lines are held back by the server.
    b.wait(
        "sente's reply",
        &format!("{STATE}.moves.length === 6 && !{STATE}.mode.thinking"),
    )
    .await;
    assert_eq!(
        b.eval("document.querySelectorAll('#log .log-line.from').length")
            .await,
        0,
        "sente's protocol lines during the game"
    );
    assert_eq!(b.text("#an-score").await, "–", "sente's score shown");
    assert!(!shown(&b, "#an-bar").await && !shown(&b, "#an-pv").await);
    assert!(
        b.text("#an-off")
            .await
            .starts_with("Analysis is off while you play sente")
    );
    assert!(shown(&b, "#log-hidden").await && !shown(&b, "#log-reveal").await);
    let titles = b
        .eval("[...document.querySelectorAll('#moves .move')].map((m) => m.title).join('')")
        .await;
    assert_eq!(titles, "", "the engine's comments on its moves");
    assert_eq!(
        b.eval("document.getElementById('analyse').disabled").await,
        true
    );
    b.shot("").await;

    // The game over, everything comes back.
    play_to_the_end(&b, 21).await;
    b.wait(
        "analysis and sente's lines back at the end",
        "!document.getElementById('analyse').disabled && \
         [...document.querySelectorAll('#log .log-line')].some((l) => l.textContent.includes('info depth'))",
    )
    .await;
    assert!(
        b.text("#an-off")
            .await
            .starts_with("The game is over: sente wins (four in a row)")
    );
    let titles = b
        .eval("[...document.querySelectorAll('#moves .move')].map((m) => m.title).join('')")
        .await;
    assert_ne!(titles, "", "the engine's comments after the end");
    // Analysing the finished game: back to free play, the analysis follows the view.
    b.click("#analyse").await;
    b.wait(
        "free play with analysis",
        &format!("{STATE}.mode.kind === 'free' && {STATE}.mode.analysis"),
    )
    .await;
    b.click("#nav-back").await;
    b.wait(
        "analysis lines of the position before the end",
        &format!(
            "window.senteApp.store.info && window.senteApp.store.info.source === 'analysis' && \
             window.senteApp.store.info.fen === {STATE}.fen && \
             document.getElementById('an-score').textContent !== '–'"
        ),
    )
    .await;
    assert!(shown(&b, "#an-bar").await && !shown(&b, "#an-off").await);
    b.close().await;
}

/// A page expression: some `info` line of the engine `label` (as the raw-protocol pane names
/// it) is drawn in that pane. The pane draws the lines it receives at the next animation
/// frame, after the state and the analysis that came with them: a test waits for this rather
/// than reading the pane as soon as the state says the move was made.
fn info_line_drawn(label: &str) -> String {
    format!(
        "[...document.querySelectorAll('#log .log-line.from')].some((l) => \
         l.querySelector('.log-engine')?.textContent === {label:?} && \
         l.querySelector('.log-text')?.textContent.startsWith('info '))"
    )
}

/// Info lines of the engine `label` (as the raw-protocol pane names it) drawn in that pane.
async fn info_lines_of(b: &Browser, label: &str) -> u64 {
    b.js(
        "return [...document.querySelectorAll('#log .log-line.from')].filter((l) => \
         l.querySelector('.log-engine')?.textContent === arguments[0] && \
         l.querySelector('.log-text')?.textContent.startsWith('info ')).length;",
        vec![json!(label)],
    )
    .await
    .as_u64()
    .unwrap_or(0)
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn during_a_game_another_engine_may_analyse_but_never_the_opponent() {
    let b = Browser::start("helper-analysis").await;
    let me = format!("cmd={}", sente().display());
    let server = start_server(&[
        "--engine",
        &me,
        "name=sente",
        "--engine",
        &me,
        "name=helper",
    ]);
    b.open(&server.url).await;
    b.new_game("connect4").await;
    // Out of the opening book, so that both engines search.
    b.set_value("#setup-text", "4453").await;
    b.click("#setup-apply").await;
    b.wait("the position", &format!("{STATE}.moves.length === 4"))
        .await;
    b.click("#mode-play").await;
    b.set_value("#play-engine", "sente").await;
    start_play(&b, "p1", "0.3").await;
    b.click("[data-move=\"3\"]").await;
    // sente searches, then replies: its lines are held back by the server until the game ends.
    b.wait(
        "sente's reply",
        &format!("{STATE}.moves.length === 6 && !{STATE}.mode.thinking"),
    )
    .await;
    assert_eq!(
        info_lines_of(&b, "sente (p2)").await,
        0,
        "sente's lines held back"
    );
    // Off, with the other engine offered, and only that one.
    assert!(
        b.text("#an-off")
            .await
            .starts_with("Analysis is off while you play sente")
    );
    assert!(!shown(&b, "#an-bar").await && !shown(&b, "#an-pv").await);
    assert_eq!(b.text("#an-score").await, "–", "sente's score shown");
    assert_eq!(
        b.eval("[...document.querySelectorAll('#an-helper-engine option')].map((o) => o.value).join(',')")
            .await,
        "helper"
    );
    assert_eq!(b.text("#an-helper").await, "Analyse with helper");
    assert!(shown(&b, "#an-helper").await);

    // The opponent is refused, in words, and the game goes on without analysis.
    b.send(json!({"type": "analyse", "engine": "sente"})).await;
    b.wait(
        "the opponent refused",
        "[...document.querySelectorAll('.toast-error')].some(t => \
         t.textContent.includes('sente is your opponent: it cannot analyse the game it plays'))",
    )
    .await;
    assert!(b.state().await["mode"]["analysis"].is_null());
    assert_eq!(b.state().await["mode"]["kind"], "play");

    // The other engine, asked knowingly: its lines, and none of sente's.
    b.click("#an-helper").await;
    b.wait(
        "helper's analysis shown",
        &format!(
            "{STATE}.mode.kind === 'play' && {STATE}.mode.analysis === 'helper' && \
             document.getElementById('an-score').textContent !== '–'"
        ),
    )
    .await;
    assert!(shown(&b, "#an-bar").await && !shown(&b, "#an-off").await);
    assert!(b.text("#an-by").await.starts_with("Analysis by helper"));
    assert_eq!(b.text("#analyse").await, "Stop analysis");
    // It follows the game: the person's move (by its key: the board is redrawn with each
    // analysis line) and sente's reply.
    b.press('3').await;
    b.wait(
        "helper analysing the position after sente's reply, its lines drawn",
        &format!(
            "{STATE}.moves.length === 8 && !{STATE}.mode.thinking && \
             window.senteApp.store.info?.source === 'analysis' && \
             window.senteApp.store.info.engine === 'helper' && \
             window.senteApp.store.info.fen === {STATE}.fen && {}",
            info_line_drawn("helper (analysis)")
        ),
    )
    .await;
    // The pane draws the lines in the order they came: sente's, had any been sent during its
    // search, would be drawn by now.
    assert!(
        info_lines_of(&b, "sente (p2)").await == 0
            && info_lines_of(&b, "helper (analysis)").await > 0
    );
    assert_eq!(
        b.eval("document.querySelector('#view-analysis .panel-body').dataset.engines")
            .await,
        "helper",
        "lines of another engine in the analysis panel"
    );
    assert_eq!(b.state().await["mode"]["kind"], "play");
    b.shot("").await;

    // Stopped, the panel is off again.
    b.click("#analyse").await;
    b.wait(
        "analysis stopped",
        &format!(
            "!{STATE}.mode.analysis && document.getElementById('an-off').offsetParent !== null"
        ),
    )
    .await;
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn plain_words_rules_for_every_game_quiet_toasts_and_rush_hour_puzzles_by_difficulty() {
    let b = Browser::start("words").await;
    let server = start_server(&[]);
    b.open(&server.url).await;
    b.new_game("connect4").await;
    let form = b.text("#rules-form").await;
    assert!(
        form.contains("Board width") && form.contains("Board height"),
        "{form}"
    );
    assert!(!form.contains("Connect4"), "{form}");
    // How to play, for every game: the rules, and its one notation explained.
    for (variant, words) in [
        (
            "connect4",
            &["Four in a row", "4453: Red 4, Yellow 4, Red 5, Yellow 3"][..],
        ),
        (
            "tictactoe",
            &["Three in a row", "b2 is the centre, a3 the top left corner"],
        ),
        (
            "babylon",
            &[
                "same colour or the two stacks are the same height",
                "d1a1 puts the green stack of 1 onto the red stack of 1",
            ],
        ),
        (
            "rushhour",
            &["get the red car", "B+2 moves B two cells right"],
        ),
        (
            "rushhour-rocks",
            &[
                "there is one rock on the board at a time",
                "@30 is row 3, column 0",
            ],
        ),
        ("tree", &["Max chooses", "the branch's number"]),
        ("nim", &["2-3 takes 3 matches from heap 2"]),
    ] {
        b.set_value("#variant", variant).await;
        b.wait(variant, &format!("{STATE}.variant === '{variant}'"))
            .await;
        let how = b.text("#how-to-play-text").await;
        for w in words {
            assert!(how.contains(w), "{variant}: {how}");
        }
    }
    // Tic-tac-toe's coordinates on the board, as its moves are written.
    b.set_value("#variant", "tictactoe").await;
    b.wait("tic-tac-toe", &format!("{STATE}.variant === 'tictactoe'"))
        .await;
    let coordinates = b
        .eval("[...document.querySelectorAll('#board .ttt-coord')].map((n) => n.textContent).sort().join('')")
        .await;
    assert_eq!(coordinates, json!("123abc"));
    // The b2 cell stands over the letter b and beside the number 2.
    let aligned = b
        .eval(
            "(() => { const centre = (n) => { const b = n.getBoundingClientRect(); return [b.left + b.width / 2, b.top + b.height / 2]; }; \
               const coord = (t) => [...document.querySelectorAll('#board .ttt-coord')].find((n) => n.textContent === t); \
               const cell = centre(document.querySelector('[data-move=\"b2\"]')); \
               return Math.abs(cell[0] - centre(coord('b'))[0]) < 3 && Math.abs(cell[1] - centre(coord('2'))[1]) < 3; })()",
        )
        .await;
    assert_eq!(aligned, json!(true));
    b.set_value("#variant", "babylon").await;
    b.wait("Babylon", &format!("{STATE}.variant === 'babylon'"))
        .await;
    let form = b.text("#rules-form").await;
    assert!(
        form.contains("Colours") && !form.contains("BabylonColours"),
        "{form}"
    );

    // Limits and scores in words.
    b.set_value("#variant", "connect4").await;
    b.wait("Connect Four", &format!("{STATE}.variant === 'connect4'"))
        .await;
    b.set_moves("4453", 4).await;
    b.click("#analyse").await;
    b.wait(
        "a score in words",
        "/^[≤≥]?([+-]?\\d+(\\.\\d+)?|win in \\d+|loss in \\d+|draw)$/.test(document.getElementById('an-score').textContent)",
    )
    .await;
    b.click("#analyse").await;
    start_play(&b, "p1", "1").await;
    assert!(b.text("#mode-status").await.contains("1 s per move"));
    assert!(b.text("#board-title").await.contains("1 s per move"));
    b.click("#abort").await;
    b.wait("aborted", &format!("{STATE}.ended?.result === '*'"))
        .await;

    // Toasts: in the page's flow, never over a control, the same one not repeated.
    for _ in 0..2 {
        b.set_position("xxxx/ooo/zz 9").await;
    }
    b.wait("the error", "document.querySelector('.toast-error')")
        .await;
    let covered = b
        .eval(
            "(() => { const t = document.querySelector('.toast').getBoundingClientRect(); \
               return [...document.querySelectorAll('button, select, input, textarea, a, h2')] \
                 .filter((n) => n.offsetParent !== null && !n.closest('.toast')) \
                 .map((n) => n.getBoundingClientRect()) \
                 .filter((r) => r.left < t.right && r.right > t.left && r.top < t.bottom && r.bottom > t.top).length; })()",
        )
        .await;
    assert_eq!(covered, 0, "a toast covers a control");
    assert_eq!(count(&b, ".toast").await, 1, "the same error twice");
    // Aborting a game is routine: no toast.
    b.click("#to-free").await;
    start_play(&b, "p1", "1").await;
    b.click("#abort").await;
    b.wait("aborted", &format!("{STATE}.ended?.result === '*'"))
        .await;
    assert_eq!(count(&b, ".toast-info").await, 0);

    // Rush Hour: the puzzle in its own panel (not inside Analysis), one metric selector,
    // puzzles by difficulty in it, the end in words with the optimum.
    assert_eq!(
        count(&b, "#view-puzzle:not([hidden])").await,
        0,
        "no puzzle panel outside a puzzle"
    );
    b.set_value("#variant", "rushhour").await;
    b.wait("Rush Hour", &format!("{STATE}.variant === 'rushhour'"))
        .await;
    assert_eq!(
        count(&b, "#rule-RushMetric, #puzzle-metric").await,
        1,
        "one metric selector"
    );
    assert_eq!(
        count(&b, "#view-puzzle:not([hidden]) #puzzle-metric").await,
        1
    );
    assert_eq!(
        count(&b, "#view-analysis #puzzle-pick, #view-analysis #solve").await,
        0
    );
    // In steps, the set measured in slides is not listed in slides: it offers to count in
    // slides instead.
    b.wait(
        "the set's note",
        "document.getElementById('puzzle-set-note')",
    )
    .await;
    assert_eq!(count(&b, "#puzzle-set-moves").await, 0);
    assert!(
        b.text("#puzzle-set-note")
            .await
            .contains("measured in slides")
    );
    let moves = b
        .eval(
            "[...document.querySelectorAll('#puzzle-pick option')].slice(1) \
               .map((o) => Number(o.textContent.split(' ')[0]))",
        )
        .await;
    let moves: Vec<u64> = moves
        .as_array()
        .expect("options")
        .iter()
        .filter_map(serde_json::Value::as_u64)
        .collect();
    assert!(moves.len() >= 19, "{moves:?}");
    assert!(
        moves.windows(2).all(|w| w[0] <= w[1]),
        "by difficulty: {moves:?}"
    );
    assert_eq!(moves[0], 9, "the course's nine-step puzzle first");
    b.set_value("#puzzle-pick", "0").await;
    b.wait(
        "the nine-step puzzle",
        &format!("{STATE}.start_fen === '....B.....BC.AA.BC.D.....D.....DEEE.'"),
    )
    .await;
    b.click("#solve").await;
    b.wait(
        "the solution",
        &format!("{STATE}.moves.length === 9 && !{STATE}.mode.solving"),
    )
    .await;
    b.click("#nav-end").await;
    b.wait("the end", &format!("{STATE}.outcome")).await;
    assert_eq!(b.text("#result").await, "Solved");
    assert_eq!(
        b.text("#reason").await,
        "the red car is out in 9 moves (optimal 9)"
    );
    b.shot("rushhour").await;
    b.close().await;
}

/// True when the page is no wider than the window (no sideways scroll).
async fn fits(b: &Browser) -> (i64, i64) {
    let sizes = b
        .eval("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        .await;
    (
        sizes[0].as_i64().unwrap_or(i64::MAX),
        sizes[1].as_i64().unwrap_or(0),
    )
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn a_phone_wide_page_dark_mode_and_a_board_that_says_it_is_disconnected() {
    let b = Browser::start("layout").await;
    let server = start_server(&[]);
    b.open(&server.url).await;
    b.resize(420, 900).await;
    b.new_game("connect4").await;
    b.set_moves("4453", 4).await;
    let (wide, window) = fits(&b).await;
    assert!(
        wide <= window,
        "play page {wide} px wide in a {window} px window"
    );
    b.shot("narrow").await;
    for page in ["tree", "compare"] {
        b.click(&format!("#page-{page}")).await;
        b.wait(page, &format!("document.body.dataset.page === '{page}'"))
            .await;
        let (wide, window) = fits(&b).await;
        assert!(
            wide <= window,
            "{page} page {wide} px wide in a {window} px window"
        );
    }
    b.click("#page-play").await;
    b.resize(1400, 1100).await;

    // Dark mode by the toggle.
    let light = b
        .eval("getComputedStyle(document.documentElement).backgroundColor")
        .await;
    b.click("#theme").await;
    b.wait(
        "dark mode",
        "document.documentElement.dataset.theme === 'dark'",
    )
    .await;
    let dark = b
        .eval("getComputedStyle(document.documentElement).backgroundColor")
        .await;
    assert_ne!(light, dark);
    assert_eq!(b.text("#theme").await, "Light mode");
    b.click("#theme").await;

    // The server gone: the board takes no move and says why.
    drop(server);
    b.wait(
        "the board disabled with a reason",
        "document.getElementById('offline').offsetParent !== null && \
         document.getElementById('board').inert && \
         document.getElementById('offline').textContent.startsWith('Disconnected')",
    )
    .await;
    b.shot("disconnected").await;
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn a_reload_during_a_game_against_the_engine_returns_to_the_same_game() {
    let b = Browser::start("reload-game").await;
    let server = start_server(&[]);
    b.open(&server.url).await;
    b.new_game("connect4").await;
    b.play_with_clock("p2", "1", "0").await;
    b.wait(
        "sente's first move, the person to play",
        &format!(
            "{STATE}.mode.kind === 'play' && {STATE}.moves.length === 1 && \
             {STATE}.clocks && !{STATE}.mode.thinking"
        ),
    )
    .await;
    b.click("[data-move=\"4\"]").await;
    b.wait(
        "the reply",
        &format!("{STATE}.moves.length === 3 && {STATE}.clocks.running === 'p2'"),
    )
    .await;
    let before = b.state().await;
    let clock_before = before["clocks"]["p2_ms"].as_i64().expect("a clock");
    b.client.refresh().await.expect("reload");
    b.wait(
        "the same game back",
        &format!(
            "document.body.dataset.ready === '1' && {STATE}.mode.kind === 'play' && \
             {STATE}.mode.human === 'p2' && {STATE}.moves.length === 3 && \
             document.getElementById('undo')"
        ),
    )
    .await;
    let after = b.state().await;
    assert_eq!(after["moves"], before["moves"]);
    assert_eq!(after["mode"]["players"], before["mode"]["players"]);
    assert_eq!(after["mode"]["limits"], before["mode"]["limits"]);
    // The person's clock ran on while the page was away.
    let clock_after = after["clocks"]["p2_ms"].as_i64().expect("a clock");
    assert!(
        clock_after < clock_before,
        "{clock_before} -> {clock_after}"
    );
    assert_eq!(b.text("#player-p2 .player-name").await, "You");
    // The game goes on.
    b.click("[data-move=\"4\"]").await;
    b.wait("the next reply", &format!("{STATE}.moves.length === 5"))
        .await;
    b.shot("").await;
    b.close().await;
}

/// Sets a position by the Position panel and returns the error the page shows.
async fn setup_error(b: &Browser, text_typed: &str) -> String {
    b.js(
        "document.querySelectorAll('.toast').forEach((t) => t.remove());",
        Vec::new(),
    )
    .await;
    b.set_position(text_typed).await;
    b.wait("the error", "document.querySelector('.toast-error')")
        .await;
    b.text(".toast-error").await
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn a_bad_position_is_refused_with_its_own_reason() {
    let b = Browser::start("position-errors").await;
    let server = start_server(&[]);
    b.open(&server.url).await;
    b.new_game("connect4").await;
    for (typed, reason) in [
        ("xxxx/ooo/zz 9", "fen row 2 has 3 cells"),
        (
            "......./......./......./......./x....../....... o",
            "floating stone in column 1",
        ),
        (
            "......./......./xo...../xo...../xo...../xo..... x",
            "both x and o have four in a row",
        ),
        (
            "4444444",
            "move 7 '4' is not a legal move: column 4 is full",
        ),
        ("4 4 9", "move 3 '9' is not a legal move"),
    ] {
        let shown = setup_error(&b, typed).await;
        assert!(shown.contains(reason), "{typed}: {shown}");
        assert!(
            !shown.contains("is not a column") || typed == "4 4 9",
            "{typed}: {shown}"
        );
    }
    assert_eq!(b.state().await["moves"].as_array().map_or(1, Vec::len), 0);
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn once_the_solver_proves_the_columns_the_analysis_says_so() {
    let b = Browser::start("proof").await;
    let server = start_server(&[]);
    b.open(&server.url).await;
    b.new_game("connect4").await;
    // Eighteen discs: Red (to move) has three in the bottom row, open at both ends; every
    // column is proven in well under the solver's 3 s even on a loaded machine.
    b.set_moves("444444333333555555", 18).await;
    b.click("#analyse").await;
    b.wait_columns_proven().await;
    // Each chip in words, as sente's solver values the column apart from the page: column 2
    // or 6 wins at once.
    let chips = b
        .eval("Object.fromEntries([...document.querySelectorAll('.c4-value')].map((n) => [n.dataset.columnValue, n.dataset.words]))")
        .await;
    let moves = "444444333333555555";
    let legal = b.eval(&format!("{STATE}.legal")).await;
    let mut best_columns = Vec::new();
    for column in legal.as_array().expect("legal moves") {
        let column = column.as_str().expect("a column");
        let want = super::column_words(7, 6, moves, column);
        assert_eq!(chips[column], json!(want), "column {column}: {chips}");
        if want == "win in 1" {
            best_columns.push(column.to_string());
        }
    }
    assert_eq!(best_columns, ["2", "6"]);
    assert_eq!(b.text("#an-score").await, "win in 1");
    let first = b.text("#an-pv .pv-move").await;
    assert!(
        best_columns.contains(&first),
        "the PV starts with {first}, best {best_columns:?}"
    );
    let marked = b
        .eval("[...document.querySelectorAll('.c4-value.best')].map((n) => n.dataset.columnValue)")
        .await;
    assert_eq!(marked, serde_json::json!(best_columns));
    // The bar sits at Red's end: Red (p1, at the bottom) is to move and wins.
    let height = b
        .eval("parseFloat(document.querySelector('#an-bar .eval-fill').style.height)")
        .await;
    assert!(height.as_f64().unwrap_or(50.0) > 90.0, "bar {height}");
    // Every chip explains itself, with the solver's score after the move (or how the move
    // ends the game); the legend reads as the chips do.
    let titles = b
        .eval("Object.fromEntries([...document.querySelectorAll('.c4-value')].map((n) => [n.dataset.columnValue, n.querySelector('title').textContent]))")
        .await;
    assert_eq!(
        titles["2"],
        json!("column 2: win in 1, 1 ply (four in a row at once), a best move"),
        "{titles}"
    );
    for (column, title) in titles.as_object().expect("titles") {
        let title = title.as_str().unwrap_or_default();
        assert!(
            title.starts_with(&format!(
                "column {column}: {}",
                chips[column].as_str().unwrap_or("?")
            )),
            "{title}"
        );
        assert!(
            title.contains("four in a row")
                || title.contains("the solver's score after it, for the opponent: "),
            "{title}"
        );
    }
    let legend = b.text("#an-legend").await;
    assert!(
        legend.contains("win in n (its n-th disc from now makes four")
            && legend.contains("loss in n (the opponent's n-th disc")
            && legend.contains("not proven"),
        "{legend}"
    );
    // The panel's chips read as the board's.
    let panel = b
        .eval("Object.fromEntries([...document.querySelectorAll('#an-columns .column-value')].map((n) => [n.dataset.move, n.lastChild.textContent]))")
        .await;
    assert_eq!(panel, chips);
    b.shot("").await;
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn the_address_holds_the_position_and_a_link_opens_it() {
    let b = Browser::start("link").await;
    let server = start_server(&[]);
    b.open(&server.url).await;
    b.set_value("#variant", "connect4").await;
    b.set_value("#rule-Connect4Width", "8").await;
    b.click("#new-game").await;
    b.wait(
        "an 8-wide board",
        &format!("{STATE}.fen.startsWith('......../')"),
    )
    .await;
    b.click_columns(&["4", "4", "8"]).await;
    b.click("#nav-back").await;
    b.wait(
        "the address",
        "location.search.includes('ply=2') && location.search.includes('Connect4Width')",
    )
    .await;
    let link = b.eval("location.href").await;
    let link = link.as_str().expect("the address").to_string();
    // Someone else opens the link: a fresh tab state.
    b.js("sessionStorage.clear();", Vec::new()).await;
    b.client.goto("about:blank").await.expect("away");
    b.open(&link).await;
    b.wait(
        "the same position from the link",
        &format!(
            "{STATE}.moves.join(' ') === '4 4 8' && {STATE}.cursor === 2 && \
             {STATE}.rules.some(([n, v]) => n === 'Connect4Width' && v === '8')"
        ),
    )
    .await;
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn a_different_move_keeps_the_old_line_as_a_side_line() {
    let b = Browser::start("side-lines").await;
    let server = start_server(&[]);
    b.open(&server.url).await;
    b.new_game("connect4").await;
    b.click_columns(&["4", "4", "5", "3"]).await;
    // Back to after 4 4, then 6 instead of 5.
    b.click("#nav-back").await;
    b.wait("after three moves", &format!("{STATE}.cursor === 3"))
        .await;
    b.click("#nav-back").await;
    b.wait("after two moves", &format!("{STATE}.cursor === 2"))
        .await;
    b.click("[data-move=\"6\"]").await;
    b.wait(
        "the new line and the old one kept",
        &format!(
            "{STATE}.moves.join('') === '446' && \
             document.querySelectorAll('#moves .side-line').length === 1"
        ),
    )
    .await;
    // The old line stays the main line; 6 is a side line in place of 5.
    let side: Vec<String> = b
        .eval(
            "[...document.querySelectorAll('#moves .side-line .move')].map((m) => m.dataset.path)",
        )
        .await
        .as_array()
        .expect("moves")
        .iter()
        .filter_map(|m| m.as_str().map(str::to_string))
        .collect();
    assert_eq!(side, ["4 4 6"]);
    assert_eq!(
        b.eval("document.querySelector('#moves .move.current').dataset.path")
            .await,
        "4 4 6"
    );
    b.shot("").await;
    // The old line's last move: the game's line again, at that move; 4 4 6 stays a side line.
    b.click("#moves .move[data-path=\"4 4 5 3\"]").await;
    b.wait(
        "the main line taken",
        &format!(
            "{STATE}.moves.join('') === '4453' && {STATE}.cursor === 4 && \
             document.querySelectorAll('#moves .side-line').length === 1"
        ),
    )
    .await;
    // Deleted: the side line is forgotten.
    b.click("#moves .move[data-path=\"4 4 6\"]").await;
    b.wait(
        "the side line viewed",
        &format!("{STATE}.moves.join('') === '446'"),
    )
    .await;
    b.click("#delete-line").await;
    b.wait(
        "the side line forgotten",
        &format!(
            "document.querySelectorAll('#moves .side-line').length === 0 && \
             {STATE}.moves.join('') === '4453' && {STATE}.cursor === 2"
        ),
    )
    .await;
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn a_game_record_loads_from_a_file() {
    let b = Browser::start("record-file").await;
    let server = start_server(&[]);
    b.open(&server.url).await;
    b.new_game("connect4").await;
    b.click_columns(&["4", "4", "5", "3"]).await;
    // Save game: the record comes back (and downloads as a file).
    b.click("#save-record").await;
    b.wait(
        "the record",
        "document.getElementById('record-text').value.includes('[Variant \"connect4\"]')",
    )
    .await;
    let record = b.eval("document.getElementById('record-text').value").await;
    let path = super::harness::screenshot_dir().join("record-file-game.txt");
    std::fs::write(&path, record.as_str().expect("a record")).expect("write the record");
    // A new game, then the file opened with the page's file field.
    b.set_value("#variant", "tictactoe").await;
    b.wait("tic-tac-toe", &format!("{STATE}.variant === 'tictactoe'"))
        .await;
    b.client
        .find(fantoccini::Locator::Css("#load-file"))
        .await
        .expect("the file field")
        .send_keys(&path.to_string_lossy())
        .await
        .expect("choose the file");
    b.wait(
        "the game from the file",
        &format!("{STATE}.variant === 'connect4' && {STATE}.moves.join(' ') === '4 4 5 3'"),
    )
    .await;
    b.close().await;
}

/// Opens a second tab on the page with the session id `id` (as a duplicated tab has it).
async fn open_second(b: &Browser, url: &str, id: &str) -> fantoccini::wd::WindowHandle {
    let second = b
        .client
        .new_window(true)
        .await
        .expect("a second tab")
        .handle;
    b.client
        .switch_to_window(second.clone())
        .await
        .expect("to the second tab");
    b.open(url).await;
    b.js(
        "sessionStorage.setItem('sente-gui-session', arguments[0]);",
        vec![json!(id)],
    )
    .await;
    b.client.refresh().await.expect("reload with the session");
    b.wait(
        "the second tab ready",
        "document.body.dataset.ready === '1'",
    )
    .await;
    second
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn a_second_tab_takes_over_a_game_against_the_engine_but_not_free_play() {
    let b = Browser::start("second-tab").await;
    let server = start_server(&[]);
    b.open(&server.url).await;
    b.new_game("connect4").await;
    let first = b.client.window().await.expect("the first tab");
    let id = b.eval("sessionStorage.getItem('sente-gui-session')").await;
    let id = id.as_str().expect("a session id").to_string();
    // A second tab with the same session (as a duplicated tab has) in free play: a session of
    // its own; the first tab stays connected.
    let second = open_second(&b, &server.url, &id).await;
    let other = b.eval("sessionStorage.getItem('sente-gui-session')").await;
    assert_ne!(
        other.as_str(),
        Some(id.as_str()),
        "free play: a new session"
    );
    b.client.close_window().await.expect("close the second tab");
    let _ = second;
    b.client
        .switch_to_window(first.clone())
        .await
        .expect("back to the first tab");
    assert_eq!(b.text("#connection").await, "connected");
    // During a game against sente the second tab takes the game over.
    start_play(&b, "p1", "0.2").await;
    open_second(&b, &server.url, &id).await;
    b.wait(
        "the game in the second tab",
        &format!("{STATE}.mode.kind === 'play' && document.getElementById('undo')"),
    )
    .await;
    b.client
        .switch_to_window(first)
        .await
        .expect("back to the first tab");
    b.wait(
        "the first tab told",
        "document.getElementById('connection').textContent === 'in another tab' && \
         document.getElementById('elsewhere').textContent.startsWith('This game continues in another tab')",
    )
    .await;
    b.close().await;
}
