// Rush Hour with rocks: the Rush Hour board (cars, and the rock a cell of the fen) with its
// rows and columns numbered from 0 at the top left, as a rock's cell is written (`@30`: row 3,
// column 0, the protocol's notation), the rocks game's sides and rules in words.

import { plural } from './words.js';
import { drawBoard, keySlide } from './rushhour.js';

export { moveWords } from './rushhour.js';
export { keySlide };

/** The board, its rows and columns numbered. */
export function draw(container, ctx) {
  drawBoard(container, ctx, true);
}

export const title = 'Rush Hour with rocks';
export const sides = ['Cars', 'Rocks'];
/** The sides are many: "Cars win". */
export const many = true;
export const howToPlay = 'Rush Hour against a rock player. The cars move one cell at a time; after each car move the rock player drops the rock on an empty cell off the red car\'s row, not on the row or the column of the previous rock: there is one rock on the board at a time, and the new one replaces it (a side with no legal move passes, and a rock pass takes the rock away). The cars win when the red car gets out; the rocks win if it is still in after the limit of car moves. A car move is written as in Rush Hour (A+1: the red car one cell right); a rock is written @ then its row and its column, each counted from 0 at the top left as on the board\'s edges: @30 is row 3, column 0.';

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
