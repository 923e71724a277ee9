// The page that teaches, in headless Chromium: a won game's analysis drawn as a chart whose
// points show their positions, a 4x4 game analysed in the worker as it streams, the daily
// puzzle (the same as the command line's) with its line to share, and the trainer's rounds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { site, open } from './site.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const cells = (page) => page.$$eval('#board [role="gridcell"]', (all) => all.map((c) => c.textContent || '0').join(' '));
/** The tile-letter keys: the arrow that slides a tile that way. */
const KEY = { U: 'ArrowUp', D: 'ArrowDown', L: 'ArrowLeft', R: 'ArrowRight' };

/** The page's own library, in the page: what it answers for `name(...args)`. */
const library = (page, name, ...args) => page.evaluate(async ([name, args]) => {
  const pkg = await import('./pkg/npuzzle_web.js');
  return pkg[name](...args);
}, [name, args]);

/** The command line built by `cargo build` (the tests' build), to compare the page with. */
function npuzzle(...args) {
  const binary = ['debug', 'release'].map((p) => join(root, 'target', p, 'npuzzle')).find(existsSync);
  assert.ok(binary, 'build the command line first: cargo build');
  return execFileSync(binary, args, { encoding: 'utf8' });
}

test('after a win, the chart of the distance to go marks the mistakes, and a point shows its position', async () => {
  // Two moves from the goal: down (a mistake), up, then left twice.
  const { page, errors } = await open('3x3:1,2,3,4,5,6,0,7,8');
  for (const key of ['ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowLeft']) await page.keyboard.press(key);
  await page.waitForSelector('#win[open]');
  await page.waitForFunction(() => document.querySelector('#chart').dataset.done === 'true');
  assert.equal(await page.getAttribute('#chart', 'data-points'), '5', 'the start and four moves');
  assert.equal(await page.$$eval('#chart .point.mistake', (all) => all.length), 1);
  assert.equal(await page.getAttribute('#chart .point.mistake', 'aria-label'), 'after move 1 (D): 3 moves to go, a mistake');
  assert.equal(await page.textContent('#analysis-summary'), '3 optimal moves, 1 mistake (2 moves lost); the first at move 1 (your + optimal: 4).');
  // A click on the mistake's point shows the position after it, and says what was better.
  await page.click('#chart .point.mistake');
  assert.equal(await cells(page), '1 2 3 0 5 6 4 7 8');
  assert.match(await page.textContent('#message'), /^After move 1: 3 moves to go\. Move 1 \(down\) was a mistake: 2 moves to go before it, 3 after; optimal was left\./);
  await page.click('#chart .point[data-move="0"]');
  assert.equal(await cells(page), '1 2 3 4 5 6 0 7 8');
  // The analysis is kept with nothing counted twice: one game in the statistics.
  await page.click('#stats summary');
  await page.waitForSelector('#stats-rows tr:has(th:text-is("3x3"))');
  assert.equal(await page.$eval('#stats-rows tr', (tr) => tr.children[1].textContent), '1');
  // The record keeps what the analysis found, as the terminal's records do.
  const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('npuzzle-records')));
  assert.deepEqual(kept.at(-1).mistakes, { count: 1, first: [1, 4] });
  assert.deepEqual(errors, []);
  await page.close();
});

test('a 4x4 game of 60 to 150 moves is analysed exact in the worker, the chart filling in as it goes', async () => {
  // The shortest game of data/games/4x4-detours.txt: Korf's puzzle with detours, each one mistake.
  const games = readFileSync(join(root, 'data/games/4x4-detours.txt'), 'utf8').split('\n').filter((l) => l && !l.startsWith('#'));
  const [position, moves, optimum, detours] = games.map((l) => l.split('|').map((f) => f.trim())).sort((a, b) => a[1].length - b[1].length)[0];
  const id = `4x4:${position.split(/[ /]+/).join(',')}`;
  const { page, errors } = await open(`${id}&goal=blank-first`);
  await page.waitForFunction(() => document.body.dataset.databases === 'ready', null, { timeout: 120_000 });
  // The game played by the link (a replay, as the solver plays), at once.
  await page.evaluate(() => {
    const seen = new Set();
    window.chartSizes = seen;
    new MutationObserver(() => seen.add(document.querySelector('#chart').dataset.points)).observe(document.querySelector('#chart'), { attributes: true });
    window.longest = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.longest = Math.max(window.longest, entry.duration);
    }).observe({ type: 'longtask', buffered: false });
  });
  await page.goto(`${site.base}#${id}&goal=blank-first&moves=${moves}`);
  await page.waitForSelector('#win[open]', { timeout: 60_000 });
  await page.waitForFunction(() => document.querySelector('#chart').dataset.done === 'true', null, { timeout: 120_000 });
  const seconds = Number(await page.getAttribute('#chart', 'data-seconds'));
  const filled = await page.evaluate(() => window.chartSizes?.size ?? 0);
  const longest = await page.evaluate(() => window.longest ?? 0);
  // Reported, never asserted: timings are for docs/PERFORMANCE.md, not for the test to fail on.
  console.log(`# a ${moves.length}-move 4x4 game analysed in the page in ${seconds} s; longest main-thread task ${longest.toFixed(0)} ms`);
  assert.ok(filled > 0 || seconds > 0, 'the chart was drawn');
  assert.equal(await page.getAttribute('#chart', 'data-points'), String(moves.length + 1));
  assert.equal(await page.$$eval('#chart .point.mistake', (all) => all.length), Number(detours));
  assert.match(await page.textContent('#analysis-summary'), new RegExp(`${Number(detours)} mistakes \\(${2 * Number(detours)} moves lost\\)`));
  assert.match(await page.getAttribute('#chart .point[data-move="0"]', 'aria-label'), new RegExp(`the start: ${optimum} moves to go`));
  assert.deepEqual(errors, []);
  await page.close();
});

test('the daily puzzle is the command line\'s, and its result is a line to share that names no move', async () => {
  const { page, errors } = await open('3x3:1,2,3,4,5,6,0,7,8');
  // Golden: the rule gives the same position in the page as in the command line's test.
  assert.equal(await library(page, 'daily_position', '2026-12-01', '4'), '1 3 12 15/13 6 8 0/11 10 7 5/2 4 14 9');
  await page.selectOption('#size', '3x3');
  await page.click('#daily');
  const today = new Date().toISOString().slice(0, 10);
  const shown = npuzzle('daily', '--size', '3', '--date', today, '--show').trim().split(': ')[1];
  assert.equal(await cells(page), shown.replace(/\//g, ' '));
  assert.match(await page.textContent('#message'), new RegExp(`^The daily puzzle of ${today} \\(UTC\\), 3x3`));
  await page.click('#solve');
  await page.waitForSelector('#win[open]', { timeout: 30_000 });
  await page.waitForSelector('#daily-result:not([hidden])');
  const share = await page.textContent('#share-line');
  assert.match(share, new RegExp(`^npuzzle daily ${today} 3x3: (\\d+) moves \\(optimal \\1\\) in \\d+\\.\\d\\d s · streak 1 day$`));
  // The statistics keep the daily result: a second daily of the same day is a streak of one.
  const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('npuzzle-records')));
  assert.equal(kept.at(-1).daily.date, today);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the trainer deals rounds at the distance chosen and scores an optimal move and another', async () => {
  // The deals fixed (the page's random numbers are), so that the second round's position has a
  // legal move that is not optimal: at a random seed, one in a few has every legal move optimal.
  const { page, errors } = await open('3x3:1,2,3,4,5,6,0,7,8', { random: 1 });
  await page.click('#trainer-view summary');
  await page.selectOption('#trainer-size', '3x3');
  await page.fill('#trainer-distance', '12');
  await page.fill('#trainer-rounds', '2');
  await page.click('#trainer-start');
  const round = async (n) => {
    await page.waitForFunction((n) => new RegExp(`^Round ${n} of 2: 12 moves to go; play an optimal move`).test(document.querySelector('#trainer-status').textContent), n, { timeout: 30_000 });
    const position = (await cells(page)).replace(/ /g, ',');
    const good = JSON.parse(await library(page, 'optimal_moves', `3x3:${position}`, 'blank-last'));
    assert.deepEqual(good.distance, { kind: 'exact', moves: 12 }, 'dealt at the distance chosen');
    return good;
  };
  const first = await round(1);
  await page.keyboard.press(KEY[first.optimal_moves[0]]);
  await page.waitForFunction(() => /^Optimal/.test(document.querySelector('#trainer-status').textContent));
  const second = await round(2);
  const legal = JSON.parse(await library(page, 'optimal_moves', `3x3:${(await cells(page)).replace(/ /g, ',')}`, 'blank-last'));
  assert.deepEqual(legal, second);
  // A legal move that is not optimal: every legal move is one of the four the gap allows.
  const blank = (await cells(page)).split(' ').indexOf('0');
  const possible = ['U', 'D', 'L', 'R'].filter((m) => ({ U: blank < 6, D: blank > 2, L: blank % 3 < 2, R: blank % 3 > 0 })[m]);
  const wrong = possible.find((m) => !second.optimal_moves.includes(m));
  assert.ok(wrong, `a legal move that is not optimal in the second round (${possible} all optimal)`);
  await page.keyboard.press(KEY[wrong]);
  await page.waitForFunction(() => /^Not optimal/.test(document.querySelector('#trainer-status').textContent));
  await page.waitForFunction(() => /^Done: 1 of 2 optimal/.test(document.querySelector('#trainer-status').textContent), null, { timeout: 10_000 });
  assert.deepEqual(await page.$eval('#trainer-rows tr', (tr) => [...tr.children].slice(0, 5).map((c) => c.textContent)),
    ['3x3', 'optimal move', '12', '2', '50%']);
  // The rounds are not games of the statistics.
  assert.equal(await page.evaluate(() => localStorage.getItem('npuzzle-records')), null);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the trainer\'s finishing drill: an optimal line wins the round, judged move by move', async () => {
  const { page, errors } = await open('3x3:1,2,3,4,5,6,0,7,8');
  await page.click('#trainer-view summary');
  await page.selectOption('#trainer-drill', 'finish');
  await page.selectOption('#trainer-size', '3x3');
  await page.fill('#trainer-distance', '6');
  await page.fill('#trainer-rounds', '1');
  await page.click('#trainer-start');
  await page.waitForFunction(() => /^Round 1 of 1: 6 moves to go; solve it in exactly 6 moves/.test(document.querySelector('#trainer-status').textContent), null, { timeout: 30_000 });
  for (let left = 6; left > 0; left--) {
    const position = (await cells(page)).replace(/ /g, ',');
    const good = JSON.parse(await library(page, 'optimal_moves', `3x3:${position}`, 'blank-last'));
    assert.deepEqual(good.distance, { kind: 'exact', moves: left });
    await page.keyboard.press(KEY[good.optimal_moves[0]]);
  }
  await page.waitForFunction(() => /^Done: 1 of 1 optimal/.test(document.querySelector('#trainer-status').textContent), null, { timeout: 10_000 });
  assert.deepEqual(await page.$eval('#trainer-rows tr', (tr) => [...tr.children].slice(0, 5).map((c) => c.textContent)),
    ['3x3', 'finish optimally', '6', '1', '100%']);
  assert.deepEqual(errors, []);
  await page.close();
});
