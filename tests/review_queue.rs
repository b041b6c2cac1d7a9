//! Eight sessions of one `sente gui` server review at once: at most two reviews run, the
//! others wait their turn told how many are ahead, every review finishes with every move
//! judged, the review threads run below the priority of play (nice 10), and the server's
//! resident memory never reaches 1 GB (its peak, `VmHWM`, read at the end).

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

/// A session with the game set and its review asked for; the `review_start` read.
fn reviewing(server: &Server) -> Session {
    let mut session = server.session();
    session.send(&json!({"type": "new_game", "variant": "connect4", "moves": MOVES}));
    // The state of the new game (the first is the session's own start).
    loop {
        let state = session.until("state", |m| assert_ne!(m["type"], "error", "{m}"));
        if state["moves"].as_array().map(Vec::len) == Some(MOVES.len()) {
            break;
        }
    }
    session.send(&json!({"type": "review", "movetime_ms": MOVETIME_MS, "nodes": NODES}));
    let start = session.until("review_start", |m| {
        assert_ne!(m["type"], "review_failed", "{m}");
    });
    assert_eq!(start["total"], MOVES.len());
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

/// Reads a session's review to its end, `read` moves reviewed already read: the waiting counts
/// it was told, then the review.
fn finish(session: &mut Session, read: usize) -> (Vec<u64>, Value) {
    let mut told = Vec::new();
    let mut progress = read;
    let done = session.until("review_done", |m| {
        assert_ne!(m["type"], "review_failed", "{m}");
        if m["type"] == "review_waiting" {
            assert_eq!(progress, read, "told to wait after the review ran: {m}");
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
    // Two reviews run: each has reviewed a move before the others are asked for.
    let mut first: Vec<Session> = (0..RUNNING).map(|_| reviewing(&server)).collect();
    for session in &mut first {
        let progress = session.until("review_progress", |m| {
            assert_ne!(m["type"], "review_waiting", "the first two wait: {m}");
        });
        assert_eq!(progress["done"], 1);
    }
    let nices = review_nices(server.pid());
    assert!(nices.len() >= RUNNING, "{nices:?}");
    assert!(nices.iter().all(|&n| n == 10), "{nices:?}");
    let mut waiting: Vec<Session> = (RUNNING..SESSIONS).map(|_| reviewing(&server)).collect();
    let mut firsts = Vec::new();
    let mut reviews = Vec::new();
    let read = [1; RUNNING].into_iter().chain([0; SESSIONS - RUNNING]);
    for (session, read) in first.iter_mut().chain(waiting.iter_mut()).zip(read) {
        let (told, done) = finish(session, read);
        if let Some(&ahead) = told.first() {
            firsts.push(ahead);
            // Fewer ahead each time, down to 0: its turn.
            assert!(told.windows(2).all(|w| w[1] < w[0]), "{told:?}");
            assert_eq!(told.last(), Some(&0), "{told:?}");
        }
        reviews.push(done);
    }
    // Each of the six asked while two ran waited, in the order asked: the k-th (from 0) behind
    // the two running and the k asked before it.
    let expected: Vec<u64> = (RUNNING as u64..SESSIONS as u64).collect();
    assert_eq!(firsts, expected);
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
