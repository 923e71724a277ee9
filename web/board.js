// The board, drawn as an ARIA grid: rows of cells, the tiles that can slide focusable, each
// cell named in the page's language.
import { say } from './lang.js';

// Where a tile that moved in a direction came from, for the slide animation.
const FROM = { U: 'from-down', D: 'from-up', L: 'from-right', R: 'from-left' };

/** A cell's name for screen readers: the tile (or the gap), its row and column. */
function label(tile, r, c, inLine) {
  if (tile === 0) return say(`gap, row ${r + 1}, column ${c + 1}`, `espaço vazio, linha ${r + 1}, coluna ${c + 1}`);
  return say(
    `tile ${tile}, row ${r + 1}, column ${c + 1}${inLine ? ', can slide' : ''}`,
    `peça ${tile}, linha ${r + 1}, coluna ${c + 1}${inLine ? ', pode deslizar' : ''}`,
  );
}

/**
 * Draws `game` (a WebGame) in `board`: the tiles in their places marked, the `hint` tiles
 * marked, the `moved` tiles sliding in from `direction`. Keyboard play keeps its place: the
 * tile that had focus keeps it where it slid to.
 */
export function drawBoard(board, game, { hint = null, moved = null, direction = null } = {}) {
  const [width, height] = [game.width(), game.height()];
  const cells = game.cells();
  const goal = game.goal_cells();
  const blank = cells.indexOf(0);
  const [blankRow, blankColumn] = [Math.floor(blank / width), blank % width];
  const focused = board.contains(document.activeElement) ? document.activeElement.textContent : null;
  board.style.setProperty('--w', width);
  board.style.setProperty('--h', height);
  const rows = [];
  for (let r = 0; r < height; r++) {
    const row = document.createElement('div');
    row.setAttribute('role', 'row');
    for (let c = 0; c < width; c++) {
      const tile = cells[r * width + c];
      const cell = document.createElement('button');
      cell.type = 'button';
      cell.className = 'cell';
      cell.setAttribute('role', 'gridcell');
      cell.dataset.row = r;
      cell.dataset.column = c;
      const inLine = tile !== 0 && (r === blankRow || c === blankColumn);
      cell.tabIndex = inLine ? 0 : -1;
      cell.setAttribute('aria-label', label(tile, r, c, inLine));
      if (tile === 0) {
        cell.classList.add('blank');
      } else {
        cell.textContent = tile;
        if (goal[r * width + c] === tile) cell.classList.add('placed');
        if (hint?.includes(tile)) cell.classList.add('hint');
        if (moved?.includes(tile) && direction) cell.classList.add(FROM[direction]);
      }
      row.append(cell);
    }
    rows.push(row);
  }
  board.replaceChildren(...rows);
  if (focused !== null) {
    const movable = [...board.querySelectorAll('.cell')].filter((cell) => cell.tabIndex === 0);
    (movable.find((cell) => cell.textContent === focused) ?? movable[0])?.focus();
  }
}
