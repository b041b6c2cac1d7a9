// Babylon: the stacks drawn as towers of tablets (the top colour shown, the height as a
// number); pick a stack, then the stack to put it on. `a2b1` moves an a-topped stack of two
// onto a b-topped stack of one.

import { s, canvas } from './svg.js';

export const title = 'Babylon';
export const sides = ['First player', 'Second player'];
export const howToPlay = 'The stacks start as single tablets in several colours. On your turn put one whole stack onto another when their top tablets have the same colour or the two stacks are the same height; the new stack shows the moved stack\'s top. The player who cannot move loses. Click a stack, then the stack to put it on. A stack is written as under it: its top colour\'s letter (a red, b blue, c yellow, d green, e purple, f orange, g teal, h pink) and its height; a move is the stack moved, then the stack it goes onto: d1a1 puts the green stack of 1 onto the red stack of 1 (making d2).';

/** How a game ended: the side to move has no legal move. */
export function endWords(state) {
  return `${sides[state.side === 'p2' ? 1 : 0].toLowerCase()} has no legal move`;
}

/** The rules in words, the defaults left out: `3 colours`, `2 tablets each`. */
export function ruleWords(state) {
  const rules = new Map(state.rules);
  const words = [];
  if (rules.has('BabylonColours')) words.push(`${rules.get('BabylonColours')} colours`);
  if (rules.has('BabylonTablets')) words.push(`${rules.get('BabylonTablets')} tablets each`);
  return words;
}

const COLOURS = {
  a: '#e5484d', b: '#3e63dd', c: '#f5c542', d: '#30a46c', e: '#8e4ec6', f: '#f76b15', g: '#12a594', h: '#d6409f',
};
const NAMES = { a: 'red', b: 'blue', c: 'yellow', d: 'green', e: 'purple', f: 'orange', g: 'teal', h: 'pink' };
const SLOT = 92;
const SLAB = 13;
const PER_ROW = 8;

let selected = null;
let selectedFen = null;

function stacks(fen) {
  const words = fen.trim().split(/\s+/);
  return words.slice(0, -1).map((w) => ({ token: w, colour: w[0], height: Number(w.slice(1)) }));
}

function parse(mv) {
  const m = /^([a-h])(\d+)([a-h])(\d+)$/.exec(mv);
  return m ? { from: m[1] + m[2], onto: m[3] + m[4] } : null;
}

export function draw(container, ctx) {
  const { state, pv, hint, last, onMove } = ctx;
  if (selectedFen !== state.fen) selected = null;
  selectedFen = state.fen;
  const list = stacks(state.fen);
  const moves = state.legal.map(parse).filter(Boolean);
  const maxHeight = Math.max(3, ...list.map((t) => t.height));
  const rows = Math.max(1, Math.ceil(list.length / PER_ROW));
  const perRow = Math.min(PER_ROW, Math.max(list.length, 1));
  const towerH = maxHeight * SLAB + 60;
  const svg = canvas(container, perRow * SLOT + 20, rows * towerH + 20, 'Babylon stacks');
  const shown = parse(hint || pv[0] || '');
  // The stack the last move made: the moved stack's colour, the two heights added.
  const made = parse(last || '');
  const madeToken = made ? `${made.from[0]}${Number(made.from.slice(1)) + Number(made.onto.slice(1))}` : null;
  const lastIndex = madeToken ? list.findIndex((t) => t.token === madeToken) : -1;
  list.forEach((stack, i) => {
    const x = 10 + (i % PER_ROW) * SLOT;
    const base = 10 + Math.floor(i / PER_ROW) * towerH + towerH - 30;
    const sources = moves.filter((m) => m.from === stack.token);
    const isSelected = selected !== null && selected === i;
    const target = selected !== null && selected !== i && moves.some((m) => m.from === list[selected].token && m.onto === stack.token);
    const classes = ['bab-stack'];
    if (sources.length) classes.push('movable');
    if (isSelected) classes.push('selected');
    if (target) classes.push('target');
    if (shown && (shown.from === stack.token || shown.onto === stack.token)) classes.push('suggested');
    if (i === lastIndex) classes.push('last');
    const where = isSelected ? ', selected' : target ? ', the selected stack can go onto it' : sources.length ? ', can move' : '';
    const g = s('g', {
      class: classes.join(' '), 'data-stack': stack.token, 'data-index': i,
      'data-key': `s${i}`, role: 'button', 'aria-pressed': isSelected ? 'true' : null,
      // The name starts with the label drawn under the stack (`a1`), as the notation writes it.
      'aria-label': `${stack.token}: stack ${i + 1}, ${stack.height} high, top ${NAMES[stack.colour] || stack.colour}${where}`,
    });
    g.append(s('rect', { class: 'bab-slot', x: x + 4, y: base - maxHeight * SLAB - 18, width: SLOT - 8, height: maxHeight * SLAB + 44, rx: 10 }));
    for (let k = 0; k < stack.height; k++) {
      const top = k === stack.height - 1;
      g.append(s('rect', {
        class: top ? 'bab-top' : 'bab-slab',
        x: x + 16, y: base - (k + 1) * SLAB, width: SLOT - 32, height: SLAB - 2, rx: 3,
        fill: top ? COLOURS[stack.colour] || '#888' : shade(COLOURS[stack.colour] || '#888'),
      }));
    }
    g.append(s('text', { class: 'bab-height', x: x + SLOT / 2, y: base + 18, 'text-anchor': 'middle' }, `${stack.colour}${stack.height}`));
    g.addEventListener('click', () => {
      if (target) {
        const from = list[selected].token;
        selected = null;
        onMove([`${from}${stack.token}`]);
      } else if (sources.length && !isSelected) {
        selected = i;
        draw(container, ctx);
      } else {
        selected = null;
        draw(container, ctx);
      }
    });
    svg.append(g);
  });
  // The hint: an arrow from the stack to move to the stack to put it on.
  const hinted = parse(hint || '');
  const from = hinted ? list.findIndex((t) => t.token === hinted.from) : -1;
  let onto = hinted ? list.findIndex((t, k) => t.token === hinted.onto && k !== from) : -1;
  if (onto < 0 && hinted) onto = list.findIndex((t) => t.token === hinted.onto);
  if (from >= 0 && onto >= 0) {
    const at = (k) => [10 + (k % PER_ROW) * SLOT + SLOT / 2, 10 + Math.floor(k / PER_ROW) * towerH + towerH - 30 - maxHeight * SLAB - 10];
    const [x1, y1] = at(from);
    const [x2, y2] = at(onto);
    const lift = Math.min(y1, y2) - 14;
    svg.append(s('g', { class: 'bab-hint', 'data-hint': hint },
      s('path', { class: 'bab-hint-line', d: `M ${x1} ${y1} Q ${(x1 + x2) / 2} ${lift - 20} ${x2} ${y2 - 8}` }),
      s('path', { class: 'bab-hint-head', d: `M ${x2 - 8} ${y2 - 14} L ${x2 + 8} ${y2 - 14} L ${x2} ${y2} Z` })));
  }
}

/** A move in words: `put the red stack of 2 onto the blue stack of 1`. */
export function moveWords(mv) {
  const m = parse(mv);
  if (!m) return mv;
  const stack = (token) => `the ${NAMES[token[0]] || token[0]} stack of ${token.slice(1)}`;
  return `put ${stack(m.from)} onto ${stack(m.onto)}`;
}

function shade(hex) {
  const n = parseInt(hex.slice(1), 16);
  const mix = (v) => Math.round(v * 0.45 + 255 * 0.35);
  return `rgb(${mix((n >> 16) & 255)}, ${mix((n >> 8) & 255)}, ${mix(n & 255)})`;
}
