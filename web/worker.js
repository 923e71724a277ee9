// The solver, off the main thread: the page stays responsive while a 4x4 search runs. Three
// kinds of message: a position to solve ({id, position, goal}), the 4x4 databases to build
// ({id, build: goal}, answered with their bytes) and databases to use ({load: goal, bytes}).
import init, { solve, build_databases as buildDatabases, load_databases as loadDatabases } from './pkg/npuzzle_web.js';

const ready = init();

self.onmessage = async ({ data }) => {
  await ready;
  try {
    if (data.load) {
      loadDatabases(data.load, data.bytes);
    } else if (data.build) {
      const bytes = buildDatabases(data.build);
      self.postMessage({ id: data.id, bytes }, [bytes.buffer]);
    } else {
      // The library's report (the CLI's --json line); the page plays its moves letter by letter.
      const report = JSON.parse(solve(data.position, data.goal));
      const solution = { ...report, moves: report.solution, databases: report.heuristic === 'pdb' };
      self.postMessage({ id: data.id, solution });
    }
  } catch (error) {
    if (data.id !== undefined) self.postMessage({ id: data.id, error: String(error) });
  }
};
