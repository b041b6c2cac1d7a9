// The raw protocol: every line this tab's engines were sent (→) and wrote (←).

import { h } from '../dom.js';

export const id = 'log';
export const title = 'Engine protocol';
export const area = 'bottom';

const KEEP = 800;

export function mount(root, app) {
  const list = h('div', { class: 'log', id: 'log' });
  const clear = h('button', { id: 'log-clear', onclick: () => list.replaceChildren() }, 'Clear');
  root.append(h('div', { class: 'buttons' }, clear), list);
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
