"""Exact cost curves of scores that do not fit in memory, on Dask (dask.distributed).

The anchor is Spark MLlib's ``BinaryClassificationMetrics`` with ``numBins=0``: count the
positives and negatives of every distinct score (``combineByKey``), sort the distinct scores
across the cluster, take cumulative counts. We do the same with less traffic, using the
mergeable summaries of :mod:`costlab.metrics.engine.mergeable`:

1. **counts per partition**: each partition's (score, positives, negatives) per distinct score,
   int64 (never float32, whose accumulators lose counts past 2^24 rows) - rows with tied
   scores collapse here, before anything moves;
2. **blocks by score range**: approximate quantiles of the scores cut the score axis into
   ``n_blocks`` ranges (for balance only: any cut is exact), and the counts are shuffled so that
   each block's rows meet on one worker (Dask's shuffle: the only O(n) network step, over the
   distinct-score rows);
3. **a summary per block**, on the worker: its totals, its local ROC hull and its
   Mann-Whitney count, O(h) numbers;
4. **merge on the client**: the global hull is the hull of the blocks' hulls translated by the
   counts above them (exact), the AUC is the merged Mann-Whitney count; the cost-curve
   envelope, MTMCS (equal priors: 100 x envelope at PCF(+) = FNcost) and H follow from the
   hull as in memory.

``bins=`` adds the approximate alternative (Spark's ``numBins``, XGBoost's and H2O's
histograms): counts per fixed-width bin, and how far the binned envelope's cost is above the
exact one.

Input: a Dask DataFrame or a Parquet path (read with ``dask.dataframe.read_parquet``, only
the two columns). The work runs on the active ``dask.distributed`` client if there is one
(a LocalCluster or a cluster's scheduler), else on Dask's local scheduler.
"""

from __future__ import annotations

import numbers
import os
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from costlab.metrics import (
    CostEnvelope,
    MergedCurve,
    as_cost_density,
    binned_counts,
    merge_blocks,
    summarize_counts,
)
from costlab.metrics.checks import resolve_binary_labels
from costlab.metrics.scenarios.risk import normalized_loss
from costlab.validation import Interval, check_params

if TYPE_CHECKING:
    from typing import Any

    from costlab.metrics.engine.hull import RocHull

__all__ = ["BinnedComparison", "OutOfCoreCurve", "out_of_core_curve"]

#: Counts per distinct score of one partition: int32 suffices inside a partition (< 2^31 rows)
#: and halves what the shuffle moves; summaries and merges count in int64.
_COUNT_META = {"score": "float64", "n_pos": "int32", "n_neg": "int32"}
#: Default blocks: at least this many, and 4 per input partition, so that a block (its rows meet
#: on one worker) stays a fraction of a partition.
_MIN_BLOCKS = 16
#: Partitions read to place the block cuts (for balance only: any cuts are exact).
_SAMPLED_PARTITIONS = 8


@dataclass(frozen=True)
class BinnedComparison:
    """The binned (histogram) curve against the exact one.

    Attributes
    ----------
    n_bins : int
    curve : MergedCurve
        The binned hull and AUC.
    max_excess : float
        The largest amount by which the binned envelope's NE[C] exceeds the exact one, over
        PCF(+) in [0, 1] (0 when the bins lose nothing).
    tec_excess : float
        The binned envelope's total expected cost minus the exact one's (D&H eq. 11).
    auc_error : float
        Binned AUC minus exact AUC.
    """

    n_bins: int
    curve: MergedCurve
    max_excess: float
    tec_excess: float
    auc_error: float


@dataclass(frozen=True)
class OutOfCoreCurve:
    """Exact ROC hull, cost-curve envelope, AUC and H of out-of-core scores.

    Attributes
    ----------
    curve : MergedCurve
        The hull (``curve.hull``) and AUC (``curve.auc``).
    envelope : CostEnvelope
        The cost curve's lower envelope (D&H), as :func:`costlab.metrics.cost_envelope`.
    n_rows : int
    n_distinct : int
        Distinct (partition, score) rows shuffled (after the per-partition counts).
    binned : BinnedComparison or None
    """

    curve: MergedCurve
    envelope: CostEnvelope
    n_rows: int
    n_distinct: int
    binned: BinnedComparison | None = None

    @property
    def hull(self) -> RocHull:
        return self.curve.hull

    @property
    def auc(self) -> float:
        return self.curve.auc

    def h_measure(self, density: Any = None) -> float:
        """Hand's H with cost density u (default Beta(2, 2)), from the hull:
        H = 1 - sum of the vertices' risks / the trivial loss (Johnson et al. 2015, eq. 10)."""
        pi1 = self.hull.n_pos / (self.hull.n_pos + self.hull.n_neg)
        return 1.0 - normalized_loss(self.envelope, pi1, as_cost_density(density))

    def mtmcs(self, fn_cost: Any) -> Any:
        """The thesis's MTMCS (%) at normalised FNcost (equal priors): 100 NE[C](FNcost)."""
        return 100.0 * self.envelope(fn_cost)


def out_of_core_curve(
    data: Any,
    *,
    label: str = "label",
    score: str = "score",
    pos_label: Any = None,
    n_blocks: int | None = None,
    bins: int | None = None,
) -> OutOfCoreCurve:
    """The exact cost curve of a Dask DataFrame's (or a Parquet data set's) scores.

    Parameters
    ----------
    data : dask.dataframe.DataFrame, or str / path of a Parquet data set
    label, score : str
        Column names: the true class and the score (higher = more likely ``pos_label``).
    pos_label : scalar, optional
        The positive class's value in ``label``; inferred as in memory
        (:func:`costlab.metrics.roc_convex_hull`) when the labels are {0, 1} or {-1, 1}
        (positive 1) or {1, 2} (positive 2), else required. The labels are checked across all
        partitions first (one pass over the label column): exactly two classes, none missing.
    n_blocks : int, optional
        Score ranges summarised separately (default: 4 per partition, at least 16).
        Any value gives the same numbers; more blocks spread the work.
    bins : int, optional
        Also compute the binned approximation with this many equal-width bins and report how
        far it is from the exact curve.

    Returns
    -------
    OutOfCoreCurve

    Examples
    --------
    Labels and scores in a Dask DataFrame (here a tiny one, in two partitions; a Parquet path
    works the same), with the ``dask`` extra installed:

    >>> import dask.dataframe as dd
    >>> import pandas as pd
    >>> from costlab.evaluation import out_of_core_curve
    >>> frame = pd.DataFrame({"label": [0, 0, 1, 1], "score": [0.1, 0.4, 0.35, 0.8]})
    >>> result = out_of_core_curve(dd.from_pandas(frame, npartitions=2))
    >>> result.n_rows, result.n_distinct
    (4, 4)
    """
    import dask
    import dask.dataframe as dd

    if isinstance(data, (str, os.PathLike)):
        ddf = dd.read_parquet(data, columns=[label, score])
    elif isinstance(data, dd.DataFrame):
        missing = [c for c in (label, score) if c not in data.columns]
        if missing:
            raise ValueError(f"data has no column(s) {missing}; columns: {list(data.columns)}.")
        ddf = data[[label, score]]
    else:
        raise TypeError(
            f"data must be a dask DataFrame or a Parquet path, got {type(data).__name__}."
        )
    at_least_one = [Interval(numbers.Integral, 1, None, closed="left"), None]
    check_params(
        {"n_blocks": at_least_one, "bins": at_least_one}, {"n_blocks": n_blocks, "bins": bins}
    )
    n_blocks = n_blocks or max(_MIN_BLOCKS, 4 * ddf.npartitions)
    pos_label = _check_labels(ddf[label], label, pos_label)

    counts = ddf.map_partitions(
        _partition_counts,
        label,
        score,
        pos_label,
        meta=pd.DataFrame({k: pd.Series(dtype=v) for k, v in _COUNT_META.items()}),
    )
    cuts = _block_cuts(ddf, score, n_blocks)
    blocks = counts.map_partitions(_assign_blocks, cuts, meta={**_COUNT_META, "block": "int32"})
    shuffled = blocks.shuffle(on="block", npartitions=max(1, cuts.size + 1))
    parts = [dask.delayed(_summaries)(part) for part in shuffled.to_delayed()]
    results = dask.compute(*parts)
    summaries = [s for part in results for s in part[0]]
    n_rows = sum(part[1] for part in results)
    n_distinct = sum(part[2] for part in results)
    curve = merge_blocks(summaries)
    envelope = CostEnvelope.from_hull(curve.hull)
    binned = _binned(ddf, label, score, pos_label, bins, curve, envelope) if bins else None
    return OutOfCoreCurve(curve, envelope, n_rows, n_distinct, binned)


def _check_labels(labels, name, pos_label):
    """The positive label, after checking the label column across every partition as
    :func:`costlab.metrics.checks.check_labels_scores` checks labels in memory."""
    import dask

    n_missing, distinct = dask.compute(labels.isna().sum(), labels.dropna().unique())
    if n_missing:
        raise ValueError(
            f"column {name!r} has {int(n_missing)} missing label(s); every instance needs a "
            "class label."
        )
    classes = np.unique(np.asarray(distinct))
    return resolve_binary_labels(classes, pos_label, name=f"column {name!r}")


def _partition_counts(part, label, score, pos_label):
    """(score, n_pos, n_neg) per distinct score of one partition, int64."""
    s = part[score].to_numpy(dtype=np.float64)
    if not np.all(np.isfinite(s)):
        raise ValueError(f"column {score!r} has NaN or infinite scores; drop or impute them.")
    is_pos = (part[label] == pos_label).to_numpy()
    values, inverse = np.unique(s, return_inverse=True)
    n_pos = np.bincount(inverse, weights=is_pos, minlength=values.size).astype(np.int64)
    n_all = np.bincount(inverse, minlength=values.size).astype(np.int64)
    if len(part) >= 2**31:
        raise ValueError("a partition holds 2^31 rows or more; repartition the data.")
    return pd.DataFrame(
        {
            "score": values,
            "n_pos": n_pos.astype(np.int32),
            "n_neg": (n_all - n_pos).astype(np.int32),
        }
    )


def _block_cuts(ddf, score, n_blocks):
    """Score cuts giving ``n_blocks`` blocks of similar size, from the quantiles of a few
    evenly spaced partitions (one cheap pass over at most 8 partitions, not over the data)."""
    import dask

    if n_blocks == 1:
        return np.array([])
    picks = np.unique(np.linspace(0, ddf.npartitions - 1, _SAMPLED_PARTITIONS).round().astype(int))
    samples = dask.compute(*[ddf[score].partitions[int(k)] for k in picks])
    values = np.concatenate([np.asarray(v, dtype=np.float64) for v in samples])
    values = values[np.isfinite(values)]
    if values.size == 0:
        return np.array([])
    return np.unique(np.quantile(values, np.linspace(0.0, 1.0, n_blocks + 1)[1:-1]))


def _assign_blocks(part, cuts):
    block = np.searchsorted(cuts, part["score"].to_numpy(), side="right").astype(np.int32)
    return part.assign(block=block)


def _summaries(part):
    """The block summaries of one shuffled partition (it may hold several blocks)."""
    out = []
    for _, rows in part.groupby("block", sort=False):
        out.append(summarize_counts(rows["score"], rows["n_pos"], rows["n_neg"]))
    n_rows = int(part["n_pos"].sum() + part["n_neg"].sum())
    return out, n_rows, len(part)


def _binned(ddf, label, score, pos_label, bins, exact, envelope):
    import dask

    low, high = dask.compute(ddf[score].min(), ddf[score].max())
    edges = np.linspace(float(low), float(high), bins + 1)
    if not edges[-1] > edges[0]:
        edges = np.array([low - 0.5, high + 0.5])
    parts = [dask.delayed(_bin_part)(p, label, score, pos_label, edges) for p in ddf.to_delayed()]
    totals = dask.compute(*parts)
    n_pos = np.sum([t[0] for t in totals], axis=0)
    n_neg = np.sum([t[1] for t in totals], axis=0)
    keep = (n_pos + n_neg) > 0
    curve = merge_blocks([summarize_counts(edges[:-1][keep], n_pos[keep], n_neg[keep])])
    approx = CostEnvelope.from_hull(curve.hull)
    grid = np.unique(np.r_[envelope.breakpoints, approx.breakpoints])
    excess = float(np.max(approx(grid) - envelope(grid)))
    from costlab.metrics import total_expected_cost

    return BinnedComparison(
        n_bins=bins,
        curve=curve,
        max_excess=max(excess, 0.0),
        tec_excess=total_expected_cost(approx) - total_expected_cost(envelope),
        auc_error=curve.auc - exact.auc,
    )


def _bin_part(part, label, score, pos_label, edges):
    return binned_counts((part[label] == pos_label).to_numpy(), part[score].to_numpy(), edges)
