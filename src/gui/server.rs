//! The HTTP side of `sente gui`: the built-in files, the WebSocket at `/ws` (refused unless the
//! request comes from the server's own page), and one session loop per socket.

use super::assets;
use super::engine::Event;
use super::launcher::Shared;
use super::tab::Tab;
use super::wire::MAX_FRAME_BYTES;
use axum::Router;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::time::Duration;
use tokio::sync::mpsc;

/// What the handlers share.
#[derive(Clone)]
pub struct App {
    /// The tabs' shared state.
    pub shared: Arc<Shared>,
    /// The `Host` values the page may be loaded under (`127.0.0.1:8080`, `localhost:8080`);
    /// empty: any (the server listens on every address).
    pub hosts: Arc<Vec<String>>,
}

/// The router: `/ws` and the built-in files.
pub fn router(app: App) -> Router {
    Router::new()
        .route("/ws", get(websocket))
        .fallback(file)
        .with_state(app)
}

/// True when the request's `Host` is one of the server's names and its `Origin` is the page
/// served under that name. A foreign page (another site in the same browser) sends its own
/// origin; a rebinding attack sends a foreign host name.
pub fn origin_allowed(headers: &HeaderMap, hosts: &[String]) -> Result<(), String> {
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .ok_or("no Host header")?;
    if !hosts.is_empty() && !hosts.iter().any(|h| h.eq_ignore_ascii_case(host)) {
        return Err(format!("host '{host}' is not this server"));
    }
    let origin = headers
        .get(header::ORIGIN)
        .and_then(|h| h.to_str().ok())
        .ok_or("no Origin header")?;
    if origin.eq_ignore_ascii_case(&format!("http://{host}")) {
        Ok(())
    } else {
        Err(format!("origin '{origin}' is not this server's page"))
    }
}

async fn websocket(
    State(app): State<App>,
    headers: HeaderMap,
    uri: axum::http::Uri,
    upgrade: WebSocketUpgrade,
) -> Response {
    let wanted = uri
        .query()
        .and_then(|q| q.split('&').find_map(|pair| pair.strip_prefix("session=")))
        .map(str::to_string);
    if let Err(why) = origin_allowed(&headers, &app.hosts) {
        log::warn!("websocket refused: {why}");
        return (StatusCode::FORBIDDEN, format!("forbidden: {why}\n")).into_response();
    }
    upgrade
        .max_message_size(MAX_FRAME_BYTES)
        .max_frame_size(MAX_FRAME_BYTES)
        .on_upgrade(move |socket| async move {
            // A session that still lives takes the socket over (a reload, a tab duplicated
            // during a game with engines); one whose page is there and has no such game (a tab
            // duplicated in free play) leaves the new socket a session of its own.
            let waiting = wanted.and_then(|id| sessions().get(&id).cloned());
            let socket = match waiting.filter(|(_, open)| open.load(Ordering::Relaxed)) {
                Some((handover, _)) => match handover.send(socket) {
                    Ok(()) => return,
                    Err(returned) => returned.0,
                },
                None => socket,
            };
            session(socket, app.shared).await
        })
}

/// The live sessions by id, each with the way to hand it a new socket.
/// The flag says whether the session takes a new socket over now.
type Sessions = HashMap<String, (mpsc::UnboundedSender<WebSocket>, Arc<AtomicBool>)>;

fn sessions() -> std::sync::MutexGuard<'static, Sessions> {
    static SESSIONS: OnceLock<Mutex<Sessions>> = OnceLock::new();
    SESSIONS
        .get_or_init(|| Mutex::new(HashMap::new()))
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
}

/// How long a tab with a game against an engine outlives its socket, waiting for a reload.
const KEEP: Duration = Duration::from_secs(60);

/// The close code telling a page that another tab took its session over (it does not
/// reconnect).
const TAKEN_OVER: u16 = 4000;

async fn file(State(app): State<App>, request: Request) -> Response {
    if request.method() != Method::GET && request.method() != Method::HEAD {
        return (StatusCode::METHOD_NOT_ALLOWED, "GET only\n").into_response();
    }
    let host = request
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    if !app.hosts.is_empty() && !app.hosts.iter().any(|h| h.eq_ignore_ascii_case(host)) {
        return (StatusCode::MISDIRECTED_REQUEST, "not this server\n").into_response();
    }
    let Some(asset) = assets::find(request.uri().path()) else {
        return (StatusCode::NOT_FOUND, "not found\n").into_response();
    };
    let mut response = asset.body.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(asset.mime));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'",
        ),
    );
    response
}

/// How often a tab's clocks and held analysis lines are looked at (a held line waits at most
/// this long).
const TICK: Duration = Duration::from_millis(25);

/// One socket: messages in, engine events in, messages out, until the page goes away (its
/// engines are then killed as the tab is dropped).
async fn session(socket: WebSocket, shared: Arc<Shared>) {
    let (events, mut incoming) = mpsc::unbounded_channel::<Event>();
    let mut tab = Tab::new(shared, events);
    let id = format!("{:032x}", rand::random::<u128>());
    let (handover, mut sockets) = mpsc::unbounded_channel::<WebSocket>();
    let open = Arc::new(AtomicBool::new(false));
    sessions().insert(id.clone(), (handover, open.clone()));
    tab.welcome(&id, false);
    // The socket, or none while a game waits for its page to come back (since `parked`).
    let mut socket = Some(socket);
    let mut parked = None;
    let mut tick = tokio::time::interval(TICK);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    'session: loop {
        match socket.as_mut() {
            Some(live) => {
                if !flush(live, &mut tab).await {
                    socket = None;
                }
            }
            None => drop(tab.take_outbox()),
        }
        open.store(socket.is_none() || tab.keeps_a_game(), Ordering::Relaxed);
        if socket.is_none() && parked.is_none() {
            if !tab.keeps_a_game() {
                break;
            }
            parked = Some(std::time::Instant::now());
        }
        tokio::select! {
            message = async { match socket.as_mut() { Some(s) => s.recv().await, None => std::future::pending().await } } => match message {
                Some(Ok(Message::Text(text))) => tab.on_text(text.as_str()),
                Some(Ok(Message::Binary(_))) => tab.error("binary messages are not read: send JSON text"),
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
                Some(Ok(Message::Close(_)) | Err(_)) | None => socket = None,
            },
            Some(new) = sockets.recv() => {
                if let Some(mut old) = socket.replace(new) {
                    let close = axum::extract::ws::CloseFrame {
                        code: TAKEN_OVER,
                        reason: "this game continues in another tab".into(),
                    };
                    let _ = old.send(Message::Close(Some(close))).await;
                }
                parked = None;
                tab.welcome(&id, true);
            }
            Some(event) = incoming.recv() => {
                tab.on_event(event);
                // Take what else has arrived, so that a burst is sent at once.
                while let Ok(event) = incoming.try_recv() {
                    tab.on_event(event);
                }
            }
            _ = tick.tick() => {
                tab.on_tick();
                if parked.is_some_and(|since| since.elapsed() > KEEP || !tab.keeps_a_game()) {
                    break 'session;
                }
            }
        }
    }
    sessions().remove(&id);
    log::debug!("socket closed; the tab's engines are stopped");
    drop(tab);
}

/// Sends the tab's outbox; false when the socket is gone.
async fn flush(socket: &mut WebSocket, tab: &mut Tab) -> bool {
    for message in tab.take_outbox() {
        let text = match serde_json::to_string(&message) {
            Ok(text) => text,
            Err(e) => {
                log::error!("cannot write a message: {e}");
                continue;
            }
        };
        if socket.send(Message::Text(text.into())).await.is_err() {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(host: &str, origin: Option<&str>) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(header::HOST, HeaderValue::from_str(host).unwrap());
        if let Some(origin) = origin {
            headers.insert(header::ORIGIN, HeaderValue::from_str(origin).unwrap());
        }
        headers
    }

    #[test]
    fn only_the_servers_own_page_may_open_the_socket() {
        let hosts = vec!["127.0.0.1:8080".to_string(), "localhost:8080".to_string()];
        let ok = |h: &str, o: Option<&str>| origin_allowed(&headers(h, o), &hosts).is_ok();
        assert!(ok("127.0.0.1:8080", Some("http://127.0.0.1:8080")));
        assert!(ok("localhost:8080", Some("http://localhost:8080")));
        assert!(!ok("127.0.0.1:8080", Some("http://evil.example")));
        assert!(!ok("127.0.0.1:8080", Some("http://localhost:8080")));
        assert!(!ok("127.0.0.1:8080", Some("null")));
        assert!(!ok("127.0.0.1:8080", None));
        // DNS rebinding: the attacker's name resolves to 127.0.0.1.
        assert!(!ok("evil.example:8080", Some("http://evil.example:8080")));
    }
}
