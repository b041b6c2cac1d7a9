// How the tree and comparison views write search values: a trace value is in the game's own
// units from p1's point of view (protocol.md, "Search trace": a tree's leaf 3 is 3, an
// expectimax mean 7.67); a win is 1000000 minus its distance in plies from the root; an open
// window end is ±Infinity (the server sends it as "inf" / "-inf").

const MATE = 1000000;
const MATE_BOUND = 990000;

/** A value of a `trace_nodes` message as a number: "inf" and "-inf" are ±Infinity. */
export function traceNumber(v) {
  if (v === 'inf') return Infinity;
  if (v === '-inf') return -Infinity;
  return v;
}

/** A trace value or window bound in a few characters: `3`, `7.67`, `-47`, `+M7` (p1 wins
 *  7 plies from the root), `-M6` (p2 wins), `∞`, `-∞`. */
export function valueText(v) {
  if (v === null || v === undefined || Number.isNaN(v)) return '';
  if (v === Infinity) return '∞';
  if (v === -Infinity) return '-∞';
  if (Math.abs(v) >= MATE_BOUND) return `${v > 0 ? '+' : '-'}M${MATE - Math.abs(v)}`;
  return String(Math.round(v * 100) / 100);
}

/** The value in words, for tooltips. */
export function valueWords(v) {
  if (v === Infinity) return '+infinity (open)';
  if (v === -Infinity) return '-infinity (open)';
  if (Math.abs(v) >= MATE_BOUND) return `the ${v > 0 ? 'first' : 'second'} player wins ${MATE - Math.abs(v)} plies from the root`;
  return `${valueText(v)} for the first player`;
}

/** 12345 as `12,345`. */
export function count(n) {
  return n === null || n === undefined ? '' : Number(n).toLocaleString('en-US');
}
