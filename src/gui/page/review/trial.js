// A move tried on a position of the game without playing it (learning from the mistakes, a
// puzzle): sent to the server (`review_try`), which answers with the board after it
// (`review_try_board`) and then with the move judged as the review judges the game's moves and
// the opponent's best reply (`review_try_done`). Shown, the board draws the position after the
// move, then (at least `REPLY_AFTER_MS` later, so that a person sees the move first) the
// position after the reply, in place of the game's position (views/board.js asks
// `app.trialBoard`); the game itself is not changed. One owner (learn, the puzzles) takes the
// board's moves at a time (`take`); views/board.js gives them to `app.trialInput`.

import { gameKey } from './keep.js';

/** The least time between the move shown on the board and the reply shown after it. */
export const REPLY_AFTER_MS = 600;

/** Sets up the tried moves on `app`: returns { start, clear, take, release, stage }. */
export function mountTrials(app) {
  const { store } = app;
  // The move tried: { owner, key, ply, mv, show, stage ('sent', 'move', 'reply'), board,
  // reply, judged, failed, onJudged, onFailed, shownAt }, or null.
  let current = null;
  // The owner of the board's moves and its handler: { owner, accept(moves) }.
  let input = null;
  let timer = null;

  const redraw = () => store.emit('review-board');

  /** The board to draw in place of `state`'s: { fen, side, outcome, moves (played from the
   *  viewed position), last }, or null. */
  app.trialBoard = (state) => {
    if (!current?.show || current.stage === 'sent' || !state) return null;
    if (state.cursor !== current.ply || gameKey(state) !== current.key) return null;
    if (current.stage === 'reply' && current.reply) {
      return { ...current.reply, moves: [current.mv, current.reply.move], last: current.reply.move };
    }
    return { ...current.board, moves: [current.mv], last: current.mv };
  };
  /** The board's moves, taken by the owner (true when taken). */
  app.trialInput = (moves) => Boolean(input?.accept(moves));
  /** True while an owner takes the board's moves: nothing of the engine's view (its line,
   *  its column values, a hint) is drawn then. */
  app.trialQuiet = () => Boolean(input);

  const mine = (m) => current && m.ply === current.ply && m.move === current.mv;

  store.on('review_try_board', (m) => {
    if (!mine(m)) return;
    current.board = { fen: m.fen, side: m.side, outcome: m.outcome };
    current.stage = 'move';
    current.shownAt = performance.now();
    if (current.show) redraw();
  });
  store.on('review_try_done', (m) => {
    if (!mine(m)) return;
    const trial = current;
    trial.judged = m;
    trial.reply = m.reply;
    const showReply = () => {
      timer = null;
      if (current !== trial) return;
      if (trial.reply) trial.stage = 'reply';
      if (trial.show) redraw();
      trial.onJudged?.(m, trial.board);
    };
    // The move stays on the board a moment before the reply comes.
    const wait = trial.show && trial.reply ? Math.max(0, REPLY_AFTER_MS - (performance.now() - (trial.shownAt ?? 0))) : 0;
    if (wait > 0) timer = setTimeout(showReply, wait);
    else showReply();
  });
  store.on('review_try_failed', (m) => {
    if (!mine(m)) return;
    const trial = current;
    trial.failed = m.message;
    if (trial.show) {
      current = null;
      redraw();
    }
    trial.onFailed?.(m.message);
  });

  return {
    /** Tries `mv` at the game's position after `ply` moves for `owner`: `show` draws it on
     *  the board (then the reply); `onJudged(done)` gets `review_try_done` (once the reply is
     *  on the board), `onFailed(message)` a refusal. Replaces the move tried before. */
    start(owner, { ply, mv, show, settings, onJudged, onFailed }) {
      clearTimeout(timer);
      timer = null;
      current = { owner, key: gameKey(store.state), ply, mv, show, stage: 'sent', onJudged, onFailed };
      app.send({ type: 'review_try', ply, move: mv, ...(settings || {}) });
      redraw();
    },
    /** Forgets `owner`'s move tried (its board no longer drawn). */
    clear(owner) {
      if (current?.owner !== owner) return;
      clearTimeout(timer);
      timer = null;
      current = null;
      redraw();
    },
    /** `owner` takes the board's moves (`accept(moves)`: true when taken). */
    take(owner, accept) {
      input = { owner, accept };
      redraw();
    },
    /** `owner` no longer takes the board's moves. */
    release(owner) {
      if (input?.owner !== owner) return;
      input = null;
      redraw();
    },
    /** The stage of `owner`'s move tried on the board (`sent`, `move`, `reply`), or null. */
    stage(owner) {
      return current?.owner === owner ? current.stage : null;
    },
  };
}
