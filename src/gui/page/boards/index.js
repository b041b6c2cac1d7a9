// Which board draws which variant, and each game in words. A board module is
// `boards/<variant>.js`, loaded when the server names the variant; it exports
// `draw(container, ctx)`, where ctx holds { state, pv, hint, last, columns, onMove(moves),
// previous, marks } (see views/board.js; `marks`, optional, is what a review's reason names,
// { cells: [[column, row], ...] counted from 1 at the bottom left, moves: [...] played on from
// the viewed position, numbered, label: the marks in words }: a board that draws them rings
// the cells and numbers the moves, others leave them out, their words being beside the
// board), `moveWords(mv, state)` (a move said in words), `cellWords([column, row])` (a
// reason's cell in the game's words), and the game
// in words: `title`, `sides` (p1 and p2 as a person names them), `howToPlay`, and optionally
// `many` (the sides are many: "Cars win"), `endWords(state, winner, unit)` (how a game ended;
// `unit`: the engine's `cp` in one of the game's own units, as `value_unit`),
// `ruleWords(state)` (its rules in words), `rulesElsewhere` (rule options set in another view
// than the game form), `keyMove(key, state)` (a key of the keyboard that plays a move
// anywhere on the page), `keySlide(key, step, state, sent)` (a taken item slid by an arrow: a
// move, or why not), `puzzles` (a puzzle's metric and the puzzles to choose from, for the
// Puzzle panel), `proven(columns, fen)` (what the solver's move values prove), `chipText(c)`,
// `chipWords(c)` and `CHIP_LEGEND` (a move's solver value in words) and `leafValues(fen)` (an
// explicit tree's leaves). `howToPlay` explains the game's one notation. Adding a game adds
// its board module only.

import { plural } from './words.js';

export { plural };

/** The board modules loaded, by variant. */
const BOARDS = {};
/** Each variant's `value_unit` (the welcome's): the engine's `cp` in one of the game's own
 *  units (100 for a game tree). */
const UNITS = {};

/** Loads the board module of each of `entries` (the welcome's variants: `name`,
 *  `value_unit`), once; a variant whose module cannot be loaded has no board (`boardFor`
 *  gives null) and the page says so where it would draw. */
export async function loadBoards(entries) {
  for (const entry of entries) UNITS[entry.name] = entry.value_unit || 1;
  const variants = entries.map((entry) => entry.name);
  await Promise.all(variants.filter((v) => !(v in BOARDS)).map(async (variant) => {
    try {
      BOARDS[variant] = await import(`./${variant}.js`);
    } catch (e) {
      console.warn(`no board for ${variant}: ${e}`);
      BOARDS[variant] = null;
    }
  }));
}

/** The board of `variant`, or null when the page has none. */
export function boardFor(variant) {
  return BOARDS[variant] || null;
}

/** The title of `variant`. */
export function gameTitle(variant) {
  return boardFor(variant)?.title || variant;
}

/** How to play `variant`, in a few sentences ('' when its board says nothing). */
export function howToPlay(variant) {
  return boardFor(variant)?.howToPlay || '';
}

/** The side `seat` (`p1`/`p2`) of `variant` by its colour or role: `Red`, `X`, `Cars`. */
export function sideName(variant, seat) {
  const sides = boardFor(variant)?.sides || ['First player', 'Second player'];
  return sides[seat === 'p2' ? 1 : 0];
}

/** A text of the server's in the page's words: each seat named by its side, as the result
 *  banner names it (`the game is over (p2 won)` → `the game is over (Yellow won)`, `p1 (you)
 *  resigned` → `Red (you) resigned`). */
export function seatWords(variant, text) {
  return String(text).replace(/\b(p1|p2)\b/g, (seat) => sideName(variant, seat));
}

/** A record (`sente match`'s format, as the server writes it) with its `Reason` in the page's
 *  words (`[Reason "X won"]`); the rest, the moves and `P1`/`P2` headers, as written. */
export function recordWords(variant, text) {
  return String(text).replace(/^\[Reason "(.*)"\]$/m, (_, reason) => `[Reason "${seatWords(variant, reason)}"]`);
}

/** The seat that won a result (`1-0`, `0-1`), or null for a draw. */
export function winnerOf(result) {
  if (result === '1-0') return 'p1';
  if (result === '0-1') return 'p2';
  return null;
}

/** Who plays `seat` in words: `you`, the engine's name, or the side's colour in free play. */
export function playerName(state, seat) {
  const mode = state.mode;
  const i = seat === 'p2' ? 1 : 0;
  if (mode.kind === 'play') return mode.human === seat ? 'you' : mode.players[i];
  if (mode.kind === 'watch') return `${mode.players[i]} (${sideName(state.variant, seat)})`;
  return sideName(state.variant, seat);
}

/** The engine's limits text (`st=1`, `180+2`, `depth=6`, joined by commas) in words. */
export function limitsWords(text) {
  return String(text || '').split(',').filter((p) => p && p !== '-').map((part) => {
    const [key, value] = part.split('=');
    if (key === 'st') return `${value} s per move`;
    if (key === 'depth') return `depth ${value}`;
    if (key === 'nodes') return `${value} nodes per move`;
    const clock = /^([\d.]+)\+([\d.]+)$/.exec(part);
    if (clock) return `${minutes(Number(clock[1]))} + ${clock[2]} s a move`;
    return part;
  }).join(', ');
}

function minutes(seconds) {
  return seconds >= 60 && seconds % 60 === 0 ? `${seconds / 60} min` : `${seconds} s`;
}

/** The limits text back as the `limits` of `start_play` / `start_watch`. */
export function limitsOf(text) {
  const limits = {};
  for (const part of String(text || '').split(',')) {
    const [key, value] = part.split('=');
    const clock = /^([\d.]+)\+([\d.]+)$/.exec(part);
    if (key === 'st') limits.movetime_ms = Math.max(1, Math.round(Number(value) * 1000));
    else if (key === 'depth') limits.depth = Number(value);
    else if (clock) {
      limits.base_ms = Math.round(Number(clock[1]) * 1000);
      limits.inc_ms = Math.round(Number(clock[2]) * 1000);
    }
  }
  return Object.keys(limits).length ? limits : { movetime_ms: 1000 };
}

/** How the game at the viewed position ended, in words: { headline, reason, winner, line }
 *  (`line`: the winning cells where the rules have one), or null while it goes on. */
export function resultWords(state) {
  const end = state.ended || state.outcome;
  if (!end) return null;
  const winner = winnerOf(end.result);
  if (state.puzzle) {
    return { headline: 'Solved', reason: endWords(state, null), winner: null };
  }
  let headline = end.result === '*' ? 'Game aborted' : 'Draw';
  if (winner) {
    const name = playerName(state, winner);
    const many = state.mode.kind === 'free' && boardFor(state.variant)?.many;
    headline = name === 'you' ? 'You win' : `${name} ${many ? 'win' : 'wins'}`;
  }
  let reason;
  if (state.ended) {
    reason = endedWords(state);
  } else {
    reason = endWords(state, winner);
  }
  return { headline, reason, winner, result: end.result };
}

function endedWords(state) {
  return seatWords(state.variant, state.ended.reason);
}

function endWords(state, winner) {
  const words = boardFor(state.variant)?.endWords;
  return words ? words(state, winner, valueUnit(state.variant)) : state.outcome.reason;
}

/** The engine's `cp` in one of `variant`'s own units (the welcome's `value_unit`). */
export function valueUnit(variant) {
  return UNITS[variant] || 1;
}

/** The game's rules in words (`7 × 6`, `4 colours`), as its board says them. */
export function ruleWords(state) {
  return boardFor(state.variant)?.ruleWords?.(state) || [];
}

