// Puzzles from the player's own games: each reviewed position where one move alone keeps the
// result (the review's `only_move` and `great` tags; a forced move, the one block of an
// immediate threat, is tagged `forced` and makes none) becomes a puzzle, "the only move that
// wins" or "the only move that draws". They are kept in localStorage (`sente-gui-puzzles`, the
// latest `MOST`), one per game position (variant, rules, start and moves), and exported as a
// text list, one puzzle a line (gui.md, "Your puzzles"):
//
//   variant <TAB> rules <TAB> start <TAB> moves <TAB> solution <TAB> goal
//
// rules `Name=value` pairs joined by `,` (`-`: none), start the start fen (`startpos`: the
// variant's start), moves the moves from the start to the puzzle's position joined by spaces
// (`-`: none), solution the one move, goal `win` or `draw`; a first line `# ...` names them.

const KEPT = 'sente-gui-puzzles';
/** Puzzles kept at most (the latest). */
const MOST = 500;
/** The export's first line. */
export const EXPORT_HEADER = '# sente puzzles: variant\trules\tstart\tmoves\tsolution\tgoal';

/** The tags that make a puzzle. */
const ONLY = ['only_move', 'great'];

/** The key of a puzzle's position (its game up to it): deduplicates. */
export function puzzleKey(p) {
  return JSON.stringify([p.variant, p.rules, p.start ?? null, p.moves]);
}

/** The puzzles kept, oldest first. */
export function keptPuzzles() {
  try {
    const kept = JSON.parse(localStorage.getItem(KEPT) || '[]');
    return Array.isArray(kept) ? kept.filter(valid) : [];
  } catch {
    return [];
  }
}

/** True for a puzzle as kept (storage another version wrote is left out). */
function valid(p) {
  return p && typeof p.variant === 'string' && Array.isArray(p.rules) && Array.isArray(p.moves)
    && typeof p.solution === 'string' && (p.goal === 'win' || p.goal === 'draw');
}

function write(list) {
  let kept = list.slice(-MOST);
  while (kept.length) {
    try {
      localStorage.setItem(KEPT, JSON.stringify(kept));
      break;
    } catch {
      // Full: the oldest go.
      kept = kept.slice(Math.ceil(kept.length / 10));
    }
  }
  window.dispatchEvent(new CustomEvent('sente-puzzles'));
}

/** The puzzles of a finished review of the game `key` (keep.js's gameKey: variant, rules,
 *  start fen, moves), in game order. */
export function puzzlesOf(key, review) {
  let game;
  try {
    game = JSON.parse(key);
  } catch {
    return [];
  }
  const [variant, rules, start, moves] = game;
  if (!Array.isArray(moves) || review.puzzle) return [];
  return review.moves
    .filter((m) => m && (m.tags || []).some((t) => ONLY.includes(t.kind)) && !(m.tags || []).some((t) => t.kind === 'forced'))
    .filter((m) => m.after?.kind === 'win' || m.after?.kind === 'draw')
    .map((m) => ({
      variant,
      rules,
      start: start ?? null,
      moves: moves.slice(0, m.ply - 1),
      solution: m.move,
      goal: m.after.kind,
      side: m.side,
      ply: m.ply,
    }));
}

// The games whose puzzles were collected in this page load.
const collected = new Set();

/** Keeps the puzzles of the review of the game `key` (once a page load), the ones already
 *  kept left as they are. Returns how many were new. */
export function collectPuzzles(key, review) {
  if (collected.has(key)) return 0;
  collected.add(key);
  const found = puzzlesOf(key, review);
  if (!found.length) return 0;
  const kept = keptPuzzles();
  const known = new Set(kept.map(puzzleKey));
  const fresh = found.filter((p) => !known.has(puzzleKey(p)));
  if (fresh.length) write([...kept, ...fresh]);
  return fresh.length;
}

/** Removes the puzzle of `key`. */
export function removePuzzle(key) {
  write(keptPuzzles().filter((p) => puzzleKey(p) !== key));
}

/** The puzzles as the export's text: its first line, then one puzzle a line. */
export function exportText(puzzles) {
  const lines = puzzles.map((p) => [
    p.variant,
    p.rules.length ? p.rules.map(([k, v]) => `${k}=${v}`).join(',') : '-',
    p.start || 'startpos',
    p.moves.length ? p.moves.join(' ') : '-',
    p.solution,
    p.goal,
  ].join('\t'));
  return `${[EXPORT_HEADER, ...lines].join('\n')}\n`;
}
