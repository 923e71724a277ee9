"""The connection to a Ray cluster, shared by the batches (``npuzzle.cluster.solve``) and the
split search (``npuzzle.cluster.search``)."""

from __future__ import annotations

import os
from typing import Any

__all__ = ["connect"]


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise ImportError("npuzzle.cluster runs on Ray: pip install 'ray>=2.60'") from None
    return ray


def connect(address: str | None = None) -> None:
    """Joins the Ray cluster at ``address``, or starts one on this machine (127.0.0.1 only)
    when it is None; nothing is done when Ray is already connected."""
    ray = _ray()
    if ray.is_initialized():
        return
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    if address is None:
        ray.init(
            _node_ip_address="127.0.0.1",
            include_dashboard=False,
            log_to_driver=False,
            configure_logging=False,
        )
    else:
        ray.init(address=address, log_to_driver=False, configure_logging=False)

