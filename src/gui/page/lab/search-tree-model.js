// A traced search as the tree view uses it: the nodes of the `trace_nodes` messages (in id
// order, which is the order the search entered them) in flat arrays, each node's children,
// the last id of its subtree (the search is depth first, so a node's subtree is the ids from
// its own to that one, and the node is finished once that node is), and the principal line.

import { traceNumber } from './values.js';

const KINDS = { max: 0, min: 1, chance: 2, leaf: 3 };
export const KIND_NAMES = ['max', 'min', 'chance', 'leaf'];

export class TraceTree {
  /** An empty tree for the search that `trace_start` describes. */
  constructor(start) {
    this.start = start;
    this.rows = [];
    this.n = 0;
    this.summary = null;
  }

  /** The nodes of one `trace_nodes` message. */
  add(nodes) {
    for (const node of nodes) this.rows.push(node);
  }

  /** Builds the arrays once every node has come (`trace_done`). */
  finish(summary) {
    const rows = this.rows;
    const n = rows.length;
    this.n = n;
    this.summary = summary;
    this.parent = new Int32Array(n + 1);
    this.ply = new Int32Array(n + 1);
    this.kind = new Uint8Array(n + 1);
    this.alpha = new Float64Array(n + 1).fill(NaN);
    this.beta = new Float64Array(n + 1).fill(NaN);
    this.value = new Float64Array(n + 1);
    this.pruned = new Int32Array(n + 1);
    this.move = new Array(n + 1).fill(null);
    this.prunedMoves = new Map();
    this.childCount = new Int32Array(n + 2);
    this.maxPly = 0;
    for (const [id, parent, move, ply, kind, alpha, beta, value, pruned, prunedMoves] of rows) {
      if (id < 1 || id > n) continue;
      this.parent[id] = parent;
      this.ply[id] = ply;
      this.kind[id] = KINDS[kind] ?? 3;
      if (alpha !== null) this.alpha[id] = traceNumber(alpha);
      if (beta !== null) this.beta[id] = traceNumber(beta);
      this.value[id] = traceNumber(value);
      this.pruned[id] = pruned;
      this.move[id] = move;
      if (prunedMoves && prunedMoves.length) this.prunedMoves.set(id, prunedMoves);
      if (parent > 0) this.childCount[parent]++;
      if (ply > this.maxPly) this.maxPly = ply;
    }
    this.rows = [];
    // Children in id order: childStart[id] .. childStart[id] + childCount[id] in childList.
    this.childStart = new Int32Array(n + 2);
    for (let id = 1; id <= n; id++) this.childStart[id + 1] = this.childStart[id] + this.childCount[id];
    this.childList = new Int32Array(Math.max(n - 1, 0));
    const fill = this.childStart.slice();
    for (let id = 2; id <= n; id++) this.childList[fill[this.parent[id]]++] = id;
    // The last id of each subtree.
    this.end = new Int32Array(n + 1);
    for (let id = n; id >= 1; id--) {
      if (this.end[id] < id) this.end[id] = id;
      const p = this.parent[id];
      if (p > 0 && this.end[p] < this.end[id]) this.end[p] = this.end[id];
    }
    // A trace cut at TraceLimit: the nodes open when it stopped (the inner nodes on the path
    // to its last node) were finished by the search after it, so their values count children
    // that are not drawn.
    this.partial = new Uint8Array(n + 1);
    if (summary.truncated && n > 0) {
      for (const id of this.path(n)) if (this.kind[id] !== 3) this.partial[id] = 1;
    }
    // What each value is: exact (0), an upper bound (-1: "at most", a min node cut off, or
    // resting on one) or a lower bound (1: "at least"), from the leaves up (not from the drawn
    // children of a node whose value counts others).
    // A proof tree's values are exact: its left-out children are not needed to prove them.
    this.proof = this.start.algorithm === 'proof';
    this.bound = new Int8Array(n + 1);
    for (let id = this.proof ? 0 : n; id >= 1; id--) {
      const kind = this.kind[id];
      if (kind === 3 || kind === 2 || this.childCount[id] === 0) continue;
      if (this.partial[id] && this.pruned[id] === 0) continue;
      const max = kind === 0;
      if (this.pruned[id] > 0) {
        this.bound[id] = max ? 1 : -1;
        continue;
      }
      // A child bounded the wrong way leaves this node bounded too; else the node is what its
      // best child is.
      let best = -1;
      let loose = false;
      for (const c of this.children(id)) {
        if (this.bound[c] === (max ? 1 : -1)) loose = true;
        if (best < 0 || (max ? this.value[c] > this.value[best] : this.value[c] < this.value[best])) best = c;
      }
      this.bound[id] = loose ? (max ? 1 : -1) : this.bound[best];
    }
    // Nodes at each ply, for the default number of open levels.
    this.perPly = new Int32Array(this.maxPly + 1);
    for (let id = 1; id <= n; id++) this.perPly[this.ply[id]]++;
    this.pv = new Uint8Array(n + 1);
    this.pvEnd = 0;
    if (n > 0) {
      this.pv[1] = 1;
      this.pvEnd = 1;
      let at = 1;
      for (const mv of summary.pv || []) {
        // The line ends at a chance node (expectimax): the opponent's reply there is chance,
        // not a move anyone plays, though the engine's pv names one.
        if (this.kind[at] === KINDS.chance) break;
        const next = this.children(at).find((c) => this.move[c] === mv);
        if (!next) break;
        this.pv[next] = 1;
        this.pvEnd = next;
        at = next;
      }
    }
  }

  /** The children of `id`, in the order the search visited them. */
  children(id) {
    const from = this.childStart[id];
    return Array.from(this.childList.subarray(from, from + this.childCount[id]));
  }

  /** The value of finished node `id` as text: `≤2` for an upper bound, `≥3` for a lower one. */
  valueLabel(id, text) {
    const bound = this.bound[id];
    return `${bound < 0 ? '≤' : bound > 0 ? '≥' : ''}${text}`;
  }

  /** `max`, `min`, `chance` or `leaf`. */
  kindName(id) {
    return KIND_NAMES[this.kind[id]];
  }

  /** True when node `id` is finished once the search has entered `step` nodes. */
  finishedAt(id, step) {
    return this.end[id] <= step;
  }

  /** The nodes from the root to `id`. */
  path(id) {
    const path = [];
    for (let at = id; at > 0; at = this.parent[at]) path.push(at);
    return path.reverse();
  }

  /** The moves from the root to `id`. */
  line(id) {
    return this.path(id).slice(1).map((at) => this.move[at]);
  }

  /** The best value of the children of `id` finished by `step` (a max node's largest, a min
   *  node's smallest), or null; for the value a node has while it is being searched. */
  bestSoFar(id, step) {
    const kind = this.kind[id];
    if (kind !== 0 && kind !== 1) return null;
    let best = null;
    const from = this.childStart[id];
    for (let i = from; i < from + this.childCount[id]; i++) {
      const c = this.childList[i];
      if (this.end[c] > step) break;
      const v = this.value[c];
      if (best === null || (kind === 0 ? v > best : v < best)) best = v;
    }
    return best;
  }

  /** The window of `id` as it stands after `step` nodes: the one it was entered with,
   *  narrowed by its finished children (a max node raises alpha, a min node lowers beta).
   *  Null without a window (minimax, expectimax). */
  windowAt(id, step) {
    if (Number.isNaN(this.alpha[id])) return null;
    let alpha = this.alpha[id];
    let beta = this.beta[id];
    const best = this.end[id] <= step ? null : this.bestSoFar(id, step);
    if (best !== null && this.kind[id] === 0) alpha = Math.max(alpha, best);
    if (best !== null && this.kind[id] === 1) beta = Math.min(beta, best);
    return { alpha, beta };
  }

  /** The default number of levels shown open: as many as keep about `budget` nodes. */
  defaultLevels(budget = 150) {
    let total = 0;
    for (let ply = 0; ply <= this.maxPly; ply++) {
      total += this.perPly[ply];
      if (total > budget) return Math.max(1, ply - 1);
    }
    return this.maxPly;
  }
}
