// The search tree: a traced search (minimax, alpha-beta, or expectimax under an opponent
// vision) of the game's position or one of the course's, drawn node by node as the engine
// reported it: values, alpha/beta on hover, pruned branches as grey stubs, the principal line;
// stepped through in the order the search visited the nodes, with the window and the values of
// the path being searched; large trees open to a chosen level, nodes opened and closed by click.
// The proof tree (`Algorithm proof`) is drawn the same way, its left-out moves as the stubs;
// another view opens it on a position of its own (`app.showTree`: the review's refutations).

import { h, fill, select, row } from '../dom.js';
import { SEARCH_PRESETS, currentPosition, opponentRefusal, positionKey } from '../lab/presets.js';
import { TraceTree } from '../lab/search-tree-model.js';
import { layout } from '../lab/search-tree-layout.js';
import { TreeDrawing } from '../lab/search-tree-draw.js';
import { valueText, valueWords, count, traceNumber } from '../lab/values.js';
import { SEARCHES, PROOF, searchName, searchOptions } from '../lab/algorithms.js';
import { boardFor } from '../boards/index.js';

export const id = 'tree';
export const title = 'Search tree';
export const area = 'tree';

/** The traced searches (the full search is not traced), by their one name. */
const ALGORITHMS = SEARCHES.filter(([run]) => run !== 'alphabeta').concat([PROOF]).map(([run, name]) => [run, name]);
const SPEEDS = [['1', '1 node/s'], ['2', '2 nodes/s'], ['5', '5 nodes/s'], ['20', '20 nodes/s'], ['100', '100 nodes/s'], ['1000', '1000 nodes/s']];
const KIND_WORDS = {
  max: 'max node (the first player to move: takes its largest child)',
  min: 'min node (the second player to move: takes its smallest child)',
  chance: 'chance node (the opponent as chance: the expectation of its children)',
  leaf: 'leaf (game over, or the depth limit: the evaluation)',
};
const GLYPH = { max: '▲', min: '▼', chance: '●', leaf: '■' };

export function mount(root, app) {
  const { store } = app;
  const view = root.closest('.panel');
  const presetSelect = h('select', { id: 'tv-position' });
  // The engine options of the chosen search, said under it.
  const optionNote = h('p', { class: 'hint-text tv-option', id: 'tv-option' });
  // A proof tree goes to the end of the game: no depth.
  const showOption = () => {
    optionNote.textContent = `Engine options: ${searchOptions(algorithmSelect.value)}`;
    depthInput.disabled = algorithmSelect.value === 'proof';
    depthInput.title = depthInput.disabled ? 'A proof tree is searched to the end of the game' : '';
  };
  const algorithmSelect = select('tv-algorithm', ALGORITHMS, 'minimax', showOption);
  const depthInput = h('input', { id: 'tv-depth', type: 'number', min: 1, max: 64, value: 2 });
  const limitInput = h('input', { id: 'tv-limit', type: 'number', min: 1, max: 100000, value: 100000 });
  const engineBox = h('span', { class: 'tv-engine' });
  const run = h('button', { id: 'tv-run', class: 'primary', onclick: start }, 'Search');
  const stop = h('button', { id: 'tv-stop', onclick: () => app.send({ type: 'stop_trace' }), disabled: true }, 'Stop');
  const status = h('div', { class: 'tv-status', id: 'tv-status', tabindex: -1 }, 'Pick a position and an algorithm, then Search.');
  // Said instead of searching: the opponent of a game in progress and the game's position.
  const refused = h('p', { class: 'field-error', id: 'tv-refused', role: 'status', hidden: true });
  const summary = h('div', { class: 'tv-summary', id: 'tv-summary' });

  const slider = h('input', { id: 'tv-slider', 'aria-label': 'search step', type: 'range', min: 0, max: 0, value: 0, oninput: () => setStep(Number(slider.value)) });
  const stepText = h('span', { class: 'tv-step-text', id: 'tv-step-text' });
  const playButton = h('button', { id: 'tv-play', title: 'play / pause', onclick: () => (timer ? pause() : play()) }, '▶ Play');
  const speedSelect = select('tv-speed', SPEEDS, '2', () => { if (timer) { pause(); play(); } });
  speedSelect.setAttribute('aria-label', 'playing speed');
  const levelsInput = h('input', { id: 'tv-levels', 'aria-label': 'levels open', type: 'number', min: 1, max: 64, value: 2, onchange: () => setLevels(Number(levelsInput.value)) });
  const stepBar = h('div', { class: 'tv-toolbar' },
    h('div', { class: 'tv-steps' },
      h('button', { id: 'tv-first', title: 'before the search', onclick: () => { pause(); setStep(0); } }, '|◀'),
      h('button', { id: 'tv-back', title: 'one node back (←)', onclick: () => { pause(); setStep(step - 1); } }, '◀ Step'),
      playButton,
      h('button', { id: 'tv-next', title: 'one node on (→)', onclick: () => { pause(); setStep(step + 1); } }, 'Step ▶'),
      h('button', { id: 'tv-last', title: 'the whole search', onclick: () => { pause(); setStep(tree ? tree.n : 0); } }, '▶|'),
      slider, stepText, speedSelect),
    h('div', { class: 'tv-levels' },
      h('span', { class: 'row-label' }, 'Levels open'), levelsInput,
      h('button', { id: 'tv-open-all', onclick: () => openAll(true) }, 'Open all'),
      h('button', { id: 'tv-close-all', onclick: () => openAll(false) }, 'Close all')));
  const canvasHost = h('div', { class: 'tv-canvas' });
  const narrative = h('div', { class: 'tv-narrative', id: 'tv-narrative' },
    h('p', {}, 'No tree yet. The textbook tree with minimax, then with alpha-beta, is a good start: step through each and watch alpha-beta skip two leaves.'));
  const pathBox = h('div', { class: 'tv-path', id: 'tv-path' });
  const legend = h('div', { class: 'tv-legend' },
    h('div', {}, h('b', {}, '▲'), ' max (first player) ', h('b', {}, '▼'), ' min (second player) ', h('b', {}, '●'), ' chance ', h('b', {}, '■'), ' leaf'),
    h('div', {}, 'Values from the first player\'s side, in the game\'s own units (a tree\'s leaf 3 is 3; +M7: the first player wins 7 plies from the root; -M6: the second player wins). Orange: the principal line; grey stubs: pruned children (in a proof tree: the moves left out, where one best move proves the value). A blue + marks a closed node (the number under it: the nodes it hides): click a node to open or close it; hover for α and β. A … beside a node (a trace cut at TraceLimit): its value counts children that are not drawn.'));
  const tip = h('div', { class: 'tv-tip', id: 'tv-tip', hidden: true });
  const controls = h('div', { class: 'tv-controls' },
    row('Position', presetSelect),
    row('Algorithm', algorithmSelect),
    optionNote,
    h('div', { class: 'tv-inline' }, row('Depth', depthInput), row('Trace limit', limitInput), row('Engine', engineBox)),
    h('div', { class: 'buttons' }, run, stop), refused);
  root.append(
    h('div', { class: 'tv-top' }, controls, h('div', { class: 'tv-info' }, status, summary)),
    stepBar,
    h('div', { class: 'tv-body' }, canvasHost, h('div', { class: 'tv-side' }, h('h3', {}, 'This step'), narrative, h('h3', {}, 'The path searched'), pathBox, legend)),
    tip);

  showOption();
  const drawing = new TreeDrawing(canvasHost, { onToggle: toggle, onHover: hover });
  let tree = null;
  let pending = null;
  let lay = null;
  let step = 0;
  let levels = 2;
  const overrides = new Map();
  const autoOpened = new Set();
  let timer = null;
  let timing = {};
  let leafValues = null;
  let draws = 0;

  // The positions: one another view asked for (the review's), the game's, then the course's.
  let asked = null;
  function presets() {
    const current = currentPosition(store.state);
    return (asked ? [asked] : []).concat(current ? [current] : [], SEARCH_PRESETS.filter((p) => (store.welcome?.variants || []).some((v) => v.name === p.variant)));
  }
  function drawPresets() {
    const chosen = presetSelect.value || 'textbook';
    fill(presetSelect, presets().map((p) => h('option', { value: p.id }, p.label)));
    presetSelect.value = chosen;
    if (!presetSelect.value) presetSelect.value = 'textbook';
  }
  function chosen() {
    return presets().find((p) => p.id === presetSelect.value) || presets()[0];
  }
  function drawEngines() {
    const preset = chosen();
    if (!preset) return;
    const names = (store.welcome?.engines || []).filter((e) => !e.error && (!e.variants || e.variants.includes(preset.variant))).map((e) => e.name);
    const old = document.getElementById('tv-engine')?.value;
    fill(engineBox, select('tv-engine', names, names.includes(old) ? old : app.engineFor(preset.variant)));
  }
  presetSelect.addEventListener('change', () => {
    const preset = chosen();
    if (preset?.depth) depthInput.value = preset.depth;
    drawEngines();
    clearIfOther();
    guard();
  });
  engineBox.addEventListener('change', guard);
  store.on('welcome', () => { drawPresets(); drawEngines(); guard(); });
  store.on('state', () => { drawPresets(); clearIfOther(); guard(); });

  /** The reason the chosen position may not be searched with the chosen engine, said. */
  function guard() {
    const preset = chosen();
    const why = opponentRefusal(store, preset, document.getElementById('tv-engine')?.value || app.engineFor(preset?.variant));
    refused.textContent = why || '';
    refused.hidden = !why;
    if (stop.disabled) run.disabled = Boolean(why);
    return why;
  }

  // The tree's position; when another is picked (or the game's moves on), the tree goes.
  let treeKey = null;
  let askedKey = null;
  function clearIfOther() {
    if (treeKey === null || positionKey(chosen()) === treeKey || view.dataset.state === 'searching') return;
    pause();
    treeKey = null;
    tree = null;
    lay = null;
    tip.hidden = true;
    drawing.clear();
    fill(summary);
    fill(narrative, h('p', {}, 'Another position: Search to draw its tree.'));
    fill(pathBox);
    slider.max = 0;
    slider.value = '0';
    stepText.textContent = '';
    status.className = 'tv-status';
    status.textContent = 'Pick an algorithm and a depth, then Search.';
    view.dataset.state = 'cleared';
    view.dataset.nodes = '0';
  }

  /** Opens the view on `preset` (a position: variant, rules, fen, moves, label) and searches it
   *  with `algorithm` (a run of lab/algorithms.js), the status focused. */
  app.showTree = (preset, algorithm) => {
    asked = { ...preset, id: 'asked', depth: null };
    drawPresets();
    presetSelect.value = 'asked';
    algorithmSelect.value = algorithm;
    showOption();
    drawEngines();
    // The status focused once the page shows (a hidden element takes no focus).
    if (location.hash === '#tree') status.focus();
    else window.addEventListener('hashchange', () => status.focus(), { once: true });
    location.hash = '#tree';
    start();
  };

  function start() {
    const preset = chosen();
    if (!preset || guard()) return;
    const [algorithm, opponent] = algorithmSelect.value.startsWith('expectimax-')
      ? ['minimax', algorithmSelect.value.slice('expectimax-'.length)]
      : [algorithmSelect.value, 'adversarial'];
    const engine = document.getElementById('tv-engine')?.value || app.engineFor(preset.variant);
    pause();
    askedKey = positionKey(preset);
    timing = { sent: performance.now() };
    view.dataset.state = 'searching';
    status.className = 'tv-status';
    status.textContent = 'Searching…';
    app.send({
      type: 'trace', engine, variant: preset.variant, rules: preset.rules || [], fen: preset.fen, moves: preset.moves,
      algorithm, opponent, depth: Math.round(Number(depthInput.value)), limit: Math.round(Number(limitInput.value)),
    });
  }

  store.on('trace_start', (m) => {
    pending = new TraceTree(m);
    timing.started = performance.now();
    run.disabled = true;
    stop.disabled = false;
    status.textContent = `Searching ${m.variant} to depth ${m.depth}…`;
  });
  store.on('trace_progress', (m) => {
    status.textContent = `Searching… ${count(m.lines)} nodes traced`;
  });
  store.on('trace_nodes', (m) => {
    if (!pending) return;
    if (!timing.firstNodes) timing.firstNodes = performance.now();
    pending.add(m.nodes);
  });
  store.on('trace_done', (m) => {
    if (!pending) return;
    timing.done = performance.now();
    treeKey = askedKey;
    tree = pending;
    pending = null;
    tip.hidden = true;
    tree.finish(m);
    stop.disabled = true;
    run.disabled = false;
    guard();
    overrides.clear();
    autoOpened.clear();
    levels = tree.defaultLevels();
    levelsInput.value = levels;
    levelsInput.max = Math.max(1, tree.maxPly);
    leafValues = boardFor(tree.start.variant)?.leafValues?.(tree.start.fen) || null;
    slider.max = tree.n;
    step = tree.n;
    relayout();
    // The principal line in view, its leaf too (a narrow page shows part of a wide tree).
    drawing.revealLine(tree.path(tree.pvEnd));
    describe();
    showStep();
    requestAnimationFrame(() => {
      timing.drawn = performance.now();
      view.dataset.firstDrawMs = String(Math.round(timing.drawn - timing.sent));
      view.dataset.buildMs = String(Math.round(timing.drawn - timing.done));
      view.dataset.drawnAt = String(++draws);
      view.dataset.state = 'drawn';
    });
  });
  store.on('trace_failed', (m) => {
    pending = null;
    stop.disabled = true;
    run.disabled = false;
    guard();
    view.dataset.state = 'failed';
    status.className = 'tv-status error';
    status.textContent = m.message === 'stopped' ? 'Stopped.' : m.message;
  });

  function describe() {
    const { start: st, summary: sum } = tree;
    const name = searchName(st.opponent === 'adversarial' ? st.algorithm : `expectimax-${st.opponent}`);
    status.className = 'tv-status';
    const depth = tree.proof ? 'to the end of the game' : `depth ${st.depth}`;
    status.textContent = `${name}, ${depth}: ${count(tree.n)} nodes${sum.truncated ? ` (the first ${count(tree.n)} of ${count(sum.search_nodes)}: TraceLimit)` : ''}.`;
    fill(summary,
      fact('Value', `${valueText(traceNumber(sum.value))} for the first player`, 'tv-value-out'),
      fact('Best move', sum.best || '–', 'tv-best'),
      fact('Principal line', (sum.pv || []).join(' ') || '–', 'tv-pv-out'),
      fact('Engine', `${st.engine} · ${sum.time_ms ?? '?'} ms`, 'tv-engine-out'));
    view.dataset.nodes = String(tree.n);
  }

  function fact(label, value, id) {
    return h('div', { class: 'stat' }, h('span', { class: 'stat-label' }, label), h('span', { class: 'stat-value', id }, value));
  }

  function isOpen(id) {
    return overrides.has(id) ? overrides.get(id) : tree.ply[id] < levels;
  }

  function relayout(keep) {
    const scroll = document.getElementById('tv-scroll');
    const at = (id) => lay.x[id] * drawing.scale + drawing.offset;
    const before = keep && lay ? at(keep) - scroll.scrollLeft : null;
    const began = performance.now();
    lay = layout(tree, isOpen);
    view.dataset.layoutMs = (performance.now() - began).toFixed(1);
    drawing.show(tree, lay, step, leafValues);
    if (before !== null && !Number.isNaN(lay.x[keep])) scroll.scrollLeft = Math.max(0, at(keep) - before);
    view.dataset.shown = String(lay.shown.length);
  }

  function toggle(id) {
    if (!tree || tree.childCount[id] === 0) return;
    overrides.set(id, !isOpen(id));
    autoOpened.delete(id);
    relayout(id);
  }

  function setLevels(n) {
    if (!tree) return;
    levels = Math.max(1, Math.min(64, n || 1));
    overrides.clear();
    autoOpened.clear();
    relayout(1);
  }

  function openAll(open) {
    if (!tree) return;
    overrides.clear();
    autoOpened.clear();
    levels = open ? tree.maxPly + 1 : 1;
    levelsInput.value = Math.min(levels, tree.maxPly);
    relayout(1);
  }

  function setStep(k) {
    if (!tree) return;
    tip.hidden = true;
    step = Math.max(0, Math.min(tree.n, k));
    // Open the path to the node being searched (closing what was opened for earlier steps).
    const path = new Set(step > 0 && step < tree.n ? tree.path(step).slice(0, -1) : []);
    let changed = false;
    for (const id of [...autoOpened]) {
      if (!path.has(id)) {
        overrides.delete(id);
        autoOpened.delete(id);
        changed = true;
      }
    }
    for (const id of path) {
      if (!isOpen(id)) {
        overrides.set(id, true);
        autoOpened.add(id);
        changed = true;
      }
    }
    if (changed) lay = layout(tree, isOpen);
    drawing.show(tree, lay, step, leafValues);
    if (step > 0 && step < tree.n) drawing.reveal(step);
    showStep();
  }

  function showStep() {
    slider.value = String(step);
    view.dataset.step = String(step);
    stepText.textContent = `${count(step)} / ${count(tree.n)}`;
    fill(narrative, narrate(step));
    fill(pathBox, pathTable());
  }

  function narrate(k) {
    if (k === 0) return [h('p', {}, 'Before the search. Step or play to watch it enter the nodes one by one, in the order of their ids.')];
    const lines = [];
    if (k >= tree.n) {
      lines.push(h('p', { class: 'tv-whole' }, `${tree.summary.truncated ? 'The whole trace' : 'The whole search'}: ${count(tree.n)} nodes. The root is worth ${valueText(tree.value[1])} for the first player; the principal line is in orange.`));
      if (tree.summary.truncated) {
        const marked = tree.path(tree.n).filter((id) => tree.partial[id]).length;
        lines.push(h('p', { class: 'tv-truncated', id: 'tv-truncated' }, `Only part of the search is drawn: the trace stopped at TraceLimit, after the first ${count(tree.n)} of its ${count(tree.summary.search_nodes)} nodes. The ${marked === 1 ? 'root was' : `${marked} nodes marked … (the root and the path to the last node drawn) were`} finished by the search after that, so ${marked === 1 ? 'its value counts' : 'their values count'} children that are not drawn: the root's ${valueText(tree.value[1])} need not be the value of any child drawn under it.`));
      }
      const cut = countPruned();
      if (tree.proof) lines.push(h('p', { class: 'tv-whole', id: 'tv-proof' }, proofWords(cut)));
      else if (cut.nodes) lines.push(h('p', { class: 'tv-whole' }, `${count(cut.nodes)} cutoff${cut.nodes === 1 ? '' : 's'} pruned ${count(cut.children)} children (the grey stubs).`));
      lines.push(h('p', { class: 'tv-last' }, 'Its last step:'));
    }
    const kind = tree.kindName(k);
    const window = tree.alpha[k] === tree.alpha[k] ? `, with α = ${valueText(tree.alpha[k])} and β = ${valueText(tree.beta[k])}` : '';
    lines.push(h('p', { class: 'tv-enter' }, `Enters node ${k}${tree.move[k] ? ` by move ${tree.move[k]}` : ''}: a ${KIND_WORDS[kind]}${window}.`));
    for (let a = k; a > 0 && tree.end[a] === k; a = tree.parent[a]) {
      const v = tree.valueLabel(a, valueText(tree.value[a]));
      const what = tree.kindName(a);
      let text = what === 'leaf' ? `Leaf ${a} is worth ${v}.` : `Node ${a} (${what}) is done: ${v}.`;
      if (tree.pruned[a] > 0 && tree.proof) {
        text += ` Its best move alone is kept: its other ${tree.pruned[a]} ${tree.pruned[a] === 1 ? 'move is' : 'moves are'} left out of the proof.`;
      } else if (tree.pruned[a] > 0) {
        const raw = valueText(tree.value[a]);
        const bound = what === 'max' ? `${raw} ≥ β = ${valueText(tree.beta[a])}` : `${raw} ≤ α = ${valueText(tree.alpha[a])}`;
        text += ` Cutoff: ${bound}, so its last ${tree.pruned[a]} ${tree.pruned[a] === 1 ? 'child is' : 'children are'} pruned.`;
      }
      lines.push(h('p', { class: tree.pruned[a] > 0 ? 'tv-cut' : 'tv-done' }, text));
    }
    return lines;
  }

  /** What the proof tree proves, and how: `cut` the nodes with moves left out. */
  function proofWords(cut) {
    const side = tree.start.side === 'p1' ? 'first' : 'second';
    return `A proof tree: the ${side} player, to move at the root, keeps one best move at each of its nodes (${count(cut.children)} other moves left out: the grey stubs), and every reply of the other side is answered, down to the end of the game. Its ${count(tree.n)} nodes prove the root's value, ${valueText(tree.value[1])} for the first player: no reply does better.`;
  }

  function countPruned() {
    let nodes = 0;
    let children = 0;
    for (let id = 1; id <= tree.n; id++) {
      if (tree.pruned[id] > 0) {
        nodes++;
        children += tree.pruned[id];
      }
    }
    return { nodes, children };
  }

  function pathTable() {
    const target = step > 0 && step < tree.n ? step : tree.pvEnd;
    if (!target) return [];
    const rows = tree.path(target).map((id) => {
      const kind = tree.kindName(id);
      const win = tree.windowAt(id, step);
      const finished = tree.finishedAt(id, step);
      const best = finished ? tree.value[id] : tree.bestSoFar(id, step);
      const value = finished ? tree.valueLabel(id, valueText(best)) : best === null ? '' : `${kind === 'max' ? '≥' : '≤'}${valueText(best)}`;
      return h('tr', { class: id === step ? 'current' : '' },
        h('td', {}, tree.ply[id]),
        h('td', { class: `tv-glyph tv-${kind}` }, GLYPH[kind]),
        h('td', {}, tree.move[id] ?? 'root'),
        h('td', {}, win ? valueText(win.alpha) : ''),
        h('td', {}, win ? valueText(win.beta) : ''),
        h('td', { class: 'num' }, value));
    });
    return h('table', { class: 'tv-path-table' },
      h('thead', {}, h('tr', {}, h('th', {}, 'ply'), h('th', {}, h('span', { class: 'sr-only' }, 'kind')), h('th', {}, 'move'), h('th', {}, 'α'), h('th', {}, 'β'), h('th', {}, 'value'))),
      h('tbody', {}, rows));
  }

  function play() {
    if (!tree) return;
    if (step >= tree.n) setStep(0);
    const speed = Number(speedSelect.value);
    const every = Math.max(40, 1000 / speed);
    const per = Math.max(1, Math.round((speed * every) / 1000));
    playButton.textContent = '⏸ Pause';
    timer = setInterval(() => {
      if (step >= tree.n) {
        pause();
        showStep();
        return;
      }
      setStep(step + per);
    }, every);
  }

  function pause() {
    if (timer) clearInterval(timer);
    timer = null;
    playButton.textContent = '▶ Play';
  }

  function hover(id, event) {
    if (id === null || !tree) {
      tip.hidden = true;
      return;
    }
    const kind = tree.kindName(id);
    const lines = [h('div', { class: 'tv-tip-title' }, `Node ${id}${tree.move[id] ? ` · move ${tree.move[id]}` : ' · the root'} · ply ${tree.ply[id]}`),
      h('div', {}, KIND_WORDS[kind])];
    if (tree.alpha[id] === tree.alpha[id]) lines.push(h('div', {}, `entered with α = ${valueText(tree.alpha[id])}, β = ${valueText(tree.beta[id])}`));
    if (id <= step) {
      const bound = tree.bound[id] < 0 ? ' at most: a cutoff left part of it unsearched' : tree.bound[id] > 0 ? ' at least: a cutoff left part of it unsearched' : '';
      lines.push(h('div', {}, tree.finishedAt(id, step) ? `value ${valueWords(tree.value[id])}${bound}` : 'being searched'));
    }
    if (tree.partial[id] && tree.finishedAt(id, step)) {
      lines.push(h('div', {}, 'only part of it is drawn: the trace stopped at TraceLimit, and its value counts children that are not drawn'));
    }
    if (tree.pruned[id] > 0 && tree.finishedAt(id, step)) {
      const moves = tree.prunedMoves.get(id);
      lines.push(h('div', {}, `${tree.pruned[id]} ${tree.pruned[id] === 1 ? 'child' : 'children'} ${tree.proof ? 'left out of the proof' : 'pruned'}${moves ? ` (move${moves.length === 1 ? '' : 's'} ${moves.join(' ')})` : ''}`));
    }
    if (tree.childCount[id] > 0) {
      const below = tree.end[id] - id;
      lines.push(h('div', { class: 'tv-tip-hint' }, `${count(below)} node${below === 1 ? '' : 's'} below · click to ${isOpen(id) ? 'close' : 'open'}`));
    }
    fill(tip, lines);
    tip.hidden = false;
    const box = root.getBoundingClientRect();
    tip.style.left = `${event.clientX - box.left + 14}px`;
    tip.style.top = `${event.clientY - box.top + 14}px`;
  }

  document.addEventListener('keydown', (e) => {
    // The focused drawing scrolls with the arrows instead.
    if (document.body.dataset.page !== 'tree' || !tree || ['INPUT', 'TEXTAREA', 'SELECT'].includes(document.activeElement?.tagName) || document.activeElement?.id === 'tv-scroll') return;
    if (e.key === 'ArrowRight') { pause(); setStep(step + 1); }
    if (e.key === 'ArrowLeft') { pause(); setStep(step - 1); }
  });
}
