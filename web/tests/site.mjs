// The page built by `cargo xtask web`, served on 127.0.0.1 and opened in headless Chromium: what
// every browser test starts from. `site.browser` and `site.base` are set once the hooks ran.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { extname, join, normalize, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const folder = join(here, '../../dist/web');
/** Where the tests keep their screenshots. */
export const shots = join(here, '../../dist/web-test');
const TYPES = {
  '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm',
};

let server;
/** The browser and the page's address, once `before` ran. */
export const site = { browser: null, base: null };

before(async () => {
  assert.ok(existsSync(join(folder, 'index.html')), 'build the page first: cargo xtask web');
  server = createServer(async (request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url, 'http://x').pathname));
    const file = join(folder, path.endsWith('/') ? `${path}index.html` : path);
    try {
      const body = await readFile(file);
      response.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
      response.end(body);
    } catch {
      response.writeHead(404).end('not found');
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  site.base = `http://127.0.0.1:${server.address().port}/`;
  site.browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
});

after(async () => {
  await site.browser?.close();
  server?.close();
});

/**
 * Opens the page at `#fragment` (in the language `lang` asks, when given; its `Math.random` a
 * fixed sequence from the seed `random`, when given), once its board is drawn; `errors` collects
 * the page's errors.
 */
export async function open(fragment, { lang = null, random = null } = {}) {
  const page = await site.browser.newPage({ viewport: { width: 900, height: 800 } });
  const errors = [];
  page.on('pageerror', (error) => errors.push(error));
  if (random !== null) {
    // The page's Math.random made a fixed sequence (Park and Miller's), for a test whose
    // deal must be the same at every run.
    await page.addInitScript((seed) => {
      let state = seed;
      Math.random = () => {
        state = (state * 16807) % 2147483647;
        return (state - 1) / 2147483646;
      };
    }, random);
  }
  await page.goto(`${site.base}${lang ? `?lang=${lang}` : ''}#${fragment}`);
  await page.waitForSelector('#board [role="gridcell"]');
  return { page, errors };
}

