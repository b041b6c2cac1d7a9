// Where the tree view puts each node: the shown part of a traced tree (a node's children are
// shown while it is open: by default down to a chosen level, then as the person opens and
// closes nodes) laid out top-down, each shown leaf or closed node in a slot of its own, the
// pruned children as narrow stubs beside the visited ones, and every parent centred over its
// children. The shown nodes are also listed by x, so that the drawing can find those in view
// without looking at the others.

/** Width of a leaf's (or a closed node's) slot, of a pruned stub, and the height of a level. */
export const SLOT = 58;
export const STUB = 30;
export const LEVEL = 96;
/** Margins around the tree. */
export const PAD_X = 44;
export const PAD_TOP = 44;

/**
 * Lays out the nodes of `tree` shown under `isOpen(id)`. Returns { x (by id, NaN when not
 * shown), y(id), shown (ids, depth-first), byX (shown ids sorted by x), stubs ([parent, k, x]
 * per pruned child shown), width, height }.
 */
export function layout(tree, isOpen) {
  const n = tree.n;
  const x = new Float64Array(n + 1).fill(NaN);
  const shown = [];
  const stubs = [];
  let cursor = PAD_X;
  let deepest = 0;
  // Depth first without recursion (a trace may be 64 plies deep).
  const stack = [[1, 0]];
  while (stack.length) {
    const top = stack[stack.length - 1];
    const [id, next] = top;
    const open = isOpen(id);
    const count = open ? tree.childCount[id] : 0;
    if (next === 0) {
      shown.push(id);
      if (tree.ply[id] > deepest) deepest = tree.ply[id];
    }
    if (next < count) {
      top[1] = next + 1;
      stack.push([tree.childList[tree.childStart[id] + next], 0]);
      continue;
    }
    stack.pop();
    const pruned = open ? tree.pruned[id] : 0;
    const first = count > 0 ? x[tree.childList[tree.childStart[id]]] : NaN;
    let last = count > 0 ? x[tree.childList[tree.childStart[id] + count - 1]] : NaN;
    for (let k = 0; k < pruned; k++) {
      const sx = cursor + STUB / 2;
      cursor += STUB;
      stubs.push([id, k, sx]);
      last = sx;
      if (Number.isNaN(first) && k === 0) x[id] = sx;
    }
    if (count === 0 && pruned === 0) {
      x[id] = cursor + SLOT / 2;
      cursor += SLOT;
    } else if (count > 0) {
      x[id] = (first + last) / 2;
    } else {
      x[id] = (x[id] + last) / 2;
    }
  }
  const byX = Int32Array.from(shown).sort((a, b) => x[a] - x[b]);
  return {
    x,
    y: (id) => PAD_TOP + tree.ply[id] * LEVEL,
    shown,
    byX,
    stubs,
    width: cursor + PAD_X,
    // Room below the deepest nodes for a closed node's count or a stub's.
    height: PAD_TOP + deepest * LEVEL + 56,
  };
}

/** The ids in `byX` whose x is within [left, right], by binary search. */
export function inRange(byX, x, left, right) {
  let lo = 0;
  let hi = byX.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (x[byX[mid]] < left) lo = mid + 1;
    else hi = mid;
  }
  const out = [];
  for (let i = lo; i < byX.length && x[byX[i]] <= right; i++) out.push(byX[i]);
  return out;
}
