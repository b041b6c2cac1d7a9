// Which board draws which variant, and each game in words: its title, its sides by colour or
// role, how a game of it ends, and the result as a person reads it. A board module exports
// `draw(container, ctx)`, where ctx holds { state, pv, hint, last, columns, onMove(moves),
// previous } (see views/board.js), and `moveWords(mv, state)`: a move said in words.

import * as tictactoe from './tictactoe.js';
import * as connect4 from './connect4.js';
import * as babylon from './babylon.js';
import * as rushhour from './rushhour.js';
import * as tree from './tree.js';

const BOARDS = {
  tictactoe,
  connect4,
  babylon,
  rushhour,
  'rushhour-rocks': rushhour,
  tree,
};

/** The board of `variant`, or null when the page has none. */
export function boardFor(variant) {
  return BOARDS[variant] || null;
}

/** Each game's title and its two sides (p1, p2) as a person names them. */
export const GAMES = {
  tictactoe: { title: 'Tic-tac-toe', sides: ['X', 'O'] },
  connect4: { title: 'Connect Four', sides: ['Red', 'Yellow'] },
  babylon: { title: 'Babylon', sides: ['First player', 'Second player'] },
  rushhour: { title: 'Rush Hour', sides: ['You', 'You'] },
  'rushhour-rocks': { title: 'Rush Hour with rocks', sides: ['Cars', 'Rocks'], plural: true },
  tree: { title: 'Game tree', sides: ['Max', 'Min'] },
};

/** How to play each game, in a few sentences. */
export const HOW_TO_PLAY = {
  tictactoe: 'Take turns putting X and O on the 3 × 3 grid; X starts. Three in a row (across, down or diagonally) wins; a full board is a draw. Click a cell, or Tab to the board, move with the arrows and press Enter.',
  connect4: 'Take turns dropping a disc into a column; it falls to the lowest free cell. Red starts. Four in a row (across, down or diagonally) wins; a full board is a draw. Click a column, or press its key (1-9, then a, b, c).',
  babylon: 'The stacks start as single tablets in several colours. On your turn put one whole stack onto another when their top tablets have the same colour or the two stacks are the same height; the new stack shows the moved stack\'s top. The player who cannot move loses. Click a stack, then the stack to put it on.',
  rushhour: 'Slide the cars and trucks along their lanes to get the red car out through the exit on the right, in as few moves as you can. Drag a vehicle, or Tab to it, press Enter and slide it with the arrows. Steps count each cell as a move; slides count a move of any length as one.',
  'rushhour-rocks': 'Rush Hour against a rock player. The cars move one cell at a time; after each car move the rock player drops a rock on an empty cell off the red car\'s row, not on the row or column of the previous rock. The cars win when the red car gets out; the rocks win if it is still in after the limit of car moves.',
  tree: 'An explicit game tree: Max chooses a branch on the levels marked max, Min on those marked min; the game ends at a leaf, worth its value to Max. Click a branch.',
};

/** The title of `variant`. */
export function gameTitle(variant) {
  return GAMES[variant]?.title || variant;
}

/** The side `seat` (`p1`/`p2`) of `variant` by its colour or role: `Red`, `X`, `Cars`. */
export function sideName(variant, seat) {
  const sides = GAMES[variant]?.sides || ['First player', 'Second player'];
  return sides[seat === 'p2' ? 1 : 0];
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
  const end = state.forfeit || state.outcome;
  if (!end) return null;
  const winner = winnerOf(end.result);
  if (state.puzzle) {
    return { headline: 'Solved', reason: `the red car is out in ${plural(state.cursor, 'move')}`, winner: null };
  }
  let headline = 'Draw';
  if (winner) {
    const name = playerName(state, winner);
    const many = state.mode.kind === 'free' && GAMES[state.variant]?.plural;
    headline = name === 'you' ? 'You win' : `${name} ${many ? 'win' : 'wins'}`;
  }
  let reason;
  if (state.forfeit) {
    reason = forfeitWords(state);
  } else {
    reason = endWords(state, winner);
  }
  return { headline, reason, winner, result: end.result };
}

function forfeitWords(state) {
  return state.forfeit.reason.replace(/\b(p1|p2)\b/g, (seat) => sideName(state.variant, seat));
}

function endWords(state, winner) {
  switch (state.variant) {
    case 'connect4':
      return winner ? 'four in a row' : 'the board is full';
    case 'tictactoe':
      return winner ? 'three in a row' : 'the board is full';
    case 'babylon': {
      const loser = state.side;
      return `${sideName(state.variant, loser).toLowerCase()} has no legal move`;
    }
    case 'rushhour-rocks': {
      if (winner === 'p1') return 'the red car escaped';
      const limit = new Map(state.rules).get('RocksMaxTurns') || '100';
      return `turn limit: the cars did not get out in ${plural(Number(limit), 'move')}`;
    }
    case 'tree': {
      const value = /score (-?\d+)/.exec(state.outcome.reason);
      return value ? `a leaf worth ${value[1]} for Max` : 'a leaf';
    }
    default:
      return state.outcome.reason;
  }
}

/** `3 moves`, `1 move`. */
export function plural(n, word) {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
