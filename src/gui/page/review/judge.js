// A move judged by the review's values, as the review library judges one (src/review/judge.rs):
// for "learn from your mistakes", whether a move tried keeps the value of the position; values,
// tags and move numbers in words as the library writes them (src/review/words.rs). A value is
// the review's JSON: { kind: win | loss | draw | score | estimate | unknown, plies, cp }, for
// the side to move; its distance in words is the winner's own moves ("win in 3": the winner's
// third move from here ends the game, as UCI's `score mate 3`).

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
 *  best or good by the review's classes (who wins kept, however fast; in a puzzle, no move
 *  given away; by search, less than 0.1 of winning chances lost). */
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
  if (puzzle && known && before.kind === 'win') return after.plies <= before.plies;
  return true;
}

/** The winner's moves to the end of a proven win or loss (`plies` from the side to move): a
 *  win in p plies is the side's (p + 1) / 2-th move, a loss the opponent's p / 2-th; null
 *  when not known. */
export function winnerMoves(value) {
  const n = value?.plies;
  if (!Number.isInteger(n)) return null;
  if (value.kind === 'win') return Math.ceil(n / 2);
  if (value.kind === 'loss') return Math.floor(n / 2);
  return null;
}

/** The number the move list writes before move `ply` (from 1): `4.` the first player's
 *  fourth move, `4…` the second player's; a puzzle's moves one by one (`7.`). */
export function moveNumber(ply, puzzle) {
  if (puzzle) return `${ply}.`;
  return ply % 2 === 1 ? `${(ply + 1) / 2}.` : `${ply / 2}…`;
}

/** A move's tags in words (`only move`, `faster win missed: win in 12, where 4 wins in 3`). */
export function tagWords(m) {
  return (m?.tags || []).map((t) => t.text);
}

/** An accuracy as the review shows it: cut to a whole percent, never rounded up (so that only
 *  a side without an error shows 100 %). */
export function accuracyText(accuracy) {
  return accuracy === null || accuracy === undefined ? '–' : `${Math.floor(accuracy)} %`;
}

/** A value in words, as the review library writes them (src/review/words.rs). */
export function valueWords(value, puzzle) {
  const n = value?.plies;
  const plural = (k, one, many) => `${k} ${k === 1 ? one : many}`;
  switch (value?.kind) {
    case 'win':
      if (puzzle) return Number.isInteger(n) ? (n === 0 ? 'solved' : `solved in ${plural(n, 'move', 'moves')}`) : 'solvable';
      if (n === 0) return 'won';
      return Number.isInteger(n) ? `win in ${winnerMoves(value)}` : 'win';
    case 'loss':
      if (puzzle) return 'no solution';
      if (n === 0) return 'lost';
      return Number.isInteger(n) ? `loss in ${winnerMoves(value)}` : 'loss';
    case 'draw': return 'draw';
    case 'score': return `score ${value.cp % 100 === 0 ? value.cp / 100 : (value.cp / 100).toFixed(2)}`;
    case 'estimate': return `${value.cp >= 0 ? '+' : ''}${(value.cp / 100).toFixed(2)}`;
    default: return 'unknown';
  }
}
