// An engine's score (an `info` line's `cp <x>` or `mate <n>`, from the side to move) said as
// the tree view says its values: for the first player, in the game's own units (`3`, not
// `cp 300`), a win as `+M7` (the first player wins 7 plies from the root) or `-M6`.

import { valueText, valueWords } from './values.js';

const MATE = 1000000;

/** The score `kind` (`cp`, `mate`) `score` of a position whose side to move is `side` (`p1`,
 *  `p2`) as a trace value: from the first player's side, in the game's units (`unit` of the
 *  engine's `cp` each: the `value_unit` of `compare_start`, 100 for a game tree), a win
 *  `MATE - plies`. */
export function traceValue(kind, score, side, unit = 1) {
  let value = score / unit;
  if (kind === 'mate') {
    // `mate n`: the side to move wins with its n-th move (ply 2n - 1); `mate -n`: it loses
    // to the opponent's n-th (ply 2n).
    const plies = score > 0 ? 2 * score - 1 : -2 * score;
    value = score > 0 ? MATE - plies : -(MATE - plies);
  }
  return side === 'p2' ? -value : value;
}

/** `cp 300` / `mate -3` (as `info` writes it) read into [kind, score], or null. */
function read(text) {
  const m = /^(cp|mate) (-?\d+)$/.exec(String(text ?? '').trim());
  return m ? [m[1], Number(m[2])] : null;
}

/** The score text `cp 300` of a position whose side to move is `side`, as the tree view writes
 *  a value (a game tree's `cp 300` is `3` with `unit` 100, Connect Four's `cp -47` is `-47`,
 *  a win `+M7`); '' when there is none. */
export function scoreText(text, side, unit = 1) {
  const score = read(text);
  return score ? valueText(traceValue(score[0], score[1], side, unit)) : '';
}

/** The same in words, for a tooltip (`3 for the first player`). */
export function scoreWords(text, side, unit = 1) {
  const score = read(text);
  return score ? valueWords(traceValue(score[0], score[1], side, unit)) : '';
}
