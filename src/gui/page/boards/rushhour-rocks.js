// Rush Hour with rocks: the Rush Hour board (cars, and the rock a cell of the fen), the rocks
// game's sides and rules in words.

import { plural } from './words.js';

export { draw, moveWords } from './rushhour.js';

export const title = 'Rush Hour with rocks';
export const sides = ['Cars', 'Rocks'];
/** The sides are many: "Cars win". */
export const many = true;
export const howToPlay = 'Rush Hour against a rock player. The cars move one cell at a time; after each car move the rock player drops a rock on an empty cell off the red car\'s row, not on the row or column of the previous rock. The cars win when the red car gets out; the rocks win if it is still in after the limit of car moves.';

/** How a game ended: the red car out, or the turn limit. */
export function endWords(state, winner) {
  if (winner === 'p1') return 'the red car escaped';
  const limit = new Map(state.rules).get('RocksMaxTurns') || '100';
  return `turn limit: the cars did not get out in ${plural(Number(limit), 'move')}`;
}

/** The turn limit in words, when it is not the default. */
export function ruleWords(state) {
  const rules = new Map(state.rules);
  return rules.has('RocksMaxTurns') ? [`at most ${plural(Number(rules.get('RocksMaxTurns')), 'car move')}`] : [];
}
