// The list of keyboard shortcuts, opened by `?` (or the header's `?` button) in a modal dialog
// (the native <dialog>: the focus stays in it, Escape or Close closes it and the focus goes
// back where it was).

import { h } from './dom.js';

/** Every shortcut of the page: the keys, and what they do. */
export const SHORTCUTS = [
  ['?', 'this list of shortcuts'],
  ['← →', 'one move back or forward (Play); one step of the search (Search tree)'],
  ['↑ or Home', 'the start of the game'],
  ['↓ or End', 'the last move'],
  ['1 – 9, a, b, c', 'drop a disc in that Connect Four column'],
  ['Tab', 'to the board, then the next control'],
  ['arrows on the board', 'move the board’s cursor (a column, a cell, a stack, a vehicle)'],
  ['Enter or Space', 'play the item under the board’s cursor; take or let go a Rush Hour vehicle'],
  ['Escape', 'close a dialog; let go a Rush Hour vehicle'],
];

let dialog = null;

/** Opens the list (once: a second `?` leaves it open). */
export function openShortcuts() {
  if (dialog?.open) return;
  const before = document.activeElement;
  const rows = SHORTCUTS.map(([keys, what]) => h('tr', {}, h('th', { scope: 'row' }, h('kbd', {}, keys)), h('td', {}, what)));
  const close = h('button', { id: 'shortcuts-close', class: 'primary', type: 'button' }, 'Close');
  dialog = h('dialog', { class: 'ask shortcuts', id: 'shortcuts', 'aria-labelledby': 'shortcuts-title' },
    h('h2', { id: 'shortcuts-title' }, 'Keyboard shortcuts'),
    h('table', { class: 'shortcut-table' },
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Keys'), h('th', { scope: 'col' }, 'What they do'))),
      h('tbody', {}, ...rows)),
    h('div', { class: 'buttons' }, close));
  const shown = dialog;
  close.addEventListener('click', () => shown.close());
  shown.addEventListener('close', () => {
    shown.remove();
    if (before && before.isConnected && typeof before.focus === 'function') before.focus();
  });
  document.body.append(shown);
  shown.showModal();
  close.focus();
}

/** `?` anywhere but in a text field opens the list; `button` opens it too. */
export function followShortcuts(button) {
  button.addEventListener('click', openShortcuts);
  document.addEventListener('keydown', (e) => {
    if (e.key !== '?' || e.ctrlKey || e.metaKey || e.altKey) return;
    if (['INPUT', 'TEXTAREA', 'SELECT'].includes(document.activeElement?.tagName)) return;
    e.preventDefault();
    openShortcuts();
  });
}
