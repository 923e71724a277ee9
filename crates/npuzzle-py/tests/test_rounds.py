"""The cluster's switchboard across Ray sessions: one Ray started on this machine (127.0.0.1
only), shut down, and started again in the same process, as a script may do."""

from __future__ import annotations

import os
import time

import pytest

os.environ["RAY_USAGE_STATS_ENABLED"] = "0"
ray = pytest.importorskip("ray")
from npuzzle.cluster import rounds  # noqa: E402

#: The longest any step may wait.
LIMIT = 120.0


def test_each_ray_session_gets_its_own_switchboard() -> None:
    """The first job of every new Ray is numbered alike: a switchboard kept by job id alone
    would be the last session's, gone, and no stop would be heard."""
    for _ in range(2):
        ray.init(address="local", num_cpus=1, include_dashboard=False, log_to_driver=False,
                 _node_ip_address="127.0.0.1")
        try:
            stopped = rounds.Round.begin()
            stopped.stop()
            deadline = time.monotonic() + LIMIT
            board = ray.get_actor(rounds.NAME)
            while not ray.get(board.stopped.remote(stopped.key), timeout=LIMIT):
                assert time.monotonic() < deadline, "the stop was never heard"
                time.sleep(0.01)
        finally:
            ray.shutdown()
