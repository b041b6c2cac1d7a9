// The board of the viewed position, the players with their clocks, and what the position is:
// whose turn, or the result and why the game ended.

import { h, fill, announce } from '../dom.js';
import { boardFor, gameTitle, sideName, playerName, resultWords, ruleWords, limitsWords } from '../boards/index.js';

export const id = 'board';
export const title = null;
export const area = 'main';

export function mount(root, app) {
  const { store } = app;
  const heading = h('div', { class: 'board-title', id: 'board-title' });
  const players = h('div', { class: 'players', id: 'players' });
  const status = h('div', { class: 'status', id: 'status', role: 'status' });
  const boardBox = h('div', { class: 'board', id: 'board' });
  const extra = h('div', { class: 'board-extra', id: 'board-extra' });
  const hintBox = h('div', { class: 'hint-line', id: 'hint-text' });
  const offline = h('div', { class: 'offline', id: 'offline', role: 'alert', hidden: true });
  root.append(heading, players, offline, boardBox, status, hintBox, extra);
  store.on('connection', (status) => {
    const away = status !== 'open' && Boolean(store.state);
    // A game another tab took is said above the page (app.js), whose controls are all off.
    offline.hidden = !away || status === 'taken';
    offline.textContent = offline.hidden ? '' : 'Disconnected from the server: the board takes no move until it is back (reconnecting…).';
    boardBox.inert = away;
    boardBox.classList.toggle('disabled', away);
  });
  let hintSaid = null;
  let previous = null;
  let announced = null;

  // The keyboard: one item of the board (a column, cell, stack, vehicle, rock cell or branch:
  // the elements with `data-key`) holds the focus cursor; the arrows move it to the nearest
  // item that way, Enter or Space acts on it (a click), and an item that can be taken
  // (`data-grab`: a Rush Hour vehicle) taken with Enter slides with the arrows along its axis
  // (`data-grab` x or y) until Enter, Escape or the focus leaving the board; the board module's
  // `keySlide` says whether it can go that far (a slide past its reach is refused and said,
  // not sent). Connect Four columns are also played by their keys (1-9, a-c) anywhere on the
  // page.
  let cursorKey = null;
  let grabbed = null;
  let currentCtx = null;
  // Slides sent and not yet in a state: [{ key, step }], and the ply they were sent from.
  let inFlight = [];
  let flightFrom = 0;
  function letGo(said) {
    if (grabbed === null) return;
    grabbed = null;
    for (const node of items()) node.classList.remove('grabbed');
    if (said) announce(said);
  }
  function refuse(text) {
    announce(text);
    hintBox.textContent = text;
    hintBox.dataset.refused = '1';
  }
  const items = () => [...boardBox.querySelectorAll('[data-key]')];
  function cursor(focus) {
    const list = items();
    if (!list.length) return;
    const current = list.find((n) => n.dataset.key === cursorKey) || list[0];
    cursorKey = current.dataset.key;
    for (const node of list) {
      node.setAttribute('tabindex', node === current ? '0' : '-1');
      node.classList.toggle('grabbed', node.dataset.key === grabbed);
    }
    if (focus) current.focus();
  }
  function centre(node) {
    const box = node.getBoundingClientRect();
    return [box.left + box.width / 2, box.top + box.height / 2];
  }
  const WAYS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  boardBox.addEventListener('keydown', (e) => {
    const list = items();
    const here = list.find((n) => n.dataset.key === cursorKey);
    if (!here) return;
    const way = WAYS[e.key];
    if (way && grabbed === cursorKey && here.dataset.grab) {
      // A taken vehicle slides one cell along its axis.
      e.preventDefault();
      e.stopPropagation();
      const along = here.dataset.grab === 'x' ? way[0] : way[1];
      if (!along || !currentCtx) return;
      const sent = inFlight.filter((f) => f.key === cursorKey).reduce((sum, f) => sum + f.step, 0);
      const slide = boardFor(currentCtx.state.variant)?.keySlide?.(cursorKey, along, currentCtx.state, sent)
        ?? { move: `${cursorKey}${along > 0 ? '+' : '-'}1` };
      if (!slide.move) {
        refuse(slide.say);
        return;
      }
      if (!inFlight.length) flightFrom = currentCtx.state.cursor;
      inFlight.push({ key: cursorKey, step: along });
      currentCtx.onMove([slide.move]);
      return;
    }
    if (way) {
      e.preventDefault();
      e.stopPropagation();
      const [x0, y0] = centre(here);
      let best = null;
      let bestScore = Infinity;
      for (const node of list) {
        if (node === here) continue;
        const [x, y] = centre(node);
        const along = (x - x0) * way[0] + (y - y0) * way[1];
        if (along <= 1) continue;
        const across = Math.abs((x - x0) * way[1] + (y - y0) * way[0]);
        const score = along + 2 * across;
        if (score < bestScore) {
          bestScore = score;
          best = node;
        }
      }
      if (best) {
        cursorKey = best.dataset.key;
        cursor(true);
      }
      return;
    }
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      e.stopPropagation();
      if (here.dataset.grab) {
        grabbed = grabbed === cursorKey ? null : cursorKey;
        cursor(true);
        announce(grabbed ? 'taken: the arrows slide it, Enter lets go' : 'let go');
        return;
      }
      here.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      // A board that redrew itself (a Babylon stack picked) keeps the cursor.
      cursor(true);
      return;
    }
    if (e.key === 'Escape' && grabbed) {
      grabbed = null;
      cursor(true);
    }
  });
  // A taken item is let go when the focus leaves the board (a redraw keeps it inside).
  boardBox.addEventListener('focusout', () => {
    setTimeout(() => {
      if (grabbed !== null && !boardBox.contains(document.activeElement)) letGo('let go');
    });
  });
  store.on('state', (state) => {
    // The slides the state now holds are no longer in flight.
    const done = state.cursor - flightFrom;
    if (done > 0) inFlight = inFlight.slice(done);
    flightFrom = state.cursor;
    if (done < 0) inFlight = [];
  });
  store.on('error', () => { inFlight = []; });
  boardBox.addEventListener('focusin', (e) => {
    const key = e.target?.dataset?.key;
    if (key && key !== cursorKey) {
      cursorKey = key;
      cursor(false);
    }
  });
  document.addEventListener('keydown', (e) => {
    const state = store.state;
    const keyMove = state && boardFor(state.variant)?.keyMove;
    if (!keyMove || !currentCtx || document.body.dataset.page !== 'play' || e.ctrlKey || e.metaKey || e.altKey) return;
    if (['INPUT', 'TEXTAREA', 'SELECT'].includes(document.activeElement?.tagName)) return;
    const mv = keyMove(e.key, currentCtx.state);
    if (!mv) return;
    e.preventDefault();
    currentCtx.onMove([mv]);
  });
  let clocksAt = 0;

  function pv() {
    const state = store.state;
    if (store.info && store.info.fen === state.fen && store.info.pv?.length && (store.info.source === 'analysis' || store.info.source === 'solve')) {
      // Once the solver has proven the columns, the line starts with a best move.
      const verdict = boardFor(state.variant)?.proven?.(store.columns, state.fen) || null;
      if (verdict && !verdict.best.includes(store.info.pv[0])) return [verdict.best[0]];
      return store.info.pv;
    }
    return [];
  }

  function redraw(fresh) {
    const game = store.state;
    if (!game) return;
    // A move tried on the position (review/trial.js: learning, a puzzle) is drawn in its place,
    // the game unchanged; while the review takes the board's moves, nothing of the engine's view.
    const tried = app.trialBoard?.(game) || null;
    const quiet = Boolean(app.trialQuiet?.());
    const state = tried
      ? { ...game, fen: tried.fen, side: tried.side, outcome: tried.outcome, legal: [], reach: [], moves: [...game.moves.slice(0, game.cursor), ...tried.moves], cursor: game.cursor + tried.moves.length }
      : game;
    const board = boardFor(state.variant);
    // Targets are offered only when the person is to move.
    const mode = state.mode;
    // ... or when the review takes the move (learning from the mistakes, a puzzle).
    const mine = !tried && (mode.kind === 'free' || (mode.kind === 'play' && state.side === mode.human && !mode.thinking && state.cursor === state.moves.length)
      || quiet);
    const ctx = {
      state: mine ? state : { ...state, legal: [], reach: [] },
      previous: fresh && !tried ? previous : null,
      pv: quiet || tried ? [] : pv(),
      // A hint, or the review's better move at this position.
      hint: quiet || tried ? null : store.hint || app.reviewMark?.(state) || null,
      // What the reason of the review's move viewed names (review/why.js).
      marks: quiet || tried ? null : app.reviewMarks?.(state) || null,
      last: tried ? tried.last : state.cursor > 0 ? state.moves[state.cursor - 1] : null,
      columns: quiet || tried ? null : store.columns,
      onMove: (moves) => {
        if (!app.trialInput?.(moves)) app.send({ type: 'play', moves });
      },
    };
    const hadFocus = boardBox.contains(document.activeElement);
    if (board) board.draw(boardBox, ctx);
    else boardBox.textContent = state.fen;
    currentCtx = ctx;
    cursor(hadFocus);
    // The hint in words, said once.
    const hint = store.hint && board?.moveWords ? `Hint: ${board.moveWords(store.hint, state)}` : store.hint ? `Hint: ${store.hint}` : '';
    if (hint || !hintBox.dataset.refused || fresh) {
      hintBox.textContent = hint;
      hintBox.dataset.refused = '';
    }
    if (hint && hint !== hintSaid) announce(hint);
    hintSaid = hint || null;
    boardBox.dataset.fen = state.fen;
    boardBox.dataset.plies = String(state.moves.length);
    boardBox.dataset.cursor = String(state.cursor);
    boardBox.dataset.tried = tried ? tried.moves.join(' ') : '';
  }

  function describe() {
    const state = store.state;
    heading.textContent = gameTitle(state.variant);
    const rules = rulesAndLimits(state);
    if (rules) heading.append(h('span', { class: 'rules' }, rules));
    const end = resultWords(state);
    status.dataset.over = end ? '1' : '';
    const said = end ? `${end.headline}: ${end.reason}` : null;
    if (said && said !== announced) announce(said);
    announced = said;
    if (end) {
      // The result banner: the winner by name, the reason in words, the result.
      fill(status, h('div', { class: `result-banner${end.winner ? ` won-${end.winner}` : ''}`, id: 'result-banner' },
        h('strong', { id: 'result' }, end.headline),
        h('span', { id: 'reason' }, end.reason),
        end.result && end.result !== '*' ? h('span', { class: 'result-score', id: 'result-score' }, end.result) : null));
    } else if (state.puzzle) {
      fill(status, h('span', { id: 'to-move' }, `Get the red car out · ${state.cursor} move${state.cursor === 1 ? '' : 's'} so far`));
    } else {
      const who = playerName(state, state.side);
      let text = who === 'you' ? `Your turn (${sideName(state.variant, state.side)})` : `${sideName(state.variant, state.side)} to move`;
      if (state.mode.kind !== 'free' && who !== 'you') text = `${state.mode.players[state.side === 'p1' ? 0 : 1]} (${sideName(state.variant, state.side)}) to move`;
      if (state.mode.thinking === state.side) text += ' · thinking…';
      fill(status, h('span', { class: `seat-dot seat-${state.side}` }), h('span', { id: 'to-move' }, text));
    }
    if (state.mode.kind === 'free' && !state.puzzle) {
      fill(players);
    } else if (!state.puzzle) {
      fill(players, [0, 1].map((i) => {
        const seat = i === 0 ? 'p1' : 'p2';
        const active = !end && state.side === seat;
        const won = end?.winner === seat;
        return h('div', { class: `player${active ? ' active' : ''}${won ? ' winner' : ''}`, id: `player-${seat}` },
          h('span', { class: `seat-dot seat-${seat}` }),
          h('span', { class: 'player-name' }, state.mode.kind === 'play' && state.mode.human === seat ? 'You' : state.mode.players[i]),
          h('span', { class: 'player-seat' }, sideName(state.variant, seat)),
          h('span', { class: 'clock', id: `clock-${seat}` }));
      }));
    } else {
      fill(players);
    }
    clocksAt = performance.now();
    showClocks();
    // A side with no legal move passes (rocks).
    fill(extra);
    if (state.legal.length === 1 && state.legal[0] === '0000') {
      extra.append(h('button', { id: 'pass', onclick: () => app.send({ type: 'play', moves: ['0000'] }) }, 'Pass (no legal move)'));
    }
  }

  function showClocks() {
    const state = store.state;
    const clocks = state?.clocks;
    if (!clocks) return;
    for (const seat of ['p1', 'p2']) {
      const node = document.getElementById(`clock-${seat}`);
      if (!node) continue;
      let ms = clocks[`${seat}_ms`];
      if (clocks.running === seat && !state.mode.paused) ms -= performance.now() - clocksAt;
      node.textContent = clockText(ms);
      node.classList.toggle('low', ms < 10000);
      node.classList.toggle('running', clocks.running === seat);
    }
  }
  setInterval(showClocks, 200);

  store.on('state', (state) => {
    redraw(true);
    describe();
    // An engine's reply, said to screen readers.
    if (previous && state.mode.kind !== 'free' && previous.moves.length + 1 === state.moves.length && state.cursor === state.moves.length) {
      const mover = previous.side;
      const who = playerName(state, mover);
      const board = boardFor(state.variant);
      const mv = state.moves[state.moves.length - 1];
      if (who !== 'you') announce(`${who}: ${board?.moveWords ? board.moveWords(mv, previous) : mv}`);
    }
    previous = state;
  });
  // Analysis lines may come faster than frames: one redraw per frame at most (none while the
  // tab is hidden).
  let scheduled = false;
  const later = () => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(() => {
      scheduled = false;
      redraw(false);
    });
  };
  for (const type of ['info', 'hint', 'columns', 'review-board']) store.on(type, later);
  // A board module may size its drawing's words by the room it is shown in: a resized window
  // draws it again.
  window.addEventListener('resize', later);
}

function clockText(ms) {
  const total = Math.max(0, Math.ceil(ms / 100)) / 10;
  const min = Math.floor(total / 60);
  const sec = total - min * 60;
  return total < 20 ? `${min}:${sec.toFixed(1).padStart(4, '0')}` : `${min}:${String(Math.floor(sec)).padStart(2, '0')}`;
}

/** The game's rules in words (`7 × 6`, `4 colours`), the defaults left out. */
function rulesAndLimits(state) {
  const words = [...ruleWords(state)];
  if (state.mode.kind !== 'free' && state.mode.limits) words.push(limitsWords(state.mode.limits));
  return words.join(' · ');
}
