// "Learn from your mistakes", as lichess's: each mistake and blunder of one side in turn, its
// position on the board and the person asked for a better move, with nothing that gives the
// answer away before they move (no value, no mark on the board, no comment: lila #18162). A
// move tried is judged by the review's values of every move there (`alternatives`): a right one
// (keeping the value, judge.js) is played on the board, then the opponent's best reply
// (review/trial.js: the server names it), then the next mistake is a button away; a wrong one
// is explained by its reason (the review's for the game's own move, else the server's
// judgement of the move) and the person tries again. "Show the answer" plays the right move
// and its reply likewise. The board's moves come here instead of to the server while a lesson
// is asked.

import { h, fill, select, announce } from '../dom.js';
import { boardFor, sideName } from '../boards/index.js';
import { keepsValue, valueWords, moveNumber } from './judge.js';
import { trialsOf, answerFree, verdict } from './answers.js';

const OWNER = 'learn';

/** The moves of `side` to learn from: its mistakes and blunders, in game order. */
export function lessons(moves, side) {
  return moves.filter((m) => m && m.side === side && (m.class === 'mistake' || m.class === 'blunder'));
}

/** What a right move keeps, in words: `the win`, `the draw`, `the shortest way out`. */
function keptWords(value, puzzle) {
  if (puzzle) return 'the shortest way out';
  return { win: 'the win', draw: 'the draw', loss: 'the longest defence' }[value?.kind] || 'the value';
}

/** Mounts the learning box in `root`; returns { draw(run) (run: the finished review shown,
 *  or null), active() }. `goto(ply)` views a position, `redraw()` draws the review view again. */
export function mountLearn(root, app, { goto, redraw }) {
  const { store } = app;
  const trials = trialsOf(app);
  // The session: { key, side, items, index, results (by index: 'right', 'shown', 'wrong'),
  // said, why, right, played (the right move played on the board, and its reply) }, or null.
  let session = null;
  let run = null;

  function defaultSide(state) {
    if (state.puzzle) return 'p1';
    if (state.mode.kind === 'play') return state.mode.human;
    return 'p1';
  }

  /** Learning starts or stops: the move list hides or shows its marks and comments again. */
  function learning(on) {
    store.learning = on;
    store.emit('learning', on);
  }

  function end() {
    session = null;
    trials.clear(OWNER);
    trials.release(OWNER);
    learning(false);
  }

  function stop() {
    end();
    store.reviewMark = null;
    store.emit('review-board');
    redraw();
  }

  function show(index) {
    session.index = index;
    session.said = '';
    session.why = '';
    session.right = null;
    session.played = null;
    store.reviewMark = null;
    trials.clear(OWNER);
    const item = session.items[index];
    if (!item) {
      trials.release(OWNER);
      learning(false);
      store.emit('review-board');
      redraw();
      return;
    }
    trials.take(OWNER, attempt);
    learning(true);
    const state = store.state;
    announce(`${prompt(item, state)}`);
    if (state.cursor !== item.ply - 1) goto(item.ply - 1);
    store.emit('review-board');
    redraw();
  }

  /** The question of a lesson: the move played, and nothing of the position's value. */
  function prompt(item, state) {
    const words = boardFor(state.variant)?.moveWords;
    const side = sideName(state.variant, item.side);
    return `${session.index + 1} of ${session.items.length}: ${side} played ${moveNumber(item.ply, state.puzzle)} ${item.move}${words ? ` (${words(item.move, state)})` : ''}, a ${item.class}. Find a better move for ${side}.`;
  }

  /** The review's settings, for the server's judgement of a move tried. */
  function settings() {
    const s = run?.review?.settings;
    return s ? { movetime_ms: s.movetime_ms, nodes: s.nodes } : {};
  }

  /** Plays `mv` (right, or the answer shown) on the board, then the opponent's best reply. */
  function playOn(item, mv) {
    const index = session.index;
    const state = store.state;
    session.played = { mv, reply: null, waiting: true };
    trials.start(OWNER, {
      ply: item.ply - 1,
      mv,
      show: true,
      settings: settings(),
      onJudged: (done, board) => {
        if (!session || session.index !== index || session.played?.mv !== mv) return;
        session.played.waiting = false;
        session.played.reply = done.reply?.move ?? null;
        const other = sideName(state.variant, item.side === 'p1' ? 'p2' : 'p1');
        const words = boardFor(state.variant)?.moveWords;
        const reply = done.reply?.move;
        session.replyText = reply && state.puzzle
          ? `Then ${moveNumber(item.ply + 1, true)} ${reply}${words ? ` (${words(reply, { ...state, fen: board?.fen ?? state.fen })})` : ''}, on the shortest way out.`
          : reply
          ? `${moveNumber(item.ply + 1, state.puzzle)} ${other}'s best reply: ${reply}${words ? ` (${words(reply, { ...state, fen: board?.fen ?? state.fen, side: board?.side ?? state.side })})` : ''}.`
          : done.reviewed?.after?.kind === 'win' && done.reviewed.after.plies === 1 ? 'It wins at once.' : 'The game ends there.';
        announce(session.replyText);
        redraw();
        requestAnimationFrame(() => document.getElementById('learn-next')?.focus());
      },
      onFailed: (message) => {
        if (!session || session.index !== index) return;
        session.played.waiting = false;
        session.replyText = `The reply could not be found: ${message}`;
        redraw();
      },
    });
  }

  /** A move tried on the board: judged, never sent. True when it was taken here. */
  function attempt(moves) {
    const item = session?.items[session.index];
    const state = store.state;
    if (!item || !state || state.cursor !== item.ply - 1) return false;
    // The right move is on the board: the next lesson is a button away.
    if (session.played) return true;
    const mv = moves[0];
    const alt = item.alternatives.find((a) => a.move === mv);
    const puzzle = state.puzzle;
    const scale = run?.review?.win_scale ?? 0;
    const right = Boolean(alt) && keepsValue(item.before, alt.value, { puzzle, scale });
    const number = moveNumber(item.ply, puzzle);
    session.why = '';
    session.replyText = '';
    if (right) {
      if (session.results[session.index] !== 'shown') session.results[session.index] = 'right';
      const kept = keptWords(alt.value, puzzle);
      const exact = valueWords(alt.value, puzzle);
      session.said = `Right: ${number} ${mv} keeps ${kept}${kept.endsWith(exact) ? '' : ` (${exact})`}.`;
      session.right = true;
      playOn(item, mv);
    } else if (!alt) {
      session.said = `${mv} was not judged by the review. Try another move.`;
      session.right = false;
    } else {
      if (!session.results[session.index]) session.results[session.index] = 'wrong';
      session.said = `Not ${number} ${mv}: it ${verdict(item.before, alt.value, scale)} (${valueWords(alt.value, puzzle)}). Try another move.`;
      session.right = false;
      const answers = item.alternatives.filter((a) => keepsValue(item.before, a.value, { puzzle, scale })).map((a) => a.move);
      if (mv === item.move && item.why) {
        // The game's own move: the review's reason.
        session.why = answerFree(item.why.text, answers);
      } else {
        // Another move: the server judges it as the review judges a move, and says why.
        const index = session.index;
        session.why = 'Why: the server judges it…';
        trials.start(OWNER, {
          ply: item.ply - 1,
          mv,
          show: false,
          settings: settings(),
          onJudged: (done) => {
            if (!session || session.index !== index || session.played) return;
            const why = done.reviewed?.why?.text;
            session.why = why ? answerFree(why, answers) : '';
            redraw();
          },
          onFailed: () => {
            if (!session || session.index !== index) return;
            session.why = '';
            redraw();
          },
        });
      }
    }
    announce([session.said, session.why].filter(Boolean).join(' '));
    redraw();
    return true;
  }

  /** Shows the answer: the right move played on the board, then the reply. */
  function answer() {
    const item = session.items[session.index];
    if (session.results[session.index] !== 'right') session.results[session.index] = 'shown';
    const mv = item.best[0];
    const state = store.state;
    const words = boardFor(state.variant)?.moveWords;
    session.said = `The answer: ${moveNumber(item.ply, state.puzzle)} ${item.best.join(' or ')}${words ? ` (${words(mv, state)})` : ''}: ${valueWords(item.before, state.puzzle)}.`;
    session.right = null;
    session.why = '';
    session.replyText = '';
    announce(session.said);
    if (state.cursor !== item.ply - 1) goto(item.ply - 1);
    playOn(item, mv);
    redraw();
  }

  function draw(shown) {
    run = shown;
    const state = store.state;
    if (!run || !state) {
      if (session) end();
      fill(root);
      return;
    }
    if (session && session.key !== run.key) end();
    if (!session) {
      const sides = state.puzzle ? ['p1'] : ['p1', 'p2'];
      const picker = select('learn-side', sides.map((s) => [s, sideName(state.variant, s)]), defaultSide(state));
      picker.setAttribute('aria-label', 'whose mistakes');
      const begin = h('button', { id: 'learn-start', onclick: () => {
        const side = picker.value;
        const items = lessons(run.moves, side);
        session = { key: run.key, side, items, index: 0, results: [], said: '', why: '', right: null, played: null };
        // Nothing of the engine's view while learning: its analysis stops.
        if (store.state?.mode.analysis) app.send({ type: 'stop_analysis' });
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
    const close = h('button', { id: 'learn-stop', onclick: stop }, done ? 'Close' : 'Stop learning');
    if (!session.items.length || done) {
      const found = session.results.filter((r) => r === 'right').length;
      const shownCount = session.results.filter((r) => r === 'shown').length;
      const text = session.items.length
        ? `Done: ${found} of ${session.items.length} found${shownCount ? `, ${shownCount} shown` : ''}.`
        : session.said;
      fill(root, h('p', { class: 'learn-summary', id: 'learn-summary', role: 'status' }, text),
        h('div', { class: 'buttons' }, session.items.length ? h('button', { id: 'learn-again', onclick: () => { session.results = []; show(0); } }, 'Again') : null, close));
      return;
    }
    const played = session.played;
    const stage = played ? (played.waiting ? 'move' : 'reply') : session.right === false ? 'wrong' : 'ask';
    root.dataset.stage = stage;
    const feedback = h('p', { class: `learn-feedback${session.right === true ? ' right' : session.right === false ? ' wrong' : ''}`, id: 'learn-feedback', role: 'status' }, session.said);
    const why = session.why ? h('p', { class: 'learn-why', id: 'learn-why' }, session.why) : null;
    const other = sideName(state.variant, item.side === 'p1' ? 'p2' : 'p1');
    const reply = played
      ? h('p', { class: 'learn-reply', id: 'learn-reply', 'data-reply': played.reply ?? '' }, played.waiting ? `${other} replies…` : session.replyText)
      : null;
    const last = session.index + 1 >= session.items.length;
    fill(root, h('p', { class: 'learn-prompt', id: 'learn-prompt' }, prompt(item, state)), feedback, why, reply,
      h('div', { class: 'buttons' },
        h('button', { id: 'learn-previous', disabled: session.index === 0, onclick: () => show(session.index - 1) }, 'Previous'),
        played ? null : h('button', { id: 'learn-answer', onclick: answer }, 'Show the answer'),
        h('button', { id: 'learn-next', class: played && !played.waiting ? 'primary' : null, onclick: () => show(session.index + 1) }, last ? 'Finish' : 'Next mistake'),
        close));
  }

  return {
    draw,
    /** True while a lesson is asked (the panel shows nothing of the position's value then). */
    active: () => Boolean(session && session.index < session.items.length),
  };
}
