// Analysis: an engine searching the viewed position (depth, score as a number and a bar,
// nodes, nps, the PV as moves, drawn on the board too) and the solver's exact value of each
// move where the game has one (Connect Four's columns, in the board module's words). A
// puzzle's pickers, solution and hints are the Puzzle panel's (views/puzzle.js).

import { h, fill, select } from '../dom.js';
import { boardFor, resultWords } from '../boards/index.js';
import { scoreText as gameUnits } from '../lab/scores.js';

export const id = 'analysis';
export const title = 'Analysis';
export const area = 'side';

export function mount(root, app) {
  const { store } = app;
  const engineBox = h('span', {});
  const toggle = h('button', { id: 'analyse', class: 'primary', onclick: () => {
    if (store.state?.mode.analysis) {
      app.send({ type: 'stop_analysis' });
      return;
    }
    // A finished game with engines is left for free play first.
    if (store.state.mode.kind !== 'free' && !store.playing()) app.send({ type: 'stop_game' });
    app.send({ type: 'analyse', engine: document.getElementById('analysis-engine')?.value || app.engineFor(store.state.variant) });
  } }, 'Analyse');
  const bar = h('div', { class: 'eval-bar', id: 'an-bar' }, h('div', { class: 'eval-fill' }));
  const field = (id, label, help) => h('div', { class: 'stat', title: help }, h('span', { class: 'stat-label' }, label), h('span', { class: 'stat-value', id }, '–'));
  const stats = h('div', { class: 'stats' }, field('an-depth', 'depth'), field('an-score', 'score', 'the engine\'s score for the side to move, in the game\'s own units'), field('an-nodes', 'nodes'), field('an-nps', 'nps'), field('an-time', 'time'));
  const pv = h('div', { class: 'pv', id: 'an-pv' });
  const note = h('div', { class: 'an-note', id: 'an-note' });
  const columns = h('div', { class: 'columns', id: 'an-columns' });
  const controls = h('div', { class: 'buttons' }, engineBox, toggle);
  // Said instead of the analysis: while a person plays an engine (nothing may give the game
  // away), and at a finished position (nothing to search).
  const offText = h('p', { id: 'an-off-text' });
  // While playing, the person may knowingly ask an engine other than the opponent.
  const helperBox = h('span', {});
  const helper = h('button', { id: 'an-helper', onclick: () => {
    const engine = document.getElementById('an-helper-engine')?.value;
    if (engine) app.send({ type: 'analyse', engine });
  } }, 'Analyse');
  const helperRow = h('div', { class: 'buttons', id: 'an-helper-row' }, helperBox, helper);
  const off = h('div', { class: 'an-off', id: 'an-off' }, offText, helperRow);
  // Whose lines the panel shows (the engine named in each line it took).
  const by = h('div', { class: 'an-by', id: 'an-by' });
  const shownParts = [by, bar, stats, pv, note, columns];
  root.append(controls, off, by, bar, stats, pv, note, columns);
  let helperKey = null;
  let lastKey = null;

  function engineNames(variant) {
    return (store.welcome?.engines || []).filter((e) => !e.error && (!e.variants || e.variants.includes(variant))).map((e) => e.name);
  }

  store.on('state', (state) => {
    const key = `${state.variant}|${(store.welcome?.engines || []).length}`;
    if (key !== lastKey) {
      lastKey = key;
      const picker = select('analysis-engine', engineNames(state.variant), app.engineFor(state.variant), (e) => { store.engine = e.target.value; });
      picker.setAttribute('aria-label', 'the engine that analyses');
      fill(engineBox, picker);
    }
    const running = Boolean(state.mode.analysis);
    toggle.textContent = running ? 'Stop analysis' : 'Analyse';
    toggle.classList.toggle('running', running);
    toggle.disabled = state.mode.kind === 'watch' ? store.over === null : store.playing() && !running;
    root.dataset.running = running ? '1' : '';
    const end = resultWords(state);
    let why = '';
    const opponent = store.playing() ? state.mode.players[state.mode.human === 'p1' ? 1 : 0] : null;
    engineBox.hidden = Boolean(opponent);
    helperRow.hidden = true;
    if (opponent && !running) {
      why = `Analysis is off while you play ${opponent}: it would give the game away. It comes back when the game ends.`;
      const others = engineNames(state.variant).filter((name) => name !== opponent);
      helperRow.hidden = others.length === 0;
      const key = `${opponent}|${others.join('|')}`;
      if (others.length && key !== helperKey) {
        helperKey = key;
        const label = () => { helper.textContent = `Analyse with ${picker.value}`; };
        const picker = select('an-helper-engine', others, others[0], label);
        picker.setAttribute('aria-label', 'an engine other than your opponent, to analyse the game');
        fill(helperBox, picker);
        label();
      }
    } else if (end && !state.puzzle) {
      why = `The game is over: ${end.headline} (${end.reason}). Review the game (the Review panel judges every move), or step back through the moves to analyse them.`;
    }
    offText.textContent = why;
    off.hidden = !why;
    by.textContent = running ? `Analysis by ${state.mode.analysis}${opponent ? ` (you asked for it: your opponent is ${opponent})` : ''}` : '';
    for (const part of shownParts) part.hidden = Boolean(why);
    if (!running) by.hidden = true;
    if (!store.info || store.info.fen !== state.fen) clear();
    if (!store.columns) fill(columns);
  });

  function clear() {
    for (const id of ['an-depth', 'an-score', 'an-nodes', 'an-nps', 'an-time']) document.getElementById(id).textContent = '–';
    fill(pv);
    fill(note);
    bar.firstChild.style.height = '50%';
    bar.dataset.score = '';
  }

  // Lines are counted as they arrive and shown once per frame.
  let latest = null;
  store.on('info', (info) => {
    // The player's opponent's thinking and a hint's search are never shown.
    if (info.source === 'hint' || (store.state?.mode.kind === 'play' && (info.source === 'p1' || info.source === 'p2'))) return;
    root.dataset.lines = String(Number(root.dataset.lines || 0) + 1);
    const from = new Set((root.dataset.engines || '').split(',').filter(Boolean));
    from.add(info.engine);
    root.dataset.engines = [...from].join(',');
    if (info.string) note.textContent = info.string;
    if (info.depth === null && info.score === null && !info.pv?.length) return;
    const first = latest === null;
    latest = info;
    if (first) requestAnimationFrame(() => {
      const shown = latest;
      latest = null;
      show(shown);
    });
  });

  let lastShown = null;
  function show(info) {
    const state = store.state;
    if (!state || (info && info.fen !== state.fen)) return;
    if (info) lastShown = info;
    else info = lastShown?.fen === state.fen ? lastShown : null;
    if (info && info.depth !== null) document.getElementById('an-depth').textContent = info.seldepth ? `${info.depth}/${info.seldepth}` : String(info.depth);
    if (info && info.nodes !== null) document.getElementById('an-nodes').textContent = number(info.nodes);
    if (info && info.nps !== null) document.getElementById('an-nps').textContent = number(info.nps);
    if (info && info.time_ms !== null) document.getElementById('an-time').textContent = `${(info.time_ms / 1000).toFixed(1)} s`;
    // Once the solver has proven every column, the proof speaks: score, bar, best moves.
    const verdict = boardFor(state.variant)?.proven?.(store.columns, state.fen) || null;
    if (verdict) {
      document.getElementById('an-score').textContent = verdict.words;
      const own = Math.sign(verdict.value);
      const p1 = state.side === 'p1' ? own : -own;
      bar.firstChild.style.height = `${p1 > 0 ? 96 : p1 < 0 ? 4 : 50}%`;
      bar.dataset.score = String(p1 * 10000);
      bar.dataset.proven = '1';
      const line = info?.pv?.length && verdict.best.includes(info.pv[0]) ? info.pv : [verdict.best[0]];
      fill(pv, h('span', { class: 'pv-label' }, 'PV'), line.slice(0, 40).map((mv, i) => h('span', { class: 'pv-move', 'data-index': i }, mv)),
        h('span', { class: 'pv-best', id: 'an-best' }, `best: ${verdict.best.join(', ')} (proven)`));
      return;
    }
    bar.dataset.proven = '';
    if (!info) return;
    if (info.score !== null) {
      const text = scoreText(info, state, store.welcome);
      document.getElementById('an-score').textContent = text;
      // The bar is from the first player's side: p1 at the bottom.
      const own = info.score_kind === 'mate' ? Math.sign(info.score) * 10000 : info.score;
      const p1 = state.side === 'p1' || state.puzzle ? own : -own;
      const share = 1 / (1 + Math.exp(-p1 / 250));
      bar.firstChild.style.height = `${Math.round(share * 100)}%`;
      bar.dataset.score = String(p1);
    }
    if (info.pv?.length) {
      fill(pv, h('span', { class: 'pv-label' }, 'PV'), info.pv.slice(0, 40).map((mv, i) => h('span', { class: 'pv-move', 'data-index': i }, mv)));
    }
  }

  store.on('columns', (message) => {
    const board = boardFor(store.state?.variant);
    const chipWords = board?.chipWords || (() => '');
    const chipText = board?.chipText || ((c) => c.status);
    const values = message.columns.map((c) => h('span', { class: `column-value ${c.status}`, 'data-move': c.mv, title: chipWords(c, message.fen) }, h('b', {}, c.mv), ' ', chipText(c)));
    fill(columns, values.length ? [h('span', { class: 'pv-label' }, 'Solver'), ...values, h('p', { class: 'an-legend', id: 'an-legend' }, board?.CHIP_LEGEND || '')] : []);
    // A proof changes the score, the bar and the line at once.
    if (store.state && message.fen === store.state.fen && (!store.playing() || store.state.mode.analysis)) show(null);
  });
}

function number(n) {
  if (n >= 1e9) return `${(n / 1e9).toFixed(2)} G`;
  if (n >= 1e6) return `${(n / 1e6).toFixed(2)} M`;
  if (n >= 1e4) return `${(n / 1e3).toFixed(1)} k`;
  return String(n);
}

/** The score of an `info` line for the side to move: a win or loss in words, else the
 *  engine's `cp` in the game's own units (the variant's `value_unit`: a game tree's `cp 300`
 *  is `3`, Connect Four's `cp -47` is `-47`), written as the tree and comparison views write
 *  values (lab/scores.js). */
function scoreText(info, state, welcome) {
  const bound = info.bound === 'lowerbound' ? '≥' : info.bound === 'upperbound' ? '≤' : '';
  if (info.score_kind === 'mate') {
    if (state.puzzle) return `solution in ${info.score}`;
    return `${bound}${info.score > 0 ? 'win' : 'loss'} in ${Math.abs(info.score)}`;
  }
  const unit = welcome?.variants?.find((v) => v.name === state.variant)?.value_unit || 1;
  // The side to move's own score: read as the first player's with the side `p1`.
  const text = gameUnits(`cp ${info.score}`, 'p1', unit);
  return `${bound}${info.score > 0 ? '+' : ''}${text}`;
}
