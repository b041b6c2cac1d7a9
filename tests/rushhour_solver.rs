//! The Rush Hour puzzle searches against `tests/data/rushhour`: every algorithm with every
//! estimate finds a solution of the optimal length on the course's puzzles and on puzzles of the
//! public database, in both metrics, and the solution really solves the puzzle; A* with the
//! estimate 0 expands the states of breadth-first search in the same order; every estimate
//! stays at or below the exact distance on every state of each puzzle's reachable set.

use sente::games::Game;
use sente::games::rushhour::heuristics::Heuristic;
use sente::games::rushhour::{Metric, RushHour};
use sente::search::control::Control;
use sente::search::limits::Limits;
use sente::search::puzzle::{PuzzleResult, PuzzleStats, astar, breadth_first, ida_star};
use std::collections::{HashMap, VecDeque};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// A puzzle of a vector file with its optimal lengths.
struct Vector {
    board: String,
    steps: usize,
    slides: usize,
    /// States reachable from the board (the database's cluster size), when known.
    reachable: Option<usize>,
}

impl Vector {
    fn optimal(&self, metric: Metric) -> usize {
        match metric {
            Metric::Steps => self.steps,
            Metric::Slides => self.slides,
        }
    }
}

/// `course-puzzles.txt` (`<board> <steps> <slides> ...`) or `database-puzzles.txt`
/// (`<board> <steps> <slides> <reachable states>`).
fn vectors(file: &str) -> Vec<Vector> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/rushhour")
        .join(file);
    let text = std::fs::read_to_string(&path).expect("vector file");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            Vector {
                board: words[0].to_string(),
                steps: words[1].parse().expect("steps"),
                slides: words[2].parse().expect("slides"),
                reachable: (file == "database-puzzles.txt")
                    .then(|| words[3].parse().expect("cluster size")),
            }
        })
        .collect()
}

fn all_vectors() -> Vec<Vector> {
    let mut all = vectors("course-puzzles.txt");
    assert!(all.len() >= 6);
    let database = vectors("database-puzzles.txt");
    assert!(database.len() >= 12);
    all.extend(database);
    all
}

/// The searches compared: breadth-first, then A* and IDA* with each estimate.
#[derive(Clone, Copy, Debug)]
enum Search {
    Bfs,
    AStar(Heuristic),
    IdaStar(Heuristic),
}

fn searches() -> Vec<Search> {
    let mut all = vec![Search::Bfs];
    for (_, h) in Heuristic::ALL {
        all.push(Search::AStar(h));
        all.push(Search::IdaStar(h));
    }
    all
}

fn run(pos: &RushHour, search: Search, stats: &mut PuzzleStats) -> PuzzleResult<(u8, i8)> {
    let stop = AtomicBool::new(false);
    let mut control = Control::new(&stop, &Limits::default(), Instant::now());
    match search {
        Search::Bfs => breadth_first(pos, &mut control, stats),
        Search::AStar(h) => astar(pos, &|p: &RushHour| h.estimate(p), &mut control, stats),
        Search::IdaStar(h) => ida_star(
            pos,
            &|p: &RushHour| h.estimate(p),
            &mut control,
            stats,
            1 << 20,
        ),
    }
}

/// The length of the solution `search` finds, after checking that it solves the puzzle.
fn solve(board: &str, metric: Metric, search: Search) -> usize {
    let pos = RushHour::parse(board, metric).expect("board");
    let PuzzleResult::Solved(line) = run(&pos, search, &mut PuzzleStats::default()) else {
        panic!("{board} {metric:?} {search:?}: not solved");
    };
    let mut after = pos.clone();
    for &mv in &line {
        let text = after.move_text(mv);
        let checked = after.parse_move(&text).expect("a legal move");
        after.play(checked);
    }
    assert!(after.solved(), "{board}: the line does not solve it");
    line.len()
}

#[test]
fn every_search_finds_an_optimal_solution_in_both_metrics() {
    for vector in all_vectors() {
        for metric in [Metric::Steps, Metric::Slides] {
            for search in searches() {
                assert_eq!(
                    solve(&vector.board, metric, search),
                    vector.optimal(metric),
                    "{} {metric:?} {search:?}",
                    vector.board
                );
            }
        }
    }
}

#[test]
fn astar_with_zero_expands_the_states_of_breadth_first_search_in_its_order() {
    // Breadth-first search tests a state for the goal when it generates it, A* when the state
    // leaves its queue; with the estimate 0 (f = g), and ties taken in queueing order, A*'s
    // queue is breadth-first search's queue. So breadth-first search's expansions are the first
    // of A*'s, and A* then expands only states one move short of the solution's length or at
    // it: those still queued before the first goal.
    for vector in all_vectors() {
        for metric in [Metric::Steps, Metric::Slides] {
            let pos = RushHour::parse(&vector.board, metric).expect("board");
            let mut bfs = PuzzleStats::traced();
            let mut zero = PuzzleStats::traced();
            run(&pos, Search::Bfs, &mut bfs);
            run(&pos, Search::AStar(Heuristic::Zero), &mut zero);
            let (bfs, zero) = (bfs.trace.expect("traced"), zero.trace.expect("traced"));
            assert_eq!(zero[..bfs.len()], bfs[..], "{} {metric:?}", vector.board);
            let depth = exact_distances_from(&pos);
            let optimal = vector.optimal(metric) as u32;
            for key in &zero[bfs.len()..] {
                assert!(depth[key] + 1 >= optimal, "{} {metric:?}", vector.board);
            }
        }
    }
}

/// Every state reachable from `root`, by hash, with the fewest moves from `root` to it.
fn reachable(root: &RushHour) -> HashMap<u64, (RushHour, u32)> {
    let mut states = HashMap::from([(root.hash(), (root.clone(), 0))]);
    let mut queue = VecDeque::from([root.clone()]);
    let mut moves = Vec::new();
    while let Some(pos) = queue.pop_front() {
        let d = states[&pos.hash()].1;
        moves.clear();
        pos.vehicle_moves(0, &mut moves);
        for &mv in &moves {
            let mut next = pos.clone();
            next.play(mv);
            states.entry(next.hash()).or_insert_with(|| {
                queue.push_back(next.clone());
                (next, d + 1)
            });
        }
    }
    states
}

/// The fewest moves from `root` to every state reachable from it, by hash.
fn exact_distances_from(root: &RushHour) -> HashMap<u64, u32> {
    reachable(root)
        .into_iter()
        .map(|(key, (_, d))| (key, d))
        .collect()
}

/// Every state reachable from `root` with the fewest moves from it to a goal: a breadth-first
/// search from all the goal states of the set (every move can be undone, so the moves into a
/// state are the moves out of it).
fn exact_distances_to_goal(root: &RushHour) -> Vec<(RushHour, u32)> {
    let states = reachable(root);
    let mut distance: HashMap<u64, u32> = HashMap::new();
    let mut queue: VecDeque<RushHour> = VecDeque::new();
    for (pos, _) in states.values().filter(|(p, _)| p.solved()) {
        distance.insert(pos.hash(), 0);
        queue.push_back(pos.clone());
    }
    let mut moves = Vec::new();
    while let Some(pos) = queue.pop_front() {
        let d = distance[&pos.hash()];
        moves.clear();
        pos.vehicle_moves(0, &mut moves);
        for &mv in &moves {
            let mut next = pos.clone();
            next.play(mv);
            distance.entry(next.hash()).or_insert_with(|| {
                queue.push_back(next.clone());
                d + 1
            });
        }
    }
    states
        .into_values()
        .map(|(pos, _)| {
            let d = distance[&pos.hash()];
            (pos, d)
        })
        .collect()
}

#[test]
fn every_estimate_is_at_most_the_exact_distance_on_every_reachable_state() {
    let mut checked = 0;
    for vector in all_vectors() {
        for metric in [Metric::Steps, Metric::Slides] {
            let root = RushHour::parse(&vector.board, metric).expect("board");
            let states = exact_distances_to_goal(&root);
            if let Some(reachable) = vector.reachable {
                assert_eq!(states.len(), reachable, "{}: cluster size", vector.board);
            }
            let root_distance = states
                .iter()
                .find(|(pos, _)| pos.hash() == root.hash())
                .map(|&(_, d)| d);
            assert_eq!(root_distance, Some(vector.optimal(metric) as u32));
            for (pos, exact) in &states {
                let mut previous = 0;
                for (name, h) in Heuristic::ALL {
                    let estimate = h.estimate(pos);
                    assert!(
                        estimate <= *exact,
                        "{name} {metric:?} overestimates {}: {estimate} > {exact}",
                        pos.fen()
                    );
                    // Each estimate is at least the one before it.
                    assert!(estimate >= previous, "{name} {metric:?} {}", pos.fen());
                    previous = estimate;
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 200_000, "{checked} states checked");
}

#[test]
fn every_estimate_changes_by_at_most_one_per_move() {
    // Consistency (h(s) <= 1 + h(s') for every move s -> s'): a move changes `distance` and
    // `blockers` by at most one (one vehicle moves, the red car one cell in steps); for
    // `movers` it is only checked here, on every move of every reachable set. (A* reopens states
    // reached again by a shorter path, so it stays optimal with an inconsistent estimate too.)
    for vector in all_vectors() {
        for metric in [Metric::Steps, Metric::Slides] {
            let root = RushHour::parse(&vector.board, metric).expect("board");
            let mut moves = Vec::new();
            for (pos, _) in exact_distances_to_goal(&root) {
                moves.clear();
                pos.legal_moves(&mut moves);
                for &mv in &moves {
                    let mut next = pos.clone();
                    next.play(mv);
                    for (_, h) in Heuristic::ALL {
                        assert!(
                            h.estimate(&pos) <= 1 + h.estimate(&next),
                            "{h:?} {metric:?} {}",
                            pos.fen()
                        );
                    }
                }
            }
        }
    }
}

/// The puzzle set shipped with sente (`data/rushhour/puzzles-6x6.txt`, drawn from the 6x6
/// universe): breadth-first search solves every puzzle in exactly its number of slides, the
/// solution really solves it, and (for the clusters small enough to list here) the boards
/// reachable from it are as many as the set says.
#[test]
fn the_shipped_6x6_set_solves_in_its_moves() {
    let set = sente::games::rushhour::puzzles::puzzles();
    assert!(set.len() >= 100, "{} puzzles", set.len());
    let hardest = set.iter().map(|p| p.moves).max().expect("a puzzle");
    assert_eq!(
        hardest, 51,
        "the hardest 6x6 puzzle without walls (Fogleman): 51 moves"
    );
    for p in &set {
        assert_eq!(
            solve(p.board, Metric::Slides, Search::Bfs),
            p.moves as usize,
            "{}",
            p.board
        );
        if p.states <= 20_000 {
            let pos = RushHour::parse(p.board, Metric::Slides).expect("board");
            assert_eq!(reachable(&pos).len() as u64, p.states, "{}", p.board);
        }
    }
}
