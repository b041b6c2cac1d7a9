// The move list with navigation, as a tree like lichess's: the main line, and under a move
// each side line played from there (indented, nested). Click any move to view it; the buttons
// and the arrow keys step through the line viewed; a side line can be made the main line, and
// a line deleted from the viewed move on.

import { h, fill } from '../dom.js';
import { find, lineThrough, inSideLine, promote, remove } from '../lines.js';
import { reviewOf } from '../review/keep.js';
import { moveNumber } from '../review/judge.js';

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
  const list = h('div', { class: 'move-list', id: 'moves' });
  const goto = (ply) => app.goto(ply);
  const nav = h('div', { class: 'buttons nav' },
    h('button', { id: 'nav-start', title: 'the start (Home, ↑)', 'aria-label': 'the start', onclick: () => goto(0) }, '«'),
    h('button', { id: 'nav-back', title: 'one move back (←)', 'aria-label': 'one move back', onclick: () => goto(store.viewing() - 1) }, '‹'),
    h('button', { id: 'nav-forward', title: 'one move forward (→)', 'aria-label': 'one move forward', onclick: () => goto(store.viewing() + 1) }, '›'),
    h('button', { id: 'nav-end', title: 'the last move (End, ↓)', 'aria-label': 'the last move', onclick: () => goto(store.state.moves.length) }, '»'));
  const promoteButton = h('button', { id: 'promote-line', title: 'make the line of the viewed move the main line', onclick: promoteViewed }, 'Make main line');
  const deleteButton = h('button', { id: 'delete-line', title: 'delete the viewed move and every move after it', onclick: deleteViewed }, 'Delete from here');
  const lineButtons = h('div', { class: 'buttons line-buttons' }, promoteButton, deleteButton);
  root.append(nav, list, lineButtons);

  /** The moves leading to the viewed position. */
  function viewedPath() {
    const state = store.state;
    return state ? state.moves.slice(0, state.cursor) : [];
  }

  /** Views the position after `path`: a step along the server's line, or that line given to
   *  the server (followed down its main line) when the move is on another. */
  function open(path) {
    const state = store.state;
    if (path.length <= state.moves.length && path.every((mv, i) => state.moves[i] === mv)) {
      goto(path.length);
      return;
    }
    app.send({
      type: 'new_game',
      variant: state.variant,
      rules: state.rules,
      fen: state.start_fen ?? null,
      moves: lineThrough(store.lines, path),
      cursor: path.length,
    }, { keepLines: true });
  }

  function promoteViewed() {
    promote(store.lines, viewedPath());
    store.saveGame();
    draw();
  }

  function deleteViewed() {
    const path = viewedPath();
    if (path.length === 0) return;
    remove(store.lines, path);
    store.saveGame();
    // The viewed move is gone: view the move before it, in the line that is left there.
    const state = store.state;
    app.send({
      type: 'new_game',
      variant: state.variant,
      rules: state.rules,
      fen: state.start_fen ?? null,
      moves: lineThrough(store.lines, path.slice(0, -1)),
      cursor: path.length - 1,
    }, { keepLines: true });
  }

  function draw() {
    const state = store.state;
    if (!state || !store.lines) return;
    const line = state.moves.join(' ');
    const viewed = viewedPath().join(' ');
    // An engine's comments (its score) wait for the end of a game against it.
    const comments = !store.playing();
    // The review's marks (?!, ?, ??) and comments on the game's moves, when it has one.
    // While learning from the mistakes, none: a comment names the lesson's better move.
    const reviewed = store.learning ? [] : reviewOf(store)?.moves || [];

    function moveItem(n, path, side, needsNumber) {
      const ply = path.length;
      const number = state.puzzle || ply % 2 === 1 || needsNumber ? moveNumber(ply, state.puzzle) : '';
      const key = path.join(' ');
      const onLine = line === key || line.startsWith(`${key} `);
      const comment = comments ? commentWords(n.comment) : '';
      const judged = onLine && !side ? reviewed[ply - 1] : null;
      const mark = judged?.mark ? h('span', { class: `review-mark class-${judged.class}`, 'data-class': judged.class }, judged.mark) : null;
      return h('span', {
        class: `move${key === viewed ? ' current' : ''}${onLine && ply > state.cursor ? ' ahead' : ''}${side ? ' side' : ''}`,
        'data-ply': onLine ? ply : null,
        'data-path': key,
        'data-class': judged?.class || null,
        title: judged?.comment || comment || '',
        onclick: () => open(path),
      }, h('span', { class: 'num' }, number), n.mv, mark, comment ? h('span', { class: 'comment' }, comment) : null);
    }

    /** The moves after `start` (reached by `path`) into `box`: its main line, each side line
     *  in a block of its own after the move it replaces. */
    function sequence(box, start, path, side, numbered) {
      let at = start;
      let needsNumber = numbered;
      const here = [...path];
      while (at.children.length > 0) {
        const [main, ...others] = at.children;
        box.append(moveItem(main, [...here, main.mv], side, needsNumber));
        needsNumber = false;
        for (const other of others) {
          const block = h('div', { class: 'side-line' });
          const otherPath = [...here, other.mv];
          block.append(moveItem(other, otherPath, true, true));
          sequence(block, other, otherPath, true, false);
          box.append(block);
          needsNumber = true;
        }
        here.push(main.mv);
        at = main;
      }
    }

    const items = [h('span', { class: `move start${state.cursor === 0 ? ' current' : ''}`, 'data-ply': 0, 'data-path': '', onclick: () => goto(0) }, 'start')];
    const box = h('div', { class: 'main-line' }, items);
    sequence(box, store.lines.root, [], false, true);
    fill(list, box);
    const free = state.mode.kind === 'free';
    lineButtons.hidden = !free;
    promoteButton.disabled = !inSideLine(store.lines, viewedPath());
    deleteButton.disabled = state.cursor === 0 || !find(store.lines, viewedPath());
    // Keep the current move in sight (scrolling the list only, not the page).
    const current = list.querySelector('.current');
    if (current) {
      const top = current.offsetTop - list.offsetTop;
      if (top < list.scrollTop || top + current.offsetHeight > list.scrollTop + list.clientHeight) {
        list.scrollTop = Math.max(0, top - list.clientHeight / 2);
      }
    }
  }

  store.on('state', draw);
  store.on('review', draw);
  store.on('learning', draw);

  document.addEventListener('keydown', (e) => {
    if (!store.state || document.body.dataset.page !== 'play' || ['INPUT', 'TEXTAREA', 'SELECT'].includes(document.activeElement?.tagName)) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    // ← → one move; ↑ or Home the start, ↓ or End the last move (as lichess).
    const to = {
      ArrowLeft: store.viewing() - 1,
      ArrowRight: store.viewing() + 1,
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
