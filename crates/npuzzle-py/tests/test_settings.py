"""One description of the settings (issue 38): ``npuzzle.Options``' signature, its stub, the
cluster's command line and ``npuzzle solve --help`` all come from, or are checked against, the
library's defaults and its list of fields."""

from __future__ import annotations

import ast
import inspect
import subprocess
from pathlib import Path

import npuzzle
from npuzzle import _native
from npuzzle.cluster.__main__ import _parser

FIELDS = _native.settings_fields()


def test_options_take_every_setting_with_the_librarys_defaults() -> None:
    parameters = inspect.signature(npuzzle.Options).parameters
    assert list(parameters) == [name for name, *_ in FIELDS]
    for name, value in _native.defaults().items():
        assert parameters[name].default == value, name
        assert getattr(npuzzle.Options(), name) == value, name


def test_the_stub_says_the_same_defaults() -> None:
    stub = Path(npuzzle.__file__).with_name("_native.pyi").read_text()
    options = next(n for n in ast.walk(ast.parse(stub))
                   if isinstance(n, ast.ClassDef) and n.name == "Options")
    new = next(n for n in options.body if isinstance(n, ast.FunctionDef) and n.name == "__new__")
    arguments = new.args.args[1:]
    defaults = dict(zip([a.arg for a in arguments][-len(new.args.defaults):],
                        [ast.literal_eval(d) for d in new.args.defaults]))
    assert [a.arg for a in arguments] == [name for name, *_ in FIELDS]
    for name, value in _native.defaults().items():
        assert defaults[name] == value, name


def test_the_cluster_offers_every_setting_and_leaves_the_defaults_to_the_library() -> None:
    parser = _parser()
    for command in ("solve", "search"):
        argv = [command, "1 2 3/4 5 6/7 0 8"]
        args = parser.parse_args(argv)
        for name, flag, value, *_ in FIELDS:
            assert getattr(args, name) is None, (command, name)
            given = [f"--{flag}"] if not value else [f"--{flag}", "7"]
            assert getattr(parser.parse_args(argv + given), name) is not None, (command, flag)


def test_the_command_line_offers_every_setting(cli: Path) -> None:
    help_text = subprocess.run([str(cli), "solve", "--help"], capture_output=True, text=True,
                               check=True).stdout
    for _, flag, *_ in FIELDS:
        assert f"--{flag}" in help_text, flag


def test_the_repr_names_every_setting_with_its_value() -> None:
    text = repr(npuzzle.Options(weight=3.0, parallel=True))
    assert text.startswith("Options(") and text.endswith(")")
    shown = dict(part.split("=", 1) for part in text[len("Options("):-1].split(", "))
    assert list(shown) == [name for name, *_ in FIELDS]
    assert (shown["weight"], shown["parallel"], shown["timeout"]) == ("3.0", "True", "None")
    assert shown["algorithm"] == "'auto'"


def test_the_environments_take_their_settings_and_defaults_from_one_native_description() -> None:
    """Issue 69: the env's settings are declared once, natively (``EnvSettings``): every
    parameter of the three env classes that is one of its settings shows its default (the
    vector env's ``autoreset_mode`` is ``autoreset``), and every setting is checked there."""
    import numpy as np
    from gymnasium import spaces

    from npuzzle.env import SlidingPuzzleEnv, SlidingPuzzleVectorEnv, TextPuzzle

    defaults = _native.EnvSettings.defaults()
    named = {"autoreset_mode": "autoreset"}
    for env in (SlidingPuzzleEnv, SlidingPuzzleVectorEnv, TextPuzzle):
        shared = 0
        for name, parameter in inspect.signature(env).parameters.items():
            if named.get(name, name) in defaults:
                assert parameter.default == defaults[named.get(name, name)], (env, name)
                shared += 1
        assert shared >= 5, env
    # The spaces are the settings' spec.
    settings = _native.EnvSettings("3x4", 5, observation="onehot", mask_in_observation=True)
    assert (settings.width, settings.height, settings.cells, settings.num_envs) == (3, 4, 12, 5)
    assert (settings.observation_shape, settings.observation_high) == ((12, 12), 1)
    vector = SlidingPuzzleVectorEnv(5, "3x4", observation="onehot", mask_in_observation=True)
    assert vector.single_observation_space["observation"] == spaces.Box(
        0, 1, (12, 12), dtype=np.uint8
    )
    single = SlidingPuzzleEnv("3x4", moves="tile")
    assert single.observation_space == spaces.Box(0, 11, (4, 3), dtype=np.uint8)
    assert single.settings.action_meanings == ["tile up", "tile down", "tile left", "tile right"]
    for name in ("moves", "observation", "reward", "illegal", "autoreset", "render_mode"):
        words = _native.EnvSettings.words(name)
        assert _native.EnvSettings(**{name: words[-1]})
        try:
            _native.EnvSettings(**{name: "nonsense"})
        except npuzzle.ParseError as refused:
            assert str(refused) == f'{name}="nonsense": use one of {", ".join(words)}'
        else:
            raise AssertionError(f"{name}='nonsense' was taken")
