// The page: the socket, the store, and the views mounted in their areas.

import { connect } from './ws.js';
import { createStore } from './state.js';
import { toast } from './dom.js';
import { VIEWS } from './views/index.js';

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

const socket = connect(
  (message) => store.receive(message),
  (status) => {
    connection.dataset.state = status;
    connection.textContent = { open: 'connected', closed: 'disconnected', connecting: 'connecting…', taken: 'in another tab' }[status];
    // While the server is away the board takes no move and says why.
    document.body.dataset.connection = status;
    store.emit('connection', status);
    if (status === 'open') restored = false;
  },
);

const app = {
  store,
  send: (message) => socket.send(message),
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
  // The server kept this tab's session (a reload during a game against an engine): its game,
  // players, side and clocks are the server's.
  if (w.resumed) {
    restored = true;
    return;
  }
  // A link holding a position (?variant=...&rules=...&moves=...) opens it.
  const linked = linkedGame();
  if (linked && !restored) {
    restored = true;
    app.send({ type: 'new_game', ...linked });
    return;
  }
  // Otherwise a reload (or a reconnect) gives the game back to the server, in free play.
  const saved = store.saved();
  if (saved && !restored) {
    restored = true;
    if (saved.mode && saved.mode !== 'free') {
      toast('warning', `The game against ${saved.opponent || 'the engine'} could not be kept (the server restarted, or the page was away for more than a minute): its moves are back, in free play.`);
    }
    app.send({ type: 'new_game', variant: saved.variant, rules: saved.rules || [], fen: saved.fen ?? null, moves: saved.moves || [], cursor: saved.cursor ?? null });
  }
});
store.on('error', (m) => toast('error', m.message));
// A game's end is said by the result banner (and announced), not by a toast.
store.on('notice', (m) => {
  // ... nor the person's own routine action (stopping a game).
  if (!/^game over|^game stopped/.test(m.message)) toast(m.level, m.message);
});
/** The game a link names: `?variant=connect4&rules=Connect4Width:8&fen=...&moves=4 4 5&ply=2`. */
function linkedGame() {
  const query = new URLSearchParams(location.search);
  const variant = query.get('variant');
  if (!variant) return null;
  const rules = (query.get('rules') || '').split(',').filter(Boolean).map((pair) => pair.split(':'))
    .filter((pair) => pair.length === 2);
  const moves = (query.get('moves') || '').split(/[\s,]+/).filter(Boolean);
  const ply = query.get('ply');
  return { variant, rules, fen: query.get('fen') || null, moves, cursor: ply !== null && /^\d+$/.test(ply) ? Number(ply) : null };
}

// The address holds the viewed game (variant, rules, start, moves, the viewed ply), so that a
// link opens the same position.
function keepInAddress(s) {
  const query = new URLSearchParams();
  query.set('variant', s.variant);
  if (s.rules.length) query.set('rules', s.rules.map(([n, v]) => `${n}:${v}`).join(','));
  if (s.start_fen) query.set('fen', s.start_fen);
  if (s.moves.length) query.set('moves', s.moves.join(' '));
  if (s.cursor !== s.moves.length) query.set('ply', String(s.cursor));
  const address = `${location.pathname}?${query}${location.hash}`;
  if (address !== `${location.pathname}${location.search}${location.hash}`) history.replaceState(null, '', address);
}

store.on('state', (s) => {
  keepInAddress(s);
  if (!document.body.dataset.ready) document.body.dataset.readyMs = String(Math.round(performance.now()));
  document.body.dataset.ready = '1';
  document.body.dataset.variant = s.variant;
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
