"""The examples in the package's docstrings run and say what they show."""

from __future__ import annotations

import doctest

import numpy as np
import pytest
from conftest import ROOT

import npuzzle
import npuzzle.deepcubea
import npuzzle.env
import npuzzle.env.text
import npuzzle.pdb


@pytest.mark.parametrize(
    "module", [npuzzle, npuzzle.pdb, npuzzle.deepcubea, npuzzle.env, npuzzle.env.text]
)
def test_docstring_examples(module, monkeypatch) -> None:
    monkeypatch.chdir(ROOT)
    results = doctest.testmod(
        module,
        extraglobs={"npuzzle": npuzzle, "np": np},
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
    )
    assert results.failed == 0
