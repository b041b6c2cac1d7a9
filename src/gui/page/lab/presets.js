// Positions the tree and comparison views offer besides the game's own: the course's
// examples (the textbook tree, tic-tac-toe after the corner opening, a Connect Four position,
// the rocks puzzles and the Rush Hour lab's puzzles), each with the depth the course uses.

/** Two-player positions (and the rocks puzzles) for a search tree or a comparison; `table`
 *  names the position in a comparison's table as the course's script does (else its moves or
 *  fen). */
export const SEARCH_PRESETS = [
  { id: 'textbook', label: 'Textbook tree ((3 12 8) (2 4 6) (14 5 2))', variant: 'tree', fen: '((3 12 8) (2 4 6) (14 5 2))', moves: [], depth: 2 },
  { id: 'tictactoe-a3', label: 'Tic-tac-toe after the corner opening (x a3)', variant: 'tictactoe', fen: null, moves: ['a3'], depth: 8 },
  { id: 'connect4', label: 'Connect Four after 4 3 5 4 3 3', variant: 'connect4', fen: null, moves: ['4', '3', '5', '4', '3', '3'], depth: 4 },
  { id: 'rocks-9', label: 'Rush Hour with rocks: the 9-step puzzle', variant: 'rushhour-rocks', fen: '....B.....BC.AA.BC.D.....D.....DEEE. c', moves: [], depth: 3, table: '`....B.....BC.AA.BC.D.....D.....DEEE.` (9)' },
  { id: 'rocks-16', label: 'Rush Hour with rocks: the 16-step puzzle', variant: 'rushhour-rocks', fen: 'BB...GC..H.GCAAH.GC..H..D...FFD.EEE. c', moves: [], depth: 3, table: '`BB...GC..H.GCAAH.GC..H..D...FFD.EEE.` (16)' },
  { id: 'rocks-14', label: 'Rush Hour with rocks: the 14-step puzzle', variant: 'rushhour-rocks', fen: 'B..CCCB..D.FAA.DEFGGG.EF..I.KKHHIJJ. c', moves: [], depth: 3, table: '`B..CCCB..D.FAA.DEFGGG.EF..I.KKHHIJJ.` (14)' },
];

/** The Rush Hour lab's puzzles (tests/data/rushhour/course-puzzles.txt). */
export const PUZZLE_PRESETS = [
  { id: 'solve22', label: 'Rush Hour lab: solve22 (main, 12 vehicles)', variant: 'rushhour', fen: '..BCCCD.BEFFDAAE...G.EHHIGJJ.KILLL.K', moves: [], table: 'solve22 (main)' },
  { id: 'solve1', label: 'Rush Hour lab: solve1', variant: 'rushhour', fen: 'BB...GC..H.GCAAH.GC..H..D...FFD.EEE.', moves: [], table: 'solve1' },
  { id: 'solve40', label: 'Rush Hour lab: solve40', variant: 'rushhour', fen: 'BCC.D.BEF.DGBEFAAGHHHI.G..JIKKLLJMM.', moves: [], table: 'solve40' },
  { id: 'nine', label: 'Rush Hour: the 9-step puzzle', variant: 'rushhour', fen: '....B.....BC.AA.BC.D.....D.....DEEE.', moves: [], table: 'course-nine' },
  { id: 'fourteen', label: 'Rush Hour: the 14-step puzzle', variant: 'rushhour', fen: 'B..CCCB..D.FAA.DEFGGG.EF..I.KKHHIJJ.', moves: [], table: 'course-fourteen' },
];

/** The game's viewed position as a preset (`null` before the first state). */
export function currentPosition(state) {
  if (!state) return null;
  return {
    id: 'current',
    label: `The game's position (${state.variant}${state.cursor ? `, after ${state.cursor} moves` : ''})`,
    variant: state.variant,
    rules: state.rules,
    fen: state.start_fen ?? null,
    moves: state.moves.slice(0, state.cursor),
    depth: null,
  };
}

/** The position a preset names, to tell whether a drawn result (tree, table) is of it. */
export function positionKey(p) {
  return p ? JSON.stringify([p.variant, p.rules || [], p.fen ?? null, p.moves || []]) : '';
}

/** Why `engine` may not search `preset` now: during a game against it, the opponent never
 *  shows its view of the game's position (the server refuses it too, and any other position
 *  of the game); `null` when it may. */
export function opponentRefusal(store, preset, engine) {
  if (!preset || preset.id !== 'current' || !store.playing()) return null;
  const state = store.state;
  const opponent = state.mode.players[state.mode.human === 'p1' ? 1 : 0];
  if (engine !== opponent) return null;
  return `${opponent} is your opponent: it cannot show its view of the game's position while the game goes on. Pick another position or another engine, or wait for the game to end.`;
}
