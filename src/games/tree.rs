//! Explicit game trees, as drawn in textbooks: a nested list in parentheses with integer
//! leaves, e.g. `((3 12 8) (2 4 6) (14 5 2))`. The root belongs to p1 (maximising), levels
//! alternate, and a leaf is the game's end with that value for p1 (in whole units; scores are
//! reported in centipawns, 100 per unit). A move is a 1-based child index.

use super::{Game, GameError, Outcome, Seat, game_error};
use std::sync::Arc;

/// The largest leaf value, in whole units: 100 times it (its centipawns) stays below the
/// searches' wins (990000 and more), so that a value is never read as a win.
pub const MAX_LEAF: i32 = 9_000;

/// The textbook tree used as the start position.
pub const START: &str = "((3 12 8) (2 4 6) (14 5 2))";

/// A node: a leaf value (centipawns for p1) or children (node indices).
#[derive(Clone, Debug, PartialEq, Eq)]
enum Node {
    Leaf(i32),
    Inner(Vec<u32>),
}

/// All nodes of a parsed tree, with a structural hash of each subtree.
#[derive(Debug, PartialEq, Eq)]
struct Arena {
    nodes: Vec<Node>,
    hashes: Vec<u64>,
    /// The longest path from each node to a leaf, in plies.
    heights: Vec<u32>,
    /// The most children a node has.
    widest: u32,
    /// The lowest and highest leaf.
    leaves: (i32, i32),
}

/// A position: a node of a tree, and whose turn it is there.
#[derive(Clone, Debug)]
pub struct GameTree {
    arena: Arc<Arena>,
    at: u32,
    side: Seat,
}

fn mix(mut h: u64) -> u64 {
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^= h >> 33;
    h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    h ^ (h >> 33)
}

impl Arena {
    fn push(&mut self, node: Node) -> u32 {
        let hash = match &node {
            Node::Leaf(v) => mix(*v as u64 ^ 0x1eaf),
            Node::Inner(children) => children.iter().fold(0x9e37_79b9_7f4a_7c15, |h, &c| {
                mix(h ^ self.hashes[c as usize])
            }),
        };
        let height = match &node {
            Node::Leaf(v) => {
                self.leaves = (self.leaves.0.min(*v), self.leaves.1.max(*v));
                0
            }
            Node::Inner(children) => {
                self.widest = self.widest.max(children.len() as u32);
                1 + children
                    .iter()
                    .map(|&c| self.heights[c as usize])
                    .max()
                    .unwrap_or(0)
            }
        };
        self.nodes.push(node);
        self.hashes.push(hash);
        self.heights.push(height);
        (self.nodes.len() - 1) as u32
    }

    /// Parses a nested list without recursion (a deep input cannot overflow the stack).
    fn parse(text: &str) -> Result<(Arena, u32), GameError> {
        let mut arena = Arena {
            nodes: Vec::new(),
            hashes: Vec::new(),
            heights: Vec::new(),
            widest: 0,
            leaves: (i32::MAX, i32::MIN),
        };
        // Children of the lists still open.
        let mut open: Vec<Vec<u32>> = Vec::new();
        let mut root = None;
        let bytes = text.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            let c = bytes[i];
            if root.is_some() && !c.is_ascii_whitespace() {
                return game_error(format!("unexpected '{}' after the tree", &text[i..]));
            }
            match c {
                b' ' | b'\t' => i += 1,
                b'(' => {
                    open.push(Vec::new());
                    i += 1;
                }
                b')' => {
                    let Some(children) = open.pop() else {
                        return game_error(format!("unmatched ')' at character {}", i + 1));
                    };
                    if children.is_empty() {
                        return game_error(format!("empty list '()' at character {}", i));
                    }
                    let node = arena.push(Node::Inner(children));
                    match open.last_mut() {
                        Some(parent) => parent.push(node),
                        None => root = Some(node),
                    }
                    i += 1;
                }
                b'-' | b'0'..=b'9' => {
                    let start = i;
                    i += 1;
                    while i < bytes.len() && bytes[i].is_ascii_digit() {
                        i += 1;
                    }
                    let value: i32 = text[start..i]
                        .parse()
                        .ok()
                        .filter(|v: &i32| v.abs() <= MAX_LEAF)
                        .ok_or_else(|| {
                            GameError(format!(
                                "bad leaf '{}' (whole numbers from -{MAX_LEAF} to {MAX_LEAF})",
                                &text[start..i]
                            ))
                        })?;
                    let leaf = arena.push(Node::Leaf(value * 100));
                    match open.last_mut() {
                        Some(parent) => parent.push(leaf),
                        // A tree may be a single leaf (a finished game).
                        None => root = Some(leaf),
                    }
                }
                _ => {
                    return game_error(format!(
                        "unexpected '{}' at character {}",
                        text[i..].chars().next().unwrap_or('?'),
                        i + 1
                    ));
                }
            }
        }
        if !open.is_empty() {
            return game_error(format!("{} list(s) not closed", open.len()));
        }
        let root = root.ok_or_else(|| GameError("no tree".into()))?;
        Ok((arena, root))
    }

    /// The text of the subtree at `node` (without recursion).
    fn text(&self, node: u32) -> String {
        enum Step {
            Open(u32),
            Close,
        }
        let mut out = String::new();
        let mut todo = vec![Step::Open(node)];
        while let Some(step) = todo.pop() {
            match step {
                Step::Close => out.push(')'),
                Step::Open(n) => {
                    if !out.is_empty() && !out.ends_with('(') {
                        out.push(' ');
                    }
                    match &self.nodes[n as usize] {
                        Node::Leaf(v) => out.push_str(&(v / 100).to_string()),
                        Node::Inner(children) => {
                            out.push('(');
                            todo.push(Step::Close);
                            todo.extend(children.iter().rev().map(|&c| Step::Open(c)));
                        }
                    }
                }
            }
        }
        out
    }
}

impl PartialEq for GameTree {
    fn eq(&self, other: &Self) -> bool {
        self.side == other.side
            && self.hash() == other.hash()
            && self.arena.text(self.at) == other.arena.text(other.at)
    }
}

impl Eq for GameTree {}

impl GameTree {
    fn node(&self) -> &Node {
        &self.arena.nodes[self.at as usize]
    }
}

impl Game for GameTree {
    /// The 0-based index of a child.
    type Move = u32;
    const NAME: &'static str = "tree";
    /// A leaf's value is in whole units, 100 centipawns each (expectimax's means keep two
    /// decimals: 7.67).
    const VALUE_UNIT: i32 = 100;

    fn startpos() -> Self {
        let (arena, root) = Arena::parse(START).unwrap_or_else(|_| {
            (
                Arena {
                    nodes: vec![Node::Leaf(0)],
                    hashes: vec![0],
                    heights: vec![0],
                    widest: 0,
                    leaves: (0, 0),
                },
                0,
            )
        });
        GameTree {
            arena: Arc::new(arena),
            at: root,
            side: Seat::P1,
        }
    }

    fn from_fen(fen: &str) -> Result<Self, GameError> {
        let fen = fen.trim();
        // An optional side to move after the tree: `1` (default) or `2`.
        let (tree, side) = match fen.rsplit_once(')') {
            Some((head, tail)) => {
                let side = match tail.trim() {
                    "" | "1" => Seat::P1,
                    "2" => Seat::P2,
                    other => {
                        return game_error(format!(
                            "after the tree only the side to move (1 or 2) may follow, not '{other}'"
                        ));
                    }
                };
                (format!("{head})"), side)
            }
            // A single leaf, possibly with the side to move.
            None => match fen.split_whitespace().collect::<Vec<_>>()[..] {
                [leaf] => (leaf.to_string(), Seat::P1),
                [leaf, "1"] => (leaf.to_string(), Seat::P1),
                [leaf, "2"] => (leaf.to_string(), Seat::P2),
                _ => return game_error("a tree is a list in parentheses, or a single leaf"),
            },
        };
        let (arena, root) = Arena::parse(&tree)?;
        Ok(GameTree {
            arena: Arc::new(arena),
            at: root,
            side,
        })
    }

    fn fen(&self) -> String {
        let text = self.arena.text(self.at);
        match self.side {
            Seat::P1 => text,
            Seat::P2 => format!("{text} 2"),
        }
    }

    fn side_to_move(&self) -> Seat {
        self.side
    }

    fn outcome(&self) -> Option<Outcome> {
        match self.node() {
            Node::Leaf(v) => Some(Outcome::Score(*v)),
            Node::Inner(_) => None,
        }
    }

    fn legal_moves(&self, moves: &mut Vec<u32>) {
        if let Node::Inner(children) = self.node() {
            moves.extend(0..children.len() as u32);
        }
    }

    fn play(&mut self, child: u32) {
        if let Node::Inner(children) = self.node()
            && let Some(&next) = children.get(child as usize)
        {
            self.at = next;
            self.side = self.side.other();
        }
    }

    /// An inner node reached at the depth limit is worth 0: trees are searched to their leaves.
    fn evaluate(&self) -> i32 {
        0
    }

    fn hash(&self) -> u64 {
        self.arena.hashes[self.at as usize] ^ u64::from(self.side == Seat::P2)
    }

    fn move_code(child: u32) -> u16 {
        child.min(u32::from(u16::MAX)) as u16
    }

    /// The child's index from 0 (move `1` is action 0).
    fn action(&self, child: u32) -> u32 {
        child
    }

    /// The most children a node of the tree has.
    fn action_count(&self) -> u32 {
        self.arena.widest.max(1)
    }

    fn max_plies(&self) -> Option<u32> {
        Some(self.arena.heights[self.at as usize])
    }

    /// The widest of the whole tree's leaves, in its own units, for either player (p2's
    /// return is minus p1's).
    fn return_range(&self) -> (f64, f64) {
        let (low, high) = self.arena.leaves;
        let most = f64::from(low.abs().max(high.abs())) / f64::from(Self::VALUE_UNIT);
        (-most, most)
    }

    fn move_text(&self, child: u32) -> String {
        (child + 1).to_string()
    }

    fn display(&self) -> String {
        let who = match self.side {
            Seat::P1 => "p1 (max)",
            Seat::P2 => "p2 (min)",
        };
        format!("{}\nto move: {who}\n", self.arena.text(self.at))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::textbook::Vision;
    use crate::search::{Algorithm, SearchResult, run_for_test};

    fn search(fen: &str, algorithm: Algorithm) -> SearchResult {
        let pos = GameTree::from_fen(fen).expect("fen");
        run_for_test(&pos, algorithm, Some(10))
    }

    #[test]
    fn the_textbook_tree_counts_as_by_hand() {
        let minimax = search(START, Algorithm::Minimax);
        assert_eq!(minimax.score, Some(300));
        assert_eq!(minimax.best_move.as_deref(), Some("1"));
        assert_eq!(minimax.nodes, 13);
        let alphabeta = search(START, Algorithm::AlphaBetaPlain);
        assert_eq!(alphabeta.score, Some(300));
        assert_eq!(alphabeta.nodes, 11);
        assert_eq!(search(START, Algorithm::AlphaBeta).score, Some(300));
    }

    #[test]
    fn a_random_opponent_makes_its_nodes_averages() {
        let expectimax = search(START, Algorithm::Expectimax(Vision::Random));
        // Move 1: (3 + 12 + 8) / 3 = 7.67; move 2: 4; move 3: 7.
        assert_eq!(expectimax.score, Some(767));
        assert_eq!(expectimax.best_move.as_deref(), Some("1"));
        assert_eq!(expectimax.nodes, 13);
        // Means round to the nearest centipawn, below zero too.
        let losing = search(
            "((-3 -12 -8) (-2 -4 -7))",
            Algorithm::Expectimax(Vision::Random),
        );
        assert_eq!(losing.score, Some(-433));
        assert_eq!(losing.best_move.as_deref(), Some("2"));
        // A pessimistic vision leans toward the opponent's best reply (the minimum for p1), an
        // optimistic one toward its worst; a low temperature nearly reaches them.
        let cold = 1;
        let pessimistic = search(
            START,
            Algorithm::Expectimax(Vision::Pessimistic { temperature: cold }),
        );
        assert_eq!(pessimistic.score, Some(300));
        let optimistic = search(
            START,
            Algorithm::Expectimax(Vision::Optimistic { temperature: cold }),
        );
        assert_eq!(optimistic.score, Some(1400));
        assert_eq!(optimistic.best_move.as_deref(), Some("3"));
        let warm = search(
            START,
            Algorithm::Expectimax(Vision::Pessimistic { temperature: 300 }),
        );
        let value = warm.score.expect("a score");
        assert!(value > 300 && value < 767, "{value}");
    }

    #[test]
    fn levels_alternate_and_leaves_end_the_game() {
        let mut pos = GameTree::from_fen("((1 2) (3 (4 5)))").expect("fen");
        pos.play(1);
        assert_eq!(pos.side_to_move(), Seat::P2);
        assert_eq!(pos.fen(), "(3 (4 5)) 2");
        assert_eq!(GameTree::from_fen(&pos.fen()), Ok(pos.clone()));
        pos.play(0);
        assert_eq!(pos.outcome(), Some(Outcome::Score(300)));
        assert_eq!(
            search("((1 2) (3 (4 5)))", Algorithm::Minimax).score,
            Some(300)
        );
    }

    #[test]
    fn bad_trees_are_errors() {
        for bad in [
            "",
            "3 3",
            "()",
            "((1 2)",
            "(1 2))",
            "(1 x)",
            "(1 2) 3",
            "(1 99999999999)",
        ] {
            assert!(GameTree::from_fen(bad).is_err(), "accepted {bad:?}");
        }
        let deep = format!("{}1{}", "(".repeat(100_000), ")".repeat(100_000));
        let pos = GameTree::from_fen(&deep).expect("a deep tree parses");
        assert_eq!(pos.fen().len(), deep.len());
    }

    #[test]
    fn tree_conforms() {
        let pos = GameTree::from_fen("((3 (1 2) 8) (2 4 (6 -7)) (14 5 2))").expect("fen");
        crate::games::contract::check_random_playouts(&pos, 50).unwrap_or_else(|e| panic!("{e}"));
    }
}
