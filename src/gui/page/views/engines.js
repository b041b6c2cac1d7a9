// Engine options: a form built from the picked engine's own `option` lines (rule options are
// set with the game); the values apply to the engines this tab starts from then on.

import { h, fill, select, row, optionField, fieldValue } from '../dom.js';

export const id = 'engines';
export const title = 'Engine options';
export const area = 'bottom';

export function mount(root, app) {
  const { store } = app;
  const picker = h('span', {});
  const about = h('div', { class: 'engine-about', id: 'engine-about' });
  const form = h('div', { class: 'options-form', id: 'options-form' });
  const apply = h('button', { id: 'apply-options', onclick: send }, 'Apply');
  root.append(row('Engine', picker), about, form, h('div', { class: 'buttons' }, apply));
  let engine = null;
  const values = new Map();

  function settable(o) {
    return !o.rule_of && o.name !== 'UCI_Variant';
  }

  function draw(name) {
    engine = (store.welcome?.engines || []).find((e) => e.name === name) || null;
    if (!engine) return;
    store.engine = engine.name;
    fill(about, engine.error ? h('span', { class: 'error' }, engine.error) : `${engine.id_name || engine.name}${engine.variants ? ` · plays ${engine.variants.join(', ')}` : ''}`);
    const mine = values.get(engine.name) || new Map();
    fill(form, engine.options.filter(settable).map((o) => row(o.name, optionField(o, mine.get(o.name), `opt-${o.name.replace(/\s+/g, '-')}`))));
  }

  function send() {
    if (!engine) return;
    const pairs = [];
    const mine = new Map();
    for (const o of engine.options.filter(settable)) {
      const node = document.getElementById(`opt-${o.name.replace(/\s+/g, '-')}`);
      const value = node && fieldValue(node, o);
      if (value === null || value === undefined) continue;
      mine.set(o.name, value);
      if (o.kind === 'button' || String(value) !== String(o.default ?? '')) pairs.push([o.name, String(value)]);
    }
    values.set(engine.name, mine);
    app.send({ type: 'engine_options', engine: engine.name, values: pairs });
  }

  store.on('welcome', (w) => {
    const names = w.engines.map((e) => e.name);
    fill(picker, select('opt-engine', names, names[0], (e) => draw(e.target.value)));
    draw(names[0]);
  });
}
