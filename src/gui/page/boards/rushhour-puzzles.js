// Rush Hour puzzles to choose from by difficulty: the course's (its solver lab and adversarial
// lab) and fourteen of Michael Fogleman's database, with their optimal lengths in steps (one
// cell a move) and slides (any distance); the same lines as tests/data/rushhour/.

/** [board (36 cells, row-major from the top; `.` empty, `x` a wall), steps, slides, name]. */
export const PUZZLES = [
  ['..BCCCD.BEFFDAAE...G.EHHIGJJ.KILLL.K', 46, 26, 'the course: the main puzzle'],
  ['BB...GC..H.GCAAH.GC..H..D...FFD.EEE.', 16, 8, 'the course: solve1'],
  ['BCC.D.BEF.DGBEFAAGHHHI.G..JIKKLLJMM.', 81, 51, 'the course: solve40'],
  ['....B.....BC.AA.BC.D.....D.....DEEE.', 9, 6, 'the course: nine steps'],
  ['B..CCCB..D.FAA.DEFGGG.EF..I.KKHHIJJ.', 14, 8, 'the course: fourteen steps'],
  ['IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM', 103, 60, 'database: the hardest known, with a wall'],
  ['BBoKMxDDDKMoIAALooIoJLEEooJFFNoGGoxN', 110, 58, 'database'],
  ['ooBBMxDDDKMoAAJKoNooJEENIFFLooIGGLox', 102, 55, 'database'],
  ['BBBKCCDDoKoLIAAKoLIoJEEMFFJooMooxoHH', 83, 54, 'database'],
  ['BBBCCNDDoxMNJAAoMOJoKFFOGGKLooxIILoo', 85, 53, 'database'],
  ['xCCoLMooJoLMAAJoLNHIDDDNHIoKEExooKGG', 87, 51, 'database'],
  ['GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo', 81, 51, 'database'],
  ['BBIooMGHIoLMGHAALNGCCKoNooJKDDooJEEx', 77, 50, 'database'],
  ['BBoLooxJoLDDIJAAMNIEEoMNooKFFNGGKHHo', 53, 30, 'database'],
  ['FoBBBKFooHJKoAAHJKCCGIJoooGIDDEEoooo', 50, 30, 'database'],
  ['xooIoooooIKoGAAJKLGCCJoLooHDDLxoHoFF', 25, 15, 'database'],
  ['ooEoooooEFoHAAEFGHooooGoDBBoGoDCCooo', 28, 15, 'database'],
  ['oHoooxoHCCCKAAIJoKooIJDDooooooEEFFxo', 19, 10, 'database'],
  ['oBBCCCDDooIJoHAAIJoHEEEKoFFGGKoooooK', 13, 10, 'database'],
].map(([board, steps, slides, name]) => ({ board: board.replace(/o/g, '.'), steps, slides, name }));

/** The puzzles from the easiest to the hardest in `metric` (`steps` or `slides`). */
export function byDifficulty(metric) {
  const key = metric === 'slides' ? 'slides' : 'steps';
  return [...PUZZLES].sort((a, b) => a[key] - b[key] || a.name.localeCompare(b.name));
}

/**
 * The puzzle set drawn from sente's enumeration of the whole 6x6 game without walls (every
 * puzzle of 40 moves and more, a sample of each smaller count; data/rushhour/puzzles-6x6.txt,
 * served by sente): a promise of [{ moves, board, states }] by moves, fetched once.
 */
let setRequest = null;
export function puzzleSet() {
  setRequest ??= fetch('/data/rushhour-6x6-puzzles.txt')
    .then((reply) => (reply.ok ? reply.text() : Promise.reject(new Error(`the puzzle set: HTTP ${reply.status}`))))
    .then(parseSet);
  return setRequest;
}

/** The set file's lines `<moves> <board> <cluster_states>` (comment lines start with #). */
export function parseSet(text) {
  return text.split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => line.split(' '))
    .filter((fields) => fields.length === 3 && fields[1].length === 36)
    .map(([moves, board, states]) => ({ moves: Number(moves), board, states: Number(states) }));
}
