"""Shared fixtures: the repository's data, the CLI (built once), and a private database folder."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
INSTANCES = ROOT / "data" / "instances"


@pytest.fixture(scope="session")
def cli() -> Path:
    """The ``npuzzle`` command line, built from this repository."""
    subprocess.run(
        ["cargo", "build", "--quiet", "--locked", "-p", "npuzzle-cli"], cwd=ROOT, check=True
    )
    return ROOT / "target" / "debug" / "npuzzle"


@pytest.fixture(scope="session")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database folder of the tests' own (the user's cache is never touched)."""
    return tmp_path_factory.mktemp("databases")


def cli_json(cli: Path, lines: list[str], *args: str) -> list[dict]:
    """The CLI's ``solve --json`` answers to ``lines``."""
    done = subprocess.run(
        [str(cli), "solve", "--json", *args],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    return [json.loads(line) for line in done.stdout.splitlines()]


def interrupted(code: str) -> tuple[str, str]:
    """Runs ``code`` in a Python of its own, sends it Ctrl-C a second after it prints ``ready``,
    and checks that it stopped within ten seconds with ``KeyboardInterrupt``; its output and
    errors."""
    import signal
    import sys
    import time

    child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "ready"
        time.sleep(1.0)
        child.send_signal(signal.SIGINT)
        clock = time.monotonic()
        out, err = child.communicate(timeout=30)
        assert time.monotonic() - clock < 10
        assert "KeyboardInterrupt" in err and child.returncode != 0
        return out, err
    finally:
        child.kill()
