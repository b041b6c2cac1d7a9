//! A `sente gui` server driven over its WebSocket without a browser (`tests/review_queue.rs`,
//! `tests/socket_fuzz.rs`): the server process on a free port, killed when dropped, and a
//! blocking WebSocket client that sends and reads the JSON messages of gui.md.

#![allow(dead_code)]

use serde_json::Value;
use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tungstenite::client::IntoClientRequest;
use tungstenite::protocol::WebSocket;
use tungstenite::{Message, http::HeaderValue};

/// A hang guard on every read: only a stuck server reaches it (no check depends on speed).
pub const HANG_GUARD: Duration = Duration::from_secs(120);

/// A running `sente gui --port 0`, killed when dropped.
pub struct Server {
    child: Child,
    /// `127.0.0.1:<port>`.
    pub host: String,
    /// What the server wrote on stderr so far (also passed on to the test's stderr).
    stderr: Arc<Mutex<String>>,
}

impl Server {
    /// Starts the server and reads the address it prints.
    pub fn start() -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sente"))
            .args(["gui", "--port", "0"])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start sente gui");
        let stderr = Arc::new(Mutex::new(String::new()));
        let pipe = child.stderr.take().expect("stderr");
        let kept = Arc::clone(&stderr);
        std::thread::spawn(move || {
            for line in BufReader::new(pipe).lines().map_while(Result::ok) {
                eprintln!("server: {line}");
                if let Ok(mut kept) = kept.lock() {
                    kept.push_str(&line);
                    kept.push('\n');
                }
            }
        });
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("stdout"))
            .read_line(&mut line)
            .expect("read the address");
        let host = line
            .trim()
            .strip_prefix("sente gui: http://")
            .unwrap_or_else(|| panic!("unexpected first line '{line}'"))
            .trim_end_matches('/')
            .to_string();
        Server {
            child,
            host,
            stderr,
        }
    }

    /// What the server wrote on stderr so far.
    pub fn stderr(&self) -> String {
        self.stderr.lock().map(|s| s.clone()).unwrap_or_default()
    }

    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// A field of the server's `/proc/<pid>/status` in kB (`VmRSS`, `VmHWM`).
    pub fn status_kb(&self, field: &str) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.pid()))
            .expect("the server's /proc status");
        status
            .lines()
            .find_map(|line| line.strip_prefix(&format!("{field}:")))
            .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
            .unwrap_or_else(|| panic!("no {field} in the server's status"))
    }

    /// True while the server process runs.
    pub fn alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// A new session: a socket opened as the server's own page opens it, its `welcome` read.
    pub fn session(&self) -> Session {
        let url = format!("ws://{}/ws", self.host);
        let mut request = url.as_str().into_client_request().expect("a request");
        let origin = HeaderValue::from_str(&format!("http://{}", self.host)).expect("an origin");
        request.headers_mut().insert("Origin", origin);
        let stream = TcpStream::connect(&self.host).expect("connect");
        stream
            .set_read_timeout(Some(HANG_GUARD))
            .expect("a read timeout");
        let (socket, _) = tungstenite::client(request, stream).expect("the WebSocket handshake");
        let mut session = Session { socket };
        let welcome = session.next();
        assert_eq!(welcome["type"], "welcome", "{welcome}");
        session
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One session's socket.
pub struct Session {
    socket: WebSocket<TcpStream>,
}

impl Session {
    /// Sends a JSON value as a text message.
    pub fn send(&mut self, message: &Value) {
        self.send_text(&message.to_string());
    }

    /// Sends any text.
    pub fn send_text(&mut self, text: &str) {
        self.socket
            .send(Message::text(text))
            .expect("send a message");
    }

    /// Sends a message, the error of a socket the server closed given back.
    pub fn try_send(&mut self, message: Message) -> Result<(), tungstenite::Error> {
        self.socket.send(message)
    }

    /// The next message of any kind, or the error of a closed socket.
    pub fn try_read(&mut self) -> Result<Message, tungstenite::Error> {
        self.socket.read()
    }

    /// Sends any bytes as a binary message.
    pub fn send_binary(&mut self, bytes: Vec<u8>) {
        self.socket
            .send(Message::binary(bytes))
            .expect("send a message");
    }

    /// The next JSON message from the server (a ping or pong is skipped).
    pub fn next(&mut self) -> Value {
        loop {
            match self.socket.read().expect("a message from the server") {
                Message::Text(text) => {
                    return serde_json::from_str(text.as_str()).expect("JSON from the server");
                }
                Message::Close(frame) => panic!("the server closed the socket: {frame:?}"),
                _ => {}
            }
        }
    }

    /// Reads messages until one of type `kind`, which it gives; every message read is passed
    /// to `seen` first.
    pub fn until(&mut self, kind: &str, mut seen: impl FnMut(&Value)) -> Value {
        loop {
            let message = self.next();
            seen(&message);
            if message["type"] == kind {
                return message;
            }
        }
    }
}
