// The npuzzle page: the game lives in WebAssembly (npuzzle-core); this draws it, reads keys, mouse and touch, and asks workers.
import init, {
  WebGame, version, command_of_key as commandOfKey, live_optimal_cells as liveOptimalCells,
  expand_moves as expandMoves, check_keys as checkKeys,
  daily_position as dailyPosition,
} from './pkg/npuzzle_web.js';
import { drawChart, summarise, describe } from './analysis.js';
import { Solver, Superseded } from './solver.js';
import { stored, storedRecords, addRecords, renderStats, wireStats, keepMistakes } from './stats.js';
import { gradeWords } from './hints.js';
import { count, faltam, direction as towards, number, say, sentence, speak, chosen, language } from './lang.js';
import { Trainer, MOST } from './trainer.js';
import { drawBoard } from './board.js';
import { startLab } from './lab.js';
import { Player } from './player.js';

const $ = (id) => document.getElementById(id);
// The core's key map names commands; the arrows' commands as move letters.
const SLIDES = { up: 'U', down: 'D', left: 'L', right: 'R' };
const OPPOSITE = { U: 'D', D: 'U', L: 'R', R: 'L' };
// The optimal length is computed in the worker for boards up to this many cells (set from the
// core once the module is loaded).
let OPTIMAL_CELLS = 16;

const state = {
  game: null,
  goal: 'blank-last', // the goal menu's choice, for the next game dealt
  dealtGoal: 'blank-last',
  hint: null, // the tile a hint points at
  player: null, // god mode: plays a solution's moves
  optimal: null,
  optimalPending: false,
  announced: false,
  typed: '', // the digits of a tile number typed so far
  watching: false, // a replay of the game just won is playing
  solver: null, // hints and Solve
  measure: null, // the optimal length of the start, for the win dialog
  builder: null, // builds the 4x4 databases, once per goal, in a worker never stopped
  databases: new Map(), // goal → 'building' or 'ready'
  analyst: null, // analyses won games
  finished: null, // the game won last and its analysis: { game, start, goal, moves, start_distance, steps }
  waiting: null, // a 4x4 analysis waiting for the databases
  viewing: false, // the board shows a position of the chart, not a game in play
  daily: null, // the date (UTC) of the daily puzzle in play
  grade: null, // the graded hint given at this position: { position, grade, good }
  trainer: null,
  lab: null,
};

/**
 * Makes 4x4 hints and solutions instant: the 6-6-3 databases for `goal` are built once, in a
 * worker of their own (seconds; walking distance answers meanwhile), and handed to the solver
 * workers, which keep them across cancellations. `document.body.dataset.databases` says
 * `ready` once they are in use.
 */
function prepareDatabases(goal) {
  if (state.databases.has(goal)) return;
  state.databases.set(goal, 'building');
  state.builder.build(goal).then((bytes) => {
    state.databases.set(goal, 'ready');
    for (const solver of [state.solver, state.measure, state.analyst, state.trainer.solver, ...state.lab.solvers]) {
      solver.useDatabases(goal, bytes.slice());
    }
    document.body.dataset.databases = 'ready';
    if (state.waiting?.goal === goal) analyse(state.waiting);
  }, () => state.databases.delete(goal));
}

const now = () => performance.now();

function message(text) {
  $('message').textContent = text;
}

/** Says what went wrong, on screen and to screen readers. */
function complain(error) {
  message(sentence(error));
  announce(sentence(error));
}

function announce(text) {
  $('announce').textContent = text;
}

/** Where the game in play is kept between reloads of the page (this tab only). */
const SAVED = 'npuzzle-game';

/** A part a link carries (`…&moves=R2UL`: `moves`), if any. */
function linkParameter(link, name) {
  return new URLSearchParams(link.split('&').slice(1).join('&')).get(name);
}

/** The moves a link carries, if any. */
const linkMoves = (link) => linkParameter(link, 'moves');

/**
 * Starts a game from a seed, a size, a game `prepared` (a replay's), or a link (the address: a scramble with its seed, goal and
 * moves). A link to the game this tab was playing (a reload) restores it whole, time included;
 * another link's moves are replayed, as the solver plays, and the game counts as assisted.
 */
function newGame({ size, seed, link, prepared, daily = null } = {}) {
  state.player.stop();
  state.solver.cancel();
  state.analyst.cancel();
  state.trainer.stop();
  state.watching = false;
  state.viewing = false;
  state.finished = null;
  state.waiting = null;
  state.daily = daily;
  state.grade = null;
  $('analysis').hidden = true;
  $('chart').replaceChildren();
  $('chart').dataset.done = 'false';
  $('analysis-summary').textContent = '';
  $('daily-result').hidden = true;
  let replay = null;
  let watching = null; // a replay link's timed steps
  try {
    if (prepared) {
      state.game = prepared;
    } else if (link) {
      let restored = null;
      try {
        restored = WebGame.load(sessionStorage.getItem(SAVED) ?? '');
      } catch { /* nothing kept, or another game */ }
      if (restored?.link() === link) {
        state.game = restored;
      } else {
        state.game = WebGame.from_link(link, state.goal);
        const moves = linkMoves(link);
        if (moves) replay = expandMoves(moves, state.game.start_position());
        watching = linkParameter(link, 'replay');
      }
    } else {
      state.game = new WebGame(size ?? $('size').value, seed || undefined, state.goal, Math.random() * 2 ** 52);
    }
  } catch (error) {
    complain(error);
    return;
  }
  // The goal of the game in play (the menu's is for the next game; a link brings its own).
  state.dealtGoal = state.game.goal();
  state.typed = '';
  if ($('win').open) {
    $('win').returnValue = '';
    $('win').close();
  }
  state.hint = null;
  state.announced = false;
  state.optimal = null;
  state.optimalPending = false;
  const { game } = state;
  // The field is for a seed the player types: emptied once dealt, so that the next New game is
  // new. The seed of the game in play is shown beside it, and Replay deals it again.
  $('seed').value = '';
  $('seed-now').textContent = game.seed() ? `${say('Seed', 'Semente')} ${game.seed()}` : '';
  $('replay').hidden = !game.seed();
  const shape = `${game.width()}x${game.height()}`;
  if (![...$('size').options].some((o) => o.value === shape)) $('size').add(new Option(shape));
  $('size').value = shape;
  message('');
  render();
  if (game.width() === 4 && game.height() === 4) prepareDatabases(state.dealtGoal);
  if (game.width() * game.height() <= OPTIMAL_CELLS) {
    const start = game.start_game_id();
    state.optimalPending = true;
    const answered = (solution) => {
      const { finished } = state;
      if ((finished?.game ?? state.game).start_game_id() !== start) return;
      state.optimalPending = false;
      if (solution?.optimal) state.optimal = solution.length;
      // A quick win may open the dialog before the worker answers: fill it in, and record it.
      if ($('win').open) showOptimal();
      if (finished) record(finished);
    };
    state.measure.solve(start, state.dealtGoal).then(answered, () => answered(null));
  }
  if (replay) {
    state.game.mark_assisted();
    state.player.start({ moves: replay, optimal: false, algorithm: 'replay' }, say('Replaying', 'A repetir'), say("the link's moves", 'os movimentos da ligação'));
  }
  if (watching) watch(watching, 1);
}

/** Draws the board (the hint marked, the tiles just moved sliding in), then keeps the game. */
function render(moved = null, direction = null) {
  const { game } = state;
  drawBoard($('board'), game, { hint: state.hint, moved, direction });
  // The address shares the scramble (with its seed, goal and the moves so far); the tab keeps
  // the whole game, so a reload goes on where it was.
  history.replaceState(null, '', `#${game.link()}`);
  keep();
  status();
}

/** Keeps the game in play for a reload of this tab (its time included). */
function keep() {
  try {
    sessionStorage.setItem(SAVED, state.game.save(now()));
  } catch { /* storage full or disabled: a reload replays the link's moves instead */ }
}

function status() {
  const { game } = state;
  const t = now();
  $('moves').textContent = `${say('Moves', 'Movimentos')} ${game.stm()} STM · ${game.mtm()} MTM`;
  $('time').textContent = `${number(game.elapsed_ms(t) / 1000, 1)} s`;
  // No time has passed before the second move: a rate of 0.00 would be wrong.
  const tps = game.tiles_per_second(t);
  $('tps').textContent = tps > 0 ? `${number(tps, 2)} TPS` : '— TPS';
  $('assisted').hidden = !game.is_assisted();
  $('pause').hidden = $('step').hidden = $('stop').hidden = !state.player.active;
  $('pause').textContent = state.player.paused ? say('Resume', 'Retomar') : say('Pause', 'Pausa');
}

/** Runs a move, then redraws, announces, and checks for the win. */
function act(move, describe) {
  state.solver.cancel(); // a hint or solution for the position before is of no use now
  const before = state.game.cells();
  message(''); // before the move: what the move says (Nothing to undo.) stays
  let result;
  try {
    result = move();
  } catch (error) {
    complain(error);
    return false;
  }
  const after = state.game.cells();
  const moved = [...after].filter((tile, i) => tile !== 0 && before[i] !== tile);
  const direction = describe?.(result);
  if (state.hint !== null && moved.length) state.hint = null;
  if (moved.length) state.grade = null;
  render(moved, direction);
  if (moved.length) state.trainer.moved(state.game);
  if (direction) {
    const tiles = moved.length === 1 ? say(`Tile ${moved[0]} moved`, `A peça ${moved[0]} moveu-se`) : say(`Tiles ${moved.join(', ')} moved`, `As peças ${moved.join(', ')} moveram-se`);
    announce(`${tiles} ${towards(direction)}. ${count(state.game.stm(), 'move')}.`);
  }
  if (state.game.is_won()) win();
  return true;
}

function slideDirection(row, column) {
  const cells = state.game.cells();
  const width = state.game.width();
  const blank = cells.indexOf(0);
  const [br, bc] = [Math.floor(blank / width), blank % width];
  if (row === br) return column < bc ? 'R' : 'L';
  return row < br ? 'D' : 'U';
}

function arrow(letter) {
  const direction = $('blank-keys').checked ? OPPOSITE[letter] : letter;
  act(() => state.game.arrow(direction, now()), () => direction);
}

/**
 * A digit of a tile's number typed: the tile slides once the number cannot go on (on a 3x3 at
 * once; on a 4x4 after "1" it waits for a second digit or Enter), as in the terminal game.
 */
function typeDigit(digit) {
  state.typed = (state.typed + digit).slice(0, 7);
  const typed = Number(state.typed);
  const tiles = state.game.width() * state.game.height() - 1;
  if (typed * 10 > tiles) moveTyped();
  else message(typing(state.typed));
}

/** What the page says while a tile's number is typed. */
const typing = (typed) => say(`Tile ${typed}_ (Enter slides it)`, `Peça ${typed}_ (Enter desliza-a)`);

/** Slides the tile whose number was typed. */
function moveTyped() {
  const tile = Number(state.typed);
  state.typed = '';
  const cells = state.game.cells();
  const from = cells.indexOf(tile);
  const direction = from >= 0 ? slideDirection(Math.floor(from / state.game.width()), from % state.game.width()) : null;
  act(() => state.game.move_tile(tile, now()), () => direction);
}

function clickCell(row, column) {
  const direction = slideDirection(row, column);
  act(() => state.game.click(row, column, now()), () => direction);
}

/** The win dialog's line on the optimal length: known, still being computed, or out of reach. */
function showOptimal() {
  const game = state.finished?.game ?? state.game;
  const efficiency = state.optimal !== null && Math.round((100 * state.optimal) / Math.max(game.stm(), 1));
  $('win-optimal').textContent = state.optimal !== null
    ? say(`Optimal: ${count(state.optimal, 'move')}; efficiency ${efficiency}%.`, `Ótimo: ${count(state.optimal, 'move')}; eficiência ${efficiency}%.`)
    : state.optimalPending
      ? say('Computing the optimal length…', 'A calcular o comprimento ótimo…')
      : say(`The optimal length is computed for boards of up to ${OPTIMAL_CELLS} cells.`, `O comprimento ótimo é calculado para tabuleiros até ${OPTIMAL_CELLS} casas.`);
}

/** Where the player's own keys are kept (`up=i,hint=space`, as `npuzzle play --keys`). */
const KEYS = 'npuzzle-keys';
const storedKeys = () => stored(KEYS, '');

/** Plays the game just won again on its scramble, at the player's pace times the speed chosen. */
function watchReplay() {
  const won = state.finished?.game ?? state.game;
  const steps = won.replay();
  newGame({ prepared: won.watch() });
  watch(steps, Number($('replay-speed').value));
}

/** Plays timed steps (`R2@1530 U@2010`, checked by the core) on the game in play, from its start. */
function watch(steps, speed) {
  const parsed = steps.split(/[ _]/).filter(Boolean).map((token) => {
    const [, letter, count, at] = token.match(/^([UDLR])(\d*)@(\d+)$/);
    return { letter, count: Number(count || 1), at: Number(at) };
  });
  state.watching = true;
  const moves = parsed.flatMap((s) => Array(s.count).fill(s.letter)).join('');
  const times = parsed.flatMap((s) => Array(s.count).fill(s.at));
  state.player.start({ moves }, say('Watching', 'A ver'), say('the game as it was played', 'o jogo como foi jogado'), times, speed);
}

function win() {
  state.player.stop();
  const { game } = state;
  if (state.watching || state.viewing) {
    message(state.watching
      ? say(`Replay finished: ${count(game.stm(), 'move')}, as played.`, `Repetição terminada: ${count(game.stm(), 'move')}, como jogado.`)
      : say('Solved, from a position of the chart.', 'Resolvido, a partir de uma posição do gráfico.'));
    state.watching = false;
    return;
  }
  if (state.trainer.active) {
    state.trainer.won(game);
    return;
  }
  $('win-summary').textContent = `${game.summary(now())}.`;
  showOptimal();
  const seed = game.seed();
  $('win-seed').textContent = seed ? `${say('Seed', 'Semente')} ${seed} (npuzzle play --size ${game.width()}x${game.height()} --seed ${seed})` : '';
  if (!state.announced) {
    state.announced = true;
    announce(say(`Solved in ${count(game.stm(), 'move')}.`, `Resolvido em ${count(game.stm(), 'move')}.`));
    const finished = { game, start: game.start_position(), goal: game.goal(), at: now(), when: Date.now() / 1000 };
    finished.moves = expandMoves(game.moves(), finished.start);
    state.finished = finished;
    // The record waits for the start's optimum, which the worker may still be proving.
    if (!state.optimalPending) record(finished);
    analyse(finished);
  }
  // In the page's flow, under the status (a modal dialog covered the board's last row): the
  // keyboard goes to its New game button.
  $('replay-link').href = `#${game.replay_link()}`;
  if (!$('win').open) {
    $('win').show();
    $('again').focus();
  }
}

/** Keeps the game won in the statistics (a daily puzzle with its streak and its line to share). */
function record(finished) {
  if (finished.recorded) return;
  finished.recorded = true;
  const { game } = finished;
  addRecords(`[${recordOf(finished, state.optimal ?? undefined)}]`);
  if (finished.mistakes) keepMistakes(finished.when, game.stm(), finished.mistakes);
}

/** The record of the game won: a daily result (its line to share shown) or a game. */
function recordOf({ game, at, when }, optimal) {
  if (state.daily) {
    try {
      const { record: daily, share } = JSON.parse(game.daily_record(state.daily, at, optimal, when, storedRecords()));
      $('share-line').textContent = share;
      $('daily-result').hidden = false;
      return JSON.stringify(daily);
    } catch (error) {
      complain(error);
    }
  }
  return game.record(at, optimal, when);
}

/**
 * Analyses the game won in the analyst's worker, a move at a time: the chart fills in as the
 * moves come. A 4x4 waits for its databases (seconds), which make every distance instant.
 */
function analyse(finished) {
  const { game } = finished;
  const cells = game.width() * game.height();
  if (cells > OPTIMAL_CELLS) return;
  $('analysis').hidden = false;
  const four = game.width() === 4 && game.height() === 4;
  if (four && state.databases.get(finished.goal) !== 'ready') {
    state.waiting = finished;
    $('analysis-status').textContent = say('The analysis waits for the pattern databases (a few seconds)…', 'A análise espera pelas bases de dados de padrões (alguns segundos)…');
    return;
  }
  state.waiting = null;
  finished.steps = [];
  const total = finished.moves.length;
  const begun = performance.now();
  const chart = $('chart');
  chart.dataset.done = 'false';
  const draw = () => drawChart(chart, finished.start_distance, finished.steps, total, (k) => showPosition(k));
  const progress = ({ start, step }) => {
    if (start) finished.start_distance = start;
    if (step) finished.steps.push(step);
    draw();
    $('analysis-status').textContent = say(`Analysing: move ${finished.steps.length} of ${total}…`, `A analisar: movimento ${finished.steps.length} de ${total}…`);
  };
  state.analyst.ask({ analyse: { start: finished.start, moves: finished.moves, goal: finished.goal } }, progress).then((analysis) => {
    if (state.finished !== finished) return;
    const seconds = (performance.now() - begun) / 1000;
    chart.dataset.done = 'true';
    chart.dataset.seconds = seconds.toFixed(2);
    $('analysis-status').textContent = say(
      `Every move analysed, exact, in ${number(seconds, 1)} s. Choose a point to see its position.`,
      `Todos os movimentos analisados, exatos, em ${number(seconds, 1)} s. Escolha um ponto para ver a sua posição.`,
    );
    finished.totals = analysis.totals;
    $('analysis-summary').textContent = summarise(analysis.totals);
    // Kept with the game's record, as the terminal's records keep it.
    finished.mistakes = analysis.mistakes;
    if (finished.recorded && analysis.mistakes) keepMistakes(finished.when, game.stm(), analysis.mistakes);
  }, (error) => {
    if (!(error instanceof Superseded)) $('analysis-status').textContent = sentence(error);
  });
}

/** Shows on the board the position after move `k` of the game won (to look at, or play on from). */
function showPosition(k) {
  const finished = state.finished;
  if (!finished?.steps) return;
  state.player.stop();
  const viewer = WebGame.from_position(finished.start, finished.goal);
  viewer.mark_assisted();
  for (const letter of finished.moves.slice(0, k)) viewer.arrow(letter, 0);
  state.game = viewer;
  state.viewing = true;
  state.grade = null;
  render();
  $('board').dataset.shown = String(k);
  message(`${describe(k, finished.start_distance, finished.steps)} ${say('Play on from here, or choose another point.', 'Continue a jogar daqui, ou escolha outro ponto.')}`);
}

/**
 * Help: Solve plays a solution; Hint is graded where the page proves distances (up to
 * OPTIMAL_CELLS cells): first the distance to go, then every tile that keeps the optimum, then
 * one move. Each grade marks the game assisted. Larger boards get the move at once.
 */
async function help(kind) {
  const { game } = state;
  if (game.is_won()) return;
  game.mark_assisted();
  status();
  const position = game.game_id();
  const graded = kind === 'hint' && game.width() * game.height() <= OPTIMAL_CELLS;
  if (graded && state.grade?.position === position) {
    gradedHint(state.grade);
    return;
  }
  message(say('Thinking… (a move or Esc stops it)', 'A pensar… (um movimento ou Esc para)'));
  let answer;
  try {
    answer = graded
      ? await state.solver.ask({ good: { position, goal: state.dealtGoal } })
      : await state.solver.solve(position, state.dealtGoal);
  } catch (error) {
    if (!(error instanceof Superseded)) complain(error);
    return;
  }
  if (state.game.game_id() !== position) return; // the player moved on
  if (graded) {
    state.grade = { position, grade: 0, good: answer };
    gradedHint(state.grade);
  } else if (kind === 'hint') {
    const letter = answer.moves[0];
    state.hint = [tileOf(letter)];
    const quality = answer.optimal ? say('optimal', 'ótimo') : say('a good move', 'um bom movimento');
    const [hint, to] = [say(`Hint: move tile ${state.hint[0]} ${towards(letter)}`, `Dica: mova a peça ${state.hint[0]} ${towards(letter)}`), count(answer.length, 'move')];
    message(say(`${hint} (${quality}; ${to} to go).`, `${hint} (${quality}; ${faltam(answer.length)}).`));
    announce(`${hint}.`);
    render();
  } else {
    state.player.start(answer);
  }
}

/** The tile that move `letter` slides on the board in play. */
function tileOf(letter) {
  const cells = state.game.cells();
  const width = state.game.width();
  const offset = { U: width, D: -width, L: 1, R: -1 }[letter];
  return cells[cells.indexOf(0) + offset];
}

/** The next grade of a hint at this position: the distance, then the tiles, then a move. */
function gradedHint(grade) {
  grade.grade = Math.min(grade.grade + 1, 3);
  $('board').dataset.hintGrade = String(grade.grade);
  const said = gradeWords(grade.good, grade.grade, tileOf);
  message(said.message);
  announce(said.announce);
  if (said.tiles) {
    state.hint = said.tiles;
    render();
  }
}

/** Shows a trainer's round on the board (it is not a game of the statistics). */
function playTrainer(game) {
  state.player.stop();
  state.solver.cancel();
  state.game = game;
  state.dealtGoal = game.goal();
  state.viewing = false;
  state.finished = null;
  state.hint = null;
  state.grade = null;
  if ($('win').open) {
    $('win').returnValue = '';
    $('win').close();
  }
  if (game.width() === 4 && game.height() === 4) prepareDatabases(state.dealtGoal);
  render();
}

/** Today's daily puzzle (the UTC date) of the size chosen: the position npuzzle daily gives. */
function daily() {
  const today = new Date().toISOString().slice(0, 10);
  const size = $('size').value;
  let game;
  try {
    game = WebGame.from_position(dailyPosition(today, size), 'blank-last');
  } catch (error) {
    complain(error);
    return;
  }
  newGame({ prepared: game, daily: today });
  $('seed-now').textContent = `${say('Daily', 'Diário')} ${today}`;
  message(say(
    `The daily puzzle of ${today} (UTC), ${size}: the same position for everyone today. Fewest moves wins; then time.`,
    `O puzzle diário de ${today} (UTC), ${size}: a mesma posição para todos hoje. Ganha quem fizer menos movimentos; depois, o tempo.`,
  ));
}

/** Says everything shown again in the language just chosen (what was said before stays said). */
function respeak(name) {
  speak(name);
  render();
  state.trainer.render();
  state.lab.relabel();
  renderStats();
  const { finished } = state;
  if ($('win').open && !state.viewing) {
    $('win-summary').textContent = `${(finished?.game ?? state.game).summary(finished?.at ?? now())}.`;
    showOptimal();
  }
  if (finished?.steps) {
    drawChart($('chart'), finished.start_distance, finished.steps, finished.moves.length, (k) => showPosition(k));
    if (finished.totals) $('analysis-summary').textContent = summarise(finished.totals);
  }
  message('');
}

function fromAddress() {
  const fragment = decodeURIComponent(location.hash.slice(1));
  if (fragment && fragment !== state.game?.link()) newGame({ link: fragment });
}

function wire() {
  $('setup').addEventListener('submit', (event) => {
    event.preventDefault();
    newGame({ size: $('size').value, seed: $('seed').value.trim() });
    // The keys play the new game at once (focus would stay in the seed field).
    document.activeElement?.blur();
  });
  $('replay').addEventListener('click', () => {
    const seed = state.game?.seed();
    if (seed) newGame({ size: $('size').value, seed: String(seed) });
  });
  // A goal applies to the next game dealt: the menu never deals by itself (arrows on a focused
  // menu used to deal a new game at each press).
  $('goal').addEventListener('change', () => {
    state.goal = $('goal').value;
    const goal = $('goal').selectedOptions[0].textContent;
    message(say(`Goal: ${goal}. New game (n) deals a game toward it.`, `Objetivo: ${goal}. Novo jogo (n) dá um jogo para ele.`));
  });
  // Hover mode: with a mouse, a tile in line with the gap slides as the pointer comes onto it.
  // The tile a slide came from stays "the one under the pointer" until the pointer reaches
  // another cell: sliding redraws the board and animates the tile back under the pointer,
  // which must not slide it again.
  let underPointer = null;
  $('board').addEventListener('pointerover', (event) => {
    if (!$('hover').checked || event.pointerType !== 'mouse' || state.player.active) return;
    const cell = event.target.closest('.cell');
    if (!cell || cell.textContent === underPointer) return;
    underPointer = cell.textContent;
    if (cell.tabIndex !== 0 || state.game.is_won()) return;
    clickCell(Number(cell.dataset.row), Number(cell.dataset.column));
  });
  $('board').addEventListener('click', (event) => {
    const cell = event.target.closest('.cell');
    if (!cell || state.player.active) return;
    clickCell(Number(cell.dataset.row), Number(cell.dataset.column));
  });
  // The core words what they did (Nothing to undo.): the page only shows it.
  $('undo').addEventListener('click', () => act(() => message(state.game.undo())));
  $('redo').addEventListener('click', () => act(() => message(state.game.redo(now()))));
  $('restart').addEventListener('click', () => { state.player.stop(); act(() => state.game.restart()); });
  $('hint').addEventListener('click', () => help('hint'));
  $('solve').addEventListener('click', () => help('solve'));
  $('pause').addEventListener('click', () => state.player.togglePause());
  $('step').addEventListener('click', () => state.player.step());
  $('stop').addEventListener('click', () => { state.player.stop(); message(say('Your turn: play on from here.', 'É a sua vez: continue a jogar daqui.')); });
  $('contrast').addEventListener('change', () => document.body.classList.toggle('contrast', $('contrast').checked));
  $('watch').addEventListener('click', watchReplay);
  $('daily').addEventListener('click', () => {
    daily();
    document.activeElement?.blur();
  });
  $('copy-share').addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText($('share-line').textContent);
      message(say('The result is copied: it names no move.', 'O resultado foi copiado: não diz nenhum movimento.'));
    } catch {
      message(say('Copying is not allowed here: select the line and copy it.', 'Aqui não é permitido copiar: selecione a linha e copie-a.'));
    }
  });
  $('trainer-size').addEventListener('change', () => {
    $('trainer-distance').max = MOST[$('trainer-size').value];
  });
  $('trainer-form').addEventListener('submit', (event) => {
    event.preventDefault();
    newGame({ size: $('trainer-size').value });
    state.trainer.begin();
    document.activeElement?.blur();
  });
  $('win').addEventListener('close', () => {
    if ($('win').returnValue === 'new') newGame({ size: $('size').value });
  });
  document.addEventListener('keydown', (event) => {
    // Text fields and menus keep their keys; a checkbox or a button does not need arrows.
    const typing = event.target.closest('input:not([type=checkbox]), select');
    if (typing || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === 'Escape' && $('win').open) {
      $('win').close();
      return;
    }
    if (event.key === 'Escape' && state.solver.pending.size > 0) {
      state.solver.cancel();
      message(say('Stopped.', 'Parado.'));
      return;
    }
    const command = commandOfKey(event.key, false, Boolean(state.player.active), storedKeys());
    if (command === 'digit' && !state.player.active) {
      event.preventDefault();
      typeDigit(event.key);
      return;
    }
    if ((command === 'enter' || command === 'erase') && state.typed) {
      event.preventDefault(); // Enter ends the number typed (not a click on the focused tile)
      if (command === 'enter') moveTyped();
      else {
        state.typed = state.typed.slice(0, -1);
        message(state.typed ? typing(state.typed) : '');
      }
      return;
    }
    const run = {
      undo: () => $('undo').click(),
      redo: () => $('redo').click(),
      restart: () => $('restart').click(),
      new: () => newGame({ size: $('size').value }),
      hint: () => help('hint'),
      solve: () => help('solve'),
      pause: () => $('pause').click(),
      step: () => $('step').click(),
      'take-over': () => $('stop').click(),
      watch: () => { if (state.game.is_won() && !state.watching) watchReplay(); },
    }[command];
    if (SLIDES[command]) {
      event.preventDefault();
      arrow(SLIDES[command]);
    } else if (run) {
      event.preventDefault();
      run();
    }
  });
  $('language').value = language();
  $('language').addEventListener('change', () => respeak($('language').value));
  $('keys').value = storedKeys();
  $('keys-form').addEventListener('submit', (event) => {
    event.preventDefault();
    try {
      const keys = checkKeys($('keys').value);
      localStorage.setItem(KEYS, keys);
      $('keys').value = keys;
      $('keys-note').textContent = keys ? say('Your keys are in use.', 'As suas teclas estão em uso.') : say('The standard keys are in use.', 'As teclas habituais estão em uso.');
      document.activeElement?.blur(); // the keys play at once
    } catch (error) {
      $('keys-note').textContent = sentence(error);
    }
  });
  wireStats();
  window.addEventListener('hashchange', fromAddress);
  window.addEventListener('pagehide', () => { if (state.game) keep(); });
  setInterval(() => { if (state.game && !state.game.is_won()) status(); }, 100);
}

await init();
speak(chosen());
OPTIMAL_CELLS = liveOptimalCells();
$('version').textContent = version();
state.solver = new Solver();
state.measure = new Solver();
state.builder = new Solver();
state.analyst = new Solver();
state.trainer = new Trainer({
  solver: new Solver(), $, WebGame, expandMoves, message, play: playTrainer,
});
state.trainer.render();
state.lab = startLab(Solver, () => state.game.position());
state.player = new Player({
  play: (letter) => act(() => state.game.arrow(letter, now()), () => letter), message, changed: () => state.game && status(),
});
wire();
renderStats();
if (location.hash.length > 1) fromAddress();
if (!state.game) {
  // A link whose position cannot be played says why, above the game dealt instead.
  const problem = $('message').textContent;
  newGame({ size: '4x4' });
  if (problem) {
    message(say(
      `The link's position was not used: ${problem} Here is a new 4×4 game instead.`,
      `A posição da ligação não foi usada: ${problem} Em vez dela, aqui está um novo jogo 4×4.`,
    ));
  }
}
