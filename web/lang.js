// The page's two languages, English and Portuguese, as the terminal game's (npuzzle play
// --lang). The page's own text carries its Portuguese beside the English (data-pt: the text,
// data-pt-html: text with markup, data-pt-title, data-pt-aria-label, data-pt-placeholder);
// the scripts word the rest with say(en, pt); the core words the game in the language given
// to set_language.
import { set_language as coreLanguage } from './pkg/npuzzle_web.js';

/** Where the player's choice is kept. */
const KEPT = 'npuzzle-lang';
const LANGUAGES = ['en', 'pt'];
let current = 'en';

/** The language the page speaks: `en` or `pt`. */
export const language = () => current;

/** The English or the Portuguese text, as the page speaks now. */
export const say = (en, pt) => (current === 'pt' ? pt : en);

/** The nouns counted, singular and plural, in each language. */
const NOUNS = {
  move: [['move', 'moves'], ['movimento', 'movimentos']],
  'optimal move': [['optimal move', 'optimal moves'], ['movimento ótimo', 'movimentos ótimos']],
  mistake: [['mistake', 'mistakes'], ['erro', 'erros']],
  game: [['game', 'games'], ['jogo', 'jogos']],
  tile: [['tile', 'tiles'], ['peça', 'peças']],
};

/** `n` and the noun, singular for one: "1 move", "2 moves"; "1 movimento", "2 movimentos". */
export function count(n, noun) {
  const [singular, plural] = NOUNS[noun][current === 'pt' ? 1 : 0];
  return `${n} ${n === 1 ? singular : plural}`;
}

/** Portuguese's "N moves to go", its verb agreeing: "falta 1 movimento", "faltam 2 movimentos". */
export const faltam = (n) => (n === 1 ? 'falta 1 movimento' : `faltam ${n} movimentos`);

/** A number with `decimals` places and the language's decimal mark: 2.51, 2,51. */
export const number = (value, decimals) => say(value.toFixed(decimals), value.toFixed(decimals).replace('.', ','));

/** A move letter's direction, in words. */
export const direction = (letter) => ({
  U: say('up', 'para cima'), D: say('down', 'para baixo'), L: say('left', 'para a esquerda'), R: say('right', 'para a direita'),
})[letter];

/** `5, 1 or 3`; `5, 1 ou 3`. */
export const alternatives = (items) => (items.length < 2
  ? String(items[0] ?? '')
  : `${items.slice(0, -1).join(', ')} ${say('or', 'ou')} ${items.at(-1)}`);

/**
 * An error from the core as the page says things: a sentence, and in English "gap" for the
 * empty cell (the core's word is "blank"). `error` is an Error or the text the WebAssembly
 * side threw.
 */
export function sentence(error) {
  let text = String(error?.message ?? error).replace(/^Error: /, '').trim();
  if (current === 'en') text = text.replace(/\bblank\b/g, 'gap');
  if (!text) return '';
  const capital = text[0].toUpperCase() + text.slice(1);
  return /[.!?…]$/.test(capital) ? capital : `${capital}.`;
}

/** The language to start in: the address's `?lang=`, the player's last choice, the browser's. */
export function chosen() {
  const asked = new URLSearchParams(location.search).get('lang');
  if (LANGUAGES.includes(asked)) return asked;
  try {
    const kept = localStorage.getItem(KEPT);
    if (LANGUAGES.includes(kept)) return kept;
  } catch { /* storage off */ }
  return (navigator.languages ?? [navigator.language]).some((l) => /^pt\b/i.test(l ?? '')) ? 'pt' : 'en';
}

/** The attributes translated, each with the name its Portuguese is kept under. */
const ATTRIBUTES = [['title', 'ptTitle'], ['aria-label', 'ptAriaLabel'], ['placeholder', 'ptPlaceholder']];

/** Speaks `name` (`en` or `pt`): the page's own text, the core's, and the choice kept. */
export function speak(name) {
  current = LANGUAGES.includes(name) ? name : 'en';
  coreLanguage(current);
  document.documentElement.lang = current;
  const pt = current === 'pt';
  for (const node of document.querySelectorAll('[data-pt]')) {
    node.dataset.en ??= node.textContent;
    node.textContent = pt ? node.dataset.pt : node.dataset.en;
  }
  for (const node of document.querySelectorAll('[data-pt-html]')) {
    node.dataset.enHtml ??= node.innerHTML;
    node.innerHTML = pt ? node.dataset.ptHtml : node.dataset.enHtml;
  }
  for (const [attribute, key] of ATTRIBUTES) {
    const english = `en${key.slice(2)}`;
    for (const node of document.querySelectorAll(`[data-pt-${attribute}]`)) {
      node.dataset[english] ??= node.getAttribute(attribute) ?? '';
      node.setAttribute(attribute, pt ? node.dataset[key] : node.dataset[english]);
    }
  }
  try {
    localStorage.setItem(KEPT, current);
  } catch { /* storage off: the choice lasts this visit */ }
}
