// The search lab: a position (the game's, an example or one typed), one or two settings (an
// algorithm and a heuristic), each search watched in a worker of its own (the library's
// lab_trace, in WebAssembly) and played back step by step, played, paused, faster, back to the
// start: the node being expanded on a small board, the tree near it, the frontier's best nodes,
// the counts and rounds, and a sentence a step saying what the search just did and why.
import { Watched, drawTree } from './labtree.js';
import { runTable } from './labtable.js';
import { count, language, number, say, sentence } from './lang.js';

const $ = (id) => document.getElementById(id);
/** The steps kept of each search: a lesson's worth, and a tree of thousands of nodes. */
const STEPS = 20_000;
const SPEEDS = [1, 2, 4, 8, 15, 30, 60];

/** Positions to start from: 8-puzzles by their distance, and a 4×4. */
export const EXAMPLES = [
  ['4 1 3/7 2 6/0 5 8', 6],
  ['8 1 3/4 0 2/7 6 5', 14],
  ['7 2 4/5 0 6/8 3 1', 20],
  ['8 6 7/2 5 4/3 0 1', 31],
  ['5 1 2 4/9 6 3 8/13 14 10 7/0 15 11 12', 25],
];

export class Lab {
  /** `solvers`: two solver workers (one a pane); `position()`: the game's position. */
  constructor({ solvers, position }) {
    this.solvers = solvers;
    this.position = position;
    this.panes = [];
    this.speed = 2; // an index of SPEEDS
    this.playing = false;
    this.frame = null;
  }

  /** Words what the lab shows of its own in the page's language (again when it changes). */
  relabel() {
    $('lab-example').replaceChildren(new Option(say('Examples…', 'Exemplos…'), ''), ...EXAMPLES.map(([position, d]) => {
      const size = position.split('/').length;
      return new Option(`${size}×${size}, ${count(d, 'move')}: ${position}`, position);
    }));
    this.faster(0);
    if (!this.playing) this.pause();
    if (this.panes.length) this.show();
  }

  /** Fills the examples, gives the second search the first's settings, and wires the controls. */
  wire() {
    this.relabel();
    const second = $('lab-settings-2');
    second.append(...[...$('lab-settings-1').querySelectorAll(':scope > label')].map((label) => label.cloneNode(true)));
    second.querySelector('.lab-algorithm').value = 'astar';
    second.querySelector('.lab-heuristic').value = 'misplaced';
    $('lab-example').addEventListener('change', () => {
      if ($('lab-example').value) $('lab-position').value = $('lab-example').value;
    });
    $('lab-from-game').addEventListener('click', () => { $('lab-position').value = this.position(); });
    $('lab-compare').addEventListener('change', () => { $('lab-settings-2').hidden = !$('lab-compare').checked; });
    $('lab-form').addEventListener('submit', (event) => {
      event.preventDefault();
      this.search();
    });
    $('lab-step').addEventListener('click', () => { this.pause(); this.advance(1); });
    $('lab-play').addEventListener('click', () => (this.playing ? this.pause() : this.play()));
    $('lab-back').addEventListener('click', () => {
      this.pause();
      for (const pane of this.panes) pane.watched.reset();
      this.show();
    });
    $('lab-faster').addEventListener('click', () => this.faster(1));
    $('lab-goto').addEventListener('submit', (event) => {
      event.preventDefault();
      this.pause();
      this.goto(Number($('lab-step-number').value));
    });
    $('lab-slower').addEventListener('click', () => this.faster(-1));
    $('table-form').addEventListener('submit', (event) => {
      event.preventDefault();
      runTable(this.solvers[1]);
    });
  }

  /** The settings of fieldset `k` (1 or 2). */
  settings(k) {
    const [algorithm, heuristic] = ['.lab-algorithm', '.lab-heuristic'].map((c) => $(`lab-settings-${k}`).querySelector(c));
    const name = `${algorithm.selectedOptions[0].textContent} · ${heuristic.selectedOptions[0].textContent}`;
    return { algorithm: algorithm.value, heuristic: heuristic.value, name };
  }

  /** Searches the position under each setting chosen, in the workers, then shows the start. */
  async search() {
    this.pause();
    const position = $('lab-position').value.trim() || EXAMPLES[0][0];
    $('lab-position').value = position;
    const chosen = [this.settings(1), ...($('lab-compare').checked ? [this.settings(2)] : [])];
    $('lab-status').textContent = say('Searching in the worker…', 'A procurar no worker…');
    $('lab-view').dataset.ready = 'false';
    try {
      const traces = await Promise.all(chosen.map(({ algorithm, heuristic }, k) => this.solvers[k].ask({
        lab: { position, goal: 'blank-last', algorithm, heuristic, cap: STEPS, lang: language() },
      })));
      this.panes = traces.map((trace, k) => ({ setting: chosen[k], watched: new Watched(trace) }));
    } catch (error) {
      $('lab-status').textContent = sentence(error);
      return;
    }
    this.build();
    this.show();
    const steps = this.panes.map((p) => p.watched.trace.steps.length);
    $('lab-status').textContent = say(
      `Ready: ${steps.join(' and ')} steps. Step, or play.`,
      `Pronto: ${steps.join(' e ')} passos. Passo a passo, ou reproduzir.`,
    );
    $('lab-view').dataset.ready = 'true';
  }

  /** A pane per search: its title, counts, sentence, board, tree and frontier. */
  build() {
    $('lab-panes').replaceChildren(...this.panes.map((pane, k) => {
      const section = document.createElement('section');
      section.className = 'lab-pane';
      section.dataset.pane = String(k);
      const title = document.createElement('h4');
      title.textContent = pane.setting.name;
      const parts = ['counts', 'said', 'board', 'frontier'].map((name) => {
        const node = document.createElement(name === 'board' ? 'div' : 'p');
        node.className = `lab-${name}`;
        return node;
      });
      parts[1].setAttribute('aria-live', k === 0 ? 'polite' : 'off');
      const tree = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
      tree.setAttribute('class', 'lab-tree');
      tree.setAttribute('role', 'group');
      tree.setAttribute('aria-label', say('The search tree near the node expanded', 'A árvore de busca perto do nó expandido'));
      Object.assign(pane, { section, counts: parts[0], said: parts[1], board: parts[2], frontier: parts[3], tree });
      section.append(title, parts[0], parts[1], parts[2], tree, parts[3]);
      return section;
    }));
  }

  /** Plays `n` steps of every search still going. */
  advance(n) {
    for (const pane of this.panes) for (let k = 0; k < n && pane.watched.step(); k++);
    this.show();
    if (this.panes.every((p) => p.watched.done)) this.pause();
  }

  /** Every search at step `n` (its last step if it has fewer), drawn once. */
  goto(n) {
    for (const { watched } of this.panes) {
      const target = Math.max(0, Math.min(Math.round(n) || 0, watched.trace.steps.length));
      if (target < watched.at) watched.reset();
      while (watched.at < target) watched.step();
    }
    this.show();
  }

  play() {
    if (!this.panes.length) return;
    this.playing = true;
    $('lab-play').textContent = say('Pause', 'Pausa');
    let last = performance.now();
    let due = 0;
    const tick = (now) => {
      if (!this.playing) return;
      due += ((now - last) / 1000) * SPEEDS[this.speed];
      last = now;
      const steps = Math.floor(due);
      if (steps > 0) {
        due -= steps;
        this.advance(steps);
      }
      if (this.playing) this.frame = requestAnimationFrame(tick);
    };
    this.frame = requestAnimationFrame(tick);
  }

  pause() {
    this.playing = false;
    if (this.frame) cancelAnimationFrame(this.frame);
    $('lab-play').textContent = say('Play', 'Reproduzir');
  }

  faster(by) {
    this.speed = Math.max(0, Math.min(SPEEDS.length - 1, this.speed + by));
    $('lab-speed').textContent = say(`${SPEEDS[this.speed]} steps/s`, `${SPEEDS[this.speed]} passos/s`);
  }

  /** Draws every pane as its search stands. */
  show() {
    for (const pane of this.panes) {
      const { watched } = pane;
      const { counts } = watched;
      const parts = [
        say(`step ${watched.at} of ${watched.trace.steps.length}`, `passo ${watched.at} de ${watched.trace.steps.length}`),
        say(`${counts.expanded} expanded`, `${counts.expanded} expandidos`),
        say(`${counts.generated} generated`, `${counts.generated} gerados`),
        say(`${counts.pruned} skipped`, `${counts.pruned} ignorados`),
        `b* ${number(watched.branching(), 2)}`,
      ];
      if (counts.rounds) parts.push(say(`round ${counts.rounds}, threshold ${counts.bound}`, `ronda ${counts.rounds}, limiar ${counts.bound}`));
      if (counts.limit !== null) parts.push(say(`f-limit ${counts.limit}`, `limite de f ${counts.limit}`));
      if (counts.layers.length) parts.push(say(`${counts.layers.length} layers`, `${counts.layers.length} camadas`));
      pane.counts.textContent = parts.join(' · ');
      pane.section.dataset.expanded = String(counts.expanded);
      pane.section.dataset.generated = String(counts.generated);
      pane.said.textContent = watched.done ? `${watched.said} ${watched.trace.closing}` : watched.said;
      this.drawBoard(pane);
      drawTree(pane.tree, watched);
      const best = watched.best();
      pane.frontier.textContent = best.length
        ? say('Frontier, best first: ', 'Fronteira, a melhor primeiro: ') + best.map(([path, f]) => `${path || '—'} (f = ${f})`).join(', ')
        : '';
    }
  }

  /** The node being expanded, on a small board. */
  drawBoard(pane) {
    const cells = pane.watched.cells;
    if (!cells) {
      pane.board.replaceChildren();
      return;
    }
    const { width } = pane.watched.trace;
    pane.board.style.setProperty('--w', width);
    pane.board.replaceChildren(...cells.map((tile) => {
      const cell = document.createElement('span');
      cell.textContent = tile || '';
      if (!tile) cell.className = 'gap';
      return cell;
    }));
  }
}

/** The lab of the page: two workers of its own (one a pane), wired to its form and controls. */
export function startLab(Solver, position) {
  const lab = new Lab({ solvers: [new Solver(), new Solver()], position });
  lab.wire();
  return lab;
}
