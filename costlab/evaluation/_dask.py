"""Run joblib's work on a dask.distributed cluster: the context the engines' ``client=`` opens.

Nothing home-made: joblib's Dask backend (``joblib.parallel_config(backend="dask")``) sends
each ``joblib.delayed`` task (one fold fit) to the cluster's workers and returns the results in
task order, so the numbers are those of ``n_jobs=1``; the scheduler's dashboard shows the tasks.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import TYPE_CHECKING

import joblib

if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import Any

__all__ = ["dask_backend", "resolve_client"]


def resolve_client(client):
    """A ``distributed.Client`` from ``client``: a Client, an address, or True for the active
    one (``distributed.get_client()``); None stays None."""
    if client is None or client is False:
        return None
    try:
        from distributed import Client, get_client
    except ImportError as err:  # pragma: no cover - the dask extra is missing
        raise ImportError("client= needs dask.distributed: pip install -e '.[dask]'") from err
    if client is True:
        try:
            return get_client()
        except ValueError as err:
            raise ValueError(
                "client=True uses the active dask.distributed Client, but none is running; "
                "start one (distributed.Client(...)) or pass it as client=."
            ) from err
    if isinstance(client, str):
        return Client(client)
    if not isinstance(client, Client):
        raise TypeError(
            "client must be a distributed.Client, a scheduler address ('tcp://host:8786') or "
            f"True for the active client, got {type(client).__name__}."
        )
    return client


@contextmanager
def dask_backend(client: Any) -> Iterator[Any]:
    """Within this context joblib's work (one task per fold fit) runs on a Dask cluster.

    Parameters
    ----------
    client : distributed.Client, str, True or None
        The cluster's client, a scheduler address (``"tcp://host:8786"``), True for the active
        client, or None (then nothing changes: joblib runs locally).

    Yields
    ------
    distributed.Client or None
        The client in use. The results are those of ``n_jobs=1``, in task order.
    """
    client = resolve_client(client)
    if client is None:
        yield None
        return
    with client.as_current(), joblib.parallel_config(backend="dask"):
        yield client
