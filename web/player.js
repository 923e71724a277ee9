// God mode's player: plays a solution's moves (the solver's, a link's or a replay's) one by one
// on the board in play, at the solver's pace or the player's own, paused, stepped or stopped;
// its progress is said while it plays.
import { count, faltam, say } from './lang.js';

export class Player {
  /**
   * `play(letter)` makes one move on the board and says whether it was made; `message(text)`
   * shows the progress; `changed()` redraws the controls that depend on the player.
   */
  constructor({ play, message, changed }) {
    Object.assign(this, { play, message, changed });
    this.god = null; // { moves, index, paused, timer, kind, verb, times, speed }
  }

  /** Whether a solution is playing (or paused in it). */
  get active() {
    return this.god !== null;
  }

  get paused() {
    return Boolean(this.god?.paused);
  }

  /**
   * Plays `solution.moves` (tile letters): `verb` and `kind` say what plays; `times` when each
   * move was played (a replay keeps the player's pace, `speed` times faster).
   */
  start(solution, verb = say('Solving', 'A resolver'), kind = null, times = null, speed = 1) {
    this.stop();
    kind ??= `${solution.optimal ? say('optimal, ', 'ótimo, ') : ''}${solution.algorithm}${solution.databases ? say(' with pattern databases', ' com bases de dados de padrões') : ''}`;
    this.god = { moves: solution.moves, index: 0, paused: false, timer: null, kind, verb, times, speed };
    this.say();
    this.schedule();
    this.changed();
  }

  /** The progress, kept in sight while it plays: moves left of the solution's length. */
  say() {
    const { god } = this;
    if (!god) return;
    const left = god.moves.length - god.index;
    const paused = god.paused ? say(', paused', ', em pausa') : '';
    this.message(say(
      `${god.verb}: ${count(left, 'move')} left of ${god.moves.length} (${god.kind})${paused}.`,
      `${god.verb}: ${faltam(left)} de ${god.moves.length} (${god.kind})${paused}.`,
    ));
  }

  schedule() {
    const { god } = this;
    if (!god || god.paused) return;
    // A replay shows its scramble for a moment first, then keeps the player's pace.
    const interval = god.times
      ? (god.index === 0 ? 600 : Math.min(60_000, Math.max(0, god.times[god.index] - god.times[god.index - 1]) / god.speed))
      : Math.max(20, Math.min(250, 8000 / god.moves.length));
    god.timer = setTimeout(() => {
      this.advance();
      this.schedule();
    }, interval);
  }

  /** The next move; the player stops at the end or at a move that cannot be made. */
  advance() {
    const { god } = this;
    if (!god) return;
    const letter = god.moves[god.index++];
    if (letter === undefined || !this.play(letter)) this.stop();
    else if (god.index >= god.moves.length) this.stop();
    else this.say();
  }

  /** Pauses, or plays on from the pause. */
  togglePause() {
    const { god } = this;
    if (!god) return;
    god.paused = !god.paused;
    if (god.paused) clearTimeout(god.timer);
    else this.schedule();
    this.say();
    this.changed();
  }

  /** Pauses and plays one move. */
  step() {
    const { god } = this;
    if (!god) return;
    god.paused = true;
    clearTimeout(god.timer);
    this.advance();
    this.changed();
  }

  stop() {
    if (this.god?.timer) clearTimeout(this.god.timer);
    this.god = null;
    this.changed();
  }
}
