"""Datasets bundled with scikit-learn: no download, for tutorials and tests."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._own import from_frame

if TYPE_CHECKING:
    from costlab.datasets import Dataset

__all__ = ["breast_cancer"]


def breast_cancer() -> Dataset:
    """Wisconsin diagnostic breast cancer (569 instances, 30 numeric features), bundled.

    scikit-learn ships it (``sklearn.datasets.load_breast_cancer``); here its target is written
    as words and oriented as a screening problem: ``"benign"`` is the negative class (class 1,
    357 instances) and ``"malignant"`` the positive class (class 2, 212 instances).

    Returns
    -------
    Dataset

    Examples
    --------
    >>> breast_cancer().class_counts
    {'benign': 357, 'malignant': 212}
    """
    from sklearn.datasets import load_breast_cancer

    frame = load_breast_cancer(as_frame=True).frame
    frame["target"] = frame["target"].map({0: "malignant", 1: "benign"})
    return from_frame(
        frame,
        target="target",
        negative="benign",
        positive="malignant",
        name="breast_cancer",
        title="Breast Cancer Wisconsin (diagnostic)",
    )
