// How the page words things: counts of things, and the core's errors as sentences.

/** `n` and the word, singular for one: "1 move", "2 moves". */
export const count = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * An error from the core as the page says things: a sentence, and "gap" for the empty cell
 * (the core's word is "blank"). `error` is an Error or the text the WebAssembly side threw.
 */
export function sentence(error) {
  const text = String(error?.message ?? error).replace(/^Error: /, '').replace(/\bblank\b/g, 'gap').trim();
  if (!text) return '';
  const capital = text[0].toUpperCase() + text.slice(1);
  return /[.!?…]$/.test(capital) ? capital : `${capital}.`;
}
