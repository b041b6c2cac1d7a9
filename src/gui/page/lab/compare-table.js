// The comparison's table in its three shapes, each with the columns of the script that makes
// the same table (so that the page's markdown and CSV read as theirs, option values and
// scores as the engine writes them): two-player searches as scripts/compare_algorithms.py,
// Rush Hour's puzzle searches as scripts/puzzle_algorithms.py, whole games as the script the
// game declares (`whole_games.script`: the rocks experiment's scripts/rocks_experiment.py), its
// players in the game's words (`car player`, `car moves`). The table shown on the page has the
// same columns with each search's one name (lab/algorithms.js) and the values as the tree view
// writes them.

import { searchName, puzzleAlgorithmName } from './algorithms.js';
import { scoreText } from './scores.js';

/** A run's name as the scripts write it. */
export function runName(row, kind) {
  if (kind === 'games') {
    return { minimax: 'minimax', 'alphabeta-plain': 'alpha-beta', alphabeta: 'alpha-beta (full search)' }[row.run]
      ?? row.run.replace('expectimax-', 'expectimax ');
  }
  if (row.run.startsWith('expectimax-')) return row.run.replace('expectimax-', 'expectimax ');
  return row.algorithm;
}

/** A short label for the chart: the run's one name (with its depth when there are several). */
export function runLabel(row, kind, depths) {
  const name = searchName(row.run);
  return depths > 1 && row.depth ? `${name} · depth ${row.depth}` : name;
}

const ms2 = (ms) => (ms === null || ms === undefined ? '' : ms.toFixed(2));

/** The columns of a table of `kind`: [header, cell(row)] with cells as text; `name` names the
 *  position (default: its moves or fen); `shown`: the page's table (each search's one name,
 *  values as the tree view writes them) rather than the scripts' export. */
export function columns(kind, start, name, shown = false) {
  const position = name || positionName(start);
  if (kind === 'puzzle') {
    return [
      ['puzzle', () => position],
      ['algorithm', (r) => (shown ? puzzleAlgorithmName(r.algorithm) : r.algorithm)],
      ['heuristic', (r) => r.heuristic || '-'],
      ['length', (r) => r.length],
      ['expanded', (r) => r.nodes],
      ['generated', (r) => r.generated],
      ['peak open', (r) => r.peak_open],
      ['iterations', (r) => r.iterations],
      ['time (ms)', (r) => ms2(r.time_ms)],
      ['time / state (µs)', (r) => (r.time_ms === null || r.time_ms === undefined ? '' : ((r.time_ms * 1000) / Math.max(r.nodes || 0, 1)).toFixed(2))],
    ];
  }
  if (kind === 'games') {
    const depth = start.rows[0]?.depth;
    const first = start.whole_games?.first ?? 'first';
    return [
      ['puzzle', () => position],
      [`${first} player (depth ${depth})`, (r) => (shown ? searchName(r.run) : runName(r, kind))],
      ['states visited', (r) => r.nodes],
      [`${first} moves`, (r) => (r.first_moves === null || r.first_moves === undefined ? '' : r.won ? String(r.first_moves) : `lost (${r.first_moves})`)],
      ['exact value (go solve)', (r) => r.exact],
    ];
  }
  return [
    ['position', () => position],
    ['depth', (r) => r.depth],
    [shown ? 'search' : 'algorithm', (r) => (shown ? searchName(r.run) : runName(r, kind))],
    shown ? ['value (first player)', (r) => scoreText(r.value, start.side, start.value_unit)] : ['value', (r) => r.value],
    ['best move', (r) => r.best],
    ['nodes', (r) => r.nodes],
    ['time (ms)', (r) => (r.time_ms === null || r.time_ms === undefined ? '' : Math.round(r.time_ms))],
  ];
}

/** The position as the scripts name it: its moves or its fen in backquotes, or `start`. */
export function positionName(start) {
  const words = start.position.split(' ');
  const at = words.indexOf('moves');
  const moves = at >= 0 ? words.slice(at + 1).join(' ') : '';
  if (start.position.startsWith('position fen ')) {
    const fen = words.slice(2, at >= 0 ? at : undefined).join(' ').replace(/ c$/, '');
    const shown = fen.length <= 40 ? fen : `${start.variant} fen (${fen.length} chars)`;
    return `\`${shown}\`${moves ? ` moves \`${moves}\`` : ''}`;
  }
  return moves ? `\`${moves}\`` : 'start';
}

function text(value) {
  return value === null || value === undefined ? '' : String(value);
}

/** The rows that are done, as a markdown table. */
export function markdown(kind, start, rows, name) {
  const cols = columns(kind, start, name);
  const lines = [`| ${cols.map(([h]) => h).join(' | ')} |`, `|${cols.map(() => '---').join('|')}|`];
  for (const row of rows.filter((r) => r.status === 'done')) lines.push(`| ${cols.map(([, f]) => text(f(row))).join(' | ')} |`);
  return `${lines.join('\n')}\n`;
}

/** The rows that are done, as CSV (RFC 4180 quoting). */
export function csv(kind, start, rows, name) {
  const cols = columns(kind, start, name);
  const quote = (v) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const lines = [cols.map(([h]) => quote(h)).join(',')];
  for (const row of rows.filter((r) => r.status === 'done')) lines.push(cols.map(([, f]) => quote(text(f(row)).replace(/`/g, ''))).join(','));
  return `${lines.join('\n')}\n`;
}
