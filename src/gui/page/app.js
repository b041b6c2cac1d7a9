// The page: the socket, the store, and the views mounted in their areas.

import { connect } from './ws.js';
import { createStore } from './state.js';
import { toast } from './dom.js';
import { VIEWS } from './views/index.js';
import { boardFor, loadBoards } from './boards/index.js';

const store = createStore();

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

// Messages are handled in order; the welcome first loads the board of each variant it names.
let received = Promise.resolve();
const socket = connect(
  (message) => {
    received = received
      .then(() => (message.type === 'welcome' ? loadBoards((message.variants || []).map((v) => v.name)) : null))
      .then(() => store.receive(message))
      .catch((e) => console.error(e));
  },
  (status) => {
    connection.dataset.state = status;
    connection.textContent = { open: 'connected', closed: 'disconnected', connecting: 'connecting…', taken: 'in another tab' }[status];
    // While the server is away the board takes no move and says why.
    document.body.dataset.connection = status;
    store.emit('connection', status);
    if (status === 'open') restored = false;
  },
);

/** Messages that start another game: the move tree starts afresh with them, unless the page
 *  sends them to move in its own tree (`{ keepLines: true }`). */
const NEW_GAMES = ['new_game', 'setup', 'load_record'];

const app = {
  store,
  /** The board module of a variant (loaded once the welcome names it). */
  boardFor,
  send: (message, options = {}) => {
    if (NEW_GAMES.includes(message.type) && !options.keepLines) store.freshLines = true;
    socket.send(message);
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
    return;
  }
  // Otherwise the page gives the game back to the server: the game of the address (a link),
  // or the one this tab kept, with its side lines when it is the same game, in free play.
  const linked = gameOfAddress();
  const same = saved && linked && saved.variant === linked.variant && JSON.stringify([...(saved.rules || [])].sort()) === JSON.stringify(linked.rules)
    && (saved.fen ?? null) === linked.fen && (saved.moves || []).join(' ') === linked.moves.join(' ');
  const game = linked && !same ? linked : saved;
  if (!game) return;
  if (game === saved) {
    store.restoreLines = saved.lines;
    if (saved.mode && saved.mode !== 'free') {
      toast('warning', `The game against ${saved.opponent || 'the engine'} could not be kept (the server restarted, or the page was away for more than a minute): its moves are back, in free play.`);
    }
  }
  app.send({ type: 'new_game', variant: game.variant, rules: game.rules || [], fen: game.fen ?? null, moves: game.moves || [], cursor: game.cursor ?? null }, { keepLines: true });
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
store.on('error', (m) => toast('error', m.message));
// A game's end is said by the result banner (and announced), not by a toast.
store.on('notice', (m) => {
  // ... nor the person's own routine action (stopping a game).
  if (!/^game over|^game stopped/.test(m.message)) toast(m.level, m.message);
});
store.on('state', (s) => {
  if (!document.body.dataset.ready) document.body.dataset.readyMs = String(Math.round(performance.now()));
  document.body.dataset.ready = '1';
  document.body.dataset.variant = s.variant;
  // The address follows the viewed position, so that a link (or a reload) opens it.
  const search = addressOf(s);
  if (restored && search !== location.search) history.replaceState(null, '', `${location.pathname}${search}${location.hash}`);
});

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
