// The trainer: rounds on positions dealt at an exact distance from the goal (the library's
// deal_at_distance, in a worker of the trainer's own), two drills: "play an optimal move"
// (the first move is judged against every optimal move, proved) and "finish optimally" (solve
// in exactly the distance dealt: the round is lost at the first move that loses the optimum).
// Rounds are timed and scored; each level (size, drill, distance) keeps its statistics in this
// browser beside the games'.
import { trainer_add as trainerAdd, trainer_levels as trainerLevels } from './pkg/npuzzle_web.js';
import { alternatives, count, direction, faltam, number, say, sentence } from './lang.js';

/**
 * Where the trainer's statistics are kept: the JSON `npuzzle trainer` keeps in trainer.json
 * ({ "4x4 move 30": { rounds, optimal, milliseconds } }), read and added to by the library,
 * which checks it. Statistics that do not read back are set aside under DAMAGED, not lost.
 */
const KEPT = 'npuzzle-trainer';
const DAMAGED = 'npuzzle-trainer-damaged';

/** The distances each size's levels go up to (the 3x3's farthest position is 31 moves away). */
export const MOST = { '3x3': 30, '4x4': 50 };


export class Trainer {
  /**
   * `host` is the page: `solver` (a worker of the trainer's own), `$`, `WebGame`, `play(game)`
   * (shows a game on the board) and `message(text)`.
   */
  constructor(host) {
    this.host = host;
    this.solver = host.solver;
    this.active = false;
    this.seed = Math.floor(Math.random() * 1e9);
  }

  /** The level chosen in the trainer's form. */
  level() {
    const { $ } = this.host;
    const size = $('trainer-size').value;
    const distance = Math.max(1, Math.min(MOST[size], Math.round(Number($('trainer-distance').value) || 1)));
    $('trainer-distance').value = distance;
    return { size, drill: $('trainer-drill').value, distance, rounds: Math.max(1, Math.min(50, Number($('trainer-rounds').value) || 10)) };
  }

  /** Starts a session of rounds at the chosen level. */
  begin() {
    this.session = { ...this.level(), round: 0, scored: 0, milliseconds: 0 };
    this.active = true;
    this.next();
  }

  /** Ends the session (a new game, or the rounds are done). */
  stop() {
    if (!this.active) return;
    this.active = false;
    this.solver.cancel();
  }

  /** Deals the next round, with every optimal move of its position proved before it is shown. */
  async next() {
    const { session, host } = this;
    if (!this.active) return;
    if (session.round === session.rounds) {
      this.finish();
      return;
    }
    session.round += 1;
    const round = say(`Round ${session.round} of ${session.rounds}`, `Ronda ${session.round} de ${session.rounds}`);
    this.status(say(`${round}: dealing a position ${count(session.distance, 'move')} from the goal…`, `${round}: a dar uma posição a ${count(session.distance, 'move')} do objetivo…`));
    try {
      const position = await this.solver.ask({ deal: { size: session.size, goal: 'blank-last', distance: session.distance, seed: String(this.seed++) } });
      const good = await this.solver.ask({ good: { position, goal: 'blank-last' } });
      if (!this.active) return;
      const game = host.WebGame.from_position(position, 'blank-last');
      game.mark_assisted(); // a trainer's round is never a solve in the statistics
      this.round = { position, good, game, dealt: performance.now(), played: 0, distance: session.distance };
      host.play(game);
      const to = count(session.distance, 'move');
      const ask = session.drill === 'move'
        ? say('play an optimal move', 'jogue um movimento ótimo')
        : say(`solve it in exactly ${to}`, `resolva em exatamente ${to}`);
      this.status(say(`${round}: ${to} to go; ${ask}.`, `${round}: ${faltam(session.distance)}; ${ask}.`));
    } catch (error) {
      if (this.active) this.status(sentence(error));
    }
  }

  /** Judges the move just played in this round's game (the page calls it after every move). */
  async moved(game) {
    const { round, session, host } = this;
    if (!this.active || !round || round.game !== game || round.over) return;
    const letters = host.expandMoves(game.moves(), round.position);
    const grew = letters.length > round.played;
    round.played = letters.length;
    if (!grew) return; // an undo
    const letter = letters[letters.length - 1];
    if (session.drill === 'move') {
      const optimal = round.good.optimal_moves.includes(letter);
      const [played, better] = [direction(letter), alternatives([...round.good.optimal_moves].map(direction))];
      this.score(optimal, optimal
        ? say(`Optimal (${played}).`, `Ótimo (${played}).`)
        : say(`Not optimal: ${played} loses two moves; optimal was ${better}.`, `Não é ótimo: ${played} perde dois movimentos; o ótimo era ${better}.`));
      return;
    }
    // Finish optimally: the distance must fall by one with every move.
    const position = game.game_id();
    try {
      const good = await this.solver.ask({ good: { position, goal: 'blank-last' } });
      if (round.over || round.game !== game) return;
      const expected = round.distance - letters.length;
      if (good.distance.moves !== expected) {
        const [n, to] = [letters.length, count(good.distance.moves, 'move')];
        this.score(false, say(
          `Move ${n} (${direction(letter)}) lost the optimum: ${to} to go, not ${expected}.`,
          `O movimento ${n} (${direction(letter)}) perdeu o ótimo: ${faltam(good.distance.moves)}, não ${expected}.`,
        ));
      } else if (expected > 0) {
        const to = count(expected, 'move');
        this.status(say(
          `Round ${session.round} of ${session.rounds}: ${to} to go, still optimal.`,
          `Ronda ${session.round} de ${session.rounds}: ${faltam(expected)}, ainda no ótimo.`,
        ));
      }
    } catch { /* superseded by the next move: judged then */ }
  }

  /** The round's game solved: in the finishing drill, optimal when no move lost the optimum. */
  won(game) {
    const { round } = this;
    if (!this.active || round?.game !== game || round.over || this.session.drill !== 'finish') return;
    const letters = this.host.expandMoves(game.moves(), round.position);
    const optimal = letters.length === round.distance;
    const [dealt, played] = [count(round.distance, 'move'), count(letters.length, 'move')];
    this.score(optimal, optimal
      ? say(`Solved optimally in ${dealt}.`, `Resolvido no ótimo em ${dealt}.`)
      : say(`Solved in ${played}, not ${round.distance}.`, `Resolvido em ${played}, não ${round.distance}.`));
  }

  /** Scores the round and deals the next one after a moment. */
  score(optimal, said) {
    const { round, session } = this;
    round.over = true;
    const milliseconds = performance.now() - round.dealt;
    session.scored += optimal ? 1 : 0;
    session.milliseconds += milliseconds;
    this.keep(optimal, milliseconds);
    this.host.$('trainer-view').dataset.scored = String(session.scored);
    this.host.$('trainer-view').dataset.rounds = String(session.round);
    this.status(`${said} ${number(milliseconds / 1000, 1)} s. ${say('Score', 'Pontuação')} ${session.scored} ${say('of', 'de')} ${session.round}.`);
    setTimeout(() => this.next(), 900);
  }

  finish() {
    const { session } = this;
    this.active = false;
    const mean = session.milliseconds / Math.max(session.rounds, 1) / 1000;
    this.status(say(
      `Done: ${session.scored} of ${session.rounds} optimal, ${number(mean, 1)} s a round on average.`,
      `Fim: ${session.scored} de ${session.rounds} ótimas, ${number(mean, 1)} s por ronda em média.`,
    ));
    this.render();
  }

  status(text) {
    this.host.$('trainer-status').textContent = text;
    this.host.message(text);
  }

  /** This browser's statistics (the JSON trainer.json holds), `{}` when none are kept. */
  kept() {
    try {
      return localStorage.getItem(KEPT) ?? '{}';
    } catch {
      return '{}';
    }
  }

  /** Adds the round to this browser's statistics, setting aside statistics that do not read back. */
  keep(optimal, milliseconds) {
    const { size, drill, distance } = this.session;
    let kept;
    try {
      kept = trainerAdd(this.kept(), size, drill, distance, optimal, milliseconds);
    } catch (error) {
      this.setAside(error);
      kept = trainerAdd('{}', size, drill, distance, optimal, milliseconds);
    }
    try {
      localStorage.setItem(KEPT, kept);
    } catch { /* storage off: the session's score is still shown */ }
    this.render();
  }

  /** Keeps damaged statistics under DAMAGED (for the player to look at) and says so. */
  setAside(error) {
    try {
      localStorage.setItem(DAMAGED, this.kept());
      localStorage.removeItem(KEPT);
    } catch { /* storage off */ }
    this.host.$('trainer-note').textContent = say(
      `The trainer's statistics kept in this browser do not read back (${sentence(error)}) They are set aside under ${DAMAGED}; new rounds start afresh.`,
      `As estatísticas do treino guardadas neste navegador não se leem (${sentence(error)}) Foram postas de parte em ${DAMAGED}; as novas rondas começam do zero.`,
    );
  }

  /** The statistics table: a row a level. */
  render() {
    const { $ } = this.host;
    let rows = [];
    try {
      rows = JSON.parse(trainerLevels(this.kept()));
    } catch (error) {
      this.setAside(error);
    }
    $('trainer-rows').replaceChildren(...rows.map((level) => {
      const tr = document.createElement('tr');
      const drill = level.drill === 'move' ? say('optimal move', 'movimento ótimo') : say('finish optimally', 'terminar no ótimo');
      const values = [level.size, drill, level.distance, level.rounds,
        `${Math.round((100 * level.optimal) / Math.max(level.rounds, 1))}%`, number(level.milliseconds / Math.max(level.rounds, 1) / 1000, 1)];
      tr.replaceChildren(...values.map((value) => {
        const cell = document.createElement('td');
        cell.textContent = value;
        return cell;
      }));
      return tr;
    }));
    $('trainer-table').hidden = rows.length === 0;
  }
}
