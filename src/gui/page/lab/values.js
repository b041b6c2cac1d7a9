// How the tree and comparison views write search values: a trace value is in centipawns from
// p1's point of view (protocol.md, "Search trace"); a win is 1000000 minus its distance in
// plies from the root; ±1000001 stands for an open window end.

export const INF = 1000001;
const MATE = 1000000;
const MATE_BOUND = 990000;

/** A trace value or window bound in a few characters: `3`, `7.67`, `-0.44`, `+M7` (p1 wins
 *  7 plies from the root), `-M6` (p2 wins), `∞`, `-∞`. */
export function valueText(v) {
  if (v === null || v === undefined || Number.isNaN(v)) return '';
  if (v >= INF) return '∞';
  if (v <= -INF) return '-∞';
  if (Math.abs(v) >= MATE_BOUND) return `${v > 0 ? '+' : '-'}M${MATE - Math.abs(v)}`;
  return String(Math.round(v) / 100);
}

/** The value in words, for tooltips. */
export function valueWords(v) {
  if (v >= INF) return '+infinity (open)';
  if (v <= -INF) return '-infinity (open)';
  if (Math.abs(v) >= MATE_BOUND) return `the ${v > 0 ? 'first' : 'second'} player wins ${MATE - Math.abs(v)} plies from the root`;
  return `${valueText(v)} for the first player (${v} hundredths of a pawn)`;
}

/** 12345 as `12,345`. */
export function count(n) {
  return n === null || n === undefined ? '' : Number(n).toLocaleString('en-US');
}
