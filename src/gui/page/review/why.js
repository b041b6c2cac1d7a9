// A marked move's reason (`why`, protocol.md "sente review": { kind, moves, cells, text, ... }):
// its sentence beside the move, and what it names drawn on the board while the position after
// the move is viewed (the board's `marks`, boards/index.js): a ring on each cell it names (the
// threat not blocked, the four missed, the two threats to come), the opponent's one move it
// names numbered (a double threat, a fork), and for a `line` its first 12 plies on request,
// then the rest. The marks are said in words beside the board (and are the marks' own
// accessible name), so the picture is never the only way to know them. In the games the course
// searches whole (Babylon, the rocks game, game trees), a `line` also opens the proof tree of
// the position after the move: the refutation in the course's own terms.

import { h } from '../dom.js';
import { boardFor, sideName } from '../boards/index.js';

/** The plies of a line drawn at first; the rest on request. */
export const LINE_PLIES = 12;

/** The games whose `line` reasons open the proof tree of the position after the move. */
export const PROOF_VARIANTS = ['babylon', 'rushhour-rocks', 'tree'];

/** Kinds whose `moves` are the one move of the opponent that the reason names. */
const ONE_MOVE = ['double_threat', 'fork'];

/** A reason's cell in the game's words (`column 2, row 3`; `b3`). */
function cellWords(variant, cell) {
  const words = boardFor(variant)?.cellWords;
  return words ? words(cell) : `column ${cell[0]}, row ${cell[1]}`;
}

/** The cells of a reason that are cells (`[column, row]` of positive integers). */
function cellsOf(why) {
  return (why?.cells || []).filter((c) => Array.isArray(c) && c.length === 2 && c.every((n) => Number.isInteger(n) && n > 0));
}

/** The marks of `why` on the board of `variant`, with `plies` of a line shown (0: none): {
 *  cells, moves, label } (boards/index.js), or null when it names nothing to draw. */
export function marksOf(why, variant, plies) {
  if (!why) return null;
  const cells = cellsOf(why);
  let moves = [];
  if (ONE_MOVE.includes(why.kind)) moves = (why.moves || []).slice(0, 1);
  else if (why.kind === 'line') moves = (why.moves || []).slice(0, plies);
  if (!cells.length && !moves.length) return null;
  return { cells, moves, label: marksWords(why, variant, cells, moves) };
}

/** The marks in words: `Marked on the board: ringed, column 2, row 3; numbered, 1: 4.` */
function marksWords(why, variant, cells, moves) {
  const parts = [];
  if (cells.length) parts.push(`ringed, ${cells.map((c) => cellWords(variant, c)).join(' and ')}`);
  if (moves.length) parts.push(`numbered, ${moves.map((mv, i) => `${i + 1}: ${mv}`).join(', ')}`);
  return `Marked on the board: ${parts.join('; ')}.`;
}

/** The button that views the position after `m` with its reason on the board (`view(plies)`),
 *  or null when the reason names nothing to draw. */
export function showWhyButton(m, variant, view) {
  const why = m.why;
  const line = why?.kind === 'line' ? why.moves || [] : [];
  if (!why || !(cellsOf(why).length || line.length || ONE_MOVE.includes(why.kind))) return null;
  return h('button', { id: 'review-why-show', onclick: () => view(Math.min(LINE_PLIES, line.length)) },
    `Show why on the board (after ${sideName(variant, m.side)}'s ${m.move})`);
}

/** The reason of `m` (a review's move) whose position after it the board shows: its
 *  sentence, the marks in words; for a line, its moves and the buttons that draw 12 plies,
 *  all of them, or none (`showLine(plies)`; `plies` drawn now), and in `PROOF_VARIANTS` the
 *  button that opens the proof tree of the position after the move (`showProof()`). */
export function reasonBox(m, variant, { plies, showLine, showProof }) {
  const why = m.why;
  if (!why) return null;
  const parts = [h('p', { class: 'review-why', id: 'review-why' }, h('strong', {}, 'Why: '), why.text)];
  const line = why.kind === 'line' ? why.moves || [] : [];
  if (line.length) {
    const kind = why.proven === false ? 'the search\'s line, not a proof' : 'best play';
    const words = plies ? line.slice(0, plies) : line.slice(0, LINE_PLIES);
    const more = line.length > words.length ? ` … (${line.length} plies${why.complete === false ? ' and more' : ''})` : why.complete === false ? ' …' : '';
    parts.push(h('p', { class: 'review-line', id: 'review-line' }, `The line (${kind}): `, h('span', { class: 'review-line-moves' }, words.join(' ')), more));
  }
  const marks = marksOf(why, variant, plies);
  const buttons = [];
  if (line.length) {
    if (plies < Math.min(LINE_PLIES, line.length)) {
      buttons.push(h('button', { id: 'review-line-show', onclick: () => showLine(Math.min(LINE_PLIES, line.length)) }, `Show the line on the board (${Math.min(LINE_PLIES, line.length)} plies)`));
    } else {
      if (plies < line.length) buttons.push(h('button', { id: 'review-line-all', onclick: () => showLine(line.length) }, `Show all ${line.length} plies`));
      buttons.push(h('button', { id: 'review-line-hide', onclick: () => showLine(0) }, 'Hide the line'));
    }
  }
  if (why.kind === 'line' && showProof && PROOF_VARIANTS.includes(variant)) {
    buttons.push(h('button', {
      id: 'review-proof',
      title: `Every reply of ${sideName(variant, m.side)} after ${m.move}, and one winning answer to each: the search tree that proves the value`,
      onclick: showProof,
    }, 'Show the proof tree'));
  }
  if (marks) parts.push(h('p', { class: 'review-why-marks', id: 'review-why-marks' }, marks.label));
  if (buttons.length) parts.push(h('div', { class: 'buttons' }, buttons));
  return h('div', { class: 'review-reason', 'data-kind': why.kind }, parts);
}
