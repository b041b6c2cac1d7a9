// Nim: each heap a row of matches, numbered from 1. Click a match (or move to it with the
// arrows and press Enter) to take it and every match to its right: `2-3` takes 3 matches from
// heap 2. The matches the last move took stay as faint outlines; a hint or the principal
// variation's first move marks the matches it takes.

import { s, canvas, stylesheet } from './svg.js';

stylesheet(new URL('./nim.css', import.meta.url));

export const title = 'Nim';
export const sides = ['First player', 'Second player'];
export const howToPlay = 'Heaps of matches; on your turn take one or more matches from one heap (click a match: it and every match to its right go; or move to it with the arrows and press Enter). Moves are written heap-matches: 2-3 takes 3 matches from heap 2. Who takes the last match wins; in misère play (a rule of the game) who takes it loses.';

const STEP = 22;
const ROW = 64;
const PER_LINE = 15;
const LEFT = 44;


/** `1 match`, `3 matches`. */
function matches(n) {
  return `${n} match${n === 1 ? '' : 'es'}`;
}

/** The heaps of a fen (`3/4/5 1`). */
function heapsOf(fen) {
  return fen.trim().split(/\s+/)[0].split('/').map(Number);
}

/** `2-3` as { heap: 2, take: 3 }, or null. */
function parse(mv) {
  const m = /^(\d+)-(\d+)$/.exec(mv || '');
  return m ? { heap: Number(m[1]), take: Number(m[2]) } : null;
}

/** Misère play in words, when the rules say so (the heaps are on the board). */
export function ruleWords(state) {
  return new Map(state.rules).get('NimMisere') === 'true' ? ['misère: who takes the last match loses'] : [];
}

/** How a game ended: who took the last match. */
export function endWords(state) {
  const misere = new Map(state.rules).get('NimMisere') === 'true';
  // The side to move did not take the last match: the other side did.
  const taker = sides[state.side === 'p2' ? 0 : 1].toLowerCase();
  return misere ? `${taker} took the last match (misère: taking it loses)` : `${taker} took the last match`;
}

export function draw(container, { state, pv, hint, last, onMove }) {
  const heaps = heapsOf(state.fen);
  const lines = heaps.map((n) => Math.max(1, Math.ceil(n / PER_LINE)));
  const taken = parse(last);
  // The heap the last move took from had `take` more matches: they are drawn as outlines.
  const before = heaps.map((n, i) => (taken && taken.heap === i + 1 ? n + taken.take : n));
  const beforeLines = before.map((n) => Math.max(1, Math.ceil(n / PER_LINE)));
  const height = beforeLines.reduce((a, b) => a + b, 0) * ROW + 16;
  // Room for a full line of matches whatever the heaps, so that matches keep one size.
  const width = LEFT + PER_LINE * STEP + 56;
  const svg = canvas(container, width, height, 'Nim heaps');
  const legal = new Set(state.legal);
  const shown = parse(hint || pv[0] || '');
  let top = 8;
  heaps.forEach((count, i) => {
    const heap = i + 1;
    const rows = Math.max(lines[i], beforeLines[i]);
    const g = s('g', { class: 'nim-heap', 'data-heap': heap });
    g.append(s('text', { class: 'nim-heap-label', x: 12, y: top + 38 }, heap));
    const at = (j) => [LEFT + (j % PER_LINE) * STEP, top + Math.floor(j / PER_LINE) * ROW];
    for (let j = 0; j < count; j++) {
      const take = count - j;
      const mv = `${heap}-${take}`;
      const movable = legal.has(mv);
      const [x, y] = at(j);
      const classes = ['nim-match'];
      if (movable) classes.push('movable');
      if (shown && shown.heap === heap && j >= count - shown.take) classes.push('suggested');
      const match = s('g', {
        class: classes.join(' '), 'data-move': mv, 'data-key': `h${heap}m${j + 1}`,
        role: 'button', 'aria-disabled': movable ? null : 'true',
        'aria-label': `heap ${heap}, match ${j + 1} of ${count}: take ${matches(take)}${take > 1 ? ` (${j + 1} to ${count})` : ''}`,
      },
      s('rect', { class: 'nim-slot', x: x - 4, y: y + 2, width: STEP - 2, height: ROW - 10, rx: 5 }),
      s('rect', { class: 'nim-stick', x: x + 3, y: y + 14, width: 6, height: 38, rx: 2 }),
      s('circle', { class: 'nim-head', cx: x + 6, cy: y + 12, r: 5.5 }));
      if (movable) match.addEventListener('click', () => onMove([mv]));
      g.append(match);
    }
    for (let j = count; j < before[i]; j++) {
      const [x, y] = at(j);
      g.append(s('g', { class: 'nim-taken', 'aria-hidden': 'true' },
        s('rect', { x: x + 3, y: y + 14, width: 6, height: 38, rx: 2 }),
        s('circle', { cx: x + 6, cy: y + 12, r: 5.5 })));
    }
    const [endX] = at(Math.min(PER_LINE, Math.max(count, before[i])) - 1);
    g.append(s('text', { class: 'nim-count', x: Math.max(LEFT, endX) + STEP + 8, y: top + 38 }, count));
    svg.append(g);
    top += rows * ROW;
  });
}

/** A move in words: `take 3 matches from heap 2`. */
export function moveWords(mv) {
  const m = parse(mv);
  return m ? `take ${matches(m.take)} from heap ${m.heap}` : mv;
}
