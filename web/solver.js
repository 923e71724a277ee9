// The page's solver workers: each request to a worker of its own, answered by a promise; a
// newer request stops the one running.

/** Solver requests to the worker, answered by promises; answers for old positions are dropped. */
/** Why a request got no answer: a newer one replaced it, or it was cancelled. */
export class Superseded extends Error {}

/**
 * A solver in a Web Worker of its own. A request replaces any request still running: the busy
 * worker is stopped (terminated, its search with it) and a fresh one takes the new request, so
 * an answer never queues behind stale work. `cancel()` stops the running request.
 */
export class Solver {
  constructor() {
    this.next = 0;
    this.pending = new Map();
    this.databases = null; // { goal, bytes }: handed to every worker this solver starts
    this.start();
  }

  start() {
    this.worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    this.worker.onmessage = ({ data }) => {
      const request = this.pending.get(data.id);
      if (!request) return;
      if (data.progress) {
        request.progress?.(data.progress);
        return;
      }
      this.pending.delete(data.id);
      if (data.error) request.reject(new Error(data.error));
      else request.resolve(data.solution ?? data.bytes);
    };
    if (this.databases) this.worker.postMessage({ load: this.databases.goal, bytes: this.databases.bytes });
  }

  /** From now on (and in every worker started after a cancel) 4x4 searches toward `goal` use these databases. */
  useDatabases(goal, bytes) {
    this.databases = { goal, bytes };
    this.worker.postMessage({ load: goal, bytes });
  }

  /** Builds the 4x4 databases for `goal` (seconds): resolves with their bytes. */
  build(goal) {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, build: goal });
    });
  }

  /** Stops the running request, if any (its promise is rejected with `Superseded`). */
  cancel() {
    if (this.pending.size === 0) return;
    this.worker.terminate();
    for (const { reject } of this.pending.values()) reject(new Superseded('cancelled'));
    this.pending.clear();
    this.start();
  }

  /**
   * Asks the worker (`payload`: one of worker.js's messages), replacing any request still
   * running; `progress` takes what it posts on the way (an analysis, a move at a time).
   */
  ask(payload, progress = null) {
    this.cancel();
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, progress });
      this.worker.postMessage({ id, ...payload });
    });
  }

  solve(position, goal) {
    return this.ask({ position, goal });
  }
}
