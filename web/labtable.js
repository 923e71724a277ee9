// The textbook's table on the page: Russell and Norvig's IDS, A* h1 and A* h2 on the 8-puzzle,
// recomputed a depth at a time in a worker (the library's textbook_row, the same as `npuzzle lab
// --table`), the book's figures beside; then npuzzle's searches; and the nodes against the depth
// on a log scale (SVG).
import { number, say, sentence } from './lang.js';

const $ = (id) => document.getElementById(id);
const SVG = 'http://www.w3.org/2000/svg';
const DEPTHS = [2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24];
/** The book's columns, and the published figure of each. */
const BOOK = { IDS: 'ids', 'A* h1': 'astar_h1', 'A* h2': 'astar_h2' };
const COLOURS = ['#000', '#e69f00', '#56b4e9', '#009e73', '#b8a000', '#0072b2', '#d55e00', '#cc79a7', '#666', '#999', '#bbb'];

const whole = (value) => (value === null || value === undefined ? '—' : Math.round(value).toLocaleString('en').replace(/,/g, '\u202f'));

function element(name, attributes = {}, text = null) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (text !== null) node.textContent = text;
  return node;
}

/** Computes the table in `solver`'s worker, a row at a time, showing each as it comes. */
export async function runTable(solver) {
  const count = Math.max(1, Math.min(10_000, Math.round(Number($('table-count').value)) || 100));
  $('table-count').value = count;
  const rows = [];
  $('table-view').dataset.done = 'false';
  const begun = performance.now();
  try {
    for (const depth of DEPTHS) {
      $('table-status').textContent = say(`Depth ${depth}: searching ${count} positions…`, `Profundidade ${depth}: a procurar ${count} posições…`);
      rows.push(await solver.ask({ textbook: { depth, count, deepening: 12, seed: 1 } }));
      draw(rows);
    }
  } catch (error) {
    $('table-status').textContent = sentence(error);
    return;
  }
  const seconds = (performance.now() - begun) / 1000;
  $('table-status').textContent = say(
    `${count} positions a depth, dealt uniformly from the complete table; iterative deepening up to d = 12. ${number(seconds, 1)} s.`,
    `${count} posições por profundidade, tiradas uniformemente da tabela completa; aprofundamento iterativo até d = 12. ${number(seconds, 1)} s.`,
  );
  $('table-view').dataset.done = 'true';
}

/** The rows so far as a table (the book's beside npuzzle's) and a plot. */
function draw(rows) {
  const columns = rows[0].columns;
  const head = document.createElement('tr');
  head.replaceChildren(...['d', ...columns.flatMap((c) => (BOOK[c] ? [c, say(`${c} (book)`, `${c} (livro)`)] : [c]))].map((text) => {
    const th = document.createElement('th');
    th.scope = 'col';
    th.textContent = text;
    return th;
  }));
  const body = rows.map((row) => {
    const tr = document.createElement('tr');
    const cells = [row.depth, ...columns.flatMap((c, k) => {
      const ours = whole(row.measured[k]?.cost);
      return BOOK[c] ? [ours, whole(row.published?.[BOOK[c]])] : [ours];
    })];
    tr.replaceChildren(...cells.map((value, k) => {
      const td = document.createElement(k === 0 ? 'th' : 'td');
      if (k === 0) td.scope = 'row';
      td.textContent = value;
      return td;
    }));
    return tr;
  });
  $('table-rows').replaceChildren(head, ...body);
  plot($('table-plot'), rows);
}

/** The mean nodes generated against the depth, a line a column, the book's figures as rings. */
function plot(svg, rows) {
  const [width, height, left, right, top, bottom] = [640, 360, 50, 170, 16, 36];
  const columns = rows[0].columns;
  const most = Math.max(10, ...rows.flatMap((r) => r.measured.map((m) => m?.cost ?? 0)));
  const decades = Math.max(1, Math.ceil(Math.log10(most)));
  const x = (d) => left + ((d - 2) / 22) * (width - left - right);
  const y = (n) => top + (1 - Math.log10(Math.max(n, 1)) / decades) * (height - top - bottom);
  const parts = [];
  for (let k = 0; k <= decades; k++) {
    parts.push(element('line', { x1: left, x2: width - right, y1: y(10 ** k), y2: y(10 ** k), class: 'grid' }));
    parts.push(element('text', { x: left - 6, y: y(10 ** k) + 4, 'text-anchor': 'end', class: 'tick' }, `10^${k}`));
  }
  for (const d of DEPTHS) parts.push(element('text', { x: x(d), y: height - bottom + 16, 'text-anchor': 'middle', class: 'tick' }, String(d)));
  parts.push(element('text', { x: (left + width - right) / 2, y: height - 4, 'text-anchor': 'middle', class: 'tick' }, say('solution depth d', 'profundidade da solução d')));
  columns.forEach((column, k) => {
    const colour = COLOURS[k % COLOURS.length];
    const points = rows.filter((r) => r.measured[k]).map((r) => `${x(r.depth).toFixed(1)},${y(r.measured[k].cost).toFixed(1)}`);
    const line = element('polyline', { points: points.join(' '), fill: 'none', stroke: colour, 'stroke-width': 2, class: 'series', 'data-column': column });
    if (column.startsWith('IDA*')) line.setAttribute('stroke-dasharray', '5 3');
    line.append(element('title', {}, column));
    parts.push(line);
    for (const row of rows) {
      const book = BOOK[column] && row.published?.[BOOK[column]];
      if (book) parts.push(element('circle', { cx: x(row.depth), cy: y(book), r: 4, fill: 'none', stroke: colour, class: 'book' }));
    }
    parts.push(element('line', { x1: width - right + 10, x2: width - right + 30, y1: top + 14 * k, y2: top + 14 * k, stroke: colour, 'stroke-width': 2 }));
    parts.push(element('text', { x: width - right + 34, y: top + 14 * k + 4, class: 'tick' }, column));
  });
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  svg.replaceChildren(...parts);
}
