// SVG helpers for the boards.

const NS = 'http://www.w3.org/2000/svg';

/** An SVG element: s('circle', {cx: 1}, ...children). */
export function s(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function') node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** A fresh <svg> with this viewBox, replacing what `container` held. */
export function canvas(container, width, height, label) {
  // A group, not an image: its cells, stacks and vehicles are buttons a screen reader reads.
  const svg = s('svg', { viewBox: `0 0 ${width} ${height}`, class: 'board-svg', role: 'group', 'aria-label': label });
  container.replaceChildren(svg);
  return svg;
}

/** A small numbered marker (a PV step). */
export function marker(x, y, n, r = 11) {
  return s('g', { class: 'pv-marker' }, s('circle', { cx: x, cy: y, r }), s('text', { x, y: y + 4, 'text-anchor': 'middle' }, n));
}

/** Adds the stylesheet at `url` to the page once (a board's own CSS file beside its module). */
export function stylesheet(url) {
  const href = String(url);
  if ([...document.querySelectorAll('link[rel="stylesheet"]')].some((l) => l.href === href)) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  document.head.append(link);
}
