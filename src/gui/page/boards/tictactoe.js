// Tic-tac-toe: a 3x3 grid with its coordinates on the edges (columns a-c, rows 1-3 from the
// bottom); a legal cell is clicked to play (`a1`..`c3`).

import { s, canvas, marker } from './svg.js';

export const title = 'Tic-tac-toe';
export const sides = ['X', 'O'];
export const howToPlay = 'Take turns putting X and O on the 3 × 3 grid; X starts. Three in a row (across, down or diagonally) wins; a full board is a draw. Click a cell, or Tab to the board, move with the arrows and press Enter. A cell is written with its column a-c (from the left) and its row 1-3 (from the bottom), as on the board\'s edges: b2 is the centre, a3 the top left corner.';

/** How a game ended: three in a row, or a full board. */
export function endWords(state, winner) {
  return winner ? 'three in a row' : 'the board is full';
}

const CELL = 100;
/** Room on the left for the row numbers and below for the column letters. */
const EDGE = 26;

const LINES = [
  [[0, 0], [0, 1], [0, 2]], [[1, 0], [1, 1], [1, 2]], [[2, 0], [2, 1], [2, 2]],
  [[0, 0], [1, 0], [2, 0]], [[0, 1], [1, 1], [2, 1]], [[0, 2], [1, 2], [2, 2]],
  [[0, 0], [1, 1], [2, 2]], [[0, 2], [1, 1], [2, 0]],
];

/** The cells of the lines of three (`a1`..`c3`), from the fen's rows (rank 3 first). */
export function winningCells(rows) {
  const at = (r, c) => (rows[r] || '')[c]?.toLowerCase();
  const cells = new Set();
  for (const line of LINES) {
    const first = at(...line[0]);
    if ((first === 'x' || first === 'o') && line.every(([r, c]) => at(r, c) === first)) {
      for (const [r, c] of line) cells.add(`${'abc'[c]}${3 - r}`);
    }
  }
  return cells;
}

/** A cell of a review's reason (`[column, row]`, from 1 at the bottom left) as the board
 *  names it: `b3`. */
export function cellWords([column, row]) {
  return `${'abc'[column - 1] || '?'}${row}`;
}

export function draw(container, { state, pv, hint, last, marks, onMove }) {
  const rows = state.fen.split(' ')[0].split('/');
  const won = state.outcome ? winningCells(rows) : new Set();
  const svg = canvas(container, 3 * CELL + EDGE + 20, 3 * CELL + EDGE + 20, 'tic-tac-toe board');
  const board = s('g', { transform: `translate(${EDGE + 10} 10)` });
  svg.append(board);
  // The coordinates: rows 1-3 from the bottom on the left, columns a-c under the grid.
  for (let i = 0; i < 3; i++) {
    board.append(s('text', { class: 'ttt-coord', x: -EDGE / 2, y: i * CELL + CELL / 2 + 5, 'text-anchor': 'middle', 'aria-hidden': 'true' }, String(3 - i)));
    board.append(s('text', { class: 'ttt-coord', x: i * CELL + CELL / 2, y: 3 * CELL + EDGE - 6, 'text-anchor': 'middle', 'aria-hidden': 'true' }, 'abc'[i]));
  }
  const legal = new Set(state.legal);
  const name = (r, c) => `${'abc'[c]}${3 - r}`;
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      const mv = name(r, c);
      const x = c * CELL;
      const y = r * CELL;
      const stone = (rows[r] || '')[c]?.toLowerCase();
      const cell = s('rect', {
        x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, rx: 10,
        class: `ttt-cell${legal.has(mv) ? ' legal' : ''}${mv === hint ? ' hint' : ''}${mv === last ? ' last' : ''}${won.has(mv) ? ' win' : ''}`,
        'data-move': mv,
        'data-key': mv,
        role: 'button',
        'aria-label': `${mv}, ${stone === 'x' ? 'X' : stone === 'o' ? 'O' : legal.has(mv) ? `empty, ${state.side === 'p2' ? 'O' : 'X'} to play` : 'empty'}`,
        'aria-disabled': legal.has(mv) ? null : 'true',
      });
      if (legal.has(mv)) cell.addEventListener('click', () => onMove([mv]));
      board.append(cell);
      if (stone === 'x') board.append(cross(x + CELL / 2, y + CELL / 2, 'ttt-x'));
      if (stone === 'o') board.append(s('circle', { cx: x + CELL / 2, cy: y + CELL / 2, r: 28, class: 'ttt-o' }));
    }
  }
  // The principal variation, numbered.
  pv.slice(0, 6).forEach((mv, i) => {
    const c = 'abc'.indexOf(mv[0]);
    const r = 3 - Number(mv[1]);
    if (c >= 0 && r >= 0 && r < 3) board.append(marker(c * CELL + CELL - 18, r * CELL + 18, i + 1));
  });
  if (marks) board.append(marksLayer(marks));
}

/** The marks of a review's reason (boards/index.js `marks`): a ring round each cell it names,
 *  and its moves numbered in their cells. */
function marksLayer({ cells = [], moves = [], label }) {
  const layer = s('g', { class: 'board-marks', id: 'board-marks', role: 'img', 'aria-label': label || 'the review\'s marks' });
  for (const [column, row] of cells) {
    if (!(column >= 1 && column <= 3 && row >= 1 && row <= 3)) continue;
    const x = (column - 1) * CELL;
    const y = (3 - row) * CELL;
    layer.append(s('g', { class: 'board-mark-cell', 'data-mark-cell': `${column},${row}` },
      s('rect', { class: 'board-mark-halo', x: x + 7, y: y + 7, width: CELL - 14, height: CELL - 14, rx: 12 }),
      s('rect', { class: 'board-mark-ring', x: x + 7, y: y + 7, width: CELL - 14, height: CELL - 14, rx: 12 })));
  }
  moves.forEach((mv, i) => {
    const c = 'abc'.indexOf(mv[0]);
    const r = 3 - Number(mv[1]);
    if (c < 0 || !(r >= 0 && r < 3)) return;
    const cx = c * CELL + 22;
    const cy = r * CELL + 22;
    layer.append(s('g', { class: `board-mark-move ${i % 2 ? 'second' : 'first'}`, 'data-mark-move': `${i + 1}:${mv}` },
      s('circle', { cx, cy, r: 16 }),
      s('text', { x: cx, y: cy + 6, 'text-anchor': 'middle' }, i + 1)));
  });
  return layer;
}

function cross(x, y, cls) {
  const d = 26;
  return s('g', { class: cls },
    s('line', { x1: x - d, y1: y - d, x2: x + d, y2: y + d }),
    s('line', { x1: x - d, y1: y + d, x2: x + d, y2: y - d }));
}

/** A move in words: `play b2`. */
export function moveWords(mv, state) {
  return `put ${state?.side === 'p2' ? 'O' : 'X'} on ${mv}`;
}
