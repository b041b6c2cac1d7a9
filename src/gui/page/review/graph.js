// The evaluation graph of a review, as lichess's: a line of who is winning after each move (a
// puzzle: of the moves left to the exit), a point per move coloured by its class, the viewed move
// marked, an axis labelled with who is winning. The frame is the review's `graph_before` and
// `graph_after` (src/review/judge.rs, graph_height): the first player's proven wins in the top
// quarter, the sooner the higher (a win in 1 at the top, a win in 21 about two thirds up), the
// second player's in the bottom quarter, search estimates (winning chances, halved) between, a
// draw on the middle line. It is one focusable slider: a click on it (or a point) and the arrow
// keys, Home and End view a move.

import { s } from '../boards/svg.js';

const H = 150;
const PAD_X = 14;
const PAD_Y = 12;

/** The point of move `m` (a review's move) and of the position before the first move:
 *  [before, after] on the graph's scale (0 bottom, 1 top), or null when not judged. */
function heights(m, puzzle, most) {
  if (!m) return null;
  if (puzzle) {
    const left = (v, back) => (v?.kind === 'win' && Number.isInteger(v.plies) ? v.plies - back : null);
    const before = left(m.before, 0);
    const after = left(m.after, 1);
    const scale = (d) => (d === null ? null : 1 - d / Math.max(1, most));
    return [scale(before), scale(after)];
  }
  // The frame by distance, in [-1, 1] for the first player; a review kept from before it
  // came: the first player's win %.
  if (Number.isFinite(m.graph_before) && Number.isFinite(m.graph_after)) {
    return [(m.graph_before + 1) / 2, (m.graph_after + 1) / 2];
  }
  const p1 = (win) => (m.side === 'p1' ? win : 100 - win) / 100;
  return [p1(m.win_before), p1(m.win_after)];
}

/** The largest distance to the exit of a puzzle's reviewed moves (the graph's scale). */
function farthest(moves) {
  let most = 1;
  for (const m of moves) {
    for (const v of [m?.before, m?.after]) if (v?.kind === 'win' && Number.isInteger(v.plies)) most = Math.max(most, v.plies);
  }
  return most;
}

/** The graph, `width` px wide, of `moves` (by ply - 1; null for a move not yet reviewed) with the position
 *  after `cursor` moves marked; `axis` the words at its top, middle and bottom (`Red wins`,
 *  `even`, `Yellow wins`); `describe(ply)` says a move in words (its accessible value),
 *  `onGoto(ply)` views a move, `from()` is the ply the arrow keys step from (the one last
 *  asked for, which the server may not have answered yet; `cursor` by default). */
export function reviewGraph({ width, moves, cursor, puzzle, label, axis, describe, onGoto, from = () => cursor }) {
  // Drawn in the px of its box (`width`), so that its points stay round and readable.
  const W = Math.max(280, Math.round(width || 640));
  const n = moves.length;
  const most = puzzle ? farthest(moves) : 1;
  const x = (ply) => PAD_X + (n === 0 ? 0 : (ply * (W - 2 * PAD_X)) / n);
  const y = (h) => PAD_Y + (1 - h) * (H - 2 * PAD_Y);
  const svg = s('svg', {
    viewBox: `0 0 ${W} ${H}`, class: 'review-graph', id: 'review-graph', tabindex: 0, role: 'slider',
    'aria-label': label, 'aria-valuemin': 0, 'aria-valuemax': n, 'aria-valuenow': cursor,
    'aria-valuetext': describe(cursor), 'aria-orientation': 'horizontal',
  });
  svg.append(s('rect', { class: 'rg-back', x: 0, y: 0, width: W, height: H, rx: 8 }));
  // The middle (an even game; a puzzle: halfway) and, outside a puzzle, the bounds of the
  // proven wins' bands (a quarter from the top and from the bottom).
  svg.append(s('line', { class: 'rg-mid', x1: PAD_X, x2: W - PAD_X, y1: y(0.5), y2: y(0.5) }));
  if (!puzzle) {
    for (const h of [0.75, 0.25]) svg.append(s('line', { class: 'rg-band', x1: PAD_X, x2: W - PAD_X, y1: y(h), y2: y(h) }));
  }
  // The axis: who is winning, at the top, the middle and the bottom.
  if (axis) {
    const word = (text, h, baseline) => {
      if (!text) return;
      const t = s('text', { class: 'rg-axis', x: PAD_X + 2, y: y(h), 'dominant-baseline': baseline, 'aria-hidden': 'true' });
      t.textContent = text;
      svg.append(t);
    };
    word(axis.top, 1, 'hanging');
    word(axis.middle, 0.5, 'middle');
    word(axis.bottom, 0, 'text-after-edge');
  }
  // The line: the position before each move, then after it.
  const line = [];
  moves.forEach((m, i) => {
    const hs = heights(m, puzzle, most);
    if (!hs) return;
    if (!moves[i - 1] && hs[0] !== null) line.push({ ply: i, h: hs[0], start: true });
    if (hs[1] !== null) line.push({ ply: i + 1, h: hs[1] });
  });
  if (line.length) {
    const path = line.map((p, k) => `${k === 0 || p.start ? 'M' : 'L'} ${x(p.ply).toFixed(1)} ${y(p.h).toFixed(1)}`).join(' ');
    svg.append(s('path', { class: 'rg-line', d: path }));
  }
  // The viewed position.
  svg.append(s('line', { class: 'rg-cursor', id: 'review-graph-cursor', x1: x(cursor), x2: x(cursor), y1: 2, y2: H - 2 }));
  const points = s('g', { class: 'rg-points' });
  moves.forEach((m, i) => {
    const hs = heights(m, puzzle, most);
    if (!hs || hs[1] === null) return;
    const erred = ['inaccuracy', 'mistake', 'blunder'].includes(m.class);
    points.append(s('circle', {
      class: `rg-point class-${m.class}${m.judged !== 'exact' ? ` judged-${m.judged}` : ''}${i + 1 === cursor ? ' current' : ''}`,
      cx: x(i + 1).toFixed(1), cy: y(hs[1]).toFixed(1), r: erred ? 5.5 : 3.5,
      'data-ply': i + 1, 'data-class': m.class, 'data-judged': m.judged,
    }));
  });
  svg.append(points);
  const goto = (ply) => onGoto(Math.max(0, Math.min(n, ply)));
  svg.addEventListener('click', (e) => {
    const ply = Number(e.target?.dataset?.ply);
    if (Number.isInteger(ply) && e.target.dataset.ply !== undefined) {
      goto(ply);
      return;
    }
    // Elsewhere on the graph: the nearest move.
    const box = svg.getBoundingClientRect();
    const at = ((e.clientX - box.left) / box.width) * W;
    goto(Math.round(((at - PAD_X) / (W - 2 * PAD_X)) * n));
  });
  svg.addEventListener('keydown', (e) => {
    // From the move last asked for: a second press before the server answers the first
    // steps on from it, not again from the move drawn.
    const at = from();
    const to = { ArrowLeft: at - 1, ArrowDown: at - 1, ArrowRight: at + 1, ArrowUp: at + 1, Home: 0, End: n, PageUp: at + 10, PageDown: at - 10 }[e.key];
    if (to === undefined) return;
    // The move list's keys (on the document) are not to move twice.
    e.preventDefault();
    e.stopPropagation();
    goto(to);
  });
  return svg;
}
