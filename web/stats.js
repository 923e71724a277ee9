// The page's statistics: finished games kept in this browser as the records JSON of `npuzzle
// stats` (so the two import each other's), summarised per size by the core.
import { statistics, import_records as importRecords, with_mistakes as withMistakes } from './pkg/npuzzle_web.js';
import { count, number, say, sentence } from './lang.js';

const $ = (id) => document.getElementById(id);

/** What the browser keeps under `key`, or `absent` (nothing kept, or storage turned off). */
export function stored(key, absent) {
  try {
    return localStorage.getItem(key) ?? absent;
  } catch {
    return absent;
  }
}

/** Where finished games are kept in this browser: the records JSON of `npuzzle stats`. */
const RECORDS = 'npuzzle-records';
export const storedRecords = () => stored(RECORDS, '[]');

/** Adds `imported` (a records JSON array) to the games kept; returns how many were new. */
export function addRecords(imported) {
  const { added, records } = JSON.parse(importRecords(storedRecords(), imported));
  try {
    localStorage.setItem(RECORDS, JSON.stringify(records));
  } catch {
    $('stats-note').textContent = say('This browser does not keep the statistics (storage is off or full).', 'Este navegador não guarda as estatísticas (o armazenamento está desligado ou cheio).');
  }
  renderStats();
  return added;
}

/** Keeps what a game's analysis found with its record (finished at `finishedAt` after `stm` moves). */
export function keepMistakes(finishedAt, stm, mistakes) {
  try {
    localStorage.setItem(RECORDS, withMistakes(storedRecords(), finishedAt, stm, JSON.stringify(mistakes)));
  } catch { /* storage off: the record stands without them */ }
}

const seconds = (ms) => (ms === null || ms === undefined ? '—' : number(ms / 1000, 2));

/** The statistics table: per size, solves without help, best, ao5 to ao100, fewest moves. */
export function renderStats() {
  const rows = JSON.parse(statistics(storedRecords()));
  $('stats-rows').replaceChildren(...rows.map((row) => {
    const tr = document.createElement('tr');
    const values = [row.size, row.solves, seconds(row.best_time), seconds(row.average_of_5),
      seconds(row.average_of_12), seconds(row.average_of_50), seconds(row.average_of_100),
      row.fewest_moves ?? '—', row.assisted];
    tr.replaceChildren(...values.map((value, i) => {
      const cell = document.createElement(i === 0 ? 'th' : 'td');
      if (i === 0) cell.scope = 'row';
      cell.textContent = value;
      return cell;
    }));
    return tr;
  }));
  $('stats-empty').hidden = rows.length > 0;
  $('stats').querySelector('table').hidden = rows.length === 0;
}

/** The statistics' buttons: export the games kept as a file, import a file of them. */
export function wireStats() {
  $('export').addEventListener('click', () => {
    const file = new Blob([JSON.stringify(JSON.parse(storedRecords()), null, 2)], { type: 'application/json' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(file);
    link.download = 'npuzzle-records.json';
    link.click();
    URL.revokeObjectURL(link.href);
  });
  $('import').addEventListener('change', async () => {
    const [file] = $('import').files;
    if (!file) return;
    try {
      const added = addRecords(await file.text());
      $('stats-note').textContent = say(`${count(added, 'game')} added from ${file.name}.`, `${count(added, 'game')} acrescentados de ${file.name}.`);
    } catch (error) {
      $('stats-note').textContent = sentence(error);
    }
    $('import').value = '';
  });
}
