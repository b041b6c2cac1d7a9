// The move tree of the page, as lichess keeps it: every line played from an earlier move stays
// as a side line. The server holds one line (the state's `moves`); the tree holds them all,
// the first child of each node being its main line. Kept in sessionStorage with the game.

/** A node: the move that leads to it (null at the root), its comment, its children. */
function node(mv, comment = '') {
  return { mv, comment, children: [] };
}

/** The key of a game's start: a tree belongs to one variant, rules and start position. */
export function rootKey(state) {
  return JSON.stringify([state.variant, state.rules || [], state.start_fen ?? null]);
}

/** A tree holding the state's line alone. */
export function fromState(state) {
  const lines = { key: rootKey(state), root: node(null) };
  merge(lines, state);
  return lines;
}

/** Adds the state's line to the tree (a new move at a node with children starts a side line);
 *  comments follow the server's. */
export function merge(lines, state) {
  let at = lines.root;
  state.moves.forEach((mv, i) => {
    let next = at.children.find((c) => c.mv === mv);
    if (!next) {
      next = node(mv);
      at.children.push(next);
    }
    if (state.comments?.[i]) next.comment = state.comments[i];
    at = next;
  });
}

/** The node at the end of `path` (moves from the start), or null. */
export function find(lines, path) {
  let at = lines.root;
  for (const mv of path) {
    at = at.children.find((c) => c.mv === mv);
    if (!at) return null;
  }
  return at;
}

/** `path` followed down the main line of its last node: the line the server is given when a
 *  move of another line is chosen, so that stepping forward goes on in that line. */
export function lineThrough(lines, path) {
  const line = [...path];
  let at = find(lines, path);
  while (at && at.children.length > 0) {
    at = at.children[0];
    line.push(at.mv);
  }
  return line;
}

/** Whether the move at the end of `path` is in a side line (some node on the way is not its
 *  parent's first child). */
export function inSideLine(lines, path) {
  let at = lines.root;
  for (const mv of path) {
    const index = at.children.findIndex((c) => c.mv === mv);
    if (index < 0) return false;
    if (index > 0) return true;
    at = at.children[index];
  }
  return false;
}

/** Makes the line through `path` the main line: at every branching on the way, its move
 *  comes first. */
export function promote(lines, path) {
  let at = lines.root;
  for (const mv of path) {
    const index = at.children.findIndex((c) => c.mv === mv);
    if (index < 0) return;
    const [child] = at.children.splice(index, 1);
    at.children.unshift(child);
    at = child;
  }
}

/** Deletes the move at the end of `path` and everything after it. */
export function remove(lines, path) {
  if (path.length === 0) return;
  const parent = find(lines, path.slice(0, -1));
  if (!parent) return;
  parent.children = parent.children.filter((c) => c.mv !== path[path.length - 1]);
}

/** The tree as plain JSON (nodes as [mv, comment, children]) and back. */
export function pack(lines) {
  const walk = (n) => [n.mv, n.comment, n.children.map(walk)];
  return { key: lines.key, root: walk(lines.root) };
}

export function unpack(packed) {
  if (!packed || typeof packed.key !== 'string' || !Array.isArray(packed.root)) return null;
  const walk = ([mv, comment, children]) => {
    const n = node(mv, comment || '');
    n.children = (children || []).map(walk);
    return n;
  };
  try {
    return { key: packed.key, root: walk(packed.root) };
  } catch {
    return null;
  }
}
