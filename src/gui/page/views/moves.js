// The move list with navigation: click a move to view the position after it; the buttons
// and the arrow keys step through the game (a puzzle's solution too).

import { h, fill } from '../dom.js';

export const id = 'moves';
export const title = 'Moves';
export const area = 'side';

/** An engine's comment on its move (`+0.40/12 0.512s`, `-M3/9 0.1s`) in words. */
export function commentWords(comment) {
  const m = /^(?:([+-])(M?)([\d.]+)(?:\/(\d+))? )?([\d.]+)s$/.exec(comment || '');
  if (!m) return comment || '';
  const [, sign, mate, value, depth, seconds] = m;
  const parts = [];
  if (sign && mate) parts.push(`${sign === '+' ? 'win' : 'loss'} in ${value}`);
  else if (sign) parts.push(`${sign === '-' && Number(value) > 0 ? '-' : '+'}${Number(value).toFixed(1)}`);
  if (depth) parts.push(`depth ${depth}`);
  parts.push(`${Number(seconds) < 10 ? Number(seconds).toFixed(2) : Math.round(Number(seconds))} s`);
  return parts.join(' · ');
}

export function mount(root, app) {
  const { store } = app;
  const list = h('ol', { class: 'move-list', id: 'moves' });
  const goto = (ply) => app.send({ type: 'goto', ply: Math.max(0, ply) });
  const nav = h('div', { class: 'buttons nav' },
    h('button', { id: 'nav-start', title: 'the start (Home, ↑)', 'aria-label': 'the start', onclick: () => goto(0) }, '«'),
    h('button', { id: 'nav-back', title: 'one move back (←)', 'aria-label': 'one move back', onclick: () => goto(store.state.cursor - 1) }, '‹'),
    h('button', { id: 'nav-forward', title: 'one move forward (→)', 'aria-label': 'one move forward', onclick: () => goto(store.state.cursor + 1) }, '›'),
    h('button', { id: 'nav-end', title: 'the last move (End, ↓)', 'aria-label': 'the last move', onclick: () => goto(store.state.moves.length) }, '»'));
  // Side lines: a line the game left when a different move was played at an earlier position
  // (free play) is kept, shown under the moves from where it branches; clicking one of its
  // moves makes it the game's line again at that move (the line left becomes a side line in
  // turn), ✕ forgets it.
  const sideBox = h('div', { class: 'side-lines', id: 'side-lines' });
  root.append(nav, list, sideBox);
  let lines = [];
  let before = null;
  const sameGame = (a, b) => a && b && a.variant === b.variant && JSON.stringify(a.rules) === JSON.stringify(b.rules) && (a.start_fen ?? null) === (b.start_fen ?? null);
  function keepSideLines(state) {
    if (!sameGame(before, state)) {
      lines = [];
    } else if (state.mode.kind === 'free') {
      const old = before.moves;
      let k = 0;
      while (k < old.length && k < state.moves.length && old[k] === state.moves[k]) k++;
      if (k < old.length && state.moves.length > k && !lines.some((l) => l.join(' ') === old.join(' '))) lines.push(old);
    }
    const now = state.moves.join(' ');
    lines = lines.filter((l) => !(`${now} `.startsWith(`${l.join(' ')} `)));
    before = state;
  }
  function drawSideLines(state) {
    fill(sideBox, lines.map((line, n) => {
      let k = 0;
      while (k < line.length && k < state.moves.length && line[k] === state.moves[k]) k++;
      const moves = line.slice(k).map((mv, j) => h('button', {
        class: 'side-move', 'data-ply': k + j + 1,
        title: `go to this move (its line becomes the game's)`,
        onclick: () => app.send({ type: 'new_game', variant: state.variant, rules: state.rules, fen: state.start_fen ?? null, moves: line, cursor: k + j + 1 }),
      }, mv));
      const remove = h('button', { class: 'side-delete', title: 'forget this side line', 'aria-label': 'forget this side line', onclick: () => {
        lines.splice(n, 1);
        drawSideLines(store.state);
      } }, '✕');
      return h('div', { class: 'side-line', 'data-from': k }, h('span', { class: 'side-from' }, k === 0 ? 'from the start:' : `after move ${k}:`), moves, remove);
    }));
  }

  store.on('state', (state) => {
    keepSideLines(state);
    drawSideLines(state);
    const items = [h('li', { class: `move start${state.cursor === 0 ? ' current' : ''}`, 'data-ply': 0, onclick: () => goto(0) }, 'start')];
    // An engine's comments (its score) wait for the end of a game against it.
    const comments = store.playing() ? [] : state.comments;
    state.moves.forEach((mv, i) => {
      const ply = i + 1;
      const number = state.puzzle ? `${ply}.` : i % 2 === 0 ? `${i / 2 + 1}.` : '';
      items.push(h('li', {
        class: `move${ply === state.cursor ? ' current' : ''}${ply > state.cursor ? ' ahead' : ''}`,
        'data-ply': ply,
        title: commentWords(comments[i]),
        onclick: () => goto(ply),
      }, h('span', { class: 'num' }, number), mv, comments[i] ? h('span', { class: 'comment' }, commentWords(comments[i])) : null));
    });
    fill(list, items);
    // Keep the current move in sight (scrolling the list only, not the page).
    const current = list.querySelector('.current');
    if (current) {
      const top = current.offsetTop - list.offsetTop;
      if (top < list.scrollTop || top + current.offsetHeight > list.scrollTop + list.clientHeight) {
        list.scrollTop = Math.max(0, top - list.clientHeight / 2);
      }
    }
  });

  document.addEventListener('keydown', (e) => {
    if (!store.state || document.body.dataset.page !== 'play' || ['INPUT', 'TEXTAREA', 'SELECT'].includes(document.activeElement?.tagName)) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    // ← → one move; ↑ or Home the start, ↓ or End the last move (as lichess).
    const to = {
      ArrowLeft: store.state.cursor - 1,
      ArrowRight: store.state.cursor + 1,
      ArrowUp: 0,
      Home: 0,
      ArrowDown: store.state.moves.length,
      End: store.state.moves.length,
    }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    goto(Math.min(to, store.state.moves.length));
  });
}
