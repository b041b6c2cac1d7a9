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

const ESTIMATES = ['zero', 'distance', 'blockers', 'movers'];

/** Puzzle searches (Rush Hour): [run, name, options]. */
export const PUZZLE_SEARCHES = [['bfs', 'BFS', 'Algorithm bfs']].concat(
  ...['astar', 'idastar'].map((a) => ESTIMATES.map((e) => [`${a}-${e}`, `${a === 'astar' ? 'A*' : 'IDA*'} ${e}`, `Algorithm ${a}, PuzzleHeuristic ${e}`])),
);

const ALL = new Map([...SEARCHES, ...PUZZLE_SEARCHES].map(([run, name, options]) => [run, { name, options }]));

/** A run's name (`alphabeta-plain` → `Alpha-beta`); an unknown run keeps its value. */
export function searchName(run) {
  return ALL.get(run)?.name ?? run;
}

/** The engine options of a run (`Algorithm alphabeta-plain`). */
export function searchOptions(run) {
  return ALL.get(run)?.options ?? `Algorithm ${run}`;
}

/** A puzzle algorithm's name (`astar` → `A*`). */
export function puzzleAlgorithmName(algorithm) {
  return { bfs: 'BFS', astar: 'A*', idastar: 'IDA*' }[algorithm] ?? algorithm;
}
