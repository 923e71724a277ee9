#!/usr/bin/env python3
"""Makes data/games/4x4-detours.txt, the 4x4 games whose analysis is benchmarked
(docs/PERFORMANCE.md): game i (1 to 20) starts at Korf's instance i (data/instances/korf100.txt,
blank-first goal), plays npuzzle's optimal solution of it, and wanders from it k times, k drawn
from 5 to 40 by Python's random.Random(i): at k places drawn the same way, a legal tile move
(drawn) and its inverse are played before the solution goes on. Each detour is one mistake (two
moves lost), so a game has the optimum plus 2k moves (60 to 146 here).

    python3 data/games/make_games.py target/release/npuzzle > data/games/4x4-detours.txt
"""

import json
import random
import subprocess
import sys

INVERSE = {"U": "D", "D": "U", "L": "R", "R": "L"}


def legal(cells: list[int], width: int) -> list[str]:
    """The tile moves legal on `cells`: U slides the tile below the blank up, and so on."""
    blank = cells.index(0)
    row, column = divmod(blank, width)
    moves = []
    if row + 1 < width:
        moves.append("U")
    if row > 0:
        moves.append("D")
    if column + 1 < width:
        moves.append("L")
    if column > 0:
        moves.append("R")
    return moves


def play(cells: list[int], move: str, width: int) -> None:
    blank = cells.index(0)
    source = blank + {"U": width, "D": -width, "L": 1, "R": -1}[move]
    cells[blank], cells[source] = cells[source], 0


def main() -> None:
    npuzzle = sys.argv[1]
    lines = [l for l in open("data/instances/korf100.txt") if l.strip() and not l.startswith("#")]
    print("# 4x4 games for the analysis benchmark, made by data/games/make_games.py (see its rule).")
    print("# GOAL: blank-first. COLUMNS: position (slash rows) | moves (tile letters) | optimum | detours")
    for i in range(1, 21):
        numbers = [int(t) for t in lines[i - 1].split()]
        cells, optimum = numbers[:16], numbers[16]
        position = "/".join(" ".join(map(str, cells[r * 4 : r * 4 + 4])) for r in range(4))
        out = subprocess.run(
            [npuzzle, "solve", position, "--goal", "blank-first", "--heuristic", "pdb",
             "--partition", "78", "--json"], check=True, capture_output=True, text=True).stdout
        solution = json.loads(out.splitlines()[0])["solution"]
        assert len(solution) == optimum, (i, len(solution), optimum)
        rng = random.Random(i)
        k = rng.randint(5, 40)
        places = sorted(rng.randrange(optimum) for _ in range(k))
        board, moves = cells[:], []
        for step, move in enumerate(solution):
            while places and places[0] == step:
                places.pop(0)
                wander = rng.choice(legal(board, 4))
                for m in (wander, INVERSE[wander]):
                    play(board, m, 4)
                    moves.append(m)
            play(board, move, 4)
            moves.append(move)
        print(f"{position} | {''.join(moves)} | {optimum} | {k}")


if __name__ == "__main__":
    main()
