// The trainer: rounds on positions dealt at an exact distance from the goal (the library's
// deal_at_distance, in a worker of the trainer's own), two drills: "play an optimal move"
// (the first move is judged against every optimal move, proved) and "finish optimally" (solve
// in exactly the distance dealt: the round is lost at the first move that loses the optimum).
// Rounds are timed and scored; each level (size, drill, distance) keeps its statistics in this
// browser beside the games'.
import { count } from './text.js';

/** Where the trainer's statistics are kept: { "4x4 move 30": { rounds, optimal, milliseconds } }. */
const KEPT = 'npuzzle-trainer';

/** The distances each size's levels go up to (the 3x3's farthest position is 31 moves away). */
export const MOST = { '3x3': 30, '4x4': 50 };


export class Trainer {
  /**
   * `host` is the page: `solver` (a worker of the trainer's own), `$`, `WebGame`, `play(game)`
   * (shows a game on the board), `message(text)` and `words` (move letters in words).
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
    this.status(`Round ${session.round} of ${session.rounds}: dealing a position ${count(session.distance, 'move')} from the goal…`);
    try {
      const position = await this.solver.ask({ deal: { size: session.size, goal: 'blank-last', distance: session.distance, seed: String(this.seed++) } });
      const good = await this.solver.ask({ good: { position, goal: 'blank-last' } });
      if (!this.active) return;
      const game = host.WebGame.from_position(position, 'blank-last');
      game.mark_assisted(); // a trainer's round is never a solve in the statistics
      this.round = { position, good, game, dealt: performance.now(), played: 0, distance: session.distance };
      host.play(game);
      const ask = session.drill === 'move' ? 'play an optimal move' : `solve it in exactly ${count(session.distance, 'move')}`;
      this.status(`Round ${session.round} of ${session.rounds}: ${count(session.distance, 'move')} to go; ${ask}.`);
    } catch (error) {
      if (this.active) this.status(String(error?.message ?? error));
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
      const better = [...round.good.optimal_moves].map((m) => host.words[m]).join(' or ');
      this.score(optimal, optimal ? `Optimal (${host.words[letter]}).` : `Not optimal: ${host.words[letter]} loses two moves; optimal was ${better}.`);
      return;
    }
    // Finish optimally: the distance must fall by one with every move.
    const position = game.game_id();
    try {
      const good = await this.solver.ask({ good: { position, goal: 'blank-last' } });
      if (round.over || round.game !== game) return;
      const expected = round.distance - letters.length;
      if (good.distance.moves !== expected) {
        this.score(false, `Move ${letters.length} (${host.words[letter]}) lost the optimum: ${count(good.distance.moves, 'move')} to go, not ${expected}.`);
      } else if (expected > 0) {
        this.status(`Round ${session.round} of ${session.rounds}: ${count(expected, 'move')} to go, still optimal.`);
      }
    } catch { /* superseded by the next move: judged then */ }
  }

  /** The round's game solved: in the finishing drill, optimal when no move lost the optimum. */
  won(game) {
    const { round } = this;
    if (!this.active || round?.game !== game || round.over || this.session.drill !== 'finish') return;
    const letters = this.host.expandMoves(game.moves(), round.position);
    const optimal = letters.length === round.distance;
    this.score(optimal, optimal ? `Solved optimally in ${count(round.distance, 'move')}.` : `Solved in ${count(letters.length, 'move')}, not ${round.distance}.`);
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
    this.status(`${said} ${(milliseconds / 1000).toFixed(1)} s. Score ${session.scored} of ${session.round}.`);
    setTimeout(() => this.next(), 900);
  }

  finish() {
    const { session } = this;
    this.active = false;
    const mean = session.milliseconds / Math.max(session.rounds, 1) / 1000;
    this.status(`Done: ${session.scored} of ${session.rounds} optimal, ${mean.toFixed(1)} s a round on average.`);
    this.render();
  }

  status(text) {
    this.host.$('trainer-status').textContent = text;
    this.host.message(text);
  }

  /** This browser's statistics for every level played: { level: { rounds, optimal, milliseconds } }. */
  kept() {
    try {
      const kept = JSON.parse(localStorage.getItem(KEPT) ?? '{}');
      return kept && typeof kept === 'object' && !Array.isArray(kept) ? kept : {};
    } catch {
      return {};
    }
  }

  keep(optimal, milliseconds) {
    const { size, drill, distance } = this.session;
    const kept = this.kept();
    const key = `${size} ${drill} ${distance}`;
    const level = kept[key] ?? { rounds: 0, optimal: 0, milliseconds: 0 };
    const number = (n) => (Number.isFinite(n) && n >= 0 ? n : 0);
    kept[key] = {
      rounds: number(level.rounds) + 1,
      optimal: number(level.optimal) + (optimal ? 1 : 0),
      milliseconds: number(level.milliseconds) + Math.round(milliseconds),
    };
    try {
      localStorage.setItem(KEPT, JSON.stringify(kept));
    } catch { /* storage off: the session's score is still shown */ }
    this.render();
  }

  /** The statistics table: a row a level. */
  render() {
    const { $ } = this.host;
    const rows = Object.entries(this.kept()).sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }));
    $('trainer-rows').replaceChildren(...rows.map(([key, level]) => {
      const [size, drill, distance] = key.split(' ');
      const tr = document.createElement('tr');
      const values = [size, drill === 'move' ? 'optimal move' : 'finish optimally', distance, level.rounds,
        `${Math.round((100 * level.optimal) / Math.max(level.rounds, 1))}%`, (level.milliseconds / Math.max(level.rounds, 1) / 1000).toFixed(1)];
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
