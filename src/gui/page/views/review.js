// The review of a game, as lichess's computer analysis but exact where sente's solvers answer:
// Review runs the server's review of the game (a progress bar, Cancel), then the evaluation
// graph (a point per move coloured by its class; click or the arrow keys view a move), each
// side's accuracy and counts, which moves were judged exactly, by who wins only or by search,
// the moves that erred with the library's comment and their reasons (review/why.js: the cells
// a reason names marked on the board while the move is viewed), the better move shown on the
// board, and "learn from your mistakes" (review/learn.js). The review is kept with the game
// (review/keep.js): a reload shows it again; a game record that holds a saved review (Save game
// writes it) shows it when loaded, without computing it. From 1000 px wide the board and the review are
// side by side, both in the window; narrower, the board stays at the window's top while the
// review scrolls (style.css).

import { h, fill, select, announce } from '../dom.js';
import { boardFor, sideName } from '../boards/index.js';
import { followReviews, reviewOf } from '../review/keep.js';
import { reviewGraph } from '../review/graph.js';
import { valueWords, moveNumber, tagWords, accuracyText } from '../review/judge.js';
import { mountLearn } from '../review/learn.js';
import { marksOf, reasonBox, showWhyButton } from '../review/why.js';
import { collectPuzzles } from '../review/puzzles.js';

export const id = 'review';
export const title = 'Review';
export const area = 'main';

const ERRED = ['inaccuracy', 'mistake', 'blunder'];
/** A move the review marks: it erred, or it has a reason (a tag such as a faster win missed). */
const marked = (m) => Boolean(m && (ERRED.includes(m.class) || m.why));
const CLASS_WORDS = { best: 'best', good: 'good', inaccuracy: 'inaccuracy', mistake: 'mistake', blunder: 'blunder', unjudged: 'not judged' };
const TAG_WORDS = {
  faster_win_missed: 'faster win missed',
  longer_defence_missed: 'longer defence missed',
  only_move: 'only move',
  great: 'great',
  forced: 'forced',
  book: 'book',
};
const JUDGED_WORDS = {
  exact: 'judged exactly',
  weak: 'who wins only: the weak value alone decided blunder or not',
  search: 'by search: winning chances by lichess\'s thresholds',
};

export function mount(root, app) {
  const { store } = app;
  followReviews(store);
  const status = h('p', { class: 'review-status', id: 'review-status', role: 'status' });
  const startButton = h('button', { id: 'review-start', class: 'primary', onclick: () => start() }, 'Review the game');
  // The most a solve of one position may take (the server's default: 10 s); a position not
  // solved in it is judged by who wins only, or by search.
  const movetime = select('review-movetime', [['1000', '1 s'], ['3000', '3 s'], ['10000', '10 s'], ['30000', '30 s']], '10000');
  movetime.setAttribute('aria-label', 'the most time a solve of one position may take');
  movetime.title = 'the most time a solve of one position may take: a position not solved in it is judged by who wins only, or by search';
  const progress = h('progress', { id: 'review-progress', max: 1, value: 0, 'aria-label': 'review progress' });
  const progressText = h('span', { id: 'review-progress-text' });
  const cancel = h('button', { id: 'review-cancel', onclick: () => app.send({ type: 'stop_review' }) }, 'Cancel');
  const progressBox = h('div', { class: 'review-progress', id: 'review-progress-box', hidden: true }, progress, progressText, cancel);
  const graphBox = h('div', { class: 'review-graph-box', id: 'review-graph-box' });
  const here = h('div', { class: 'review-here', id: 'review-here', 'aria-live': 'polite' });
  const summary = h('div', { class: 'review-summary', id: 'review-summary' });
  const judged = h('p', { class: 'review-judged', id: 'review-judged' });
  const erred = h('ol', { class: 'review-erred', id: 'review-erred', 'aria-label': 'the marked moves: errors and tags, with their reasons' });
  const learnBox = h('div', { class: 'review-learn', id: 'review-learn' });
  const timeLabel = h('label', { class: 'review-time' }, 'at most ', movetime, ' a position');
  root.append(h('div', { class: 'buttons review-buttons' }, startButton, timeLabel), status, progressBox, graphBox, here, summary, judged, erred, learnBox);
  root.closest('.panel')?.setAttribute('aria-label', 'Review');
  // The board panel's height: on a narrow page it stays at the window's top while the review
  // scrolls, and what is scrolled into view is kept under it (style.css).
  const boardPanel = document.getElementById('view-board');
  if (boardPanel && window.ResizeObserver) {
    new ResizeObserver(() => document.documentElement.style.setProperty('--board-panel-h', `${boardPanel.offsetHeight}px`)).observe(boardPanel);
  }
  const goto = (ply) => app.goto(ply);
  const learn = mountLearn(learnBox, app, { goto, redraw: () => draw() });

  /** The better move shown on the board: { key, ply, mv } (the board marks `mv` at the
   *  position after `ply` moves of that game). */
  store.reviewMark = null;
  app.reviewMark = (state) => {
    const mark = store.reviewMark;
    return mark && mark.ply === state.cursor && mark.key === reviewOf(store, state)?.key ? mark.mv : null;
  };

  /** The line of a `line` reason drawn on the board: { key, ply, plies }, or null. */
  store.reviewLine = null;
  /** The marks of the reason of the move that led to the viewed position (none while
   *  learning: they could give the answer away). */
  app.reviewMarks = (state) => {
    const run = reviewOf(store, state);
    if (!run?.review || learn.active()) return null;
    const m = run.moves[state.cursor - 1];
    if (!m?.why) return null;
    return marksOf(m.why, state.variant, linePlies(run, m));
  };
  /** The plies of `m`'s line drawn on the board. */
  function linePlies(run, m) {
    const line = store.reviewLine;
    return line && line.key === run.key && line.ply === m.ply ? line.plies : 0;
  }
  /** Views the position after move `ply` with `plies` of its reason's line drawn. */
  function viewReason(run, ply, plies) {
    store.reviewLine = plies ? { key: run.key, ply, plies } : null;
    if (store.state.cursor !== ply) goto(ply);
    else {
      store.emit('review-board');
      draw();
    }
  }

  /** Opens the search tree on the proof tree of the position after `m` (its refutation). */
  function showProof(state, m) {
    app.showTree?.({
      label: `After ${moveNumber(m.ply, state.puzzle)} ${sideName(state.variant, m.side)} ${m.move} (the review's proof tree)`,
      variant: state.variant,
      rules: state.rules,
      fen: state.start_fen ?? null,
      moves: state.moves.slice(0, m.ply),
    }, 'proof');
  }

  /** Starts a review of the game (the Review buttons). */
  function start() {
    store.reviewMark = null;
    store.reviewLine = null;
    app.send({ type: 'review', movetime_ms: Number(movetime.value) });
  }
  app.review = start;

  /** Why the game cannot be reviewed now, or ''. */
  function refusal(state) {
    if (!state.moves.length) return 'Play or load a game to review it: every move is judged, exactly where sente\'s solvers answer.';
    if (store.playing()) return 'The review comes when the game ends: it would give the game away.';
    if (state.mode.kind === 'watch' && store.over === null) return 'The review comes when the game between the engines ends.';
    return '';
  }

  /** A move in words, numbered as the move list numbers it: `4. Red 3 ??: blunder`,
   *  `4… Yellow 2: best · only move`. */
  function moveLine(m, state) {
    const tags = tagWords(m);
    return `${moveNumber(m.ply, state.puzzle)} ${sideName(state.variant, m.side)} ${m.move}${m.mark ? ` ${m.mark}` : ''}: ${CLASS_WORDS[m.class] || m.class}${tags.length ? ` · ${tags.join(' · ')}` : ''}`;
  }

  function describe(run, state) {
    return (ply) => {
      if (ply === 0) return 'the start';
      const m = run.moves[ply - 1];
      return m ? moveLine(m, state) : `${moveNumber(ply, state.puzzle)} not reviewed yet`;
    };
  }

  let graphFocused = false;
  let wasRunning = false;
  function draw() {
    const state = store.state;
    if (!state) return;
    const run = reviewOf(store);
    const why = refusal(state);
    const running = store.reviewRun?.running;
    startButton.disabled = Boolean(why) || Boolean(running);
    startButton.textContent = run?.review ? 'Review again' : 'Review the game';
    startButton.hidden = Boolean(run?.running);
    movetime.disabled = startButton.disabled;
    timeLabel.hidden = startButton.hidden;
    const last = store.reviewRun;
    let said = why;
    if (!why && !run && last && !last.running && last.error) said = last.cancelled ? 'Review cancelled.' : last.error;
    if (!why && !run && !said) said = `Review judges every move of the game: ${state.puzzle ? 'how far each move leaves the exit' : 'who wins and how fast'}, exactly where sente's solvers answer.`;
    if (run?.review) {
      said = run.fromRecord
        ? `Review read from the record: ${run.review.moves.length} moves, as saved with the game, not recomputed.`
        : `Reviewed: ${run.review.moves.length} moves${run.elapsed_ms !== undefined ? ` in ${(run.elapsed_ms / 1000).toFixed(1)} s` : ''}.`;
    }
    status.textContent = said;
    // The running review (of this game or of another one).
    progressBox.hidden = !running;
    if (running) {
      progress.max = Math.max(1, last.total);
      progress.value = last.done;
      const of = run ? '' : ' (of another game)';
      // Waiting its turn in the server's queue (at most two reviews run at once).
      progressText.textContent = last.waiting > 0
        ? `waiting: ${last.waiting} review${last.waiting === 1 ? '' : 's'} ahead${of}`
        : `${last.done} of ${last.total} moves reviewed${of}`;
      // A review started from another panel's button: its progress brought into view.
      if (!wasRunning) requestAnimationFrame(() => progressBox.scrollIntoView({ block: 'nearest' }));
    }
    wasRunning = Boolean(running);
    root.dataset.state = running ? 'running' : run?.review ? 'done' : 'none';
    if (!run) {
      graphBox.hidden = false;
      here.hidden = false;
      summary.hidden = false;
      judged.hidden = false;
      fill(graphBox);
      fill(here);
      fill(summary);
      judged.textContent = '';
      fill(erred);
      learn.draw(null);
      return;
    }
    const puzzle = state.puzzle;
    const label = puzzle
      ? 'Evaluation graph: moves left to the exit after each move (higher: nearer); arrow keys view a move'
      : `Evaluation graph: who is winning after each move, ${sideName(state.variant, 'p1')} above, ${sideName(state.variant, 'p2')} below (proven wins by distance, the sooner the further out; search estimates between); arrow keys view a move`;
    const axis = puzzle
      ? { top: 'exit', bottom: 'far' }
      : { top: `${sideName(state.variant, 'p1')} wins`, middle: 'even', bottom: `${sideName(state.variant, 'p2')} wins` };
    const graph = reviewGraph({ width: graphBox.clientWidth, moves: run.moves, cursor: Math.min(state.cursor, run.moves.length), puzzle, label, axis, describe: describe(run, state), onGoto: goto, from: () => Math.min(store.viewing(), run.moves.length) });
    graph.addEventListener('focus', () => { graphFocused = true; });
    graph.addEventListener('blur', () => { graphFocused = false; });
    const refocus = graphFocused;
    const unproven = run.moves.some((m) => m && m.judged !== 'exact');
    fill(graphBox, graph, h('div', { class: 'review-legend', 'aria-hidden': 'true' },
      ['best', 'good', 'inaccuracy', 'mistake', 'blunder'].map((c) => h('span', { class: `rg-key class-${c}` }, h('i', {}), CLASS_WORDS[c])),
      unproven ? h('span', { class: 'rg-key unproven' }, h('i', {}), 'ringed: not judged exactly') : null));
    if (refocus) graph.focus();
    // While learning, nothing of the values: the graph and the viewed move's comment would
    // give the lesson's answer away.
    const learning = learn.active();
    graphBox.hidden = learning;
    here.hidden = learning;
    // ... and the counts make room for the lesson, next to the board on a narrow page.
    summary.hidden = learning;
    judged.hidden = learning;
    // Each position where one move alone keeps the result becomes a puzzle (review/puzzles.js).
    if (run.review) collectPuzzles(run.key, run.review);
    drawHere(run, state);
    drawSummary(run, state);
    drawErred(run, state);
    learn.draw(run.review ? run : null);
  }

  /** A move's class and comment in a line: `7. Red 3 ??: blunder — 3 lost: 4 still won...`. */
  function moveInfo(m, state, label, bare) {
    const how = m.judged === 'exact' ? 'exact' : m.judged === 'weak' ? 'who wins only' : 'by search';
    // While learning, no comment: it names moves of the lesson's position.
    const note = bare ? '' : m.comment || (m.best.length && !m.best.includes(m.move) ? `best: ${m.best.join(', ')}` : '');
    return h('p', { class: `review-move class-${m.class}`, id: label ? 'review-move-next' : 'review-move' },
      label ? `${label} ` : '', h('strong', {}, moveLine(m, state)), note ? ` — ${note}` : '',
      h('span', { class: 'review-how' }, ` (${how}; the position: ${valueWords(m.before, state.puzzle)})`));
  }

  /** The viewed move's class, comment and reason (its marks on the board), the next move's
   *  when it erred, and the better move's button. */
  function drawHere(run, state) {
    const c = state.cursor;
    const next = run.moves[c];
    const played = c > 0 ? run.moves[c - 1] : null;
    const learning = learn.active();
    const nextErred = marked(next) ? next : null;
    // The erred move of the viewed position: the one played from it, else the one that led to it.
    const target = nextErred || (marked(played) ? played : null);
    const parts = [];
    if (played) {
      parts.push(moveInfo(played, state, '', learning));
      if (run.review && !learning) {
        parts.push(reasonBox(played, state.variant, {
          plies: linePlies(run, played),
          showLine: (plies) => viewReason(run, played.ply, plies),
          showProof: () => showProof(state, played),
        }));
      }
    }
    // While learning, the move played here is the lesson's: nothing of it shown. Else its
    // class and comment, and its reason a click away (on the position after it).
    const buttons = [];
    if (nextErred && !learning) {
      parts.push(moveInfo(next, state, 'Played here:'));
      if (run.review) buttons.push(showWhyButton(next, state.variant, (plies) => viewReason(run, next.ply, plies)));
    }
    // While learning, the lesson's answer is its own.
    if (target && target.best.length && !learning) {
      const showing = store.reviewMark && store.reviewMark.ply === target.ply - 1 && state.cursor === target.ply - 1;
      buttons.push(h('button', {
        id: 'review-better',
        'aria-pressed': showing ? 'true' : 'false',
        onclick: () => {
          if (showing) {
            store.reviewMark = null;
            store.emit('review-board');
            draw();
            return;
          }
          store.reviewMark = { key: run.key, ply: target.ply - 1, mv: target.best[0] };
          const words = boardFor(state.variant)?.moveWords;
          announce(`The better move than ${target.move}: ${target.best[0]}${words ? ` (${words(target.best[0], state)})` : ''}`);
          if (state.cursor !== target.ply - 1) goto(target.ply - 1);
          else {
            store.emit('review-board');
            draw();
          }
        },
      }, showing ? 'Hide the better move' : `Show the better move (instead of ${moveNumber(target.ply, state.puzzle)} ${target.move})`),
      showing ? h('span', { class: 'review-better-text', id: 'review-better-text' }, `Better: ${target.best.join(' or ')}`) : null);
    }
    if (buttons.some(Boolean)) parts.push(h('div', { class: 'buttons' }, buttons));
    fill(here, parts);
  }

  function drawSummary(run, state) {
    if (!run.review) {
      fill(summary);
      judged.textContent = '';
      return;
    }
    const rows = run.review.sides.map((side) => h('tr', { id: `review-side-${side.side}` },
      h('th', { scope: 'row' }, sideName(state.variant, side.side)),
      h('td', { class: 'review-accuracy' }, accuracyText(side.accuracy)),
      h('td', { class: 'class-inaccuracy' }, String(side.inaccuracies)),
      h('td', { class: 'class-mistake' }, String(side.mistakes)),
      h('td', { class: 'class-blunder' }, String(side.blunders))));
    const puzzleLine = run.review.puzzle
      ? h('p', { id: 'review-puzzle' }, `${run.review.puzzle.solved ? 'Solved' : 'Not solved'} in ${run.review.puzzle.moves} moves${Number.isInteger(run.review.puzzle.optimal) ? ` (optimal ${run.review.puzzle.optimal})` : ''}.`)
      : null;
    // The tags, counted apart from the classes.
    const tagLines = run.review.sides.map((side) => {
      const said = Object.entries(side.tags || {}).filter(([, n]) => n > 0).map(([k, n]) => `${n} ${TAG_WORDS[k] || k}`);
      return said.length ? h('li', { id: `review-tags-${side.side}` }, `${sideName(state.variant, side.side)}: ${said.join(', ')}`) : null;
    }).filter(Boolean);
    fill(summary, puzzleLine, h('table', { class: 'review-table' },
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Side'), h('th', { scope: 'col' }, 'Accuracy'), h('th', { scope: 'col' }, 'Inaccuracies ?!'), h('th', { scope: 'col' }, 'Mistakes ?'), h('th', { scope: 'col' }, 'Blunders ??'))),
      h('tbody', {}, rows)), tagLines.length ? h('ul', { class: 'review-tags', 'aria-label': 'tags' }, tagLines) : null);
    const counts = { exact: 0, weak: 0, search: 0 };
    for (const side of run.review.sides) for (const k of Object.keys(counts)) counts[k] += side.judged[k];
    const parts = Object.entries(counts).filter(([, n]) => n > 0).map(([k, n]) => `${n} ${n === 1 ? 'move' : 'moves'} ${JUDGED_WORDS[k]}`);
    judged.textContent = `${parts.join('; ')}.`;
  }

  function drawErred(run, state) {
    const list = run.moves.filter(marked);
    // Each move with its reason in words; the move viewed (its reason's marks on the board) is
    // the current one.
    fill(erred, list.map((m) => h('li', { class: `class-${m.class}${m.ply === state.cursor ? ' current' : ''}`, 'data-ply': m.ply },
      h('button', { class: 'review-jump', 'data-ply': m.ply, 'aria-current': m.ply === state.cursor ? 'true' : null, onclick: () => goto(m.ply) }, moveLine(m, state)),
      m.why ? h('span', { class: 'review-why-text' }, ` ${m.why.text}`) : null,
      h('span', { class: 'review-comment' }, ` ${m.comment}`),
      m.judged !== 'exact' ? h('span', { class: 'review-how' }, m.judged === 'weak' ? ' (who wins only)' : ' (by search)') : null)));
    keepInView(erred, erred.querySelector('li.current'));
    // While learning, the list (its comments name the better moves) would give the answers away.
    erred.hidden = list.length === 0 || learn.active();
  }

  /** Scrolls `list` (not the page) so that `item` is in its view, where the list scrolls on
   *  its own (beside the board). */
  function keepInView(list, item) {
    if (!item || list.scrollHeight <= list.clientHeight) return;
    const room = list.getBoundingClientRect();
    const box = item.getBoundingClientRect();
    if (box.top < room.top) list.scrollTop -= room.top - box.top;
    else if (box.bottom > room.bottom) list.scrollTop += box.bottom - room.bottom;
  }

  store.on('state', draw);
  store.on('review', () => {
    draw();
    store.emit('review-board');
  });
  store.on('welcome', draw);
  // The graph is drawn to its box's width: a resized window draws it again.
  let sized = 0;
  window.addEventListener('resize', () => {
    if (Math.abs(graphBox.clientWidth - sized) < 8) return;
    sized = graphBox.clientWidth;
    draw();
  });
}
