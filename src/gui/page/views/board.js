// The board of the viewed position, the players with their clocks, and what the position is:
// whose turn, or the result and why the game ended.

import { h, fill } from '../dom.js';
import { boardFor } from '../boards/index.js';

export const id = 'board';
export const title = null;
export const area = 'main';

const NAMES = {
  tictactoe: ['x', 'o'],
  connect4: ['red', 'yellow'],
  babylon: ['first', 'second'],
  'rushhour-rocks': ['cars', 'rocks'],
  tree: ['max', 'min'],
  rushhour: ['solver', 'solver'],
};

const TITLES = {
  tictactoe: 'Tic-tac-toe', connect4: 'Connect Four', babylon: 'Babylon', rushhour: 'Rush Hour',
  'rushhour-rocks': 'Rush Hour with rocks', tree: 'Game tree',
};

export function mount(root, app) {
  const { store } = app;
  const heading = h('div', { class: 'board-title', id: 'board-title' });
  const players = h('div', { class: 'players', id: 'players' });
  const status = h('div', { class: 'status', id: 'status' });
  const boardBox = h('div', { class: 'board', id: 'board' });
  const extra = h('div', { class: 'board-extra', id: 'board-extra' });
  root.append(heading, players, boardBox, status, extra);
  let previous = null;
  let clocksAt = 0;

  function pv() {
    const state = store.state;
    if (store.info && store.info.fen === state.fen && store.info.pv?.length && (store.info.source === 'analysis' || store.info.source === 'solve')) {
      return store.info.pv;
    }
    return [];
  }

  function redraw(fresh) {
    const state = store.state;
    if (!state) return;
    const board = boardFor(state.variant);
    // Targets are offered only when the person is to move.
    const mode = state.mode;
    const mine = mode.kind === 'free' || (mode.kind === 'play' && state.side === mode.human && !mode.thinking && state.cursor === state.moves.length);
    const ctx = {
      state: mine ? state : { ...state, legal: [], reach: [] },
      previous: fresh ? previous : null,
      pv: pv(),
      hint: store.hint,
      columns: store.columns,
      onMove: (moves) => app.send({ type: 'play', moves }),
    };
    if (board) board.draw(boardBox, ctx);
    else boardBox.textContent = state.fen;
    boardBox.dataset.fen = state.fen;
    boardBox.dataset.plies = String(state.moves.length);
    boardBox.dataset.cursor = String(state.cursor);
  }

  function describe() {
    const state = store.state;
    const names = NAMES[state.variant] || ['p1', 'p2'];
    heading.textContent = TITLES[state.variant] || state.variant;
    const rules = state.rules.map(([n, v]) => `${n} ${v}`).join(', ');
    if (rules) heading.append(h('span', { class: 'rules' }, rules));
    const end = state.forfeit || state.outcome;
    status.dataset.over = end ? '1' : '';
    if (end) {
      fill(status, h('strong', { id: 'result' }, state.puzzle ? 'Solved' : end.result), ' ', h('span', { id: 'reason' }, end.reason));
    } else if (state.puzzle) {
      fill(status, h('span', { id: 'to-move' }, `Get the red car out · ${state.cursor} move${state.cursor === 1 ? '' : 's'} so far`));
    } else {
      const seat = state.side === 'p1' ? 0 : 1;
      const thinking = state.mode.thinking === state.side ? ' (thinking…)' : '';
      fill(status, h('span', { class: `seat-dot seat-${state.side}` }), h('span', { id: 'to-move' }, `${names[seat]} (${state.side}) to move${thinking}`));
    }
    if (state.mode.kind === 'free' && !state.puzzle) {
      fill(players);
    } else if (!state.puzzle) {
      fill(players, [0, 1].map((i) => {
        const seat = i === 0 ? 'p1' : 'p2';
        const active = !end && state.side === seat;
        return h('div', { class: `player${active ? ' active' : ''}`, id: `player-${seat}` },
          h('span', { class: `seat-dot seat-${seat}` }),
          h('span', { class: 'player-name' }, `${state.mode.players[i]}`),
          h('span', { class: 'player-seat' }, names[i]),
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
  for (const type of ['info', 'hint', 'columns']) store.on(type, later);
}

function clockText(ms) {
  const total = Math.max(0, Math.ceil(ms / 100)) / 10;
  const min = Math.floor(total / 60);
  const sec = total - min * 60;
  return total < 20 ? `${min}:${sec.toFixed(1).padStart(4, '0')}` : `${min}:${String(Math.floor(sec)).padStart(2, '0')}`;
}
