//! The browser tests' harness: a `sente gui` server on a free port, a chromedriver with a
//! headless Chromium of its own, and helpers that wait for conditions on the page (never a
//! fixed sleep as an assertion) and save screenshots under `target/gui-screenshots/`.

use fantoccini::actions::{
    InputSource, KeyAction, KeyActions, MOUSE_BUTTON_LEFT, MouseActions, PointerAction,
};
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};
use std::io::{BufRead, BufReader};
use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Set to make a missing Chromium or chromedriver a failure (CI sets it).
pub const REQUIRE: &str = "SENTE_REQUIRE_BROWSER";

/// A hang guard: how long a test waits for a condition before it calls the page stuck. Every
/// wait is for an event (a state, a drawn element, a file); only a stuck page or engine takes
/// this long, however loaded the machine.
pub const PATIENCE: Duration = Duration::from_secs(120);

/// The grace the test servers give an engine beyond its clock or move time (`sente gui
/// --time-margin`), in ms: a hang guard.
pub const HANG_GUARD_MARGIN_MS: u128 = PATIENCE.as_millis();

/// The sente binary built for the tests.
pub fn sente() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_sente"))
}

fn find_program(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    for dir in std::env::split_paths(&path) {
        for name in names {
            let candidate = dir.join(name);
            if candidate.is_file() {
                return Some(candidate);
            }
        }
    }
    None
}

/// Chromium and chromedriver; fails, saying how to install them, when they are not on `PATH`
/// (the build looked for them: without them the tests are ignored, unless
/// `SENTE_REQUIRE_BROWSER` is set).
pub fn browser_programs() -> (PathBuf, PathBuf) {
    let chromium = find_program(&["chromium", "chromium-browser", "google-chrome"]);
    let driver = find_program(&["chromedriver"]);
    match (chromium, driver) {
        (Some(c), Some(d)) => (c, d),
        _ => panic!(
            "chromium or chromedriver not found on PATH (apt-get install chromium chromium-driver)"
        ),
    }
}

/// A child process killed when dropped, with every process of its group (chromedriver's
/// browser too).
pub struct Process(pub Child);

impl Drop for Process {
    fn drop(&mut self) {
        if let Ok(pid) = i32::try_from(self.0.id()) {
            // SAFETY: kill has no memory effects; a negative pid names the child's own group.
            unsafe {
                libc::kill(-pid, libc::SIGKILL);
            }
        }
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A command whose child leads a process group of its own.
fn own_group(command: &mut Command) -> &mut Command {
    use std::os::unix::process::CommandExt;
    command.process_group(0)
}

/// A running `sente gui`.
pub struct Server {
    _process: Process,
    /// `http://127.0.0.1:<port>/`.
    pub url: String,
    pub port: u16,
}

/// Starts `sente gui --port 0` with these extra arguments and reads the address it prints.
pub fn start_server(args: &[&str]) -> Server {
    let mut child = own_group(&mut Command::new(sente()))
        .args(["gui", "--port", "0"])
        // A hang guard for the engines' moves: no test is about how fast an engine answers,
        // so that a loaded machine (the engines run niced) never decides a game on time.
        .args(["--time-margin", &HANG_GUARD_MARGIN_MS.to_string()])
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("start sente gui");
    let stdout = child.stdout.take().expect("stdout");
    let mut line = String::new();
    BufReader::new(stdout)
        .read_line(&mut line)
        .expect("read the address");
    let url = line
        .trim()
        .strip_prefix("sente gui: ")
        .unwrap_or_else(|| panic!("unexpected first line '{line}'"))
        .to_string();
    let port = url
        .trim_end_matches('/')
        .rsplit(':')
        .next()
        .and_then(|p| p.parse().ok())
        .expect("a port");
    Server {
        _process: Process(child),
        url,
        port,
    }
}

impl Server {
    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self._process.0.id()
    }

    /// True once the server has exited.
    pub fn exited(&mut self) -> bool {
        matches!(self._process.0.try_wait(), Ok(Some(_)))
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// A headless Chromium driven through its own chromedriver.
pub struct Browser {
    pub client: Client,
    _driver: Process,
    name: String,
    profile: PathBuf,
}

/// Where screenshots go.
pub fn screenshot_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/gui-screenshots");
    let _ = std::fs::create_dir_all(&dir);
    dir
}

impl Browser {
    /// Starts chromedriver and a browser session (window 1400 x 1100); `name` names the test's
    /// screenshots.
    pub async fn start(name: &str) -> Browser {
        let (chromium, driver_path) = browser_programs();
        let port = free_port();
        let driver = Process(
            own_group(&mut Command::new(&driver_path))
                .arg(format!("--port={port}"))
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .expect("start chromedriver"),
        );
        let profile = std::env::temp_dir().join(format!(
            "sente-gui-test-{}-{name}-{port}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&profile);
        let capabilities = json!({
            "goog:chromeOptions": {
                "binary": chromium.to_string_lossy(),
                "args": [
                    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                    "--no-first-run", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync",
                    "--disable-dev-shm-usage", "--window-size=1400,1100",
                    format!("--user-data-dir={}", profile.display()),
                ],
                "prefs": {
                    "download.default_directory": profile.join("downloads").to_string_lossy(),
                    "download.prompt_for_download": false,
                }
            }
        });
        let serde_json::Value::Object(capabilities) = capabilities else {
            unreachable!()
        };
        let url = format!("http://127.0.0.1:{port}");
        let start = Instant::now();
        let client = loop {
            let connector = hyper_util::client::legacy::connect::HttpConnector::new();
            match ClientBuilder::new(connector)
                .capabilities(capabilities.clone())
                .connect(&url)
                .await
            {
                Ok(client) => break client,
                Err(e) if start.elapsed() > PATIENCE => panic!("no browser session: {e}"),
                Err(_) => tokio::time::sleep(Duration::from_millis(100)).await,
            }
        };
        Browser {
            client,
            _driver: driver,
            name: name.to_string(),
            profile,
        }
    }

    /// Where the page's downloads go.
    pub fn downloads(&self) -> PathBuf {
        self.profile.join("downloads")
    }

    /// Resizes the window so that the page is `width` px wide (the inner width: a phone is
    /// 420), `height` px high, and waits until the page has the new width.
    pub async fn resize(&self, width: u32, height: u32) {
        self.client
            .set_window_size(width, height)
            .await
            .unwrap_or_else(|e| panic!("a window {width} x {height}: {e}"));
        self.wait(
            &format!("a page {width} px wide"),
            &format!("window.innerWidth === {width}"),
        )
        .await;
    }

    /// Opens the page and waits until it has the server's state.
    pub async fn open(&self, url: &str) {
        self.client.goto(url).await.expect("open the page");
        self.wait("the page is ready", "document.body.dataset.ready === '1'")
            .await;
    }

    /// Runs `script` (a function body; `arguments` holds `args`).
    pub async fn js(&self, script: &str, args: Vec<Value>) -> Value {
        self.client
            .execute(script, args)
            .await
            .unwrap_or_else(|e| panic!("script failed: {e}\n{script}"))
    }

    /// The text of the first element matching `css`, empty when there is none.
    pub async fn text(&self, css: &str) -> String {
        self.js(
            "const n = document.querySelector(arguments[0]); return n ? n.textContent : '';",
            vec![json!(css)],
        )
        .await
        .as_str()
        .unwrap_or_default()
        .to_string()
    }

    /// The value of a JavaScript expression.
    pub async fn eval(&self, expression: &str) -> Value {
        self.js(&format!("return ({expression});"), Vec::new())
            .await
    }

    /// The page's last game state.
    pub async fn state(&self) -> Value {
        self.eval("window.senteApp.store.state").await
    }

    /// Waits until `expression` is true on the page; on time-out saves a screenshot and fails
    /// naming `what`.
    pub async fn wait(&self, what: &str, expression: &str) {
        let start = Instant::now();
        loop {
            let value = self
                .client
                .execute(&format!("return Boolean({expression});"), Vec::new())
                .await;
            if let Ok(Value::Bool(true)) = value {
                return;
            }
            if start.elapsed() > PATIENCE {
                self.shot("timeout").await;
                let state = self.state().await;
                let columns = self.eval("window.senteApp?.store.columns").await;
                let toasts = self
                    .eval("[...document.querySelectorAll('.toast')].map(t => t.textContent)")
                    .await;
                panic!(
                    "{}: timed out waiting for {what} ({expression}); state: {state}; \
                     columns: {columns}; messages: {toasts}",
                    self.name
                );
            }
            tokio::time::sleep(Duration::from_millis(40)).await;
        }
    }

    /// Waits until the page has drawn its next frame: what a view draws on the frame after
    /// the store changes (the board after `review-board`: a lesson's position, a move tried
    /// and its reply) is drawn by then, since its frame was asked for first.
    pub async fn next_frame(&self) {
        self.js(
            "window.senteFramed = false; requestAnimationFrame(() => { window.senteFramed = true; });",
            Vec::new(),
        )
        .await;
        self.wait("the next frame", "window.senteFramed === true")
            .await;
    }

    /// Sends a message as the page would.
    pub async fn send(&self, message: Value) {
        self.js("window.senteApp.send(arguments[0]);", vec![message])
            .await;
    }

    /// The element matching `css`, waited for while the page draws it (a loaded machine may
    /// draw it late); PATIENCE is only a hang guard.
    async fn find_waiting(&self, css: &str) -> fantoccini::elements::Element {
        let start = Instant::now();
        loop {
            match self.client.find(Locator::Css(css)).await {
                Ok(element) => return element,
                Err(e) if start.elapsed() > PATIENCE => {
                    self.shot("timeout").await;
                    panic!("{}: no element '{css}': {e}", self.name)
                }
                Err(_) => tokio::time::sleep(Duration::from_millis(40)).await,
            }
        }
    }

    /// Clicks the element matching `css`. A board redrawn between finding the element and
    /// clicking it (a message arrived) leaves a stale reference, and a list still scrolling
    /// an element into view leaves it under another one or not yet clickable: the element is
    /// found and clicked again until it takes the click (as a person clicks again once the
    /// page has settled), within `PATIENCE`.
    pub async fn click(&self, css: &str) {
        let start = Instant::now();
        loop {
            let element = self.find_waiting(css).await;
            match element.click().await {
                Ok(()) => return,
                Err(e) if settling(&e) && start.elapsed() <= PATIENCE => {
                    tokio::time::sleep(Duration::from_millis(40)).await;
                }
                Err(e) => {
                    self.shot_here("click-failed").await;
                    panic!("{}: cannot click '{css}': {e}", self.name)
                }
            }
        }
    }

    /// Sets a form field's value (and fires `change`).
    pub async fn set_value(&self, css: &str, value: &str) {
        self.js(
            "const n = document.querySelector(arguments[0]); n.value = arguments[1]; \
             n.dispatchEvent(new Event('change', {bubbles: true}));",
            vec![json!(css), json!(value)],
        )
        .await;
    }

    /// Types `text` (a fen, a move list or a Rush Hour line) in the Position box and applies it.
    pub async fn set_position(&self, text: &str) {
        self.set_value("#setup-text", text).await;
        self.click("#setup-apply").await;
    }

    /// Sets the position `moves` through the Position box and waits until the game holds
    /// that many moves.
    pub async fn set_moves(&self, moves: &str, count: usize) {
        self.set_position(moves).await;
        self.wait(
            "the position",
            &format!("window.senteApp.store.state.moves.length === {count}"),
        )
        .await;
    }

    /// Plays Connect Four `columns` by clicking them, waiting for each disc (the game starts
    /// empty).
    pub async fn click_columns(&self, columns: &[&str]) {
        for (i, column) in columns.iter().enumerate() {
            self.click(&format!("[data-move=\"{column}\"]")).await;
            self.wait(
                "the disc",
                &format!("window.senteApp.store.state.moves.length === {}", i + 1),
            )
            .await;
        }
    }

    /// A new Connect Four game on a `width` x `height` board, set in the rules form (the
    /// width first, then the height), once the board is drawn that size.
    pub async fn new_connect4_game(&self, width: u32, height: u32) {
        self.set_value("#variant", "connect4").await;
        self.wait(
            "the size fields",
            "document.getElementById('rule-Connect4Width')",
        )
        .await;
        self.set_value("#rule-Connect4Width", &width.to_string())
            .await;
        self.set_value("#rule-Connect4Height", &height.to_string())
            .await;
        self.click("#new-game").await;
        let row = ".".repeat(width as usize);
        self.wait(
            &format!("a {width} x {height} game"),
            &format!(
                "window.senteApp.store.state.fen.split('/').length === {height} && \
                 window.senteApp.store.state.fen.startsWith('{row}/')"
            ),
        )
        .await;
    }

    /// Once the solver has proven every legal column of the position shown: the store holds
    /// each column solved, the analysis says the proof, and the board has drawn every chip
    /// (the board draws on the frame after the store changes, the analysis view at once).
    pub async fn wait_columns_proven(&self) {
        self.wait(
            "every column proven, the proof shown and every chip drawn",
            "(() => { const c = window.senteApp.store.columns; \
               return c && c.fen === window.senteApp.store.state.fen && c.columns.length === window.senteApp.store.state.legal.length && \
                 c.columns.every((x) => x.status === 'solved') && \
                 document.getElementById('an-bar').dataset.proven === '1' && \
                 document.querySelectorAll('.c4-value').length === c.columns.length && \
                 !document.querySelector('.c4-value:not(.win):not(.loss):not(.draw)'); })()",
        )
        .await;
    }

    /// Starts a game against the engine from the Play panel: the person's `seat` (`p1`,
    /// `p2`) and a clock of `base` minutes and `inc` seconds a move.
    pub async fn play_with_clock(&self, seat: &str, base: &str, inc: &str) {
        self.click("#mode-play").await;
        self.set_value("#play-seat", seat).await;
        self.set_value("#play-time-kind", "clock").await;
        self.set_value("#play-base", base).await;
        self.set_value("#play-inc", inc).await;
        self.click("#start-play").await;
    }

    /// A new game of `variant` through the page's own controls (leaving a game against an
    /// engine that goes on: the page's question, asked at once, is answered "Leave the game").
    pub async fn new_game(&self, variant: &str) {
        self.set_value("#variant", variant).await;
        if self
            .eval("Boolean(document.getElementById('leave')?.open)")
            .await
            == true
        {
            self.click("#leave-confirm").await;
        }
        self.click("#new-game").await;
        self.wait(
            &format!("a new {variant} game"),
            &format!(
                "window.senteApp.store.state.variant === '{variant}' && \
                 window.senteApp.store.state.moves.length === 0"
            ),
        )
        .await;
    }

    /// Answers "Leave the game" to the question the page asks before a game against an engine
    /// is left (a new game, another game from the list, a position set).
    pub async fn leave_game(&self) {
        self.wait(
            "the question before leaving the game",
            "document.getElementById('leave')?.open",
        )
        .await;
        self.click("#leave-confirm").await;
    }

    /// Drags the element matching `css` by (dx, dy) page pixels with the mouse.
    pub async fn drag(&self, css: &str, dx: f64, dy: f64) {
        let rect = self
            .js(
                "const r = document.querySelector(arguments[0]).getBoundingClientRect(); \
                 return [r.left + r.width / 2, r.top + r.height / 2];",
                vec![json!(css)],
            )
            .await;
        let (x, y) = (
            rect[0].as_f64().expect("x").round(),
            rect[1].as_f64().expect("y").round(),
        );
        let steps = 6.0;
        let mut mouse = MouseActions::new("mouse".to_string())
            .then(PointerAction::MoveTo {
                duration: None,
                x,
                y,
            })
            .then(PointerAction::Down {
                button: MOUSE_BUTTON_LEFT,
            });
        for _ in 0..steps as usize {
            mouse = mouse.then(PointerAction::MoveBy {
                duration: Some(Duration::from_millis(20)),
                x: (dx / steps).round(),
                y: (dy / steps).round(),
            });
        }
        mouse = mouse.then(PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        });
        self.client
            .perform_actions(mouse)
            .await
            .expect("drag with the mouse");
        let _ = self.client.release_actions().await;
    }

    /// Presses and releases `key` (a character, or a `fantoccini::key::Key` as a char) on
    /// whatever has the focus, as a person's keyboard does.
    pub async fn press(&self, key: char) {
        let keys = KeyActions::new("keyboard".to_string())
            .then(KeyAction::Down { value: key })
            .then(KeyAction::Up { value: key });
        self.client
            .perform_actions(keys)
            .await
            .expect("press a key");
        let _ = self.client.release_actions().await;
    }

    /// Saves `target/gui-screenshots/<test>-<label>.png` (or `<test>.png` for an empty label).
    pub async fn shot(&self, label: &str) -> PathBuf {
        // Clicks scroll the page; the picture shows it from the top, as a person opens it.
        let _ = self
            .client
            .execute("window.scrollTo(0, 0);", Vec::new())
            .await;
        let png = self.client.screenshot().await.expect("screenshot");
        let file = if label.is_empty() {
            format!("{}.png", self.name)
        } else {
            format!("{}-{label}.png", self.name)
        };
        let path = screenshot_dir().join(file);
        std::fs::write(&path, png).expect("write the screenshot");
        path
    }

    /// Saves `target/gui-screenshots/<test>-<label>.png` of the window as it is scrolled (a
    /// part of a long page, brought into view).
    pub async fn shot_here(&self, label: &str) -> PathBuf {
        let png = self.client.screenshot().await.expect("screenshot");
        let path = screenshot_dir().join(format!("{}-{label}.png", self.name));
        std::fs::write(&path, png).expect("write the screenshot");
        path
    }

    /// Ends the browser session.
    pub async fn close(self) {
        let _ = self.client.close().await;
    }
}

/// True for a click refused while the page settles: the element was redrawn (stale), lies
/// under another one (a list scrolling it into view), or cannot take a click yet.
fn settling(e: &fantoccini::error::CmdError) -> bool {
    use fantoccini::error::{CmdError, ErrorStatus};
    e.is_stale_element_reference()
        || e.is_element_not_interactable()
        || matches!(e, CmdError::Standard(w) if w.error == ErrorStatus::ElementClickIntercepted)
}
