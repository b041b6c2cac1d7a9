// The raw protocol: every line this tab's engines were sent (→) and wrote (←).

import { h } from '../dom.js';

export const id = 'log';
export const title = 'Engine protocol';
export const area = 'bottom';

const KEEP = 800;

export function mount(root, app) {
  const list = h('div', { class: 'log', id: 'log', role: 'log', tabindex: 0, 'aria-label': "the engines' protocol lines" });
  const clear = h('button', { id: 'log-clear', onclick: () => list.replaceChildren() }, 'Clear');
  // While a person plays an engine its lines (scores, principal variations) would give the
  // game away: the server holds them back until the game ends, and the panel says so.
  const hiddenNote = h('p', { class: 'hint-text', id: 'log-hidden' });
  root.append(h('div', { class: 'buttons' }, clear), hiddenNote, list);
  function update() {
    const state = app.store.state;
    const opponent = app.store.playing() ? state.mode.players[state.mode.human === 'p1' ? 1 : 0] : null;
    hiddenNote.hidden = !opponent;
    hiddenNote.textContent = opponent ? `${opponent}'s lines are held back during your game against it (they would give the game away); they come when the game ends.` : '';
  }
  app.store.on('state', update);
  update();
  // A new game (New game, a position, a record, a game with engines) starts with an empty
  // panel: the last game's lines (its engines' scores) are not this one's.
  app.store.on('game_sent', () => {
    pending = [];
    list.replaceChildren();
  });
  // Lines are added once per frame (an engine may write hundreds a second).
  let pending = [];
  app.store.on('log', (m) => {
    pending.push(m);
    if (pending.length > KEEP) pending = pending.slice(-KEEP);
    if (pending.length === 1) requestAnimationFrame(flush);
  });
  function flush() {
    const stick = list.scrollTop + list.clientHeight >= list.scrollHeight - 4;
    const lines = pending;
    pending = [];
    list.append(...lines.map((m) => {
      const arrow = m.dir === 'to' ? '→' : m.dir === 'from' ? '←' : '·';
      return h('div', { class: `log-line ${m.dir}` }, h('span', { class: 'log-engine' }, m.engine), h('span', { class: 'log-dir' }, arrow), h('span', { class: 'log-text' }, m.line));
    }));
    while (list.childElementCount > KEEP) list.firstChild.remove();
    if (stick) list.scrollTop = list.scrollHeight;
  }
}
