// The page's store: the last message of each kind from the server, handlers per message
// type, and the game kept in sessionStorage so that a reload (or a reconnect) restores it.

import { fromState, merge, rootKey, pack, unpack } from './lines.js';

/** Every message type the server sends (gui.md); anything else is ignored with a warning. */
export const SERVER_MESSAGES = ['welcome', 'state', 'info', 'columns', 'log', 'error', 'notice', 'hint', 'record',
  'trace_start', 'trace_progress', 'trace_nodes', 'trace_done', 'trace_failed',
  'compare_start', 'compare_row', 'compare_done', 'compare_failed',
  'review_start', 'review_waiting', 'review_progress', 'review_done', 'review_failed',
  'review_try_board', 'review_try_done', 'review_try_failed'];

const SAVED = 'sente-gui-game';

export function createStore() {
  const handlers = new Map();
  const store = {
    welcome: null,
    state: null,
    /** The last analysis line (cleared when the position changes). */
    info: null,
    columns: null,
    hint: null,
    /** The engine picked in the page (for analysis, play, options). */
    engine: null,
    /** A game with engines whose last position is finished (or that ended otherwise: a
     *  forfeit, a resignation, an agreed draw, an abort): the
     *  number of its moves; stepping back through it keeps it over. Null otherwise. */
    over: null,
    /** Every line played (lines.js): the server's line and the side lines. */
    lines: null,
    /** Set when the page starts another game (New game, a position, a record): the next state
     *  starts a fresh tree. */
    freshLines: false,
    /** The lines saved before a reload, taken up by the first state of their game. */
    restoreLines: null,
    /** The ply the page last asked to view (`goto`, through `app.goto`) and how many of those
     *  gotos the server has not answered yet ({ ply, unanswered }), or null once it has (the
     *  server answers each `goto` with a state, in order). */
    asked: null,

    /** Notes a `goto` of `ply` sent to the server. */
    asking(ply) {
      store.asked = { ply, unanswered: (store.asked?.unanswered ?? 0) + 1 };
    },

    /** The ply a step (an arrow key, a button) counts from: the one last asked for while the
     *  server has not answered it, else the one viewed. Two steps asked before the server
     *  answers the first make two steps, not one step asked twice. */
    viewing() {
      return store.asked ? store.asked.ply : (store.state?.cursor ?? 0);
    },

    /** True while a person plays an engine and the game goes on: nothing of the engine's
     *  thinking (analysis, scores, its protocol lines) is shown then. */
    playing() {
      return store.state?.mode.kind === 'play' && store.over === null;
    },

    on(type, handler) {
      if (!handlers.has(type)) handlers.set(type, []);
      handlers.get(type).push(handler);
    },

    emit(type, payload) {
      for (const handler of handlers.get(type) || []) {
        try {
          handler(payload, store);
        } catch (e) {
          console.error(`handler of ${type}`, e);
        }
      }
    },

    /** A message from the server. */
    receive(message) {
      if (!message || !SERVER_MESSAGES.includes(message.type)) {
        console.warn('unknown message', message);
        return;
      }
      if (message.type === 'welcome') {
        store.welcome = message;
        // A new socket (a reload, a game taken over here): no mark of the socket before stays.
        store.info = null;
        store.columns = null;
        store.hint = null;
        // Nor its gotos: the old socket answers none of them.
        store.asked = null;
      }
      if (message.type === 'state') {
        // A state answers the oldest goto not yet answered (or a change of the game's, which
        // only makes the steps count from the viewed ply sooner).
        if (store.asked && --store.asked.unanswered <= 0) store.asked = null;
        const old = store.state;
        if (!old || old.fen !== message.fen || old.variant !== message.variant) {
          store.info = null;
          store.hint = null;
        }
        if (store.columns && store.columns.fen !== message.fen) store.columns = null;
        store.state = message;
        store.over = gameOver(message);
        if (store.restoreLines && store.restoreLines.key === rootKey(message)) {
          store.lines = store.restoreLines;
          store.restoreLines = null;
        }
        // A game with engines keeps its one line; free play keeps every line played.
        if (store.freshLines || !store.lines || store.lines.key !== rootKey(message) || message.mode.kind !== 'free') {
          store.lines = fromState(message);
        } else {
          merge(store.lines, message);
        }
        store.freshLines = false;
        store.saveGame();
      }
      if (message.type === 'info') store.info = message;
      if (message.type === 'columns') store.columns = message;
      if (message.type === 'hint') store.hint = message.mv;
      store.emit(message.type, message);
      store.emit('any', message);
    },

    /** The game saved by an earlier page load of this tab (its lines unpacked). */
    saved() {
      try {
        const saved = JSON.parse(sessionStorage.getItem(SAVED) || 'null');
        if (saved) saved.lines = unpack(saved.lines);
        return saved;
      } catch {
        return null;
      }
    },

    /** Keeps the game and its lines for a reload. */
    saveGame() {
      if (store.state) save(store.state, store.lines);
    },
  };
  return store;
}

/** The number of moves of a game with engines that is over, whatever ply is viewed (the
 *  server's `mode.over`: a reload at an earlier move brings the game back finished). */
function gameOver(state) {
  return state.mode.kind !== 'free' && state.mode.over ? state.moves.length : null;
}

function save(state, lines) {
  const game = {
    variant: state.variant,
    rules: state.rules,
    fen: state.start_fen,
    moves: state.moves,
    cursor: state.cursor,
    lines: lines ? pack(lines) : null,
    mode: state.mode.kind,
    opponent: state.mode.kind === 'play' ? state.mode.players[state.mode.human === 'p1' ? 1 : 0] : state.mode.players?.join(' and '),
  };
  try {
    sessionStorage.setItem(SAVED, JSON.stringify(game));
  } catch {
    // Storage full or disabled: a reload starts afresh.
  }
}
