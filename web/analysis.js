// Where the moves went: a finished game's analysis, drawn as it streams in from the worker. The
// chart is SVG: the distance to go after each move (the player's line), the optimal line from
// the start's distance beside it, and the mistakes marked. Each point is a button: choosing it
// shows that position on the board. The analysis itself is the library's (npuzzle_web's
// WebAnalysis); nothing here judges a move.
import { count } from './text.js';

const SVG = 'http://www.w3.org/2000/svg';
const [WIDTH, HEIGHT] = [600, 220];
const MARGIN = { left: 36, right: 12, top: 12, bottom: 28 };

function element(name, attributes = {}, text = null) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (text !== null) node.textContent = text;
  return node;
}

/** Where move `k` (0: the start) at distance `d` is drawn, for `moves` moves and `most` to go at most. */
function place(k, d, moves, most) {
  const width = WIDTH - MARGIN.left - MARGIN.right;
  const height = HEIGHT - MARGIN.top - MARGIN.bottom;
  return [
    MARGIN.left + (k * width) / Math.max(moves, 1),
    MARGIN.top + height * (1 - d / Math.max(most, 1)),
  ];
}

/** The distance a step's `after` (or the start) says: exact, or the upper bound. */
const moves = (distance) => (distance.kind === 'exact' ? distance.moves : distance.upper);

/**
 * Draws the chart in `svg` for a game of `total` moves from a start `start` away, with the
 * `steps` analysed so far; `pick(k)` is called when point `k` (the position after move k) is
 * chosen.
 */
export function drawChart(svg, start, steps, total, pick) {
  const distances = [moves(start), ...steps.map((s) => moves(s.after))];
  const most = Math.max(...distances, 1);
  const at = (k, d) => place(k, d, total, most);
  const parts = [];
  // Axes, with the extremes labelled.
  const [x0, y0] = at(0, 0);
  const [x1] = at(total, 0);
  const [, yTop] = at(0, most);
  parts.push(element('line', { x1: x0, y1: y0, x2: x1, y2: y0, class: 'axis' }));
  parts.push(element('line', { x1: x0, y1: y0, x2: x0, y2: yTop, class: 'axis' }));
  parts.push(element('text', { x: x0 - 6, y: yTop + 4, 'text-anchor': 'end', class: 'tick' }, String(most)));
  parts.push(element('text', { x: x0 - 6, y: y0 + 4, 'text-anchor': 'end', class: 'tick' }, '0'));
  parts.push(element('text', { x: x1, y: y0 + 18, 'text-anchor': 'end', class: 'tick' }, `move ${total}`));
  parts.push(element('text', { x: x0 + 4, y: yTop + 4, class: 'label' }, 'moves to go'));
  // The optimal line: one nearer with every move, from the start's distance to the goal.
  const optimal = [at(0, distances[0]), at(Math.min(distances[0], total), Math.max(distances[0] - total, 0))];
  parts.push(element('polyline', { points: optimal.map((p) => p.join(',')).join(' '), class: 'optimal-line' }));
  const line = distances.map((d, k) => at(k, d).join(',')).join(' ');
  parts.push(element('polyline', { points: line, class: 'player-line' }));
  distances.forEach((d, k) => {
    const step = steps[k - 1];
    const mistake = step?.verdict === 'mistake';
    const [cx, cy] = at(k, d);
    const what = k === 0 ? 'the start' : `after move ${k} (${step.played})`;
    const label = `${what}: ${count(d, 'move')} to go${mistake ? ', a mistake' : ''}`;
    const point = element('circle', {
      cx, cy, r: mistake ? 5 : 3, class: mistake ? 'point mistake' : 'point', tabindex: 0, role: 'button', 'aria-label': label,
      'data-move': k,
    });
    point.append(element('title', {}, label));
    point.addEventListener('click', () => pick(k));
    point.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        pick(k);
      }
    });
    parts.push(point);
  });
  svg.setAttribute('viewBox', `0 0 ${WIDTH} ${HEIGHT}`);
  svg.replaceChildren(...parts);
  svg.dataset.points = String(distances.length);
}

/** The analysis's totals in a sentence or two (the terminal's win report says the same). */
export function summarise(totals) {
  const parts = [`${count(totals.optimal, 'optimal move')}, ${count(totals.mistakes, 'mistake')}`];
  if (totals.mistakes === 0) return 'Every move optimal.';
  parts[0] += ` (${count(totals.moves_lost, 'move')} lost)`;
  const first = totals.first_mistake;
  if (first) {
    parts.push(`the first at move ${first.number} (your + optimal: ${moves(first.your_plus_optimal)})`);
  }
  return `${parts.join('; ')}.`;
}

/** What a point of the chart shows, in words: the position's distance and, at a mistake, what was better. */
export function describe(k, start, steps, words) {
  if (k === 0) return `The start: ${count(moves(start), 'move')} to go.`;
  const step = steps[k - 1];
  const verdict = step.verdict === 'mistake'
    ? ` Move ${k} (${words[step.played]}) was a mistake: ${count(moves(step.before), 'move')} to go before it, ${moves(step.after)} after; optimal was ${[...step.optimal_moves].map((m) => words[m]).join(' or ')}.`
    : step.verdict === 'optimal' ? ` Move ${k} kept the optimum.` : '';
  return `After move ${k}: ${count(moves(step.after), 'move')} to go.${verdict}`;
}
