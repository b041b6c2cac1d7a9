// Connect Four of any size: the width and height come from the fen. A legal column is clicked
// and the disc drops; the solver's value of each column is shown under it during analysis.

import { s, canvas, marker } from './svg.js';

export const title = 'Connect Four';
export const sides = ['Red', 'Yellow'];
export const howToPlay = 'Take turns dropping a disc into a column; it falls to the lowest free cell. Red starts. Four in a row (across, down or diagonally) wins; a full board is a draw. Click a column, or press its key. A move is written with its column\'s label under the board: 1 to 9 from the left, then a, b, c on wider boards; a game is its columns in order (4453: Red 4, Yellow 4, Red 5, Yellow 3).';

/** How a game ended: four in a row, or a full board. */
export function endWords(state, winner) {
  return winner ? 'four in a row' : 'the board is full';
}

/** The board's size in words: `7 × 6`. */
export function ruleWords(state) {
  const rows = state.fen.split(' ')[0].split('/');
  return [`${rows[0].length} × ${rows.length}`];
}

/** A column's key (`1`-`9`, `a`-`c`) anywhere on the page plays it, when it is legal. */
export function keyMove(key, state) {
  const mv = key.toLowerCase();
  return /^[1-9a-c]$/.test(mv) && state.legal.includes(mv) ? mv : null;
}

const CELL = 64;
const TOP = 56;
/** The smallest size in px, as shown, of the column labels and the values' words: a wide board
 *  in a narrow window is drawn small, so its words are written larger in the board's units. */
const READABLE = 10;

/** Column `i`'s label: 1-9, then a, b, c... */
export function label(i) {
  return i < 9 ? String(i + 1) : String.fromCharCode(97 + i - 9);
}

function grid(fen) {
  return fen.split(' ')[0].split('/').map((row) => [...row]);
}

/** A column's value in words for the side that drops there, both sides then playing
 *  perfectly (the server's `result` and `plies`): `win in 3` (its third disc from now, this
 *  one counted, makes four), `loss in 13` (the opponent's 13th disc from now does), `draw`. */
export function valueWords(c) {
  if (c.result === 'draw') return 'draw';
  const moves = c.result === 'win' ? (c.plies + 1) / 2 : c.plies / 2;
  return `${c.result} in ${moves}`;
}

/** A solved column's rank for the side to move: larger is better (a sooner win, a later loss). */
function rank(c) {
  if (c.result === 'win') return 1000 - c.plies;
  if (c.result === 'loss') return -1000 + c.plies;
  return 0;
}

/** The solver's verdict on the position once every legal column is proven: { value (positive:
 *  the side to move wins), best (the columns worth it), words }, or null. */
export function proven(columns, fen) {
  if (!columns || columns.fen !== fen || !columns.columns.length) return null;
  if (columns.columns.some((c) => c.status !== 'solved')) return null;
  const value = Math.max(...columns.columns.map(rank));
  const best = columns.columns.filter((c) => rank(c) === value);
  return { value, best: best.map((c) => c.mv), words: valueWords(best[0]) };
}

/** A column's chip in a few characters: `win in 3`, `loss in 13`, `draw`, `…` (being solved),
 *  `?` (not proven in time), `!` (the solver failed). */
export function chipText(c) {
  if (c.status === 'solved') return valueWords(c);
  return { unproven: '?', error: '!' }[c.status] || '…';
}

/** What a column's chip means, for its tooltip: its value in words, the plies, and the
 *  solver's own score of the position after the move (from the opponent's side). */
export function chipWords(c) {
  if (c.status === 'solved') {
    const plies = c.plies ? `, ${c.plies} ${c.plies === 1 ? 'ply' : 'plies'}` : '';
    const how = c.score ? `the solver's score after it, for the opponent: ${c.score}` : c.result === 'win' ? 'four in a row at once' : 'the board is full';
    return `column ${c.mv}: ${valueWords(c)}${plies} (${how})`;
  }
  if (c.status === 'unproven') return `column ${c.mv}: not proven within the solver's 3 s`;
  if (c.status === 'error') return `column ${c.mv}: the solver failed`;
  return `column ${c.mv}: being solved…`;
}

/** The chips' legend in one line. */
export const CHIP_LEGEND = 'Under each column, what dropping there gives the side to move, both sides then playing perfectly: win in n (its n-th disc from now makes four, this one counted), loss in n (the opponent\'s n-th disc does), draw. ★ best; … being solved; ? not proven in 3 s.';

/** The cells of every line of four or more of one colour: a Set of `row,column`. */
export function winningCells(rows) {
  const cells = new Set();
  const height = rows.length;
  const width = rows[0]?.length || 0;
  for (let r = 0; r < height; r++) for (let c = 0; c < width; c++) {
    const stone = rows[r][c];
    if (stone === '.') continue;
    for (const [dr, dc] of [[0, 1], [1, 0], [1, 1], [1, -1]]) {
      const line = [];
      for (let k = 0; k < 4; k++) {
        const rr = r + k * dr;
        const cc = c + k * dc;
        if (rr < 0 || rr >= height || cc < 0 || cc >= width || rows[rr][cc] !== stone) break;
        line.push(`${rr},${cc}`);
      }
      if (line.length === 4) line.forEach((cell) => cells.add(cell));
    }
  }
  return cells;
}

/** A cell of a review's reason (`[column, row]`, from 1 at the bottom left) in words. */
export function cellWords([column, row]) {
  return `column ${column}, row ${row}`;
}

export function draw(container, { state, previous, pv, hint, last, columns, marks, onMove }) {
  const rows = grid(state.fen);
  const height = rows.length;
  const width = rows[0]?.length || 0;
  const side = state.side === 'p1' ? 'x' : 'o';
  const legal = new Set(state.legal);
  const values = new Map((columns?.fen === state.fen ? columns.columns : []).map((c) => [c.mv, c]));
  const verdict = proven(columns, state.fen);
  const boardW = width * CELL;
  const boardH = height * CELL;
  const text = textSizes(container, boardW + 20, TOP + boardH + 74);
  const labelY = TOP + boardH + 6 + text.label;
  const chipTop = labelY + 8;
  const chipH = 2 * Math.round(text.chip * 1.15) + 10;
  const svg = canvas(container, boardW + 20, chipTop + chipH + 4, `Connect Four board, ${width} by ${height}`);
  const root = s('g', { transform: 'translate(10 0)' });
  svg.append(root);

  // The disc added since the previous drawing drops from the top.
  let fresh = null;
  if (previous && previous.variant === 'connect4' && previous.moves.length + 1 === state.moves.length) {
    const before = grid(previous.fen);
    if (before.length === height && before[0]?.length === width) {
      for (let r = 0; r < height; r++) for (let c = 0; c < width; c++) {
        if (before[r][c] === '.' && rows[r][c] !== '.') fresh = [r, c];
      }
    }
  }

  const won = state.outcome ? winningCells(rows) : new Set();
  // The last move's disc: the top one of its column.
  const lastColumn = last ? [...Array(width).keys()].find((k) => label(k) === last) : undefined;
  const lastRow = lastColumn === undefined ? -1 : rows.findIndex((row) => row[lastColumn] !== '.');
  const discs = s('g', { class: 'c4-discs' });
  for (let r = 0; r < height; r++) {
    for (let c = 0; c < width; c++) {
      const stone = rows[r][c];
      if (stone === '.') continue;
      const cx = c * CELL + CELL / 2;
      const cy = TOP + r * CELL + CELL / 2;
      const disc = s('circle', { cx, cy, r: CELL * 0.4, class: `c4-disc c4-${stone}` });
      if (fresh && fresh[0] === r && fresh[1] === c) {
        const g = s('g', { class: 'c4-drop', style: `--drop-from: ${-(cy - TOP / 2)}px` }, disc);
        discs.append(g);
      } else {
        discs.append(disc);
      }
    }
  }
  root.append(discs);

  // The frame with its holes, drawn over the discs.
  const holes = [];
  for (let r = 0; r < height; r++) for (let c = 0; c < width; c++) {
    holes.push(`M ${c * CELL + CELL / 2 - CELL * 0.4} ${TOP + r * CELL + CELL / 2} a ${CELL * 0.4} ${CELL * 0.4} 0 1 0 ${CELL * 0.8} 0 a ${CELL * 0.4} ${CELL * 0.4} 0 1 0 ${-CELL * 0.8} 0`);
  }
  root.append(s('path', {
    class: 'c4-frame',
    d: `M 0 ${TOP} h ${boardW} v ${boardH} h ${-boardW} Z ${holes.join(' ')}`,
    'fill-rule': 'evenodd',
  }));
  // The winning four ringed, the last disc dotted (over the frame).
  for (const cell of won) {
    const [r, c] = cell.split(',').map(Number);
    root.append(s('circle', { class: 'c4-win', cx: c * CELL + CELL / 2, cy: TOP + r * CELL + CELL / 2, r: CELL * 0.4, 'data-cell': cell }));
  }
  if (lastRow >= 0) {
    root.append(s('circle', { class: 'c4-last', cx: lastColumn * CELL + CELL / 2, cy: TOP + lastRow * CELL + CELL / 2, r: CELL * 0.12, 'data-last': last }));
  }

  // The principal variation: where its discs would land, numbered.
  const heights = Array.from({ length: width }, (_, c) => rows.filter((row) => row[c] !== '.').length);
  pv.slice(0, 8).forEach((mv, i) => {
    const c = [...Array(width).keys()].find((k) => label(k) === mv);
    if (c === undefined || heights[c] >= height) return;
    const r = height - 1 - heights[c];
    heights[c]++;
    root.append(marker(c * CELL + CELL / 2, TOP + r * CELL + CELL / 2, i + 1, 13));
  });

  // The hinted column: outlined, an arrow above it.
  const hinted = [...Array(width).keys()].find((k) => label(k) === hint);
  if (hinted !== undefined) {
    const x = hinted * CELL;
    root.append(s('g', { class: 'c4-hint', 'data-hint': hint },
      s('rect', { x: x + 3, y: TOP - 2, width: CELL - 6, height: boardH + 4, rx: 10 }),
      s('path', { d: `M ${x + CELL / 2 - 14} ${TOP - 34} h 28 l -14 24 Z` })));
  }

  if (marks) root.append(marksLayer(marks, rows));

  // Columns: labels, values, the click targets and a preview disc.
  for (let c = 0; c < width; c++) {
    const mv = label(c);
    const x = c * CELL;
    const col = s('g', { class: `c4-column${legal.has(mv) ? ' legal' : ''}${hint === mv ? ' hint' : ''}` });
    col.append(s('circle', { class: `c4-preview c4-${side}`, cx: x + CELL / 2, cy: TOP / 2, r: CELL * 0.36 }));
    col.append(s('text', { class: 'c4-label', x: x + CELL / 2, y: labelY, 'font-size': text.label, 'text-anchor': 'middle' }, mv));
    const value = values.get(mv);
    if (value) col.append(columnValue(value, x + CELL / 2, chipTop, chipH, text.chip, verdict?.best.includes(mv)));
    const discs = rows.filter((row) => row[c] !== '.').length;
    const colour = state.side === 'p1' ? 'red' : 'yellow';
    const what = discs >= height ? 'full' : `${discs} disc${discs === 1 ? '' : 's'}${legal.has(mv) ? `, ${colour} to play` : ''}`;
    const hit = s('rect', {
      class: 'c4-hit', x, y: 0, width: CELL, height: TOP + boardH, 'data-move': mv,
      'data-key': mv, role: 'button', 'aria-label': `column ${mv}, ${what}`, 'aria-disabled': legal.has(mv) ? null : 'true',
    });
    if (legal.has(mv)) hit.addEventListener('click', () => onMove([mv]));
    col.append(hit);
    root.append(col);
  }
}

/** The labels' and the chips' font sizes in the board's units for a drawing `width` x `height`
 *  units shown in `container` (the page's rule: at most 640 px wide, 68% of the window high):
 *  the usual 15 and 14, larger where the board is shown small enough to make them unreadable. */
function textSizes(container, width, height) {
  const px = Math.min(container.clientWidth || 640, 640);
  const shown = Math.min(1, px / width, (0.68 * window.innerHeight) / height);
  const size = (usual, most) => Math.max(usual, Math.min(most, Math.ceil(READABLE / shown)));
  return { label: size(15, 26), chip: size(14, 23) };
}

/** The marks of a review's reason over the board (boards/index.js `marks`): a ring on each
 *  cell it names, and its moves numbered where their discs would land. */
function marksLayer({ cells = [], moves = [], label: words }, rows) {
  const height = rows.length;
  const width = rows[0]?.length || 0;
  const layer = s('g', { class: 'board-marks', id: 'board-marks', role: 'img', 'aria-label': words || 'the review\'s marks' });
  const centre = (c, r) => [c * CELL + CELL / 2, TOP + r * CELL + CELL / 2];
  for (const [column, row] of cells) {
    const c = column - 1;
    const r = height - row;
    if (!(c >= 0 && c < width && r >= 0 && r < height)) continue;
    const [cx, cy] = centre(c, r);
    layer.append(s('g', { class: 'board-mark-cell', 'data-mark-cell': `${column},${row}` },
      s('circle', { class: 'board-mark-halo', cx, cy, r: CELL * 0.43 }),
      s('circle', { class: 'board-mark-ring', cx, cy, r: CELL * 0.43 })));
  }
  const heights = Array.from({ length: width }, (_, c) => rows.filter((row) => row[c] !== '.').length);
  moves.forEach((mv, i) => {
    const c = [...Array(width).keys()].find((k) => label(k) === mv);
    if (c === undefined || heights[c] >= height) return;
    const r = height - 1 - heights[c];
    heights[c]++;
    const [cx, cy] = centre(c, r);
    layer.append(s('g', { class: `board-mark-move ${i % 2 ? 'second' : 'first'}`, 'data-mark-move': `${i + 1}:${mv}` },
      s('circle', { cx, cy, r: CELL * 0.3 }),
      s('text', { x: cx, y: cy + 6, 'text-anchor': 'middle' }, i + 1)));
  });
  return layer;
}

function columnValue(value, x, top, height, font, best) {
  const cls = value.status === 'solved' ? value.result : value.status === 'unproven' ? 'unknown' : 'pending';
  // Two lines: the result, then the distance (`loss` / `in 13`).
  const [word, ...rest] = chipText(value).split(' ');
  const lines = [best ? `★${word}` : word, rest.join(' ')].filter(Boolean);
  const line = Math.round(font * 1.15);
  const first = top + (height - lines.length * line) / 2 + line * 0.8;
  return s('g', { class: `c4-value ${cls}${best ? ' best' : ''}`, 'data-column-value': value.mv, 'data-words': chipText(value) },
    s('title', {}, `${chipWords(value)}${best ? ', a best move' : ''}`),
    s('rect', { x: x - 29, y: top, width: 58, height, rx: 10 }),
    ...lines.map((text, i) => s('text', { x, y: first + i * line, 'font-size': font, 'text-anchor': 'middle' }, text)));
}

/** A move in words: `drop in column 4`. */
export function moveWords(mv) {
  return `drop a disc in column ${mv}`;
}
