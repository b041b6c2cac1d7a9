// The puzzle: shown only while a one-player puzzle is played (Rush Hour). The board module's
// `puzzles` give the metric (one rule: how moves are counted), the puzzles to choose from by
// difficulty in that metric, and a larger set measured in one metric of its own; then Solve
// (the optimal solution put after the viewed position), Hint and Play it.

import { h, fill, select, row } from '../dom.js';
import { boardFor } from '../boards/index.js';

export const id = 'puzzle';
export const title = 'Puzzle';
export const area = 'side';

export function mount(root, app) {
  const { store } = app;
  const panel = root.closest('.panel');
  panel.hidden = true;
  const box = h('div', { class: 'puzzle', id: 'puzzle-box' });
  root.append(box);
  let lastKey = null;
  let player = null;
  // The number of moves chosen in the set (the hardest until one is chosen).
  let setMoves = null;

  function engine(state) {
    return document.getElementById('analysis-engine')?.value || app.engineFor(state.variant);
  }

  store.on('state', (state) => {
    const puzzles = state.puzzle ? boardFor(state.variant)?.puzzles : null;
    panel.hidden = !puzzles;
    if (!puzzles) {
      lastKey = null;
      fill(box);
      stopPlayer();
      return;
    }
    const key = `${state.variant}|${JSON.stringify(state.rules)}|${state.root_fen}`;
    if (key !== lastKey) {
      lastKey = key;
      draw(state, puzzles);
    }
    const solve = document.getElementById('solve');
    if (solve) {
      solve.disabled = Boolean(state.mode.solving) || Boolean(state.outcome);
      solve.textContent = state.mode.solving ? 'Solving…' : 'Solve (optimal)';
    }
    if (player && (state.cursor >= state.moves.length || state.outcome)) stopPlayer();
  });

  // A solution found from the puzzle's start is its optimum ("solved in 9 (optimal 9)").
  store.on('info', (info) => {
    const state = store.state;
    const puzzles = state?.puzzle ? boardFor(state.variant)?.puzzles : null;
    if (!puzzles?.learn || info.score_kind !== 'mate' || info.bound || !['solve', 'hint'].includes(info.source)) return;
    puzzles.learn(info.fen, metricOf(state, puzzles), info.score);
  });

  function metricOf(state, puzzles) {
    return new Map(state.rules).get(puzzles.rule) || puzzles.metrics[0][0];
  }

  /** The same position under `metric` (the metric is a rule of the game); a solved puzzle
   *  starts again from its start. */
  function setMetric(state, puzzles, metric) {
    const rules = state.rules.filter(([n]) => n !== puzzles.rule);
    if (metric !== puzzles.metrics[0][0]) rules.push([puzzles.rule, metric]);
    app.send({ type: 'new_game', variant: state.variant, rules, fen: state.outcome ? state.root_fen : state.fen, moves: [] });
  }

  /** Starts the puzzle `board` under the game's rules. */
  function start(board) {
    app.send({ type: 'new_game', variant: store.state.variant, rules: store.state.rules, fen: board, moves: [] });
  }

  function draw(state, puzzles) {
    const metric = metricOf(state, puzzles);
    const metricSelect = select('puzzle-metric', puzzles.metrics, metric, () => setMetric(store.state, puzzles, metricSelect.value));
    const start0 = state.root_fen?.split(' ')[0];
    // The puzzles by difficulty in this metric; picking one starts it.
    const list = puzzles.list(metric);
    const current = list.findIndex((p) => p.board === start0);
    const pick = select('puzzle-pick', [['', 'choose a puzzle…'], ...list.map((p, i) => [String(i), `${p.length} ${puzzles.unit(metric)} · ${p.name}`])], current >= 0 ? String(current) : '', () => {
      const chosen = list[Number(pick.value)];
      if (pick.value !== '' && chosen) start(chosen.board);
    });
    const solve = h('button', { id: 'solve', class: 'primary', onclick: () => app.send({ type: 'solve', engine: engine(store.state) }) }, 'Solve (optimal)');
    const hint = h('button', { id: 'puzzle-hint', onclick: () => app.send({ type: 'hint' }) }, 'Hint');
    const play = h('button', { id: 'play-solution', onclick: () => (player ? stopPlayer() : startPlayer()) }, 'Play it');
    const set = h('div', { id: 'puzzle-set' });
    fill(box, row('Count moves in', metricSelect), row('Puzzle', pick), h('div', { class: 'buttons' }, solve, hint, play),
      h('p', { class: 'hint-text' }, 'The solution is put after the current position: step through it with the move list, or play it.'),
      set);
    if (puzzles.set) drawSet(set, state, puzzles, metric);
  }

  // The larger set, measured in its own metric: a number of moves, then one of its puzzles
  // (or a random one). Under the other metric it is offered with a switch to its metric, not
  // listed in numbers that would not be this metric's.
  function drawSet(box, state, puzzles, metric) {
    const { set } = puzzles;
    if (metric !== set.metric) {
      const change = h('button', { id: 'puzzle-set-metric', onclick: () => setMetric(store.state, puzzles, set.metric) }, `Count in ${set.metric}`);
      fill(box, h('h3', {}, set.title), h('p', { class: 'hint-text', id: 'puzzle-set-note' }, `${set.about} Its puzzles are measured in ${set.metric}: count moves in ${set.metric} to choose one.`), h('div', { class: 'buttons' }, change));
      return;
    }
    set.load().then((all) => {
      if (!box.isConnected || !all.length) return;
      const counts = new Map();
      for (const p of all) counts.set(p.moves, (counts.get(p.moves) || 0) + 1);
      const start0 = state.root_fen?.split(' ')[0];
      const playing = all.find((p) => p.board === start0);
      if (playing) setMoves = playing.moves;
      if (!counts.has(setMoves)) setMoves = Math.max(...counts.keys());
      const ofCount = () => all.filter((p) => p.moves === setMoves);
      const unit = puzzles.unit(metric);
      const moves = select('puzzle-set-moves', [...counts].reverse().map(([m, n]) => [String(m), `${m} ${unit} (${n} puzzle${n > 1 ? 's' : ''})`]), String(setMoves), () => {
        setMoves = Number(moves.value);
        fillChoices();
      });
      const choice = h('select', { id: 'puzzle-set-pick', 'aria-label': `${set.title}: a puzzle of that many ${unit}`, onchange: () => {
        const p = ofCount()[Number(choice.value)];
        if (p) start(p.board);
      } });
      const fillChoices = () => {
        const list = ofCount();
        choice.replaceChildren(h('option', { value: '' }, 'choose…'), ...list.map((p, i) => h('option', { value: String(i), selected: p === playing }, `#${i + 1} · ${p.states} boards reachable`)));
      };
      fillChoices();
      const random = h('button', { id: 'puzzle-set-random', onclick: () => {
        const list = ofCount();
        start(list[Math.floor(Math.random() * list.length)].board);
      } }, 'Random');
      fill(box, h('h3', {}, set.title), row(`Optimal ${unit}`, moves), row('Puzzle', choice, random),
        h('p', { class: 'hint-text' }, set.about));
    }).catch((error) => fill(box, h('p', { class: 'hint-text' }, `${set.title} could not be loaded: ${error.message}`)));
  }

  function startPlayer() {
    const button = document.getElementById('play-solution');
    if (button) button.textContent = 'Pause';
    player = setInterval(() => {
      const state = store.state;
      if (!state || state.cursor >= state.moves.length) return stopPlayer();
      app.send({ type: 'goto', ply: state.cursor + 1 });
    }, 450);
  }

  function stopPlayer() {
    clearInterval(player);
    player = null;
    const button = document.getElementById('play-solution');
    if (button) button.textContent = 'Play it';
  }
}
