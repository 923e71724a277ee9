// The page in both languages the game speaks, in headless Chromium: every text the page shows
// of its own in Portuguese, the core's words (what a command did, the win's figures) too, the
// choice kept; and a game played through in Portuguese, its hints, win, analysis and trainer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { open } from './site.mjs';

/**
 * Every piece of text the page shows of its own (outside the board), with the attributes
 * people hear or see on hover: `[where, text]`.
 */
const shown = (page) => page.evaluate(() => {
  const texts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (parent.closest('#board, code, script, #version, #size, #trainer-size, #replay-speed, #language')) continue;
    const text = node.textContent.replace(/\s+/g, ' ').trim();
    if (text) texts.push([parent.id || parent.tagName, text]);
  }
  for (const node of document.querySelectorAll('[title], [aria-label], [placeholder]')) {
    if (node.closest('#board')) continue;
    for (const attribute of ['title', 'aria-label', 'placeholder']) {
      const value = node.getAttribute(attribute);
      if (value) texts.push([`${node.id || node.tagName}@${attribute}`, value]);
    }
  }
  return texts;
});

/** Text the same in both languages: names, symbols and figures. */
const SAME = new Set([
  'npuzzle', '1 2 3 … _', '_ 1 2 …', 'STM', 'MTM', 'ao5', 'ao12', 'ao50', 'ao100', '— TPS',
  'up=i,down=k,left=j,right=l,hint=space', // the keys' own syntax, as the terminal's
  'IDA*', 'A*', 'RBFS', 'Manhattan (h2)', '4 1 3/7 2 6/0 5 8', // names, and a position
]);
const same = (text) => SAME.has(text) || /^[\d\s.,:×x·—%s-]*$/.test(text);

test('in Portuguese the page shows none of its own English: every text, label and title is translated', async () => {
  const { page, errors } = await open('3x3:1,2,3,4,5,6,0,7,8');
  const english = new Map((await shown(page)).map(([where, text]) => [`${where} ${text}`, text]));
  await page.selectOption('#language', 'pt');
  assert.equal(await page.getAttribute('html', 'lang'), 'pt');
  const portuguese = await shown(page);
  const untranslated = portuguese.filter(([where, text]) => english.has(`${where} ${text}`) && !same(text));
  assert.deepEqual(untranslated, [], 'text shown in English on the Portuguese page');
  assert.equal(await page.textContent('#new'), 'Novo jogo');
  assert.equal(await page.textContent('#hint'), 'Dica');
  assert.match(await page.textContent('#moves'), /^Movimentos 0 STM/);
  assert.match(await page.getAttribute('#board [role="gridcell"]', 'aria-label'), /^peça 1, linha 1, coluna 1/);
  // The choice is kept: the page opens in Portuguese next time, and back in English on request.
  await page.reload();
  await page.waitForSelector('#board [role="gridcell"]');
  assert.equal(await page.textContent('#undo'), 'Desfazer');
  assert.equal(await page.inputValue('#language'), 'pt');
  await page.selectOption('#language', 'en');
  assert.equal(await page.textContent('#undo'), 'Undo');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a game in Portuguese: the core\'s words, graded hints, the win, its analysis and the trainer', async () => {
  const { page, errors } = await open('3x3:1,2,3,4,5,6,0,7,8', { lang: 'pt' });
  await page.click('#undo');
  assert.equal(await page.textContent('#message'), 'Nada para desfazer.');
  await page.keyboard.press('ArrowRight'); // no tile left of the gap in the first column
  assert.match(await page.textContent('#message'), /^Não há nenhuma peça/);
  await page.click('#hint');
  await page.waitForFunction(() => /^Dica 1 de 3: faltam 2 movimentos/.test(document.querySelector('#message').textContent));
  await page.click('#hint');
  await page.waitForFunction(() => /^Dica 2 de 3: a peça 7 mantém o ótimo/.test(document.querySelector('#message').textContent));
  await page.click('#hint');
  await page.waitForFunction(() => /^Dica: mova a peça 7 para a esquerda \(ótimo; faltam 2 movimentos\)/.test(document.querySelector('#message').textContent));
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.waitForSelector('#win[open]');
  assert.equal(await page.textContent('#win-title'), 'Resolvido!');
  assert.match(await page.textContent('#win-summary'), /^2 movimentos \(1 MTM\) em \d+,\d\d s.*, com ajuda\.$/);
  await page.waitForFunction(() => document.querySelector('#win-optimal').textContent.startsWith('Ótimo: 2 movimentos; eficiência 100%'));
  await page.waitForFunction(() => document.querySelector('#chart').dataset.done === 'true');
  assert.equal(await page.textContent('#analysis-summary'), 'Todos os movimentos ótimos.');
  assert.match(await page.textContent('#analysis-status'), /^Todos os movimentos analisados, exatos, em \d+,\d s/);
  assert.match(await page.getAttribute('#chart .point[data-move="1"]', 'aria-label'), /^depois do movimento 1 \(L\): falta 1 movimento/);
  await page.click('#chart .point[data-move="1"]');
  assert.match(await page.textContent('#message'), /^Depois do movimento 1: falta 1 movimento\. O movimento 1 manteve o ótimo\. Continue a jogar daqui/);
  // The trainer, in Portuguese, with its table.
  await page.click('#win form button[value="close"]');
  await page.click('#trainer-view summary');
  await page.selectOption('#trainer-size', '3x3');
  await page.fill('#trainer-distance', '6');
  await page.fill('#trainer-rounds', '1');
  await page.click('#trainer-start');
  await page.waitForFunction(() => /^Ronda 1 de 1: faltam 6 movimentos; jogue um movimento ótimo/.test(document.querySelector('#trainer-status').textContent), null, { timeout: 30_000 });
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowUp');
  await page.waitForFunction(() => /^Fim: [01] de 1 ótimas/.test(document.querySelector('#trainer-status').textContent), null, { timeout: 10_000 });
  assert.match(await page.textContent('#trainer-rows tr td:nth-child(2)'), /^movimento ótimo$/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('trainer statistics that do not read back are set aside, named, not written over', async () => {
  const { page, errors } = await open('3x3:1,2,3,4,5,6,0,7,8');
  const damaged = '{"3x3 move 5":{"rounds":1,"optimal":9,"milliseconds":0}}';
  await page.evaluate((damaged) => localStorage.setItem('npuzzle-trainer', damaged), damaged);
  await page.reload();
  await page.waitForSelector('#board [role="gridcell"]');
  assert.match(await page.textContent('#trainer-note'), /do not read back \('3x3 move 5': 9 optimal of 1 rounds\.\) They are set aside under npuzzle-trainer-damaged/);
  assert.equal(await page.evaluate(() => localStorage.getItem('npuzzle-trainer-damaged')), damaged);
  assert.equal(await page.evaluate(() => localStorage.getItem('npuzzle-trainer')), null);
  assert.equal(await page.isHidden('#trainer-table'), true);
  assert.deepEqual(errors, []);
  await page.close();
});
