"""Issue 68: the peers' benchmark (benches/peers.py) says when a peer cannot be installed, and
still measures the rest."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

BENCHES = Path(__file__).resolve().parents[1] / "benches"


def test_a_peer_that_cannot_be_installed_is_skipped_and_the_rest_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.syspath_prepend(str(BENCHES))
    import peers

    ours = "npuzzle (native vector env)"
    monkeypatch.setattr(peers, "PEERS", tmp_path)
    monkeypatch.setattr(peers, "PROGRAMS", {
        "Nowhere (not on PyPI)": (["npuzzle-peer-that-does-not-exist==0.0.1"], "report(0)"),
        ours: peers.PROGRAMS[ours],
    })
    monkeypatch.setattr(sys, "argv", ["peers.py", "--quick", "--envs", "8"])
    peers.main()
    out = capsys.readouterr().out
    assert "| Nowhere (not on PyPI) | | | pip install npuzzle-peer-that-does-not-exist" in out
    assert "failed" in out
    for size in ("4x4", "5x5"):
        row = next(line for line in out.splitlines() if line.startswith(f"| {ours} | {size} | 8 |"))
        assert "skipped" not in row and float(row.split("|")[4]) > 0
