// The optional move sound: off by default, the choice kept in localStorage, a short knock
// made with WebAudio (no sound file) each time a move is added to the game shown (the
// person's, an engine's), not when stepping through the moves.

const KEPT = 'sente-gui-sound';

/** True when the person turned the move sound on. */
export function soundOn() {
  try {
    return localStorage.getItem(KEPT) === 'on';
  } catch {
    return false;
  }
}

/** Turns the move sound on or off (kept for the next visits). */
export function setSound(on) {
  try {
    if (on) localStorage.setItem(KEPT, 'on');
    else localStorage.removeItem(KEPT);
  } catch {
    // No storage: the choice lasts until the page is left.
    fallback = on;
  }
}

// The choice when localStorage refuses it.
let fallback = null;
let audio = null;
/** How many move sounds were made (for the tests). */
export let played = 0;

function on() {
  return fallback === null ? soundOn() : fallback;
}

/** A short knock: a falling tone that fades in 0.12 s. */
export function knock() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  try {
    audio ||= new Context();
    if (audio.state === 'suspended') audio.resume().catch(() => {});
    const t = audio.currentTime;
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.type = 'triangle';
    tone.frequency.setValueAtTime(520, t);
    tone.frequency.exponentialRampToValueAtTime(180, t + 0.1);
    gain.gain.setValueAtTime(0.0001, t);
    gain.gain.exponentialRampToValueAtTime(0.3, t + 0.006);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.12);
    tone.connect(gain).connect(audio.destination);
    tone.start(t);
    tone.stop(t + 0.13);
    played += 1;
  } catch {
    // No sound here: the game goes on silently.
  }
}

/** Follows `store`'s states: a knock when the game gains one move at its end (the same game:
 *  the moves before unchanged), when the sound is on. */
export function followMoves(store) {
  let last = null;
  store.on('state', (s) => {
    const before = last;
    last = { variant: s.variant, fen: s.start_fen ?? null, moves: s.moves.slice() };
    if (!before || !on() || before.variant !== s.variant || before.fen !== (s.start_fen ?? null)) return;
    if (s.moves.length !== before.moves.length + 1) return;
    if (before.moves.every((m, i) => m === s.moves[i])) knock();
  });
}

/** The header's toggle (`button`): its words and `aria-pressed` say the setting. */
export function soundToggle(button) {
  const show = () => {
    const now = on();
    button.textContent = now ? 'Sound on' : 'Sound off';
    button.setAttribute('aria-pressed', String(now));
  };
  button.addEventListener('click', () => {
    setSound(!on());
    show();
    if (on()) knock();
  });
  show();
}
