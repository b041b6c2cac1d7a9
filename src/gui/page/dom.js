// Small DOM helpers shared by the views: element creation, form fields, toasts.

/** An HTML element: h('div', {class: 'x', onclick: f}, child, 'text', ...). */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function') {
      node.addEventListener(key.slice(2), value);
    } else if (key === 'dataset') {
      Object.assign(node.dataset, value);
    } else if (value === true) {
      node.setAttribute(key, '');
    } else {
      node.setAttribute(key, String(value));
    }
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Replaces the children of `node`. */
export function fill(node, ...children) {
  node.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
}

/** A <select> of `choices` ([value, label] or value), with `value` selected. */
export function select(id, choices, value, onchange) {
  const node = h('select', { id, onchange });
  for (const choice of choices) {
    const [v, label] = Array.isArray(choice) ? choice : [choice, choice];
    node.append(h('option', { value: v, selected: v === value }, label));
  }
  return node;
}

/** A labelled row. */
export function row(label, ...controls) {
  return h('label', { class: 'row' }, h('span', { class: 'row-label' }, label), ...controls);
}

/** A form field for an engine `option` line (spin, check, combo, string, button). */
export function optionField(option, value, id) {
  const current = value ?? option.default ?? '';
  switch (option.kind) {
    case 'spin':
      return h('input', { id, type: 'number', min: option.min, max: option.max, value: current, 'data-option': option.name });
    case 'check':
      return h('input', { id, type: 'checkbox', checked: String(current) === 'true', 'data-option': option.name });
    case 'combo':
    {
      const node = select(id, option.vars, current);
      node.dataset.option = option.name;
      return node;
    }
    case 'button':
      return h('input', { id, type: 'checkbox', 'data-option': option.name, title: 'press (sent once)' });
    default:
      return h('input', { id, type: 'text', value: current, 'data-option': option.name });
  }
}

/** The value of a field made by `optionField`. */
export function fieldValue(node, option) {
  if (option.kind === 'check') return node.checked ? 'true' : 'false';
  if (option.kind === 'button') return node.checked ? '' : null;
  return node.value;
}

let toastCount = 0;
const lastShown = new Map();

/** Shows a message for a few seconds (errors longer) in the message strip under the top bar
 *  (in the page's flow: it never covers a control); the same text again within 10 s is not
 *  repeated. A `sticky` message stays until its Dismiss button is pressed. */
export function toast(level, text, { sticky = false } = {}) {
  const box = document.getElementById('toasts');
  const now = Date.now();
  if (now - (lastShown.get(text) || -Infinity) < 10000 && [...box.children].some((n) => n.dataset.text === text)) return;
  lastShown.set(text, now);
  const id = `toast-${++toastCount}`;
  const node = h('div', { class: `toast toast-${level}${sticky ? ' sticky' : ''}`, id, role: level === 'error' ? 'alert' : 'status', dataset: { text } },
    h('span', { class: 'toast-text' }, text));
  if (sticky) node.append(h('button', { class: 'toast-close', type: 'button', onclick: () => node.remove() }, 'Dismiss'));
  box.append(node);
  while (box.children.length > 4) box.firstChild.remove();
  if (!sticky) setTimeout(() => node.remove(), level === 'error' ? 8000 : 4000);
}

/** Copies text to the clipboard (falls back to selecting it). */
export async function copy(text, field) {
  // Said on the button itself (a routine action needs no message).
  const button = field?.nextElementSibling?.tagName === 'BUTTON' ? field.nextElementSibling : null;
  const say = (words) => {
    if (!button) return;
    const before = button.dataset.label || button.textContent;
    button.dataset.label = before;
    button.textContent = words;
    setTimeout(() => { button.textContent = before; }, 1500);
  };
  try {
    await navigator.clipboard.writeText(text);
    say('Copied');
  } catch {
    if (field) {
      field.select();
      say('Ctrl-C');
    }
  }
}

/** Says `text` to screen readers (the page's polite live region). */
export function announce(text) {
  const region = document.getElementById('announce');
  if (!region || !text) return;
  // The same text twice is still read: the region is emptied first.
  region.textContent = '';
  requestAnimationFrame(() => { region.textContent = text; });
}

let dialogCount = 0;

/** Asks the person a question in a modal dialog (the native <dialog>: the keyboard's focus
 *  stays in it, Escape cancels, the focus goes back where it was). `confirm` and `cancel` are
 *  the buttons' words; the safe answer (`cancel`) has the focus first. Resolves to true when
 *  the person confirms. Each button has an id: `<id>-confirm`, `<id>-cancel`. */
export function ask({ id, title, text, confirm, cancel }) {
  return new Promise((resolve) => {
    const n = ++dialogCount;
    const heading = h('h2', { id: `dialog-title-${n}` }, title);
    const body = h('p', { id: `dialog-text-${n}` }, text);
    const yes = h('button', { id: `${id}-confirm`, class: 'danger', type: 'button' }, confirm);
    const no = h('button', { id: `${id}-cancel`, class: 'primary', type: 'button', autofocus: true }, cancel);
    const dialog = h('dialog', { class: 'ask', id, 'aria-labelledby': heading.id, 'aria-describedby': body.id },
      heading, body, h('div', { class: 'buttons' }, no, yes));
    const before = document.activeElement;
    let answered = false;
    const answer = (value) => {
      if (answered) return;
      answered = true;
      dialog.close();
      dialog.remove();
      if (before && before.isConnected && typeof before.focus === 'function') before.focus();
      resolve(value);
    };
    yes.addEventListener('click', () => answer(true));
    no.addEventListener('click', () => answer(false));
    // Escape, or the dialog closed some other way: the safe answer.
    dialog.addEventListener('cancel', (e) => { e.preventDefault(); answer(false); });
    dialog.addEventListener('close', () => answer(false));
    document.body.append(dialog);
    dialog.showModal();
    no.focus();
  });
}
