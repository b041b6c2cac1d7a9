// The WebSocket to the server: JSON messages in and out, reconnecting after a drop.

/** Opens /ws on the page's own server; `onMessage(msg)` for each message, `onStatus(s)` with
 *  'open', 'closed', 'connecting' or 'taken' (another tab took the session). Returns
 *  { send(msg), reconnect() }. */
export function connect(onMessage, onStatus) {
  // The session this tab had (kept in sessionStorage by app.js): a reload finds its game.
  const url = () => {
    let id = null;
    try {
      id = sessionStorage.getItem('sente-gui-session');
    } catch {
      // No storage: a new session.
    }
    const base = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
    return id && /^[0-9a-f]{32}$/.test(id) ? `${base}?session=${id}` : base;
  };
  let socket = null;
  let queue = [];
  let retry = 500;
  let hidden = false;
  // The socket being replaced on purpose (reconnect): its close opens the next one at once.
  let replaced = null;

  function open() {
    onStatus('connecting');
    socket = new WebSocket(url());
    socket.addEventListener('open', () => {
      retry = 500;
      onStatus('open');
      for (const text of queue) socket.send(text);
      queue = [];
    });
    socket.addEventListener('message', (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        console.warn('not JSON from the server', event.data);
        return;
      }
      onMessage(message);
    });
    const mine = socket;
    socket.addEventListener('close', (event) => {
      if (mine === replaced) {
        replaced = null;
        open();
        return;
      }
      // Another tab took this session over: this one stays quiet.
      if (event.code === 4000) {
        onStatus('taken');
        return;
      }
      onStatus('closed');
      if (hidden) return;
      setTimeout(open, retry);
      retry = Math.min(retry * 2, 5000);
    });
  }
  open();

  // Leaving the page (or its going into the back-forward cache) closes the socket, so that
  // the server stops this tab's engines at once; coming back opens a new one.
  window.addEventListener('pagehide', () => {
    hidden = true;
    socket?.close();
  });
  window.addEventListener('pageshow', (event) => {
    if (event.persisted && hidden) {
      hidden = false;
      open();
    }
  });

  return {
    send(message) {
      const text = JSON.stringify(message);
      if (socket && socket.readyState === WebSocket.OPEN) socket.send(text);
      else queue.push(text);
    },
    /** A new socket, naming the session now kept in sessionStorage (taking a game over). */
    reconnect() {
      if (socket && socket.readyState !== WebSocket.CLOSED) {
        replaced = socket;
        socket.close();
      } else {
        open();
      }
    },
  };
}
