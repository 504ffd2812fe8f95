#!/usr/bin/env python
"""Benchmark: the exact out-of-core cost curve on Dask against the in-memory engine.

    python benchmarks/bench_out_of_core.py                      # 1e8 rows, 2 workers x 2 GiB
    python benchmarks/bench_out_of_core.py --rows 1e6 1e7 1e8 --figure scaling.png

Writes ``--rows`` (label, score) rows to Parquet (seeded; 20 % positives, scores N(1.2 y, 1),
continuous: nearly every score distinct, the hardest case for the shuffle), then computes the
exact hull, envelope and AUC with :func:`costlab.evaluation.out_of_core_curve` on a
LocalCluster of ``--workers`` processes limited to ``--memory`` each, sampling every worker's
resident memory twice a second. Beside it, in this process: the in-memory engine
(:func:`costlab.metrics.cost_envelope` plus the AUC) on the largest n that fits comfortably
(``--in-memory-rows``, default 5e7: its peak, about 3.6 x the 8-byte scores plus the labels,
stays under one worker's 2 GiB), so that the two rates (rows/s) are measured in one run.
Prints a Markdown table; ``--out FILE`` also writes it; ``--figure FILE`` draws seconds
against rows for both engines with the out-of-core rate extrapolated to 1e10 rows.
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
    from costlab.metrics import cost_envelope, merge_blocks, summarize_counts

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
    parser.add_argument("--rows", type=float, nargs="+", default=[1e8])
    parser.add_argument("--in-memory-rows", type=float, nargs="+", default=[5e7])
    parser.add_argument("--figure", default=None)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--memory", default="2GiB")
    parser.add_argument("--blocks", type=int, default=None)
    parser.add_argument("--dir", default=None, help="where to write the Parquet files")
    parser.add_argument("--out", default=None)
    args = parser.parse_args(argv)

    from distributed import Client, LocalCluster

    from costlab.evaluation import out_of_core_curve

    root = Path(args.dir or tempfile.mkdtemp(prefix="costlab-ooc-"))
    rows = []
    for n in [int(r) for r in args.rows]:
        data = root / f"scores-{n}.parquet"
        start = time.perf_counter()
        write_parquet(data, n)
        print(f"wrote {n:,} rows to {data} in {time.perf_counter() - start:.0f} s", flush=True)
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
                seconds = time.perf_counter() - start
            peaks = sorted(poller.peak.values())
        finally:
            cluster.close()
        shutil.rmtree(data, ignore_errors=True)
        rows.append(
            {
                "engine": f"out of core (Dask, {args.workers} workers x {args.memory})",
                "rows": n,
                "seconds": round(seconds, 2),
                "rows/s": round(n / seconds),
                "peak worker memory (GiB)": " / ".join(f"{p / 2**30:.2f}" for p in peaks),
            }
        )
        print(
            f"  {n:,} rows: {seconds:.1f} s, hull vertices {result.hull.n_vertices}, AUC "
            f"{result.auc:.6f}, distinct rows shuffled {result.n_distinct:,}",
            flush=True,
        )
    for n in [int(r) for r in args.in_memory_rows]:
        envelope_seconds, block_seconds = in_memory(n)
        for name, seconds in (
            ("in memory: cost_envelope (one process)", envelope_seconds),
            ("in memory: one block summary (hull + exact AUC)", block_seconds),
        ):
            rows.append(
                {
                    "engine": name,
                    "rows": n,
                    "seconds": round(seconds, 2),
                    "rows/s": round(n / seconds),
                    "peak worker memory (GiB)": "",
                }
            )
    frame = pd.DataFrame(rows)
    table = frame.assign(
        rows=frame["rows"].map(lambda v: f"{v:.0e}"),
        **{"rows/s": frame["rows/s"].map(lambda v: f"{v:,}")},
    ).to_markdown(index=False)
    print(table)
    if args.figure:
        _figure(frame, args.figure)
    if args.out:
        Path(args.out).write_text(table + "\n", encoding="utf-8")
    if args.dir is None:
        shutil.rmtree(root, ignore_errors=True)
    return 0


def _figure(frame, path):
    """Seconds against rows (log-log) for each engine; the out-of-core rate extrapolated."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7.5, 4.6), layout="constrained")
    colours = ["#0072B2", "#D55E00", "#009E73"]
    for colour, (engine, part) in zip(colours, frame.groupby("engine", sort=False), strict=False):
        ax.plot(part["rows"], part["seconds"], "o-", color=colour, label=engine)
    ooc = frame[frame["engine"].str.startswith("out of core")]
    if len(ooc):
        rate = ooc["rows"].iloc[-1] / ooc["seconds"].iloc[-1]
        x = np.geomspace(ooc["rows"].iloc[-1], 1e10, 20)
        ax.plot(x, x / rate, ":", color=colours[0], label="extrapolated at the largest run's rate")
        ax.annotate(
            f"1e10 rows: ~{1e10 / rate / 3600:.1f} h on 2 workers",
            (1e10, 1e10 / rate),
            xytext=(-10, -28),
            textcoords="offset points",
            ha="right",
            fontsize=9,
        )
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("rows (label, score)")
    ax.set_ylabel("seconds")
    ax.grid(True, which="major", color="0.88")
    ax.legend(fontsize=8.5, loc="upper left")
    ax.set_title("Exact cost curve: out of core on Dask vs in memory", loc="left")
    fig.savefig(path, dpi=110)


if __name__ == "__main__":
    raise SystemExit(main())
