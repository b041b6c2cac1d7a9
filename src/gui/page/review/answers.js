// What learning and the puzzles share: the page's one set of tried moves (review/trial.js), and
// a reason said after a wrong try without the answer in it.

import { mountTrials } from './trial.js';
import { chances } from './judge.js';

/** The tried moves of the page (made once, by the first view that asks). */
export function trialsOf(app) {
  if (!app.trials) app.trials = mountTrials(app);
  return app.trials;
}

function escaped(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A reason's `text` (protocol.md, "sente review") with the clause naming one of `answers`
 *  left out (`; 4 was better`, `; B-1 was optimal`, Nim's `; 3-1 leaves 1 2 ...`, up to the
 *  next dash or the end): said after a wrong try, it explains the move tried without giving
 *  the right one away. */
export function answerFree(text, answers) {
  let said = String(text || '');
  for (const answer of answers || []) {
    said = said.replace(new RegExp(`; ${escaped(answer)} [^—]*`, 'g'), '');
  }
  return said.trim();
}

/** What a move whose value is `after` does where `before` was kept (both for the mover, as
 *  the review's values): `loses`, `only draws`, `gives away winning chances`, `is slower`. */
export function verdict(before, after, scale) {
  const was = chances(before, scale);
  const now = chances(after, scale);
  if (now === null || was === null) return 'is worse';
  if (now < 0 && was >= 0) return 'loses';
  if (now === 0 && was > 0) return 'only draws';
  if (now < was) return 'gives away winning chances';
  return 'is slower';
}
