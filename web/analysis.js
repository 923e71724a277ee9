// Where the moves went: a finished game's analysis, drawn as it streams in from the worker. The
// chart is SVG: the distance to go after each move (the player's line), the optimal line from
// the start's distance beside it, and the mistakes marked. Each point is a button: choosing it
// shows that position on the board. The analysis itself is the library's (npuzzle_web's
// WebAnalysis); nothing here judges a move.
import { alternatives, count, direction, faltam, say } from './lang.js';

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
  parts.push(element('text', { x: x1, y: y0 + 18, 'text-anchor': 'end', class: 'tick' }, say(`move ${total}`, `movimento ${total}`)));
  parts.push(element('text', { x: x0 + 4, y: yTop + 4, class: 'label' }, say('moves to go', 'movimentos que faltam')));
  // The optimal line: one nearer with every move, from the start's distance to the goal.
  const optimal = [at(0, distances[0]), at(Math.min(distances[0], total), Math.max(distances[0] - total, 0))];
  parts.push(element('polyline', { points: optimal.map((p) => p.join(',')).join(' '), class: 'optimal-line' }));
  const line = distances.map((d, k) => at(k, d).join(',')).join(' ');
  parts.push(element('polyline', { points: line, class: 'player-line' }));
  distances.forEach((d, k) => {
    const step = steps[k - 1];
    const mistake = step?.verdict === 'mistake';
    const [cx, cy] = at(k, d);
    const what = k === 0 ? say('the start', 'o início') : say(`after move ${k} (${step.played})`, `depois do movimento ${k} (${step.played})`);
    const label = say(`${what}: ${count(d, 'move')} to go${mistake ? ', a mistake' : ''}`, `${what}: ${faltam(d)}${mistake ? ', um erro' : ''}`);
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
  if (totals.mistakes === 0) return say('Every move optimal.', 'Todos os movimentos ótimos.');
  const lost = say(`${count(totals.moves_lost, 'move')} lost`, `${count(totals.moves_lost, 'move')} perdidos`);
  const parts = [`${count(totals.optimal, 'optimal move')}, ${count(totals.mistakes, 'mistake')} (${lost})`];
  const first = totals.first_mistake;
  if (first) {
    const plus = moves(first.your_plus_optimal);
    parts.push(say(`the first at move ${first.number} (your + optimal: ${plus})`, `o primeiro no movimento ${first.number} (seus + ótimo: ${plus})`));
  }
  return `${parts.join('; ')}.`;
}

/** What a point of the chart shows, in words: the position's distance and, at a mistake, what was better. */
export function describe(k, start, steps) {
  if (k === 0) return say(`The start: ${count(moves(start), 'move')} to go.`, `O início: ${faltam(moves(start))}.`);
  const step = steps[k - 1];
  const [before, after] = [count(moves(step.before), 'move'), moves(step.after)];
  const better = alternatives([...step.optimal_moves].map(direction));
  const played = direction(step.played);
  const verdict = step.verdict === 'mistake'
    ? say(
      ` Move ${k} (${played}) was a mistake: ${before} to go before it, ${after} after; optimal was ${better}.`,
      ` O movimento ${k} (${played}) foi um erro: ${moves(step.before) === 1 ? 'faltava' : 'faltavam'} ${before} antes dele, ${after} depois; o ótimo era ${better}.`,
    )
    : step.verdict === 'optimal' ? say(` Move ${k} kept the optimum.`, ` O movimento ${k} manteve o ótimo.`) : '';
  return say(`After move ${k}: ${count(moves(step.after), 'move')} to go.`, `Depois do movimento ${k}: ${faltam(moves(step.after))}.`) + verdict;
}
