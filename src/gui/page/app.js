// The page: the socket, the store, and the views mounted in their areas.

import { connect } from './ws.js';
import { createStore } from './state.js';
import { h, fill, ask, toast } from './dom.js';
import { VIEWS } from './views/index.js';
import { boardFor, loadBoards, seatWords } from './boards/index.js';
import * as sound from './sound.js';
import { followShortcuts } from './shortcuts.js';

const store = createStore();
// The move sound (off until the person turns it on) and the list of shortcuts (`?`).
sound.soundToggle(document.getElementById('sound'));
sound.followMoves(store);
followShortcuts(document.getElementById('shortcuts-open'));
/** How many move sounds were made (tests/gui/extras.rs). */
window.senteSoundsPlayed = () => sound.played;

// Light or dark: the system's choice (prefers-color-scheme) until the person picks one with
// the toggle; the pick is kept in localStorage.
const THEME = 'sente-gui-theme';
const themeButton = document.getElementById('theme');
const systemDark = window.matchMedia('(prefers-color-scheme: dark)');
function theme() {
  return document.documentElement.dataset.theme || (systemDark.matches ? 'dark' : 'light');
}
function showTheme() {
  themeButton.textContent = theme() === 'dark' ? 'Light mode' : 'Dark mode';
}
/** Sets the theme (`light`, `dark`, or null: the system's). */
window.senteTheme = (name) => {
  if (name) document.documentElement.dataset.theme = name;
  else delete document.documentElement.dataset.theme;
  try {
    if (name) localStorage.setItem(THEME, name);
    else localStorage.removeItem(THEME);
  } catch {
    // No storage: the choice lasts until the page is left.
  }
  showTheme();
};
try {
  const kept = localStorage.getItem(THEME);
  if (kept === 'light' || kept === 'dark') document.documentElement.dataset.theme = kept;
} catch {
  // No storage.
}
themeButton.addEventListener('click', () => window.senteTheme(theme() === 'dark' ? 'light' : 'dark'));
systemDark.addEventListener('change', showTheme);
showTheme();
const connection = document.getElementById('connection');
let restored = false;
let status = 'connecting';
// Where another tab has the game (banner under the top bar), and a game another tab offered.
const elsewhere = h('div', { class: 'elsewhere', id: 'elsewhere', role: 'status', hidden: true });
document.getElementById('toasts').after(elsewhere);
let offered = null;

// Messages are handled in order; the welcome first loads the board of each variant it names.
let received = Promise.resolve();
const socket = connect(
  (message) => {
    received = received
      .then(() => (message.type === 'welcome' ? loadBoards(message.variants || []) : null))
      .then(() => store.receive(message))
      .catch((e) => console.error(e));
  },
  (now) => {
    status = now;
    connection.dataset.state = status;
    connection.textContent = { open: 'connected', closed: 'disconnected', connecting: 'connecting…', taken: 'in another tab' }[status];
    // While the server is away the board takes no move and says why.
    document.body.dataset.connection = status;
    store.emit('connection', status);
    if (status === 'open') restored = false;
    showTaken();
  },
);

/** Messages that start another game: the move tree starts afresh with them, unless the page
 *  sends them to move in its own tree (`{ keepLines: true }`). */
const NEW_GAMES = ['new_game', 'setup', 'load_record'];
/** Messages that start a game with engines. */
const GAMES_WITH_ENGINES = ['start_play', 'start_watch'];

const app = {
  store,
  /** The board module of a variant (loaded once the welcome names it). */
  boardFor,
  send: (message, options = {}) => {
    if (NEW_GAMES.includes(message.type) && !options.keepLines) store.freshLines = true;
    // Another game starts: the views of the last one (its protocol lines) start afresh.
    if ((NEW_GAMES.includes(message.type) && !options.keepLines) || GAMES_WITH_ENGINES.includes(message.type)) store.emit('game_sent', message);
    socket.send(message);
  },
  /** Views the position after `ply` moves (kept within the game); steps count from it until
   *  the server answers (`store.viewing()`). */
  goto(ply) {
    const to = Math.max(0, Math.min(store.state?.moves.length ?? 0, ply));
    store.asking(to);
    app.send({ type: 'goto', ply: to });
  },
  /** Asks before leaving a game against an engine that goes on (`what`: the action, in
   *  words); resolves to true when there is no such game or the person confirms. */
  leave(what) {
    if (!store.playing()) return Promise.resolve(true);
    const opponent = opponentOf(store.state);
    return ask({
      id: 'leave',
      title: 'Leave the game?',
      text: `Your game against ${opponent} is not over. ${what} ends it without a result: resign or offer a draw to give it one.`,
      confirm: 'Leave the game',
      cancel: 'Keep playing',
    });
  },
  /** The name of the engine picked by the person (the first that plays the variant). */
  engineFor(variant) {
    const engines = (store.welcome?.engines || []).filter((e) => !e.error && (!e.variants || e.variants.includes(variant)));
    if (store.engine && engines.some((e) => e.name === store.engine)) return store.engine;
    return engines[0]?.name ?? null;
  },
};

store.on('welcome', (w) => {
  try {
    sessionStorage.setItem('sente-gui-session', w.session);
  } catch {
    // No storage: a reload starts a new session.
  }
  if (restored) return;
  restored = true;
  // The server kept this tab's session (a reload during a game against an engine): its game,
  // players, side and clocks are the server's; the side lines kept here come back with it.
  const saved = store.saved();
  if (w.resumed) {
    if (saved) store.restoreLines = saved.lines;
    // A link opened in this tab over its game wins, once the game is known (below).
    linkOverGame = gameOfAddress();
    return;
  }
  // Otherwise the page gives the game back to the server: the game of the address (a link),
  // or the one this tab kept, with its side lines when it is the same game, in free play.
  const linked = gameOfAddress();
  const same = saved && linked && saved.variant === linked.variant && JSON.stringify([...(saved.rules || [])].sort()) === JSON.stringify(linked.rules)
    && (saved.fen ?? null) === linked.fen && (saved.moves || []).join(' ') === linked.moves.join(' ');
  const game = linked && !same ? linked : saved;
  // A link's game may be played in another tab: that tab answers.
  if (linked) channel?.postMessage({ type: 'where' });
  if (!game) return;
  if (game === saved) {
    store.restoreLines = saved.lines;
    if (saved.mode && saved.mode !== 'free') {
      toast('warning', `The game against ${saved.opponent || 'the engine'} could not be kept (the server restarted, or the page was away for more than a minute): its moves are back, in free play.`);
    }
  }
  app.send({ type: 'new_game', variant: game.variant, rules: game.rules || [], fen: game.fen ?? null, moves: game.moves || [], cursor: game.cursor ?? null }, { keepLines: true });
});

// A link opened in a tab whose session kept a game with engines (`resumed`): unless it is
// that game (its moves a start of the game's), the link wins, as it does over a game in free
// play; while a game against an engine goes on the page asks first, and leaving then does
// what leaving by the game list does (a new game ends the game with engines).
let linkOverGame = null;
store.on('state', async (state) => {
  const link = linkOverGame;
  linkOverGame = null;
  if (!link || sameGame(link, state)) return;
  if (!(await app.leave('Opening the link'))) return;
  app.send({ type: 'new_game', variant: link.variant, rules: link.rules, fen: link.fen, moves: link.moves, cursor: link.cursor });
});

// The address holds the game (`?variant=connect4&Connect4Width=8&moves=4+4+5+3&ply=2`): the
// variant, each rule that is not the default, the start fen, the line and the viewed ply.
const ADDRESS_KEYS = ['variant', 'fen', 'moves', 'ply'];
function gameOfAddress() {
  const query = new URLSearchParams(location.search);
  const variant = query.get('variant');
  if (!variant) return null;
  const rules = [...query.entries()].filter(([k]) => !ADDRESS_KEYS.includes(k));
  rules.sort();
  const moves = (query.get('moves') || '').split(/[\s,]+/).filter(Boolean);
  const ply = query.has('ply') ? Number(query.get('ply')) : null;
  return { variant, rules, fen: query.get('fen') || null, moves, cursor: Number.isInteger(ply) && ply >= 0 ? ply : null };
}
function addressOf(state) {
  const query = new URLSearchParams();
  query.set('variant', state.variant);
  for (const [name, value] of [...state.rules].sort()) query.set(name, value);
  if (state.start_fen) query.set('fen', state.start_fen);
  if (state.moves.length > 0) query.set('moves', state.moves.join(' '));
  if (state.cursor < state.moves.length) query.set('ply', String(state.cursor));
  return `?${query}`;
}
// A game asked for that could not be opened as given (a link's illegal move, a bad variant or
// rule): said until dismissed, with what was opened instead.
// Every message names the sides as the page does (`Yellow won`, not `p2 won`).
const inWords = (text) => seatWords(store.state?.variant, text);
store.on('error', (m) => {
  const opened = /^new game: (.*)$/s.exec(inWords(m.message));
  if (!opened) {
    toast('error', inWords(m.message));
    return;
  }
  const partial = /the game stops before it$/.test(opened[1]);
  toast('error', partial
    ? `Opened the game up to its last legal move: ${opened[1]}.`
    : `The game asked for could not be opened: ${opened[1]}. The game shown is the one this tab had.`, { sticky: true });
});
// A game's end is said by the result banner (and announced), not by a toast.
store.on('notice', (m) => {
  // ... nor the person's own routine action (stopping a game).
  if (!/^game over|^game stopped/.test(m.message)) toast(m.level, inWords(m.message));
});
store.on('state', (s) => {
  if (!document.body.dataset.ready) document.body.dataset.readyMs = String(Math.round(performance.now()));
  document.body.dataset.ready = '1';
  document.body.dataset.variant = s.variant;
  // The address follows the viewed position, so that a link (or a reload) opens it.
  const search = addressOf(s);
  if (restored && search !== location.search) history.replaceState(history.state, '', `${location.pathname}${search}${location.hash}`);
  guardHistory();
});

/** The engine a person plays against in `state`. */
function opponentOf(state) {
  return state.mode.players[state.mode.human === 'p1' ? 1 : 0];
}

// Browser Back during a game against an engine asks first. The game's entries in the history
// carry a mark (`senteGame`); Back to an entry without it (from before the game) is leaving:
// the page asks, and goes back into the game's entry unless the person leaves.
function guardHistory() {
  if (store.playing() && !history.state?.senteGame) history.pushState({ senteGame: true }, '', location.href);
}
window.addEventListener('popstate', async () => {
  if (history.state?.senteGame || !store.playing()) return;
  // The page shown until now (the hash of the entry left).
  const page = document.body.dataset.page;
  if (await app.leave('Going back')) {
    app.send({ type: 'stop_game' });
    return;
  }
  history.pushState({ senteGame: true }, '', `${location.pathname}${addressOf(store.state)}#${page}`);
  showPage();
});
// The page links add the game's mark to their entries, so that going back between them is
// not leaving.
document.getElementById('pages').addEventListener('click', (e) => {
  const link = e.target.closest('a[data-page]');
  if (!link || !store.playing()) return;
  e.preventDefault();
  history.pushState({ senteGame: true }, '', `${location.pathname}${location.search}#${link.dataset.page}`);
  showPage();
});

// Another tab of this browser may have the game: a tab in a game against an engine answers
// the others' question (BroadcastChannel), and a tab opened on the same game's address
// offers to take it over (its socket takes the other tab's session; the other tab is told).
const channel = 'BroadcastChannel' in window ? new BroadcastChannel('sente-gui-games') : null;
function sameGame(mine, theirs) {
  return mine && theirs && mine.variant === theirs.variant && JSON.stringify(mine.rules) === JSON.stringify([...theirs.rules].sort())
    && (mine.fen ?? null) === (theirs.start_fen ?? null) && mine.moves.every((mv, i) => theirs.moves[i] === mv);
}
channel?.addEventListener('message', (event) => {
  const message = event.data || {};
  if (message.type === 'where' && status === 'open' && store.playing() && store.welcome) {
    const s = store.state;
    channel.postMessage({ type: 'here', session: store.welcome.session, opponent: opponentOf(s), game: { variant: s.variant, rules: s.rules, start_fen: s.start_fen, moves: s.moves } });
  }
  if (message.type === 'here' && !store.playing() && status === 'open' && /^[0-9a-f]{32}$/.test(message.session || '')
    && message.session !== store.welcome?.session && sameGame(gameOfAddress(), message.game)) {
    offered = message;
    showTaken();
  }
});
/** Takes the session `id` (this tab's own, or another tab's game) over: the socket reconnects
 *  naming it, and the server hands it over. */
function takeOver(id) {
  try {
    sessionStorage.setItem('sente-gui-session', id);
  } catch {
    // No storage: nothing to name.
    return;
  }
  offered = null;
  socket.reconnect();
}
function showTaken() {
  const taken = status === 'taken';
  // A tab whose game another tab took: every control is off (inert), and the banner says why.
  for (const area of document.querySelectorAll('main.layout, #area-bottom, .area-wide')) area.inert = taken;
  if (taken) {
    fill(elsewhere, h('span', {}, 'This game continues in another tab: the controls here are off.'),
      h('button', { id: 'take-back', type: 'button', onclick: () => takeOver(store.welcome?.session || '') }, 'Take it back here'));
  } else if (offered && !store.playing()) {
    fill(elsewhere, h('span', {}, `This game is being played in another tab (against ${offered.opponent}).`),
      h('button', { id: 'take-over', type: 'button', onclick: () => takeOver(offered.session) }, 'Take it over here'),
      h('button', { id: 'take-over-no', type: 'button', onclick: () => { offered = null; showTaken(); } }, 'No, stay here'));
  }
  elsewhere.hidden = !taken && !(offered && !store.playing());
}
store.on('state', () => { if (offered && store.playing()) showTaken(); });

// The pages: playing (the board and its panels), the search tree, the comparison; the
// address's #hash names the one shown, so that a reload or a link keeps it.
const PAGES = ['play', 'tree', 'compare'];
function showPage() {
  const wanted = location.hash.replace('#', '');
  const page = PAGES.includes(wanted) ? wanted : 'play';
  document.body.dataset.page = page;
  for (const section of document.querySelectorAll('body > [data-page]')) section.hidden = section.dataset.page !== page;
  for (const link of document.querySelectorAll('#pages a')) link.classList.toggle('on', link.dataset.page === page);
  store.emit('page', page);
}
window.addEventListener('hashchange', showPage);

for (const view of VIEWS) {
  const area = document.getElementById(`area-${view.area}`);
  const panel = document.createElement('section');
  panel.className = `panel panel-${view.id}`;
  panel.id = `view-${view.id}`;
  if (view.title) {
    const title = document.createElement('h2');
    title.textContent = view.title;
    panel.append(title);
  }
  const body = document.createElement('div');
  body.className = 'panel-body';
  panel.append(body);
  area.append(panel);
  view.mount(body, app);
}
showPage();
window.senteApp = app;
