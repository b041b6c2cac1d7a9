// "Learn from your mistakes", as lichess's: each mistake and blunder of one side in turn, its
// position on the board, and the person asked for a move that keeps the position's value (judged
// by the review's values of every move there); right or wrong said, the answer shown on asking,
// next and previous, and a summary at the end. The board's moves go here instead of to the
// server while it runs (`app.reviewInput`).

import { h, fill, select, announce } from '../dom.js';
import { boardFor, sideName } from '../boards/index.js';
import { keepsValue, valueWords, moveNumber } from './judge.js';

/** The moves of `side` to learn from: its mistakes and blunders, in game order. */
export function lessons(moves, side) {
  return moves.filter((m) => m && m.side === side && (m.class === 'mistake' || m.class === 'blunder'));
}

/** Mounts the learning box in `root`; returns { draw(run) (run: the finished review shown,
 *  or null), active() }. `goto(ply)` views a position, `redraw()` draws the review view again. */
export function mountLearn(root, app, { goto, redraw }) {
  const { store } = app;
  // The session: { key, side, items, index, results (by index: 'right', 'shown', 'wrong'),
  // said }, or null.
  let session = null;
  let run = null;

  function defaultSide(state) {
    if (state.puzzle) return 'p1';
    if (state.mode.kind === 'play') return state.mode.human;
    return 'p1';
  }

  function stop() {
    session = null;
    app.reviewInput = null;
    store.reviewMark = null;
    store.emit('review-board');
    redraw();
  }

  function show(index) {
    session.index = index;
    session.said = '';
    store.reviewMark = null;
    const item = session.items[index];
    if (!item) {
      app.reviewInput = null;
      store.emit('review-board');
      redraw();
      return;
    }
    app.reviewInput = attempt;
    const state = store.state;
    announce(`${sideName(state.variant, item.side)} played ${item.move} here (${item.class}). Find a better move.`);
    if (state.cursor !== item.ply - 1) goto(item.ply - 1);
    store.emit('review-board');
    redraw();
  }

  /** A move tried on the board: judged, never sent. True when it was taken here. */
  function attempt(moves) {
    const item = session?.items[session.index];
    const state = store.state;
    if (!item || !state || state.cursor !== item.ply - 1) return false;
    const mv = moves[0];
    const alt = item.alternatives.find((a) => a.move === mv);
    const puzzle = state.puzzle;
    const scale = run?.review?.win_scale ?? 0;
    const right = Boolean(alt) && keepsValue(item.before, alt.value, { puzzle, scale });
    if (right) {
      if (session.results[session.index] !== 'shown') session.results[session.index] = 'right';
      session.said = `Right: ${mv} keeps it (${valueWords(alt.value, puzzle)}).`;
      store.reviewMark = { key: run.key, ply: item.ply - 1, mv };
    } else {
      if (!session.results[session.index]) session.results[session.index] = 'wrong';
      // The game's own move tried again: why it erred, where the reason does not name the
      // better move (a line does).
      const why = mv === item.move && item.why && item.why.kind !== 'line' ? ` ${item.why.text}.` : '';
      session.said = alt
        ? `Not ${mv}: it gives ${valueWords(alt.value, puzzle)}, where the position is ${valueWords(item.before, puzzle)}.${why} Try another move.`
        : `${mv} was not judged by the review. Try another move.`;
    }
    session.right = right;
    announce(session.said);
    store.emit('review-board');
    redraw();
    return true;
  }

  function answer() {
    const item = session.items[session.index];
    if (session.results[session.index] !== 'right') session.results[session.index] = 'shown';
    store.reviewMark = { key: run.key, ply: item.ply - 1, mv: item.best[0] };
    session.said = `The answer: ${item.best.join(' or ')} (${valueWords(item.before, store.state.puzzle)}).`;
    session.right = null;
    announce(session.said);
    if (store.state.cursor !== item.ply - 1) goto(item.ply - 1);
    store.emit('review-board');
    redraw();
  }

  function draw(shown) {
    run = shown;
    const state = store.state;
    if (!run || !state) {
      if (session) {
        session = null;
        app.reviewInput = null;
      }
      fill(root);
      return;
    }
    if (session && session.key !== run.key) {
      session = null;
      app.reviewInput = null;
    }
    if (!session) {
      const sides = state.puzzle ? ['p1'] : ['p1', 'p2'];
      const picker = select('learn-side', sides.map((s) => [s, sideName(state.variant, s)]), defaultSide(state));
      picker.setAttribute('aria-label', 'whose mistakes');
      const begin = h('button', { id: 'learn-start', onclick: () => {
        const side = picker.value;
        const items = lessons(run.moves, side);
        session = { key: run.key, side, items, index: 0, results: [], said: '', right: null };
        if (!items.length) {
          session.said = `${sideName(state.variant, side)} made no mistake and no blunder: nothing to learn here.`;
          redraw();
          return;
        }
        show(0);
      } }, 'Learn from the mistakes');
      fill(root, h('div', { class: 'buttons' }, begin, state.puzzle ? null : h('label', { class: 'learn-side' }, 'of ', picker)));
      return;
    }
    const item = session.items[session.index];
    const done = session.index >= session.items.length;
    const end = h('button', { id: 'learn-stop', onclick: stop }, done ? 'Close' : 'Stop learning');
    if (!session.items.length || done) {
      const found = session.results.filter((r) => r === 'right').length;
      const shownCount = session.results.filter((r) => r === 'shown').length;
      const text = session.items.length
        ? `Done: ${found} of ${session.items.length} found${shownCount ? `, ${shownCount} shown` : ''}.`
        : session.said;
      fill(root, h('p', { class: 'learn-summary', id: 'learn-summary', role: 'status' }, text),
        h('div', { class: 'buttons' }, session.items.length ? h('button', { id: 'learn-again', onclick: () => { session.results = []; show(0); } }, 'Again') : null, end));
      return;
    }
    const words = boardFor(state.variant)?.moveWords;
    const side = sideName(state.variant, item.side);
    const prompt = `${session.index + 1} of ${session.items.length}: at ${moveNumber(item.ply, state.puzzle)} ${side} played ${item.move}${words ? ` (${words(item.move, state)})` : ''}, a ${item.class}. Find a move for ${side} that keeps the value (${valueWords(item.before, state.puzzle)}).`;
    const feedback = h('p', { class: `learn-feedback${session.right === true ? ' right' : session.right === false ? ' wrong' : ''}`, id: 'learn-feedback', role: 'status' }, session.said);
    fill(root, h('p', { class: 'learn-prompt', id: 'learn-prompt' }, prompt), feedback,
      h('div', { class: 'buttons' },
        h('button', { id: 'learn-previous', disabled: session.index === 0, onclick: () => show(session.index - 1) }, 'Previous'),
        h('button', { id: 'learn-answer', onclick: answer }, 'Show the answer'),
        h('button', { id: 'learn-next', class: session.right ? 'primary' : null, onclick: () => show(session.index + 1) }, session.index + 1 < session.items.length ? 'Next' : 'Finish'),
        end));
  }

  return {
    draw,
    /** True while a lesson is asked (the panel offers no better move of its own then). */
    active: () => Boolean(session && session.index < session.items.length),
  };
}
