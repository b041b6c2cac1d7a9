//! Reading an engine's traced search (`info trace` lines, protocol.md "Search trace") into a
//! checked tree for the tree view: each line read strictly (by the protocol's
//! `read_trace_line`), the nodes a tree with its root
//! searched depth first, their count the search's `nodes`, and every move legal where it is
//! played (sente's own rules), which also names the children a cutoff pruned; and each node in
//! the form the page reads.

use super::tab_game::TabGame;
use super::wire::{NodeTuple, TraceNumber, clip};
use crate::protocol::trace::kind_word;
use crate::search::trace::{NodeKind, TraceNode};
use crate::variants::rules::Rules;

/// The nodes of one traced search in id order (index `id - 1`), checked: the ids are `1..=n`
/// once each; node 1 is the root (`parent 0 move none ply 0`); every other node has a move and
/// a parent entered before it, one ply above it, on the path the search was following (the
/// search is depth first); a `leaf` has no children; and, unless the trace was truncated, `n`
/// is the search's own `nodes`.
pub fn assemble(
    mut lines: Vec<TraceNode>,
    nodes: Option<u64>,
    truncated: bool,
) -> Result<Vec<TraceNode>, String> {
    if lines.is_empty() {
        return Err("no info trace line".to_string());
    }
    lines.sort_by_key(|n| n.id);
    for (i, node) in lines.iter().enumerate() {
        let want = i as u64 + 1;
        if node.id != want {
            return Err(if node.id < want {
                format!("node {} is traced twice", node.id)
            } else {
                format!(
                    "node {want} is missing (ids run from 1 to {} with no gap)",
                    lines.len()
                )
            });
        }
    }
    let root = &lines[0];
    if root.parent != 0 || root.move_text.is_some() || root.ply != 0 {
        return Err("node 1 is not the root (parent 0 move none ply 0)".to_string());
    }
    // The path from the root to the last node entered.
    let mut path: Vec<u64> = vec![1];
    for i in 1..lines.len() {
        let node = &lines[i];
        let parent = node.parent;
        if parent == 0 || parent >= node.id {
            return Err(format!(
                "node {} has parent {parent}: a parent is entered before its children",
                node.id
            ));
        }
        let above = &lines[parent as usize - 1];
        if node.ply != above.ply + 1 {
            return Err(format!(
                "node {} is at ply {} but its parent {parent} at ply {}",
                node.id, node.ply, above.ply
            ));
        }
        if node.move_text.is_none() {
            return Err(format!("node {} has no move", node.id));
        }
        if above.kind == NodeKind::Leaf {
            return Err(format!(
                "node {parent} is a leaf but has a child ({})",
                node.id
            ));
        }
        while path.last().is_some_and(|&top| top != parent) {
            path.pop();
        }
        if path.is_empty() {
            return Err(format!(
                "node {} is not searched depth first: its parent {parent} was already finished",
                node.id
            ));
        }
        path.push(node.id);
    }
    if !truncated
        && let Some(n) = nodes
        && n != lines.len() as u64
    {
        return Err(format!(
            "{} info trace lines but the search counts {n} nodes",
            lines.len()
        ));
    }
    Ok(lines)
}

/// Checks every move of a checked tree against the rules from the root position (`fen`, or the
/// start, with `moves`), and gives, per node, the moves of its pruned children: the last
/// `pruned` of its legal moves, in the order the rules generate them, which the search follows.
/// Unless the trace was truncated, every inner node visits its legal moves in that order, and
/// visited plus pruned children are all of them. A `proof` tree keeps any of a node's children
/// (in the rules' order all the same) and names the others as its pruned ones.
pub fn pruned_moves(
    nodes: &[TraceNode],
    rules: &Rules,
    fen: Option<&str>,
    moves: &[String],
    truncated: bool,
    proof: bool,
) -> Result<Vec<Vec<String>>, String> {
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); nodes.len()];
    for (i, node) in nodes.iter().enumerate().skip(1) {
        children[node.parent as usize - 1].push(i);
    }
    let mut pruned = vec![Vec::new(); nodes.len()];
    for (i, node) in nodes.iter().enumerate() {
        if children[i].is_empty() && node.pruned == 0 {
            continue;
        }
        // The moves from the root to the node.
        let mut path = Vec::new();
        let mut at = i;
        while at > 0 {
            let here = &nodes[at];
            path.push(here.move_text.clone().unwrap_or_default());
            at = here.parent as usize - 1;
        }
        path.reverse();
        let line: Vec<String> = moves.iter().cloned().chain(path).collect();
        let pos = rules
            .position(fen, &line)
            .map_err(|e| format!("node {} is not reached by legal moves: {e}", node.id))?;
        let legal = pos.legal_moves();
        let visited: Vec<&str> = children[i]
            .iter()
            .map(|&c| nodes[c].move_text.as_deref().unwrap_or(""))
            .collect();
        for (k, mv) in visited.iter().enumerate() {
            if !legal.iter().any(|l| l == mv) {
                return Err(format!(
                    "node {} plays '{}', not a legal move there",
                    nodes[children[i][k]].id,
                    clip(mv)
                ));
            }
        }
        if truncated {
            continue;
        }
        let in_order = if proof {
            in_rules_order(&legal, &visited)
        } else {
            legal.iter().zip(&visited).all(|(l, v)| l == v)
        };
        if visited.len() + node.pruned != legal.len() || !in_order {
            return Err(format!(
                "node {} visits {} and prunes {} of its {} legal moves ({}), not in the order the rules give",
                node.id,
                visited.len(),
                node.pruned,
                legal.len(),
                legal.join(" ")
            ));
        }
        pruned[i] = legal
            .iter()
            .filter(|l| !visited.contains(&l.as_str()))
            .cloned()
            .collect();
    }
    Ok(pruned)
}

/// True when `visited` are distinct moves of `legal`, in its order.
fn in_rules_order(legal: &[String], visited: &[&str]) -> bool {
    let mut rest = legal.iter();
    visited.iter().all(|v| rest.any(|l| l == v))
}

/// The tree of the search that `engine` (its name) traced on `game`'s viewed position: the
/// nodes in id order and the moves of each one's pruned children, or why there is none (no
/// trace line: the engine's own note saying the search is not traced, if it gave one; a trace
/// that is not a search tree; a move the rules refuse). `nodes` is the search's own count,
/// `notes` its `info string` texts; `proof` for a proof tree (`pruned_moves`).
pub fn checked_tree(
    engine: &str,
    lines: Vec<TraceNode>,
    nodes: Option<u64>,
    truncated: bool,
    notes: &[String],
    game: &TabGame,
    proof: bool,
) -> Result<(Vec<TraceNode>, Vec<Vec<String>>), String> {
    if lines.is_empty() {
        let said = notes
            .iter()
            .find(|n| n.contains("not traced") || n.starts_with("error"));
        return Err(match said {
            Some(note) => format!("{engine} did not trace this search: {note}"),
            None => format!(
                "{engine} printed no info trace line: the search tree needs an engine that \
                 traces its search (sente with SearchTrace)"
            ),
        });
    }
    let nodes = assemble(lines, nodes, truncated)
        .map_err(|e| format!("{engine}'s trace is not a search tree: {e}"))?;
    let pruned = pruned_moves(
        &nodes,
        &game.rules,
        game.start_fen.as_deref(),
        &game.moves[..game.cursor],
        truncated,
        proof,
    )
    .map_err(|e| format!("{engine}'s trace does not follow the rules: {e}"))?;
    Ok((nodes, pruned))
}

/// The page's form of `node`, with the moves of its pruned children.
pub fn node_tuple(node: &TraceNode, pruned_moves: Vec<String>) -> NodeTuple {
    NodeTuple(
        node.id,
        node.parent,
        node.move_text.clone(),
        node.ply,
        kind_word(node.kind),
        node.window.map(|w| TraceNumber(w.alpha)),
        node.window.map(|w| TraceNumber(w.beta)),
        TraceNumber(node.value),
        node.pruned,
        pruned_moves,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::response::Response;
    use crate::protocol::trace::read_trace_line;

    /// The textbook tree under plain alpha-beta at depth 2 (protocol.md, "Search trace").
    const ALPHA_BETA: &str =
        "info trace id 3 parent 2 move 1 ply 2 kind leaf alpha -inf beta inf value 3
info trace id 4 parent 2 move 2 ply 2 kind leaf alpha -inf beta 3 value 12
info trace id 5 parent 2 move 3 ply 2 kind leaf alpha -inf beta 3 value 8
info trace id 2 parent 1 move 1 ply 1 kind min alpha -inf beta inf value 3
info trace id 7 parent 6 move 1 ply 2 kind leaf alpha 3 beta inf value 2
info trace id 6 parent 1 move 2 ply 1 kind min alpha 3 beta inf value 2 pruned 2
info trace id 9 parent 8 move 1 ply 2 kind leaf alpha 3 beta inf value 14
info trace id 10 parent 8 move 2 ply 2 kind leaf alpha 3 beta 14 value 5
info trace id 11 parent 8 move 3 ply 2 kind leaf alpha 3 beta 5 value 2
info trace id 8 parent 1 move 3 ply 1 kind min alpha 3 beta inf value 2
info trace id 1 parent 0 move none ply 0 kind max alpha -inf beta inf value 3";

    fn lines(text: &str) -> Vec<TraceNode> {
        text.lines().map(|l| read_trace_line(l).unwrap()).collect()
    }

    #[test]
    fn the_textbook_trace_reads_back_as_written() {
        for line in ALPHA_BETA.lines() {
            let node = read_trace_line(line).unwrap();
            assert_eq!(Response::Trace(node).to_string(), line);
        }
    }

    #[test]
    fn the_textbook_trace_is_a_tree_and_names_its_pruned_moves() {
        let nodes = assemble(lines(ALPHA_BETA), Some(11), false).unwrap();
        assert_eq!(
            nodes.iter().map(|n| n.id).collect::<Vec<_>>(),
            (1..=11).collect::<Vec<_>>()
        );
        let rules = Rules::new("tree", &[]).unwrap();
        let pruned = pruned_moves(&nodes, &rules, None, &[], false, false).unwrap();
        assert_eq!(pruned[5], ["2", "3"]);
        assert!(
            pruned
                .iter()
                .enumerate()
                .all(|(i, p)| i == 5 || p.is_empty())
        );
        assert!(
            assemble(lines(ALPHA_BETA), Some(13), false)
                .unwrap_err()
                .contains("11 info trace lines but the search counts 13")
        );
        assert!(assemble(lines(ALPHA_BETA), Some(13), true).is_ok());
    }

    #[test]
    fn traces_that_are_not_a_depth_first_tree_are_refused() {
        let all = lines(ALPHA_BETA);
        let without = |id: u64| {
            all.iter()
                .filter(|n| n.id != id)
                .cloned()
                .collect::<Vec<_>>()
        };
        assert!(
            assemble(without(4), None, false)
                .unwrap_err()
                .contains("node 4 is missing")
        );
        assert!(
            assemble(without(1), None, false)
                .unwrap_err()
                .contains("node 1 is missing")
        );
        let mut rootless = all.clone();
        rootless.iter_mut().find(|n| n.id == 1).unwrap().ply = 1;
        assert!(
            assemble(rootless, None, false)
                .unwrap_err()
                .contains("not the root")
        );
        let mut twice = all.clone();
        twice.push(all[0].clone());
        assert!(
            assemble(twice, None, false)
                .unwrap_err()
                .contains("traced twice")
        );
        let mut late = all.clone();
        // Node 7 under node 2, which was finished when node 6 was entered.
        late.iter_mut().find(|n| n.id == 7).unwrap().parent = 2;
        assert!(
            assemble(late, None, false)
                .unwrap_err()
                .contains("depth first")
        );
        let mut deep = all.clone();
        deep.iter_mut().find(|n| n.id == 3).unwrap().ply = 3;
        assert!(
            assemble(deep, None, false)
                .unwrap_err()
                .contains("at ply 3")
        );
        let mut leaf = all.clone();
        leaf.iter_mut().find(|n| n.id == 2).unwrap().kind = NodeKind::Leaf;
        assert!(
            assemble(leaf, None, false)
                .unwrap_err()
                .contains("is a leaf")
        );
        assert!(
            assemble(Vec::new(), None, false)
                .unwrap_err()
                .contains("no info trace")
        );
    }

    #[test]
    fn a_search_without_a_trace_is_explained() {
        let game = TabGame::new("tree", &[], None, Vec::new()).unwrap();
        let note = "search not traced: SearchTrace traces minimax, alphabeta-plain, expectimax and proof, not the full search (alphabeta) or an exact solver".to_string();
        let err =
            checked_tree("sente", Vec::new(), Some(15), false, &[note], &game, false).unwrap_err();
        assert!(
            err.starts_with("sente did not trace this search: search not traced"),
            "{err}"
        );
        let err =
            checked_tree("other", Vec::new(), Some(15), false, &[], &game, false).unwrap_err();
        assert!(err.contains("other printed no info trace line"), "{err}");
        let (nodes, pruned) = checked_tree(
            "sente",
            lines(ALPHA_BETA),
            Some(11),
            false,
            &[],
            &game,
            false,
        )
        .unwrap();
        assert_eq!((nodes.len(), pruned[5].len()), (11, 2));
        let err = checked_tree(
            "sente",
            lines(ALPHA_BETA),
            Some(12),
            false,
            &[],
            &game,
            false,
        )
        .unwrap_err();
        assert!(
            err.starts_with("sente's trace is not a search tree: 11 info trace lines"),
            "{err}"
        );
    }

    #[test]
    fn moves_are_checked_against_the_rules() {
        let rules = Rules::new("tree", &[]).unwrap();
        let mut bad = lines(ALPHA_BETA);
        bad.iter_mut().find(|n| n.id == 9).unwrap().move_text = Some("4".into());
        let nodes = assemble(bad, None, false).unwrap();
        assert!(
            pruned_moves(&nodes, &rules, None, &[], false, false)
                .unwrap_err()
                .contains("node 9 plays '4', not a legal move")
        );
        let mut uncounted = lines(ALPHA_BETA);
        uncounted.iter_mut().find(|n| n.id == 6).unwrap().pruned = 1;
        let nodes = assemble(uncounted, None, false).unwrap();
        assert!(
            pruned_moves(&nodes, &rules, None, &[], false, false)
                .unwrap_err()
                .contains("node 6 visits 1 and prunes 1 of its 3 legal moves")
        );
    }
}
