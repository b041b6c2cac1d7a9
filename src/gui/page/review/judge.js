// A move judged by the review's values, as the review library judges one (src/review/judge.rs):
// for "learn from your mistakes", whether a move tried keeps the value of the position. A
// value is the review's JSON: { kind: win | loss | draw | score | estimate | unknown, plies,
// cp }, for the side to move.

/** Winning chances in [-1, 1] of a value (null when nothing is known). */
export function chances(value, scale) {
  switch (value?.kind) {
    case 'win': return 1;
    case 'loss': return -1;
    case 'draw': return 0;
    case 'score': return Math.sign(value.cp);
    case 'estimate': return 2 / (1 + Math.exp(-scale * value.cp)) - 1;
    default: return null;
  }
}

/** True when a move whose value is `after` (for the mover, counted from the position before
 *  it, as the review's `alternatives` give it) keeps `before`, the position's value: it is
 *  best or good by the review's classes (who wins kept and at most one ply given away; in a
 *  puzzle, no move given away; by search, less than 0.1 of winning chances lost). */
export function keepsValue(before, after, { puzzle, scale }) {
  if (!before || !after) return false;
  if (before.kind === 'estimate' || after.kind === 'estimate') {
    const was = chances(before, scale);
    const now = chances(after, scale);
    return was !== null && now !== null && was - now < 0.1;
  }
  const was = chances(before, scale);
  const now = chances(after, scale);
  if (was === null || now === null || now < was) return false;
  if (now > was) return true;
  if (before.kind === 'score' && after.kind === 'score') return after.cp >= before.cp;
  const known = Number.isInteger(before.plies) && Number.isInteger(after.plies);
  if (!known) return true;
  if (before.kind === 'win') return after.plies - before.plies <= (puzzle ? 0 : 1);
  if (before.kind === 'loss') return before.plies - after.plies <= 1;
  return true;
}

/** A value in words, as the review library writes them (src/review/words.rs). */
export function valueWords(value, puzzle) {
  const n = value?.plies;
  const plural = (k, one, many) => `${k} ${k === 1 ? one : many}`;
  switch (value?.kind) {
    case 'win':
      if (puzzle) return Number.isInteger(n) ? (n === 0 ? 'solved' : `solved in ${plural(n, 'move', 'moves')}`) : 'solvable';
      return Number.isInteger(n) ? `win in ${plural(n, 'ply', 'plies')}` : 'win';
    case 'loss':
      if (puzzle) return 'no solution';
      return Number.isInteger(n) ? `loss in ${plural(n, 'ply', 'plies')}` : 'loss';
    case 'draw': return 'draw';
    case 'score': return `score ${value.cp % 100 === 0 ? value.cp / 100 : (value.cp / 100).toFixed(2)}`;
    case 'estimate': return `${value.cp >= 0 ? '+' : ''}${(value.cp / 100).toFixed(2)}`;
    default: return 'unknown';
  }
}
