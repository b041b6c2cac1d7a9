// Which board draws which variant. A board module exports `draw(container, ctx)`, where ctx
// holds { state, pv, hint, columns, onMove(moves), previous } (see views/board.js).

import * as tictactoe from './tictactoe.js';
import * as connect4 from './connect4.js';
import * as babylon from './babylon.js';
import * as rushhour from './rushhour.js';
import * as tree from './tree.js';

const BOARDS = {
  tictactoe,
  connect4,
  babylon,
  rushhour,
  'rushhour-rocks': rushhour,
  tree,
};

/** The board of `variant`, or null when the page has none. */
export function boardFor(variant) {
  return BOARDS[variant] || null;
}
