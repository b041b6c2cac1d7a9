// The game: a new game of any variant with its rules (fields built from the engine's own
// option lines), a game against an engine (either seat, time per move, clock or depth) or
// between two engines, and the controls of a running game (against an engine: undo, hint, a
// draw offer, resign, abort; between engines: pause, stop). Leaving a game against an engine
// (another game, a new one) asks first.

import { h, fill, select, row, optionField, fieldValue, ask } from '../dom.js';
import { boardFor, gameTitle, howToPlay, limitsOf, limitsWords, sideName } from '../boards/index.js';

export const id = 'game';
export const title = 'Game';
export const area = 'side';

export function mount(root, app) {
  const { store } = app;
  // Choosing a game starts it at once (never the old game under the new name); during a game
  // against an engine, once the person agrees to leave it.
  const variantSelect = select('variant', [], null, async () => {
    if (!(await app.leave('Choosing another game'))) {
      if (store.state) variantSelect.value = store.state.variant;
      return;
    }
    drawRules();
    start();
  });
  const rulesBox = h('div', { class: 'rules-form', id: 'rules-form' });
  const newGame = h('button', { id: 'new-game', class: 'primary', onclick: async () => {
    if (await app.leave('A new game')) start();
  } }, 'New game');
  const modeBox = h('div', { class: 'mode-box', id: 'mode-box' });
  const howText = h('p', { id: 'how-to-play-text' });
  const how = h('details', { class: 'how-to-play', id: 'how-to-play' }, h('summary', {}, 'How to play'), howText);
  root.append(row('Game', variantSelect), rulesBox, h('div', { class: 'buttons' }, newGame), how, modeBox);
  let shownMode = null;
  // The game (variant and rules) whose rules the form was drawn with: a state of that same
  // game (the one a choice of variant starts) leaves the form, and what the person has typed
  // into it since, as it is.
  let drawnFor = null;

  function engines() {
    return (store.welcome?.engines || []).filter((e) => !e.error);
  }

  function ruleOptions(variant) {
    const engine = engines().find((e) => e.name === app.engineFor(variant)) || engines()[0];
    return (engine?.options || []).filter((o) => o.rule_of === variant);
  }

  function drawRules() {
    const variant = variantSelect.value;
    howText.textContent = howToPlay(variant);
    how.hidden = !howToPlay(variant);
    const fromState = store.state?.variant === variant;
    const current = fromState ? new Map(store.state.rules) : new Map();
    drawnFor = `${variant}|${fromState ? JSON.stringify(store.state.rules) : '[]'}`;
    // Rules a board sets elsewhere (Rush Hour's metric, beside the puzzle) are not in the form.
    const elsewhere = boardFor(variant)?.rulesElsewhere || [];
    const shown = ruleOptions(variant).filter((o) => !elsewhere.includes(o.name));
    fill(rulesBox, shown.map((o) => {
      const field = optionField(o, current.get(o.name), `rule-${o.name}`);
      if (o.help) field.title = o.help;
      return row(o.label || o.name, field);
    }));
  }

  function start() {
    const variant = variantSelect.value;
    const rules = [];
    for (const o of ruleOptions(variant)) {
      const node = document.getElementById(`rule-${o.name}`);
      const value = node && fieldValue(node, o);
      if (value !== null && value !== undefined && String(value) !== String(o.default)) rules.push([o.name, String(value)]);
    }
    app.send({ type: 'new_game', variant, rules });
  }

  store.on('welcome', (w) => {
    fill(variantSelect, w.variants.map((v) => h('option', { value: v.name }, gameTitle(v.name))));
    if (store.state) variantSelect.value = store.state.variant;
    drawRules();
    shownMode = null;
    if (store.state) drawMode(store.state);
  });

  // The picker follows the game when the game's variant or rules change (a new game, a
  // loaded record), not while the person is choosing the next game.
  let shownGame = null;
  store.on('state', (state) => {
    const game = `${state.variant}|${JSON.stringify(state.rules)}`;
    if (game !== shownGame) {
      shownGame = game;
      variantSelect.value = state.variant;
      if (game !== drawnFor) drawRules();
    }
    drawMode(state);
  });

  function limitsForm(prefix) {
    const kind = select(`${prefix}-time-kind`, [['movetime', 'Time per move'], ['clock', 'Clock'], ['depth', 'Depth']], 'movetime', () => show());
    const movetime = h('input', { id: `${prefix}-movetime`, type: 'number', min: 0.05, step: 0.05, value: 1 });
    const base = h('input', { id: `${prefix}-base`, type: 'number', min: 0.1, step: 0.5, value: 3 });
    const inc = h('input', { id: `${prefix}-inc`, type: 'number', min: 0, step: 0.5, value: 2 });
    const depth = h('input', { id: `${prefix}-depth`, type: 'number', min: 1, max: 64, value: 6 });
    const rows = {
      movetime: row('Seconds', movetime),
      clock: h('div', {}, row('Minutes', base), row('Increment (s)', inc)),
      depth: row('Plies', depth),
    };
    const box = h('div', { class: 'limits' }, row('Time', kind), rows.movetime, rows.clock, rows.depth);
    function show() {
      for (const [k, node] of Object.entries(rows)) node.hidden = k !== kind.value;
    }
    show();
    return {
      box,
      value() {
        if (kind.value === 'clock') return { base_ms: Math.round(Number(base.value) * 60000), inc_ms: Math.round(Number(inc.value) * 1000) };
        if (kind.value === 'depth') return { depth: Math.round(Number(depth.value)) };
        return { movetime_ms: Math.max(1, Math.round(Number(movetime.value) * 1000)) };
      },
    };
  }

  function engineSelect(id, variant) {
    const names = engines().filter((e) => !e.variants || e.variants.includes(variant)).map((e) => e.name);
    return select(id, names, app.engineFor(variant), (e) => { store.engine = e.target.value; });
  }

  function drawMode(state) {
    const ended = store.over !== null;
    const key = `${state.mode.kind}|${state.variant}|${state.puzzle}|${engines().length}|${ended}|${state.moves.length > 0}`;
    if (key !== shownMode) {
      shownMode = key;
      // A game with engines: its controls first (style.css), under the board at 420 px.
      root.dataset.game = state.mode.kind === 'free' ? '' : 'on';
      if (state.mode.kind === 'free') drawFree(state);
      else if (ended) drawEnded(state);
      else drawRunning(state);
    }
    updateRunning(state);
  }

  // Where the last game with engines started (its opening moves), for a rematch.
  const START = 'sente-gui-start';
  function remember(state) {
    try {
      sessionStorage.setItem(START, JSON.stringify({ fen: state.start_fen ?? null, moves: state.moves.slice(0, state.cursor) }));
    } catch {
      // No storage: a rematch starts from the game's first position.
    }
  }
  function startPoint(state) {
    try {
      const saved = JSON.parse(sessionStorage.getItem(START) || 'null');
      if (saved && (saved.fen ?? null) === (state.start_fen ?? null) && saved.moves.every((m, i) => state.moves[i] === m)) return saved;
    } catch {
      // Unreadable: from the first position.
    }
    return { fen: state.start_fen ?? null, moves: [] };
  }

  /** The same game again from where it started, the seats as they were or swapped. */
  function again(swap) {
    const state = store.state;
    const from = startPoint(state);
    const limits = limitsOf(state.mode.limits);
    app.send({ type: 'new_game', variant: state.variant, rules: state.rules, fen: from.fen, moves: from.moves });
    if (state.mode.kind === 'play') {
      const engine = state.mode.players[state.mode.human === 'p1' ? 1 : 0];
      const human = swap === (state.mode.human === 'p1') ? 'p2' : 'p1';
      app.send({ type: 'start_play', engine, human, limits });
    } else {
      const [a, b] = state.mode.players;
      app.send({ type: 'start_watch', engines: swap ? [b, a] : [a, b], limits });
    }
  }

  function drawEnded(state) {
    const rematch = h('button', { id: 'rematch', class: 'primary', onclick: () => again(false) }, 'Rematch');
    const swap = h('button', { id: 'swap-sides', onclick: () => again(true) }, 'Swap sides');
    const free = h('button', { id: 'to-free', title: 'leave the game: the position is played by hand and can be analysed', onclick: () => app.send({ type: 'stop_game' }) }, 'Analyse the game');
    // A game without a move (aborted at once) has nothing to review: no Review then.
    const review = state.moves.length > 0
      ? h('button', { id: 'review-ended', title: 'every move judged, exactly where sente\'s solvers answer (the Review panel)', onclick: () => app.review?.() }, 'Review')
      : null;
    fill(modeBox, h('div', { class: 'mode-status', id: 'mode-status' }), h('div', { class: 'buttons' }, rematch, swap, review, free));
  }
  function drawFree(state) {
    if (state.puzzle) {
      fill(modeBox, h('p', { class: 'hint-text' }, 'Drag the vehicles to get the red car out, or ask for the optimal solution in the Puzzle panel.'));
      return;
    }
    const tabs = h('div', { class: 'segmented' });
    const body = h('div', {});
    const pages = {
      play: () => {
        const engine = engineSelect('play-engine', state.variant);
        const seat = select('play-seat', [['p1', `${sideName(state.variant, 'p1')} (first)`], ['p2', `${sideName(state.variant, 'p2')} (second)`]], 'p1');
        const limits = limitsForm('play');
        const go = h('button', { id: 'start-play', class: 'primary', onclick: () => {
          remember(store.state);
          app.send({ type: 'start_play', engine: engine.value, human: seat.value, limits: limits.value() });
        } }, 'Play');
        fill(body, row('Engine', engine), row('You play', seat), limits.box, h('div', { class: 'buttons' }, go));
      },
      watch: () => {
        const p1 = engineSelect('watch-p1', state.variant);
        const p2 = engineSelect('watch-p2', state.variant);
        const limits = limitsForm('watch');
        const go = h('button', { id: 'start-watch', class: 'primary', onclick: () => {
          remember(store.state);
          app.send({ type: 'start_watch', engines: [p1.value, p2.value], limits: limits.value() });
        } }, 'Start');
        fill(body, row(`${sideName(state.variant, 'p1')} (first)`, p1), row(`${sideName(state.variant, 'p2')} (second)`, p2), limits.box, h('div', { class: 'buttons' }, go));
      },
    };
    for (const [name, label] of [['play', 'Play an engine'], ['watch', 'Engine vs engine']]) {
      tabs.append(h('button', { id: `mode-${name}`, onclick: (e) => {
        for (const b of tabs.children) b.classList.toggle('on', b === e.target);
        pages[name]();
      } }, label));
    }
    fill(modeBox, tabs, body);
    tabs.firstChild.classList.add('on');
    pages.play();
  }

  function drawRunning(state) {
    const buttons = [];
    if (state.mode.kind === 'play') {
      // As lichess: Abort until both sides have moved, then Offer a draw and Resign.
      buttons.push(h('button', { id: 'undo', onclick: () => app.send({ type: 'undo' }) }, 'Undo'));
      buttons.push(h('button', { id: 'hint', onclick: () => app.send({ type: 'hint' }) }, 'Hint'));
      buttons.push(h('button', { id: 'offer-draw', title: 'the engine accepts when its own search finds the position drawn or lost for it; after a declined offer, none for 10 plies', onclick: () => app.send({ type: 'offer_draw' }) }, 'Offer a draw'));
      buttons.push(h('button', { id: 'resign', class: 'danger', onclick: resign }, 'Resign'));
      buttons.push(h('button', { id: 'abort', title: 'call the game off: no result (until both sides have moved)', onclick: () => app.send({ type: 'abort' }) }, 'Abort'));
    } else {
      buttons.push(h('button', { id: 'pause', onclick: () => app.send({ type: store.state.mode.paused ? 'resume' : 'pause' }) }, 'Pause'));
      buttons.push(h('button', { id: 'stop-game', onclick: () => app.send({ type: 'stop_game' }) }, 'Stop game'));
    }
    fill(modeBox, h('div', { class: 'mode-status', id: 'mode-status' }), h('div', { class: 'buttons' }, buttons),
      h('p', { class: 'draw-status', id: 'draw-status', role: 'status' }));
  }

  async function resign() {
    const state = store.state;
    const opponent = state.mode.players[state.mode.human === 'p1' ? 1 : 0];
    const sure = await ask({ id: 'resign-ask', title: 'Resign the game?', text: `${opponent} wins the game.`, confirm: 'Resign', cancel: 'Keep playing' });
    if (sure) app.send({ type: 'resign' });
  }

  function updateRunning(state) {
    const status = document.getElementById('mode-status');
    if (!status) return;
    const [a, b] = state.mode.players;
    const v = state.variant;
    const what = state.mode.kind === 'play'
      ? `You (${sideName(v, state.mode.human)}) against ${state.mode.human === 'p1' ? b : a}`
      : `${a} (${sideName(v, 'p1')}) against ${b} (${sideName(v, 'p2')})`;
    const ended = store.over !== null ? ' · game over' : '';
    status.textContent = `${what} · ${limitsWords(state.mode.limits)}${state.mode.paused ? ' · paused' : ''}${ended}`;
    const pause = document.getElementById('pause');
    if (pause) pause.textContent = state.mode.paused ? 'Resume' : 'Pause';
    // Abort before both sides have moved; a draw offer and resigning after.
    const abortable = state.mode.abortable;
    const offer = state.mode.draw_offer;
    const myTurn = state.side === state.mode.human && !state.mode.thinking;
    for (const [id, shown] of [['abort', abortable], ['resign', !abortable], ['offer-draw', !abortable]]) {
      const node = document.getElementById(id);
      if (node) node.hidden = !shown;
    }
    // After a declined offer, none for 10 plies (the server's `draw_offer_from`).
    const again = state.mode.draw_offer_from;
    const draw = document.getElementById('offer-draw');
    if (draw) {
      draw.disabled = !myTurn || Boolean(offer) || again != null;
      draw.textContent = offer?.status === 'pending' ? 'Draw offered…' : 'Offer a draw';
    }
    const drawStatus = document.getElementById('draw-status');
    if (drawStatus) {
      const later = again != null ? `A draw may be offered again once ${again} moves have been played.` : '';
      drawStatus.textContent = offer ? `${offer.reason}${offer.status === 'pending' ? '…' : '.'}` : later;
      drawStatus.hidden = !offer && !later;
    }
  }
}
