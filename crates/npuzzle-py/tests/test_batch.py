"""Batches on numpy arrays: heuristics, solvability, children, walks, moves, and bad arrays."""

from __future__ import annotations

import numpy as np
import pytest

import npuzzle


def manhattan(row: np.ndarray, width: int) -> int:
    """Manhattan distance to the blank-last goal, written out here."""
    total = 0
    for cell, tile in enumerate(row.tolist()):
        if tile:
            goal = tile - 1
            total += abs(cell // width - goal // width) + abs(cell % width - goal % width)
    return total


def test_manhattan_matches_a_python_count_on_every_shape() -> None:
    for size, width in (("3x3", 3), ("4x4", 4), ("5x5", 5), ("5x3", 5)):
        rows = npuzzle.generate(size, count=200, seed=1)
        values = npuzzle.heuristic(rows, "manhattan", size=size)
        assert values.dtype == np.uint8
        assert values.tolist() == [manhattan(row, width) for row in rows]


def test_heuristics_are_lower_bounds_that_order_as_they_should() -> None:
    rows = npuzzle.generate("3x3", count=300, seed=2)
    exact = np.array([s.length for s in npuzzle.solve_many(rows)])
    md = npuzzle.heuristic(rows, "manhattan")
    lc = npuzzle.heuristic(rows, "linear-conflict")
    wd = npuzzle.heuristic(rows, "walking-distance")
    assert (md <= lc).all() and (lc <= exact).all() and (wd <= exact).all()
    assert (md % 2 == exact % 2).all()
    assert (lc > md).any()


def test_pattern_databases_from_python(cache) -> None:
    built = npuzzle.pdb.build("4x4", "663", goal="blank-first", cache_dir=cache)
    assert len(built) == 3 and all(path.exists() for path in built)
    listed = npuzzle.pdb.list(cache_dir=cache)
    assert {item["size"] for item in listed} == {"4x4"}
    assert npuzzle.pdb.folder(cache) == cache
    dbs = npuzzle.pdb.open("4x4", "663", goal="blank-first", cache_dir=cache)
    assert (dbs.size, dbs.partition) == ("4x4", "663")
    korf = npuzzle.read_instances(npuzzle_instances() / "korf100.txt")[:20]
    rows = np.array([i.board.to_list() for i in korf]).reshape(20, 16)
    values = dbs.values(np.ascontiguousarray(rows, dtype=np.uint8))
    md = npuzzle.heuristic(rows, "manhattan", goal="blank-first")
    assert (values >= md).all()
    assert (values <= np.array([i.optimal for i in korf])).all()
    same = npuzzle.heuristic(rows, "663", goal="blank-first", cache_dir=cache)
    assert (same == values).all()



def test_zero_aware_databases_from_python(cache) -> None:
    built = npuzzle.pdb.build("4x4", "z:555", goal="blank-first", cache_dir=cache)
    assert len([path for path in built if "-z-" in path.name]) == 3
    listed = [item for item in npuzzle.pdb.list(cache_dir=cache) if "-z-" in str(item["path"])]
    assert len(listed) == 3 and all(item["zero_aware"] for item in listed)
    assert all(item["layout"] in ("listed", "dense") for item in listed)
    zero = npuzzle.pdb.open("4x4", "z:555", goal="blank-first", cache_dir=cache)
    plain = npuzzle.pdb.open("4x4", "555", goal="blank-first", cache_dir=cache)
    assert zero.partition == "z:555"
    korf = npuzzle.read_instances(npuzzle_instances() / "korf100.txt")
    rows = np.ascontiguousarray(
        np.array([i.board.to_list() for i in korf]).reshape(len(korf), 16), dtype=np.uint8
    )
    stronger, weaker = zero.values(rows), plain.values(rows)
    assert (stronger >= weaker).all() and (stronger > weaker).any()
    assert (stronger <= np.array([i.optimal for i in korf])).all()
    with pytest.raises(npuzzle.ParseError, match="z: once"):
        npuzzle.pdb.open("4x4", "z:z:555", cache_dir=cache)

def npuzzle_instances():
    from conftest import INSTANCES

    return INSTANCES


def test_any_integer_dtype_and_order_is_taken() -> None:
    rows = npuzzle.generate("4x4", count=50, seed=3)
    expected = npuzzle.heuristic(rows, "linear-conflict")
    for dtype in (np.int8, np.int16, np.uint16, np.int32, np.int64, np.uint64):
        assert (npuzzle.heuristic(rows.astype(dtype), "linear-conflict") == expected).all()
    fortran = np.asfortranarray(rows.astype(np.int64))
    assert (npuzzle.heuristic(fortran, "linear-conflict") == expected).all()
    grids = rows.reshape(50, 4, 4)
    assert (npuzzle.heuristic(grids, "linear-conflict") == expected).all()
    assert (npuzzle.heuristic(rows.tolist(), "linear-conflict") == expected).all()


def test_solvable_and_solved_agree_with_boards() -> None:
    rng = np.random.default_rng(4)
    rows = np.array([rng.permutation(9) for _ in range(200)])
    verdicts = npuzzle.is_solvable(rows)
    assert verdicts.dtype == np.bool_
    assert verdicts.tolist() == [npuzzle.Board(row.tolist()).is_solvable() for row in rows]
    assert 50 < verdicts.sum() < 150
    goal = np.array([[1, 2, 3, 4, 5, 6, 7, 8, 0], [0, 1, 2, 3, 4, 5, 6, 7, 8]])
    assert npuzzle.is_solved(goal).tolist() == [True, False]
    assert npuzzle.is_solved(goal, goal="blank-first").tolist() == [False, True]


def test_children_are_the_positions_one_move_away() -> None:
    rows = npuzzle.generate("3x4", count=40, seed=5, walk=12)
    previous = np.random.default_rng(5).integers(-1, 4, size=40)
    kids, legal, undoes = npuzzle.children(rows, size="3x4", previous=previous)
    assert kids.shape == (40, 4, 12) and legal.shape == undoes.shape == (40, 4)
    for at, row in enumerate(rows):
        board = npuzzle.Board(row.tolist(), size="3x4")
        for code, move in enumerate(npuzzle.MOVES):
            if legal[at, code]:
                assert board.apply(move) == npuzzle.Board(kids[at, code].tolist(), size="3x4")
            else:
                assert move not in board.legal_moves()
                assert (kids[at, code] == row).all()
            opposite = code ^ 1
            assert undoes[at, code] == (legal[at, code] and previous[at] == opposite)
    assert legal.sum(axis=1).min() >= 2


def test_apply_moves_follows_the_move_codes() -> None:
    rows = npuzzle.generate("4x4", count=30, seed=6)
    _, legal, _ = npuzzle.children(rows)
    codes = np.array([np.flatnonzero(ok)[0] for ok in legal])
    moved = npuzzle.apply_moves(rows, codes)
    for row, code, after in zip(rows, codes, moved):
        expected = npuzzle.Board(row.tolist()).apply(npuzzle.MOVES[code])
        assert npuzzle.Board(after.tolist()) == expected
    unmoved = npuzzle.apply_moves(rows, np.full(30, -1))
    assert (unmoved == rows).all()
    with pytest.raises(npuzzle.ParseError, match="row 0"):
        npuzzle.apply_moves([[1, 2, 3, 4, 5, 6, 7, 8, 0]], [0])


def test_random_walks_never_undo_a_move() -> None:
    lengths = np.arange(0, 60)
    walks = npuzzle.random_walks("5x5", lengths, seed=9)
    assert walks.shape == (60, 25) and walks.dtype == np.uint8
    md = npuzzle.heuristic(walks, "manhattan")
    assert (md <= lengths).all() and ((lengths - md) % 2 == 0).all()
    assert md[0] == 0 and md[1] == 1 and md[2] == 2  # a second move never undoes the first
    assert (npuzzle.random_walks("5x5", lengths, seed=9) == walks).all()
    assert npuzzle.is_solvable(walks).all()


def test_generate_is_the_clis_and_reproducible() -> None:
    first = npuzzle.generate("4x4", count=5, seed=42)
    assert (first == npuzzle.generate("4x4", count=5, seed=42)).all()
    assert npuzzle.is_solvable(first).all() and not npuzzle.is_solved(first).any()
    at = npuzzle.generate("3x3", count=10, seed=1, distance=31)
    assert {str(npuzzle.Board(r.tolist())) for r in at} <= {
        "8 6 7/2 5 4/3 0 1",
        "6 4 7/8 5 0/3 2 1",
    }
    assert npuzzle.generate("20x20", count=2, seed=1).dtype == np.uint16
    assert npuzzle.generate("3x3", count=0, seed=1).shape == (0, 9)
    with pytest.raises(npuzzle.ParseError, match="farthest"):
        npuzzle.generate("3x3", count=1, seed=1, distance=40)


@pytest.mark.parametrize(
    "positions, size, says",
    [
        (np.zeros((2, 9), dtype=np.float64), None, "integers"),
        ([[1, 2, 3, 4, 5, 6, 7, 8, 9]], None, "0 to 8"),
        ([[1, 1, 3, 4, 5, 6, 7, 8, 0]], None, "row 0.*repeated"),
        ([[1, 2, 3, 4, 5, 6, 7, 8, -1]], None, "0 to 8"),
        (np.array([[1, 2, 3, 4, 5, 6, 7, 8, 9]], dtype=np.uint8), None, "row 0.*too large"),
        (np.zeros((2, 10), dtype=np.uint8), None, "no square"),
        (np.zeros((2, 9), dtype=np.uint8), "4x4", "16 cells"),
        (np.zeros(9, dtype=np.uint8), None, "2-D"),
        ([[1, 2, 3, 4, 5, 6, 7, 8, 0]], "3by3", "size"),
        (np.zeros((1, 400), dtype=np.uint16), "20x20", "256 cells"),
    ],
)
def test_bad_arrays_raise_parse_errors(positions, size, says) -> None:
    with pytest.raises(npuzzle.ParseError, match=says):
        npuzzle.heuristic(positions, size=size)


def test_bad_names_and_move_codes_raise() -> None:
    rows = npuzzle.generate("3x3", count=2, seed=1)
    with pytest.raises(npuzzle.ParseError, match="psychic"):
        npuzzle.heuristic(rows, "psychic")
    with pytest.raises(npuzzle.ParseError, match="move code"):
        npuzzle.children(rows, previous=[0, 7])
    with pytest.raises(npuzzle.ParseError, match="previous"):
        npuzzle.children(rows, previous=[0])
    with pytest.raises(npuzzle.ParseError, match="lengths"):
        npuzzle.random_walks("3x3", [-1])
    with pytest.raises(ValueError, match="walking distance"):
        npuzzle.heuristic(npuzzle.generate("6x6", count=1, seed=1), "walking-distance")


def test_the_learned_estimate_is_near_the_optima_and_never_below_linear_conflict() -> None:
    from conftest import INSTANCES

    dca = npuzzle.read_instances(INSTANCES / "deepcubea24.txt")[:100]
    rows = np.array([i.board.to_list() for i in dca]).reshape(len(dca), 25)
    optima = np.array([i.optimal for i in dca], dtype=np.float64)
    estimates = npuzzle.estimate(rows)
    lc = npuzzle.heuristic(rows, "linear-conflict").astype(np.float64)
    assert estimates.dtype == np.float32 and estimates.shape == (100,)
    assert (estimates >= lc).all()
    learned_error, lc_error = np.abs(estimates - optima).mean(), np.abs(lc - optima).mean()
    # Measured with the shipped 5x5 model: 2.9 moves against linear conflict's 21.
    assert learned_error < 6 and learned_error < lc_error / 3
    for size in ("5x5", "6x6", "7x7"):
        positions = npuzzle.generate(size, count=64, seed=4)
        values = npuzzle.estimate(positions)
        assert (values >= npuzzle.heuristic(positions, "linear-conflict")).all()
    assert npuzzle.estimate(np.arange(1, 26, dtype=np.uint8)[None] % 25).tolist() == [0.0]


def test_a_learned_model_file_is_read_and_a_bad_one_refused(tmp_path) -> None:
    from conftest import ROOT

    model = ROOT / "data" / "models" / "3x3.nnue"
    rows = npuzzle.generate("3x3", count=200, seed=5)
    exact = np.array([s.length for s in npuzzle.solve_many(rows)], dtype=np.float64)
    values = npuzzle.estimate(rows, model=model)
    lc = npuzzle.heuristic(rows, "linear-conflict").astype(np.float64)
    assert np.abs(values - exact).mean() < np.abs(lc - exact).mean()
    assert (npuzzle.estimate(rows, model=str(model)) == values).all()
    damaged = tmp_path / "damaged.nnue"
    data = bytearray(model.read_bytes())
    data[40] ^= 0xFF
    damaged.write_bytes(bytes(data))
    with pytest.raises(ValueError, match="damaged.nnue"):
        npuzzle.estimate(rows, model=damaged)
    with pytest.raises(ValueError, match="3x3.nnue: the model was trained for 3x3"):
        npuzzle.estimate(npuzzle.generate("4x4", count=2, seed=1), model=model)
    with pytest.raises(ValueError, match="no model is shipped"):
        npuzzle.estimate(npuzzle.generate("8x8", count=2, seed=1))
    with pytest.raises(ValueError):
        npuzzle.estimate([[1, 1, 2, 3, 4, 5, 6, 7, 8]])
