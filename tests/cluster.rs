//! `scripts/ray_match.py` for real: a Ray head and a second Ray node on this machine (loopback
//! only, one CPU each, started by `scripts/ray_local.py`), a 40-game match through the driver
//! with one worker process killed on the way, checked against the same match played whole by
//! `sente match`; then an SPRT that the driver stops early. And `scripts/ray_rush_universe.py`:
//! the 5x5 Rush Hour universe with a wall in shards over the two nodes, a worker killed, equal
//! to the universe enumerated whole. The two tests take turns (one Ray at a time). Needs `python3` with `ray`
//! (`pip install -r scripts/requirements.txt`); when the build finds none (`build.rs`), `cargo
//! test` lists the tests as ignored, saying so, unless `SENTE_REQUIRE_RAY=1` (as `.ci/run` sets)
//! makes them run and fail. Every process it starts
//! carries an environment variable of its own, by which they are all killed at the end,
//! whatever happened.

mod common;

use common::{SENTE, games_by_round, temp_path};
use std::collections::BTreeSet;
use std::io::{BufRead, BufReader};
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
