//! `scripts/ray_match.py` for real: a Ray head and a second Ray node on this machine (loopback
//! only, one CPU each, started by `scripts/ray_local.py`), a 40-game match through the driver
//! with one worker process killed on the way, checked against the same match played whole by
//! `sente match`; then an SPRT that the driver stops early. And `scripts/ray_rush_universe.py`:
//! the 5x5 Rush Hour universe with a wall in shards over the two nodes, a worker killed, equal
//! to the universe enumerated whole. And `scripts/ray_solve.py`: whole Connect Four boards split
//! into tasks over the two nodes (a worker killed, a driver killed and run again on its store),
//! each the score `sente solve connect4` gives the empty board, split into exact tasks or into
//! the bounds a proof needs (`--bounds`, its prover also checked alone against negamax; the
//! scores the driver gives without sente checked against sente's on 5 x 5), or by workers
//! keeping their tables (`--keep-table`, one of them killed). The Ray tests take turns (one Ray at a time). Needs `python3` with `ray`
//! (`pip install -r scripts/requirements.txt`); when the build finds none (`build.rs`), `cargo
//! test` lists the tests as ignored, saying so, unless `SENTE_REQUIRE_RAY=1` (as `.ci/run` sets)
//! makes them run and fail. Every process it starts
//! carries an environment variable of its own, by which they are all killed at the end,
//! whatever happened.

mod common;

use common::{SENTE, games_by_round, temp_path};
use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Write};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Output, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Held by each test while its Ray runs: one local cluster at a time.
static ONE_RAY: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// The environment variable that marks this test's processes.
const TAG: &str = "SENTE_RAY_TEST";

fn script(name: &str) -> String {
    format!("{}/scripts/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// Fails, saying why, unless `python3` can import `ray` (the build looked for it: without it
/// the tests are ignored, unless `SENTE_REQUIRE_RAY=1`).
fn require_ray() {
    let imported = Command::new("python3")
        .args(["-c", "import ray"])
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    assert!(
        imported,
        "python3 cannot import ray (pip install -r scripts/requirements.txt)"
    );
}

/// Fields of /proc/<pid>/stat after the command name: state, ppid, pgrp, ...
fn stat_fields(pid: &str) -> Option<Vec<String>> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let rest = &stat[stat.rfind(')')? + 1..];
    Some(rest.split_whitespace().map(str::to_string).collect())
}

/// Live processes marked with `tag` or in process group `group`, with their command lines.
fn processes_of(tag: &str, group: u32) -> Vec<(i32, String)> {
    let marker = format!("{TAG}={tag}");
    let mut found = Vec::new();
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return found;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Ok(pid) = name.parse::<i32>() else {
            continue;
        };
        let Some(fields) = stat_fields(&name) else {
            continue;
        };
        if fields[0] == "Z" {
            continue;
        }
        let tagged = std::fs::read(entry.path().join("environ"))
            .is_ok_and(|env| env.split(|&b| b == 0).any(|v| v == marker.as_bytes()));
        if tagged || fields[2] == group.to_string() {
            let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
            found.push((pid, String::from_utf8_lossy(&cmdline).replace('\0', " ")));
        }
    }
    found
}

/// A Ray cluster of two nodes on this machine, and everything this test started under it:
/// dropped, it asks `ray_local.py` to shut Ray down, then kills whatever is left.
struct LocalRay {
    helper: Child,
    stdin: Option<ChildStdin>,
    dir: PathBuf,
    tag: String,
    address: String,
}

impl LocalRay {
    fn start() -> LocalRay {
        // Short: Ray's socket paths, under it, must stay within 107 bytes.
        let tag = format!("cluster-{}", std::process::id());
        let dir = PathBuf::from(format!("/tmp/sente-ray-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("ray")).expect("a Ray temp dir");
        let mut ray = LocalRay {
            helper: Command::new("python3")
                .arg(script("ray_local.py"))
                .args(["--nodes", "2", "--cpus", "1"])
                .envs(Self::env_of(&dir, &tag))
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(std::fs::File::create(dir.join("ray_local.err")).unwrap())
                .process_group(0)
                .spawn()
                .expect("python3 runs"),
            stdin: None,
            dir,
            tag,
            address: String::new(),
        };
        ray.stdin = ray.helper.stdin.take();
        let lines = BufReader::new(ray.helper.stdout.take().unwrap()).lines();
        let (sender, receiver) = mpsc::channel();
        std::thread::spawn(move || {
            for line in lines.map_while(Result::ok) {
                let _ = sender.send(line);
            }
        });
        let first = receiver.recv_timeout(Duration::from_secs(180));
        match first
            .as_deref()
            .ok()
            .and_then(|l| l.strip_prefix("address "))
        {
            Some(address) => ray.address = address.to_string(),
            None => panic!(
                "ray_local.py did not start ({first:?}): {}",
                std::fs::read_to_string(ray.dir.join("ray_local.err")).unwrap_or_default()
            ),
        }
        ray
    }

    fn env_of(dir: &Path, tag: &str) -> Vec<(String, String)> {
        vec![
            ("RAY_TMPDIR".into(), dir.display().to_string()),
            // The tasks' and the driver's temporary files too (a killed task leaves its own).
            ("TMPDIR".into(), dir.display().to_string()),
            ("RAY_USAGE_STATS_ENABLED".into(), "0".into()),
            (TAG.into(), tag.to_string()),
        ]
    }

    /// The environment of every process of the test.
    fn env(&self) -> Vec<(String, String)> {
        Self::env_of(&self.dir, &self.tag)
    }

    /// This test's processes still alive.
    fn survivors(&self) -> Vec<(i32, String)> {
        processes_of(&self.tag, self.helper.id())
    }
}

impl Drop for LocalRay {
    fn drop(&mut self) {
        // End of stdin: ray_local.py shuts the cluster down.
        drop(self.stdin.take());
        let deadline = Instant::now() + Duration::from_secs(30);
        while Instant::now() < deadline && matches!(self.helper.try_wait(), Ok(None)) {
            std::thread::sleep(Duration::from_millis(100));
        }
        for _ in 0..50 {
            let left = self.survivors();
            if left.is_empty() {
                break;
            }
            for (pid, _) in left {
                // SAFETY: kill has no memory effects.
                unsafe {
                    libc::kill(pid, libc::SIGKILL);
                }
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        let _ = self.helper.kill();
        let _ = self.helper.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The driver running under `ray`, its stdout read line by line.
struct Driver {
    child: Child,
    lines: mpsc::Receiver<String>,
    seen: Vec<String>,
}

impl Driver {
    fn start(ray: &LocalRay, match_args: &[String], out: &Path) -> Driver {
        let mut child = Command::new("python3")
            .arg(script("ray_match.py"))
            .args(["--sente", SENTE, "--address", &ray.address])
            .args(match_args)
            .arg("--out")
            .arg(out)
            .envs(ray.env())
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(ray.dir.join("driver.err")).unwrap())
            .spawn()
            .expect("python3 runs");
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in stdout.lines().map_while(Result::ok) {
                let _ = sender.send(line);
            }
        });
        Driver {
            child,
            lines,
            seen: Vec::new(),
        }
    }

    /// Reads until `count` games are announced; false if the output ends first.
    fn until_games(&mut self, count: usize) -> bool {
        let deadline = Instant::now() + Duration::from_secs(300);
        while self.games_seen() < count {
            match self
                .lines
                .recv_timeout(deadline.saturating_duration_since(Instant::now()))
            {
                Ok(line) => self.seen.push(line),
                Err(_) => return false,
            }
        }
        true
    }

    fn games_seen(&self) -> usize {
        self.seen
            .iter()
            .filter(|l| l.starts_with("Finished game "))
            .count()
    }

    /// Reads to the end; checks the driver succeeded; returns every line.
    fn finish(mut self, ray: &LocalRay) -> Vec<String> {
        let deadline = Instant::now() + Duration::from_secs(300);
        while let Ok(line) = self
            .lines
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
        {
            self.seen.push(line);
        }
        let status = self.child.wait().expect("the driver ends");
        assert!(
            status.success(),
            "driver: {status}\n{}\n{}",
            self.seen.join("\n"),
            std::fs::read_to_string(ray.dir.join("driver.err")).unwrap_or_default()
        );
        std::mem::take(&mut self.seen)
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Kills (SIGKILL) one Ray worker process while it runs a task of the driver's; its pid.
fn kill_a_worker(ray: &LocalRay) -> i32 {
    kill_a_worker_running(ray, "ray::play_rounds")
}

/// Kills (SIGKILL) one Ray worker process whose command line starts with `task`; its pid.
fn kill_a_worker_running(ray: &LocalRay, task: &str) -> i32 {
    let deadline = Instant::now() + Duration::from_secs(60);
    while Instant::now() < deadline {
        if let Some((pid, _)) = ray
            .survivors()
            .into_iter()
            .find(|(_, cmdline)| cmdline.starts_with(task))
        {
            // SAFETY: kill has no memory effects.
            unsafe {
                libc::kill(pid, libc::SIGKILL);
            }
            return pid;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    panic!("no Ray worker ran a task of the driver");
}

/// The closing lines: from the last `Score of` to the end.
fn summary(lines: &[String]) -> Vec<String> {
    let start = lines
        .iter()
        .rposition(|l| l.starts_with("Score of "))
        .expect("a summary");
    lines[start..].to_vec()
}

fn words(text: &str) -> Vec<String> {
    text.split_whitespace()
        .map(|w| w.replace("$SENTE", SENTE))
        .collect()
}

fn replayed(path: &Path) -> Output {
    Command::new(SENTE)
        .args(["match", "--replay"])
        .arg(path)
        .output()
        .expect("sente runs")
}

/// Connect Four from random openings between two fixed depths: every game is determined by
/// its number (about 0.2 s each on this machine).
const MATCH: &str = "--variant connect4 --games 40 --openings plies=4 --seed 7 \
    --engine cmd=$SENTE name=deep depth=12 \
    --engine cmd=$SENTE name=shallow depth=9 option.OwnBook=false --each option.Hash=8";

/// A clearly better engine: the SPRT accepts H1 within a few games.
const SPRT: &str = "--variant connect4 --games 400 --openings plies=4 --seed 7 \
    --engine cmd=$SENTE name=deep depth=10 \
    --engine cmd=$SENTE name=weak option.Algorithm=minimax option.OwnBook=false depth=2 \
    --each option.Hash=8 --sprt elo0=0 elo1=100 alpha=0.05 beta=0.05";

#[test]
#[cfg_attr(sente_no_ray, ignore = "python3 cannot import ray")]
fn a_match_over_two_ray_nodes_with_a_killed_worker_is_the_match_played_whole() {
    require_ray();
    let _turn = ONE_RAY.lock().unwrap_or_else(|e| e.into_inner());
    // The reference, before Ray's processes share the CPUs.
    let whole = temp_path("whole.txt");
    let output = Command::new(SENTE)
        .arg("match")
        .args(words(MATCH))
        .args(["--concurrency", "2", "--out"])
        .arg(&whole)
        .output()
        .expect("sente runs");
    assert!(output.status.success());
    let whole_lines: Vec<String> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(str::to_string)
        .collect();

    let ray = LocalRay::start();
    let merged = temp_path("ray.txt");
    let mut driver = Driver::start(&ray, &words(MATCH), &merged);
    assert!(driver.until_games(6), "{}", driver.seen.join("\n"));
    let killed = kill_a_worker(&ray);
    let lines = driver.finish(&ray);
    let text = lines.join("\n");
    // Shown with --nocapture.
    eprintln!("{text}");

    // The killed task was reported (and its unsent games retried), on two nodes.
    assert!(
        lines
            .iter()
            .any(|l| l.contains("failed on node") && l.contains("WorkerCrashedError")),
        "worker {killed} killed:\n{text}"
    );
    let per_node = lines
        .iter()
        .find_map(|l| l.strip_prefix("Games per node: "))
        .expect("games per node");
    let nodes: BTreeSet<&str> = per_node
        .split(';')
        .next()
        .unwrap_or("")
        .split(", ")
        .filter_map(|entry| entry.split(' ').next())
        .collect();
    assert_eq!(nodes.len(), 2, "{per_node}");
    // Every game once, as the match played whole has it.
    let games = games_by_round(&merged);
    assert_eq!(
        games.keys().copied().collect::<Vec<_>>(),
        (1..=40).collect::<Vec<_>>()
    );
    assert_eq!(games, games_by_round(&whole));
    assert_eq!(summary(&lines), summary(&whole_lines), "{text}");
    assert_eq!(lines.last().map(String::as_str), Some("Finished match"));
    let replay = replayed(&merged);
    assert!(
        String::from_utf8_lossy(&replay.stdout).contains("Replayed 40 games: 40 ok, 0 with errors")
    );

    // The SPRT stops the scheduling early; the running tasks are finished and counted.
    let sprt = temp_path("sprt.txt");
    let lines = Driver::start(&ray, &words(SPRT), &sprt).finish(&ray);
    let text = lines.join("\n");
    eprintln!("{text}");
    assert!(text.contains("SPRT decided after "), "{text}");
    let last = summary(&lines);
    assert!(
        last.iter().any(|l| l.ends_with("H1 was accepted")),
        "{text}"
    );
    let played: usize = last[0]
        .rsplit(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .expect("the games in the score line");
    assert!(played < 100, "{played} games:\n{text}");
    let games = games_by_round(&sprt);
    assert_eq!(games.len(), played);
    let replay = replayed(&sprt);
    assert!(replay.status.success());

    for path in [&whole, &merged, &sprt] {
        let _ = std::fs::remove_file(path);
    }
    let (tag, group) = (ray.tag.clone(), ray.helper.id());
    drop(ray);
    assert_eq!(processes_of(&tag, group), Vec::new(), "left behind");
}

#[test]
#[cfg_attr(sente_no_ray, ignore = "python3 cannot import ray")]
fn a_universe_over_two_ray_nodes_with_a_killed_worker_is_the_universe_enumerated_whole() {
    require_ray();
    let _turn = ONE_RAY.lock().unwrap_or_else(|e| e.into_inner());
    let expected_path = format!(
        "{}/tests/data/rushhour/universe/5x5-walls1.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let expected = std::fs::read_to_string(&expected_path).expect("the 5x5 universe with a wall");
    let ray = LocalRay::start();
    let out = temp_path("universe.txt");
    let mut child = Command::new("python3")
        .arg(script("ray_rush_universe.py"))
        .args(["--sente", SENTE, "--address", &ray.address])
        .args(["--shards", "12", "--size", "5", "--walls", "1", "--out"])
        .arg(&out)
        .envs(ray.env())
        .stdout(Stdio::piped())
        .stderr(std::fs::File::create(ray.dir.join("universe.err")).unwrap())
        .spawn()
        .expect("python3 runs");
    let killed = kill_a_worker_running(&ray, "ray::run_shard");
    let mut stdout = String::new();
    std::io::Read::read_to_string(&mut child.stdout.take().unwrap(), &mut stdout)
        .expect("the driver's output");
    let status = child.wait().expect("the driver ends");
    eprintln!("{stdout}");
    assert!(
        status.success(),
        "driver: {status}\n{stdout}\n{}",
        std::fs::read_to_string(ray.dir.join("universe.err")).unwrap_or_default()
    );
    assert!(
        stdout.contains("failed: WorkerCrashedError; retrying"),
        "worker {killed} killed:\n{stdout}"
    );
    let per_node = stdout
        .lines()
        .find_map(|l| l.strip_prefix("Shards per node: "))
        .expect("shards per node");
    assert_eq!(
        per_node.split(';').next().unwrap_or("").split(", ").count(),
        2,
        "{per_node}"
    );
    assert!(
        stdout
            .contains("2988670 boards generated, 1655079 clusters, 831255 solvable, 6041 puzzles")
    );
    let merged = std::fs::read_to_string(&out).expect("the merged lines");
    assert!(
        merged == expected,
        "the merged universe differs from {expected_path}"
    );
    let _ = std::fs::remove_file(&out);
    let (tag, group) = (ray.tag.clone(), ray.helper.id());
    drop(ray);
    assert_eq!(processes_of(&tag, group), Vec::new(), "left behind");
}

/// `sente solve connect4` run directly on the empty `width` x `height` board: its score.
fn solved_directly(width: u8, height: u8) -> i32 {
    let mut child = Command::new(SENTE)
        .args(["solve", "connect4", "--width"])
        .arg(width.to_string())
        .arg("--height")
        .arg(height.to_string())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("sente runs");
    child.stdin.take().unwrap().write_all(b"\n").unwrap();
    let output = child.wait_with_output().expect("sente solves");
    let line = String::from_utf8_lossy(&output.stdout).to_string();
    line.split_whitespace()
        .next()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("sente solve printed {line:?}"))
}

/// The empty board's score in `tests/data/connect4/sizes.txt` (Steininger's and Tromp's
/// tables): a first-player win ending on move `m` scores `(W * H + 1 - (m - 1)) / 2`.
fn published_score(width: u8, height: u8) -> i32 {
    let path = format!(
        "{}/tests/data/connect4/sizes.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).expect("sizes.txt");
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let w: Vec<&str> = line.split_whitespace().collect();
        if w[0] == width.to_string() && w[1] == height.to_string() {
            let last: i32 = w[3].parse().unwrap();
            let score = (i32::from(width) * i32::from(height) + 2 - last) / 2;
            return match w[2] {
                "first" => score,
                "second" => -score,
                _ => 0,
            };
        }
    }
    panic!("{width}x{height} not in {path}");
}

/// `scripts/ray_solve.py` with `args`, its stderr read line by line.
struct Solve {
    child: Child,
    lines: mpsc::Receiver<String>,
    seen: Vec<String>,
}

impl Solve {
    fn start(env: &[(String, String)], args: &[&str]) -> Solve {
        let mut child = Command::new("python3")
            .arg(script("ray_solve.py"))
            .args(["--sente", SENTE])
            .args(args)
            .envs(env.iter().cloned())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("python3 runs");
        let stderr = BufReader::new(child.stderr.take().unwrap());
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in stderr.lines().map_while(Result::ok) {
                let _ = sender.send(line);
            }
        });
        Solve {
            child,
            lines,
            seen: Vec::new(),
        }
    }

    /// Reads stderr until a line equal to `wanted`, or `wanted` followed by a comma and more
    /// (a progress line's time into the run); false if it ends first.
    fn until_line(&mut self, wanted: &str) -> bool {
        let deadline = Instant::now() + Duration::from_secs(300);
        while let Ok(line) = self
            .lines
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
        {
            self.seen.push(line);
            let line = self.seen.last().map(String::as_str).unwrap_or_default();
            if line == wanted
                || line
                    .strip_prefix(wanted)
                    .is_some_and(|r| r.starts_with(','))
            {
                return true;
            }
        }
        false
    }

    /// Waits for the driver to succeed: (its stdout, its stderr lines).
    fn finish(mut self) -> (String, Vec<String>) {
        let mut stdout = String::new();
        std::io::Read::read_to_string(&mut self.child.stdout.take().unwrap(), &mut stdout)
            .expect("the driver's output");
        let status = self.child.wait().expect("the driver ends");
        while let Ok(line) = self.lines.recv_timeout(Duration::from_secs(30)) {
            self.seen.push(line);
        }
        assert!(
            status.success(),
            "ray_solve.py: {status}\n{stdout}\n{}",
            self.seen.join("\n")
        );
        (stdout, std::mem::take(&mut self.seen))
    }
}

impl Drop for Solve {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The empty board's line (`<moves> <score> <nodes> <microseconds>`, the moves empty):
/// (score, nodes).
fn empty_board_line(stdout: &str) -> (i32, u64) {
    let words: Vec<&str> = stdout.split_whitespace().collect();
    assert!(
        stdout.starts_with(' ') && stdout.lines().count() == 1 && words.len() == 3,
        "{stdout:?}"
    );
    let microseconds: f64 = words[2].parse().expect("microseconds");
    assert!(microseconds > 0.0, "{stdout:?}");
    (
        words[0].parse().expect("a score"),
        words[1].parse().expect("nodes"),
    )
}

/// `ray_solve.py` with `args` killed once its stderr says `line`, then run again on the same
/// `store` to the end: (the store's lines at the kill, the second run's stdout and stderr lines).
fn killed_and_resumed(
    env: &[(String, String)],
    args: &[&str],
    store: &Path,
    line: &str,
) -> (String, String, Vec<String>) {
    let mut first = Solve::start(env, args);
    assert!(first.until_line(line), "{}", first.seen.join("\n"));
    first.child.kill().expect("the driver is killed");
    first.child.wait().expect("the driver ends");
    let kept = std::fs::read_to_string(store.join("solved.txt")).expect("the store's lines");
    let (stdout, lines) = Solve::start(env, args).finish();
    eprintln!("{stdout}{}", lines.join("\n"));
    (kept, stdout, lines)
}

/// Fails unless every line of a `--bounds` store answers a question (`<moves> >=t` or
/// `<moves> <t`, its nodes and microseconds) no other line answers.
fn assert_asked_once(store: &str) {
    let questions: BTreeSet<(&str, &str)> = store
        .lines()
        .map(|l| {
            let words: Vec<&str> = l.split(' ').collect();
            assert!(
                words.len() == 4 && (words[1].starts_with(">=") || words[1].starts_with('<')),
                "{l}"
            );
            (words[0], words[1].trim_start_matches(['>', '=', '<']))
        })
        .collect();
    assert_eq!(
        questions.len(),
        store.lines().count(),
        "asked twice:\n{store}"
    );
}

/// `ray_solve.py --status` on the finished 6 x 5 store at ply 4: the answers counted, the
/// empty board's `score` proven, every first move's score at most it and one's at least it.
fn assert_status_proves(store: &str, score: i32, answers: usize) {
    let output = Command::new("python3")
        .arg(script("ray_solve.py"))
        .args(["--width", "6", "--height", "5", "--depth", "4", "--status"])
        .args(["--store", store])
        .output()
        .expect("python3 runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let lines: Vec<Vec<&str>> = stdout.lines().map(|l| l.split(' ').collect()).collect();
    assert!(
        lines.len() == 5 && lines[0][0] == "store" && lines[0][1] == answers.to_string(),
        "{stdout}"
    );
    assert_eq!(
        lines[1],
        ["empty", &score.to_string(), &score.to_string()],
        "{stdout}"
    );
    let moves: Vec<(i32, i32)> = lines[2..]
        .iter()
        .map(|w| {
            assert!(w.len() == 4 && w[0] == "move", "{stdout}");
            (w[2].parse().expect("a low"), w[3].parse().expect("a high"))
        })
        .collect();
    assert_eq!(
        lines[2..].iter().map(|w| w[1]).collect::<Vec<_>>(),
        ["3,4", "2,5", "1,6"],
        "{stdout}"
    );
    assert!(moves.iter().all(|&(_, high)| high <= score), "{stdout}");
    assert!(moves.iter().any(|&(low, _)| low >= score), "{stdout}");
}

/// The nodes of a store's lines (`<moves> <answer> <nodes> <microseconds>`), summed.
fn stored_nodes(store: &str) -> u64 {
    store
        .lines()
        .map(|l| {
            l.split(' ')
                .nth(2)
                .and_then(|n| n.parse::<u64>().ok())
                .unwrap_or_else(|| panic!("not a store's line: {l:?}"))
        })
        .sum()
}

#[test]
#[cfg_attr(sente_no_python3, ignore = "no python3")]
fn the_bounds_split_proves_the_negamax_of_random_task_scores() {
    // `--bounds`' Prover against the split's negamax: 300 small splits with random task
    // scores, answered in a random order, some questions handed back (no Ray: python3 alone).
    let output = Command::new("python3")
        .arg(format!(
            "{}/tests/scripts/ray_solve_bounds_check.py",
            env!("CARGO_MANIFEST_DIR")
        ))
        .arg("300")
        .output()
        .expect("python3 runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success() && stdout.trim() == "checked 300 splits",
        "{stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
#[cfg_attr(sente_no_python3, ignore = "no python3")]
fn the_scores_ray_solve_decides_alone_are_sentes_on_an_odd_board() {
    // 5 x 5 split at ply 8: the wins at once the driver scores by its own rule, the losses at
    // once its low limit stands for, and 200 tasks within its limits, each against sente's
    // solver (25 cells: the rules the driver once confused differ at every other ply).
    let output = Command::new("python3")
        .arg(format!(
            "{}/tests/scripts/ray_solve_split_check.py",
            env!("CARGO_MANIFEST_DIR")
        ))
        .args([SENTE, "5", "5", "8"])
        .output()
        .expect("python3 runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success()
            && stdout.trim() == "checked 1954 decided, 20 lost and 200 tasks on 5x5",
        "{stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
#[cfg_attr(sente_no_python3, ignore = "no python3")]
fn the_whole_4x4_tree_through_ray_solve_is_sentes_score_with_no_task() {
    // Split at its last ply, the 4 x 4 board is all decided in the driver (wins before the
    // split, full boards): its negamax and rules alone, beside sente's solver. No Ray is needed.
    let (stdout, lines) =
        Solve::start(&[], &["--width", "4", "--height", "4", "--depth", "16"]).finish();
    assert_eq!(empty_board_line(&stdout), (solved_directly(4, 4), 0));
    assert_eq!(solved_directly(4, 4), published_score(4, 4));
    assert!(
        lines.iter().any(|l| l.contains(
            "65773 positions, 13548 decided before the split, 0 tasks: 0 in the store, 0 to solve"
        )),
        "{}",
        lines.join("\n")
    );
}

#[test]
#[cfg_attr(sente_no_ray, ignore = "python3 cannot import ray")]
fn whole_boards_solved_over_two_ray_nodes_are_sentes_scores_and_a_killed_run_resumes() {
    require_ray();
    let _turn = ONE_RAY.lock().unwrap_or_else(|e| e.into_inner());
    // The references, before Ray's processes share the CPUs.
    let direct: Vec<((u8, u8), i32)> = [(7, 4), (6, 5), (6, 4), (4, 4)]
        .into_iter()
        .map(|(w, h)| ((w, h), solved_directly(w, h)))
        .collect();
    for &((w, h), score) in &direct {
        assert_eq!(score, published_score(w, h), "{w}x{h}");
    }
    let direct = |w: u8, h: u8| direct.iter().find(|d| d.0 == (w, h)).unwrap().1;
    let ray = LocalRay::start();
    let env = ray.env();
    let at = ["--address", ray.address.as_str()];

    // 7 x 4 at ply 2 (25 positions), one task a position, a worker killed on the way.
    let solve = Solve::start(
        &env,
        &[&at[..], &["--width", "7", "--height", "4", "--depth", "2"]].concat(),
    );
    let killed = kill_a_worker_running(&ray, "ray::solve_positions");
    let (stdout, lines) = solve.finish();
    let text = lines.join("\n");
    eprintln!("{stdout}{text}");
    assert_eq!(empty_board_line(&stdout).0, direct(7, 4), "{text}");
    assert!(
        lines
            .iter()
            .any(|l| l.contains(" failed ") && l.contains("WorkerCrashedError")),
        "worker {killed} killed:\n{text}"
    );
    assert!(
        text.contains("25 tasks: 0 in the store, 25 to solve"),
        "{text}"
    );

    // 6 x 4 (a second-player win) and 4 x 4 at ply 8 (positions won before the split).
    for (w, h, depth, count) in [("6", "4", "2", "18 tasks"), ("4", "4", "8", "2212 tasks")] {
        let (stdout, lines) = Solve::start(
            &env,
            &[
                &at[..],
                &["--width", w, "--height", h, "--depth", depth],
                &[
                    "--hash",
                    "1",
                    "--task-positions",
                    "200",
                    "--progress-every",
                    "1000",
                ],
            ]
            .concat(),
        )
        .finish();
        let text = lines.join("\n");
        eprintln!("{stdout}{text}");
        let (w, h) = (w.parse().unwrap(), h.parse().unwrap());
        assert_eq!(empty_board_line(&stdout).0, direct(w, h), "{text}");
        assert!(text.contains(count), "{text}");
    }
    assert!(published_score(6, 4) < 0);

    // 6 x 5 at ply 2 (18 positions): the driver killed after 3 are stored, then run again on
    // the same store: it solves only the rest, and its nodes are those the store holds.
    let store = temp_path("store");
    let store_text = store.display().to_string();
    let args = [
        &at[..],
        &["--width", "6", "--height", "5", "--depth", "2"],
        &[
            "--store",
            &store_text,
            "--task-positions",
            "1",
            "--progress-every",
            "1",
        ],
    ]
    .concat();
    let (kept, stdout, lines) =
        killed_and_resumed(&env, &args, &store, "ray_solve: 3 of 18 positions solved");
    let solved = store.join("solved.txt");
    let stored = kept.lines().count();
    assert!((3..18).contains(&stored), "{kept}");
    let text = lines.join("\n");
    assert!(
        text.contains(&format!(
            "18 tasks: {stored} in the store, {} to solve",
            18 - stored
        )),
        "{text}"
    );
    assert!(
        text.contains(&format!("positions solved here: {};", 18 - stored)),
        "{text}"
    );
    let all = std::fs::read_to_string(&solved).expect("the store's positions");
    assert!(all.starts_with(&kept));
    let moves: BTreeSet<&str> = all
        .lines()
        .map(|l| l.split(' ').next().unwrap_or(""))
        .collect();
    assert_eq!((all.lines().count(), moves.len()), (18, 18), "{all}");
    let nodes = stored_nodes(&all);
    assert_eq!(empty_board_line(&stdout), (direct(6, 5), nodes), "{text}");

    // `--sample` larger than the split draws every task: here all in the store, so nothing is
    // solved and the "estimate" is the stored times' sum, with no spread.
    let (stdout, lines) = Solve::start(&env, &[&args[..], &["--sample", "40"]].concat()).finish();
    let text = lines.join("\n");
    assert!(
        text.contains("18 tasks, 18 drawn: 18 in the store, 0 to solve"),
        "{text}"
    );
    let mut seconds: Vec<f64> = all
        .lines()
        .map(|l| {
            l.split(' ')
                .nth(3)
                .and_then(|t| t.parse::<f64>().ok())
                .unwrap()
                / 1e6
        })
        .collect();
    seconds.sort_by(f64::total_cmp);
    let sum: f64 = seconds.iter().sum();
    let report: Vec<&str> = stdout.lines().collect();
    assert!(
        report[0].starts_with(&format!(
            "sample 18 of 18 tasks at ply 2: {sum:.2} s, {nodes} nodes"
        )),
        "{stdout}"
    );
    let cpu = report[1]
        .strip_prefix("tasks ")
        .and_then(|r| r.split_once(" s of CPU (95% "))
        .unwrap_or_else(|| panic!("{stdout}"));
    assert_eq!(cpu.1, format!("{}-{})", cpu.0, cpu.0), "{stdout}");
    let workers: Vec<&str> = report[2..]
        .iter()
        .map(|l| l.split(' ').nth(1).unwrap_or(""))
        .collect();
    assert_eq!(workers, ["2", "64", "1024"], "{stdout}");
    let _ = std::fs::remove_dir_all(&store);

    // A sample of 5 of 6 x 4's 18 tasks: only those are solved and stored, and the estimate
    // of the whole split comes with its interval.
    let store = temp_path("sample");
    let store_text = store.display().to_string();
    let args = [
        &at[..],
        &[
            "--width", "6", "--height", "4", "--depth", "2", "--sample", "5",
        ],
        &["--store", &store_text, "--workers", "3"],
    ]
    .concat();
    let (stdout, lines) = Solve::start(&env, &args).finish();
    let text = lines.join("\n");
    eprintln!("{stdout}{text}");
    assert!(
        text.contains("18 tasks, 5 drawn: 0 in the store, 5 to solve"),
        "{text}"
    );
    let sampled = std::fs::read_to_string(store.join("solved.txt")).expect("the sample");
    assert_eq!(sampled.lines().count(), 5, "{sampled}");
    let report: Vec<&str> = stdout.lines().collect();
    assert_eq!(report.len(), 3, "{stdout}");
    assert!(
        report[0].starts_with("sample 5 of 18 tasks at ply 2: "),
        "{stdout}"
    );
    assert!(
        report[1].starts_with("tasks ") && report[2].starts_with("workers 3 "),
        "{stdout}"
    );
    let _ = std::fs::remove_dir_all(&store);

    // `--bounds`: 6 x 5 at ply 4, each task asked only the bound its parent needs; the driver
    // killed after 10 answers, then run again on the same store: it asks nothing twice, and
    // its nodes are those of the store's lines.
    let store = temp_path("bounds");
    let store_text = store.display().to_string();
    let args = [
        &at[..],
        &["--width", "6", "--height", "5", "--depth", "4", "--bounds"],
        &[
            "--store",
            &store_text,
            "--task-positions",
            "2",
            "--progress-every",
            "1",
        ],
    ]
    .concat();
    let (kept, stdout, lines) =
        killed_and_resumed(&env, &args, &store, "ray_solve: 10 bounds proven");
    assert!(kept.lines().count() >= 10, "{kept}");
    let text = lines.join("\n");
    assert!(
        text.contains("ray_solve: 6x5 split at ply 4, each position there asked a bound"),
        "{text}"
    );
    assert!(
        text.contains("ray_solve: the empty board scores less than 1")
            && text.contains("ray_solve: the empty board scores at least 0"),
        "{text}"
    );
    // Each progress line says how far the empty board's open question is.
    assert!(
        lines.iter().any(|l| l.starts_with("ray_solve: ")
            && l.contains(" bounds proven, ")
            && l.contains("?: ")
            && l.ends_with(" of its 3 first moves settled")),
        "{text}"
    );
    let all = std::fs::read_to_string(store.join("solved.txt")).expect("the store's answers");
    assert!(all.starts_with(&kept));
    assert_asked_once(&all);
    assert!(all.lines().count() < 330, "{all}");
    assert_eq!(
        empty_board_line(&stdout),
        (direct(6, 5), stored_nodes(&all)),
        "{text}"
    );
    assert_status_proves(&store_text, direct(6, 5), all.lines().count());
    let _ = std::fs::remove_dir_all(&store);

    // `--bounds --keep-table`: one actor a CPU keeping its `sente solve` and its table, each
    // line its own bound; one actor killed after 5 answers is replaced and its questions sent
    // again. The same score, nothing asked twice, the nodes those of the store's lines.
    let store = temp_path("kept");
    let store_text = store.display().to_string();
    let args = [
        &at[..],
        &["--width", "6", "--height", "5", "--depth", "4", "--bounds"],
        &[
            "--keep-table",
            "--store",
            &store_text,
            "--progress-every",
            "1",
        ],
    ]
    .concat();
    let mut solve = Solve::start(&env, &args);
    assert!(
        solve.until_line("ray_solve: 5 bounds proven"),
        "{}",
        solve.seen.join("\n")
    );
    let killed = kill_a_worker_running(&ray, "ray::KeptSolver");
    let (stdout, lines) = solve.finish();
    let text = lines.join("\n");
    eprintln!("{stdout}{text}");
    assert!(
        lines
            .iter()
            .any(|l| l.contains(" failed ") && l.contains("ActorDiedError")),
        "actor {killed} killed:\n{text}"
    );
    let all = std::fs::read_to_string(store.join("solved.txt")).expect("the store's answers");
    assert_asked_once(&all);
    assert_eq!(
        empty_board_line(&stdout),
        (direct(6, 5), stored_nodes(&all)),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&store);

    // `--bounds` on a store that says a solver gave `33` up (`--task-seconds`): the question
    // the proof asks of `33` first is asked of its children instead, one ply deeper.
    let store = temp_path("given-up");
    std::fs::create_dir_all(&store).expect("a store");
    std::fs::write(store.join("solved.txt"), "33 unknown 0 0.00\n").expect("its line");
    let store_text = store.display().to_string();
    let args = [
        &at[..],
        &["--width", "6", "--height", "5", "--depth", "2", "--bounds"],
        &["--store", &store_text, "--task-seconds", "600"],
    ]
    .concat();
    let (stdout, lines) = Solve::start(&env, &args).finish();
    let text = lines.join("\n");
    eprintln!("{stdout}{text}");
    let all = std::fs::read_to_string(store.join("solved.txt")).expect("the store's answers");
    let moves: Vec<&str> = all
        .lines()
        .map(|l| l.split(' ').next().unwrap_or(""))
        .collect();
    assert_eq!(moves.iter().filter(|m| **m == "33").count(), 1, "{all}");
    assert!(
        moves.iter().any(|m| m.len() == 3 && m.starts_with("33")),
        "{all}"
    );
    assert!(moves.iter().all(|m| m.len() <= 3), "{all}");
    assert_eq!(
        empty_board_line(&stdout),
        (direct(6, 5), stored_nodes(&all)),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&store);

    let (tag, group) = (ray.tag.clone(), ray.helper.id());
    drop(ray);
    assert_eq!(processes_of(&tag, group), Vec::new(), "left behind");
}
