#!/usr/bin/env python
"""Benchmark: the exact out-of-core cost curve on Dask against the in-memory engine.

    python benchmarks/bench_out_of_core.py                      # 1e8 rows, 2 workers x 2 GiB
    python benchmarks/bench_out_of_core.py --rows 10000000      # a smaller run

Writes ``--rows`` (label, score) rows to Parquet (seeded; 20 % positives, scores N(1.2 y, 1),
continuous: nearly every score distinct, the hardest case for the shuffle), then computes the
exact hull, envelope and AUC with :func:`costlab.evaluation.out_of_core_curve` on a
LocalCluster of ``--workers`` processes limited to ``--memory`` each, sampling every worker's
resident memory twice a second. Beside it, in this process: the in-memory engine
(:func:`costlab.metrics.cost_envelope` plus the AUC) on the largest n that fits comfortably
(``--in-memory-rows``, default 1e7), so that the two rates (rows/s) are measured in one run.
Prints a Markdown table; ``--out FILE`` also writes it.
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
import threading
import time
from pathlib import Path

import numpy as np
import pandas as pd


def write_parquet(path, rows, *, chunk=5_000_000, seed=0):
    """``rows`` seeded rows in files of ``chunk`` rows under ``path``."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    path.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(seed)
    for k, start in enumerate(range(0, rows, chunk)):
        n = min(chunk, rows - start)
        y = (rng.random(n) < 0.2).astype(np.int8)
        s = rng.normal(1.2 * y, 1.0)
        table = pa.table({"label": y, "score": s})
        pq.write_table(table, path / f"part-{k:05d}.parquet", row_group_size=1_000_000)


def in_memory(rows, seed=1):
    from costlab.metrics import cost_envelope
    from costlab.metrics.mergeable import merge_blocks, summarize_counts

    rng = np.random.default_rng(seed)
    y = (rng.random(rows) < 0.2).astype(np.int8)
    s = rng.normal(1.2 * y, 1.0)
    start = time.perf_counter()
    cost_envelope(y, s)
    envelope_seconds = time.perf_counter() - start
    start = time.perf_counter()
    merge_blocks([summarize_counts(s, y == 1, y == 0)])  # hull and exact AUC in one block
    block_seconds = time.perf_counter() - start
    return envelope_seconds, block_seconds


class MemoryPoller:
    """Peak resident memory of every worker, sampled by ``client.run`` in a thread."""

    def __init__(self, client, every=0.5):
        self.client, self.every, self.peak = client, every, {}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self):
        import psutil

        def rss():
            return psutil.Process().memory_info().rss

        while not self._stop.is_set():
            try:
                for worker, value in self.client.run(rss).items():
                    self.peak[worker] = max(self.peak.get(worker, 0), value)
            except Exception:  # noqa: BLE001 - a worker restarting must not end the benchmark
                pass
            self._stop.wait(self.every)

    def __enter__(self):
        self._thread.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        self._thread.join()


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=100_000_000)
    parser.add_argument("--in-memory-rows", type=int, default=10_000_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--memory", default="2GiB")
    parser.add_argument("--blocks", type=int, default=None)
    parser.add_argument("--dir", default=None, help="where to write the Parquet files")
    parser.add_argument("--out", default=None)
    args = parser.parse_args(argv)

    from distributed import Client, LocalCluster

    from costlab.evaluation import out_of_core_curve

    root = Path(args.dir or tempfile.mkdtemp(prefix="costlab-ooc-"))
    data = root / "scores.parquet"
    start = time.perf_counter()
    write_parquet(data, args.rows)
    write_seconds = time.perf_counter() - start
    print(f"wrote {args.rows:,} rows to {data} in {write_seconds:.0f} s", flush=True)

    cluster = LocalCluster(
        n_workers=args.workers,
        threads_per_worker=1,
        memory_limit=args.memory,
        dashboard_address=None,
    )
    try:
        with Client(cluster) as client, MemoryPoller(client) as poller:
            start = time.perf_counter()
            result = out_of_core_curve(str(data), n_blocks=args.blocks)
            ooc_seconds = time.perf_counter() - start
        peaks = sorted(poller.peak.values())
    finally:
        cluster.close()
    envelope_seconds, block_seconds = in_memory(args.in_memory_rows)

    rows = [
        {
            "engine": f"out of core (Dask, {args.workers} workers x {args.memory})",
            "rows": f"{args.rows:.0e}",
            "seconds": round(ooc_seconds, 1),
            "rows/s": f"{args.rows / ooc_seconds:,.0f}",
            "peak worker memory": " / ".join(f"{p / 2**30:.2f} GiB" for p in peaks),
        },
        {
            "engine": "in memory: cost_envelope (one process)",
            "rows": f"{args.in_memory_rows:.0e}",
            "seconds": round(envelope_seconds, 2),
            "rows/s": f"{args.in_memory_rows / envelope_seconds:,.0f}",
            "peak worker memory": "",
        },
        {
            "engine": "in memory: one block summary (hull + exact AUC)",
            "rows": f"{args.in_memory_rows:.0e}",
            "seconds": round(block_seconds, 2),
            "rows/s": f"{args.in_memory_rows / block_seconds:,.0f}",
            "peak worker memory": "",
        },
    ]
    table = pd.DataFrame(rows).to_markdown(index=False)
    print(table)
    print(
        f"hull vertices {result.hull.n_vertices}, AUC {result.auc:.6f}, distinct rows "
        f"shuffled {result.n_distinct:,} of {result.n_rows:,}"
    )
    if args.out:
        Path(args.out).write_text(table + "\n", encoding="utf-8")
    if args.dir is None:
        shutil.rmtree(root, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
