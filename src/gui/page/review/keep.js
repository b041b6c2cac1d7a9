// The reviews of games, kept with the game: the review running or just received (from the
// server's `review_*` messages) and the finished reviews, kept in localStorage under the game
// they are of (variant, rules, start fen, moves), so that a reload, a link or a saved game
// shows its review again without computing it anew.

const KEPT = 'sente-gui-reviews';
/** Reviews kept at most (the latest). */
const MOST = 24;

/** The key of a game: its variant, its rules (sorted), its start fen and its moves; `game`
 *  is a `state` (its start fen `start_fen`) or a `review_start` (`fen`). */
export function gameKey(game) {
  const rules = [...(game.rules || [])].map(([k, v]) => [k, v]).sort();
  const start = 'start_fen' in game ? game.start_fen : game.fen;
  return JSON.stringify([game.variant, rules, start ?? null, game.moves || []]);
}

// The kept reviews as read once (every state asks for the game's review), read again when
// another tab changes them.
let cache = null;
window.addEventListener('storage', (e) => {
  if (e.key === KEPT || e.key === null) cache = null;
});

function readKept() {
  if (cache) return cache;
  try {
    const kept = JSON.parse(localStorage.getItem(KEPT) || '[]');
    cache = Array.isArray(kept) ? kept : [];
  } catch {
    cache = [];
  }
  return cache;
}

/** The finished review kept for the game of `key`, or null. */
export function keptReview(key) {
  return readKept().find((k) => k.key === key)?.review ?? null;
}

/** Keeps `review` under `key` (the latest `MOST`; older ones go when storage is full). */
export function keepReview(key, review) {
  let kept = [{ key, review }, ...readKept().filter((k) => k.key !== key)].slice(0, MOST);
  cache = kept;
  while (kept.length) {
    try {
      localStorage.setItem(KEPT, JSON.stringify(kept));
      return;
    } catch {
      // Full: the oldest goes (this page load keeps them all).
      kept = kept.slice(0, -1);
    }
  }
}

/** Follows the server's review messages in `store`: `store.reviewRun` is the review running
 *  or last run ({ key, total, done, moves (by ply - 1, null until reviewed), review (when
 *  done), running, waiting (reviews ahead of it in the server's queue, 0 once it runs), error,
 *  cancelled, fromRecord (read from the game's record, not computed) }); each change emits `review`. */
export function followReviews(store) {
  store.reviewRun = null;
  store.on('review_start', (m) => {
    store.reviewRun = { key: gameKey(m), total: m.total, done: 0, moves: new Array(m.total).fill(null), review: null, running: true, waiting: 0, error: null, cancelled: false };
    store.emit('review', store.reviewRun);
  });
  store.on('review_waiting', (m) => {
    const run = store.reviewRun;
    if (!run?.running) return;
    run.waiting = m.ahead;
    store.emit('review', run);
  });
  store.on('review_progress', (m) => {
    const run = store.reviewRun;
    if (!run?.running) return;
    run.waiting = 0;
    run.done = m.done;
    run.moves[m.reviewed.ply - 1] = m.reviewed;
    store.emit('review', run);
  });
  store.on('review_done', (m) => {
    const run = store.reviewRun;
    if (!run) return;
    run.running = false;
    run.done = run.total;
    run.review = m.review;
    run.moves = m.review.moves;
    run.elapsed_ms = m.elapsed_ms;
    // A review read from the game's record (saved with it), not computed.
    run.fromRecord = Boolean(m.from_record);
    keepReview(run.key, m.review);
    store.emit('review', run);
  });
  store.on('review_failed', (m) => {
    if (store.reviewRun?.running) {
      store.reviewRun.running = false;
      store.reviewRun.error = m.message;
      store.reviewRun.cancelled = m.cancelled;
    } else {
      store.reviewRun = { key: null, total: 0, done: 0, moves: [], review: null, running: false, error: m.message, cancelled: m.cancelled };
    }
    store.emit('review', store.reviewRun);
  });
}

/** The review of the game `state` shows: { running, done, total, moves, review } of the run
 *  of this game, or a kept one; null when there is none, and while a person plays an engine. */
export function reviewOf(store, state = store.state) {
  // Nothing of a review while a person plays an engine: it would give the game away.
  if (!state || store.playing?.()) return null;
  const key = gameKey(state);
  const run = store.reviewRun;
  if (run && run.key === key && (run.running || run.review)) return run;
  const review = keptReview(key);
  return review ? { key, total: review.moves.length, done: review.moves.length, moves: review.moves, review, running: false, error: null } : null;
}
