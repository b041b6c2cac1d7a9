// A horizontal bar chart on a logarithmic scale (the comparison's nodes: from tens to millions,
// so that each power of ten is the same width), drawn as SVG at the width it is shown (its text
// at its own size, however narrow the page): labels beside the bars on a wide page, above them
// on a narrow one. It is drawn again when its box changes width.

import { s } from '../boards/svg.js';
import { count } from './values.js';

/** Widest drawing, in px. */
const MAX_WIDTH = 1100;
/** Narrower than this, each label goes above its bar. */
const NARROW = 620;
const TOP = 30;

function decadeText(d) {
  return ['1', '10', '100', '1k', '10k', '100k', '1M', '10M', '100M', '1G', '10G'][d] ?? `1e${d}`;
}

const drawn = new WeakMap();

/** Draws `bars` ([{ label, value (null: not yet), family (a CSS class), note }]) into
 *  `container`, titled `title`. */
export function barChart(container, bars, title) {
  if (!drawn.has(container)) {
    let width = 0;
    new ResizeObserver(() => {
      const now = container.clientWidth;
      if (Math.abs(now - width) > 8 && drawn.get(container)?.bars) {
        width = now;
        const last = drawn.get(container);
        render(container, last.bars, last.title);
      }
    }).observe(container);
  }
  drawn.set(container, { bars, title });
  render(container, bars, title);
}

function render(container, bars, title) {
  const width = Math.round(Math.min(MAX_WIDTH, Math.max(280, container.clientWidth || MAX_WIDTH)));
  const narrow = width < NARROW;
  const label = narrow ? 0 : Math.min(250, Math.round(width * 0.28));
  const value = narrow ? 72 : 90;
  const row = narrow ? 44 : 28;
  const known = bars.map((b) => b.value).filter((v) => v !== null && v !== undefined);
  const decades = Math.max(1, Math.ceil(Math.log10(Math.max(10, ...known))));
  const left = narrow ? 4 : label;
  const span = width - left - value;
  const x = (v) => left + (Math.log10(Math.max(v, 1)) / decades) * span;
  const height = TOP + (narrow ? 18 : 0) + bars.length * row + 12;
  const top = TOP + (narrow ? 18 : 0);
  const svg = s('svg', { class: 'chart', viewBox: `0 0 ${width} ${height}`, width, height, role: 'img', 'aria-label': title, 'data-layout': narrow ? 'narrow' : 'wide' });
  svg.append(narrow
    ? s('text', { class: 'chart-title', x: left, y: 16 }, title)
    : s('text', { class: 'chart-title', x: label - 10, y: TOP - 10, 'text-anchor': 'end' }, title));
  for (let d = 0; d <= decades; d++) {
    const gx = left + (d / decades) * span;
    svg.append(s('line', { class: 'chart-grid', x1: gx, y1: top - 6, x2: gx, y2: height - 8 }));
    svg.append(s('text', { class: 'chart-tick', x: gx, y: top - 10, 'text-anchor': d === 0 && narrow ? 'start' : 'middle' }, decadeText(d)));
  }
  bars.forEach((bar, i) => {
    const y = top + i * row;
    // The bar's band: the lower part of a narrow row (its label above it).
    const by = narrow ? y + 20 : y;
    const bh = narrow ? row - 20 : row;
    const g = s('g', { class: `chart-bar ${bar.family || ''}`, 'data-index': i });
    g.append(narrow
      ? s('text', { class: 'chart-label', x: left, y: y + 15 }, bar.label)
      : s('text', { class: 'chart-label', x: label - 10, y: y + row / 2 + 4, 'text-anchor': 'end' }, bar.label));
    if (bar.value === null || bar.value === undefined) {
      g.append(s('text', { class: 'chart-pending', x: left + 6, y: by + bh / 2 + 4 }, bar.note || '…'));
    } else {
      const end = Math.max(x(bar.value), left + 2);
      g.append(s('rect', { x: left, y: by + 4, width: end - left, height: bh - 8, rx: 3 }));
      g.append(s('text', { class: 'chart-value', x: end + 6, y: by + bh / 2 + 4 }, count(bar.value)));
    }
    svg.append(g);
  });
  container.replaceChildren(svg);
}
