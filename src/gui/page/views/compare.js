// The comparison: on one position, the searches side by side (minimax, plain and full
// alpha-beta and the expectimax visions at chosen depths; a puzzle's BFS, A* and IDA* with each
// estimate, under the metric its board declares (`puzzles.rule`); whole games of each first
// player against sente's exact second player where the game declares them (`whole_games`: the
// rocks experiment's car players), as a table with the columns of the scripts that make the
// course's tables and as a bar chart of the nodes on a log scale; exported as markdown or CSV.
// The view names no game: what differs comes from the game's declarations.

import { h, fill, select, row, copy } from '../dom.js';
import { SEARCH_PRESETS, PUZZLE_PRESETS, currentPosition, opponentRefusal, positionKey } from '../lab/presets.js';
import { columns, markdown, csv, runLabel } from '../lab/compare-table.js';
import { SEARCHES, puzzleSearches } from '../lab/algorithms.js';
import { scoreWords } from '../lab/scores.js';
import { barChart } from '../lab/chart.js';
import { boardFor } from '../boards/index.js';

export const id = 'compare';
export const title = 'Compare algorithms';
export const area = 'compare';

// The first players of whole games: the searches but the full one, sente's second player's.
const FIRST_PLAYERS = SEARCHES.filter(([name]) => name !== 'alphabeta');

/** The colour family of a run in the chart. */
function family(run) {
  return `bar-${run.replace(/-.*/, '').replace('alphabeta', run === 'alphabeta' ? 'full' : 'alphabeta')}`;
}

export function mount(root, app) {
  const { store } = app;
  const view = root.closest('.panel');
  const presetSelect = h('select', { id: 'cmp-position' });
  const engineBox = h('span', {});
  const depthsInput = h('input', { id: 'cmp-depths', type: 'text', value: '2', title: 'one depth, or several: 4 6 8' });
  // A puzzle's metric, a rule its board declares (`puzzles.rule`, `puzzles.metrics`).
  const metricBox = h('span', {});
  const measureSelect = select('cmp-measure', [['games', 'whole games (the course\'s experiment)'], ['search', 'one search from this position']], 'games', () => drawRuns());
  const depthRow = row('Depths', depthsInput);
  const metricRow = row('Metric', metricBox);
  const measureRow = row('Measure', measureSelect);
  const runsBox = h('div', { class: 'cmp-runs', id: 'cmp-runs' });
  const run = h('button', { id: 'cmp-run', class: 'primary', onclick: start }, 'Compare');
  const stop = h('button', { id: 'cmp-stop', disabled: true, onclick: () => app.send({ type: 'stop_compare' }) }, 'Stop');
  const status = h('div', { class: 'tv-status', id: 'cmp-status' }, 'Pick a position and the searches, then Compare.');
  const about = h('p', { class: 'hint-text', id: 'cmp-about' });
  // Said instead of comparing: the opponent of a game in progress and the game's position.
  const refused = h('p', { class: 'field-error', id: 'cmp-refused', role: 'status', hidden: true });
  const table = h('div', { class: 'cmp-table-box', id: 'cmp-table' });
  const chart = h('div', { class: 'cmp-chart', id: 'cmp-chart' });
  const exported = h('textarea', { id: 'cmp-markdown', rows: 6, readonly: true, 'aria-label': 'the table as markdown' });
  const exportBar = h('div', { class: 'buttons' },
    h('button', { id: 'cmp-copy', onclick: () => copy(exported.value, exported) }, 'Copy markdown'),
    h('button', { id: 'cmp-download-md', onclick: () => download('md') }, 'Download markdown'),
    h('button', { id: 'cmp-download-csv', onclick: () => download('csv') }, 'Download CSV'));
  root.append(
    h('div', { class: 'tv-top' },
      h('div', { class: 'tv-controls' }, row('Position', presetSelect), row('Engine', engineBox), measureRow, depthRow, metricRow,
        h('div', { class: 'row cmp-runs-row' }, h('span', { class: 'row-label' }, 'Searches'), runsBox),
        h('div', { class: 'buttons' }, run, stop), refused),
      h('div', { class: 'tv-info' }, status, about)),
    table, chart, h('h3', {}, 'Export'), h('p', { class: 'hint-text' }, 'As the course\'s scripts print it: each search by its option value, the engine\'s scores from the side to move.'), exportBar, exported);

  let start_ = null;
  let rows = [];
  let name = null;
  let asked = null;

  function presets() {
    const current = currentPosition(store.state);
    const known = (p) => (store.welcome?.variants || []).some((v) => v.name === p.variant);
    return (current ? [current] : []).concat(SEARCH_PRESETS.filter(known), PUZZLE_PRESETS.filter(known));
  }
  function chosen() {
    return presets().find((p) => p.id === presetSelect.value) || presets()[0];
  }
  function variantOf(preset) {
    return (store.welcome?.variants || []).find((v) => v.name === preset?.variant);
  }
  function kindOf(preset) {
    if (!preset) return 'search';
    if (variantOf(preset)?.puzzle) return 'puzzle';
    return variantOf(preset)?.whole_games ? 'games' : 'search';
  }
  /** The puzzle's metric rule as its board declares it, if it has one. */
  function metricOf(preset) {
    const puzzles = kindOf(preset) === 'puzzle' ? boardFor(preset.variant)?.puzzles : null;
    return puzzles?.rule && puzzles.metrics?.length ? puzzles : null;
  }
  function drawPresets() {
    const was = presetSelect.value || 'tictactoe-a3';
    fill(presetSelect, presets().map((p) => h('option', { value: p.id }, p.label)));
    presetSelect.value = was;
    if (!presetSelect.value) presetSelect.value = 'tictactoe-a3';
  }
  function drawEngines() {
    const preset = chosen();
    if (!preset) return;
    const names = (store.welcome?.engines || []).filter((e) => !e.error && (!e.variants || e.variants.includes(preset.variant))).map((e) => e.name);
    const old = document.getElementById('cmp-engine')?.value;
    fill(engineBox, select('cmp-engine', names, names.includes(old) ? old : app.engineFor(preset.variant)));
  }
  function drawRuns() {
    const preset = chosen();
    const kind = kindOf(preset);
    const players = variantOf(preset)?.whole_games;
    const games = kind === 'games' && measureSelect.value === 'games';
    const runs = kind === 'puzzle' ? puzzleSearches(variantOf(preset)?.puzzle_estimate) : games ? FIRST_PLAYERS : SEARCHES;
    // Each search by its one name, the engine options that run it beside it.
    fill(runsBox, runs.map(([name, label, options]) => h('label', { class: 'cmp-run' },
      h('input', { type: 'checkbox', id: `cmp-run-${name}`, 'data-run': name, checked: true }), label, ' ',
      h('code', { class: 'cmp-option' }, options))));
    depthRow.hidden = kind === 'puzzle';
    const metric = metricOf(preset);
    const was = document.getElementById('cmp-metric')?.value;
    fill(metricBox, metric ? select('cmp-metric', metric.metrics, metric.metrics.some(([m]) => m === was) ? was : metric.metrics[0][0]) : null);
    metricRow.hidden = !metric;
    measureRow.hidden = kind !== 'games';
    about.textContent = kind === 'puzzle'
      ? 'Each search solves the puzzle optimally; the table is that of scripts/puzzle_algorithms.py: the states expanded and generated, the open list\'s peak, IDA*\'s iterations, the search\'s own time.'
      : games
        ? `Each ${players.first} player plays a whole game at this depth against sente's ${players.second} player (full alpha-beta, same depth), as in ${players.script}: the states its searches visited, its moves to the end, and the exact value (go solve: its fewest moves against the best ${players.second} play).`
        : 'Each search runs from a fresh start (ucinewgame) with go depth N, as in scripts/compare_algorithms.py: value (from the side to move), best move, nodes, time.';
  }
  presetSelect.addEventListener('change', () => {
    const preset = chosen();
    if (preset?.depth) depthsInput.value = String(preset.depth);
    drawEngines();
    drawRuns();
    clearIfOther();
    guard();
  });
  engineBox.addEventListener('change', guard);
  store.on('welcome', () => { drawPresets(); drawEngines(); drawRuns(); const p = chosen(); if (p?.depth) depthsInput.value = String(p.depth); guard(); });
  store.on('state', () => { drawPresets(); clearIfOther(); guard(); });

  /** The reason the chosen position may not be compared with the chosen engine, said. */
  function guard() {
    const preset = chosen();
    const why = opponentRefusal(store, preset, document.getElementById('cmp-engine')?.value || app.engineFor(preset?.variant));
    refused.textContent = why || '';
    refused.hidden = !why;
    if (stop.disabled) run.disabled = Boolean(why);
    return why;
  }

  // The table's position; when another is picked (or the game's moves on), the table goes.
  let shownKey = null;
  let askedKey = null;
  function clearIfOther() {
    if (shownKey === null || positionKey(chosen()) === shownKey || view.dataset.state === 'running') return;
    shownKey = null;
    start_ = null;
    rows = [];
    fill(table);
    fill(chart);
    exported.value = '';
    status.className = 'tv-status';
    status.textContent = 'Another position: Compare to run the searches on it.';
    view.dataset.state = 'cleared';
  }

  function start() {
    const preset = chosen();
    if (!preset || guard()) return;
    const kind = kindOf(preset);
    const runs = [...runsBox.querySelectorAll('input[data-run]:checked')].map((c) => c.dataset.run);
    const depths = depthsInput.value.split(/[\s,]+/).filter(Boolean).map(Number);
    let rules = preset.rules || [];
    const metric = metricOf(preset);
    const chosenMetric = document.getElementById('cmp-metric')?.value;
    if (metric && chosenMetric) {
      rules = rules.filter(([n]) => n !== metric.rule);
      if (chosenMetric !== metric.metrics[0][0]) rules.push([metric.rule, chosenMetric]);
    }
    asked = preset.table || null;
    askedKey = positionKey(preset);
    status.className = 'tv-status';
    status.textContent = 'Starting…';
    view.dataset.state = 'running';
    app.send({
      type: 'compare', engine: document.getElementById('cmp-engine')?.value || app.engineFor(preset.variant),
      variant: preset.variant, rules, fen: preset.fen, moves: preset.moves,
      runs, depths: kind === 'puzzle' ? [] : depths, games: kind === 'games' && measureSelect.value === 'games',
    });
  }

  store.on('compare_start', (m) => {
    start_ = m;
    name = asked;
    shownKey = askedKey;
    rows = m.rows.slice();
    run.disabled = true;
    stop.disabled = false;
    status.textContent = `Running ${rows.length} searches on ${m.variant}…`;
    redraw();
  });
  store.on('compare_row', (m) => {
    if (!start_) return;
    rows[m.index] = m;
    const done = rows.filter((r) => r.status === 'done' || r.status === 'error').length;
    status.textContent = `Running… ${done} of ${rows.length} done`;
    redraw();
  });
  store.on('compare_done', (m) => {
    stop.disabled = true;
    run.disabled = false;
    guard();
    status.textContent = `Done: ${rows.length} searches in ${(m.elapsed_ms / 1000).toFixed(1)} s.`;
    view.dataset.state = 'done';
    view.dataset.doneAt = String(Number(view.dataset.doneAt || 0) + 1);
  });
  store.on('compare_failed', (m) => {
    stop.disabled = true;
    run.disabled = false;
    guard();
    status.className = 'tv-status error';
    status.textContent = m.message === 'stopped' ? 'Stopped.' : m.message;
    view.dataset.state = 'failed';
  });

  function redraw() {
    const kind = start_.kind;
    const plain = (v) => String(v ?? '').replace(/`/g, '');
    const head = (column) => column[0].split(' ')[0];
    // The position (and the depth, when there is one) is the same on every row: said once
    // above the table, which keeps the searches' own columns readable on a narrow page.
    const all = columns(kind, start_, name, true);
    const same = (column) => ['position', 'puzzle', 'depth'].includes(head(column)) && new Set(rows.map((r) => plain(column[1](r)))).size === 1;
    const caption = all.filter(same).map(([label, cell]) => `${label} ${plain(cell(rows[0]))}`).join(' · ');
    const cols = all.filter((column) => !same(column));
    // The columns naming a row, shown while it waits.
    const first = start_.whole_games?.first;
    const lead = cols.filter((column) => ['position', 'puzzle', 'depth', 'search', 'algorithm', 'heuristic', first].includes(head(column))).length;
    // A value's tooltip says it in words, and the engine's own score.
    const title = (head, r) => (head.startsWith('value') && r.value ? `${scoreWords(r.value, start_.side, start_.value_unit)}; the engine's score (side to move): ${r.value}` : null);
    const cells = (r) => {
      if (r.status === 'done') return cols.map(([head, cell]) => h('td', { class: `col-${head.split(' ')[0]}`, title: title(head, r) }, plain(cell(r))));
      const note = r.status === 'error' ? `failed: ${r.error}` : r.status === 'running' ? 'running…' : 'waiting';
      return cols.slice(0, lead).map(([head, cell]) => h('td', { class: `col-${head.split(' ')[0]}` }, plain(cell(r))))
        .concat(h('td', { colspan: cols.length - lead, class: 'cmp-note' }, note));
    };
    fill(table, h('table', { class: 'cmp-table' },
      caption ? h('caption', { id: 'cmp-caption' }, caption) : null,
      h('thead', {}, h('tr', {}, cols.map(([head]) => h('th', { class: `col-${head.split(' ')[0]}` }, head)))),
      h('tbody', {}, rows.map((r) => h('tr', { class: `cmp-${r.status}`, 'data-run': r.run, 'data-depth': r.depth ?? '' }, cells(r))))));
    const depths = new Set(rows.map((r) => r.depth)).size;
    const what = kind === 'puzzle' ? 'states expanded' : kind === 'games' ? `states visited by the ${first} player` : 'nodes';
    barChart(chart, rows.map((r) => ({
      label: runLabel(r, kind, depths),
      value: r.status === 'done' ? r.nodes : null,
      family: family(r.run),
      note: r.status === 'error' ? 'failed' : r.status === 'running' ? 'running…' : '',
    })), `${what} (log scale)`);
    exported.value = markdown(kind, start_, rows, name);
  }

  function download(format) {
    if (!start_) return;
    const text = format === 'csv' ? csv(start_.kind, start_, rows, name) : markdown(start_.kind, start_, rows, name);
    const url = URL.createObjectURL(new Blob([text], { type: format === 'csv' ? 'text/csv' : 'text/markdown' }));
    const link = h('a', { href: url, download: `sente-comparison-${start_.variant}.${format}` });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}
