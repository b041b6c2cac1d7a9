// An explicit game tree: the whole tree of the start position, the path played so far, and
// the children of the current node to click (move `1`, `2`, ...); leaf values shown.

import { s, canvas } from './svg.js';

export const title = 'Game tree';
export const sides = ['Max', 'Min'];
export const howToPlay = 'An explicit game tree: Max chooses a branch on the levels marked max, Min on those marked min; the game ends at a leaf, worth its value to Max. Click a branch. A move is written with the branch\'s number from the left: 1, 2, 3.';

/** How a game ended: at a leaf, worth its value to Max in the tree's own units (the server
 *  says it in the engine's, `unit` of them to one: `score 200 cp` is the leaf 2). */
export function endWords(state, winner, unit = 1) {
  const value = /score (-?\d+)/.exec(state.outcome.reason);
  return value ? `a leaf worth ${Number(value[1]) / unit} for Max` : 'a leaf';
}

const LEAF = 46;
const LEVEL = 86;

/** Reads `((3 12 8) (2 4 6)) 2` into { node, side }. */
export function parseTree(fen) {
  const text = fen.trim();
  let i = 0;
  function node() {
    while (text[i] === ' ') i++;
    if (text[i] === '(') {
      i++;
      const children = [];
      for (;;) {
        while (text[i] === ' ') i++;
        if (text[i] === ')') { i++; break; }
        if (i >= text.length) throw new Error('unclosed');
        children.push(node());
      }
      return { children };
    }
    const m = /^-?\d+/.exec(text.slice(i));
    if (!m) throw new Error('bad tree');
    i += m[0].length;
    return { value: Number(m[0]) };
  }
  const root = node();
  const rest = text.slice(i).trim();
  return { root, side: rest === '2' ? 2 : 1 };
}

function layout(node, depth, next) {
  node.depth = depth;
  if (!node.children || node.children.length === 0) {
    node.x = next.x++;
    return 1;
  }
  node.children.forEach((child) => layout(child, depth + 1, next));
  node.x = (node.children[0].x + node.children[node.children.length - 1].x) / 2;
  return node.depth;
}

function maxDepth(node) {
  return node.children ? 1 + Math.max(0, ...node.children.map(maxDepth)) : 0;
}

export function draw(container, { state, pv, hint, onMove }) {
  let tree;
  try {
    tree = parseTree(state.root_fen);
  } catch {
    container.textContent = state.fen;
    return;
  }
  const next = { x: 0 };
  layout(tree.root, 0, next);
  const depth = maxDepth(tree.root);
  const width = Math.max(next.x * LEAF, 200) + 60;
  const height = depth * LEVEL + 90;
  const svg = canvas(container, width, height, 'game tree');
  const root = s('g', { transform: 'translate(50 30)' });
  svg.append(root);
  // The path to the viewed node.
  const path = [tree.root];
  for (const mv of state.moves.slice(0, state.cursor)) {
    const here = path[path.length - 1];
    const child = here.children?.[Number(mv) - 1];
    if (!child) break;
    path.push(child);
  }
  const current = path[path.length - 1];
  const onPath = new Set(path);
  // The PV from the viewed node.
  const pvNodes = new Set();
  let walk = current;
  for (const mv of pv) {
    walk = walk?.children?.[Number(mv) - 1];
    if (!walk) break;
    pvNodes.add(walk);
  }
  const px = (n) => n.x * LEAF;
  const py = (n) => n.depth * LEVEL;
  // Level labels: who chooses there.
  for (let d = 0; d < depth; d++) {
    const p1 = (d % 2 === 0) === (tree.side === 1);
    root.append(s('text', { class: 'tree-level', x: -40, y: d * LEVEL + 5 }, p1 ? 'max' : 'min'));
  }
  const legal = new Set(state.legal);
  function edges(node) {
    (node.children || []).forEach((child, k) => {
      const cls = onPath.has(child) ? 'played' : pvNodes.has(child) ? 'pv' : '';
      root.append(s('line', { class: `tree-edge ${cls}`, x1: px(node), y1: py(node), x2: px(child), y2: py(child) }));
      edges(child);
      if (node === current) {
        const mv = String(k + 1);
        const mx = (px(node) + px(child)) / 2;
        const my = (py(node) + py(child)) / 2;
        root.append(s('text', { class: 'tree-move', x: mx + 6, y: my }, mv));
      }
    });
  }
  edges(tree.root);
  function nodes(node, parent, index) {
    const isLeaf = !node.children || node.children.length === 0;
    const mv = parent === current ? String(index + 1) : null;
    const clickable = mv !== null && legal.has(mv);
    const cls = ['tree-node', isLeaf ? 'leaf' : 'inner'];
    if (node === current) cls.push('current');
    if (onPath.has(node)) cls.push('played');
    if (clickable) cls.push('legal');
    if (clickable && (hint === mv || pv[0] === mv)) cls.push('hint');
    const g = s('g', {
      class: cls.join(' '), 'data-move': clickable ? mv : null,
      'data-key': clickable ? mv : null, role: clickable ? 'button' : null,
      'aria-label': clickable ? `branch ${mv}${isLeaf ? `, a leaf worth ${node.value}` : ''}` : null,
    });
    if (isLeaf) {
      g.append(s('rect', { x: px(node) - 18, y: py(node) - 14, width: 36, height: 28, rx: 6 }));
      g.append(s('text', { x: px(node), y: py(node) + 5, 'text-anchor': 'middle' }, node.value));
    } else {
      g.append(s('circle', { cx: px(node), cy: py(node), r: 14 }));
    }
    if (clickable) g.addEventListener('click', () => onMove([mv]));
    root.append(g);
    (node.children || []).forEach((child, k) => nodes(child, node, k));
  }
  nodes(tree.root, null, 0);
}

/** A move in words: `take branch 2`. */
export function moveWords(mv) {
  return `take branch ${mv}`;
}

/** The value of the leaf at the end of `line` (moves 1, 2, ...) of the tree `fen`, to show on
 *  a pruned stub of the tree view; `…` for a subtree; null when `fen` is not a tree. */
export function leafValues(fen) {
  let parsed;
  try {
    parsed = parseTree(fen).root;
  } catch {
    return null;
  }
  return (line) => {
    let node = parsed;
    for (const mv of line) {
      node = node?.children?.[Number(mv) - 1];
      if (!node) return null;
    }
    return node.children ? '…' : String(node.value);
  };
}
