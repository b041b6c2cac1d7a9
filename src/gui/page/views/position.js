// The position in and out: the current fen and move list to copy, a fen / move list / Rush
// Hour database line to set, and the game saved and loaded in the record format of
// `sente match`.

import { h, copy } from '../dom.js';
import { recordWords } from '../boards/index.js';

export const id = 'position';
export const title = 'Position';
export const area = 'bottom';

export function mount(root, app) {
  const { store } = app;
  const fenOut = h('input', { id: 'fen-out', type: 'text', readonly: true, 'aria-label': 'the viewed position as a fen' });
  const movesOut = h('input', { id: 'moves-out', type: 'text', readonly: true, 'aria-label': 'the moves to the viewed position' });
  const setupText = h('textarea', { id: 'setup-text', 'aria-label': 'a position to set', rows: 2, placeholder: 'a fen, a move list (4453 or 4 4 5 3), or a Rush Hour database line' });
  const recordText = h('textarea', { id: 'record-text', 'aria-label': 'a game record', rows: 5, placeholder: 'a game record ([Event ...] headers, then the moves)' });
  const setupError = h('p', { id: 'setup-error', class: 'field-error', role: 'alert', hidden: true });
  const recordError = h('p', { id: 'record-error', class: 'field-error', role: 'alert', hidden: true });
  // The file field is hidden; its button is what the keyboard (Tab) and the mouse reach.
  const file = h('input', { id: 'load-file', type: 'file', accept: '.txt,.pgn,text/plain', hidden: true, tabindex: -1, 'aria-label': 'a game record file' });
  file.addEventListener('change', async () => {
    const chosen = file.files?.[0];
    if (!chosen) return;
    recordText.value = await chosen.text();
    file.value = '';
    if (await app.leave('Opening a game')) app.send({ type: 'load_record', text: recordText.value });
  });
  root.append(
    h('div', { class: 'copy-row' }, h('span', { class: 'row-label' }, 'Fen'), fenOut, h('button', { id: 'copy-fen', onclick: () => copy(fenOut.value, fenOut) }, 'Copy')),
    h('div', { class: 'copy-row' }, h('span', { class: 'row-label' }, 'Moves'), movesOut, h('button', { id: 'copy-moves', onclick: () => copy(movesOut.value, movesOut) }, 'Copy')),
    h('div', { class: 'setup' }, setupText, h('button', { id: 'setup-apply', onclick: async () => {
      if (await app.leave('Setting a position')) app.send({ type: 'setup', text: setupText.value });
    } }, 'Set position')),
    setupError,
    h('div', { class: 'record' }, recordText, h('div', { class: 'buttons' },
      h('button', { id: 'save-record', onclick: () => app.send({ type: 'save_record' }) }, 'Save game'),
      h('button', { id: 'load-record', onclick: async () => {
        if (await app.leave('Loading a game')) app.send({ type: 'load_record', text: recordText.value });
      } }, 'Load game'),
      h('button', { id: 'open-file', type: 'button', onclick: () => file.click() }, 'Open file…'), file)),
    recordError,
  );

  // What was wrong with a typed position or a record, said under its box until it changes.
  function showError(node, field, message) {
    node.textContent = message;
    node.hidden = !message;
    field.setAttribute('aria-invalid', message ? 'true' : 'false');
  }
  store.on('error', (m) => {
    const position = /^position: (.*)$/s.exec(m.message);
    if (position) showError(setupError, setupText, position[1]);
    const record = /^record: (.*)$/s.exec(m.message);
    if (record) showError(recordError, recordText, record[1]);
  });
  let shownGame = null;
  store.on('state', (state) => {
    const game = `${state.root_fen}|${state.moves.join(' ')}`;
    if (game === shownGame) return;
    shownGame = game;
    showError(setupError, setupText, '');
    showError(recordError, recordText, '');
  });
  setupText.addEventListener('input', () => showError(setupError, setupText, ''));
  recordText.addEventListener('input', () => showError(recordError, recordText, ''));

  store.on('state', (state) => {
    fenOut.value = state.fen;
    const moves = state.moves.slice(0, state.cursor).join(' ');
    movesOut.value = state.start_fen ? `fen ${state.start_fen} moves ${moves}` : moves;
  });

  store.on('record', (message) => {
    // Its reason in the page's words (`X won`), as the result banner says it.
    const text = recordWords(store.state?.variant, message.text);
    recordText.value = text;
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = h('a', { href: url, download: `sente-${store.state?.variant || 'game'}.txt` });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  });
}
