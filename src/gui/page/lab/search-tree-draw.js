// The tree view's drawing: an SVG the size of the visible area, inside a scrolling box as large
// as the whole laid-out tree, holding only the nodes (and the edges, pruned stubs and move
// labels) in view, redrawn at most once a frame as the box scrolls. So a tree of 100,000
// nodes costs what its visible part costs. Max nodes are triangles pointing up, min nodes
// triangles pointing down, chance nodes circles, leaves squares (the textbook's shapes).

import { s } from '../boards/svg.js';
import { LEVEL, STUB, inRange } from './search-tree-layout.js';
import { valueText, count } from './values.js';

const SHAPES = {
  max: () => s('polygon', { class: 'tv-shape', points: '0,-21 24,17 -24,17' }),
  min: () => s('polygon', { class: 'tv-shape', points: '-24,-17 24,-17 0,21' }),
  chance: () => s('circle', { class: 'tv-shape', r: 20 }),
  leaf: () => s('rect', { class: 'tv-shape', x: -22, y: -15, width: 44, height: 30, rx: 6 }),
};
/** Where a node's value sits in its shape (the wide part of a triangle). */
const VALUE_Y = { max: 11, min: -4, chance: 4, leaf: 5 };
/** How far around the visible area nodes are drawn, in px. */
const MARGIN = 90;
/** Largest scale of a small tree. */
const MAX_SCALE = 1.6;
/** The box's height: at least this many px, at most this part of the window. */
const MIN_HEIGHT = 260;
const MAX_HEIGHT = 0.68;

export class TreeDrawing {
  /** A drawing in `host`; `onToggle(id)` when a node is clicked, `onHover(id | null, event)`. */
  constructor(host, { onToggle, onHover }) {
    this.scroll = document.createElement('div');
    this.scroll.className = 'tv-scroll';
    this.scroll.id = 'tv-scroll';
    // Scrolled from the keyboard too (arrow keys once it has the focus).
    this.scroll.tabIndex = 0;
    this.scroll.setAttribute('role', 'region');
    this.scroll.setAttribute('aria-label', 'the search tree, scrollable');
    this.space = document.createElement('div');
    this.space.className = 'tv-space';
    this.svg = s('svg', { class: 'tv-svg', id: 'tv-svg', role: 'img', 'aria-label': 'search tree' });
    this.scroll.append(this.space, this.svg);
    host.append(this.scroll);
    this.tree = null;
    this.lay = null;
    this.step = 0;
    this.leafValues = null;
    this.frame = 0;
    this.renders = 0;
    this.scale = 1;
    this.offset = 0;
    this.scroll.addEventListener('scroll', () => this.request(), { passive: true });
    // A new width refits the tree (a new height only shows more of it).
    let width = 0;
    new ResizeObserver(() => {
      if (Math.abs(this.scroll.clientWidth - width) > 24) {
        width = this.scroll.clientWidth;
        this.fit();
      }
      this.request();
    }).observe(this.scroll);
    this.svg.addEventListener('click', (e) => {
      const node = e.target.closest('[data-id]');
      if (node) onToggle(Number(node.dataset.id));
    });
    this.svg.addEventListener('pointerover', (e) => {
      const node = e.target.closest('[data-id]');
      onHover(node ? Number(node.dataset.id) : null, e);
    });
    this.svg.addEventListener('pointerleave', (e) => onHover(null, e));
  }

  /** Shows `tree` laid out as `lay`, after `step` nodes of the search (tree.n: all). A tree
   *  narrower than the box is drawn larger (up to `MAX_SCALE`) and centred. */
  show(tree, lay, step, leafValues) {
    this.tree = tree;
    this.lay = lay;
    this.step = step;
    this.leafValues = leafValues;
    this.fit();
    this.request();
  }

  /** The scale and the centring offset for the box's width; the box as high as the tree
   *  (within `MIN_HEIGHT` and `MAX_HEIGHT` of the window). */
  fit() {
    const { lay } = this;
    const w = this.scroll.clientWidth || 1;
    this.scale = lay ? Math.max(1, Math.min(MAX_SCALE, w / lay.width)) : 1;
    this.offset = lay ? Math.max(0, (w - lay.width * this.scale) / 2) : 0;
    const most = Math.max(MIN_HEIGHT, window.innerHeight * MAX_HEIGHT);
    const wanted = lay ? lay.height * this.scale + 24 : MIN_HEIGHT;
    this.scroll.style.height = `${Math.round(Math.min(most, Math.max(MIN_HEIGHT, wanted)))}px`;
    this.space.style.width = `${lay ? Math.ceil(lay.width * this.scale) : 0}px`;
    this.space.style.height = `${lay ? Math.ceil(lay.height * this.scale) : 0}px`;
  }

  /** Removes the tree. */
  clear() {
    this.show(null, null, 0, null);
  }

  /** Redraws at the next frame (once however often it is asked). */
  request() {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.render();
    });
  }

  /** Scrolls so that node `id` is in view (centred when it was not). */
  reveal(id, always = false) {
    const { lay, scroll } = this;
    if (!lay || Number.isNaN(lay.x[id])) return;
    const x = lay.x[id] * this.scale + this.offset;
    const y = lay.y(id) * this.scale;
    const w = scroll.clientWidth;
    const h = scroll.clientHeight;
    if (always || x < scroll.scrollLeft + 40 || x > scroll.scrollLeft + w - 40) scroll.scrollLeft = Math.max(0, x - w / 2);
    if (always || y < scroll.scrollTop + 30 || y > scroll.scrollTop + h - 60) scroll.scrollTop = Math.max(0, y - h / 3);
    this.request();
  }

  /** Scrolls so that the nodes `ids` (a line from the root) are in view: centred when they fit
   *  in the box, else its last node (the line's leaf) kept in view at its edge. */
  revealLine(ids) {
    const { lay, scroll } = this;
    const xs = (lay ? ids.filter((id) => !Number.isNaN(lay.x[id])) : []).map((id) => lay.x[id] * this.scale + this.offset);
    if (!xs.length) return;
    const w = scroll.clientWidth;
    const lo = Math.min(...xs);
    const hi = Math.max(...xs);
    const leaf = xs[xs.length - 1];
    const margin = 48;
    let left = (lo + hi) / 2 - w / 2;
    if (hi - lo > w - 2 * margin) left = leaf <= xs[0] ? leaf - margin : leaf + margin - w;
    scroll.scrollLeft = Math.max(0, left);
    scroll.scrollTop = 0;
    this.request();
  }

  /** Draws what is in view now (its time kept in the SVG's `data-render-ms`). */
  render() {
    const began = performance.now();
    const { tree, lay, svg, scroll } = this;
    if (!tree || !lay) {
      svg.replaceChildren();
      return;
    }
    // Back to the corner first, so that only the laid-out tree sets how far the box scrolls
    // (a smaller tree then brings the scroll position back within it).
    svg.style.left = '0px';
    svg.style.top = '0px';
    const cw = scroll.clientWidth;
    const ch = scroll.clientHeight;
    svg.style.left = `${scroll.scrollLeft}px`;
    svg.style.top = `${scroll.scrollTop}px`;
    svg.setAttribute('width', cw);
    svg.setAttribute('height', ch);
    // The visible area in layout units.
    const { scale } = this;
    const left = (scroll.scrollLeft - this.offset) / scale;
    const top = scroll.scrollTop / scale;
    const w = cw / scale;
    const h = ch / scale;
    svg.setAttribute('viewBox', `${left} ${top} ${w} ${h}`);
    const { x } = lay;
    const ids = inRange(lay.byX, x, left - MARGIN, left + w + MARGIN)
      .filter((id) => lay.y(id) > top - LEVEL && lay.y(id) < top + h + LEVEL);
    // Nodes whose edges to their children are drawn: the parents of the nodes in view and
    // their ancestors (an edge may cross the view with both ends out of it), and the open
    // nodes in view.
    const owners = new Set();
    for (const id of ids) {
      if (tree.childCount[id] > 0 && !Number.isNaN(x[tree.childList[tree.childStart[id]]])) owners.add(id);
      for (let p = tree.parent[id]; p > 0 && !owners.has(p); p = tree.parent[p]) owners.add(p);
    }
    const complete = this.step >= tree.n;
    const edges = document.createDocumentFragment();
    const labels = document.createDocumentFragment();
    const nodes = document.createDocumentFragment();
    const lo = left - MARGIN;
    const hi = left + w + MARGIN;
    const inView = new Set(ids);
    for (const p of owners) {
      const px = x[p];
      const py = lay.y(p);
      for (const c of tree.children(p)) {
        const cx = x[c];
        if (Number.isNaN(cx) || Math.max(px, cx) < lo || Math.min(px, cx) > hi) continue;
        const cy = lay.y(c);
        const cls = ['tv-edge'];
        if (c > this.step) cls.push('tv-ghost');
        if (complete && tree.pv[c]) cls.push('tv-pv');
        edges.append(s('line', { class: cls.join(' '), x1: px, y1: py, x2: cx, y2: cy }));
        if (inView.has(c) && c <= this.step) {
          const lx = cx + (px - cx) * 0.3;
          const ly = cy + (py - cy) * 0.3;
          labels.append(s('text', { class: `tv-move${complete && tree.pv[c] ? ' tv-pv' : ''}`, x: lx + (px < cx ? 7 : px > cx ? -7 : 6), y: ly, 'text-anchor': px < cx ? 'start' : px > cx ? 'end' : 'start' }, tree.move[c]));
        }
      }
    }
    for (const [p, k, sx] of lay.stubs) {
      if (sx < lo || sx > hi || !owners.has(p) || !tree.finishedAt(p, this.step)) continue;
      edges.append(this.stub(p, k, sx));
    }
    for (const id of ids) nodes.append(this.node(id));
    svg.replaceChildren(edges, labels, nodes);
    this.renders++;
    svg.dataset.drawn = String(ids.length);
    svg.dataset.step = String(this.step);
    svg.dataset.renderMs = (performance.now() - began).toFixed(2);
    svg.dataset.renders = String(this.renders);
  }

  /** The stub of the k-th pruned child of `p`, at `sx`; the first one carries the count. */
  stub(p, k, sx) {
    const { tree, lay } = this;
    const py = lay.y(p);
    const cy = py + LEVEL;
    const moves = tree.prunedMoves.get(p);
    const mv = moves ? moves[k] : null;
    const g = s('g', { class: 'tv-stub', 'data-parent': p, 'data-move': mv });
    g.append(s('line', { class: 'tv-stub-edge', x1: lay.x[p], y1: py, x2: sx, y2: cy - 12 }));
    g.append(s('rect', { class: 'tv-stub-box', x: sx - 12, y: cy - 12, width: 24, height: 24, rx: 4 }));
    const leaf = this.leafValues && mv !== null ? this.leafValues(tree.line(p).concat(mv)) : null;
    g.append(s('text', { class: 'tv-stub-text', x: sx, y: cy + 4, 'text-anchor': 'middle' }, leaf ?? mv ?? '×'));
    if (k === 0) {
      const count = tree.pruned[p];
      const mid = sx + ((count - 1) * STUB) / 2;
      g.append(s('text', { class: 'tv-stub-count', x: mid, y: cy + 30, 'text-anchor': 'middle' }, tree.proof ? `${count} left out` : `${count} pruned`));
    }
    g.append(s('title', {}, tree.proof
      ? `left out of the proof at node ${p}: ${moves ? `move ${mv}` : 'a child'}, not needed (one best move proves the value)`
      : `pruned by a cutoff at node ${p}: ${moves ? `move ${mv}` : 'a child'} never searched`));
    return g;
  }

  /** Node `id`, drawn as the search stands after `this.step` nodes. */
  node(id) {
    const { tree, lay, step } = this;
    const kind = tree.kindName(id);
    const visited = id <= step;
    const finished = tree.finishedAt(id, step);
    const cls = ['tv-node', `tv-${kind}`];
    if (!visited) cls.push('tv-ghost');
    else if (!finished) cls.push('tv-open');
    if (id === step && step < tree.n) cls.push('tv-current');
    if (step >= tree.n && tree.pv[id]) cls.push('tv-pv');
    const hidden = tree.childCount[id] > 0 && Number.isNaN(lay.x[tree.childList[tree.childStart[id]]]);
    if (hidden) cls.push('tv-closed');
    if (tree.childCount[id] > 0) cls.push('tv-inner');
    if (finished && tree.partial[id]) cls.push('tv-partial');
    const g = s('g', { class: cls.join(' '), 'data-id': id, transform: `translate(${lay.x[id]} ${lay.y(id)})` });
    g.append(SHAPES[kind]());
    let text = '';
    if (finished) text = tree.valueLabel(id, valueText(tree.value[id]));
    else if (visited) {
      const best = tree.bestSoFar(id, step);
      text = best === null ? '?' : `${kind === 'max' ? '≥' : '≤'}${valueText(best)}`;
    }
    if (text) {
      const size = text.length > 5 ? 9.5 : text.length > 4 ? 10.5 : 12.5;
      g.append(s('text', { class: 'tv-value', y: VALUE_Y[kind] + (size < 12 ? -1 : 0), 'text-anchor': 'middle', 'font-size': size }, text));
    }
    if (finished && tree.partial[id]) {
      // Its value counts children the trace does not show: a "…" beside it.
      g.append(s('text', { class: 'tv-partial-mark', x: -27, y: VALUE_Y[kind], 'text-anchor': 'end' }, '…'));
    }
    if (hidden) {
      // Closed: a "+" to open it, and how many nodes it hides.
      const below = tree.end[id] - id;
      const many = below >= 10000 ? `${Math.round(below / 1000)}k` : count(below);
      g.append(s('g', { class: 'tv-badge' },
        s('circle', { cx: 20, cy: kind === 'min' ? -17 : 17, r: 7.5 }),
        s('text', { x: 20, y: (kind === 'min' ? -17 : 17) + 4, 'text-anchor': 'middle' }, '+')),
      s('text', { class: 'tv-hidden', y: 36, 'text-anchor': 'middle' }, many));
    }
    return g;
  }
}
