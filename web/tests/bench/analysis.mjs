// The page's analysis of every game of data/games/4x4-detours.txt, timed in headless Chromium:
// the figure of docs/PERFORMANCE.md ("in the page, with the databases it builds"). Not part of
// the tests (no timing is asserted anywhere); run it with
//   cargo xtask web && (cd web/tests && node --test bench/analysis.mjs)
// Each game is played by its link (the page replays the moves, then analyses the game won in
// its analyst worker); the time is from the request to the last move analysed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { site, open } from '../site.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');

test('every 4x4 game of the set, analysed in the page', async () => {
  const games = readFileSync(join(root, 'data/games/4x4-detours.txt'), 'utf8').split('\n').filter((l) => l && !l.startsWith('#'));
  const { page } = await open('4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15&goal=blank-first');
  await page.waitForFunction(() => document.body.dataset.databases === 'ready', null, { timeout: 120_000 });
  const times = [];
  for (const [k, line] of games.entries()) {
    const [position, moves, , detours] = line.split('|').map((f) => f.trim());
    const id = `4x4:${position.split(/[ /]+/).join(',')}`;
    await page.goto(`${site.base}#${id}&goal=blank-first&moves=${moves}`);
    await page.waitForSelector('#win[open]', { timeout: 120_000 });
    await page.waitForFunction(() => document.querySelector('#chart').dataset.done === 'true', null, { timeout: 300_000 });
    const seconds = Number(await page.getAttribute('#chart', 'data-seconds'));
    // A game whose detours pass through the goal is won there: the page stops at the win.
    const played = Number(await page.getAttribute('#chart', 'data-points')) - 1;
    const mistakes = await page.$$eval('#chart .point.mistake', (all) => all.length);
    if (played === moves.length) assert.equal(mistakes, Number(detours));
    times.push(seconds);
    console.log(`game ${k + 1}: ${played} of ${moves.length} moves played, ${mistakes} mistakes, ${seconds} s`);
  }
  times.sort((a, b) => a - b);
  console.log(`# ${times.length} games: ${times[0]} to ${times.at(-1)} s, median ${times[Math.floor(times.length / 2)]} s`);
  await page.close();
});
