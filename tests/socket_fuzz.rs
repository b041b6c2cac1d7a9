//! The GUI server's socket fuzzed (proptest, a fixed seed and case count): each case opens a
//! session and sends, in random order, messages of every type the wire accepts (gui.md,
//! "Messages from the page") with random fields, each as it is, truncated, with a field of the
//! wrong type, made oversized (beyond the 256 kB a message may have), or replaced by random
//! text or a binary frame. Then the session must still answer a valid message (`save_record`
//! gets its `record`), and at the end the server has not panicked (its stderr says no
//! `panicked`) and a frame beyond the WebSocket limit closes only its own socket.

mod socket;

use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed, TestCaseError, TestRunner};
use sente::gui::wire::{MAX_FRAME_BYTES, MAX_MESSAGE_BYTES, run_names};
use serde_json::{Value, json};
use socket::Server;
use tungstenite::Message;

/// Cases run (each a fresh session), and the seed they come from.
const CASES: u32 = 40;
const SEED: u64 = 0x0005_e17e_f022;

/// Frames in one case, at most.
const MOST_FRAMES: usize = 10;

/// One frame sent to the server.
#[derive(Clone, Debug)]
enum Frame {
    Text(String),
    Binary(Vec<u8>),
}

fn engine() -> impl Strategy<Value = String> {
    prop_oneof![Just("sente".to_string()), "[a-z]{0,6}"]
}

fn variant() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("connect4".to_string()),
        Just("tictactoe".to_string()),
        Just("rushhour".to_string()),
        Just("tree".to_string()),
        "[a-z0-9]{0,8}",
    ]
}

fn moves() -> impl Strategy<Value = Vec<String>> {
    prop::collection::vec(
        prop_oneof![
            (1u8..8).prop_map(|c| c.to_string()),
            "[a-c][1-3]",
            "[ -~]{0,4}"
        ],
        0..6,
    )
}

fn limits() -> impl Strategy<Value = Value> {
    prop_oneof![
        (1u32..3).prop_map(|d| json!({"depth": d})),
        (1u64..60).prop_map(|ms| json!({"movetime_ms": ms})),
        (0u64..3, 0u64..3).prop_map(|(b, i)| json!({"base_ms": b * 1000, "inc_ms": i})),
        Just(json!({})),
    ]
}

/// A message of every type the page may send, with random (often valid) fields.
fn message() -> impl Strategy<Value = Value> {
    let run = prop::sample::select(run_names());
    let bare = prop::sample::select(vec![
        "undo",
        "pause",
        "resume",
        "stop_game",
        "resign",
        "offer_draw",
        "abort",
        "hint",
        "stop_analysis",
        "save_record",
        "stop_trace",
        "stop_compare",
        "stop_review",
    ]);
    prop_oneof![
        bare.prop_map(|kind| json!({"type": kind})),
        (variant(), moves(), prop::option::of(0usize..8)).prop_map(|(v, m, c)| {
            json!({"type": "new_game", "variant": v, "rules": [], "moves": m, "cursor": c})
        }),
        "[ -~]{0,40}".prop_map(|t| json!({"type": "setup", "text": t})),
        moves().prop_map(|m| json!({"type": "play", "moves": m})),
        (0usize..12).prop_map(|p| json!({"type": "goto", "ply": p})),
        (
            engine(),
            prop_oneof![Just("p1"), Just("p2"), Just("p3")],
            limits()
        )
            .prop_map(
                |(e, h, l)| json!({"type": "start_play", "engine": e, "human": h, "limits": l})
            ),
        (engine(), engine(), limits())
            .prop_map(|(a, b, l)| json!({"type": "start_watch", "engines": [a, b], "limits": l})),
        engine().prop_map(|e| json!({"type": "analyse", "engine": e})),
        engine().prop_map(|e| json!({"type": "solve", "engine": e})),
        (engine(), "[A-Za-z]{1,8}", "[0-9a-z]{0,3}").prop_map(
            |(e, n, v)| json!({"type": "engine_options", "engine": e, "values": [[n, v]]})
        ),
        "[ -~\n]{0,80}".prop_map(|t| json!({"type": "load_record", "text": t})),
        (
            engine(),
            variant(),
            moves(),
            prop_oneof![Just("minimax"), Just("alphabeta-plain"), Just("mcts")],
            0u32..4
        )
            .prop_map(|(e, v, m, a, d)| json!({
                "type": "trace", "engine": e, "variant": v, "moves": m, "algorithm": a,
                "depth": d, "limit": 500
            })),
        (
            engine(),
            variant(),
            moves(),
            prop::collection::vec(run, 0..3),
            0u32..3
        )
            .prop_map(|(e, v, m, r, d)| json!({
                "type": "compare", "engine": e, "variant": v, "moves": m, "runs": r,
                "depths": [d]
            })),
        (0u64..80, 0u64..2000)
            .prop_map(|(t, n)| json!({"type": "review", "movetime_ms": t, "nodes": n})),
    ]
}

/// A message sent as it is, or spoiled.
fn frame() -> impl Strategy<Value = Frame> {
    prop_oneof![
        4 => message().prop_map(|m| Frame::Text(m.to_string())),
        // Truncated anywhere (at a character boundary: a text frame is UTF-8).
        2 => (message(), any::<prop::sample::Index>()).prop_map(|(m, at)| {
            let text = m.to_string();
            let cut = at.index(text.len());
            let cut = (0..=cut).rev().find(|&i| text.is_char_boundary(i)).unwrap_or(0);
            Frame::Text(text[..cut].to_string())
        }),
        // A field of the wrong type.
        1 => (message(), any::<prop::sample::Index>()).prop_map(|(mut m, at)| {
            if let Some(object) = m.as_object_mut() {
                let keys: Vec<String> = object.keys().cloned().collect();
                let key = &keys[at.index(keys.len())];
                object.insert(key.clone(), json!([{"x": -1}]));
            }
            Frame::Text(m.to_string())
        }),
        // Oversized: beyond the message limit, within the frame limit.
        1 => (message(), 1usize..4096).prop_map(|(m, extra)| {
            let mut text = m.to_string();
            text.pop();
            let pad = "x".repeat(MAX_MESSAGE_BYTES + extra);
            Frame::Text(format!("{text},\"pad\":\"{pad}\"}}"))
        }),
        1 => "\\PC{0,60}".prop_map(Frame::Text),
        1 => prop::collection::vec(any::<u8>(), 0..64).prop_map(Frame::Binary),
    ]
}

#[test]
fn the_socket_fuzzed_never_panics_and_the_session_answers_after() {
    let server = Server::start();
    let config = Config {
        cases: CASES,
        rng_seed: RngSeed::Fixed(SEED),
        failure_persistence: None,
        ..Config::default()
    };
    let mut runner = TestRunner::new(config);
    let frames = prop::collection::vec(frame(), 1..=MOST_FRAMES);
    let outcome = runner.run(&frames, |frames| {
        let mut session = server.session();
        for frame in frames {
            let sent = match frame {
                Frame::Text(text) => session.try_send(Message::text(text)),
                Frame::Binary(bytes) => session.try_send(Message::binary(bytes)),
            };
            sent.map_err(|e| TestCaseError::fail(format!("the socket closed: {e}")))?;
        }
        // The session carries on: a valid message is answered (after whatever else comes).
        session.send(&json!({"type": "save_record"}));
        let record = session.until("record", |_| {});
        prop_assert!(record["text"].is_string(), "{}", record);
        Ok(())
    });
    if let Err(e) = outcome {
        panic!("{e}");
    }
    // A frame beyond the WebSocket limit closes that socket alone.
    let mut huge = server.session();
    let _ = huge.try_send(Message::text("y".repeat(MAX_FRAME_BYTES + 1)));
    let closed = loop {
        match huge.try_read() {
            Ok(Message::Close(_)) | Err(_) => break true,
            Ok(_) => {}
        }
    };
    assert!(closed);
    let mut after = server.session();
    after.send(&json!({"type": "save_record"}));
    assert_eq!(after.until("record", |_| {})["type"], "record");
    let stderr = server.stderr();
    assert!(
        !stderr.contains("panicked"),
        "the server panicked:\n{stderr}"
    );
}
