//! Eight sessions of one `sente gui` server review at once: at most two reviews run, the
//! others wait their turn told how many are ahead, every review finishes with every move
//! judged, the review threads run below the priority of play (nice 10), and the server's
//! resident memory never reaches 1 GB (its peak, `VmHWM`, read at the end).
//!
//! The two reviews asked first are held: a game no solve proves, with the largest budgets a
//! review takes, so neither ends before the test stops it (`stop_review`). The six asked
//! while they run therefore wait, whatever the machine's speed, until the test lets them go.

mod socket;

use serde_json::{Value, json};
use socket::{Server, Session};

/// The game every session reviews: Connect Four on its usual board, long enough that a review
/// runs while the others are asked for.
const MOVES: [&str; 12] = ["4", "4", "4", "4", "3", "5", "3", "3", "5", "2", "6", "6"];

/// The most time a solve of one position may take in these reviews, in ms.
const MOVETIME_MS: u64 = 100;

/// The search budget of a position no solve proves.
const NODES: u64 = 20_000;

/// Sessions reviewing at once.
const SESSIONS: usize = 8;

/// The server's bound (`sente::gui::review_queue::MAX_REVIEWS`).
const RUNNING: usize = 2;

/// The held reviews' game: two moves on Connect Four's largest board, far beyond any solve.
const HELD_RULES: [[&str; 2]; 2] = [["Connect4Width", "12"], ["Connect4Height", "10"]];

/// The held reviews' game's moves.
const HELD_MOVES: [&str; 2] = ["6", "7"];

/// A session with the game set, its review asked for with these budgets; the `review_start`
/// read (the review has its place in the queue from then on).
fn reviewing(server: &Server, rules: &Value, moves: &[&str], budgets: (u64, u64)) -> Session {
    let mut session = server.session();
    session
        .send(&json!({"type": "new_game", "variant": "connect4", "rules": rules, "moves": moves}));
    // The state of the new game (the first is the session's own start).
    loop {
        let state = session.until("state", |m| assert_ne!(m["type"], "error", "{m}"));
        if state["moves"].as_array().map(Vec::len) == Some(moves.len()) {
            break;
        }
    }
    let (movetime_ms, nodes) = budgets;
    session.send(&json!({"type": "review", "movetime_ms": movetime_ms, "nodes": nodes}));
    let start = session.until("review_start", |m| {
        assert_ne!(m["type"], "review_failed", "{m}");
    });
    assert_eq!(start["total"], moves.len());
    session
}

/// The review threads' nice values (`/proc/<pid>/task/*/stat`, field 19), by thread name.
fn review_nices(pid: u32) -> Vec<i64> {
    let mut nices = Vec::new();
    let tasks = std::fs::read_dir(format!("/proc/{pid}/task")).expect("the server's threads");
    for task in tasks.flatten() {
        let comm = std::fs::read_to_string(task.path().join("comm")).unwrap_or_default();
        if comm.trim() != "sente-review" {
            continue;
        }
        let Ok(stat) = std::fs::read_to_string(task.path().join("stat")) else {
            continue;
        };
        // The fields after the name (which ends at the last ')'): state is field 3.
        let after = stat.rsplit_once(')').map(|(_, rest)| rest).unwrap_or("");
        let fields: Vec<&str> = after.split_whitespace().collect();
        nices.push(fields[16].parse().expect("a nice value"));
    }
    nices
}

/// Reads a session's review to its end, told its place already: the waiting counts it was
/// told since, then the review.
fn finish(session: &mut Session) -> (Vec<u64>, Value) {
    let mut told = Vec::new();
    let mut progress = 0;
    let done = session.until("review_done", |m| {
        assert_ne!(m["type"], "review_failed", "{m}");
        if m["type"] == "review_waiting" {
            assert_eq!(progress, 0, "told to wait after the review ran: {m}");
            told.push(m["ahead"].as_u64().expect("a count"));
        }
        if m["type"] == "review_progress" {
            progress += 1;
        }
    });
    assert_eq!(progress, MOVES.len());
    (told, done)
}

#[test]
fn eight_sessions_review_at_once_two_run_the_rest_wait_and_memory_stays_under_a_gigabyte() {
    let server = Server::start();
    // The two held reviews: the largest budgets `review` accepts (gui.md).
    let mut held: Vec<Session> = (0..RUNNING)
        .map(|_| {
            reviewing(
                &server,
                &json!(HELD_RULES),
                &HELD_MOVES,
                (60_000, 100_000_000),
            )
        })
        .collect();
    let short = (MOVETIME_MS, NODES);
    let mut waiting: Vec<Session> = (RUNNING..SESSIONS)
        .map(|_| reviewing(&server, &json!([]), &MOVES, short))
        .collect();
    // Each of the six waits, told its place in the order asked: the k-th (from 0) behind the
    // two held and the k asked before it.
    let mut told = Vec::new();
    for session in &mut waiting {
        let first = session.until("review_waiting", |m| {
            assert_ne!(m["type"], "review_progress", "ran beside the held two: {m}");
            assert_ne!(m["type"], "review_failed", "{m}");
        });
        told.push(vec![first["ahead"].as_u64().expect("a count")]);
    }
    let expected: Vec<u64> = (RUNNING as u64..SESSIONS as u64).collect();
    let firsts: Vec<u64> = told.iter().map(|t| t[0]).collect();
    assert_eq!(firsts, expected);
    // All eight threads live now (two held, six waiting), each at nice 10 (a thread a review
    // starts unnamed inherits its name, so there may be more).
    let nices = review_nices(server.pid());
    assert!(nices.len() >= SESSIONS, "{nices:?}");
    assert!(nices.iter().all(|&n| n == 10), "{nices:?}");
    // The held two go: the six run, two at a time, in turn.
    for session in &mut held {
        session.send(&json!({"type": "stop_review"}));
        let failed = session.until("review_failed", |m| {
            assert_ne!(m["type"], "review_done", "a held review ended: {m}");
        });
        assert_eq!(failed["cancelled"], true, "{failed}");
    }
    let mut reviews = Vec::new();
    for (session, told) in waiting.iter_mut().zip(&mut told) {
        let (more, done) = finish(session);
        told.extend(more);
        // Fewer ahead each time, down to 0: its turn.
        assert!(told.windows(2).all(|w| w[1] < w[0]), "{told:?}");
        assert_eq!(told.last(), Some(&0), "{told:?}");
        reviews.push(done);
    }
    for done in &reviews {
        let moves = done["review"]["moves"].as_array().expect("the moves");
        assert_eq!(moves.len(), MOVES.len());
        for (ply, reviewed) in moves.iter().enumerate() {
            assert_eq!(reviewed["ply"], ply + 1);
            assert_eq!(reviewed["move"], MOVES[ply], "{reviewed}");
        }
    }
    let peak_kb = server.status_kb("VmHWM");
    eprintln!("the server's peak resident memory: {} MB", peak_kb / 1024);
    assert!(peak_kb < 1024 * 1024, "peak resident memory {peak_kb} kB");
}
