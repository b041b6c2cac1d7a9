// The searches of the tree and comparison views, each with its one name (shown everywhere on
// the page) and the engine options that run it (shown where a value is meant: what to set in
// an engine or a script).

/** Two-player searches: [run, name, options]. */
export const SEARCHES = [
  ['minimax', 'Minimax', 'Algorithm minimax'],
  ['alphabeta-plain', 'Alpha-beta', 'Algorithm alphabeta-plain'],
  ['alphabeta', 'Full search', 'Algorithm alphabeta (alpha-beta with a transposition table and iterative deepening)'],
  ['expectimax-random', 'Expectimax, random opponent', 'Algorithm minimax, Opponent random'],
  ['expectimax-pessimistic', 'Expectimax, pessimistic opponent', 'Algorithm minimax, Opponent pessimistic'],
  ['expectimax-optimistic', 'Expectimax, optimistic opponent', 'Algorithm minimax, Opponent optimistic'],
];

/** The proof tree (the tree view only): [run, name, options]. */
export const PROOF = ['proof', 'Proof tree', 'Algorithm proof (the proof tree of the exact value: one best move of the side to move at each of its nodes, every reply of the other side, to the end of the game)'];

/**
 * Puzzle searches of a game: [run, name, options], BFS then A* and IDA* with each estimate the
 * game declares (`estimate`: a variant's `puzzle_estimate` from the welcome, `{ option, choices }`;
 * none: BFS alone).
 */
export function puzzleSearches(estimate) {
  const estimated = estimate
    ? ['astar', 'idastar'].flatMap((a) => estimate.choices.map((e) => [`${a}-${e}`, `${puzzleAlgorithmName(a)} ${e}`, `Algorithm ${a}, ${estimate.option} ${e}`]))
    : [];
  return [['bfs', 'BFS', 'Algorithm bfs'], ...estimated];
}

const ALL = new Map([...SEARCHES, PROOF].map(([run, name, options]) => [run, { name, options }]));

/** A run's name (`alphabeta-plain` → `Alpha-beta`, `astar-movers` → `A* movers`); an unknown run keeps its value. */
export function searchName(run) {
  const known = ALL.get(run)?.name;
  if (known) return known;
  const [algorithm, estimate] = run.split(/-(.*)/);
  if (algorithm === 'bfs' && !estimate) return 'BFS';
  return estimate && ['astar', 'idastar'].includes(algorithm) ? `${puzzleAlgorithmName(algorithm)} ${estimate}` : run;
}

/** The engine options of a run (`Algorithm alphabeta-plain`). */
export function searchOptions(run) {
  return ALL.get(run)?.options ?? `Algorithm ${run}`;
}

/** A puzzle algorithm's name (`astar` → `A*`). */
export function puzzleAlgorithmName(algorithm) {
  return { bfs: 'BFS', astar: 'A*', idastar: 'IDA*' }[algorithm] ?? algorithm;
}
