// The search lab's model of one watched search: the events played so far folded into counts,
// the search tree (a node a path from the start), the frontier and the rounds; and the tree near
// the node being expanded drawn as SVG, a node's g, h and f in its name (hover or focus).
import { effective_branching as effectiveBranching } from './pkg/npuzzle_web.js';
import { say } from './lang.js';

const SVG = 'http://www.w3.org/2000/svg';
/** The most nodes drawn around the node being expanded: the view stays light at any tree size. */
const DRAWN = 90;
const ORDER = 'UDLR';

function element(name, attributes = {}) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  return node;
}

/** One search's trace (the worker's lab_trace) and how far it has been played. */
export class Watched {
  constructor(trace) {
    this.trace = trace;
    this.reset();
  }

  /** Back to before the first step. */
  reset() {
    this.at = 0;
    this.nodes = new Map(); // path → { g, h, f, state, why }
    this.frontier = new Map(); // path → f, opened and not yet expanded (best-first, RBFS)
    this.current = null; // the path of the node expanded last
    this.cells = null;
    this.counts = { expanded: 0, generated: 0, pruned: 0, rounds: 0, bound: null, limit: null, layers: [] };
    this.solution = null;
    this.said = '';
  }

  get done() {
    return this.at >= this.trace.steps.length;
  }

  node(path) {
    let node = this.nodes.get(path);
    if (!node) {
      node = { g: path.length, h: null, f: null, state: 'generated' };
      this.nodes.set(path, node);
    }
    return node;
  }

  /** Plays the next step; false when there is none. */
  step() {
    const event = this.trace.steps[this.at];
    if (!event) return false;
    this.at += 1;
    this.said = event.said;
    const counts = this.counts;
    const child = () => `${this.current ?? ''}${event.played}`;
    switch (event.event) {
      case 'iteration':
        counts.rounds += 1;
        counts.bound = event.bound;
        this.nodes.clear(); // a new round searches the tree again from the start
        this.current = null;
        break;
      case 'limit':
        counts.limit = event.bound;
        break;
      case 'layer':
        counts.layers.push(event.positions);
        break;
      case 'expanded': {
        counts.expanded += 1;
        this.current = event.path;
        this.cells = event.cells;
        this.frontier.delete(event.path);
        Object.assign(this.node(event.path), { g: event.g, h: event.h, f: event.g + event.h, state: 'expanded' });
        break;
      }
      case 'generated':
        counts.generated += 1;
        this.node(child()).g = event.g;
        break;
      case 'opened':
        this.frontier.set(child(), event.f);
        Object.assign(this.node(child()), { g: event.g, f: event.f });
        break;
      case 'pruned': {
        counts.pruned += 1;
        const node = this.node(child());
        node.state = 'pruned';
        node.why = event.why;
        if (event.f !== undefined) node.f = event.f;
        break;
      }
      case 'backup':
        this.node(child()).f = event.f;
        this.frontier.set(child(), event.f);
        break;
      case 'solution':
        this.solution = event.moves;
        break;
      default:
    }
    return true;
  }

  /** The effective branching factor so far: the nodes generated against the solution's depth. */
  branching() {
    return effectiveBranching(this.counts.generated + 1, this.trace.moves.length);
  }

  /** The frontier's best nodes: the least f first, the deeper among equals. */
  best(n = 5) {
    return [...this.frontier.entries()]
      .sort(([a, f], [b, g]) => f - g || b.length - a.length)
      .slice(0, n);
  }
}

/** What a node is, in words: its path, g, h, f and why it was skipped. */
function named(path, node) {
  const why = {
    parent: say('undoes the last move', 'desfaz o último movimento'),
    machine: say('a shorter sequence does the same', 'uma sequência mais curta faz o mesmo'),
    bound: say('past the bound', 'passa o limite'),
    duplicate: say('reached before', 'já alcançada'),
  }[node.why];
  const parts = [`${path || say('the start', 'o início')}: g = ${node.g}`];
  if (node.h !== null) parts.push(`h = ${node.h}`);
  if (node.f !== null) parts.push(`f = ${node.f}`);
  return parts.join(', ') + (why ? ` (${why})` : '');
}

/** The paths drawn: the subtree of the current node's grandparent, at most DRAWN nodes, breadth first. */
function near(watched) {
  const current = watched.current ?? '';
  const anchor = current.slice(0, Math.max(0, current.length - 2));
  const kids = (path) => [...ORDER].map((m) => path + m).filter((p) => watched.nodes.has(p));
  const drawn = [anchor];
  for (let i = 0; i < drawn.length && drawn.length < DRAWN; i++) {
    for (const kid of kids(drawn[i])) if (drawn.length < DRAWN) drawn.push(kid);
  }
  return { anchor, drawn: new Set(drawn.filter((p) => watched.nodes.has(p) || p === anchor)), kids };
}

/** Draws the tree near the node being expanded into `svg`. */
export function drawTree(svg, watched) {
  const { anchor, drawn, kids } = near(watched);
  const place = new Map();
  let leaves = 0;
  const lay = (path) => {
    const shown = kids(path).filter((p) => drawn.has(p));
    if (shown.length === 0) {
      place.set(path, [leaves++, path.length - anchor.length]);
      return;
    }
    shown.forEach(lay);
    const xs = shown.map((p) => place.get(p)[0]);
    place.set(path, [(Math.min(...xs) + Math.max(...xs)) / 2, path.length - anchor.length]);
  };
  lay(anchor);
  const [dx, dy] = [34, 46];
  const width = Math.max(leaves, 1) * dx + 20;
  const height = (Math.max(...[...place.values()].map(([, y]) => y)) + 1) * dy + 10;
  const parts = [];
  const at = (path) => place.get(path).map((v, k) => (k === 0 ? 10 + dx / 2 + v * dx : 18 + v * dy));
  for (const path of place.keys()) {
    if (path === anchor) continue;
    const [x1, y1] = at(path.slice(0, -1));
    const [x2, y2] = at(path);
    parts.push(element('line', { x1, y1, x2, y2, class: 'edge' }));
  }
  const onPath = (path) => watched.solution?.startsWith(path);
  for (const [path] of place) {
    const node = watched.nodes.get(path) ?? { g: path.length, h: null, f: null, state: 'expanded' };
    const [cx, cy] = at(path);
    const classes = ['node', node.state];
    if (path === watched.current) classes.push('current');
    if (onPath(path)) classes.push('on-solution');
    const circle = element('circle', { cx, cy, r: 11, class: classes.join(' '), tabindex: 0, 'data-path': path, 'aria-label': named(path, node) });
    const title = element('title');
    title.textContent = named(path, node);
    circle.append(title);
    parts.push(circle);
    const label = element('text', { x: cx, y: cy + 4, 'text-anchor': 'middle', class: 'node-label' });
    label.textContent = node.f ?? '';
    parts.push(label);
    if (path) {
      const move = element('text', { x: cx - 14, y: cy - 12, class: 'move-label' });
      move.textContent = path.at(-1);
      parts.push(move);
    }
  }
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  svg.setAttribute('width', Math.min(width, 560));
  svg.replaceChildren(...parts);
  svg.dataset.nodes = String(watched.nodes.size);
  svg.dataset.drawn = String(place.size);
}
