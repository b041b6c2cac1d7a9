// Rush Hour (and Rush Hour with rocks): the 6x6 grid with walls, the exit on the right of the
// red car's row; a vehicle is dragged along its axis as far as the server says it can go;
// with rocks, the rock player's legal cells are clicked.

import { s, canvas } from './svg.js';
import { plural } from './words.js';
import { byDifficulty, puzzleSet } from './rushhour-puzzles.js';

export const title = 'Rush Hour';
export const sides = ['You', 'You'];
export const howToPlay = 'Slide the cars and trucks along their lanes to get the red car (A) out through the exit on the right, in as few moves as you can. Drag a vehicle, or Tab to it, press Enter and slide it with the arrows (Enter, Escape or Tab lets it go). A move is written with the vehicle\'s letter, + (right or down) or - (left or up), and the cells: B+2 moves B two cells right, or down. Steps count each cell as a move (B+2 is two steps); slides count a move of any length as one. Choose a puzzle in the Puzzle panel.';
/** The metric is chosen in the Puzzle panel, where it keeps the position. */
export const rulesElsewhere = ['RushMetric'];

/** The optimal lengths learnt from the solver: `metric|board` → moves. */
const learnt = new Map();
/** The set, once loaded. */
let loadedSet = null;

/** The puzzles to choose from, for the Puzzle panel: the metric (a rule), the course's and the
 *  database's puzzles by difficulty in it, and the 6x6 set, measured in slides. */
export const puzzles = {
  rule: 'RushMetric',
  metrics: [['steps', 'steps (one cell a move)'], ['slides', 'slides (any distance a move)']],
  unit: (metric) => (metric === 'slides' ? 'slides' : 'steps'),
  list: (metric) => byDifficulty(metric).map((p) => ({ board: p.board, length: p[metric === 'slides' ? 'slides' : 'steps'], name: p.name })),
  set: {
    title: 'All 6x6 puzzles',
    metric: 'slides',
    about: 'Drawn from every 6x6 board without walls (sente\'s enumeration of the whole game): all the puzzles of 40 slides and more, a sample of the others.',
    load: () => puzzleSet().then((all) => {
      loadedSet = all;
      return all;
    }),
  },
  /** Keeps the solver's optimal length of the puzzle `fen` in `metric`. */
  learn(fen, metric, moves) {
    learnt.set(`${metric}|${fen.split(' ')[0]}`, moves);
  },
};

/** The optimal number of moves of the puzzle the game started from, in its metric, when it is
 *  known (a listed puzzle, one of the set, or one the solver solved from its start). */
export function optimum(state) {
  const board = (state.root_fen || '').split(' ')[0];
  const metric = new Map(state.rules).get('RushMetric') === 'slides' ? 'slides' : 'steps';
  if (learnt.has(`${metric}|${board}`)) return learnt.get(`${metric}|${board}`);
  const listed = byDifficulty(metric).find((p) => p.board === board);
  if (listed) return listed[metric];
  if (metric === puzzles.set.metric) return loadedSet?.find((p) => p.board === board)?.moves ?? null;
  return null;
}

/** How the puzzle ended: the red car out, in the moves played, and the optimum when known. */
export function endWords(state) {
  const best = optimum(state);
  return `the red car is out in ${plural(state.cursor, 'move')}${best === null ? '' : ` (optimal ${best})`}`;
}

/** The metric in words. */
export function ruleWords(state) {
  return [new Map(state.rules).get('RushMetric') === 'slides' ? 'slides count as one move' : 'each cell is one move'];
}

const CELL = 70;
const PAD = 16;
const PALETTE = ['#3e63dd', '#30a46c', '#f5c542', '#8e4ec6', '#f76b15', '#12a594', '#d6409f', '#5b5bd6', '#978365', '#0090ff', '#46a758', '#e54666', '#ab4aba', '#ffb224'];

function parse(fen) {
  const words = fen.trim().split(/\s+/);
  const cells = [...(words[0] || '')];
  const vehicles = new Map();
  cells.forEach((ch, i) => {
    if (ch >= 'A' && ch <= 'Z') {
      if (!vehicles.has(ch)) vehicles.set(ch, []);
      vehicles.get(ch).push([Math.floor(i / 6), i % 6]);
    }
  });
  return { cells, vehicles, side: words[1], carMoves: words[2] };
}

function colour(letter) {
  if (letter === 'A') return '#e5484d';
  return PALETTE[(letter.charCodeAt(0) - 66) % PALETTE.length];
}

export function draw(container, ctx) {
  drawBoard(container, ctx, false);
}

/** Draws the board; `coordinates`: the rows and columns numbered from 0 at the top left on
 *  its edges, as the rocks game writes a rock's cell (`@30`: row 3, column 0). */
export function drawBoard(container, { state, pv, hint, last, onMove }, coordinates) {
  const { cells, vehicles } = parse(state.fen);
  const size = 6 * CELL;
  const edge = coordinates ? 22 : 0;
  const svg = canvas(container, size + 2 * PAD + 56 + edge, size + 2 * PAD + edge, coordinates ? 'Rush Hour board with rocks' : 'Rush Hour board');
  const root = s('g', { transform: `translate(${PAD + edge} ${PAD + edge})` });
  svg.append(root);
  if (coordinates) {
    for (let i = 0; i < 6; i++) {
      root.append(s('text', { class: 'rh-coord', x: i * CELL + CELL / 2, y: -12, 'text-anchor': 'middle', 'aria-hidden': 'true', 'data-coord': `column ${i}` }, String(i)));
      root.append(s('text', { class: 'rh-coord', x: -18, y: i * CELL + CELL / 2 + 5, 'text-anchor': 'middle', 'aria-hidden': 'true', 'data-coord': `row ${i}` }, String(i)));
    }
  }
  root.append(s('rect', { class: 'rh-floor', x: -8, y: -8, width: size + 16, height: size + 16, rx: 12 }));
  // The exit: a gap in the right wall of the red car's row.
  root.append(s('rect', { class: 'rh-exit', x: size, y: 2 * CELL + 4, width: 46, height: CELL - 8, rx: 6 }));
  root.append(s('text', { class: 'rh-exit-label', x: size + 24, y: 2 * CELL + CELL / 2 + 5, 'text-anchor': 'middle' }, 'EXIT'));
  const legal = new Set(state.legal);
  for (let r = 0; r < 6; r++) {
    for (let c = 0; c < 6; c++) {
      const ch = cells[r * 6 + c];
      const x = c * CELL;
      const y = r * CELL;
      root.append(s('rect', { class: 'rh-cell', x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, rx: 6 }));
      if (ch === 'x') {
        root.append(s('rect', { class: 'rh-wall', x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, rx: 4, 'data-wall': `${r}${c}` }));
      }
      if (ch === '*') {
        root.append(s('g', { class: `rh-rock${last === `@${r}${c}` ? ' last' : ''}`, 'data-rock': `${r}${c}` },
          s('path', { d: rockPath(x + CELL / 2, y + CELL / 2) })));
      }
      const rock = `@${r}${c}`;
      if (legal.has(rock)) {
        const target = s('rect', {
          class: `rh-rock-target${hint === rock || pv[0] === rock ? ' hint' : ''}`, x: x + 8, y: y + 8, width: CELL - 16, height: CELL - 16, rx: 8, 'data-move': rock,
          'data-key': rock, role: 'button', 'aria-label': `${rock}, row ${r}, column ${c}: drop a rock`,
        });
        target.addEventListener('click', () => onMove([rock]));
        root.append(target);
      }
    }
  }
  const reach = new Map((state.reach || []).map(([v, back, fwd]) => [v, [back, fwd]]));
  // A hint, the analysis' first move, or in a puzzle the next move of the line being stepped
  // through.
  const next = state.puzzle && state.cursor < state.moves.length ? state.moves[state.cursor] : '';
  const suggestion = hint || pv[0] || next || '';
  for (const [letter, spots] of vehicles) {
    const moved = Boolean(last) && last[0] === letter && last[1] !== '@';
    root.append(vehicle(letter, spots, reach.get(letter), legal, suggestion, onMove, moved));
  }
}

/** `the red car`, `car B`, `truck D` (three cells long). */
function vehicleName(letter, spots) {
  return letter === 'A' ? 'the red car' : `${spots.length > 2 ? 'truck' : 'car'} ${letter}`;
}

function rockPath(x, y) {
  const pts = [[-22, -6], [-12, -20], [6, -22], [20, -10], [22, 8], [10, 20], [-10, 21], [-21, 10]];
  return `M ${pts.map(([dx, dy]) => `${x + dx} ${y + dy}`).join(' L ')} Z`;
}

function vehicle(letter, spots, range, legal, suggestion, onMove, moved) {
  const rows = spots.map((p) => p[0]);
  const cols = spots.map((p) => p[1]);
  const horizontal = new Set(rows).size === 1;
  const r0 = Math.min(...rows);
  const c0 = Math.min(...cols);
  const w = (Math.max(...cols) - c0 + 1) * CELL;
  const h = (Math.max(...rows) - r0 + 1) * CELL;
  const [back, fwd] = range || [0, 0];
  const movable = back + fwd > 0;
  const suggested = suggestion.startsWith(letter) && suggestion.length > 1 && suggestion[1] !== '@';
  const name = vehicleName(letter, spots);
  const ways = horizontal ? ['left', 'right'] : ['up', 'down'];
  const can = [back ? `${back} ${ways[0]}` : '', fwd ? `${fwd} ${ways[1]}` : ''].filter(Boolean).join(', ');
  const g = s('g', {
    'data-key': letter,
    'data-grab': movable ? (horizontal ? 'x' : 'y') : null,
    role: 'button',
    'aria-label': `${name}, ${horizontal ? 'horizontal' : 'vertical'}, ${can ? `can move ${can}; Enter, then the arrows to slide it` : 'cannot move'}`,
    class: `rh-vehicle${movable ? ' movable' : ''}${suggested ? ' hint' : ''}${letter === 'A' ? ' red' : ''}${moved ? ' last' : ''}`,
    'data-vehicle': letter,
    'data-axis': horizontal ? 'x' : 'y',
  });
  g.append(s('rect', { class: 'rh-body', x: c0 * CELL + 6, y: r0 * CELL + 6, width: w - 12, height: h - 12, rx: 14, fill: colour(letter) }));
  g.append(s('text', { class: 'rh-letter', x: c0 * CELL + w / 2, y: r0 * CELL + h / 2 + 7, 'text-anchor': 'middle' }, letter));
  if (suggested) {
    const m = /^([A-Z])([+-])(\d+)$/.exec(suggestion);
    if (m) {
      const d = (m[2] === '+' ? 1 : -1) * Number(m[3]) * CELL;
      const x1 = c0 * CELL + w / 2;
      const y1 = r0 * CELL + h / 2;
      const x2 = horizontal ? x1 + d : x1;
      const y2 = horizontal ? y1 : y1 + d;
      g.append(s('line', { class: 'rh-arrow', x1, y1, x2, y2, 'marker-end': '' }));
      g.append(s('circle', { class: 'rh-arrow-head', cx: x2, cy: y2, r: 7 }));
    }
  }
  if (!movable) return g;
  // Dragging: along the axis, clamped to the reach, snapped to whole cells on release.
  let start = null;
  let offset = 0;
  g.addEventListener('pointerdown', (e) => {
    start = horizontal ? e.clientX : e.clientY;
    offset = 0;
    g.setPointerCapture?.(e.pointerId);
    g.classList.add('dragging');
  });
  g.addEventListener('pointermove', (e) => {
    if (start === null) return;
    const svg = g.ownerSVGElement;
    const scale = svg.viewBox.baseVal.width / svg.getBoundingClientRect().width;
    const raw = ((horizontal ? e.clientX : e.clientY) - start) * scale;
    offset = Math.max(-back * CELL, Math.min(fwd * CELL, raw));
    g.setAttribute('transform', horizontal ? `translate(${offset} 0)` : `translate(0 ${offset})`);
  });
  const finish = () => {
    if (start === null) return;
    start = null;
    g.classList.remove('dragging');
    const cells = Math.round(offset / CELL);
    g.removeAttribute('transform');
    if (cells === 0) return;
    const sign = cells > 0 ? '+' : '-';
    const n = Math.abs(cells);
    const slide = `${letter}${sign}${n}`;
    if (legal.has(slide)) onMove([slide]);
    else onMove(Array(n).fill(`${letter}${sign}1`));
  };
  g.addEventListener('pointerup', finish);
  g.addEventListener('pointercancel', finish);
  return g;
}

/** A taken vehicle slid one cell by a key: `step` +1 (right or down) or -1 (left or up),
 *  `sent` the cells it was already sent that way and the board does not show yet. Gives
 *  { move } when it can go, else { say } why not (it is at the end of its reach). */
export function keySlide(letter, step, state, sent = 0) {
  const [back, fwd] = (state.reach || []).find(([v]) => v === letter)?.slice(1) || [0, 0];
  const spots = parse(state.fen).vehicles.get(letter) || [];
  const horizontal = new Set(spots.map((p) => p[0])).size === 1;
  const way = horizontal ? (step > 0 ? 'right' : 'left') : (step > 0 ? 'down' : 'up');
  const name = vehicleName(letter, spots);
  if (!state.legal.length) return { say: `${name} cannot move now: it is not your move` };
  const left = step > 0 ? fwd - sent : back + sent;
  if (left < 1) return { say: `${name} cannot go further ${way}: ${back + fwd > 0 ? 'it is at the end of its reach' : 'it is blocked'}` };
  return { move: `${letter}${step > 0 ? '+' : '-'}1` };
}

/** A move in words: `move car B right 2 cells`, `drop a rock on @34 (row 3, column 4)`, `pass`. */
export function moveWords(mv, state) {
  if (mv === '0000') return 'pass (no legal move)';
  const rock = /^@(\d)(\d)$/.exec(mv);
  if (rock) return `drop a rock on ${mv} (row ${rock[1]}, column ${rock[2]})`;
  const m = /^([A-Z])([+-])(\d+)$/.exec(mv);
  if (!m) return mv;
  const spots = state ? parse(state.fen).vehicles.get(m[1]) || [] : [];
  const horizontal = new Set(spots.map((p) => p[0])).size === 1;
  const way = horizontal ? (m[2] === '+' ? 'right' : 'left') : (m[2] === '+' ? 'down' : 'up');
  const n = Number(m[3]);
  return `move ${m[1] === 'A' ? 'the red car' : `car ${m[1]}`} ${way} ${n} cell${n === 1 ? '' : 's'}`;
}
