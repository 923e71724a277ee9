// Graded hints, in words: first the distance to go, then every tile that keeps the optimum, then
// one move. What keeps the optimum is the library's (npuzzle_web's optimal_moves, in a worker).
import { alternatives, count, direction, faltam, say } from './lang.js';

/**
 * What grade `grade` (1 to 3) of a hint says at a position whose optimal moves are `good`
 * (`{distance, optimal_moves, tiles}`): `{message, announce, tiles}`, `tiles` the tiles to
 * mark (none at the first grade). `tileOf(letter)` is the tile a move slides.
 */
export function gradeWords(good, grade, tileOf) {
  const to = count(good.distance.moves, 'move');
  if (good.optimal_moves.length === 0) {
    return { message: say('Solved: no move to hint.', 'Resolvido: nenhum movimento a sugerir.'), announce: say('Solved.', 'Resolvido.') };
  }
  if (grade === 1) {
    return {
      message: say(
        `Hint 1 of 3: ${to} to go, optimally. Hint again for the tiles that keep the optimum.`,
        `Dica 1 de 3: ${faltam(good.distance.moves)}, no ótimo. Outra dica mostra as peças que mantêm o ótimo.`,
      ),
      announce: say(`${to} to go.`, `${faltam(good.distance.moves)}.`),
    };
  }
  if (grade === 2) {
    const one = good.tiles.length === 1;
    const tiles = one
      ? say(`tile ${good.tiles[0]} keeps`, `a peça ${good.tiles[0]} mantém`)
      : say(`tiles ${alternatives(good.tiles)} keep`, `as peças ${alternatives(good.tiles)} mantêm`);
    return {
      message: say(
        `Hint 2 of 3: ${tiles} the optimum (${to} to go). Hint again for a move.`,
        `Dica 2 de 3: ${tiles} o ótimo (${faltam(good.distance.moves)}). Outra dica mostra um movimento.`,
      ),
      announce: say(`Hint: ${tiles} the optimum.`, `Dica: ${tiles} o ótimo.`),
      tiles: good.tiles,
    };
  }
  const letter = good.optimal_moves[0];
  const tile = tileOf(letter);
  return {
    message: say(
      `Hint: move tile ${tile} ${direction(letter)} (optimal; ${to} to go).`,
      `Dica: mova a peça ${tile} ${direction(letter)} (ótimo; ${faltam(good.distance.moves)}).`,
    ),
    announce: say(`Hint: move tile ${tile} ${direction(letter)}.`, `Dica: mova a peça ${tile} ${direction(letter)}.`),
    tiles: [tile],
  };
}
