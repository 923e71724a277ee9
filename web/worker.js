// The solver, off the main thread: the page stays responsive while a 4x4 search runs. The
// messages: a position to solve ({id, position, goal}), the 4x4 databases to build ({id, build:
// goal}, answered with their bytes), databases to use ({load: goal, bytes}), a finished game to
// analyse ({id, analyse: {start, moves, goal}}, answered a move at a time with {id, progress}
// and at the end with the whole analysis), a position's optimal moves ({id, good: {position,
// goal}}), a trainer's round to deal ({id, deal: {size, goal, distance, seed}}) and a search for
// the lab to watch ({id, lab: {position, goal, algorithm, heuristic, cap, lang}}) and a row of
// the textbook's table ({id, textbook: {depth, count, deepening, seed}}).
import init, {
  solve, build_databases as buildDatabases, load_databases as loadDatabases, WebAnalysis,
  optimal_moves as optimalMoves, deal_at_distance as dealAtDistance, lab_trace as labTrace,
  set_language as setLanguage, textbook_row as textbookRow,
} from './pkg/npuzzle_web.js';

const ready = init();

/** Analyses a game, posting the start's distance, then each move as soon as it is analysed. */
function analyse(id, { start, moves, goal }) {
  const analysis = new WebAnalysis(start, moves, goal);
  self.postMessage({ id, progress: { start: JSON.parse(analysis.start_distance()) } });
  for (let step = analysis.next(); step !== undefined; step = analysis.next()) {
    self.postMessage({ id, progress: { step: JSON.parse(step) } });
  }
  // What the game's record keeps of it (the page adds it to the record once it is done).
  return { ...JSON.parse(analysis.analysis()), mistakes: JSON.parse(analysis.mistakes() ?? 'null') };
}

self.onmessage = async ({ data }) => {
  await ready;
  try {
    if (data.load) {
      loadDatabases(data.load, data.bytes);
    } else if (data.build) {
      const bytes = buildDatabases(data.build);
      self.postMessage({ id: data.id, bytes }, [bytes.buffer]);
    } else if (data.analyse) {
      self.postMessage({ id: data.id, solution: analyse(data.id, data.analyse) });
    } else if (data.good) {
      self.postMessage({ id: data.id, solution: JSON.parse(optimalMoves(data.good.position, data.good.goal)) });
    } else if (data.lab) {
      const { position, goal, algorithm, heuristic, cap, lang } = data.lab;
      setLanguage(lang);
      self.postMessage({ id: data.id, solution: JSON.parse(labTrace(position, goal, algorithm, heuristic, cap)) });
    } else if (data.textbook) {
      const { depth, count, deepening, seed } = data.textbook;
      self.postMessage({ id: data.id, solution: JSON.parse(textbookRow(depth, count, deepening, seed)) });
    } else if (data.deal) {
      const { size, goal, distance, seed } = data.deal;
      self.postMessage({ id: data.id, solution: dealAtDistance(size, goal, distance, seed) });
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
