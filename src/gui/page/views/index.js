// The views of the page, in the order they are laid out. A view module exports
// { id, title, area ('main', 'side' or 'bottom' of the play page; 'tree' or 'compare', the
// other pages), mount(element, app) }; `app` gives
// `store` (the server's messages: store.on(type, handler), store.state, store.welcome...)
// and `send(message)`. A new view is one module and one line here.

import * as board from './board.js';
import * as game from './game.js';
import * as moves from './moves.js';
import * as puzzle from './puzzle.js';
import * as analysis from './analysis.js';
import * as position from './position.js';
import * as engines from './engines.js';
import * as log from './log.js';
import * as tree from './search-tree.js';
import * as compare from './compare.js';
import * as review from './review.js';
import * as puzzles from './puzzles.js';

export const VIEWS = [board, review, game, puzzle, puzzles, moves, analysis, position, engines, log, tree, compare];
