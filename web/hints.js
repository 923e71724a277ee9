// Graded hints, in words: first the distance to go, then every tile that keeps the optimum, then
// one move. What keeps the optimum is the library's (npuzzle_web's optimal_moves, in a worker).
import { count } from './text.js';

/** `5, 1 or 3`. */
const alternatives = (items) => `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;

/**
 * What grade `grade` (1 to 3) of a hint says at a position whose optimal moves are `good`
 * (`{distance, optimal_moves, tiles}`): `{message, announce, tiles}`, `tiles` the tiles to
 * mark (none at the first grade). `tileOf(letter)` is the tile a move slides, `words` a move
 * letter's word.
 */
export function gradeWords(good, grade, tileOf, words) {
  const to = count(good.distance.moves, 'move');
  if (good.optimal_moves.length === 0) return { message: 'Solved: no move to hint.', announce: 'Solved.' };
  if (grade === 1) {
    return {
      message: `Hint 1 of 3: ${to} to go, optimally. Hint again for the tiles that keep the optimum.`,
      announce: `${to} to go.`,
    };
  }
  if (grade === 2) {
    const tiles = good.tiles.length === 1 ? `tile ${good.tiles[0]} keeps` : `tiles ${alternatives(good.tiles)} keep`;
    return {
      message: `Hint 2 of 3: ${tiles} the optimum (${to} to go). Hint again for a move.`,
      announce: `Hint: ${tiles} the optimum.`,
      tiles: good.tiles,
    };
  }
  const letter = good.optimal_moves[0];
  const tile = tileOf(letter);
  return {
    message: `Hint: move tile ${tile} ${words[letter]} (optimal; ${to} to go).`,
    announce: `Hint: move tile ${tile} ${words[letter]}.`,
    tiles: [tile],
  };
}
