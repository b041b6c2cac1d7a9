// A horizontal bar chart on a logarithmic scale (the comparison's nodes: from tens to millions,
// so that each power of ten is the same width), drawn as SVG.

import { s } from '../boards/svg.js';
import { count } from './values.js';

const WIDTH = 960;
const LABEL = 230;
const VALUE = 110;
const ROW = 28;
const TOP = 30;

function decadeText(d) {
  return ['1', '10', '100', '1k', '10k', '100k', '1M', '10M', '100M', '1G', '10G'][d] ?? `1e${d}`;
}

/** Draws `bars` ([{ label, value (null: not yet), family (a CSS class), note }]) into
 *  `container`, titled `title`. */
export function barChart(container, bars, title) {
  const known = bars.map((b) => b.value).filter((v) => v !== null && v !== undefined);
  const decades = Math.max(1, Math.ceil(Math.log10(Math.max(10, ...known))));
  const span = WIDTH - LABEL - VALUE;
  const x = (v) => LABEL + (Math.log10(Math.max(v, 1)) / decades) * span;
  const height = TOP + bars.length * ROW + 12;
  const svg = s('svg', { class: 'chart', viewBox: `0 0 ${WIDTH} ${height}`, role: 'img', 'aria-label': title });
  svg.append(s('text', { class: 'chart-title', x: LABEL - 10, y: TOP - 10, 'text-anchor': 'end' }, title));
  for (let d = 0; d <= decades; d++) {
    const gx = LABEL + (d / decades) * span;
    svg.append(s('line', { class: 'chart-grid', x1: gx, y1: TOP - 6, x2: gx, y2: height - 8 }));
    svg.append(s('text', { class: 'chart-tick', x: gx, y: TOP - 10, 'text-anchor': 'middle' }, decadeText(d)));
  }
  bars.forEach((bar, i) => {
    const y = TOP + i * ROW;
    const g = s('g', { class: `chart-bar ${bar.family || ''}`, 'data-index': i });
    g.append(s('text', { class: 'chart-label', x: LABEL - 10, y: y + ROW / 2 + 4, 'text-anchor': 'end' }, bar.label));
    if (bar.value === null || bar.value === undefined) {
      g.append(s('text', { class: 'chart-pending', x: LABEL + 6, y: y + ROW / 2 + 4 }, bar.note || '…'));
    } else {
      const end = Math.max(x(bar.value), LABEL + 2);
      g.append(s('rect', { x: LABEL, y: y + 4, width: end - LABEL, height: ROW - 8, rx: 3 }));
      g.append(s('text', { class: 'chart-value', x: end + 6, y: y + ROW / 2 + 4 }, count(bar.value)));
    }
    svg.append(g);
  });
  container.replaceChildren(svg);
}
