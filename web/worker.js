// The solver, off the main thread: the page stays responsive while a 4x4 search runs.
import init, { solve } from './pkg/npuzzle_web.js';

const ready = init();

self.onmessage = async ({ data }) => {
  await ready;
  try {
    self.postMessage({ id: data.id, solution: JSON.parse(solve(data.position, data.goal)) });
  } catch (error) {
    self.postMessage({ id: data.id, error: String(error) });
  }
};
