// Your puzzles: the positions of one's own reviewed games where one move alone keeps the result
// (review/puzzles.js), played here. A puzzle shown is loaded as the tab's game up to its
// position; the person plays a move on the board and is told right (the move is played on the
// board, then the opponent's best reply: review/trial.js) or wrong, with the server's reason
// (the move judged as the review judges a move), and may try again or see the answer. The list
// is exported as text (one puzzle a line: gui.md), copied or downloaded.

import { h, fill, announce } from '../dom.js';
import { boardFor, gameTitle, sideName } from '../boards/index.js';
import { gameKey } from '../review/keep.js';
import { moveNumber, valueWords } from '../review/judge.js';
import { trialsOf, answerFree, verdict } from '../review/answers.js';
import { keptPuzzles, puzzleKey, removePuzzle, exportText } from '../review/puzzles.js';

export const id = 'puzzles';
export const title = 'Your puzzles';
export const area = 'side';

const OWNER = 'puzzles';
const GOAL_WORDS = { win: 'the only move that wins', draw: 'the only move that draws' };

export function mount(root, app) {
  const { store } = app;
  const trials = trialsOf(app);
  root.closest('.panel')?.setAttribute('aria-label', 'Your puzzles');
  const box = h('div', { class: 'puzzles', id: 'puzzles-box' });
  root.append(box);
  // The puzzle chosen (its index in the list), the one being played ({ key, said, why,
  // right, played: { mv, reply, waiting } }) and whether the export is open.
  let index = 0;
  let playing = null;
  let exportOpen = false;

  /** The tab's game is `p`'s position: the puzzle can be played. */
  function atPuzzle(p, state = store.state) {
    if (!state || state.mode.kind !== 'free' || state.cursor !== p.moves.length) return false;
    return gameKey(state) === gameKey({ variant: p.variant, rules: p.rules, start_fen: p.start, moves: p.moves });
  }

  /** Loads puzzle `p` as the tab's game (its moves up to the position). */
  function open(p) {
    // A game against an engine that goes on is left only when the person agrees.
    app.leave('Playing a puzzle').then((ok) => { if (ok) load(p); });
  }

  function load(p) {
    playing = { key: puzzleKey(p), said: '', why: '', right: null, played: null };
    trials.clear(OWNER);
    if (store.state?.mode.analysis) app.send({ type: 'stop_analysis' });
    if (atPuzzle(p)) {
      draw();
      return;
    }
    app.send({ type: 'new_game', variant: p.variant, rules: p.rules, fen: p.start ?? undefined, moves: p.moves });
    draw();
  }

  function close() {
    playing = null;
    trials.clear(OWNER);
    trials.release(OWNER);
    draw();
  }

  /** A move tried on the puzzle's board. True when it was taken here. */
  function attempt(moves) {
    const list = keptPuzzles();
    const p = list[index];
    if (!p || !playing || playing.key !== puzzleKey(p) || !atPuzzle(p)) return false;
    if (playing.played) return true;
    const mv = moves[0];
    const number = moveNumber(p.moves.length + 1, false);
    playing.why = '';
    if (mv === p.solution) {
      playing.right = true;
      playing.said = `Right: ${number} ${mv} is ${GOAL_WORDS[p.goal]}.`;
      playOn(p, mv);
    } else {
      playing.right = false;
      playing.said = `Not ${number} ${mv}: it is not ${GOAL_WORDS[p.goal]}. Try another move.`;
      playing.why = 'Why: the server judges it…';
      const key = playing.key;
      trials.start(OWNER, {
        ply: p.moves.length,
        mv,
        show: false,
        onJudged: (done) => {
          if (playing?.key !== key || playing.played) return;
          const reviewed = done.reviewed;
          const value = reviewed?.after ? `it ${verdict({ kind: p.goal }, reviewed.after, 0)} (${valueWords(reviewed.after, false)})` : '';
          const why = reviewed?.why?.text ? answerFree(reviewed.why.text, [p.solution]) : '';
          playing.why = [value ? `${mv}: ${value}.` : '', why].filter(Boolean).join(' ');
          announce(playing.why);
          draw();
        },
        onFailed: (message) => {
          if (playing?.key !== key) return;
          playing.why = `The move could not be judged: ${message}`;
          draw();
        },
      });
    }
    announce(playing.said);
    draw();
    return true;
  }

  /** Plays `mv` on the board, then the opponent's best reply. */
  function playOn(p, mv) {
    const key = playing.key;
    playing.played = { mv, reply: null, waiting: true };
    trials.start(OWNER, {
      ply: p.moves.length,
      mv,
      show: true,
      onJudged: (done, board) => {
        if (playing?.key !== key || playing.played?.mv !== mv) return;
        const state = store.state;
        const words = boardFor(p.variant)?.moveWords;
        const reply = done.reply?.move;
        const other = sideName(p.variant, p.side === 'p1' ? 'p2' : 'p1');
        playing.played.waiting = false;
        playing.played.reply = reply ?? null;
        playing.replyText = reply
          ? `${moveNumber(p.moves.length + 2, false)} ${other}'s best reply: ${reply}${words ? ` (${words(reply, { ...state, fen: board?.fen ?? state.fen, side: board?.side ?? state.side })})` : ''}.`
          : 'The game ends there.';
        announce(playing.replyText);
        draw();
        requestAnimationFrame(() => document.getElementById('puzzles-next')?.focus());
      },
      onFailed: (message) => {
        if (playing?.key !== key) return;
        playing.played.waiting = false;
        playing.replyText = `The reply could not be found: ${message}`;
        draw();
      },
    });
  }

  function showAnswer(p) {
    if (!playing || playing.played) return;
    playing.right = null;
    playing.why = '';
    const words = boardFor(p.variant)?.moveWords;
    playing.said = `The answer: ${moveNumber(p.moves.length + 1, false)} ${p.solution}${words ? ` (${words(p.solution, store.state)})` : ''}, ${GOAL_WORDS[p.goal]}.`;
    announce(playing.said);
    playOn(p, p.solution);
    draw();
  }

  function choose(i) {
    const list = keptPuzzles();
    index = Math.max(0, Math.min(list.length - 1, i));
    if (playing) open(list[index]);
    else draw();
  }

  function download(text) {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = h('a', { href: url, download: 'sente-puzzles.txt', hidden: true });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  }

  function draw() {
    const list = keptPuzzles();
    const state = store.state;
    if (!list.length) {
      if (playing) close();
      root.dataset.state = 'empty';
      fill(box, h('p', { class: 'hint-text', id: 'puzzles-none' }, 'No puzzle yet. Review a game (the Review panel): each position where one move alone wins or draws becomes a puzzle here, kept in this browser.'));
      return;
    }
    index = Math.min(index, list.length - 1);
    const p = list[index];
    const here = playing && playing.key === puzzleKey(p) && atPuzzle(p, state);
    // The board's moves are the puzzle's while it is shown.
    if (here) trials.take(OWNER, attempt);
    else trials.release(OWNER);
    root.dataset.state = here ? 'playing' : playing ? 'loading' : 'list';
    const side = sideName(p.variant, p.side);
    const heading = `Puzzle ${index + 1} of ${list.length} (${gameTitle(p.variant)}): ${side} to move at ${moveNumber(p.moves.length + 1, false)}`;
    const nav = h('div', { class: 'buttons' },
      h('button', { id: 'puzzles-previous', disabled: index === 0, onclick: () => choose(index - 1) }, 'Previous'),
      h('button', { id: 'puzzles-next', class: playing?.played && !playing.played.waiting && index + 1 < list.length ? 'primary' : null, disabled: index + 1 >= list.length, onclick: () => choose(index + 1) }, 'Next puzzle'),
      playing ? null : h('button', { id: 'puzzles-play', class: 'primary', onclick: () => open(p) }, 'Play this puzzle'),
      h('button', { id: 'puzzles-remove', onclick: () => { removePuzzle(puzzleKey(p)); if (playing) close(); else draw(); } }, 'Remove'));
    const parts = [h('p', { class: 'puzzles-heading', id: 'puzzles-heading' }, heading)];
    if (playing) {
      parts.push(h('p', { class: 'learn-prompt', id: 'puzzles-prompt' }, here ? `Find ${GOAL_WORDS[p.goal]}.` : 'The board shows another position than the puzzle\'s.'));
      parts.push(h('p', { class: `learn-feedback${playing.right === true ? ' right' : playing.right === false ? ' wrong' : ''}`, id: 'puzzles-feedback', role: 'status' }, playing.said));
      if (playing.why) parts.push(h('p', { class: 'learn-why', id: 'puzzles-why' }, playing.why));
      if (playing.played) parts.push(h('p', { class: 'learn-reply', id: 'puzzles-reply', 'data-reply': playing.played.reply ?? '' }, playing.played.waiting ? `${sideName(p.variant, p.side === 'p1' ? 'p2' : 'p1')} replies…` : playing.replyText));
      parts.push(h('div', { class: 'buttons' },
        playing.played || !here ? null : h('button', { id: 'puzzles-answer', onclick: () => showAnswer(p) }, 'Show the answer'),
        playing.played || !here ? h('button', { id: 'puzzles-retry', onclick: () => open(p) }, here ? 'Again' : 'Back to the puzzle') : null,
        h('button', { id: 'puzzles-stop', onclick: close }, 'Stop')));
    }
    parts.push(nav);
    const text = exportText(list);
    const area = h('textarea', { id: 'puzzles-export', readonly: true, rows: 6, spellcheck: 'false', 'aria-label': 'the puzzles as text, one a line: variant, rules, start, moves, solution, goal (tab-separated)' });
    area.value = text;
    const copy = h('button', { id: 'puzzles-copy', onclick: async () => {
      try {
        await navigator.clipboard.writeText(text);
        announce('The puzzles were copied.');
      } catch {
        area.select();
        announce('Select the text and copy it (the clipboard is not available here).');
      }
    } }, 'Copy');
    const save = h('button', { id: 'puzzles-download', onclick: () => download(text) }, 'Download');
    const details = h('details', { class: 'puzzles-export', id: 'puzzles-export-box', open: exportOpen || null, ontoggle: (e) => { exportOpen = e.target.open; } },
      h('summary', {}, `Export (${list.length} puzzle${list.length === 1 ? '' : 's'} as text)`),
      h('p', { class: 'hint-text' }, 'One puzzle a line, tab-separated: variant, rules, start, moves (to the position), solution, goal (gui.md).'),
      area, h('div', { class: 'buttons' }, copy, save));
    parts.push(details);
    fill(box, parts);
  }

  store.on('state', draw);
  window.addEventListener('sente-puzzles', draw);
  window.addEventListener('storage', (e) => {
    if (e.key === 'sente-gui-puzzles' || e.key === null) draw();
  });
  store.on('welcome', draw);
}
